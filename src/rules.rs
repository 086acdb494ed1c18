// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Rules as data: every scoring and game knob seen across the source documents and the common
//! public variants, and one preset per source document.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::dice::MAX_DICE;

/// Largest value any single combination may be worth before multiplication; keeps every
/// reachable selection score (at most 12 dice, x512 for twelve of a kind doubling) inside `i32`.
pub const MAX_COMBINATION_POINTS: i32 = 1_000_000;

/// Largest target, entry or bank threshold a rules value may ask for.
pub const MAX_SCORE_SETTING: i32 = 1_000_000_000;

/// Largest turn limit a rules value may ask for.
pub const MAX_TURN_LIMIT: u32 = 1_000_000;

/// Largest per-cycle step of the hot-dice multiplier (x1, x11, x21, ... at the largest).
pub const MAX_HOT_DICE_MULTIPLIER_STEP: u32 = 10;

/// What happens to a turn that would take a player past the target, when the target must be
/// hit exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum ExactTarget {
    /// The target need not be hit exactly: any bank that reaches it wins (or starts the final
    /// round).
    #[default]
    Off,
    /// A bank that would pass the target is refused; the player must roll on (or farkle).
    Refuse,
    /// A bank that would pass the target busts: the turn scores nothing, as a farkle would,
    /// but does not count as a farkle for the penalty streak.
    Bust,
}

/// Whether a field added after the first save format holds its "off" value (and so is left
/// out of saves).
pub(crate) fn is_off<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// How four, five, six (and more) of a kind score, relative to three of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KindScaling {
    /// n of a kind is worth the triple x (n - 2): each extra die adds another set's worth.
    Multiply,
    /// n of a kind is worth the triple x 2^(n - 3): x2, x4, x8.
    Double,
    /// Four, five and six of a kind have fixed values; larger groups split into smaller ones.
    Fixed,
    /// Only three of a kind scores; extra dice of the face score on their own (or not at all).
    TripleOnly,
}

/// The one list of the fields of a rules value, in declaration order (which is the order of
/// the C struct `FarkleRules`, of the words of a table file, and of the fuzz targets' field
/// numbers). Each entry: its documentation and attributes, name, Rust type, the value of the
/// presets' common base, whether the scorer reads it (`scoring`) or only the game (`game`),
/// the largest value validation accepts on the field alone (or its range; `()` where a check
/// of its own applies), and a one-line description for people choosing a value. Every use
/// of the list passes a macro that receives it: [`Rules`] itself, its validation ranges, its
/// table-file words, the scorer cache's key, and in `crate::ffi::rules` the conversions to
/// and from the C struct (whose literal declaration the compiler then holds to the same
/// fields), the scorer's reading of the C struct in place, and the field table C programs
/// read through `farkle_rules_field()`. A new knob is a new line here, appended at the end,
/// and the same field appended to `FarkleRules`.
macro_rules! farkle_rules_fields {
    ($then:path) => {
        $then! {
            /// Dice in the set (1..=12).
            dice_count: u8 = 6, scoring, (1..=$crate::dice::MAX_DICE), "dice in the set, 1 to 12";
            /// A single 1.
            single_one: i32 = 100, scoring, ($crate::rules::MAX_COMBINATION_POINTS), "a single 1";
            /// A single 5.
            single_five: i32 = 50, scoring, ($crate::rules::MAX_COMBINATION_POINTS), "a single 5";
            /// Three 1s.
            triple_ones: i32 = 1000, scoring, ($crate::rules::MAX_COMBINATION_POINTS), "three 1s";
            /// Three of face f (f = 2..=6) is worth f x this.
            // Three sixes is the largest triple of a non-1 face.
            triple_face_multiplier: i32 = 100, scoring,
                ($crate::rules::MAX_COMBINATION_POINTS / 6),
                    "three of face f (2 to 6) score f times this";
            /// How larger groups of a kind score.
            #[serde(deserialize_with = "crate::json::unit_variant")]
            kind_scaling: $crate::rules::KindScaling = $crate::rules::KindScaling::Multiply,
                scoring, (), "four or more of a kind: multiply, double, fixed or triple-only";
            /// Four of a kind under [`KindScaling::Fixed`].
            four_of_a_kind: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "four of a kind (kind_scaling=fixed)";
            /// Five of a kind under [`KindScaling::Fixed`].
            five_of_a_kind: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "five of a kind (kind_scaling=fixed)";
            /// Six of a kind under [`KindScaling::Fixed`].
            six_of_a_kind: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "six of a kind (kind_scaling=fixed)";
            /// Six 1s, overriding the scaling when non-zero.
            six_ones: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "six 1s (0: as the scaling says)";
            /// The full straight 1-2-3-4-5-6.
            straight: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "the straight 1-2-3-4-5-6";
            /// The partial straight 1-2-3-4-5.
            straight_low: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "the partial straight 1-2-3-4-5";
            /// The partial straight 2-3-4-5-6.
            straight_high: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "the partial straight 2-3-4-5-6";
            /// Three pairs of different faces.
            three_pairs: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS), "three pairs";
            /// Whether four of a kind plus a pair of another face also counts as three pairs.
            three_pairs_with_four_of_a_kind: bool = false, scoring, (),
                "four of a kind and a pair count as three pairs";
            /// Four of a kind plus a pair of another face, as one combination.
            four_of_a_kind_and_pair: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "four of a kind and a pair, together";
            /// Two three-of-a-kinds of different faces, as one combination.
            two_triplets: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS), "two triplets";
            /// Added to three of a kind when a pair of another face comes with it (a full house).
            full_house_bonus: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "added to three of a kind with a pair";
            /// A roll of the full set in which nothing else scores.
            no_score_set: i32 = 0, scoring, ($crate::rules::MAX_COMBINATION_POINTS),
                "a roll of every die in which nothing scores";
            /// Points a player must make in one turn before first banking (getting on the
            /// board).
            min_entry_score: i32 = 0, game, ($crate::rules::MAX_SCORE_SETTING),
                "points in one turn to get on the board";
            /// Points any turn must reach to be banked.
            min_bank_score: i32 = 0, game, ($crate::rules::MAX_SCORE_SETTING),
                "points a turn needs to be banked";
            /// Banked score that wins (0: no target, the turn limit decides).
            target_score: i32 = 10_000, game, ($crate::rules::MAX_SCORE_SETTING),
                "the score that wins (0: none)";
            /// After someone reaches the target, every other player gets one more turn.
            final_round: bool = false, game, (),
                "after the target, everyone else gets one more turn";
            /// Turns per player (0: no limit, the target decides).
            turn_limit: u32 = 0, game, ($crate::rules::MAX_TURN_LIMIT),
                "turns per player (0: no limit)";
            /// Consecutive farkles that trigger the penalty (0: no penalty).
            farkle_penalty_streak: u8 = 0, game, (),
                "farkles in a row that cost a penalty (0: none)";
            /// Points the penalty takes away (the score may go negative).
            farkle_penalty_points: i32 = 0, game, ($crate::rules::MAX_COMBINATION_POINTS),
                "points the penalty costs";
            /// The penalty resets the banked score to zero instead of taking points.
            farkle_penalty_loses_all: bool = false, game, (), "the penalty costs the whole score";
            /// When every die of the hand has scored, the hand resets to the full set ("hot
            /// dice", "cycling through the die pool"); otherwise the player must bank.
            hot_dice: bool = true, game, (), "scoring every die brings them all back";
            // The fields below came after the first saved-game format: a save without them
            // loads with each switched off, and a save leaves them out while they are off,
            // so games that do not use them save exactly as before.
            /// Six dice of one face also count as three pairs, worth `three_pairs`.
            #[serde(default, skip_serializing_if = "crate::rules::is_off")]
            three_pairs_of_one_face: bool = false, scoring, (),
                "six of one face also count as three pairs";
            /// Six dice of one face also count as two triplets, worth `two_triplets`.
            #[serde(default, skip_serializing_if = "crate::rules::is_off")]
            two_triplets_of_one_face: bool = false, scoring, (),
                "six of one face also count as two triplets";
            /// Until a player is on the board, only single 1s and 5s score: every die of a
            /// selection counts as a single (three 1s are three singles), and dice that are not
            /// 1s or 5s do not score at all.
            #[serde(default, skip_serializing_if = "crate::rules::is_off")]
            singles_only_before_entry: bool = false, game, (),
                "only 1s and 5s score until on the board";
            /// The hot-dice multiplier: after the k-th hot dice of a turn, the points of every
            /// selection count (1 + k x this) times, until the turn ends (0: no multiplier).
            #[serde(default, skip_serializing_if = "crate::rules::is_off")]
            hot_dice_multiplier_step: u32 = 0, game,
                ($crate::rules::MAX_HOT_DICE_MULTIPLIER_STEP),
                    "each hot dice raises the turn's multiplier by this (0: none)";
            /// Whether the target must be hit exactly, and what happens to a turn that would
            /// pass it.
            #[serde(
                default,
                skip_serializing_if = "crate::rules::is_off",
                deserialize_with = "crate::json::unit_variant"
            )]
            exact_target: $crate::rules::ExactTarget = $crate::rules::ExactTarget::Off, game, (),
                "hit the target exactly: off, refuse or bust";
            /// A player may start a turn from the previous player's banked turn: its points and
            /// the dice it left, instead of rolling the full set fresh.
            #[serde(default, skip_serializing_if = "crate::rules::is_off")]
            piggybacking: bool = false, game, (),
                "a turn may start from the last banked turn's dice";
        }
    };
}

pub(crate) use farkle_rules_fields;

/// Declares [`Rules`] and what follows from its field list.
macro_rules! declare_rules {
    ($(
        $(#[$attr:meta])*
        $name:ident: $ty:ty = $base:expr, $group:ident, ($($max:expr)?), $what:literal;
    )*) => {
        /// One rules value: scoring combinations and game options. A value of 0 disables a
        /// combination. Copy it, change what you need, and [`Rules::validate`] it (every entry
        /// point validates rules it is given).
        ///
        /// In a saved game every field is required and no other is accepted.
        ///
        /// ```
        /// use farkle::{Preset, Rules, RulesError};
        ///
        /// // Classic scoring, played to 5,000 with no entry minimum.
        /// let rules = Rules { target_score: 5000, min_entry_score: 0, ..Preset::Classic.rules() };
        /// assert_eq!(rules.validate(), Ok(()));
        /// assert_eq!(rules.triple_value(4), 400); // three 4s: 4 x 100
        /// assert_eq!(rules.triple_value(1), 1000); // three 1s are special
        ///
        /// // A game needs an end: no target and no turn limit is refused, saying why.
        /// let endless = Rules { target_score: 0, final_round: false, turn_limit: 0, ..rules };
        /// assert_eq!(endless.validate(), Err(RulesError::NoEnd));
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Rules {
            $( $(#[$attr])* pub $name: $ty, )*
        }

        impl Rules {
            /// Every field's name, in declaration order.
            pub const FIELD_NAMES: [&'static str; RULES_FIELDS] = [$(stringify!($name)),*];

            /// The value every preset starts from.
            const BASE: Rules = Rules { $($name: $base,)* };

            /// The range checks of the fields that have one.
            fn check_ranges(&self) -> Result<(), RulesError> {
                $( $( check_range(stringify!($name), self.$name, $max)?; )? )*
                Ok(())
            }

            /// Every field as a 32-bit word, in declaration order (the table file's form).
            pub(crate) fn words(&self) -> [u32; RULES_FIELDS] {
                [$(RulesField::word(self.$name)),*]
            }

            /// The rules of `words` as [`Rules::words`] writes them; the name of the first
            /// field whose word is no value of its type otherwise.
            pub(crate) fn from_words(words: &[u32; RULES_FIELDS]) -> Result<Rules, &'static str> {
                let mut words = words.iter();
                Ok(Rules {
                    $($name: {
                        let word = *words.next().expect("a word a field");
                        RulesField::from_word(word).ok_or(stringify!($name))?
                    },)*
                })
            }

            /// The scoring fields as words, in declaration order: what the scorer reads, so
            /// rules equal in these share a scoring table.
            pub(crate) fn scoring_words(&self) -> [u32; SCORING_FIELDS] {
                let mut words = [0u32; SCORING_FIELDS];
                let mut slots = words.iter_mut();
                $( if_scoring!($group, {
                    *slots.next().expect("a word a scoring field") = RulesField::word(self.$name);
                }); )*
                words
            }
        }

        /// Number of fields of a rules value.
        pub const RULES_FIELDS: usize = [$(stringify!($name)),*].len();

        /// Number of scoring fields (read by the scorer).
        pub const SCORING_FIELDS: usize = 0 $(+ if_scoring!($group, 1, 0))*;
    };
}

/// `$then` for a scoring field, `$else` (or nothing) for a game field.
macro_rules! if_scoring {
    (scoring, $then:tt) => {
        $then
    };
    (game, $then:tt) => {
        ()
    };
    (scoring, $then:expr, $else:expr) => {
        $then
    };
    (game, $then:expr, $else:expr) => {
        $else
    };
}
pub(crate) use if_scoring;

farkle_rules_fields!(declare_rules);

/// A type a rules field has: how it is written as a 32-bit word (the table file's form, and
/// the scorer cache's key) and read back.
pub(crate) trait RulesField: Sized + Copy {
    fn word(self) -> u32;
    fn from_word(word: u32) -> Option<Self>;
}

impl RulesField for u8 {
    fn word(self) -> u32 {
        self.into()
    }
    fn from_word(word: u32) -> Option<u8> {
        u8::try_from(word).ok()
    }
}

impl RulesField for u32 {
    fn word(self) -> u32 {
        self
    }
    fn from_word(word: u32) -> Option<u32> {
        Some(word)
    }
}

impl RulesField for i32 {
    fn word(self) -> u32 {
        self as u32
    }
    fn from_word(word: u32) -> Option<i32> {
        Some(word as i32)
    }
}

impl RulesField for bool {
    fn word(self) -> u32 {
        self.into()
    }
    fn from_word(word: u32) -> Option<bool> {
        match word {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

impl RulesField for KindScaling {
    fn word(self) -> u32 {
        match self {
            KindScaling::Multiply => 0,
            KindScaling::Double => 1,
            KindScaling::Fixed => 2,
            KindScaling::TripleOnly => 3,
        }
    }
    fn from_word(word: u32) -> Option<KindScaling> {
        Some(match word {
            0 => KindScaling::Multiply,
            1 => KindScaling::Double,
            2 => KindScaling::Fixed,
            3 => KindScaling::TripleOnly,
            _ => return None,
        })
    }
}

impl RulesField for ExactTarget {
    fn word(self) -> u32 {
        match self {
            ExactTarget::Off => 0,
            ExactTarget::Refuse => 1,
            ExactTarget::Bust => 2,
        }
    }
    fn from_word(word: u32) -> Option<ExactTarget> {
        Some(match word {
            0 => ExactTarget::Off,
            1 => ExactTarget::Refuse,
            2 => ExactTarget::Bust,
            _ => return None,
        })
    }
}

/// A rules value that makes no sense.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// The set has no dice or more than 12.
    #[error("dice_count is {0}; a set has 1 to 12 dice")]
    DiceCount(u8),
    /// A field is negative or above the most it may hold.
    #[error("{field} is {value}; it must be between 0 and {max}")]
    OutOfRange {
        /// The field's name, as in the C struct and saved games.
        field: &'static str,
        /// What it held.
        value: i64,
        /// The most it may hold.
        max: i64,
    },
    /// Every combination is switched off (or worth nothing) for this many dice.
    #[error("no combination can score with {0} dice; every roll would be a farkle")]
    NothingScores(u8),
    /// Neither a target nor a turn limit: the game could go on for ever.
    #[error("the game has no end: set a target score, a turn limit or both")]
    NoEnd,
    /// A final round is asked for but there is no target to trigger it.
    #[error("final_round needs a target score")]
    FinalRoundWithoutTarget,
    /// A farkle penalty that costs no points.
    #[error("farkle_penalty_streak is set but the penalty takes nothing")]
    EmptyPenalty,
    /// A hot-dice multiplier without hot dice: it could never rise.
    #[error("hot_dice_multiplier_step needs hot_dice")]
    MultiplierWithoutHotDice,
    /// An exact target without a target.
    #[error("exact_target needs a target score")]
    ExactTargetWithoutTarget,
    /// Only singles score before entry, and no single scores: no one could get on the board.
    #[error("singles_only_before_entry, but neither single_one nor single_five scores")]
    NoSinglesBeforeEntry,
    /// A flag read from C holds something other than 0 or 1.
    #[error("{field} is {value}; a flag is 0 or 1")]
    Flag {
        /// The flag's name, as in the C struct.
        field: &'static str,
        /// The byte it held.
        value: u8,
    },
}

impl Default for Rules {
    /// The classic preset.
    fn default() -> Self {
        Preset::Classic.rules()
    }
}

impl Rules {
    /// Three of a kind of `face` (1..=6).
    pub fn triple_value(&self, face: u8) -> i64 {
        if face == 1 {
            i64::from(self.triple_ones)
        } else {
            i64::from(face) * i64::from(self.triple_face_multiplier)
        }
    }

    /// `n` of a kind of `face` as a single combination, or 0 when the rules have no such
    /// combination (the dice may still score split into smaller groups).
    pub fn of_a_kind_value(&self, face: u8, n: u8) -> i64 {
        let triple = self.triple_value(face);
        if n < 3 || triple == 0 {
            return 0;
        }
        if face == 1 && n == 6 && self.six_ones > 0 {
            return i64::from(self.six_ones);
        }
        if n == 3 {
            return triple;
        }
        match self.kind_scaling {
            KindScaling::Multiply => triple * i64::from(n - 2),
            KindScaling::Double => triple << (n - 3),
            KindScaling::Fixed => match n {
                4 => i64::from(self.four_of_a_kind),
                5 => i64::from(self.five_of_a_kind),
                6 => i64::from(self.six_of_a_kind),
                _ => 0,
            },
            KindScaling::TripleOnly => 0,
        }
    }

    /// The rules a player scores under before getting on the board: these rules themselves,
    /// or, under `singles_only_before_entry`, the same rules with every combination but the
    /// single 1 and the single 5 switched off (three 1s then score as three singles).
    pub fn before_entry_scoring(&self) -> Rules {
        if !self.singles_only_before_entry {
            return *self;
        }
        Rules {
            triple_ones: 0,
            triple_face_multiplier: 0,
            four_of_a_kind: 0,
            five_of_a_kind: 0,
            six_of_a_kind: 0,
            six_ones: 0,
            straight: 0,
            straight_low: 0,
            straight_high: 0,
            three_pairs: 0,
            three_pairs_with_four_of_a_kind: false,
            four_of_a_kind_and_pair: 0,
            two_triplets: 0,
            full_house_bonus: 0,
            no_score_set: 0,
            three_pairs_of_one_face: false,
            two_triplets_of_one_face: false,
            ..*self
        }
    }

    /// Checks that the rules make sense; every entry point calls this on rules it is given.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.dice_count == 0 || usize::from(self.dice_count) > MAX_DICE {
            return Err(RulesError::DiceCount(self.dice_count));
        }
        self.check_ranges()?;
        if !self.has_scoring_combination() {
            return Err(RulesError::NothingScores(self.dice_count));
        }
        match options_conflict(&GameOptions {
            target_score: self.target_score,
            turn_limit: self.turn_limit,
            final_round: self.final_round,
            farkle_penalty_streak: self.farkle_penalty_streak.into(),
            farkle_penalty_points: self.farkle_penalty_points,
            farkle_penalty_loses_all: self.farkle_penalty_loses_all,
            hot_dice: self.hot_dice,
            hot_dice_multiplier: self.hot_dice_multiplier_step > 0,
            exact_target: self.exact_target != ExactTarget::Off,
            singles_only_before_entry: self.singles_only_before_entry,
            any_single: self.single_one > 0 || self.single_five > 0,
        }) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Whether some selection of at most `dice_count` dice scores.
    fn has_scoring_combination(&self) -> bool {
        let n = self.dice_count;
        let any_triple = self.triple_ones > 0 || self.triple_face_multiplier > 0;
        self.single_one > 0
            || self.single_five > 0
            || self.no_score_set > 0
            || (n >= 3 && any_triple)
            || (n >= 4 && self.kind_scaling == KindScaling::Fixed && self.four_of_a_kind > 0)
            || (n >= 5
                && (self.straight_low > 0
                    || self.straight_high > 0
                    || (self.kind_scaling == KindScaling::Fixed && self.five_of_a_kind > 0)))
            || (n >= 6
                && (self.straight > 0
                    || self.three_pairs > 0
                    || self.four_of_a_kind_and_pair > 0
                    || self.two_triplets > 0
                    || self.six_ones > 0
                    || (self.kind_scaling == KindScaling::Fixed && self.six_of_a_kind > 0)))
    }
}

/// What the checks between options read (from a [`Rules`] or straight from the C fields).
pub(crate) struct GameOptions {
    pub target_score: i32,
    pub turn_limit: u32,
    pub final_round: bool,
    pub farkle_penalty_streak: u32,
    pub farkle_penalty_points: i32,
    pub farkle_penalty_loses_all: bool,
    pub hot_dice: bool,
    pub hot_dice_multiplier: bool,
    pub exact_target: bool,
    pub singles_only_before_entry: bool,
    /// Whether a single 1 or a single 5 scores.
    pub any_single: bool,
}

/// The checks between game options that no field's own range covers (shared by
/// [`Rules::validate`] and the C layer's fast check of game settings): the game must end, a
/// final round and an exact target need a target, a penalty must take something, a
/// multiplier needs hot dice, and a player off the board must be able to score.
#[inline]
pub(crate) fn options_conflict(o: &GameOptions) -> Option<RulesError> {
    if o.target_score == 0 && o.turn_limit == 0 {
        Some(RulesError::NoEnd)
    } else if o.final_round && o.target_score == 0 {
        Some(RulesError::FinalRoundWithoutTarget)
    } else if o.farkle_penalty_streak > 0
        && o.farkle_penalty_points == 0
        && !o.farkle_penalty_loses_all
    {
        Some(RulesError::EmptyPenalty)
    } else if o.hot_dice_multiplier && !o.hot_dice {
        Some(RulesError::MultiplierWithoutHotDice)
    } else if o.exact_target && o.target_score == 0 {
        Some(RulesError::ExactTargetWithoutTarget)
    } else if o.singles_only_before_entry && !o.any_single {
        Some(RulesError::NoSinglesBeforeEntry)
    } else {
        None
    }
}

fn check_range(
    field: &'static str,
    value: impl Into<i64>,
    bound: impl FieldBound,
) -> Result<(), RulesError> {
    let (value, (min, max)) = (value.into(), bound.bounds());
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(RulesError::OutOfRange { field, value, max })
    }
}

/// The bound a field's line of the list gives: a largest value (the smallest is 0), or a
/// range.
pub(crate) trait FieldBound {
    /// The smallest and the largest value accepted.
    fn bounds(self) -> (i64, i64);
}

impl FieldBound for i32 {
    fn bounds(self) -> (i64, i64) {
        (0, self.into())
    }
}

impl FieldBound for u32 {
    fn bounds(self) -> (i64, i64) {
        (0, self.into())
    }
}

impl FieldBound for std::ops::RangeInclusive<usize> {
    fn bounds(self) -> (i64, i64) {
        let wide = |v: usize| i64::try_from(v).expect("a small bound");
        (wide(*self.start()), wide(*self.end()))
    }
}

/// One rules preset per source document, plus Zilch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// "Farkle Dice Scoring Rules (Authoritative)": classic Farkle.
    Classic,
    /// "Farkle Rules & Game State Specification": six 1s 5000, three-farkle penalty.
    Extended,
    /// "Point Calculation": doubling kinds, small and large straights.
    Doubling,
    /// The original C library's README: singles and sets only, turn-limited.
    Additive,
    /// Singles and three of a kind only, as in the published optimal-play analysis.
    Minimal,
    /// Zilch: doubling kinds, six dice with no score, 300 to bank.
    Zilch,
}

impl Preset {
    /// Every preset, in the order of their C numbers.
    pub const ALL: [Preset; 6] = [
        Preset::Classic,
        Preset::Extended,
        Preset::Doubling,
        Preset::Additive,
        Preset::Minimal,
        Preset::Zilch,
    ];

    /// The lower-case name used on command lines and in saved games.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::Extended => "extended",
            Preset::Doubling => "doubling",
            Preset::Additive => "additive",
            Preset::Minimal => "minimal",
            Preset::Zilch => "zilch",
        }
    }

    /// The preset with this name (ASCII case-insensitive).
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// The rules value of this preset.
    pub fn rules(self) -> Rules {
        let base = Rules::BASE;
        match self {
            Preset::Classic => Rules {
                straight: 1500,
                three_pairs: 1500,
                two_triplets: 2500,
                min_entry_score: 500,
                final_round: true,
                ..base
            },
            Preset::Extended => Rules {
                six_ones: 5000,
                straight: 2000,
                three_pairs: 1250,
                three_pairs_with_four_of_a_kind: true,
                two_triplets: 2500,
                farkle_penalty_streak: 3,
                farkle_penalty_points: 1000,
                ..base
            },
            Preset::Doubling => Rules {
                kind_scaling: KindScaling::Double,
                straight: 2500,
                straight_low: 1000,
                straight_high: 1000,
                three_pairs: 1500,
                final_round: true,
                ..base
            },
            Preset::Additive => Rules {
                target_score: 0,
                turn_limit: 10,
                ..base
            },
            Preset::Minimal => Rules {
                kind_scaling: KindScaling::TripleOnly,
                ..base
            },
            Preset::Zilch => Rules {
                kind_scaling: KindScaling::Double,
                straight: 1500,
                three_pairs: 1500,
                three_pairs_with_four_of_a_kind: true,
                no_score_set: 500,
                min_bank_score: 300,
                farkle_penalty_streak: 3,
                farkle_penalty_points: 500,
                final_round: true,
                ..base
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_valid_and_named() {
        for p in Preset::ALL {
            assert_eq!(p.rules().validate(), Ok(()), "{p:?}");
            assert_eq!(Preset::from_name(&p.name().to_uppercase()), Some(p));
        }
        assert_eq!(Preset::from_name("nope"), None);
    }

    #[test]
    fn kinds_scale_as_documented() {
        let classic = Preset::Classic.rules();
        assert_eq!(classic.of_a_kind_value(3, 4), 600);
        assert_eq!(classic.of_a_kind_value(5, 5), 1500);
        assert_eq!(classic.of_a_kind_value(2, 6), 800);
        let doubling = Preset::Doubling.rules();
        assert_eq!(doubling.of_a_kind_value(1, 6), 8000);
        assert_eq!(doubling.of_a_kind_value(4, 5), 1600);
        assert_eq!(Preset::Extended.rules().of_a_kind_value(1, 6), 5000);
        assert_eq!(Preset::Minimal.rules().of_a_kind_value(2, 4), 0);
        let fixed = Rules {
            kind_scaling: KindScaling::Fixed,
            four_of_a_kind: 1000,
            five_of_a_kind: 2000,
            six_of_a_kind: 3000,
            ..classic
        };
        assert_eq!(fixed.of_a_kind_value(2, 4), 1000);
        assert_eq!(fixed.of_a_kind_value(6, 6), 3000);
        assert_eq!(fixed.of_a_kind_value(6, 7), 0);
    }

    #[test]
    fn house_rules_that_cannot_work_are_refused_saying_why() {
        let classic = Preset::Classic.rules();
        let no_hot_dice = Rules {
            hot_dice: false,
            hot_dice_multiplier_step: 1,
            ..classic
        };
        assert_eq!(
            no_hot_dice.validate(),
            Err(RulesError::MultiplierWithoutHotDice)
        );
        let no_target = Rules {
            target_score: 0,
            final_round: false,
            turn_limit: 10,
            exact_target: ExactTarget::Bust,
            ..classic
        };
        assert_eq!(
            no_target.validate(),
            Err(RulesError::ExactTargetWithoutTarget)
        );
        let no_singles = Rules {
            single_one: 0,
            single_five: 0,
            singles_only_before_entry: true,
            ..classic
        };
        assert_eq!(no_singles.validate(), Err(RulesError::NoSinglesBeforeEntry));
        let too_steep = Rules {
            hot_dice_multiplier_step: MAX_HOT_DICE_MULTIPLIER_STEP + 1,
            ..classic
        };
        assert!(matches!(
            too_steep.validate(),
            Err(RulesError::OutOfRange {
                field: "hot_dice_multiplier_step",
                ..
            })
        ));
        // Each knob on its own, where it can work, is fine.
        for ok in [
            Rules {
                hot_dice_multiplier_step: MAX_HOT_DICE_MULTIPLIER_STEP,
                ..classic
            },
            Rules {
                exact_target: ExactTarget::Refuse,
                ..classic
            },
            Rules {
                singles_only_before_entry: true,
                ..classic
            },
            Rules {
                piggybacking: true,
                three_pairs_of_one_face: true,
                two_triplets_of_one_face: true,
                ..classic
            },
        ] {
            assert_eq!(ok.validate(), Ok(()), "{ok:?}");
        }
    }

    #[test]
    fn before_entry_only_the_singles_score() {
        let rules = Rules {
            singles_only_before_entry: true,
            ..Preset::Zilch.rules()
        };
        let off = rules.before_entry_scoring();
        assert_eq!((off.single_one, off.single_five), (100, 50));
        for face in 1..=6 {
            for n in 3..=6 {
                assert_eq!(off.of_a_kind_value(face, n), 0, "{n} x {face}");
            }
        }
        assert_eq!((off.straight, off.three_pairs, off.no_score_set), (0, 0, 0));
        // The game settings are the same; without the knob, nothing changes.
        assert_eq!(off.min_bank_score, rules.min_bank_score);
        let plain = Preset::Zilch.rules();
        assert_eq!(plain.before_entry_scoring(), plain);
    }

    #[test]
    fn nonsense_is_rejected() {
        let classic = Preset::Classic.rules();
        let cases = [
            Rules {
                dice_count: 0,
                ..classic
            },
            Rules {
                dice_count: 13,
                ..classic
            },
            Rules {
                target_score: -1,
                ..classic
            },
            Rules {
                single_five: -50,
                ..classic
            },
            Rules {
                triple_ones: MAX_COMBINATION_POINTS + 1,
                ..classic
            },
            Rules {
                target_score: 0,
                final_round: false,
                turn_limit: 0,
                ..classic
            },
            Rules {
                target_score: 0,
                turn_limit: 5,
                ..classic
            },
            Rules {
                farkle_penalty_streak: 3,
                ..classic
            },
            Rules {
                dice_count: 2,
                single_one: 0,
                single_five: 0,
                ..classic
            },
        ];
        for rules in cases {
            assert!(rules.validate().is_err(), "{rules:?}");
        }
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleRules, the rules value C callers fill in, and the presets.

use std::ffi::c_char;

use strum::{EnumIter, EnumMessage};

use crate::ffi::boundary::{arg, c_str, message_out, out, Outcome};
use crate::ffi::error::{fail, CEnum, FarkleStatus};
use crate::rules::{
    farkle_rules_fields, if_scoring, ExactTarget, FieldBound, KindScaling, Preset, Rules,
    RulesError, RulesField, MAX_HOT_DICE_MULTIPLIER_STEP, RULES_FIELDS, SCORING_FIELDS,
};
use crate::scoring::ScoringKey;

/// The rules presets (numbers for farkle_rules_preset()).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarklePreset {
    /// Classic Farkle: 4/5/6 of a kind x2/x3/x4 the triple, straight 1500, three pairs 1500,
    /// two triplets 2500, 500 to get on the board, 10,000 with a final round.
    #[strum(message = "classic\0")]
    Classic = 0,
    /// Six 1s 5000, straight 2000, three pairs 1250 (four of a kind + a pair counts), two
    /// triplets 2500, three farkles in a row cost 1000, first to bank 10,000 wins.
    #[strum(message = "extended\0")]
    Extended = 1,
    /// Kinds double per extra die, straights 1-5/2-6 1000 and 1-6 2500, three pairs 1500,
    /// 10,000 with a final round.
    #[strum(message = "doubling\0")]
    Doubling = 2,
    /// Singles and sets only, each die beyond three adds another set's worth; 10 turns each,
    /// highest score wins.
    #[strum(message = "additive\0")]
    Additive = 3,
    /// Single 1s and 5s and three of a kind only; first to bank 10,000 wins.
    #[strum(message = "minimal\0")]
    Minimal = 4,
    /// Zilch: kinds double, straight 1500, three pairs 1500, six dice with no score 500,
    /// 300 to bank, three zilches in a row cost 500, 10,000 with a final round.
    #[strum(message = "zilch\0")]
    Zilch = 5,
    /// The original C program as it plays: the additive rules plus the straight 1-2-3-4-5-6
    /// (3000) and three pairs (2000), set aside for the player as soon as they are rolled
    /// (auto_take_straight_and_three_pairs); 10 turns each, highest score wins.
    #[strum(message = "original\0")]
    Original = 6,
}

/// How four or more of a kind score (values of FarkleRules.kind_scaling).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleKindScaling {
    /// n of a kind = the triple x (n - 2).
    Multiply = 0,
    /// n of a kind = the triple x 2^(n - 3).
    Double = 1,
    /// Four, five, six of a kind are worth four_of_a_kind, five_of_a_kind, six_of_a_kind.
    Fixed = 2,
    /// Only three of a kind; extra dice score on their own.
    TripleOnly = 3,
}

/// A rules value: every scoring combination and game option. Get one from
/// farkle_rules_preset(), change fields, and pass it by pointer; every function validates the
/// rules it is given (farkle_rules_validate() explains a rejection). Point values of 0 disable a
/// combination. Plain data: copy it freely.
///
/// Every field is a plain integer, so any bytes at all (a memset, a fread, a field assigned
/// from an int) make a value the library can check: the flags hold 0 or 1 (true and
/// false assign those), and any other value is refused with FARKLE_STATUS_INVALID_RULES
/// naming the field.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FarkleRules {
    /// Dice in the set, 1 to FARKLE_MAX_DICE (12).
    pub dice_count: u32,
    /// A single 1 (classic 100).
    pub single_one: i32,
    /// A single 5 (classic 50).
    pub single_five: i32,
    /// Three 1s (usually 1000, 300 in some variants).
    pub triple_ones: i32,
    /// Three of face f (2 to 6) is worth f x this (usually 100).
    pub triple_face_multiplier: i32,
    /// A FarkleKindScaling value.
    pub kind_scaling: u32,
    /// Four of a kind when kind_scaling is FARKLE_KIND_SCALING_FIXED.
    pub four_of_a_kind: i32,
    /// Five of a kind when kind_scaling is FARKLE_KIND_SCALING_FIXED.
    pub five_of_a_kind: i32,
    /// Six of a kind when kind_scaling is FARKLE_KIND_SCALING_FIXED.
    pub six_of_a_kind: i32,
    /// Six 1s; overrides the scaling when non-zero.
    pub six_ones: i32,
    /// The straight 1-2-3-4-5-6.
    pub straight: i32,
    /// The partial straight 1-2-3-4-5.
    pub straight_low: i32,
    /// The partial straight 2-3-4-5-6.
    pub straight_high: i32,
    /// Three pairs of different faces.
    pub three_pairs: i32,
    /// 1 when four of a kind plus a pair also counts as three pairs, else 0.
    pub three_pairs_with_four_of_a_kind: u8,
    /// Four of a kind plus a pair of another face, as one combination.
    pub four_of_a_kind_and_pair: i32,
    /// Two three-of-a-kinds of different faces, as one combination.
    pub two_triplets: i32,
    /// Added to three of a kind that comes with a pair of another face (full house).
    pub full_house_bonus: i32,
    /// A roll of the whole set in which nothing else scores (Zilch: 500).
    pub no_score_set: i32,
    /// Points a player must make in one turn before first banking.
    pub min_entry_score: i32,
    /// Points any turn must reach to be banked.
    pub min_bank_score: i32,
    /// Banked score that wins; 0 for none (then turn_limit decides).
    pub target_score: i32,
    /// 1 when, after someone reaches the target, the others get one more turn; else 0.
    pub final_round: u8,
    /// Turns per player; 0 for no limit.
    pub turn_limit: u32,
    /// Consecutive farkles that trigger the penalty; 0 for no penalty.
    pub farkle_penalty_streak: u32,
    /// Points the penalty takes (the score may go negative).
    pub farkle_penalty_points: i32,
    /// 1 when the penalty resets the banked score to 0 instead; else 0.
    pub farkle_penalty_loses_all: u8,
    /// 1 when scoring every die of the hand resets it to the full set (hot dice); 0 when the
    /// player must then bank.
    pub hot_dice: u8,
    /// 1 when six dice of one face also count as three pairs (worth three_pairs); else 0.
    pub three_pairs_of_one_face: u8,
    /// 1 when six dice of one face also count as two triplets (worth two_triplets); else 0.
    pub two_triplets_of_one_face: u8,
    /// 1 when, until a player is on the board, only single 1s and 5s score (three 1s are
    /// three singles; other faces score nothing); else 0.
    pub singles_only_before_entry: u8,
    /// The hot-dice multiplier, 0 to FARKLE_MAX_HOT_DICE_MULTIPLIER_STEP (10): after the k-th
    /// hot dice of a turn, each selection's points count (1 + k x this) times until the turn
    /// ends. 0 for no multiplier; needs hot_dice.
    pub hot_dice_multiplier_step: u32,
    /// A FarkleExactTarget value: whether the target must be hit exactly (needs a target).
    pub exact_target: u32,
    /// 1 when a player may start a turn from the previous player's banked turn (its points
    /// and the dice it left) instead of rolling fresh; else 0.
    pub piggybacking: u8,
    /// 1 when a roll that is, all of it, the straight 1-2-3-4-5-6 or three pairs (and nothing
    /// else) is set aside for the player at once, as the original C game does: the roll
    /// leaves the game awaiting a roll or a bank, and farkle_game_undo() takes it back; else
    /// 0.
    pub auto_take_straight_and_three_pairs: u8,
}

/// Largest FarkleRules.hot_dice_multiplier_step.
pub const FARKLE_MAX_HOT_DICE_MULTIPLIER_STEP: u32 = 10;
const _: () = assert!(FARKLE_MAX_HOT_DICE_MULTIPLIER_STEP == MAX_HOT_DICE_MULTIPLIER_STEP);

/// Whether the target must be hit exactly (values of FarkleRules.exact_target).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleExactTarget {
    /// Any bank that reaches the target counts.
    Off = 0,
    /// A bank that would pass the target is refused (FARKLE_STATUS_BANK_NOT_ALLOWED); the
    /// player must roll on.
    Refuse = 1,
    /// A bank that would pass the target busts: the turn scores nothing (not counted as a
    /// farkle for the penalty).
    Bust = 2,
}

/// What a field of FarkleRules holds (FarkleRulesField.kind).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleRulesFieldKind {
    /// An int32_t.
    #[strum(message = "int32\0")]
    Int32 = 0,
    /// A uint32_t.
    #[strum(message = "uint32\0")]
    Uint32 = 1,
    /// A uint8_t flag, 0 or 1.
    #[strum(message = "flag\0")]
    Flag = 2,
    /// A uint32_t holding an enum's number: a FarkleKindScaling value for kind_scaling, a
    /// FarkleExactTarget value for exact_target.
    #[strum(message = "enum\0")]
    Enum = 3,
}

c_enums!(
    FarklePreset,
    FarkleKindScaling,
    FarkleExactTarget,
    FarkleRulesFieldKind
);

/// One field of FarkleRules, for programs that read or set the fields by name (a command
/// line's KEY=VALUE, a settings file, a binding) without a list of their own:
/// farkle_rules_field() describes each, in the struct's order.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleRulesField {
    /// The member's name, as FarkleRules spells it ("dice_count", ...). Static; do not free.
    pub name: *const c_char,
    /// What it sets, in a few English words ("dice in the set, 1 to 12"). Static; do not
    /// free.
    pub description: *const c_char,
    /// The member's offsetof in FarkleRules.
    pub offset: usize,
    /// The member's sizeof: 4, or 1 for a flag.
    pub size: usize,
    /// What it holds.
    pub kind: FarkleRulesFieldKind,
    /// Whether the scorer reads it (a scoring combination) rather than only the game.
    pub scoring: bool,
    /// The smallest value the field accepts on its own.
    pub min: i64,
    /// The largest value the field accepts on its own. farkle_rules_validate() also checks
    /// the fields against each other (a final round needs a target, ...).
    pub max: i64,
}

/// How a field of [`Rules`] crosses to C: the type of its `FarkleRules` field, and the checked
/// conversion back (any C value is refused with the field's name when it is no value of the
/// Rust type).
trait CField: Sized {
    type C: Copy;
    /// What the C field holds, for farkle_rules_field().
    const KIND: FarkleRulesFieldKind;
    /// The values of the Rust type, where the field's line gives no bound.
    const RANGE: (i64, i64);
    fn to_c(self) -> Self::C;
    fn from_c(c: Self::C, field: &'static str) -> Result<Self, RulesError>;
    /// The C field holding `word`'s bits (for the fuzz targets, which set fields by number).
    fn c_of_word(word: u32) -> Self::C;
    /// Whether `c` converts and is within `max` (when given): what validation asks of the
    /// field alone, without a branch.
    fn c_in_range(c: Self::C, max: Option<i64>) -> bool;
    /// The C field as the 32-bit word of a scoring key (the bits it holds, widened).
    fn c_word(c: Self::C) -> u32;
}

/// `Some(max)` of a field's optional largest value.
macro_rules! max_of {
    () => {
        None
    };
    ($max:expr) => {
        Some(FieldBound::bounds($max).1)
    };
}

/// The smallest and largest value of a field: its line's bound, else its type's values.
macro_rules! bounds_of {
    ($ty:ty, ()) => {
        <$ty as CField>::RANGE
    };
    ($ty:ty, ($max:expr)) => {
        FieldBound::bounds($max)
    };
}

impl CField for u8 {
    type C = u32;
    const KIND: FarkleRulesFieldKind = FarkleRulesFieldKind::Uint32;
    const RANGE: (i64, i64) = (0, u8::MAX as i64);
    fn to_c(self) -> u32 {
        self.into()
    }
    fn from_c(c: u32, field: &'static str) -> Result<u8, RulesError> {
        u8::try_from(c).map_err(|_| RulesError::OutOfRange {
            field,
            value: c.into(),
            max: u8::MAX.into(),
        })
    }
    fn c_of_word(word: u32) -> u32 {
        word
    }
    fn c_in_range(c: u32, max: Option<i64>) -> bool {
        (c <= u32::from(u8::MAX)) & max.is_none_or(|m| i64::from(c) <= m)
    }
    fn c_word(c: u32) -> u32 {
        c
    }
}

impl CField for u32 {
    type C = u32;
    const KIND: FarkleRulesFieldKind = FarkleRulesFieldKind::Uint32;
    const RANGE: (i64, i64) = (0, u32::MAX as i64);
    fn to_c(self) -> u32 {
        self
    }
    fn from_c(c: u32, _: &'static str) -> Result<u32, RulesError> {
        Ok(c)
    }
    fn c_of_word(word: u32) -> u32 {
        word
    }
    fn c_in_range(c: u32, max: Option<i64>) -> bool {
        max.is_none_or(|m| i64::from(c) <= m)
    }
    fn c_word(c: u32) -> u32 {
        c
    }
}

impl CField for i32 {
    type C = i32;
    const KIND: FarkleRulesFieldKind = FarkleRulesFieldKind::Int32;
    const RANGE: (i64, i64) = (0, i32::MAX as i64);
    fn to_c(self) -> i32 {
        self
    }
    fn from_c(c: i32, _: &'static str) -> Result<i32, RulesError> {
        Ok(c)
    }
    fn c_of_word(word: u32) -> i32 {
        word as i32
    }
    fn c_in_range(c: i32, max: Option<i64>) -> bool {
        (c >= 0) & max.is_none_or(|m| i64::from(c) <= m)
    }
    fn c_word(c: i32) -> u32 {
        c as u32
    }
}

impl CField for bool {
    type C = u8;
    const KIND: FarkleRulesFieldKind = FarkleRulesFieldKind::Flag;
    const RANGE: (i64, i64) = (0, 1);
    fn to_c(self) -> u8 {
        self.into()
    }
    fn from_c(value: u8, field: &'static str) -> Result<bool, RulesError> {
        match value {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(RulesError::Flag { field, value }),
        }
    }
    fn c_of_word(word: u32) -> u8 {
        // The low byte: values other than 0 and 1 reach the validation too.
        word as u8
    }
    fn c_in_range(c: u8, _: Option<i64>) -> bool {
        c <= 1
    }
    fn c_word(c: u8) -> u32 {
        u32::from(c)
    }
}

impl CField for KindScaling {
    type C = u32;
    const KIND: FarkleRulesFieldKind = FarkleRulesFieldKind::Enum;
    const RANGE: (i64, i64) = (0, 3);
    fn to_c(self) -> u32 {
        match self {
            KindScaling::Multiply => FarkleKindScaling::Multiply as u32,
            KindScaling::Double => FarkleKindScaling::Double as u32,
            KindScaling::Fixed => FarkleKindScaling::Fixed as u32,
            KindScaling::TripleOnly => FarkleKindScaling::TripleOnly as u32,
        }
    }
    fn from_c(c: u32, field: &'static str) -> Result<KindScaling, RulesError> {
        Ok(match c {
            0 => KindScaling::Multiply,
            1 => KindScaling::Double,
            2 => KindScaling::Fixed,
            3 => KindScaling::TripleOnly,
            other => {
                return Err(RulesError::OutOfRange {
                    field,
                    value: other.into(),
                    max: 3,
                })
            }
        })
    }
    fn c_of_word(word: u32) -> u32 {
        word
    }
    fn c_in_range(c: u32, _: Option<i64>) -> bool {
        c <= 3
    }
    fn c_word(c: u32) -> u32 {
        c
    }
}

impl CField for ExactTarget {
    type C = u32;
    const KIND: FarkleRulesFieldKind = FarkleRulesFieldKind::Enum;
    const RANGE: (i64, i64) = (0, 2);
    fn to_c(self) -> u32 {
        RulesField::word(self)
    }
    fn from_c(c: u32, field: &'static str) -> Result<ExactTarget, RulesError> {
        <ExactTarget as RulesField>::from_word(c).ok_or(RulesError::OutOfRange {
            field,
            value: c.into(),
            max: 2,
        })
    }
    fn c_of_word(word: u32) -> u32 {
        word
    }
    fn c_in_range(c: u32, _: Option<i64>) -> bool {
        c <= 2
    }
    fn c_word(c: u32) -> u32 {
        c
    }
}

/// The conversions between [`Rules`] and [`FarkleRules`], from the one list of fields (the
/// struct literals below name every field, so the C struct cannot miss one or have another).
macro_rules! c_rules_conversions {
    ($(
        $(#[$attr:meta])*
        $name:ident: $ty:ty = $base:expr, $group:ident, ($($max:expr)?), $what:literal;
    )*) => {
        impl From<&Rules> for FarkleRules {
            fn from(r: &Rules) -> Self {
                FarkleRules { $($name: CField::to_c(r.$name),)* }
            }
        }

        impl FarkleRules {
            /// Which bytes of the struct belong to a field (0xff) and which are padding (0):
            /// the quick path of the scoring functions compares the fields' bytes only.
            pub(crate) const FIELD_BYTES: [u8; std::mem::size_of::<FarkleRules>()] = {
                let mut bytes = [0u8; std::mem::size_of::<FarkleRules>()];
                $({
                    let at = std::mem::offset_of!(FarkleRules, $name);
                    let mut i = 0;
                    while i < std::mem::size_of::<<$ty as CField>::C>() {
                        bytes[at + i] = 0xff;
                        i += 1;
                    }
                })*
                bytes
            };

            /// Converts the C fields (integers for enums and flags, wider integers) to a
            /// `Rules` value without the full validation; for callers that validate later.
            pub(crate) fn rules_unvalidated(&self) -> Result<Rules, RulesError> {
                Ok(Rules { $($name: <$ty as CField>::from_c(self.$name, stringify!($name))?,)* })
            }

            /// Whether every game option (every field the scorer does not read) passes its own
            /// range and the checks between options: exactly what `Rules::try_from` asks of
            /// them, without conversions, for the scorer's fast path.
            #[inline]
            pub(crate) fn game_options_valid(&self) -> bool {
                let in_range = true $( & if_game!($group,
                    <$ty as CField>::c_in_range(self.$name, max_of!($($max)?)))
                )*;
                in_range
                    && crate::rules::options_conflict(&crate::rules::GameOptions {
                        target_score: self.target_score,
                        turn_limit: self.turn_limit,
                        final_round: self.final_round == 1,
                        farkle_penalty_streak: self.farkle_penalty_streak,
                        farkle_penalty_points: self.farkle_penalty_points,
                        farkle_penalty_loses_all: self.farkle_penalty_loses_all == 1,
                        hot_dice: self.hot_dice == 1,
                        hot_dice_multiplier: self.hot_dice_multiplier_step > 0,
                        exact_target: self.exact_target != 0,
                        singles_only_before_entry: self.singles_only_before_entry == 1,
                        any_single: self.single_one > 0 || self.single_five > 0,
                    })
                    .is_none()
            }

            /// The scoring fields read in place, each widened to its word: the key of the
            /// scorer cache, equal to `ScoringKey::of` of the converted rules when they are
            /// valid (a test compares the two).
            #[inline(always)]
            pub(crate) fn scoring_key(&self) -> ScoringKey {
                let mut words = [0u32; SCORING_FIELDS];
                let mut at = 0;
                $( if_scoring!($group, {
                    words[at] = <$ty as CField>::c_word(self.$name);
                    at += 1;
                }); )*
                debug_assert_eq!(at, SCORING_FIELDS);
                ScoringKey(words)
            }

            /// Whether the scoring fields, read in place, are `key`: each compared with its
            /// word, without building a key (the scorer's fast path; adjacent 32-bit fields
            /// compare as vectors).
            #[inline(always)]
            pub(crate) fn has_scoring_key(&self, key: &ScoringKey) -> bool {
                let mut same = true;
                let mut at = 0;
                $( if_scoring!($group, {
                    same &= <$ty as CField>::c_word(self.$name) == key.0[at];
                    at += 1;
                }); )*
                debug_assert_eq!(at, SCORING_FIELDS);
                same
            }

            /// Field number `index` of the struct, described for farkle_rules_field().
            fn field(index: usize) -> Option<FarkleRulesField> {
                const FIELDS: [(&str, &str, usize, usize); RULES_FIELDS] = [$((
                    concat!(stringify!($name), "\0"),
                    concat!($what, "\0"),
                    std::mem::offset_of!(FarkleRules, $name),
                    std::mem::size_of::<<$ty as CField>::C>(),
                )),*];
                let kinds = [$(<$ty as CField>::KIND),*];
                let scoring = [$(if_scoring!($group, true, false)),*];
                let bounds: [(i64, i64); RULES_FIELDS] = [$(bounds_of!($ty, ($($max)?))),*];
                let &(name, description, offset, size) = FIELDS.get(index)?;
                Some(FarkleRulesField {
                    name: name.as_ptr().cast(),
                    description: description.as_ptr().cast(),
                    offset,
                    size,
                    kind: kinds[index],
                    scoring: scoring[index],
                    min: bounds[index].0,
                    max: bounds[index].1,
                })
            }

            /// Sets field number `index` (declaration order; `Rules::FIELD_NAMES`) to the bits
            /// of `word`, as C code writing that field could leave them. For the fuzz targets.
            #[doc(hidden)]
            pub fn set_field_word(&mut self, index: usize, word: u32) {
                let mut at = 0usize;
                $(
                    if at == index {
                        self.$name = <$ty as CField>::c_of_word(word);
                    }
                    at += 1;
                )*
                let _ = at;
            }
        }
    };
}

/// `$value` for a game option, `true` for a scoring field.
macro_rules! if_game {
    (game, $value:expr) => {
        $value
    };
    (scoring, $value:expr) => {
        true
    };
}

farkle_rules_fields!(c_rules_conversions);

impl TryFrom<&FarkleRules> for Rules {
    type Error = RulesError;

    /// Converts and validates.
    fn try_from(r: &FarkleRules) -> Result<Rules, RulesError> {
        let rules = r.rules_unvalidated()?;
        rules.validate()?;
        Ok(rules)
    }
}

/// The core preset of a C preset number.
fn preset_of(number: u32) -> Outcome<Preset> {
    FarklePreset::from_number(number)
        .and_then(|p| Preset::ALL.get(p.number() as usize).copied())
        .ok_or_else(|| {
            fail(
                FarkleStatus::UnknownPreset,
                format!("{number} is not a FARKLE_PRESET_* value"),
            )
        })
}

/// Writes the rules of a preset (a FARKLE_PRESET_* value) to `*out_rules`.
///
/// Errors: FARKLE_STATUS_UNKNOWN_PRESET (any other number), FARKLE_STATUS_NULL_POINTER
/// (`out_rules` NULL).
///
/// # Safety
/// `out_rules` must be NULL or point to writable memory for one FarkleRules.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_rules_preset(
    preset: u32,
    out_rules: *mut FarkleRules,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for `out_rules`.
        let out = unsafe { out(out_rules) }?;
        out.write(FarkleRules::from(&preset_of(preset)?.rules()));
        Ok(())
    }
}

/// The lower-case name of a preset ("classic", "extended", "doubling", "additive", "minimal",
/// "zilch", "original"), or NULL for an unknown number (so the names can be listed by
/// counting up from 0 until NULL). Static; do not free.
#[no_mangle]
pub extern "C" fn farkle_rules_preset_name(preset: u32) -> *const c_char {
    ffi_guard!(std::ptr::null(), FarklePreset::c_name_of(preset))
}

/// Looks up a preset by name (ASCII case-insensitive, NUL-terminated) and writes its
/// number to `*out_preset`.
///
/// Errors: FARKLE_STATUS_UNKNOWN_PRESET (a name that is no preset, or is not UTF-8),
/// FARKLE_STATUS_NULL_POINTER (either pointer NULL).
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string; `out_preset` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_rules_preset_from_name(
    name: *const c_char,
    out_preset: *mut u32,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for `name`.
        let name = unsafe { c_str(name, "name") }.map_err(|status| match status {
            FarkleStatus::InvalidArgument => FarkleStatus::UnknownPreset,
            other => other,
        })?;
        // SAFETY: the caller's promise for `out_preset`.
        let out = unsafe { out(out_preset) }?;
        let preset = Preset::from_name(name).ok_or_else(|| {
            fail(FarkleStatus::UnknownPreset, format!("no preset is called {name:?}"))
        })?;
        let number = Preset::ALL.iter().position(|&p| p == preset).expect("listed");
        out.write(number as u32);
        Ok(())
    }
}

/// Checks a rules value. Returns FARKLE_STATUS_OK when every function will accept it, or
/// FARKLE_STATUS_INVALID_RULES and, when `out_message` is not NULL, a NUL-terminated English
/// explanation in it (truncated to `message_len` bytes, terminator included; the same text as
/// farkle_last_error_message()).
///
/// Errors: FARKLE_STATUS_NULL_POINTER (`rules` NULL, or `out_message` NULL with a non-zero
/// `message_len`), FARKLE_STATUS_INVALID_RULES.
///
/// # Safety
/// `rules` must be NULL or point to a FarkleRules; `out_message` NULL or writable for
/// `message_len` bytes.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_rules_validate(
    rules: *const FarkleRules,
    out_message: *mut c_char,
    message_len: usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for `rules`.
        let rules = unsafe { arg(rules) }?;
        // SAFETY: the caller's promise for the message buffer.
        let message = unsafe { message_out(out_message, message_len) }?;
        Rules::try_from(rules).map_err(|e| message.explain(FarkleStatus::from(e)))?;
        Ok(())
    }
}

/// Writes to `*out_rules` the rules a player not yet on the board scores under: `rules`
/// itself, or under singles_only_before_entry the same rules with every combination but the
/// single 1 and the single 5 worth 0 (three 1s are then three singles). A frontend that shows
/// the odds of a roll (farkle_odds()), scores dice with its own scorer or draws the dice that
/// score, for the player to move, uses these rules while that player is off the board.
///
/// Errors: FARKLE_STATUS_NULL_POINTER (either pointer NULL), FARKLE_STATUS_INVALID_RULES.
/// Nothing is written on error; `out_rules` may be `rules`.
///
/// # Safety
/// `rules` NULL or readable; `out_rules` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_rules_before_entry(
    rules: *const FarkleRules,
    out_rules: *mut FarkleRules,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for `rules`.
        let rules = Rules::try_from(unsafe { arg(rules) }?)?;
        // SAFETY: the caller's promise for `out_rules`.
        let out = unsafe { out(out_rules) }?;
        out.write(FarkleRules::from(&rules.before_entry_scoring()));
        Ok(())
    }
}

/// Whether two rules values are the same in every field (flags and enums compared as the
/// integers they hold; neither value is validated): writes true or false to `*out_equal`.
/// Two programs, a saved game and a table file agree on the game exactly when their rules
/// are equal.
///
/// Errors: FARKLE_STATUS_NULL_POINTER (any pointer NULL; nothing written).
///
/// # Safety
/// `a` and `b` NULL or readable; `out_equal` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_rules_equal(
    a: *const FarkleRules,
    b: *const FarkleRules,
    out_equal: *mut bool,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the three pointers.
        let (a, b, out) = unsafe { (arg(a)?, arg(b)?, out(out_equal)?) };
        out.write(a == b);
        Ok(())
    }
}

/// The number of fields of FarkleRules: farkle_rules_field() takes 0 to this minus 1.
#[no_mangle]
pub extern "C" fn farkle_rules_field_count() -> u32 {
    ffi_guard!(0, RULES_FIELDS as u32)
}

/// Describes field number `index` of FarkleRules, in the struct's order: its name, a short
/// description, its offset and size in the struct, what it holds and the values it accepts
/// on its own. A program can read and set every field by name from this table, and a field
/// added in a later version is in it with nothing to change.
///
/// Errors: FARKLE_STATUS_INDEX_OUT_OF_RANGE (`index` not below farkle_rules_field_count()),
/// FARKLE_STATUS_NULL_POINTER (`out_field` NULL). Nothing is written on error.
///
/// # Safety
/// `out_field` must be NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_rules_field(
    index: u32,
    out_field: *mut FarkleRulesField,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for `out_field`.
        let out = unsafe { out(out_field) }?;
        let field = usize::try_from(index).ok().and_then(FarkleRules::field).ok_or_else(|| {
            let n = RULES_FIELDS;
            fail(FarkleStatus::IndexOutOfRange, format!("field {index} of the {n} of FarkleRules"))
        })?;
        out.write(field);
        Ok(())
    }
}

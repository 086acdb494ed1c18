// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The dice-hands scoring system of a dice roguelike: a pool of dice is split into non-overlapping,
//! poker-like hands, each scoring `floor((base + sum of its dice) x mult)`, with upgradable
//! hands and a bonus pipeline on top.
//!
//! In this module a *hand* is one of those poker-like hands; everywhere else in the crate the
//! hand is the dice still to roll in a turn (`Turn::hand`, `HandOdds`). The two never meet:
//! this module's names stay inside `farkle::hands` (and `FarkleHand*` in C).
//!
//! The solver is exact: it finds the best partition of any pool of up to [`HANDS_MAX_DICE`]
//! dice, trying every hand and every size of X of a Kind, by dynamic programming over the
//! face counts of the pool's sub-multisets. All arithmetic is on integers, with multipliers
//! in hundredths (`160` is x1.6), so no score is lost to floating-point rounding.
//!
//! # Decisions on points the document leaves open
//!
//! - **Hands take exactly their listed dice.** Pyramid takes one 2, three 4s and five 6s;
//!   Full Run one die of each face; straights one die of each of their faces; Pair two dice;
//!   Two Pair 2+2 of two different faces; Three Pairs 2+2+2 of three different faces; Two
//!   Triplets 3+3 of two different faces; Full House 3 of one face and 2 of another. Any
//!   other dice of the pool stay available for other hands.
//! - **X of a Kind** takes any number `x >= 3` of dice of one face (not only "3 or all"):
//!   `base(x) = 22 + 16 (x - 3)`, `mult(x) = 1.80 + 0.22 (x - 3)`.
//! - **All Even / All Odd** take every die not in another hand, and apply only when those
//!   dice are at least 5 and all even (2, 4, 6) or all odd (1, 3, 5). So a partition with one
//!   of them leaves no die unscored, and holds at most one of them.
//! - **Full House** scores `XoaK(3)` of its triple + `Pair` of its pair + the Full House base
//!   as a flat bonus; the triple uses the X of a Kind level, the pair the Pair level, and
//!   the Full House level raises the flat bonus (its base, x1.3 per level). Its multiplier
//!   appears in the table but takes no part in the score.
//! - **High Roll** applies only when no hand at all can be formed from the pool: it scores
//!   the highest die as `floor((base + die) x mult)` (`die + 5` at level 0). An empty pool
//!   has no hand and scores 0 before bonuses.
//! - **Upgrades** compound per level: `base = floor(base x 1.3)` and `mult += 0.50`; for X of
//!   a Kind, `mult += 0.25` per level and each level adds
//!   `max(1, floor((22 + bonus so far) x 0.2))` to the base of every size (+4, +9, +15, +22,
//!   +30 after levels 1 to 5). Levels go up to a cap (5 by default), which may be raised up
//!   to [`HANDS_MAX_LEVEL`].
//! - **Rounding**: each hand's score is floored; then the total is
//!   `floor((hands + ability bonus) x (1 + item mult bonus))`, then `floor(total x score mult)`,
//!   the item mult bonus and the score mult given in hundredths.

use thiserror::Error;

use crate::dice::{DiceError, FaceCounts, FACES};

/// Largest pool the solver accepts. The work grows with the number of sub-multisets of the
/// pool, at most `(n / 6 + 1)^6` (531,441 for 48 dice).
pub const HANDS_MAX_DICE: usize = 48;

/// Number of hand kinds.
pub const HAND_KINDS: usize = 13;

/// The default cap on hand levels.
pub const HANDS_DEFAULT_LEVEL_CAP: u32 = 5;

/// The highest cap (and so the highest level) supported; it keeps every score within 64 bits.
pub const HANDS_MAX_LEVEL: u32 = 100;

/// A hand of the dice-hands scoring system, numbered as in the document's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HandKind {
    /// The highest single die, only when no other hand can be formed.
    HighRoll = 1,
    /// Two dice of one face.
    Pair = 2,
    /// Two dice of one face and two of another.
    TwoPair = 3,
    /// Three or more dice of one face; scales with their number.
    XOfAKind = 4,
    /// One die of each of four consecutive faces.
    SmallStraight = 5,
    /// Three dice of one face and two of another.
    FullHouse = 6,
    /// Every die not in another hand, at least 5, all odd.
    AllOdd = 7,
    /// Every die not in another hand, at least 5, all even.
    AllEven = 8,
    /// One die of each of five consecutive faces.
    LargeStraight = 9,
    /// Two dice each of three different faces.
    ThreePairs = 10,
    /// Three dice each of two different faces.
    TwoTriplets = 11,
    /// One die of each face 1 to 6.
    FullRun = 12,
    /// One 2, three 4s and five 6s.
    Pyramid = 13,
}

impl HandKind {
    /// Every hand, in number order (High Roll first).
    pub const ALL: [HandKind; HAND_KINDS] = [
        HandKind::HighRoll,
        HandKind::Pair,
        HandKind::TwoPair,
        HandKind::XOfAKind,
        HandKind::SmallStraight,
        HandKind::FullHouse,
        HandKind::AllOdd,
        HandKind::AllEven,
        HandKind::LargeStraight,
        HandKind::ThreePairs,
        HandKind::TwoTriplets,
        HandKind::FullRun,
        HandKind::Pyramid,
    ];

    /// The document's number of this hand, 1 (High Roll) to 13 (Pyramid).
    pub fn number(self) -> u32 {
        self as u32
    }

    /// The hand numbered `n`, if any.
    pub fn from_number(n: u32) -> Option<HandKind> {
        let i = usize::try_from(n).ok()?.checked_sub(1)?;
        HandKind::ALL.get(i).copied()
    }

    /// Its English name.
    pub fn name(self) -> &'static str {
        match self {
            HandKind::HighRoll => "High Roll",
            HandKind::Pair => "Pair",
            HandKind::TwoPair => "Two Pair",
            HandKind::XOfAKind => "X of a Kind",
            HandKind::SmallStraight => "Small Straight",
            HandKind::FullHouse => "Full House",
            HandKind::AllOdd => "All Odd",
            HandKind::AllEven => "All Even",
            HandKind::LargeStraight => "Large Straight",
            HandKind::ThreePairs => "Three Pairs",
            HandKind::TwoTriplets => "Two Triplets",
            HandKind::FullRun => "Full Run",
            HandKind::Pyramid => "Pyramid",
        }
    }

    /// The fewest dice the hand can hold.
    pub fn min_dice(self) -> usize {
        match self {
            HandKind::HighRoll => 1,
            HandKind::Pair => 2,
            HandKind::XOfAKind => 3,
            HandKind::TwoPair | HandKind::SmallStraight => 4,
            HandKind::FullHouse
            | HandKind::AllOdd
            | HandKind::AllEven
            | HandKind::LargeStraight => 5,
            HandKind::ThreePairs | HandKind::TwoTriplets | HandKind::FullRun => 6,
            HandKind::Pyramid => 9,
        }
    }

    /// Level-0 base and multiplier (hundredths); for X of a Kind, those of three dice.
    fn level_zero(self) -> (u64, u32) {
        match self {
            HandKind::HighRoll => (5, 100),
            HandKind::Pair => (12, 160),
            HandKind::TwoPair => (24, 180),
            HandKind::XOfAKind => (22, 180),
            HandKind::SmallStraight => (34, 260),
            HandKind::FullHouse => (60, 300),
            HandKind::AllOdd | HandKind::AllEven => (52, 280),
            HandKind::LargeStraight => (58, 340),
            HandKind::ThreePairs => (70, 360),
            HandKind::TwoTriplets => (88, 440),
            HandKind::FullRun => (110, 520),
            HandKind::Pyramid => (200, 1000),
        }
    }

    fn index(self) -> usize {
        self as usize - 1
    }
}

impl std::fmt::Display for HandKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a pool, a level or a bonus cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum HandsError {
    /// The pool refused as any dice are: a value outside 1..=6, or more dice than the solver
    /// accepts ([`HANDS_MAX_DICE`]).
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// A hand's level is above the cap, or an upgrade would take it there, or the cap is
    /// above [`HANDS_MAX_LEVEL`].
    #[error("level {level} is above the cap {cap}")]
    LevelAboveCap {
        /// The level asked for.
        level: u32,
        /// The cap it exceeds.
        cap: u32,
    },
    /// An X of a Kind needs 3 to [`HANDS_MAX_DICE`] dice.
    #[error("an X of a Kind of {count} dice is not possible")]
    InvalidKindSize {
        /// Dice in the X of a Kind asked for.
        count: u32,
    },
    /// The bonuses make the total exceed 2^64 - 1.
    #[error("the total does not fit in 64 bits")]
    Overflow,
}

/// The level of every hand, and the cap they may reach.
///
/// Scoring a pool with every hand at level 0 and no bonuses:
///
/// ```
/// use farkle::hands::{score_pool, Bonuses, HandKind, HandLevels};
///
/// let score = score_pool(&[4, 4, 4], &HandLevels::new(), &Bonuses::default()).unwrap();
/// // Three of a kind: floor((22 + 4 + 4 + 4) x 1.8) = floor(61.2) = 61.
/// assert_eq!(score.total, 61);
/// assert_eq!(score.hands[0].kind, HandKind::XOfAKind);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandLevels {
    levels: [u32; HAND_KINDS],
    cap: u32,
}

impl Default for HandLevels {
    fn default() -> Self {
        HandLevels::new()
    }
}

impl HandLevels {
    /// Every hand at level 0, with the default cap of 5.
    pub fn new() -> Self {
        HandLevels {
            levels: [0; HAND_KINDS],
            cap: HANDS_DEFAULT_LEVEL_CAP,
        }
    }

    /// Levels indexed by hand number - 1, checked against `cap` (itself at most
    /// [`HANDS_MAX_LEVEL`]).
    pub fn from_parts(levels: [u32; HAND_KINDS], cap: u32) -> Result<Self, HandsError> {
        if cap > HANDS_MAX_LEVEL {
            return Err(HandsError::LevelAboveCap {
                level: cap,
                cap: HANDS_MAX_LEVEL,
            });
        }
        if let Some(&level) = levels.iter().find(|&&l| l > cap) {
            return Err(HandsError::LevelAboveCap { level, cap });
        }
        Ok(HandLevels { levels, cap })
    }

    /// The level of `kind`.
    pub fn level(&self, kind: HandKind) -> u32 {
        self.levels[kind.index()]
    }

    /// The cap.
    pub fn cap(&self) -> u32 {
        self.cap
    }

    /// Sets the level of `kind` (at most the cap).
    pub fn set_level(&mut self, kind: HandKind, level: u32) -> Result<(), HandsError> {
        if level > self.cap {
            return Err(HandsError::LevelAboveCap {
                level,
                cap: self.cap,
            });
        }
        self.levels[kind.index()] = level;
        Ok(())
    }

    /// Raises (or lowers) the cap; refused when a hand is above the new cap or the cap is
    /// above [`HANDS_MAX_LEVEL`].
    pub fn set_cap(&mut self, cap: u32) -> Result<(), HandsError> {
        *self = HandLevels::from_parts(self.levels, cap)?;
        Ok(())
    }

    /// The cost of raising `kind` one level, refused at the cap.
    pub fn next_upgrade_cost(&self, kind: HandKind) -> Result<u64, HandsError> {
        let level = self.level(kind);
        if level >= self.cap {
            return Err(HandsError::LevelAboveCap {
                level: level + 1,
                cap: self.cap,
            });
        }
        Ok(upgrade_cost(level))
    }

    /// Raises `kind` one level and returns what it cost; refused at the cap.
    pub fn upgrade(&mut self, kind: HandKind) -> Result<u64, HandsError> {
        let cost = self.next_upgrade_cost(kind)?;
        self.levels[kind.index()] += 1;
        Ok(cost)
    }
}

/// What is layered on the sum of the hands: `total = floor((hands + ability_bonus) x (100 +
/// item_mult_bonus) / 100)`, then `floor(total x score_mult / 100)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bonuses {
    /// Points added by dice abilities.
    pub ability_bonus: u64,
    /// The items' multiplier bonus in hundredths: 100 is +1.0, so x2.
    pub item_mult_bonus: u32,
    /// The score multiplier in hundredths: 100 is x1.
    pub score_mult: u32,
}

impl Default for Bonuses {
    /// No bonus: 0, +0, x1.
    fn default() -> Self {
        Bonuses {
            ability_bonus: 0,
            item_mult_bonus: 0,
            score_mult: 100,
        }
    }
}

impl Bonuses {
    /// Applies the pipeline to the sum of the hand scores.
    pub fn apply(&self, hands_total: u64) -> Result<u64, HandsError> {
        let mut total = u128::from(hands_total) + u128::from(self.ability_bonus);
        total = total * (100 + u128::from(self.item_mult_bonus)) / 100;
        total = total * u128::from(self.score_mult) / 100;
        u64::try_from(total).map_err(|_| HandsError::Overflow)
    }
}

/// The cost of raising a hand from `level` to `level + 1`: `5 + level^2 x 5` below level 5,
/// `5 + level^2 x 8` from level 5 ($5, $10, $25, $50, $85, then $205, ...).
pub fn upgrade_cost(level: u32) -> u64 {
    let l = u64::from(level);
    if level < 5 {
        5 + l * l * 5
    } else {
        5 + l * l * 8
    }
}

/// A base and a multiplier (in hundredths).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BaseMult {
    /// Chips added before multiplying.
    pub base: u64,
    /// Hundredths: 180 is x1.8.
    pub mult: u32,
}

/// `floor(b x 1.3)`, `level` times.
fn compounded(mut base: u64, level: u32) -> u64 {
    for _ in 0..level {
        base = base * 13 / 10;
    }
    base
}

/// The flat bonus X of a Kind's base gets from `level` upgrades: 0, 4, 9, 15, 22, 30, ...
fn kind_base_bonus(level: u32) -> u64 {
    (0..level).fold(0, |bonus, _| bonus + ((22 + bonus) / 5).max(1))
}

/// The base and multiplier of `kind` at `level`; `dice` is the number of dice of an X of a
/// Kind (3 to [`HANDS_MAX_DICE`]) and is ignored for other hands. For a Full House, the base
/// is its flat bonus and the multiplier (from the table) takes no part in its score.
pub fn hand_base_mult(kind: HandKind, level: u32, dice: u32) -> Result<BaseMult, HandsError> {
    if level > HANDS_MAX_LEVEL {
        return Err(HandsError::LevelAboveCap {
            level,
            cap: HANDS_MAX_LEVEL,
        });
    }
    if kind == HandKind::XOfAKind {
        if !(3..=HANDS_MAX_DICE as u32).contains(&dice) {
            return Err(HandsError::InvalidKindSize { count: dice });
        }
        let table = LevelTable::kind_only(level);
        return Ok(table.kind_base_mult(dice));
    }
    let (base, mult) = kind.level_zero();
    Ok(BaseMult {
        base: compounded(base, level),
        mult: mult + 50 * level,
    })
}

/// The base and multiplier of every hand at given levels.
#[derive(Debug, Clone, Copy)]
struct LevelTable {
    base: [u64; HAND_KINDS],
    mult: [u32; HAND_KINDS],
    /// X of a Kind's base bonus and mult bonus.
    kind_bonus: u64,
    kind_mult_bonus: u32,
}

impl LevelTable {
    fn new(levels: &HandLevels) -> Self {
        let mut base = [0; HAND_KINDS];
        let mut mult = [0; HAND_KINDS];
        for kind in HandKind::ALL {
            let (b, m) = kind.level_zero();
            base[kind.index()] = compounded(b, levels.level(kind));
            mult[kind.index()] = m + 50 * levels.level(kind);
        }
        let kind_level = levels.level(HandKind::XOfAKind);
        LevelTable {
            base,
            mult,
            kind_bonus: kind_base_bonus(kind_level),
            kind_mult_bonus: 25 * kind_level,
        }
    }

    fn kind_only(level: u32) -> Self {
        LevelTable {
            base: [0; HAND_KINDS],
            mult: [0; HAND_KINDS],
            kind_bonus: kind_base_bonus(level),
            kind_mult_bonus: 25 * level,
        }
    }

    fn kind_base_mult(&self, dice: u32) -> BaseMult {
        let extra = dice - 3;
        BaseMult {
            base: 22 + 16 * u64::from(extra) + self.kind_bonus,
            mult: 180 + 22 * extra + self.kind_mult_bonus,
        }
    }

    fn base_mult(&self, kind: HandKind, dice: FaceCounts) -> BaseMult {
        if kind == HandKind::XOfAKind {
            self.kind_base_mult(dice.total() as u32)
        } else {
            BaseMult {
                base: self.base[kind.index()],
                mult: self.mult[kind.index()],
            }
        }
    }

    /// `kind` made of `dice` (which must form that hand), with its base, mult and score.
    fn scored(&self, kind: HandKind, dice: FaceCounts) -> ScoredHand {
        let bm = self.base_mult(kind, dice);
        ScoredHand {
            kind,
            dice,
            base: bm.base,
            mult: if kind == HandKind::FullHouse {
                0
            } else {
                bm.mult
            },
            score: self.score(kind, dice),
        }
    }

    /// The score of `kind` made of `dice` (which must form that hand).
    fn score(&self, kind: HandKind, dice: FaceCounts) -> u64 {
        let plain =
            |bm: BaseMult, dice: FaceCounts| (bm.base + dice_sum(dice)) * u64::from(bm.mult) / 100;
        if kind == HandKind::FullHouse {
            let mut triple = FaceCounts::EMPTY;
            let mut pair = FaceCounts::EMPTY;
            for (i, &c) in dice.0.iter().enumerate() {
                match c {
                    3 => triple.0[i] = 3,
                    2 => pair.0[i] = 2,
                    _ => {}
                }
            }
            return plain(self.kind_base_mult(3), triple)
                + plain(self.base_mult(HandKind::Pair, pair), pair)
                + self.base[HandKind::FullHouse.index()];
        }
        plain(self.base_mult(kind, dice), dice)
    }
}

/// The sum of the dice's faces.
fn dice_sum(dice: FaceCounts) -> u64 {
    dice.0
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as u64 + 1) * u64::from(c))
        .sum()
}

/// One hand of a scored pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredHand {
    /// Which hand it is.
    pub kind: HandKind,
    /// Its dice.
    pub dice: FaceCounts,
    /// The base it was scored with (for a Full House: its flat bonus).
    pub base: u64,
    /// The multiplier in hundredths (for a Full House: 0, since its triple and pair are
    /// scored as an X of a Kind (3) and a Pair).
    pub mult: u32,
    /// Its score.
    pub score: u64,
}

/// The best reading of a pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolScore {
    /// The hands of the best partition, highest score first (ties: higher hand number
    /// first). Empty only for an empty pool.
    pub hands: Vec<ScoredHand>,
    /// The sum of the hands' scores.
    pub hands_total: u64,
    /// The total after the bonuses.
    pub total: u64,
}

impl PoolScore {
    /// For each die of `dice` (the pool as scored, in order), the index in `hands` of the
    /// hand it belongs to, or `None` for a die in no hand. Each hand takes the first dice of
    /// each face not taken by an earlier hand.
    pub fn hand_of_each_die(&self, dice: &[u8]) -> Vec<Option<usize>> {
        let mut out = vec![None; dice.len()];
        for (h, hand) in self.hands.iter().enumerate() {
            hand.dice.claim_first(dice, |i| {
                let free = out[i].is_none();
                if free {
                    out[i] = Some(h);
                }
                free
            });
        }
        out
    }
}

/// Counts the faces of a pool, checking faces and size.
pub fn pool_counts(dice: &[u8]) -> Result<FaceCounts, HandsError> {
    FaceCounts::from_faces(dice, HANDS_MAX_DICE).map_err(HandsError::from)
}

/// Scores a pool of dice (values 1..=6, at most [`HANDS_MAX_DICE`]).
pub fn score_pool(
    dice: &[u8],
    levels: &HandLevels,
    bonuses: &Bonuses,
) -> Result<PoolScore, HandsError> {
    score_counts(pool_counts(dice)?, levels, bonuses)
}

/// Scores a pool given as face counts (at most [`HANDS_MAX_DICE`] dice).
pub fn score_counts(
    counts: FaceCounts,
    levels: &HandLevels,
    bonuses: &Bonuses,
) -> Result<PoolScore, HandsError> {
    if counts.total() > HANDS_MAX_DICE {
        return Err(HandsError::Dice(DiceError::TooManyDice {
            count: counts.total(),
            max: HANDS_MAX_DICE,
        }));
    }
    let table = LevelTable::new(levels);
    let mut hands: Vec<ScoredHand> = Solver::new(counts, &table)
        .best_partition()
        .into_iter()
        .map(|(kind, dice)| table.scored(kind, dice))
        .collect();
    if hands.is_empty() {
        // No hand can be formed: the High Roll of the highest die (if any).
        if let Some(face) = (0..FACES).rev().find(|&i| counts.0[i] > 0) {
            let mut dice = FaceCounts::EMPTY;
            dice.0[face] = 1;
            hands.push(table.scored(HandKind::HighRoll, dice));
        }
    }
    hands.sort_by(|a, b| b.score.cmp(&a.score).then(b.kind.cmp(&a.kind)));
    let hands_total = hands.iter().map(|h| h.score).sum();
    Ok(PoolScore {
        hands,
        hands_total,
        total: bonuses.apply(hands_total)?,
    })
}

/// One way to take a hand out of the pool (every kind but All Even / All Odd / High Roll).
#[derive(Debug, Clone, Copy)]
struct Move {
    kind: HandKind,
    take: [u8; FACES],
    /// `take` packed one byte per face, for [`fits`].
    packed: u64,
    /// How far the hand moves the table index down.
    offset: usize,
    score: u64,
}

/// The best values of one sub-multiset.
#[derive(Debug, Clone, Copy)]
struct Best {
    /// The best score of hands taken from these dice, some dice possibly left unscored,
    /// without All Even / All Odd.
    packing: u64,
    /// The best score of hands (without All Even / All Odd) that take every one of these
    /// dice, or NO_COVER.
    cover: u64,
}

const NO_COVER: u64 = u64::MAX;

/// `have - take`, face by face (`take` must fit in `have`).
fn minus(mut have: [u8; FACES], take: &[u8; FACES]) -> [u8; FACES] {
    for (slot, &t) in have.iter_mut().zip(take.iter()) {
        *slot -= t;
    }
    have
}

// `pack` and `fits` need every count below 128.
const _: () = assert!(HANDS_MAX_DICE < 128);

/// Face counts packed one byte per face.
fn pack(counts: &[u8; FACES]) -> u64 {
    let mut bytes = [0u8; 8];
    bytes[..FACES].copy_from_slice(counts);
    u64::from_le_bytes(bytes)
}

/// Whether `take <= have` face by face, both packed by [`pack`]: setting the top bit of
/// each byte of `have` keeps the bytes' subtractions apart, and a byte's top bit survives
/// exactly when its subtraction does not go below zero.
#[inline]
fn fits(take: u64, have: u64) -> bool {
    const TOP: u64 = 0x8080_8080_8080_8080;
    ((have | TOP) - take) & TOP == TOP
}

/// The exact solver for one pool: a table over every sub-multiset of the pool, indexed in
/// mixed radix (`count of face i + 1`), filled in increasing index order.
///
/// A partition without All Even / All Odd is found by placing the pool's lowest die: either
/// it is left unscored or it belongs to a hand whose lowest face is its face, so each
/// sub-multiset looks only at the hands starting at its lowest face. A partition with All
/// Even / All Odd leaves no die unscored: it is the parity hand plus an exact cover of the
/// rest, so the table also keeps the best exact cover.
struct Solver {
    counts: [u8; FACES],
    stride: [usize; FACES],
    /// Moves grouped by their lowest face, highest hand number first.
    moves: [Vec<Move>; FACES],
    table: Vec<Best>,
    levels: LevelTable,
}

impl Solver {
    fn new(counts: FaceCounts, levels: &LevelTable) -> Self {
        let counts = counts.0;
        let mut stride = [0; FACES];
        let mut size = 1;
        for i in 0..FACES {
            stride[i] = size;
            size *= usize::from(counts[i]) + 1;
        }
        let mut solver = Solver {
            counts,
            stride,
            moves: Default::default(),
            table: Vec::with_capacity(size),
            levels: *levels,
        };
        solver.generate_moves();
        solver.fill(size);
        solver
    }

    fn add(&mut self, kind: HandKind, take: [u8; FACES]) {
        if take.iter().zip(self.counts.iter()).any(|(t, c)| t > c) {
            return;
        }
        let Some(lowest) = take.iter().position(|&t| t > 0) else {
            return;
        };
        let offset = take
            .iter()
            .zip(self.stride.iter())
            .map(|(&t, &s)| usize::from(t) * s)
            .sum();
        let score = self.levels.score(kind, FaceCounts(take));
        self.moves[lowest].push(Move {
            kind,
            take,
            packed: pack(&take),
            offset,
            score,
        });
    }

    fn generate_moves(&mut self) {
        let with = |faces: &[(usize, u8)]| {
            let mut take = [0u8; FACES];
            for &(f, n) in faces {
                take[f] = n;
            }
            take
        };
        self.add(HandKind::Pyramid, with(&[(1, 1), (3, 3), (5, 5)]));
        self.add(HandKind::FullRun, [1; FACES]);
        for a in 0..FACES {
            for b in a + 1..FACES {
                self.add(HandKind::TwoTriplets, with(&[(a, 3), (b, 3)]));
                for c in b + 1..FACES {
                    self.add(HandKind::ThreePairs, with(&[(a, 2), (b, 2), (c, 2)]));
                }
            }
        }
        for start in 0..2 {
            self.add(
                HandKind::LargeStraight,
                with(&[
                    (start, 1),
                    (start + 1, 1),
                    (start + 2, 1),
                    (start + 3, 1),
                    (start + 4, 1),
                ]),
            );
        }
        for a in 0..FACES {
            for b in 0..FACES {
                if a != b {
                    self.add(HandKind::FullHouse, with(&[(a, 3), (b, 2)]));
                }
            }
        }
        for start in 0..3 {
            self.add(
                HandKind::SmallStraight,
                with(&[(start, 1), (start + 1, 1), (start + 2, 1), (start + 3, 1)]),
            );
        }
        for a in 0..FACES {
            for x in (3..=self.counts[a]).rev() {
                self.add(HandKind::XOfAKind, with(&[(a, x)]));
            }
        }
        for a in 0..FACES {
            for b in a + 1..FACES {
                self.add(HandKind::TwoPair, with(&[(a, 2), (b, 2)]));
            }
        }
        for a in 0..FACES {
            self.add(HandKind::Pair, with(&[(a, 2)]));
        }
        // Highest hand number first (stable within a kind): ties go to the bigger hand.
        for moves in &mut self.moves {
            moves.sort_by_key(|m| std::cmp::Reverse(m.kind));
        }
    }

    /// Fills the table in increasing index order: every hand taken out of a sub-multiset
    /// leads to a smaller index, already filled.
    fn fill(&mut self, size: usize) {
        let mut t = [0u8; FACES];
        self.table.push(Best {
            packing: 0,
            cover: 0,
        });
        for index in 1..size {
            // The next sub-multiset in mixed radix.
            for (slot, &count) in t.iter_mut().zip(self.counts.iter()) {
                if *slot < count {
                    *slot += 1;
                    break;
                }
                *slot = 0;
            }
            let lowest = t.iter().position(|&c| c > 0).expect("non-empty");
            let have = pack(&t);
            // The lowest die left unscored...
            let mut best = Best {
                packing: self.table[index - self.stride[lowest]].packing,
                cover: NO_COVER,
            };
            // ... or in a hand whose lowest face is its face.
            for m in &self.moves[lowest] {
                if !fits(m.packed, have) {
                    continue;
                }
                let rest = self.table[index - m.offset];
                best.packing = best.packing.max(m.score + rest.packing);
                if rest.cover != NO_COVER {
                    best.cover = match best.cover {
                        NO_COVER => m.score + rest.cover,
                        c => c.max(m.score + rest.cover),
                    };
                }
            }
            self.table.push(best);
        }
    }

    fn index_of(&self, t: &[u8; FACES]) -> usize {
        t.iter()
            .zip(self.stride.iter())
            .map(|(&c, &s)| usize::from(c) * s)
            .sum()
    }

    /// The best All Even / All Odd reading: the parity hand's dice and the total, if any.
    fn best_parity(&self) -> Option<(HandKind, [u8; FACES], u64)> {
        let mut best: Option<(HandKind, [u8; FACES], u64)> = None;
        for (kind, faces) in [
            (HandKind::AllEven, [1, 3, 5]),
            (HandKind::AllOdd, [0, 2, 4]),
        ] {
            let c = self.counts;
            for x in 0..=c[faces[0]] {
                for y in 0..=c[faces[1]] {
                    for z in 0..=c[faces[2]] {
                        if usize::from(x) + usize::from(y) + usize::from(z) < 5 {
                            continue;
                        }
                        let mut take = [0u8; FACES];
                        take[faces[0]] = x;
                        take[faces[1]] = y;
                        take[faces[2]] = z;
                        let rest = minus(c, &take);
                        let cover = self.table[self.index_of(&rest)].cover;
                        if cover == NO_COVER {
                            continue;
                        }
                        let total = self.levels.score(kind, FaceCounts(take)) + cover;
                        if best.is_none_or(|(_, _, b)| total > b) {
                            best = Some((kind, take, total));
                        }
                    }
                }
            }
        }
        best
    }

    /// The hands of a best partition (empty when no hand can be formed).
    fn best_partition(&self) -> Vec<(HandKind, FaceCounts)> {
        let full = self.table.len() - 1;
        let mut hands = Vec::new();
        let mut t = self.counts;
        let exact = match self.best_parity() {
            Some((kind, take, total)) if total >= self.table[full].packing => {
                hands.push((kind, FaceCounts(take)));
                t = minus(t, &take);
                true
            }
            _ => false,
        };
        let value = |b: Best| if exact { b.cover } else { b.packing };
        while let Some(lowest) = t.iter().position(|&c| c > 0) {
            let index = self.index_of(&t);
            let target = value(self.table[index]);
            let have = pack(&t);
            let chosen = self.moves[lowest].iter().find(|m| {
                fits(m.packed, have) && {
                    let rest = value(self.table[index - m.offset]);
                    rest != NO_COVER && m.score + rest == target
                }
            });
            match chosen {
                Some(m) => {
                    hands.push((m.kind, FaceCounts(m.take)));
                    t = minus(t, &m.take);
                }
                None => {
                    debug_assert!(
                        !exact,
                        "an exact cover always has a hand for its lowest die"
                    );
                    t[lowest] -= 1;
                }
            }
        }
        hands
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(dice: &[u8]) -> u64 {
        score_pool(dice, &HandLevels::new(), &Bonuses::default())
            .unwrap()
            .total
    }

    #[test]
    fn issue_examples() {
        // floor((22 + 12) x 1.8) = 61
        assert_eq!(total(&[4, 4, 4]), 61);
        // floor((22 + 9) x 1.8) + floor((12 + 4) x 1.6) + 60 = 55 + 25 + 60
        assert_eq!(total(&[3, 3, 3, 2, 2]), 140);
        // High Roll: 5 + 5
        assert_eq!(total(&[1, 2, 3, 5]), 10);
        assert_eq!(total(&[]), 0);
    }

    #[test]
    fn level_five_pair_of_fives_is_exact() {
        let mut levels = HandLevels::new();
        levels.set_level(HandKind::Pair, 5).unwrap();
        // base 12 -> 15 -> 19 -> 24 -> 31 -> 40, mult 1.6 + 2.5 = 4.1: (40 + 10) x 4.1 = 205
        let s = score_pool(&[5, 5], &levels, &Bonuses::default()).unwrap();
        assert_eq!(s.total, 205);
    }

    #[test]
    fn kind_bonus_sequence() {
        let bonuses: Vec<u64> = (0..=5).map(kind_base_bonus).collect();
        assert_eq!(bonuses, [0, 4, 9, 15, 22, 30]);
    }

    #[test]
    fn levels_respect_the_cap() {
        let mut l = HandLevels::new();
        assert!(l.set_level(HandKind::Pair, 6).is_err());
        for cost in [5, 10, 25, 50, 85] {
            assert_eq!(l.upgrade(HandKind::Pair), Ok(cost));
        }
        assert!(l.upgrade(HandKind::Pair).is_err());
        l.set_cap(6).unwrap();
        assert_eq!(l.upgrade(HandKind::Pair), Ok(205));
        assert!(l.set_cap(5).is_err());
        assert!(l.set_cap(HANDS_MAX_LEVEL + 1).is_err());
    }
}

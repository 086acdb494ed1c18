// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The dice-hands scoring system from C: scoring a pool into hands, upgrade
//! costs, and each hand's base and multiplier.

use std::ffi::{c_char, CString};
use std::sync::OnceLock;

use crate::ffi::boundary::{arg, out, slice, Outcome};
use crate::ffi::error::{fail, FarkleStatus};
use crate::hands::{
    self, Bonuses, HandKind, HandLevels, HandsError, HANDS_DEFAULT_LEVEL_CAP, HANDS_MAX_DICE,
    HANDS_MAX_LEVEL, HAND_KINDS,
};

/// Most dice in a pool that farkle_hands_score() accepts.
pub const FARKLE_HANDS_MAX_DICE: usize = 48;
const _: () = assert!(FARKLE_HANDS_MAX_DICE == HANDS_MAX_DICE);

/// Most hands a scored pool can hold (every hand has at least two dice, except a lone High
/// Roll), so a buffer of this many FarkleHand always suffices. For a pool of n dice,
/// max(1, n / 2) suffices.
pub const FARKLE_HANDS_MAX_HANDS: usize = 24;
const _: () = assert!(FARKLE_HANDS_MAX_HANDS == FARKLE_HANDS_MAX_DICE / 2);

/// Number of hand kinds; FarkleHandLevels.levels has this many entries.
pub const FARKLE_HAND_KINDS: usize = 13;
const _: () = assert!(FARKLE_HAND_KINDS == HAND_KINDS);

/// The cap on hand levels that farkle_hands_levels_default() sets.
pub const FARKLE_HANDS_DEFAULT_LEVEL_CAP: u32 = 5;
const _: () = assert!(FARKLE_HANDS_DEFAULT_LEVEL_CAP == HANDS_DEFAULT_LEVEL_CAP);

/// The highest cap, and so the highest level, a hand may have.
pub const FARKLE_HANDS_MAX_LEVEL: u32 = 100;
const _: () = assert!(FARKLE_HANDS_MAX_LEVEL == HANDS_MAX_LEVEL);

/// In the per-die output of farkle_hands_score(): this die belongs to no hand.
pub const FARKLE_HANDS_NO_HAND: u8 = 255;
const _: () = assert!(FARKLE_HANDS_MAX_HANDS < FARKLE_HANDS_NO_HAND as usize);

/// A hand of the dice-hands scoring system, numbered from High Roll (1) to Pyramid (13). Values only
/// come out of the library; functions taking a hand take a plain uint32_t.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarkleHandKind {
    /// The highest single die, scored only when no other hand can be formed.
    HighRoll = 1,
    /// Two dice of one face.
    Pair = 2,
    /// Two dice of one face and two of another.
    TwoPair = 3,
    /// Three or more dice of one face; base and multiplier grow with their number.
    XOfAKind = 4,
    /// One die of each of four consecutive faces.
    SmallStraight = 5,
    /// Three dice of one face and two of another.
    FullHouse = 6,
    /// Every die not in another hand (at least 5), all odd.
    AllOdd = 7,
    /// Every die not in another hand (at least 5), all even.
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

impl From<HandKind> for FarkleHandKind {
    fn from(k: HandKind) -> Self {
        match k {
            HandKind::HighRoll => FarkleHandKind::HighRoll,
            HandKind::Pair => FarkleHandKind::Pair,
            HandKind::TwoPair => FarkleHandKind::TwoPair,
            HandKind::XOfAKind => FarkleHandKind::XOfAKind,
            HandKind::SmallStraight => FarkleHandKind::SmallStraight,
            HandKind::FullHouse => FarkleHandKind::FullHouse,
            HandKind::AllOdd => FarkleHandKind::AllOdd,
            HandKind::AllEven => FarkleHandKind::AllEven,
            HandKind::LargeStraight => FarkleHandKind::LargeStraight,
            HandKind::ThreePairs => FarkleHandKind::ThreePairs,
            HandKind::TwoTriplets => FarkleHandKind::TwoTriplets,
            HandKind::FullRun => FarkleHandKind::FullRun,
            HandKind::Pyramid => FarkleHandKind::Pyramid,
        }
    }
}

/// The level of every hand and the cap. A plain value: the caller owns it.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleHandLevels {
    /// levels[k - 1] is the level of the hand numbered k (FARKLE_HAND_KIND_*); each at most
    /// `cap`.
    pub levels: [u32; FARKLE_HAND_KINDS],
    /// The highest level a hand may reach, at most FARKLE_HANDS_MAX_LEVEL
    /// (FARKLE_HANDS_DEFAULT_LEVEL_CAP by default).
    pub cap: u32,
}

/// What is layered on the sum of the hand scores:
/// total = floor((hands + ability_bonus) * (100 + item_mult_bonus) / 100), then
/// total = floor(total * score_mult / 100). A plain value: the caller owns it.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleHandBonuses {
    /// Points added by dice abilities.
    pub ability_bonus: u64,
    /// The items' multiplier bonus in hundredths: 100 means +1.0, doubling the total.
    pub item_mult_bonus: u32,
    /// The score multiplier in hundredths: 100 means x1 (the default), 0 zeroes the total.
    pub score_mult: u32,
}

/// One hand of a scored pool.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleHand {
    /// Which hand it is.
    pub kind: FarkleHandKind,
    /// Number of dice in it.
    pub dice_count: u32,
    /// Its dice as face counts: `counts[0]` ones ... `counts[5]` sixes.
    pub counts: [u8; 6],
    /// Sum of its dice.
    pub dice_sum: u32,
    /// The base it was scored with, upgrades included. For a Full House, its flat bonus.
    pub base: u64,
    /// The multiplier in hundredths (180 is x1.8), upgrades included. For a Full House, 0:
    /// its triple is scored as an X of a Kind of 3 and its pair as a Pair, plus `base`.
    pub mult: u32,
    /// Its score: floor((base + dice_sum) * mult / 100), or for a Full House the sum above.
    pub score: u64,
}

/// The totals of a scored pool.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleHandsResult {
    /// The total after the bonuses.
    pub total: u64,
    /// The sum of the hand scores, before the bonuses.
    pub hands_total: u64,
    /// Number of entries written to the hands buffer.
    pub hand_count: usize,
}

fn levels_from_c(levels: &FarkleHandLevels) -> Result<HandLevels, HandsError> {
    HandLevels::from_parts(levels.levels, levels.cap)
}

/// The hand of a FARKLE_HAND_KIND_* number, or UNKNOWN_HAND.
fn hand_kind(hand: u32) -> Outcome<HandKind> {
    HandKind::from_number(hand).ok_or_else(|| {
        fail(
            FarkleStatus::UnknownHand,
            format!("hand {hand} is not a FARKLE_HAND_KIND_* value (1 to {FARKLE_HAND_KINDS})"),
        )
    })
}

/// Writes the default levels to `*out_levels`: every hand at level 0, cap
/// FARKLE_HANDS_DEFAULT_LEVEL_CAP.
///
/// Errors: FARKLE_STATUS_NULL_POINTER when `out_levels` is NULL.
///
/// # Safety
/// `out_levels` must be NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_hands_levels_default(
    out_levels: *mut FarkleHandLevels,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise.
        let out = unsafe { out(out_levels) }?;
        out.write(FarkleHandLevels {
            levels: [0; FARKLE_HAND_KINDS],
            cap: FARKLE_HANDS_DEFAULT_LEVEL_CAP,
        });
        Ok(())
    }
}

/// Writes the neutral bonuses to `*out_bonuses`: ability_bonus 0, item_mult_bonus 0,
/// score_mult 100 (x1).
///
/// Errors: FARKLE_STATUS_NULL_POINTER when `out_bonuses` is NULL.
///
/// # Safety
/// `out_bonuses` must be NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_hands_bonuses_default(
    out_bonuses: *mut FarkleHandBonuses,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise.
        let out = unsafe { out(out_bonuses) }?;
        let b = Bonuses::default();
        out.write(FarkleHandBonuses {
            ability_bonus: b.ability_bonus,
            item_mult_bonus: b.item_mult_bonus,
            score_mult: b.score_mult,
        });
        Ok(())
    }
}

/// Scores a pool of dice with the dice-hands system: finds the partition of the pool into
/// non-overlapping hands with the highest total (exactly, over every hand and every size of
/// X of a Kind), then applies the bonuses. Dice in no hand score nothing; when no hand can
/// be formed, the highest die scores as a High Roll. An empty pool scores no hand.
///
/// `faces` holds `count` die values 1 to 6, at most FARKLE_HANDS_MAX_DICE (NULL with count 0
/// is the empty pool). `levels` gives each hand's level and the cap; `bonuses` the ability
/// bonus, item mult bonus and score multiplier. The caller owns every buffer; nothing is
/// kept after the call.
///
/// On success writes:
///  - `out_hands[0 .. hand_count)`: the hands, highest score first (ties: higher hand
///    number first). `hands_capacity` entries must be writable; max(1, count / 2) entries
///    (or FARKLE_HANDS_MAX_HANDS) always suffice.
///  - `out_hand_of_die[0 .. count)`: for each die of `faces`, the index in `out_hands` of
///    its hand, or FARKLE_HANDS_NO_HAND for a die in no hand (so a frontend can colour the
///    dice by hand). `hand_of_die_len` must be at least `count`. Among equal dice, each
///    hand takes the first ones not taken by an earlier hand.
///  - `*out_result`: the total, the sum of the hands before bonuses, and hand_count.
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER (levels, bonuses or out_result
/// NULL, or a buffer NULL with a non-zero length); FARKLE_STATUS_INVALID_FACE;
/// FARKLE_STATUS_TOO_MANY_DICE (count above FARKLE_HANDS_MAX_DICE);
/// FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP (a level above `levels->cap`, or the cap above
/// FARKLE_HANDS_MAX_LEVEL); FARKLE_STATUS_BUFFER_TOO_SMALL (`hands_capacity` below the
/// number of hands found, or `hand_of_die_len` below `count`);
/// FARKLE_STATUS_INVALID_ARGUMENT (the bonuses make the total exceed UINT64_MAX).
///
/// # Safety
/// Pointers must be NULL or valid: `faces` readable for `count` bytes, `levels` and
/// `bonuses` readable, `out_hands` writable for `hands_capacity` entries,
/// `out_hand_of_die` writable for `hand_of_die_len` bytes, `out_result` writable.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn farkle_hands_score(
    faces: *const u8,
    count: usize,
    levels: *const FarkleHandLevels,
    bonuses: *const FarkleHandBonuses,
    out_hands: *mut FarkleHand,
    hands_capacity: usize,
    out_hand_of_die: *mut u8,
    hand_of_die_len: usize,
    out_result: *mut FarkleHandsResult,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the inputs and the three outputs.
        let (faces, levels, bonuses, out_result) = unsafe {
            (slice(faces, count)?, arg(levels)?, arg(bonuses)?, out(out_result)?)
        };
        if (out_hands.is_null() && hands_capacity != 0)
            || (out_hand_of_die.is_null() && hand_of_die_len != 0)
        {
            return Err(FarkleStatus::NullPointer);
        }
        let levels = levels_from_c(levels)?;
        let bonuses = Bonuses {
            ability_bonus: bonuses.ability_bonus,
            item_mult_bonus: bonuses.item_mult_bonus,
            score_mult: bonuses.score_mult,
        };
        let score = hands::score_pool(faces, &levels, &bonuses)?;
        let hand_count = score.hands.len();
        if hand_count > hands_capacity || hand_of_die_len < count {
            return Err(fail(
                FarkleStatus::BufferTooSmall,
                format!(
                    "{hand_count} hands in {hands_capacity} entries, {count} dice in \
                     {hand_of_die_len} entries"
                ),
            ));
        }
        for (i, h) in score.hands.iter().enumerate() {
            let hand = FarkleHand {
                kind: h.kind.into(),
                dice_count: h.dice.total() as u32,
                counts: h.dice.0,
                dice_sum: h.dice.faces().iter().map(|&f| u32::from(f)).sum(),
                base: h.base,
                mult: h.mult,
                score: h.score,
            };
            // SAFETY: i < hand_count <= hands_capacity entries are writable.
            unsafe { out_hands.add(i).write(hand) };
        }
        for (i, slot) in score.hand_of_each_die(faces).into_iter().enumerate() {
            let index = slot.map_or(FARKLE_HANDS_NO_HAND, |h| h as u8);
            // SAFETY: i < count <= hand_of_die_len bytes are writable.
            unsafe { out_hand_of_die.add(i).write(index) };
        }
        out_result.write(FarkleHandsResult {
            total: score.total,
            hands_total: score.hands_total,
            hand_count,
        });
        Ok(())
    }
}

/// The cost of the next upgrade of hand `hand` (a FARKLE_HAND_KIND_* value) at the levels
/// `levels`: 5 + level^2 * 5 while its level is below 5, 5 + level^2 * 8 from level 5
/// ($5, $10, $25, $50, $85 for upgrades 0->1 .. 4->5, $205 for 5->6).
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER (levels or out_cost NULL);
/// FARKLE_STATUS_UNKNOWN_HAND; FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP (the hand is already at
/// the cap, a level is above the cap, or the cap is above FARKLE_HANDS_MAX_LEVEL).
/// `*out_cost` is written only on success.
///
/// # Safety
/// `levels` must be NULL or readable; `out_cost` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_hands_upgrade_cost(
    levels: *const FarkleHandLevels,
    hand: u32,
    out_cost: *mut u64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (levels, out) = unsafe { (arg(levels)?, out(out_cost)?) };
        let kind = hand_kind(hand)?;
        out.write(levels_from_c(levels)?.next_upgrade_cost(kind)?);
        Ok(())
    }
}

/// The base and multiplier of hand `hand` (a FARKLE_HAND_KIND_* value) at level `level`:
/// base floored x1.3 per level and multiplier +0.50 per level; for X of a Kind, those of
/// `dice_count` dice (3 to FARKLE_HANDS_MAX_DICE) with its own upgrades (+0.25 per level
/// and the flat base bonus 4, 9, 15, 22, 30, ...). `dice_count` is ignored for other hands.
/// For a Full House the base is its flat bonus; its table multiplier is reported but takes
/// no part in its score. The multiplier is in hundredths (180 is x1.8).
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER (out_base or out_mult NULL);
/// FARKLE_STATUS_UNKNOWN_HAND; FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP (level above
/// FARKLE_HANDS_MAX_LEVEL); FARKLE_STATUS_INVALID_ARGUMENT (X of a Kind with dice_count
/// outside 3 to FARKLE_HANDS_MAX_DICE). `*out_base` and `*out_mult` are written only on
/// success.
///
/// # Safety
/// `out_base` and `out_mult` must be NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_hands_base_mult(
    hand: u32,
    level: u32,
    dice_count: u32,
    out_base: *mut u64,
    out_mult: *mut u32,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (out_base, out_mult) = unsafe { (out(out_base)?, out(out_mult)?) };
        let bm = hands::hand_base_mult(hand_kind(hand)?, level, dice_count)?;
        out_base.write(bm.base);
        out_mult.write(bm.mult);
        Ok(())
    }
}

/// A static English name for a hand number ("Full House", ...), or NULL when `hand` is not
/// a FARKLE_HAND_KIND_* value. Static; do not free.
#[no_mangle]
pub extern "C" fn farkle_hands_name(hand: u32) -> *const c_char {
    // The names are the core's, made C strings once.
    static NAMES: OnceLock<Vec<CString>> = OnceLock::new();
    ffi_guard!(std::ptr::null(), {
        let names = NAMES.get_or_init(|| {
            let name = |k: &HandKind| CString::new(k.name()).expect("no NUL in a hand's name");
            HandKind::ALL.iter().map(name).collect()
        });
        HandKind::from_number(hand).map_or(std::ptr::null(), |k| names[k as usize - 1].as_ptr())
    })
}

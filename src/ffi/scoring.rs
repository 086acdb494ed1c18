// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Scoring a selection and analyzing a roll from C.

use std::ffi::c_char;
use std::sync::Arc;

use crate::combination::{Combination, CombinationKind};
use crate::dice::{FaceCounts, MAX_DICE};
use crate::ffi::error::FarkleStatus;
use crate::ffi::rules::FarkleRules;
use crate::rules::Rules;
use crate::scoring::{InvalidSelection, Scorer};

/// Most dice in a set, and so most combinations in a score.
pub const FARKLE_MAX_DICE: usize = 12;
const _: () = assert!(FARKLE_MAX_DICE == MAX_DICE);

/// Most distinct scoring selections a roll of FARKLE_MAX_DICE dice can have (3^6 - 1), so a
/// buffer of this many FarkleSelection always suffices for farkle_roll_selections().
pub const FARKLE_MAX_SELECTIONS: usize = 728;

/// The kind of a scoring combination.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarkleCombinationKind {
    /// A single 1 or 5 (face says which).
    Single = 0,
    /// Three or more of one face (face says which, dice_count how many).
    OfAKind = 1,
    /// 1-2-3-4-5-6.
    Straight = 2,
    /// 1-2-3-4-5.
    StraightLow = 3,
    /// 2-3-4-5-6.
    StraightHigh = 4,
    /// Three pairs (or four of a kind and a pair, where the rules count that as three pairs).
    ThreePairs = 5,
    /// Four of a kind (face) and a pair.
    FourOfAKindAndPair = 6,
    /// Two three-of-a-kinds.
    TwoTriplets = 7,
    /// Three of a kind (face) and a pair.
    FullHouse = 8,
    /// A roll of the whole set in which nothing else scores.
    NoScoreSet = 9,
}

/// Why a selection is not valid.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarkleInvalidReason {
    /// The selection is valid.
    None = 0,
    /// Nothing was selected.
    Empty = 1,
    /// Some selected dice take part in no scoring combination (see leftover_counts).
    NonScoring = 2,
}

/// One combination of a scored selection.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleCombination {
    pub kind: FarkleCombinationKind,
    /// The face naming the combination (single, of a kind, the four of a kind or the triple of
    /// a full house); 0 for straights, three pairs, two triplets and a no-score set.
    pub face: u8,
    /// Number of dice in it.
    pub dice_count: u8,
    /// Its dice as face counts: counts[0] ones ... counts[5] sixes.
    pub counts: [u8; 6],
    /// Bit i set when the i-th die of the faces passed in belongs to this combination.
    pub dice_mask: u16,
    /// Points it scores.
    pub points: i32,
}

/// The score of a selection.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleScore {
    /// Points of the best partition of all selected dice; 0 when not valid.
    pub points: i32,
    /// Whether every selected die takes part in a scoring combination.
    pub valid: bool,
    /// Why the selection is not valid (FARKLE_INVALID_REASON_NONE when it is).
    pub reason: FarkleInvalidReason,
    /// For a NON_SCORING selection, the dice that would be left over by the reading that
    /// scores the most dice; all 0 otherwise.
    pub leftover_counts: [u8; 6],
    /// Number of entries used in `combinations` (0 when not valid).
    pub combination_count: usize,
    /// The combinations of the best partition, highest-scoring partition first found.
    pub combinations: [FarkleCombination; FARKLE_MAX_DICE],
}

/// What a roll offers.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleRollAnalysis {
    /// No selection scores: the turn is lost.
    pub is_farkle: bool,
    /// The most points any selection of the roll scores (0 for a farkle).
    pub max_points: i32,
    /// Dice (bit i = i-th die) of a selection scoring max_points, with the most dice if several.
    pub best_selection_mask: u16,
    /// The same selection as face counts.
    pub best_selection_counts: [u8; 6],
    /// Dice that take part in at least one scoring selection.
    pub scoring_dice_mask: u16,
}

/// One distinct scoring selection of a roll.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleSelection {
    /// Dice of the roll it takes (bit i = i-th die; the first dice of each face).
    pub dice_mask: u16,
    /// Number of dice it takes.
    pub dice_count: u8,
    /// Its dice as face counts.
    pub counts: [u8; 6],
    /// Points it scores.
    pub points: i32,
}

impl From<CombinationKind> for FarkleCombinationKind {
    fn from(k: CombinationKind) -> Self {
        match k {
            CombinationKind::Single => FarkleCombinationKind::Single,
            CombinationKind::OfAKind => FarkleCombinationKind::OfAKind,
            CombinationKind::Straight => FarkleCombinationKind::Straight,
            CombinationKind::StraightLow => FarkleCombinationKind::StraightLow,
            CombinationKind::StraightHigh => FarkleCombinationKind::StraightHigh,
            CombinationKind::ThreePairs => FarkleCombinationKind::ThreePairs,
            CombinationKind::FourOfAKindAndPair => FarkleCombinationKind::FourOfAKindAndPair,
            CombinationKind::TwoTriplets => FarkleCombinationKind::TwoTriplets,
            CombinationKind::FullHouse => FarkleCombinationKind::FullHouse,
            CombinationKind::NoScoreSet => FarkleCombinationKind::NoScoreSet,
        }
    }
}

const EMPTY_COMBINATION: FarkleCombination = FarkleCombination {
    kind: FarkleCombinationKind::Single,
    face: 0,
    dice_count: 0,
    counts: [0; 6],
    dice_mask: 0,
    points: 0,
};

impl FarkleCombination {
    fn new(c: &Combination, dice_mask: u16) -> Self {
        FarkleCombination {
            kind: c.kind.into(),
            face: c.face,
            dice_count: c.dice.total() as u8,
            counts: c.dice.0,
            dice_mask,
            points: c.points,
        }
    }
}

/// Runs `f` with the (per-thread cached) scorer for a caller's rules. Rules are fully
/// validated when they first enter the cache.
fn with_rules<T>(
    rules: &FarkleRules,
    f: impl FnOnce(&Scorer) -> Result<T, FarkleStatus>,
) -> Result<T, FarkleStatus> {
    let rules = rules.rules_unvalidated()?;
    Scorer::with_shared(&rules, |scorer| f(scorer))?
}

/// The caller's faces as counts, refusing bad values and more dice than the set.
fn dice_of(scorer: &Scorer, faces: &[u8]) -> Result<FaceCounts, FarkleStatus> {
    Ok(FaceCounts::from_faces(
        faces,
        usize::from(scorer.rules().dice_count),
    )?)
}

/// Writes `value` through a checked, non-null output pointer, or returns the error status.
///
/// # Safety
/// `out` must be non-null and writable.
unsafe fn write_result<T>(out: *mut T, value: Result<T, FarkleStatus>) -> FarkleStatus {
    match value {
        Ok(v) => {
            // SAFETY: the caller checked `out` and promises it is writable.
            unsafe { out.write(v) };
            FarkleStatus::Ok
        }
        Err(status) => status,
    }
}

fn score_selection(scorer: &Scorer, faces: &[u8]) -> Result<FarkleScore, FarkleStatus> {
    let dice = dice_of(scorer, faces)?;
    let mut score = FarkleScore {
        points: 0,
        valid: false,
        reason: FarkleInvalidReason::None,
        leftover_counts: [0; 6],
        combination_count: 0,
        combinations: [EMPTY_COMBINATION; FARKLE_MAX_DICE],
    };
    match scorer.check(dice) {
        Ok(points) => {
            score.points = points;
            score.valid = true;
            let mut taken = 0u16;
            scorer.for_each_combination(dice, |c| {
                let mask = c.dice.pick_indices(faces, &mut taken).unwrap_or(0);
                score.combinations[score.combination_count] = FarkleCombination::new(&c, mask);
                score.combination_count += 1;
            });
        }
        Err(InvalidSelection::Empty) => score.reason = FarkleInvalidReason::Empty,
        Err(InvalidSelection::NonScoring { leftover }) => {
            score.reason = FarkleInvalidReason::NonScoring;
            score.leftover_counts = leftover.0;
        }
        Err(InvalidSelection::TooManyDice { .. }) => return Err(FarkleStatus::TooManyDice),
    }
    Ok(score)
}

fn analyze_roll(scorer: &Scorer, faces: &[u8]) -> Result<FarkleRollAnalysis, FarkleStatus> {
    let dice = dice_of(scorer, faces)?;
    let a = scorer.analyze(dice).ok_or(FarkleStatus::TooManyDice)?;
    let mut taken = 0;
    let best_selection_mask = a
        .best_selection
        .pick_indices(faces, &mut taken)
        .unwrap_or(0);
    let scoring_dice_mask = faces
        .iter()
        .enumerate()
        .filter(|(_, &f)| a.scoring_faces & (1 << (f - 1)) != 0)
        .fold(0u16, |m, (i, _)| m | (1 << i));
    Ok(FarkleRollAnalysis {
        is_farkle: a.is_farkle,
        max_points: a.max_points,
        best_selection_mask,
        best_selection_counts: a.best_selection.0,
        scoring_dice_mask,
    })
}

/// Writes the legal selections of a roll to a caller's buffer (see farkle_roll_selections()).
///
/// # Safety
/// `out_count` non-null and writable; `out_selections` writable for `capacity` entries
/// (non-null when capacity > 0).
unsafe fn list_selections(
    scorer: &Scorer,
    faces: &[u8],
    out_selections: *mut FarkleSelection,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    let dice = match dice_of(scorer, faces) {
        Ok(d) => d,
        Err(status) => return status,
    };
    let selections = scorer.selections(dice);
    // SAFETY: checked non-null by the caller.
    unsafe { out_count.write(selections.len()) };
    if selections.len() > capacity {
        return FarkleStatus::BufferTooSmall;
    }
    for (i, s) in selections.iter().enumerate() {
        let mut taken = 0;
        let entry = FarkleSelection {
            dice_mask: s.dice.pick_indices(faces, &mut taken).unwrap_or(0),
            dice_count: s.dice.total() as u8,
            counts: s.dice.0,
            points: s.points,
        };
        // SAFETY: i < selections.len() <= capacity entries are writable.
        unsafe { out_selections.add(i).write(entry) };
    }
    FarkleStatus::Ok
}

/// Scores a selection of dice: the points of the best partition of all of them into scoring
/// combinations, and those combinations. A selection in which some die takes part in no
/// combination is reported as not valid (`valid` false, with the reason) with status OK.
///
/// `faces` holds `count` die values 1..=6 (NULL with count 0 is the empty selection).
/// Errors: FARKLE_STATUS_NULL_POINTER (rules, out_score, or faces with count > 0),
/// FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_INVALID_FACE, FARKLE_STATUS_TOO_MANY_DICE
/// (count above the rules' dice_count; checked before the faces). `*out_score` is written only
/// on success.
///
/// # Safety
/// Pointers must be NULL or valid: `rules` readable, `faces` readable for `count` bytes,
/// `out_score` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_score_selection(
    rules: *const FarkleRules,
    faces: *const u8,
    count: usize,
    out_score: *mut FarkleScore,
) -> FarkleStatus {
    ffi_boundary! {
        let rules = try_ref!(rules);
        let faces = try_slice!(faces, count);
        let out = try_out!(out_score);
        let score = with_rules(rules, |scorer| score_selection(scorer, faces));
        // SAFETY: `out` is non-null; the caller promises it is writable.
        unsafe { write_result(out, score) }
    }
}

/// Analyzes a roll: whether it is a farkle, its max roll points and a selection reaching
/// them, and which dice can take part in some scoring selection.
///
/// Same arguments and errors as farkle_score_selection(); an empty roll is a farkle.
///
/// # Safety
/// As for farkle_score_selection().
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_roll_analyze(
    rules: *const FarkleRules,
    faces: *const u8,
    count: usize,
    out_analysis: *mut FarkleRollAnalysis,
) -> FarkleStatus {
    ffi_boundary! {
        let rules = try_ref!(rules);
        let faces = try_slice!(faces, count);
        let out = try_out!(out_analysis);
        let analysis = with_rules(rules, |scorer| analyze_roll(scorer, faces));
        // SAFETY: `out` is non-null; the caller promises it is writable.
        unsafe { write_result(out, analysis) }
    }
}

/// Lists every distinct scoring selection of a roll (what a player may set aside), best first:
/// more points, then more dice. Selections that differ only in which of several equal dice
/// they take are listed once.
///
/// Writes up to `capacity` entries to `out_selections` and their number to `*out_count`. When
/// `capacity` is too small, returns FARKLE_STATUS_BUFFER_TOO_SMALL, writes the number needed
/// to `*out_count` and nothing to `out_selections`; FARKLE_MAX_SELECTIONS always suffices.
/// Other errors as for farkle_score_selection(); `out_selections` may be NULL only when
/// `capacity` is 0.
///
/// # Safety
/// As for farkle_score_selection(); `out_selections` writable for `capacity` entries and
/// `out_count` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_roll_selections(
    rules: *const FarkleRules,
    faces: *const u8,
    count: usize,
    out_selections: *mut FarkleSelection,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        let rules = try_ref!(rules);
        let faces = try_slice!(faces, count);
        let out_count = try_out!(out_count);
        if out_selections.is_null() && capacity != 0 {
            return FarkleStatus::NullPointer;
        }
        let status = with_rules(rules, |scorer| {
            // SAFETY: pointers checked above; the caller promises they are writable.
            Ok(unsafe { list_selections(scorer, faces, out_selections, capacity, out_count) })
        });
        status.unwrap_or_else(|s| s)
    }
}

/// A scorer prepared for one rules value: the fastest way to score many selections or rolls
/// under the same rules (no per-call rules validation or cache lookup). Create with
/// farkle_scorer_new(), free with farkle_scorer_free(). Immutable once created: one scorer may
/// be used from many threads at the same time.
pub struct FarkleScorer {
    scorer: Arc<Scorer>,
}

/// Prepares a scorer for `rules` and writes a new handle to `*out_scorer`; the caller owns it
/// and frees it with farkle_scorer_free().
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_RULES.
///
/// # Safety
/// `rules` NULL or readable; `out_scorer` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_scorer_new(
    rules: *const FarkleRules,
    out_scorer: *mut *mut FarkleScorer,
) -> FarkleStatus {
    ffi_boundary! {
        let rules = try_ref!(rules);
        let out = try_out!(out_scorer);
        let rules = match Rules::try_from(rules) {
            Ok(r) => r,
            Err(e) => return e.into(),
        };
        let scorer = match Scorer::shared(&rules) {
            Ok(s) => s,
            Err(e) => return e.into(),
        };
        let handle = Box::into_raw(Box::new(FarkleScorer { scorer }));
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(handle) };
        FarkleStatus::Ok
    }
}

/// Frees a scorer. NULL is accepted and does nothing. Do not call twice on the same handle.
///
/// # Safety
/// `scorer` must be NULL or a handle from farkle_scorer_new() not yet freed.
#[no_mangle]
pub unsafe extern "C" fn farkle_scorer_free(scorer: *mut FarkleScorer) {
    if !scorer.is_null() {
        // SAFETY: the caller promises a live handle from farkle_scorer_new().
        drop(unsafe { Box::from_raw(scorer) });
    }
}

/// farkle_score_selection() with a prepared scorer. Errors: FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_INVALID_FACE, FARKLE_STATUS_TOO_MANY_DICE.
///
/// # Safety
/// `scorer` NULL or a live handle; other pointers as for farkle_score_selection().
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_scorer_score_selection(
    scorer: *const FarkleScorer,
    faces: *const u8,
    count: usize,
    out_score: *mut FarkleScore,
) -> FarkleStatus {
    ffi_boundary! {
        let scorer = try_ref!(scorer);
        let faces = try_slice!(faces, count);
        let out = try_out!(out_score);
        // SAFETY: `out` is non-null; the caller promises it is writable.
        unsafe { write_result(out, score_selection(&scorer.scorer, faces)) }
    }
}

/// farkle_roll_analyze() with a prepared scorer. Errors: FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_INVALID_FACE, FARKLE_STATUS_TOO_MANY_DICE.
///
/// # Safety
/// `scorer` NULL or a live handle; other pointers as for farkle_roll_analyze().
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_scorer_roll_analyze(
    scorer: *const FarkleScorer,
    faces: *const u8,
    count: usize,
    out_analysis: *mut FarkleRollAnalysis,
) -> FarkleStatus {
    ffi_boundary! {
        let scorer = try_ref!(scorer);
        let faces = try_slice!(faces, count);
        let out = try_out!(out_analysis);
        // SAFETY: `out` is non-null; the caller promises it is writable.
        unsafe { write_result(out, analyze_roll(&scorer.scorer, faces)) }
    }
}

/// farkle_roll_selections() with a prepared scorer; same buffer protocol. Errors:
/// FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_FACE, FARKLE_STATUS_TOO_MANY_DICE,
/// FARKLE_STATUS_BUFFER_TOO_SMALL.
///
/// # Safety
/// `scorer` NULL or a live handle; other pointers as for farkle_roll_selections().
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_scorer_roll_selections(
    scorer: *const FarkleScorer,
    faces: *const u8,
    count: usize,
    out_selections: *mut FarkleSelection,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        let scorer = try_ref!(scorer);
        let faces = try_slice!(faces, count);
        let out_count = try_out!(out_count);
        if out_selections.is_null() && capacity != 0 {
            return FarkleStatus::NullPointer;
        }
        // SAFETY: pointers checked above; the caller promises they are writable.
        unsafe { list_selections(&scorer.scorer, faces, out_selections, capacity, out_count) }
    }
}

/// A static English name for a FarkleCombinationKind value ("three pairs", ...); "unknown"
/// for any other value. Static; do not free.
#[no_mangle]
pub extern "C" fn farkle_combination_kind_name(kind: i32) -> *const c_char {
    let name = match kind {
        0 => c"single",
        1 => c"of a kind",
        2 => c"straight 1-6",
        3 => c"straight 1-5",
        4 => c"straight 2-6",
        5 => c"three pairs",
        6 => c"four of a kind and a pair",
        7 => c"two triplets",
        8 => c"full house",
        9 => c"no score",
        _ => c"unknown",
    };
    name.as_ptr()
}

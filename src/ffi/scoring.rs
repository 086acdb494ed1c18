// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Scoring a selection and analyzing a roll from C.

use std::ffi::c_char;
use std::ptr::{addr_of_mut, NonNull};

use crate::combination::{Combination, CombinationKind};
use crate::dice::{FaceCounts, MAX_DICE};
use strum::{EnumIter, EnumMessage};

use crate::ffi::boundary::{arg, list_out, out, slice, ListOut, Out, Outcome};
use crate::ffi::error::{CEnum, FarkleStatus};
use crate::ffi::last_rules;
use crate::ffi::rules::FarkleRules;
use crate::rules::{Rules, RulesError};
use crate::scoring::{self, cache, ScoringFields, ScoringKey, ScoringTable, CACHE_SLOTS};

/// Most dice in a set, and so most combinations in a score.
pub const FARKLE_MAX_DICE: usize = 12;
const _: () = assert!(FARKLE_MAX_DICE == MAX_DICE);

/// Most distinct scoring selections a roll of FARKLE_MAX_DICE dice can have (3^6 - 1), so a
/// buffer of this many FarkleSelection always suffices for farkle_roll_selections().
pub const FARKLE_MAX_SELECTIONS: usize = 728;

/// Solved scoring tables each thread keeps for the functions that take rules by pointer
/// (farkle_score_selection(), farkle_points(), farkle_roll_analyze(), farkle_roll_selections(),
/// farkle_scorer_new()). The cache is keyed by the rules' scoring fields only (dice_count
/// through no_score_set): rules values that differ only in game settings (target, entry and
/// bank minimums, turn limit, penalty, final round, hot dice) share one table, and their game
/// settings are still checked on every call. A call with the rules used last on the thread
/// compares their 19 scoring fields; other cached rules add a hash lookup; new scoring fields
/// solve a table (about 0.1 ms for 6 dice, 2.5 ms for 12) and evict the least recently used
/// one when all slots are taken. Memory: at most FARKLE_SCORER_CACHE_SLOTS tables per thread
/// that has made such a call, about 27 KB each for 6 dice and at most 0.53 MB for 12 (34 MB
/// for a thread cycling through 64 rules values of 12 dice), freed when the thread exits;
/// a FarkleScorer keeps its own table alive, cached or not; besides, the first 8 distinct
/// rules structs to pass their checks keep their tables for the life of the process (at
/// most 4.3 MB; see farkle_points()). A thread that cycles through
/// more scoring-field values than this rebuilds tables over and over (the least recently
/// used table is the next one needed): prepare a FarkleScorer for each value instead.
pub const FARKLE_SCORER_CACHE_SLOTS: usize = 64;
const _: () = assert!(FARKLE_SCORER_CACHE_SLOTS == CACHE_SLOTS);

/// The kind of a scoring combination.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleCombinationKind {
    /// A single 1 or 5 (face says which).
    #[strum(message = "single\0")]
    Single = 0,
    /// Three or more of one face (face says which, dice_count how many).
    #[strum(message = "of a kind\0")]
    OfAKind = 1,
    /// 1-2-3-4-5-6.
    #[strum(message = "straight 1-6\0")]
    Straight = 2,
    /// 1-2-3-4-5.
    #[strum(message = "straight 1-5\0")]
    StraightLow = 3,
    /// 2-3-4-5-6.
    #[strum(message = "straight 2-6\0")]
    StraightHigh = 4,
    /// Three pairs (or four of a kind and a pair, or six of one face, where the rules count
    /// those as three pairs).
    #[strum(message = "three pairs\0")]
    ThreePairs = 5,
    /// Four of a kind (face) and a pair.
    #[strum(message = "four of a kind and a pair\0")]
    FourOfAKindAndPair = 6,
    /// Two three-of-a-kinds (or six of one face, where the rules count that as two triplets).
    #[strum(message = "two triplets\0")]
    TwoTriplets = 7,
    /// Three of a kind (face) and a pair.
    #[strum(message = "full house\0")]
    FullHouse = 8,
    /// A roll of the whole set in which nothing else scores.
    #[strum(message = "no score\0")]
    NoScoreSet = 9,
}

/// Why a selection is not valid.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleInvalidReason {
    /// The selection is valid.
    None = 0,
    /// Nothing was selected.
    Empty = 1,
    /// Some selected dice take part in no scoring combination (see leftover_counts).
    NonScoring = 2,
}

c_enums!(FarkleCombinationKind, FarkleInvalidReason);

/// One combination of a scored selection.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleCombination {
    /// Which combination it is.
    pub kind: FarkleCombinationKind,
    /// The face naming the combination (single, of a kind, the four of a kind or the triple of
    /// a full house); 0 for straights, three pairs, two triplets and a no-score set.
    pub face: u8,
    /// Number of dice in it.
    pub dice_count: u8,
    /// Its dice as face counts: `counts[0]` ones ... `counts[5]` sixes.
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

/// An unused entry of a combinations array.
pub(crate) const EMPTY_COMBINATION: FarkleCombination = FarkleCombination {
    kind: FarkleCombinationKind::Single,
    face: 0,
    dice_count: 0,
    counts: [0; 6],
    dice_mask: 0,
    points: 0,
};

impl FarkleCombination {
    /// A combination whose dice are `dice_mask` of the faces it was read from.
    #[inline]
    pub(crate) fn new(c: &Combination, dice_mask: u16) -> Self {
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

impl ScoringFields for FarkleRules {
    /// The scoring fields read in place (`FarkleRules::scoring_key`, made from the field
    /// list): no conversion, no validation.
    #[inline(always)]
    fn key(&self) -> ScoringKey {
        self.scoring_key()
    }

    #[inline(always)]
    fn has_key(&self, key: &ScoringKey) -> bool {
        self.has_scoring_key(key)
    }

    fn rules(&self) -> Result<Rules, RulesError> {
        Rules::try_from(self)
    }
}

/// Runs `f` with this thread's cached table for a caller's rules (see
/// FARKLE_SCORER_CACHE_SLOTS). The game settings are checked first, without conversions
/// (`FarkleRules::game_options_valid`); the cache reads the scoring fields in place, and
/// converts and validates them only when it has no table for them.
///
/// Before all that, the rules checked last on the thread: when the caller's struct holds the
/// same bytes as the last one that passed (`last_rules`), its table is used at once.
#[inline(always)]
fn with_rules<F: FnOnce(&ScoringTable) -> Outcome>(rules: &FarkleRules, f: F) -> Outcome {
    let f = match last_rules::with_same(rules, f) {
        Ok(outcome) => return outcome,
        Err(f) => f,
    };
    if !rules.game_options_valid() {
        return Err(invalid_game_settings(rules));
    }
    cache::with_table(rules, |table| {
        last_rules::remember(rules, table);
        f(table)
    })?
}

/// The status and message of rules whose game settings fail their checks: the full
/// validation's.
#[cold]
#[inline(never)]
fn invalid_game_settings(rules: &FarkleRules) -> FarkleStatus {
    match Rules::try_from(rules) {
        Err(e) => FarkleStatus::from(e),
        Ok(_) => unreachable!("game_options_valid() agrees with the full validation"),
    }
}

/// Writes the points of `faces` (0 when they do not score as a whole).
#[inline(always)]
pub(crate) fn points_into(table: &ScoringTable, faces: &[u8], out: Out<i32>) -> Outcome {
    let key = table.key_of_faces(faces)?;
    out.write(table.points_of_key(key));
    Ok(())
}

/// Scores `faces` and writes every field of the output once, straight into the caller's
/// struct (unused combinations zeroed).
#[inline]
pub(crate) fn score_into(table: &ScoringTable, faces: &[u8], out: Out<FarkleScore>) -> Outcome {
    let key = table.key_of_faces(faces)?;
    let e = table.score_entry(key);
    let valid = e.points > 0;
    let reason = if valid {
        FarkleInvalidReason::None
    } else if key == 0 {
        FarkleInvalidReason::Empty
    } else {
        FarkleInvalidReason::NonScoring
    };
    let out = out.as_ptr();
    // SAFETY: `out` is non-null and writable (checked by `boundary::out`); no reference to
    // the caller's struct is made, only field pointers.
    let combinations = unsafe { addr_of_mut!((*out).combinations) }.cast::<FarkleCombination>();
    let mut used = 0usize;
    if valid {
        // Each combination takes the first free dice of each of its faces.
        table.for_each_combination_mask(key, faces, u16::MAX, |c, mask| {
            debug_assert!(used < FARKLE_MAX_DICE);
            // SAFETY: a partition of at most FARKLE_MAX_DICE dice has at most as many
            // combinations; `out` is writable.
            unsafe {
                combinations
                    .add(used)
                    .write(FarkleCombination::new(c, mask));
            };
            used += 1;
        });
    }
    // SAFETY: `out` is writable; every field is written exactly once.
    unsafe {
        for i in used..FARKLE_MAX_DICE {
            combinations.add(i).write(EMPTY_COMBINATION);
        }
        addr_of_mut!((*out).points).write(e.points);
        addr_of_mut!((*out).valid).write(valid);
        addr_of_mut!((*out).reason).write(reason);
        addr_of_mut!((*out).leftover_counts).write(e.leftover);
        addr_of_mut!((*out).combination_count).write(used);
    }
    Ok(())
}

/// Analyzes the roll `faces` and writes the output.
#[inline]
pub(crate) fn analyze_into(
    table: &ScoringTable,
    faces: &[u8],
    out: Out<FarkleRollAnalysis>,
) -> Outcome {
    let key = table.key_of_faces(faces)?;
    // The best selection takes the first dice of each face, in the caller's order.
    let (e, best_selection_mask, scoring_dice_mask) = table.roll_masks(key, faces);
    out.write(FarkleRollAnalysis {
        is_farkle: e.max_points == 0,
        max_points: e.max_points,
        best_selection_mask,
        best_selection_counts: scoring::unpack(e.best_key).0,
        scoring_dice_mask,
    });
    Ok(())
}

/// Writes the legal selections of a roll to a caller's list (see farkle_roll_selections()).
pub(crate) fn list_selections(
    table: &ScoringTable,
    faces: &[u8],
    list: ListOut<FarkleSelection>,
) -> Outcome {
    let dice = FaceCounts::from_faces(faces, table.dice_count())?;
    let selections = table.selections(dice);
    list.write(selections.iter().map(|s| {
        let mut taken = 0;
        FarkleSelection {
            dice_mask: s.dice.pick_indices(faces, &mut taken).unwrap_or(0),
            dice_count: s.dice.total() as u8,
            counts: s.dice.0,
            points: s.points,
        }
    }))
}

/// Scores a selection of dice: the points of the best partition of all of them into scoring
/// combinations, and those combinations. A selection in which some die takes part in no
/// combination is reported as not valid (`valid` false, with the reason) with status OK.
///
/// `faces` holds `count` die values 1 to 6 (NULL with count 0 is the empty selection).
/// Errors: FARKLE_STATUS_NULL_POINTER (rules, out_score, or faces with count > 0),
/// FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_INVALID_FACE, FARKLE_STATUS_TOO_MANY_DICE
/// (count above the rules' dice_count; checked before the faces). `*out_score` is written only
/// on success, every field of it (unused combinations zeroed).
///
/// The rules' table comes from the per-thread cache (see FARKLE_SCORER_CACHE_SLOTS); a
/// prepared FarkleScorer skips that lookup, and farkle_points() skips building the
/// combinations when only the points are needed.
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
        // SAFETY: the caller's promises for the three pointers.
        let (rules, faces, out) = unsafe { (arg(rules)?, slice(faces, count)?, out(out_score)?) };
        with_rules(rules, #[inline(always)] |table| score_into(table, faces, out))
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
        // SAFETY: the caller's promises for the three pointers.
        let (rules, faces, out) =
            unsafe { (arg(rules)?, slice(faces, count)?, out(out_analysis)?) };
        with_rules(rules, #[inline(always)] |table| analyze_into(table, faces, out))
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
        // SAFETY: the caller's promises for the pointers and the list buffers.
        let (rules, faces, list) = unsafe {
            (arg(rules)?, slice(faces, count)?, list_out(out_selections, capacity, out_count)?)
        };
        with_rules(rules, |table| list_selections(table, faces, list))
    }
}

/// farkle_scorer_points() with rules by pointer: the points of a selection that scores as a
/// whole, 0 when it does not or is empty.
///
/// Same argument checks and statuses as farkle_score_selection(): FARKLE_STATUS_NULL_POINTER
/// (rules, out_points, or faces with count > 0), FARKLE_STATUS_INVALID_RULES,
/// FARKLE_STATUS_TOO_MANY_DICE (checked before the faces), FARKLE_STATUS_INVALID_FACE.
/// `*out_points` is written only on success.
///
/// Cost: when the struct holds the same field values as the last one that passed its checks
/// (one struct for many calls, the usual case), farkle_scorer_points() plus a comparison of
/// the struct's bytes: 115 instructions a call for 1 to 6 dice, 1.85 times the bare loop of
/// docs/benchmarks.md. The last struct that passed is kept for the whole process (with its
/// table, for the first 8 distinct structs to pass: at most 4.3 MB kept until exit) and for
/// each thread, so threads with rules of their own keep a quick path too. Otherwise the game settings are checked and the
/// scoring fields compared with those of the rules last used at the same address, other
/// cached rules add a hash lookup (25 to 40 ns), and new scoring fields solve and cache a
/// table (see FARKLE_SCORER_CACHE_SLOTS).
///
/// # Safety
/// As for farkle_score_selection(), with `out_points` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_points(
    rules: *const FarkleRules,
    faces: *const u8,
    count: usize,
    out_points: *mut i32,
) -> FarkleStatus {
    // SAFETY: the caller's promises for the three pointers.
    if let Some(points) = unsafe { quick_points::<false>(rules, faces, count) } {
        if let Some(out) = NonNull::new(out_points) {
            // SAFETY: non-NULL, and writable by the caller's promise.
            unsafe { out.as_ptr().write(points) };
            return FarkleStatus::Ok;
        }
    }
    // A call of its own (not inlined): the thread-local access there would make this
    // function save its arguments around it.
    // SAFETY: as above.
    unsafe { points_on_thread(rules, faces, count, out_points) }
}

/// farkle_points() when the rules are not the shared ones: the thread's own quick path, then
/// the full one.
///
/// # Safety
/// As for farkle_points().
#[inline(never)]
unsafe fn points_on_thread(
    rules: *const FarkleRules,
    faces: *const u8,
    count: usize,
    out_points: *mut i32,
) -> FarkleStatus {
    // SAFETY: the caller's promises for the three pointers.
    if let Some(points) = unsafe { quick_points::<true>(rules, faces, count) } {
        if let Some(out) = NonNull::new(out_points) {
            // SAFETY: non-NULL, and writable by the caller's promise.
            unsafe { out.as_ptr().write(points) };
            return FarkleStatus::Ok;
        }
    }
    // SAFETY: as above.
    unsafe { points_in_full(rules, faces, count, out_points) }
}

/// farkle_points() when the rules struct holds the bytes of the shared struct (or, with
/// `THREAD`, of this thread's: see last_rules) and the faces are one to six valid dice of
/// its set: the points, with no check left to make and nothing that can panic. `None` sends the call down the
/// next path, which checks everything and explains any failure.
///
/// # Safety
/// As for farkle_points().
#[inline(always)]
unsafe fn quick_points<const THREAD: bool>(
    rules: *const FarkleRules,
    faces: *const u8,
    count: usize,
) -> Option<i32> {
    // SAFETY: the caller's promise for a non-NULL rules pointer.
    let rules = unsafe { rules.as_ref() }?;
    if faces.is_null() {
        return None;
    }
    // SAFETY: non-NULL; the caller promises `count` readable faces.
    let faces = unsafe { std::slice::from_raw_parts(faces, count) };
    let points = |table: &ScoringTable| table.quick_points(ScoringTable::quick_key(faces)?, count);
    if THREAD {
        last_rules::with_same(rules, points).ok().flatten()
    } else {
        last_rules::with_shared(rules, points).ok().flatten()
    }
}

/// farkle_points() with every check, behind the panic boundary.
///
/// # Safety
/// As for farkle_points().
#[inline(never)]
unsafe fn points_in_full(
    rules: *const FarkleRules,
    faces: *const u8,
    count: usize,
    out_points: *mut i32,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the three pointers.
        let (rules, faces, out) = unsafe { (arg(rules)?, slice(faces, count)?, out(out_points)?) };
        with_rules(rules, #[inline(always)] |table| points_into(table, faces, out))
    }
}

/// The static English name of a FarkleCombinationKind value ("three pairs", ...), or NULL for
/// any other number. Static; do not free.
#[no_mangle]
pub extern "C" fn farkle_combination_kind_name(kind: u32) -> *const c_char {
    ffi_guard!(std::ptr::null(), FarkleCombinationKind::c_name_of(kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Preset, SCORING_FIELDS};

    /// A small fixed generator: the same values on every run.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            self.0 >> 33
        }

        /// Mostly values at the edges of the checks, sometimes anything.
        fn pick(&mut self, edges: &[i64]) -> i64 {
            if self.next() % 8 == 0 {
                i64::from(self.next() as u32 as i32)
            } else {
                edges[self.next() as usize % edges.len()]
            }
        }
    }

    /// The fast check of the game settings must say exactly what the full validation says
    /// about rules whose scoring fields are valid: otherwise a cached table could serve rules
    /// that are invalid (or valid rules would take the slow path).
    #[test]
    fn game_settings_check_matches_full_validation() {
        let settings: &[i64] = &[
            -1,
            0,
            1,
            500,
            1_000_000_000,
            1_000_000_001,
            i64::from(i32::MIN),
        ];
        let points: &[i64] = &[-1, 0, 1, 1000, 1_000_000, 1_000_001];
        let limits: &[i64] = &[0, 1, 10, 1_000_000, 1_000_001, -1];
        let streaks: &[i64] = &[0, 1, 3, 255, 256, -1];
        let flags: &[i64] = &[0, 1, 2, 255];
        let mut rng = Lcg(12);
        let (mut valid, mut invalid) = (0, 0);
        for i in 0..200_000 {
            // A preset with one to three game settings changed.
            let mut r = FarkleRules::from(&Preset::ALL[i % Preset::ALL.len()].rules());
            for _ in 0..1 + rng.next() % 3 {
                match rng.next() % 9 {
                    0 => r.min_entry_score = rng.pick(settings) as i32,
                    1 => r.min_bank_score = rng.pick(settings) as i32,
                    2 => r.target_score = rng.pick(settings) as i32,
                    3 => r.turn_limit = rng.pick(limits) as u32,
                    4 => r.farkle_penalty_streak = rng.pick(streaks) as u32,
                    5 => r.farkle_penalty_points = rng.pick(points) as i32,
                    6 => r.final_round = rng.pick(flags) as u8,
                    7 => r.farkle_penalty_loses_all = rng.pick(flags) as u8,
                    _ => r.hot_dice = rng.pick(flags) as u8,
                }
            }
            let full = Rules::try_from(&r).is_ok();
            assert_eq!(r.game_options_valid(), full, "{r:?}");
            if full {
                valid += 1;
            } else {
                invalid += 1;
            }
        }
        assert!(
            valid > 20_000 && invalid > 20_000,
            "{valid} valid, {invalid} invalid"
        );
    }

    #[test]
    fn the_c_key_is_the_rust_key() {
        let classic = Preset::Classic.rules();
        let mut values: Vec<Rules> = Preset::ALL.map(Preset::rules).to_vec();
        values.push(Rules {
            dice_count: 12,
            kind_scaling: crate::rules::KindScaling::Fixed,
            four_of_a_kind: 1,
            five_of_a_kind: 2,
            six_of_a_kind: 3,
            straight_low: 4,
            straight_high: 5,
            four_of_a_kind_and_pair: 6,
            full_house_bonus: 7,
            no_score_set: 8,
            ..classic
        });
        for rules in &values {
            let c = FarkleRules::from(rules);
            let key = ScoringKey::of(rules);
            assert_eq!(c.scoring_key(), key);
            assert!(c.has_key(&key));
            // Any scoring field changed changes the key; a game setting does not.
            for field in 0..SCORING_FIELDS {
                let mut other = key;
                other.0[field] ^= 1;
                assert!(!c.has_key(&other), "field {field}");
            }
            let game = FarkleRules {
                target_score: c.target_score + 1,
                hot_dice: 1 - c.hot_dice,
                ..c
            };
            assert!(game.has_key(&key));
        }
    }
}

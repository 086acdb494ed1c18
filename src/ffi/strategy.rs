// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Strategy from C: exact odds of a roll, the optimal single-turn policy, and the solved
//! two-player table (FarkleWinTable). Conversions and checks only; the mathematics is in
//! `crate::strategy`.

use std::ffi::{c_char, c_void, CStr};
use std::path::Path;
use std::sync::Arc;

use crate::dice::FaceCounts;
use crate::ffi::error::{fail, FarkleStatus};
use crate::ffi::rules::FarkleRules;
use crate::rules::Rules;
use crate::strategy::{
    Odds, PenaltyPolicy, PlayerState, SingleTurn, SolveOptions, TwoPlayerState, WinTable,
};

/// `?` for functions returning FarkleStatus.
macro_rules! try_status {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return FarkleStatus::from(e),
        }
    };
}

/// A C progress function as the strategy solvers take it: no function means "go on".
fn progress_of(progress: FarkleProgressFn, user: *mut c_void) -> impl FnMut(f64) -> bool {
    move |fraction: f64| match progress {
        // SAFETY: the caller passes a valid function; it returns normally.
        Some(f) => unsafe { f(fraction, user) },
        None => true,
    }
}

/// Exact odds of one roll of some number of dice.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleOdds {
    /// Dice rolled.
    pub dice: u32,
    /// Probability that the roll farkles (no selection scores).
    pub farkle_probability: f64,
    /// The same probability as a reduced fraction.
    pub farkle_numerator: u64,
    pub farkle_denominator: u64,
    /// Probability that every die of the roll can be scored at once (hot dice).
    pub hot_dice_probability: f64,
    /// The same probability as a reduced fraction.
    pub hot_dice_numerator: u64,
    pub hot_dice_denominator: u64,
}

/// One value of the max-roll-points distribution.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarklePointsProbability {
    /// Max roll points (0 for a farkle).
    pub points: i32,
    /// Its probability, and the same as a reduced fraction.
    pub probability: f64,
    pub numerator: u64,
    pub denominator: u64,
}

/// The best play of a roll.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleChoice {
    /// True when the roll farkles; then nothing else is meaningful (all 0).
    pub farkle: bool,
    /// Dice to keep: bit i = the i-th die of the faces passed in.
    pub keep_mask: u16,
    /// The same dice as face counts.
    pub keep_counts: [u8; 6],
    /// Points of the dice kept.
    pub points: i32,
    /// Turn total after keeping them.
    pub turn_total: i32,
    /// Dice to roll next if the player goes on (the full set after hot dice; 0 when every die
    /// scored and the rules have no hot dice, so the player must bank).
    pub dice_left: u32,
    /// Whether to bank after keeping them (otherwise roll dice_left dice).
    pub bank: bool,
    /// Expected points of the rest of the turn (single-turn policy) or the probability of
    /// winning (two-player table) after this play.
    pub value: f64,
}

/// A player between turns, for the two-player table.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarklePlayer {
    /// Banked score in points (a multiple of the table's unit, below the target, not below
    /// the table's lower bound).
    pub score: i32,
    /// 1 when the player has met the minimum entry, else 0 (ignored when the rules have none;
    /// a player not on the board has a score of at most 0). Any other value is refused with
    /// FARKLE_STATUS_INVALID_ARGUMENT.
    pub on_board: u8,
    /// Consecutive farkles so far (0 without a penalty; below the penalty streak).
    pub farkles: u32,
}

/// A state in the middle of a turn, for the two-player table.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleTurnState {
    /// The player whose turn it is.
    pub me: FarklePlayer,
    pub opponent: FarklePlayer,
    /// Points made so far this turn (a multiple of the unit; 0 at the start of a turn).
    pub turn_total: i32,
    /// Dice about to be rolled, 1 to the rules' dice_count.
    pub dice: u32,
}

/// The optimal decision before a roll.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleDecision {
    /// Whether banking is optimal (ties bank).
    pub bank: bool,
    /// Whether the rules allow banking here.
    pub bank_allowed: bool,
    /// P(win) when banking now (0 when not allowed).
    pub bank_win_probability: f64,
    /// P(win) when rolling.
    pub roll_win_probability: f64,
}

/// The optimal single-turn policy for one rules value and one player situation. Opaque;
/// create with farkle_turn_policy_new(), free with farkle_turn_policy_free(). Immutable: safe
/// to query from several threads at once.
pub struct FarkleTurnPolicy {
    policy: SingleTurn,
}

/// A solved two-player game. Opaque; create with farkle_win_table_solve() or load one, free
/// with farkle_win_table_free(). Immutable once created: safe to query from several threads
/// at once.
pub struct FarkleWinTable {
    pub(crate) table: Arc<WinTable>,
}

/// Progress of a long computation: called now and then with the fraction done (0 to 1) and
/// the caller's pointer, on the thread that made the call. Return true to go on, false to
/// stop: the call then returns FARKLE_STATUS_CANCELLED soon after (within a few milliseconds
/// of work) and creates nothing. It must return normally: no longjmp, no C++ exception.
pub type FarkleProgressFn = Option<unsafe extern "C" fn(fraction: f64, user: *mut c_void) -> bool>;

fn rules_of(rules: &FarkleRules) -> Result<Rules, FarkleStatus> {
    Rules::try_from(rules).map_err(FarkleStatus::from)
}

fn dice_in_set(rules: &Rules, dice: u32) -> Result<u8, FarkleStatus> {
    match u8::try_from(dice) {
        Ok(d) if d >= 1 && d <= rules.dice_count => Ok(d),
        _ => Err(FarkleStatus::InvalidArgument),
    }
}

fn choice_out(faces: &[u8], keep: FaceCounts, c: FarkleChoice) -> FarkleChoice {
    let mut taken = 0;
    FarkleChoice {
        keep_mask: keep.pick_indices(faces, &mut taken).unwrap_or(0),
        keep_counts: keep.0,
        ..c
    }
}

const FARKLE_CHOICE: FarkleChoice = FarkleChoice {
    farkle: true,
    keep_mask: 0,
    keep_counts: [0; 6],
    points: 0,
    turn_total: 0,
    dice_left: 0,
    bank: false,
    value: 0.0,
};

/// Exact odds of rolling `dice` dice under `rules`: the probability of a farkle and of hot
/// dice, as doubles and as reduced fractions, computed by enumerating every roll.
///
/// Errors: FARKLE_STATUS_NULL_POINTER (rules or out_odds), FARKLE_STATUS_INVALID_RULES,
/// FARKLE_STATUS_INVALID_ARGUMENT (dice outside 1..rules->dice_count). `*out_odds` is written
/// only on success.
///
/// # Safety
/// `rules` must be NULL or readable, `out_odds` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_odds(
    rules: *const FarkleRules,
    dice: u32,
    out_odds: *mut FarkleOdds,
) -> FarkleStatus {
    legacy_boundary! {
        let rules = match rules_of(try_ref!(rules)) {
            Ok(r) => r,
            Err(status) => return status,
        };
        let out = try_out!(out_odds);
        let d = match dice_in_set(&rules, dice) {
            Ok(d) => d,
            Err(status) => return status,
        };
        let odds = try_status!(Odds::new(&rules));
        let hand = odds.hand(d).expect("checked range");
        let (f, h) = (hand.farkle(), hand.hot_dice());
        let value = FarkleOdds {
            dice,
            farkle_probability: f.to_f64(),
            farkle_numerator: f.numerator,
            farkle_denominator: f.denominator,
            hot_dice_probability: h.to_f64(),
            hot_dice_numerator: h.numerator,
            hot_dice_denominator: h.denominator,
        };
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(value) };
        FarkleStatus::Ok
    }
}

/// The exact distribution of the max roll points of `dice` dice, ascending points (the
/// first entry, 0 points, is the farkle probability when the roll can farkle).
///
/// Writes the entries to `out_entries` (room for `capacity`) and their number to
/// `*out_count`. When `capacity` is too small, returns FARKLE_STATUS_BUFFER_TOO_SMALL, writes
/// the number needed to `*out_count` and nothing to `out_entries`. Other errors as for
/// farkle_odds(); `out_entries` may be NULL only when `capacity` is 0.
///
/// # Safety
/// `rules` readable, `out_entries` writable for `capacity` entries, `out_count` writable (or
/// NULL, which is refused).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_odds_max_points(
    rules: *const FarkleRules,
    dice: u32,
    out_entries: *mut FarklePointsProbability,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    legacy_boundary! {
        let rules = match rules_of(try_ref!(rules)) {
            Ok(r) => r,
            Err(status) => return status,
        };
        let out_count = try_out!(out_count);
        if out_entries.is_null() && capacity != 0 {
            return FarkleStatus::NullPointer;
        }
        let d = match dice_in_set(&rules, dice) {
            Ok(d) => d,
            Err(status) => return status,
        };
        let odds = try_status!(Odds::new(&rules));
        let entries = odds.hand(d).expect("checked range").max_points_distribution();
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out_count.write(entries.len()) };
        if entries.len() > capacity {
            return FarkleStatus::BufferTooSmall;
        }
        for (i, (points, p)) in entries.iter().enumerate() {
            let e = FarklePointsProbability {
                points: *points,
                probability: p.to_f64(),
                numerator: p.numerator,
                denominator: p.denominator,
            };
            // SAFETY: i < entries.len() <= capacity entries are writable.
            unsafe { out_entries.add(i).write(e) };
        }
        FarkleStatus::Ok
    }
}

/// Solves the single turn that maximizes the expected points banked, for a player on the
/// board or not (who cannot bank below the rules' minimum entry).
///
/// Cost: one backward pass over every turn total up to where banking is proven optimal (or
/// allowed, if higher), about a nanosecond per option evaluation on the machine of the
/// README's benchmarks: 0.5 ms for the classic preset, 0.2 s for twelve dice with doubling
/// kinds, 1.5 s for twelve dice under the additive rules. Refused with
/// FARKLE_STATUS_RESOURCE_LIMIT, before anything is allocated, beyond
/// FARKLE_LIMIT_TURN_STATES states or FARKLE_LIMIT_TURN_WORK option evaluations (a bank
/// minimum of a billion points, for one). farkle_turn_policy_new_with_progress() reports
/// progress and can be cancelled.
///
/// On success `*out_policy` owns a new policy; free it with farkle_turn_policy_free().
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_UNSUPPORTED
/// (a turn could go on forever without risk), FARKLE_STATUS_RESOURCE_LIMIT;
/// farkle_last_error_message() says why.
///
/// # Safety
/// `rules` readable, `out_policy` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_turn_policy_new(
    rules: *const FarkleRules,
    on_board: bool,
    out_policy: *mut *mut FarkleTurnPolicy,
) -> FarkleStatus {
    // SAFETY: the caller's promises are this function's.
    unsafe {
        farkle_turn_policy_new_with_progress(
            rules,
            on_board,
            None,
            std::ptr::null_mut(),
            out_policy,
        )
    }
}

/// farkle_turn_policy_new(), calling `progress` (when not NULL) now and then with the
/// fraction done and `user`; when it returns false the solve stops and returns
/// FARKLE_STATUS_CANCELLED, creating nothing.
///
/// # Safety
/// `rules` readable, `out_policy` writable; `progress` a valid function or NULL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_turn_policy_new_with_progress(
    rules: *const FarkleRules,
    on_board: bool,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_policy: *mut *mut FarkleTurnPolicy,
) -> FarkleStatus {
    legacy_boundary! {
        let rules = match rules_of(try_ref!(rules)) {
            Ok(r) => r,
            Err(status) => return status,
        };
        let out = try_out!(out_policy);
        let odds = try_status!(Odds::new(&rules));
        let mut report = progress_of(progress, user);
        let policy = try_status!(SingleTurn::solve_with_progress(&odds, on_board, &mut report));
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(Box::into_raw(Box::new(FarkleTurnPolicy { policy }))) };
        FarkleStatus::Ok
    }
}

/// Frees a policy. NULL is a no-op; do not free a policy twice.
///
/// # Safety
/// `policy` must be NULL or come from farkle_turn_policy_new() and not be freed yet.
#[no_mangle]
pub unsafe extern "C" fn farkle_turn_policy_free(policy: *mut FarkleTurnPolicy) {
    if !policy.is_null() {
        // SAFETY: the caller passes a pointer from Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(policy) });
    }
}

/// The expected points of one turn from scratch (turn total 0, the full set) under the
/// optimal policy.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `policy` a live policy, `out_points` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_turn_policy_expected_points(
    policy: *const FarkleTurnPolicy,
    out_points: *mut f64,
) -> FarkleStatus {
    legacy_boundary! {
        let policy = try_ref!(policy);
        let out = try_out!(out_points);
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(policy.policy.expected_points()) };
        FarkleStatus::Ok
    }
}

/// The smallest turn total from which on the optimal player always banks when about to roll
/// `dice` dice; -1 when that hand never farkles (then rolling it is always at least as good).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (dice outside
/// 1..dice_count).
///
/// # Safety
/// `policy` a live policy, `out_threshold` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_turn_policy_bank_threshold(
    policy: *const FarkleTurnPolicy,
    dice: u32,
    out_threshold: *mut i32,
) -> FarkleStatus {
    legacy_boundary! {
        let policy = try_ref!(policy);
        let out = try_out!(out_threshold);
        let Ok(d) = u8::try_from(dice) else {
            return FarkleStatus::InvalidArgument;
        };
        let threshold = try_status!(policy.policy.bank_threshold(d)).unwrap_or(-1);
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(threshold) };
        FarkleStatus::Ok
    }
}

/// The best play of a roll (`count` faces 1..6) with `turn_total` points already made this
/// turn: which dice to keep (a mask into `faces`) and whether to bank afterwards;
/// `farkle` set when nothing scores. Constant time in the turn total (above the solved range
/// the values are in closed form).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_FACE,
/// FARKLE_STATUS_TOO_MANY_DICE (more faces than the rules' dice_count),
/// FARKLE_STATUS_INVALID_ARGUMENT (no dice, or a turn total that is negative, above
/// FARKLE_MAX_TURN_TOTAL or not a multiple of the rules' granularity, 50 for every preset).
///
/// # Safety
/// `policy` a live policy, `faces` readable for `count` bytes, `out_choice` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_turn_policy_best_choice(
    policy: *const FarkleTurnPolicy,
    faces: *const u8,
    count: usize,
    turn_total: i32,
    out_choice: *mut FarkleChoice,
) -> FarkleStatus {
    legacy_boundary! {
        let policy = try_ref!(policy);
        let faces = try_slice!(faces, count);
        let out = try_out!(out_choice);
        let dice = usize::from(policy.policy.dice_count());
        let roll = try_status!(FaceCounts::from_faces(faces, dice));
        let choice = match try_status!(policy.policy.best_choice(roll, turn_total)) {
            None => FARKLE_CHOICE,
            Some(c) => choice_out(
                faces,
                c.keep,
                FarkleChoice {
                    farkle: false,
                    points: c.points,
                    turn_total: c.turn_total,
                    dice_left: c.dice_left.into(),
                    bank: c.bank,
                    value: c.value,
                    ..FARKLE_CHOICE
                },
            ),
        };
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(choice) };
        FarkleStatus::Ok
    }
}

/// The long-run average points per turn under the optimal policy for rules with a
/// consecutive-farkle penalty (the player on the board).
///
/// Cost: a single-turn solve (see farkle_turn_policy_new()) for every count of farkles in a
/// row, repeated until the relative values settle: 10 ms for the extended preset, 3 s for a
/// streak of 255. Refused with FARKLE_STATUS_RESOURCE_LIMIT beyond FARKLE_LIMIT_TURN_STATES
/// states for all the counts together or FARKLE_LIMIT_TURN_WORK option evaluations in all.
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_UNSUPPORTED
/// (no penalty, or a penalty that loses the whole score), FARKLE_STATUS_RESOURCE_LIMIT.
///
/// # Safety
/// `rules` readable, `out_average` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_penalty_average_points(
    rules: *const FarkleRules,
    out_average: *mut f64,
) -> FarkleStatus {
    // SAFETY: the caller's promises are this function's.
    unsafe {
        farkle_penalty_average_points_with_progress(rules, None, std::ptr::null_mut(), out_average)
    }
}

/// farkle_penalty_average_points(), calling `progress` (when not NULL) now and then with an
/// estimate of the fraction done and `user`; when it returns false the call stops with
/// FARKLE_STATUS_CANCELLED and writes nothing.
///
/// # Safety
/// `rules` readable, `out_average` writable; `progress` a valid function or NULL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_penalty_average_points_with_progress(
    rules: *const FarkleRules,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_average: *mut f64,
) -> FarkleStatus {
    legacy_boundary! {
        let rules = match rules_of(try_ref!(rules)) {
            Ok(r) => r,
            Err(status) => return status,
        };
        let out = try_out!(out_average);
        let odds = try_status!(Odds::new(&rules));
        let mut report = progress_of(progress, user);
        let policy = try_status!(PenaltyPolicy::solve_with_progress(&odds, &mut report));
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(policy.average_points_per_turn()) };
        FarkleStatus::Ok
    }
}

/// Solves optimal two-player play under `rules` (to its target; turn limits are not
/// supported): P(win) at the start of every turn. Blocks until done, on worker threads that
/// this call creates (one per core, or RAYON_NUM_THREADS) and that are gone when it returns,
/// so a process may fork() before or after (not during) a solve.
///
/// Cost, measured on two cores: 4 to 8 s of wall time (8 to 16 s of CPU) for the presets
/// without a farkle penalty to 10,000 (one pass over 40,000 to 160,000 pairs of player
/// states), about 20 s (40 s of CPU) for the two presets with a penalty (nine or ten passes
/// over about 500,000 pairs), memory under 30 MB. Refused with FARKLE_STATUS_RESOURCE_LIMIT,
/// before the solve starts, beyond FARKLE_LIMIT_WIN_TABLE_PAIRS pairs or
/// FARKLE_LIMIT_WIN_TABLE_PASS_WORK option evaluations per pass (a target of a million, or a
/// granularity of 1 point, for instance).
///
/// `progress`, when not NULL, is called now and then from this thread with the fraction done
/// (an estimate under a penalty) and `user`; when it returns false the solve stops within
/// milliseconds and returns FARKLE_STATUS_CANCELLED, creating nothing.
///
/// On success `*out_table` owns a new table; free it with farkle_win_table_free().
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_UNSUPPORTED
/// (a turn limit, no target, or a turn that could go on forever without risk),
/// FARKLE_STATUS_RESOURCE_LIMIT, FARKLE_STATUS_CANCELLED; farkle_last_error_message() says
/// why.
///
/// # Safety
/// `rules` readable, `out_table` writable; `progress` a valid function or NULL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_solve(
    rules: *const FarkleRules,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_table: *mut *mut FarkleWinTable,
) -> FarkleStatus {
    legacy_boundary! {
        let rules = match rules_of(try_ref!(rules)) {
            Ok(r) => r,
            Err(status) => return status,
        };
        let out = try_out!(out_table);
        let mut report = progress_of(progress, user);
        let table = try_status!(WinTable::solve(&rules, SolveOptions::default(), &mut report));
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(Box::into_raw(Box::new(FarkleWinTable {
            table: Arc::new(table),
        }))) };
        FarkleStatus::Ok
    }
}

/// Frees a table. NULL is a no-op; do not free a table twice.
///
/// # Safety
/// `table` must be NULL or come from this library and not be freed yet.
#[no_mangle]
pub unsafe extern "C" fn farkle_win_table_free(table: *mut FarkleWinTable) {
    if !table.is_null() {
        // SAFETY: the caller passes a pointer from Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(table) });
    }
}

fn path_of<'a>(path: *const c_char) -> Result<&'a Path, FarkleStatus> {
    if path.is_null() {
        return Err(FarkleStatus::NullPointer);
    }
    // SAFETY: non-null; the caller promises a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(path) }
        .to_str()
        .map_err(|_| FarkleStatus::InvalidArgument)?;
    Ok(Path::new(text))
}

/// Saves a table to the file at `path` (UTF-8), in the compact versioned format described in
/// the README (about 320 KB for the minimal preset to 10,000).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (path not UTF-8),
/// FARKLE_STATUS_IO.
///
/// # Safety
/// `table` a live table, `path` a NUL-terminated string.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_save(
    table: *const FarkleWinTable,
    path: *const c_char,
) -> FarkleStatus {
    legacy_boundary! {
        let table = try_ref!(table);
        let path = match path_of(path) {
            Ok(p) => p,
            Err(status) => return status,
        };
        try_status!(table.table.save(path));
        FarkleStatus::Ok
    }
}

/// Loads a table saved by farkle_win_table_save() or farkle_win_table_to_buffer(), reading at
/// most the size of the largest table this library writes (about 17 MB; a longer file or a
/// device is refused without reading further).
///
/// Besides its format, sizes and checksum, a table must agree with the rules it claims: the
/// turns of a sample of pairs are solved again from the stored values around them, and with
/// a final round the lead cap and a few last-turn chances are recomputed (milliseconds for a
/// 6-dice preset). The checksum only detects damage (anyone can recompute it); this check is
/// what refuses a table whose rules were edited. It is not a signature: load tables you trust.
///
/// On success `*out_table` owns a new table. Errors: FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_INVALID_ARGUMENT (path not UTF-8), FARKLE_STATUS_IO (cannot read),
/// FARKLE_STATUS_BAD_TABLE_FILE (not a table, too long, truncated, corrupted, another
/// version, or values that do not follow from its rules), FARKLE_STATUS_INVALID_RULES,
/// FARKLE_STATUS_UNSUPPORTED or FARKLE_STATUS_RESOURCE_LIMIT (the rules inside are not
/// solvable here); farkle_last_error_message() says which.
///
/// # Safety
/// `path` a NUL-terminated string, `out_table` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_load(
    path: *const c_char,
    out_table: *mut *mut FarkleWinTable,
) -> FarkleStatus {
    legacy_boundary! {
        let path = match path_of(path) {
            Ok(p) => p,
            Err(status) => return status,
        };
        let out = try_out!(out_table);
        let table = try_status!(WinTable::load(path));
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(Box::into_raw(Box::new(FarkleWinTable {
            table: Arc::new(table),
        }))) };
        FarkleStatus::Ok
    }
}

/// Writes the saved form of a table to a caller's buffer of `capacity` bytes and its size to
/// `*out_size`. When `capacity` is too small, returns FARKLE_STATUS_BUFFER_TOO_SMALL, writes
/// the size needed to `*out_size` and nothing to the buffer (call with NULL, 0 to ask).
///
/// Errors: FARKLE_STATUS_NULL_POINTER (table, out_size, or buffer NULL with capacity > 0),
/// FARKLE_STATUS_BUFFER_TOO_SMALL.
///
/// # Safety
/// `table` a live table, `buffer` writable for `capacity` bytes, `out_size` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_to_buffer(
    table: *const FarkleWinTable,
    buffer: *mut u8,
    capacity: usize,
    out_size: *mut usize,
) -> FarkleStatus {
    legacy_boundary! {
        let table = try_ref!(table);
        let out_size = try_out!(out_size);
        if buffer.is_null() && capacity != 0 {
            return FarkleStatus::NullPointer;
        }
        let bytes = table.table.to_bytes();
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out_size.write(bytes.len()) };
        if bytes.len() > capacity {
            return FarkleStatus::BufferTooSmall;
        }
        // SAFETY: bytes.len() <= capacity bytes are writable.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), buffer, bytes.len()) };
        FarkleStatus::Ok
    }
}

/// Loads a table from the `size` bytes at `buffer` (the saved format).
///
/// Errors as for farkle_win_table_load(), without FARKLE_STATUS_IO.
///
/// # Safety
/// `buffer` readable for `size` bytes, `out_table` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_from_buffer(
    buffer: *const u8,
    size: usize,
    out_table: *mut *mut FarkleWinTable,
) -> FarkleStatus {
    legacy_boundary! {
        let bytes = try_slice!(buffer, size);
        let out = try_out!(out_table);
        let table = try_status!(WinTable::from_bytes(bytes));
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(Box::into_raw(Box::new(FarkleWinTable {
            table: Arc::new(table),
        }))) };
        FarkleStatus::Ok
    }
}

/// The rules a table was solved for.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `table` a live table, `out_rules` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_rules(
    table: *const FarkleWinTable,
    out_rules: *mut FarkleRules,
) -> FarkleStatus {
    legacy_boundary! {
        let table = try_ref!(table);
        let out = try_out!(out_rules);
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(FarkleRules::from(table.table.rules())) };
        FarkleStatus::Ok
    }
}

fn player(p: &FarklePlayer) -> Result<PlayerState, FarkleStatus> {
    let on_board = match p.on_board {
        0 => false,
        1 => true,
        other => {
            return Err(fail(
                FarkleStatus::InvalidArgument,
                format!("on_board is {other}; a flag is 0 or 1"),
            ))
        }
    };
    Ok(PlayerState {
        score: p.score,
        on_board,
        farkles: u8::try_from(p.farkles).map_err(|_| FarkleStatus::InvalidArgument)?,
    })
}

fn turn_state(s: &FarkleTurnState) -> Result<TwoPlayerState, FarkleStatus> {
    Ok(TwoPlayerState {
        me: player(&s.me)?,
        opponent: player(&s.opponent)?,
        turn_total: s.turn_total,
        dice: u8::try_from(s.dice).map_err(|_| FarkleStatus::InvalidArgument)?,
    })
}

/// P(win) for the player to move in `state` (who may bank where the rules allow it); with
/// turn total 0 and the full set it is the start-of-turn probability. Recomputes the turn
/// (about a millisecond).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (a score, turn total,
/// dice or farkle count outside the table; see FarklePlayer).
///
/// # Safety
/// `table` a live table, `state` readable, `out_probability` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_win_probability(
    table: *const FarkleWinTable,
    state: *const FarkleTurnState,
    out_probability: *mut f64,
) -> FarkleStatus {
    legacy_boundary! {
        let table = try_ref!(table);
        let state = match turn_state(try_ref!(state)) {
            Ok(s) => s,
            Err(status) => return status,
        };
        let out = try_out!(out_probability);
        let p = try_status!(table.table.win_probability(&state));
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(p) };
        FarkleStatus::Ok
    }
}

/// The optimal decision in `state` before rolling: bank or roll, and P(win) of each.
///
/// Errors as for farkle_win_table_win_probability().
///
/// # Safety
/// `table` a live table, `state` readable, `out_decision` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_decision(
    table: *const FarkleWinTable,
    state: *const FarkleTurnState,
    out_decision: *mut FarkleDecision,
) -> FarkleStatus {
    legacy_boundary! {
        let table = try_ref!(table);
        let state = match turn_state(try_ref!(state)) {
            Ok(s) => s,
            Err(status) => return status,
        };
        let out = try_out!(out_decision);
        let d = try_status!(table.table.decision(&state));
        let value = FarkleDecision {
            bank: d.bank,
            bank_allowed: d.bank_win_probability.is_some(),
            bank_win_probability: d.bank_win_probability.unwrap_or(0.0),
            roll_win_probability: d.roll_win_probability,
        };
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(value) };
        FarkleStatus::Ok
    }
}

/// The best play of a roll (`count` faces) for `me` against `opponent` holding `turn_total`:
/// which dice to keep and whether to bank after; `value` is P(win) after the play.
///
/// Errors as for farkle_win_table_win_probability(), plus FARKLE_STATUS_INVALID_FACE and
/// FARKLE_STATUS_TOO_MANY_DICE.
///
/// # Safety
/// `table` a live table, `me`/`opponent` readable, `faces` readable for `count` bytes,
/// `out_choice` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_best_choice(
    table: *const FarkleWinTable,
    me: *const FarklePlayer,
    opponent: *const FarklePlayer,
    turn_total: i32,
    faces: *const u8,
    count: usize,
    out_choice: *mut FarkleChoice,
) -> FarkleStatus {
    legacy_boundary! {
        let table = try_ref!(table);
        let (me, opponent) = match (player(try_ref!(me)), player(try_ref!(opponent))) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(status), _) | (_, Err(status)) => return status,
        };
        let faces = try_slice!(faces, count);
        let out = try_out!(out_choice);
        let n = usize::from(table.table.rules().dice_count);
        let roll = try_status!(FaceCounts::from_faces(faces, n));
        let best = try_status!(table.table.best_choice(&me, &opponent, turn_total, roll));
        let choice = match best {
            None => FARKLE_CHOICE,
            Some(c) => choice_out(
                faces,
                c.keep,
                FarkleChoice {
                    farkle: false,
                    points: c.points,
                    turn_total: c.turn_total,
                    dice_left: c.dice_left.into(),
                    bank: c.bank,
                    value: c.win_probability,
                    ..FARKLE_CHOICE
                },
            ),
        };
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(choice) };
        FarkleStatus::Ok
    }
}

/// P(first player wins) from the start of a game under optimal play by both.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `table` a live table, `out_probability` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_first_player_win_probability(
    table: *const FarkleWinTable,
    out_probability: *mut f64,
) -> FarkleStatus {
    legacy_boundary! {
        let table = try_ref!(table);
        let out = try_out!(out_probability);
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(table.table.first_player_win_probability()) };
        FarkleStatus::Ok
    }
}

/// The fairest compensation: the head start in points (banked, on the board) for the second
/// player that brings P(first player wins) closest to 1/2; the smallest such, 0 when the
/// first player is not ahead.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `table` a live table, `out_points` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_compensation(
    table: *const FarkleWinTable,
    out_points: *mut i32,
) -> FarkleStatus {
    legacy_boundary! {
        let table = try_ref!(table);
        let out = try_out!(out_points);
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(table.table.compensation()) };
        FarkleStatus::Ok
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleTurnPolicy, the optimal single-turn policy, from C: its best play of a roll
//! (FarkleChoice), its bank thresholds, the value of any position of a turn, and
//! FarklePenaltyPolicy, the long-run policy under a farkle penalty (its average, and its
//! thresholds and relative values by farkles in a row). Conversions and checks only; the
//! mathematics is in `crate::strategy::single_turn`.

use std::ffi::c_void;

use crate::dice::FaceCounts;
use crate::ffi::boundary::{arg, out, slice, Handle, Outcome};
use crate::ffi::error::{fail, FarkleStatus};
use crate::ffi::odds::dice_arg;
use crate::ffi::progress::{with_progress, FarkleProgressFn};
use crate::ffi::rules::FarkleRules;
use crate::rules::Rules;
use crate::strategy::{Odds, PenaltyPolicy, SingleTurn};

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

impl FarkleChoice {
    /// The answer for a roll that farkles: nothing else is meaningful (all 0).
    pub(crate) fn farkle() -> FarkleChoice {
        FarkleChoice {
            farkle: true,
            keep_mask: 0,
            keep_counts: [0; 6],
            points: 0,
            turn_total: 0,
            dice_left: 0,
            bank: false,
            value: 0.0,
        }
    }

    /// A scoring play of the roll `faces`: the dice kept, `keep`, as a mask into `faces` and
    /// as face counts, then what follows and the play's value.
    pub(crate) fn play(
        faces: &[u8],
        keep: FaceCounts,
        points: i32,
        turn_total: i32,
        dice_left: u8,
        bank: bool,
        value: f64,
    ) -> FarkleChoice {
        let mut taken = 0;
        FarkleChoice {
            farkle: false,
            keep_mask: keep.pick_indices(faces, &mut taken).unwrap_or(0),
            keep_counts: keep.0,
            points,
            turn_total,
            dice_left: dice_left.into(),
            bank,
            value,
        }
    }
}

/// The optimal single-turn policy for one rules value and one player situation. Opaque;
/// create with farkle_turn_policy_new(), free with farkle_turn_policy_free(). Immutable: safe
/// to query from several threads at once.
pub struct FarkleTurnPolicy {
    policy: SingleTurn,
}

impl Handle for FarkleTurnPolicy {}

impl FarkleTurnPolicy {
    /// A handle on a solved policy (the WebAssembly build rebuilds one from a worker's bytes).
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn of(policy: SingleTurn) -> FarkleTurnPolicy {
        FarkleTurnPolicy { policy }
    }

    /// The policy behind the handle.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn policy(&self) -> &SingleTurn {
        &self.policy
    }
}

/// Solves the single turn that maximizes the expected points banked, for a player on the
/// board or not (who cannot bank below the rules' minimum entry).
///
/// Cost: one backward pass over every turn total up to where banking is proven optimal (or
/// allowed, if higher), about a nanosecond per option evaluation on the machine of the
/// benchmarks (docs/limits.md): 0.5 ms for the classic preset, 0.2 s for twelve dice with
/// doubling kinds, 1.5 s for twelve dice under the additive rules. Refused with
/// FARKLE_STATUS_RESOURCE_LIMIT, before anything is allocated, beyond FARKLE_LIMIT_TURN_STATES
/// states or FARKLE_LIMIT_TURN_WORK option evaluations (a bank minimum of a billion points, for
/// one). farkle_turn_policy_new_with_progress() reports progress and can be cancelled.
///
/// On success `*out_policy` owns a new policy; free it with farkle_turn_policy_free().
/// House rules: the same-face scoring options play through the scoring; with
/// singles_only_before_entry a policy for a player not on the board scores only single 1s and
/// 5s (and its turn totals are multiples of that scoring's granularity). The target and
/// exact_target do not enter one turn's expected points; under piggybacking,
/// farkle_game_advise() values an offer to take over a turn as rolling its dice at its turn
/// total and compares that with the value from scratch (farkle_turn_policy_value() at the
/// offered total and dice may bank at once, which a turn taken over may not: it is only an
/// upper bound).
/// A hot_dice_multiplier_step above 0 is refused with FARKLE_STATUS_UNSUPPORTED: the policy
/// does not track the multiplier.
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_UNSUPPORTED
/// (a turn could go on forever without risk, or a hot-dice multiplier),
/// FARKLE_STATUS_RESOURCE_LIMIT; farkle_last_error_message() says why.
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

/// farkle_turn_policy_new(), calling `progress` (when not NULL) as FarkleProgressFn describes
/// (before the work, every few milliseconds during it, 1.0 at the end) with the fraction
/// done and `user`; when it returns false the solve stops and returns
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers and the progress function.
        let (rules, out) = unsafe { (Rules::try_from(arg(rules)?)?, out(out_policy)?) };
        // SAFETY: the caller's promise for the progress function.
        let policy = unsafe {
            with_progress(progress, user, |report| {
                Ok(SingleTurn::solve_with_progress(&Odds::new(&rules)?, on_board, report)?)
            })
        }?;
        FarkleTurnPolicy { policy }.into_out(out);
        Ok(())
    }
}

/// Frees a policy; NULL does nothing. Do not use it or free it again afterwards.
///
/// # Safety
/// `policy` must be NULL or come from farkle_turn_policy_new() and not be freed yet.
#[no_mangle]
pub unsafe extern "C" fn farkle_turn_policy_free(policy: *mut FarkleTurnPolicy) {
    // SAFETY: the caller's promise.
    ffi_guard!((), unsafe { FarkleTurnPolicy::free(policy) });
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (policy, out) = unsafe { (FarkleTurnPolicy::from_ptr(policy)?, out(out_points)?) };
        out.write(policy.policy.expected_points());
        Ok(())
    }
}

/// The smallest turn total from which on the optimal player always banks when about to roll
/// `dice` dice; -1 when that hand never farkles (then rolling it is always at least as good).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (dice outside
/// 1 to dice_count).
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (policy, out) = unsafe { (FarkleTurnPolicy::from_ptr(policy)?, out(out_threshold)?) };
        let d = dice_arg(dice, policy.policy.dice_count())?;
        out.write(policy.policy.bank_threshold(d)?.unwrap_or(-1));
        Ok(())
    }
}

/// The expected points the optimal player banks this turn (0 for a farkle) from a position
/// before a roll: holding `turn_total` points and about to roll `dice_left` dice, the better
/// of banking now, where the rules allow it, and rolling. At turn total 0 with the full set
/// it is farkle_turn_policy_expected_points(). `on_board` (1 on the board, 0 not yet, when the
/// minimum entry applies) states the player's situation and must be the one the policy was
/// created for; a policy answers for one situation only. Constant time in the turn total
/// (above the solved range the values are in closed form); allocates nothing.
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (a turn total that is
/// negative, above FARKLE_MAX_TURN_TOTAL or not a multiple of the rules' granularity, 50 for
/// every preset, or off the board under singles_only_before_entry that of single 1s and 5s;
/// dice_left outside 1 to dice_count; on_board other than 0 or 1, or not the
/// situation the policy was created for); farkle_last_error_message() says why.
/// `*out_value` is written only on success.
///
/// # Safety
/// `policy` a live policy, `out_value` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_turn_policy_value(
    policy: *const FarkleTurnPolicy,
    turn_total: i32,
    dice_left: u32,
    on_board: u8,
    out_value: *mut f64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (policy, out) = unsafe { (FarkleTurnPolicy::from_ptr(policy)?, out(out_value)?) };
        let on_board = flag_arg(on_board, "on_board")?;
        let dice = dice_arg(dice_left, policy.policy.dice_count())?;
        out.write(policy.policy.position_value(turn_total, dice, on_board)?);
        Ok(())
    }
}

/// A C flag (0 or 1) as a bool, or INVALID_ARGUMENT naming the parameter.
fn flag_arg(value: u8, name: &str) -> Result<bool, FarkleStatus> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(fail(
            FarkleStatus::InvalidArgument,
            format!("{name} is {value}; it must be 0 or 1"),
        )),
    }
}

/// The best play of a roll (`count` faces 1 to 6) with `turn_total` points already made this
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
    ffi_boundary! {
        // SAFETY: the caller's promises for the three pointers.
        let (policy, faces, out) = unsafe {
            (FarkleTurnPolicy::from_ptr(policy)?, slice(faces, count)?, out(out_choice)?)
        };
        let roll = FaceCounts::from_faces(faces, usize::from(policy.policy.dice_count()))?;
        let best = policy.policy.best_choice(roll, turn_total)?;
        out.write(best.map_or_else(FarkleChoice::farkle, |c| {
            FarkleChoice::play(faces, c.keep, c.points, c.turn_total, c.dice_left, c.bank, c.value)
        }));
        Ok(())
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
/// (no penalty, a penalty that loses the whole score, or a hot_dice_multiplier_step above 0),
/// FARKLE_STATUS_RESOURCE_LIMIT.
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

/// farkle_penalty_average_points(), calling `progress` (when not NULL) as FarkleProgressFn
/// describes (before the work, every few milliseconds during it, 1.0 at the end) with an
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers and the progress function.
        let (rules, out) = unsafe { (Rules::try_from(arg(rules)?)?, out(out_average)?) };
        // SAFETY: the caller's promise for the progress function.
        let policy = unsafe { penalty_policy(&rules, progress, user) }?;
        out.write(policy.average_points_per_turn());
        Ok(())
    }
}

/// Solves the long-run policy of `rules`, reporting to `progress`.
///
/// # Safety
/// `progress` a valid function or NULL.
unsafe fn penalty_policy(
    rules: &Rules,
    progress: FarkleProgressFn,
    user: *mut c_void,
) -> Outcome<PenaltyPolicy> {
    // SAFETY: the caller's promise.
    unsafe {
        with_progress(progress, user, |report| {
            Ok(PenaltyPolicy::solve_with_progress(
                &Odds::new(rules)?,
                report,
            )?)
        })
    }
}

/// The optimal long-run policy for rules with a consecutive-farkle penalty (the player on the
/// board): the turn to play after each count of farkles in a row, from 0 to one less than
/// the rules' farkle_penalty_streak. Opaque; create with farkle_penalty_policy_new(), free
/// with farkle_penalty_policy_free(). Immutable: safe to query from several threads at once.
pub struct FarklePenaltyPolicy {
    policy: PenaltyPolicy,
    dice_count: u8,
}

impl Handle for FarklePenaltyPolicy {}

impl FarklePenaltyPolicy {
    /// A handle on a solved policy for rules of `dice_count` dice (the WebAssembly build
    /// rebuilds one from a worker's bytes).
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn of(policy: PenaltyPolicy, dice_count: u8) -> FarklePenaltyPolicy {
        FarklePenaltyPolicy { policy, dice_count }
    }

    /// The policy behind the handle.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn policy(&self) -> &PenaltyPolicy {
        &self.policy
    }
}

/// Solves the policy that maximizes the long-run average points per turn under the rules'
/// consecutive-farkle penalty, the player on the board; farkle_penalty_average_points() is
/// its average.
///
/// Cost: as farkle_penalty_average_points() (10 ms for the extended preset, 3 s for a streak
/// of 255; FARKLE_STATUS_RESOURCE_LIMIT beyond FARKLE_LIMIT_TURN_STATES states for all the
/// counts together or FARKLE_LIMIT_TURN_WORK option evaluations in all), and it keeps one
/// solved turn per count of farkles in a row. farkle_penalty_policy_new_with_progress()
/// reports progress and can be cancelled.
///
/// On success `*out_policy` owns a new policy; free it with farkle_penalty_policy_free().
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_UNSUPPORTED
/// (no penalty, a penalty that loses the whole score, or a hot_dice_multiplier_step above 0),
/// FARKLE_STATUS_RESOURCE_LIMIT; farkle_last_error_message() says why.
///
/// # Safety
/// `rules` readable, `out_policy` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_penalty_policy_new(
    rules: *const FarkleRules,
    out_policy: *mut *mut FarklePenaltyPolicy,
) -> FarkleStatus {
    // SAFETY: the caller's promises are this function's.
    unsafe {
        farkle_penalty_policy_new_with_progress(rules, None, std::ptr::null_mut(), out_policy)
    }
}

/// farkle_penalty_policy_new(), calling `progress` (when not NULL) as FarkleProgressFn
/// describes (before the work, every few milliseconds during it, 1.0 at the end) with an
/// estimate of the fraction done and `user`; when it returns false the solve stops and
/// returns FARKLE_STATUS_CANCELLED, creating nothing.
///
/// # Safety
/// `rules` readable, `out_policy` writable; `progress` a valid function or NULL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_penalty_policy_new_with_progress(
    rules: *const FarkleRules,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_policy: *mut *mut FarklePenaltyPolicy,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers and the progress function.
        let (rules, out) = unsafe { (Rules::try_from(arg(rules)?)?, out(out_policy)?) };
        // SAFETY: the caller's promise for the progress function.
        let policy = unsafe { penalty_policy(&rules, progress, user) }?;
        FarklePenaltyPolicy { policy, dice_count: rules.dice_count }.into_out(out);
        Ok(())
    }
}

/// Frees a penalty policy; NULL does nothing. Do not use it or free it again afterwards.
///
/// # Safety
/// `policy` must be NULL or come from farkle_penalty_policy_new() and not be freed yet.
#[no_mangle]
pub unsafe extern "C" fn farkle_penalty_policy_free(policy: *mut FarklePenaltyPolicy) {
    // SAFETY: the caller's promise.
    ffi_guard!((), unsafe { FarklePenaltyPolicy::free(policy) });
}

/// The long-run average points per turn under the policy (what
/// farkle_penalty_average_points() returns for the same rules).
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `policy` a live penalty policy, `out_average` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_penalty_policy_average_points(
    policy: *const FarklePenaltyPolicy,
    out_average: *mut f64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (policy, out) =
            unsafe { (FarklePenaltyPolicy::from_ptr(policy)?, out(out_average)?) };
        out.write(policy.policy.average_points_per_turn());
        Ok(())
    }
}

/// The smallest turn total from which on the optimal player always banks when about to roll
/// `dice` dice, in a turn that began after `farkles` farkles in a row (0 to the rules'
/// farkle_penalty_streak minus 1); -1 when that hand never farkles (then rolling it is
/// always at least as good), as farkle_turn_policy_bank_threshold() reports "never".
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (farkles at or above
/// the streak, dice outside 1 to dice_count); farkle_last_error_message() says why.
///
/// # Safety
/// `policy` a live penalty policy, `out_threshold` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_penalty_policy_bank_threshold(
    policy: *const FarklePenaltyPolicy,
    farkles: u32,
    dice: u32,
    out_threshold: *mut i32,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (policy, out) =
            unsafe { (FarklePenaltyPolicy::from_ptr(policy)?, out(out_threshold)?) };
        let farkles = farkles_arg(&policy.policy, farkles)?;
        let d = dice_arg(dice, policy.dice_count)?;
        out.write(policy.policy.bank_threshold(farkles, d)?.unwrap_or(-1));
        Ok(())
    }
}

/// The relative value h(k) of starting a turn after `farkles` (k) farkles in a row: how many
/// points more (or, being negative, fewer) the player gathers in the long run from there than
/// from a turn after no farkle, so h(0) = 0. A farkle after k farkles is worth h(k + 1), or
/// minus the penalty on the last count before the streak; each turn of the policy maximizes
/// its points plus that, and the average is the value of a turn after none.
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (farkles at or above
/// the rules' farkle_penalty_streak).
///
/// # Safety
/// `policy` a live penalty policy, `out_value` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_penalty_policy_relative_value(
    policy: *const FarklePenaltyPolicy,
    farkles: u32,
    out_value: *mut f64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (policy, out) = unsafe { (FarklePenaltyPolicy::from_ptr(policy)?, out(out_value)?) };
        let farkles = farkles_arg(&policy.policy, farkles)?;
        // Checked above: every count below the streak has its value.
        let value = policy.policy.relative_value(farkles).ok_or(FarkleStatus::InvalidArgument)?;
        out.write(value);
        Ok(())
    }
}

/// A count of farkles in a row the policy has a turn for, or INVALID_ARGUMENT naming the
/// counts.
fn farkles_arg(policy: &PenaltyPolicy, farkles: u32) -> Result<usize, FarkleStatus> {
    match usize::try_from(farkles) {
        Ok(k) if k < policy.streak() => Ok(k),
        _ => Err(fail(
            FarkleStatus::InvalidArgument,
            format!(
                "farkles is {farkles}; the penalty comes with farkle number {}, so the counts \
                 are 0 to {}",
                policy.streak(),
                policy.streak() - 1
            ),
        )),
    }
}

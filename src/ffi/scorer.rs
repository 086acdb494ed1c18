// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleScorer: a scoring table prepared for one rules value, for callers that score a lot.

use std::sync::Arc;

use crate::ffi::boundary::{arg, list_out, out, slice, Handle};
use crate::ffi::error::FarkleStatus;
use crate::ffi::rules::FarkleRules;
use crate::ffi::scoring::{
    analyze_into, list_selections, points_into, score_into, FarkleRollAnalysis, FarkleScore,
    FarkleSelection,
};
use crate::rules::Rules;
use crate::scoring::{cache, ScoringTable};

/// A scorer prepared for one rules value: the fastest way to score many selections or rolls
/// under the same rules (no per-call rules validation or cache lookup). Create with
/// farkle_scorer_new(), free with farkle_scorer_free(). Immutable once created: one scorer may
/// be used from many threads at the same time.
pub struct FarkleScorer {
    table: Arc<ScoringTable>,
}

impl Handle for FarkleScorer {}

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
        // SAFETY: the caller's promises for both pointers.
        let (rules, out) = unsafe { (arg(rules)?, out(out_scorer)?) };
        let rules = Rules::try_from(rules)?;
        // The cache solves the table once for every scorer (and call) with these scoring fields.
        let table = cache::with_table(&rules, Arc::clone)?;
        FarkleScorer { table }.into_out(out);
        Ok(())
    }
}

/// Frees a scorer; NULL does nothing. Do not use it or free it again afterwards.
///
/// # Safety
/// `scorer` must be NULL or a handle from farkle_scorer_new() not yet freed.
#[no_mangle]
pub unsafe extern "C" fn farkle_scorer_free(scorer: *mut FarkleScorer) {
    // SAFETY: the caller's promise.
    ffi_guard!((), unsafe { FarkleScorer::free(scorer) });
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
        // SAFETY: the caller's promises for the three pointers.
        let (scorer, faces, out) =
            unsafe { (FarkleScorer::from_ptr(scorer)?, slice(faces, count)?, out(out_score)?) };
        score_into(&scorer.table, faces, out)
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
        // SAFETY: the caller's promises for the three pointers.
        let (scorer, faces, out) =
            unsafe { (FarkleScorer::from_ptr(scorer)?, slice(faces, count)?, out(out_analysis)?) };
        analyze_into(&scorer.table, faces, out)
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
        // SAFETY: the caller's promises for the pointers and the list buffers.
        let (scorer, faces, list) = unsafe {
            (
                FarkleScorer::from_ptr(scorer)?,
                slice(faces, count)?,
                list_out(out_selections, capacity, out_count)?,
            )
        };
        list_selections(&scorer.table, faces, list)
    }
}

/// The points of a selection that scores as a whole, with a prepared scorer: the lean call
/// for callers that need nothing else. `*out_points` is the points of the best partition of
/// all `count` dice when every die takes part in a scoring combination, and 0 when some die
/// does not or when `count` is 0 (farkle_scorer_score_selection() says which dice are left
/// over and gives the combinations).
///
/// Same arguments checks and statuses as farkle_scorer_score_selection():
/// FARKLE_STATUS_NULL_POINTER (scorer, out_points, or faces with count > 0),
/// FARKLE_STATUS_TOO_MANY_DICE (count above the rules' dice_count, checked first),
/// FARKLE_STATUS_INVALID_FACE. `*out_points` is written only on success.
///
/// Cost: one pass over the dice (a table read and an addition each, six steps whatever the
/// number of dice up to six), then three reads of small tables; no allocation, no lock, nothing
/// shared is written. About 3 ns a call for 1 to 6 dice on the benchmark machine of
/// docs/benchmarks.md, 1.4 times a bare loop that counts the faces into a key and reads a
/// direct table.
///
/// # Safety
/// `scorer` NULL or a live handle; `faces` NULL or readable for `count` bytes; `out_points`
/// NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_scorer_points(
    scorer: *const FarkleScorer,
    faces: *const u8,
    count: usize,
    out_points: *mut i32,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the three pointers.
        let (scorer, faces, out) =
            unsafe { (FarkleScorer::from_ptr(scorer)?, slice(faces, count)?, out(out_points)?) };
        points_into(&scorer.table, faces, out)
    }
}

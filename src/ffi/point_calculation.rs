// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The point calculation R(p, r') of the doubling source document, from C.

use crate::dice::{FaceCounts, FACES};
use crate::ffi::boundary::{out, slice};
use crate::ffi::error::{fail, FarkleStatus};
use crate::point_calculation::point_calculation;

/// The result R(p, r') of farkle_point_calculation().
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarklePoints {
    /// Points of the selection, 0, or the -1000 penalty.
    pub points: i32,
    /// Whether the player goes on rolling (false: the turn ends).
    pub roll_over: bool,
}

/// The point calculation R(p, r') under the doubling preset: `roll_counts` and
/// `selection_counts` are the counts of faces 1 to 6 in the roll X and the selection S.
///
/// - Nothing selected: 0 and the turn ends, or -1000 when rolling over.
/// - S not within X: -1000 and the turn ends.
/// - S scores as a whole: its points and `roll_over` unchanged.
/// - Otherwise (some selected die does not score): 0 and the turn ends.
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_TOO_MANY_DICE (the roll has more than six
/// dice). `*out_points` is written only on success.
///
/// # Safety
/// `roll_counts` and `selection_counts` must be NULL or readable for 6 bytes; `out_points`
/// NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_point_calculation(
    roll_counts: *const u8,
    selection_counts: *const u8,
    roll_over: bool,
    out_points: *mut FarklePoints,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for roll_counts; NULL is checked in slice().
        let roll = unsafe { slice(roll_counts, FACES) }?;
        // SAFETY: the caller's promise for selection_counts.
        let selection = unsafe { slice(selection_counts, FACES) }?;
        // SAFETY: the caller's promise for out_points.
        let out = unsafe { out(out_points) }?;
        let counts = |s: &[u8]| FaceCounts(s.try_into().expect("six counts"));
        let r = point_calculation(counts(roll), counts(selection), roll_over).ok_or_else(|| {
            fail(FarkleStatus::TooManyDice, "the roll has more than six dice")
        })?;
        out.write(FarklePoints {
            points: r.points,
            roll_over: r.roll_over,
        });
        Ok(())
    }
}

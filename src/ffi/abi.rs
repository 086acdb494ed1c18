// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The size and alignment of every struct of the C interface, as this library was compiled
//! with them, so that bindings generated from the header (Python's cffi, for one) can check
//! that their layouts agree with the library they load.

use std::ffi::c_char;
use std::mem::{align_of, size_of};

use crate::ffi::bots::{FarkleAdvice, FarkleAdviceChoice};
use crate::ffi::boundary::{c_str, out};
use crate::ffi::cards::{FarkleCardInfo, FarkleCardValue, FarkleCoachNote};
use crate::ffi::error::{fail, FarkleStatus};
use crate::ffi::game::{FarkleGameState, FarklePlayerState};
use crate::ffi::game_position::{FarkleGamePosition, FarklePlayerPosition};
use crate::ffi::hands::{FarkleHand, FarkleHandBonuses, FarkleHandLevels, FarkleHandsResult};
use crate::ffi::history::{FarkleEvent, FarkleTurnRoll};
use crate::ffi::odds::{FarkleOdds, FarklePointsProbability};
use crate::ffi::point_calculation::FarklePoints;
use crate::ffi::rules::{FarkleRules, FarkleRulesField};
use crate::ffi::scoring::{FarkleCombination, FarkleRollAnalysis, FarkleScore, FarkleSelection};
use crate::ffi::simulate::FarkleSimulation;
use crate::ffi::turn_policy::FarkleChoice;
use crate::ffi::win_table::{FarkleDecision, FarkleMoverDecision, FarklePlayer, FarkleTurnState};

/// (name, size, alignment) of each listed type.
macro_rules! layouts {
    ($($ty:ident),* $(,)?) => {
        [$((stringify!($ty), size_of::<$ty>(), align_of::<$ty>())),*]
    };
}

/// Every struct of the header that a caller allocates (the opaque handles are not here: only
/// pointers to them cross the boundary). A struct added to the interface belongs here too;
/// the C test `tests/c/abi.c` and the Python package's tests check the list against the
/// header.
const LAYOUTS: &[(&str, usize, usize)] = &layouts![
    FarkleAdvice,
    FarkleAdviceChoice,
    FarkleCardInfo,
    FarkleCardValue,
    FarkleChoice,
    FarkleCoachNote,
    FarkleCombination,
    FarkleDecision,
    FarkleEvent,
    FarkleGamePosition,
    FarkleGameState,
    FarkleHand,
    FarkleHandBonuses,
    FarkleHandLevels,
    FarkleHandsResult,
    FarkleMoverDecision,
    FarkleOdds,
    FarklePlayer,
    FarklePlayerPosition,
    FarklePlayerState,
    FarklePoints,
    FarklePointsProbability,
    FarkleRollAnalysis,
    FarkleRules,
    FarkleRulesField,
    FarkleScore,
    FarkleSelection,
    FarkleSimulation,
    FarkleTurnRoll,
    FarkleTurnState,
];

/// Writes the size and the alignment in bytes of the struct named `name` (its name in this
/// header without `struct`, e.g. "FarkleRules"), as the library was compiled, to `*out_size`
/// and `*out_align`. Bindings that take their layouts from the header compare these with
/// their own to make sure header and library agree; C programs have sizeof. Every struct the
/// caller allocates is known; opaque handles (FarkleGame, ...) are not.
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (no
/// such struct, or a name that is not UTF-8; farkle_last_error_message() names it).
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string; `out_size` and `out_align` NULL or
/// writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_struct_layout(
    name: *const c_char,
    out_size: *mut usize,
    out_align: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the three pointers.
        let (name, out_size, out_align) =
            unsafe { (c_str(name, "name")?, out(out_size)?, out(out_align)?) };
        let &(_, size, align) = LAYOUTS
            .iter()
            .find(|(known, _, _)| name == *known)
            .ok_or_else(|| {
                fail(
                    FarkleStatus::InvalidArgument,
                    format!("no struct named {name:?} in the interface"),
                )
            })?;
        out_size.write(size);
        out_align.write(align);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_listed_once() {
        let mut names: Vec<&str> = LAYOUTS.iter().map(|(n, _, _)| *n).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before, "a struct is listed twice");
    }
}

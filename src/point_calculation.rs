// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The "Point Calculation" function R(p, r') of the doubling source document: the points of a
//! selection from a roll and whether the player rolls over, with its penalties.
//!
//! The selection is scored by the exact scorer under the doubling preset (the document's table)
//! rather than by the document's step-by-step procedure, whose small-straight test (every count
//! exactly 1) would reject selections such as 2-3-4-5-5-6 that a player scores as a small
//! straight plus a single.

use crate::dice::FaceCounts;
use crate::rules::Preset;
use crate::scoring::{InvalidSelection, Scorer};

/// Points taken for rolling over with nothing selected, or for selecting dice not in the roll.
pub const PENALTY: i32 = -1000;

/// The result R(p, r').
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointCalculation {
    /// Points of the selection, or the penalty.
    pub points: i32,
    /// Whether the player goes on rolling (false: the turn ends).
    pub roll_over: bool,
}

/// R(p, r') for a roll X (`roll`, at most six dice) and a selection S (`selection`);
/// `None` when the roll has more than six dice.
pub fn point_calculation(
    roll: FaceCounts,
    selection: FaceCounts,
    roll_over: bool,
) -> Option<PointCalculation> {
    let scorer = Scorer::shared(&Preset::Doubling.rules()).expect("the doubling preset is valid");
    if roll.total() > usize::from(scorer.rules().dice_count) {
        return None;
    }
    let end = |points| PointCalculation {
        points,
        roll_over: false,
    };
    if selection.is_empty() {
        return Some(end(if roll_over { PENALTY } else { 0 }));
    }
    if !selection.is_subset_of(roll) {
        return Some(end(PENALTY));
    }
    Some(match scorer.check(selection) {
        Ok(points) => PointCalculation { points, roll_over },
        Err(InvalidSelection::NonScoring { .. }) => end(0),
        Err(InvalidSelection::Empty | InvalidSelection::TooManyDice { .. }) => {
            unreachable!("non-empty subset of a roll of at most six dice")
        }
    })
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The threshold policy: bank once the turn reaches a threshold for the dice left.

use crate::rules::ExactTarget;

/// When a threshold bot banks: once the turn reaches `thresholds[d - 1]` points with d dice
/// left to roll (`None`: never with that many; missing entries: never), or when banking
/// reaches the target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thresholds(pub Vec<Option<i32>>);

impl Default for Thresholds {
    /// The command-line game's bot: 300 with 1 or 2 dice, 400 with 3, 700 with 4, 2000 with 5,
    /// never with 6.
    fn default() -> Self {
        Thresholds(vec![
            Some(300),
            Some(300),
            Some(400),
            Some(700),
            Some(2000),
            None,
        ])
    }
}

impl Thresholds {
    /// Whether the threshold bot banks (where it may) before rolling `dice` dice with
    /// `turn_points` in the turn, banking which would take its score to `score_after`: in its
    /// last turn of a final round once that beats `lead`, the best of the others; otherwise
    /// when that reaches the target, when every die has scored (`dice == 0`), or once the turn
    /// reaches the threshold for `dice`. Under an exact target it never wants to bank a
    /// turn that would take it past the target (refused, or a bust that scores nothing): it
    /// rolls on where it may (and banks a busting turn only when it cannot roll).
    pub(crate) fn banks(
        &self,
        dice: u8,
        turn_points: i64,
        score_after: i64,
        rules: &crate::rules::Rules,
        lead: Option<i64>,
    ) -> bool {
        let target = i64::from(rules.target_score);
        if rules.exact_target != ExactTarget::Off && target > 0 && score_after > target {
            return false;
        }
        match lead {
            Some(lead) => score_after > lead,
            None => {
                (target > 0 && score_after >= target)
                    || dice == 0
                    || self
                        .0
                        .get(usize::from(dice).wrapping_sub(1))
                        .copied()
                        .flatten()
                        .is_some_and(|x| turn_points >= i64::from(x))
            }
        }
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A player between turns, as every win table sees them.

use crate::rules::Rules;

/// A player's situation between turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerState {
    /// Banked score in points.
    pub score: i32,
    /// Whether the player has met the minimum entry (always true when the rules have none).
    pub on_board: bool,
    /// Consecutive farkles so far (always 0 without a penalty).
    pub farkles: u8,
}

impl PlayerState {
    /// A player at the start of a game under these rules.
    pub fn start(rules: &Rules) -> PlayerState {
        PlayerState {
            score: 0,
            on_board: rules.min_entry_score == 0,
            farkles: 0,
        }
    }
}

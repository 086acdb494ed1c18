// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The state space: which player states exist for a rules value, and where each sits in the
//! table (scores on the board, then scores off it, each with its count of farkles in a row).

use crate::limits::{exceeded, MAX_WIN_TABLE_PAIRS};
use crate::rules::Rules;
use crate::strategy::odds::Odds;
use crate::strategy::StrategyError;

/// Dimensions of the state space, all derived from the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Layout {
    pub unit: i32,
    /// Target in units.
    pub target: i64,
    /// Lowest score in units (0 without a points penalty).
    pub lower: i64,
    /// Whether players carry an on-board flag.
    pub board: bool,
    /// Farkle counts per player (1 without a penalty).
    pub streak: usize,
    /// Largest lead (units) solved in a final round; 0 without one.
    pub lead_cap: usize,
}

impl Layout {
    pub(crate) fn scores(&self) -> usize {
        (self.target - self.lower) as usize
    }
    /// Number of (score, flag) bases: on-board scores, then off-board scores <= 0.
    fn bases(&self) -> usize {
        self.scores()
            + if self.board {
                (1 - self.lower) as usize
            } else {
                0
            }
    }
    pub fn players(&self) -> usize {
        self.bases() * self.streak
    }
    /// The place of a player state (a `PlayerState`'s `score`, `on_board` and `farkles`) in
    /// the layout, for rules whose target is `target_score` (named in the error);
    /// `OutOfRange` for a score off the unit grid or outside the solved scores, a player off
    /// the board above 0, or more farkles in a row than the layout holds.
    pub(crate) fn player_index(
        &self,
        score: i32,
        on_board: bool,
        farkles: u8,
        target_score: i32,
    ) -> Result<usize, StrategyError> {
        let l = self;
        let bad = |why: String| Err(StrategyError::OutOfRange(why));
        if score % l.unit != 0 {
            return bad(format!("score {} is not a multiple of {}", score, l.unit));
        }
        let s = i64::from(score / l.unit);
        if s < l.lower || s >= l.target {
            return bad(format!(
                "score {} is outside {}..{}",
                score,
                l.lower * i64::from(l.unit),
                target_score
            ));
        }
        let on_board = on_board || !l.board;
        if !on_board && s > 0 {
            return bad("a player not on the board has a score above 0".into());
        }
        if usize::from(farkles) >= l.streak {
            return bad(format!("{farkles} consecutive farkles"));
        }
        Ok(l.index(s, on_board, usize::from(farkles)))
    }

    pub(crate) fn index(&self, score: i64, on_board: bool, k: usize) -> usize {
        let base = if on_board || !self.board {
            (score - self.lower) as usize
        } else {
            self.scores() + (score - self.lower) as usize
        };
        base * self.streak + k
    }
    pub(crate) fn player(&self, index: usize) -> (i64, bool, usize) {
        let base = index / self.streak;
        let k = index % self.streak;
        if base < self.scores() {
            (self.lower + base as i64, true, k)
        } else {
            (self.lower + (base - self.scores()) as i64, false, k)
        }
    }

    /// The player at `p` after a farkle under `rules` (the rules of this layout): one more
    /// farkle in a row, or the penalty (no lower than the lowest score) and none in a row.
    #[inline]
    pub(crate) fn farkled(&self, rules: &Rules, p: usize) -> usize {
        let (x, board, k) = self.player(p);
        if rules.farkle_penalty_streak > 0 {
            if k + 1 < usize::from(rules.farkle_penalty_streak) {
                return self.index(x, board, k + 1);
            }
            let x2 = if rules.farkle_penalty_loses_all {
                0
            } else {
                (x - i64::from(rules.farkle_penalty_points / self.unit)).max(self.lower)
            };
            return self.index(x2, board, 0);
        }
        p
    }
}

/// Which rules the two-player solver accepts; the rules value it really solves.
pub(crate) fn check_rules(rules: &Rules) -> Result<(), StrategyError> {
    rules.validate()?;
    if rules.turn_limit != 0 {
        return Err(StrategyError::Unsupported(
            "turn limits (solve the same rules with turn_limit 0 and a target)",
        ));
    }
    if rules.target_score <= 0 {
        return Err(StrategyError::Unsupported("a game without a target score"));
    }
    crate::strategy::refuse_game_knobs(rules)?;
    if rules.singles_only_before_entry {
        return Err(StrategyError::Unsupported(
            "singles_only_before_entry: the two-player table scores every turn under one \
             scoring, on the board or not",
        ));
    }
    Ok(())
}

pub(crate) fn layout_for(odds: &Odds, lead_cap: usize) -> Result<Layout, StrategyError> {
    let layout = player_layout(odds, lead_cap);
    let rules = odds.rules();
    let unit = odds.unit();
    // Player states are below 2^40 (scores, flags, farkles): the square fits.
    let pairs = (layout.players() as u128) * (layout.players() as u128);
    if pairs > MAX_WIN_TABLE_PAIRS as u128 {
        return Err(StrategyError::ResourceLimit(exceeded(
            &format!(
                "the two-player table ({} player states: scores to {} in steps of {}, on the board \
                 or not, farkles in a row)",
                layout.players(),
                rules.target_score,
                unit
            ),
            format!("{pairs} pairs"),
            format!("{MAX_WIN_TABLE_PAIRS} pairs"),
        )));
    }
    Ok(layout)
}

/// The player states of a rules value: scores from the lower bound to the target in units, the
/// on-board flag where the rules have an entry minimum, the farkles in a row under a penalty.
/// Sizes are checked by the caller for its own table.
pub(crate) fn player_layout(odds: &Odds, lead_cap: usize) -> Layout {
    let rules = odds.rules();
    let unit = odds.unit();
    let penalty = rules.farkle_penalty_streak > 0;
    let lower = if penalty && !rules.farkle_penalty_loses_all {
        -2 * i64::from(rules.farkle_penalty_points / unit)
    } else {
        0
    };
    Layout {
        unit,
        target: i64::from(rules.target_score / unit),
        lower,
        board: rules.min_entry_score > 0,
        streak: if penalty {
            usize::from(rules.farkle_penalty_streak)
        } else {
            1
        },
        lead_cap,
    }
}

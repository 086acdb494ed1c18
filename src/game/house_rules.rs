// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The game knobs among the house rules, kept apart from the game's main flow:
//!
//! - `singles_only_before_entry`: a player off the board scores (and farkles) under
//!   [`Rules::before_entry_scoring`], through a second scorer the game holds only then.
//! - `hot_dice_multiplier_step`: after the k-th hot dice of a turn, each selection's points
//!   count 1 + k x step times; the turn total stays within [`MAX_TURN_TOTAL`].
//! - `exact_target`: a bank past the target is refused ([`ExactTarget::Refuse`]) or scores
//!   nothing ([`ExactTarget::Bust`]).

use std::sync::Arc;

use crate::game::history::{Event, TurnEnd};
use crate::game::{Game, GameError};
use crate::limits::MAX_TURN_TOTAL;
use crate::rules::{ExactTarget, Rules, RulesError};
use crate::scoring::Scorer;

/// The scorer of players off the board under `singles_only_before_entry`, or `None` when
/// they score as everyone does.
pub(super) fn entry_scorer(rules: &Rules) -> Result<Option<Arc<Scorer>>, RulesError> {
    if !rules.singles_only_before_entry {
        return Ok(None);
    }
    Scorer::shared(&rules.before_entry_scoring()).map(Some)
}

/// The multiplier in force after `hot_dice` hot dice of a turn: 1 + hot_dice x `step`,
/// saturating at `u32::MAX`.
pub fn hot_dice_multiplier(step: u32, hot_dice: u32) -> u32 {
    hot_dice.saturating_mul(step).saturating_add(1)
}

/// What a selection worth `points` adds to a turn of `turn_total` under `multiplier`: the
/// product, but never taking the turn past [`MAX_TURN_TOTAL`] (when the multiplier is on;
/// without it, `points` as ever). The product is exact in `i64` (below 2^29 x 2^32).
pub(super) fn multiplied_points(points: i32, multiplier: u32, step: u32, turn_total: i64) -> i32 {
    if step == 0 {
        return points;
    }
    let room = (i64::from(MAX_TURN_TOTAL) - turn_total).max(0);
    let product = i64::from(points) * i64::from(multiplier);
    i32::try_from(product.min(room)).expect("at most MAX_TURN_TOTAL")
}

impl Game {
    /// The scorer the player `index` scores under now (see `singles_only_before_entry`).
    pub(super) fn scorer_for(&self, index: usize) -> &Arc<Scorer> {
        match &self.entry_scorer {
            Some(entry) if !self.play.players[index].on_board => entry,
            _ => &self.scorer,
        }
    }

    /// Sets the turn's multiplier from its hot dice (after a hot dice or its undo).
    pub(super) fn update_multiplier(&mut self) {
        self.play.turn.multiplier =
            hot_dice_multiplier(self.rules.hot_dice_multiplier_step, self.play.turn.hot_dice);
    }

    /// Whether banking the turn would take the player's score past the target under an
    /// exact target.
    fn passes_target(&self) -> bool {
        let target = i64::from(self.rules.target_score);
        let score = self.play.players[self.play.turn.player].score;
        target > 0 && score.saturating_add(self.play.turn.points) > target
    }

    /// Under [`ExactTarget::Refuse`], why the bank is refused (it would pass the target).
    pub(super) fn check_exact_target(&self) -> Result<(), GameError> {
        if self.rules.exact_target == ExactTarget::Refuse && self.passes_target() {
            return Err(GameError::PastExactTarget {
                score: self.play.players[self.play.turn.player].score,
                points: self.play.turn.points,
                target: self.rules.target_score.into(),
            });
        }
        Ok(())
    }

    /// Under [`ExactTarget::Bust`], ends a turn whose bank would pass the target: the turn's
    /// points are lost (counted as forfeited), the score and the farkle streak stay as they
    /// were. Returns false (doing nothing) when the bank does not bust.
    pub(super) fn bust_if_past_target(&mut self) -> bool {
        if self.rules.exact_target != ExactTarget::Bust || !self.passes_target() {
            return false;
        }
        let index = self.play.turn.player;
        let points = self.play.turn.points;
        self.play.turn.forfeited = points;
        self.play.turn.points = 0;
        let player = &mut self.play.players[index];
        player.forfeited_points = player.forfeited_points.saturating_add(points);
        let score = player.score;
        self.events.push(Event::Busted {
            player: index,
            points,
            score,
        });
        self.end_turn(TurnEnd::Busted, false);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_multiplier_saturates_and_the_turn_stays_within_the_limit() {
        assert_eq!(hot_dice_multiplier(0, 5), 1);
        assert_eq!(hot_dice_multiplier(2, 3), 7);
        assert_eq!(hot_dice_multiplier(10, u32::MAX), u32::MAX);
        // Without the multiplier the points are untouched, even past the limit.
        assert_eq!(multiplied_points(500, 1, 0, 2_000_000_000), 500);
        // 2,500 x 31 = 77,500.
        assert_eq!(multiplied_points(2500, 31, 10, 0), 77_500);
        // 1,000,000,000 - 999,999,000 = 1,000 of room left: 2,500 x 1 is cut to 1,000.
        assert_eq!(multiplied_points(2500, 1, 1, 999_999_000), 1000);
        assert_eq!(multiplied_points(i32::MAX, u32::MAX, 10, 0), MAX_TURN_TOTAL);
        assert_eq!(multiplied_points(100, 3, 1, i64::from(MAX_TURN_TOTAL)), 0);
    }
}

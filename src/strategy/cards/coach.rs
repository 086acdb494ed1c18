// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The coach: at a decision, what a card says, what optimal play says, and what following
//! the card instead costs.

use crate::game::{Action, Game, Phase};
use crate::strategy::{AdviceError, Advisor, Bot, ValueKind};

use super::card::Card;

/// One decision as the coach sees it, before it is made.
#[derive(Debug, Clone, PartialEq)]
pub struct CoachNote {
    /// What the card plays.
    pub card: Action,
    /// What optimal play plays (the advice's recommendation).
    pub optimal: Action,
    /// What the values mean: the chance to win with a table that covers the game, expected
    /// points of the turn without one.
    pub kind: ValueKind,
    /// The value of the card's action, optimal play afterwards.
    pub card_value: f64,
    /// The value of the optimal action.
    pub optimal_value: f64,
}

impl CoachNote {
    /// The coach's note on the decision `game` awaits: the card's action and the advice's,
    /// each valued by `advisor`. `None` where there is nothing to decide (a farkle to
    /// acknowledge, a game over); the advisor's refusal as it is (other rules, a turn beyond
    /// its tables).
    pub fn of(
        advisor: &Advisor,
        card: &Card,
        game: &Game,
    ) -> Result<Option<CoachNote>, AdviceError> {
        if matches!(game.phase(), Phase::Farkled | Phase::GameOver) {
            return Ok(None);
        }
        let advice = advisor.advise(game)?;
        let card_action = Bot::card_decision(card, game);
        let value_of = |action: Action| {
            advice
                .choices
                .iter()
                .find(|c| c.action == action)
                .map_or(f64::NAN, |c| c.value)
        };
        Ok(Some(CoachNote {
            card: card_action,
            optimal: advice.recommended,
            kind: advice.kind,
            card_value: value_of(card_action),
            optimal_value: value_of(advice.recommended),
        }))
    }

    /// What following the card costs here, in the unit of [`CoachNote::kind`] (a chance to
    /// win: 0.01 is one percentage point): 0 when the card plays as optimal play does, NaN
    /// where either action has no value.
    pub fn cost(&self) -> f64 {
        if self.card == self.optimal {
            0.0
        } else {
            self.optimal_value - self.card_value
        }
    }

    /// Whether the card plays as optimal play does.
    pub fn agrees(&self) -> bool {
        self.card == self.optimal
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Bots that play whole turns with the advice or a simpler policy.
//!
//! [`Bot`] plays with one of these policies, of increasing strength: a random legal player, a
//! threshold player (bank once the turn reaches a threshold for the dice left), the optimal
//! single turn, and the win-optimal table (single-turn optimal where the table does not
//! apply), or a two-player table against the strongest opponent.

use std::sync::Arc;

use rand::{Rng, RngCore};

use crate::game::{Action, Game, GameError, Phase};
use crate::limits::MAX_BOT_ROLLS_PER_TURN;
use crate::rules::ExactTarget;
use crate::strategy::cards::{Card, Keep};
#[cfg(doc)]
use crate::strategy::{advice, Advice};
use crate::strategy::{AdviceError, Advisor, StrategyError, Thresholds, TwoPlayerTable, WinTable};

/// Under an exact target, a legal selection that takes the player's banked score exactly to
/// the target, if the roll has one (the threshold bot keeps it and banks).
fn exact_hit(game: &Game) -> Option<u16> {
    let rules = game.rules();
    if rules.exact_target == ExactTarget::Off {
        return None;
    }
    let me = &game.players()[game.current_player()];
    let before = me.score.saturating_add(game.turn().points);
    game.legal_selections()
        .into_iter()
        .find(|l| {
            before.saturating_add(i64::from(l.selection.points)) == i64::from(rules.target_score)
        })
        .map(|l| l.mask)
}

/// A computer player.
#[derive(Debug, Clone)]
pub enum Bot {
    /// Picks uniformly among the legal actions (each legal selection; roll, bank or piggyback).
    RandomLegal,
    /// Keeps the selection with the most points (the most dice among equals); banks by
    /// [`Thresholds`]; in a final round rolls on until it leads.
    Threshold(Thresholds),
    /// Plays a [`Card`]: keeps by its keep rule, banks by its thresholds for the dice left
    /// and the situation at the start of the turn; off the board banks as soon as it may;
    /// banks whenever banking reaches the target; in a final round rolls on until it leads.
    Card(Card),
    /// Follows an [`Advisor`]: single-turn optimal, or win-optimal when it holds a table that
    /// covers the game (where the three-player equilibrium mixes, it draws with the advice's
    /// [`Advice::roll_probability`]), or a two-player table against the strongest opponent;
    /// any of them plays a last turn of a final round to finish ahead (see [`advice`]).
    Advised(Arc<Advisor>),
}

impl Bot {
    /// The single-turn optimal bot for `rules`; `Unsupported` where [`Advisor::single_turn`]
    /// is (the hot-dice multiplier, an exact target). Under piggybacking it takes an offer
    /// when the advice recommends it.
    pub fn single_turn_optimal(rules: &crate::rules::Rules) -> Result<Bot, StrategyError> {
        Ok(Bot::Advised(Arc::new(Advisor::single_turn(rules)?)))
    }

    /// The win-optimal bot for a two- or three-player table (single-turn optimal where the
    /// table does not apply).
    pub fn win_optimal(table: impl Into<WinTable>) -> Result<Bot, StrategyError> {
        Ok(Bot::Advised(Arc::new(Advisor::with_table(table)?)))
    }

    /// The bot for tables no solved table covers: a two-player table played against the
    /// strongest opponent (see [`Advisor::against_strongest_opponent`]); the table itself in
    /// a two-player game; a last turn of a final round played to finish ahead ([`advice`]).
    pub fn strongest_opponent(table: Arc<TwoPlayerTable>) -> Result<Bot, StrategyError> {
        Ok(Bot::Advised(Arc::new(
            Advisor::with_table(table)?.against_strongest_opponent(),
        )))
    }

    /// The action this bot takes now. `rng` is used by the random bot only.
    pub fn decide(&self, game: &Game, rng: &mut dyn RngCore) -> Result<Action, AdviceError> {
        match game.phase() {
            Phase::GameOver => return Err(AdviceError::GameOver),
            Phase::Farkled => return Ok(Action::AcknowledgeFarkle),
            _ => {}
        }
        match self {
            Bot::Advised(advisor) => {
                let advice = advisor.advise(game)?;
                Ok(match advice.roll_probability {
                    // The equilibrium mixes here: draw.
                    Some(a) => {
                        if rng.random::<f64>() < a {
                            Action::Roll
                        } else {
                            Action::Bank
                        }
                    }
                    None => advice.recommended,
                })
            }
            Bot::RandomLegal => {
                // Each legal selection, or roll, bank or piggyback: never an undo or a
                // departure, and a forfeit only when neither roll nor bank is allowed.
                let options: Vec<Action> = game
                    .legal_actions()
                    .into_iter()
                    .filter(|a| {
                        matches!(
                            a,
                            Action::Select(_) | Action::Roll | Action::Bank | Action::Piggyback
                        )
                    })
                    .collect();
                Ok(if options.is_empty() {
                    Action::ForfeitTurn
                } else {
                    options[rng.random_range(0..options.len())]
                })
            }
            Bot::Card(card) => Ok(Bot::card_decision(card, game)),
            Bot::Threshold(thresholds) => Ok(match game.phase() {
                // The roll's best selection: the most points, then the most dice.
                Phase::AwaitingSelection => Action::Select(
                    exact_hit(game).unwrap_or(
                        game.turn()
                            .last_roll()
                            .expect("a roll awaits selection")
                            .best_selection_mask,
                    ),
                ),
                _ => {
                    let turn = game.turn();
                    let me = &game.players()[game.current_player()];
                    let bank = thresholds.banks(
                        turn.hand,
                        turn.points,
                        me.score.saturating_add(turn.points),
                        game.rules(),
                        Advisor::final_round_lead(game),
                    );
                    if (bank || !game.can_roll()) && game.can_bank() {
                        Action::Bank
                    } else if game.can_roll() {
                        Action::Roll
                    } else {
                        Action::ForfeitTurn
                    }
                }
            }),
        }
    }

    /// The card bot's action in a game that awaits a bank-or-roll decision or a selection.
    pub(crate) fn card_decision(card: &Card, game: &Game) -> Action {
        let rules = game.rules();
        if game.phase() == Phase::AwaitingSelection {
            if let Some(mask) = exact_hit(game) {
                return Action::Select(mask);
            }
            let legal = game.legal_selections();
            let options: Vec<_> = legal
                .iter()
                .map(|l| (l.selection.points, l.selection.dice))
                .collect();
            let rolled = game.turn().last_roll().map_or(0, |r| r.dice.len());
            let singles = crate::scoring::Scorer::with_shared(rules, |s| Keep::singles(s))
                .unwrap_or([None; 6]);
            return match card.keep.choose(rolled, &options, &singles) {
                Some(i) => Action::Select(legal[i].mask),
                None => Action::AcknowledgeFarkle,
            };
        }
        let turn = game.turn();
        let me_index = game.current_player();
        let me = &game.players()[me_index];
        let after = me.score.saturating_add(turn.points);
        // Off the board (an entry minimum not yet met): bank as soon as the game allows.
        let bank = if !me.on_board && rules.min_entry_score > 0 {
            true
        } else {
            let best_other = game
                .players()
                .iter()
                .enumerate()
                .filter(|(i, p)| *i != me_index && p.active)
                .map(|(_, p)| p.score)
                .max()
                .unwrap_or(me.score);
            let situation =
                card.bank
                    .situation(me.score, best_other, i64::from(rules.target_score));
            card.thresholds(situation, usize::from(rules.dice_count))
                .banks(
                    turn.hand,
                    turn.points,
                    after,
                    rules,
                    Advisor::final_round_lead(game),
                )
        };
        if (bank || !game.can_roll()) && game.can_bank() {
            Action::Bank
        } else if game.can_roll() {
            Action::Roll
        } else {
            Action::ForfeitTurn
        }
    }

    /// Plays the current player's whole turn with the game's dice generator: roll, select,
    /// bank or roll on, acknowledge a farkle. Returns the number of actions taken. Stops with
    /// the game's error if any call is refused (the game has no generator, for one); the bots
    /// never make an illegal call otherwise. A turn has at most
    /// [`MAX_BOT_ROLLS_PER_TURN`] rolls: there the bot banks if it may, and otherwise stops
    /// with [`BotError::RollLimit`] (only rules under which a hand can be rolled forever
    /// without risk get there). On an error the game is put back exactly as it was (its dice
    /// generator included), at a cost that does not grow with the game's length.
    pub fn play_turn(&self, game: &mut Game, rng: &mut dyn RngCore) -> Result<usize, BotError> {
        let checkpoint = game.checkpoint();
        let result = self.play_turn_unchecked(game, rng);
        if result.is_err() {
            game.restore(checkpoint);
        }
        result
    }

    fn play_turn_unchecked(
        &self,
        game: &mut Game,
        rng: &mut dyn RngCore,
    ) -> Result<usize, BotError> {
        let mut actions = 0;
        let mut rolls = 0u32;
        loop {
            let mut action = self.decide(game, rng)?;
            if action == Action::Roll {
                if rolls >= MAX_BOT_ROLLS_PER_TURN {
                    if !game.can_bank() {
                        return Err(BotError::RollLimit);
                    }
                    action = Action::Bank;
                }
                rolls += 1;
            }
            game.apply(action)?;
            actions += 1;
            if matches!(
                action,
                Action::Bank | Action::AcknowledgeFarkle | Action::ForfeitTurn
            ) {
                return Ok(actions);
            }
        }
    }
}

/// Why a bot could not play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// No advice (the game is over, or other rules).
    #[error(transparent)]
    Advice(#[from] AdviceError),
    /// The game refused an action.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The turn reached the most rolls a bot makes in one turn and banking is not allowed.
    #[error(
        "the bot rolled {MAX_BOT_ROLLS_PER_TURN} times in one turn without farkling and may \
         not bank: under these rules a turn can go on forever"
    )]
    RollLimit,
}

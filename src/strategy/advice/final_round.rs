// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The last turn of a final round as the advice plays it: solved to finish ahead of the
//! mark, cached per need, and the next player's last turn of a three-player endgame.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError};

use super::{Advisor, Mover};
use crate::game::Game;
use crate::strategy::last_turn::{LastTurn, MAX_LAST_TURN_UNITS};
use crate::strategy::turn::TurnModel;
use crate::strategy::{StrategyError, WinTable};

/// A last turn solved: (on the board, points needed, share of a tie as bits, and for the
/// next player of a three-player endgame the last player's distance from the mark in units
/// times 2 plus its on-board flag, -1 otherwise).
pub(super) type LastTurnKey = (bool, i64, u64, i64);

/// The most last turns an advisor keeps solved.
const LAST_TURN_CACHE: usize = 1024;

/// The most memory (bytes of their tables) the last turns an advisor keeps may take: about
/// what 128 turns of [`LAST_TURN_CACHED_UNITS`] units take for six dice. A simulation of
/// classic games to 10,000 meets a few hundred needs of at most about 250 units (a few MB):
/// they all stay solved, where a bound of 128 turns cleared the cache every few hundred games
/// and solved them again.
const LAST_TURN_CACHE_BYTES: usize = 32 << 20;

/// The longest last turn (in units of turn total) an advisor keeps (needs beyond 100,000
/// points in steps of 50); longer ones are solved again each time.
const LAST_TURN_CACHED_UNITS: usize = 2048;

/// The last turns an advisor keeps solved, by [`LastTurnKey`]: emptied when one more would
/// exceed [`LAST_TURN_CACHE`] turns or [`LAST_TURN_CACHE_BYTES`].
#[derive(Debug, Default)]
pub(super) struct LastTurnCache {
    turns: HashMap<LastTurnKey, Arc<LastTurn>>,
    /// The bytes of the tables of `turns`.
    bytes: usize,
}

impl LastTurnCache {
    fn insert(&mut self, key: LastTurnKey, turn: Arc<LastTurn>) {
        let bytes = turn.bytes();
        if self.turns.len() >= LAST_TURN_CACHE || self.bytes + bytes > LAST_TURN_CACHE_BYTES {
            self.turns.clear();
            self.bytes = 0;
        }
        if let Some(old) = self.turns.insert(key, turn) {
            self.bytes -= old.bytes();
        }
        self.bytes += bytes;
    }
}

impl Advisor {
    /// In the player's last turn of a final round: the mark to beat (the best score among
    /// the other active players), the share of the win that finishing level with it is
    /// worth (1 over the players then level: the game names every one of them a winner),
    /// and whether an active player still takes a last turn after this one.
    pub(super) fn final_round_mark(game: &Game) -> Option<Mark> {
        let lead = Self::final_round_lead(game)?;
        let trigger = game.final_round_player()?;
        let me = game.current_player();
        let players = game.players();
        let level = players
            .iter()
            .enumerate()
            .filter(|(i, p)| *i != me && p.active && p.score == lead)
            .count();
        let n = players.len();
        let others_to_play = (1..n)
            .map(|step| (me + step) % n)
            .take_while(|&i| i != trigger)
            .any(|i| players[i].active);
        Some(Mark {
            lead,
            share: 1.0 / (level + 1) as f64,
            others_to_play,
        })
    }

    /// The last turn of a final round of a player in situation `m` against `mark`, solved
    /// (or from the cache). `None` where it needs more than the most units a last turn
    /// solves, or no turn total up to there may be banked.
    fn last_turn(
        &self,
        m: &Mover,
        lead: i64,
        share: f64,
    ) -> Result<Option<Arc<LastTurn>>, StrategyError> {
        self.cached_last_turn(
            m,
            (
                m.on_board,
                lead.saturating_sub(m.score),
                share.to_bits(),
                -1,
            ),
        )
    }

    /// The last turn of `key` (see [`LastTurnKey`]), solved or from the cache; `None` where
    /// it needs more than the most units a last turn solves, or no turn total up to there
    /// may be banked.
    fn cached_last_turn(
        &self,
        m: &Mover,
        key: LastTurnKey,
    ) -> Result<Option<Arc<LastTurn>>, StrategyError> {
        let model = &self.last_models[usize::from(m.on_board)];
        let (_, need, share, endgame) = key;
        let share = f64::from_bits(share);
        let cache = || {
            self.last_turns
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        if let Some(turn) = cache().turns.get(&key) {
            return Ok(Some(Arc::clone(turn)));
        }
        let unit = i64::from(model.unit);
        // Banking is allowed from some turn total on (a bank minimum, an entry minimum).
        let first_bank = (1..=MAX_LAST_TURN_UNITS).find(|&t| {
            i32::try_from(t * unit).is_ok_and(|points| self.bank_allowed_for(m, points))
        });
        let Some(first_bank) = first_bank else {
            return Ok(None);
        };
        let turn = if endgame >= 0 {
            let Some(turn) = self.endgame_last_turn(model, need, endgame, first_bank as usize)?
            else {
                return Ok(None);
            };
            turn
        } else {
            let Some(turn) = LastTurn::solve(model, need, share, first_bank as usize)? else {
                return Ok(None);
            };
            turn
        };
        let turn = Arc::new(turn);
        if turn.units() > LAST_TURN_CACHED_UNITS {
            return Ok(Some(turn));
        }
        cache().insert(key, Arc::clone(&turn));
        Ok(Some(turn))
    }

    /// The next player's last turn of a three-player final round as the table's endgame
    /// plays it: needing `need` points, the last player at `endgame / 2` units from the mark
    /// (on the board if odd). `None` without a three-player table with a final round, for a
    /// need off the unit grid, or beyond the units a last turn solves.
    fn endgame_last_turn(
        &self,
        model: &TurnModel,
        need: i64,
        endgame: i64,
        first_bank: usize,
    ) -> Result<Option<LastTurn>, StrategyError> {
        let Some(WinTable::Three(three)) = &self.table else {
            return Ok(None);
        };
        let unit = i64::from(model.unit);
        if need <= 0 || need % unit != 0 {
            return Ok(None);
        }
        let db = need / unit;
        let Some((above, units)) = three.next_player_pays(endgame % 2 == 1, endgame / 2) else {
            return Ok(None);
        };
        if db + units > MAX_LAST_TURN_UNITS {
            return Ok(None);
        }
        let mut pays = vec![0.0; db as usize];
        pays.extend(above);
        Ok(Some(LastTurn::solve_pays(model, pays, first_bank)?))
    }

    /// The last turn of a final round of a player in situation `m`, to finish above `lead`
    /// (level worth `share`), as the advice plays it; `None` where it rolls on until ahead instead
    /// (see [`Advisor::last_turn`]).
    pub(crate) fn last_in_play(
        &self,
        m: &Mover,
        lead: i64,
        share: f64,
    ) -> Result<Option<LastInPlay<'_>>, StrategyError> {
        let model = &self.last_models[usize::from(m.on_board)];
        Ok(self.last_turn(m, lead, share)?.map(|turn| LastInPlay {
            turn,
            model,
            unit: model.unit,
        }))
    }

    /// In a three-player game with a three-player table, the next player's last turn of a
    /// final round (the last player still to play): the endgame part of its key (see
    /// [`LastTurnKey`]). `None` elsewhere.
    pub(super) fn endgame_key(&self, game: &Game, mark: &Mark) -> Option<i64> {
        if !mark.others_to_play || !matches!(self.table, Some(WinTable::Three(_))) {
            return None;
        }
        let players = game.players();
        if players.len() != 3 || players.iter().any(|p| !p.active) {
            return None;
        }
        let last = &players[(game.current_player() + 1) % 3];
        let unit = i64::from(self.unit());
        let dc = mark.lead.checked_sub(last.score)?;
        (dc > 0 && dc % unit == 0).then(|| dc / unit * 2 + i64::from(last.on_board))
    }

    /// [`Advisor::last_in_play`] for the next player of a three-player endgame.
    pub(super) fn endgame_in_play(
        &self,
        m: &Mover,
        lead: i64,
        endgame: i64,
    ) -> Result<Option<LastInPlay<'_>>, StrategyError> {
        let model = &self.last_models[usize::from(m.on_board)];
        let key = (m.on_board, lead.saturating_sub(m.score), 0, endgame);
        Ok(self.cached_last_turn(m, key)?.map(|turn| LastInPlay {
            turn,
            model,
            unit: model.unit,
        }))
    }

    /// Whether this is the player's last turn of a final round, and the score to beat.
    pub(crate) fn final_round_lead(game: &Game) -> Option<i64> {
        game.final_round_player()?;
        let me = game.current_player();
        game.players()
            .iter()
            .enumerate()
            .filter(|(i, p)| *i != me && p.active)
            .map(|(_, p)| p.score)
            .max()
    }
}

/// The mark of a last turn of a final round (see [`Advisor::final_round_mark`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Mark {
    pub(super) lead: i64,
    pub(super) share: f64,
    pub(super) others_to_play: bool,
}

/// A last turn of a final round as the advice reads it.
pub(crate) struct LastInPlay<'a> {
    turn: Arc<LastTurn>,
    model: &'a TurnModel,
    unit: i32,
}

impl LastInPlay<'_> {
    /// `points` of turn total in units (they are multiples of the unit).
    fn units(&self, points: i32) -> usize {
        usize::try_from(points / self.unit).unwrap_or(0)
    }

    /// The worth of `points` with `next` dice to roll (0: every die scored, no hot dice: a
    /// forced bank, worth nothing where not allowed).
    pub(crate) fn value(&self, points: i32, next: u8) -> f64 {
        let t = self.units(points);
        if next == 0 {
            self.turn.bank(t).unwrap_or(0.0)
        } else {
            self.turn.value(t, usize::from(next))
        }
    }

    /// The worth of rolling `hand` dice (at least 1) with `points` of turn total.
    pub(crate) fn roll(&self, points: i32, hand: u8) -> f64 {
        self.turn
            .roll(self.model, self.units(points), usize::from(hand))
    }

    /// The worth of banking `points`, `None` where not allowed.
    pub(crate) fn bank(&self, points: i32) -> Option<f64> {
        self.turn.bank(self.units(points))
    }

    /// Whether the player banks with `points` before rolling `hand` dice: where allowed,
    /// when it is worth at least rolling on.
    pub(crate) fn banks(&self, points: i32, hand: u8) -> bool {
        self.bank(points)
            .is_some_and(|b| hand == 0 || b >= self.roll(points, hand))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    /// A simulation's last turns all stay solved: 200 needs (classic games to 10,000 meet a
    /// few hundred), each solved once and then found again. The former bound of 128 turns
    /// emptied the cache on the 129th and solved them again, a fifth of a simulation's time.
    #[test]
    fn the_last_turn_cache_keeps_a_simulations_needs() {
        let advisor = Advisor::single_turn(&Preset::Classic.rules()).unwrap();
        let mover = |need: i64| Mover {
            turn_points: 0,
            on_board: true,
            farkles_in_a_row: 0,
            score: 10_000 - need,
            lead: Some(10_000),
        };
        let turn = |need: i64| {
            advisor
                .last_turn(&mover(need), 10_000, 0.5)
                .unwrap()
                .unwrap()
        };
        let first: Vec<Arc<LastTurn>> = (0..200).map(|i| turn(50 * i)).collect();
        for (i, solved) in (0i64..).zip(&first) {
            assert!(Arc::ptr_eq(solved, &turn(50 * i)), "need {}", 50 * i);
        }
    }
}

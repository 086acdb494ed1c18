// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A player's last turn of a final round, played to win: every choice maximizes the chance
//! to finish strictly above a mark (the best score among the other players), finishing level
//! with it counting a share of the win (1/2 against one player there, 1/3 against two, as the
//! game splits a tie at the end). One backward pass over the turn totals up to the first one
//! that is ahead of the mark and may be banked; from there on the turn is won.

use crate::strategy::turn::{solve_turn, TurnModel, TurnTable};
use crate::strategy::StrategyError;

/// The most units a last turn solves for (a need beyond it is met with a chance far below
/// 1e-13, so the advice then just rolls on until ahead).
pub(crate) const MAX_LAST_TURN_UNITS: i64 = 1 << 16;

/// A last turn solved for one mark.
#[derive(Debug)]
pub(crate) struct LastTurn {
    table: TurnTable,
    /// The first turn total (units) from which on the turn is won once banked.
    t_hi: usize,
    /// What banking each turn total below `t_hi` is worth.
    pays: Vec<f64>,
    /// The lowest turn total (units) that may be banked.
    first_bank: usize,
}

impl LastTurn {
    /// The last turn needing `need` points to draw level, level worth `share`, banking
    /// allowed from `first_bank` units of turn total on (at least 1). `None` where the turn
    /// would need more than [`MAX_LAST_TURN_UNITS`] units.
    pub(crate) fn solve(
        model: &TurnModel,
        need: i64,
        share: f64,
        first_bank: usize,
    ) -> Result<Option<LastTurn>, StrategyError> {
        let unit = i64::from(model.unit);
        let ahead = if need < 0 { 0 } else { need / unit + 1 };
        if ahead > MAX_LAST_TURN_UNITS || first_bank as i64 > MAX_LAST_TURN_UNITS {
            return Ok(None);
        }
        let t_hi = (ahead as usize).max(first_bank.max(1));
        let pays = (0..t_hi)
            .map(|t| match (t as i64 * unit).cmp(&need) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => share,
                std::cmp::Ordering::Less => 0.0,
            })
            .collect();
        Self::solve_pays(model, pays, first_bank).map(Some)
    }

    /// The last turn where banking `t < pays.len()` units is worth `pays[t]` (where allowed:
    /// from `first_bank` on) and banking any more wins. The caller bounds the length.
    pub(crate) fn solve_pays(
        model: &TurnModel,
        pays: Vec<f64>,
        first_bank: usize,
    ) -> Result<LastTurn, StrategyError> {
        let first_bank = first_bank.max(1);
        let t_hi = pays.len().max(first_bank);
        let table = solve_turn(
            model,
            t_hi,
            0.0,
            |t| (t >= first_bank).then(|| pays.get(t).copied().unwrap_or(1.0)),
            |_, _| 1.0,
            &mut |_| true,
        )?;
        Ok(LastTurn {
            table,
            t_hi,
            pays,
            first_bank,
        })
    }

    /// The turn totals (units) solved.
    pub(crate) fn units(&self) -> usize {
        self.t_hi
    }

    /// The bytes of its tables.
    pub(crate) fn bytes(&self) -> usize {
        (self.table.w.len() + self.table.roll.len() + self.pays.len()) * std::mem::size_of::<f64>()
    }

    /// Banking `t` units: its worth, `None` where not allowed.
    pub(crate) fn bank(&self, t: usize) -> Option<f64> {
        (t >= self.first_bank).then(|| self.pays.get(t).copied().unwrap_or(1.0))
    }

    /// The worth of `t` units with `m` dice to roll (0: every die scored, no hot dice) when
    /// the player then plays on as well as it can.
    pub(crate) fn value(&self, t: usize, m: usize) -> f64 {
        if t >= self.t_hi {
            1.0
        } else {
            self.table.w(t, m)
        }
    }

    /// The worth of rolling `m` dice (at least 1) at `t` units.
    pub(crate) fn roll(&self, model: &TurnModel, t: usize, m: usize) -> f64 {
        if t < self.t_hi {
            self.table.roll(t, m)
        } else {
            model.roll_value(m, 0.0, |b, next| self.value(t + b, next))
        }
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A loaded table: rebuilt from its saved parts, then checked against its rules by deriving a
//! sample of its values again.

use std::sync::Arc;

use crate::limits::exceeded;
use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::odds::Odds;
use crate::strategy::single_turn::bank_min_units;
use crate::strategy::turn::{Selections, TurnModel};
use crate::strategy::{Meter, Progress, StrategyError};

use crate::strategy::tables::final_round::{
    check_lead_cap, final_chance, final_chances_at, lead_values_of, NEGLIGIBLE_CHANCE, TIE,
};
use crate::strategy::tables::layout::{check_rules, layout_for};

use super::pass::Scratch;
use super::{next_id, TwoPlayerTable, CHANCE_CHECK_TOLERANCE, PAIR_CHECK_TOLERANCE};

impl TwoPlayerTable {
    /// Rebuilds a table from saved parts (see the table file), checking they fit the rules;
    /// `selections` is what its turns were solved over.
    pub(crate) fn from_parts(
        rules: &Rules,
        selections: Selections,
        lead_cap: usize,
        start: Vec<f64>,
        final_chance: [Vec<f64>; 2],
    ) -> Result<TwoPlayerTable, StrategyError> {
        check_rules(rules)?;
        let odds = Odds::new(rules)?;
        check_lead_cap(lead_cap, odds.unit())?;
        let model = Arc::new(TurnModel::with_selections(&odds, selections));
        let layout = layout_for(&odds, lead_cap)?;
        let expected_chances = if rules.final_round { lead_cap + 1 } else { 0 };
        if start.len() != layout.players() * layout.players()
            || final_chance.iter().any(|r| r.len() != expected_chances)
        {
            return Err(StrategyError::BadFile(
                "the table's size does not match its rules".into(),
            ));
        }
        let lead_values = lead_values_of(rules, &model, &final_chance);
        Ok(TwoPlayerTable {
            rules: *rules,
            layout,
            start,
            final_chance,
            lead_values,
            scorer: Scorer::shared(rules)?,
            model,
            bank_min: [bank_min_units(&odds, false), bank_min_units(&odds, true)],
            sweeps: 0,
            id: next_id(),
        })
    }

    /// Re-derives a sample of the table's values from its rules and refuses the table
    /// (`BadFile`) when they differ: the final-round lead cap and the last-turn chances at
    /// three leads (to 1e-12), and the turn of [`CHECKED_PAIRS`] pairs spread over the table
    /// solved from the stored values around it (to 1e-9; the solver's own residual is below
    /// 1e-11). A table whose rules were edited (and its checksum recomputed) fails this; a
    /// table crafted to pass it is still possible. Milliseconds for the presets.
    pub(crate) fn check_against_rules(&self) -> Result<(), StrategyError> {
        if self.rules.final_round {
            self.check_final_round()?;
        }
        self.check_pairs()
    }

    /// The final-round part of [`TwoPlayerTable::check_against_rules`]: the cap is the smallest
    /// lead overturned with probability below 1e-13; the chances are checked at the smallest
    /// and the largest lead. Six turn solves of at most `rows` rows: refused at once when
    /// that is more than the check allows.
    fn check_final_round(&self) -> Result<(), StrategyError> {
        let rw = self.model.row_work();
        let mut go_on = |_: f64| true;
        let mut progress: Progress = &mut go_on;
        let mut meter = Meter::new(
            &mut progress,
            CHECK_WORK,
            "checking the table against its rules",
        );
        let cap = self.layout.lead_cap;
        let rows = (cap.max(self.bank_min[0]).max(self.bank_min[1]) + 1) as u64;
        if 6 * rows * rw > CHECK_WORK {
            return Err(StrategyError::ResourceLimit(exceeded(
                "checking the table's final-round chances against its rules",
                format!("{} option evaluations", 6 * rows * rw),
                CHECK_WORK,
            )));
        }
        let below = |d: usize, meter: &mut Meter| -> Result<bool, StrategyError> {
            Ok(final_chances_at(&self.model, self.bank_min[1], d, meter)? < NEGLIGIBLE_CHANCE)
        };
        if cap == 0 || !below(cap, &mut meter)? || (cap > 1 && below(cap - 1, &mut meter)?) {
            return Err(StrategyError::BadFile(format!(
                "its final-round lead cap ({cap} units) does not follow from its rules"
            )));
        }
        for flag in 0..2 {
            for d in [1, cap] {
                let expected = final_chance(&self.model, self.bank_min[flag], d, TIE, &mut meter)?;
                let stored = self.final_chance[flag][d];
                if (expected - stored).abs() > CHANCE_CHECK_TOLERANCE {
                    return Err(StrategyError::BadFile(format!(
                        "its last-turn chance at a lead of {d} units ({stored}) does not follow \
                         from its rules ({expected})"
                    )));
                }
            }
        }
        Ok(())
    }

    /// The pairs part of [`TwoPlayerTable::check_against_rules`]: pairs spread over the table, as
    /// many of the [`CHECKED_PAIRS`] as the check's work allows (at least one), all of them
    /// for the presets.
    fn check_pairs(&self) -> Result<(), StrategyError> {
        let rw = self.model.row_work();
        let ctx = self.ctx();
        let players = self.layout.players();
        let pairs = players * players;
        let mut scratch = Scratch::default();
        let mut spent = 0u64;
        for i in 0..CHECKED_PAIRS {
            let idx = i * (pairs - 1) / (CHECKED_PAIRS - 1);
            let (p, q) = (idx / players, idx % players);
            let phi = ctx.farkle_payoff(&self.start, p, q);
            let t_hi = ctx.t_hi(p, q, phi);
            let work = t_hi as u64 * rw;
            if i > 0 && spent + work > CHECK_WORK {
                break;
            }
            if work > CHECK_WORK {
                return Err(StrategyError::ResourceLimit(exceeded(
                    "checking one turn of the table against its rules",
                    format!("{work} option evaluations"),
                    CHECK_WORK,
                )));
            }
            spent += work;
            ctx.fill_bank(&self.start, p, q, t_hi, &mut scratch.bank);
            let value = ctx.pass::<false>(&mut scratch, p, q, phi).0;
            let stored = self.start[idx];
            if (value - stored).abs() > PAIR_CHECK_TOLERANCE {
                return Err(StrategyError::BadFile(format!(
                    "P(win) of pair {p}, {q} ({stored}) does not follow from its rules and the \
                     values around it ({value})"
                )));
            }
        }
        Ok(())
    }
}

/// Pairs whose turn is re-solved when a table is loaded (see
/// [`TwoPlayerTable::check_against_rules`]), work permitting.
const CHECKED_PAIRS: usize = 24;

/// The most option evaluations the check of a loaded table may take (a few tenths of a
/// second): the presets' tables need about 2 x 10^7.
const CHECK_WORK: u64 = 200_000_000;

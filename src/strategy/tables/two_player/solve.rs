// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The solve: sizes checked before any long computation, the final-round chances, then the
//! ordered solve (no penalty) or the sweeps (with one, from a warm start).

use std::sync::Arc;

use crate::limits::{exceeded, MAX_WIN_TABLE_PASS_WORK};
use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::odds::Odds;
use crate::strategy::single_turn::bank_min_units;
use crate::strategy::turn::TurnModel;
use crate::strategy::{try_filled, worker_pool, Meter, Progress, StrategyError};

use super::final_round::{final_chances, lead_cap, lead_values_of};
use super::layout::{check_rules, layout_for, Layout};
use super::pass::Ctx;
use super::{next_id, SolveOptions, TwoPlayerTable, EVEN_CHANCE};

impl TwoPlayerTable {
    /// Solves the game. `progress` is called from the calling thread now and then with the
    /// fraction done (0 to 1; an estimate when the rules have a penalty); returning `false`
    /// stops the solve with [`StrategyError::Cancelled`]. The work runs on worker threads
    /// created for this call and gone when it returns. `ResourceLimit` when the table would
    /// exceed [`crate::limits::MAX_WIN_TABLE_PAIRS`] pairs or a pass over them
    /// [`crate::limits::MAX_WIN_TABLE_PASS_WORK`]; both are checked before the solve starts.
    /// `Unsupported`, naming the rule, for a turn limit, no target, and the game's house
    /// rules the table does not model: `singles_only_before_entry`, the hot-dice multiplier,
    /// an exact target and piggybacking (the same-face scoring knobs are the scorer's and
    /// solve as any scoring does).
    pub fn solve(
        rules: &Rules,
        options: SolveOptions,
        progress: Progress,
    ) -> Result<TwoPlayerTable, StrategyError> {
        check_rules(rules)?;
        let pool = worker_pool()?;
        Self::solve_in(&pool, rules, options, progress, false)
    }

    /// The solve; `warm` (a game without a penalty, solved as the start of one with) asks
    /// only for values within [`WARM_TOLERANCE`].
    fn solve_in(
        pool: &rayon::ThreadPool,
        rules: &Rules,
        options: SolveOptions,
        mut progress: Progress,
        warm: bool,
    ) -> Result<TwoPlayerTable, StrategyError> {
        let odds = Odds::new(rules)?;
        let model = Arc::new(TurnModel::to_win(&odds));
        model.no_loss_bound()?;
        let bank_min = [bank_min_units(&odds, false), bank_min_units(&odds, true)];
        // The size of the table, and a first estimate of a pass (without the final-round
        // leads), before any long computation.
        let layout = layout_for(&odds, 0)?;
        let estimate = pass_work(&layout, &model, bank_min, |_, _| 0);
        check_pass_work(estimate)?;
        let (cap, final_chance) = final_round_chances(rules, &model, bank_min, &mut progress)?;
        let layout = layout_for(&odds, cap)?;
        let lead_values = lead_values_of(rules, &model, &final_chance);
        let mut ctx = Ctx::new(
            rules,
            &layout,
            &model,
            &final_chance,
            &lead_values,
            bank_min,
        );
        ctx.pool = Some(pool);
        check_pass_work(pass_work(&layout, &model, bank_min, |p, q| {
            ctx.t_hi(p, q, 0.0)
        }))?;
        let players = layout.players();
        let mut start = try_filled(players * players, EVEN_CHANCE)?;
        let sweeps = Self::solve_values(pool, &ctx, options, progress, warm, &mut start)?;
        if !progress(1.0) {
            return Err(StrategyError::Cancelled);
        }
        drop(ctx);
        Ok(TwoPlayerTable {
            rules: *rules,
            layout,
            start,
            final_chance,
            lead_values,
            scorer: Scorer::shared(rules)?,
            model,
            bank_min,
            sweeps,
            id: next_id(),
        })
    }
}

impl TwoPlayerTable {
    /// Fills `start` with the solved values: without a penalty by the ordered solve (or, as
    /// the warm start of a penalty solve, roughly by sweeps); with one, by sweeps from the
    /// same game solved without it. The number of sweeps (0 for the ordered solve).
    fn solve_values(
        pool: &rayon::ThreadPool,
        ctx: &Ctx,
        options: SolveOptions,
        progress: Progress,
        warm: bool,
        start: &mut [f64],
    ) -> Result<usize, StrategyError> {
        let rules = ctx.rules;
        if rules.farkle_penalty_streak == 0 && warm {
            let options = SolveOptions {
                tolerance: WARM_TOLERANCE,
                policy_iteration: false,
                ..options
            };
            return ctx.solve_sweeps(start, options, progress);
        }
        if rules.farkle_penalty_streak == 0 {
            ctx.solve_ordered(start, progress)?;
            return Ok(0);
        }
        // Start from the same game without the penalty, solved roughly by the same sweeps (a
        // small share of the work): the sweeps then begin close to the answer.
        let relaxed = Rules {
            farkle_penalty_streak: 0,
            farkle_penalty_points: 0,
            farkle_penalty_loses_all: false,
            ..*rules
        };
        let guess = TwoPlayerTable::solve_in(
            pool,
            &relaxed,
            options,
            &mut |f| progress(WARM_SHARE * f),
            true,
        )?;
        ctx.warm_start(&guess, start);
        ctx.solve_sweeps(start, options, &mut |f| {
            progress(WARM_SHARE + (1.0 - WARM_SHARE) * f)
        })
    }
}

/// With a final round: the lead cap (units) and the last-turn chances of an opponent off the
/// board and on it; without, none.
fn final_round_chances(
    rules: &Rules,
    model: &TurnModel,
    bank_min: [usize; 2],
    progress: &mut Progress,
) -> Result<(usize, [Vec<f64>; 2]), StrategyError> {
    if !rules.final_round {
        return Ok((0, [Vec::new(), Vec::new()]));
    }
    let mut meter = Meter::new(progress, MAX_WIN_TABLE_PASS_WORK, "the final-round chances");
    let cap = lead_cap(model, bank_min[1], &mut meter)?;
    let chances = [
        final_chances(model, bank_min[0], cap, &mut meter)?,
        final_chances(model, bank_min[1], cap, &mut meter)?,
    ];
    Ok((cap, chances))
}

/// Option evaluations of one pass over every pair, given each pair's first known row.
fn pass_work(
    layout: &Layout,
    model: &TurnModel,
    bank_min: [usize; 2],
    extra_rows: impl Fn(usize, usize) -> usize,
) -> u128 {
    let players = layout.players();
    // After `layout_for`: at most 2^21 pairs of below 2^32 rows each, so this fits.
    let mut rows = 0u128;
    for p in 0..players {
        let (x, board, _) = layout.player(p);
        let own = ((layout.target - x).max(0) as usize).max(bank_min[usize::from(board)]);
        for q in 0..players {
            rows += own.max(extra_rows(p, q)) as u128;
        }
    }
    rows * u128::from(model.row_work())
}

fn check_pass_work(work: u128) -> Result<(), StrategyError> {
    if work > u128::from(MAX_WIN_TABLE_PASS_WORK) {
        return Err(StrategyError::ResourceLimit(exceeded(
            "one pass of the two-player solver over every pair",
            format!("{work} option evaluations"),
            MAX_WIN_TABLE_PASS_WORK,
        )));
    }
    Ok(())
}

/// Option evaluations of one parallel chunk of a solve, between two progress calls (about a
/// tenth of a second on two cores).
pub(super) const CHUNK_WORK: u64 = 200_000_000;

/// How close the warm start of a penalty solve comes to the game without the penalty.
const WARM_TOLERANCE: f64 = 1e-3;

/// The share of the progress bar given to the warm start of a penalty solve.
const WARM_SHARE: f64 = 0.05;

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Two-player policy evaluation (see [`crate::strategy::evaluate`]): a contender's chance to
//! win from every pair of player states, moving or waiting, against the table's optimal
//! player.
//!
//! A pair's turn is solved once with the optimal player moving (its choices by the table,
//! as its queries make them, the contenders' chances riding along) and once per contender
//! as the mover. Without a penalty the contender moving at (p, q) and waiting at (q, p)
//! are linked by farkles: two linear equations, solved exactly (the best response by
//! Newton's method on its farkle payoff).

use crate::limits::{exceeded, MAX_WIN_TABLE_PASS_WORK};
use crate::strategy::evaluate::last_turn::{last_turn_values, LastPlay};
use crate::strategy::evaluate::passes::{
    bot_pass, known_from, rider_pass, BotTurn, RiderTurn, Ties, Worth,
};
use crate::strategy::evaluate::policy::Rolls;
use crate::strategy::evaluate::{check_rules, Last, PlayerModel, Turns};
use crate::strategy::tables::newton::settle_cycle;
use crate::strategy::{try_filled, Progress, StrategyError};

use super::pass::{Ctx, Scratch};
use super::TwoPlayerTable;

/// Sweeps under a penalty stop once no value changes by more than this (the solver's
/// default tolerance), or give up after [`MAX_SWEEPS`].
const SWEEP_TOLERANCE: f64 = 1e-12;
const MAX_SWEEPS: usize = 500;

/// A tie at the end of a final round: half a win.
const TIE: f64 = 0.5;

/// Progress is reported every so many pairs.
const PROGRESS_PAIRS: usize = 4096;

/// Per-thread buffers.
#[derive(Default)]
struct Buffers {
    riders: RiderTurn,
    bot: BotTurn,
    scratch: Scratch,
    advised: Vec<[f64; 3]>,
}

struct Eval<'a> {
    table: &'a TwoPlayerTable,
    ctx: Ctx<'a>,
    models: &'a [PlayerModel],
    /// `last[j][flag][d]`: contender j's last turn needing d units to draw level, a tie
    /// worth half; empty without a final round.
    last: Vec<[Vec<f64>; 2]>,
    /// Per contender with a fixed policy, per policy slot: its worth where banking wins
    /// outright (see [`PlayerModel::winning_worths`]).
    winning: Vec<Vec<Vec<Worth>>>,
}

impl TwoPlayerTable {
    /// The values of each contender per pair (mover, other): moving, waiting.
    pub(crate) fn evaluate_models(
        &self,
        models: &[PlayerModel],
        progress: Progress,
    ) -> Result<Vec<Vec<[f64; 2]>>, StrategyError> {
        check_rules(&self.rules, self.bank_min, &self.model.farkle)?;
        for m in models {
            if let Turns::Table(t, _) = &m.turns {
                if t.rules() != self.rules() {
                    return Err(StrategyError::Unsupported(
                        "a bot whose two-player table was solved for other rules",
                    ));
                }
            }
        }
        let ctx = self.ctx();
        let n = self.layout.players();
        let rows: u64 = (0..n)
            .map(|p| (self.layout.target - self.layout.player(p).0).max(1) as u64)
            .sum();
        let work = rows
            .saturating_mul(n as u64)
            .saturating_mul(self.model.row_work())
            .saturating_mul(1 + models.len() as u64);
        if work > MAX_WIN_TABLE_PASS_WORK {
            return Err(StrategyError::ResourceLimit(exceeded(
                "the passes of a two-player evaluation",
                format!("{work} option evaluations"),
                MAX_WIN_TABLE_PASS_WORK,
            )));
        }
        let mut own = Vec::with_capacity(models.len());
        for _ in models {
            let start = &self.start;
            let mut v = try_filled(n * n, [0.0; 2])?;
            // The table's values as a start (exact where the contender plays as it does).
            for p in 0..n {
                for q in 0..n {
                    v[p * n + q] = [start[p * n + q], 1.0 - start[p * n + q]];
                }
            }
            own.push(v);
        }
        let mut last = Vec::new();
        if self.rules.final_round {
            let flags: &[usize] = if self.layout.board { &[0, 1] } else { &[1] };
            for m in models {
                let play = match &m.last {
                    Last::Fixed(p) => LastPlay::Fixed(p),
                    Last::Best => LastPlay::Best,
                    Last::Myopic => LastPlay::Myopic,
                };
                let mut tables: [Vec<f64>; 2] = Default::default();
                for &flag in flags {
                    tables[flag] = last_turn_values(
                        play,
                        &self.model,
                        self.bank_min[flag],
                        self.layout.lead_cap,
                        1,
                        |d| match d {
                            d if d > 0 => 1.0,
                            0 => TIE,
                            _ => 0.0,
                        },
                    )?;
                }
                last.push(tables);
            }
        }
        let winning = PlayerModel::winning_worths(models, &self.model)?;
        let eval = Eval {
            table: self,
            ctx,
            models,
            last,
            winning,
        };
        let mut b = Buffers::default();
        if self.rules.farkle_penalty_streak == 0 {
            eval.ordered(&mut own, &mut b, progress)?;
        } else {
            eval.sweeps(&mut own, &mut b, progress)?;
        }
        Ok(own)
    }
}

impl Eval<'_> {
    fn n(&self) -> usize {
        self.ctx.players()
    }

    /// Contender j's chance when the player at `from` banks to `z` units (at or over the
    /// target) against the contender at `to`: its last turn, or nothing without a final
    /// round.
    fn last_turn(&self, j: usize, z: i64, to: usize) -> f64 {
        if self.last.is_empty() {
            return 0.0;
        }
        let (y, board, _) = self.ctx.layout.player(to);
        let d = (z - y) as usize;
        self.last[j][usize::from(board)]
            .get(d)
            .copied()
            .unwrap_or(0.0)
    }

    /// The optimal player's turn at p against the contenders at q: their chances apart from
    /// its farkles, and the chance `f` of one.
    fn opp_turn(
        &self,
        own: &[Vec<[f64; 2]>],
        p: usize,
        q: usize,
        b: &mut Buffers,
    ) -> (Vec<f64>, f64) {
        let ctx = &self.ctx;
        let start = &self.table.start;
        let l = &ctx.layout;
        let n = self.n();
        let k = own.len();
        let (x, _, _) = l.player(p);
        let (y, qboard, _) = l.player(q);
        let phi = ctx.farkle_payoff(start, p, q);
        let t_hi = ctx.t_hi(p, q, phi);
        let s = &mut b.riders;
        s.reset(ctx.model, k, t_hi);
        let mut riders = vec![0.0; k];
        let fill = |riders: &mut [f64], z: i64| {
            for (j, r) in riders.iter_mut().enumerate() {
                *r = if z >= l.target {
                    self.last_turn(j, z, q)
                } else {
                    own[j][q * n + l.index(z, true, 0)][0]
                };
            }
        };
        for t in 0..t_hi {
            let w = ctx.bank_at(start, p, q, t);
            if w > f64::NEG_INFINITY {
                fill(&mut riders, x + t as i64);
                s.set_bank(t, w, &riders);
            }
        }
        for t in t_hi..s.rows() {
            fill(&mut riders, x + t as i64);
            for hand in 0..ctx.model.width() {
                let node = s.node_mut(t, hand);
                node[0] = ctx.beyond(x, y, qboard, t, hand);
                node[1] = 0.0;
                node[2..].copy_from_slice(&riders);
            }
        }
        rider_pass(ctx.model, &ctx.offsets, s, phi, Ties::FewerDice, None);
        let node = s.node(0, ctx.model.dice);
        (node[2..].to_vec(), node[1])
    }

    /// What banking turn total `t` is worth to contender j moving at p against q (`None`
    /// where not allowed).
    fn bank(&self, own: &[[f64; 2]], p: usize, q: usize, t: usize) -> Option<f64> {
        let ctx = &self.ctx;
        let l = &ctx.layout;
        let (x, board, _) = l.player(p);
        if t < ctx.bank_min[usize::from(board)] {
            return None;
        }
        let z = x + t as i64;
        Some(if z >= l.target {
            ctx.bank_at(&self.table.start, p, q, t)
        } else {
            // After the bank the opponent moves, the contender waits.
            own[q * self.n() + l.index(z, true, 0)][1]
        })
    }

    /// Contender j's own turn at p against q: its worth apart from farkles.
    fn own_turn(
        &self,
        own: &[[f64; 2]],
        j: usize,
        p: usize,
        q: usize,
        phi: f64,
        b: &mut Buffers,
    ) -> Result<Worth, StrategyError> {
        let ctx = &self.ctx;
        let l = &ctx.layout;
        let (x, board, _) = l.player(p);
        let (y, _, _) = l.player(q);
        let bank_min = ctx.bank_min[usize::from(board)];
        let at_target = (l.target - x) as usize;
        match &self.models[j].turns {
            Turns::Fixed(policies) => {
                let policy = &policies[self.models[j].slot(l, p, &[q])];
                let wins = if self.table.rules.final_round {
                    // Past the opponent's reach in its last turn.
                    (y + l.lead_cap as i64 + 1 - x).max(at_target as i64) as usize
                } else {
                    at_target
                };
                let winning = &self.winning[j][self.models[j].slot(l, p, &[q])];
                let (top, above) = known_from(policy, winning, at_target, wins, bank_min);
                let bank = |t: usize| self.bank(own, p, q, t);
                Ok(bot_pass(
                    policy, ctx.model, top, at_target, bank, above, &mut b.bot,
                ))
            }
            Turns::Best => {
                let t_hi = ctx.t_hi(p, q, phi);
                b.scratch.bank.clear();
                b.scratch.bank.extend(
                    (0..t_hi).map(|t| self.bank(own, p, q, t).unwrap_or(f64::NEG_INFINITY)),
                );
                let (w, f) = ctx.pass::<true>(&mut b.scratch, p, q, phi);
                Ok(Worth { c: w - f * phi, f })
            }
            Turns::Table(table, rolls) => Ok(self.table_turn(table, rolls, own, p, q, b)),
        }
    }

    /// The win-optimal advice's turn with its own table (see [`TwoPlayerTable::advised_turn`]).
    fn table_turn(
        &self,
        table: &TwoPlayerTable,
        rolls: &Rolls,
        own: &[[f64; 2]],
        p: usize,
        q: usize,
        b: &mut Buffers,
    ) -> Worth {
        table.advised_turn(rolls, p, q, |t| self.bank(own, p, q, t), &mut b.advised)
    }

    /// Without a penalty: pairs by the sum of their scores from the highest down; the
    /// contender moving at (p, q) and waiting at (q, p) together.
    fn ordered(
        &self,
        own: &mut [Vec<[f64; 2]>],
        b: &mut Buffers,
        progress: Progress,
    ) -> Result<(), StrategyError> {
        let n = self.n();
        let l = self.ctx.layout;
        let mut pairs: Vec<(usize, usize)> =
            (0..n).flat_map(|p| (0..n).map(move |q| (p, q))).collect();
        pairs.sort_by_key(|&(p, q)| std::cmp::Reverse(l.player(p).0 + l.player(q).0));
        for (i, &(p, q)) in pairs.iter().enumerate() {
            // The optimal player moving at q against the contender at p.
            let (r, fo) = self.opp_turn(own, q, p, b);
            for j in 0..own.len() {
                let moving = {
                    let v = &own[j];
                    match &self.models[j].turns {
                        Turns::Best => self.best_chain(v, j, p, q, r[j], fo, b)?,
                        _ => {
                            let w = self.own_turn(v, j, p, q, 0.0, b)?;
                            (w.c + w.f * r[j]) / (1.0 - w.f * fo)
                        }
                    }
                };
                own[j][p * n + q][0] = moving;
                own[j][q * n + p][1] = r[j] + fo * moving;
            }
            if i % PROGRESS_PAIRS == 0 && !progress(i as f64 / pairs.len() as f64) {
                return Err(StrategyError::Cancelled);
            }
        }
        Ok(())
    }

    /// The best response moving at p against q when a farkle is worth `r + f X` to it, X
    /// its value there.
    #[allow(clippy::too_many_arguments)]
    fn best_chain(
        &self,
        own: &[[f64; 2]],
        j: usize,
        p: usize,
        q: usize,
        r: f64,
        f: f64,
        b: &mut Buffers,
    ) -> Result<f64, StrategyError> {
        let n = self.n();
        let phi = 1.0 - self.table.start[q * n + p];
        settle_cycle(phi, r, f, |phi| {
            let w = self.own_turn(own, j, p, q, phi, b)?;
            Ok((w, w.c, w.f))
        })
    }

    /// With a penalty: Gauss-Seidel sweeps, pairs by the sum of their scores from the
    /// highest down and, within a sum, more farkles in a row first.
    fn sweeps(
        &self,
        own: &mut [Vec<[f64; 2]>],
        b: &mut Buffers,
        progress: Progress,
    ) -> Result<(), StrategyError> {
        let n = self.n();
        let l = self.ctx.layout;
        let mut pairs: Vec<(usize, usize)> =
            (0..n).flat_map(|p| (0..n).map(move |q| (p, q))).collect();
        pairs.sort_by_key(|&(p, q)| {
            let (a, b) = (l.player(p), l.player(q));
            (std::cmp::Reverse(a.0 + b.0), std::cmp::Reverse(a.2 + b.2))
        });
        for sweep in 0..MAX_SWEEPS {
            let mut change = 0.0f64;
            for (i, &(p, q)) in pairs.iter().enumerate() {
                let after = q * n + self.ctx.farkled(p);
                let (r, fo) = self.opp_turn(own, p, q, b);
                for j in 0..own.len() {
                    let farkled = own[j][after];
                    let v = &own[j];
                    let moving = match &self.models[j].turns {
                        Turns::Best => {
                            let w = self.own_turn(v, j, p, q, farkled[1], b)?;
                            w.c + w.f * farkled[1]
                        }
                        _ => {
                            let w = self.own_turn(v, j, p, q, 0.0, b)?;
                            w.c + w.f * farkled[1]
                        }
                    };
                    let waiting = r[j] + fo * farkled[0];
                    let old = own[j][p * n + q];
                    change = change
                        .max((old[0] - moving).abs())
                        .max((old[1] - waiting).abs());
                    own[j][p * n + q] = [moving, waiting];
                }
                if i % PROGRESS_PAIRS == 0 {
                    let f = (sweep as f64 + i as f64 / pairs.len() as f64) / (sweep + 8) as f64;
                    if !progress(f.clamp(0.0, 1.0)) {
                        return Err(StrategyError::Cancelled);
                    }
                }
            }
            if change <= SWEEP_TOLERANCE {
                return Ok(());
            }
        }
        Err(StrategyError::ResourceLimit(format!(
            "the two-player evaluation's sweeps did not converge in {MAX_SWEEPS} passes"
        )))
    }
}

impl TwoPlayerTable {
    /// The win-optimal advice's turn with a two-player table, moving at its pair (p, q) of the
    /// table: its chances as the table's queries give them (bank on a tie), and from each roll
    /// the first legal selection (in the game's order) with the highest chance, as the advice
    /// picks it; the contender's true chance riding along, banking turn total t worth
    /// `rider_bank(t)` to it (`None` where not allowed). Its worth apart from farkles.
    pub(crate) fn advised_turn(
        &self,
        rolls: &Rolls,
        p: usize,
        q: usize,
        rider_bank: impl Fn(usize) -> Option<f64>,
        nodes: &mut Vec<[f64; 3]>,
    ) -> Worth {
        let ctx = self.ctx();
        let start = &self.start;
        let model = ctx.model;
        let l = &ctx.layout;
        let (width, n) = (model.width(), model.dice);
        let (x, _, _) = l.player(p);
        let (y, qboard, _) = l.player(q);
        let phi = ctx.farkle_payoff(start, p, q);
        let t_hi = ctx.t_hi(p, q, phi);
        let rows = t_hi + model.max_gain + 1;
        // Per node: the advice's chance, the chance of a farkle, the contender's.
        nodes.clear();
        nodes.resize(rows * width, [0.0; 3]);
        for t in t_hi..rows {
            let r = rider_bank(t).unwrap_or(0.0);
            for hand in 0..width {
                nodes[t * width + hand] = [ctx.beyond(x, y, qboard, t, hand), 0.0, r];
            }
        }
        for t in (0..t_hi).rev() {
            let row = t * width;
            let bank_w = ctx.bank_at(start, p, q, t);
            let bank = [bank_w, 0.0, rider_bank(t).unwrap_or(0.0)];
            for hand in 1..=n {
                let w = model.roll_value(hand, phi, |g, next| nodes[row + g * width + next][0]);
                let mut roll = [w, 0.0, 0.0];
                for r in &rolls.by_hand[hand] {
                    let mut best: Option<(f64, usize)> = None;
                    for &(points, kept) in &r.legal {
                        let i = row + points as usize * width + hand - usize::from(kept);
                        if best.is_none_or(|(v, _)| nodes[i][0] > v) {
                            best = Some((nodes[i][0], i));
                        }
                    }
                    match best {
                        None => roll[1] += r.prob,
                        Some((_, i)) => {
                            roll[1] += r.prob * nodes[i][1];
                            roll[2] += r.prob * nodes[i][2];
                        }
                    }
                }
                nodes[row + hand] = if bank_w >= w { bank } else { roll };
            }
            nodes[row] = if model.hot_dice {
                nodes[row + n]
            } else if bank_w > f64::NEG_INFINITY {
                bank
            } else {
                [phi, 1.0, 0.0]
            };
        }
        let node = nodes[n];
        Worth {
            c: node[2],
            f: node[1],
        }
    }
}

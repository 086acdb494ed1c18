// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The equilibrium mover's turn as a distribution: per state, the chance that the turn ends
//! by banking each turn total, and the chance that it ends in a farkle.
//!
//! An evaluation solves every state's equilibrium turn with the contenders' chances riding
//! along, once per evaluation, though the mover's choices are the table's and never change.
//! What a rider gets is linear in what each bank gives it: `sum over t of P(t) R(t)`, with
//! `P(t)` the chance of banking `t` (a known row above the pass counts as a bank there: the
//! riders follow the bank) and `R(t)` the rider's chance after that bank. So the mover's
//! turns are solved once, here, and each evaluation (each card of a search) takes those
//! sums instead of a pass per state.
//!
//! The pass is the evaluation's own lane pass (no riders), so the choices are the same bits;
//! a forward pass from the start of the turn then carries the chance of reaching each node
//! along them. A state's chances are kept from the first total it may bank to the last whose
//! tail still holds more than [`TAIL_MASS`] (what is dropped moves a value by at most that).
//! A state whose mover mixes is not held: the evaluation solves it as before.

use rayon::prelude::*;

use crate::strategy::evaluate::lanes::{rider_lanes_pass, RiderLanes, LANES};
use crate::strategy::{worker_pool, Progress, StrategyError};

use super::context::Ctx;
use super::evaluate::set_lane;
use super::pass::Seats;
use super::table::{check_pass_work, ThreePlayerTable};

mod file;

/// The chance of banking beyond a state's last kept total, at most.
pub(crate) const TAIL_MASS: f64 = 1e-15;

/// States in one part of the distributions (solved by one task).
const STATES_PER_PART: usize = 1 << 12;

/// Parts solved between two calls of the progress function.
const PARTS_PER_BATCH: usize = 16;

/// Marks a state that is not held (its mover mixes).
const NOT_HELD: u32 = u32::MAX;

/// Where a state's chances are in its part.
#[derive(Clone, Copy)]
struct Span {
    start: u32,
    first: u32,
    len: u32,
}

/// The states of one part: their spans, their farkle chances and their banks' chances.
struct Part {
    spans: Vec<Span>,
    farkle: Vec<f64>,
    chances: Vec<f64>,
}

impl Part {
    fn bytes(&self) -> usize {
        self.spans.len() * std::mem::size_of::<Span>()
            + self.farkle.len() * std::mem::size_of::<f64>()
            + self.chances.len() * std::mem::size_of::<f64>()
    }
}

/// Every state's equilibrium turn as a distribution of its ends (see the module docs).
pub(crate) struct MoverBanks {
    parts: Vec<Part>,
    bytes: usize,
    /// What the preparation was allowed beyond `bytes`: each evaluation may keep the
    /// bots' turn distributions in it.
    spare: usize,
}

/// One held state's turn: the chance of a farkle, the first total banked and the chances of
/// banking it and each total after it.
pub(super) struct Ends<'a> {
    pub farkle: f64,
    pub first: usize,
    pub chances: &'a [f64],
}

impl MoverBanks {
    /// The turn of the state at `index`, `None` where not held.
    pub(super) fn ends(&self, index: usize) -> Option<Ends<'_>> {
        let part = &self.parts[index / STATES_PER_PART];
        let i = index % STATES_PER_PART;
        let span = part.spans[i];
        if span.len == NOT_HELD {
            return None;
        }
        let start = span.start as usize;
        Some(Ends {
            farkle: part.farkle[i],
            first: span.first as usize,
            chances: &part.chances[start..start + span.len as usize],
        })
    }

    /// The memory held, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    /// What the preparation's bound left beyond [`MoverBanks::bytes`], in bytes.
    pub(super) fn spare(&self) -> usize {
        self.spare
    }

    /// Every state's turn, in `pool`; `None` once more than `max_bytes` would be held.
    pub(super) fn solve(
        table: &ThreePlayerTable,
        pool: &rayon::ThreadPool,
        max_bytes: usize,
        progress: Progress,
    ) -> Result<Option<MoverBanks>, StrategyError> {
        let ctx = table.ctx();
        check_work(table, &ctx)?;
        let states = table.values.len();
        let parts = states.div_ceil(STATES_PER_PART);
        let mut out = Vec::with_capacity(parts);
        let mut bytes = 0usize;
        for batch in (0..parts).step_by(PARTS_PER_BATCH) {
            let end = (batch + PARTS_PER_BATCH).min(parts);
            let solved: Vec<Part> = pool.install(|| {
                (batch..end)
                    .into_par_iter()
                    .map(|part| {
                        let begin = part * STATES_PER_PART;
                        solve_part(table, &ctx, begin..(begin + STATES_PER_PART).min(states))
                    })
                    .collect()
            });
            for part in solved {
                bytes += part.bytes();
                out.push(part);
            }
            if bytes > max_bytes {
                return Ok(None);
            }
            if !progress(end as f64 / parts as f64) {
                return Err(StrategyError::Cancelled);
            }
        }
        Ok(Some(MoverBanks {
            parts: out,
            bytes,
            spare: max_bytes.saturating_sub(bytes),
        }))
    }
}

impl ThreePlayerTable {
    /// Solves every state's equilibrium turn once and keeps it as the chances of its ends,
    /// so that every later evaluation against this table's equilibrium
    /// ([`ThreePlayerTable::evaluate`], a card's value, a card search's hundreds of
    /// evaluations) reads those instead of solving the turns again: the same chances
    /// (within about 1e-15; the sums are taken in another order) in a fraction of the time.
    ///
    /// Holds at most `max_bytes` (a table to 10,000 needs 5.7 GiB under minimal scoring,
    /// 11.0 GiB under classic); `Ok(false)` when that is not enough, and nothing is kept.
    /// What `max_bytes` leaves beyond them, each later evaluation may use to keep its
    /// cards' and bots' turns as distributions too (at least 256 MiB whatever is left):
    /// under classic scoring, with a final round, a card needs about 0.5 GiB at 10,000,
    /// and an evaluation that cannot keep them is refused there (`ResourceLimit`, its work
    /// counted as a pass per state). While solving, the bound is
    /// checked after each batch of 65,536 states, so it may be passed by one batch's chances
    /// (a few hundred a state) before the work stops and frees them. `Ok(true)` when
    /// kept, now or by an earlier call. Costs about one evaluation's time; bounded as an
    /// evaluation's passes are (`ResourceLimit`). Interrupted by `progress` returning false
    /// (`Cancelled`).
    pub fn prepare_evaluations(
        &self,
        max_bytes: usize,
        progress: Progress,
    ) -> Result<bool, StrategyError> {
        if self.mover_banks.get().is_some() {
            return Ok(true);
        }
        let pool = worker_pool()?;
        let Some(banks) = MoverBanks::solve(self, &pool, max_bytes, progress)? else {
            return Ok(false);
        };
        // Another thread may have kept its own meanwhile: the same values, either will do.
        let _ = self.mover_banks.set(banks);
        Ok(true)
    }

    /// The bytes held by [`ThreePlayerTable::prepare_evaluations`], `None` before.
    pub fn prepared_bytes(&self) -> Option<usize> {
        self.mover_banks.get().map(MoverBanks::bytes)
    }
}

/// The lane pass of every state's turn with no riders, bounded as an evaluation's is.
fn check_work(table: &ThreePlayerTable, ctx: &Ctx) -> Result<(), StrategyError> {
    // The mover's chance and its farkles, padded to a node of four.
    let work = table.turn_rows() * u128::from(ctx.model.row_work()) * 4 / LANES as u128;
    check_pass_work("the equilibrium turns of a three-player table", work)
}

/// One equilibrium turn to solve: its place in the part, its state, what a farkle is worth
/// to its mover, its first known row.
struct Job {
    at: usize,
    seats: Seats,
    phi: f64,
    t_hi: usize,
}

/// The states `range` (eight a lane pass, by their first known rows as the evaluation
/// groups them).
fn solve_part(table: &ThreePlayerTable, ctx: &Ctx, range: std::ops::Range<usize>) -> Part {
    let values = &table.values;
    let n = ctx.players();
    let mut jobs = Vec::with_capacity(range.len());
    for (at, index) in range.clone().enumerate() {
        if table.mixed.binary_search_by_key(&index, |m| m.0).is_ok() {
            continue;
        }
        let seats = (index / (n * n), index / n % n, index % n);
        let phi = values[ctx.index(ctx.after_farkle(seats))][2];
        jobs.push(Job {
            at,
            seats,
            phi,
            t_hi: ctx.t_hi(seats, phi),
        });
    }
    jobs.sort_by_key(|j| j.t_hi);
    let not_held = Span {
        start: 0,
        first: 0,
        len: NOT_HELD,
    };
    let mut part = Part {
        spans: vec![not_held; range.len()],
        farkle: vec![0.0; range.len()],
        chances: Vec::new(),
    };
    let mut lanes = RiderLanes::default();
    let mut reach = Vec::new();
    let mut banks = Vec::new();
    let mut w = Vec::new();
    for group in jobs.chunks(LANES) {
        let top = solve_lanes(table, ctx, group, &mut lanes);
        for (j, job) in group.iter().enumerate() {
            lanes.lane_w(j, &mut w);
            forward(table, ctx, &w, job.seats, top, &mut reach, &mut banks);
            let first = banks.iter().position(|&p| p > 0.0).unwrap_or(banks.len());
            let mut end = banks.len();
            let mut tail = 0.0;
            while end > first && tail + banks[end - 1] <= TAIL_MASS {
                tail += banks[end - 1];
                end -= 1;
            }
            part.spans[job.at] = Span {
                start: part.chances.len() as u32,
                first: first as u32,
                len: (end - first) as u32,
            };
            part.chances.extend_from_slice(&banks[first..end]);
            part.farkle[job.at] = lanes.value(0, ctx.model.dice, j, 1);
        }
    }
    part.chances.shrink_to_fit();
    part
}

/// The equilibrium movers' turns of up to [`LANES`] states, no riders, as the evaluation's
/// lane pass solves them (unused lanes repeat the first): the top of the pass.
fn solve_lanes(table: &ThreePlayerTable, ctx: &Ctx, group: &[Job], s: &mut RiderLanes) -> usize {
    let model = ctx.model;
    let top = group.iter().map(|j| j.t_hi).max().unwrap_or(0);
    s.reset(model, 0, top);
    let lane = |j: usize| &group[if j < group.len() { j } else { 0 }];
    for j in 0..LANES {
        set_lane(
            ctx,
            &table.values,
            lane(j).seats,
            j,
            top,
            s,
            &mut [],
            |_, _, _, _| {},
        );
    }
    rider_lanes_pass(model, ctx.offsets, s, std::array::from_fn(|j| lane(j).phi));
    top
}

/// A lane's chances of banking each turn total (`banks`, one a row of the pass), carried
/// forward from the start of its turn along the choices the pass made (`w`, the lane's value
/// at each node of each row): a node banks where its value is banking's (the pass banks on a
/// tie), each group of rolls takes its first best way to keep dice, and every node from
/// `top` up counts as a bank.
fn forward(
    table: &ThreePlayerTable,
    ctx: &Ctx,
    w: &[f64],
    seats: Seats,
    top: usize,
    reach: &mut Vec<f64>,
    banks: &mut Vec<f64>,
) {
    let m = ctx.model;
    let n = m.dice;
    let width = m.width();
    let rows = w.len() / width;
    reach.clear();
    reach.resize(rows * width, 0.0);
    banks.clear();
    banks.resize(rows, 0.0);
    reach[n] = 1.0;
    for (t, banked) in banks.iter_mut().enumerate().take(top) {
        let row = t * width;
        let bank = ctx.bank_at(&table.values, seats, t).map(|(w, _)| w);
        // Every die scored: hot dice roll them all again; otherwise the turn banks, or ends
        // as a farkle where it may not.
        let all_scored = reach[row];
        if all_scored > 0.0 {
            if m.hot_dice {
                reach[row + n] += all_scored;
            } else if bank.is_some() {
                *banked += all_scored;
            }
        }
        for hand in 1..=n {
            let here = reach[row + hand];
            if here == 0.0 {
                continue;
            }
            if bank.is_some_and(|bank_w| w[row + hand] == bank_w) {
                *banked += here;
                continue;
            }
            for g in m.group_start[hand - 1]..m.group_start[hand] {
                let offsets = &ctx.offsets[m.option_start[g]..m.option_start[g + 1]];
                let mut best = offsets[0] as usize;
                let mut best_w = w[row + best];
                for &off in &offsets[1..] {
                    let here_w = w[row + off as usize];
                    if here_w > best_w {
                        (best, best_w) = (off as usize, here_w);
                    }
                }
                reach[row + best] += here * m.group_prob[g];
            }
        }
    }
    for (t, banked) in banks.iter_mut().enumerate().skip(top) {
        *banked = reach[t * width..(t + 1) * width].iter().sum();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Preset, Rules};

    /// In a race, every held state's turn ends somewhere (its chances and its farkle sum to
    /// 1), and what the ends are worth to the mover, by the table's values after each bank
    /// and after a farkle, is its chance at the start of the turn as the table solved it.
    #[test]
    fn the_ends_of_every_turn_give_the_tables_chances() {
        let rules = Rules {
            dice_count: 3,
            target_score: 300,
            final_round: false,
            ..Preset::Minimal.rules()
        };
        let table = ThreePlayerTable::solve(&rules, &mut |_| true).unwrap();
        assert!(!table.prepare_evaluations(0, &mut |_| true).unwrap());
        assert_eq!(table.prepared_bytes(), None);
        assert!(table
            .prepare_evaluations(usize::MAX, &mut |_| true)
            .unwrap());
        let banks = table.mover_banks.get().unwrap();
        let ctx = table.ctx();
        let n = ctx.players();
        let mut held = 0;
        for index in 0..table.values.len() {
            let Some(ends) = banks.ends(index) else {
                assert!(table.mixed.iter().any(|m| m.0 == index), "state {index}");
                continue;
            };
            held += 1;
            let seats = (index / (n * n), index / n % n, index % n);
            let total: f64 = ends.chances.iter().sum::<f64>() + ends.farkle;
            assert!((total - 1.0).abs() <= 1e-12, "state {index}: {total}");
            let phi = table.values[ctx.index(ctx.after_farkle(seats))][2];
            let mut w = ends.farkle * phi;
            for (i, &chance) in ends.chances.iter().enumerate() {
                let (bank, _) = ctx
                    .bank_at(&table.values, seats, ends.first + i)
                    .expect("a turn ends where banking is allowed");
                w += chance * bank;
            }
            let solved = table.values[index][0];
            assert!(
                (w - solved).abs() <= 1e-12,
                "state {index}: {w} against {solved}"
            );
        }
        assert!(held > table.values.len() / 2);
    }
}

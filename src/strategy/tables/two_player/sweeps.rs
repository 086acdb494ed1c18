// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The penalty sweeps: Gauss-Seidel sweeps over the pairs in level order, each bucket's turns
//! solved by lane passes, with extrapolation along the last step, until a sweep changes no
//! value by more than the tolerance; and the warm start they begin from.

use rayon::prelude::*;

use crate::limits::MAX_LINEAR_FORM_BYTES;
use crate::strategy::{try_filled, Progress, StrategyError};

use super::lanes::{Batch, LaneScratch, LANES};
use super::pass::Ctx;
use super::policy::{Linear, Policy};
use super::solve::CHUNK_WORK;
use super::{
    SolveOptions, TwoPlayerTable, CERTIFIED_LOSS_DIVISOR, EVALUATION_DIVISOR, FORM_CHECK_TOLERANCE,
};

impl Ctx<'_> {
    /// Fills `start` from the solved game without the penalty: each pair takes the value of
    /// the same flags and the same scores, both raised by the same amount when one is
    /// negative (the lead is what matters most).
    pub(super) fn warm_start(&self, guess: &TwoPlayerTable, start: &mut [f64]) {
        let l = &self.layout;
        let g = &guess.layout;
        let players = self.players();
        let guess_players = g.players();
        let top = g.target - 1;
        self.parallel(|| {
            start
                .par_chunks_mut(players)
                .enumerate()
                .for_each(|(p, row)| {
                    let (x, xboard, _) = l.player(p);
                    for (q, v) in row.iter_mut().enumerate() {
                        let (y, yboard, _) = l.player(q);
                        let shift = -x.min(y).min(0);
                        // Off the board means a score of 0 in the game without the penalty.
                        let score =
                            |z: i64, board: bool| if board { (z + shift).min(top) } else { 0 };
                        let gp = g.index(score(x, xboard), xboard, 0);
                        let gq = g.index(score(y, yboard), yboard, 0);
                        *v = guess.start[gp * guess_players + gq];
                    }
                });
        });
    }

    /// With a penalty: Gauss-Seidel sweeps in descending level order (within a level, the
    /// pairs with more farkles first) until a sweep changes no value by more than
    /// `tolerance`; see the module docs for why this order makes each sweep exact but for
    /// the values a penalty reads, and so converge fast.
    ///
    /// Plain sweeps (the default) solve every pair's turn in every sweep, [`LANES`] turns at a
    /// time (see [`Ctx::lane_pass`]), and extrapolate along the last step once the sweeps
    /// contract steadily (see [`extrapolate`]). With `options.policy_iteration`, a sweep also
    /// records every pair's turn under the policy it chose as a linear form in the other
    /// pairs' values ([`Linear`]); the forms are iterated to their fixed point before the
    /// next sweep (modified policy iteration), and that sweep solves again only the pairs
    /// whose policy is not certified still optimal (see [`Ctx::lane_forms`]).
    pub(super) fn solve_sweeps(
        &self,
        start: &mut [f64],
        options: SolveOptions,
        progress: Progress,
    ) -> Result<usize, StrategyError> {
        let tolerance = options.tolerance;
        let buckets = self.sweep_order();
        let budget = options.form_memory.min(MAX_LINEAR_FORM_BYTES);
        let pairs = start.len();
        // The forms, each pair's drift, and a copy of the table after each sweep.
        let base = pairs.saturating_mul(std::mem::size_of::<Linear>() + 16);
        let mut policy = if options.policy_iteration && base <= budget {
            Some(Policy {
                forms: try_filled(pairs, Linear::default())?,
                drift: try_filled(pairs, 0.0)?,
                bytes: base,
                budget,
                epsilon: tolerance / CERTIFIED_LOSS_DIVISOR,
            })
        } else {
            None
        };
        let mut solve = try_filled(pairs, true)?;
        let mut changes: Vec<f64> = Vec::new();
        for sweep in 0..MAX_SWEEPS {
            let before = try_copy(start)?;
            let (change, over_budget) =
                self.sweep(&buckets, start, policy.as_mut(), &solve, &mut |within| {
                    progress(estimate(&changes, sweep, within, tolerance))
                })?;
            if over_budget {
                // The forms outgrew their memory: plain sweeps from here on.
                policy = None;
            }
            changes.push(change);
            if change <= tolerance {
                return Ok(sweep + 1);
            }
            match &mut policy {
                Some(policy) => {
                    let swept = try_copy(start)?;
                    let done = estimate(&changes, sweep + 1, 0.0, tolerance);
                    self.evaluate(
                        &buckets,
                        &policy.forms,
                        start,
                        tolerance / EVALUATION_DIVISOR,
                        &mut || progress(done),
                    )?;
                    self.certify(policy, &mut solve, &before, &swept, start);
                }
                None => {
                    solve.fill(true);
                    self.parallel(|| extrapolate(&changes, start, &before));
                }
            }
        }
        Err(StrategyError::ResourceLimit(format!(
            "the sweeps did not converge in {MAX_SWEEPS} passes"
        )))
    }

    /// The pairs of a sweep, in groups solved in parallel: descending level, and within a
    /// level the pairs with more farkles first (a farkle leads to one more farkle at the
    /// same level). Without a penalty (the warm start), where a farkle swaps the pair at
    /// the same level, the pairs (p, q) with p < q come first, so that (q, p) reads them
    /// swept: the sweeps then contract about twice as fast.
    fn sweep_order(&self) -> Vec<Vec<(usize, usize)>> {
        let l = self.layout;
        let mut buckets: Vec<Vec<(usize, usize)>> = Vec::new();
        let halves = if l.streak == 1 { 2 } else { 1 };
        for level in self.levels() {
            let mut by_k: Vec<Vec<(usize, usize)>> = vec![Vec::new(); halves * (2 * l.streak - 1)];
            for (p, q) in level {
                let k = l.player(p).2 + l.player(q).2;
                let half = if halves == 2 && p >= q { 1 } else { 0 };
                by_k[halves * (2 * l.streak - 2 - k) + half].push((p, q));
            }
            buckets.extend(by_k.into_iter().filter(|b| !b.is_empty()));
        }
        buckets
    }

    /// One Gauss-Seidel sweep, in place; the largest change. The pairs marked in `solve` get
    /// a turn pass (and, with `policy`, a new form); the others take their form's value.
    /// The second result says the forms outgrew their budget (and were not all recorded).
    fn sweep(
        &self,
        buckets: &[Vec<(usize, usize)>],
        start: &mut [f64],
        mut policy: Option<&mut Policy>,
        solve: &[bool],
        progress: Progress,
    ) -> Result<(f64, bool), StrategyError> {
        let players = self.players();
        let epsilon = policy.as_ref().map_or(0.0, |p| p.epsilon);
        let mut record = policy.is_some();
        let mut over_budget = false;
        let mut change = 0.0f64;
        for (i, bucket) in buckets.iter().enumerate() {
            // Every pair of a bucket reads the values from before the bucket (the results are
            // stored after the last chunk), though it is computed a chunk at a time so that
            // the progress function is called between chunks.
            let current: &[f64] = start;
            let mut results: Vec<Solved> = Vec::with_capacity(bucket.len());
            let mut todo: Vec<(usize, usize, f64, usize)> = Vec::new();
            for &(p, q) in bucket {
                let idx = p * players + q;
                match policy.as_deref() {
                    Some(policy) if !solve[idx] => results.push(Solved {
                        idx,
                        value: self.linear_value(&policy.forms[idx], current, p, q),
                        form: None,
                    }),
                    _ => {
                        let phi = self.farkle_payoff(current, p, q);
                        todo.push((p, q, phi, self.t_hi(p, q, phi)));
                    }
                }
            }
            // Lanes of nearly the same height.
            todo.sort_unstable_by_key(|&(_, _, _, t_hi)| t_hi);
            let batches: Vec<Batch> = todo.chunks(LANES).map(Batch::new).collect();
            let chunks = self.batch_chunks(&batches);
            let chunk_count = chunks.len();
            for chunk in chunks {
                let computed = self.solve_batches(chunk, current, record, epsilon);
                results.extend(computed);
                if chunk_count > 1 && !progress(i as f64 / buckets.len() as f64) {
                    return Err(StrategyError::Cancelled);
                }
            }
            for Solved { idx, value, form } in results {
                change = change.max((start[idx] - value).abs());
                start[idx] = value;
                if let (Some(store), Some(form)) = (policy.as_deref_mut(), form) {
                    store.bytes =
                        store.bytes - 8 * store.forms[idx].weights.len() + 8 * form.weights.len();
                    store.forms[idx] = form;
                }
            }
            if record && policy.as_ref().is_some_and(|f| f.bytes > f.budget) {
                record = false;
                over_budget = true;
            }
            if i % PROGRESS_BUCKETS == 0 && !progress(i as f64 / buckets.len() as f64) {
                return Err(StrategyError::Cancelled);
            }
        }
        Ok((change, over_budget))
    }

    /// The turns of `batches` solved in parallel by lane passes reading `current`, each with
    /// its linear form when `record` (forms certified to `epsilon`).
    fn solve_batches(
        &self,
        batches: &[Batch],
        current: &[f64],
        record: bool,
        epsilon: f64,
    ) -> Vec<Solved> {
        let players = self.players();
        let computed: Vec<Vec<Solved>> = self.parallel(|| {
            batches
                .par_iter()
                .map_init(LaneScratch::default, |s, batch| {
                    let values = self.lane_pass(s, current, batch, record);
                    let mut forms = match record {
                        true => self.lane_forms(s, batch, epsilon),
                        false => Vec::new(),
                    }
                    .into_iter();
                    (0..batch.len)
                        .map(|j| {
                            let (p, q) = batch.pairs[j];
                            let form = forms.next();
                            debug_assert!(form.as_ref().is_none_or(|f| {
                                (self.linear_value(f, current, p, q) - values[j]).abs()
                                    < FORM_CHECK_TOLERANCE
                            }));
                            Solved {
                                idx: p * players + q,
                                value: values[j],
                                form,
                            }
                        })
                        .collect()
                })
                .collect()
        });
        computed.into_iter().flatten().collect()
    }

    /// `batches` cut into consecutive chunks of about [`CHUNK_WORK`] option evaluations
    /// each, so that a progress function hears from a solve a few times a second however
    /// large a bucket is.
    fn batch_chunks<'b>(&self, batches: &'b [Batch]) -> Vec<&'b [Batch]> {
        let per_row = self.model.row_work().max(1);
        let mut out = Vec::new();
        let mut begin = 0;
        let mut work = 0u64;
        for (i, batch) in batches.iter().enumerate() {
            let rows = (batch.top as u64).saturating_mul(batch.len as u64);
            work = work.saturating_add(rows.saturating_mul(per_row));
            if work >= CHUNK_WORK {
                out.push(&batches[begin..=i]);
                begin = i + 1;
                work = 0;
            }
        }
        if begin < batches.len() {
            out.push(&batches[begin..]);
        }
        out
    }
}

/// A pair solved in a sweep: its value, and its new form when recording.
struct Solved {
    pub(super) idx: usize,
    pub(super) value: f64,
    pub(super) form: Option<Linear>,
}

/// Plain sweeps converge linearly once the policy settles: when the ratio `rho` of the last
/// two largest changes is small (below [`EXTRAPOLATE_RATIO`]) and agrees within a quarter
/// with the one before, and no value moved by more than [`EXTRAPOLATE_BELOW`], the rest of
/// the way is about `rho / (1 - rho)` times the last step (a geometric series), so every
/// value moves that much further along it. This saves a sweep for the extended preset and
/// changed nothing for zilch (measured to 3,000, 5,000 and 10,000); without the two bounds
/// it cost sweeps, early (the policy still moving) and where the sweeps contract slowly (the
/// largest change is a poor guide to the slowest direction). A wrong guess is corrected by
/// the next sweeps: the solve ends only when a sweep changes nothing by more than the
/// tolerance.
fn extrapolate(changes: &[f64], start: &mut [f64], before: &[f64]) {
    let [.., a, b, c] = changes else {
        return;
    };
    let (previous, last) = (b / a, c / b);
    if !(*c <= EXTRAPOLATE_BELOW
        && last < EXTRAPOLATE_RATIO
        && (last - previous).abs() < EXTRAPOLATE_AGREEMENT * last)
    {
        return;
    }
    let factor = last / (1.0 - last);
    start
        .par_iter_mut()
        .zip(before.par_iter())
        .for_each(|(v, b)| *v = (*v + factor * (*v - b)).clamp(0.0, 1.0));
}

/// [`extrapolate`] waits until no value moved by more than this in the last sweep (the
/// policy has settled).
const EXTRAPOLATE_BELOW: f64 = 1e-5;

/// [`extrapolate`] waits until each sweep shrinks the largest change at least this much (a
/// fast contraction, so its ratio is a good guide).
const EXTRAPOLATE_RATIO: f64 = 0.1;

/// [`extrapolate`] waits until the last two contraction ratios agree within this share of
/// the last (a steady contraction).
const EXTRAPOLATE_AGREEMENT: f64 = 0.25;

/// A bucket of a sweep calls the progress function every this many buckets (besides
/// between the chunks of a large bucket).
const PROGRESS_BUCKETS: usize = 64;

/// The sweeps still to come, guessed before two sweeps show how fast they contract.
const FIRST_SWEEPS_GUESS: f64 = 10.0;

/// The most progress the sweeps report before the last one is done (the estimate is a guess;
/// 1 is reported when the solve ends).
const ESTIMATE_CAP: f64 = 0.99;

/// A copy of the table, or a resource error when the memory is not available.
fn try_copy(values: &[f64]) -> Result<Vec<f64>, StrategyError> {
    let mut out = Vec::new();
    out.try_reserve_exact(values.len()).map_err(|_| {
        StrategyError::ResourceLimit(format!("cannot allocate {} bytes", 8 * values.len()))
    })?;
    out.extend_from_slice(values);
    Ok(out)
}

/// Full sweeps before the solver gives up.
const MAX_SWEEPS: usize = 10_000;

/// Progress of the sweeps: the remaining sweeps are estimated from the observed contraction.
fn estimate(changes: &[f64], sweep: usize, within: f64, tolerance: f64) -> f64 {
    let expected = match changes {
        [.., a, b] if *b > 0.0 && b < a => {
            let rate = b / a;
            sweep as f64 + ((tolerance / b).ln() / rate.ln()).max(0.0) + 1.0
        }
        _ => sweep as f64 + FIRST_SWEEPS_GUESS,
    };
    ((sweep as f64 + within) / expected).clamp(0.0, ESTIMATE_CAP)
}

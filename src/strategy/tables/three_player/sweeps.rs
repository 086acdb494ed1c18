// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! With a farkle penalty: Gauss-Seidel sweeps over the states until a sweep changes no value by
//! more than the tolerance, from the same game without the penalty.
//!
//! A farkle short of the penalty keeps every score and adds a farkle to the mover's count, so
//! within a level (the sum of the scores) the states with more farkles in a row in all are
//! solved first: then every value a turn reads is final for the sweep (banking raises the
//! level) except the one after the farkle that triggers the penalty, which lowers a score.
//! No state's farkle leads back to itself, so each turn is one pass at the farkle payoff it
//! reads; the errors a sweep leaves come only through the penalty, weighted by the chance of
//! the farkles in a row that trigger it, and shrink fast.

use rayon::prelude::*;

use crate::strategy::{Progress, StrategyError};

use super::context::Ctx;
use super::lanes::{Job, LANES};
use super::pass::{Node, Seats, Summary};
use super::solve::{reporting_while, CHUNK_WORK};
use super::table::ThreePlayerTable;

/// Sweeps stop once no value changes by more than this.
pub(super) const SWEEP_TOLERANCE: f64 = 1e-12;

/// Sweeps before a solve gives up: the sweeps contract by a large factor each time, so this
/// many without converging means they do not.
const MAX_SWEEPS: usize = 200;

impl Ctx<'_> {
    /// Fills `values` from the solved game without the penalty: each state takes the values
    /// of the same flags and scores, all raised by the same amount when one is negative (the
    /// leads are what matters most).
    pub(super) fn warm_start(&self, guess: &ThreePlayerTable, values: &mut [[f64; 3]]) {
        let l = &self.layout;
        let g = &guess.layout;
        let gn = g.players();
        let top = g.target - 1;
        let n = self.players();
        values.par_iter_mut().enumerate().for_each(|(index, v)| {
            let (p, q, r) = (index / (n * n), index / n % n, index % n);
            let players = [l.player(p), l.player(q), l.player(r)];
            let shift = -players.iter().map(|x| x.0).min().unwrap_or(0).min(0);
            let at = |x: (i64, bool, usize)| {
                let score = if x.1 { (x.0 + shift).min(top) } else { 0 };
                g.index(score, x.1, 0)
            };
            let [a, b, c] = players.map(at);
            *v = guess.values[(a * gn + b) * gn + c];
        });
    }

    /// The states of one level, those with the most farkles in a row in all first, in
    /// groups solved in parallel.
    fn buckets_of_level(&self, by_score: &[Vec<usize>], level: i64) -> Vec<Vec<Seats>> {
        let l = &self.layout;
        let streaks = 3 * (l.streak - 1) + 1;
        let mut buckets = vec![Vec::new(); streaks];
        let (lo, hi) = (l.lower, l.target - 1);
        for x in lo..=hi {
            for y in lo..=hi {
                let z = level - x - y;
                if z < lo || z > hi {
                    continue;
                }
                for &p in &by_score[(x - lo) as usize] {
                    for &q in &by_score[(y - lo) as usize] {
                        for &r in &by_score[(z - lo) as usize] {
                            let k = l.player(p).2 + l.player(q).2 + l.player(r).2;
                            buckets[streaks - 1 - k].push((p, q, r));
                        }
                    }
                }
            }
        }
        buckets.retain(|b| !b.is_empty());
        buckets
    }

    /// The values of states' turns from the values they read, their passes batched into
    /// lanes.
    fn state_values(
        &self,
        pool: &rayon::ThreadPool,
        values: &[[f64; 3]],
        states: &[Seats],
    ) -> Vec<[f64; 3]> {
        let mut jobs: Vec<(usize, Job)> = states
            .iter()
            .enumerate()
            .map(|(i, &seats)| {
                // After the farkle the next player moves, the mover is last.
                let phi = values[self.index(self.after_farkle(seats))][2];
                (
                    i,
                    Job {
                        seats,
                        phi,
                        t_hi: self.t_hi(seats, phi),
                    },
                )
            })
            .collect();
        jobs.sort_by_key(|j| j.1.t_hi);
        let nodes: Vec<Node> = pool.install(|| {
            jobs.par_chunks(LANES)
                .map_init(
                    || self.spare_lanes.take(),
                    |s, batch| {
                        let lanes: Vec<Job> = batch.iter().map(|j| j.1).collect();
                        self.lane_pass(values, &lanes, s)[..batch.len()].to_vec()
                    },
                )
                .flatten()
                .collect()
        });
        let mut out = vec![[0.0; 3]; states.len()];
        for (&(i, job), node) in jobs.iter().zip(nodes) {
            let after = values[self.index(self.after_farkle(job.seats))];
            let t = Summary::of(node, job.phi);
            out[i] = [
                t.own(job.phi),
                t.cu + t.f * after[0],
                t.cr() + t.f * after[1],
            ];
        }
        out
    }

    /// Sweeps until no value changes by more than [`SWEEP_TOLERANCE`]: the number of sweeps.
    pub(super) fn solve_sweeps(
        &self,
        pool: &rayon::ThreadPool,
        values: &mut [[f64; 3]],
        progress: &mut Progress,
    ) -> Result<usize, StrategyError> {
        let l = self.layout;
        let by_score = self.by_score();
        let levels: Vec<i64> = (3 * l.lower..=3 * (l.target - 1)).rev().collect();
        let mut changes: Vec<f64> = Vec::new();
        for sweep in 0..MAX_SWEEPS {
            let mut change = 0.0f64;
            for (li, &level) in levels.iter().enumerate() {
                for bucket in self.buckets_of_level(&by_score, level) {
                    for chunk in bucket.chunks(self.chunk_states()) {
                        let within = li as f64 / levels.len() as f64;
                        let fraction = estimate(&changes, sweep, within);
                        let known: &[[f64; 3]] = values;
                        // A chunk is one parallel batch of turns, short; the progress
                        // function is still called while it runs.
                        let results = reporting_while(fraction, progress, |_| {
                            self.state_values(pool, known, chunk)
                        })?;
                        for (&seats, v) in chunk.iter().zip(results) {
                            let index = self.index(seats);
                            for j in 0..3 {
                                change = change.max((values[index][j] - v[j]).abs());
                            }
                            values[index] = v;
                        }
                        if !progress(fraction) {
                            return Err(StrategyError::Cancelled);
                        }
                    }
                }
            }
            changes.push(change);
            if change <= SWEEP_TOLERANCE {
                return Ok(sweep + 1);
            }
        }
        Err(StrategyError::ResourceLimit(format!(
            "the three-player sweeps did not converge in {MAX_SWEEPS} passes"
        )))
    }

    /// States per parallel chunk of a sweep: about [`CHUNK_WORK`] option evaluations.
    fn chunk_states(&self) -> usize {
        let rows = (self.layout.target - self.layout.lower).max(1) as u64;
        (CHUNK_WORK / (rows * self.model.row_work().max(1))).max(64) as usize
    }
}

/// The fraction of the sweeps done: sweeps expected from how fast the changes shrink.
pub(super) fn estimate(changes: &[f64], sweep: usize, within: f64) -> f64 {
    let expected = match changes {
        [.., a, b] if *b > 0.0 && b < a => {
            let ratio = (b / a).max(1e-6);
            sweep as f64 + ((SWEEP_TOLERANCE / b).ln() / ratio.ln()).max(1.0)
        }
        _ => (sweep + 8) as f64,
    };
    ((sweep as f64 + within) / expected).clamp(0.0, 1.0)
}

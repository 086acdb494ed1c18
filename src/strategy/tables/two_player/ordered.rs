// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The ordered solve, without a penalty: the pairs in descending order of the sum of both
//! scores, each pair (p, q), (q, p) solved exactly by Newton's method on its farkle payoffs.

use rayon::prelude::*;

use crate::strategy::{Progress, StrategyError};

use super::pass::{Ctx, Scratch};
use super::solve::CHUNK_WORK;
use super::{EVEN_CHANCE, NEWTON_STEPS, NEWTON_TOLERANCE};

impl Ctx<'_> {
    /// Player indices grouped by score level (sum of both scores), highest first.
    pub(super) fn levels(&self) -> Vec<Vec<(usize, usize)>> {
        let l = &self.layout;
        let players = self.players();
        let lo = 2 * l.lower;
        let hi = 2 * (l.target - 1);
        let mut levels = vec![Vec::new(); (hi - lo + 1) as usize];
        for p in 0..players {
            for q in 0..players {
                let sum = l.player(p).0 + l.player(q).0;
                levels[(hi - sum) as usize].push((p, q));
            }
        }
        levels
    }

    /// Without a penalty: one pass in descending level order, each pair (p, q), (q, p)
    /// solved exactly by Newton's method on the farkle payoffs.
    pub(super) fn solve_ordered(
        &self,
        start: &mut [f64],
        progress: Progress,
    ) -> Result<(), StrategyError> {
        let players = self.players();
        let levels = self.levels();
        // A cycle's work, roughly: its two turns' rows (each solved a few times by Newton).
        let rows = |&(p, q): &(usize, usize)| {
            (self.t_hi(p, q, EVEN_CHANCE) + self.t_hi(q, p, EVEN_CHANCE)) as u64
        };
        let total = levels
            .iter()
            .flatten()
            .filter(|&&(p, q)| p <= q)
            .map(rows)
            .sum::<u64>()
            .max(1);
        let mut done = 0u64;
        for level in &levels {
            let cycles: Vec<(usize, usize)> =
                level.iter().copied().filter(|&(p, q)| p <= q).collect();
            // The pairs of a level depend only on higher levels (and each cycle on itself), so
            // they are solved in parallel, a chunk at a time, with a progress call in between.
            for chunk in self.chunks(&cycles, rows) {
                let snapshot: &[f64] = start;
                let results: Vec<(usize, usize, f64, f64)> = self.parallel(|| {
                    chunk
                        .par_iter()
                        .map_init(
                            || (Scratch::default(), Scratch::default()),
                            |(a, b), &(p, q)| {
                                let (s1, s2) = self.solve_cycle(snapshot, p, q, a, b);
                                (p, q, s1, s2)
                            },
                        )
                        .collect()
                });
                for (p, q, s1, s2) in results {
                    start[p * players + q] = s1;
                    start[q * players + p] = s2;
                }
                done += chunk.iter().map(rows).sum::<u64>();
                if !progress(done as f64 / total as f64) {
                    return Err(StrategyError::Cancelled);
                }
            }
        }
        Ok(())
    }

    /// `items` cut into consecutive chunks of about [`CHUNK_WORK`] option evaluations each
    /// (`rows` estimates an item's rows), so that a progress function hears from a solve a
    /// few times a second however large a level or bucket is.
    fn chunks<'b>(
        &self,
        items: &'b [(usize, usize)],
        rows: impl Fn(&(usize, usize)) -> u64,
    ) -> Vec<&'b [(usize, usize)]> {
        let per_item = self.model.row_work().max(1);
        let mut out = Vec::new();
        let mut begin = 0;
        let mut work = 0u64;
        for (i, item) in items.iter().enumerate() {
            work = work.saturating_add(rows(item).saturating_mul(per_item));
            if work >= CHUNK_WORK {
                out.push(&items[begin..=i]);
                begin = i + 1;
                work = 0;
            }
        }
        if begin < items.len() {
            out.push(&items[begin..]);
        }
        out
    }

    fn solve_cycle(
        &self,
        start: &[f64],
        p: usize,
        q: usize,
        a: &mut Scratch,
        b: &mut Scratch,
    ) -> (f64, f64) {
        // Rows for the highest farkle payoff, so that every payoff Newton tries is covered.
        let t1 = self.t_hi(p, q, 1.0);
        self.fill_bank(start, p, q, t1, &mut a.bank);
        if p == q {
            let mut s = EVEN_CHANCE;
            for _ in 0..NEWTON_STEPS {
                let phi = 1.0 - s;
                let (v, d) = self.pass::<true>(a, p, q, phi);
                let new = (v - d * phi + d) / (1.0 + d);
                let done = (new - s).abs() < NEWTON_TOLERANCE;
                s = new;
                if done {
                    break;
                }
            }
            return (s, s);
        }
        let t2 = self.t_hi(q, p, 1.0);
        self.fill_bank(start, q, p, t2, &mut b.bank);
        let (mut s1, mut s2) = (EVEN_CHANCE, EVEN_CHANCE);
        for _ in 0..NEWTON_STEPS {
            let phi1 = 1.0 - s2;
            let phi2 = 1.0 - s1;
            let (v1, b1) = self.pass::<true>(a, p, q, phi1);
            let (v2, b2) = self.pass::<true>(b, q, p, phi2);
            let a1 = v1 - b1 * phi1;
            let a2 = v2 - b2 * phi2;
            let n1 = (a1 + b1 * (1.0 - a2 - b2)) / (1.0 - b1 * b2);
            let n2 = a2 + b2 * (1.0 - n1);
            let done = (n1 - s1).abs() < NEWTON_TOLERANCE && (n2 - s2).abs() < NEWTON_TOLERANCE;
            s1 = n1;
            s2 = n2;
            if done {
                break;
            }
        }
        (s1, s2)
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The turn pass: one pair's turn solved by a backward pass over (turn total, dice to roll),
//! given the start-of-turn values it reads (what banking and a farkle lead to), and the
//! context every solve and query shares.

use crate::rules::Rules;
use crate::strategy::turn::{solve_turn, TurnModel, TurnTable};
use crate::strategy::StrategyError;

use super::layout::Layout;
use super::TwoPlayerTable;

/// Per-thread buffers of a turn pass.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) w: Vec<f64>,
    pub(super) d: Vec<f64>,
    pub(super) bank: Vec<f64>,
}

/// Work shared by the solver and the queries.
pub(super) struct Ctx<'a> {
    pub(super) layout: Layout,
    pub(super) rules: &'a Rules,
    pub(super) model: &'a TurnModel,
    /// Option offsets `b * width + next`, parallel to `model.options`.
    pub(super) offsets: Vec<u32>,
    pub(super) final_chance: &'a [Vec<f64>; 2],
    pub(super) bank_min: [usize; 2],
    /// The smallest farkle probability of a risky hand.
    pub(super) pf_min: f64,
    /// With a final round, per opponent flag: W at lead d (units) with m dice, when every
    /// risky hand banks, at `d * width + m`; 1 beyond the lead cap.
    pub(super) lead_values: &'a [Vec<f64>; 2],
    /// The solve's own worker threads (queries run on the caller's thread only).
    pub(super) pool: Option<&'a rayon::ThreadPool>,
}

impl<'a> Ctx<'a> {
    pub(super) fn new(
        rules: &'a Rules,
        layout: &Layout,
        model: &'a TurnModel,
        final_chance: &'a [Vec<f64>; 2],
        lead_values: &'a [Vec<f64>; 2],
        bank_min: [usize; 2],
    ) -> Ctx<'a> {
        let width = model.width();
        let offsets = model
            .options
            .iter()
            .map(|&(b, next)| (b as usize * width + usize::from(next)) as u32)
            .collect();
        let pf_min = (1..width)
            .map(|m| model.farkle[m])
            .filter(|&pf| pf > 0.0)
            .fold(1.0, f64::min);
        Ctx {
            layout: *layout,
            rules,
            model,
            offsets,
            final_chance,
            bank_min,
            pf_min,
            lead_values,
            pool: None,
        }
    }
}

impl Ctx<'_> {
    pub(super) fn players(&self) -> usize {
        self.layout.players()
    }

    /// The player after a farkle.
    pub(super) fn farkled(&self, p: usize) -> usize {
        self.layout.farkled(self.rules, p)
    }

    /// The first turn total from which on every state's value is known without a pass: a sure
    /// win without a final round; with one, a lead where banking every risky hand is proven
    /// optimal for this farkle payoff (the opponent's last-turn chance `R(d)` is at most
    /// `pf(m) (1 - phi)`, what one more roll could gain at best), or beyond the lead cap.
    pub(super) fn t_hi(&self, p: usize, q: usize, phi: f64) -> usize {
        let l = &self.layout;
        let (x, board, _) = l.player(p);
        let (y, qboard, _) = l.player(q);
        let mut hi = (l.target - x).max(0);
        if self.rules.final_round {
            let r = &self.final_chance[usize::from(qboard)];
            let limit = self.pf_min * (1.0 - phi);
            // R is non-increasing in d: the first d with R(d) <= limit.
            let d_star = 1 + r[1..].partition_point(|&v| v > limit);
            hi = hi.max(d_star as i64 + y - x);
        }
        (hi as usize).max(self.bank_min[usize::from(board)])
    }

    /// The value of a state at or above `t_hi` (see [`Ctx::t_hi`]).
    #[inline]
    pub(super) fn beyond(&self, x: i64, y: i64, qboard: bool, t: usize, m: usize) -> f64 {
        if !self.rules.final_round {
            return 1.0;
        }
        let d = (x + t as i64 - y) as usize;
        let width = self.model.width();
        self.lead_values[usize::from(qboard)]
            .get(d * width + m)
            .copied()
            .unwrap_or(1.0)
    }

    /// Runs `f` on the solve's worker threads (its parallel iterators use them).
    pub(super) fn parallel<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        }
    }

    /// The payoff of banking turn total t (units) for p against q: `-inf` where banking is
    /// not allowed. Constant time, whatever t is.
    pub(super) fn bank_at(&self, start: &[f64], p: usize, q: usize, t: usize) -> f64 {
        let l = &self.layout;
        let (x, board, _) = l.player(p);
        let (y, qboard, _) = l.player(q);
        if t < self.bank_min[usize::from(board)] {
            return f64::NEG_INFINITY;
        }
        // t is at most MAX_TURN_TOTAL in units, x and y within the table: no overflow.
        let z = x + t as i64;
        if z >= l.target {
            if self.rules.final_round {
                let d = (z - y) as usize;
                let r = &self.final_chance[usize::from(qboard)];
                1.0 - r.get(d).copied().unwrap_or(0.0)
            } else {
                1.0
            }
        } else {
            1.0 - start[q * self.players() + l.index(z, true, 0)]
        }
    }

    /// Bank payoffs for t in 0..t_hi (`-inf` where banking is not allowed).
    pub(super) fn fill_bank(
        &self,
        start: &[f64],
        p: usize,
        q: usize,
        t_hi: usize,
        out: &mut Vec<f64>,
    ) {
        out.clear();
        out.extend((0..t_hi).map(|t| self.bank_at(start, p, q, t)));
    }

    /// Rows `rows` (at or above `t_hi`) of p's turn table against q in a final round: the
    /// values there are known (see [`Ctx::beyond`]).
    fn fill_beyond(&self, w: &mut [f64], p: usize, q: usize, rows: std::ops::Range<usize>) {
        let width = self.model.width();
        let (x, _, _) = self.layout.player(p);
        let (y, qboard, _) = self.layout.player(q);
        for t in rows {
            for hand in 0..width {
                w[t * width + hand] = self.beyond(x, y, qboard, t, hand);
            }
        }
    }

    /// One backward pass: the value at (0, full set) and, with `SLOPE`, its derivative in
    /// `phi` (the chance of farkling under the chosen policy); without, the derivative is 0
    /// and the inner loop is a plain maximum.
    pub(super) fn pass<const SLOPE: bool>(
        &self,
        s: &mut Scratch,
        p: usize,
        q: usize,
        phi: f64,
    ) -> (f64, f64) {
        let m = self.model;
        let width = m.width();
        let n = m.dice;
        let t_hi = self.t_hi(p, q, phi);
        let rows = t_hi + m.max_gain + 1;
        s.w.clear();
        s.w.resize(rows * width, 1.0);
        if SLOPE {
            s.d.clear();
            s.d.resize(rows * width, 0.0);
        }
        if self.rules.final_round {
            self.fill_beyond(&mut s.w, p, q, t_hi..rows);
        }
        let (w, d) = (&mut s.w, &mut s.d);
        for t in (0..t_hi).rev() {
            let bank = s.bank[t];
            let row = t * width;
            for hand in 1..=n {
                let mut acc = m.farkle[hand] * phi;
                let mut accd = m.farkle[hand];
                for g in m.group_start[hand - 1]..m.group_start[hand] {
                    let offsets = &self.offsets[m.option_start[g]..m.option_start[g + 1]];
                    let p = m.group_prob[g];
                    if SLOPE {
                        let mut best = f64::NEG_INFINITY;
                        let mut bestd = 0.0;
                        for &off in offsets {
                            let i = row + off as usize;
                            let v = w[i];
                            if v > best {
                                best = v;
                                bestd = d[i];
                            }
                        }
                        acc += p * best;
                        accd += p * bestd;
                    } else {
                        let best = offsets
                            .iter()
                            .fold(f64::NEG_INFINITY, |b, &off| b.max(w[row + off as usize]));
                        acc += p * best;
                    }
                }
                if bank >= acc {
                    w[row + hand] = bank;
                    if SLOPE {
                        d[row + hand] = 0.0;
                    }
                } else {
                    w[row + hand] = acc;
                    if SLOPE {
                        d[row + hand] = accd;
                    }
                }
            }
            let (value, slope) = if m.hot_dice {
                (w[row + n], if SLOPE { d[row + n] } else { 0.0 })
            } else if bank > f64::NEG_INFINITY {
                (bank, 0.0)
            } else {
                (phi, 1.0)
            };
            w[row] = value;
            if SLOPE {
                d[row] = slope;
            }
        }
        (w[n], if SLOPE { d[n] } else { 0.0 })
    }

    /// A full turn table for queries: its rows span the pair's scores to the target (and
    /// the final-round lead), whatever turn total is asked about.
    pub(super) fn table(
        &self,
        start: &[f64],
        p: usize,
        q: usize,
    ) -> Result<TurnTable, StrategyError> {
        let phi = self.farkle_payoff(start, p, q);
        let t_hi = self.t_hi(p, q, phi);
        let (x, _, _) = self.layout.player(p);
        let (y, qboard, _) = self.layout.player(q);
        solve_turn(
            self.model,
            t_hi,
            phi,
            |t| {
                let b = self.bank_at(start, p, q, t);
                (b > f64::NEG_INFINITY).then_some(b)
            },
            |t, m| self.beyond(x, y, qboard, t, m),
            &mut |_| true,
        )
    }

    /// The value of a farkle for the player p to move against q.
    pub(super) fn farkle_payoff(&self, start: &[f64], p: usize, q: usize) -> f64 {
        1.0 - start[q * self.players() + self.farkled(p)]
    }

    /// W(t, m) of a turn table, at any t.
    pub(super) fn value(&self, table: &TurnTable, p: usize, q: usize, t: usize, m: usize) -> f64 {
        if t < table.t_hi {
            table.w(t, m)
        } else {
            let (x, _, _) = self.layout.player(p);
            let (y, qboard, _) = self.layout.player(q);
            self.beyond(x, y, qboard, t, m)
        }
    }
}

impl TwoPlayerTable {
    pub(super) fn ctx(&self) -> Ctx<'_> {
        Ctx::new(
            &self.rules,
            &self.layout,
            &self.model,
            &self.final_chance,
            &self.lead_values,
            self.bank_min,
        )
    }
}

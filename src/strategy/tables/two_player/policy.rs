// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Policy iteration (an option of the penalty sweeps): each swept turn recorded as a linear
//! form in the values it reads, the forms iterated to their fixed point, and the margins that
//! certify which turns need no new pass.

use rayon::prelude::*;

use crate::strategy::turn::TurnModel;
use crate::strategy::StrategyError;

use super::lanes::{Batch, LaneScratch, Lanes, HALF, LANES};
use super::pass::Ctx;
use super::{EVALUATION_GRAIN, STALLED_CONTRACTION};

/// Policy iteration's state: every pair's linear form, how far the values its turn reads
/// have moved since it was solved, and the memory the forms take, which is kept within the
/// budget (beyond it the solver drops them and does plain sweeps).
pub(super) struct Policy {
    pub(super) forms: Vec<Linear>,
    pub(super) drift: Vec<f64>,
    pub(super) bytes: usize,
    pub(super) budget: usize,
    /// What a certified pair's turn may lose against the best policy (see
    /// [`Ctx::lane_forms`]).
    pub(super) epsilon: f64,
}

/// A pair's turn under a fixed policy as a linear function of the other pairs' values:
/// `S(p, q) = constant - farkle S(q, farkled p) - sum_k weights[k] S(q, x + first + k)`,
/// where `x + first + k` is p's score after banking, on the board with no farkles.
#[derive(Debug, Clone, Default)]
pub(super) struct Linear {
    pub(super) constant: f64,
    pub(super) farkle: f64,
    pub(super) first: u32,
    pub(super) weights: Box<[f64]>,
    /// The farkle payoff the turn read when it was solved.
    pub(super) phi: f64,
    /// How far the values the turn reads may move, none by more than this, with its policy
    /// still optimal but for `epsilon` (see [`Ctx::lane_forms`]); 0 for a form not recorded.
    pub(super) certified: f64,
}

impl Ctx<'_> {
    /// After an evaluation: how far the values each pair's turn reads have moved since it
    /// was solved (its drift), and so which pairs the next sweep solves again: those whose
    /// drift passed what their form is certified for. `before` is the table before the
    /// sweep, `swept` after it, `start` after the evaluation. A pair solved in the sweep
    /// read the values of `swept` when banking (higher levels, done before it) and the
    /// farkle payoff its form keeps; the others have read nothing since the last
    /// evaluation, so their drift grows by how far their inputs moved from `before`.
    pub(super) fn certify(
        &self,
        policy: &mut Policy,
        solve: &mut [bool],
        before: &[f64],
        swept: &[f64],
        start: &[f64],
    ) {
        let l = &self.layout;
        let players = self.players();
        let scores = l.scores();
        // For each first player q and score index s: the largest move of S(q, (z, on the
        // board, no farkles)) over the scores z from s up, what banking reads.
        let moves = |reference: &[f64]| -> Vec<f64> {
            let mut out = vec![0.0f64; players * (scores + 1)];
            for (q, row) in out.chunks_mut(scores + 1).enumerate() {
                for s in (0..scores).rev() {
                    let j = q * players + l.index(l.lower + s as i64, true, 0);
                    row[s] = row[s + 1].max((start[j] - reference[j]).abs());
                }
            }
            out
        };
        let (since_sweep, since_before) =
            self.parallel(|| rayon::join(|| moves(swept), || moves(before)));
        let forms = &policy.forms;
        self.parallel(|| {
            policy
                .drift
                .par_chunks_mut(players)
                .zip(solve.par_chunks_mut(players))
                .enumerate()
                .for_each(|(p, (drift, solve))| {
                    let (x, board, _) = l.player(p);
                    // Banking reads scores from x plus the bank minimum up.
                    let lowest =
                        ((x - l.lower) as usize + self.bank_min[usize::from(board)]).min(scores);
                    let fk = self.farkled(p);
                    for q in 0..players {
                        let idx = p * players + q;
                        let bank = |moves: &[f64]| moves[q * (scores + 1) + lowest];
                        let farkle = q * players + fk;
                        drift[q] = if solve[q] {
                            let phi = 1.0 - start[farkle];
                            (phi - forms[idx].phi).abs().max(bank(&since_sweep))
                        } else {
                            let moved = (start[farkle] - before[farkle]).abs();
                            drift[q] + moved.max(bank(&since_before))
                        };
                        solve[q] = drift[q] > forms[idx].certified;
                    }
                });
        });
    }

    /// The turns of a batch just solved by [`Ctx::lane_pass`] (with `record`), as linear
    /// forms: a forward pass carries the chance of reaching every state under the policy the
    /// backward pass chose (the same choices, ties to the first option) to where the turn
    /// ends: banking at some total, a farkle, or a total whose value is known.
    ///
    /// On the way it bounds how far the values the turn reads may move before its policy
    /// could stop being optimal. If no value read moves by more than d, no choice's value at
    /// any state moves by more than d (each is an average of what the turn ends with), so
    /// the recorded policy loses against the best one at most `sum_s P(s) (2 d - g_s)^+`
    /// over the decisions s it reaches, P(s) the chance of reaching s and g_s the margin of
    /// its choice over the next best (the performance difference of two policies, summed
    /// over the states the first one visits). Two choices that both lead to a sure win
    /// never come apart, so such ties do not count. Margins are tallied by powers of two,
    /// and [`Linear::certified`] is the largest d for which `2 d` times the chance of
    /// meeting a margin below `2 d` stays within `epsilon`.
    pub(super) fn lane_forms(&self, s: &mut LaneScratch, b: &Batch, epsilon: f64) -> Vec<Linear> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the processor supports AVX, checked just above.
            return unsafe { self.lane_forms_avx(s, b, epsilon) };
        }
        self.lane_forms_with(s, b, epsilon)
    }

    /// [`Ctx::lane_forms`] compiled for AVX (see [`LaneRows::run_avx`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    unsafe fn lane_forms_avx(&self, s: &mut LaneScratch, b: &Batch, epsilon: f64) -> Vec<Linear> {
        self.lane_forms_with(s, b, epsilon)
    }

    /// The body of [`Ctx::lane_forms`], inlined into both of its compiled copies (and so are
    /// the steps of [`Forward`] it calls).
    #[inline(always)]
    fn lane_forms_with(&self, s: &mut LaneScratch, b: &Batch, epsilon: f64) -> Vec<Linear> {
        let m = self.model;
        let width = m.width();
        let n = m.dice;
        let top = b.top;
        let rows = top + m.max_gain + 1;
        let (open, fixed) = self.lane_ends(b);
        let LaneScratch {
            w,
            roll,
            bank,
            mass,
            banked,
        } = s;
        mass.clear();
        mass.resize(rows * width, [0.0; LANES]);
        mass[n] = std::array::from_fn(|j| if j < b.len { 1.0 } else { 0.0 });
        banked.clear();
        banked.resize(top, [0.0; LANES]);
        let mut f = Forward {
            model: m,
            offsets: &self.offsets,
            w,
            roll,
            bank,
            mass,
            banked,
            open,
            farkle: [0.0; LANES],
            margins: [[0.0; LANES]; MARGIN_BUCKETS],
        };
        for t in 0..top {
            let row = t * width;
            f.empty_hand(t, row);
            // An option lands on a sure win from this offset on.
            let fixed_off: Lanes =
                std::array::from_fn(|j| (fixed[j].saturating_sub(t) * width) as f64);
            for hand in 1..=n {
                let go = f.bank_or_roll(t, row, hand);
                if go.iter().all(|&g| g == 0.0) {
                    continue;
                }
                for g in m.group_start[hand - 1]..m.group_start[hand] {
                    f.keep(row, g, &go, &fixed_off);
                }
            }
        }
        (0..b.len)
            .map(|j| f.form(j, top * width, b.phi[j], epsilon))
            .collect()
    }

    /// Per lane of `b`: the turn total from which banking ends the game (a constant payoff),
    /// at most the top; and the one from which a state is a sure win whatever the other
    /// pairs' values are.
    #[inline(always)]
    fn lane_ends(&self, b: &Batch) -> ([usize; LANES], [usize; LANES]) {
        let l = &self.layout;
        let mut open = [0usize; LANES];
        let mut fixed = [0usize; LANES];
        for j in 0..LANES {
            let (p, q) = b.pairs[j];
            let (x, board, _) = l.player(p);
            let (y, _, _) = l.player(q);
            let to_target = (l.target - x).max(0);
            open[j] = (to_target as usize).min(b.top);
            let mut sure = to_target;
            if self.rules.final_round {
                sure = sure.max(l.lead_cap as i64 + 1 + y - x);
            }
            fixed[j] = (sure.max(0) as usize).max(self.bank_min[usize::from(board)]);
        }
        (open, fixed)
    }

    /// The value of pair (p, q) under its linear form.
    #[inline]
    pub(super) fn linear_value(&self, form: &Linear, start: &[f64], p: usize, q: usize) -> f64 {
        let l = &self.layout;
        let players = self.players();
        let (x, _, _) = l.player(p);
        let mut v = form.constant - form.farkle * start[q * players + self.farkled(p)];
        if !form.weights.is_empty() {
            let base = q * players + l.index(x + i64::from(form.first), true, 0);
            let stride = l.streak;
            for (k, &wt) in form.weights.iter().enumerate() {
                v -= wt * start[base + k * stride];
            }
        }
        v
    }

    /// Iterates the linear forms (Gauss-Seidel, the sweep's order) until no value changes by
    /// more than `tolerance`. A policy whose game may never end has no fixed point: the
    /// iteration stops as soon as it stops contracting and the next full sweep carries on.
    pub(super) fn evaluate(
        &self,
        buckets: &[Vec<(usize, usize)>],
        forms: &[Linear],
        start: &mut [f64],
        tolerance: f64,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Result<(), StrategyError> {
        let players = self.players();
        let mut previous = f64::INFINITY;
        for _ in 0..MAX_EVALUATIONS {
            if !go_on() {
                return Err(StrategyError::Cancelled);
            }
            let mut change = 0.0f64;
            for bucket in buckets {
                let snapshot: &[f64] = start;
                let results: Vec<(usize, f64)> = self.parallel(|| {
                    bucket
                        .par_iter()
                        .with_min_len(EVALUATION_GRAIN)
                        .map(|&(p, q)| {
                            let idx = p * players + q;
                            (idx, self.linear_value(&forms[idx], snapshot, p, q))
                        })
                        .collect()
                });
                for (idx, v) in results {
                    let v = v.clamp(0.0, 1.0);
                    change = change.max((start[idx] - v).abs());
                    start[idx] = v;
                }
            }
            if change <= tolerance || change > STALLED_CONTRACTION * previous {
                return Ok(());
            }
            previous = change;
        }
        Ok(())
    }
}

/// Linear sweeps per policy evaluation.
const MAX_EVALUATIONS: usize = 1_000;

/// The forward pass of [`Ctx::lane_forms`] over one batch, row by row from turn total 0: the
/// chance of reaching each state under the policy the backward pass chose, where it ends, and
/// the margins of the decisions it meets.
struct Forward<'a> {
    model: &'a TurnModel,
    offsets: &'a [u32],
    /// The backward pass's values, values of rolling and bank payoffs (see [`LaneScratch`]).
    w: &'a [Lanes],
    roll: &'a [Lanes],
    bank: &'a [Lanes],
    /// The chance of reaching each state, and of banking at each turn total.
    mass: &'a mut [Lanes],
    banked: &'a mut [Lanes],
    /// Per lane: banking at or past this turn total ends the game (see [`Ctx::lane_ends`]).
    open: [usize; LANES],
    /// The chance of ending in a farkle.
    farkle: Lanes,
    /// `margins[k][j]`: the chance of meeting a decision of lane j whose margin (halved
    /// where both choices may move) is in bucket k (see [`margin_bucket`]).
    margins: [Lanes; MARGIN_BUCKETS],
}

impl Forward<'_> {
    /// Tallies a decision of lane j with this margin, reached with this chance.
    #[inline(always)]
    fn note(&mut self, j: usize, margin: f64, reach: f64) {
        self.margins[margin_bucket(margin)][j] += reach;
    }

    /// Column 0 of row t (every die scored), first: with hot dice it continues as the full
    /// set in the same row; without, it banks where banking is allowed, else ends with
    /// nothing, like a farkle.
    #[inline(always)]
    fn empty_hand(&mut self, t: usize, row: usize) {
        let m = self.model;
        let n = m.dice;
        let bank_t = self.bank[t];
        let zero = self.mass[row];
        for j in 0..LANES {
            if zero[j] > 0.0 {
                if m.hot_dice {
                    self.mass[row + n][j] += zero[j];
                } else if bank_t[j] > f64::NEG_INFINITY {
                    self.banked[t][j] += zero[j];
                } else {
                    self.farkle[j] += zero[j];
                }
            }
        }
    }

    /// Before rolling `hand` dice at turn total t: what the policy banks is banked, and the
    /// rest rolls (returned, its farkles counted); the margin of each decision is noted.
    #[inline(always)]
    fn bank_or_roll(&mut self, t: usize, row: usize, hand: usize) -> Lanes {
        let here = self.mass[row + hand];
        let mut go = [0.0; LANES];
        if here.iter().all(|&h| h == 0.0) {
            return go;
        }
        let bank_t = self.bank[t];
        for j in 0..LANES {
            if here[j] == 0.0 {
                continue;
            }
            let bank_j = bank_t[j];
            if bank_j > f64::NEG_INFINITY {
                // Rolling reads other pairs' values; banking too, below the target.
                let both = if t < self.open[j] { 0.5 } else { 1.0 };
                let roll_j = self.roll[row + hand][j];
                if self.w[row + hand][j] == bank_j {
                    self.banked[t][j] += here[j];
                    self.note(j, (bank_j - roll_j) * both, here[j]);
                    continue;
                }
                self.note(j, (roll_j - bank_j) * both, here[j]);
            }
            go[j] = here[j];
            self.farkle[j] += here[j] * self.model.farkle[hand];
        }
        go
    }

    /// One kind of roll (option group g) of the dice rolled from `row` (`go`, see
    /// [`Forward::bank_or_roll`]): its chance moves to the option the policy keeps, the first
    /// reaching the best value, and the margin over the next best is noted.
    #[inline(always)]
    fn keep(&mut self, row: usize, g: usize, go: &Lanes, fixed_off: &Lanes) {
        let m = self.model;
        let w = self.w;
        let offsets = &self.offsets[m.option_start[g]..m.option_start[g + 1]];
        let mut best = [f64::NEG_INFINITY; LANES];
        let mut second = [f64::NEG_INFINITY; LANES];
        // The chosen option's offset, as f64 to blend like the values.
        let mut at = [0.0f64; LANES];
        // Half the lanes at a time keeps the three running values in registers.
        for half in [0, HALF] {
            let mut b = [f64::NEG_INFINITY; HALF];
            let mut s2 = [f64::NEG_INFINITY; HALF];
            let mut a = [0.0f64; HALF];
            for &off in offsets {
                let v = &w[row + off as usize][half..half + HALF];
                for j in 0..HALF {
                    let lower = if v[j] < b[j] { v[j] } else { b[j] };
                    s2[j] = if lower > s2[j] { lower } else { s2[j] };
                    b[j] = if v[j] > b[j] { v[j] } else { b[j] };
                }
            }
            // The first option reaching the maximum (off the running chain).
            for &off in offsets.iter().rev() {
                let v = &w[row + off as usize][half..half + HALF];
                let off = f64::from(off);
                for j in 0..HALF {
                    a[j] = if v[j] == b[j] { off } else { a[j] };
                }
            }
            best[half..half + HALF].copy_from_slice(&b);
            second[half..half + HALF].copy_from_slice(&s2);
            at[half..half + HALF].copy_from_slice(&a);
        }
        let pg = m.group_prob[g];
        let reach: Lanes = std::array::from_fn(|j| go[j] * pg);
        if at.iter().all(|&a| a == at[0]) {
            // Lanes of like pairs mostly choose alike: one vector addition.
            let cell = &mut self.mass[row + at[0] as usize];
            for j in 0..LANES {
                cell[j] += reach[j];
            }
        } else {
            for j in 0..LANES {
                self.mass[row + at[j] as usize][j] += reach[j];
            }
        }
        if offsets.len() < 2 {
            return;
        }
        // A choice landing on a sure win is worth 1, the most anything can be: it stays
        // optimal whatever moves.
        let margin: Lanes = std::array::from_fn(|j| {
            if at[j] >= fixed_off[j] {
                f64::INFINITY
            } else {
                (best[j] - second[j]) * 0.5
            }
        });
        for j in 0..LANES {
            if reach[j] > 0.0 && margin[j] < NOTED_MARGIN {
                self.note(j, margin[j], reach[j]);
            }
        }
    }

    /// Lane j's linear form once the pass is done (`known`: the first state, row-major,
    /// past the top, where the values are known).
    #[inline(always)]
    fn form(&self, j: usize, known: usize, phi: f64, epsilon: f64) -> Linear {
        let top = self.banked.len();
        let open = self.open[j];
        // Mass that climbed past the top meets the known values there.
        let mut constant: f64 = self.mass[known..]
            .iter()
            .zip(&self.w[known..])
            .filter(|(here, _)| here[j] > 0.0)
            .map(|(here, v)| here[j] * v[j])
            .sum();
        // Banking at or past the target ends the game (a constant); below it, banking t is
        // worth 1 - S(q, x + t). (Where banking is not allowed nothing was banked.)
        for t in open..top {
            if self.banked[t][j] > 0.0 {
                constant += self.banked[t][j] * self.bank[t][j];
            }
        }
        let below = &self.banked[..open];
        let first = below.iter().position(|b| b[j] > 0.0).unwrap_or(open);
        let last = below
            .iter()
            .rposition(|b| b[j] > 0.0)
            .map_or(first, |i| i + 1);
        let weights: Box<[f64]> = below[first..last].iter().map(|b| b[j]).collect();
        constant += self.farkle[j] + weights.iter().sum::<f64>();
        Linear {
            constant,
            farkle: self.farkle[j],
            first: first as u32,
            weights,
            phi,
            certified: certified_drift(|k| self.margins[k][j], epsilon),
        }
    }
}

/// Decision margins by powers of two: bucket k holds margins in [2^(k - 60), 2^(k - 59)),
/// bucket 0 everything smaller, ties included. Margins of [`NOTED_MARGIN`] or more are not
/// tallied: no certificate reaches that far.
pub(super) const MARGIN_BUCKETS: usize = 52;

pub(super) const NOTED_MARGIN: f64 = 1.0 / 256.0;

/// The bucket of a margin below [`NOTED_MARGIN`].
pub(super) fn margin_bucket(margin: f64) -> usize {
    if margin.is_nan() || margin <= 0.0 {
        return 0;
    }
    // margin in [2^e, 2^(e + 1)).
    let e = ((margin.to_bits() >> 52) & 0x7ff) as i64 - 1023;
    ((e + 60).max(0) as usize).min(MARGIN_BUCKETS - 1)
}

/// The largest drift d (a power of two, at most [`NOTED_MARGIN`]) for which `2 d` times the
/// chance of meeting a decision with margin below d stays within `epsilon`; `margins(k)`
/// is the chance tallied in bucket k.
pub(super) fn certified_drift(margins: impl Fn(usize) -> f64, epsilon: f64) -> f64 {
    let mut reach = 0.0;
    let mut certified = 0.0;
    for k in 1..=MARGIN_BUCKETS {
        // Margins below 2^(k - 60) are those of the buckets below k.
        reach += margins(k - 1);
        let d = f64::from_bits(((1023 + k as i64 - 60) as u64) << 52);
        if 2.0 * d * reach > epsilon {
            break;
        }
        certified = d;
    }
    certified
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A cycle of states linked by farkles, solved exactly: its equilibrium, pure when there is
//! one, else mixed.
//!
//! Without a penalty a farkle hands the turn on and changes no score, so the rotations
//! (p, q, r) -> (q, r, p) -> (r, p, q) of a set of scores form a cycle (one state when all
//! three are equal), and everything else a turn reads (its banks) is at a higher level and
//! already solved. Each mover's best policy depends only on what a farkle is worth to it
//! (`phi`), and under a fixed policy a turn is linear in what its farkle leads to
//! ([`Summary`]), so:
//! - **best-response iteration**: solve each mover's turn at its current `phi`, solve the
//!   cycle's linear equations under those policies for the values (and so the new `phi`s),
//!   repeat. Each mover's value is convex and piecewise linear in its `phi`; once no policy
//!   changes, the values are exact. A few steps suffice almost always.
//! - **mixed equilibria**: some cycles have no pure equilibrium (the policies chase each
//!   other and the iteration repeats itself). Then each mover's policies are enumerated as
//!   pieces of its value in `phi` near where the iteration went, and every combination of a
//!   piece or a breakpoint (where a mover is indifferent between two pieces and mixes them)
//!   per mover is tried: the mixing probabilities solve "each mixing mover's `phi` is its
//!   breakpoint", and the solution must keep every pure mover's `phi` within its piece.
//!
//! Every answer is checked at the end: no mover gains by deviating (its best value at its
//! `phi` is its value, to [`EQUILIBRIUM_TOLERANCE`]).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::strategy::StrategyError;

use super::context::Ctx;
use super::lanes::{Job, LaneTurns, LANES};
use super::pass::{
    run_pass_with, Decisions, Mix, MixAt, MixedDecision, PassExtras, Scratch, Seats, Summary,
};

/// Best-response steps before a cycle is treated as having no pure equilibrium.
const BEST_RESPONSE_STEPS: usize = 24;

/// The iteration has converged once no farkle payoff moves by more than this: the last step
/// is exact to the rounding of the linear solve.
const PHI_TOLERANCE: f64 = 1e-15;

/// Two summaries are one policy when they agree to this (they were computed at different
/// farkle payoffs, so their rounding differs).
const SAME_POLICY: f64 = 1e-12;

/// A mover may gain at most this by deviating from a solved cycle's policies.
pub(super) const EQUILIBRIUM_TOLERANCE: f64 = 1e-11;

/// Bisection steps on a mixing probability (to below 1e-16).
const BISECTION_STEPS: usize = 64;

/// How far around the farkle payoffs of its last steps the search for a cycle's
/// equilibrium looks, in turn: in multiples of the range they span, plus [`MIN_PAD`].
const WIDENINGS: [f64; 4] = [0.0, 1.0, 4.0, 16.0];

/// The least the search looks beyond the payoffs it saw.
const MIN_PAD: f64 = 1e-9;

/// The most combinations of pieces and breakpoints the search tries.
const MAX_COMBINATIONS: usize = 200_000;

/// How far below and above its breakpoint a mixing mover's two policies are read, to find
/// where they differ.
const MIX_PROBE: f64 = 1e-9;

/// A mixing mover's decisions, mixed one by one, must give its two policies mixed to this
/// (they are read a hair below and above the breakpoint).
const MIX_CHECK: f64 = 1e-7;

/// Newton steps on two or three mixing probabilities at once.
const MIXED_NEWTON_STEPS: usize = 60;

/// The solved cycle: the values of its states (mover, next, last each), and for each state
/// whose mover mixes, the probability it plays its riskier policy.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CycleSolution {
    pub(super) values: [[f64; 3]; 3],
    pub(super) mixed: [Option<Mix>; 3],
}

/// Best-response iteration on one cycle, a step at a time: [`CycleRun::phi`] says at which
/// farkle payoff each state's turn is to be solved next, [`CycleRun::step`] takes the
/// results.
pub(super) struct CycleRun {
    pub(super) states: [Seats; 3],
    /// 1 or 3 states.
    pub(super) k: usize,
    pub(super) phi: [f64; 3],
    seen: Vec<([Summary; 3], [f64; 3])>,
    solved: Option<[[f64; 3]; 3]>,
    /// The iteration repeated itself or ran out of steps: a search decides.
    stuck: bool,
}

impl CycleRun {
    /// A run on `states` from a first guess of each farkle payoff.
    pub(super) fn new(ctx: &Ctx, values: &[[f64; 3]], states: &[Seats]) -> CycleRun {
        let k = states.len();
        let mut run = CycleRun {
            states: [states[0]; 3],
            k,
            phi: [0.0; 3],
            seen: Vec::new(),
            solved: None,
            stuck: false,
        };
        for (i, &seats) in states.iter().enumerate() {
            run.states[i] = seats;
            run.phi[i] = ctx.farkle_guess(values, seats);
        }
        run
    }

    /// Whether the iteration wants another step.
    pub(super) fn pending(&self) -> bool {
        self.solved.is_none() && !self.stuck
    }

    /// Takes each state's best policy at its farkle payoff.
    pub(super) fn step(&mut self, sums: [Summary; 3]) {
        let k = self.k;
        let (v, next) = cycle_values(&sums[..k]);
        if (0..k).all(|i| (next[i] - self.phi[i]).abs() <= PHI_TOLERANCE) {
            self.solved = Some(v);
            return;
        }
        let repeats = self
            .seen
            .iter()
            .any(|(old, _)| (0..k).all(|i| same_policy(&old[i], &sums[i])));
        self.seen.push((sums, self.phi));
        if repeats || self.seen.len() >= BEST_RESPONSE_STEPS {
            self.stuck = true;
            return;
        }
        self.phi = next;
    }

    /// The solution: the iteration's, or the search's where it got stuck.
    pub(super) fn finish(
        self,
        ctx: &Ctx,
        values: &[[f64; 3]],
        scratch: &mut [Scratch; 3],
        lanes: &mut LaneTurns,
        stop: &AtomicBool,
    ) -> Result<CycleSolution, StrategyError> {
        match self.solved {
            Some(values) => Ok(CycleSolution {
                values,
                mixed: Default::default(),
            }),
            None => {
                let states = &self.states[..self.k];
                ctx.solve_mixed(values, states, scratch, lanes, &self.seen, stop)
            }
        }
    }
}

/// Values and farkle payoffs of a cycle of `s.len()` states (1 or 3) under the policies
/// summed up in `s`: state i's farkle leads to state i + 1 (mod the length), where its mover
/// is last.
pub(super) fn cycle_values(s: &[Summary]) -> ([[f64; 3]; 3], [f64; 3]) {
    let k = s.len();
    let at = |i: usize| &s[i % k];
    let d = 1.0 - at(0).f * at(1).f * at(2).f;
    let mover: [f64; 3] = std::array::from_fn(|i| {
        let (a, b, c) = (at(i), at(i + 1), at(i + 2));
        (a.cw + a.f * b.cr() + a.f * b.f * c.cu) / d
    });
    let m = |i: usize| mover[i % k];
    // Unused places (a cycle of one state) repeat the first; nothing reads them.
    let values: [[f64; 3]; 3] = std::array::from_fn(|i| {
        let (a, b) = (at(i), at(i + 1));
        [
            m(i),
            a.cu + a.f * m(i + 1),
            a.cr() + a.f * (b.cu + b.f * m(i + 2)),
        ]
    });
    let phi = std::array::from_fn(|i| values[(i + 1) % k][2]);
    (values, phi)
}

fn same_policy(a: &Summary, b: &Summary) -> bool {
    (a.cw - b.cw).abs() <= SAME_POLICY
        && (a.cu - b.cu).abs() <= SAME_POLICY
        && (a.f - b.f).abs() <= SAME_POLICY
}

/// A piece of a mover's best value as a function of its farkle payoff: optimal from `from`
/// on (to the next piece's `from`).
#[derive(Debug, Clone, Copy)]
struct Piece {
    from: f64,
    policy: Summary,
}

/// What one mover does in a candidate equilibrium.
#[derive(Debug, Clone, Copy)]
enum Play {
    /// Piece j of its list, pure.
    Pure(usize),
    /// Mixes pieces j - 1 and j at their breakpoint.
    Mix(usize),
}

impl Ctx<'_> {
    /// The mover's best policy at farkle payoff `phi`, as a summary.
    pub(super) fn best_response(
        &self,
        values: &[[f64; 3]],
        seats: Seats,
        phi: f64,
        s: &mut Scratch,
    ) -> Summary {
        self.prepare(values, seats, phi, s);
        Summary::of(self.pass(s, phi), phi)
    }

    /// [`Ctx::best_response`] of each `(seats, phi)`, up to [`LANES`] of them a lane pass:
    /// the same summaries (a lane pass gives each lane the node of the plain pass).
    fn best_responses(
        &self,
        values: &[[f64; 3]],
        asks: &[(Seats, f64)],
        lanes: &mut LaneTurns,
    ) -> Vec<Summary> {
        let mut out = Vec::with_capacity(asks.len());
        for batch in asks.chunks(LANES) {
            let jobs: Vec<Job> = batch
                .iter()
                .map(|&(seats, phi)| Job {
                    seats,
                    phi,
                    t_hi: self.t_hi(seats, phi),
                })
                .collect();
            let nodes = self.lane_pass(values, &jobs, lanes);
            out.extend(
                jobs.iter()
                    .zip(nodes)
                    .map(|(job, node)| Summary::of(node, job.phi)),
            );
        }
        out
    }

    /// A first guess of what a farkle is worth to the mover: what banking the least it may
    /// is worth (the same scores, the mover barely ahead), or an even share.
    pub(super) fn farkle_guess(&self, values: &[[f64; 3]], seats: Seats) -> f64 {
        if let Some(phi) = self.neighbour_guess(values, seats) {
            return phi;
        }
        let (x, board, _) = self.layout.player(seats.0);
        let least = self.bank_min[usize::from(board)];
        if x + (least as i64) + 1 < self.layout.target {
            if let (Some((w1, _)), Some((w2, _))) = (
                self.bank_at(values, seats, least),
                self.bank_at(values, seats, least + 1),
            ) {
                // Back along the line through the two least banks, to a bank of nothing.
                return (w1 - least as f64 * (w2 - w1)).clamp(0.0, 1.0);
            }
        }
        if x + (least as i64) < self.layout.target {
            if let Some((w, _)) = self.bank_at(values, seats, least) {
                return w;
            }
        }
        1.0 / 3.0
    }

    /// What a farkle is worth to the mover of the two states whose last player stands one
    /// and two units higher (solved already: their level is higher), extrapolated to this
    /// one. `None` where those states are not in the table.
    fn neighbour_guess(&self, values: &[[f64; 3]], (p, q, r): Seats) -> Option<f64> {
        let l = &self.layout;
        let (z, on_board, k) = l.player(r);
        if l.board && !on_board {
            return None;
        }
        let phi_at = |dz: i64| {
            (z + dz < l.target).then(|| {
                let after = self.after_farkle((p, q, l.index(z + dz, true, k)));
                values[self.index(after)][2]
            })
        };
        match (phi_at(1), phi_at(2)) {
            (Some(a), Some(b)) => Some((2.0 * a - b).clamp(0.0, 1.0)),
            (a, _) => a,
        }
    }

    /// The cycle without a pure equilibrium (or whose iteration did not settle): the search
    /// over pieces and breakpoints where the iteration's last steps went, then in wider and
    /// wider ranges around them.
    fn solve_mixed(
        &self,
        values: &[[f64; 3]],
        states: &[Seats],
        scratch: &mut [Scratch; 3],
        lanes: &mut LaneTurns,
        seen: &[([Summary; 3], [f64; 3])],
        stop: &AtomicBool,
    ) -> Result<CycleSolution, StrategyError> {
        let k = states.len();
        // The steps the iteration repeated (all of them when it did not repeat).
        let last = seen.last().map(|s| s.0);
        let from = last
            .and_then(|l| {
                seen[..seen.len() - 1]
                    .iter()
                    .rposition(|(old, _)| (0..k).all(|i| same_policy(&old[i], &l[i])))
            })
            .unwrap_or(seen.len().saturating_sub(4));
        let steps = &seen[from..];
        let ranges: Vec<(f64, f64)> = (0..k)
            .map(|i| {
                let lo = steps.iter().map(|s| s.1[i]).fold(1.0, f64::min);
                let hi = steps.iter().map(|s| s.1[i]).fold(0.0, f64::max);
                (lo, hi)
            })
            .collect();
        for widen in WIDENINGS {
            let bounds: Vec<(f64, f64)> = ranges
                .iter()
                .map(|&(lo, hi)| {
                    let pad = widen * (hi - lo) + MIN_PAD;
                    ((lo - pad).max(0.0), (hi + pad).min(1.0))
                })
                .collect();
            // Every mover's best policies at both ends in one lane pass.
            let ends: Vec<(Seats, f64)> = (0..k)
                .flat_map(|i| [(states[i], bounds[i].0), (states[i], bounds[i].1)])
                .collect();
            let best = self.best_responses(values, &ends, lanes);
            let pieces: Vec<Vec<Piece>> = (0..k)
                .map(|i| {
                    let (a, b) = (best[2 * i], best[2 * i + 1]);
                    self.pieces(values, states[i], bounds[i].0, a, b, &mut scratch[i])
                })
                .collect();
            let combos: usize = pieces.iter().map(|p| 2 * p.len() - 1).product();
            if combos > MAX_COMBINATIONS {
                break;
            }
            let found = self.search(values, states, lanes, &pieces, stop);
            if stop.load(Ordering::Relaxed) {
                return Err(StrategyError::Cancelled);
            }
            if let Some(mut found) = found {
                for i in 0..k {
                    if let Some(alpha) = found.mixed[i].as_ref().map(|m| m.alpha) {
                        let beta = found.values[(i + 1) % k][2];
                        found.mixed[i] =
                            Some(self.mix_of(values, states[i], beta, alpha, &mut scratch[i])?);
                    }
                }
                return Ok(found);
            }
        }
        Err(StrategyError::Unsupported(
            "a cycle of three-player states whose equilibrium the solver cannot find",
        ))
    }

    /// The pieces of the mover's best value over farkle payoffs `lo` to some `hi`, in
    /// order, from its best policies `a` at `lo` and `b` at `hi`.
    fn pieces(
        &self,
        values: &[[f64; 3]],
        seats: Seats,
        lo: f64,
        a: Summary,
        b: Summary,
        s: &mut Scratch,
    ) -> Vec<Piece> {
        let mut out = vec![Piece {
            from: lo,
            policy: a,
        }];
        self.refine(values, seats, a, b, s, &mut out, 0);
        out
    }

    /// Adds the breakpoints between `a` (optimal lower down) and `b` (higher up).
    #[allow(clippy::too_many_arguments)]
    fn refine(
        &self,
        values: &[[f64; 3]],
        seats: Seats,
        a: Summary,
        b: Summary,
        s: &mut Scratch,
        out: &mut Vec<Piece>,
        depth: usize,
    ) {
        if same_policy(&a, &b) || b.f <= a.f || depth > 64 {
            return;
        }
        let at = (a.cw - b.cw) / (b.f - a.f);
        let c = self.best_response(values, seats, at, s);
        if c.own(at) <= a.own(at) + SAME_POLICY || same_policy(&c, &a) || same_policy(&c, &b) {
            out.push(Piece {
                from: at,
                policy: b,
            });
            return;
        }
        self.refine(values, seats, a, c, s, out, depth + 1);
        self.refine(values, seats, c, b, s, out, depth + 1);
    }

    /// Tries every combination of a piece or a breakpoint per mover; the first that is an
    /// equilibrium.
    fn search(
        &self,
        values: &[[f64; 3]],
        states: &[Seats],
        lanes: &mut LaneTurns,
        pieces: &[Vec<Piece>],
        stop: &AtomicBool,
    ) -> Option<CycleSolution> {
        let k = states.len();
        let plays = |i: usize| {
            let n = pieces[i].len();
            (0..n)
                .map(Play::Pure)
                .chain((1..n).map(Play::Mix))
                .collect::<Vec<_>>()
        };
        let options: Vec<Vec<Play>> = (0..k).map(plays).collect();
        let mut choice = vec![0usize; k];
        let mut tried = 0usize;
        loop {
            tried += 1;
            if tried % 256 == 0 && stop.load(Ordering::Relaxed) {
                return None;
            }
            let combo: Vec<Play> = (0..k).map(|i| options[i][choice[i]]).collect();
            if let Some(sol) = self.try_combo(pieces, &combo) {
                if self.is_equilibrium(values, states, lanes, &sol) {
                    return Some(sol);
                }
            }
            // Next combination.
            let mut i = 0;
            loop {
                if i == k {
                    return None;
                }
                choice[i] += 1;
                if choice[i] < options[i].len() {
                    break;
                }
                choice[i] = 0;
                i += 1;
            }
        }
    }

    /// The values of one combination, when consistent: each pure mover's farkle payoff
    /// within its piece, each mixing mover's at its breakpoint with a probability in [0, 1].
    fn try_combo(&self, pieces: &[Vec<Piece>], combo: &[Play]) -> Option<CycleSolution> {
        let k = combo.len();
        let mixing: Vec<usize> = (0..k)
            .filter(|&i| matches!(combo[i], Play::Mix(_)))
            .collect();
        let summaries = |alpha: &[f64]| -> Vec<Summary> {
            (0..k)
                .map(|i| match combo[i] {
                    Play::Pure(j) => pieces[i][j].policy,
                    Play::Mix(j) => {
                        let a = mixing
                            .iter()
                            .position(|&m| m == i)
                            .map_or(0.0, |p| alpha[p]);
                        pieces[i][j - 1].policy.mix(&pieces[i][j].policy, a)
                    }
                })
                .collect()
        };
        let breakpoint = |i: usize| match combo[i] {
            Play::Mix(j) => pieces[i][j].from,
            Play::Pure(_) => 0.0,
        };
        // The mixing equations: each mixing mover's farkle payoff at its breakpoint.
        let residual = |alpha: &[f64]| -> Vec<f64> {
            let (_, phi) = cycle_values(&summaries(alpha));
            mixing.iter().map(|&i| phi[i] - breakpoint(i)).collect()
        };
        let alpha = match mixing.len() {
            0 => Vec::new(),
            1 => vec![bisect(|a| residual(&[a])[0])?],
            _ => newton(&residual, mixing.len())?,
        };
        let (values, phi) = cycle_values(&summaries(&alpha));
        for i in 0..k {
            if let Play::Pure(j) = combo[i] {
                let from = if j == 0 {
                    f64::NEG_INFINITY
                } else {
                    pieces[i][j].from
                };
                let to = pieces[i].get(j + 1).map_or(f64::INFINITY, |p| p.from);
                if phi[i] < from - SAME_POLICY || phi[i] > to + SAME_POLICY {
                    return None;
                }
            }
        }
        let mut mixed: [Option<Mix>; 3] = Default::default();
        for (p, &i) in mixing.iter().enumerate() {
            // Where it mixes is found once the combination is chosen (`mix_of`).
            mixed[i] = Some(Mix {
                alpha: alpha[p],
                decisions: Vec::new(),
            });
        }
        Some(CycleSolution { values, mixed })
    }

    /// Where the mover of `seats`, indifferent at farkle payoff `beta`, mixes: the one choice
    /// in which its policies just below and just above `beta` differ.
    fn mix_of(
        &self,
        values: &[[f64; 3]],
        seats: Seats,
        beta: f64,
        alpha: f64,
        s: &mut Scratch,
    ) -> Result<Mix, StrategyError> {
        let decide = |phi: f64, s: &mut Scratch| {
            self.prepare(values, seats, phi, s);
            let mut record = Decisions::default();
            let extras = PassExtras {
                record: Some(&mut record),
                ..PassExtras::default()
            };
            run_pass_with(self.model, self.offsets, s, phi, extras);
            (record, s.t_hi)
        };
        let (lo, lo_rows) = decide(beta - MIX_PROBE, s);
        let (hi, hi_rows) = decide(beta + MIX_PROBE, s);
        let m = self.model;
        let width = m.width();
        let groups = m.group_prob.len();
        let mut found = Vec::new();
        for t in 0..lo_rows.min(hi_rows) {
            for hand in 1..=m.dice {
                let node = t * width + hand;
                let (bank_lo, bank_hi) = (lo.bank[node], hi.bank[node]);
                if bank_lo != bank_hi {
                    found.push((t, hand, MixAt::BankOrRoll, bank_lo));
                } else if !bank_lo {
                    for g in m.group_start[hand - 1]..m.group_start[hand] {
                        let (a, b) = (lo.keep[t * groups + g], hi.keep[t * groups + g]);
                        if a != b {
                            let at = MixAt::Keep {
                                group: g as u32,
                                safer: a,
                                riskier: b,
                            };
                            found.push((t, hand, at, true));
                        }
                    }
                }
            }
        }
        // The safer side banks where the two differ in banking: the riskier one rolls.
        if found.is_empty() || found.iter().any(|f| !f.3) {
            return Err(StrategyError::Unsupported(
                "a mixed equilibrium whose two policies the solver cannot tell apart",
            ));
        }
        let mix = Mix {
            alpha,
            decisions: found
                .iter()
                .map(|&(t, hand, at, _)| MixedDecision {
                    t: t as u32,
                    hand: hand as u8,
                    at,
                })
                .collect(),
        };
        // Mixing at each of those decisions must be mixing the two policies: no path through
        // the turn meets two of them (else the mixtures would multiply).
        self.prepare(values, seats, beta, s);
        let lo_node = {
            let mut s2 = Scratch::default();
            self.prepare(values, seats, beta - MIX_PROBE, &mut s2);
            Summary::of(self.pass(&mut s2, beta - MIX_PROBE), beta - MIX_PROBE)
        };
        let hi_node = {
            let mut s2 = Scratch::default();
            self.prepare(values, seats, beta + MIX_PROBE, &mut s2);
            Summary::of(self.pass(&mut s2, beta + MIX_PROBE), beta + MIX_PROBE)
        };
        let extras = PassExtras {
            mix: Some(&mix),
            ..PassExtras::default()
        };
        let mixed = Summary::of(
            run_pass_with(self.model, self.offsets, s, beta, extras),
            beta,
        );
        let policy = lo_node.mix(&hi_node, alpha);
        if (mixed.cw - policy.cw).abs() > MIX_CHECK
            || (mixed.cu - policy.cu).abs() > MIX_CHECK
            || (mixed.f - policy.f).abs() > MIX_CHECK
        {
            return Err(StrategyError::Unsupported(
                "a mixed equilibrium whose mixing decisions lie on one path through a turn",
            ));
        }
        Ok(mix)
    }

    /// No mover gains by deviating: its best value at its farkle payoff is its value. The
    /// movers' best responses in one lane pass.
    fn is_equilibrium(
        &self,
        values: &[[f64; 3]],
        states: &[Seats],
        lanes: &mut LaneTurns,
        sol: &CycleSolution,
    ) -> bool {
        let k = states.len();
        let asks: Vec<(Seats, f64)> = (0..k)
            .map(|i| (states[i], sol.values[(i + 1) % k][2]))
            .collect();
        let best = self.best_responses(values, &asks, lanes);
        (0..k).all(|i| best[i].own(asks[i].1) <= sol.values[i][0] + EQUILIBRIUM_TOLERANCE)
    }
}

/// The root in [0, 1] of a monotone function with a sign change there.
fn bisect(f: impl Fn(f64) -> f64) -> Option<f64> {
    let (mut lo, mut hi) = (0.0, 1.0);
    let (flo, fhi) = (f(lo), f(hi));
    if flo == 0.0 {
        return Some(lo);
    }
    if fhi == 0.0 {
        return Some(hi);
    }
    if (flo > 0.0) == (fhi > 0.0) {
        return None;
    }
    for _ in 0..BISECTION_STEPS {
        let mid = 0.5 * (lo + hi);
        let fm = f(mid);
        if fm == 0.0 {
            return Some(mid);
        }
        if (fm > 0.0) == (flo > 0.0) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// Mixing probabilities in [0, 1] zeroing `f` (2 or 3 of them), by Newton's method with a
/// numerical Jacobian from a few starting points.
fn newton(f: &dyn Fn(&[f64]) -> Vec<f64>, n: usize) -> Option<Vec<f64>> {
    const H: f64 = 1e-7;
    for start in [0.5, 0.25, 0.75, 0.1, 0.9] {
        let mut x = vec![start; n];
        for _ in 0..MIXED_NEWTON_STEPS {
            let fx = f(&x);
            if fx.iter().all(|v| v.abs() < 1e-15) {
                break;
            }
            let mut jac = vec![0.0; n * n];
            for j in 0..n {
                let mut xh = x.clone();
                xh[j] += H;
                let fh = f(&xh);
                for i in 0..n {
                    jac[i * n + j] = (fh[i] - fx[i]) / H;
                }
            }
            let mut rhs: Vec<f64> = fx.iter().map(|v| -v).collect();
            let step = crate::strategy::turn::solve_linear(&mut jac, &mut rhs, n)?;
            for j in 0..n {
                x[j] += step[j];
            }
        }
        let fx = f(&x);
        if fx.iter().all(|v| v.abs() < 1e-13)
            && x.iter().all(|&a| (-1e-12..=1.0 + 1e-12).contains(&a))
        {
            return Some(x.into_iter().map(|a| a.clamp(0.0, 1.0)).collect());
        }
    }
    None
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Optimal two-player play: the policy that maximizes the probability of winning, for a game
//! to the rules' target, honouring the final round, the minimum entry and the
//! consecutive-farkle penalty.
//!
//! # Model
//! A *player state* is (banked score, on the board or not, consecutive farkles); the flag
//! exists only when the rules have a minimum entry, the count only when they have a penalty.
//! `S(p, q)` is the probability that the player about to start a turn in state p beats an
//! opponent in state q. Given S, a turn is solved exactly by one backward pass over (turn
//! total t, dice to roll m):
//! - banking t (where allowed) is worth `1 - S(q, p banked t)`; reaching the target wins at
//!   once, or with a final round is worth `1 - R_q(lead)`, where `R_q(d)` is the opponent's
//!   best chance in one last turn to finish more than d ahead of its score, a tie counting 1/2;
//! - a farkle is worth `1 - S(q, p after the farkle)`.
//!
//! So only S needs iterating. Without a penalty, banking raises the sum of both scores and a
//! farkle swaps the pair, so the pairs are solved once, in descending order of the sum, each
//! pair (p, q), (q, p) exactly by Newton's method on its two farkle payoffs (a turn's value is
//! convex and piecewise linear in the farkle payoff, with slope the probability of farkling).
//!
//! # With a penalty
//! Farkles can lower a score, so no order solves every pair once; Gauss-Seidel sweeps repeat
//! until a sweep changes no value by more than the tolerance (1e-12). They keep the order by
//! the sum of both scores (the *level*), highest first, and within a level the pairs with
//! more farkles in a row first. In that order every value a turn reads is already final for
//! the sweep but one: banking raises the level, a farkle short of the penalty keeps both
//! scores and adds a farkle (so the streak states of a pair of scores form a chain, solved in
//! order), and only the farkle that triggers the penalty reads a lower level, not swept yet.
//! A turn's value is an average of what the turn ends with, so its error is at most the
//! largest error among the values it reads: every error a sweep leaves comes from the values
//! the penalty read, weighted by the chance of the farkle that completes the streak, and the
//! sweeps contract steadily, 17 to 35 times each for the presets to 10,000 once the policy
//! settles. From the same game without the penalty (solved roughly, to 1e-3, by the same
//! sweeps) they take 9 or 10 sweeps. Two things make them cheap:
//! - a sweep solves the turns of 16 pairs at once, their tables interleaved, so that the
//!   inner maximum runs over vector registers (with AVX where the processor has it);
//! - once the sweeps contract fast and steadily, the values are moved on along the last
//!   step by the rest of the geometric series (`extrapolate`), which saves a sweep for the
//!   extended preset.
//!
//! With [`SolveOptions::policy_iteration`], each sweep also records every turn, under the
//! policy it chose, as a linear form in the values it reads; the forms are iterated to their
//! fixed point before the next sweep (modified policy iteration, 4 to 6 sweeps whatever the
//! rules), and a turn whose inputs moved less than its decisions' margins allow is not solved
//! again (see `Ctx::lane_forms`). But recording costs more than the sweeps it saves: plain
//! sweeps are the default, over twice as fast for the presets and still a little faster when
//! every farkle costs points.
//!
//! # Bounds
//! - With a points penalty, scores below `-2 x penalty` count as `-2 x penalty` (the chance of
//!   getting there under good play is negligible; the bound keeps the state space finite).
//! - With a final round, a lead beyond `lead_cap` is treated as a sure win; `lead_cap` is the
//!   smallest lead the opponent catches up with in one turn with probability below 1e-13.
//! - Turn limits are not modelled (`Unsupported`).

use std::sync::Arc;

use rayon::prelude::*;

use crate::dice::FaceCounts;
use crate::limits::{
    exceeded, MAX_LINEAR_FORM_BYTES, MAX_TURN_TOTAL, MAX_WIN_TABLE_PAIRS, MAX_WIN_TABLE_PASS_WORK,
};
use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::odds::Odds;
use crate::strategy::single_turn::{bank_min_units, units_of_turn_total};
use crate::strategy::turn::{solve_turn, TurnModel, TurnTable};
use crate::strategy::{try_filled, worker_pool, Meter, Progress, StrategyError};

/// A player's situation between turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerState {
    /// Banked score in points.
    pub score: i32,
    /// Whether the player has met the minimum entry (always true when the rules have none).
    pub on_board: bool,
    /// Consecutive farkles so far (always 0 without a penalty).
    pub farkles: u8,
}

impl PlayerState {
    /// A player at the start of a game under these rules.
    pub fn start(rules: &Rules) -> PlayerState {
        PlayerState {
            score: 0,
            on_board: rules.min_entry_score == 0,
            farkles: 0,
        }
    }
}

/// A state in the middle of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TwoPlayerState {
    /// The player whose turn it is.
    pub me: PlayerState,
    pub opponent: PlayerState,
    /// Points made so far this turn.
    pub turn_total: i32,
    /// Dice about to be rolled (1..=dice_count).
    pub dice: u8,
}

/// The best play of one roll in a two-player game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinChoice {
    /// Dice to keep.
    pub keep: FaceCounts,
    /// Their points.
    pub points: i32,
    /// Turn total after keeping them.
    pub turn_total: i32,
    /// Dice to roll next if the player goes on (0: every die scored and no hot dice).
    pub dice_left: u8,
    /// Whether to bank afterwards.
    pub bank: bool,
    /// Probability of winning after this play.
    pub win_probability: f64,
}

/// The optimal decision before a roll: bank or roll, and what each is worth.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decision {
    /// Whether banking is optimal (ties bank).
    pub bank: bool,
    /// P(win) if banking now, `None` where banking is not allowed.
    pub bank_win_probability: Option<f64>,
    /// P(win) if rolling.
    pub roll_win_probability: f64,
}

/// Knobs of a solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveOptions {
    /// With a penalty: sweeps stop once no value changes by more than this.
    pub tolerance: f64,
    /// With a penalty: evaluate each sweep's policy before the next sweep (modified policy
    /// iteration), and solve again only the turns whose policy is not proven still optimal
    /// (see the module docs). 4 to 6 sweeps whatever the rules, against 9 or 10 plain
    /// sweeps for the presets (and dozens when every farkle costs points), but each records
    /// linear forms, which costs time and memory: the plain sweeps of the default (`false`)
    /// are over twice as fast for the presets, and a little faster when every farkle costs
    /// points. The solver also goes back to plain sweeps when the forms outgrow
    /// `form_memory`.
    pub policy_iteration: bool,
    /// The memory the linear forms of policy iteration may take, in bytes (at most
    /// [`crate::limits::MAX_LINEAR_FORM_BYTES`], the default); past it the solve goes on
    /// with plain sweeps.
    pub form_memory: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            tolerance: 1e-12,
            policy_iteration: false,
            form_memory: MAX_LINEAR_FORM_BYTES,
        }
    }
}

/// Dimensions of the state space, all derived from the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Layout {
    pub unit: i32,
    /// Target in units.
    pub target: i64,
    /// Lowest score in units (0 without a points penalty).
    pub lower: i64,
    /// Whether players carry an on-board flag.
    pub board: bool,
    /// Farkle counts per player (1 without a penalty).
    pub streak: usize,
    /// Largest lead (units) solved in a final round; 0 without one.
    pub lead_cap: usize,
}

impl Layout {
    fn scores(&self) -> usize {
        (self.target - self.lower) as usize
    }
    /// Number of (score, flag) bases: on-board scores, then off-board scores <= 0.
    fn bases(&self) -> usize {
        self.scores()
            + if self.board {
                (1 - self.lower) as usize
            } else {
                0
            }
    }
    pub fn players(&self) -> usize {
        self.bases() * self.streak
    }
    fn index(&self, score: i64, on_board: bool, k: usize) -> usize {
        let base = if on_board || !self.board {
            (score - self.lower) as usize
        } else {
            self.scores() + (score - self.lower) as usize
        };
        base * self.streak + k
    }
    fn player(&self, index: usize) -> (i64, bool, usize) {
        let base = index / self.streak;
        let k = index % self.streak;
        if base < self.scores() {
            (self.lower + base as i64, true, k)
        } else {
            (self.lower + (base - self.scores()) as i64, false, k)
        }
    }
}

/// The solved two-player game: P(win) at the start of every turn. Immutable once built, so it
/// is `Send + Sync` and may be queried from many threads at once.
#[derive(Debug, Clone)]
pub struct WinTable {
    pub(crate) rules: Rules,
    pub(crate) layout: Layout,
    /// `S(p, q)` at `p * players + q`.
    pub(crate) start: Vec<f64>,
    /// `final_chance[flag][d]`: the opponent's chance (tie 1/2) in a last turn to end more than
    /// d units above its score; flag 1 when on the board. Index 0 unused.
    pub(crate) final_chance: [Vec<f64>; 2],
    /// W at each final-round lead when every risky hand banks (see [`Ctx::beyond`]).
    lead_values: [Vec<f64>; 2],
    model: Arc<TurnModel>,
    scorer: Arc<Scorer>,
    bank_min: [usize; 2],
    /// Full sweeps the solve took (0 without a penalty, and for a loaded table).
    sweeps: usize,
    /// Tells tables apart in the per-thread cache of solved turns (clones share it: they
    /// hold the same values).
    id: u64,
}

/// A fresh table id.
fn next_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Solved turns by (table id, p, q): a bot queries the same turn several times, and play
/// alternates between two pairs, so each thread keeps the last two.
type TurnCache = [Option<(u64, usize, usize, Arc<TurnTable>)>; 2];

thread_local! {
    static TURN_CACHE: std::cell::RefCell<TurnCache> = const { std::cell::RefCell::new([None, None]) };
}

const _: () = {
    const fn assert_sync<T: Send + Sync>() {}
    assert_sync::<WinTable>();
};

/// Which rules the two-player solver accepts; the rules value it really solves.
fn check_rules(rules: &Rules) -> Result<(), StrategyError> {
    rules.validate()?;
    if rules.turn_limit != 0 {
        return Err(StrategyError::Unsupported(
            "turn limits (solve the same rules with turn_limit 0 and a target)",
        ));
    }
    if rules.target_score <= 0 {
        return Err(StrategyError::Unsupported("a game without a target score"));
    }
    Ok(())
}

pub(crate) fn layout_for(odds: &Odds, lead_cap: usize) -> Result<Layout, StrategyError> {
    let rules = odds.rules();
    let unit = odds.unit();
    let penalty = rules.farkle_penalty_streak > 0;
    let lower = if penalty && !rules.farkle_penalty_loses_all {
        -2 * i64::from(rules.farkle_penalty_points / unit)
    } else {
        0
    };
    let layout = Layout {
        unit,
        target: i64::from(rules.target_score / unit),
        lower,
        board: rules.min_entry_score > 0,
        streak: if penalty {
            usize::from(rules.farkle_penalty_streak)
        } else {
            1
        },
        lead_cap,
    };
    // Each factor is below 2^31 (scores in units of a valid rules value), so no overflow.
    let pairs = (layout.players() as u64).saturating_mul(layout.players() as u64);
    if pairs > MAX_WIN_TABLE_PAIRS as u64 {
        return Err(StrategyError::ResourceLimit(exceeded(
            &format!(
                "the two-player table ({} player states: scores to {} in steps of {}, on the board \
                 or not, farkles in a row)",
                layout.players(),
                rules.target_score,
                unit
            ),
            format!("{pairs} pairs"),
            format!("{MAX_WIN_TABLE_PAIRS} pairs"),
        )));
    }
    Ok(layout)
}

/// Per-thread buffers of a turn pass.
#[derive(Default)]
struct Scratch {
    w: Vec<f64>,
    d: Vec<f64>,
    bank: Vec<f64>,
}

/// Work shared by the solver and the queries.
struct Ctx<'a> {
    layout: Layout,
    rules: &'a Rules,
    model: &'a TurnModel,
    /// Option offsets `b * width + next`, parallel to `model.options`.
    offsets: Vec<u32>,
    final_chance: &'a [Vec<f64>; 2],
    bank_min: [usize; 2],
    /// The smallest farkle probability of a risky hand.
    pf_min: f64,
    /// With a final round, per opponent flag: W at lead d (units) with m dice, when every
    /// risky hand banks, at `d * width + m`; 1 beyond the lead cap.
    lead_values: &'a [Vec<f64>; 2],
    /// The solve's own worker threads (queries run on the caller's thread only).
    pool: Option<&'a rayon::ThreadPool>,
}

impl Ctx<'_> {
    fn players(&self) -> usize {
        self.layout.players()
    }

    /// The player after a farkle.
    fn farkled(&self, p: usize) -> usize {
        let l = &self.layout;
        let (x, board, k) = l.player(p);
        if self.rules.farkle_penalty_streak > 0 {
            if k + 1 < usize::from(self.rules.farkle_penalty_streak) {
                return l.index(x, board, k + 1);
            }
            let x2 = if self.rules.farkle_penalty_loses_all {
                0
            } else {
                (x - i64::from(self.rules.farkle_penalty_points / l.unit)).max(l.lower)
            };
            return l.index(x2, board, 0);
        }
        p
    }

    /// The first turn total from which on every state's value is known without a pass: a sure
    /// win without a final round; with one, a lead where banking every risky hand is proven
    /// optimal for this farkle payoff (the opponent's last-turn chance `R(d)` is at most
    /// `pf(m) (1 - phi)`, what one more roll could gain at best), or beyond the lead cap.
    fn t_hi(&self, p: usize, q: usize, phi: f64) -> usize {
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
    fn beyond(&self, x: i64, y: i64, qboard: bool, t: usize, m: usize) -> f64 {
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
    fn parallel<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        }
    }

    /// The payoff of banking turn total t (units) for p against q: `-inf` where banking is
    /// not allowed. Constant time, whatever t is.
    fn bank_at(&self, start: &[f64], p: usize, q: usize, t: usize) -> f64 {
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
    fn fill_bank(&self, start: &[f64], p: usize, q: usize, t_hi: usize, out: &mut Vec<f64>) {
        out.clear();
        out.extend((0..t_hi).map(|t| self.bank_at(start, p, q, t)));
    }

    /// One backward pass: the value at (0, full set) and, with `SLOPE`, its derivative in
    /// `phi` (the chance of farkling under the chosen policy); without, the derivative is 0
    /// and the inner loop is a plain maximum.
    fn pass<const SLOPE: bool>(&self, s: &mut Scratch, p: usize, q: usize, phi: f64) -> (f64, f64) {
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
            let (x, _, _) = self.layout.player(p);
            let (y, qboard, _) = self.layout.player(q);
            for t in t_hi..rows {
                for hand in 0..width {
                    s.w[t * width + hand] = self.beyond(x, y, qboard, t, hand);
                }
            }
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
    fn table(&self, start: &[f64], p: usize, q: usize) -> Result<TurnTable, StrategyError> {
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
    fn farkle_payoff(&self, start: &[f64], p: usize, q: usize) -> f64 {
        1.0 - start[q * self.players() + self.farkled(p)]
    }

    /// W(t, m) of a turn table, at any t.
    fn value(&self, table: &TurnTable, p: usize, q: usize, t: usize, m: usize) -> f64 {
        if t < table.t_hi {
            table.w(t, m)
        } else {
            let (x, _, _) = self.layout.player(p);
            let (y, qboard, _) = self.layout.player(q);
            self.beyond(x, y, qboard, t, m)
        }
    }
}

/// The opponent's best chance, in one last turn from `flag`'s situation, to finish more than
/// d units ahead, a tie counting 1/2, for d = 1.. until it falls below 1e-13.
fn final_chances(
    model: &TurnModel,
    bank_min: usize,
    cap: usize,
    meter: &mut Meter,
) -> Result<Vec<f64>, StrategyError> {
    let mut out = try_filled(cap + 1, 1.0)?;
    for (d, chance) in out.iter_mut().enumerate().skip(1) {
        *chance = final_chance(model, bank_min, d, 0.5, meter)?;
    }
    Ok(out)
}

/// The opponent's best chance in one last turn to finish more than `d` units ahead, a tie
/// (finishing exactly `d` ahead) counting `tie`.
fn final_chance(
    model: &TurnModel,
    bank_min: usize,
    d: usize,
    tie: f64,
    meter: &mut Meter,
) -> Result<f64, StrategyError> {
    let t_hi = d.max(bank_min) + 1;
    meter.charge(t_hi as u64 * model.row_work(), 0.0)?;
    let table = solve_turn(
        model,
        t_hi,
        0.0,
        |t| {
            (t >= bank_min).then_some(match t.cmp(&d) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => tie,
                std::cmp::Ordering::Less => 0.0,
            })
        },
        |_, _| 1.0,
        // A long solve asks the caller's progress function too, so it can stop inside.
        &mut |_| meter.go_on(),
    )?;
    Ok(table.w(0, model.dice))
}

/// W at every lead d up to the cap when every risky hand banks (value `1 - R(d)`) and every
/// safe hand rolls.
fn lead_values(model: &TurnModel, chance: &[f64]) -> Vec<f64> {
    let width = model.width();
    let cap = chance.len() - 1;
    let rows = cap + model.max_gain + 2;
    let mut g = vec![1.0; rows * width];
    for d in (0..=cap).rev() {
        let bank = 1.0 - chance[d];
        for m in 1..width {
            g[d * width + m] = if model.farkle[m] > 0.0 {
                bank
            } else {
                model.roll_value(m, 0.0, |b, next| g[(d + b) * width + next])
            };
        }
        g[d * width] = if model.hot_dice {
            g[d * width + model.dice]
        } else {
            bank
        };
    }
    g
}

/// The smallest lead the opponent overturns in one last turn with probability below 1e-13.
fn lead_cap(model: &TurnModel, bank_min: usize, meter: &mut Meter) -> Result<usize, StrategyError> {
    // Doubling search on the on-board chance (the larger of the two), then the exact cut.
    let mut hi = 16usize;
    loop {
        let chances = final_chances_at(model, bank_min, hi, meter)?;
        if chances < 1e-13 {
            break;
        }
        hi *= 2;
        if hi > 1 << 16 {
            return Err(StrategyError::ResourceLimit(
                "the trailing player's last-turn chances decay too slowly: a lead of 65,536 \
                 units is still overturned with probability 1e-13 or more"
                    .into(),
            ));
        }
    }
    // Every lead below `lo` is overturned often enough (R is non-increasing): the cut is the
    // smallest lead that is not, which is what a loaded table is checked against.
    let mut lo = if hi == 16 { 0 } else { hi / 2 };
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if final_chances_at(model, bank_min, mid, meter)? < 1e-13 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(hi)
}

/// The chance to finish strictly more than `d` units ahead (ties lose), which the lead cap
/// is defined by.
fn final_chances_at(
    model: &TurnModel,
    bank_min: usize,
    d: usize,
    meter: &mut Meter,
) -> Result<f64, StrategyError> {
    final_chance(model, bank_min, d, 0.0, meter)
}

/// [`lead_values`] for both opponent flags; empty without a final round.
fn lead_values_of(rules: &Rules, model: &TurnModel, final_chance: &[Vec<f64>; 2]) -> [Vec<f64>; 2] {
    [0, 1].map(|flag| {
        if rules.final_round {
            lead_values(model, &final_chance[flag])
        } else {
            Vec::new()
        }
    })
}

/// Option evaluations of one pass over every pair, given each pair's first known row.
fn pass_work(
    layout: &Layout,
    model: &TurnModel,
    bank_min: [usize; 2],
    extra_rows: impl Fn(usize, usize) -> usize,
) -> u64 {
    let players = layout.players();
    let mut rows = 0u64;
    for p in 0..players {
        let (x, board, _) = layout.player(p);
        let own = ((layout.target - x).max(0) as usize).max(bank_min[usize::from(board)]);
        for q in 0..players {
            rows = rows.saturating_add(own.max(extra_rows(p, q)) as u64);
        }
    }
    rows.saturating_mul(model.row_work())
}

fn check_pass_work(work: u64) -> Result<(), StrategyError> {
    if work > MAX_WIN_TABLE_PASS_WORK {
        return Err(StrategyError::ResourceLimit(exceeded(
            "one pass of the two-player solver over every pair",
            format!("{work} option evaluations"),
            MAX_WIN_TABLE_PASS_WORK,
        )));
    }
    Ok(())
}

impl WinTable {
    /// Solves the game. `progress` is called from the calling thread now and then with the
    /// fraction done (0 to 1; an estimate when the rules have a penalty); returning `false`
    /// stops the solve with [`StrategyError::Cancelled`]. The work runs on worker threads
    /// created for this call and gone when it returns. `ResourceLimit` when the table would
    /// exceed [`crate::limits::MAX_WIN_TABLE_PAIRS`] pairs or a pass over them
    /// [`crate::limits::MAX_WIN_TABLE_PASS_WORK`]; both are checked before the solve starts.
    pub fn solve(
        rules: &Rules,
        options: SolveOptions,
        progress: Progress,
    ) -> Result<WinTable, StrategyError> {
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
    ) -> Result<WinTable, StrategyError> {
        let odds = Odds::new(rules)?;
        let model = Arc::new(TurnModel::new(&odds));
        model.no_loss_bound()?;
        let bank_min = [bank_min_units(&odds, false), bank_min_units(&odds, true)];
        // The size of the table, and a first estimate of a pass (without the final-round
        // leads), before any long computation.
        let layout = layout_for(&odds, 0)?;
        let estimate = pass_work(&layout, &model, bank_min, |_, _| 0);
        check_pass_work(estimate)?;
        let (cap, final_chance) = if rules.final_round {
            let mut meter = Meter::new(
                &mut progress,
                MAX_WIN_TABLE_PASS_WORK,
                "the final-round chances",
            );
            let cap = lead_cap(&model, bank_min[1], &mut meter)?;
            let chances = [
                final_chances(&model, bank_min[0], cap, &mut meter)?,
                final_chances(&model, bank_min[1], cap, &mut meter)?,
            ];
            (cap, chances)
        } else {
            (0, [Vec::new(), Vec::new()])
        };
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
        let mut start = try_filled(players * players, 0.5)?;
        let mut sweeps = 0;
        if rules.farkle_penalty_streak == 0 && warm {
            let options = SolveOptions {
                tolerance: WARM_TOLERANCE,
                policy_iteration: false,
                ..options
            };
            sweeps = ctx.solve_sweeps(&mut start, options, progress)?;
        } else if rules.farkle_penalty_streak == 0 {
            ctx.solve_ordered(&mut start, progress)?;
        } else {
            // Start from the same game without the penalty, solved roughly by the same sweeps
            // (a small share of the work): the sweeps then begin close to the answer.
            let relaxed = Rules {
                farkle_penalty_streak: 0,
                farkle_penalty_points: 0,
                farkle_penalty_loses_all: false,
                ..*rules
            };
            let guess = WinTable::solve_in(
                pool,
                &relaxed,
                options,
                &mut |f| progress(WARM_SHARE * f),
                true,
            )?;
            ctx.warm_start(&guess, &mut start);
            sweeps = ctx.solve_sweeps(&mut start, options, &mut |f| {
                progress(WARM_SHARE + (1.0 - WARM_SHARE) * f)
            })?;
        }
        if !progress(1.0) {
            return Err(StrategyError::Cancelled);
        }
        drop(ctx);
        Ok(WinTable {
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

    /// Rebuilds a table from saved parts (see the table file), checking they fit the rules.
    pub(crate) fn from_parts(
        rules: &Rules,
        lead_cap: usize,
        start: Vec<f64>,
        final_chance: [Vec<f64>; 2],
    ) -> Result<WinTable, StrategyError> {
        check_rules(rules)?;
        let odds = Odds::new(rules)?;
        let model = Arc::new(TurnModel::new(&odds));
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
        Ok(WinTable {
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
        let bad = |why: String| Err(StrategyError::BadFile(why));
        let rw = self.model.row_work();
        let mut go_on = |_: f64| true;
        let mut progress: Progress = &mut go_on;
        let mut meter = Meter::new(
            &mut progress,
            CHECK_WORK,
            "checking the table against its rules",
        );
        if self.rules.final_round {
            // The cap is the smallest lead overturned with probability below 1e-13; the
            // chances are checked at the smallest and the largest lead. Six turn solves of
            // at most `rows` rows: refused at once when that is more than the check allows.
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
                Ok(final_chances_at(&self.model, self.bank_min[1], d, meter)? < 1e-13)
            };
            if cap == 0 || !below(cap, &mut meter)? || (cap > 1 && below(cap - 1, &mut meter)?) {
                return bad(format!(
                    "its final-round lead cap ({cap} units) does not follow from its rules"
                ));
            }
            for flag in 0..2 {
                for d in [1, cap] {
                    let expected =
                        final_chance(&self.model, self.bank_min[flag], d, 0.5, &mut meter)?;
                    let stored = self.final_chance[flag][d];
                    if (expected - stored).abs() > 1e-12 {
                        return bad(format!(
                            "its last-turn chance at a lead of {d} units ({stored}) does not \
                             follow from its rules ({expected})"
                        ));
                    }
                }
            }
        }
        // Then pairs spread over the table, as many of the CHECKED_PAIRS as the check's work
        // allows (at least one): all of them for the presets.
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
            if (value - stored).abs() > 1e-9 {
                return bad(format!(
                    "P(win) of pair {p}, {q} ({stored}) does not follow from its rules and the \
                     values around it ({value})"
                ));
            }
        }
        Ok(())
    }

    /// The solved turn of p against q, from this thread's cache when it was the last or the
    /// one before.
    fn turn_table(&self, ctx: &Ctx, p: usize, q: usize) -> Result<Arc<TurnTable>, StrategyError> {
        TURN_CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some(Some((_, _, _, t))) = cache
                .iter()
                .find(|e| matches!(e, Some((id, a, b, _)) if (*id, *a, *b) == (self.id, p, q)))
            {
                return Ok(Arc::clone(t));
            }
            let table = Arc::new(ctx.table(&self.start, p, q)?);
            cache.swap(0, 1);
            cache[0] = Some((self.id, p, q, Arc::clone(&table)));
            Ok(table)
        })
    }

    fn ctx(&self) -> Ctx<'_> {
        Ctx::new(
            &self.rules,
            &self.layout,
            &self.model,
            &self.final_chance,
            &self.lead_values,
            self.bank_min,
        )
    }

    /// How many sweeps over the pairs the solve took under a penalty (with policy iteration,
    /// the later ones solve only some of the pairs); 0 without one (one ordered pass) and
    /// for a table loaded from a file.
    pub fn sweeps(&self) -> usize {
        self.sweeps
    }

    /// The rules solved.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Point granularity.
    pub fn unit(&self) -> i32 {
        self.layout.unit
    }

    /// Lowest score represented (scores below count as this), in points.
    pub fn lower_bound(&self) -> i32 {
        self.layout.lower as i32 * self.layout.unit
    }

    /// Largest final-round lead solved exactly, in points (0 without a final round).
    pub fn lead_cap(&self) -> i32 {
        self.layout.lead_cap as i32 * self.layout.unit
    }

    /// Number of player states; the table holds the square of it.
    pub fn player_states(&self) -> usize {
        self.layout.players()
    }

    fn player_index(&self, p: &PlayerState) -> Result<usize, StrategyError> {
        let l = &self.layout;
        let bad = |why: String| Err(StrategyError::OutOfRange(why));
        if p.score % l.unit != 0 {
            return bad(format!("score {} is not a multiple of {}", p.score, l.unit));
        }
        let s = i64::from(p.score / l.unit);
        if s < l.lower || s >= l.target {
            return bad(format!(
                "score {} is outside {}..{}",
                p.score,
                l.lower * i64::from(l.unit),
                self.rules.target_score
            ));
        }
        let on_board = p.on_board || !l.board;
        if !on_board && s > 0 {
            return bad("a player not on the board has a score above 0".into());
        }
        if usize::from(p.farkles) >= l.streak {
            return bad(format!("{} consecutive farkles", p.farkles));
        }
        Ok(l.index(s, on_board, usize::from(p.farkles)))
    }

    /// P(win) for the player about to start a turn in state `me` against `opponent`.
    pub fn start_of_turn(
        &self,
        me: &PlayerState,
        opponent: &PlayerState,
    ) -> Result<f64, StrategyError> {
        let p = self.player_index(me)?;
        let q = self.player_index(opponent)?;
        Ok(self.start[p * self.layout.players() + q])
    }

    /// P(first player wins) from the start of the game.
    pub fn first_player_win_probability(&self) -> f64 {
        let s = PlayerState::start(&self.rules);
        self.start_of_turn(&s, &s).expect("the start is in range")
    }

    /// The fairest compensation: the head start (a multiple of the unit, in points, counting
    /// as banked and on the board) for the second player that brings P(first player wins)
    /// closest to 1/2; the smallest such on ties, and 0 when the first player is not ahead.
    pub fn compensation(&self) -> i32 {
        let first = PlayerState::start(&self.rules);
        let l = &self.layout;
        let mut best = (f64::INFINITY, 0i64);
        for c in 0..l.target {
            let second = if c == 0 {
                first
            } else {
                PlayerState {
                    score: (c * i64::from(l.unit)) as i32,
                    on_board: true,
                    farkles: 0,
                }
            };
            let p = self.start_of_turn(&first, &second).expect("in range");
            let gap = (p - 0.5).abs();
            if gap < best.0 {
                best = (gap, c);
            }
            if p < 0.5 {
                break;
            }
        }
        (best.1 * i64::from(l.unit)) as i32
    }

    fn state_indices(&self, s: &TwoPlayerState) -> Result<(usize, usize, usize), StrategyError> {
        let p = self.player_index(&s.me)?;
        let q = self.player_index(&s.opponent)?;
        let t = units_of_turn_total(s.turn_total, self.layout.unit, MAX_TURN_TOTAL)?;
        Ok((p, q, t))
    }

    fn check_dice(&self, dice: usize) -> Result<(), StrategyError> {
        if dice == 0 || dice > self.model.dice {
            return Err(StrategyError::OutOfRange(format!(
                "{dice} dice; the set has 1 to {}",
                self.model.dice
            )));
        }
        Ok(())
    }

    /// P(win) for the player to move holding `turn_total` with `dice` dice to roll (who may
    /// bank where the rules allow it); with turn total 0 and the full set, this is the
    /// start-of-turn probability.
    pub fn win_probability(&self, s: &TwoPlayerState) -> Result<f64, StrategyError> {
        Ok(self.decision(s)?.value())
    }

    /// The optimal decision before rolling in a state: bank or roll.
    pub fn decision(&self, s: &TwoPlayerState) -> Result<Decision, StrategyError> {
        let (p, q, t) = self.state_indices(s)?;
        let m = usize::from(s.dice);
        self.check_dice(m)?;
        let ctx = self.ctx();
        let table = self.turn_table(&ctx, p, q)?;
        Ok(self.decision_at(&ctx, &table, p, q, t, m))
    }

    fn bank_value(&self, ctx: &Ctx, p: usize, q: usize, t: usize) -> Option<f64> {
        let bank = ctx.bank_at(&self.start, p, q, t);
        (bank > f64::NEG_INFINITY).then_some(bank)
    }

    fn decision_at(
        &self,
        ctx: &Ctx,
        table: &TurnTable,
        p: usize,
        q: usize,
        t: usize,
        m: usize,
    ) -> Decision {
        let bank = self.bank_value(ctx, p, q, t);
        let phi = ctx.farkle_payoff(&self.start, p, q);
        let roll = self
            .model
            .roll_value(m, phi, |b, next| ctx.value(table, p, q, t + b, next));
        Decision {
            bank: bank.is_some_and(|b| b >= roll),
            bank_win_probability: bank,
            roll_win_probability: roll,
        }
    }

    /// For a turn of `me` against `opponent`: for each number of dice to roll (index 0 = one
    /// die), the smallest turn total at which the optimal player banks rather than rolls, or
    /// `None` when it never banks with that many dice below a sure win. What the policy plots
    /// show; the turn is solved once for all of them.
    pub fn stop_totals(
        &self,
        me: &PlayerState,
        opponent: &PlayerState,
    ) -> Result<Vec<Option<i32>>, StrategyError> {
        let p = self.player_index(me)?;
        let q = self.player_index(opponent)?;
        let ctx = self.ctx();
        let table = self.turn_table(&ctx, p, q)?;
        let mut bank = Vec::new();
        ctx.fill_bank(&self.start, p, q, table.t_hi, &mut bank);
        Ok((1..=self.model.dice)
            .map(|m| {
                (0..table.t_hi)
                    .find(|&t| bank[t] >= table.roll(t, m))
                    .map(|t| t as i32 * self.layout.unit)
            })
            .collect())
    }

    /// The best play of a roll: which dice to keep and whether to bank after. `None` for a
    /// farkle. Ties prefer more points, then fewer dice kept.
    pub fn best_choice(
        &self,
        me: &PlayerState,
        opponent: &PlayerState,
        turn_total: i32,
        roll: FaceCounts,
    ) -> Result<Option<WinChoice>, StrategyError> {
        let mut best: Option<WinChoice> = None;
        for c in self.choices(me, opponent, turn_total, roll)? {
            let better = match &best {
                None => true,
                Some(b) => {
                    c.win_probability > b.win_probability
                        || (c.win_probability == b.win_probability
                            && (c.points > b.points
                                || (c.points == b.points && c.keep.total() < b.keep.total())))
                }
            };
            if better {
                best = Some(c);
            }
        }
        Ok(best)
    }

    /// Every scoring way to keep dice from a roll, each with P(win) after it and whether the
    /// optimal player banks afterwards (the turn is solved once for all of them). Empty for a
    /// farkle.
    pub fn choices(
        &self,
        me: &PlayerState,
        opponent: &PlayerState,
        turn_total: i32,
        roll: FaceCounts,
    ) -> Result<Vec<WinChoice>, StrategyError> {
        let state = TwoPlayerState {
            me: *me,
            opponent: *opponent,
            turn_total,
            dice: 1,
        };
        let (p, q, t) = self.state_indices(&state)?;
        let n = roll.total();
        self.check_dice(n)?;
        let ctx = self.ctx();
        let table = self.turn_table(&ctx, p, q)?;
        let unit = self.layout.unit;
        let mut out = Vec::new();
        for keep in roll.subsets() {
            let Some(points) = self.scorer.points(keep) else {
                continue;
            };
            let t2 = t + (points / unit) as usize;
            let left = n - keep.total();
            let (dice_left, col) = if left > 0 {
                (left, left)
            } else if self.model.hot_dice {
                (self.model.dice, 0)
            } else {
                (0, 0)
            };
            let value = ctx.value(&table, p, q, t2, col);
            let bank = if dice_left == 0 {
                true
            } else {
                self.decision_at(&ctx, &table, p, q, t2, dice_left).bank
            };
            out.push(WinChoice {
                keep,
                points,
                turn_total: t2 as i32 * unit,
                dice_left: dice_left as u8,
                bank,
                win_probability: value,
            });
        }
        Ok(out)
    }
}

impl Decision {
    /// The value of the state: the better of banking and rolling.
    pub fn value(&self) -> f64 {
        match self.bank_win_probability {
            Some(b) if b >= self.roll_win_probability => b,
            _ => self.roll_win_probability,
        }
    }
}

impl<'a> Ctx<'a> {
    fn new(
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

    /// Fills `start` from the solved game without the penalty: each pair takes the value of
    /// the same flags and the same scores, both raised by the same amount when one is
    /// negative (the lead is what matters most).
    fn warm_start(&self, guess: &WinTable, start: &mut [f64]) {
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
                })
        });
    }

    /// Player indices grouped by score level (sum of both scores), highest first.
    fn levels(&self) -> Vec<Vec<(usize, usize)>> {
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
    fn solve_ordered(&self, start: &mut [f64], progress: Progress) -> Result<(), StrategyError> {
        let players = self.players();
        let levels = self.levels();
        // A cycle's work, roughly: its two turns' rows (each solved a few times by Newton).
        let rows = |&(p, q): &(usize, usize)| (self.t_hi(p, q, 0.5) + self.t_hi(q, p, 0.5)) as u64;
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
        let t1 = self.t_hi(p, q, 1.0);
        self.fill_bank(start, p, q, t1, &mut a.bank);
        if p == q {
            let mut s = 0.5;
            for _ in 0..100 {
                let phi = 1.0 - s;
                let (v, d) = self.pass::<true>(a, p, q, phi);
                let new = (v - d * phi + d) / (1.0 + d);
                let done = (new - s).abs() < 1e-15;
                s = new;
                if done {
                    break;
                }
            }
            return (s, s);
        }
        let t2 = self.t_hi(q, p, 1.0);
        self.fill_bank(start, q, p, t2, &mut b.bank);
        let (mut s1, mut s2) = (0.5, 0.5);
        for _ in 0..100 {
            let phi1 = 1.0 - s2;
            let phi2 = 1.0 - s1;
            let (v1, b1) = self.pass::<true>(a, p, q, phi1);
            let (v2, b2) = self.pass::<true>(b, q, p, phi2);
            let a1 = v1 - b1 * phi1;
            let a2 = v2 - b2 * phi2;
            let n1 = (a1 + b1 * (1.0 - a2 - b2)) / (1.0 - b1 * b2);
            let n2 = a2 + b2 * (1.0 - n1);
            let done = (n1 - s1).abs() < 1e-15 && (n2 - s2).abs() < 1e-15;
            s1 = n1;
            s2 = n2;
            if done {
                break;
            }
        }
        (s1, s2)
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
    fn solve_sweeps(
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
                epsilon: tolerance / 2.0,
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
                    self.evaluate(&buckets, &policy.forms, start, tolerance / 8.0, &mut || {
                        progress(done)
                    })?;
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
                let recording = record;
                let computed: Vec<Vec<Solved>> = self.parallel(|| {
                    chunk
                        .par_iter()
                        .map_init(LaneScratch::default, |s, batch| {
                            let values = self.lane_pass(s, current, batch, recording);
                            let mut forms = match recording {
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
                                            < 1e-9
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
                results.extend(computed.into_iter().flatten());
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
            if i % 64 == 0 && !progress(i as f64 / buckets.len() as f64) {
                return Err(StrategyError::Cancelled);
            }
        }
        Ok((change, over_budget))
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

    /// After an evaluation: how far the values each pair's turn reads have moved since it
    /// was solved (its drift), and so which pairs the next sweep solves again: those whose
    /// drift passed what their form is certified for. `before` is the table before the
    /// sweep, `swept` after it, `start` after the evaluation. A pair solved in the sweep
    /// read the values of `swept` when banking (higher levels, done before it) and the
    /// farkle payoff its form keeps; the others have read nothing since the last
    /// evaluation, so their drift grows by how far their inputs moved from `before`.
    fn certify(
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
                })
        });
    }

    /// Solves the turns of a batch together: the backward pass of [`Ctx::pass`], each pair
    /// in its own lane of interleaved tables, so that the inner loop takes the maximum of
    /// [`LANES`] values at once (compilers turn it into vector instructions) and loads each
    /// option's offset once for all of them. The lanes share the rows up to the highest
    /// `t_hi` of the batch; above its own, a lane's rows come out as the known values there
    /// (the target is reached, or banking every risky hand is proven optimal), so every
    /// lane gets the value [`Ctx::pass`] gives. With `record`, the values of rolling are
    /// kept for [`Ctx::lane_forms`].
    fn lane_pass(&self, s: &mut LaneScratch, start: &[f64], b: &Batch, record: bool) -> Lanes {
        let m = self.model;
        let width = m.width();
        let n = m.dice;
        let top = b.top;
        let rows = top + m.max_gain + 1;
        // The rows below the top are all written before they are read (a roll gains points):
        // only the rows from the top up need their known values.
        if s.w.len() < rows * width {
            s.w.resize(rows * width, [1.0; LANES]);
        }
        s.w[top * width..rows * width].fill([1.0; LANES]);
        s.bank.clear();
        s.bank.resize(top, [f64::NEG_INFINITY; LANES]);
        let l = &self.layout;
        let players = self.players();
        for j in 0..LANES {
            let (p, q) = b.pairs[j];
            let (x, board, _) = l.player(p);
            let (y, qboard, _) = l.player(q);
            // As `bank_at`: below the target, banking t reads S(q, (x + t, on the board, no
            // farkles)), `streak` places further on for each unit.
            let open = (l.target - x).max(0) as usize;
            let read = q * players + l.index(x, true, 0);
            let chance = &self.final_chance[usize::from(qboard)];
            for t in self.bank_min[usize::from(board)]..top {
                s.bank[t][j] = if t < open {
                    1.0 - start[read + t * l.streak]
                } else if self.rules.final_round {
                    1.0 - chance
                        .get((x + t as i64 - y) as usize)
                        .copied()
                        .unwrap_or(0.0)
                } else {
                    1.0
                };
            }
            if self.rules.final_round {
                // As `beyond`: W at the lead, from the top up (leads of at least 1 there).
                let lead = &self.lead_values[usize::from(qboard)];
                for t in top..rows {
                    let at = (x + t as i64 - y) as usize * width;
                    for hand in 0..width {
                        s.w[t * width + hand][j] = lead.get(at + hand).copied().unwrap_or(1.0);
                    }
                }
            }
        }
        if record {
            s.roll.clear();
            s.roll.resize(top * width, [f64::NEG_INFINITY; LANES]);
        }
        let rows = LaneRows {
            model: m,
            offsets: &self.offsets,
            bank: &s.bank,
            phi: b.phi,
        };
        let w = &mut s.w;
        match record {
            true => rows.run(w, Some(&mut s.roll)),
            false => rows.run(w, None),
        }
        w[n]
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
    fn lane_forms(&self, s: &mut LaneScratch, b: &Batch, epsilon: f64) -> Vec<Linear> {
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

    #[inline(always)]
    fn lane_forms_with(&self, s: &mut LaneScratch, b: &Batch, epsilon: f64) -> Vec<Linear> {
        let m = self.model;
        let l = &self.layout;
        let width = m.width();
        let n = m.dice;
        let top = b.top;
        let rows = top + m.max_gain + 1;
        // Per lane: banking at or past `open` ends the game (a constant payoff); a state at
        // or past `fixed` is a sure win whatever the other pairs' values are.
        let mut open = [0usize; LANES];
        let mut fixed = [0usize; LANES];
        for j in 0..LANES {
            let (p, q) = b.pairs[j];
            let (x, board, _) = l.player(p);
            let (y, _, _) = l.player(q);
            let to_target = (l.target - x).max(0);
            open[j] = (to_target as usize).min(top);
            let mut sure = to_target;
            if self.rules.final_round {
                sure = sure.max(l.lead_cap as i64 + 1 + y - x);
            }
            fixed[j] = (sure.max(0) as usize).max(self.bank_min[usize::from(board)]);
        }
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
        let mut farkle = [0.0; LANES];
        // margins[k][j]: the chance of meeting a decision of lane j whose margin (halved
        // where both choices may move) is in bucket k (see `margin_bucket`).
        let mut margins = [[0.0f64; LANES]; MARGIN_BUCKETS];
        let mut note = |j: usize, margin: f64, reach: f64| {
            margins[margin_bucket(margin)][j] += reach;
        };
        for t in 0..top {
            let row = t * width;
            let bank_t = bank[t];
            // Column 0 first: with hot dice it continues as the full set in the same row.
            let zero = mass[row];
            for j in 0..LANES {
                if zero[j] > 0.0 {
                    if m.hot_dice {
                        mass[row + n][j] += zero[j];
                    } else if bank_t[j] > f64::NEG_INFINITY {
                        banked[t][j] += zero[j];
                    } else {
                        farkle[j] += zero[j];
                    }
                }
            }
            // An option lands on a sure win from this offset on.
            let fixed_off: Lanes =
                std::array::from_fn(|j| (fixed[j].saturating_sub(t) * width) as f64);
            for hand in 1..=n {
                let here = mass[row + hand];
                if here.iter().all(|&h| h == 0.0) {
                    continue;
                }
                let mut go = [0.0; LANES];
                for j in 0..LANES {
                    if here[j] == 0.0 {
                        continue;
                    }
                    let bank_j = bank_t[j];
                    if bank_j > f64::NEG_INFINITY {
                        // Rolling reads other pairs' values; banking too, below the target.
                        let both = if t < open[j] { 0.5 } else { 1.0 };
                        let roll_j = roll[row + hand][j];
                        if w[row + hand][j] == bank_j {
                            banked[t][j] += here[j];
                            note(j, (bank_j - roll_j) * both, here[j]);
                            continue;
                        }
                        note(j, (roll_j - bank_j) * both, here[j]);
                    }
                    go[j] = here[j];
                    farkle[j] += here[j] * m.farkle[hand];
                }
                if go.iter().all(|&g| g == 0.0) {
                    continue;
                }
                for g in m.group_start[hand - 1]..m.group_start[hand] {
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
                        let cell = &mut mass[row + at[0] as usize];
                        for j in 0..LANES {
                            cell[j] += reach[j];
                        }
                    } else {
                        for j in 0..LANES {
                            mass[row + at[j] as usize][j] += reach[j];
                        }
                    }
                    if offsets.len() < 2 {
                        continue;
                    }
                    // A choice landing on a sure win is worth 1, the most anything can be:
                    // it stays optimal whatever moves.
                    let margin: Lanes = std::array::from_fn(|j| {
                        if at[j] >= fixed_off[j] {
                            f64::INFINITY
                        } else {
                            (best[j] - second[j]) * 0.5
                        }
                    });
                    for j in 0..LANES {
                        if reach[j] > 0.0 && margin[j] < NOTED_MARGIN {
                            note(j, margin[j], reach[j]);
                        }
                    }
                }
            }
        }
        (0..b.len)
            .map(|j| {
                // Mass that climbed past the top meets the known values there.
                let mut constant: f64 = mass[top * width..]
                    .iter()
                    .zip(&w[top * width..])
                    .filter(|(here, _)| here[j] > 0.0)
                    .map(|(here, v)| here[j] * v[j])
                    .sum();
                // Banking at or past the target ends the game (a constant); below it, banking
                // t is worth 1 - S(q, x + t). (Where banking is not allowed nothing was
                // banked.)
                for t in open[j]..top {
                    if banked[t][j] > 0.0 {
                        constant += banked[t][j] * bank[t][j];
                    }
                }
                let below = &banked[..open[j]];
                let first = below.iter().position(|b| b[j] > 0.0).unwrap_or(open[j]);
                let last = below
                    .iter()
                    .rposition(|b| b[j] > 0.0)
                    .map_or(first, |i| i + 1);
                let weights: Box<[f64]> = below[first..last].iter().map(|b| b[j]).collect();
                constant += farkle[j] + weights.iter().sum::<f64>();
                Linear {
                    constant,
                    farkle: farkle[j],
                    first: first as u32,
                    weights,
                    phi: b.phi[j],
                    certified: certified_drift(|k| margins[k][j], epsilon),
                }
            })
            .collect()
    }

    /// The value of pair (p, q) under its linear form.
    #[inline]
    fn linear_value(&self, form: &Linear, start: &[f64], p: usize, q: usize) -> f64 {
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
    fn evaluate(
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
                        .with_min_len(64)
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
            if change <= tolerance || change > 0.99 * previous {
                return Ok(());
            }
            previous = change;
        }
        Ok(())
    }
}

/// Policy iteration's state: every pair's linear form, how far the values its turn reads
/// have moved since it was solved, and the memory the forms take, which is kept within the
/// budget (beyond it the solver drops them and does plain sweeps).
struct Policy {
    forms: Vec<Linear>,
    drift: Vec<f64>,
    bytes: usize,
    budget: usize,
    /// What a certified pair's turn may lose against the best policy (see
    /// [`Ctx::lane_forms`]).
    epsilon: f64,
}

/// A pair's turn under a fixed policy as a linear function of the other pairs' values:
/// `S(p, q) = constant - farkle S(q, farkled p) - sum_k weights[k] S(q, x + first + k)`,
/// where `x + first + k` is p's score after banking, on the board with no farkles.
#[derive(Debug, Clone, Default)]
struct Linear {
    constant: f64,
    farkle: f64,
    first: u32,
    weights: Box<[f64]>,
    /// The farkle payoff the turn read when it was solved.
    phi: f64,
    /// How far the values the turn reads may move, none by more than this, with its policy
    /// still optimal but for `epsilon` (see [`Ctx::lane_forms`]); 0 for a form not recorded.
    certified: f64,
}

/// Pairs solved together by one lane pass (see [`Ctx::lane_pass`]): 16 f64 lanes are four
/// AVX registers. Measured per sweep of extended: 16 lanes against 8 with AVX, 0.29 s against
/// 0.35 s of CPU to 3,000 and 3.6 s against 4.4 s to 10,000; without AVX 8 lanes were faster
/// (0.52 s against 0.65 s to 3,000), but every x86-64 processor of the last decade has it.
const LANES: usize = 16;
type Lanes = [f64; LANES];
/// The lanes the forward pass of [`Ctx::lane_forms`] keeps in registers at once.
const HALF: usize = LANES / 2;

/// The backward loop of a lane pass (see [`Ctx::lane_pass`]), from the top row down.
struct LaneRows<'a> {
    model: &'a TurnModel,
    offsets: &'a [u32],
    bank: &'a [Lanes],
    phi: Lanes,
}

impl LaneRows<'_> {
    /// Fills `w` below the top (and `roll` when given), with the widest vector instructions
    /// this processor has among those the loop can use.
    fn run(&self, w: &mut [Lanes], roll: Option<&mut Vec<Lanes>>) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the processor supports AVX, checked just above.
            return unsafe { self.run_avx(w, roll) };
        }
        self.rows(w, roll)
    }

    /// The same loop compiled for AVX: four lanes per instruction instead of two. The
    /// results are the same to the bit (the same operations in the same order).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    unsafe fn run_avx(&self, w: &mut [Lanes], roll: Option<&mut Vec<Lanes>>) {
        self.rows(w, roll)
    }

    #[inline(always)]
    fn rows(&self, w: &mut [Lanes], mut roll: Option<&mut Vec<Lanes>>) {
        let m = self.model;
        let width = m.width();
        let n = m.dice;
        let phi = self.phi;
        for t in (0..self.bank.len()).rev() {
            let bank = self.bank[t];
            let row = t * width;
            for hand in 1..=n {
                let pf = m.farkle[hand];
                let mut acc: Lanes = std::array::from_fn(|j| pf * phi[j]);
                for g in m.group_start[hand - 1]..m.group_start[hand] {
                    let offsets = &self.offsets[m.option_start[g]..m.option_start[g + 1]];
                    let mut best = [f64::NEG_INFINITY; LANES];
                    for &off in offsets {
                        let v = &w[row + off as usize];
                        for j in 0..LANES {
                            best[j] = if v[j] > best[j] { v[j] } else { best[j] };
                        }
                    }
                    let pg = m.group_prob[g];
                    for j in 0..LANES {
                        acc[j] += pg * best[j];
                    }
                }
                if let Some(roll) = roll.as_deref_mut() {
                    roll[row + hand] = acc;
                }
                w[row + hand] =
                    std::array::from_fn(|j| if bank[j] >= acc[j] { bank[j] } else { acc[j] });
            }
            w[row] = std::array::from_fn(|j| {
                if m.hot_dice {
                    w[row + n][j]
                } else if bank[j] > f64::NEG_INFINITY {
                    bank[j]
                } else {
                    phi[j]
                }
            });
        }
    }
}

/// Per-thread buffers of a lane pass.
#[derive(Default)]
struct LaneScratch {
    /// W(t, m) of every lane at `t * width + m`.
    w: Vec<Lanes>,
    /// The value of rolling, kept for the margins when recording.
    roll: Vec<Lanes>,
    /// The payoff of banking, by turn total.
    bank: Vec<Lanes>,
    /// The forward pass: the chance of reaching each state, and of banking at each total.
    mass: Vec<Lanes>,
    banked: Vec<Lanes>,
}

/// Up to [`LANES`] pairs of one bucket; unused lanes repeat the first pair.
struct Batch {
    len: usize,
    pairs: [(usize, usize); LANES],
    /// The farkle payoffs read.
    phi: Lanes,
    /// The highest `t_hi` of the lanes.
    top: usize,
}

impl Batch {
    /// `items`: (p, q, farkle payoff, t_hi), one to [`LANES`] of them.
    fn new(items: &[(usize, usize, f64, usize)]) -> Batch {
        let lane = |j: usize| items[if j < items.len() { j } else { 0 }];
        Batch {
            len: items.len(),
            pairs: std::array::from_fn(|j| (lane(j).0, lane(j).1)),
            phi: std::array::from_fn(|j| lane(j).2),
            top: items.iter().map(|i| i.3).max().unwrap_or(0),
        }
    }
}

/// A pair solved in a sweep: its value, and its new form when recording.
struct Solved {
    idx: usize,
    value: f64,
    form: Option<Linear>,
}

/// Decision margins by powers of two: bucket k holds margins in [2^(k - 60), 2^(k - 59)),
/// bucket 0 everything smaller, ties included. Margins of [`NOTED_MARGIN`] or more are not
/// tallied: no certificate reaches that far.
const MARGIN_BUCKETS: usize = 52;
const NOTED_MARGIN: f64 = 1.0 / 256.0;

/// The bucket of a margin below [`NOTED_MARGIN`].
fn margin_bucket(margin: f64) -> usize {
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
fn certified_drift(margins: impl Fn(usize) -> f64, epsilon: f64) -> f64 {
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
        && (last - previous).abs() < 0.25 * last)
    {
        return;
    }
    let factor = last / (1.0 - last);
    start
        .par_iter_mut()
        .zip(before.par_iter())
        .for_each(|(v, b)| *v = (*v + factor * (*v - b)).clamp(0.0, 1.0));
}

/// See [`extrapolate`].
const EXTRAPOLATE_BELOW: f64 = 1e-5;
const EXTRAPOLATE_RATIO: f64 = 0.1;

/// A copy of the table, or a resource error when the memory is not available.
fn try_copy(values: &[f64]) -> Result<Vec<f64>, StrategyError> {
    let mut out = Vec::new();
    out.try_reserve_exact(values.len()).map_err(|_| {
        StrategyError::ResourceLimit(format!("cannot allocate {} bytes", 8 * values.len()))
    })?;
    out.extend_from_slice(values);
    Ok(out)
}

/// Option evaluations of one parallel chunk of a solve, between two progress calls (about a
/// tenth of a second on two cores).
const CHUNK_WORK: u64 = 200_000_000;

/// Pairs whose turn is re-solved when a table is loaded (see
/// [`WinTable::check_against_rules`]), work permitting.
const CHECKED_PAIRS: usize = 24;

/// The most option evaluations the check of a loaded table may take (a few tenths of a
/// second): the presets' tables need about 2 x 10^7.
const CHECK_WORK: u64 = 200_000_000;

/// How close the warm start of a penalty solve comes to the game without the penalty.
const WARM_TOLERANCE: f64 = 1e-3;

/// The share of the progress bar given to the warm start of a penalty solve.
const WARM_SHARE: f64 = 0.05;

/// Full sweeps before the solver gives up.
const MAX_SWEEPS: usize = 10_000;
/// Linear sweeps per policy evaluation.
const MAX_EVALUATIONS: usize = 1_000;

/// Progress of the sweeps: the remaining sweeps are estimated from the observed contraction.
fn estimate(changes: &[f64], sweep: usize, within: f64, tolerance: f64) -> f64 {
    let expected = match changes {
        [.., a, b] if *b > 0.0 && b < a => {
            let rate = b / a;
            sweep as f64 + ((tolerance / b).ln() / rate.ln()).max(0.0) + 1.0
        }
        _ => sweep as f64 + 10.0,
    };
    ((sweep as f64 + within) / expected).clamp(0.0, 0.99)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Preset;

    fn small_penalty_game(final_round: bool) -> Rules {
        Rules {
            dice_count: 3,
            target_score: 600,
            min_entry_score: 100,
            min_bank_score: 100,
            final_round,
            farkle_penalty_streak: 2,
            farkle_penalty_points: 150,
            ..Preset::Classic.rules()
        }
    }

    /// A lane pass gives every pair the value of the one-pair pass, whatever the heights of
    /// the turns it holds together and however many lanes are used.
    #[test]
    fn lanes_agree_with_the_single_pass() {
        for final_round in [false, true] {
            let rules = small_penalty_game(final_round);
            let table = WinTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
            let ctx = table.ctx();
            let players = ctx.players();
            let start = &table.start;
            let items: Vec<(usize, usize, f64, usize)> = (0..players)
                .flat_map(|p| (0..players).map(move |q| (p, q)))
                .map(|(p, q)| {
                    let phi = ctx.farkle_payoff(start, p, q);
                    (p, q, phi, ctx.t_hi(p, q, phi))
                })
                .collect();
            let mut lanes = LaneScratch::default();
            let mut single = Scratch::default();
            for size in [1, 3, LANES] {
                for chunk in items.chunks(size) {
                    let batch = Batch::new(chunk);
                    let values = ctx.lane_pass(&mut lanes, start, &batch, false);
                    for (j, &(p, q, phi, t_hi)) in chunk.iter().enumerate() {
                        ctx.fill_bank(start, p, q, t_hi, &mut single.bank);
                        let expected = ctx.pass::<false>(&mut single, p, q, phi).0;
                        assert!(
                            (values[j] - expected).abs() < 1e-14,
                            "pair {p}, {q}: lanes {} single {expected}",
                            values[j]
                        );
                    }
                }
            }
        }
    }

    /// Policy iteration (its linear forms checked against the passes by the debug
    /// assertions of the sweep) reaches the values of plain sweeps.
    #[test]
    fn policy_iteration_agrees_with_plain_sweeps() {
        let rules = small_penalty_game(true);
        let plain = WinTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
        let options = SolveOptions {
            policy_iteration: true,
            ..SolveOptions::default()
        };
        let policy = WinTable::solve(&rules, options, &mut |_| true).unwrap();
        for (a, b) in plain.start.iter().zip(&policy.start) {
            assert!((a - b).abs() < 1e-10, "{a} {b}");
        }
    }

    #[test]
    fn margins_and_certificates() {
        assert_eq!(margin_bucket(0.0), 0);
        assert_eq!(margin_bucket(f64::NAN), 0);
        assert_eq!(margin_bucket(1e-300), 0);
        // 2^-10 is in bucket 50, [2^-10, 2^-9).
        assert_eq!(margin_bucket(1.0 / 1024.0), 50);
        assert_eq!(margin_bucket(1.5 / 1024.0), 50);
        assert_eq!(margin_bucket(NOTED_MARGIN * 0.99), MARGIN_BUCKETS - 1);
        // No decision at stake: certified as far as margins are tallied.
        assert_eq!(certified_drift(|_| 0.0, 1e-12), NOTED_MARGIN);
        // A sure tie reached with probability 1: the drift d may cost 2 d, so d is the
        // largest power of two with 2 d <= epsilon.
        let d = certified_drift(|k| if k == 0 { 1.0 } else { 0.0 }, 1e-12);
        assert!(2.0 * d <= 1e-12 && 4.0 * d > 1e-12, "{d}");
        // A margin of 2^-20 reached with probability 1/2: safe up to a drift of 2^-20.
        let bucket = margin_bucket(1.0 / (1u64 << 20) as f64);
        let d = certified_drift(|k| if k == bucket { 0.5 } else { 0.0 }, 1e-12);
        assert_eq!(d, 1.0 / (1u64 << 20) as f64);
    }
}

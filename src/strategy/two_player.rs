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
//! With a penalty, farkles can lower a score, and Gauss-Seidel sweeps in the same order repeat
//! until no value changes by more than 1e-12; between sweeps, the policy of the last sweep is
//! evaluated through cheap linear forms (modified policy iteration), which cuts the number of
//! sweeps several times.
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
    /// iteration; several times fewer sweeps at a target of 10,000). `false` runs plain
    /// sweeps, which reach the same values more slowly and need no memory for the linear
    /// forms; the solver also falls back to them when the forms outgrow `form_memory`.
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
            policy_iteration: true,
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
        Self::solve_in(&pool, rules, options, progress)
    }

    fn solve_in(
        pool: &rayon::ThreadPool,
        rules: &Rules,
        options: SolveOptions,
        mut progress: Progress,
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
        if rules.farkle_penalty_streak == 0 {
            ctx.solve_ordered(&mut start, progress)?;
        } else {
            // Start from the same game without the penalty (one ordered pass, a small share
            // of the work): the sweeps then begin close to the answer.
            let relaxed = Rules {
                farkle_penalty_streak: 0,
                farkle_penalty_points: 0,
                farkle_penalty_loses_all: false,
                ..*rules
            };
            let guess =
                WinTable::solve_in(pool, &relaxed, options, &mut |f| progress(WARM_SHARE * f))?;
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

    /// How many full sweeps over every pair the solve took under a penalty; 0 without one
    /// (one ordered pass) and for a table loaded from a file.
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
    /// states with more farkles first) until no value changes by more than `tolerance`.
    ///
    /// A penalty moves a player down to a level the sweep has not reached yet, so a plain
    /// sweep carries a correction only one penalty further, and at a target of 10,000 the
    /// sweeps contract slowly. So this is modified policy iteration: every sweep also
    /// records, for each pair, the turn's outcome under the policy it chose as a linear form
    /// in the other pairs' values (see [`Linear`]); those forms are then iterated to their
    /// fixed point, which costs a few hundred multiplications per pair instead of a whole
    /// turn pass. The next full sweep improves the policy; the solve ends when a full sweep
    /// changes nothing by more than `tolerance`, as before.
    fn solve_sweeps(
        &self,
        start: &mut [f64],
        options: SolveOptions,
        progress: Progress,
    ) -> Result<usize, StrategyError> {
        let tolerance = options.tolerance;
        let buckets = self.sweep_order();
        let budget = options.form_memory.min(MAX_LINEAR_FORM_BYTES);
        let base = start.len().saturating_mul(std::mem::size_of::<Linear>());
        let mut forms = if options.policy_iteration && base <= budget {
            Some(Forms {
                forms: try_filled(start.len(), Linear::default())?,
                bytes: base,
                budget,
            })
        } else {
            None
        };
        let mut changes: Vec<f64> = Vec::new();
        for sweep in 0..MAX_SWEEPS {
            let (change, over_budget) =
                self.sweep(&buckets, start, forms.as_mut(), &mut |within| {
                    progress(estimate(&changes, sweep, within, tolerance))
                })?;
            if over_budget {
                // The forms outgrew their memory: plain sweeps from here on.
                forms = None;
            }
            changes.push(change);
            if change <= tolerance {
                return Ok(sweep + 1);
            }
            if let Some(Forms { forms, .. }) = &forms {
                let done = estimate(&changes, sweep + 1, 0.0, tolerance);
                self.evaluate(&buckets, forms, start, tolerance / 8.0, &mut || {
                    progress(done)
                })?;
            }
        }
        Err(StrategyError::ResourceLimit(format!(
            "the sweeps did not converge in {MAX_SWEEPS} passes"
        )))
    }

    /// The pairs of a sweep, in groups solved in parallel: descending level, and within a
    /// level the pairs with more farkles first (a farkle leads to one more farkle at the
    /// same level).
    fn sweep_order(&self) -> Vec<Vec<(usize, usize)>> {
        let l = self.layout;
        let mut buckets: Vec<Vec<(usize, usize)>> = Vec::new();
        for level in self.levels() {
            let mut by_k: Vec<Vec<(usize, usize)>> = vec![Vec::new(); 2 * l.streak - 1];
            for (p, q) in level {
                let k = l.player(p).2 + l.player(q).2;
                by_k[2 * l.streak - 2 - k].push((p, q));
            }
            buckets.extend(by_k.into_iter().filter(|b| !b.is_empty()));
        }
        buckets
    }

    /// One Gauss-Seidel sweep of full turn passes, in place; the largest change. With
    /// `forms`, also records each pair's linear form under the policy chosen.
    fn sweep(
        &self,
        buckets: &[Vec<(usize, usize)>],
        start: &mut [f64],
        mut forms: Option<&mut Forms>,
        progress: Progress,
    ) -> Result<(f64, bool), StrategyError> {
        let players = self.players();
        let mut record = forms.is_some();
        let mut over_budget = false;
        let mut change = 0.0f64;
        let rows = |&(p, q): &(usize, usize)| self.t_hi(p, q, 0.5) as u64;
        for (i, bucket) in buckets.iter().enumerate() {
            // Every pair of a bucket reads the values from before the bucket (the results are
            // stored after the last chunk), though it is computed a chunk at a time so that
            // the progress function is called between chunks.
            let mut results: Vec<(usize, f64, Option<Linear>)> = Vec::with_capacity(bucket.len());
            let chunks = self.chunks(bucket, rows);
            let chunk_count = chunks.len();
            for chunk in chunks {
                let current: &[f64] = start;
                let recording = record;
                let computed: Vec<(usize, f64, Option<Linear>)> = self.parallel(|| {
                    chunk
                        .par_iter()
                        .map_init(Scratch::default, |s, &(p, q)| {
                            let phi = self.farkle_payoff(current, p, q);
                            let t_hi = self.t_hi(p, q, phi);
                            self.fill_bank(current, p, q, t_hi, &mut s.bank);
                            let value = self.pass::<false>(s, p, q, phi).0;
                            let form = recording.then(|| self.linearize(s, p, q, phi));
                            debug_assert!(form.as_ref().is_none_or(|f| {
                                (self.linear_value(f, current, p, q) - value).abs() < 1e-9
                            }));
                            (p * players + q, value, form)
                        })
                        .collect()
                });
                results.extend(computed);
                if chunk_count > 1 && !progress(i as f64 / buckets.len() as f64) {
                    return Err(StrategyError::Cancelled);
                }
            }
            for (idx, v, form) in results {
                change = change.max((start[idx] - v).abs());
                start[idx] = v;
                if let (Some(store), Some(form)) = (forms.as_deref_mut(), form) {
                    store.bytes =
                        store.bytes - 8 * store.forms[idx].weights.len() + 8 * form.weights.len();
                    store.forms[idx] = form;
                }
            }
            if record && forms.as_ref().is_some_and(|f| f.bytes > f.budget) {
                record = false;
                over_budget = true;
            }
            if i % 64 == 0 && !progress(i as f64 / buckets.len() as f64) {
                return Err(StrategyError::Cancelled);
            }
        }
        Ok((change, over_budget))
    }

    /// The turn just solved by [`Ctx::pass`] (whose values are still in `s`), as a linear
    /// form: a forward pass carries the probability of every state under the policy the
    /// backward pass chose (the same choices, ties included) to where the turn ends.
    fn linearize(&self, s: &mut Scratch, p: usize, q: usize, phi: f64) -> Linear {
        let m = self.model;
        let l = &self.layout;
        let width = m.width();
        let n = m.dice;
        let t_hi = self.t_hi(p, q, phi);
        let rows = t_hi + m.max_gain + 1;
        let (x, _, _) = l.player(p);
        let (w, bank) = (&s.w, &s.bank);
        let mass = &mut s.d;
        mass.clear();
        mass.resize(rows * width, 0.0);
        mass[n] = 1.0;
        let mut constant = 0.0;
        let mut farkle = 0.0;
        let mut banked = vec![0.0; t_hi];
        for t in 0..t_hi {
            let row = t * width;
            let bank_t = bank[t];
            let can_bank = bank_t > f64::NEG_INFINITY;
            // Column 0 first: with hot dice it continues as the full set in the same row.
            let zero = mass[row];
            if zero > 0.0 {
                if m.hot_dice {
                    mass[row + n] += zero;
                } else if can_bank {
                    banked[t] += zero;
                } else {
                    farkle += zero;
                }
            }
            for hand in 1..=n {
                let here = mass[row + hand];
                if here == 0.0 {
                    continue;
                }
                if can_bank && w[row + hand] == bank_t {
                    banked[t] += here;
                    continue;
                }
                farkle += here * m.farkle[hand];
                for g in m.group_start[hand - 1]..m.group_start[hand] {
                    let mut best = f64::NEG_INFINITY;
                    let mut at = 0;
                    for &off in &self.offsets[m.option_start[g]..m.option_start[g + 1]] {
                        let i = row + off as usize;
                        if w[i] > best {
                            best = w[i];
                            at = i;
                        }
                    }
                    mass[at] += here * m.group_prob[g];
                }
            }
        }
        // Mass that climbed past t_hi meets the known values there.
        for (i, &here) in mass.iter().enumerate().skip(t_hi * width) {
            if here > 0.0 {
                constant += here * w[i];
            }
        }
        // Banking at or past the target ends the game (a constant); below it, banking t
        // is worth 1 - S(q, x + t).
        let open = ((l.target - x).max(0) as usize).min(t_hi);
        for (t, &b) in banked.iter().enumerate().skip(open) {
            // (Where banking is not allowed nothing was banked, and the payoff is -inf.)
            if b > 0.0 {
                constant += b * bank[t];
            }
        }
        let first = banked[..open].iter().position(|&b| b > 0.0).unwrap_or(open);
        let last = banked[..open]
            .iter()
            .rposition(|&b| b > 0.0)
            .map_or(first, |i| i + 1);
        constant += farkle + banked[first..last].iter().sum::<f64>();
        Linear {
            constant,
            farkle,
            first: first as u32,
            weights: banked[first..last].into(),
        }
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

/// Every pair's linear form, and the memory they take, which is kept within the budget
/// (beyond it the solver drops them and does plain sweeps).
struct Forms {
    forms: Vec<Linear>,
    bytes: usize,
    budget: usize,
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

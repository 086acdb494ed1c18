// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The machinery shared by every turn solver: the option vectors of every hand size in a flat
//! layout, a backward pass over turn totals, and the bounds that make a finite range of turn
//! totals enough.
//!
//! A turn is solved over states (t, m): turn total t (in units) and m dice about to be rolled.
//! Column m = 0 stands for "every die of the hand has scored": with hot dice it is the same as
//! holding the full set, without it the player must bank (and when banking is not allowed
//! there, the turn ends with nothing, like a farkle). Turn points only ever grow, so a single
//! pass from high t down to 0 solves a turn exactly once the values above the range are known.

use crate::limits::{exceeded, MAX_TURN_STATES};
use crate::strategy::odds::Odds;
use crate::strategy::{try_filled, Progress, StrategyError, PROGRESS_WORK};

/// Policy iteration steps of [`TurnModel::chain_values`] before it gives up (a handful are
/// taken: the chain has at most 12 states).
const CHAIN_POLICY_STEPS: usize = 1_000;

/// A chain value above this many points is taken as exploding: some policy gathers points
/// forever without risk.
const CHAIN_EXPLODED: f64 = 1e15;

/// How far below 0 a chain value may come out by rounding before it counts as a singular
/// system (values are expected points, never negative).
const CHAIN_NEGATIVE_SLACK: f64 = 1e-6;

/// An option replaces the chosen one only when it is better by more than this share of the
/// largest value (so rounding never makes ties cycle).
const CHAIN_IMPROVEMENT: f64 = 1e-12;

/// The no-loss bound and the safe-only values of a turn model, by hand size.
type Chains = (Vec<f64>, Vec<f64>);

/// Which ways to keep dice a turn model offers for each roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Selections {
    /// The most points for each number of dice kept (the option vector): enough wherever more
    /// turn points never hurt.
    BestPerSize,
    /// Every distinct (points, dice kept) pair (the selection set): needed to play to win
    /// under a final round, where reaching the target can be worse than stopping short.
    Every,
}

impl Selections {
    /// What a win table of `rules` solves over.
    pub fn to_win(rules: &crate::rules::Rules) -> Selections {
        if rules.final_round {
            Selections::Every
        } else {
            Selections::BestPerSize
        }
    }
}

/// The option vectors (or selection sets) of every hand size, flattened for fast backward
/// passes.
#[derive(Debug, Clone)]
pub(crate) struct TurnModel {
    /// Dice in the set.
    pub dice: usize,
    /// Which ways to keep dice each roll offers.
    pub selections: Selections,
    pub hot_dice: bool,
    /// Point granularity.
    pub unit: i32,
    /// Farkle probability per hand size (index 0 unused).
    pub farkle: Vec<f64>,
    /// Groups of hand size m are `group_start[m - 1]..group_start[m]`.
    pub group_start: Vec<usize>,
    pub group_prob: Vec<f64>,
    /// Options of group i are `option_start[i]..option_start[i + 1]`.
    pub option_start: Vec<usize>,
    /// (points in units, dice left after keeping; 0 = all scored).
    pub options: Vec<(u32, u8)>,
    /// Largest gain of one roll, in units.
    pub max_gain: usize,
    /// The no-loss bound and the safe-only values, solved on first use (they depend on the
    /// rules only, and every turn of a penalty policy or a two-player solve needs them).
    chains: std::sync::OnceLock<Result<Chains, StrategyError>>,
}

impl TurnModel {
    /// The model of the most points per number of dice kept ([`Selections::BestPerSize`]).
    pub fn new(odds: &Odds) -> TurnModel {
        TurnModel::with_selections(odds, Selections::BestPerSize)
    }

    /// The model a win table of the odds' rules solves over ([`Selections::to_win`]).
    pub fn to_win(odds: &Odds) -> TurnModel {
        TurnModel::with_selections(odds, Selections::to_win(odds.rules()))
    }

    /// The model offering `selections` for each roll. Options come fewest dice kept first
    /// and, among as many kept, most points first.
    pub fn with_selections(odds: &Odds, selections: Selections) -> TurnModel {
        let dice = usize::from(odds.dice_count());
        let mut model = TurnModel {
            dice,
            selections,
            hot_dice: odds.rules().hot_dice,
            unit: odds.unit(),
            farkle: vec![0.0; dice + 1],
            group_start: vec![0],
            group_prob: Vec::new(),
            option_start: vec![0],
            options: Vec::new(),
            max_gain: 0,
            chains: std::sync::OnceLock::new(),
        };
        for m in 1..=dice {
            let hand = odds.hand(m as u8).expect("hand size in range");
            model.farkle[m] = hand.farkle().to_f64();
            let push = |model: &mut TurnModel, points: u32, kept: usize| {
                model.options.push((points, (m - kept) as u8));
                model.max_gain = model.max_gain.max(points as usize);
            };
            match selections {
                Selections::BestPerSize => {
                    for g in &hand.groups {
                        model.group_prob.push(g.probability);
                        for (k, b) in g.best.iter().enumerate() {
                            if let Some(b) = *b {
                                push(&mut model, b, k + 1);
                            }
                        }
                        model.option_start.push(model.options.len());
                    }
                }
                Selections::Every => {
                    for g in odds.selection_groups(m as u8).expect("hand size in range") {
                        model.group_prob.push(g.probability);
                        for &(points, kept) in &g.selections {
                            push(&mut model, points, usize::from(kept));
                        }
                        model.option_start.push(model.options.len());
                    }
                }
            }
            model.group_start.push(model.group_prob.len());
        }
        model
    }

    /// Number of columns of a turn table (hand sizes 0..=dice).
    #[inline]
    pub fn width(&self) -> usize {
        self.dice + 1
    }

    /// Where each option leads in a table of turn totals by dice to roll, `gain * width +
    /// next`, parallel to `options` (what every pass over a turn indexes with).
    pub(crate) fn option_offsets(&self) -> Vec<u32> {
        let width = self.width();
        self.options
            .iter()
            .map(|&(b, next)| (b as usize * width + usize::from(next)) as u32)
            .collect()
    }

    /// Expected value of rolling `m` dice given the values `w` of the states after keeping
    /// (`w(t_gain, next)` with `t_gain` the units gained) and the farkle payoff `phi`.
    #[inline]
    pub fn roll_value(&self, m: usize, phi: f64, w: impl Fn(usize, usize) -> f64) -> f64 {
        let mut acc = self.farkle[m] * phi;
        for g in self.group_start[m - 1]..self.group_start[m] {
            let mut best = f64::NEG_INFINITY;
            for &(b, next) in &self.options[self.option_start[g]..self.option_start[g + 1]] {
                best = best.max(w(b as usize, usize::from(next)));
            }
            acc += self.group_prob[g] * best;
        }
        acc
    }

    /// The "no-loss" turn: the most expected points a turn could gather if farkling kept the
    /// points made so far. `bound[m]` for m = 0..=dice bounds `E[gain x survival]` of any
    /// continuation from m dice. Solved exactly, then padded against rounding.
    pub fn no_loss_bound(&self) -> Result<Vec<f64>, StrategyError> {
        Ok(self.chains()?.0.clone())
    }

    fn chains(&self) -> Result<&Chains, StrategyError> {
        self.chains
            .get_or_init(|| {
                let unit = f64::from(self.unit);
                let bound = self
                    .chain_values(|_| true)?
                    .iter()
                    .map(|x| x * (1.0 + 1e-6) + unit)
                    .collect();
                let safe = self.chain_values(|m| self.farkle[m] == 0.0)?;
                Ok((bound, safe))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The safe-only turn: `c[m]` is the most expected points gathered by rolling only hands
    /// that cannot farkle (0 for a hand that can). Above the single-turn cap this is exactly
    /// what is added to the turn total.
    pub fn safe_values(&self) -> Result<Vec<f64>, StrategyError> {
        Ok(self.chains()?.1.clone())
    }

    /// The most expected points of a turn that rolls only the hands `rolls` allows (a hand
    /// it does not roll ends the turn with what was gathered so far, as does a farkle, which
    /// costs nothing here), keeping dice to maximize that. The hand sizes form a small Markov
    /// decision process (at most 12 states), solved exactly by policy iteration: evaluate the
    /// policy by solving its linear system, improve it greedily, repeat until it is stable.
    /// `UnboundedTurn` when some policy can gather points forever without risk: its system is
    /// singular, or its values explode.
    fn chain_values(&self, rolls: impl Fn(usize) -> bool) -> Result<Vec<f64>, StrategyError> {
        let n = self.dice;
        let groups = self.group_prob.len();
        // The policy: an option index per group, first the one with the most points.
        let mut choice: Vec<usize> = (0..groups)
            .map(|g| {
                let range = self.option_start[g]..self.option_start[g + 1];
                range
                    .clone()
                    .max_by_key(|&i| self.options[i].0)
                    .expect("every group has an option")
            })
            .collect();
        let mut v = vec![0.0f64; n + 1];
        for _ in 0..CHAIN_POLICY_STEPS {
            let values = self.chain_evaluate(&choice, &rolls)?;
            v[1..].copy_from_slice(&values);
            v[0] = if self.hot_dice { v[n] } else { 0.0 };
            if !self.chain_improve(&mut choice, &v, &rolls) {
                return Ok(v);
            }
        }
        Err(StrategyError::UnboundedTurn)
    }

    /// Where an option's dice-left column leads in [`TurnModel::chain_values`]: column 0 is
    /// the full set with hot dice, else the end of the turn (`None`).
    fn chain_target(&self, next: u8) -> Option<usize> {
        match usize::from(next) {
            0 if self.hot_dice => Some(self.dice),
            0 => None,
            m => Some(m),
        }
    }

    /// Policy evaluation: the values of hand sizes 1 to n under `choice`, by solving
    /// (I - P) v = r over the hands that roll; `UnboundedTurn` when the system is singular or
    /// its values explode.
    fn chain_evaluate(
        &self,
        choice: &[usize],
        rolls: impl Fn(usize) -> bool,
    ) -> Result<Vec<f64>, StrategyError> {
        let n = self.dice;
        let unit = f64::from(self.unit);
        let mut a = vec![0.0f64; n * n];
        let mut r = vec![0.0f64; n];
        for m in 1..=n {
            let row = m - 1;
            a[row * n + row] = 1.0;
            if !rolls(m) {
                continue;
            }
            let groups = self.group_start[m - 1]..self.group_start[m];
            for (g, &chosen) in groups.clone().zip(&choice[groups]) {
                let p = self.group_prob[g];
                let (b, next) = self.options[chosen];
                r[row] += p * f64::from(b) * unit;
                if let Some(to) = self.chain_target(next) {
                    a[row * n + to - 1] -= p;
                }
            }
        }
        let values = solve_linear(&mut a, &mut r, n).ok_or(StrategyError::UnboundedTurn)?;
        if values
            .iter()
            .any(|x| !x.is_finite() || *x > CHAIN_EXPLODED || *x < -CHAIN_NEGATIVE_SLACK)
        {
            return Err(StrategyError::UnboundedTurn);
        }
        Ok(values)
    }

    /// Policy improvement against the values `v` (by hand size, column 0 included): switches
    /// a group's option only when strictly better, so ties never cycle. Whether anything
    /// changed.
    fn chain_improve(
        &self,
        choice: &mut [usize],
        v: &[f64],
        rolls: impl Fn(usize) -> bool,
    ) -> bool {
        let n = self.dice;
        let unit = f64::from(self.unit);
        let scale = CHAIN_IMPROVEMENT * (1.0 + v.iter().copied().fold(0.0, f64::max));
        let mut changed = false;
        for m in (1..=n).filter(|&m| rolls(m)) {
            let groups = self.group_start[m - 1]..self.group_start[m];
            for (g, chosen) in groups.clone().zip(&mut choice[groups]) {
                let value = |i: usize| {
                    let (b, next) = self.options[i];
                    f64::from(b) * unit + self.chain_target(next).map_or(0.0, |to| v[to])
                };
                let mut best = *chosen;
                let mut best_value = value(best);
                for i in self.option_start[g]..self.option_start[g + 1] {
                    let x = value(i);
                    if x > best_value + scale {
                        best = i;
                        best_value = x;
                    }
                }
                if best != *chosen {
                    *chosen = best;
                    changed = true;
                }
            }
        }
        changed
    }

    /// Option evaluations of one row of a turn table (every hand size at one turn total).
    pub fn row_work(&self) -> u64 {
        self.options.len() as u64
    }

    /// Rows of a turn table solved up to `t_hi` (the known values above included), checked
    /// against [`MAX_TURN_STATES`] before anything is allocated.
    pub fn checked_rows(&self, t_hi: usize) -> Result<usize, StrategyError> {
        let rows = t_hi.saturating_add(self.max_gain).saturating_add(1);
        let states = rows.saturating_mul(self.width());
        if states > MAX_TURN_STATES {
            return Err(StrategyError::ResourceLimit(exceeded(
                &format!(
                    "a turn table up to a turn total of {} points ({} dice)",
                    (t_hi as u64).saturating_mul(self.unit as u64),
                    self.dice
                ),
                format!("{states} states"),
                format!("{MAX_TURN_STATES} states"),
            )));
        }
        Ok(rows)
    }
}

/// Solves `a x = r` (n x n, row-major) by Gaussian elimination with partial pivoting; `None`
/// when the matrix is singular (a pivot vanishes).
pub(crate) fn solve_linear(a: &mut [f64], r: &mut [f64], n: usize) -> Option<Vec<f64>> {
    for col in 0..n {
        let pivot =
            (col..n).max_by(|&i, &j| a[i * n + col].abs().total_cmp(&a[j * n + col].abs()))?;
        if a[pivot * n + col].abs() < 1e-13 {
            return None;
        }
        if pivot != col {
            for k in 0..n {
                a.swap(pivot * n + k, col * n + k);
            }
            r.swap(pivot, col);
        }
        for row in col + 1..n {
            let f = a[row * n + col] / a[col * n + col];
            if f != 0.0 {
                for k in col..n {
                    a[row * n + k] -= f * a[col * n + k];
                }
                r[row] -= f * r[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let mut acc = r[row];
        for k in row + 1..n {
            acc -= a[row * n + k] * x[k];
        }
        x[row] = acc / a[row * n + row];
    }
    Some(x)
}

/// A solved turn: the value W(t, m) of every state below `t_hi`, and the value of rolling.
#[derive(Debug, Clone)]
pub(crate) struct TurnTable {
    pub width: usize,
    pub t_hi: usize,
    /// W(t, m) at `t * width + m`, for t < t_hi + max_gain (above t_hi: the given values).
    pub w: Vec<f64>,
    /// The value of rolling m dice at t (NaN for m = 0 and where rolling is not considered).
    pub roll: Vec<f64>,
}

impl TurnTable {
    #[inline]
    pub fn w(&self, t: usize, m: usize) -> f64 {
        self.w[t * self.width + m]
    }
    #[inline]
    pub fn roll(&self, t: usize, m: usize) -> f64 {
        self.roll[t * self.width + m]
    }
}

/// Solves a turn backwards from `t_hi - 1` to 0. `bank(t)` is the payoff of banking turn
/// total t, `None` where banking is not allowed; `beyond(t, m)` gives W for `t >= t_hi`
/// (every column, 0 included); `phi` is the payoff of a farkle. The size is checked against
/// the limits first; `progress` hears of the rows done now and then and may cancel.
pub(crate) fn solve_turn(
    model: &TurnModel,
    t_hi: usize,
    phi: f64,
    bank: impl Fn(usize) -> Option<f64>,
    beyond: impl Fn(usize, usize) -> f64,
    progress: Progress,
) -> Result<TurnTable, StrategyError> {
    let width = model.width();
    let rows = model.checked_rows(t_hi)?;
    let mut w = try_filled(rows * width, 0.0)?;
    let mut roll = try_filled(t_hi * width, f64::NAN)?;
    // Ask about progress every so many option evaluations (a few milliseconds).
    let every = (PROGRESS_WORK / model.row_work().max(1)).max(1) as usize;
    for t in t_hi..rows {
        for m in 0..width {
            w[t * width + m] = beyond(t, m);
        }
    }
    for t in (0..t_hi).rev() {
        if t % every == 0 && t > 0 && !progress((t_hi - t) as f64 / t_hi as f64) {
            return Err(StrategyError::Cancelled);
        }
        let banked = bank(t);
        for m in 1..width {
            let r = model.roll_value(m, phi, |b, next| w[(t + b) * width + next]);
            roll[t * width + m] = r;
            w[t * width + m] = match banked {
                Some(v) if v >= r => v,
                _ => r,
            };
        }
        w[t * width] = if model.hot_dice {
            w[t * width + model.dice]
        } else {
            banked.unwrap_or(phi)
        };
    }
    Ok(TurnTable {
        width,
        t_hi,
        w,
        roll,
    })
}

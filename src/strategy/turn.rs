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

use crate::strategy::odds::Odds;
use crate::strategy::StrategyError;

/// The option vectors of every hand size, flattened for fast backward passes.
#[derive(Debug, Clone)]
pub(crate) struct TurnModel {
    /// Dice in the set.
    pub dice: usize,
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
}

impl TurnModel {
    pub fn new(odds: &Odds) -> TurnModel {
        let dice = usize::from(odds.dice_count());
        let mut model = TurnModel {
            dice,
            hot_dice: odds.rules().hot_dice,
            unit: odds.unit(),
            farkle: vec![0.0; dice + 1],
            group_start: vec![0],
            group_prob: Vec::new(),
            option_start: vec![0],
            options: Vec::new(),
            max_gain: 0,
        };
        for m in 1..=dice {
            let hand = odds.hand(m as u8).expect("hand size in range");
            model.farkle[m] = hand.farkle().to_f64();
            for g in &hand.groups {
                model.group_prob.push(g.probability);
                for (k, b) in g.best.iter().enumerate() {
                    if let Some(b) = *b {
                        model.options.push((b, (m - k - 1) as u8));
                        model.max_gain = model.max_gain.max(b as usize);
                    }
                }
                model.option_start.push(model.options.len());
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
    /// continuation from m dice. Computed by value iteration from below, then padded.
    pub fn no_loss_bound(&self) -> Result<Vec<f64>, StrategyError> {
        let unit = f64::from(self.unit);
        // Iterating from below approaches the fixed point from below: pad it.
        Ok(self
            .chain_values(|_| true)?
            .iter()
            .map(|x| x * (1.0 + 1e-6) + unit)
            .collect())
    }

    /// The safe-only turn: `c[m]` is the most expected points gathered by rolling only hands
    /// that cannot farkle (0 for a hand that can). Above the single-turn cap this is exactly
    /// what is added to the turn total.
    pub fn safe_values(&self) -> Result<Vec<f64>, StrategyError> {
        self.chain_values(|m| self.farkle[m] == 0.0)
    }

    fn chain_values(&self, rolls: impl Fn(usize) -> bool) -> Result<Vec<f64>, StrategyError> {
        let n = self.dice;
        let mut v = vec![0.0f64; n + 1];
        let unit = f64::from(self.unit);
        for _ in 0..1_000_000 {
            let mut change = 0.0f64;
            for m in 1..=n {
                if !rolls(m) {
                    continue;
                }
                // Farkling keeps nothing here; in the no-loss bound it keeps what was made,
                // which is accounted for by not subtracting anything (phi = 0 adds nothing).
                let new = self.roll_value(m, 0.0, |b, next| b as f64 * unit + v[next]);
                change = change.max((new - v[m]).abs());
                v[m] = new;
                if m == n {
                    v[0] = if self.hot_dice { v[n] } else { 0.0 };
                }
            }
            if v.iter().any(|x| *x > 1e15) {
                return Err(StrategyError::UnboundedTurn);
            }
            if change <= 1e-12 * (1.0 + v.iter().copied().fold(0.0, f64::max)) {
                return Ok(v);
            }
        }
        Err(StrategyError::UnboundedTurn)
    }
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
/// (every column, 0 included); `phi` is the payoff of a farkle.
pub(crate) fn solve_turn(
    model: &TurnModel,
    t_hi: usize,
    phi: f64,
    bank: impl Fn(usize) -> Option<f64>,
    beyond: impl Fn(usize, usize) -> f64,
) -> TurnTable {
    let width = model.width();
    let rows = t_hi + model.max_gain + 1;
    let mut w = vec![0.0; rows * width];
    let mut roll = vec![f64::NAN; t_hi * width];
    for t in t_hi..rows {
        for m in 0..width {
            w[t * width + m] = beyond(t, m);
        }
    }
    for t in (0..t_hi).rev() {
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
    TurnTable {
        width,
        t_hi,
        w,
        roll,
    }
}

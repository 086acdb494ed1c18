// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The optimal single turn: the policy that maximizes the expected points banked in one turn,
//! and, for rules with a consecutive-farkle penalty, the policy that maximizes the long-run
//! average points per turn.
//!
//! # The cap on turn totals
//! Values are computed exactly for turn totals below a cap and in closed form above it. Call
//! a hand size *risky* when rolling it can farkle (`pf(m) > 0`) and *safe* otherwise (six dice
//! under Zilch's no-score set). Let `F(m)` bound the expected points a turn could still gather
//! from m dice if farkling kept the points made so far (the "no-loss" turn, computed by value
//! iteration and padded). Rolling a risky hand at turn total t and going on in any way is
//! worth at most `(1 - pf(m)) t + F(m) + max(phi, 0)` (phi: the payoff of a farkle, 0 for a
//! plain turn), banking is worth t, so banking is optimal once
//! `t >= (F(m) + max(phi, 0)) / pf(m)`. The cap is the largest of these over risky m (and at
//! least the minimum bank). Above it a player banks every risky hand and rolls every safe one,
//! gaining exactly `c(m)`, the value of the safe-only turn; the tests check the policy below
//! the cap agrees.

use std::sync::Arc;

use crate::dice::FaceCounts;
use crate::scoring::Scorer;
use crate::strategy::odds::Odds;
use crate::strategy::turn::{solve_turn, TurnModel, TurnTable};
use crate::strategy::StrategyError;

/// The best play of one roll.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    /// The dice to keep (a scoring selection of the roll).
    pub keep: FaceCounts,
    /// Points of that selection.
    pub points: i32,
    /// Turn total after keeping them.
    pub turn_total: i32,
    /// Dice to roll next if the player goes on (the full set after hot dice; 0 when every die
    /// scored and the rules have no hot dice, so the player must bank).
    pub dice_left: u8,
    /// Whether to bank after keeping them (otherwise roll `dice_left` dice).
    pub bank: bool,
    /// The expected value of the turn from here on under optimal play.
    pub value: f64,
}

/// The optimal policy of one turn for one player situation (on the board or not, and the
/// payoff of a farkle).
#[derive(Debug, Clone)]
pub struct SingleTurn {
    model: Arc<TurnModel>,
    scorer: Arc<Scorer>,
    on_board: bool,
    phi: f64,
    bank_min: usize,
    safe: Vec<f64>,
    table: TurnTable,
}

/// The smallest bankable turn total in units.
pub(crate) fn bank_min_units(odds: &Odds, on_board: bool) -> usize {
    let r = odds.rules();
    let mut m = odds.units_ceil(r.min_bank_score).max(1);
    if !on_board {
        m = m.max(odds.units_ceil(r.min_entry_score));
    }
    m as usize
}

impl SingleTurn {
    /// The policy maximizing the expected points banked this turn, for a player on the board
    /// or not (a player not on the board cannot bank below the rules' minimum entry).
    pub fn solve(odds: &Odds, on_board: bool) -> Result<SingleTurn, StrategyError> {
        Self::solve_with_farkle_payoff(odds, Arc::new(TurnModel::new(odds)), on_board, 0.0)
    }

    /// As [`SingleTurn::solve`], with a farkle worth `phi` points instead of 0.
    pub(crate) fn solve_with_farkle_payoff(
        odds: &Odds,
        model: Arc<TurnModel>,
        on_board: bool,
        phi: f64,
    ) -> Result<SingleTurn, StrategyError> {
        let bound = model.no_loss_bound()?;
        let safe = model.safe_values()?;
        let unit = f64::from(model.unit);
        let mut cap = 0.0f64;
        for (pf, bound) in model.farkle.iter().zip(&bound).skip(1) {
            if *pf > 0.0 {
                cap = cap.max((bound + phi.max(0.0)) / pf);
            }
        }
        let bank_min = bank_min_units(odds, on_board);
        let cap_units = (cap / unit).ceil();
        if cap_units > 50_000_000.0 {
            return Err(StrategyError::TooLarge(format!(
                "banking is only provably optimal above {cap} points"
            )));
        }
        let t_hi = (cap_units as usize).max(bank_min) + 1;
        let beyond = |t: usize, m: usize| closed_form(&model, &safe, t, m);
        let table = solve_turn(
            &model,
            t_hi,
            phi,
            |t| (t >= bank_min).then_some(t as f64 * unit),
            beyond,
        );
        Ok(SingleTurn {
            scorer: Scorer::shared(odds.rules())?,
            model,
            on_board,
            phi,
            bank_min,
            safe,
            table,
        })
    }

    /// The payoff of a farkle this policy was solved for (0 for a plain turn).
    pub fn farkle_payoff(&self) -> f64 {
        self.phi
    }

    /// Whether the player was on the board.
    pub fn on_board(&self) -> bool {
        self.on_board
    }

    /// The expected points of a turn from scratch (turn total 0, the full set to roll).
    pub fn expected_points(&self) -> f64 {
        self.table.w(0, self.model.dice)
    }

    /// The turn total (points) above which banking every risky hand is proven optimal.
    pub fn cap(&self) -> i32 {
        (self.table.t_hi as i32 - 1) * self.model.unit
    }

    fn units(&self, turn_total: i32) -> Result<usize, StrategyError> {
        if turn_total < 0 || turn_total % self.model.unit != 0 {
            return Err(StrategyError::OutOfRange(format!(
                "turn total {turn_total} is not a non-negative multiple of {}",
                self.model.unit
            )));
        }
        Ok((turn_total / self.model.unit) as usize)
    }

    fn check_dice(&self, dice: u8) -> Result<usize, StrategyError> {
        let m = usize::from(dice);
        if m == 0 || m > self.model.dice {
            return Err(StrategyError::OutOfRange(format!(
                "{dice} dice; the set has 1 to {}",
                self.model.dice
            )));
        }
        Ok(m)
    }

    /// W(t, m) at any t (units) and column m (0 = every die scored).
    fn w(&self, t: usize, m: usize) -> f64 {
        if t < self.table.t_hi {
            self.table.w(t, m)
        } else {
            closed_form(&self.model, &self.safe, t, m)
        }
    }

    /// Whether banking at t (units) with m dice to roll is optimal (ties bank).
    fn banks(&self, t: usize, m: usize) -> bool {
        if t >= self.table.t_hi {
            return self.model.farkle[m] > 0.0;
        }
        t >= self.bank_min && t as f64 * f64::from(self.model.unit) >= self.table.roll(t, m)
    }

    /// The expected value of the rest of the turn when holding `turn_total` points with
    /// `dice` dice to roll, under optimal play (banking allowed where the rules allow it).
    pub fn value(&self, turn_total: i32, dice: u8) -> Result<f64, StrategyError> {
        Ok(self.w(self.units(turn_total)?, self.check_dice(dice)?))
    }

    /// Whether the optimal player banks holding `turn_total` with `dice` dice to roll.
    pub fn should_bank(&self, turn_total: i32, dice: u8) -> Result<bool, StrategyError> {
        Ok(self.banks(self.units(turn_total)?, self.check_dice(dice)?))
    }

    /// The smallest turn total from which on the optimal player always banks with `dice` dice
    /// to roll, or `None` when that hand is safe (it never farkles, so rolling it is always
    /// at least as good). `Err` for a dice count outside the set.
    pub fn bank_threshold(&self, dice: u8) -> Result<Option<i32>, StrategyError> {
        let m = self.check_dice(dice)?;
        if self.model.farkle[m] == 0.0 {
            return Ok(None);
        }
        let mut t0 = self.table.t_hi;
        while t0 > 0 && self.banks(t0 - 1, m) {
            t0 -= 1;
        }
        Ok(Some(t0 as i32 * self.model.unit))
    }

    /// The best play of a roll with `turn_total` points already made this turn: which dice
    /// to keep and whether to bank afterwards. `None` for a farkle. Ties prefer more points,
    /// then fewer dice kept.
    pub fn best_choice(
        &self,
        roll: FaceCounts,
        turn_total: i32,
    ) -> Result<Option<Choice>, StrategyError> {
        let t = self.units(turn_total)?;
        let n = roll.total();
        if n == 0 || n > self.model.dice {
            return Err(StrategyError::OutOfRange(format!(
                "a roll of {n} dice; the set has {}",
                self.model.dice
            )));
        }
        let unit = self.model.unit;
        let mut best: Option<Choice> = None;
        for keep in roll.subsets() {
            let Some(points) = self.scorer.points(keep) else {
                continue;
            };
            let t2 = t + (points / unit) as usize;
            let left = n - keep.total();
            let value = self.w(t2, left);
            let (dice_left, bank) = if left > 0 {
                (left, self.banks(t2, left))
            } else if self.model.hot_dice {
                (self.model.dice, self.banks(t2, self.model.dice))
            } else {
                (0, true)
            };
            let better = match &best {
                None => true,
                Some(b) => {
                    value > b.value
                        || (value == b.value
                            && (points > b.points
                                || (points == b.points && keep.total() < b.keep.total())))
                }
            };
            if better {
                best = Some(Choice {
                    keep,
                    points,
                    turn_total: t2 as i32 * unit,
                    dice_left: dice_left as u8,
                    bank,
                    value,
                });
            }
        }
        Ok(best)
    }
}

/// W above the cap: bank every risky hand, roll every safe one.
fn closed_form(model: &TurnModel, safe: &[f64], t: usize, m: usize) -> f64 {
    let points = t as f64 * f64::from(model.unit);
    if m == 0 {
        if model.hot_dice {
            points + safe[model.dice]
        } else {
            points
        }
    } else {
        points + safe[m]
    }
}

/// The policy maximizing the long-run average points per turn under a consecutive-farkle
/// penalty, found by relative value iteration over the count k of consecutive farkles
/// (0..streak-1). A turn that banks t is worth t and resets k; a farkle moves k to k + 1, and
/// the streak-th farkle costs the penalty and resets k. The player is taken to be on the board.
#[derive(Debug, Clone)]
pub struct PenaltyPolicy {
    average: f64,
    relative: Vec<f64>,
    turns: Vec<SingleTurn>,
}

impl PenaltyPolicy {
    /// Solves the average-reward problem. `Unsupported` for rules without a penalty or whose
    /// penalty loses the whole score (its cost depends on the score, not on the turn).
    pub fn solve(odds: &Odds) -> Result<PenaltyPolicy, StrategyError> {
        let rules = odds.rules();
        if rules.farkle_penalty_streak == 0 {
            return Err(StrategyError::Unsupported(
                "the rules have no farkle penalty",
            ));
        }
        if rules.farkle_penalty_loses_all {
            return Err(StrategyError::Unsupported(
                "a penalty that loses the whole score has no per-turn average",
            ));
        }
        let streak = usize::from(rules.farkle_penalty_streak);
        let penalty = f64::from(rules.farkle_penalty_points);
        let model = Arc::new(TurnModel::new(odds));
        let mut h = vec![0.0f64; streak];
        for _ in 0..100_000 {
            let mut turns = Vec::with_capacity(streak);
            for k in 0..streak {
                let phi = if k + 1 < streak { h[k + 1] } else { -penalty };
                turns.push(SingleTurn::solve_with_farkle_payoff(
                    odds,
                    Arc::clone(&model),
                    true,
                    phi,
                )?);
            }
            let u: Vec<f64> = turns.iter().map(SingleTurn::expected_points).collect();
            let new: Vec<f64> = u.iter().map(|x| x - u[0]).collect();
            let change = new
                .iter()
                .zip(&h)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            h = new;
            if change < 1e-10 {
                return Ok(PenaltyPolicy {
                    average: u[0],
                    relative: h,
                    turns,
                });
            }
        }
        Err(StrategyError::TooLarge(
            "relative value iteration did not converge".into(),
        ))
    }

    /// The long-run average points per turn under the optimal policy.
    pub fn average_points_per_turn(&self) -> f64 {
        self.average
    }

    /// The relative value of starting a turn after `k` consecutive farkles (0 for k = 0).
    pub fn relative_value(&self, k: usize) -> Option<f64> {
        self.relative.get(k).copied()
    }

    /// The optimal turn after `k` consecutive farkles: its decisions are the policy; its
    /// values are relative (a farkle is worth the relative value of the next count, or minus
    /// the penalty). `None` for k at or above the streak.
    pub fn turn(&self, k: usize) -> Option<&SingleTurn> {
        self.turns.get(k)
    }
}

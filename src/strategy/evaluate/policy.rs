// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The built-in bots' turns as tables: for every turn total and number of dice in hand, how
//! likely the bot banks where it may, and where each roll takes it. Every entry comes from
//! the decision functions the bots play with ([`Advisor`], [`Thresholds`]) asked about every
//! roll of every hand, or, for the random bot, from its uniform choice among the legal
//! actions.

use crate::dice::FaceCounts;
use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::advice::{Advisor, Mover};
use crate::strategy::thresholds::Thresholds;
use crate::strategy::StrategyError;

/// Where a roll takes a turn: `gain` units more in the turn total, then `next` dice to roll
/// (0: every die has scored), with probability `prob`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Step {
    pub gain: u32,
    pub next: u8,
    pub prob: f64,
}

/// One roll of a hand (a multiset of faces): its probability, its legal selections as the
/// game lists them (points in units, dice kept; best first, empty for a farkle), and the
/// selection the threshold bot keeps (the most points, then the most dice).
pub(crate) struct Roll {
    pub prob: f64,
    pub legal: Vec<(u32, u8)>,
    pub best: (u32, u8),
}

/// Every roll of every hand size, `by_hand[m]` for m dice.
pub(crate) struct Rolls {
    pub by_hand: Vec<Vec<Roll>>,
}

impl Rolls {
    /// The rolls under `rules`, points counted in `unit`s.
    pub(crate) fn new(rules: &Rules, unit: i32) -> Result<Rolls, StrategyError> {
        let scorer = Scorer::shared(rules)?;
        let n = usize::from(rules.dice_count);
        let mut by_hand: Vec<Vec<Roll>> = (0..=n).map(|_| Vec::new()).collect();
        let units = |points: i32| (points / unit) as u32;
        for roll in FaceCounts::all_up_to(n) {
            let m = roll.total();
            if m == 0 {
                continue;
            }
            let legal: Vec<(u32, u8)> = scorer
                .selections(roll)
                .iter()
                .map(|s| (units(s.points), s.dice.total() as u8))
                .collect();
            let analysis = scorer.analyze(roll).expect("no more dice than the set");
            by_hand[m].push(Roll {
                prob: multinomial(roll) / 6f64.powi(m as i32),
                legal,
                best: (
                    units(analysis.max_points),
                    analysis.best_selection.total() as u8,
                ),
            });
        }
        Ok(Rolls { by_hand })
    }

    /// Dice in the set.
    pub(crate) fn dice(&self) -> usize {
        self.by_hand.len() - 1
    }

    /// The probability that `m` dice farkle.
    pub(crate) fn farkle(&self, m: usize) -> f64 {
        self.by_hand[m]
            .iter()
            .filter(|r| r.legal.is_empty())
            .map(|r| r.prob)
            .sum()
    }

    /// The steps of a hand of `m` dice when the bot keeps, from each scoring roll, the
    /// selections `choose` gives with their probabilities (indices into the roll's legal
    /// selections): equal steps merged, in a fixed order.
    fn steps(&self, m: usize, mut choose: impl FnMut(&Roll) -> Vec<(usize, f64)>) -> Vec<Step> {
        let mut out: Vec<Step> = Vec::new();
        for roll in self.by_hand[m].iter().filter(|r| !r.legal.is_empty()) {
            for (i, p) in choose(roll) {
                let (gain, kept) = roll.legal[i];
                out.push(Step {
                    gain,
                    next: m as u8 - kept,
                    prob: roll.prob * p,
                });
            }
        }
        merge(out)
    }

    /// The steps of keeping, from each roll, the threshold bot's selection.
    fn best_steps(&self, m: usize) -> Vec<Step> {
        let mut out: Vec<Step> = self.by_hand[m]
            .iter()
            .filter(|r| !r.legal.is_empty())
            .map(|r| Step {
                gain: r.best.0,
                next: m as u8 - r.best.1,
                prob: r.prob,
            })
            .collect();
        out.sort_by_key(|s| (s.gain, s.next));
        merge(out)
    }
}

/// `m! / (c1! ... c6!)`: the ordered rolls behind a multiset.
pub(crate) fn multinomial(roll: FaceCounts) -> f64 {
    let fact = |k: usize| (1..=k).map(|i| i as f64).product::<f64>();
    fact(roll.total())
        / roll
            .0
            .iter()
            .map(|&c| fact(usize::from(c)))
            .product::<f64>()
}

/// Steps with the same gain and dice left as one, ordered by (gain, next).
pub(crate) fn merge(mut steps: Vec<Step>) -> Vec<Step> {
    steps.sort_by_key(|s| (s.gain, s.next));
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    for s in steps {
        match out.last_mut() {
            Some(last) if (last.gain, last.next) == (s.gain, s.next) => last.prob += s.prob,
            _ => out.push(s),
        }
    }
    out
}

/// A bot's turns in one situation (on the board or not, farkles in a row), away from a final
/// round: per turn total t (units) and dice in hand, the probability it banks where banking
/// is allowed, and the steps of a roll. From row `rows - 1` on nothing changes with t.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TurnPolicy {
    width: usize,
    rows: usize,
    bank: Vec<f64>,
    steps_at: Vec<u32>,
    steps: Vec<Step>,
    /// Farkle probability by hand size.
    pub pf: Vec<f64>,
    /// The bot also banks, where it may, whenever banking reaches the target.
    pub banks_at_target: bool,
}

impl TurnPolicy {
    /// A policy from its rows: `row(t)` gives, per hand size 1..=n, the bank probability and
    /// the steps; column 0 (every die scored) banks where it may.
    fn from_rows(
        rolls: &Rolls,
        rows: usize,
        banks_at_target: bool,
        mut row: impl FnMut(usize, usize) -> Result<(f64, Vec<Step>), StrategyError>,
    ) -> Result<TurnPolicy, StrategyError> {
        let n = rolls.dice();
        let width = n + 1;
        let mut p = TurnPolicy {
            width,
            rows: 0,
            bank: Vec::new(),
            steps_at: vec![0],
            steps: Vec::new(),
            pf: (0..=n).map(|m| rolls.farkle(m)).collect(),
            banks_at_target,
        };
        for t in 0..rows {
            p.bank.push(1.0);
            p.steps_at.push(p.steps.len() as u32);
            for m in 1..=n {
                let (bank, steps) = row(t, m)?;
                p.bank.push(bank);
                p.steps.extend(steps);
                p.steps_at.push(p.steps.len() as u32);
            }
        }
        p.rows = rows;
        p.settle();
        Ok(p)
    }

    /// Drops the rows at the end that repeat the one before them.
    fn settle(&mut self) {
        let w = self.width;
        while self.rows > 1 {
            let (a, b) = (self.rows - 2, self.rows - 1);
            let same = (0..w).all(|m| {
                self.bank[a * w + m] == self.bank[b * w + m]
                    && self.row_steps(a, m) == self.row_steps(b, m)
            });
            if !same {
                break;
            }
            self.rows -= 1;
            let cut = self.steps_at[self.rows * w] as usize;
            self.steps.truncate(cut);
            self.steps_at.truncate(self.rows * w + 1);
            self.bank.truncate(self.rows * w);
        }
    }

    fn row_steps(&self, t: usize, m: usize) -> &[Step] {
        let i = t * self.width + m;
        &self.steps[self.steps_at[i] as usize..self.steps_at[i + 1] as usize]
    }

    /// The most steps of one row (every hand size) of the policy: what a bot's pass costs a
    /// turn total.
    pub(crate) fn row_work(&self) -> usize {
        (0..self.rows)
            .map(|t| self.steps_at[(t + 1) * self.width] - self.steps_at[t * self.width])
            .max()
            .unwrap_or(0) as usize
    }

    /// The first row from which on the decisions no longer change with the turn total.
    pub(crate) fn settled(&self) -> usize {
        self.rows - 1
    }

    /// The probability of banking at turn total `t` with `m` dice where banking is allowed.
    #[inline]
    pub(crate) fn bank(&self, t: usize, m: usize) -> f64 {
        self.bank[t.min(self.rows - 1) * self.width + m]
    }

    /// Where a roll of `m` dice at turn total `t` leads (farkles apart).
    #[inline]
    pub(crate) fn steps(&self, t: usize, m: usize) -> &[Step] {
        self.row_steps(t.min(self.rows - 1), m)
    }

    /// The first row from which on the bot banks every hand where it may, if there is one.
    pub(crate) fn always_banks_from(&self) -> Option<usize> {
        let s = self.settled();
        (1..self.width).all(|m| self.bank(s, m) == 1.0).then(|| {
            let mut t = s;
            while t > 0 && (1..self.width).all(|m| self.bank(t - 1, m) == 1.0) {
                t -= 1;
            }
            t
        })
    }

    /// The random bot: banks with probability 1/2 where it may also roll, keeps each legal
    /// selection with the same probability.
    pub(crate) fn random(rolls: &Rolls) -> Result<TurnPolicy, StrategyError> {
        TurnPolicy::from_rows(rolls, 1, false, |_, m| {
            Ok((0.5, rolls.steps(m, |r| uniform(r.legal.len()))))
        })
    }

    /// The threshold bot: keeps the most points (then the most dice), banks by its
    /// thresholds, and whenever banking reaches the target.
    pub(crate) fn threshold(
        rolls: &Rolls,
        thresholds: &Thresholds,
        rules: &Rules,
        unit: i32,
    ) -> Result<TurnPolicy, StrategyError> {
        let steps: Vec<Vec<Step>> = (0..=rolls.dice()).map(|m| rolls.best_steps(m)).collect();
        TurnPolicy::keeping(rolls, steps, thresholds, rules, unit)
    }

    /// A bot that keeps, from a roll of m dice, what `steps[m]` says, banks by `thresholds`,
    /// and whenever banking reaches the target (the threshold bot, and a card's bot).
    pub(crate) fn keeping(
        rolls: &Rolls,
        steps: Vec<Vec<Step>>,
        thresholds: &Thresholds,
        rules: &Rules,
        unit: i32,
    ) -> Result<TurnPolicy, StrategyError> {
        let highest = thresholds
            .0
            .iter()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0)
            .max(0);
        let rows = (highest / unit) as usize + 2;
        let below_target = i64::from(rules.target_score) - 1;
        TurnPolicy::from_rows(rolls, rows, true, |t, m| {
            let points = t as i64 * i64::from(unit);
            // Banked short of the target, so that only the thresholds speak.
            let banks = thresholds.banks(m as u8, points, below_target, rules, None);
            Ok((f64::from(u8::from(banks)), steps[m].clone()))
        })
    }

    /// The single-turn optimal bot (an advisor's own policy, never its two-player table) in
    /// the situation of `mover`: its bank decision and choice of dice at every turn total up
    /// to `rows`, from which on they no longer change.
    pub(crate) fn advised(
        rolls: &Rolls,
        advisor: &Advisor,
        mover: Mover,
        rows: usize,
    ) -> Result<TurnPolicy, StrategyError> {
        let unit = advisor.unit();
        TurnPolicy::from_rows(rolls, rows, false, |t, m| {
            let mover = Mover {
                turn_points: t as i32 * unit,
                ..mover
            };
            let roll = advisor.roll_value(&mover, m as u8)?;
            let bank = Advisor::banks(&mover, m as u8, true, roll);
            let mut error = None;
            let steps = rolls.steps(m, |r| {
                let values = r.legal.iter().map(|&(points, kept)| {
                    advisor
                        .selection_value(&mover, points as i32 * unit, m - usize::from(kept))
                        .unwrap_or_else(|e| {
                            error = Some(e);
                            f64::NAN
                        })
                });
                vec![(Advisor::best_selection(&mover, values), 1.0)]
            });
            match error {
                Some(e) => Err(e),
                None => Ok((f64::from(u8::from(bank)), steps)),
            }
        })
    }
}

/// Each of `k` choices with probability 1/k.
fn uniform(k: usize) -> Vec<(usize, f64)> {
    (0..k).map(|i| (i, 1.0 / k as f64)).collect()
}

/// How a bot banks in its last turn of a final round.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum LastBank {
    /// Once the turn puts it strictly ahead of everyone (or every die has scored): the
    /// threshold bot.
    Lead,
    /// With probability 1/2 wherever it may also roll (the random bot).
    Uniform,
}

/// A bot's last turn of a final round: how it banks, and the steps of a roll by hand size
/// (the same at every turn total).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LastPolicy {
    pub bank: LastBank,
    pub steps: Vec<Vec<Step>>,
    pub pf: Vec<f64>,
}

impl LastPolicy {
    /// The threshold bot: its own selection (the most points, then the most dice), until
    /// ahead.
    pub(crate) fn lead(rolls: &Rolls) -> LastPolicy {
        let steps = (0..=rolls.dice()).map(|m| rolls.best_steps(m)).collect();
        LastPolicy::lead_keeping(rolls, steps)
    }

    /// A bot that keeps, from a roll of m dice, what `steps[m]` says, until ahead.
    pub(crate) fn lead_keeping(rolls: &Rolls, steps: Vec<Vec<Step>>) -> LastPolicy {
        LastPolicy {
            bank: LastBank::Lead,
            steps,
            pf: (0..=rolls.dice()).map(|m| rolls.farkle(m)).collect(),
        }
    }

    /// The random bot, as in any other turn.
    pub(crate) fn random(rolls: &Rolls) -> LastPolicy {
        LastPolicy {
            bank: LastBank::Uniform,
            steps: (0..=rolls.dice())
                .map(|m| rolls.steps(m, |r| uniform(r.legal.len())))
                .collect(),
            pf: (0..=rolls.dice()).map(|m| rolls.farkle(m)).collect(),
        }
    }

    /// The probability of banking `d` units from the mark (d > 0: ahead) with `m` dice in
    /// hand (0: every die scored, a forced bank) where banking is allowed.
    #[inline]
    pub(crate) fn bank_probability(&self, d: i64, m: usize) -> f64 {
        if m == 0 {
            return 1.0;
        }
        match self.bank {
            LastBank::Lead => f64::from(u8::from(d > 0)),
            LastBank::Uniform => 0.5,
        }
    }
}

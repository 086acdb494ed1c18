// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Which dice a card keeps from a roll: a rule from a small family a person can apply at a
//! glance.

use serde::{Deserialize, Serialize};

use crate::dice::FaceCounts;
use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::evaluate::policy::{merge, multinomial, Step};
use crate::strategy::StrategyError;

/// A selection as the keep rules see it: its points and dice.
type Selected = (i32, FaceCounts);

/// A card's rule for the dice to keep from a scoring roll.
///
/// As JSON: `"all"`, `"rate"` or `{"single": {"reroll": 4}}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Keep {
    /// Every scoring die: the selection with the most points, then the most dice (what the
    /// threshold bot keeps).
    All,
    /// The dice that score the most per die kept: the selection with the highest points per
    /// die; among equal rates the most points, then the most dice (so a triple of 1s before
    /// a single 1, a pair of 1s before a 1 and a 5).
    Rate,
    /// Every scoring die, except that when every die that would be kept scores as a single
    /// (only 1s and 5s under the usual scoring) and keeping one die leaves at least
    /// `reroll` dice to roll, one die only: the single that scores the most (a 1 before a 5).
    Single {
        /// The fewest dice left to roll for which the card keeps one single (1 or more).
        reroll: u8,
    },
}

impl Keep {
    /// Every rule of the family for a set of `dice` dice: all, rate, and one single with
    /// each count of dice left from 1 to `dice - 1`.
    pub fn family(dice: u8) -> Vec<Keep> {
        let mut out = vec![Keep::All, Keep::Rate];
        out.extend((1..dice).map(|reroll| Keep::Single { reroll }));
        out
    }

    /// `InvalidArgument`-like refusal of a rule that makes no sense for `dice` dice.
    pub(crate) fn check(&self, dice: u8) -> Result<(), StrategyError> {
        match *self {
            Keep::Single { reroll } if reroll == 0 || reroll >= dice.max(1) => {
                Err(StrategyError::OutOfRange(format!(
                    "keep a single with at least {reroll} dice to roll; with {dice} dice it is \
                     1 to {}",
                    dice.saturating_sub(1)
                )))
            }
            _ => Ok(()),
        }
    }

    /// The selection the rule keeps among `options` (points, dice) of a roll of `rolled`
    /// dice, as an index into `options`; `None` when there is none (a farkle). `singles[f]`
    /// is what one die of face f + 1 scores alone, if it scores.
    pub(crate) fn choose(
        &self,
        rolled: usize,
        options: &[(i32, FaceCounts)],
        singles: &[Option<i32>; 6],
    ) -> Option<usize> {
        let most = |key: &dyn Fn(&Selected) -> (i64, i64, usize)| {
            let mut best: Option<usize> = None;
            for (i, o) in options.iter().enumerate() {
                if best.is_none_or(|b| key(o) > key(&options[b])) {
                    best = Some(i);
                }
            }
            best
        };
        let all = most(&|&(p, d)| (i64::from(p), 0, d.total()))?;
        match *self {
            Keep::All => Some(all),
            Keep::Rate => {
                // Rates compared exactly: p1 / d1 > p2 / d2 as p1 * d2 > p2 * d1.
                let mut best = all;
                for (i, &(p, d)) in options.iter().enumerate() {
                    let (bp, bd) = options[best];
                    let (a, b) = (
                        i64::from(p) * bd.total() as i64,
                        i64::from(bp) * d.total() as i64,
                    );
                    if a > b || (a == b && (p, d.total()) > (bp, bd.total())) {
                        best = i;
                    }
                }
                Some(best)
            }
            Keep::Single { reroll } => {
                let (points, dice) = options[all];
                let as_singles: Option<i32> = (0..6).try_fold(0i32, |acc, f| {
                    let n = i32::from(dice.0[f]);
                    if n == 0 {
                        Some(acc)
                    } else {
                        singles[f].map(|s| acc + n * s)
                    }
                });
                if dice.total() > 1 && as_singles == Some(points) && rolled > usize::from(reroll) {
                    most(&|&(p, d)| {
                        if d.total() == 1 {
                            (1, i64::from(p), 0)
                        } else {
                            (0, 0, 0)
                        }
                    })
                } else {
                    Some(all)
                }
            }
        }
    }

    /// What one die of each face scores alone under `scorer`, if it scores.
    pub(crate) fn singles(scorer: &Scorer) -> [Option<i32>; 6] {
        std::array::from_fn(|f| {
            let mut c = [0u8; 6];
            c[f] = 1;
            scorer.points(FaceCounts(c)).filter(|&p| p > 0)
        })
    }

    /// The steps of keeping by this rule from every roll of m dice, `out[m]` (points in
    /// `unit`s): equal steps merged, in the evaluation's order.
    pub(crate) fn steps(&self, rules: &Rules, unit: i32) -> Result<Vec<Vec<Step>>, StrategyError> {
        let scorer = Scorer::shared(rules)?;
        let singles = Keep::singles(&scorer);
        let n = usize::from(rules.dice_count);
        let mut out: Vec<Vec<Step>> = vec![Vec::new(); n + 1];
        for roll in FaceCounts::all_up_to(n) {
            let m = roll.total();
            if m == 0 {
                continue;
            }
            let options: Vec<(i32, FaceCounts)> = scorer
                .selections(roll)
                .iter()
                .map(|s| (s.points, s.dice))
                .collect();
            if let Some(i) = self.choose(m, &options, &singles) {
                let (points, dice) = options[i];
                out[m].push(Step {
                    gain: (points / unit) as u32,
                    next: (m - dice.total()) as u8,
                    prob: multinomial(roll) / 6f64.powi(m as i32),
                });
            }
        }
        Ok(out.into_iter().map(merge).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(f: &[u8]) -> FaceCounts {
        let mut c = [0u8; 6];
        for &x in f {
            c[usize::from(x - 1)] += 1;
        }
        FaceCounts(c)
    }

    /// The usual singles: a 1 scores 100, a 5 scores 50.
    const SINGLES: [Option<i32>; 6] = [Some(100), None, None, None, Some(50), None];

    #[test]
    fn each_rule_keeps_what_its_words_say() {
        // A roll of 1, 1, 5, 2, 3, 4: its selections by the usual scoring.
        let options = [
            (250, faces(&[1, 1, 5])),
            (200, faces(&[1, 1])),
            (150, faces(&[1, 5])),
            (100, faces(&[1])),
            (50, faces(&[5])),
        ];
        assert_eq!(Keep::All.choose(6, &options, &SINGLES), Some(0));
        // 100 a die: the pair of 1s (more points than one 1).
        assert_eq!(Keep::Rate.choose(6, &options, &SINGLES), Some(1));
        // Five dice left after one 1: at least 5, so one 1; at least 6 is not met.
        assert_eq!(
            Keep::Single { reroll: 5 }.choose(6, &options, &SINGLES),
            Some(3)
        );
        assert_eq!(
            Keep::Single { reroll: 6 }.choose(6, &options, &SINGLES),
            Some(0)
        );
        // Three 2s and a 1: not singles only, so every scoring die.
        let options = [
            (300, faces(&[2, 2, 2, 1])),
            (200, faces(&[2, 2, 2])),
            (100, faces(&[1])),
        ];
        assert_eq!(
            Keep::Single { reroll: 1 }.choose(6, &options, &SINGLES),
            Some(0)
        );
        // 75 a die for 2-2-2-1 against 66.7 for 2-2-2 and 100 for the 1.
        assert_eq!(Keep::Rate.choose(6, &options, &SINGLES), Some(2));
        assert_eq!(Keep::All.choose(6, &[], &SINGLES), None);
    }

    #[test]
    fn the_family_and_its_bounds() {
        assert_eq!(Keep::family(3).len(), 4);
        assert!(Keep::Single { reroll: 0 }.check(6).is_err());
        assert!(Keep::Single { reroll: 6 }.check(6).is_err());
        assert!(Keep::Single { reroll: 5 }.check(6).is_ok());
        assert!(Keep::Single { reroll: 1 }.check(1).is_err());
    }
}

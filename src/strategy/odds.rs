// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Exact odds of one roll, and the reduction of a roll to what matters for play.
//!
//! A roll of `n` dice is enumerated as face-count multisets, each weighted by its number of
//! orderings `n! / (c1! ... c6!)` out of `6^n` (which fits `u64` for 12 dice), so every
//! probability here is an exact fraction.
//!
//! For play, a roll reduces to its *option vector*: for each number `k` of dice kept, the
//! most points of a scoring selection of exactly `k` dice (or none). More turn points never
//! hurt a player who may bank, so among selections of the same size only the best matters,
//! but the size does (keeping fewer dice leaves more to roll). Rolls with the same option
//! vector are grouped and their probabilities summed.
//!
//! A final round breaks that: a turn that reaches the target gives every other player a last
//! turn, so fewer points can win more often (950 short of a 1,000 mark, say, rather than 1,000
//! on it). For play to win under such rules a roll reduces to its *selection set* instead:
//! every distinct (points, dice kept) pair of its scoring selections
//! ([`Odds::selection_groups`], enumerated on first use: most callers never need them).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::dice::{FaceCounts, FACES};
use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::StrategyError;

/// An exact probability, reduced: `numerator / denominator`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fraction {
    /// The numerator, in lowest terms.
    pub numerator: u64,
    /// The denominator, in lowest terms (never 0).
    pub denominator: u64,
}

impl Fraction {
    /// `numerator / denominator` in lowest terms (`0/1` for zero).
    pub fn new(numerator: u64, denominator: u64) -> Fraction {
        let g = gcd(numerator, denominator).max(1);
        Fraction {
            numerator: numerator / g,
            denominator: denominator / g,
        }
    }

    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl std::fmt::Display for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

pub(crate) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Rolls of one hand size sharing one option vector.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionGroup {
    /// Number of ordered rolls (out of `6^n`) in the group.
    pub weight: u64,
    /// `weight / 6^n`.
    pub probability: f64,
    /// `best[k - 1]`: the most points (in units of the granularity) of a scoring selection of
    /// exactly `k` dice, or `None` when no selection of `k` dice scores.
    pub best: Vec<Option<u32>>,
}

/// Rolls of one hand size sharing one selection set: every distinct (points, dice kept) pair
/// of their scoring selections.
#[derive(Debug, Clone, PartialEq)]
pub struct SelectionGroup {
    /// Number of ordered rolls (out of `6^n`) in the group.
    pub weight: u64,
    /// `weight / 6^n`.
    pub probability: f64,
    /// (points in units of the granularity, dice kept), fewest dice kept first and, among
    /// as many dice kept, most points first.
    pub selections: Vec<(u32, u8)>,
}

/// Everything about rolling `n` dice.
#[derive(Debug, Clone)]
pub struct HandOdds {
    /// Number of dice rolled.
    pub dice: u8,
    /// `6^n`, the number of ordered rolls.
    pub rolls: u64,
    /// Ordered rolls that farkle (no selection scores).
    pub farkle_rolls: u64,
    /// Ordered rolls whose every die can be scored at once (hot dice).
    pub hot_dice_rolls: u64,
    /// Ordered rolls by their max roll points (0 for a farkle), ascending points.
    pub max_points_rolls: Vec<(i32, u64)>,
    /// The non-farkle rolls grouped by option vector, in a fixed order.
    pub groups: Vec<OptionGroup>,
}

impl HandOdds {
    /// Exact probability that the roll farkles.
    pub fn farkle(&self) -> Fraction {
        Fraction::new(self.farkle_rolls, self.rolls)
    }

    /// Exact probability that every die of the roll can be scored (hot dice).
    pub fn hot_dice(&self) -> Fraction {
        Fraction::new(self.hot_dice_rolls, self.rolls)
    }

    /// The exact distribution of the max roll points, ascending points (0 is a farkle).
    pub fn max_points_distribution(&self) -> Vec<(i32, Fraction)> {
        self.max_points_rolls
            .iter()
            .map(|&(p, w)| (p, Fraction::new(w, self.rolls)))
            .collect()
    }
}

/// The odds of every hand size of a rules value, and its point granularity.
#[derive(Debug, Clone)]
pub struct Odds {
    rules: Rules,
    scorer: Arc<Scorer>,
    unit: i32,
    /// `hands[n - 1]` for n = 1..=dice_count.
    hands: Vec<HandOdds>,
    /// The selection groups of every hand size, on first use (see [`Odds::selection_groups`]).
    selection_groups: std::sync::OnceLock<Vec<Vec<SelectionGroup>>>,
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

impl Odds {
    /// Validates `rules` and enumerates every roll of every hand size.
    pub fn new(rules: &Rules) -> Result<Odds, StrategyError> {
        let scorer = Scorer::shared(rules)?;
        let dice_count = usize::from(rules.dice_count);
        let all = FaceCounts::all_up_to(dice_count);
        let unit = granularity(rules, &scorer, &all);
        let mut hands = Vec::with_capacity(dice_count);
        for n in 1..=dice_count {
            hands.push(hand_odds(&scorer, &all, n, unit));
        }
        Ok(Odds {
            rules: *rules,
            scorer,
            unit,
            hands,
            selection_groups: std::sync::OnceLock::new(),
        })
    }

    /// The rules these odds are for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The scorer of the rules.
    pub fn scorer(&self) -> &Scorer {
        &self.scorer
    }

    /// The point granularity g: the gcd of every selection's points, the target, the entry
    /// and bank minimums and the penalty. Every score and turn total is a multiple of it.
    pub fn unit(&self) -> i32 {
        self.unit
    }

    /// Number of dice in the set.
    pub fn dice_count(&self) -> u8 {
        self.rules.dice_count
    }

    /// The odds of rolling `dice` dice (1..=dice_count), or `None` outside that range.
    pub fn hand(&self, dice: u8) -> Option<&HandOdds> {
        usize::from(dice)
            .checked_sub(1)
            .and_then(|i| self.hands.get(i))
    }

    /// The non-farkle rolls of `dice` dice (1..=dice_count) grouped by selection set (every
    /// distinct points and dice kept of their scoring selections), in a fixed order; `None`
    /// outside that range. Enumerated for every hand size on the first call.
    pub fn selection_groups(&self, dice: u8) -> Option<&[SelectionGroup]> {
        let all = self.selection_groups.get_or_init(|| {
            let faces = FaceCounts::all_up_to(usize::from(self.rules.dice_count));
            (1..=usize::from(self.rules.dice_count))
                .map(|n| selection_groups_of(&self.scorer, &faces, n, self.unit))
                .collect()
        });
        usize::from(dice)
            .checked_sub(1)
            .and_then(|i| all.get(i))
            .map(Vec::as_slice)
    }

    /// Converts points to units, rounding up.
    pub(crate) fn units_ceil(&self, points: i32) -> i64 {
        i64::from(points).div_euclid(i64::from(self.unit))
            + i64::from(i64::from(points).rem_euclid(i64::from(self.unit)) != 0)
    }
}

/// The gcd of every scoring selection's points and the rules' thresholds.
fn granularity(rules: &Rules, scorer: &Scorer, all: &[FaceCounts]) -> i32 {
    let mut g = 0u64;
    for &c in all {
        if let Some(p) = scorer.points(c) {
            g = gcd(g, p as u64);
        }
    }
    for v in [
        rules.target_score,
        rules.min_entry_score,
        rules.min_bank_score,
        rules.farkle_penalty_points,
    ] {
        g = gcd(g, v as u64);
    }
    g.max(1) as i32
}

fn hand_odds(scorer: &Scorer, all: &[FaceCounts], n: usize, unit: i32) -> HandOdds {
    let mut farkle_rolls = 0;
    let mut hot_dice_rolls = 0;
    let mut by_points: BTreeMap<i32, u64> = BTreeMap::new();
    let mut by_vector: BTreeMap<Vec<Option<u32>>, u64> = BTreeMap::new();
    for &roll in all.iter().filter(|c| c.total() == n) {
        let weight = orderings(roll, n);
        let mut best: Vec<Option<u32>> = vec![None; n];
        for selection in roll.subsets() {
            if let Some(points) = scorer.points(selection) {
                let slot = &mut best[selection.total() - 1];
                let units = (points / unit) as u32;
                if slot.is_none_or(|b| units > b) {
                    *slot = Some(units);
                }
            }
        }
        let max = best.iter().flatten().max().map_or(0, |&u| u as i32 * unit);
        *by_points.entry(max).or_default() += weight;
        if best.iter().all(Option::is_none) {
            farkle_rolls += weight;
        } else {
            if best[n - 1].is_some() {
                hot_dice_rolls += weight;
            }
            *by_vector.entry(best).or_default() += weight;
        }
    }
    let rolls = (FACES as u64).pow(n as u32);
    HandOdds {
        dice: n as u8,
        rolls,
        farkle_rolls,
        hot_dice_rolls,
        max_points_rolls: by_points.into_iter().collect(),
        groups: by_vector
            .into_iter()
            .map(|(best, weight)| OptionGroup {
                weight,
                probability: weight as f64 / rolls as f64,
                best,
            })
            .collect(),
    }
}

/// Ordered rolls behind a multiset of `n` dice: `n! / (c1! ... c6!)`.
fn orderings(roll: FaceCounts, n: usize) -> u64 {
    factorial(n as u64)
        / roll
            .0
            .iter()
            .map(|&c| factorial(u64::from(c)))
            .product::<u64>()
}

/// The non-farkle rolls of `n` dice grouped by selection set (see [`SelectionGroup`]).
fn selection_groups_of(
    scorer: &Scorer,
    all: &[FaceCounts],
    n: usize,
    unit: i32,
) -> Vec<SelectionGroup> {
    // Keyed by (dice kept, points descending) so the key's order is the selections' order.
    let mut by_set: BTreeMap<Vec<(u8, std::cmp::Reverse<u32>)>, u64> = BTreeMap::new();
    for &roll in all.iter().filter(|c| c.total() == n) {
        let mut set: Vec<_> = roll
            .subsets()
            .filter_map(|selection| {
                let points = scorer.points(selection)?;
                Some((
                    selection.total() as u8,
                    std::cmp::Reverse((points / unit) as u32),
                ))
            })
            .collect();
        if set.is_empty() {
            continue;
        }
        set.sort_unstable();
        set.dedup();
        *by_set.entry(set).or_default() += orderings(roll, n);
    }
    let rolls = (FACES as u64).pow(n as u32);
    by_set
        .into_iter()
        .map(|(set, weight)| SelectionGroup {
            weight,
            probability: weight as f64 / rolls as f64,
            selections: set.into_iter().map(|(k, p)| (p.0, k)).collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn groups_cover_every_roll() {
        for preset in Preset::ALL {
            let odds = Odds::new(&preset.rules()).unwrap();
            assert_eq!(odds.unit(), 50, "{preset:?}");
            for n in 1..=6u8 {
                let h = odds.hand(n).unwrap();
                let grouped: u64 = h.groups.iter().map(|g| g.weight).sum();
                assert_eq!(grouped + h.farkle_rolls, h.rolls);
                let by_points: u64 = h.max_points_rolls.iter().map(|p| p.1).sum();
                assert_eq!(by_points, h.rolls);
                let by_set: u64 = odds
                    .selection_groups(n)
                    .unwrap()
                    .iter()
                    .map(|g| g.weight)
                    .sum();
                assert_eq!(by_set + h.farkle_rolls, h.rolls);
            }
        }
    }

    /// Two classic dice, by hand (points in units of 50): a 1 with a non-scoring face (8
    /// ordered rolls) keeps one die for 100; a 5 with one (8) for 50; two 1s (1) one for 100
    /// or both for 200; two 5s (1) one for 50 or both for 100; a 1 and a 5 (2) the 1 for
    /// 100, the 5 for 50, or both for 150.
    #[test]
    fn selection_sets_of_two_classic_dice() {
        let odds = Odds::new(&Preset::Classic.rules()).unwrap();
        let mut got: Vec<(Vec<(u32, u8)>, u64)> = odds
            .selection_groups(2)
            .unwrap()
            .iter()
            .map(|g| (g.selections.clone(), g.weight))
            .collect();
        got.sort();
        let mut want = vec![
            (vec![(2, 1)], 8),
            (vec![(1, 1)], 8),
            (vec![(2, 1), (4, 2)], 1),
            (vec![(1, 1), (2, 2)], 1),
            (vec![(2, 1), (1, 1), (3, 2)], 2),
        ];
        want.sort();
        assert_eq!(got, want);
    }
}

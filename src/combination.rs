// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Scoring combinations: the building blocks a selection is partitioned into.

use serde::{Deserialize, Serialize};

use crate::dice::{FaceCounts, FACES};
use crate::rules::Rules;

/// Which kind of combination a group of dice forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombinationKind {
    /// A single 1 or a single 5.
    Single,
    /// Three or more dice of one face.
    OfAKind,
    /// 1-2-3-4-5-6.
    Straight,
    /// 1-2-3-4-5.
    StraightLow,
    /// 2-3-4-5-6.
    StraightHigh,
    /// Three pairs (or, where the rules allow, four of a kind and a pair).
    ThreePairs,
    /// Four of a kind and a pair of another face.
    FourOfAKindAndPair,
    /// Two three-of-a-kinds of different faces.
    TwoTriplets,
    /// Three of a kind and a pair of another face.
    FullHouse,
    /// A roll of the full set in which nothing else scores.
    NoScoreSet,
}

impl CombinationKind {
    /// A short English name, for explanations.
    pub fn name(self) -> &'static str {
        match self {
            CombinationKind::Single => "single",
            CombinationKind::OfAKind => "of a kind",
            CombinationKind::Straight => "straight 1-6",
            CombinationKind::StraightLow => "straight 1-5",
            CombinationKind::StraightHigh => "straight 2-6",
            CombinationKind::ThreePairs => "three pairs",
            CombinationKind::FourOfAKindAndPair => "four of a kind and a pair",
            CombinationKind::TwoTriplets => "two triplets",
            CombinationKind::FullHouse => "full house",
            CombinationKind::NoScoreSet => "no score",
        }
    }
}

/// One scoring combination: its kind, its dice and its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combination {
    /// Which kind of combination (single, three of a kind, straight, ...).
    pub kind: CombinationKind,
    /// The face that names the combination (the single's face, the kind's face, the
    /// four-of-a-kind or the triple of a full house); 0 for straights, pairs and triplets.
    pub face: u8,
    /// The dice it uses.
    pub dice: FaceCounts,
    /// What it scores.
    pub points: i32,
}

impl std::fmt::Display for Combination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            CombinationKind::Single => write!(f, "single {}", self.face)?,
            CombinationKind::OfAKind => write!(f, "{} x {}", self.dice.total(), self.face)?,
            kind => f.write_str(kind.name())?,
        }
        write!(f, " [{}] = {}", self.dice, self.points)
    }
}

/// Every combination of at most `rules.dice_count` dice that scores more than 0 under
/// `rules`, except [`CombinationKind::NoScoreSet`], which depends on the whole roll.
/// The rules must be valid (values fit in `i32`).
pub fn all_combinations(rules: &Rules) -> Vec<Combination> {
    let mut list = List {
        max: usize::from(rules.dice_count),
        out: Vec::new(),
    };
    list.singles_and_kinds(rules);
    list.straights(rules);
    list.three_pairs(rules);
    list.two_faces(rules);
    list.out
}

/// The combinations of [`all_combinations`], gathered family by family in a fixed order.
struct List {
    /// Dice in the set: larger combinations are left out.
    max: usize,
    out: Vec<Combination>,
}

/// `n` dice showing `face`.
fn only(face: u8, n: u8) -> [u8; FACES] {
    let mut d = [0u8; FACES];
    d[usize::from(face - 1)] = n;
    d
}

/// `nf` dice showing `f` and `ng` showing `g`.
fn two(f: u8, nf: u8, g: u8, ng: u8) -> [u8; FACES] {
    let mut d = only(f, nf);
    d[usize::from(g - 1)] = ng;
    d
}

impl List {
    /// Adds the combination when it scores and fits in the set.
    fn push(&mut self, kind: CombinationKind, face: u8, dice: [u8; FACES], points: i64) {
        let dice = FaceCounts(dice);
        if points > 0 && dice.total() <= self.max {
            let points = i32::try_from(points).expect("validated rules keep points in i32");
            self.out.push(Combination {
                kind,
                face,
                dice,
                points,
            });
        }
    }

    /// A single 1, a single 5, then every n of a kind of each face.
    fn singles_and_kinds(&mut self, rules: &Rules) {
        self.push(
            CombinationKind::Single,
            1,
            only(1, 1),
            rules.single_one.into(),
        );
        self.push(
            CombinationKind::Single,
            5,
            only(5, 1),
            rules.single_five.into(),
        );
        for face in 1..=6u8 {
            for n in 3..=rules.dice_count {
                self.push(
                    CombinationKind::OfAKind,
                    face,
                    only(face, n),
                    rules.of_a_kind_value(face, n),
                );
            }
        }
    }

    /// 1-6, 1-5, 2-6.
    fn straights(&mut self, rules: &Rules) {
        self.push(
            CombinationKind::Straight,
            0,
            [1; FACES],
            rules.straight.into(),
        );
        self.push(
            CombinationKind::StraightLow,
            0,
            [1, 1, 1, 1, 1, 0],
            rules.straight_low.into(),
        );
        self.push(
            CombinationKind::StraightHigh,
            0,
            [0, 1, 1, 1, 1, 1],
            rules.straight_high.into(),
        );
    }

    /// Three pairs of three different faces.
    fn three_pairs(&mut self, rules: &Rules) {
        for a in 1..=6u8 {
            for b in a + 1..=6 {
                for c in b + 1..=6 {
                    let mut d = two(a, 2, b, 2);
                    d[usize::from(c - 1)] = 2;
                    self.push(CombinationKind::ThreePairs, 0, d, rules.three_pairs.into());
                }
            }
        }
    }

    /// For each pair of different faces f, g: four of f and a pair of g (as three pairs where
    /// the rules say so, and as its own combination), a full house, and two triplets (once).
    fn two_faces(&mut self, rules: &Rules) {
        for f in 1..=6u8 {
            for g in (1..=6u8).filter(|&g| g != f) {
                if rules.three_pairs_with_four_of_a_kind {
                    self.push(
                        CombinationKind::ThreePairs,
                        0,
                        two(f, 4, g, 2),
                        rules.three_pairs.into(),
                    );
                }
                self.push(
                    CombinationKind::FourOfAKindAndPair,
                    f,
                    two(f, 4, g, 2),
                    rules.four_of_a_kind_and_pair.into(),
                );
                if rules.full_house_bonus > 0 && rules.triple_value(f) > 0 {
                    self.push(
                        CombinationKind::FullHouse,
                        f,
                        two(f, 3, g, 2),
                        rules.triple_value(f) + i64::from(rules.full_house_bonus),
                    );
                }
                if g > f {
                    self.push(
                        CombinationKind::TwoTriplets,
                        0,
                        two(f, 3, g, 3),
                        rules.two_triplets.into(),
                    );
                }
            }
        }
    }
}

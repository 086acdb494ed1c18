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
    /// Three pairs (or, where the rules allow, four of a kind and a pair, or six of one face).
    ThreePairs,
    /// Four of a kind and a pair of another face.
    FourOfAKindAndPair,
    /// Two three-of-a-kinds of different faces (or, where the rules allow, six of one face).
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
    list.one_face_pairs_and_triplets(rules);
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

    /// Six dice of one face read as three pairs and as two triplets, where the rules say so
    /// (the partition search then keeps whichever of these and six of a kind is worth most).
    fn one_face_pairs_and_triplets(&mut self, rules: &Rules) {
        for face in 1..=6u8 {
            if rules.three_pairs_of_one_face {
                self.push(
                    CombinationKind::ThreePairs,
                    0,
                    only(face, 6),
                    rules.three_pairs.into(),
                );
            }
            if rules.two_triplets_of_one_face {
                self.push(
                    CombinationKind::TwoTriplets,
                    0,
                    only(face, 6),
                    rules.two_triplets.into(),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FaceCounts;
    use crate::rules::{Preset, RulesError};
    use crate::scoring::Scorer;

    /// Classic scoring (three pairs 1500, two triplets 2500, n of a kind = triple x (n - 2),
    /// no six 1s bonus) with `n` dice and the two same-face knobs as given.
    fn classic(n: u8, pairs: bool, triplets: bool) -> Rules {
        Rules {
            dice_count: n,
            three_pairs_of_one_face: pairs,
            two_triplets_of_one_face: triplets,
            ..Preset::Classic.rules()
        }
    }

    fn points(rules: &Rules, faces: &[u8]) -> i32 {
        Scorer::new(rules).unwrap().points_of_faces(faces).unwrap()
    }

    #[test]
    fn six_of_one_face_is_listed_only_under_its_knob() {
        let same_face = |r: &Rules, kind| {
            all_combinations(r)
                .into_iter()
                .filter(|c| c.kind == kind && c.dice.0.contains(&6))
                .count()
        };
        let off = classic(6, false, false);
        assert_eq!(same_face(&off, CombinationKind::ThreePairs), 0);
        assert_eq!(same_face(&off, CombinationKind::TwoTriplets), 0);
        // One of each per face, six faces.
        let on = classic(6, true, true);
        assert_eq!(same_face(&on, CombinationKind::ThreePairs), 6);
        assert_eq!(same_face(&on, CombinationKind::TwoTriplets), 6);
        // A knob whose combination is worth 0 adds nothing; five dice cannot hold six.
        let no_pairs = Rules {
            three_pairs: 0,
            ..on
        };
        assert_eq!(same_face(&no_pairs, CombinationKind::ThreePairs), 0);
        assert_eq!(
            same_face(&classic(5, true, true), CombinationKind::TwoTriplets),
            0
        );
    }

    #[test]
    fn six_of_one_face_scores_its_best_reading() {
        let six = |face| [face; 6];
        // Off: six 2s are six of a kind, 200 x 4 = 800.
        assert_eq!(points(&classic(6, false, false), &six(2)), 800);
        // Three pairs: max(800, 1500) = 1500; six 5s: max(500 x 4 = 2000, 1500) = 2000.
        let pairs = classic(6, true, false);
        assert_eq!(points(&pairs, &six(2)), 1500);
        assert_eq!(points(&pairs, &six(5)), 2000);
        // Two triplets: max(800, 2500) = 2500; six 1s: max(1000 x 4 = 4000, 2500) = 4000.
        let triplets = classic(6, false, true);
        assert_eq!(points(&triplets, &six(2)), 2500);
        assert_eq!(points(&triplets, &six(6)), 2500);
        assert_eq!(points(&triplets, &six(1)), 4000);
        // Both: max(800, 1500, 2500) = 2500.
        assert_eq!(points(&classic(6, true, true), &six(3)), 2500);
        // Three pairs worth nothing: the knob adds nothing, 800 again.
        let no_pairs = Rules {
            three_pairs: 0,
            ..pairs
        };
        assert_eq!(points(&no_pairs, &six(2)), 800);
        // The combination read is the two triplets, on six dice of one face.
        let score = Scorer::new(&triplets)
            .unwrap()
            .score(FaceCounts([0, 6, 0, 0, 0, 0]))
            .unwrap();
        assert_eq!(score.combinations.len(), 1);
        assert_eq!(score.combinations[0].kind, CombinationKind::TwoTriplets);
        assert_eq!(score.combinations[0].points, 2500);
    }

    #[test]
    fn larger_sets_use_the_same_face_reading_only_for_six_dice_of_it() {
        let r = classic(12, true, true);
        // Seven 2s: seven of a kind 200 x 5 = 1000, or 3 + 4 of a kind 200 + 400 = 600;
        // six 2s as two triplets would leave a lone 2, which scores nothing: 1000.
        assert_eq!(points(&r, &[2; 7]), 1000);
        assert_eq!(points(&classic(12, false, false), &[2; 7]), 1000);
        // Eight 2s: 200 x 6 = 1200 (3 + 5: 800, 4 + 4: 800; 6 + 2 leaves a pair): 1200.
        assert_eq!(points(&r, &[2; 8]), 1200);
        // Nine 2s: two triplets of six and three of a kind 2500 + 200 = 2700 beat 200 x 7.
        assert_eq!(points(&r, &[2; 9]), 2700);
        // Twelve 2s: two same-face two triplets, 2 x 2500 = 5000 (twelve of a kind: 2000).
        assert_eq!(points(&r, &[2; 12]), 5000);
        // Six 2s and a 1: 2500 + 100.
        assert_eq!(points(&r, &[2, 2, 2, 2, 2, 2, 1]), 2600);
        // A roll of seven 2s offers at best 2500, for six of them.
        let a = Scorer::new(&r)
            .unwrap()
            .analyze(FaceCounts([0, 7, 0, 0, 0, 0]))
            .unwrap();
        assert_eq!(a.max_points, 2500);
        assert_eq!(a.best_selection, FaceCounts([0, 6, 0, 0, 0, 0]));
    }

    #[test]
    fn two_triplets_alone_is_a_scoring_combination() {
        // Nothing but two triplets scores: 3-3-3-4-4-4 (and, under the knob, six 2s) do.
        let only_triplets = Rules {
            single_one: 0,
            single_five: 0,
            triple_ones: 0,
            triple_face_multiplier: 0,
            straight: 0,
            three_pairs: 0,
            ..classic(6, false, false)
        };
        assert_eq!(only_triplets.validate(), Ok(()));
        assert_eq!(points(&only_triplets, &[3, 3, 3, 4, 4, 4]), 2500);
        assert_eq!(points(&only_triplets, &[2; 6]), 0);
        let same_face = Rules {
            two_triplets_of_one_face: true,
            ..only_triplets
        };
        assert_eq!(points(&same_face, &[2; 6]), 2500);
        // Five dice hold no two triplets.
        let five = Rules {
            dice_count: 5,
            ..same_face
        };
        assert_eq!(five.validate(), Err(RulesError::NothingScores(5)));
    }
}

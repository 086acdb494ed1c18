// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The engine must agree everywhere with the slow reference scorer in `reference/`.

mod reference;

use farkle::{FaceCounts, KindScaling, Preset, Rules, Scorer};
use reference::{reference, sub_multisets};

fn all_multisets(max: u8) -> Vec<[u8; 6]> {
    sub_multisets([max; 6])
        .into_iter()
        .filter(|c| c.iter().sum::<u8>() <= max)
        .collect()
}

/// Rules variants beyond the presets, touching every knob of the scorer.
fn custom_rules() -> Vec<Rules> {
    let classic = Preset::Classic.rules();
    vec![
        Rules {
            kind_scaling: KindScaling::Fixed,
            four_of_a_kind: 1000,
            five_of_a_kind: 2000,
            six_of_a_kind: 3000,
            four_of_a_kind_and_pair: 1500,
            full_house_bonus: 250,
            ..classic
        },
        Rules {
            triple_ones: 300,
            straight_low: 500,
            straight_high: 750,
            three_pairs: 750,
            three_pairs_with_four_of_a_kind: true,
            four_of_a_kind_and_pair: 1500,
            two_triplets: 0,
            ..classic
        },
        Rules {
            single_five: 0,
            triple_face_multiplier: 0,
            kind_scaling: KindScaling::TripleOnly,
            six_ones: 4000,
            no_score_set: 300,
            ..classic
        },
        Rules {
            dice_count: 4,
            no_score_set: 250,
            ..Preset::Zilch.rules()
        },
        Rules {
            three_pairs: 750,
            three_pairs_of_one_face: true,
            two_triplets_of_one_face: true,
            ..classic
        },
        Rules {
            kind_scaling: KindScaling::Double,
            three_pairs_with_four_of_a_kind: true,
            three_pairs_of_one_face: true,
            ..classic
        },
    ]
}

fn check_agreement(rules: &Rules, multisets: &[[u8; 6]]) {
    let scorer = Scorer::new(rules).expect("valid rules");
    for &c in multisets {
        let expected = reference(rules, c);
        let got = scorer.points(FaceCounts(c)).map(i64::from);
        assert_eq!(got, expected, "{rules:?}\nselection {c:?}");
        if let Ok(score) = scorer.score(FaceCounts(c)) {
            let sum: i64 = score.combinations.iter().map(|k| i64::from(k.points)).sum();
            assert_eq!(sum, i64::from(score.points));
            let dice = score
                .combinations
                .iter()
                .fold(FaceCounts::EMPTY, |acc, k| acc.plus(k.dice));
            assert_eq!(
                dice,
                FaceCounts(c),
                "combinations must use exactly the dice"
            );
        }
    }
}

#[test]
fn engine_agrees_with_reference_on_every_multiset_for_every_preset() {
    let multisets = all_multisets(6);
    assert_eq!(multisets.len(), 924);
    for preset in Preset::ALL {
        check_agreement(&preset.rules(), &multisets);
    }
    for rules in custom_rules() {
        let small: Vec<_> = multisets
            .iter()
            .copied()
            .filter(|c| c.iter().sum::<u8>() <= rules.dice_count)
            .collect();
        check_agreement(&rules, &small);
    }
}

#[test]
fn roll_analysis_agrees_with_reference_on_every_roll() {
    for rules in Preset::ALL
        .map(Preset::rules)
        .into_iter()
        .chain(custom_rules())
    {
        let scorer = Scorer::new(&rules).unwrap();
        for roll in all_multisets(rules.dice_count) {
            let scoring: Vec<([u8; 6], i64)> = sub_multisets(roll)
                .into_iter()
                .filter_map(|s| reference(&rules, s).map(|v| (s, v)))
                .collect();
            let a = scorer.analyze(FaceCounts(roll)).unwrap();
            let max = scoring.iter().map(|&(_, v)| v).max().unwrap_or(0);
            assert_eq!(a.is_farkle, scoring.is_empty(), "{roll:?}");
            assert_eq!(i64::from(a.max_points), max, "{roll:?}");
            if !a.is_farkle {
                assert_eq!(reference(&rules, a.best_selection.0), Some(max));
            }
            let faces = scoring.iter().fold(0u8, |m, (s, _)| {
                (0..6).filter(|&f| s[f] > 0).fold(m, |m, f| m | 1 << f)
            });
            assert_eq!(a.scoring_faces, faces, "{roll:?}");
            let mut listed: Vec<([u8; 6], i64)> = scorer
                .selections(FaceCounts(roll))
                .into_iter()
                .map(|s| (s.dice.0, i64::from(s.points)))
                .collect();
            let mut expected = scoring.clone();
            listed.sort();
            expected.sort();
            assert_eq!(listed, expected, "{roll:?}");
        }
    }
}

#[test]
fn invalid_selections_report_the_fewest_leftover_dice() {
    let rules = Preset::Classic.rules();
    let scorer = Scorer::new(&rules).unwrap();
    for c in all_multisets(6) {
        if c == [0; 6] || reference(&rules, c).is_some() {
            continue;
        }
        let largest_scoring = sub_multisets(c)
            .into_iter()
            .filter(|s| reference(&rules, *s).is_some())
            .map(|s| s.iter().sum::<u8>())
            .max()
            .unwrap_or(0);
        match scorer.check(FaceCounts(c)) {
            Err(farkle::InvalidSelection::NonScoring { leftover }) => {
                let total: u8 = c.iter().sum();
                assert_eq!(leftover.total() as u8, total - largest_scoring, "{c:?}");
                let kept = FaceCounts(c)
                    .checked_sub(leftover)
                    .expect("leftover within");
                if !kept.is_empty() {
                    assert!(reference(&rules, kept.0).is_some());
                }
            }
            other => panic!("{c:?}: {other:?}"),
        }
    }
}

/// A small deterministic generator, so the "random" pools are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn face(&mut self) -> u8 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % 6) as u8 + 1
    }
}

#[test]
fn engine_agrees_with_reference_on_random_larger_pools() {
    let mut rng = Lcg(20261125);
    for preset in Preset::ALL {
        let rules = Rules {
            dice_count: 12,
            ..preset.rules()
        };
        let scorer = Scorer::new(&rules).unwrap();
        for _ in 0..60 {
            let n = 7 + (rng.face() as usize + rng.face() as usize) % 6;
            let faces: Vec<u8> = (0..n).map(|_| rng.face()).collect();
            let c = FaceCounts::from_faces(&faces, 12).unwrap();
            assert_eq!(
                scorer.points(c).map(i64::from),
                reference(&rules, c.0),
                "{preset:?} {faces:?}"
            );
        }
    }
}

#[test]
fn same_face_readings_agree_with_reference_on_larger_pools() {
    // Pools of 7 to 12 dice showing at most two faces: where six of one face can be read
    // as three pairs or two triplets alongside other groups.
    for rules in custom_rules()
        .into_iter()
        .filter(|r| r.three_pairs_of_one_face || r.two_triplets_of_one_face)
    {
        let rules = Rules {
            dice_count: 12,
            ..rules
        };
        let scorer = Scorer::new(&rules).unwrap();
        for c in all_multisets(12) {
            let total: u8 = c.iter().sum();
            if total < 7 || c.iter().filter(|&&k| k > 0).count() > 2 {
                continue;
            }
            assert_eq!(
                scorer.points(FaceCounts(c)).map(i64::from),
                reference(&rules, c),
                "{rules:?}\nselection {c:?}"
            );
        }
    }
}

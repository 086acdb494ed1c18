// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A second, deliberately slow scorer written from the rules' definitions, with no code shared
//! with the engine: it recognizes whether a block of dice is one combination and tries every
//! way to carve a selection into blocks. The engine must agree with it everywhere.

use farkle::{FaceCounts, KindScaling, Preset, Rules, Scorer};

/// The value of `block` read as exactly one combination (the best reading), if it is one.
fn block_value(r: &Rules, block: [u8; 6]) -> Option<i64> {
    let total: u8 = block.iter().sum();
    let faces: Vec<(u8, u8)> = (1..=6u8).zip(block).filter(|&(_, n)| n > 0).collect();
    let triple = |face: u8| -> i64 {
        if face == 1 {
            r.triple_ones as i64
        } else {
            face as i64 * r.triple_face_multiplier as i64
        }
    };
    let mut readings: Vec<i64> = Vec::new();
    match faces.as_slice() {
        [(1, 1)] => readings.push(r.single_one as i64),
        [(5, 1)] => readings.push(r.single_five as i64),
        [(face, n)] if *n >= 3 => {
            let t = triple(*face);
            let v = if *face == 1 && *n == 6 && r.six_ones != 0 {
                r.six_ones as i64
            } else if *n == 3 {
                t
            } else {
                match r.kind_scaling {
                    KindScaling::Multiply => t * (*n as i64 - 2),
                    KindScaling::Double => t * 2i64.pow(*n as u32 - 3),
                    KindScaling::Fixed => match n {
                        4 => r.four_of_a_kind as i64,
                        5 => r.five_of_a_kind as i64,
                        6 => r.six_of_a_kind as i64,
                        _ => 0,
                    },
                    KindScaling::TripleOnly => 0,
                }
            };
            if t > 0 {
                readings.push(v);
            }
        }
        _ => {}
    }
    if block == [1, 1, 1, 1, 1, 1] {
        readings.push(r.straight as i64);
    }
    if block == [1, 1, 1, 1, 1, 0] {
        readings.push(r.straight_low as i64);
    }
    if block == [0, 1, 1, 1, 1, 1] {
        readings.push(r.straight_high as i64);
    }
    let counts: Vec<u8> = faces.iter().map(|&(_, n)| n).collect();
    if total == 6 && counts == [2, 2, 2] {
        readings.push(r.three_pairs as i64);
    }
    if total == 6 && faces.len() == 2 {
        let four_and_two = counts.contains(&4) && counts.contains(&2);
        if four_and_two {
            readings.push(r.four_of_a_kind_and_pair as i64);
            if r.three_pairs_with_four_of_a_kind {
                readings.push(r.three_pairs as i64);
            }
        }
        if counts == [3, 3] {
            readings.push(r.two_triplets as i64);
        }
    }
    if total == 5 && faces.len() == 2 && r.full_house_bonus > 0 {
        if let Some(&(face, _)) = faces.iter().find(|&&(_, n)| n == 3) {
            if triple(face) > 0 {
                readings.push(triple(face) + r.full_house_bonus as i64);
            }
        }
    }
    readings.into_iter().filter(|&v| v > 0).max()
}

/// Every sub-multiset of `c`.
fn sub_multisets(c: [u8; 6]) -> Vec<[u8; 6]> {
    let mut out = vec![[0u8; 6]];
    for face in 0..6 {
        let mut next = Vec::new();
        for partial in &out {
            for k in 0..=c[face] {
                let mut p = *partial;
                p[face] = k;
                next.push(p);
            }
        }
        out = next;
    }
    out
}

/// The best total of carving all of `c` into combinations (ignoring the no-score set).
fn carve(r: &Rules, c: [u8; 6]) -> Option<i64> {
    let Some(first) = c.iter().position(|&n| n > 0) else {
        return Some(0);
    };
    let mut best = None;
    for block in sub_multisets(c) {
        if block[first] == 0 {
            continue;
        }
        let Some(v) = block_value(r, block) else {
            continue;
        };
        let mut rest = c;
        for f in 0..6 {
            rest[f] -= block[f];
        }
        if let Some(w) = carve(r, rest) {
            best = best.max(Some(v + w));
        }
    }
    best
}

/// The reference score of a selection, including the no-score set.
fn reference(r: &Rules, c: [u8; 6]) -> Option<i64> {
    let total: u8 = c.iter().sum();
    if total == 0 {
        return None;
    }
    if let Some(v) = carve(r, c) {
        return Some(v);
    }
    let nothing_scores = sub_multisets(c)
        .into_iter()
        .all(|s| s == [0; 6] || carve(r, s).is_none());
    if r.no_score_set > 0 && total == r.dice_count && nothing_scores {
        return Some(r.no_score_set as i64);
    }
    None
}

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
    ]
}

fn check_agreement(rules: &Rules, multisets: &[[u8; 6]]) {
    let scorer = Scorer::new(rules).expect("valid rules");
    for &c in multisets {
        let expected = reference(rules, c);
        let got = scorer.points(FaceCounts(c)).map(i64::from);
        assert_eq!(got, expected, "{rules:?}\nselection {c:?}");
        if let Ok(score) = scorer.score(FaceCounts(c)) {
            let sum: i64 = score.combinations.iter().map(|k| k.points as i64).sum();
            assert_eq!(sum, score.points as i64);
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
            assert_eq!(a.max_points as i64, max, "{roll:?}");
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
                .map(|s| (s.dice.0, s.points as i64))
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

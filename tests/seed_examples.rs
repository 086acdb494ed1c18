// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Every scoring example of the source documents, farkle counts over all rolls derived by
//! hand, and the point calculation R(p, r') rule by rule.

use farkle::{point_calculation, FaceCounts, PointCalculation, Preset, Rules, Scorer};

fn dice(faces: &[u8]) -> FaceCounts {
    FaceCounts::from_faces(faces, 12).unwrap()
}

fn points(preset: Preset, faces: &[u8]) -> Option<i32> {
    Scorer::new(&preset.rules()).unwrap().points(dice(faces))
}

fn max_points(preset: Preset, faces: &[u8]) -> i32 {
    let s = Scorer::new(&preset.rules()).unwrap();
    s.analyze(dice(faces)).unwrap().max_points
}

#[test]
fn authoritative_classic_examples() {
    use Preset::Classic;
    assert_eq!(points(Classic, &[1]), Some(100));
    assert_eq!(points(Classic, &[5]), Some(50));
    for face in [2, 3, 4, 6] {
        assert_eq!(points(Classic, &[face]), None);
    }
    assert_eq!(points(Classic, &[1, 1, 1]), Some(1000));
    for face in 2..=6u8 {
        assert_eq!(points(Classic, &[face; 3]), Some(i32::from(face) * 100));
    }
    assert_eq!(points(Classic, &[3, 3, 3, 3]), Some(600));
    assert_eq!(points(Classic, &[5, 5, 5, 5, 5]), Some(1500));
    assert_eq!(points(Classic, &[2, 2, 2, 2, 2, 2]), Some(800));
    assert_eq!(points(Classic, &[1, 2, 3, 4, 5, 6]), Some(1500));
    assert_eq!(points(Classic, &[1, 1, 3, 3, 5, 5]), Some(1500));
    assert_eq!(points(Classic, &[2, 2, 2, 5, 5, 5]), Some(2500));
    // Full house is not scored: 3-3-3 + 2-2 leaves the 2s over, so only the triple counts.
    assert_eq!(points(Classic, &[3, 3, 3, 2, 2]), None);
    assert_eq!(max_points(Classic, &[3, 3, 3, 2, 2]), 300);
    assert_eq!(points(Classic, &[1, 1, 1, 5, 5]), Some(1100));
    assert_eq!(max_points(Classic, &[1, 1, 1, 5, 5, 2]), 1100);
    assert_eq!(points(Classic, &[1, 1, 1, 5, 5, 2]), None);
    assert_eq!(points(Classic, &[1, 5, 2]), None);
    // Four of a kind + a pair is not three pairs in classic (distinct pairs only).
    assert_eq!(points(Classic, &[2, 2, 2, 2, 3, 3]), None);
}

#[test]
fn extended_examples() {
    use Preset::Extended;
    assert_eq!(points(Extended, &[1; 6]), Some(5000));
    assert_eq!(points(Extended, &[1; 5]), Some(3000));
    assert_eq!(points(Extended, &[6; 6]), Some(2400));
    assert_eq!(points(Extended, &[1, 2, 3, 4, 5, 6]), Some(2000));
    assert_eq!(points(Extended, &[2, 2, 4, 4, 6, 6]), Some(1250));
    // Four of a kind + a pair counts as three pairs (1250 beats 2x200 = 400 and leftovers).
    assert_eq!(points(Extended, &[2, 2, 2, 2, 6, 6]), Some(1250));
    // ...but four 1s + two 5s are worth more as 2000 + 100.
    assert_eq!(points(Extended, &[1, 1, 1, 1, 5, 5]), Some(2100));
    // Six of a kind is not three pairs.
    assert_eq!(points(Extended, &[3; 6]), Some(1200));
    assert_eq!(points(Extended, &[3, 3, 3, 4, 4, 4]), Some(2500));
}

#[test]
fn original_readme_examples() {
    use Preset::Additive;
    // Example 1: 1 2 4 4 4 5 is worth 550; 4 4 4 is 400; 2 2 3 farkles.
    assert_eq!(max_points(Additive, &[1, 2, 4, 4, 4, 5]), 550);
    assert_eq!(points(Additive, &[4, 4, 4]), Some(400));
    assert_eq!(max_points(Additive, &[2, 2, 3]), 0);
    // Example 2: 1 2 6 4 3 3 is worth 100; 1 1 2 3 4 is worth 200.
    assert_eq!(max_points(Additive, &[1, 2, 6, 4, 3, 3]), 100);
    assert_eq!(max_points(Additive, &[1, 1, 2, 3, 4]), 200);
    assert_eq!(points(Additive, &[1, 1]), Some(200));
    // Example 3: 1 1 1 4 6 6 is worth 1000; 1 5 5 is 200; 1 1 5 3 4 4 is 250.
    assert_eq!(max_points(Additive, &[1, 1, 1, 4, 6, 6]), 1000);
    assert_eq!(points(Additive, &[1, 5, 5]), Some(200));
    assert_eq!(max_points(Additive, &[1, 1, 5, 3, 4, 4]), 250);
    // "Each additional occurrence ... increases the value by 100 times the number".
    assert_eq!(points(Additive, &[4; 4]), Some(800));
    assert_eq!(points(Additive, &[4; 6]), Some(1600));
    assert_eq!(points(Additive, &[1; 5]), Some(3000));
    // No straights or pairs.
    assert_eq!(points(Additive, &[1, 2, 3, 4, 5, 6]), None);
    assert_eq!(points(Additive, &[2, 2, 3, 3, 4, 4]), None);
}

#[test]
fn doubling_table() {
    use Preset::Doubling;
    assert_eq!(points(Doubling, &[1; 4]), Some(2000));
    assert_eq!(points(Doubling, &[1; 5]), Some(4000));
    assert_eq!(points(Doubling, &[1; 6]), Some(8000));
    assert_eq!(points(Doubling, &[3; 4]), Some(600));
    assert_eq!(points(Doubling, &[3; 5]), Some(1200));
    assert_eq!(points(Doubling, &[3; 6]), Some(2400));
    assert_eq!(points(Doubling, &[1, 2, 3, 4, 5, 6]), Some(2500));
    assert_eq!(points(Doubling, &[1, 2, 3, 4, 5]), Some(1000));
    assert_eq!(points(Doubling, &[2, 3, 4, 5, 6]), Some(1000));
    assert_eq!(points(Doubling, &[2, 2, 3, 3, 6, 6]), Some(1500));
    // Two triples score as two triples.
    assert_eq!(points(Doubling, &[2, 2, 2, 3, 3, 3]), Some(500));
    // The document's exact-count straight test would reject these; we score straight + singles.
    assert_eq!(points(Doubling, &[2, 3, 4, 5, 5, 6]), Some(1050));
    assert_eq!(points(Doubling, &[1, 2, 3, 4, 5, 5]), Some(1050));
    assert_eq!(points(Doubling, &[1, 1, 2, 3, 4, 5]), Some(1100));
}

#[test]
fn zilch_and_minimal() {
    assert_eq!(points(Preset::Zilch, &[2, 3, 3, 4, 6, 6]), Some(500));
    assert_eq!(points(Preset::Zilch, &[2, 3, 3, 4, 6]), None);
    assert_eq!(points(Preset::Zilch, &[2, 2, 2, 2, 6, 6]), Some(1500));
    assert_eq!(points(Preset::Zilch, &[4; 5]), Some(1600));
    assert_eq!(points(Preset::Minimal, &[4; 4]), None);
    assert_eq!(points(Preset::Minimal, &[1; 4]), Some(1100));
    // Six of a face are two triples.
    assert_eq!(points(Preset::Minimal, &[4; 6]), Some(800));
    assert_eq!(points(Preset::Minimal, &[1, 2, 3, 4, 5, 6]), None);
    assert_eq!(points(Preset::Minimal, &[2, 2, 3, 3, 4, 4]), None);
}

/// Counts farkles over all 6^n ordered rolls.
fn farkles(rules: &Rules, n: u32) -> u32 {
    let scorer = Scorer::new(rules).unwrap();
    let mut count = 0;
    for code in 0..6u32.pow(n) {
        let mut c = code;
        let faces: Vec<u8> = (0..n)
            .map(|_| {
                let f = (c % 6) as u8 + 1;
                c /= 6;
                f
            })
            .collect();
        if scorer.analyze(dice(&faces)).unwrap().is_farkle {
            count += 1;
        }
    }
    count
}

#[test]
fn farkle_counts_match_hand_derivations() {
    // A roll of n < 6 dice farkles exactly when it has no 1, no 5 and no three alike (straights
    // and pairs need six dice or a 1 or 5): all dice from {2,3,4,6}, each face at most twice.
    //   n=1: 4.  n=2: 4^2 = 16.  n=3: 4^3 - 4 triples = 60.
    //   n=4: 4^4 - (4 quads + 4*3*4 triple-plus-one) = 256 - 52 = 204.
    //   n=5: face patterns 2+2+1 (C(4,2)*2 face choices * 5!/(2!2!) = 12*30 = 360) and
    //        2+1+1+1 (4 * 5!/2! = 240): 600.
    // Six dice: patterns 2+2+1+1 (C(4,2) * 6!/(2!2!) = 6*180 = 1080) and three pairs 2+2+2
    // (C(4,3) * 6!/(2!2!2!) = 4*90 = 360): 1080 farkles when three pairs score, 1440 when not,
    // and none when a six-dice roll with no score is itself worth points (Zilch).
    let small = [(1, 4), (2, 16), (3, 60), (4, 204), (5, 600)];
    for preset in Preset::ALL {
        let rules = preset.rules();
        for (n, expected) in small {
            assert_eq!(farkles(&rules, n), expected, "{preset:?} n={n}");
        }
        let six = match preset {
            Preset::Classic | Preset::Extended | Preset::Doubling | Preset::Original => 1080,
            Preset::Additive | Preset::Minimal => 1440,
            Preset::Zilch => 0,
        };
        assert_eq!(farkles(&rules, 6), six, "{preset:?} n=6");
    }
}

fn r(x: [u8; 6], s: [u8; 6], roll_over: bool) -> PointCalculation {
    point_calculation(FaceCounts(x), FaceCounts(s), roll_over).expect("at most six dice")
}

fn p(points: i32, roll_over: bool) -> PointCalculation {
    PointCalculation { points, roll_over }
}

#[test]
fn point_calculation_case_by_case() {
    let x = [1, 1, 1, 1, 1, 1];
    // 1. Nothing selected.
    assert_eq!(r(x, [0; 6], false), p(0, false));
    assert_eq!(r(x, [0; 6], true), p(-1000, false));
    // 2. A selection that is not part of the roll.
    assert_eq!(r(x, [2, 0, 0, 0, 0, 0], true), p(-1000, false));
    assert_eq!(
        r([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0], false),
        p(-1000, false)
    );
    // 3.-5. Six, five, four, three of a kind: 1s 1000 x 2^(n-3), others face x 100 x 2^(n-3).
    assert_eq!(
        r([6, 0, 0, 0, 0, 0], [6, 0, 0, 0, 0, 0], true),
        p(8000, true)
    );
    assert_eq!(
        r([0, 0, 6, 0, 0, 0], [0, 0, 6, 0, 0, 0], false),
        p(2400, false)
    );
    assert_eq!(
        r([5, 0, 0, 0, 1, 0], [5, 0, 0, 0, 1, 0], true),
        p(4050, true)
    );
    assert_eq!(
        r([0, 5, 0, 0, 0, 1], [0, 5, 0, 0, 0, 0], true),
        p(800, true)
    );
    assert_eq!(
        r([0, 0, 0, 4, 0, 2], [0, 0, 0, 4, 0, 0], true),
        p(800, true)
    );
    assert_eq!(
        r([3, 0, 0, 0, 0, 3], [3, 0, 0, 0, 0, 3], true),
        p(1600, true)
    );
    assert_eq!(
        r([0, 3, 3, 0, 0, 0], [0, 3, 3, 0, 0, 0], false),
        p(500, false)
    );
    // 6. Large straight.
    assert_eq!(r(x, x, true), p(2500, true));
    // 7. Small straights, and the dice left beside them.
    assert_eq!(r(x, [1, 1, 1, 1, 1, 0], true), p(1000, true));
    assert_eq!(r(x, [0, 1, 1, 1, 1, 1], false), p(1000, false));
    assert_eq!(
        r([0, 1, 1, 1, 2, 1], [0, 1, 1, 1, 2, 1], true),
        p(1050, true)
    );
    // 8. Three pairs.
    assert_eq!(
        r([0, 2, 0, 2, 0, 2], [0, 2, 0, 2, 0, 2], true),
        p(1500, true)
    );
    // 9. Singles.
    assert_eq!(
        r([2, 0, 1, 0, 2, 1], [2, 0, 0, 0, 2, 0], true),
        p(300, true)
    );
    // 10. Leftover dice that do not score: 0 and the turn ends.
    assert_eq!(r([2, 0, 1, 0, 2, 1], [2, 0, 1, 0, 0, 0], true), p(0, false));
    assert_eq!(
        r([0, 1, 1, 0, 0, 0], [0, 1, 1, 0, 0, 0], false),
        p(0, false)
    );
    // More than six dice in the roll is refused.
    assert_eq!(
        point_calculation(FaceCounts([7, 0, 0, 0, 0, 0]), FaceCounts::EMPTY, false),
        None
    );
}

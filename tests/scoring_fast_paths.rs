// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The fast scoring paths against independent answers:
//!
//! - the lean calls (`farkle_scorer_points`, `farkle_points`, `Scorer::points_of_faces`)
//!   against the full C call and the slow reference scorer in `reference/`, on every multiset
//!   of up to six dice under every preset and extra rules values, and of up to twelve under
//!   12-dice rules;
//! - every field of the C results (`FarkleScore`, `FarkleRollAnalysis`) against the same
//!   results built from the Rust API the way the C layer defined them: each combination of
//!   the best partition, in order, takes the first free dice of each of its faces
//!   (`FaceCounts::pick_indices`), for dice given in several orders.

mod reference;

use std::collections::HashMap;
use std::mem::MaybeUninit;

use farkle::ffi::error::FarkleStatus;
use farkle::ffi::rules::FarkleRules;
use farkle::ffi::scorer::*;
use farkle::ffi::scoring::*;
use farkle::{FaceCounts, KindScaling, Preset, Rules, Scorer};
use reference::reference_memo;

fn all_multisets(max: u8) -> Vec<[u8; 6]> {
    reference::sub_multisets([max; 6])
        .into_iter()
        .filter(|c| c.iter().sum::<u8>() <= max)
        .collect()
}

/// The dice of `counts` in three orders: ascending, descending, and interleaved.
fn orders(counts: [u8; 6]) -> [Vec<u8>; 3] {
    let up = FaceCounts(counts).faces();
    let down: Vec<u8> = up.iter().rev().copied().collect();
    let n = up.len();
    let mixed: Vec<u8> = (0..n)
        .map(|i| if i % 2 == 0 { up[i / 2] } else { down[i / 2] })
        .collect();
    [up, down, mixed]
}

fn rules_values() -> Vec<Rules> {
    let classic = Preset::Classic.rules();
    let mut out: Vec<Rules> = Preset::ALL.map(Preset::rules).to_vec();
    out.push(Rules {
        kind_scaling: KindScaling::Fixed,
        four_of_a_kind: 1000,
        five_of_a_kind: 2000,
        six_of_a_kind: 3000,
        four_of_a_kind_and_pair: 1500,
        full_house_bonus: 250,
        straight_low: 500,
        straight_high: 750,
        ..classic
    });
    out.push(Rules {
        dice_count: 4,
        no_score_set: 250,
        ..Preset::Zilch.rules()
    });
    out
}

struct CScorer(*mut FarkleScorer);

impl CScorer {
    fn new(rules: &FarkleRules) -> CScorer {
        let mut s = std::ptr::null_mut();
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { farkle_scorer_new(rules, &raw mut s) },
            FarkleStatus::Ok
        );
        CScorer(s)
    }
}

impl Drop for CScorer {
    fn drop(&mut self) {
        // SAFETY: a live handle from farkle_scorer_new, freed once.
        unsafe { farkle_scorer_free(self.0) };
    }
}

fn score(s: &CScorer, faces: &[u8]) -> FarkleScore {
    let mut out = MaybeUninit::<FarkleScore>::uninit();
    // SAFETY: valid pointers; written on success.
    unsafe {
        assert_eq!(
            farkle_scorer_score_selection(s.0, faces.as_ptr(), faces.len(), out.as_mut_ptr()),
            FarkleStatus::Ok
        );
        out.assume_init()
    }
}

fn lean(s: &CScorer, rules: &FarkleRules, faces: &[u8]) -> (i32, i32) {
    let (mut a, mut b) = (-1, -1);
    // SAFETY: valid pointers.
    unsafe {
        assert_eq!(
            farkle_scorer_points(s.0, faces.as_ptr(), faces.len(), &raw mut a),
            FarkleStatus::Ok
        );
        assert_eq!(
            farkle_points(rules, faces.as_ptr(), faces.len(), &raw mut b),
            FarkleStatus::Ok
        );
    }
    (a, b)
}

fn check_lean_calls(rules: &Rules, multisets: &[[u8; 6]]) {
    let c_rules = FarkleRules::from(rules);
    let c_scorer = CScorer::new(&c_rules);
    let scorer = Scorer::new(rules).unwrap();
    let mut memo = HashMap::new();
    for &c in multisets {
        let expected = reference_memo(rules, c, &mut memo).unwrap_or(0);
        for faces in orders(c) {
            let full = score(&c_scorer, &faces);
            assert_eq!(full.valid, full.points > 0);
            assert_eq!(i64::from(full.points), expected, "{rules:?} {faces:?}");
            assert_eq!(
                lean(&c_scorer, &c_rules, &faces),
                (full.points, full.points),
                "{rules:?} {faces:?}"
            );
            assert_eq!(scorer.points_of_faces(&faces), Ok(full.points));
        }
    }
}

#[test]
fn lean_calls_agree_with_the_full_call_and_the_reference_up_to_six_dice() {
    let multisets = all_multisets(6);
    for rules in rules_values() {
        let fits: Vec<[u8; 6]> = multisets
            .iter()
            .copied()
            .filter(|c| c.iter().sum::<u8>() <= rules.dice_count)
            .collect();
        check_lean_calls(&rules, &fits);
    }
}

#[test]
fn lean_calls_agree_with_the_full_call_and_the_reference_up_to_twelve_dice() {
    for preset in [Preset::Classic, Preset::Zilch] {
        let rules = Rules {
            dice_count: 12,
            ..preset.rules()
        };
        let multisets = all_multisets(12);
        assert_eq!(multisets.len(), 18_564);
        check_lean_calls(&rules, &multisets);
    }
}

/// The FarkleScore the C layer has always produced, from the Rust API.
fn expected_score(scorer: &Scorer, faces: &[u8]) -> FarkleScore {
    let empty = FarkleCombination {
        kind: FarkleCombinationKind::Single,
        face: 0,
        dice_count: 0,
        counts: [0; 6],
        dice_mask: 0,
        points: 0,
    };
    let mut out = FarkleScore {
        points: 0,
        valid: false,
        reason: FarkleInvalidReason::None,
        leftover_counts: [0; 6],
        combination_count: 0,
        combinations: [empty; FARKLE_MAX_DICE],
    };
    let dice = FaceCounts::from_faces(faces, usize::from(scorer.rules().dice_count)).unwrap();
    match scorer.score(dice) {
        Ok(s) => {
            out.points = s.points;
            out.valid = true;
            let mut taken = 0u16;
            for (i, c) in s.combinations.iter().enumerate() {
                out.combinations[i] = FarkleCombination {
                    kind: c.kind.into(),
                    face: c.face,
                    dice_count: c.dice.total() as u8,
                    counts: c.dice.0,
                    dice_mask: c.dice.pick_indices(faces, &mut taken).unwrap(),
                    points: c.points,
                };
            }
            out.combination_count = s.combinations.len();
        }
        Err(farkle::InvalidSelection::Empty) => out.reason = FarkleInvalidReason::Empty,
        Err(farkle::InvalidSelection::NonScoring { leftover }) => {
            out.reason = FarkleInvalidReason::NonScoring;
            out.leftover_counts = leftover.0;
        }
        Err(e) => panic!("{e:?}"),
    }
    out
}

fn same_combination(a: &FarkleCombination, b: &FarkleCombination) -> bool {
    (
        a.kind,
        a.face,
        a.dice_count,
        a.counts,
        a.dice_mask,
        a.points,
    ) == (
        b.kind,
        b.face,
        b.dice_count,
        b.counts,
        b.dice_mask,
        b.points,
    )
}

fn assert_same_score(got: &FarkleScore, want: &FarkleScore, what: &str) {
    assert_eq!(
        (
            got.points,
            got.valid,
            got.reason,
            got.leftover_counts,
            got.combination_count
        ),
        (
            want.points,
            want.valid,
            want.reason,
            want.leftover_counts,
            want.combination_count
        ),
        "{what}"
    );
    for i in 0..FARKLE_MAX_DICE {
        assert!(
            same_combination(&got.combinations[i], &want.combinations[i]),
            "{what}: combination {i}: {:?} != {:?}",
            got.combinations[i],
            want.combinations[i]
        );
    }
}

/// The FarkleRollAnalysis the C layer has always produced, from the Rust API.
fn expected_analysis(scorer: &Scorer, faces: &[u8]) -> FarkleRollAnalysis {
    let dice = FaceCounts::from_faces(faces, usize::from(scorer.rules().dice_count)).unwrap();
    let a = scorer.analyze(dice).unwrap();
    let mut taken = 0;
    FarkleRollAnalysis {
        is_farkle: a.is_farkle,
        max_points: a.max_points,
        best_selection_mask: a.best_selection.pick_indices(faces, &mut taken).unwrap(),
        best_selection_counts: a.best_selection.0,
        scoring_dice_mask: faces
            .iter()
            .enumerate()
            .filter(|(_, &f)| a.scoring_faces & (1 << (f - 1)) != 0)
            .fold(0, |m, (i, _)| m | 1 << i),
    }
}

fn check_c_results(rules: &Rules, multisets: &[[u8; 6]]) {
    let c_rules = FarkleRules::from(rules);
    let c_scorer = CScorer::new(&c_rules);
    let scorer = Scorer::new(rules).unwrap();
    for &c in multisets {
        for faces in orders(c) {
            let what = format!("{rules:?} {faces:?}");
            let want = expected_score(&scorer, &faces);
            // Garbage in the output first: every field must be written.
            let mut by_rules = MaybeUninit::<FarkleScore>::uninit();
            let mut analysis = MaybeUninit::<FarkleRollAnalysis>::uninit();
            let mut prepared = MaybeUninit::<FarkleRollAnalysis>::uninit();
            // SAFETY: valid pointers; the bytes are written before any is read.
            let (by_rules, analysis, prepared) = unsafe {
                by_rules.as_mut_ptr().write_bytes(0xA5, 1);
                assert_eq!(
                    farkle_score_selection(
                        &raw const c_rules,
                        faces.as_ptr(),
                        faces.len(),
                        by_rules.as_mut_ptr()
                    ),
                    FarkleStatus::Ok
                );
                assert_eq!(
                    farkle_roll_analyze(
                        &raw const c_rules,
                        faces.as_ptr(),
                        faces.len(),
                        analysis.as_mut_ptr()
                    ),
                    FarkleStatus::Ok
                );
                assert_eq!(
                    farkle_scorer_roll_analyze(
                        c_scorer.0,
                        faces.as_ptr(),
                        faces.len(),
                        prepared.as_mut_ptr()
                    ),
                    FarkleStatus::Ok
                );
                (
                    by_rules.assume_init(),
                    analysis.assume_init(),
                    prepared.assume_init(),
                )
            };
            assert_same_score(&score(&c_scorer, &faces), &want, &what);
            assert_same_score(&by_rules, &want, &what);
            let want = expected_analysis(&scorer, &faces);
            for got in [analysis, prepared] {
                assert_eq!(
                    (
                        got.is_farkle,
                        got.max_points,
                        got.best_selection_mask,
                        got.best_selection_counts,
                        got.scoring_dice_mask
                    ),
                    (
                        want.is_farkle,
                        want.max_points,
                        want.best_selection_mask,
                        want.best_selection_counts,
                        want.scoring_dice_mask
                    ),
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn c_results_match_their_definition_on_every_multiset_up_to_six_dice() {
    let multisets = all_multisets(6);
    for rules in rules_values() {
        let fits: Vec<[u8; 6]> = multisets
            .iter()
            .copied()
            .filter(|c| c.iter().sum::<u8>() <= rules.dice_count)
            .collect();
        check_c_results(&rules, &fits);
    }
}

#[test]
fn c_results_match_their_definition_with_twelve_dice() {
    let rules = Rules {
        dice_count: 12,
        ..Preset::Extended.rules()
    };
    // Every multiset of up to 12 dice with at most 3 of each face (4^6 of them), which
    // covers the partitions with the most combinations.
    let multisets: Vec<[u8; 6]> = reference::sub_multisets([3; 6])
        .into_iter()
        .filter(|c| c.iter().sum::<u8>() <= 12)
        .collect();
    check_c_results(&rules, &multisets);
}

/// `farkle_points` on one rules struct changed in place between calls (the quick path keys
/// on the struct's bytes): each call answers for the struct as it is then. A five scores what
/// `single_five` says; a game setting made invalid is refused, even right after a call that
/// took the quick path; more dice than the set, a bad face, NULL and empty selections get
/// the full path's answers.
#[test]
fn farkle_points_follows_a_struct_changed_in_place() {
    let points = |rules: &FarkleRules, faces: &[u8]| {
        let mut p = -1;
        // SAFETY: valid pointers.
        let status = unsafe { farkle_points(rules, faces.as_ptr(), faces.len(), &raw mut p) };
        (status, p)
    };
    let mut rules = FarkleRules::from(&Preset::Classic.rules());
    for round in 0..3 {
        rules.single_five = 50;
        rules.target_score = 10_000;
        assert_eq!(
            points(&rules, &[5]),
            (FarkleStatus::Ok, 50),
            "round {round}"
        );
        assert_eq!(points(&rules, &[5, 1]), (FarkleStatus::Ok, 150));
        rules.single_five = 75;
        assert_eq!(points(&rules, &[5]), (FarkleStatus::Ok, 75));
        assert_eq!(points(&rules, &[5, 1]), (FarkleStatus::Ok, 175));
        rules.target_score = -1;
        assert_eq!(points(&rules, &[5]), (FarkleStatus::InvalidRules, -1));
        rules.target_score = 10_000;
        assert_eq!(points(&rules, &[5]), (FarkleStatus::Ok, 75));
        rules.dice_count = 3;
        assert_eq!(points(&rules, &[5, 5, 5, 5]).0, FarkleStatus::TooManyDice);
        assert_eq!(points(&rules, &[5, 5, 5]), (FarkleStatus::Ok, 500));
        rules.dice_count = 6;
        assert_eq!(points(&rules, &[5, 7]).0, FarkleStatus::InvalidFace);
        assert_eq!(points(&rules, &[5, 0]).0, FarkleStatus::InvalidFace);
        assert_eq!(points(&rules, &[]), (FarkleStatus::Ok, 0));
        assert_eq!(points(&rules, &[2, 3]), (FarkleStatus::Ok, 0));
        let mut p = -1;
        // SAFETY: NULL faces with a count, and a NULL output: both refused.
        unsafe {
            assert_eq!(
                farkle_points(&raw const rules, std::ptr::null(), 1, &raw mut p),
                FarkleStatus::NullPointer
            );
            assert_eq!(
                farkle_points(&raw const rules, [5u8].as_ptr(), 1, std::ptr::null_mut()),
                FarkleStatus::NullPointer
            );
            assert_eq!(
                farkle_points(std::ptr::null(), [5u8].as_ptr(), 1, &raw mut p),
                FarkleStatus::NullPointer
            );
        }
        assert_eq!(p, -1);
    }
}

/// `farkle_points` from many threads at once, each with rules of its own (a five worth
/// 50 + 5k points on thread k) and more distinct structs than the quick path shares
/// process-wide: every call answers for its own thread's rules, whichever struct another
/// thread has just made the shared one. Each thread also switches to classic rules now and
/// then, so shared and thread-local structs keep changing under the others.
#[test]
fn farkle_points_answers_each_thread_for_its_own_rules() {
    const THREADS: usize = 12;
    const CALLS: usize = 3000;
    let barrier = std::sync::Barrier::new(THREADS);
    let wrong = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for k in 0..THREADS {
            let (barrier, wrong) = (&barrier, &wrong);
            scope.spawn(move || {
                let classic = FarkleRules::from(&Preset::Classic.rules());
                let mut own = classic;
                own.single_five = 50 + 5 * k as i32;
                barrier.wait();
                for call in 0..CALLS {
                    let (rules, five) = if call % 97 == 0 {
                        (&classic, 50)
                    } else {
                        (&own, own.single_five)
                    };
                    for (faces, want) in [
                        (&[5u8][..], five),
                        (&[5, 1][..], five + 100),
                        (&[1, 1, 1][..], 1000),
                        (&[2, 3][..], 0),
                    ] {
                        let mut p = -1;
                        // SAFETY: valid pointers.
                        let status = unsafe {
                            farkle_points(rules, faces.as_ptr(), faces.len(), &raw mut p)
                        };
                        if status != FarkleStatus::Ok || p != want {
                            wrong.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    assert_eq!(wrong.load(std::sync::atomic::Ordering::Relaxed), 0);
}

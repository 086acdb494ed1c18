// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Scores arbitrary dice under arbitrary rules values (valid or not) through the C entry
//! points, one-off and with a prepared scorer, and checks every answer against the slow
//! reference scorer of the tests.
//!
//! Rules come mostly from presets with a few fields set from a small palette of values, so
//! inputs often share rules and the library's scorer cache; raw rules (almost always invalid)
//! and extreme values are still drawn.

#![no_main]

use std::collections::HashMap;
use std::mem::MaybeUninit;
use std::ptr;

use farkle::ffi::error::FarkleStatus;
use farkle::ffi::scorer::*;
use farkle::ffi::scoring::*;
use farkle::Rules;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/reference/mod.rs"]
mod reference;

#[path = "common/mod.rs"]
mod common;

use common::{out, RulesSpec};

#[derive(Debug, Arbitrary)]
struct Input {
    rules: RulesSpec,
    faces: Vec<u8>,
    /// Capacity of the selections buffer.
    capacity: u16,
}

fuzz_target!(|input: Input| {
    let c_rules = input.rules.rules();
    let faces = &input.faces[..input.faces.len().min(16)];
    let (f, n) = (faces.as_ptr(), faces.len());
    // SAFETY (every call below): valid pointers and lengths.
    let score = out(|s| unsafe { farkle_score_selection(&c_rules, f, n, s) });
    let analysis = out(|a| unsafe { farkle_roll_analyze(&c_rules, f, n, a) });
    let capacity = usize::from(input.capacity % 800);
    let mut selections = vec![MaybeUninit::<FarkleSelection>::uninit(); capacity];
    let mut needed = usize::MAX;
    let listed = unsafe {
        farkle_roll_selections(
            &c_rules,
            f,
            n,
            selections.as_mut_ptr().cast(),
            capacity,
            &mut needed,
        )
    };
    let status = score.as_ref().err().copied().unwrap_or(FarkleStatus::Ok);
    assert_eq!(
        status,
        analysis.as_ref().err().copied().unwrap_or(FarkleStatus::Ok)
    );

    let Ok(rules) = Rules::try_from(&c_rules) else {
        assert_eq!(status, FarkleStatus::InvalidRules);
        assert_eq!(listed, FarkleStatus::InvalidRules);
        assert!(!common::rules_valid(&c_rules));
        let mut scorer = ptr::null_mut();
        let made = unsafe { farkle_scorer_new(&c_rules, &mut scorer) };
        assert_eq!(made, FarkleStatus::InvalidRules);
        assert!(scorer.is_null());
        return;
    };
    assert!(common::rules_valid(&c_rules));
    // The dice count is checked before the faces.
    let expected = if faces.len() > usize::from(rules.dice_count) {
        FarkleStatus::TooManyDice
    } else if faces.iter().any(|f| !(1..=6).contains(f)) {
        FarkleStatus::InvalidFace
    } else {
        FarkleStatus::Ok
    };
    assert_eq!(status, expected);

    // The prepared scorer answers exactly as the one-off calls.
    let mut scorer = ptr::null_mut();
    assert_eq!(
        unsafe { farkle_scorer_new(&c_rules, &mut scorer) },
        FarkleStatus::Ok
    );
    let prepared = out(|s| unsafe { farkle_scorer_score_selection(scorer, f, n, s) });
    let prepared_analysis = out(|a| unsafe { farkle_scorer_roll_analyze(scorer, f, n, a) });
    let mut needed2 = usize::MAX;
    let listed2 =
        unsafe { farkle_scorer_roll_selections(scorer, f, n, ptr::null_mut(), 0, &mut needed2) };
    unsafe { farkle_scorer_free(scorer) };
    assert_eq!(
        prepared.as_ref().err().copied().unwrap_or(FarkleStatus::Ok),
        expected
    );
    assert_eq!(
        prepared_analysis
            .as_ref()
            .err()
            .copied()
            .unwrap_or(FarkleStatus::Ok),
        expected
    );
    if expected != FarkleStatus::Ok {
        assert_eq!(listed, expected);
        assert_eq!(listed2, expected);
        assert_eq!(needed, usize::MAX, "out_count written on failure");
        return;
    }
    let (score, analysis) = (score.unwrap(), analysis.unwrap());
    let (prepared, prepared_analysis) = (prepared.unwrap(), prepared_analysis.unwrap());
    assert_eq!(score.points, prepared.points);
    assert_eq!(score.valid, prepared.valid);
    assert_eq!(analysis.max_points, prepared_analysis.max_points);
    assert_eq!(
        analysis.best_selection_mask,
        prepared_analysis.best_selection_mask
    );

    let mut counts = [0u8; 6];
    for &f in faces {
        counts[usize::from(f - 1)] += 1;
    }
    let mut memo = HashMap::new();
    let expected = reference::reference_memo(&rules, counts, &mut memo);
    assert_eq!(score.valid, expected.is_some(), "{rules:?} {faces:?}");
    assert_eq!(
        i64::from(score.points),
        expected.unwrap_or(0),
        "{rules:?} {faces:?}"
    );
    if score.valid {
        let combos = &score.combinations[..score.combination_count];
        assert_eq!(
            combos.iter().map(|c| i64::from(c.points)).sum::<i64>(),
            i64::from(score.points)
        );
    }

    // Every scoring sub-selection, its best, and the listing.
    let scoring: Vec<([u8; 6], i64)> = reference::sub_multisets(counts)
        .into_iter()
        .filter_map(|s| Some((s, reference::reference_memo(&rules, s, &mut memo)?)))
        .collect();
    let best = scoring.iter().map(|&(_, p)| p).max().unwrap_or(0);
    assert_eq!(i64::from(analysis.max_points), best, "{rules:?} {faces:?}");
    assert_eq!(analysis.is_farkle, scoring.is_empty());
    assert_eq!(needed2, scoring.len());
    if scoring.len() > capacity {
        assert_eq!(listed, FarkleStatus::BufferTooSmall);
        assert_eq!(needed, scoring.len());
    } else {
        assert_eq!(listed, FarkleStatus::Ok);
        assert_eq!(needed, scoring.len());
        for s in &selections[..needed] {
            // SAFETY: `needed` entries were written.
            let s = unsafe { s.assume_init() };
            let want = scoring
                .iter()
                .find(|(c, _)| *c == s.counts)
                .expect("a scoring selection");
            assert_eq!(i64::from(s.points), want.1);
        }
    }
});

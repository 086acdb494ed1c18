// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Scores arbitrary dice under arbitrary rules values (valid or not) through the C entry
//! points, and checks every answer against the slow reference scorer of the tests.

#![no_main]

use farkle::ffi::error::FarkleStatus;
use farkle::ffi::rules::FarkleRules;
use farkle::ffi::scoring::{
    farkle_roll_analyze, farkle_score_selection, FarkleRollAnalysis, FarkleScore,
};
use farkle::{Preset, Rules};
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/reference/mod.rs"]
mod reference;

/// Either raw rules (almost always invalid) or a preset with a few fields changed to small
/// values, so that valid custom rules are explored too.
#[derive(Debug, Arbitrary)]
enum RulesInput {
    Raw([u32; 28]),
    Tweaked {
        preset: u8,
        dice_count: u8,
        values: [(u8, u16); 4],
        flags: u8,
    },
}

#[derive(Debug, Arbitrary)]
struct Input {
    rules: RulesInput,
    faces: Vec<u8>,
}

fn rules_of(input: &RulesInput) -> FarkleRules {
    let preset = match input {
        RulesInput::Tweaked { preset, .. } => Preset::ALL[usize::from(*preset) % 6],
        RulesInput::Raw(_) => Preset::Classic,
    };
    let mut r = FarkleRules::from(&preset.rules());
    match input {
        RulesInput::Raw(v) => {
            r.dice_count = v[0];
            r.single_one = v[1] as i32;
            r.single_five = v[2] as i32;
            r.triple_ones = v[3] as i32;
            r.triple_face_multiplier = v[4] as i32;
            r.kind_scaling = v[5];
            r.four_of_a_kind = v[6] as i32;
            r.five_of_a_kind = v[7] as i32;
            r.six_of_a_kind = v[8] as i32;
            r.six_ones = v[9] as i32;
            r.straight = v[10] as i32;
            r.straight_low = v[11] as i32;
            r.straight_high = v[12] as i32;
            r.three_pairs = v[13] as i32;
            r.three_pairs_with_four_of_a_kind = v[14] & 1 == 1;
            r.four_of_a_kind_and_pair = v[15] as i32;
            r.two_triplets = v[16] as i32;
            r.full_house_bonus = v[17] as i32;
            r.no_score_set = v[18] as i32;
            r.min_entry_score = v[19] as i32;
            r.min_bank_score = v[20] as i32;
            r.target_score = v[21] as i32;
            r.final_round = v[22] & 1 == 1;
            r.turn_limit = v[23];
            r.farkle_penalty_streak = v[24];
            r.farkle_penalty_points = v[25] as i32;
            r.farkle_penalty_loses_all = v[26] & 1 == 1;
            r.hot_dice = v[27] & 1 == 1;
        }
        RulesInput::Tweaked {
            dice_count,
            values,
            flags,
            ..
        } => {
            r.dice_count = u32::from(*dice_count % 14);
            for &(field, value) in values {
                let value = i32::from(value);
                match field % 12 {
                    0 => r.single_one = value,
                    1 => r.single_five = value,
                    2 => r.triple_ones = value,
                    3 => r.triple_face_multiplier = value,
                    4 => r.kind_scaling = u32::from(value as u16 % 5),
                    5 => r.four_of_a_kind = value,
                    6 => r.six_ones = value,
                    7 => r.straight_low = value,
                    8 => r.three_pairs = value,
                    9 => r.four_of_a_kind_and_pair = value,
                    10 => r.full_house_bonus = value,
                    _ => r.no_score_set = value,
                }
            }
            r.three_pairs_with_four_of_a_kind ^= flags & 1 == 1;
        }
    }
    r
}

fuzz_target!(|input: Input| {
    let c_rules = rules_of(&input.rules);
    let faces = &input.faces[..input.faces.len().min(16)];
    let rules = Rules::try_from(&c_rules);
    let mut score = std::mem::MaybeUninit::<FarkleScore>::uninit();
    // SAFETY: valid pointers and lengths.
    let status =
        unsafe { farkle_score_selection(&c_rules, faces.as_ptr(), faces.len(), score.as_mut_ptr()) };
    let mut analysis = std::mem::MaybeUninit::<FarkleRollAnalysis>::uninit();
    // SAFETY: valid pointers and lengths.
    let analyzed = unsafe {
        farkle_roll_analyze(&c_rules, faces.as_ptr(), faces.len(), analysis.as_mut_ptr())
    };
    assert_eq!(status, analyzed);

    let Ok(rules) = rules else {
        assert_eq!(status, FarkleStatus::InvalidRules);
        return;
    };
    // The dice count is checked before the faces.
    if faces.len() > usize::from(rules.dice_count) {
        assert_eq!(status, FarkleStatus::TooManyDice);
        return;
    }
    if faces.iter().any(|f| !(1..=6).contains(f)) {
        assert_eq!(status, FarkleStatus::InvalidFace);
        return;
    }
    assert_eq!(status, FarkleStatus::Ok);
    // SAFETY: written on success.
    let (score, analysis) = unsafe { (score.assume_init(), analysis.assume_init()) };
    let mut counts = [0u8; 6];
    for &f in faces {
        counts[usize::from(f - 1)] += 1;
    }
    let expected = reference::reference(&rules, counts);
    assert_eq!(score.valid, expected.is_some(), "{rules:?} {faces:?}");
    assert_eq!(i64::from(score.points), expected.unwrap_or(0), "{rules:?} {faces:?}");
    let best = reference::sub_multisets(counts)
        .into_iter()
        .filter_map(|s| reference::reference(&rules, s))
        .max()
        .unwrap_or(0);
    assert_eq!(i64::from(analysis.max_points), best, "{rules:?} {faces:?}");
    assert_eq!(analysis.is_farkle, best == 0);
});

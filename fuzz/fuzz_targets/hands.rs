// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The dice-hands C functions with arbitrary pools, levels, caps, bonuses, hand numbers and
//! buffer sizes: documented statuses only, nothing written on failure, and on success a
//! partition whose numbers add up (hand scores, bonuses, the hand of each die).

#![no_main]

use std::mem::MaybeUninit;

use farkle::ffi::error::FarkleStatus;
use farkle::ffi::hands::*;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[path = "common/mod.rs"]
mod common;

use common::out;

#[derive(Debug, Arbitrary)]
struct Input {
    faces: Vec<u8>,
    /// Levels folded into 0..=cap unless `raw_levels`.
    levels: [u8; 13],
    raw_levels: bool,
    cap: u8,
    ability_bonus: u64,
    item_mult_bonus: u32,
    score_mult: u32,
    /// Small bonuses (the common case) unless set.
    raw_bonuses: bool,
    hands_capacity: u8,
    short_die_buffer: bool,
    hand: u32,
    level: u32,
    dice_count: u32,
}

fuzz_target!(|input: Input| {
    let faces = &input.faces[..input.faces.len().min(56)];
    let cap = u32::from(input.cap) % 110;
    let mut levels = FarkleHandLevels {
        levels: [0; 13],
        cap,
    };
    for (l, &v) in levels.levels.iter_mut().zip(&input.levels) {
        *l = if input.raw_levels {
            u32::from(v)
        } else {
            u32::from(v) % (cap + 1)
        };
    }
    let bonuses = if input.raw_bonuses {
        FarkleHandBonuses {
            ability_bonus: input.ability_bonus,
            item_mult_bonus: input.item_mult_bonus,
            score_mult: input.score_mult,
        }
    } else {
        FarkleHandBonuses {
            ability_bonus: input.ability_bonus % 1000,
            item_mult_bonus: input.item_mult_bonus % 500,
            score_mult: input.score_mult % 400,
        }
    };
    let capacity = usize::from(input.hands_capacity % 30);
    let mut hands = vec![MaybeUninit::<FarkleHand>::uninit(); capacity];
    let die_len = if input.short_die_buffer {
        faces.len().saturating_sub(1)
    } else {
        faces.len()
    };
    let mut hand_of_die = vec![0xAAu8; die_len];
    // SAFETY: buffers of the lengths given.
    let result = out(|r| unsafe {
        farkle_hands_score(
            faces.as_ptr(),
            faces.len(),
            &levels,
            &bonuses,
            hands.as_mut_ptr().cast(),
            capacity,
            hand_of_die.as_mut_ptr(),
            die_len,
            r,
        )
    });
    let bad_faces = faces.len() > 48 || faces.iter().any(|f| !(1..=6).contains(f));
    let bad_levels = cap > 100 || levels.levels.iter().any(|&l| l > cap);
    match result {
        Err(status) => {
            assert!(hand_of_die.iter().all(|&b| b == 0xAA), "written on failure");
            match status {
                FarkleStatus::InvalidFace | FarkleStatus::TooManyDice => assert!(bad_faces),
                FarkleStatus::HandLevelAboveCap => assert!(bad_levels),
                FarkleStatus::BufferTooSmall => {
                    assert!(!bad_faces && !bad_levels);
                    assert!(die_len < faces.len() || capacity < faces.len().max(2) / 2);
                }
                FarkleStatus::InvalidArgument => {
                    assert!(!bad_faces && !bad_levels);
                    assert!(input.raw_bonuses, "overflow with small bonuses");
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        Ok(r) => {
            assert!(!bad_faces && !bad_levels);
            assert!(r.hand_count <= capacity && r.hand_count <= FARKLE_HANDS_MAX_HANDS);
            assert_eq!(r.hand_count == 0, faces.is_empty());
            let hands: Vec<FarkleHand> = hands[..r.hand_count]
                .iter()
                // SAFETY: `hand_count` entries were written.
                .map(|h| unsafe { h.assume_init() })
                .collect();
            let mut used = [0u32; 6];
            let mut sum = 0u128;
            for (i, h) in hands.iter().enumerate() {
                let kind = h.kind as u32;
                assert!((1..=13).contains(&kind));
                let dice: u32 = h.counts.iter().map(|&c| u32::from(c)).sum();
                assert_eq!(dice, h.dice_count);
                let face_sum: u32 = (1..=6u32)
                    .zip(h.counts)
                    .map(|(f, c)| f * u32::from(c))
                    .sum();
                assert_eq!(face_sum, h.dice_sum);
                if h.kind != FarkleHandKind::FullHouse {
                    let want =
                        (u128::from(h.base) + u128::from(h.dice_sum)) * u128::from(h.mult) / 100;
                    assert_eq!(u128::from(h.score), want, "{h:?}");
                }
                if i > 0 {
                    let p = &hands[i - 1];
                    assert!(
                        p.score > h.score || (p.score == h.score && p.kind as u32 >= kind),
                        "order: {p:?} {h:?}"
                    );
                }
                for (u, c) in used.iter_mut().zip(h.counts) {
                    *u += u32::from(c);
                }
                sum += u128::from(h.score);
                // The dice marked with this hand are its dice.
                let mut marked = [0u8; 6];
                for (d, &slot) in faces.iter().zip(&hand_of_die) {
                    if usize::from(slot) == i {
                        marked[usize::from(d - 1)] += 1;
                    }
                }
                assert_eq!(marked, h.counts);
            }
            for (f, &u) in used.iter().enumerate() {
                let have = faces.iter().filter(|&&d| usize::from(d) == f + 1).count() as u32;
                assert!(u <= have, "hands use dice the pool lacks");
            }
            for &slot in &hand_of_die {
                assert!(slot == FARKLE_HANDS_NO_HAND || usize::from(slot) < r.hand_count);
            }
            assert_eq!(u128::from(r.hands_total), sum);
            let t = (sum + u128::from(bonuses.ability_bonus))
                * (100 + u128::from(bonuses.item_mult_bonus))
                / 100;
            let t = t * u128::from(bonuses.score_mult) / 100;
            assert_eq!(u128::from(r.total), t);
        }
    }

    // The per-hand functions with arbitrary numbers.
    let hand = input.hand % 16;
    let known = (1..=13).contains(&hand);
    // SAFETY: static strings; valid out pointers.
    unsafe {
        assert_eq!(
            farkle_hands_name(input.hand).is_null(),
            !(1..=13).contains(&input.hand)
        );
        let cost = out(|c| farkle_hands_upgrade_cost(&levels, hand, c));
        match cost {
            Ok(c) => {
                assert!(known && !bad_levels && levels.levels[hand as usize - 1] < cap && c >= 5)
            }
            Err(FarkleStatus::UnknownHand) => assert!(!known),
            Err(FarkleStatus::HandLevelAboveCap) => assert!(known),
            Err(other) => panic!("unexpected {other:?}"),
        }
        let mut base = 0u64;
        let mut mult = 0u32;
        let s = farkle_hands_base_mult(
            hand,
            input.level % 128,
            input.dice_count % 64,
            &mut base,
            &mut mult,
        );
        match s {
            FarkleStatus::Ok => assert!(known && input.level % 128 <= 100),
            FarkleStatus::UnknownHand => assert!(!known),
            FarkleStatus::HandLevelAboveCap => assert!(input.level % 128 > 100),
            FarkleStatus::InvalidArgument => {
                assert_eq!(hand, FarkleHandKind::XOfAKind as u32);
                assert!(!(3..=48).contains(&(input.dice_count % 64)));
            }
            other => panic!("unexpected {other:?}"),
        }
    }
});

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Arbitrary bytes as a saved two-player table (`farkle_win_table_from_buffer`), and real
//! tables with bytes changed — in the header, the rules, the values — with the checksum
//! recomputed or not, and cut short. Whatever loads must answer every query with documented
//! statuses and probabilities in [0, 1], and save back to the same bytes; whatever does not
//! load must be refused with a documented status, creating nothing. Two small real tables
//! are solved once: three dice to 500 without a final round, and with a final round and a
//! farkle penalty.

#![no_main]

use std::ptr;
use std::sync::OnceLock;

use farkle::ffi::error::FarkleStatus;
use farkle::ffi::rules::{farkle_rules_preset, FarkleRules};
use farkle::ffi::win_table::*;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[path = "common/mod.rs"]
mod common;

use common::{out, table_bytes};

#[derive(Debug, Arbitrary)]
enum Bytes {
    /// Anything at all.
    Raw(Vec<u8>),
    /// A real table (0 or 1) with bytes set at offsets, perhaps cut short, perhaps with the
    /// checksum recomputed so that the change reaches the checks behind it.
    Edited {
        base: bool,
        edits: Vec<(u32, u8)>,
        cut: Option<u32>,
        fix_checksum: bool,
    },
}

#[derive(Debug, Arbitrary)]
struct Input {
    bytes: Bytes,
    queries: Vec<(i32, u8, u32, i32, u8, u32, i32, u32, Vec<u8>)>,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn small(final_round_and_penalty: bool) -> FarkleRules {
    let mut r = out(|r| unsafe { farkle_rules_preset(0, r) }).expect("classic");
    r.dice_count = 3;
    r.target_score = 500;
    r.min_entry_score = 0;
    r.final_round = u8::from(final_round_and_penalty);
    if final_round_and_penalty {
        r.farkle_penalty_streak = 3;
        r.farkle_penalty_points = 100;
    }
    r
}

fn bases() -> &'static [Vec<u8>; 2] {
    static BASES: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    BASES.get_or_init(|| {
        [false, true].map(|hard| {
            let rules = small(hard);
            let mut t: *mut FarkleWinTable = ptr::null_mut();
            // SAFETY: valid pointers.
            let s = unsafe { farkle_win_table_solve(&rules, None, ptr::null_mut(), &mut t) };
            assert_eq!(s, FarkleStatus::Ok);
            let bytes = table_bytes(t);
            // SAFETY: from farkle_win_table_solve, freed once.
            unsafe { farkle_win_table_free(t) };
            bytes
        })
    })
}

fuzz_target!(|input: Input| {
    let bytes = match input.bytes {
        Bytes::Raw(b) => b,
        Bytes::Edited {
            base,
            edits,
            cut,
            fix_checksum,
        } => {
            let mut b = bases()[usize::from(base)].clone();
            for (at, v) in edits.iter().take(8) {
                let i = *at as usize % b.len();
                b[i] = *v;
            }
            if fix_checksum {
                let n = b.len() - 8;
                let sum = fnv1a(&b[..n]);
                b[n..].copy_from_slice(&sum.to_le_bytes());
            }
            if let Some(cut) = cut {
                b.truncate(cut as usize % (b.len() + 1));
            }
            b
        }
    };
    let mut t: *mut FarkleWinTable = ptr::null_mut();
    // SAFETY: a buffer of bytes.len() bytes and a writable out pointer.
    let s = unsafe { farkle_win_table_from_buffer(bytes.as_ptr(), bytes.len(), &mut t) };
    match s {
        FarkleStatus::Ok => {}
        FarkleStatus::BadTableFile
        | FarkleStatus::InvalidRules
        | FarkleStatus::Unsupported
        | FarkleStatus::ResourceLimit => {
            assert!(t.is_null());
            return;
        }
        other => panic!("from_buffer: {other:?}"),
    }
    // A loaded table saves back to exactly its bytes (a version 1 file saves as version 2,
    // which must load to the same table).
    let saved = table_bytes(t);
    if bytes[8..12] == 1u32.to_le_bytes() {
        let mut again: *mut FarkleWinTable = ptr::null_mut();
        // SAFETY: a buffer of saved.len() bytes and a writable out pointer.
        let s = unsafe { farkle_win_table_from_buffer(saved.as_ptr(), saved.len(), &mut again) };
        assert_eq!(s, FarkleStatus::Ok);
        assert_eq!(table_bytes(again), saved);
        // SAFETY: from farkle_win_table_from_buffer, freed once.
        unsafe { farkle_win_table_free(again) };
    } else {
        assert_eq!(saved, bytes);
    }
    // SAFETY (below): a live table, valid pointers.
    let first = out(|x| unsafe { farkle_win_table_first_player_win_probability(t, x) });
    assert!((0.0..=1.0).contains(&first.expect("first player")));
    out(|x| unsafe { farkle_win_table_compensation(t, x) }).expect("compensation");
    for q in input.queries.iter().take(8) {
        let me = FarklePlayer {
            score: q.0,
            on_board: q.1,
            farkles: q.2,
        };
        let opponent = FarklePlayer {
            score: q.3,
            on_board: q.4,
            farkles: q.5,
        };
        let state = FarkleTurnState {
            me,
            opponent,
            turn_total: q.6,
            dice: q.7,
        };
        match out(|d| unsafe { farkle_win_table_decision(t, &state, d) }) {
            Ok(d) => {
                assert!((0.0..=1.0).contains(&d.roll_win_probability));
                assert!((0.0..=1.0).contains(&d.bank_win_probability));
                assert!(d.bank_allowed || !d.bank);
            }
            Err(s) => assert_eq!(s, FarkleStatus::InvalidArgument),
        }
        let faces = &q.8[..q.8.len().min(8)];
        match out(|c| unsafe {
            farkle_win_table_best_choice(t, &me, &opponent, q.6, faces.as_ptr(), faces.len(), c)
        }) {
            Ok(c) => {
                assert!((0.0..=1.0).contains(&c.value));
                assert!(c.farkle || c.turn_total == q.6 + c.points);
            }
            Err(s) => assert!(matches!(
                s,
                FarkleStatus::InvalidArgument
                    | FarkleStatus::InvalidFace
                    | FarkleStatus::TooManyDice
            )),
        }
    }
    // SAFETY: from farkle_win_table_from_buffer, freed once.
    unsafe { farkle_win_table_free(t) };
});

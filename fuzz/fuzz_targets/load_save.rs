// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Arbitrary bytes loaded as a saved game. Besides the bytes as they are, the target also loads
//! them with the `checksum` field recomputed, so that damaged but well-formed saves get past
//! the checksum and exercise the replay. Whatever loads must be a consistent game whose own
//! save round-trips.

#![no_main]

use farkle::ffi::game::farkle_game_free;
use libfuzzer_sys::fuzz_target;

#[path = "common/mod.rs"]
mod common;

/// FNV-1a, 64-bit: the checksum the save format documents for its body.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

const FIELD: &[u8] = b",\"checksum\":\"";

/// `bytes` with the checksum field (the last `,"checksum":"..."`) replaced by one computed
/// over the rest, as the library computes it over a body it wrote itself.
fn with_fixed_checksum(bytes: &[u8]) -> Option<Vec<u8>> {
    let start = bytes.windows(FIELD.len()).rposition(|w| w == FIELD)?;
    let value_end = start
        + FIELD.len()
        + bytes[start + FIELD.len()..]
            .iter()
            .position(|&b| b == b'"')?;
    let mut body = bytes[..start].to_vec();
    body.extend_from_slice(&bytes[value_end + 1..]);
    let sum = format!("fnv1a64:{:016x}", fnv1a64(&body));
    let mut fixed = bytes[..start + FIELD.len()].to_vec();
    fixed.extend_from_slice(sum.as_bytes());
    fixed.extend_from_slice(&bytes[value_end..]);
    Some(fixed)
}

fn try_load(bytes: &[u8]) -> bool {
    match common::load(bytes) {
        Ok(game) => {
            let text = common::check_game(game);
            common::check_round_trip(&text);
            // SAFETY: from farkle_game_load, freed once.
            unsafe { farkle_game_free(game) };
            true
        }
        Err(_) => false,
    }
}

fuzz_target!(|bytes: &[u8]| {
    try_load(bytes);
    if let Some(fixed) = with_fixed_checksum(bytes) {
        if fixed != bytes {
            try_load(&fixed);
        }
    }
});

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Solved policies handed between two instances of the module: the npm package's worker
//! solves a turn policy, a penalty policy or a game's advice and posts the bytes these
//! functions write; the calling thread rebuilds the same object from them (see
//! `crate::strategy::transfer`). Not C interface: the bytes are read only by this build.
//!
//! Every function returns a FarkleStatus and writes nothing on an error, as the C interface
//! does. Bytes written are one block from farkle_wasm_alloc(): `*out_bytes` and its size
//! `*out_len`; the host frees it with farkle_wasm_free(bytes, len).

use std::ffi::c_void;
use std::sync::Arc;

use crate::ffi::boundary::{arg, out, slice, Handle, Out, Outcome};
use crate::ffi::error::FarkleStatus;
use crate::ffi::game::{with_game, FarkleGame};
use crate::ffi::progress::{with_progress, FarkleProgressFn};
use crate::ffi::rules::FarkleRules;
use crate::ffi::turn_policy::{FarklePenaltyPolicy, FarkleTurnPolicy};
use crate::rules::Rules;
use crate::strategy::transfer::{Reader, Writer};
use crate::strategy::{Advisor, Odds, PenaltyPolicy, SingleTurn};

/// Hands `bytes` to the host as one block of farkle_wasm_alloc().
pub(super) fn hand_over(bytes: &[u8], out_bytes: Out<*mut u8>, out_len: Out<usize>) -> Outcome {
    let block = super::farkle_wasm_alloc(bytes.len());
    if block.is_null() {
        return Err(crate::ffi::error::fail(
            FarkleStatus::ResourceLimit,
            "no memory for the solved policy's bytes",
        ));
    }
    // SAFETY: a fresh block of at least bytes.len() bytes, not overlapping `bytes`.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), block, bytes.len()) };
    out_bytes.write(block);
    out_len.write(bytes.len());
    Ok(())
}

/// The values of a turn policy.
///
/// # Safety
/// `policy` a live policy; `out_bytes` and `out_len` writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_turn_policy_save(
    policy: *const FarkleTurnPolicy,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (policy, bytes, len) =
            unsafe { (FarkleTurnPolicy::from_ptr(policy)?, out(out_bytes)?, out(out_len)?) };
        let mut w = Writer::default();
        policy.policy().write_values(&mut w);
        hand_over(&w.bytes, bytes, len)
    }
}

/// The turn policy of `rules` that farkle_wasm_turn_policy_save() wrote as `bytes`.
///
/// # Safety
/// `rules` readable; `bytes` readable for `len` bytes; `out_policy` writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_turn_policy_load(
    rules: *const FarkleRules,
    bytes: *const u8,
    len: usize,
    out_policy: *mut *mut FarkleTurnPolicy,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (rules, bytes, out) =
            unsafe { (Rules::try_from(arg(rules)?)?, slice(bytes, len)?, out(out_policy)?) };
        let mut r = Reader::new(bytes);
        let policy = SingleTurn::read_values(&Odds::new(&rules)?, &mut r)?;
        r.finish()?;
        FarkleTurnPolicy::of(policy).into_out(out);
        Ok(())
    }
}

/// The values of a penalty policy.
///
/// # Safety
/// `policy` a live policy; `out_bytes` and `out_len` writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_penalty_policy_save(
    policy: *const FarklePenaltyPolicy,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (policy, bytes, len) =
            unsafe { (FarklePenaltyPolicy::from_ptr(policy)?, out(out_bytes)?, out(out_len)?) };
        let mut w = Writer::default();
        policy.policy().write_values(&mut w);
        hand_over(&w.bytes, bytes, len)
    }
}

/// The penalty policy of `rules` that farkle_wasm_penalty_policy_save() wrote as `bytes`.
///
/// # Safety
/// `rules` readable; `bytes` readable for `len` bytes; `out_policy` writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_penalty_policy_load(
    rules: *const FarkleRules,
    bytes: *const u8,
    len: usize,
    out_policy: *mut *mut FarklePenaltyPolicy,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (rules, bytes, out) =
            unsafe { (Rules::try_from(arg(rules)?)?, slice(bytes, len)?, out(out_policy)?) };
        let mut r = Reader::new(bytes);
        let policy = PenaltyPolicy::read_values(&Odds::new(&rules)?, &mut r)?;
        r.finish()?;
        FarklePenaltyPolicy::of(policy, rules.dice_count).into_out(out);
        Ok(())
    }
}

/// Solves what farkle_game_prepare_advice() solves for a game of `rules`, with progress as
/// it reports it, and writes it for farkle_wasm_game_load_advice().
///
/// # Safety
/// `rules` readable; `progress` a valid function or NULL; `out_bytes` and `out_len`
/// writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_advice_solve(
    rules: *const FarkleRules,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (rules, bytes, len) =
            unsafe { (Rules::try_from(arg(rules)?)?, out(out_bytes)?, out(out_len)?) };
        // SAFETY: the caller's promise for the progress function.
        let advisor = unsafe {
            with_progress(progress, user, |report| {
                Ok(Advisor::single_turn_with_progress(&rules, report)?)
            })
        }?;
        let mut w = Writer::default();
        advisor.write_values(&mut w);
        hand_over(&w.bytes, bytes, len)
    }
}

/// Prepares `game` for advice (as farkle_game_prepare_advice() does) with what
/// farkle_wasm_advice_solve() wrote for the game's rules; a game prepared already is left as
/// it is. Errors as farkle_game_prepare_advice()'s (FARKLE_STATUS_WRONG_PHASE while it
/// runs), and FARKLE_STATUS_BAD_TABLE_FILE for bytes that do not fit the game's rules.
///
/// # Safety
/// `game` a live game; `bytes` readable for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_game_load_advice(
    game: *mut FarkleGame,
    bytes: *const u8,
    len: usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise.
        let bytes = unsafe { slice(bytes, len)? };
        // SAFETY: the caller's promise for the game.
        unsafe {
            with_game(game, |h| {
                if h.advisor.get().is_none() {
                    let advisor = Advisor::read_values(h.game.rules(), bytes)?;
                    h.advisor.get_or_init(|| Arc::new(advisor));
                }
                Ok(())
            })
        }
    }
}

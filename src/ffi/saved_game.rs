// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Saving a game to JSON text and loading it back, from C.

use std::ffi::{c_char, CString};

use crate::ffi::error::{write_c_string, FarkleStatus};
use crate::ffi::game::{slice, FarkleGame};
use crate::game::Game;
use crate::saved_game::{LoadError, SAVE_VERSION};

/// The saved-game format version this library writes and reads.
pub const FARKLE_SAVE_VERSION: u32 = 1;
const _: () = assert!(FARKLE_SAVE_VERSION as u64 == SAVE_VERSION);

/// Saves the whole game (rules, players, dice source and generator position, scores, the
/// current turn and the event log) as a NUL-terminated JSON text with
/// `"format": "farkle-save"` and `"version": 1`. farkle_game_load() gives back a game that
/// continues identically.
///
/// On success `*out_text` receives a string owned by the caller, to be freed with
/// farkle_string_free(). Errors (nothing written): FARKLE_STATUS_NULL_POINTER.
///
/// A seeded game's save holds its seed, so whoever reads it can predict the game's dice.
///
/// # Safety
/// `game` must be NULL or a live game; `out_text` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_save(
    game: *const FarkleGame,
    out_text: *mut *mut c_char,
) -> FarkleStatus {
    ffi_boundary! {
        let g = try_ref!(game);
        let out = try_out!(out_text);
        let text = CString::new(g.game.save()).expect("JSON escapes NUL");
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(text.into_raw()) };
        FarkleStatus::Ok
    }
}

/// Loads a saved game from `len` bytes at `text` (need not be NUL-terminated; read during the
/// call only). The game is rebuilt by replaying the saved actions, so a loaded game is always
/// consistent and continues exactly as the saved one would have.
///
/// On success `*out_game` receives a new game owned by the caller (free it with
/// farkle_game_free()). Errors (nothing written to `out_game`): FARKLE_STATUS_NULL_POINTER
/// (out_game, or text with len > 0), FARKLE_STATUS_INVALID_SAVE (not UTF-8, not JSON,
/// truncated, a field missing or unknown, a checksum or replay mismatch, a player name with a
/// NUL character), FARKLE_STATUS_UNSUPPORTED_SAVE_VERSION. On these errors, when `out_message`
/// is not NULL, a NUL-terminated English explanation is written to it (truncated to
/// `message_len` bytes, terminator included).
///
/// # Safety
/// `text` must be NULL or readable for `len` bytes; `out_message` NULL or writable for
/// `message_len` bytes; `out_game` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_load(
    text: *const c_char,
    len: usize,
    out_message: *mut c_char,
    message_len: usize,
    out_game: *mut *mut FarkleGame,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller promises `len` readable bytes.
        let bytes = match unsafe { slice(text.cast::<u8>(), len) } {
            Ok(b) => b,
            Err(status) => return status,
        };
        let out = try_out!(out_game);
        if out_message.is_null() && message_len != 0 {
            return FarkleStatus::NullPointer;
        }
        let fail = |status, message: String| {
            // SAFETY: the caller promises `message_len` writable bytes.
            unsafe { write_c_string(&message, out_message, message_len) };
            status
        };
        let game = match Game::load_bytes(bytes) {
            Ok(game) => game,
            Err(e @ LoadError::Invalid(_)) => return fail(FarkleStatus::InvalidSave, e.to_string()),
            Err(e @ LoadError::UnsupportedVersion(_)) => {
                return fail(FarkleStatus::UnsupportedSaveVersion, e.to_string())
            }
        };
        let Some(handle) = FarkleGame::new(game) else {
            return fail(
                FarkleStatus::InvalidSave,
                "a player name contains a NUL character".to_owned(),
            );
        };
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out.write(Box::into_raw(Box::new(handle))) };
        FarkleStatus::Ok
    }
}

/// Frees a string this library returned to the caller (farkle_game_save()). NULL is a no-op.
/// Do not call twice, and do not pass strings from anywhere else (static strings such as
/// farkle_status_str()'s are never freed).
///
/// # Safety
/// `text` must be NULL or a string from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn farkle_string_free(text: *mut c_char) {
    if !text.is_null() {
        // SAFETY: the caller promises a string from CString::into_raw, freed once.
        drop(unsafe { CString::from_raw(text) });
    }
}

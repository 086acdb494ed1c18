// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Saving a game to JSON text and loading it back, from C.

use std::ffi::{c_char, CString};

use crate::ffi::boundary::{message_out, out, slice, Handle};
use crate::ffi::error::{fail, FarkleStatus};
use crate::ffi::game::FarkleGame;
use crate::game::saved_game::{LoadError, SAVE_MAX_BYTES, SAVE_VERSION};
use crate::game::Game;

/// The saved-game format version this library writes and reads.
pub const FARKLE_SAVE_VERSION: u32 = 1;
const _: () = assert!(FARKLE_SAVE_VERSION as u64 == SAVE_VERSION);

/// The longest saved-game text farkle_game_load() reads, in bytes (16 MiB); longer input is
/// refused unread with FARKLE_STATUS_RESOURCE_LIMIT. Real games are far smaller: 64 players
/// to 10,000 points save to under 1 MB, two players to about 25 KB.
pub const FARKLE_SAVE_MAX_BYTES: usize = 16_777_216;
const _: () = assert!(FARKLE_SAVE_MAX_BYTES == SAVE_MAX_BYTES);

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
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_text)?) };
        let text = CString::new(g.game.save()).expect("JSON escapes NUL");
        out.write(text.into_raw());
        Ok(())
    }
}

/// Loads a saved game from `len` bytes at `text` (need not be NUL-terminated; read during the
/// call only). The game is rebuilt by replaying the saved actions, so a loaded game is always
/// consistent and continues exactly as the saved one would have.
///
/// The text is read strictly: every field of the format is required, and an unknown field or
/// a key given twice, at any level (top level, rules, players, dice, each event, summary), is
/// refused; integers must be written as JSON integers (`1`, not `1.0`); objects must be JSON
/// objects and names of phases and scalings JSON strings. Whitespace, key order and string
/// escapes are free. At most FARKLE_SAVE_MAX_BYTES bytes are read; loading takes memory
/// linear in `len`: besides the text, about twice `len` for a real save and at most about four
/// times for any text.
///
/// On success `*out_game` receives a new game owned by the caller (free it with
/// farkle_game_free()). Errors (nothing written to `out_game`): FARKLE_STATUS_NULL_POINTER
/// (out_game, or text with len > 0), FARKLE_STATUS_RESOURCE_LIMIT (`len` is more than
/// FARKLE_SAVE_MAX_BYTES; nothing is read), FARKLE_STATUS_INVALID_SAVE (not UTF-8, not JSON,
/// truncated, a field missing, unknown or repeated, a value of the wrong type, a checksum or
/// replay mismatch, a player name with a NUL character),
/// FARKLE_STATUS_UNSUPPORTED_SAVE_VERSION (checked before the rest is read). On these errors a
/// NUL-terminated English explanation naming what is wrong (the field, the expected type, the
/// size and the limit) is kept for farkle_last_error_message() and, when `out_message` is not
/// NULL, written to it (truncated to `message_len` bytes, terminator included).
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
        // SAFETY: the caller's promises for the text and both outputs.
        let (bytes, message, out) = unsafe {
            (
                slice(text.cast::<u8>(), len)?,
                message_out(out_message, message_len)?,
                out(out_game)?,
            )
        };
        let loaded = Game::load_bytes(bytes)
            .map_err(|e| match e {
                LoadError::TooLarge { .. } => {
                    fail(FarkleStatus::ResourceLimit, format!("{e} (FARKLE_SAVE_MAX_BYTES)"))
                }
                e => FarkleStatus::from(e),
            })
            .and_then(|game| FarkleGame::new(game, FarkleStatus::InvalidSave));
        match loaded {
            Ok(handle) => {
                handle.into_out(out);
                Ok(())
            }
            Err(status) => Err(message.explain(status)),
        }
    }
}

/// Frees a string the library returned to the caller (farkle_game_save()); NULL does nothing.
/// Do not use it or free it again afterwards. Strings from anywhere else must not be passed
/// (static strings such as farkle_status_str()'s are never freed).
///
/// # Safety
/// `text` must be NULL or a string from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn farkle_string_free(text: *mut c_char) {
    if !text.is_null() {
        // SAFETY: the caller promises a string from CString::into_raw, freed once.
        ffi_guard!((), drop(unsafe { CString::from_raw(text) }));
    }
}

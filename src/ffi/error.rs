// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Status codes returned by every fallible C function, and their messages.

use std::cell::{Cell, RefCell};
use std::ffi::{c_char, CString};

use crate::dice::DiceError;
use crate::rules::RulesError;

/// What a call did. Every fallible function returns one; anything but FARKLE_STATUS_OK means
/// nothing was written and nothing changed. The numbers never change; new codes are appended.
#[repr(C)]
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarkleStatus {
    /// Success.
    Ok = 0,
    /// An internal error (a Rust panic) was caught at the boundary; nothing was changed.
    /// Please report it.
    Panic = 1,
    /// A required pointer argument was NULL (or a buffer was NULL with a non-zero length).
    NullPointer = 2,
    /// An argument is out of its documented range.
    InvalidArgument = 3,
    /// A die value is outside 1..=6.
    InvalidFace = 4,
    /// More dice were given than the rules' set holds.
    TooManyDice = 5,
    /// The preset number is not one of the FARKLE_PRESET_* values.
    UnknownPreset = 6,
    /// The rules value makes no sense; farkle_rules_validate() says why.
    InvalidRules = 7,
    /// The output buffer is too small; the call says how large it must be.
    BufferTooSmall = 8,
    /// The game is not in a phase that allows this call (farkle_game_state() tells the phase
    /// and what is allowed; farkle_game_last_error() says why).
    WrongPhase = 9,
    /// A die index is not an index into the current roll, or an index into a list is past
    /// its end.
    IndexOutOfRange = 10,
    /// The same die index was given twice.
    DuplicateIndex = 11,
    /// The selected dice do not score as a whole, or no dice were selected;
    /// farkle_game_last_error() says which dice are left over.
    InvalidSelection = 12,
    /// The player is not on the board yet and the turn is below the minimum entry score.
    BelowMinimumEntry = 13,
    /// The turn is below the minimum bank score.
    BelowMinimumBank = 14,
    /// The game is over: no more actions.
    GameOver = 15,
    /// No player has this number.
    UnknownPlayer = 16,
    /// The saved-game text is malformed, truncated, not UTF-8, or was changed, or it breaks
    /// the format's strict reading (an unknown or repeated field, a value of the wrong type).
    InvalidSave = 17,
    /// The saved game was written by a version of the format this library does not read.
    UnsupportedSaveVersion = 18,
    /// Banking needs at least one die scored from the current roll.
    NothingToBank = 19,
    /// No selection was made since the last roll, so there is nothing to undo.
    NothingToUndo = 20,
    /// Every die of the hand has scored and the rules have no hot dice: bank (or undo).
    HandEmpty = 21,
    /// The game has no dice generator; roll with supplied dice.
    NoDiceGenerator = 22,
    /// The number of supplied dice differs from the dice in hand.
    WrongDiceCount = 23,
    /// The operating system's entropy source failed; nothing was changed.
    EntropyUnavailable = 24,
    /// The player has already left the game.
    PlayerDeparted = 25,
    /// A turn can be forfeited only when the player can neither roll nor bank.
    ForfeitNotAllowed = 26,
    /// The current turn has no roll yet.
    NoRoll = 27,
    /// The hand number is not one of the FARKLE_HAND_KIND_* values.
    UnknownHand = 28,
    /// A hand level is above its cap (or an upgrade would take it there, or the cap is
    /// above FARKLE_HANDS_MAX_LEVEL).
    HandLevelAboveCap = 29,
    /// The strategy solvers do not handle these (valid) rules: a turn limit, no target, a
    /// turn that could go on forever without risk, or a state space too large.
    Unsupported = 30,
    /// A saved strategy table is malformed, truncated, corrupted or of another version.
    BadTableFile = 31,
    /// Reading or writing a file failed.
    Io = 32,
    /// The call would need more memory or work than the library allows for it (a documented
    /// limit on an input or on the size of a computation); farkle_last_error_message() names
    /// the quantity and the limit. Nothing was allocated for it and nothing changed.
    ResourceLimit = 33,
    /// The caller's progress function returned false; the call stopped and changed nothing.
    Cancelled = 34,
}

impl FarkleStatus {
    /// The static message of this status.
    pub(crate) fn message(self) -> &'static str {
        match self {
            FarkleStatus::Ok => "success\0",
            FarkleStatus::Panic => "internal error (caught panic); nothing was changed\0",
            FarkleStatus::NullPointer => "a required pointer argument is NULL\0",
            FarkleStatus::InvalidArgument => "an argument is out of range\0",
            FarkleStatus::InvalidFace => "a die value is outside 1 to 6\0",
            FarkleStatus::TooManyDice => "more dice than the rules' set holds\0",
            FarkleStatus::UnknownPreset => "unknown rules preset\0",
            FarkleStatus::InvalidRules => "the rules value is invalid\0",
            FarkleStatus::BufferTooSmall => "the output buffer is too small\0",
            FarkleStatus::WrongPhase => "not allowed in the game's current phase\0",
            FarkleStatus::IndexOutOfRange => "index out of range\0",
            FarkleStatus::DuplicateIndex => "a die index is given twice\0",
            FarkleStatus::InvalidSelection => "the selected dice do not score as a whole\0",
            FarkleStatus::BelowMinimumEntry => "below the minimum score to get on the board\0",
            FarkleStatus::BelowMinimumBank => "below the minimum score to bank\0",
            FarkleStatus::GameOver => "the game is over\0",
            FarkleStatus::UnknownPlayer => "no such player\0",
            FarkleStatus::InvalidSave => "not a valid saved game\0",
            FarkleStatus::UnsupportedSaveVersion => "unsupported saved-game version\0",
            FarkleStatus::NothingToBank => "nothing scored in the current roll to bank\0",
            FarkleStatus::NothingToUndo => "no selection since the last roll to undo\0",
            FarkleStatus::HandEmpty => "no dice left in hand; bank the points\0",
            FarkleStatus::NoDiceGenerator => "the game has no dice generator; supply the dice\0",
            FarkleStatus::WrongDiceCount => "the number of dice differs from the dice in hand\0",
            FarkleStatus::EntropyUnavailable => "the operating system's entropy source failed\0",
            FarkleStatus::PlayerDeparted => "the player has left the game\0",
            FarkleStatus::ForfeitNotAllowed => "the turn cannot be forfeited now\0",
            FarkleStatus::NoRoll => "the current turn has no roll yet\0",
            FarkleStatus::UnknownHand => "unknown hand\0",
            FarkleStatus::HandLevelAboveCap => "a hand level is above its cap\0",
            FarkleStatus::Unsupported => "the strategy solver does not support these rules\0",
            FarkleStatus::BadTableFile => "not a valid strategy table file\0",
            FarkleStatus::Io => "reading or writing a file failed\0",
            FarkleStatus::ResourceLimit => "the call would exceed a resource limit\0",
            FarkleStatus::Cancelled => "cancelled by the progress function\0",
        }
    }

    /// Every status, in number order (used by the message lookup).
    const ALL: [FarkleStatus; 35] = [
        FarkleStatus::Ok,
        FarkleStatus::Panic,
        FarkleStatus::NullPointer,
        FarkleStatus::InvalidArgument,
        FarkleStatus::InvalidFace,
        FarkleStatus::TooManyDice,
        FarkleStatus::UnknownPreset,
        FarkleStatus::InvalidRules,
        FarkleStatus::BufferTooSmall,
        FarkleStatus::WrongPhase,
        FarkleStatus::IndexOutOfRange,
        FarkleStatus::DuplicateIndex,
        FarkleStatus::InvalidSelection,
        FarkleStatus::BelowMinimumEntry,
        FarkleStatus::BelowMinimumBank,
        FarkleStatus::GameOver,
        FarkleStatus::UnknownPlayer,
        FarkleStatus::InvalidSave,
        FarkleStatus::UnsupportedSaveVersion,
        FarkleStatus::NothingToBank,
        FarkleStatus::NothingToUndo,
        FarkleStatus::HandEmpty,
        FarkleStatus::NoDiceGenerator,
        FarkleStatus::WrongDiceCount,
        FarkleStatus::EntropyUnavailable,
        FarkleStatus::PlayerDeparted,
        FarkleStatus::ForfeitNotAllowed,
        FarkleStatus::NoRoll,
        FarkleStatus::UnknownHand,
        FarkleStatus::HandLevelAboveCap,
        FarkleStatus::Unsupported,
        FarkleStatus::BadTableFile,
        FarkleStatus::Io,
        FarkleStatus::ResourceLimit,
        FarkleStatus::Cancelled,
    ];
}

impl From<DiceError> for FarkleStatus {
    fn from(e: DiceError) -> Self {
        match e {
            DiceError::InvalidFace { .. } => FarkleStatus::InvalidFace,
            DiceError::TooManyDice { .. } => FarkleStatus::TooManyDice,
        }
    }
}

impl From<RulesError> for FarkleStatus {
    /// INVALID_RULES, with the reason recorded for farkle_last_error_message().
    fn from(e: RulesError) -> Self {
        fail(FarkleStatus::InvalidRules, e)
    }
}

/// A static, NUL-terminated English description of a status code. Any value is accepted:
/// unknown codes get "unknown status". The pointer is static; do not free it.
#[no_mangle]
pub extern "C" fn farkle_status_str(status: i32) -> *const c_char {
    let message = usize::try_from(status)
        .ok()
        .and_then(|i| FarkleStatus::ALL.get(i))
        .map_or("unknown status\0", |s| s.message());
    message.as_ptr().cast()
}

thread_local! {
    /// The explanation of this thread's most recent failed call.
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
    /// Whether the failing call in progress has already recorded a detailed explanation.
    static DETAIL_RECORDED: Cell<bool> = const { Cell::new(false) };
}

/// A C string of `text`, with any NUL byte (which C could not see past) replaced by a space.
pub(crate) fn c_string(text: &str) -> CString {
    CString::new(text.replace('\0', " ")).expect("no NUL left")
}

/// Records why the call in progress fails, for farkle_last_error_message(); returns `status`
/// so a body can `return fail(status, why)`. Only failure paths call it: a successful call
/// touches no thread-local state.
pub(crate) fn fail(status: FarkleStatus, why: impl std::fmt::Display) -> FarkleStatus {
    let text = c_string(&why.to_string());
    LAST_ERROR.with(|last| *last.borrow_mut() = text);
    DETAIL_RECORDED.with(|d| d.set(true));
    status
}

/// Called by the panic boundary with the status of every finished call: a failure that did
/// not record its own explanation gets the status's message.
#[inline]
pub(crate) fn record_outcome(status: FarkleStatus) -> FarkleStatus {
    if status != FarkleStatus::Ok {
        let detailed = DETAIL_RECORDED.with(|d| d.replace(false));
        if !detailed {
            let message = status.message();
            let text = CString::new(&message.as_bytes()[..message.len() - 1]).expect("no NUL");
            LAST_ERROR.with(|last| *last.borrow_mut() = text);
        }
    }
    status
}

/// Why the most recent call on this thread that returned a status other than
/// FARKLE_STATUS_OK failed: a NUL-terminated English sentence that names the argument or the
/// limit involved where the call knows it (for instance which quantity exceeded which limit
/// for FARKLE_STATUS_RESOURCE_LIMIT), else the status's message. An empty string when no call
/// has failed on this thread. Successful calls leave it unchanged. Every thread has its own;
/// the pointer is valid until the next failing call on this thread; do not free it. Calls on
/// a game also set farkle_game_last_error().
#[no_mangle]
pub extern "C" fn farkle_last_error_message() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().as_ptr())
}

/// Copies `text` into a caller's buffer of `len` bytes as a NUL-terminated string, truncated
/// to fit. Does nothing when `buf` is NULL or `len` is 0.
///
/// # Safety
/// `buf` must be NULL or writable for `len` bytes.
pub(crate) unsafe fn write_c_string(text: &str, buf: *mut c_char, len: usize) {
    if buf.is_null() || len == 0 {
        return;
    }
    let bytes = text.as_bytes();
    // Truncate on a character boundary so the C string stays valid UTF-8.
    let mut n = bytes.len().min(len - 1);
    while !text.is_char_boundary(n) {
        n -= 1;
    }
    // SAFETY: n + 1 <= len bytes are writable, per the caller.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf.cast::<u8>(), n);
        *buf.add(n) = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_truncated_on_character_boundaries() {
        let mut buf = [0x7f as c_char; 4];
        // "aé" is 3 bytes; a 3-byte buffer holds 2 bytes and the NUL: the é must not be split.
        // SAFETY: the buffer has 4 writable bytes.
        unsafe { write_c_string("aé", buf.as_mut_ptr(), 3) };
        assert_eq!(buf[0] as u8, b'a');
        assert_eq!(buf[1], 0);
        // SAFETY: as above.
        unsafe { write_c_string("aé", buf.as_mut_ptr(), 4) };
        assert_eq!(
            &buf[..4].iter().map(|&c| c as u8).collect::<Vec<_>>(),
            &[b'a', 0xc3, 0xa9, 0]
        );
    }

    #[test]
    fn numbers_match_positions_and_messages_are_terminated() {
        for (i, s) in FarkleStatus::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i);
            assert!(s.message().ends_with('\0'));
            assert_eq!(s.message().matches('\0').count(), 1);
        }
    }
}

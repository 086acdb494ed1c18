// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Status codes returned by every fallible C function, and their messages.

use std::cell::{Cell, RefCell};
use std::ffi::{c_char, CString};

use strum::{EnumIter, EnumMessage, IntoEnumIterator};

use crate::dice::DiceError;
use crate::game::saved_game::LoadError;
use crate::game::GameError;
use crate::hands::HandsError;
use crate::rules::RulesError;
use crate::strategy::{AdviceError, BotError, SimulationError, StrategyError};

/// What a call did. Every fallible function returns one; anything but FARKLE_STATUS_OK means
/// nothing changed and no output was written (except the count, message and game message
/// named at the top of this header). The numbers never change; new codes are appended.
#[repr(C)]
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleStatus {
    /// Success.
    #[strum(message = "success\0")]
    Ok = 0,
    /// An internal error (a Rust panic) was caught at the boundary; nothing was changed.
    /// Please report it.
    #[strum(message = "internal error (caught panic); nothing was changed\0")]
    Panic = 1,
    /// A required pointer argument was NULL (or a buffer was NULL with a non-zero length).
    #[strum(message = "a required pointer argument is NULL\0")]
    NullPointer = 2,
    /// An argument is out of its documented range.
    #[strum(message = "an argument is out of range\0")]
    InvalidArgument = 3,
    /// A die value is outside 1 to 6.
    #[strum(message = "a die value is outside 1 to 6\0")]
    InvalidFace = 4,
    /// More dice were given than the rules' set holds.
    #[strum(message = "more dice than the rules' set holds\0")]
    TooManyDice = 5,
    /// The preset number is not one of the FARKLE_PRESET_* values.
    #[strum(message = "unknown rules preset\0")]
    UnknownPreset = 6,
    /// The rules value makes no sense; farkle_rules_validate() says why.
    #[strum(message = "the rules value is invalid\0")]
    InvalidRules = 7,
    /// The output buffer is too small; the call says how large it must be.
    #[strum(message = "the output buffer is too small\0")]
    BufferTooSmall = 8,
    /// The game is not in a phase that allows this call (farkle_game_state() tells the phase
    /// and what is allowed; farkle_game_last_error() says why).
    #[strum(message = "not allowed in the game's current phase\0")]
    WrongPhase = 9,
    /// A die index is not an index into the current roll, or an index into a list is past
    /// its end.
    #[strum(message = "index out of range\0")]
    IndexOutOfRange = 10,
    /// The same die index was given twice.
    #[strum(message = "a die index is given twice\0")]
    DuplicateIndex = 11,
    /// The selected dice do not score as a whole, or no dice were selected;
    /// farkle_game_last_error() says which dice are left over.
    #[strum(message = "the selected dice do not score as a whole\0")]
    InvalidSelection = 12,
    /// The player is not on the board yet and the turn is below the minimum entry score.
    #[strum(message = "below the minimum score to get on the board\0")]
    BelowMinimumEntry = 13,
    /// The turn is below the minimum bank score.
    #[strum(message = "below the minimum score to bank\0")]
    BelowMinimumBank = 14,
    /// The game is over: no more actions.
    #[strum(message = "the game is over\0")]
    GameOver = 15,
    /// No player has this number.
    #[strum(message = "no such player\0")]
    UnknownPlayer = 16,
    /// The saved-game text is malformed, truncated, not UTF-8, or was changed, or it breaks
    /// the format's strict reading (an unknown or repeated field, a value of the wrong type).
    #[strum(message = "not a valid saved game\0")]
    InvalidSave = 17,
    /// The saved game was written by a version of the format this library does not read.
    #[strum(message = "unsupported saved-game version\0")]
    UnsupportedSaveVersion = 18,
    /// Banking needs at least one die scored from the current roll.
    #[strum(message = "nothing scored in the current roll to bank\0")]
    NothingToBank = 19,
    /// No selection was made since the last roll, so there is nothing to undo.
    #[strum(message = "no selection since the last roll to undo\0")]
    NothingToUndo = 20,
    /// Every die of the hand has scored and the rules have no hot dice: bank (or undo).
    #[strum(message = "no dice left in hand; bank the points\0")]
    HandEmpty = 21,
    /// The game has no dice generator; roll with supplied dice.
    #[strum(message = "the game has no dice generator; supply the dice\0")]
    NoDiceGenerator = 22,
    /// The number of supplied dice differs from the dice in hand.
    #[strum(message = "the number of dice differs from the dice in hand\0")]
    WrongDiceCount = 23,
    /// The operating system's entropy source failed; nothing was changed.
    #[strum(message = "the operating system's entropy source failed\0")]
    EntropyUnavailable = 24,
    /// The player has already left the game.
    #[strum(message = "the player has left the game\0")]
    PlayerDeparted = 25,
    /// A turn can be forfeited only when the player can neither roll nor bank.
    #[strum(message = "the turn cannot be forfeited now\0")]
    ForfeitNotAllowed = 26,
    /// The current turn has no roll yet.
    #[strum(message = "the current turn has no roll yet\0")]
    NoRoll = 27,
    /// The hand number is not one of the FARKLE_HAND_KIND_* values.
    #[strum(message = "unknown hand\0")]
    UnknownHand = 28,
    /// A hand level is above its cap (or an upgrade would take it there, or the cap is
    /// above FARKLE_HANDS_MAX_LEVEL).
    #[strum(message = "a hand level is above its cap\0")]
    HandLevelAboveCap = 29,
    /// The strategy solvers do not handle these (valid) rules: a turn limit, no target, a
    /// turn that could go on forever without risk, or a state space too large.
    #[strum(message = "the strategy solver does not support these rules\0")]
    Unsupported = 30,
    /// A saved strategy table is malformed, truncated, corrupted or of another version.
    #[strum(message = "not a valid strategy table file\0")]
    BadTableFile = 31,
    /// Reading or writing a file failed.
    #[strum(message = "reading or writing a file failed\0")]
    Io = 32,
    /// The call would need more memory or work than the library allows for it (a documented
    /// limit on an input or on the size of a computation); farkle_last_error_message() names
    /// the quantity and the limit. Nothing was allocated for it and nothing changed.
    #[strum(message = "the call would exceed a resource limit\0")]
    ResourceLimit = 33,
    /// The caller's progress function returned false; the call stopped and changed nothing.
    #[strum(message = "cancelled by the progress function\0")]
    Cancelled = 34,
    /// The rules' exact target refuses this bank: it would take the score past the target
    /// (FARKLE_EXACT_TARGET_REFUSE); roll on instead.
    #[strum(message = "banking would pass the exact target\0")]
    BankNotAllowed = 35,
}

impl FarkleStatus {
    /// The static message of this status, NUL-terminated.
    pub(crate) fn message(self) -> &'static str {
        self.get_message().expect("every status has a message")
    }
}

/// A C enum: its number and, when its values have names, each one's static C string. Every
/// value comes from the enum's one declaration (`EnumIter`, `EnumMessage` with a
/// NUL-terminated message per variant), so numbers, the list of values and the names cannot
/// drift apart.
pub(crate) trait CEnum: Copy + IntoEnumIterator + EnumMessage + 'static {
    /// The value's number, as C sees it.
    fn number(self) -> u32;

    /// The value with this number, if any.
    fn from_number(number: u32) -> Option<Self> {
        Self::iter().find(|v| v.number() == number)
    }

    /// The static NUL-terminated name of the value with this number, NULL for any other
    /// number: the one convention of every `farkle_*_name()` function.
    fn c_name_of(number: u32) -> *const c_char {
        Self::from_number(number)
            .and_then(|v| v.get_message())
            .map_or(std::ptr::null(), |m| m.as_ptr().cast())
    }
}

/// Declares C enums as [`CEnum`]s.
macro_rules! c_enums {
    ($($t:ty),* $(,)?) => {
        $(impl $crate::ffi::error::CEnum for $t {
            fn number(self) -> u32 {
                self as u32
            }
        })*
    };
}

c_enums!(FarkleStatus);

/// Every core error's status, in one place. Converting an error records its explanation for
/// farkle_last_error_message() (`From<E>`); `From<&E>` only names the status.
macro_rules! status_map {
    ($($err:ty => |$e:ident| $status:expr;)*) => {
        $(
            impl From<&$err> for FarkleStatus {
                fn from($e: &$err) -> Self {
                    $status
                }
            }

            impl From<$err> for FarkleStatus {
                fn from(e: $err) -> Self {
                    fail(FarkleStatus::from(&e), e)
                }
            }
        )*
    };
}

status_map! {
    DiceError => |e| match e {
        DiceError::InvalidFace { .. } => FarkleStatus::InvalidFace,
        DiceError::TooManyDice { .. } => FarkleStatus::TooManyDice,
    };
    RulesError => |_e| FarkleStatus::InvalidRules;
    GameError => |e| match e {
        GameError::PlayerCount(_) => FarkleStatus::InvalidArgument,
        GameError::Rules(_) => FarkleStatus::InvalidRules,
        GameError::GameOver => FarkleStatus::GameOver,
        GameError::WrongPhase { .. } => FarkleStatus::WrongPhase,
        GameError::IndexOutOfRange { .. } => FarkleStatus::IndexOutOfRange,
        GameError::DuplicateIndex { .. } => FarkleStatus::DuplicateIndex,
        GameError::InvalidSelection(_) => FarkleStatus::InvalidSelection,
        GameError::BelowMinimumEntry { .. } => FarkleStatus::BelowMinimumEntry,
        GameError::BelowMinimumBank { .. } => FarkleStatus::BelowMinimumBank,
        GameError::NothingToBank => FarkleStatus::NothingToBank,
        GameError::NothingToUndo => FarkleStatus::NothingToUndo,
        GameError::HandEmpty => FarkleStatus::HandEmpty,
        GameError::NoDiceGenerator => FarkleStatus::NoDiceGenerator,
        GameError::WrongDiceCount { .. } => FarkleStatus::WrongDiceCount,
        GameError::InvalidDice(DiceError::InvalidFace { .. }) => FarkleStatus::InvalidFace,
        GameError::InvalidDice(DiceError::TooManyDice { .. }) => FarkleStatus::WrongDiceCount,
        GameError::Entropy(_) => FarkleStatus::EntropyUnavailable,
        GameError::UnknownPlayer { .. } => FarkleStatus::UnknownPlayer,
        GameError::PlayerDeparted(_) => FarkleStatus::PlayerDeparted,
        GameError::ForfeitNotAllowed => FarkleStatus::ForfeitNotAllowed,
        GameError::Position(_) => FarkleStatus::InvalidArgument,
        GameError::PastExactTarget { .. } => FarkleStatus::BankNotAllowed,
        GameError::NoPiggyback => FarkleStatus::WrongPhase,
    };
    LoadError => |e| match e {
        LoadError::Invalid(_) => FarkleStatus::InvalidSave,
        LoadError::UnsupportedVersion(_) => FarkleStatus::UnsupportedSaveVersion,
        LoadError::TooLarge { .. } => FarkleStatus::ResourceLimit,
    };
    StrategyError => |e| match e {
        StrategyError::Rules(_) => FarkleStatus::InvalidRules,
        StrategyError::UnboundedTurn | StrategyError::Unsupported(_) => {
            FarkleStatus::Unsupported
        }
        StrategyError::ResourceLimit(_) => FarkleStatus::ResourceLimit,
        StrategyError::Cancelled => FarkleStatus::Cancelled,
        StrategyError::OutOfRange(_) => FarkleStatus::InvalidArgument,
        StrategyError::BadFile(_) => FarkleStatus::BadTableFile,
        StrategyError::Io(_) => FarkleStatus::Io,
    };
    AdviceError => |e| match e {
        AdviceError::GameOver => FarkleStatus::GameOver,
        AdviceError::OtherRules => FarkleStatus::InvalidArgument,
        AdviceError::Strategy(e) => e.into(),
    };
    BotError => |e| match e {
        BotError::Advice(e) => e.into(),
        BotError::Game(e) => e.into(),
        BotError::RollLimit => FarkleStatus::ResourceLimit,
    };
    SimulationError => |e| match e {
        SimulationError::BotCount(_) => FarkleStatus::InvalidArgument,
        SimulationError::Game(GameError::Rules(_)) => FarkleStatus::InvalidRules,
        SimulationError::Game(_) => FarkleStatus::InvalidArgument,
        SimulationError::Bot { .. } | SimulationError::Endless(_) => FarkleStatus::ResourceLimit,
        SimulationError::Threads(_) => FarkleStatus::ResourceLimit,
        SimulationError::Cancelled => FarkleStatus::Cancelled,
        SimulationError::Strategy(s) => s.into(),
    };
    HandsError => |e| match e {
        HandsError::Dice(dice) => FarkleStatus::from(dice),
        HandsError::LevelAboveCap { .. } => FarkleStatus::HandLevelAboveCap,
        HandsError::InvalidKindSize { .. } | HandsError::Overflow => {
            FarkleStatus::InvalidArgument
        }
    };
}

/// A static, NUL-terminated English description of a status code. Any value is accepted:
/// unknown codes get "unknown status". The pointer is static; do not free it.
#[no_mangle]
pub extern "C" fn farkle_status_str(status: i32) -> *const c_char {
    ffi_guard!(
        c"unknown status".as_ptr(),
        u32::try_from(status)
            .ok()
            .and_then(FarkleStatus::from_number)
            .map_or(c"unknown status".as_ptr(), |s| s.message().as_ptr().cast())
    )
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

/// The explanation of `status` for the call in progress: the one it recorded with [`fail`],
/// or else the status's message (which is then recorded). A game copies it into its own
/// message; a message buffer gets a copy of it.
pub(crate) fn explanation(status: FarkleStatus) -> String {
    if !DETAIL_RECORDED.with(Cell::get) {
        let message = status.message();
        let _ = fail(status, &message[..message.len() - 1]);
    }
    LAST_ERROR.with(|last| last.borrow().to_string_lossy().into_owned())
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
        for (i, s) in FarkleStatus::iter().enumerate() {
            assert_eq!(s as usize, i);
            assert!(s.message().ends_with('\0'));
            assert_eq!(s.message().matches('\0').count(), 1);
        }
    }
}

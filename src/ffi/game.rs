// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleGame, the opaque game handle: creating and freeing games, the player's actions, and
//! the state a frontend or a bot reads.
//!
//! Threads: a FarkleGame may be used by one thread at a time (calls on one game must not
//! overlap; moving a game to another thread between calls is fine). Separate games are
//! independent and may be used from different threads at once.

use std::ffi::{c_char, CStr, CString};

use crate::dice::DiceError;
use crate::dice_source::DiceSource;
use crate::ffi::error::{c_string, fail, FarkleStatus};
use crate::ffi::rules::FarkleRules;
use crate::ffi::scoring::{FarkleSelection, FARKLE_MAX_DICE};
use crate::game::{Game, GameError, Phase, MAX_PLAYERS};
use crate::rules::Rules;

/// Most players in one game.
pub const FARKLE_MAX_PLAYERS: u32 = 64;
const _: () = assert!(FARKLE_MAX_PLAYERS as usize == MAX_PLAYERS);

/// A game: rules, players, dice, the current turn and the event log. Create one with
/// farkle_game_new(), farkle_game_new_with() or farkle_game_load(); free it with
/// farkle_game_free(). One thread at a time per game; separate games are independent.
pub struct FarkleGame {
    pub(crate) game: Game,
    /// NUL-terminated copies of the player names, for farkle_game_player_name().
    names: Vec<Option<CString>>,
    /// The message of the last call on this game through a non-const pointer.
    last_error: CString,
    /// The single-turn advisor for the game's rules, solved on first use (the rules of a
    /// game never change).
    pub(crate) advisor: std::sync::OnceLock<std::sync::Arc<crate::strategy::Advisor>>,
}

/// What the game is waiting for (FarkleGameState.phase).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarkleGamePhase {
    /// The current player may roll; after a selection also bank (can_bank) or undo (can_undo).
    AwaitingRoll = 0,
    /// The last roll scores: the player must select dice from it (farkle_game_select(),
    /// farkle_game_select_mask(), or farkle_game_toggle() and farkle_game_confirm()).
    AwaitingSelection = 1,
    /// The last roll scored nothing; the player must call farkle_game_acknowledge_farkle().
    Farkled = 2,
    /// The game is over; farkle_game_winners() says who won.
    GameOver = 3,
}

/// Where a game's generated dice come from (the dice_source argument of
/// farkle_game_new_with(), passed as a uint32_t).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarkleDiceSource {
    /// A reproducible generator seeded with the seed argument: the same seed, rules and
    /// actions give the same game on every platform.
    Seeded = 0,
    /// Fresh operating-system entropy for every roll.
    Entropy = 1,
    /// No generator: every roll must be supplied with farkle_game_roll_dice().
    Supplied = 2,
}

/// The whole game's state at a glance (seed 002's GameState and the current RoundState).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleGameState {
    pub phase: FarkleGamePhase,
    /// Whose turn it is (after the game is over: whose turn was last).
    pub current_player: u32,
    /// 1 at the start; +1 each time play passes the end of the player list.
    pub round: u32,
    pub player_count: u32,
    /// Players who have not left.
    pub active_player_count: u32,
    /// Dice in the set.
    pub dice_count: u32,
    /// Round points: the sum of this turn's roll points, not yet banked (0 after a farkle).
    pub turn_points: i64,
    /// Points this turn lost to a farkle or a forfeit (0 otherwise).
    pub turn_forfeited_points: i64,
    /// Dice in hand: what the next roll rolls (while a selection is awaited: the dice rolled).
    pub dice_in_hand: u32,
    /// Hot dice so far this turn.
    pub turn_hot_dice: u32,
    /// Rolls so far this turn (see farkle_game_turn_roll()).
    pub turn_roll_count: usize,
    /// Dice toggled towards a selection of the current roll (bit i = the i-th die).
    pub pending_mask: u16,
    /// Whether a roll is allowed now (with supplied dice; a generated roll also needs
    /// has_generator).
    pub can_roll: bool,
    /// Whether the game has a dice generator (farkle_game_roll() works).
    pub has_generator: bool,
    /// Whether farkle_game_bank() would succeed now.
    pub can_bank: bool,
    /// Whether farkle_game_undo() would succeed now.
    pub can_undo: bool,
    /// Whether farkle_game_forfeit_turn() would succeed now.
    pub can_forfeit: bool,
    /// Whether someone has reached the target and the final round is on.
    pub final_round: bool,
    /// The player who started the final round (0 when final_round is false).
    pub final_round_player: u32,
    /// Once the game is over, bit i set for every winner (several on a tie; 0 when every
    /// player left); 0 before.
    pub winners: u64,
    pub dice_source: FarkleDiceSource,
}

/// One player's record.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarklePlayerState {
    /// Banked game score (may be negative after farkle penalties).
    pub score: i64,
    /// Whether the player has banked once (met the minimum entry score).
    pub on_board: bool,
    /// False once the player has left; a departed player keeps the score but cannot win.
    pub active: bool,
    /// Whether the player has a name (farkle_game_player_name()).
    pub has_name: bool,
    /// Farkles in a row since the last bank or penalty.
    pub consecutive_farkles: u32,
    /// Farkles in the whole game.
    pub farkle_count: u32,
    /// Hot dice in the whole game.
    pub hot_dice_count: u32,
    /// Turns finished (banked, farkled or forfeited).
    pub turns_played: u32,
    /// Farkle penalties taken.
    pub penalty_count: u32,
    /// Points forfeited in the whole game (farkles and forfeited turns).
    pub forfeited_points: i64,
    /// The most points banked in one turn.
    pub best_turn: i64,
    /// Sum of all banked turns (score = banked_points - penalty_points).
    pub banked_points: i64,
    /// Points taken by penalties in total.
    pub penalty_points: i64,
}

/// A failed call: a game rule or a plain status.
pub(crate) enum Failure {
    Game(GameError),
    Status(FarkleStatus),
    /// A status with its own explanation.
    Message(FarkleStatus, String),
}

impl From<GameError> for Failure {
    fn from(e: GameError) -> Self {
        Failure::Game(e)
    }
}

impl From<FarkleStatus> for Failure {
    fn from(s: FarkleStatus) -> Self {
        Failure::Status(s)
    }
}

/// The status of a refused call.
pub(crate) fn status_of(e: &GameError) -> FarkleStatus {
    match e {
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
    }
}

impl FarkleGame {
    /// Wraps a game; `None` when a player name holds a NUL character (C cannot see it whole).
    pub(crate) fn new(game: Game) -> Option<FarkleGame> {
        let names = game
            .players()
            .iter()
            .map(|p| p.name.as_deref().map(CString::new).transpose().ok())
            .collect::<Option<Vec<_>>>()?;
        Some(FarkleGame {
            game,
            names,
            last_error: CString::default(),
            advisor: std::sync::OnceLock::new(),
        })
    }

    /// Records the outcome of a call in the per-game message and returns its status.
    pub(crate) fn finish(&mut self, result: Result<(), Failure>) -> FarkleStatus {
        match result {
            Ok(()) => {
                // Only a failure sets a message: a success allocates nothing.
                if !self.last_error.as_bytes().is_empty() {
                    self.last_error = CString::default();
                }
                FarkleStatus::Ok
            }
            Err(Failure::Game(e)) => {
                self.last_error = c_string(&e.to_string());
                fail(status_of(&e), e)
            }
            Err(Failure::Status(s)) => {
                let message = s.message();
                self.last_error = c_string(&message[..message.len() - 1]);
                s
            }
            Err(Failure::Message(s, why)) => {
                self.last_error = c_string(&why);
                fail(s, why)
            }
        }
    }
}

/// `&mut FarkleGame` from a caller's pointer, or `None` for NULL.
///
/// # Safety
/// `game` must be NULL or a live game from this library, not used by another thread.
pub(crate) unsafe fn game_mut<'a>(game: *mut FarkleGame) -> Option<&'a mut FarkleGame> {
    // SAFETY: the caller promises a live game or NULL.
    unsafe { game.as_mut() }
}

/// `&[T]` from a pointer and length: `(NULL, 0)` is empty, `(NULL, n > 0)` is NULL_POINTER.
///
/// # Safety
/// A non-NULL `ptr` must be readable for `len` elements.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T], FarkleStatus> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(&[])
        } else {
            Err(FarkleStatus::NullPointer)
        };
    }
    // SAFETY: non-null; the caller promises `len` readable elements.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Runs an action on a game: NULL_POINTER for a NULL game, otherwise the action's status,
/// recorded in the game's message.
macro_rules! game_action {
    ($game:expr, |$g:ident| $body:expr) => {
        legacy_boundary! {
            // SAFETY: the caller promises a live game or NULL.
            let Some(handle) = (unsafe { game_mut($game) }) else {
                return FarkleStatus::NullPointer;
            };
            let result = (|| -> Result<(), Failure> {
                let $g = &mut handle.game;
                $body
            })();
            handle.finish(result)
        }
    };
}

/// Writes `value` to a checked, non-NULL output pointer.
macro_rules! write_out {
    ($out:expr, $value:expr) => {{
        let value = $value;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { $out.write(value) };
        FarkleStatus::Ok
    }};
}

fn new_handle(
    rules: &FarkleRules,
    names: Vec<Option<String>>,
    source: DiceSource,
) -> Result<*mut FarkleGame, FarkleStatus> {
    let rules = Rules::try_from(rules)?;
    let game = Game::with_names(rules, names, source).map_err(|e| status_of(&e))?;
    let handle = FarkleGame::new(game).ok_or(FarkleStatus::InvalidArgument)?;
    Ok(Box::into_raw(Box::new(handle)))
}

/// Creates a game of `player_count` unnamed players (1 to FARKLE_MAX_PLAYERS) under `rules`,
/// with a reproducible dice generator seeded with `seed`: the same seed, rules and actions give
/// the same game on every platform. Player 0 starts; the game awaits its first roll.
///
/// On success `*out_game` receives a new game, owned by the caller, to be freed with
/// farkle_game_free(). Errors (nothing written): FARKLE_STATUS_NULL_POINTER (rules or
/// out_game), FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_INVALID_ARGUMENT (player_count out of
/// range).
///
/// # Safety
/// `rules` must be NULL or point to a FarkleRules; `out_game` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_new(
    rules: *const FarkleRules,
    player_count: u32,
    seed: u64,
    out_game: *mut *mut FarkleGame,
) -> FarkleStatus {
    legacy_boundary! {
        let rules = try_ref!(rules);
        let out = try_out!(out_game);
        let names = vec![None; player_count.min(FARKLE_MAX_PLAYERS + 1) as usize];
        match new_handle(rules, names, DiceSource::Seeded { seed }) {
            Ok(handle) => write_out!(out, handle),
            Err(status) => status,
        }
    }
}

/// Creates a game with named players and a chosen dice source.
///
/// `names` holds `player_count` (1 to FARKLE_MAX_PLAYERS) NUL-terminated UTF-8 names, read
/// during the call only (the game keeps copies); `names` may be NULL for unnamed players, and
/// any entry may be NULL for an unnamed player. `dice_source` is a FarkleDiceSource value;
/// `seed` is used only by FARKLE_DICE_SOURCE_SEEDED. Any game also accepts supplied dice.
///
/// On success `*out_game` receives a new game owned by the caller (free it with
/// farkle_game_free()). Errors (nothing written): FARKLE_STATUS_NULL_POINTER (rules or
/// out_game), FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_INVALID_ARGUMENT (player_count out of
/// range, a name that is not UTF-8, an unknown dice_source).
///
/// # Safety
/// `rules` must be NULL or point to a FarkleRules; `names` NULL or readable for `player_count`
/// pointers, each NULL or a NUL-terminated string; `out_game` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_new_with(
    rules: *const FarkleRules,
    names: *const *const c_char,
    player_count: usize,
    dice_source: u32,
    seed: u64,
    out_game: *mut *mut FarkleGame,
) -> FarkleStatus {
    legacy_boundary! {
        let rules = try_ref!(rules);
        let out = try_out!(out_game);
        if player_count == 0 || player_count > MAX_PLAYERS {
            return FarkleStatus::InvalidArgument;
        }
        let source = match dice_source {
            0 => DiceSource::Seeded { seed },
            1 => DiceSource::Entropy,
            2 => DiceSource::Supplied,
            _ => return FarkleStatus::InvalidArgument,
        };
        let mut player_names = Vec::with_capacity(player_count);
        if names.is_null() {
            player_names.resize(player_count, None);
        } else {
            // SAFETY: the caller promises `player_count` readable pointers.
            let pointers = unsafe { std::slice::from_raw_parts(names, player_count) };
            for &name in pointers {
                if name.is_null() {
                    player_names.push(None);
                    continue;
                }
                // SAFETY: non-null; the caller promises a NUL-terminated string.
                let Ok(name) = unsafe { CStr::from_ptr(name) }.to_str() else {
                    return FarkleStatus::InvalidArgument;
                };
                player_names.push(Some(name.to_owned()));
            }
        }
        match new_handle(rules, player_names, source) {
            Ok(handle) => write_out!(out, handle),
            Err(status) => status,
        }
    }
}

/// Frees a game. NULL is a no-op. Do not call twice, and do not use the game (or any pointer
/// it returned) afterwards.
///
/// # Safety
/// `game` must be NULL or a game from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn farkle_game_free(game: *mut FarkleGame) {
    if !game.is_null() {
        // SAFETY: the caller promises a live game from Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(game) });
    }
}

/// The message of the last call made on this game through a non-const FarkleGame pointer
/// (sqlite3_errmsg style): why an action was refused (e.g. which selected dice do not score),
/// or "" when it succeeded. Owned by the game: valid until the next such call on this game or
/// farkle_game_free(); do not free. For NULL, a static "game is NULL".
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
pub unsafe extern "C" fn farkle_game_last_error(game: *const FarkleGame) -> *const c_char {
    // SAFETY: the caller promises a live game or NULL.
    match unsafe { game.as_ref() } {
        Some(g) => g.last_error.as_ptr(),
        None => c"game is NULL".as_ptr(),
    }
}

/// Rolls the dice in hand with the game's generator.
///
/// Errors (the game is unchanged, its generator included): FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_GAME_OVER, FARKLE_STATUS_WRONG_PHASE (not awaiting a roll),
/// FARKLE_STATUS_HAND_EMPTY (no dice in hand and no hot dice: bank),
/// FARKLE_STATUS_NO_DICE_GENERATOR (a FARKLE_DICE_SOURCE_SUPPLIED game),
/// FARKLE_STATUS_ENTROPY_UNAVAILABLE. After a roll the phase is AWAITING_SELECTION, or FARKLED
/// when nothing scores.
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_roll(game: *mut FarkleGame) -> FarkleStatus {
    game_action!(game, |g| {
        g.roll()?;
        Ok(())
    })
}

/// Rolls the hand with dice supplied by the caller (physical dice, a server replaying a
/// client, tests): `faces` holds exactly as many values 1..=6 as there are dice in hand, read
/// during the call only. Any game accepts supplied dice; the generator is not used.
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER (game, or faces with count > 0),
/// FARKLE_STATUS_GAME_OVER, FARKLE_STATUS_WRONG_PHASE, FARKLE_STATUS_HAND_EMPTY,
/// FARKLE_STATUS_WRONG_DICE_COUNT, FARKLE_STATUS_INVALID_FACE.
///
/// # Safety
/// `game` must be NULL or a live game; `faces` NULL or readable for `count` bytes.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_roll_dice(
    game: *mut FarkleGame,
    faces: *const u8,
    count: usize,
) -> FarkleStatus {
    game_action!(game, |g| {
        // SAFETY: the caller promises `count` readable bytes.
        let faces = unsafe { slice(faces, count) }?;
        g.roll_with(faces)?;
        Ok(())
    })
}

/// Selects dice of the current roll by index (0-based, in roll order) and scores them with the
/// exact scorer; `indices` is read during the call only. The roll points join the turn's
/// points; the phase becomes AWAITING_ROLL, where the player may bank, undo or roll the dice
/// left (all of them again after hot dice).
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_GAME_OVER,
/// FARKLE_STATUS_WRONG_PHASE (not awaiting a selection), FARKLE_STATUS_INDEX_OUT_OF_RANGE,
/// FARKLE_STATUS_DUPLICATE_INDEX, FARKLE_STATUS_INVALID_SELECTION (empty, or some dice do not
/// score; farkle_game_last_error() names the leftover dice).
///
/// # Safety
/// `game` must be NULL or a live game; `indices` NULL or readable for `count` entries.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_select(
    game: *mut FarkleGame,
    indices: *const usize,
    count: usize,
) -> FarkleStatus {
    game_action!(game, |g| {
        // SAFETY: the caller promises `count` readable entries.
        let indices = unsafe { slice(indices, count) }?;
        g.select(indices)?;
        Ok(())
    })
}

/// Selects the dice of the current roll whose bits are set in `mask` (bit i = the i-th die),
/// as in FarkleSelection.dice_mask. Same effects and errors as farkle_game_select() (a bit
/// past the roll is FARKLE_STATUS_INDEX_OUT_OF_RANGE).
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_select_mask(game: *mut FarkleGame, mask: u16) -> FarkleStatus {
    game_action!(game, |g| {
        g.select_mask(mask)?;
        Ok(())
    })
}

/// Toggles die `index` of the current roll in or out of the pending selection (seed 004's
/// pick/unpick); farkle_game_confirm() scores it. The pending selection is
/// FarkleGameState.pending_mask.
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_GAME_OVER,
/// FARKLE_STATUS_WRONG_PHASE (not awaiting a selection), FARKLE_STATUS_INDEX_OUT_OF_RANGE.
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_toggle(game: *mut FarkleGame, index: usize) -> FarkleStatus {
    game_action!(game, |g| {
        g.toggle(index)?;
        Ok(())
    })
}

/// Scores the pending selection built with farkle_game_toggle(), as farkle_game_select() does.
///
/// Errors (the game is unchanged, the pending selection included): FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_GAME_OVER, FARKLE_STATUS_WRONG_PHASE, FARKLE_STATUS_INVALID_SELECTION.
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_confirm(game: *mut FarkleGame) -> FarkleStatus {
    game_action!(game, |g| {
        g.confirm()?;
        Ok(())
    })
}

/// Takes back the selection of the current roll (seed 004's "unpick"): its points leave the
/// turn, its dice return to the hand, and the roll awaits a selection again with the undone
/// dice as the pending selection. Allowed after a selection until the player rolls or banks.
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_GAME_OVER,
/// FARKLE_STATUS_WRONG_PHASE (not awaiting a roll), FARKLE_STATUS_NOTHING_TO_UNDO.
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_undo(game: *mut FarkleGame) -> FarkleStatus {
    game_action!(game, |g| {
        g.undo()?;
        Ok(())
    })
}

/// Banks the turn's points: they join the player's score, the turn ends and play passes on
/// (or the game ends). Allowed once per roll, after a selection from that roll and before the
/// next roll; a player not yet on the board needs the rules' min_entry_score in this turn,
/// and every bank needs min_bank_score.
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_GAME_OVER,
/// FARKLE_STATUS_WRONG_PHASE (not awaiting a roll), FARKLE_STATUS_NOTHING_TO_BANK (nothing
/// scored since the last roll), FARKLE_STATUS_BELOW_MINIMUM_ENTRY,
/// FARKLE_STATUS_BELOW_MINIMUM_BANK.
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_bank(game: *mut FarkleGame) -> FarkleStatus {
    game_action!(game, |g| {
        g.bank()?;
        Ok(())
    })
}

/// Acknowledges a farkle (seed 002's "forfeit"): the turn ends with its points lost and play
/// passes on (or the game ends). The farkle itself, its forfeited points and any penalty were
/// applied when the farkle was rolled.
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_GAME_OVER,
/// FARKLE_STATUS_WRONG_PHASE (the phase is not FARKLED).
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_acknowledge_farkle(game: *mut FarkleGame) -> FarkleStatus {
    game_action!(game, |g| {
        g.acknowledge_farkle()?;
        Ok(())
    })
}

/// Gives up the turn's points when the player can neither roll nor bank (every die has
/// scored, the rules have no hot dice, and the turn is below the minimum entry or bank
/// score); FarkleGameState.can_forfeit says when. Undoing and keeping fewer dice is the other
/// way out. Not a farkle: the farkle streak is unchanged.
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_GAME_OVER,
/// FARKLE_STATUS_WRONG_PHASE, FARKLE_STATUS_FORFEIT_NOT_ALLOWED.
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_forfeit_turn(game: *mut FarkleGame) -> FarkleStatus {
    game_action!(game, |g| {
        g.forfeit_turn()?;
        Ok(())
    })
}

/// Player `player` leaves the game, at any time. The score stays in the record but the player
/// cannot win. If it is their turn, the turn ends without points and play passes to the next
/// active player; the others keep their order. The game ends when no player is left, or only
/// one in a game that started with two or more (that player wins).
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_GAME_OVER,
/// FARKLE_STATUS_UNKNOWN_PLAYER, FARKLE_STATUS_PLAYER_DEPARTED (already left).
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_leave(game: *mut FarkleGame, player: u32) -> FarkleStatus {
    game_action!(game, |g| {
        g.leave(player as usize)?;
        Ok(())
    })
}

fn phase_of(p: Phase) -> FarkleGamePhase {
    match p {
        Phase::AwaitingRoll => FarkleGamePhase::AwaitingRoll,
        Phase::AwaitingSelection => FarkleGamePhase::AwaitingSelection,
        Phase::Farkled => FarkleGamePhase::Farkled,
        Phase::GameOver => FarkleGamePhase::GameOver,
    }
}

fn state_of(g: &Game) -> FarkleGameState {
    let turn = g.turn();
    FarkleGameState {
        phase: phase_of(g.phase()),
        current_player: g.current_player() as u32,
        round: g.round(),
        player_count: g.players().len() as u32,
        active_player_count: g.active_players() as u32,
        dice_count: g.rules().dice_count.into(),
        turn_points: turn.points,
        turn_forfeited_points: turn.forfeited,
        dice_in_hand: turn.hand.into(),
        turn_hot_dice: turn.hot_dice,
        turn_roll_count: turn.rolls.len(),
        pending_mask: g.pending_selection(),
        can_roll: g.can_roll(),
        has_generator: !matches!(g.dice_source(), DiceSource::Supplied),
        can_bank: g.can_bank(),
        can_undo: g.can_undo(),
        can_forfeit: g.can_forfeit(),
        final_round: g.final_round_player().is_some(),
        final_round_player: g.final_round_player().unwrap_or(0) as u32,
        winners: g.winners().unwrap_or(0),
        dice_source: match g.dice_source() {
            DiceSource::Seeded { .. } => FarkleDiceSource::Seeded,
            DiceSource::Entropy => FarkleDiceSource::Entropy,
            DiceSource::Supplied => FarkleDiceSource::Supplied,
        },
    }
}

/// Writes the game's state to `*out_state`: phase, current player, round, the turn's points
/// and dice in hand, and what is allowed now. Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `game` must be NULL or a live game; `out_state` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_state(
    game: *const FarkleGame,
    out_state: *mut FarkleGameState,
) -> FarkleStatus {
    legacy_boundary! {
        let g = try_ref!(game);
        let out = try_out!(out_state);
        write_out!(out, state_of(&g.game))
    }
}

/// Writes player `player`'s record to `*out_player`. Errors: FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_UNKNOWN_PLAYER.
///
/// # Safety
/// `game` must be NULL or a live game; `out_player` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_player(
    game: *const FarkleGame,
    player: u32,
    out_player: *mut FarklePlayerState,
) -> FarkleStatus {
    legacy_boundary! {
        let g = try_ref!(game);
        let out = try_out!(out_player);
        let Ok(p) = g.game.player(player as usize) else {
            return FarkleStatus::UnknownPlayer;
        };
        write_out!(out, FarklePlayerState {
            score: p.score,
            on_board: p.on_board,
            active: p.active,
            has_name: p.name.is_some(),
            consecutive_farkles: p.consecutive_farkles,
            farkle_count: p.farkles,
            hot_dice_count: p.hot_dice,
            turns_played: p.turns,
            penalty_count: p.penalties,
            forfeited_points: p.forfeited_points,
            best_turn: p.best_turn,
            banked_points: p.banked_points,
            penalty_points: p.penalty_points,
        })
    }
}

/// Writes player `player`'s name to `*out_name`: a NUL-terminated UTF-8 string owned by the
/// game, valid until farkle_game_free(); do not free. NULL for an unnamed player.
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_UNKNOWN_PLAYER.
///
/// # Safety
/// `game` must be NULL or a live game; `out_name` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_player_name(
    game: *const FarkleGame,
    player: u32,
    out_name: *mut *const c_char,
) -> FarkleStatus {
    legacy_boundary! {
        let g = try_ref!(game);
        let out = try_out!(out_name);
        let Some(name) = g.names.get(player as usize) else {
            return FarkleStatus::UnknownPlayer;
        };
        write_out!(out, name.as_ref().map_or(std::ptr::null(), |n| n.as_ptr()))
    }
}

/// Writes the game's rules to `*out_rules`. Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `game` must be NULL or a live game; `out_rules` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_rules(
    game: *const FarkleGame,
    out_rules: *mut FarkleRules,
) -> FarkleStatus {
    legacy_boundary! {
        let g = try_ref!(game);
        let out = try_out!(out_rules);
        write_out!(out, FarkleRules::from(g.game.rules()))
    }
}

/// Once the game is over, writes the winners to `*out_winners`: bit i set for player i (several
/// on a tie; 0 when every player left). Winners are the active players with the highest
/// banked score. Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_WRONG_PHASE (not over yet).
///
/// # Safety
/// `game` must be NULL or a live game; `out_winners` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_winners(
    game: *const FarkleGame,
    out_winners: *mut u64,
) -> FarkleStatus {
    legacy_boundary! {
        let g = try_ref!(game);
        let out = try_out!(out_winners);
        match g.game.winners() {
            Some(w) => write_out!(out, w),
            None => FarkleStatus::WrongPhase,
        }
    }
}

/// Lists the legal selections of the current roll while a selection is awaited (none in other
/// phases), best first: more points, then more dice; pass a dice_mask to
/// farkle_game_select_mask(). Writes up to `capacity` entries and their number to
/// `*out_count`; FARKLE_MAX_SELECTIONS always suffices.
///
/// Errors: FARKLE_STATUS_NULL_POINTER (game, out_count, or out_selections with capacity > 0),
/// FARKLE_STATUS_BUFFER_TOO_SMALL (then `*out_count` holds the number needed and nothing else
/// is written).
///
/// # Safety
/// `game` must be NULL or a live game; `out_selections` NULL or writable for `capacity`
/// entries; `out_count` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_selections(
    game: *const FarkleGame,
    out_selections: *mut FarkleSelection,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    legacy_boundary! {
        let g = try_ref!(game);
        let out_count = try_out!(out_count);
        if out_selections.is_null() && capacity != 0 {
            return FarkleStatus::NullPointer;
        }
        let legal = g.game.legal_selections();
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { out_count.write(legal.len()) };
        if legal.len() > capacity {
            return FarkleStatus::BufferTooSmall;
        }
        for (i, s) in legal.iter().enumerate() {
            let entry = FarkleSelection {
                dice_mask: s.mask,
                dice_count: s.selection.dice.total() as u8,
                counts: s.selection.dice.0,
                points: s.selection.points,
            };
            // SAFETY: i < legal.len() <= capacity entries are writable.
            unsafe { out_selections.add(i).write(entry) };
        }
        FarkleStatus::Ok
    }
}

/// A static English name of a FarkleGamePhase value ("awaiting a roll", ...), "unknown" for
/// any other value. Static; do not free.
#[no_mangle]
pub extern "C" fn farkle_game_phase_name(phase: i32) -> *const c_char {
    match phase {
        0 => c"awaiting a roll",
        1 => c"awaiting a selection",
        2 => c"farkled",
        3 => c"over",
        _ => c"unknown",
    }
    .as_ptr()
}

const _: () = assert!(FARKLE_MAX_DICE <= 16, "dice masks are 16 bits");

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleGame, the opaque game handle: creating and freeing games, the player's actions, and
//! the state a frontend or a bot reads.
//!
//! Threads: a FarkleGame may be used by one thread at a time (calls on one game must not
//! overlap; moving a game to another thread between calls is fine). Separate games are
//! independent and may be used from different threads at once.

use std::ffi::{c_char, CString};

use strum::{EnumIter, EnumMessage};

use crate::ffi::boundary::{arg, c_str, list_out, out, slice, Handle, Out, Outcome};
use crate::ffi::error::{c_string, explanation, fail, CEnum, FarkleStatus};
use crate::ffi::rules::FarkleRules;
use crate::ffi::scoring::{FarkleSelection, FARKLE_MAX_DICE};
use crate::game::dice_source::DiceSource;
use crate::game::{Game, Phase, MAX_PLAYERS};
use crate::rules::Rules;

/// Most players in one game.
pub const FARKLE_MAX_PLAYERS: u32 = 64;
const _: () = assert!(FARKLE_MAX_PLAYERS as usize == MAX_PLAYERS);

/// The longest player name a game takes, in bytes of UTF-8 (the terminating NUL not
/// counted): 1 KiB. A longer one is refused with FARKLE_STATUS_RESOURCE_LIMIT: names are part
/// of the game's save, which stays shorter than FARKLE_SAVE_MAX_BYTES.
pub const FARKLE_MAX_NAME_BYTES: usize = 1024;
const _: () = assert!(FARKLE_MAX_NAME_BYTES == crate::limits::MAX_NAME_BYTES);

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
    /// Set while farkle_game_prepare_advice() solves the advisor: its progress function may
    /// read the game but not change it.
    pub(crate) preparing: bool,
}

/// What the game is waiting for (FarkleGameState.phase).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleGamePhase {
    /// The current player may roll; after a selection also bank (can_bank) or undo (can_undo).
    #[strum(message = "awaiting a roll\0")]
    AwaitingRoll = 0,
    /// The last roll scores: the player must select dice from it (farkle_game_select(),
    /// farkle_game_select_mask(), or farkle_game_toggle() and farkle_game_confirm()).
    #[strum(message = "awaiting a selection\0")]
    AwaitingSelection = 1,
    /// The last roll scored nothing; the player must call farkle_game_acknowledge_farkle().
    #[strum(message = "farkled\0")]
    Farkled = 2,
    /// The game is over; farkle_game_winners() says who won.
    #[strum(message = "over\0")]
    GameOver = 3,
}

/// Where a game's generated dice come from (the dice_source argument of
/// farkle_game_new_with(), passed as a uint32_t).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleDiceSource {
    /// A reproducible generator seeded with the seed argument: the same seed, rules and
    /// actions give the same game on every platform.
    Seeded = 0,
    /// Fresh operating-system entropy for every roll.
    Entropy = 1,
    /// No generator: every roll must be supplied with farkle_game_roll_dice().
    Supplied = 2,
}

/// The whole game's state at a glance: the game's progress and the current turn.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleGameState {
    /// What the game is waiting for.
    pub phase: FarkleGamePhase,
    /// Whose turn it is (after the game is over: whose turn was last).
    pub current_player: u32,
    /// 1 at the start; +1 each time play passes the end of the player list.
    pub round: u32,
    /// Players in the game, those who left included.
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
    /// Where the game's generated dice come from.
    pub dice_source: FarkleDiceSource,
    /// The points of the turn the player to move may take over now with
    /// farkle_game_piggyback() (rules with piggybacking, before the first roll of a turn that
    /// follows a bank leaving some but not all dice in hand); 0 when there is no such offer.
    pub piggyback_points: i64,
    /// The dice that turn left in hand, which the next roll would roll after
    /// farkle_game_piggyback(); 0 when there is no offer (so nonzero means the offer stands).
    pub piggyback_dice: u32,
    /// What the next selection's points are multiplied by: 1 plus the turn's hot dice times
    /// the rules' hot_dice_multiplier_step (1 without the multiplier).
    pub turn_multiplier: u32,
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

impl Handle for FarkleGame {}

impl FarkleGame {
    /// Wraps a game; refuses (with `status`) a player name holding a NUL character, which C
    /// could not see whole.
    pub(crate) fn new(game: Game, status: FarkleStatus) -> Outcome<FarkleGame> {
        let names = game
            .players()
            .iter()
            .map(|p| p.name.as_deref().map(CString::new).transpose().ok())
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| fail(status, "a player name contains a NUL character"))?;
        Ok(FarkleGame {
            game,
            names,
            last_error: CString::default(),
            advisor: std::sync::OnceLock::new(),
            preparing: false,
        })
    }

    /// Keeps the outcome of a call made through a non-const pointer as the game's message.
    /// A success after a success (every action of a game played without mistakes) changes
    /// nothing and is decided inline; the rest is out of line.
    #[inline(always)]
    pub(crate) fn record(&mut self, outcome: Outcome) -> Outcome {
        if outcome.is_ok() && self.last_error.as_bytes().is_empty() {
            return outcome;
        }
        self.record_changed(outcome)
    }

    /// [`FarkleGame::record`] when the message changes.
    #[cold]
    #[inline(never)]
    fn record_changed(&mut self, outcome: Outcome) -> Outcome {
        match outcome {
            // Only a failure sets a message: a success allocates nothing.
            Ok(()) => self.last_error = CString::default(),
            Err(status) => self.last_error = c_string(&explanation(status)),
        }
        outcome
    }
}

/// Runs `body` on the game behind a caller's non-const pointer (NULL_POINTER for NULL) and
/// keeps its outcome as the game's message (farkle_game_last_error()).
///
/// # Safety
/// `game` must be NULL or a live game, used by no other thread during the call.
pub(crate) unsafe fn with_game(
    game: *mut FarkleGame,
    body: impl FnOnce(&mut FarkleGame) -> Outcome,
) -> Outcome {
    // SAFETY: the caller's promise.
    let handle = unsafe { FarkleGame::from_mut(game) }?;
    let outcome = if handle.preparing {
        Err(fail(
            FarkleStatus::WrongPhase,
            "the game is being prepared for advice: the progress function of \
             farkle_game_prepare_advice() may read it but not change it",
        ))
    } else {
        body(handle)
    };
    handle.record(outcome)
}

/// Runs a player's action on the game behind a caller's pointer, inside the panic boundary;
/// its outcome becomes the game's message (what the action returns on success is dropped:
/// C reads the game's state instead).
///
/// # Safety
/// As for [`with_game`].
unsafe fn game_action<T, E>(
    game: *mut FarkleGame,
    action: impl FnOnce(&mut Game) -> Result<T, E>,
) -> FarkleStatus
where
    FarkleStatus: From<E>,
{
    ffi_boundary! {
        // SAFETY: the caller's promise.
        unsafe {
            with_game(game, |h| {
                action(&mut h.game)?;
                Ok(())
            })
        }
    }
}

/// INVALID_ARGUMENT unless `player_count` is 1 to FARKLE_MAX_PLAYERS.
pub(crate) fn check_player_count(player_count: u32) -> Outcome {
    if player_count == 0 || player_count > FARKLE_MAX_PLAYERS {
        return Err(fail(
            FarkleStatus::InvalidArgument,
            format!("player_count {player_count} is not 1 to {FARKLE_MAX_PLAYERS}"),
        ));
    }
    Ok(())
}

/// The dice source a FarkleDiceSource number and a seed name, or INVALID_ARGUMENT.
pub(crate) fn dice_source_of(dice_source: u32, seed: u64) -> Outcome<DiceSource> {
    match FarkleDiceSource::from_number(dice_source) {
        Some(FarkleDiceSource::Seeded) => Ok(DiceSource::Seeded { seed }),
        Some(FarkleDiceSource::Entropy) => Ok(DiceSource::Entropy),
        Some(FarkleDiceSource::Supplied) => Ok(DiceSource::Supplied),
        None => Err(fail(
            FarkleStatus::InvalidArgument,
            format!("dice_source {dice_source} is not a FarkleDiceSource"),
        )),
    }
}

/// The player names of a caller's array of `player_count` (already checked) optional
/// strings, or all unnamed for a NULL array.
///
/// # Safety
/// `names` must be NULL or readable for `player_count` pointers, each NULL or a
/// NUL-terminated string.
pub(crate) unsafe fn names_of(
    names: *const *const c_char,
    player_count: u32,
) -> Outcome<Vec<Option<String>>> {
    // SAFETY: the caller promises `player_count` readable pointers (or NULL names).
    let names = unsafe {
        slice(
            names,
            if names.is_null() {
                0
            } else {
                player_count as usize
            },
        )
    }?;
    if names.is_empty() {
        return Ok(vec![None; player_count as usize]);
    }
    names
        .iter()
        .enumerate()
        .map(|(i, &name)| {
            if name.is_null() {
                return Ok(None);
            }
            // SAFETY: non-NULL; the caller promises a NUL-terminated string.
            let name = unsafe { c_str(name, &format!("names[{i}]")) }?;
            Ok(Some(name.to_owned()))
        })
        .collect()
}

/// Creates a game and hands it to the caller through `out`.
fn new_handle(
    rules: &FarkleRules,
    names: Vec<Option<String>>,
    source: DiceSource,
    out: Out<*mut FarkleGame>,
) -> Outcome {
    let rules = Rules::try_from(rules)?;
    handle_out(Game::with_names(rules, names, source)?, out)
}

/// Hands a new game to the caller through `out` (a player name holding a NUL character is
/// INVALID_ARGUMENT).
pub(crate) fn handle_out(game: Game, out: Out<*mut FarkleGame>) -> Outcome {
    FarkleGame::new(game, FarkleStatus::InvalidArgument)?.into_out(out);
    Ok(())
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (rules, out) = unsafe { (arg(rules)?, out(out_game)?) };
        // Capped so that no count allocates more than one name past the limit it fails.
        let names = vec![None; player_count.min(FARKLE_MAX_PLAYERS + 1) as usize];
        new_handle(rules, names, DiceSource::Seeded { seed }, out)
    }
}

/// Creates a game with named players and a chosen dice source.
///
/// `names` holds `player_count` (1 to FARKLE_MAX_PLAYERS) NUL-terminated UTF-8 names of at
/// most FARKLE_MAX_NAME_BYTES bytes, read during the call only (the game keeps copies);
/// `names` may be NULL for unnamed players, and any entry may be NULL for an unnamed player. `dice_source` is a FarkleDiceSource value;
/// `seed` is used only by FARKLE_DICE_SOURCE_SEEDED. Any game also accepts supplied dice.
///
/// On success `*out_game` receives a new game owned by the caller (free it with
/// farkle_game_free()). Errors (nothing written): FARKLE_STATUS_NULL_POINTER (rules or
/// out_game), FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_INVALID_ARGUMENT (player_count out of
/// range, a name that is not UTF-8, an unknown dice_source), FARKLE_STATUS_RESOURCE_LIMIT (a
/// name longer than FARKLE_MAX_NAME_BYTES; farkle_last_error_message() says whose).
///
/// # Safety
/// `rules` must be NULL or point to a FarkleRules; `names` NULL or readable for `player_count`
/// pointers, each NULL or a NUL-terminated string; `out_game` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_new_with(
    rules: *const FarkleRules,
    names: *const *const c_char,
    player_count: u32,
    dice_source: u32,
    seed: u64,
    out_game: *mut *mut FarkleGame,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (rules, out) = unsafe { (arg(rules)?, out(out_game)?) };
        check_player_count(player_count)?;
        let source = dice_source_of(dice_source, seed)?;
        // SAFETY: the caller promises `player_count` readable pointers (or NULL names).
        let player_names = unsafe { names_of(names, player_count) }?;
        new_handle(rules, player_names, source, out)
    }
}

/// Frees a game; NULL does nothing. Do not use it or free it again afterwards. Any pointer the
/// game returned goes with it.
///
/// # Safety
/// `game` must be NULL or a game from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn farkle_game_free(game: *mut FarkleGame) {
    // SAFETY: the caller's promise.
    ffi_guard!((), unsafe { FarkleGame::free(game) });
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
    ffi_guard!(
        c"panic".as_ptr(),
        // SAFETY: the caller's promise.
        match unsafe { FarkleGame::from_ptr(game) } {
            Ok(g) => g.last_error.as_ptr(),
            Err(_) => c"game is NULL".as_ptr(),
        }
    )
}

/// Rolls the dice in hand with the game's generator.
///
/// Errors (the game is unchanged, its generator included): FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_GAME_OVER, FARKLE_STATUS_WRONG_PHASE (not awaiting a roll),
/// FARKLE_STATUS_HAND_EMPTY (no dice in hand and no hot dice: bank),
/// FARKLE_STATUS_NO_DICE_GENERATOR (a FARKLE_DICE_SOURCE_SUPPLIED game),
/// FARKLE_STATUS_ENTROPY_UNAVAILABLE. After a roll the phase is AWAITING_SELECTION, or FARKLED
/// when nothing scores, or, under auto_take_straight_and_three_pairs, AWAITING_ROLL when the
/// roll was a straight or three pairs and the game set it aside (farkle_game_undo() takes it
/// back).
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_roll(game: *mut FarkleGame) -> FarkleStatus {
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, |g| g.roll().map(drop)) }
}

/// Rolls the hand with dice supplied by the caller (physical dice, a server replaying a
/// client, tests): `faces` holds exactly as many values 1 to 6 as there are dice in hand, read
/// during the call only. Any game accepts supplied dice; the generator is not used.
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER (game, or faces with count > 0),
/// FARKLE_STATUS_GAME_OVER, FARKLE_STATUS_WRONG_PHASE, FARKLE_STATUS_HAND_EMPTY,
/// FARKLE_STATUS_WRONG_DICE_COUNT, FARKLE_STATUS_INVALID_FACE. The phase after the roll is as
/// for farkle_game_roll().
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
    // SAFETY: the caller's promises for the game and the `count` readable faces.
    unsafe {
        game_action(game, |g| {
            let faces = slice(faces, count)?;
            g.roll_with(faces).map(drop).map_err(FarkleStatus::from)
        })
    }
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
    // SAFETY: the caller's promises for the game and the `count` readable indices.
    unsafe {
        game_action(game, |g| {
            let indices = slice(indices, count)?;
            g.select(indices).map_err(FarkleStatus::from)
        })
    }
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
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, |g| g.select_mask(mask)) }
}

/// Toggles die `index` of the current roll in or out of the pending selection (pick and
/// unpick die by die); farkle_game_confirm() scores it. The pending selection is
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
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, |g| g.toggle(index)) }
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
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, Game::confirm) }
}

/// Takes back the selection of the current roll ("unpick"): its points leave the
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
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, Game::undo) }
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
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, Game::bank) }
}

/// Acknowledges a farkle (in some rule books, "forfeiting" the turn): the turn ends with its points lost and play
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
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, Game::acknowledge_farkle) }
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
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, Game::forfeit_turn) }
}

/// Takes over the turn the previous player banked (piggybacking): under rules with
/// piggybacking, before the first roll of a turn that follows a bank leaving some but not all
/// dice in hand, the turn starts with that turn's points and those dice in hand
/// (FarkleGameState.piggyback_points and piggyback_dice say when and what). The next roll
/// rolls those dice; a farkle loses the points taken over, and a bank (after a roll and a
/// selection) banks the whole turn. Declining is rolling the full set as usual.
///
/// Errors (the game is unchanged): FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_GAME_OVER,
/// FARKLE_STATUS_WRONG_PHASE (not awaiting a roll, the turn has started, or there is no turn
/// to take over).
///
/// # Safety
/// `game` must be NULL or a live game.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_piggyback(game: *mut FarkleGame) -> FarkleStatus {
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, Game::piggyback) }
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
    // SAFETY: the caller's promise for the game.
    unsafe { game_action(game, |g| g.leave(player as usize)) }
}

fn phase_of(p: Phase) -> FarkleGamePhase {
    match p {
        Phase::AwaitingRoll => FarkleGamePhase::AwaitingRoll,
        Phase::AwaitingSelection => FarkleGamePhase::AwaitingSelection,
        Phase::Farkled => FarkleGamePhase::Farkled,
        Phase::GameOver => FarkleGamePhase::GameOver,
    }
}

/// Writes the game's state into `*out`, each field as soon as it is known: built as one
/// value and then copied, the state kept most of its fields alive in registers and on the
/// stack at once (a C frontend asks for it after every action).
fn write_state(g: &Game, out: Out<FarkleGameState>) {
    let p = out.as_ptr();
    let turn = g.turn();
    let source = g.dice_source();
    // SAFETY: `out` is non-NULL and writable for one FarkleGameState by the caller's promise;
    // every field is plain data, so assigning one neither reads nor drops the old bytes.
    unsafe {
        (*p).phase = phase_of(g.phase());
        (*p).current_player = g.current_player() as u32;
        (*p).round = g.round();
        (*p).player_count = g.players().len() as u32;
        (*p).active_player_count = g.active_players() as u32;
        (*p).dice_count = g.rules().dice_count.into();
        (*p).turn_points = turn.points;
        (*p).turn_forfeited_points = turn.forfeited;
        (*p).dice_in_hand = turn.hand.into();
        (*p).turn_hot_dice = turn.hot_dice;
        (*p).turn_roll_count = turn.rolls.len();
        (*p).turn_multiplier = turn.multiplier;
        (*p).pending_mask = g.pending_selection();
        (*p).has_generator = !matches!(source, DiceSource::Supplied);
        (*p).dice_source = match source {
            DiceSource::Seeded { .. } => FarkleDiceSource::Seeded,
            DiceSource::Entropy => FarkleDiceSource::Entropy,
            DiceSource::Supplied => FarkleDiceSource::Supplied,
        };
        (*p).final_round = g.final_round_player().is_some();
        (*p).final_round_player = g.final_round_player().unwrap_or(0) as u32;
        (*p).winners = g.winners().unwrap_or(0);
        let ([can_roll, can_bank, can_undo, can_forfeit], offer) = g.allowed();
        (*p).can_roll = can_roll;
        (*p).can_bank = can_bank;
        (*p).can_undo = can_undo;
        (*p).can_forfeit = can_forfeit;
        (*p).piggyback_points = offer.map_or(0, |o| o.points);
        (*p).piggyback_dice = offer.map_or(0, |o| o.dice.into());
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_state)?) };
        write_state(&g.game, out);
        Ok(())
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_player)?) };
        let p = g.game.player(player as usize)?;
        out.write(FarklePlayerState {
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
        });
        Ok(())
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_name)?) };
        g.game.player(player as usize)?;
        let name = &g.names[player as usize];
        out.write(name.as_ref().map_or(std::ptr::null(), |n| n.as_ptr()));
        Ok(())
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_rules)?) };
        out.write(FarkleRules::from(g.game.rules()));
        Ok(())
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
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_winners)?) };
        let winners = g.game.winners().ok_or_else(|| {
            fail(FarkleStatus::WrongPhase, "the game is not over: there are no winners yet")
        })?;
        out.write(winners);
        Ok(())
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
    ffi_boundary! {
        // SAFETY: the caller's promises for the game and the list buffers.
        let (g, list) = unsafe {
            (FarkleGame::from_ptr(game)?, list_out(out_selections, capacity, out_count)?)
        };
        list.write(g.game.legal_selections().iter().map(|s| FarkleSelection {
            dice_mask: s.mask,
            dice_count: s.selection.dice.total() as u8,
            counts: s.selection.dice.0,
            points: s.selection.points,
        }))
    }
}

/// The static English name of a FarkleGamePhase value ("awaiting a roll", ...), or NULL for
/// any other number. Static; do not free.
#[no_mangle]
pub extern "C" fn farkle_game_phase_name(phase: u32) -> *const c_char {
    ffi_guard!(std::ptr::null(), FarkleGamePhase::c_name_of(phase))
}

c_enums!(FarkleGamePhase, FarkleDiceSource);

const _: () = assert!(FARKLE_MAX_DICE <= 16, "dice masks are 16 bits");

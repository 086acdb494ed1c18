// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Games that start from a given position (FarkleGamePosition, FarklePlayerPosition,
//! farkle_game_new_at() and farkle_game_start_position()): conversions and checks only; the position is checked against the
//! rules by `Game::new_at` in `crate::game`.

use std::ffi::c_char;

use crate::ffi::boundary::{arg, flag_arg, list_out, out, slice, Handle};
use crate::ffi::error::FarkleStatus;
use crate::ffi::game::{check_player_count, dice_source_of, handle_out, names_of, FarkleGame};
use crate::ffi::rules::FarkleRules;
use crate::game::{Game, GamePosition, PlayerPosition};
use crate::rules::Rules;

/// One player's part of a starting position (see farkle_game_new_at()).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct FarklePlayerPosition {
    /// Banked game score. Below 0 only under rules with a farkle penalty that takes points
    /// (not farkle_penalty_loses_all); below the target score when the rules have one; at
    /// most 2147483647 either way.
    pub score: i64,
    /// 1 when the player has banked once (met the minimum entry score), 0 when not; any other
    /// value is refused. Under a minimum entry score, a player not on the board has a score of
    /// 0 (or below 0, after penalties).
    pub on_board: u8,
    /// Farkles in a row since the last bank or penalty: below the rules'
    /// farkle_penalty_streak, and 0 under rules without a farkle penalty.
    pub consecutive_farkles: u32,
}

/// Where a game made by farkle_game_new_at() starts, besides the players' entries.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleGamePosition {
    /// Whose turn starts the game: 0 to player_count - 1.
    pub player_to_move: u32,
    /// The round of that turn, from 1; at most the rules' turn_limit when it is not 0.
    pub round: u32,
}

/// Creates a game that starts from a given position instead of the usual start: for
/// analysis, puzzles and tests. `players` holds one FarklePlayerPosition per player
/// (`player_count`, 1 to FARKLE_MAX_PLAYERS), in seat order; `position` says who moves and in
/// which round. The game starts at the start of that player's turn, every player active, the
/// full set of dice in hand, awaiting a roll (FARKLE_GAME_PHASE_AWAITING_ROLL). The turns each
/// player has finished follow from the round: round - 1 for the player to move and those after
/// them, round for those before. The game's other tallies (farkles, hot dice, best turn, ...)
/// count from the position, except banked_points and penalty_points, which keep score =
/// banked_points - penalty_points.
///
/// A position where a player's score is at or above the rules' target score is refused, with
/// or without a final round: without one that game is already over, and with one the position
/// would also have to say who started the final round and who has played since. `names`,
/// `dice_source` and `seed` are as for farkle_game_new_with(). A game made here saves its
/// position (farkle_game_save()) and loads from it like any other game; a position that is
/// the usual start (every score 0, nobody on the board, no farkles, player 0 to move in round
/// 1) makes the same game as farkle_game_new_with().
///
/// On success `*out_game` receives a new game owned by the caller (free it with
/// farkle_game_free()). Errors (nothing written): FARKLE_STATUS_NULL_POINTER (rules,
/// position, players or out_game), FARKLE_STATUS_INVALID_RULES,
/// FARKLE_STATUS_INVALID_ARGUMENT (player_count out of range, an on_board other than 0 or 1,
/// a position the rules refuse, a name that is not UTF-8, an unknown dice_source),
/// FARKLE_STATUS_RESOURCE_LIMIT (a name longer than FARKLE_MAX_NAME_BYTES);
/// farkle_last_error_message() says why, naming the player.
///
/// # Safety
/// `rules` must be NULL or point to a FarkleRules; `position` NULL or point to a
/// FarkleGamePosition; `players` NULL or readable for `player_count` entries; `names` NULL or
/// readable for `player_count` pointers, each NULL or a NUL-terminated string; `out_game` NULL
/// or writable.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn farkle_game_new_at(
    rules: *const FarkleRules,
    position: *const FarkleGamePosition,
    players: *const FarklePlayerPosition,
    names: *const *const c_char,
    player_count: u32,
    dice_source: u32,
    seed: u64,
    out_game: *mut *mut FarkleGame,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the three pointers.
        let (rules, position, out) = unsafe { (arg(rules)?, arg(position)?, out(out_game)?) };
        if players.is_null() {
            return Err(FarkleStatus::NullPointer);
        }
        check_player_count(player_count)?;
        // SAFETY: non-NULL; the caller promises `player_count` readable entries.
        let players = unsafe { slice(players, player_count as usize) }?;
        let source = dice_source_of(dice_source, seed)?;
        // SAFETY: the caller promises `player_count` readable pointers (or NULL names).
        let names = unsafe { names_of(names, player_count) }?;
        let rules = Rules::try_from(rules)?;
        let position = GamePosition {
            players: players
                .iter()
                .enumerate()
                .map(|(i, p)| player_position(i, p))
                .collect::<Result<_, _>>()?,
            player_to_move: position.player_to_move as usize,
            round: position.round,
        };
        handle_out(Game::with_names_at(rules, names, &position, source)?, out)
    }
}

/// The core's form of a caller's entry for player `index` (an on_board other than 0 or 1 is
/// INVALID_ARGUMENT).
fn player_position(index: usize, p: &FarklePlayerPosition) -> Result<PlayerPosition, FarkleStatus> {
    let on_board = flag_arg(p.on_board, format_args!("players[{index}].on_board"))?;
    Ok(PlayerPosition {
        score: p.score,
        on_board,
        consecutive_farkles: p.consecutive_farkles,
    })
}

/// The position a game started from: the one given to farkle_game_new_at() (also after a save
/// and a load), or the usual start (every score 0, nobody on the board, no farkles, player 0
/// to move in round 1) for any other game. `*out_position` receives the player to move and
/// the round, `out_players` one entry per player, in seat order.
///
/// `*out_count` always receives the number of players. Errors: FARKLE_STATUS_NULL_POINTER
/// (game, out_position or out_count, or out_players with capacity > 0; nothing written),
/// FARKLE_STATUS_BUFFER_TOO_SMALL (capacity below the number of players: only *out_count is
/// written).
///
/// # Safety
/// `game` must be NULL or a live game; `out_position` NULL or writable; `out_players` NULL or
/// writable for `capacity` entries; `out_count` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_start_position(
    game: *const FarkleGame,
    out_position: *mut FarkleGamePosition,
    out_players: *mut FarklePlayerPosition,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the game and the three outputs.
        let (g, position_out, list) = unsafe {
            (
                FarkleGame::from_ptr(game)?,
                out(out_position)?,
                list_out(out_players, capacity, out_count)?,
            )
        };
        let usual;
        let start = match g.game.start_position() {
            Some(start) => start,
            None => {
                usual = GamePosition::start(g.game.players().len());
                &usual
            }
        };
        list.write(start.players.iter().map(|p| FarklePlayerPosition {
            score: p.score,
            on_board: u8::from(p.on_board),
            consecutive_farkles: p.consecutive_farkles,
        }))?;
        position_out.write(FarkleGamePosition {
            // At most MAX_PLAYERS - 1: a checked position.
            player_to_move: start.player_to_move as u32,
            round: start.round,
        });
        Ok(())
    }
}

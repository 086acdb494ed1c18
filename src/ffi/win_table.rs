// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleWinTable, the solved two-player game, from C: solving, saving and loading tables,
//! and asking them about a state (FarklePlayer, FarkleTurnState, FarkleDecision).
//! Conversions and checks only; the mathematics is in `crate::strategy::two_player`.

use std::ffi::{c_char, c_void};
use std::path::Path;
use std::sync::Arc;

use crate::dice::FaceCounts;
use crate::ffi::boundary::{arg, c_str, flag_arg, list_out, out, slice, Handle, Outcome};
use crate::ffi::error::{fail, FarkleStatus};
use crate::ffi::progress::{progress_of, FarkleProgressFn};
use crate::ffi::rules::FarkleRules;
use crate::ffi::turn_policy::FarkleChoice;
use crate::rules::Rules;
use crate::strategy::{PlayerState, SolveOptions, TwoPlayerState, WinTable};

/// A player between turns, for the two-player table.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarklePlayer {
    /// Banked score in points (a multiple of the table's unit, below the target, not below
    /// the table's lower bound).
    pub score: i32,
    /// 1 when the player has met the minimum entry, else 0 (ignored when the rules have none;
    /// a player not on the board has a score of at most 0). Any other value is refused with
    /// FARKLE_STATUS_INVALID_ARGUMENT.
    pub on_board: u8,
    /// Consecutive farkles so far (0 without a penalty; below the penalty streak).
    pub farkles: u32,
}

/// A state in the middle of a turn, for the two-player table.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleTurnState {
    /// The player whose turn it is.
    pub me: FarklePlayer,
    /// The player waiting for their turn.
    pub opponent: FarklePlayer,
    /// Points made so far this turn (a multiple of the unit; 0 at the start of a turn).
    pub turn_total: i32,
    /// Dice about to be rolled, 1 to the rules' dice_count.
    pub dice: u32,
}

/// The optimal decision before a roll.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleDecision {
    /// Whether banking is optimal (ties bank).
    pub bank: bool,
    /// Whether the rules allow banking here.
    pub bank_allowed: bool,
    /// P(win) when banking now (0 when not allowed).
    pub bank_win_probability: f64,
    /// P(win) when rolling.
    pub roll_win_probability: f64,
}

/// A solved two-player game. Opaque; create with farkle_win_table_solve() or load one, free
/// with farkle_win_table_free(). Immutable once created: safe to query from several threads
/// at once.
pub struct FarkleWinTable {
    pub(crate) table: Arc<WinTable>,
}

impl Handle for FarkleWinTable {}

impl From<WinTable> for FarkleWinTable {
    fn from(table: WinTable) -> Self {
        FarkleWinTable {
            table: Arc::new(table),
        }
    }
}

/// A count C passes as a uint32_t that a table keeps in a byte: INVALID_ARGUMENT, naming
/// it, when it does not fit (the table checks the rest of its range).
fn byte_arg(value: u32, name: &str) -> Outcome<u8> {
    u8::try_from(value).map_err(|_| {
        fail(
            FarkleStatus::InvalidArgument,
            format!("{name} is {value}, more than any table holds"),
        )
    })
}

fn player(p: &FarklePlayer) -> Outcome<PlayerState> {
    let on_board = flag_arg(p.on_board, "on_board")?;
    Ok(PlayerState {
        score: p.score,
        on_board,
        farkles: byte_arg(p.farkles, "farkles")?,
    })
}

fn turn_state(s: &FarkleTurnState) -> Outcome<TwoPlayerState> {
    Ok(TwoPlayerState {
        me: player(&s.me)?,
        opponent: player(&s.opponent)?,
        turn_total: s.turn_total,
        dice: byte_arg(s.dice, "dice")?,
    })
}

/// Solves optimal two-player play under `rules` (to its target; turn limits are not
/// supported): P(win) at the start of every turn. Blocks until done, on worker threads that
/// this call creates (one per core, or RAYON_NUM_THREADS) and that are gone when it returns,
/// so a process may fork() before or after (not during) a solve.
///
/// Cost, measured on two cores: 4 to 8 s of wall time (8 to 16 s of CPU) for the presets
/// without a farkle penalty to 10,000 (one pass over 40,000 to 160,000 pairs of player
/// states), about 20 s (40 s of CPU) for the two presets with a penalty (nine or ten passes
/// over about 500,000 pairs), memory under 30 MB. Refused with FARKLE_STATUS_RESOURCE_LIMIT,
/// before the solve starts, beyond FARKLE_LIMIT_WIN_TABLE_PAIRS pairs or
/// FARKLE_LIMIT_WIN_TABLE_PASS_WORK option evaluations per pass (a target of a million, or a
/// granularity of 1 point, for instance).
///
/// `progress`, when not NULL, is called now and then from this thread with the fraction done
/// (an estimate under a penalty) and `user`; when it returns false the solve stops within
/// milliseconds and returns FARKLE_STATUS_CANCELLED, creating nothing.
///
/// On success `*out_table` owns a new table; free it with farkle_win_table_free().
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_RULES, FARKLE_STATUS_UNSUPPORTED
/// (a turn limit, no target, a turn that could go on forever without risk, or a house rule
/// the table does not model: singles_only_before_entry, a hot_dice_multiplier_step above 0,
/// an exact_target other than FARKLE_EXACT_TARGET_OFF, or piggybacking; the same-face scoring
/// options are supported), FARKLE_STATUS_RESOURCE_LIMIT, FARKLE_STATUS_CANCELLED;
/// farkle_last_error_message() says why.
///
/// # Safety
/// `rules` readable, `out_table` writable; `progress` a valid function or NULL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_solve(
    rules: *const FarkleRules,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_table: *mut *mut FarkleWinTable,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers and the progress function.
        let (rules, out, mut report) = unsafe {
            (Rules::try_from(arg(rules)?)?, out(out_table)?, progress_of(progress, user))
        };
        let table = WinTable::solve(&rules, SolveOptions::default(), &mut report)?;
        FarkleWinTable::from(table).into_out(out);
        Ok(())
    }
}

/// Frees a table; NULL does nothing. Do not use it or free it again afterwards.
///
/// # Safety
/// `table` must be NULL or come from this library and not be freed yet.
#[no_mangle]
pub unsafe extern "C" fn farkle_win_table_free(table: *mut FarkleWinTable) {
    // SAFETY: the caller's promise.
    ffi_guard!((), unsafe { FarkleWinTable::free(table) });
}

/// Saves a table to the file at `path` (UTF-8), in the compact versioned format described in
/// docs/strategy.md (about 320 KB for the minimal preset to 10,000).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (path not UTF-8),
/// FARKLE_STATUS_IO.
///
/// # Safety
/// `table` a live table, `path` a NUL-terminated string.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_save(
    table: *const FarkleWinTable,
    path: *const c_char,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the table and the string.
        let (table, path) = unsafe { (FarkleWinTable::from_ptr(table)?, c_str(path, "path")?) };
        table.table.save(Path::new(path))?;
        Ok(())
    }
}

/// Loads a table saved by farkle_win_table_save() or farkle_win_table_to_buffer(), reading at
/// most the size of the largest table this library writes (about 17 MB; a longer file or a
/// device is refused without reading further).
///
/// Besides its format, sizes and checksum, a table must agree with the rules it claims: the
/// turns of a sample of pairs are solved again from the stored values around them, and with
/// a final round the lead cap and a few last-turn chances are recomputed (milliseconds for a
/// 6-dice preset). The checksum only detects damage (anyone can recompute it); this check is
/// what refuses a table whose rules were edited. It is not a signature: load tables you trust.
///
/// On success `*out_table` owns a new table. Errors: FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_INVALID_ARGUMENT (path not UTF-8), FARKLE_STATUS_IO (cannot read),
/// FARKLE_STATUS_BAD_TABLE_FILE (not a table, too long, truncated, corrupted, another
/// version, or values that do not follow from its rules), FARKLE_STATUS_INVALID_RULES,
/// FARKLE_STATUS_UNSUPPORTED or FARKLE_STATUS_RESOURCE_LIMIT (the rules inside are not
/// solvable here, a house rule farkle_win_table_solve() refuses among them);
/// farkle_last_error_message() says which.
///
/// # Safety
/// `path` a NUL-terminated string, `out_table` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_load(
    path: *const c_char,
    out_table: *mut *mut FarkleWinTable,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the string and the output.
        let (path, out) = unsafe { (c_str(path, "path")?, out(out_table)?) };
        FarkleWinTable::from(WinTable::load(Path::new(path))?).into_out(out);
        Ok(())
    }
}

/// Writes the saved form of a table to a caller's buffer of `capacity` bytes and its size to
/// `*out_size`. When `capacity` is too small, returns FARKLE_STATUS_BUFFER_TOO_SMALL, writes
/// the size needed to `*out_size` and nothing to the buffer (call with NULL, 0 to ask).
///
/// Errors: FARKLE_STATUS_NULL_POINTER (table, out_size, or buffer NULL with capacity > 0),
/// FARKLE_STATUS_BUFFER_TOO_SMALL.
///
/// # Safety
/// `table` a live table, `buffer` writable for `capacity` bytes, `out_size` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_to_buffer(
    table: *const FarkleWinTable,
    buffer: *mut u8,
    capacity: usize,
    out_size: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the table and the byte buffers.
        let (table, bytes) = unsafe {
            (FarkleWinTable::from_ptr(table)?, list_out(buffer, capacity, out_size)?)
        };
        bytes.write(table.table.to_bytes().into_iter())
    }
}

/// Loads a table from the `size` bytes at `buffer` (the saved format).
///
/// Errors as for farkle_win_table_load(), without FARKLE_STATUS_IO.
///
/// # Safety
/// `buffer` readable for `size` bytes, `out_table` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_from_buffer(
    buffer: *const u8,
    size: usize,
    out_table: *mut *mut FarkleWinTable,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the bytes and the output.
        let (bytes, out) = unsafe { (slice(buffer, size)?, out(out_table)?) };
        FarkleWinTable::from(WinTable::from_bytes(bytes)?).into_out(out);
        Ok(())
    }
}

/// The rules a table was solved for.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `table` a live table, `out_rules` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_rules(
    table: *const FarkleWinTable,
    out_rules: *mut FarkleRules,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (table, out) = unsafe { (FarkleWinTable::from_ptr(table)?, out(out_rules)?) };
        out.write(FarkleRules::from(table.table.rules()));
        Ok(())
    }
}

/// P(win) for the player to move in `state` (who may bank where the rules allow it); with
/// turn total 0 and the full set it is the start-of-turn probability. Recomputes the turn
/// (about a millisecond).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (a score, turn total,
/// dice or farkle count outside the table; see FarklePlayer).
///
/// # Safety
/// `table` a live table, `state` readable, `out_probability` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_win_probability(
    table: *const FarkleWinTable,
    state: *const FarkleTurnState,
    out_probability: *mut f64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the three pointers.
        let (table, state, out) = unsafe {
            (FarkleWinTable::from_ptr(table)?, turn_state(arg(state)?)?, out(out_probability)?)
        };
        out.write(table.table.win_probability(&state)?);
        Ok(())
    }
}

/// The optimal decision in `state` before rolling: bank or roll, and P(win) of each.
///
/// Errors as for farkle_win_table_win_probability().
///
/// # Safety
/// `table` a live table, `state` readable, `out_decision` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_decision(
    table: *const FarkleWinTable,
    state: *const FarkleTurnState,
    out_decision: *mut FarkleDecision,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the three pointers.
        let (table, state, out) = unsafe {
            (FarkleWinTable::from_ptr(table)?, turn_state(arg(state)?)?, out(out_decision)?)
        };
        let d = table.table.decision(&state)?;
        out.write(FarkleDecision {
            bank: d.bank,
            bank_allowed: d.bank_win_probability.is_some(),
            bank_win_probability: d.bank_win_probability.unwrap_or(0.0),
            roll_win_probability: d.roll_win_probability,
        });
        Ok(())
    }
}

/// The best play of a roll (`count` faces) for `me` against `opponent` holding `turn_total`:
/// which dice to keep and whether to bank after; `value` is P(win) after the play.
///
/// Errors as for farkle_win_table_win_probability(), plus FARKLE_STATUS_INVALID_FACE and
/// FARKLE_STATUS_TOO_MANY_DICE.
///
/// # Safety
/// `table` a live table, `me`/`opponent` readable, `faces` readable for `count` bytes,
/// `out_choice` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_best_choice(
    table: *const FarkleWinTable,
    me: *const FarklePlayer,
    opponent: *const FarklePlayer,
    turn_total: i32,
    faces: *const u8,
    count: usize,
    out_choice: *mut FarkleChoice,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the five pointers.
        let (table, me, opponent, faces, out) = unsafe {
            (
                FarkleWinTable::from_ptr(table)?,
                player(arg(me)?)?,
                player(arg(opponent)?)?,
                slice(faces, count)?,
                out(out_choice)?,
            )
        };
        let roll = FaceCounts::from_faces(faces, usize::from(table.table.rules().dice_count))?;
        let best = table.table.best_choice(&me, &opponent, turn_total, roll)?;
        out.write(best.map_or_else(FarkleChoice::farkle, |c| {
            let value = c.win_probability;
            FarkleChoice::play(faces, c.keep, c.points, c.turn_total, c.dice_left, c.bank, value)
        }));
        Ok(())
    }
}

/// P(first player wins) from the start of a game under optimal play by both.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `table` a live table, `out_probability` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_first_player_win_probability(
    table: *const FarkleWinTable,
    out_probability: *mut f64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (table, out) = unsafe { (FarkleWinTable::from_ptr(table)?, out(out_probability)?) };
        out.write(table.table.first_player_win_probability());
        Ok(())
    }
}

/// The fairest compensation: the head start in points (banked, on the board) for the second
/// player that brings P(first player wins) closest to 1/2; the smallest such, 0 when the
/// first player is not ahead.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `table` a live table, `out_points` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_compensation(
    table: *const FarkleWinTable,
    out_points: *mut i32,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (table, out) = unsafe { (FarkleWinTable::from_ptr(table)?, out(out_points)?) };
        out.write(table.table.compensation());
        Ok(())
    }
}

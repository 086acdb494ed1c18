// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleWinTable, the solved game of two or three players, from C: solving, saving and
//! loading tables, and asking them about a state (FarklePlayer, FarkleTurnState,
//! FarkleDecision for two players; a list of FarklePlayer and FarkleMoverDecision for any).
//! Conversions and checks only; the mathematics is in `crate::strategy::tables`.

use std::ffi::{c_char, c_void};
use std::path::Path;
use std::sync::Arc;

use crate::dice::FaceCounts;
use crate::ffi::boundary::{arg, c_str, flag_arg, list_out, out, slice, Handle, Out, Outcome};
use crate::ffi::error::{fail, FarkleStatus};
use crate::ffi::progress::{with_progress, FarkleProgressFn};
use crate::ffi::rules::FarkleRules;
use crate::ffi::turn_policy::FarkleChoice;
use crate::rules::Rules;
use crate::strategy::{
    PlayerState, SeatDecision, SolveOptions, TwoPlayerState, TwoPlayerTable, WinTable,
};

/// A player between turns, as a win table sees it.
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

/// The mover's decision before a roll, at a table of any size.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleMoverDecision {
    /// Whether the mover banks (where it mixes, whether it banks more often than not).
    pub bank: bool,
    /// Whether the rules allow banking here.
    pub bank_allowed: bool,
    /// The probability that the mover rolls: 0 or 1, or in between where the three-player
    /// equilibrium mixes banking and rolling (a player that plays the equilibrium draws).
    pub roll_probability: f64,
    /// The mover's P(win) when banking now (0 when not allowed).
    pub bank_win_probability: f64,
    /// The mover's P(win) when rolling.
    pub roll_win_probability: f64,
}

/// A solved game of two or three players. Opaque; create with farkle_win_table_solve(),
/// farkle_win_table_solve_players() or load one, free with farkle_win_table_free().
/// Immutable once created: safe to query from several threads at once.
pub struct FarkleWinTable {
    pub(crate) table: WinTable,
}

impl Handle for FarkleWinTable {}

impl<T: Into<WinTable>> From<T> for FarkleWinTable {
    fn from(table: T) -> Self {
        FarkleWinTable {
            table: table.into(),
        }
    }
}

impl FarkleWinTable {
    /// The two-player table, or UNSUPPORTED naming the calls for a three-player one.
    fn two(&self) -> Outcome<&Arc<TwoPlayerTable>> {
        self.table.two_player().ok_or_else(|| {
            fail(
                FarkleStatus::Unsupported,
                "this is a three-player table: ask it with farkle_win_table_win_probabilities(), \
                 farkle_win_table_mover_decision() or farkle_win_table_mover_best_choice()",
            )
        })
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
/// `progress`, when not NULL, is called from this thread as FarkleProgressFn describes
/// (before the work, every few milliseconds during it, 1.0 at the end) with the fraction
/// done (an estimate under a penalty) and `user`; when it returns false the solve stops
/// within a fraction of a second and returns FARKLE_STATUS_CANCELLED, creating nothing.
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
        let (rules, out) = unsafe { (Rules::try_from(arg(rules)?)?, out(out_table)?) };
        // SAFETY: the caller's promise for the progress function.
        let table = unsafe {
            with_progress(progress, user, |report| {
                Ok(TwoPlayerTable::solve(&rules, SolveOptions::default(), report)?)
            })
        }?;
        FarkleWinTable::from(table).into_out(out);
        Ok(())
    }
}

/// Solves optimal play for `player_count` players under `rules`: 2 gives exactly the table
/// of farkle_win_table_solve() (the same values, bit for bit); 3 the three-player game, as a
/// subgame-perfect equilibrium in which every player maximizes its own chance to win. Where
/// a cycle of states (every rotation of the same scores, linked by farkles) has no pure
/// equilibrium, it is solved as the mixed one: the mover banks or rolls at random with the
/// probabilities that leave the others indifferent (FarkleMoverDecision.roll_probability);
/// where all three players stand on equal scores and no choice shared by all is an
/// equilibrium, the same: see docs/strategy.md.
///
/// Cost of three players, measured on two cores (docs/benchmarks.md): minimal to 10,000 (8
/// x 10^6 turn-start states) about 11 minutes of CPU and 0.5 GB; zilch to 2,000 (with its
/// penalty, 5.8 x 10^6 states) about an hour of CPU. Refused with
/// FARKLE_STATUS_RESOURCE_LIMIT before allocating beyond FARKLE_LIMIT_WIN_TABLE_STATES
/// turn-start states (the message names the size: a farkle penalty multiplies the states by
/// its streak once per player) or FARKLE_LIMIT_WIN_TABLE_PASS_WORK option evaluations per
/// pass (classic to 10,000, with its entry minimum and final round, is 8.9 x 10^11), and four or more
/// players are refused the same way where that is the reason (four players to 10,000 under
/// minimal rules are 1.6 x 10^9 states), else with FARKLE_STATUS_UNSUPPORTED. Progress and
/// cancellation as for farkle_win_table_solve().
///
/// Errors: as for farkle_win_table_solve(), and FARKLE_STATUS_INVALID_ARGUMENT (a
/// player_count below 2).
///
/// # Safety
/// `rules` readable, `out_table` writable; `progress` a valid function or NULL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_solve_players(
    rules: *const FarkleRules,
    player_count: u32,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_table: *mut *mut FarkleWinTable,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers and the progress function.
        let (rules, out) = unsafe { (Rules::try_from(arg(rules)?)?, out(out_table)?) };
        let players = usize::try_from(player_count).unwrap_or(usize::MAX);
        // SAFETY: the caller's promise for the progress function.
        let table = unsafe {
            with_progress(progress, user, |report| {
                Ok(WinTable::solve(&rules, players, report)?)
            })
        }?;
        FarkleWinTable::from(table).into_out(out);
        Ok(())
    }
}

/// The number of players a table was solved for: 2 or 3.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `table` a live table, `out_count` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_player_count(
    table: *const FarkleWinTable,
    out_count: *mut u32,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (table, out) = unsafe { (FarkleWinTable::from_ptr(table)?, out(out_count)?) };
        out.write(table.table.player_count() as u32);
        Ok(())
    }
}

/// How many cycles of states (every rotation of the same scores, linked by farkles) the
/// three-player solve found without a pure equilibrium and solved as mixed ones (see
/// farkle_win_table_solve_players()); 0 for a two-player table, which has none. A loaded
/// table counts its stored mixing states again, so the number survives a file. Minimal rules
/// to 1,500 have 1, to 4,000 have 4.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `table` a live table, `out_count` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_mixed_cycles(
    table: *const FarkleWinTable,
    out_count: *mut u64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (table, out) = unsafe { (FarkleWinTable::from_ptr(table)?, out(out_count)?) };
        out.write(table.table.mixed_cycles() as u64);
        Ok(())
    }
}

/// Whether an earlier version of the library solved the table in a way this one no longer
/// does, so that solving its rules again gives other values: a table of rules with a final
/// round loaded from a file written before the solver weighed every scoring selection of a
/// roll (where fewer points can be worth more; two-player files of format versions 1 to 3,
/// three-player files of version 4). Its queries still answer for the table it is; a program
/// that caches tables should solve again. False for every table this version solves.
///
/// Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `table` a live table, `out_outdated` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_outdated(
    table: *const FarkleWinTable,
    out_outdated: *mut bool,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (table, out) = unsafe { (FarkleWinTable::from_ptr(table)?, out(out_outdated)?) };
        out.write(table.table.is_outdated());
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
/// docs/strategy.md (about 320 KB for the minimal preset to 10,000). The file is created or
/// replaced whole: the bytes go to a new file in the same directory, renamed over the path
/// once they are on disk, so a reader never sees half a table and a failed save leaves the
/// old file as it was. Only a regular file is written: a symbolic link stays a link and the
/// file it names is replaced; a path naming a FIFO, a device, a socket or a directory, or a
/// link to nothing, is refused at once with FARKLE_STATUS_IO and left untouched (nothing is
/// opened there, so a FIFO with no reader never makes the call wait).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (path not UTF-8),
/// FARKLE_STATUS_IO (cannot write, or not a regular file).
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

/// Loads a table saved by farkle_win_table_save() or farkle_win_table_to_buffer(). The
/// header (at most 176 bytes) is read first and the length computed from its sizes, which
/// must be within the limits (a two-player file is then at most 16,800,584 bytes, a
/// three-player one at most 805,306,552: 2^24 states, each mixing); a header past them, or
/// a file longer than its header says, is refused with FARKLE_STATUS_BAD_TABLE_FILE without
/// reading further. Only a regular file is read: a path naming a FIFO, a
/// device, a socket or a directory is refused at once with FARKLE_STATUS_IO, unread (it is
/// opened without blocking, so a FIFO never makes the call wait for a writer).
///
/// Besides its format, sizes and checksum, a table must agree with the rules it claims: the
/// turns of a sample of pairs are solved again from the stored values around them, and with
/// a final round the lead cap and a few last-turn chances are recomputed (milliseconds for a
/// 6-dice preset). The checksum only detects damage (anyone can recompute it); this check is
/// what refuses a table whose rules were edited. It is not a signature: load tables you trust.
///
/// On success `*out_table` owns a new table. Errors: FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_INVALID_ARGUMENT (path not UTF-8), FARKLE_STATUS_IO (cannot read, or not a
/// regular file),
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
/// A two-player table's call: on a three-player table FARKLE_STATUS_UNSUPPORTED (ask
/// farkle_win_table_win_probabilities()).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INVALID_ARGUMENT (a score, turn total,
/// dice or farkle count outside the table; see FarklePlayer), FARKLE_STATUS_UNSUPPORTED.
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
        out.write(table.two()?.win_probability(&state)?);
        Ok(())
    }
}

/// The optimal decision in `state` before rolling: bank or roll, and P(win) of each. For a
/// two-player table (farkle_win_table_mover_decision() asks a table of any size).
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
        let d = table.two()?.decision(&state)?;
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
/// which dice to keep and whether to bank after; `value` is P(win) after the play. For a
/// two-player table (farkle_win_table_mover_best_choice() asks a table of any size).
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
        let two = table.two()?;
        let roll = FaceCounts::from_faces(faces, usize::from(two.rules().dice_count))?;
        let best = two.best_choice(&me, &opponent, turn_total, roll)?;
        out.write(best.map_or_else(FarkleChoice::farkle, |c| {
            let value = c.win_probability;
            FarkleChoice::play(faces, c.keep, c.points, c.turn_total, c.dice_left, c.bank, value)
        }));
        Ok(())
    }
}

/// P(first player wins) from the start of a game under optimal play by both (for a
/// three-player table, the first seat's chance at the equilibrium).
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
        out.write(table.table.start_probabilities()[0]);
        Ok(())
    }
}

/// The fairest compensation: the head start in points (banked, on the board) for the second
/// player that brings P(first player wins) closest to 1/2; the smallest such, 0 when the
/// first player is not ahead. For a two-player table (farkle_win_table_head_starts() for
/// any).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_UNSUPPORTED (a three-player table).
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
        out.write(table.two()?.compensation());
        Ok(())
    }
}

/// The players of a table-wide query: exactly the table's player count, in turn order from
/// the mover.
fn players_arg(table: &FarkleWinTable, players: &[FarklePlayer]) -> Outcome<Vec<PlayerState>> {
    let n = table.table.player_count();
    if players.len() != n {
        return Err(fail(
            FarkleStatus::InvalidArgument,
            format!("{} players for a table of {n}", players.len()),
        ));
    }
    players.iter().map(player).collect()
}

/// `values` into the caller's array of exactly as many doubles (checked not NULL before).
fn write_all(to: Out<f64>, values: &[f64]) {
    for (i, v) in values.iter().enumerate() {
        // SAFETY: the caller promised room for one double per player, and `values` has one
        // per player.
        unsafe { to.as_ptr().add(i).write(*v) };
    }
}

/// Every player's probability of winning, `players` (`count` of them, exactly the table's
/// player count) in turn order from the one to move, who holds `turn_total` points with
/// `dice` dice to roll and may bank where the rules allow it (with turn total 0 and the full
/// set, the start of its turn). `out_probabilities[i]` is the chance of `players[i]`; they
/// sum to 1. Recomputes the turn (about a millisecond; repeated questions about the same
/// scores on one thread are cached).
///
/// Errors: FARKLE_STATUS_NULL_POINTER; FARKLE_STATUS_INVALID_ARGUMENT (`count` not the
/// table's player count, or a score, turn total, dice or farkle count outside the table;
/// see FarklePlayer). Nothing is written on an error.
///
/// # Safety
/// `table` a live table, `players` readable for `count` entries, `out_probabilities`
/// writable for `count` doubles.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_win_probabilities(
    table: *const FarkleWinTable,
    players: *const FarklePlayer,
    count: usize,
    turn_total: i32,
    dice: u32,
    out_probabilities: *mut f64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers.
        let (table, players, out) = unsafe {
            (FarkleWinTable::from_ptr(table)?, slice(players, count)?, out(out_probabilities)?)
        };
        let players = players_arg(table, players)?;
        let p = table.table.win_probabilities(&players, turn_total, byte_arg(dice, "dice")?)?;
        write_all(out, &p);
        Ok(())
    }
}

/// The decision of the mover (`players[0]`; `count` players in turn order, exactly the
/// table's player count) before rolling `dice` dice with `turn_total` points in the turn:
/// whether it banks, how often it rolls where it mixes, and its chances either way. When
/// not NULL, `out_bank_probabilities` and `out_roll_probabilities` (each writable for
/// `count` doubles) receive every player's chances if the mover banks (all 0 where it may
/// not) and if it rolls.
///
/// Errors as for farkle_win_table_win_probabilities().
///
/// # Safety
/// `table` a live table, `players` readable for `count` entries, `out_decision` writable,
/// the two arrays NULL or writable for `count` doubles.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_mover_decision(
    table: *const FarkleWinTable,
    players: *const FarklePlayer,
    count: usize,
    turn_total: i32,
    dice: u32,
    out_decision: *mut FarkleMoverDecision,
    out_bank_probabilities: *mut f64,
    out_roll_probabilities: *mut f64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers (the arrays may be NULL).
        let (table, players, out, bank_out, roll_out) = unsafe {
            (
                FarkleWinTable::from_ptr(table)?,
                slice(players, count)?,
                out(out_decision)?,
                out(out_bank_probabilities).ok(),
                out(out_roll_probabilities).ok(),
            )
        };
        let players = players_arg(table, players)?;
        let d: SeatDecision = table.table.decision(&players, turn_total, byte_arg(dice, "dice")?)?;
        out.write(FarkleMoverDecision {
            bank: d.bank,
            bank_allowed: d.bank_win_probabilities.is_some(),
            roll_probability: d.roll_probability,
            bank_win_probability: d.bank_win_probabilities.as_ref().map_or(0.0, |b| b[0]),
            roll_win_probability: d.roll_win_probabilities[0],
        });
        if let Some(to) = bank_out {
            let none = vec![0.0; players.len()];
            write_all(to, d.bank_win_probabilities.as_deref().unwrap_or(&none));
        }
        if let Some(to) = roll_out {
            write_all(to, &d.roll_win_probabilities);
        }
        Ok(())
    }
}

/// The mover's best play of a roll (`face_count` faces), `players` (`count`, the table's
/// player count) in turn order from the mover, who holds `turn_total` before the roll:
/// which dice to keep and whether to bank after (where the equilibrium mixes after the play,
/// the likelier); `value` is the mover's P(win) after the play, ties broken by more points,
/// then fewer dice kept. `out_probabilities`, when not NULL (writable for `count` doubles),
/// receives every player's chances after it (all 0 for a farkle).
///
/// Errors as for farkle_win_table_win_probabilities(), plus FARKLE_STATUS_INVALID_FACE and
/// FARKLE_STATUS_TOO_MANY_DICE.
///
/// # Safety
/// `table` a live table, `players` readable for `count` entries, `faces` readable for
/// `face_count` bytes, `out_choice` writable, `out_probabilities` NULL or writable for
/// `count` doubles.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_mover_best_choice(
    table: *const FarkleWinTable,
    players: *const FarklePlayer,
    count: usize,
    turn_total: i32,
    faces: *const u8,
    face_count: usize,
    out_choice: *mut FarkleChoice,
    out_probabilities: *mut f64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers (the array may be NULL).
        let (table, players, faces, out, chances_out) = unsafe {
            (
                FarkleWinTable::from_ptr(table)?,
                slice(players, count)?,
                slice(faces, face_count)?,
                out(out_choice)?,
                out(out_probabilities).ok(),
            )
        };
        let players = players_arg(table, players)?;
        let roll = FaceCounts::from_faces(faces, usize::from(table.table.rules().dice_count))?;
        let best = table.table.best_choice(&players, turn_total, roll)?;
        let chances = best
            .as_ref()
            .map_or_else(|| vec![0.0; players.len()], |c| c.win_probabilities.clone());
        out.write(best.map_or_else(FarkleChoice::farkle, |c| {
            let bank = c.then.as_ref().is_none_or(|d| d.bank);
            let value = c.win_probabilities[0];
            FarkleChoice::play(faces, c.keep, c.points, c.turn_total, c.dice_left, bank, value)
        }));
        if let Some(to) = chances_out {
            write_all(to, &chances);
        }
        Ok(())
    }
}

/// Every seat's probability of winning from the start of the game (seat 0 moves first),
/// to `out_probabilities` with room for `capacity` doubles; `*out_count` receives the player
/// count. With too small a capacity, FARKLE_STATUS_BUFFER_TOO_SMALL and only `*out_count`
/// is written (NULL, 0 asks for the count).
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_BUFFER_TOO_SMALL.
///
/// # Safety
/// `table` a live table, `out_probabilities` writable for `capacity` doubles, `out_count`
/// writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_start_probabilities(
    table: *const FarkleWinTable,
    out_probabilities: *mut f64,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the table and the list.
        let (table, list) = unsafe {
            (FarkleWinTable::from_ptr(table)?, list_out(out_probabilities, capacity, out_count)?)
        };
        list.write(table.table.start_probabilities().into_iter())
    }
}

/// The fairest head starts: for each seat after the first, in seat order, the banked points
/// (on the board) that bring every seat's chance from the start closest to equal (for two
/// players as farkle_win_table_compensation(); for three, the least sum of squared
/// differences from 1/3, the smaller head starts on ties). `*out_count` receives the player
/// count minus one; capacity as for farkle_win_table_start_probabilities(). The
/// three-player search reads every pair of head starts: about a second to 10,000.
///
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_BUFFER_TOO_SMALL.
///
/// # Safety
/// `table` a live table, `out_points` writable for `capacity` entries, `out_count` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_win_table_head_starts(
    table: *const FarkleWinTable,
    out_points: *mut i32,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the table and the list.
        let (table, list) = unsafe {
            (FarkleWinTable::from_ptr(table)?, list_out(out_points, capacity, out_count)?)
        };
        list.write(table.table.compensation().into_iter())
    }
}

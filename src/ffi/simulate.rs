// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Simulations from C: farkle_simulate(), many seeded games between computer players.
//! Conversions and checks only; the games are in `crate::strategy::simulate`.

use std::ffi::c_void;
use std::sync::Arc;

use crate::ffi::bots::bot_of;
use crate::ffi::boundary::{arg, out, slice, Outcome};
use crate::ffi::error::{fail, FarkleStatus};
use crate::ffi::progress::{with_progress, FarkleProgressFn};
use crate::ffi::rules::FarkleRules;
use crate::ffi::win_table::FarkleWinTable;
use crate::game::MAX_PLAYERS;
use crate::rules::Rules;
use crate::strategy::{simulate_with_progress, Advisor, Bot, Progress, SimulationReport};

/// What a simulation found. The per-bot arrays are indexed like the bot_kinds argument (only
/// the first player_count entries are meaningful; the rest are 0).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleSimulation {
    /// Games played.
    pub games: u64,
    /// Turns played in all the games (each bank, farkle or forfeit ends one).
    pub turns: u64,
    /// Games each bot won outright.
    pub wins: [u64; 64],
    /// Games that ended in a tie (a shared highest score) each bot shared; a tie is a win for
    /// nobody.
    pub ties: [u64; 64],
    /// The sum of each bot's final scores over all the games (saturated to the int64_t
    /// range).
    pub points: [i64; 64],
}

const _: () = assert!(MAX_PLAYERS == 64);

/// A simulation's results for C.
pub(crate) fn simulation_out(result: &SimulationReport) -> FarkleSimulation {
    let mut sim = FarkleSimulation {
        games: result.games,
        turns: result.turns,
        wins: [0; 64],
        ties: [0; 64],
        points: [0; 64],
    };
    for (i, b) in result.bots.iter().enumerate() {
        sim.wins[i] = b.wins;
        sim.ties[i] = b.ties;
        sim.points[i] = b.total_score.clamp(i64::MIN.into(), i64::MAX.into()) as i64;
    }
    sim
}

/// The bots of a simulation, from their FarkleBotKind numbers (a seat with a bot in `given`
/// plays that one instead: a card); the single-turn policy of the optimal ones is solved
/// reporting no progress (0 games played) to `progress`.
pub(crate) fn bots_of(
    rules: &Rules,
    kinds: &[u32],
    given: &[Option<Bot>],
    table: Option<&FarkleWinTable>,
    progress: Progress,
) -> Outcome<Vec<Bot>> {
    // One single-turn advisor for every optimal bot (it is the costly part to make).
    let mut advisor: Option<Arc<Advisor>> = None;
    let mut single = || -> Outcome<Arc<Advisor>> {
        if let Some(a) = &advisor {
            return Ok(Arc::clone(a));
        }
        let a = Arc::new(Advisor::single_turn_with_progress(rules, &mut |_| {
            progress(0.0)
        })?);
        Ok(Arc::clone(advisor.insert(a)))
    };
    kinds
        .iter()
        .enumerate()
        .map(|(seat, &kind)| match given.get(seat) {
            Some(Some(bot)) => Ok(bot.clone()),
            _ => bot_of(kind, table, &mut single),
        })
        .collect()
}

/// Plays `games` seeded games of `rules` between `player_count` computer players (1 to
/// FARKLE_MAX_PLAYERS), bot s being `bot_kinds[s]` (FarkleBotKind values), and writes the
/// results to `*out_simulation`. Seats rotate: in game i, seat s is played by bot (s + i) mod
/// player_count, so each bot starts equally often. Game i rolls its dice from the seed
/// d = splitmix64(seed ^ splitmix64(i)), and in its turn k (k = 0, 1, ... over the whole game)
/// a random bot chooses (and a win-optimal bot draws where the three-player
/// equilibrium mixes) with the seed splitmix64(d) + k, where splitmix64 is the standard
/// SplitMix64 step (x += 0x9E3779B97F4A7C15, then two xor-shift-multiply rounds with
/// 0xBF58476D1CE4E5B9 and 0x94D049BB133111EB, and a final xor-shift by 31):
/// farkle_game_new(rules, player_count, d) and farkle_game_bot_play_turn() with those seeds
/// replay game i exactly. So the same arguments give the same results on every run and every
/// number of threads. `table` is needed by FARKLE_BOT_KIND_WIN_OPTIMAL and
/// FARKLE_BOT_KIND_STRONGEST_OPPONENT (a table solved for `rules`) and ignored otherwise.
///
/// Cost: games between threshold and single-turn optimal bots are played without the game's
/// event log (the same games, checked against farkle_game_bot_play_turn() by the tests): on one
/// core of the benchmark machine (docs/benchmarks.md) about 10 million turns a second for two
/// threshold bots and 3 million for two single-turn optimal ones (a game of classic rules lasts
/// about 35 turns); a random or win-optimal bot plays through a full game, about 1.5 million
/// turns a second. The games run on worker threads created for the call (one per core, or
/// RAYON_NUM_THREADS), joined before it returns. A game that lasts 100,000 turns (rules under
/// which no bot can bank) or a bot turn of FARKLE_LIMIT_BOT_ROLLS_PER_TURN rolls where it may
/// not bank stops the simulation with FARKLE_STATUS_RESOURCE_LIMIT.
/// farkle_simulate_with_progress() reports progress and can be cancelled.
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER (rules, out_simulation, bot_kinds with
/// player_count > 0, or table with a win-optimal bot); FARKLE_STATUS_INVALID_RULES;
/// FARKLE_STATUS_INVALID_ARGUMENT (player_count 0 or above 64, an unknown bot kind, or a table
/// solved for other rules); FARKLE_STATUS_UNSUPPORTED or FARKLE_STATUS_RESOURCE_LIMIT (an
/// optimal bot's policy cannot be solved, a house rule it does not model among them, see
/// farkle_game_advise(); or a game cannot finish). Random and threshold bots play under every
/// house rule (games under the game's house rules are played through a full game).
/// farkle_last_error_message() says why.
///
/// # Safety
/// `rules` readable; `bot_kinds` readable for `player_count` entries; `table` NULL or a live
/// table; `out_simulation` writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_simulate(
    rules: *const FarkleRules,
    bot_kinds: *const u32,
    player_count: u32,
    games: u64,
    seed: u64,
    table: *const FarkleWinTable,
    out_simulation: *mut FarkleSimulation,
) -> FarkleStatus {
    // SAFETY: the caller's promises are this function's.
    unsafe {
        farkle_simulate_with_progress(
            rules,
            bot_kinds,
            player_count,
            games,
            seed,
            table,
            None,
            std::ptr::null_mut(),
            out_simulation,
        )
    }
}

/// farkle_simulate(), calling `progress` (when not NULL) from this thread as
/// FarkleProgressFn describes (before the work, every few milliseconds during it, 1.0 at the
/// end) with the fraction of the games played (0 while the policy of optimal bots is solved)
/// and `user`; when it returns false the simulation stops within milliseconds (the games
/// being played are finished) with FARKLE_STATUS_CANCELLED and writes nothing.
///
/// # Safety
/// As for farkle_simulate(); `progress` a valid function or NULL.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn farkle_simulate_with_progress(
    rules: *const FarkleRules,
    bot_kinds: *const u32,
    player_count: u32,
    games: u64,
    seed: u64,
    table: *const FarkleWinTable,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_simulation: *mut FarkleSimulation,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers (the table: live or NULL).
        let (rules, kinds, out, table) = unsafe {
            (arg(rules)?, slice(bot_kinds, player_count as usize)?, out(out_simulation)?, table.as_ref())
        };
        let rules = Rules::try_from(rules)?;
        if kinds.is_empty() || kinds.len() > MAX_PLAYERS {
            return Err(fail(
                FarkleStatus::InvalidArgument,
                format!("{player_count} players; a simulation has 1 to {MAX_PLAYERS}"),
            ));
        }
        // SAFETY: the caller's promise for the progress function.
        let result = unsafe {
            with_progress(progress, user, |report| {
                let bots = bots_of(&rules, kinds, &[], table, report)?;
                Ok(simulate_with_progress(&rules, &bots, games, seed, report)?)
            })
        }?;
        out.write(simulation_out(&result));
        Ok(())
    }
}

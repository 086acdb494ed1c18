// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The documented bounds on what one call may cost, as C constants. A call that would go past
//! one returns FARKLE_STATUS_RESOURCE_LIMIT before allocating anything for it, and
//! farkle_last_error_message() names the quantity and the limit. See `crate::limits`.

use crate::limits;

/// The largest turn total (points) the strategy queries accept
/// (farkle_turn_policy_best_choice(), the win-table queries); larger ones are
/// FARKLE_STATUS_INVALID_ARGUMENT. Adding any selection's points to it stays inside int32_t.
pub const FARKLE_MAX_TURN_TOTAL: i32 = 1_000_000_000;
const _: () = assert!(FARKLE_MAX_TURN_TOTAL == limits::MAX_TURN_TOTAL);

/// The most states (turn totals x hand sizes) of one solved turn: 64 MiB of values. A
/// single-turn policy (farkle_turn_policy_new(), the game's advice and optimal bots) needs a
/// row for every turn total, in units of the rules' granularity, up to where banking is
/// proven optimal or first allowed.
pub const FARKLE_LIMIT_TURN_STATES: u64 = 4_194_304;
const _: () = assert!(FARKLE_LIMIT_TURN_STATES == limits::MAX_TURN_STATES as u64);

/// The most option evaluations (one way to keep dice from one kind of roll, at one turn
/// total; about a nanosecond each) of one single-turn solve, or of a whole long-run penalty
/// policy: a few seconds of one core.
pub const FARKLE_LIMIT_TURN_WORK: u64 = 4_000_000_000;
const _: () = assert!(FARKLE_LIMIT_TURN_WORK == limits::MAX_TURN_WORK);

/// The most pairs of player states of a two-player table (16 MiB of probabilities).
pub const FARKLE_LIMIT_WIN_TABLE_PAIRS: u64 = 2_097_152;
const _: () = assert!(FARKLE_LIMIT_WIN_TABLE_PAIRS == limits::MAX_WIN_TABLE_PAIRS as u64);

/// The most pairs of final-round leads: the lead cap (the smallest lead a last turn
/// overturns with probability below 1e-13, in units of the rules' granularity) squared, so a
/// lead cap of at most 1,448 units. The presets need 340 to 654 units (steps of 50 points);
/// a target of 101 makes the unit one point and the cap 27,200 units, refused as soon as the
/// solve's search for the cap passes 1,448 units. Checked by the solve and the load of two-
/// and three-player tables before the final round is solved or stored.
pub const FARKLE_LIMIT_FINAL_ROUND_PAIRS: u64 = 2_097_152;
const _: () = assert!(FARKLE_LIMIT_FINAL_ROUND_PAIRS == limits::MAX_FINAL_ROUND_PAIRS as u64);

/// The most turn-start states of a three-player table (2^24; three probabilities each, 384
/// MiB). The presets without a penalty need about 8 million to 10,000 points. The same bound
/// holds the three-player final round's outcomes (for every pair of leads and of on-board
/// flags, and for every hand that cannot farkle).
pub const FARKLE_LIMIT_WIN_TABLE_STATES: u64 = 16_777_216;
const _: () = assert!(FARKLE_LIMIT_WIN_TABLE_STATES == limits::MAX_WIN_TABLE_STATES as u64);

/// The most option evaluations of one pass of the two-player solver over every pair, or of
/// the three-player solver over every state (10^12; classic rules to 10,000 for three
/// players need 8.9 x 10^11).
pub const FARKLE_LIMIT_WIN_TABLE_PASS_WORK: u64 = 1_000_000_000_000;
const _: () = assert!(FARKLE_LIMIT_WIN_TABLE_PASS_WORK == limits::MAX_WIN_TABLE_PASS_WORK);

/// The most rolls a bot makes in one turn (farkle_game_bot_play_turn()). Only rules under
/// which a hand can be rolled forever without risk get there: the bot then banks if it may,
/// and otherwise fails with FARKLE_STATUS_RESOURCE_LIMIT, leaving the game unchanged.
pub const FARKLE_LIMIT_BOT_ROLLS_PER_TURN: u32 = 1_000;
const _: () = assert!(FARKLE_LIMIT_BOT_ROLLS_PER_TURN == limits::MAX_BOT_ROLLS_PER_TURN);

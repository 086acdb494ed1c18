// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The documented bounds on what one call may cost. Every computation whose size depends on
//! a caller's input (a rules value, a turn total, a saved game, a table file) is checked
//! against these before anything is allocated for it, and refused beyond them with an error
//! that names the quantity and the limit (C: `FARKLE_STATUS_RESOURCE_LIMIT`).
//!
//! Work is counted in *option evaluations*: one step of the inner loop of a turn solver (one
//! way to keep dice from one group of rolls, at one turn total). On the 2-core machine of the
//! benchmarks (docs/benchmarks.md) one costs about a nanosecond, so `MAX_TURN_WORK` is a few
//! seconds of one core.

/// The largest turn total (points) a strategy query accepts. Turn totals are `i32`: with the
/// largest selection any rules value can score (below 2^29) added, every result stays in
/// range.
pub const MAX_TURN_TOTAL: i32 = 1_000_000_000;

/// The most states (turn totals x hand sizes) one solved turn may hold: 4,194,304, or 64 MiB
/// of values. A single-turn policy needs a row for every turn total (in units of the rules'
/// granularity) up to where banking is proven optimal or allowed, whichever is higher: a bank
/// minimum of a billion points would need twenty million rows.
pub const MAX_TURN_STATES: usize = 1 << 22;

/// The most option evaluations of one single-turn solve, or of a whole long-run penalty
/// policy (every farkle count, every iteration): 4 x 10^9, a few seconds on one core. The
/// classic preset needs 3 x 10^5; twelve dice under the additive rules 1.5 x 10^9.
pub const MAX_TURN_WORK: u64 = 4_000_000_000;

/// The most (player state, player state) pairs of a two-player table: 2,097,152, or 16 MiB of
/// P(win) values. The presets to 10,000 need 40,000 to 518,400.
pub const MAX_WIN_TABLE_PAIRS: usize = 1 << 21;

/// The most turn-start states of a three-player table: 16,777,216 (2^24), or 384 MiB of
/// P(win) values (three per state). The presets without a penalty to 10,000 need 8,000,000
/// to 8,120,601; the penalty presets to 2,000, 5,832,000 and 13,824,000. The same bound
/// holds the three-player final round's outcomes (three chances for every pair of leads and
/// pair of on-board flags, and where some hand cannot farkle, a node of three values per
/// hand as well): the presets need 115,600 (minimal) to 2,736,631 (zilch).
pub const MAX_WIN_TABLE_STATES: usize = 1 << 24;

/// The most pairs of final-round leads (the lead cap, in units of the rules' granularity,
/// squared): 2,097,152, a lead cap of at most 1,448 units. The lead cap is the smallest
/// lead a last turn overturns with probability below 1e-13: 340 to 654 units for the
/// presets (17,000 to 32,700 points in steps of 50), but 27,200 units when a target of 101
/// makes the unit one point. A two-player table solves a last turn per lead (about half the
/// pairs in rows) and keeps a chance per lead; a three-player table keeps the outcome of
/// the last two turns for every pair of leads (see [`MAX_WIN_TABLE_STATES`] for its total).
pub const MAX_FINAL_ROUND_PAIRS: usize = 1 << 21;

/// The most option evaluations of one pass of the two-player solver over every pair, or of
/// the three-player solver over every state: 10^12. Classic rules to 10,000 for three
/// players need 8.9 x 10^11, about 20 minutes on two cores. A solve makes one pass
/// without a farkle penalty and several with one. The same number bounds one three-player
/// evaluation (its contenders' passes and the equilibrium's turns they ride along), counted
/// as those passes cost: see [`crate::strategy::evaluate`].
pub const MAX_WIN_TABLE_PASS_WORK: u64 = 1_000_000_000_000;

/// The most memory the two-player solver's linear forms (policy iteration under a penalty)
/// may take; beyond it the solver does plain sweeps, which need none.
pub const MAX_LINEAR_FORM_BYTES: usize = 1 << 30;

/// The most rolls a bot makes in one turn. A turn of a real game needs a handful; only rules
/// under which some hand can be rolled forever without risk reach this. At the limit the bot
/// banks when it may, and otherwise gives up with an error, leaving the game unchanged.
pub const MAX_BOT_ROLLS_PER_TURN: u32 = 1_000;

/// The most turns one simulated game may last before the simulation gives up with an error:
/// rules under which no bot can ever bank would otherwise play forever.
pub const MAX_SIMULATED_TURNS_PER_GAME: u64 = 100_000;

/// The longest player name a game takes, in bytes of UTF-8: 1 KiB. Names are part of a
/// game's save, which must stay shorter than [`crate::saved_game::SAVE_MAX_BYTES`] (what the
/// loader reads); a game also refuses an action that could make its save longer.
pub const MAX_NAME_BYTES: usize = 1024;

/// Formats the error text of a bound: what is too large, its size, and the limit.
pub(crate) fn exceeded(
    quantity: &str,
    size: impl std::fmt::Display,
    limit: impl std::fmt::Display,
) -> String {
    format!("{quantity} would be {size}; the limit is {limit}")
}

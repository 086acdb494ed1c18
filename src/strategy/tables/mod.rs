// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Win tables: the chance of winning from every situation of a game, solved exactly, for
//! two players ([`two_player`]) and three ([`three_player`]), and [`win_table`] for either.
//!
//! Both sizes share one design: the player states a rules value gives, their places in a
//! table and the player after a farkle (`layout.rs`), the final round's last turns and the
//! lead cap beyond which a lead is a sure win (`final_round.rs`), the order among a roll's
//! best choices (`choice.rs`), Newton's method on a cycle's farkle payoff (`newton.rs`), the
//! player between turns ([`PlayerState`]) and the frame of a table file (`table_file.rs`:
//! magic, version, rules, checksum, a read bounded by its header). Each size's folder holds
//! only what differs: its pass over a turn, its sweeps and cycles, its queries and its file's
//! body. Neither imports from the other's folder; a
//! three-player evaluation of a contender that plays a two-player table head to head uses
//! that table through its type.

pub(crate) mod choice;
pub(crate) mod final_round;
pub(crate) mod layout;
pub(crate) mod newton;
mod player_state;
pub(crate) mod table_file;
pub mod three_player;
pub mod two_player;
pub mod win_table;

pub use player_state::PlayerState;

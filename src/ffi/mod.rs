// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The C face of the library: conversions, pointer checks and the panic boundary, nothing
//! else. Each file holds one C type or concept; `include/farkle.h` is generated from them.

// Every exported function is `#[must_use]` so cbindgen marks it FARKLE_MUST_USE in the
// header, even though its FarkleStatus result is already `#[must_use]` in Rust.
#![allow(clippy::double_must_use)]

#[macro_use]
pub(crate) mod boundary;

#[macro_use]
pub mod error;

pub mod abi;
pub mod hands;
mod last_rules;
pub mod limits;
pub mod point_calculation;
pub mod rules;
pub mod scorer;
pub mod scoring;
pub mod version;

// Strategy: exact odds, the single-turn policy, the solved two-player game, and the progress
// of the long solves.
pub mod odds;
pub mod progress;
pub mod turn_policy;
pub mod win_table;

// Whole games.
pub mod bots;
pub mod cards;
pub mod game;
pub mod game_position;
pub mod history;
pub mod saved_game;
pub mod simulate;

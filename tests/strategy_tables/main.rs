// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The win tables against brute forces written from the rules, one test binary with a module
//! per subject:
//! - `two_player`: the two-player solver, its queries and its file;
//! - `three_player`: the three-player solver, its queries and its file;
//! - `evaluate`: the exact evaluation of bots and the equilibrium certificate.
//!
//! What the brute forces share (the rolls, the banking and farkle rules, the player states,
//! a best last turn) is in `tests/reference/solvers.rs`, on the slow reference scorer of
//! `tests/reference/mod.rs`. Run one module with e.g.
//! `cargo test --test strategy_tables -- three_player::`.

#[path = "../reference/mod.rs"]
mod reference;
#[path = "../reference/solvers.rs"]
mod solvers;

mod evaluate;
mod three_player;
mod two_player;

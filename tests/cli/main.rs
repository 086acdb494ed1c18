// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The installed programs (the game and farkle-solve) driven as a player drives them, in one
//! test binary so that they are compiled once per run: `cargo test --test cli`, or one part
//! of it, e.g. `cargo test --test cli bots::`.

#[path = "../reference/mod.rs"]
mod reference;
#[path = "../support/mod.rs"]
mod support;

mod autosave;
mod bots;
mod files;
mod game;
mod options;
mod original;
mod terminal;

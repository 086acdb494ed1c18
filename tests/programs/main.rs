// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The programs built on the C library, driven as their users drive them: the installed ones
//! (the game and farkle-solve) and the demos of `examples/`. One test binary, so that they
//! are compiled once per run: `cargo test --test programs`, or one part of it, e.g. `cargo
//! test --test programs bots::`.

#[path = "../reference/mod.rs"]
mod reference;
#[path = "../support/mod.rs"]
mod support;

mod autosave;
mod bots;
mod cards;
mod examples;
mod files;
mod game;
mod options;
mod original;
mod terminal;

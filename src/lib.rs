// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! farkle: a Farkle dice-game engine with rules as data and an exact scorer.
//!
//! The Rust core ([`dice`], [`rules`], [`combination`], [`scoring`], [`point_calculation`])
//! knows nothing about C; the C interface lives in `ffi` and is described by
//! `include/farkle.h`.

pub mod combination;
pub mod dice;
pub mod point_calculation;
pub mod rules;
pub mod scoring;
pub mod strategy;

pub mod ffi;

pub use combination::{Combination, CombinationKind};
pub use dice::{DiceError, FaceCounts, FACES, MAX_DICE};
pub use point_calculation::{point_calculation, PointCalculation};
pub use rules::{KindScaling, Preset, Rules, RulesError};
pub use scoring::{InvalidSelection, RollAnalysis, Score, Scorer, Selection};

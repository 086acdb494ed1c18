// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! farkle: a Farkle dice-game engine with rules as data, an exact scorer and whole games.
//!
//! The Rust core knows nothing about C:
//! - scoring: [`dice`], [`rules`], [`combination`], [`scoring`], [`point_calculation`];
//! - whole games: [`game`], [`dice_source`], [`history`], [`saved_game`];
//! - the dice-hands scoring system of the roguelike document: [`hands`].
//!
//! The C interface lives in [`ffi`] and is described by `include/farkle.h`.

pub mod combination;
pub mod dice;
pub mod dice_source;
pub mod ffi;
pub mod game;
pub mod hands;
pub mod history;
pub mod point_calculation;
pub mod rules;
pub mod saved_game;
pub mod scoring;

pub use combination::{Combination, CombinationKind};
pub use dice::{DiceError, FaceCounts, FACES, MAX_DICE};
pub use dice_source::DiceSource;
pub use game::{Game, GameError, LegalSelection, Phase, Player, MAX_PLAYERS};
pub use history::{Event, RollRecord, SelectionRecord, Turn, TurnEnd};
pub use point_calculation::{point_calculation, PointCalculation};
pub use rules::{KindScaling, Preset, Rules, RulesError};
pub use saved_game::LoadError;
pub use scoring::{InvalidSelection, RollAnalysis, Score, Scorer, Selection};

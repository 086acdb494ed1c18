// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! farkle: a Farkle dice-game engine with rules as data, an exact scorer and whole games.
//!
//! A Rust program depends on the crate and uses its types directly: a [`Rules`] value (from a
//! [`Preset`], changed field by field), a [`Scorer`] to score selections and analyze rolls, a
//! [`Game`] to play a whole game, and [`strategy`] for exact odds, optimal play and bots.
//! Every failure is a typed error ([`RulesError`], [`DiceError`], [`GameError`],
//! [`LoadError`], ...). The C interface that `libfarkle.so`, `libfarkle.a` and
//! `include/farkle.h` offer other languages is built from the same crate but is not part of
//! its Rust API.
//!
//! The modules:
//! - scoring: [`dice`], [`rules`], [`combination`], [`scoring`], [`point_calculation`](mod@point_calculation);
//! - whole games: [`game`], with [`dice_source`], [`history`] and [`saved_game`];
//! - the dice-hands scoring system of the roguelike document: [`hands`];
//! - the mathematics of play: exact odds, optimal single turns and two-player play: [`strategy`].
//!
//! Scoring under a preset:
//!
//! ```
//! use farkle::{FaceCounts, Preset, Scorer};
//!
//! let scorer = Scorer::new(&Preset::Classic.rules()).unwrap();
//! let roll = FaceCounts::from_faces(&[1, 1, 1, 5, 5, 2], 6).unwrap();
//! let analysis = scorer.analyze(roll).unwrap();
//! assert_eq!(analysis.max_points, 1100); // three 1s and two 5s; the 2 does not score
//! assert_eq!(scorer.points(roll), None); // selecting all six dice is invalid
//! ```
//!
//! A game with supplied dice (the first example of the original C library's README):
//!
//! ```
//! use farkle::{DiceSource, Game, Phase, Preset};
//!
//! let mut game = Game::new(Preset::Additive.rules(), 2, DiceSource::Supplied).unwrap();
//! game.roll_with(&[1, 2, 4, 4, 4, 5]).unwrap();
//! game.select(&[2, 3, 4]).unwrap(); // the three 4s: 400 this turn
//! assert_eq!(game.turn().points, 400);
//! game.roll_with(&[2, 2, 3]).unwrap(); // nothing scores: a farkle
//! assert_eq!(game.phase(), Phase::Farkled);
//! ```

// Each unsafe block says why it is sound (see the lints in Cargo.toml).
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod combination;
pub mod dice;
// The C interface: built into the C library, hidden from the Rust API (its tests, benches
// and fuzz targets call it as C does). Its boundary macros serve the WebAssembly hooks too.
#[doc(hidden)]
#[macro_use]
pub mod ffi;
pub mod game;
pub mod hands;
mod json;
pub mod limits;
pub mod point_calculation;
pub(crate) mod regular_file;
pub mod rules;
pub mod scoring;
pub mod strategy;
// The WebAssembly build's hooks for its JavaScript host (js/): memory, entropy, progress.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod wasm;

// The game's parts keep their paths at the crate's root.
pub use game::{dice_source, history, saved_game};

pub use combination::{Combination, CombinationKind};
pub use dice::{DiceError, FaceCounts, FACES, MAX_DICE};
pub use dice_source::DiceSource;
pub use game::{
    Action, Game, GameError, GamePosition, LegalSelection, Phase, PiggybackOffer, Player,
    PlayerPosition, PositionError, MAX_PLAYERS, MAX_POSITION_SCORE,
};
pub use history::{Event, RollRecord, SelectionRecord, Turn, TurnEnd};
pub use point_calculation::{point_calculation, PointCalculation};
pub use rules::{ExactTarget, KindScaling, Preset, Rules, RulesError};
pub use saved_game::LoadError;
pub use scoring::{InvalidSelection, RollAnalysis, Score, Scorer, Selection};

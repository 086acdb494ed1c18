// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Strategy: exact odds of a roll ([`odds`]), the optimal single turn and the long-run
//! average under a farkle penalty ([`single_turn`]), and optimal two-player play
//! ([`two_player`]) with its compact saved table ([`table_file`]).
//!
//! Every solver works in units of the rules' point granularity (see [`Odds::unit`]): 50 for
//! every preset. Bots and game advice are meant to be built on these: a solved table answers
//! "what is my chance to win here, and what should I keep" for any state of a two-player game.

pub mod bots;
pub mod odds;
pub mod simulate;
pub mod single_turn;
pub mod table_file;
pub(crate) mod turn;
pub mod two_player;

use thiserror::Error;

use crate::rules::RulesError;

pub use bots::{
    Action, Advice, AdviceChoice, AdviceError, Advisor, Bot, BotError, Thresholds, ValueKind,
};
pub use odds::{Fraction, HandOdds, Odds, OptionGroup};
pub use simulate::{simulate, wilson_interval, BotResult, SimulationError, SimulationReport};
pub use single_turn::{Choice, PenaltyPolicy, SingleTurn};
pub use two_player::{Decision, PlayerState, SolveOptions, TwoPlayerState, WinChoice, WinTable};

/// Why a strategy could not be computed or loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StrategyError {
    /// The rules value is invalid.
    #[error("invalid rules: {0}")]
    Rules(#[from] RulesError),
    /// Some hand can be rolled forever without risk, so a turn has no finite value.
    #[error("a turn can go on forever without risk; its value is unbounded")]
    UnboundedTurn,
    /// The rules use something this solver does not model.
    #[error("not supported by this solver: {0}")]
    Unsupported(&'static str),
    /// The problem would need more memory or time than the solver allows.
    #[error("too large to solve: {0}")]
    TooLarge(String),
    /// An argument (dice count, score, turn total) is outside the solved range.
    #[error("out of range: {0}")]
    OutOfRange(String),
    /// A saved table is malformed, truncated, corrupted or of another version.
    #[error("bad table file: {0}")]
    BadFile(String),
    /// Reading or writing a file failed.
    #[error("i/o error: {0}")]
    Io(String),
}

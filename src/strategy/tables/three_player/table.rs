// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The solved three-player table: what it holds, and the accessors every file reads it with.

use std::sync::Arc;

use crate::limits::{exceeded, MAX_WIN_TABLE_PASS_WORK};
use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::tables::layout::Layout;
use crate::strategy::turn::{Selections, TurnModel};
use crate::strategy::StrategyError;

use super::context::Ctx;
use super::endgame::Endgame;
use super::mover_banks::MoverBanks;
use super::pass::Mix;

/// The solved three-player game: every player's probability of winning at the start of every
/// turn. Immutable once built, so it is `Send + Sync` and may be queried from many threads.
pub struct ThreePlayerTable {
    pub(crate) rules: Rules,
    pub(crate) layout: Layout,
    /// Per state (p, q, r) at `(p * players + q) * players + r`: the chances of the mover,
    /// the next player and the last.
    pub(crate) values: Vec<[f64; 3]>,
    /// The states whose mover mixes, and how, by state.
    pub(crate) mixed: Vec<(usize, Mix)>,
    /// Cycles solved as mixed equilibria.
    pub(super) mixed_cycles: usize,
    /// Sweeps the solve took under a penalty (0 without one).
    pub(super) sweeps: usize,
    pub(super) endgame: Arc<Endgame>,
    pub(crate) model: Arc<TurnModel>,
    pub(super) scorer: Arc<Scorer>,
    /// The model's option offsets, made once (a query would otherwise remake them).
    pub(super) offsets: Vec<u32>,
    pub(super) bank_min: [usize; 2],
    /// Tells tables apart in the per-thread cache of solved turns (see
    /// [`crate::strategy::next_table_id`]).
    pub(super) id: u64,
    /// The equilibrium's turns as distributions, once asked for (see
    /// [`ThreePlayerTable::prepare_evaluations`]).
    pub(super) mover_banks: std::sync::OnceLock<MoverBanks>,
}

impl std::fmt::Debug for ThreePlayerTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreePlayerTable")
            .field("rules", &self.rules)
            .field("states", &self.values.len())
            .field("mixed_cycles", &self.mixed_cycles)
            .finish_non_exhaustive()
    }
}

const _: () = {
    const fn assert_sync<T: Send + Sync>() {}
    assert_sync::<ThreePlayerTable>();
};

impl ThreePlayerTable {
    /// The rules solved.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Point granularity.
    pub fn unit(&self) -> i32 {
        self.layout.unit
    }

    /// The lowest banked score the table covers (below 0 only under a farkle penalty in
    /// points); a lower score plays as this one.
    pub fn lower_bound(&self) -> i32 {
        (self.layout.lower * i64::from(self.layout.unit)) as i32
    }

    /// Number of player states; the table holds the cube of it.
    pub fn player_states(&self) -> usize {
        self.layout.players()
    }

    /// How many sweeps over the states the solve took under a penalty; 0 without one.
    pub fn sweeps(&self) -> usize {
        self.sweeps
    }

    /// Whether an earlier version of the library solved the table otherwise than this one
    /// would: a table of rules with a final round loaded from a version 4 file (see
    /// [`crate::strategy::TwoPlayerTable::is_outdated`]).
    pub fn is_outdated(&self) -> bool {
        self.model.selections != Selections::to_win(&self.rules)
    }

    /// How many cycles of states have no pure equilibrium and were solved as mixed ones.
    pub fn mixed_cycles(&self) -> usize {
        self.mixed_cycles
    }

    /// The states whose mover mixes (by their place in the table,
    /// `(mover * players + next) * players + last` in player-state indices) and how.
    pub fn mixed_states(&self) -> impl Iterator<Item = &(usize, Mix)> + '_ {
        self.mixed.iter()
    }

    /// The rows of every state's turn: each mover's distance to the target (at least one),
    /// for every pair of others. (A solved table has at most 256 player states: far below
    /// 2^128, whatever it is multiplied by.)
    pub(super) fn turn_rows(&self) -> u128 {
        let l = &self.layout;
        let n = l.players() as u128;
        let rows: u128 = (0..l.players())
            .map(|p| (l.target - l.player(p).0).max(1) as u128)
            .sum();
        rows * n * n
    }

    pub(super) fn ctx(&self) -> Ctx<'_> {
        Ctx::new(
            &self.rules,
            &self.layout,
            &self.model,
            &self.offsets,
            self.bank_min,
            &self.endgame,
        )
    }

    /// The next player's last turn of a final round as the endgame counts it: what banking
    /// `u` units from the mark (the score of the player who reached the target) is worth to
    /// it, for u up to `units`, when the last player (on the board or not) stands `dc` units
    /// below the mark: above it, the last player's failure to pass it; level, a share of the
    /// two or three players level; below, nothing. From `units` on the mark is out of the last
    /// player's reach (a sure win). `None` without a final round.
    pub(crate) fn next_player_pays(&self, c_on_board: bool, dc: i64) -> Option<(Vec<f64>, i64)> {
        self.endgame
            .next_player_pays(self.layout.board, c_on_board, dc)
    }
}

/// `ResourceLimit` when `work` (option evaluations) passes [`MAX_WIN_TABLE_PASS_WORK`].
pub(super) fn check_pass_work(what: &str, work: u128) -> Result<(), StrategyError> {
    if work > u128::from(MAX_WIN_TABLE_PASS_WORK) {
        return Err(StrategyError::ResourceLimit(exceeded(
            what,
            format!("{work} option evaluations"),
            MAX_WIN_TABLE_PASS_WORK,
        )));
    }
    Ok(())
}

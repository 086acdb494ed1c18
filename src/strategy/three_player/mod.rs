// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Optimal three-player play: a subgame-perfect equilibrium in which every player maximizes
//! its own probability of winning, for a game to the rules' target, honouring the final
//! round, the minimum entry and the consecutive-farkle penalty.
//!
//! # Model
//! A player state is the two-player one ([`crate::strategy::PlayerState`]). A *state* is the
//! three of them in turn order from the mover: (p, q, r). The table stores, for every state,
//! each player's probability of winning from the start of the mover's turn. Inside a turn
//! (turn total t, dice to roll m) the mover maximizes its own chance; the others' chances
//! follow its choices. A turn is solved by one backward pass from the values of the states it
//! can end in: banking t leads to (q, r, p + t), a farkle to (q, r, p) (with the farkle
//! counted under a penalty), and reaching the target wins, or with a final round starts the
//! two last turns (see `endgame`).
//!
//! # Order
//! Banking raises the sum of the three scores (the *level*). Without a penalty a farkle keeps
//! every score and rotates the state, so the states of a level fall into cycles of three
//! rotations (one state when all scores are equal), each depending only on higher levels and
//! on itself. The levels are solved from the highest down; each cycle exactly, by
//! best-response iteration, or as a mixed equilibrium when it has no pure one (see `cycle`).
//!
//! # Choices
//! - **Mixed equilibria.** Some cycles have no equilibrium in pure policies: two movers'
//!   bank-or-roll choices chase each other. They are solved as the mixed equilibrium in which
//!   each such mover mixes the two policies it is indifferent between (at one decision, as it
//!   happens) with the probability that makes the other indifferent. Their number is
//!   [`ThreePlayerTable::mixed_cycles`].
//! - **States with three equal scores.** The table is indexed from the mover's view, so every
//!   mover at such a state must play the same way; some have no pure equilibrium of that kind
//!   (each mover would rather do the opposite of the others). They are solved as the
//!   symmetric mixed equilibrium: every mover mixes with the same probability.
//! - **Ties.** A mover indifferent between banking and rolling banks; between ways to keep
//!   dice, it takes the first of the model's order (fewest dice kept). Others' chances follow.
//! - **Final round, leads, bounds.** As for two players: a tie at the end shares the win, a
//!   lead a last turn overturns with probability below 1e-13 counts as out of reach, scores
//!   below twice the penalty count as that bound.
//!
//! # Files
//! - `pass`: one state's turn by a backward pass;
//! - `lanes`: eight states' turns at once in interleaved tables;
//! - `context`: what every solve and query shares (layout, turn model, endgame), and its
//!   passes, plain and in lanes;
//! - `endgame`: the target reached, the final round's last turns;
//! - `cycle`: a cycle of states linked by farkles, solved exactly (pure or mixed);
//! - `solve`: the solve, sizes checked first.

use std::sync::Arc;

use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::turn::{Selections, TurnModel};
use crate::strategy::two_player::layout::Layout;

mod context;
mod cycle;
mod endgame;
mod evaluate;
mod lanes;
mod pass;
mod queries;
mod solve;
mod sweeps;
mod table_file;

use endgame::Endgame;
pub use pass::{Mix, MixAt, MixedDecision};
pub use queries::{SeatChoice, SeatDecision};
pub(crate) use table_file::file_len;

/// The format version of three-player table files (two-player ones are 1 to 3 and 5) solved
/// over the most points per number of dice kept: every table of rules without a final round.
pub const FILE_VERSION: u32 = 4;
/// The format version of three-player table files solved over every scoring selection of a
/// roll (the library does so under a final round, where fewer points can be worth more).
pub const FILE_VERSION_EVERY_SELECTION: u32 = 6;

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
    mixed_cycles: usize,
    /// Sweeps the solve took under a penalty (0 without one).
    sweeps: usize,
    endgame: Arc<Endgame>,
    pub(crate) model: Arc<TurnModel>,
    scorer: Arc<Scorer>,
    /// The model's option offsets, made once (a query would otherwise remake them).
    offsets: Vec<u32>,
    bank_min: [usize; 2],
    /// Tells tables apart in the per-thread cache of solved turns (see
    /// [`crate::strategy::next_table_id`]).
    id: u64,
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
    /// [`crate::strategy::WinTable::is_outdated`]).
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

    fn ctx(&self) -> context::Ctx<'_> {
        context::Ctx::new(
            &self.rules,
            &self.layout,
            &self.model,
            &self.offsets,
            self.bank_min,
            &self.endgame,
        )
    }
}

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
//! - `evaluate`: a contender's exact chances against the equilibrium;
//! - `mover_banks`: the equilibrium's turns as distributions of their ends, kept for
//!   evaluations (`mover_banks/file`: written to a file and read back);
//! - `solve`: the solve, sizes checked first;
//! - `table`: the table itself (`ThreePlayerTable`) and the accessors the other files share.

mod context;
mod cycle;
mod endgame;
mod evaluate;
mod lanes;
mod mover_banks;
mod pass;
mod queries;
mod solve;
mod sweeps;
mod table;
mod table_file;

pub use pass::{Mix, MixAt, MixedDecision};
pub use queries::{SeatChoice, SeatDecision};
pub use table::ThreePlayerTable;
pub(crate) use table_file::{file_len, HEADER};
pub use table_file::{FILE_VERSION, FILE_VERSION_EVERY_SELECTION};

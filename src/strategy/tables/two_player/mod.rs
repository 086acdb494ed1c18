// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Optimal two-player play: the policy that maximizes the probability of winning, for a game
//! to the rules' target, honouring the final round, the minimum entry and the
//! consecutive-farkle penalty.
//!
//! # Model
//! A *player state* is (banked score, on the board or not, consecutive farkles); the flag
//! exists only when the rules have a minimum entry, the count only when they have a penalty.
//! `S(p, q)` is the probability that the player about to start a turn in state p beats an
//! opponent in state q. Given S, a turn is solved exactly by one backward pass over (turn
//! total t, dice to roll m):
//! - banking t (where allowed) is worth `1 - S(q, p banked t)`; reaching the target wins at
//!   once, or with a final round is worth `1 - R_q(lead)`, where `R_q(d)` is the opponent's
//!   best chance in one last turn to finish more than d ahead of its score, a tie counting 1/2;
//! - a farkle is worth `1 - S(q, p after the farkle)`.
//!
//! So only S needs iterating. Without a penalty, banking raises the sum of both scores and a
//! farkle swaps the pair, so the pairs are solved once, in descending order of the sum, each
//! pair (p, q), (q, p) exactly by Newton's method on its two farkle payoffs (a turn's value is
//! convex and piecewise linear in the farkle payoff, with slope the probability of farkling).
//!
//! # With a penalty
//! Farkles can lower a score, so no order solves every pair once; Gauss-Seidel sweeps repeat
//! until a sweep changes no value by more than the tolerance (`DEFAULT_TOLERANCE`, 1e-12). They keep the order by
//! the sum of both scores (the *level*), highest first, and within a level the pairs with
//! more farkles in a row first. In that order every value a turn reads is already final for
//! the sweep but one: banking raises the level, a farkle short of the penalty keeps both
//! scores and adds a farkle (so the streak states of a pair of scores form a chain, solved in
//! order), and only the farkle that triggers the penalty reads a lower level, not swept yet.
//! A turn's value is an average of what the turn ends with, so its error is at most the
//! largest error among the values it reads: every error a sweep leaves comes from the values
//! the penalty read, weighted by the chance of the farkle that completes the streak, and the
//! sweeps contract steadily, 17 to 35 times each for the presets to 10,000 once the policy
//! settles. From the same game without the penalty (solved roughly, to 1e-3, by the same
//! sweeps) they take 9 or 10 sweeps. Two things make them cheap:
//! - a sweep solves the turns of 16 pairs at once, their tables interleaved, so that the
//!   inner maximum runs over vector registers (with AVX where the processor has it);
//! - once the sweeps contract fast and steadily, the values are moved on along the last
//!   step by the rest of the geometric series (`extrapolate`), which saves a sweep for the
//!   extended preset.
//!
//! With [`SolveOptions::policy_iteration`], each sweep also records every turn, under the
//! policy it chose, as a linear form in the values it reads; the forms are iterated to their
//! fixed point before the next sweep (modified policy iteration, 4 to 6 sweeps whatever the
//! rules), and a turn whose inputs moved less than its decisions' margins allow is not solved
//! again (see `Ctx::lane_forms`). But recording costs more than the sweeps it saves: plain
//! sweeps are the default, over twice as fast for the presets and still a little faster when
//! every farkle costs points.
//!
//! # Bounds
//! - With a points penalty, scores below `-2 x penalty` count as `-2 x penalty` (the chance of
//!   getting there under good play is negligible; the bound keeps the state space finite).
//! - With a final round, a lead beyond `lead_cap` is treated as a sure win; `lead_cap` is the
//!   smallest lead the opponent catches up with in one turn with probability below 1e-13.
//! - Turn limits are not modelled (`Unsupported`), nor are the house rules
//!   `singles_only_before_entry`, `hot_dice_multiplier_step`, `exact_target` and
//!   `piggybacking` (`Unsupported`, naming the rule; a table file whose rules have one is
//!   refused on load the same way).
//!
//! # Files
//! What every table size shares is one level up, in [`crate::strategy::tables`] (the layout
//! of player states, the final round's last turns and lead cap). Here:
//! - `pass`: one pair's turn by a backward pass, and the context every solve and query shares;
//! - `solve`: the solve itself, sizes checked first;
//! - `ordered`: without a penalty, the pairs in order, each cycle by Newton's method;
//! - `sweeps` and `lanes`: with a penalty, the Gauss-Seidel sweeps and the lane passes they
//!   solve turns with; `policy`: policy iteration, their option;
//! - `queries`: what a solved table answers; `check`: a loaded table checked against its rules.

use std::sync::Arc;

use crate::dice::FaceCounts;
use crate::limits::MAX_LINEAR_FORM_BYTES;
use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::turn::{Selections, TurnModel};

mod check;
pub(crate) mod evaluate;
mod lanes;
mod ordered;
mod pass;
mod policy;
mod queries;
mod solve;
mod sweeps;
pub(crate) mod table_file;

use super::layout::Layout;
pub use super::PlayerState;
use super::{final_round, layout};

/// A state in the middle of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TwoPlayerState {
    /// The player whose turn it is.
    pub me: PlayerState,
    /// The player waiting for their turn.
    pub opponent: PlayerState,
    /// Points made so far this turn.
    pub turn_total: i32,
    /// Dice about to be rolled (1..=dice_count).
    pub dice: u8,
}

/// The best play of one roll in a two-player game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinChoice {
    /// Dice to keep.
    pub keep: FaceCounts,
    /// Their points.
    pub points: i32,
    /// Turn total after keeping them.
    pub turn_total: i32,
    /// Dice to roll next if the player goes on (0: every die scored and no hot dice).
    pub dice_left: u8,
    /// Whether to bank afterwards.
    pub bank: bool,
    /// Probability of winning after this play.
    pub win_probability: f64,
}

/// The optimal decision before a roll: bank or roll, and what each is worth.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decision {
    /// Whether banking is optimal (ties bank).
    pub bank: bool,
    /// P(win) if banking now, `None` where banking is not allowed.
    pub bank_win_probability: Option<f64>,
    /// P(win) if rolling.
    pub roll_win_probability: f64,
}

impl Decision {
    /// The value of the state: the better of banking and rolling.
    pub fn value(&self) -> f64 {
        match self.bank_win_probability {
            Some(b) if b >= self.roll_win_probability => b,
            _ => self.roll_win_probability,
        }
    }
}

/// Knobs of a solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveOptions {
    /// With a penalty: sweeps stop once no value changes by more than this.
    pub tolerance: f64,
    /// With a penalty: evaluate each sweep's policy before the next sweep (modified policy
    /// iteration), and solve again only the turns whose policy is not proven still optimal
    /// (see the module docs). 4 to 6 sweeps whatever the rules, against 9 or 10 plain
    /// sweeps for the presets (and dozens when every farkle costs points), but each records
    /// linear forms, which costs time and memory: the plain sweeps of the default (`false`)
    /// are over twice as fast for the presets, and a little faster when every farkle costs
    /// points. The solver also goes back to plain sweeps when the forms outgrow
    /// `form_memory`.
    pub policy_iteration: bool,
    /// The memory the linear forms of policy iteration may take, in bytes (at most
    /// [`crate::limits::MAX_LINEAR_FORM_BYTES`], the default); past it the solve goes on
    /// with plain sweeps.
    pub form_memory: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            tolerance: DEFAULT_TOLERANCE,
            policy_iteration: false,
            form_memory: MAX_LINEAR_FORM_BYTES,
        }
    }
}

/// The solved two-player game: P(win) at the start of every turn. Immutable once built, so it
/// is `Send + Sync` and may be queried from many threads at once.
///
/// ```
/// use farkle::strategy::{PlayerState, SolveOptions, TwoPlayerState, TwoPlayerTable};
/// use farkle::{Preset, Rules};
///
/// // A short race: classic scoring to 1,000, no entry minimum and no final round.
/// let rules = Rules {
///     target_score: 1000,
///     min_entry_score: 0,
///     final_round: false,
///     ..Preset::Classic.rules()
/// };
/// let table = TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
/// // Moving first is an advantage, not a certainty.
/// let first = table.first_player_win_probability();
/// assert!(first > 0.5 && first < 1.0);
///
/// // 950 banked and 50 in the turn: banking reaches the target and wins outright.
/// let state = TwoPlayerState {
///     me: PlayerState { score: 950, on_board: true, farkles: 0 },
///     opponent: PlayerState { score: 900, on_board: true, farkles: 0 },
///     turn_total: 50,
///     dice: 5,
/// };
/// let decision = table.decision(&state).unwrap();
/// assert!(decision.bank);
/// assert_eq!(decision.bank_win_probability, Some(1.0));
/// ```
#[derive(Debug, Clone)]
pub struct TwoPlayerTable {
    pub(crate) rules: Rules,
    pub(crate) layout: Layout,
    /// `S(p, q)` at `p * players + q`.
    pub(crate) start: Vec<f64>,
    /// `final_chance[flag][d]`: the opponent's chance (tie 1/2) in a last turn to end more than
    /// d units above its score; flag 1 when on the board. Index 0 unused.
    pub(crate) final_chance: [Vec<f64>; 2],
    /// W at each final-round lead when every risky hand banks (see [`Ctx::beyond`]).
    lead_values: [Vec<f64>; 2],
    pub(crate) model: Arc<TurnModel>,
    scorer: Arc<Scorer>,
    bank_min: [usize; 2],
    /// Full sweeps the solve took (0 without a penalty, and for a loaded table).
    sweeps: usize,
    /// Tells tables apart in the per-thread cache of solved turns (clones share it: they
    /// hold the same values).
    id: u64,
}

pub(crate) use crate::strategy::next_table_id as next_id;

const _: () = {
    const fn assert_sync<T: Send + Sync>() {}
    assert_sync::<TwoPlayerTable>();
};

impl TwoPlayerTable {
    /// How many sweeps over the pairs the solve took under a penalty (with policy iteration,
    /// the later ones solve only some of the pairs); 0 without one (one ordered pass) and
    /// for a table loaded from a file.
    pub fn sweeps(&self) -> usize {
        self.sweeps
    }

    /// Whether an earlier version of the library solved the table in a way this one no longer
    /// does, so that solving its rules again gives other values: a table of rules with a
    /// final round loaded from a file written before the solver weighed every scoring
    /// selection of a roll (format versions 1 to 3; three-player version 4). Its queries
    /// still answer for the table it is; a program that caches tables should solve again.
    pub fn is_outdated(&self) -> bool {
        self.model.selections != Selections::to_win(&self.rules)
    }

    /// The rules solved.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Point granularity.
    pub fn unit(&self) -> i32 {
        self.layout.unit
    }

    /// Lowest score represented (scores below count as this), in points.
    pub fn lower_bound(&self) -> i32 {
        self.layout.lower as i32 * self.layout.unit
    }

    /// Largest final-round lead solved exactly, in points (0 without a final round).
    pub fn lead_cap(&self) -> i32 {
        self.layout.lead_cap as i32 * self.layout.unit
    }

    /// Number of player states; the table holds the square of it.
    pub fn player_states(&self) -> usize {
        self.layout.players()
    }
}

// The solver's numbers, each with what it is for.

/// Sweeps under a penalty stop once no value changes by more than this (the default
/// [`SolveOptions::tolerance`]): far below any difference play could show, and well above the
/// rounding of f64 sums of the few thousand terms a turn adds up.
const DEFAULT_TOLERANCE: f64 = 1e-12;

/// An even chance: every start-of-turn value before it is solved, Newton's first guess, the
/// farkle payoff the ordered solve's work is estimated with, and the fair chance the
/// compensation aims at.
const EVEN_CHANCE: f64 = 0.5;

/// Newton's method on a cycle's farkle payoffs stops once a step moves the values by less
/// than this: it converges quadratically, so the last step is at the resolution of f64.
const NEWTON_TOLERANCE: f64 = 1e-15;

/// Newton steps on one cycle at most (a handful are taken).
const NEWTON_STEPS: usize = 100;

/// A loaded table's last-turn chances must match the ones derived from its rules to this
/// (both are computed the same way).
const CHANCE_CHECK_TOLERANCE: f64 = 1e-12;

/// A loaded table's values must match their turns solved again from the values around them
/// to this; the solver's own residual is below 1e-11.
const PAIR_CHECK_TOLERANCE: f64 = 1e-9;

/// In debug builds, a recorded linear form must give its pair's swept value to this.
const FORM_CHECK_TOLERANCE: f64 = 1e-9;

/// Policy iteration certifies a turn's policy to lose at most the tolerance divided by this
/// against the best policy.
const CERTIFIED_LOSS_DIVISOR: f64 = 2.0;

/// Policy iteration evaluates the forms to the tolerance divided by this, so that the
/// evaluation's error stays small beside what the sweeps measure.
const EVALUATION_DIVISOR: f64 = 8.0;

/// The evaluation of the forms stops when an iteration shrinks the largest change by less
/// than this factor: a policy whose game may never end has no fixed point.
const STALLED_CONTRACTION: f64 = 0.99;

/// The evaluation of the forms gives pairs to the worker threads at least this many at a
/// time (each is a short sum).
const EVALUATION_GRAIN: usize = 64;

#[cfg(test)]
mod tests;

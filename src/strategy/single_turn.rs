// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The optimal single turn: the policy that maximizes the expected points banked in one turn,
//! and, for rules with a consecutive-farkle penalty, the policy that maximizes the long-run
//! average points per turn.
//!
//! # The cap on turn totals
//! Values are computed exactly for turn totals below a cap and in closed form above it. Call
//! a hand size *risky* when rolling it can farkle (`pf(m) > 0`) and *safe* otherwise (six dice
//! under Zilch's no-score set). Let `F(m)` bound the expected points a turn could still gather
//! from m dice if farkling kept the points made so far (the "no-loss" turn, computed by value
//! iteration and padded). Rolling a risky hand at turn total t and going on in any way is
//! worth at most `(1 - pf(m)) t + F(m) + max(phi, 0)` (phi: the payoff of a farkle, 0 for a
//! plain turn), banking is worth t, so banking is optimal once
//! `t >= (F(m) + max(phi, 0)) / pf(m)`. The cap is the largest of these over risky m (and at
//! least the minimum bank). Above it a player banks every risky hand and rolls every safe one,
//! gaining exactly `c(m)`, the value of the safe-only turn; the tests check the policy below
//! the cap agrees.

use std::sync::Arc;

use crate::dice::FaceCounts;
use crate::limits::{exceeded, MAX_TURN_TOTAL, MAX_TURN_WORK};
use crate::scoring::Scorer;
use crate::strategy::odds::Odds;
use crate::strategy::transfer::{Reader, Writer};
use crate::strategy::turn::{solve_turn, TurnModel, TurnTable};
use crate::strategy::{Meter, Progress, StrategyError};

/// The best play of one roll.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    /// The dice to keep (a scoring selection of the roll).
    pub keep: FaceCounts,
    /// Points of that selection.
    pub points: i32,
    /// Turn total after keeping them.
    pub turn_total: i32,
    /// Dice to roll next if the player goes on (the full set after hot dice; 0 when every die
    /// scored and the rules have no hot dice, so the player must bank).
    pub dice_left: u8,
    /// Whether to bank after keeping them (otherwise roll `dice_left` dice).
    pub bank: bool,
    /// The expected value of the turn from here on under optimal play.
    pub value: f64,
}

/// The optimal policy of one turn for one player situation (on the board or not, and the
/// payoff of a farkle).
#[derive(Debug, Clone)]
pub struct SingleTurn {
    model: Arc<TurnModel>,
    scorer: Arc<Scorer>,
    on_board: bool,
    phi: f64,
    bank_min: usize,
    safe: Vec<f64>,
    table: TurnTable,
}

/// The smallest bankable turn total in units: the smallest positive total that
/// [`crate::game::check_bank_total`] accepts, rounded up to the granularity.
pub(crate) fn bank_min_units(odds: &Odds, on_board: bool) -> usize {
    let r = odds.rules();
    let mut m = odds.units_ceil(r.min_bank_score).max(1);
    if !on_board {
        m = m.max(odds.units_ceil(r.min_entry_score));
    }
    m as usize
}

impl SingleTurn {
    /// The policy maximizing the expected points banked this turn, for a player on the board
    /// or not (a player not on the board cannot bank below the rules' minimum entry, and
    /// under `singles_only_before_entry` scores only single 1s and 5s: the policy is then
    /// solved, and answers turn totals, in the granularity of that scoring).
    ///
    /// House rules: the same-face scoring knobs are the scorer's; `exact_target` and the
    /// target do not enter a single turn's expected points; under `piggybacking` the
    /// start-of-turn choice compares the value of rolling the offered dice at the offered
    /// turn total (a turn taken over must roll before it may bank, so
    /// [`SingleTurn::position_value`] there, which may bank at once, is only an upper bound)
    /// with the value from scratch, as [`crate::strategy::Advisor::advise`] does. `Unsupported` under the
    /// hot-dice multiplier (`hot_dice_multiplier_step` above 0), whose multiplier level this
    /// solver does not track.
    /// `ResourceLimit` beyond [`crate::limits::MAX_TURN_STATES`] or
    /// [`crate::limits::MAX_TURN_WORK`].
    pub fn solve(odds: &Odds, on_board: bool) -> Result<SingleTurn, StrategyError> {
        Self::solve_with_progress(odds, on_board, &mut |_| true)
    }

    /// As [`SingleTurn::solve`], reporting progress (and `Cancelled` when `progress` returns
    /// false).
    pub fn solve_with_progress(
        odds: &Odds,
        on_board: bool,
        progress: Progress,
    ) -> Result<SingleTurn, StrategyError> {
        crate::strategy::refuse_multiplier(odds.rules())?;
        let before_entry = scoring_odds(odds, on_board)?;
        let odds = before_entry.as_ref().unwrap_or(odds);
        let model = Arc::new(TurnModel::new(odds));
        let size = Self::size(odds, &model, on_board, 0.0)?;
        if size.work > MAX_TURN_WORK {
            return Err(StrategyError::ResourceLimit(size.work_error()));
        }
        Self::solve_with_farkle_payoff(odds, model, on_board, 0.0, progress)
    }

    /// The rows and work a turn will take, before anything is allocated for it.
    pub(crate) fn size(
        odds: &Odds,
        model: &TurnModel,
        on_board: bool,
        phi: f64,
    ) -> Result<TurnSize, StrategyError> {
        let t_hi = Self::t_hi(odds, model, on_board, phi)?;
        let rows = model.checked_rows(t_hi)?;
        Ok(TurnSize {
            rows,
            work: (t_hi as u64).saturating_mul(model.row_work()),
            top: (t_hi as u64).saturating_mul(model.unit as u64),
        })
    }

    /// The first turn total (units) from which on every value is known in closed form.
    fn t_hi(
        odds: &Odds,
        model: &TurnModel,
        on_board: bool,
        phi: f64,
    ) -> Result<usize, StrategyError> {
        let bound = model.no_loss_bound()?;
        let unit = f64::from(model.unit);
        let mut cap = 0.0f64;
        for (pf, bound) in model.farkle.iter().zip(&bound).skip(1) {
            if *pf > 0.0 {
                cap = cap.max((bound + phi.max(0.0)) / pf);
            }
        }
        let bank_min = bank_min_units(odds, on_board);
        // Saturating: an absurd cap is refused by the size check that follows.
        Ok(((cap / unit).ceil() as usize)
            .max(bank_min)
            .saturating_add(1))
    }

    /// As [`SingleTurn::solve`], with a farkle worth `phi` points instead of 0.
    pub(crate) fn solve_with_farkle_payoff(
        odds: &Odds,
        model: Arc<TurnModel>,
        on_board: bool,
        phi: f64,
        progress: Progress,
    ) -> Result<SingleTurn, StrategyError> {
        let t_hi = Self::t_hi(odds, &model, on_board, phi)?;
        let safe = model.safe_values()?;
        let unit = f64::from(model.unit);
        let bank_min = bank_min_units(odds, on_board);
        let beyond = |t: usize, m: usize| closed_form(&model, &safe, t, m);
        let table = solve_turn(
            &model,
            t_hi,
            phi,
            |t| (t >= bank_min).then_some(t as f64 * unit),
            beyond,
            progress,
        )?;
        Ok(SingleTurn {
            scorer: Scorer::shared(odds.rules())?,
            model,
            on_board,
            phi,
            bank_min,
            safe,
            table,
        })
    }

    /// Writes the solved values (see [`crate::strategy::transfer`]): whether on the board,
    /// the farkle payoff, the cap and the table.
    // Used by the WebAssembly build only (src/wasm/transfer.rs), and the tests.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn write_values(&self, out: &mut Writer) {
        out.flag(self.on_board);
        out.number(self.phi);
        out.count(self.table.t_hi);
        out.numbers(&self.table.w);
        out.numbers(&self.table.roll);
    }

    /// The policy [`SingleTurn::write_values`] wrote, solved for `odds` (before the scoring
    /// of a player off the board, as [`SingleTurn::solve`] takes them): everything the rules
    /// give is derived again, and the sizes written must be theirs.
    // Used by the WebAssembly build only (src/wasm/transfer.rs), and the tests.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn read_values(odds: &Odds, r: &mut Reader) -> Result<SingleTurn, StrategyError> {
        let on_board = r.flag()?;
        let before_entry = scoring_odds(odds, on_board)?;
        let odds = before_entry.as_ref().unwrap_or(odds);
        Self::read_values_of(odds, Arc::new(TurnModel::new(odds)), on_board, r)
    }

    /// The rest of [`SingleTurn::read_values`], for a policy on the board or not of `odds`
    /// (the scoring in play) and their `model`.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    fn read_values_of(
        odds: &Odds,
        model: Arc<TurnModel>,
        on_board: bool,
        r: &mut Reader,
    ) -> Result<SingleTurn, StrategyError> {
        let phi = r.number()?;
        let t_hi = r.count()?;
        if !phi.is_finite() || Self::t_hi(odds, &model, on_board, phi)? != t_hi {
            return Err(StrategyError::BadFile(
                "the solved turn does not fit its rules (other rules, or damaged)".to_owned(),
            ));
        }
        let rows = model.checked_rows(t_hi)?;
        let width = model.width();
        let w = r.numbers(rows * width)?;
        let roll = r.numbers(t_hi * width)?;
        Ok(SingleTurn {
            scorer: Scorer::shared(odds.rules())?,
            safe: model.safe_values()?,
            bank_min: bank_min_units(odds, on_board),
            model,
            on_board,
            phi,
            table: TurnTable {
                width,
                t_hi,
                w,
                roll,
            },
        })
    }

    /// The payoff of a farkle this policy was solved for (0 for a plain turn).
    pub fn farkle_payoff(&self) -> f64 {
        self.phi
    }

    /// Whether the player was on the board.
    pub fn on_board(&self) -> bool {
        self.on_board
    }

    /// The expected points of a turn from scratch (turn total 0, the full set to roll).
    pub fn expected_points(&self) -> f64 {
        self.table.w(0, self.model.dice)
    }

    /// The turn total (points) above which banking every risky hand is proven optimal.
    pub fn cap(&self) -> i32 {
        (self.table.t_hi as i32 - 1) * self.model.unit
    }

    fn units(&self, turn_total: i32) -> Result<usize, StrategyError> {
        units_of_turn_total(turn_total, self.model.unit, i32::MAX)
    }

    /// Dice in the set of the rules solved.
    pub fn dice_count(&self) -> u8 {
        self.model.dice as u8
    }

    fn check_dice(&self, dice: u8) -> Result<usize, StrategyError> {
        let m = usize::from(dice);
        if m == 0 || m > self.model.dice {
            return Err(StrategyError::OutOfRange(format!(
                "{dice} dice; the set has 1 to {}",
                self.model.dice
            )));
        }
        Ok(m)
    }

    /// W(t, m) at any t (units) and column m (0 = every die scored).
    fn w(&self, t: usize, m: usize) -> f64 {
        if t < self.table.t_hi {
            self.table.w(t, m)
        } else {
            closed_form(&self.model, &self.safe, t, m)
        }
    }

    /// Whether banking at t (units) with m dice to roll is optimal (ties bank).
    fn banks(&self, t: usize, m: usize) -> bool {
        if t >= self.table.t_hi {
            return self.model.farkle[m] > 0.0;
        }
        t >= self.bank_min && t as f64 * f64::from(self.model.unit) >= self.table.roll(t, m)
    }

    /// The expected value of the rest of the turn when holding `turn_total` points with
    /// `dice` dice to roll, under optimal play (banking allowed where the rules allow it).
    pub fn value(&self, turn_total: i32, dice: u8) -> Result<f64, StrategyError> {
        Ok(self.w(self.units(turn_total)?, self.check_dice(dice)?))
    }

    /// R(t, n) at a position of the turn: the expected points the optimal player banks this
    /// turn (a farkle counting as 0, or as the farkle payoff of a turn of a
    /// [`PenaltyPolicy`]) when holding `turn_total` (t) and about to roll `dice` (n) dice,
    /// for a player on the board or not: the better of banking now, where the rules allow it,
    /// and rolling. The position must be one this policy answers for: `turn_total` a
    /// multiple of the rules' granularity from 0 to [`MAX_TURN_TOTAL`], `dice` from 1 to the
    /// set, and `on_board` the situation the policy was solved for (the two differ in where
    /// banking is allowed, so each needs its own solve); `OutOfRange` otherwise, saying why.
    ///
    /// Reads the solved table below the cap and the closed form above it: constant time and
    /// no allocation, whatever the turn total.
    pub fn position_value(
        &self,
        turn_total: i32,
        dice: u8,
        on_board: bool,
    ) -> Result<f64, StrategyError> {
        let t = units_of_turn_total(turn_total, self.model.unit, MAX_TURN_TOTAL)?;
        let m = self.check_dice(dice)?;
        if on_board != self.on_board {
            let (asked, solved) = if on_board {
                ("on the board", "not yet on the board")
            } else {
                ("not yet on the board", "on the board")
            };
            return Err(StrategyError::OutOfRange(format!(
                "the position is of a player {asked}, but the policy was solved for a player \
                 {solved}; solve one for this situation"
            )));
        }
        Ok(self.w(t, m))
    }

    /// Whether the optimal player banks holding `turn_total` with `dice` dice to roll.
    pub fn should_bank(&self, turn_total: i32, dice: u8) -> Result<bool, StrategyError> {
        Ok(self.banks(self.units(turn_total)?, self.check_dice(dice)?))
    }

    /// The smallest turn total from which on the optimal player always banks with `dice` dice
    /// to roll, or `None` when that hand is safe (it never farkles, so rolling it is always
    /// at least as good). `Err` for a dice count outside the set.
    pub fn bank_threshold(&self, dice: u8) -> Result<Option<i32>, StrategyError> {
        let m = self.check_dice(dice)?;
        if self.model.farkle[m] == 0.0 {
            return Ok(None);
        }
        let mut t0 = self.table.t_hi;
        while t0 > 0 && self.banks(t0 - 1, m) {
            t0 -= 1;
        }
        Ok(Some(t0 as i32 * self.model.unit))
    }

    /// The best play of a roll with `turn_total` points already made this turn: which dice
    /// to keep and whether to bank afterwards. `None` for a farkle. Ties prefer more points,
    /// then fewer dice kept.
    pub fn best_choice(
        &self,
        roll: FaceCounts,
        turn_total: i32,
    ) -> Result<Option<Choice>, StrategyError> {
        let t = units_of_turn_total(turn_total, self.model.unit, MAX_TURN_TOTAL)?;
        let n = roll.total();
        if n == 0 || n > self.model.dice {
            return Err(StrategyError::OutOfRange(format!(
                "a roll of {n} dice; the set has {}",
                self.model.dice
            )));
        }
        let unit = self.model.unit;
        let mut best: Option<Choice> = None;
        for keep in roll.subsets() {
            let Some(points) = self.scorer.points(keep) else {
                continue;
            };
            let t2 = t + (points / unit) as usize;
            let left = n - keep.total();
            let value = self.w(t2, left);
            let (dice_left, bank) = if left > 0 {
                (left, self.banks(t2, left))
            } else if self.model.hot_dice {
                (self.model.dice, self.banks(t2, self.model.dice))
            } else {
                (0, true)
            };
            let better = match &best {
                None => true,
                Some(b) => {
                    value > b.value
                        || (value == b.value
                            && (points > b.points
                                || (points == b.points && keep.total() < b.keep.total())))
                }
            };
            if better {
                best = Some(Choice {
                    keep,
                    points,
                    turn_total: t2 as i32 * unit,
                    dice_left: dice_left as u8,
                    bank,
                    value,
                });
            }
        }
        Ok(best)
    }
}

/// The odds a player scores under, when they differ from `odds`: under
/// `singles_only_before_entry`, a player off the board scores only single 1s and 5s
/// ([`crate::rules::Rules::before_entry_scoring`]). `None`: `odds` themselves.
pub(crate) fn scoring_odds(odds: &Odds, on_board: bool) -> Result<Option<Odds>, StrategyError> {
    let rules = odds.rules();
    if on_board || !rules.singles_only_before_entry {
        return Ok(None);
    }
    Ok(Some(Odds::new(&rules.before_entry_scoring())?))
}

/// A turn total in units: a non-negative multiple of the unit, at most `max`. Queries that
/// add a selection's points to it take [`MAX_TURN_TOTAL`] as `max`, so the sum stays in range.
pub(crate) fn units_of_turn_total(
    turn_total: i32,
    unit: i32,
    max: i32,
) -> Result<usize, StrategyError> {
    if !(0..=max).contains(&turn_total) || turn_total % unit != 0 {
        return Err(StrategyError::OutOfRange(format!(
            "turn total {turn_total} is not a multiple of {unit} between 0 and {max}"
        )));
    }
    Ok((turn_total / unit) as usize)
}

/// What setting up one turn solve costs besides its backward pass (its tables allocated and
/// filled, its bounds, its scorer), counted as option evaluations: about a microsecond on the
/// benchmark machine. A turn of one die has so few options that this is most of its cost,
/// and a long-run policy may solve millions of them.
const TURN_SETUP_WORK: u64 = 1_000;

/// The size of a turn to solve.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TurnSize {
    /// Rows of its table.
    pub rows: usize,
    /// Option evaluations of its backward pass.
    pub work: u64,
    /// The highest turn total solved exactly, in points.
    pub top: u64,
}

impl TurnSize {
    /// What solving the turn costs, counted as option evaluations: its backward pass, a step
    /// for each of its states, and [`TURN_SETUP_WORK`].
    fn cost(&self, model: &TurnModel) -> u64 {
        (self.rows as u64)
            .saturating_mul(model.width() as u64)
            .saturating_add(self.work)
            .saturating_add(TURN_SETUP_WORK)
    }

    fn work_error(&self) -> String {
        exceeded(
            &format!("solving a turn up to a turn total of {} points", self.top),
            format!("{} option evaluations", self.work),
            format!("{MAX_TURN_WORK}"),
        )
    }
}

/// W above the cap: bank every risky hand, roll every safe one.
fn closed_form(model: &TurnModel, safe: &[f64], t: usize, m: usize) -> f64 {
    let points = t as f64 * f64::from(model.unit);
    if m == 0 {
        if model.hot_dice {
            points + safe[model.dice]
        } else {
            points
        }
    } else {
        points + safe[m]
    }
}

/// Relative value iteration stops once no relative value moves by more than this (points).
const CONVERGED: f64 = 1e-10;

/// Iterations of a long-run policy before its rate of convergence is trusted.
const RATE_ITERATIONS: usize = 16;

/// How fast relative value iteration converges: the ratio of successive changes over the
/// last iterations. The iteration converges linearly once its policy settles, so the
/// fastest recent ratio, kept up for the iterations still needed, is an optimistic estimate
/// of what is left; when even that is beyond the work limit, the policy is refused at once
/// rather than after spending the limit.
#[derive(Debug, Default)]
struct ConvergenceRate {
    iterations: usize,
    previous: Option<f64>,
    /// The last ratios of successive changes (a ring).
    ratios: [f64; 8],
}

impl ConvergenceRate {
    fn record(&mut self, change: f64) {
        if let Some(previous) = self.previous {
            self.ratios[self.iterations % self.ratios.len()] = change / previous;
        }
        self.previous = Some(change);
        self.iterations += 1;
    }

    /// The smallest recent ratio.
    fn fastest(&self) -> f64 {
        self.ratios.iter().copied().fold(f64::INFINITY, f64::min)
    }

    /// The option evaluations still needed to bring `change` under [`CONVERGED`] at the
    /// fastest recent rate, `per_iteration` each (infinite when the changes do not shrink);
    /// `None` until enough iterations were seen.
    fn work_to_converge(&self, change: f64, per_iteration: u64) -> Option<f64> {
        if self.iterations < RATE_ITERATIONS {
            return None;
        }
        let rate = self.fastest();
        let iterations = if rate < 1.0 {
            ((CONVERGED / change).ln() / rate.ln()).max(0.0)
        } else {
            f64::INFINITY
        };
        Some(iterations * per_iteration as f64)
    }
}

/// The policy maximizing the long-run average points per turn under a consecutive-farkle
/// penalty, found by relative value iteration over the count k of consecutive farkles
/// (0..streak-1). A turn that banks t is worth t and resets k; a farkle moves k to k + 1, and
/// the streak-th farkle costs the penalty and resets k. The player is taken to be on the board.
#[derive(Debug, Clone)]
pub struct PenaltyPolicy {
    average: f64,
    relative: Vec<f64>,
    turns: Vec<SingleTurn>,
}

impl PenaltyPolicy {
    /// Solves the average-reward problem. `Unsupported` for rules without a penalty or whose
    /// penalty loses the whole score (its cost depends on the score, not on the turn), and
    /// under the hot-dice multiplier (as [`SingleTurn::solve`]); the player is on the board,
    /// so `singles_only_before_entry` does not apply, and the long-run average knows no
    /// target, so neither does `exact_target`;
    /// `ResourceLimit` when the turns of every farkle count together exceed
    /// [`crate::limits::MAX_TURN_STATES`], or the iterations [`crate::limits::MAX_TURN_WORK`].
    pub fn solve(odds: &Odds) -> Result<PenaltyPolicy, StrategyError> {
        Self::solve_with_progress(odds, &mut |_| true)
    }

    /// As [`PenaltyPolicy::solve`], reporting progress (an estimate from the convergence) and
    /// `Cancelled` when `progress` returns false.
    pub fn solve_with_progress(
        odds: &Odds,
        progress: Progress,
    ) -> Result<PenaltyPolicy, StrategyError> {
        let rules = odds.rules();
        crate::strategy::refuse_multiplier(rules)?;
        if rules.farkle_penalty_streak == 0 {
            return Err(StrategyError::Unsupported(
                "the rules have no farkle penalty",
            ));
        }
        if rules.farkle_penalty_loses_all {
            return Err(StrategyError::Unsupported(
                "a penalty that loses the whole score has no per-turn average",
            ));
        }
        let streak = usize::from(rules.farkle_penalty_streak);
        let model = Arc::new(TurnModel::new(odds));
        let per_turn = Self::check_size(odds, &model, streak)?;
        // Every turn is charged before it is solved, so the limit stops the work before it
        // is done, and the progress function hears from every turn of a long iteration.
        let mut progress = progress;
        let mut meter = Meter::new(
            &mut progress,
            MAX_TURN_WORK,
            "the long-run policy, iterated until it converges,",
        );
        meter.report(0.0)?;
        let mut h = vec![0.0f64; streak];
        let mut first_change = None;
        let mut done = 0.0;
        let mut rate = ConvergenceRate::default();
        loop {
            let turns = Self::turns_for(odds, &model, &h, per_turn, &mut meter, done)?;
            let u: Vec<f64> = turns.iter().map(SingleTurn::expected_points).collect();
            let new: Vec<f64> = u.iter().map(|x| x - u[0]).collect();
            let change = new
                .iter()
                .zip(&h)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            h = new;
            if change < CONVERGED {
                return Ok(PenaltyPolicy {
                    average: u[0],
                    relative: h,
                    turns,
                });
            }
            rate.record(change);
            let per_iteration = per_turn.saturating_mul(streak as u64);
            if let Some(more) = rate.work_to_converge(change, per_iteration) {
                if more > (MAX_TURN_WORK - meter.spent()) as f64 {
                    return Err(StrategyError::ResourceLimit(exceeded(
                        "the long-run policy, iterated until it converges,",
                        format!(
                            "about {more:.1e} more option evaluations (after {} iterations its \
                             values still move by {change:.3e} points an iteration, each move at \
                             least {:.12} of the one before)",
                            rate.iterations,
                            rate.fastest()
                        ),
                        format!("{MAX_TURN_WORK}"),
                    )));
                }
            }
            // Progress: how far the change has fallen on a log scale towards convergence.
            let first = *first_change.get_or_insert(change.max(CONVERGED * 10.0));
            done = ((first / change).ln() / (first / CONVERGED).ln()).clamp(0.0, 0.99);
        }
    }

    /// Refuses the policy's turns when together they would exceed
    /// [`crate::limits::MAX_TURN_STATES`]; the work of one of them ([`TurnSize::cost`]).
    fn check_size(
        odds: &Odds,
        model: &Arc<TurnModel>,
        streak: usize,
    ) -> Result<u64, StrategyError> {
        // Every turn has the size of the plain turn (a farkle's payoff is never positive
        // here, and only a positive one raises the cap): one check for all of them.
        let size = SingleTurn::size(odds, model, true, 0.0)?;
        let states = size
            .rows
            .saturating_mul(model.width())
            .saturating_mul(streak);
        if states > crate::limits::MAX_TURN_STATES {
            return Err(StrategyError::ResourceLimit(exceeded(
                &format!("the turns of {streak} farkle counts"),
                format!("{states} states"),
                format!("{} states", crate::limits::MAX_TURN_STATES),
            )));
        }
        Ok(size.cost(model))
    }

    /// One iteration: the turn after k farkles in a row, for each k, given the relative
    /// values `h` (a farkle is worth the relative value of the next count, or minus the
    /// penalty on the last).
    /// Each turn is charged `per_turn` on `meter` (with `done`, the iteration's estimate of
    /// the fraction done) before it is solved.
    fn turns_for(
        odds: &Odds,
        model: &Arc<TurnModel>,
        h: &[f64],
        per_turn: u64,
        meter: &mut Meter,
        done: f64,
    ) -> Result<Vec<SingleTurn>, StrategyError> {
        let streak = h.len();
        let penalty = f64::from(odds.rules().farkle_penalty_points);
        let mut turns = Vec::with_capacity(streak);
        for k in 0..streak {
            meter.charge(per_turn, done)?;
            let phi = if k + 1 < streak { h[k + 1] } else { -penalty };
            turns.push(SingleTurn::solve_with_farkle_payoff(
                odds,
                Arc::clone(model),
                true,
                phi,
                &mut |_| meter.go_on(),
            )?);
        }
        Ok(turns)
    }

    /// Writes the solved policy (see [`crate::strategy::transfer`]): its average, relative
    /// values and turns.
    // Used by the WebAssembly build only (src/wasm/transfer.rs), and the tests.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn write_values(&self, out: &mut Writer) {
        out.number(self.average);
        out.numbers(&self.relative);
        for turn in &self.turns {
            turn.write_values(out);
        }
    }

    /// The policy [`PenaltyPolicy::write_values`] wrote, solved for `odds`; refused as
    /// [`PenaltyPolicy::solve`] refuses rules, and when the bytes do not fit the rules.
    // Used by the WebAssembly build only (src/wasm/transfer.rs), and the tests.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn read_values(odds: &Odds, r: &mut Reader) -> Result<PenaltyPolicy, StrategyError> {
        let rules = odds.rules();
        crate::strategy::refuse_multiplier(rules)?;
        if rules.farkle_penalty_streak == 0 || rules.farkle_penalty_loses_all {
            return Err(StrategyError::Unsupported(
                "the rules have no farkle penalty in points",
            ));
        }
        let streak = usize::from(rules.farkle_penalty_streak);
        let model = Arc::new(TurnModel::new(odds));
        Self::check_size(odds, &model, streak)?;
        let average = r.number()?;
        let relative = r.numbers(streak)?;
        let mut turns = Vec::with_capacity(streak);
        for _ in 0..streak {
            if !r.flag()? {
                return Err(StrategyError::BadFile(
                    "a turn of the long-run policy is off the board".to_owned(),
                ));
            }
            turns.push(SingleTurn::read_values_of(
                odds,
                Arc::clone(&model),
                true,
                r,
            )?);
        }
        Ok(PenaltyPolicy {
            average,
            relative,
            turns,
        })
    }

    /// The long-run average points per turn under the optimal policy.
    pub fn average_points_per_turn(&self) -> f64 {
        self.average
    }

    /// The relative value of starting a turn after `k` consecutive farkles (0 for k = 0).
    pub fn relative_value(&self, k: usize) -> Option<f64> {
        self.relative.get(k).copied()
    }

    /// The number of farkles in a row that costs the penalty: the policy has a turn for each
    /// count from 0 to one less.
    pub fn streak(&self) -> usize {
        self.turns.len()
    }

    /// The smallest turn total from which on the optimal player always banks with `dice` dice
    /// to roll, at the start of which were `farkles` farkles in a row; `None` when that hand
    /// never farkles (rolling it is then always at least as good), as
    /// [`SingleTurn::bank_threshold`]. `OutOfRange` for a count at or above the streak or a
    /// dice count outside the set.
    pub fn bank_threshold(&self, farkles: usize, dice: u8) -> Result<Option<i32>, StrategyError> {
        self.turn_after(farkles)?.bank_threshold(dice)
    }

    /// The turn after `farkles` farkles in a row, or `OutOfRange` naming the streak.
    fn turn_after(&self, farkles: usize) -> Result<&SingleTurn, StrategyError> {
        self.turns.get(farkles).ok_or_else(|| {
            StrategyError::OutOfRange(format!(
                "{farkles} farkles in a row; the penalty comes with farkle number {}, so the \
                 counts are 0 to {}",
                self.turns.len(),
                self.turns.len() - 1
            ))
        })
    }

    /// The optimal turn after `k` consecutive farkles: its decisions are the policy; its
    /// values are relative (a farkle is worth the relative value of the next count, or minus
    /// the penalty). `None` for k at or above the streak.
    pub fn turn(&self, k: usize) -> Option<&SingleTurn> {
        self.turns.get(k)
    }
}

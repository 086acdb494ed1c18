// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Queries of a solved three-player table: every player's chances at the start of a turn and
//! inside one, the mover's decision and the best play of a roll (each turn solved again from
//! the stored values, with the mover's mixing where it mixes, and cached per thread), and the
//! fairest head starts.

use std::sync::Arc;

use crate::dice::FaceCounts;
use crate::limits::MAX_TURN_TOTAL;
use crate::strategy::single_turn::units_of_turn_total;
use crate::strategy::tables::choice::best_of;
use crate::strategy::tables::PlayerState;
use crate::strategy::StrategyError;

use super::context::Ctx;
use super::pass::{run_pass_with, Mix, MixAt, Node, PassExtras, Scratch, Seats};
use super::table::ThreePlayerTable;

/// The mover's decision before a roll in a three-player game.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatDecision {
    /// Whether the mover banks; a mover that mixes (see `roll_probability`) banks when it
    /// rolls with probability below 1/2.
    pub bank: bool,
    /// The probability that the mover rolls: 0 or 1, or in between where the equilibrium
    /// mixes banking and rolling.
    pub roll_probability: f64,
    /// Every player's chance of winning (in turn order from the mover) if the mover banks
    /// now; `None` where banking is not allowed.
    pub bank_win_probabilities: Option<Vec<f64>>,
    /// Every player's chance if the mover rolls.
    pub roll_win_probabilities: Vec<f64>,
}

impl SeatDecision {
    /// Every player's chance of winning at this point: banking and rolling mixed as the
    /// mover does.
    pub fn win_probabilities(&self) -> Vec<f64> {
        match &self.bank_win_probabilities {
            Some(bank) => {
                let a = self.roll_probability;
                bank.iter()
                    .zip(&self.roll_win_probabilities)
                    .map(|(b, r)| b + a * (r - b))
                    .collect()
            }
            None => self.roll_win_probabilities.clone(),
        }
    }
}

/// One way to keep dice from a roll in a three-player game, with what follows.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatChoice {
    /// Dice to keep.
    pub keep: FaceCounts,
    /// Their points.
    pub points: i32,
    /// Turn total after keeping them.
    pub turn_total: i32,
    /// Dice to roll next if the mover goes on (0: every die scored and no hot dice, so it
    /// must bank).
    pub dice_left: u8,
    /// The decision after keeping them (`None` when it must bank).
    pub then: Option<SeatDecision>,
    /// Every player's chance after this choice, in turn order from the mover.
    pub win_probabilities: Vec<f64>,
}

/// A solved turn: its nodes, the values of rolling, and what a farkle leads to.
struct Turn {
    seats: Seats,
    t_hi: usize,
    nodes: Vec<Node>,
    roll: Vec<Node>,
    /// The chances (in turn order from the state after it) after a farkle.
    after: [f64; 3],
    mix: Option<Mix>,
}

/// Solved turns by (table id, state): a bot asks about the same turn several times. The id
/// is never reused (a table's address is, once it is freed).
type TurnCache = [Option<(u64, Seats, Arc<Turn>)>; 3];

thread_local! {
    static TURNS: std::cell::RefCell<TurnCache> = const { std::cell::RefCell::new([None, None, None]) };
}

impl ThreePlayerTable {
    /// The place of a player state in the layout.
    fn player_index(&self, p: &PlayerState) -> Result<usize, StrategyError> {
        self.layout
            .player_index(p.score, p.on_board, p.farkles, self.rules.target_score)
    }

    pub(super) fn seats_of(&self, players: &[PlayerState; 3]) -> Result<Seats, StrategyError> {
        Ok((
            self.player_index(&players[0])?,
            self.player_index(&players[1])?,
            self.player_index(&players[2])?,
        ))
    }

    /// Every player's chance to win at the start of the mover's turn, `players` in turn
    /// order from the mover.
    pub fn start_of_turn(&self, players: &[PlayerState; 3]) -> Result<[f64; 3], StrategyError> {
        let seats = self.seats_of(players)?;
        Ok(self.values[self.ctx().index(seats)])
    }

    /// Every player's chance to win from the start of the game, in seat order.
    pub fn start_probabilities(&self) -> [f64; 3] {
        let s = PlayerState::start(&self.rules);
        self.start_of_turn(&[s, s, s])
            .expect("the start is in range")
    }

    /// The fairest head starts for the second and third seats: the banked points (multiples
    /// of the unit, on the board) that bring every seat's chance closest to 1/3 (least sum of
    /// squared differences; the smaller head starts on ties).
    pub fn compensation(&self) -> [i32; 2] {
        let first = PlayerState::start(&self.rules);
        let l = &self.layout;
        let seat = |c: i64| {
            if c == 0 {
                first
            } else {
                PlayerState {
                    score: (c * i64::from(l.unit)) as i32,
                    on_board: true,
                    farkles: 0,
                }
            }
        };
        let mut best = (f64::INFINITY, [0, 0]);
        for c2 in 0..l.target {
            for c3 in 0..l.target {
                let v = self
                    .start_of_turn(&[first, seat(c2), seat(c3)])
                    .expect("in range");
                let gap: f64 = v.iter().map(|p| (p - 1.0 / 3.0).powi(2)).sum();
                if gap < best.0 {
                    best = (gap, [c2, c3]);
                }
            }
        }
        best.1.map(|c| (c * i64::from(l.unit)) as i32)
    }

    fn check_dice(&self, dice: usize) -> Result<(), StrategyError> {
        if dice == 0 || dice > self.model.dice {
            return Err(StrategyError::OutOfRange(format!(
                "{dice} dice; the set has 1 to {}",
                self.model.dice
            )));
        }
        Ok(())
    }

    /// Every player's chance to win with the mover holding `turn_total` and `dice` dice to
    /// roll (it may bank where the rules allow it); with turn total 0 and the full set, the
    /// start of the turn.
    pub fn win_probabilities(
        &self,
        players: &[PlayerState; 3],
        turn_total: i32,
        dice: u8,
    ) -> Result<Vec<f64>, StrategyError> {
        Ok(self
            .decision(players, turn_total, dice)?
            .win_probabilities())
    }

    /// The mover's decision before rolling: bank or roll (or, where it mixes, how often it
    /// rolls), and every player's chances either way.
    pub fn decision(
        &self,
        players: &[PlayerState; 3],
        turn_total: i32,
        dice: u8,
    ) -> Result<SeatDecision, StrategyError> {
        let seats = self.seats_of(players)?;
        let t = units_of_turn_total(turn_total, self.layout.unit, MAX_TURN_TOTAL)?;
        let m = usize::from(dice);
        self.check_dice(m)?;
        let ctx = self.ctx();
        let turn = self.turn(&ctx, seats)?;
        Ok(self.decision_at(&ctx, &turn, t, m))
    }

    /// Every scoring way to keep dice from `roll` with the mover holding `turn_total`, each
    /// with every player's chances after it and the decision that follows. Empty for a
    /// farkle.
    pub fn choices(
        &self,
        players: &[PlayerState; 3],
        turn_total: i32,
        roll: FaceCounts,
    ) -> Result<Vec<SeatChoice>, StrategyError> {
        let seats = self.seats_of(players)?;
        let t = units_of_turn_total(turn_total, self.layout.unit, MAX_TURN_TOTAL)?;
        let n = roll.total();
        self.check_dice(n)?;
        let ctx = self.ctx();
        let turn = self.turn(&ctx, seats)?;
        let unit = self.layout.unit;
        let mut out = Vec::new();
        for keep in roll.subsets() {
            let Some(points) = self.scorer.points(keep) else {
                continue;
            };
            let t2 = t + (points / unit) as usize;
            let left = n - keep.total();
            let (dice_left, then) = if left > 0 {
                (left, Some(self.decision_at(&ctx, &turn, t2, left)))
            } else if self.model.hot_dice {
                (
                    self.model.dice,
                    Some(self.decision_at(&ctx, &turn, t2, self.model.dice)),
                )
            } else {
                (0, None)
            };
            let win_probabilities = match &then {
                Some(d) => d.win_probabilities(),
                None => self.full(&turn, self.node(&ctx, &turn, t2, 0)).to_vec(),
            };
            out.push(SeatChoice {
                keep,
                points,
                turn_total: t2 as i32 * unit,
                dice_left: dice_left as u8,
                then,
                win_probabilities,
            });
        }
        Ok(out)
    }

    /// The best play of a roll for the mover: its highest chance, then more points, then
    /// fewer dice kept. `None` for a farkle.
    pub fn best_choice(
        &self,
        players: &[PlayerState; 3],
        turn_total: i32,
        roll: FaceCounts,
    ) -> Result<Option<SeatChoice>, StrategyError> {
        Ok(best_of(self.choices(players, turn_total, roll)?, |c| {
            (c.win_probabilities[0], c.points, c.keep.total())
        }))
    }

    /// A node's chances for all three players.
    fn full(&self, turn: &Turn, node: Node) -> [f64; 3] {
        let next = node.u + node.f * turn.after[0];
        [node.w, next, 1.0 - node.w - next]
    }

    /// The node at turn total `t` with `hand` dice, at any t.
    fn node(&self, ctx: &Ctx, turn: &Turn, t: usize, hand: usize) -> Node {
        let width = self.model.width();
        if t < turn.nodes.len() / width {
            turn.nodes[t * width + hand]
        } else {
            let l = &self.layout;
            let (p, q, r) = turn.seats;
            let x = l.player(p).0;
            ctx.endgame
                .beyond(&self.model, x + t as i64, l.player(q), l.player(r), hand)
        }
    }

    fn decision_at(&self, ctx: &Ctx, turn: &Turn, t: usize, m: usize) -> SeatDecision {
        let width = self.model.width();
        let bank = ctx
            .bank_at(&self.values, turn.seats, t)
            .map(|(w, u)| self.full(turn, Node { w, u, f: 0.0 }));
        let roll = if t < turn.t_hi {
            turn.roll[t * width + m]
        } else {
            self.roll_above(ctx, turn, t, m)
        };
        let roll = self.full(turn, roll);
        let mixed = turn.mix.as_ref().and_then(|mix| {
            mix.decisions
                .iter()
                .any(|d| d.at == MixAt::BankOrRoll && d.t as usize == t && usize::from(d.hand) == m)
                .then_some(mix.alpha)
        });
        let roll_probability = match (bank, mixed) {
            (None, _) => 1.0,
            (Some(_), Some(alpha)) => alpha,
            (Some(b), None) if b[0] >= roll[0] => 0.0,
            _ => 1.0,
        };
        SeatDecision {
            bank: roll_probability < 0.5,
            roll_probability,
            bank_win_probabilities: bank.map(|b| b.to_vec()),
            roll_win_probabilities: roll.to_vec(),
        }
    }

    /// The value of rolling `m` dice at `t` at or above the pass's rows (where the values
    /// above are known).
    fn roll_above(&self, ctx: &Ctx, turn: &Turn, t: usize, m: usize) -> Node {
        let model = &*self.model;
        let pf = model.farkle[m];
        let mut acc = Node {
            w: pf * ctx.farkle_payoff(turn),
            u: 0.0,
            f: pf,
        };
        for g in model.group_start[m - 1]..model.group_start[m] {
            let mut best: Option<Node> = None;
            for &(b, next) in &model.options[model.option_start[g]..model.option_start[g + 1]] {
                let v = self.node(ctx, turn, t + b as usize, usize::from(next));
                if best.is_none_or(|x| v.w > x.w) {
                    best = Some(v);
                }
            }
            let best = best.unwrap_or_default();
            let pg = model.group_prob[g];
            acc.w += pg * best.w;
            acc.u += pg * best.u;
            acc.f += pg * best.f;
        }
        acc
    }

    /// The solved turn of a state, from this thread's cache when it was asked about lately.
    fn turn(&self, ctx: &Ctx, seats: Seats) -> Result<Arc<Turn>, StrategyError> {
        let id = self.id;
        TURNS.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some(Some((_, _, turn))) = cache
                .iter()
                .find(|e| matches!(e, Some((a, s, _)) if (*a, *s) == (id, seats)))
            {
                return Ok(Arc::clone(turn));
            }
            let turn = Arc::new(self.solve_turn(ctx, seats)?);
            cache.rotate_right(1);
            cache[0] = Some((id, seats, Arc::clone(&turn)));
            Ok(turn)
        })
    }

    fn solve_turn(&self, ctx: &Ctx, seats: Seats) -> Result<Turn, StrategyError> {
        let after = self.values[ctx.index(ctx.after_farkle(seats))];
        let phi = after[2];
        let mut s = Scratch::default();
        ctx.prepare(&self.values, seats, phi, &mut s);
        let mix = self
            .mixed
            .binary_search_by_key(&ctx.index(seats), |m| m.0)
            .ok()
            .map(|i| self.mixed[i].1.clone());
        let mut roll = Vec::new();
        let extras = PassExtras {
            mix: mix.as_ref(),
            roll: Some(&mut roll),
            record: None,
        };
        run_pass_with(&self.model, ctx.offsets, &mut s, phi, extras);
        Ok(Turn {
            seats,
            t_hi: s.t_hi,
            nodes: s.nodes,
            roll,
            after: [after[0], after[1], after[2]],
            mix,
        })
    }
}

impl Ctx<'_> {
    /// What a farkle is worth to the mover of a solved turn.
    fn farkle_payoff(&self, turn: &Turn) -> f64 {
        turn.after[2]
    }
}

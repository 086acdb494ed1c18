// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Queries of a solved table: start-of-turn chances, decisions and choices inside a turn
//! (each turn solved again from the stored values, cached per thread), the compensation.

use std::sync::Arc;

use crate::dice::FaceCounts;
use crate::limits::MAX_TURN_TOTAL;
use crate::strategy::single_turn::units_of_turn_total;
use crate::strategy::turn::TurnTable;
use crate::strategy::StrategyError;

use super::pass::Ctx;
use crate::strategy::tables::choice::best_of;

use super::{Decision, PlayerState, TwoPlayerState, TwoPlayerTable, WinChoice, EVEN_CHANCE};

/// Solved turns by (table id, p, q): a bot queries the same turn several times, and play
/// alternates between two pairs, so each thread keeps the last two.
type TurnCache = [Option<(u64, usize, usize, Arc<TurnTable>)>; 2];

thread_local! {
    static TURN_CACHE: std::cell::RefCell<TurnCache> = const { std::cell::RefCell::new([None, None]) };
}

impl TwoPlayerTable {
    pub(crate) fn player_index(&self, p: &PlayerState) -> Result<usize, StrategyError> {
        self.layout
            .player_index(p.score, p.on_board, p.farkles, self.rules.target_score)
    }

    /// P(win) for the player about to start a turn in state `me` against `opponent`.
    pub fn start_of_turn(
        &self,
        me: &PlayerState,
        opponent: &PlayerState,
    ) -> Result<f64, StrategyError> {
        let p = self.player_index(me)?;
        let q = self.player_index(opponent)?;
        Ok(self.start[p * self.layout.players() + q])
    }

    /// P(first player wins) from the start of the game.
    pub fn first_player_win_probability(&self) -> f64 {
        let s = PlayerState::start(&self.rules);
        self.start_of_turn(&s, &s).expect("the start is in range")
    }

    /// The fairest compensation: the head start (a multiple of the unit, in points, counting
    /// as banked and on the board) for the second player that brings P(first player wins)
    /// closest to 1/2; the smallest such on ties, and 0 when the first player is not ahead.
    pub fn compensation(&self) -> i32 {
        let first = PlayerState::start(&self.rules);
        let l = &self.layout;
        let mut best = (f64::INFINITY, 0i64);
        for c in 0..l.target {
            let second = if c == 0 {
                first
            } else {
                PlayerState {
                    score: (c * i64::from(l.unit)) as i32,
                    on_board: true,
                    farkles: 0,
                }
            };
            let p = self.start_of_turn(&first, &second).expect("in range");
            let gap = (p - EVEN_CHANCE).abs();
            if gap < best.0 {
                best = (gap, c);
            }
            if p < EVEN_CHANCE {
                break;
            }
        }
        (best.1 * i64::from(l.unit)) as i32
    }

    fn state_indices(&self, s: &TwoPlayerState) -> Result<(usize, usize, usize), StrategyError> {
        let p = self.player_index(&s.me)?;
        let q = self.player_index(&s.opponent)?;
        let t = units_of_turn_total(s.turn_total, self.layout.unit, MAX_TURN_TOTAL)?;
        Ok((p, q, t))
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

    /// P(win) for the player to move holding `turn_total` with `dice` dice to roll (who may
    /// bank where the rules allow it); with turn total 0 and the full set, this is the
    /// start-of-turn probability.
    pub fn win_probability(&self, s: &TwoPlayerState) -> Result<f64, StrategyError> {
        Ok(self.decision(s)?.value())
    }

    /// The optimal decision before rolling in a state: bank or roll.
    pub fn decision(&self, s: &TwoPlayerState) -> Result<Decision, StrategyError> {
        let (p, q, t) = self.state_indices(s)?;
        let m = usize::from(s.dice);
        self.check_dice(m)?;
        let ctx = self.ctx();
        let table = self.turn_table(&ctx, p, q)?;
        Ok(self.decision_at(&ctx, &table, p, q, t, m))
    }

    fn bank_value(&self, ctx: &Ctx, p: usize, q: usize, t: usize) -> Option<f64> {
        let bank = ctx.bank_at(&self.start, p, q, t);
        (bank > f64::NEG_INFINITY).then_some(bank)
    }

    fn decision_at(
        &self,
        ctx: &Ctx,
        table: &TurnTable,
        p: usize,
        q: usize,
        t: usize,
        m: usize,
    ) -> Decision {
        let bank = self.bank_value(ctx, p, q, t);
        let phi = ctx.farkle_payoff(&self.start, p, q);
        let roll = self
            .model
            .roll_value(m, phi, |b, next| ctx.value(table, p, q, t + b, next));
        Decision {
            bank: bank.is_some_and(|b| b >= roll),
            bank_win_probability: bank,
            roll_win_probability: roll,
        }
    }

    /// For a turn of `me` against `opponent`: for each number of dice to roll (index 0 = one
    /// die), the smallest turn total at which the optimal player banks rather than rolls, or
    /// `None` when it never banks with that many dice below a sure win. What the policy plots
    /// show; the turn is solved once for all of them.
    pub fn stop_totals(
        &self,
        me: &PlayerState,
        opponent: &PlayerState,
    ) -> Result<Vec<Option<i32>>, StrategyError> {
        let p = self.player_index(me)?;
        let q = self.player_index(opponent)?;
        let ctx = self.ctx();
        let table = self.turn_table(&ctx, p, q)?;
        let mut bank = Vec::new();
        ctx.fill_bank(&self.start, p, q, table.t_hi, &mut bank);
        Ok((1..=self.model.dice)
            .map(|m| {
                (0..table.t_hi)
                    .find(|&t| bank[t] >= table.roll(t, m))
                    .map(|t| t as i32 * self.layout.unit)
            })
            .collect())
    }

    /// The best play of a roll: which dice to keep and whether to bank after. `None` for a
    /// farkle. Ties prefer more points, then fewer dice kept (see `tables::choice`).
    pub fn best_choice(
        &self,
        me: &PlayerState,
        opponent: &PlayerState,
        turn_total: i32,
        roll: FaceCounts,
    ) -> Result<Option<WinChoice>, StrategyError> {
        Ok(best_of(
            self.choices(me, opponent, turn_total, roll)?,
            |c| (c.win_probability, c.points, c.keep.total()),
        ))
    }

    /// Every scoring way to keep dice from a roll, each with P(win) after it and whether the
    /// optimal player banks afterwards (the turn is solved once for all of them). Empty for a
    /// farkle.
    pub fn choices(
        &self,
        me: &PlayerState,
        opponent: &PlayerState,
        turn_total: i32,
        roll: FaceCounts,
    ) -> Result<Vec<WinChoice>, StrategyError> {
        let state = TwoPlayerState {
            me: *me,
            opponent: *opponent,
            turn_total,
            dice: 1,
        };
        let (p, q, t) = self.state_indices(&state)?;
        let n = roll.total();
        self.check_dice(n)?;
        let ctx = self.ctx();
        let table = self.turn_table(&ctx, p, q)?;
        let unit = self.layout.unit;
        let mut out = Vec::new();
        for keep in roll.subsets() {
            let Some(points) = self.scorer.points(keep) else {
                continue;
            };
            let t2 = t + (points / unit) as usize;
            let left = n - keep.total();
            let (dice_left, col) = if left > 0 {
                (left, left)
            } else if self.model.hot_dice {
                (self.model.dice, 0)
            } else {
                (0, 0)
            };
            let value = ctx.value(&table, p, q, t2, col);
            let bank = if dice_left == 0 {
                true
            } else {
                self.decision_at(&ctx, &table, p, q, t2, dice_left).bank
            };
            out.push(WinChoice {
                keep,
                points,
                turn_total: t2 as i32 * unit,
                dice_left: dice_left as u8,
                bank,
                win_probability: value,
            });
        }
        Ok(out)
    }

    /// The solved turn of p against q, from this thread's cache when it was the last or the
    /// one before.
    fn turn_table(&self, ctx: &Ctx, p: usize, q: usize) -> Result<Arc<TurnTable>, StrategyError> {
        TURN_CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some(Some((_, _, _, t))) = cache
                .iter()
                .find(|e| matches!(e, Some((id, a, b, _)) if (*id, *a, *b) == (self.id, p, q)))
            {
                return Ok(Arc::clone(t));
            }
            let table = Arc::new(ctx.table(&self.start, p, q)?);
            cache.swap(0, 1);
            cache[0] = Some((self.id, p, q, Arc::clone(&table)));
            Ok(table)
        })
    }
}

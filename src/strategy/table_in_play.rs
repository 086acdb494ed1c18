// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The win table that applies to a game right now, with the players' states in it: what the
//! advice asks when it values choices as chances to win.
//!
//! A table applies when it covers every active player (a two-player table in a game of two,
//! a three-player one in a game of three, or a game that had more players until the others
//! left: a departed player cannot win, so its seat's chance is 0), or, for an advisor told to play the strongest
//! opponent, when a two-player table can stand for a bigger game: the mover against the
//! opponent that table says is most likely to beat it (ties: the one who plays next). Never
//! in a final round (the tables cover scores below the target only).

use crate::dice::FaceCounts;
use crate::game::Game;
use crate::strategy::{
    PlayerState, SeatDecision, StrategyError, ThreePlayerTable, TwoPlayerState, TwoPlayerTable,
    WinTable,
};

/// A table and the players it values, the mover first, then in turn order.
#[derive(Debug, Clone)]
pub(crate) enum TableInPlay<'a> {
    /// Two players: the mover and its opponent.
    Two {
        table: &'a TwoPlayerTable,
        players: [PlayerState; 2],
        /// Their game seats.
        seats: [usize; 2],
    },
    /// Three players.
    Three {
        table: &'a ThreePlayerTable,
        players: [PlayerState; 3],
        seats: [usize; 3],
    },
}

/// One scoring way to keep dice, valued.
#[derive(Debug, Clone)]
pub(crate) struct ValuedKeep {
    pub keep: FaceCounts,
    /// Every valued player's chance after it, the mover first.
    pub chances: Vec<f64>,
    /// Whether the mover then banks (rather than rolls on; where it mixes, the likelier).
    pub banks: bool,
}

impl From<crate::strategy::Decision> for SeatDecision {
    fn from(d: crate::strategy::Decision) -> Self {
        SeatDecision {
            bank: d.bank,
            roll_probability: if d.bank { 0.0 } else { 1.0 },
            bank_win_probabilities: d.bank_win_probability.map(|b| vec![b, 1.0 - b]),
            roll_win_probabilities: vec![d.roll_win_probability, 1.0 - d.roll_win_probability],
        }
    }
}

/// A player of the game as a table state: a score below the table's lower bound plays as
/// that bound, and without a penalty farkles in a row do not count. `None` when it does
/// not fit the table's ranges.
fn state_of(game: &Game, seat: usize, lower: i32, counts_farkles: bool) -> Option<PlayerState> {
    let p = &game.players()[seat];
    Some(PlayerState {
        score: i32::try_from(p.score.max(i64::from(lower))).ok()?,
        on_board: p.on_board,
        farkles: if counts_farkles {
            u8::try_from(p.consecutive_farkles).ok()?
        } else {
            0
        },
    })
}

/// The active seats in turn order from the player to move.
fn turn_order(game: &Game) -> Vec<usize> {
    let n = game.players().len();
    let me = game.current_player();
    (0..n)
        .map(|k| (me + k) % n)
        .filter(|&s| game.players()[s].active)
        .collect()
}

impl<'a> TableInPlay<'a> {
    /// The table's view of `game` now, if it applies (see the module notes).
    pub fn of(
        table: &'a WinTable,
        game: &Game,
        strongest_opponent: bool,
    ) -> Option<TableInPlay<'a>> {
        if game.final_round_player().is_some() {
            return None;
        }
        let order = turn_order(game);
        let counts_farkles = table.rules().farkle_penalty_streak > 0;
        let lower = table.lower_bound();
        let state = |seat: usize| state_of(game, seat, lower, counts_farkles);
        match table {
            WinTable::Three(t) if order.len() == 3 => {
                let seats = [order[0], order[1], order[2]];
                let players = [state(seats[0])?, state(seats[1])?, state(seats[2])?];
                t.start_of_turn(&players).ok()?;
                Some(TableInPlay::Three {
                    table: t,
                    players,
                    seats,
                })
            }
            WinTable::Two(t) if order.len() == 2 => {
                let players = [state(order[0])?, state(order[1])?];
                t.start_of_turn(&players[0], &players[1]).ok()?;
                Some(TableInPlay::Two {
                    table: t,
                    players,
                    seats: [order[0], order[1]],
                })
            }
            WinTable::Two(t) if strongest_opponent && order.len() > 2 => {
                let me = state(order[0])?;
                let mut best: Option<(f64, usize, PlayerState)> = None;
                for &seat in &order[1..] {
                    let them = state(seat)?;
                    let mine = t.start_of_turn(&me, &them).ok()?;
                    if best.as_ref().is_none_or(|b| mine < b.0) {
                        best = Some((mine, seat, them));
                    }
                }
                let (_, seat, them) = best?;
                Some(TableInPlay::Two {
                    table: t,
                    players: [me, them],
                    seats: [order[0], seat],
                })
            }
            _ => None,
        }
    }

    /// Whether the table values every active player of the game (not one opponent of
    /// several).
    pub fn covers(&self, game: &Game) -> bool {
        let valued = match self {
            TableInPlay::Two { .. } => 2,
            TableInPlay::Three { .. } => 3,
        };
        valued == game.active_players()
    }

    /// The game seats of the valued players, the mover first.
    pub fn seats(&self) -> &[usize] {
        match self {
            TableInPlay::Two { seats, .. } => seats,
            TableInPlay::Three { seats, .. } => seats,
        }
    }

    /// The chances once the mover's turn ends with nothing more (a farkle, a forfeit; the
    /// farkle is already in the mover's record): the next player's start of turn.
    pub fn ended(&self) -> Result<Vec<f64>, StrategyError> {
        match self {
            TableInPlay::Two { table, players, .. } => {
                let p = 1.0 - table.start_of_turn(&players[1], &players[0])?;
                Ok(vec![p, 1.0 - p])
            }
            TableInPlay::Three { table, players, .. } => {
                let c = table.start_of_turn(&[players[1], players[2], players[0]])?;
                Ok(vec![c[2], c[0], c[1]])
            }
        }
    }

    /// The mover's decision before rolling `dice` dice with `turn_total` in the turn.
    pub fn decision(&self, turn_total: i32, dice: u8) -> Result<SeatDecision, StrategyError> {
        match self {
            TableInPlay::Two { table, players, .. } => Ok(table
                .decision(&TwoPlayerState {
                    me: players[0],
                    opponent: players[1],
                    turn_total,
                    dice,
                })?
                .into()),
            TableInPlay::Three { table, players, .. } => table.decision(players, turn_total, dice),
        }
    }

    /// Every scoring way to keep dice from `roll`, valued (empty for a farkle).
    pub fn choices(
        &self,
        turn_total: i32,
        roll: FaceCounts,
    ) -> Result<Vec<ValuedKeep>, StrategyError> {
        Ok(match self {
            TableInPlay::Two { table, players, .. } => table
                .choices(&players[0], &players[1], turn_total, roll)?
                .into_iter()
                .map(|c| ValuedKeep {
                    keep: c.keep,
                    chances: vec![c.win_probability, 1.0 - c.win_probability],
                    banks: c.bank,
                })
                .collect(),
            TableInPlay::Three { table, players, .. } => table
                .choices(players, turn_total, roll)?
                .into_iter()
                .map(|c| ValuedKeep {
                    keep: c.keep,
                    banks: c.then.as_ref().is_none_or(|d| d.bank),
                    chances: c.win_probabilities,
                })
                .collect(),
        })
    }

    /// The chances after the mover banks `turn_total` with every die scored (no dice to
    /// roll): the next player's start of turn, or a win when that reaches the target
    /// without a final round. `None` with a final round to play, which the tables do not
    /// expose here.
    pub fn bank_all_scored(&self, turn_total: i32) -> Result<Option<Vec<f64>>, StrategyError> {
        let (rules, me) = match self {
            TableInPlay::Two { table, players, .. } => (table.rules(), players[0]),
            TableInPlay::Three { table, players, .. } => (table.rules(), players[0]),
        };
        let score = me.score.saturating_add(turn_total);
        let valued = self.seats().len();
        if score >= rules.target_score {
            if rules.final_round {
                return Ok(None);
            }
            let mut win = vec![0.0; valued];
            win[0] = 1.0;
            return Ok(Some(win));
        }
        let banked = PlayerState {
            score,
            on_board: true,
            farkles: 0,
        };
        Ok(Some(match self {
            TableInPlay::Two { table, players, .. } => {
                let p = 1.0 - table.start_of_turn(&players[1], &banked)?;
                vec![p, 1.0 - p]
            }
            TableInPlay::Three { table, players, .. } => {
                let c = table.start_of_turn(&[players[1], players[2], banked])?;
                vec![c[2], c[0], c[1]]
            }
        }))
    }

    /// `chances` (the mover first, then in turn order) by game seat, for a table that covers
    /// the game (`players` seats).
    pub fn by_seat(&self, chances: &[f64], players: usize) -> Vec<f64> {
        let mut out = vec![0.0; players];
        for (seat, c) in self.seats().iter().zip(chances) {
            out[*seat] = *c;
        }
        out
    }
}

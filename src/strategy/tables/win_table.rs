// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A win table for a table of two or three players behind one type, with the queries every
//! seat can ask: what the C layer's `FarkleWinTable`, the advice and the bots hold.

use std::sync::Arc;

use crate::dice::FaceCounts;
use crate::limits::{exceeded, MAX_WIN_TABLE_STATES};
use crate::rules::Rules;
use crate::strategy::odds::Odds;
use crate::strategy::tables::layout::{check_rules, player_layout};
use crate::strategy::tables::table_file;
use crate::strategy::{
    PlayerState, Progress, SeatChoice, SeatDecision, SolveOptions, StrategyError, ThreePlayerTable,
    TwoPlayerState, TwoPlayerTable,
};

/// The most players a table is solved for.
pub const MAX_TABLE_PLAYERS: usize = 3;

/// A solved table for two or three players: every player's probability of winning under
/// optimal play (for three, a subgame-perfect equilibrium; see [`ThreePlayerTable`]).
/// Cloning shares the table.
#[derive(Debug, Clone)]
pub enum WinTable {
    /// Two players.
    Two(Arc<TwoPlayerTable>),
    /// Three players.
    Three(Arc<ThreePlayerTable>),
}

impl From<TwoPlayerTable> for WinTable {
    fn from(t: TwoPlayerTable) -> Self {
        WinTable::Two(Arc::new(t))
    }
}

impl From<ThreePlayerTable> for WinTable {
    fn from(t: ThreePlayerTable) -> Self {
        WinTable::Three(Arc::new(t))
    }
}

impl From<Arc<TwoPlayerTable>> for WinTable {
    fn from(t: Arc<TwoPlayerTable>) -> Self {
        WinTable::Two(t)
    }
}

impl From<Arc<ThreePlayerTable>> for WinTable {
    fn from(t: Arc<ThreePlayerTable>) -> Self {
        WinTable::Three(t)
    }
}

impl WinTable {
    /// Solves the game for `players` players: 2 gives exactly [`TwoPlayerTable::solve`]'s table
    /// (default options), 3 [`ThreePlayerTable::solve`]'s. More players are refused:
    /// `ResourceLimit` naming the number of turn-start states where that is above
    /// [`crate::limits::MAX_WIN_TABLE_STATES`] (four players to 10,000 need 1.6 x 10^9),
    /// `Unsupported` otherwise; fewer than two, `OutOfRange`.
    pub fn solve(
        rules: &Rules,
        players: usize,
        progress: Progress,
    ) -> Result<WinTable, StrategyError> {
        match players {
            2 => Ok(TwoPlayerTable::solve(rules, SolveOptions::default(), progress)?.into()),
            3 => Ok(ThreePlayerTable::solve(rules, progress)?.into()),
            0 | 1 => Err(StrategyError::OutOfRange(format!(
                "a table of {players} players; win tables are for 2 or 3"
            ))),
            _ => Err(refuse_players(rules, players)),
        }
    }

    /// The number of players the table is for.
    pub fn player_count(&self) -> usize {
        match self {
            WinTable::Two(_) => 2,
            WinTable::Three(_) => 3,
        }
    }

    /// How many cycles of states were solved as mixed equilibria: see
    /// [`ThreePlayerTable::mixed_cycles`]; 0 for two players, whose cycles always have a
    /// pure solution.
    pub fn mixed_cycles(&self) -> usize {
        match self {
            WinTable::Two(_) => 0,
            WinTable::Three(t) => t.mixed_cycles(),
        }
    }

    /// Whether an earlier version of the library solved the table otherwise than this one
    /// would: see [`TwoPlayerTable::is_outdated`].
    pub fn is_outdated(&self) -> bool {
        match self {
            WinTable::Two(t) => t.is_outdated(),
            WinTable::Three(t) => t.is_outdated(),
        }
    }

    /// The rules solved.
    pub fn rules(&self) -> &Rules {
        match self {
            WinTable::Two(t) => t.rules(),
            WinTable::Three(t) => t.rules(),
        }
    }

    /// The lowest banked score the table covers (see [`TwoPlayerTable::lower_bound`]).
    pub fn lower_bound(&self) -> i32 {
        match self {
            WinTable::Two(t) => t.lower_bound(),
            WinTable::Three(t) => t.lower_bound(),
        }
    }

    /// Point granularity.
    pub fn unit(&self) -> i32 {
        match self {
            WinTable::Two(t) => t.unit(),
            WinTable::Three(t) => t.unit(),
        }
    }

    /// The two-player table, if this is one.
    pub fn two_player(&self) -> Option<&Arc<TwoPlayerTable>> {
        match self {
            WinTable::Two(t) => Some(t),
            WinTable::Three(_) => None,
        }
    }

    /// The three-player table, if this is one.
    pub fn three_player(&self) -> Option<&Arc<ThreePlayerTable>> {
        match self {
            WinTable::Two(_) => None,
            WinTable::Three(t) => Some(t),
        }
    }

    fn check_players(&self, players: &[PlayerState]) -> Result<(), StrategyError> {
        if players.len() != self.player_count() {
            return Err(StrategyError::OutOfRange(format!(
                "{} players for a table of {}",
                players.len(),
                self.player_count()
            )));
        }
        Ok(())
    }

    /// Every player's chance to win from the start of the game, by seat.
    pub fn start_probabilities(&self) -> Vec<f64> {
        match self {
            WinTable::Two(t) => {
                let p = t.first_player_win_probability();
                vec![p, 1.0 - p]
            }
            WinTable::Three(t) => t.start_probabilities().to_vec(),
        }
    }

    /// The fairest head starts (banked points, on the board) for the seats after the first,
    /// in seat order: see [`TwoPlayerTable::compensation`] and [`ThreePlayerTable::compensation`].
    pub fn compensation(&self) -> Vec<i32> {
        match self {
            WinTable::Two(t) => vec![t.compensation()],
            WinTable::Three(t) => t.compensation().to_vec(),
        }
    }

    /// Every player's chance to win with the first of `players` (in turn order) to move,
    /// holding `turn_total` with `dice` dice to roll; turn total 0 and the full set is the
    /// start of its turn.
    pub fn win_probabilities(
        &self,
        players: &[PlayerState],
        turn_total: i32,
        dice: u8,
    ) -> Result<Vec<f64>, StrategyError> {
        Ok(self
            .decision(players, turn_total, dice)?
            .win_probabilities())
    }

    /// The mover's decision before rolling, and every player's chances either way.
    pub fn decision(
        &self,
        players: &[PlayerState],
        turn_total: i32,
        dice: u8,
    ) -> Result<SeatDecision, StrategyError> {
        self.check_players(players)?;
        match self {
            WinTable::Two(t) => {
                let d = t.decision(&TwoPlayerState {
                    me: players[0],
                    opponent: players[1],
                    turn_total,
                    dice,
                })?;
                Ok(SeatDecision {
                    bank: d.bank,
                    roll_probability: if d.bank { 0.0 } else { 1.0 },
                    bank_win_probabilities: d.bank_win_probability.map(|b| vec![b, 1.0 - b]),
                    roll_win_probabilities: vec![
                        d.roll_win_probability,
                        1.0 - d.roll_win_probability,
                    ],
                })
            }
            WinTable::Three(t) => {
                t.decision(&[players[0], players[1], players[2]], turn_total, dice)
            }
        }
    }

    /// Every scoring way to keep dice from `roll`, each with every player's chances after
    /// it. Empty for a farkle.
    pub fn choices(
        &self,
        players: &[PlayerState],
        turn_total: i32,
        roll: FaceCounts,
    ) -> Result<Vec<SeatChoice>, StrategyError> {
        self.check_players(players)?;
        match self {
            WinTable::Two(t) => {
                let me = players[0];
                let opponent = players[1];
                t.choices(&me, &opponent, turn_total, roll)?
                    .into_iter()
                    .map(|c| {
                        let then = if c.dice_left == 0 {
                            None
                        } else {
                            Some(self.decision(players, c.turn_total, c.dice_left)?)
                        };
                        Ok(SeatChoice {
                            keep: c.keep,
                            points: c.points,
                            turn_total: c.turn_total,
                            dice_left: c.dice_left,
                            then,
                            win_probabilities: vec![c.win_probability, 1.0 - c.win_probability],
                        })
                    })
                    .collect()
            }
            WinTable::Three(t) => {
                t.choices(&[players[0], players[1], players[2]], turn_total, roll)
            }
        }
    }

    /// The best play of a roll for the mover: its highest chance, then more points, then
    /// fewer dice kept. `None` for a farkle.
    pub fn best_choice(
        &self,
        players: &[PlayerState],
        turn_total: i32,
        roll: FaceCounts,
    ) -> Result<Option<SeatChoice>, StrategyError> {
        let mut best: Option<SeatChoice> = None;
        for c in self.choices(players, turn_total, roll)? {
            let better = match &best {
                None => true,
                Some(b) => {
                    let (x, y) = (c.win_probabilities[0], b.win_probabilities[0]);
                    x > y
                        || (x == y
                            && (c.points > b.points
                                || (c.points == b.points && c.keep.total() < b.keep.total())))
                }
            };
            if better {
                best = Some(c);
            }
        }
        Ok(best)
    }

    /// The table in the saved format: versions 3 and 5 for two players (as
    /// [`TwoPlayerTable::to_bytes`]), 4 and 6 for three.
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            WinTable::Two(t) => t.to_bytes(),
            WinTable::Three(t) => t.to_bytes(),
        }
    }

    /// Loads a table of either kind, by the version in the file.
    pub fn from_bytes(bytes: &[u8]) -> Result<WinTable, StrategyError> {
        if table_file::is_three_player(bytes) {
            Ok(ThreePlayerTable::from_bytes(bytes)?.into())
        } else {
            Ok(TwoPlayerTable::from_bytes(bytes)?.into())
        }
    }

    /// The size of the largest table file of either kind this library writes.
    pub fn max_file_size() -> u64 {
        TwoPlayerTable::max_file_size().max(ThreePlayerTable::max_file_size())
    }

    /// Saves the table to a file (a regular file, as [`TwoPlayerTable::save`]).
    pub fn save(&self, path: &std::path::Path) -> Result<(), StrategyError> {
        table_file::write_table_file(path, &self.to_bytes())
    }

    /// Loads a table of either kind from a regular file: its header first, then no more than
    /// the length the header gives, at most [`WinTable::max_file_size`] (as
    /// [`TwoPlayerTable::load`]).
    pub fn load(path: &std::path::Path) -> Result<WinTable, StrategyError> {
        let bytes = table_file::read_table_file(path, table_file::file_len)?;
        WinTable::from_bytes(&bytes)
    }
}

/// Why a table of `players` (four or more) is not solved: its size when that is past the
/// limit, else that only two and three are.
fn refuse_players(rules: &Rules, players: usize) -> StrategyError {
    let size = check_rules(rules)
        .and_then(|()| Odds::new(rules))
        .map(|odds| player_layout(&odds, 0).players() as u128);
    if let Ok(player_states) = size {
        let states = u32::try_from(players)
            .ok()
            .and_then(|n| player_states.checked_pow(n));
        if states.is_none_or(|s| s > MAX_WIN_TABLE_STATES as u128) {
            return StrategyError::ResourceLimit(exceeded(
                &format!(
                    "a {players}-player table ({player_states} player states to the power \
                     {players})"
                ),
                match states {
                    Some(states) => format!("{states} turn-start states"),
                    None => format!("more than {} turn-start states", u128::MAX),
                },
                format!("{MAX_WIN_TABLE_STATES} states"),
            ));
        }
    }
    StrategyError::Unsupported("win tables for more than three players")
}

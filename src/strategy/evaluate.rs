// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Exact evaluation of a player against a solved table: the probability that a built-in bot
//! (or the best response) wins from every state, in every seat, when the other seats play
//! the table's policy: the optimal opponent of a two-player [`TwoPlayerTable`], the equilibrium of
//! a [`ThreePlayerTable`]. By policy evaluation over every state, not by simulation.
//!
//! # Model
//! For every state (every player's score, on-board flag and farkles in a row, in turn order
//! from the mover) and every position of the evaluated player relative to the mover, its
//! chance to win from the start of the mover's turn. A turn is solved by one backward pass
//! over (turn total, dice in hand): the evaluated player's own turns by its decisions, the
//! others' by the table's choices (the same pass the table's queries make, so the same
//! choices, mixing where the equilibrium mixes), the evaluated player's chance carried along
//! them. Without a farkle penalty, the states a farkle links form cycles whose values are
//! linear in each other: each is solved exactly. With one, Gauss-Seidel sweeps in the
//! solvers' order until no value changes by more than 1e-12.
//!
//! # The contenders
//! - [`Bot::RandomLegal`]: uniform among the legal actions (each distinct legal selection;
//!   roll or bank where both are allowed), exactly as its `decide` draws.
//! - [`Bot::Threshold`]: the most points (then the most dice), banking by its thresholds or
//!   when banking reaches the target; in its last turn of a final round, rolling on until
//!   strictly ahead.
//! - [`Bot::Card`]: as the threshold bot, with the card's keep rule and its thresholds for
//!   the situation at the start of the turn (its own score against the best other one and
//!   the target); off the board banking wherever it may.
//! - [`Bot::Advised`] without a table (single-turn optimal), and with a two-player table in a
//!   three-player game (where the table does not apply, so it plays the same): the advice's
//!   own decisions at every turn total and roll, in every situation (on the board or not,
//!   farkles in a row under a penalty), ties as the advice breaks them.
//! - [`Bot::Advised`] with a two-player table, two players: the table's choices as the
//!   advice makes them (bank on a tie; between selections the first of the game's order
//!   with the highest chance).
//! - [`Contender::HeadToHead`]: a two-player table in a three-player game, against the
//!   opponent that table gives the best chance against the mover (the next player on a
//!   tie), each turn played as the advice with that table plays the two-player state.
//! - Every advised bot and [`Contender::HeadToHead`] in its last turn of a final round: as
//!   the advice plays it, to finish strictly above the best other score, level worth its
//!   share; without a three-player table it does not see a player still to take a last turn
//!   after it, so as the next player of a three-player final round it plays as if a level
//!   finish were worth 1/2 and above the mark a sure win, while its chance is what the last
//!   player's turn leaves it (ties as the advice breaks them: bank; the most points, then
//!   the most dice). With a three-player table it plays that turn as the endgame does.
//! - [`Contender::BestResponse`]: the player that maximizes its own chance everywhere (its
//!   last turns included), the others fixed: the equilibrium certificate measures what it
//!   gains over the table. A three-player table's own player (the equilibrium) needs no
//!   evaluation: its chances are the table's values, and the best response's equal them
//!   to 1e-9 (the win-optimal bot with that table plays it, its last turns included).
//!
//! # Choices and bounds
//! - The table's players decide as its solver does: bank on a tie; between ways to keep
//!   dice, the three-player equilibrium the first of the model's order (the fewest dice
//!   kept), an optimal two-player opponent more points then fewer dice (its best choice);
//!   where the equilibrium mixes, the mixing probability.
//! - A final round is the table's: its last turns as the endgame solves them (leads a last
//!   turn overturns with probability below 1e-13 count as out of reach, for every player);
//!   a tie at the end shares the win (1/2 or 1/3 each).
//! - A bot's roll limit per turn ([`crate::limits::MAX_BOT_ROLLS_PER_TURN`]) is not
//!   modelled: a turn reaches it only after a thousand rolls without a farkle or a bank.
//! - Refused (`Unsupported`, naming why): the rules the table refuses; a farkle penalty with
//!   forfeits possible (no hot dice and a bank minimum above one unit), since the game does
//!   not count a forfeit as a farkle while the tables' model does; a final round with a hand
//!   that cannot farkle (the table's players roll such hands on past the target by a rule
//!   this evaluation does not follow); an advisor built for other rules.
//! - Bounded before anything is allocated: at most [`MAX_CONTENDERS`] at once, the work of
//!   the passes within [`crate::limits::MAX_WIN_TABLE_PASS_WORK`]; progress is reported and
//!   may cancel. For three players the work is counted as the passes cost: the equilibrium
//!   movers' turns are solved eight states at once in vector lanes (the solver's pass, the
//!   contenders' chances riding along, the same bits as one state at a time), and an option
//!   of such a pass counts once per value of its node for the eight; a bot's turn counts its
//!   steps per turn total; a best response's or a two-player table's turn, one scalar pass.

use std::sync::Arc;

use crate::rules::Rules;
use crate::strategy::advice::Mover;
use crate::strategy::bots::Bot;
use crate::strategy::cards::Situational;
use crate::strategy::tables::layout::Layout;
use crate::strategy::turn::TurnModel;
use crate::strategy::{
    PlayerState, Progress, StrategyError, ThreePlayerTable, TwoPlayerTable, WinTable,
};

pub(crate) mod bot_lanes;
pub(crate) mod lanes;
pub(crate) mod last_turn;
pub(crate) mod passes;
pub(crate) mod policy;

use policy::{LastPolicy, Rolls, TurnPolicy};

/// The most contenders one evaluation takes (each holds a value per state and position).
pub const MAX_CONTENDERS: usize = 4;

/// Who plays the evaluated seat.
#[derive(Debug, Clone)]
pub enum Contender {
    /// A bot, deciding exactly as it plays.
    Bot(Bot),
    /// The player best for itself against the table's others (see the module docs).
    BestResponse,
    /// A two-player table's player in a bigger game: at the start of each of its turns it
    /// picks the opponent most likely to beat it head to head by that table (the one who
    /// plays soonest on a tie) and plays the turn as the win-optimal advice plays that
    /// two-player state; its last turn of a final round as the advice plays it (to finish
    /// above the best other score). In a two-player game, the table's advice itself.
    HeadToHead(Arc<TwoPlayerTable>),
}

/// A contender's exact chances of winning against a table's players, from every state.
#[derive(Debug, Clone)]
pub struct Evaluation<'t> {
    table: TableRef<'t>,
    /// Per state (in the table's order), per position of the contender from the mover.
    values: Vec<f64>,
}

#[derive(Debug, Clone, Copy)]
enum TableRef<'t> {
    Two(&'t TwoPlayerTable),
    Three(&'t ThreePlayerTable),
}

impl Evaluation<'_> {
    pub(crate) fn of_two(table: &TwoPlayerTable, values: Vec<[f64; 2]>) -> Evaluation<'_> {
        Evaluation {
            table: TableRef::Two(table),
            values: values.into_iter().flatten().collect(),
        }
    }

    pub(crate) fn of_three(table: &ThreePlayerTable, values: Vec<[f64; 3]>) -> Evaluation<'_> {
        Evaluation {
            table: TableRef::Three(table),
            values: values.into_iter().flatten().collect(),
        }
    }

    /// Players in the game.
    pub fn player_count(&self) -> usize {
        match self.table {
            TableRef::Two(_) => 2,
            TableRef::Three(_) => 3,
        }
    }

    fn rules(&self) -> &Rules {
        match self.table {
            TableRef::Two(t) => t.rules(),
            TableRef::Three(t) => t.rules(),
        }
    }

    /// The contender's chance to win from the start of the game in each seat (seat 0 moves
    /// first), every player starting as the rules say.
    pub fn seat_win_probabilities(&self) -> Vec<f64> {
        let s = PlayerState::start(self.rules());
        let players = vec![s; self.player_count()];
        (0..self.player_count())
            .map(|seat| {
                self.win_probability(&players, seat)
                    .expect("the start is in range")
            })
            .collect()
    }

    /// The contender's chance to win at the start of a turn: `players` in turn order from
    /// the one to move, the contender at `position` among them (0: it moves). `OutOfRange`
    /// for a state outside the table or a position past the players.
    pub fn win_probability(
        &self,
        players: &[PlayerState],
        position: usize,
    ) -> Result<f64, StrategyError> {
        let count = self.player_count();
        if players.len() != count || position >= count {
            return Err(StrategyError::OutOfRange(format!(
                "{} players with the contender at position {position}; the table is for {count}",
                players.len()
            )));
        }
        let state = match self.table {
            TableRef::Two(t) => {
                let n = t.player_states();
                t.player_index(&players[0])? * n + t.player_index(&players[1])?
            }
            TableRef::Three(t) => t.state_index(&[players[0], players[1], players[2]])?,
        };
        Ok(self.values[state * count + position])
    }
}

/// How the evaluated player takes its turns away from a final round.
pub(crate) enum Turns {
    /// By a bot's policy, per situation (see [`slot`]).
    Fixed(Vec<TurnPolicy>),
    /// Best for itself.
    Best,
    /// By a two-player table, as the advice plays it (every roll's legal selections
    /// listed, since it takes the first of them with the highest chance); in a bigger
    /// game against the strongest opponent.
    Table(Arc<TwoPlayerTable>, Rolls),
}

/// How the evaluated player takes its last turn of a final round.
pub(crate) enum Last {
    Fixed(LastPolicy),
    Best,
    /// As the advice plays it: to finish above the best other score (see
    /// [`last_turn::LastPlay::Myopic`]).
    Myopic,
}

/// A contender as the evaluation plays it.
pub(crate) struct PlayerModel {
    pub turns: Turns,
    pub last: Last,
    /// For a card that banks by the game situation: how its situation is read. Its fixed
    /// policies are then one block of slots per situation (see [`PlayerModel::slot`]).
    pub situational: Option<Situational>,
}

/// The policy slot of a player state: on the board or not, then farkles in a row.
pub(crate) fn slot(layout: &Layout, on_board: bool, farkles: usize) -> usize {
    usize::from(on_board) * layout.streak + farkles
}

impl PlayerModel {
    /// The worth of each of the contenders' bot policies where banking wins outright (see
    /// [`passes::winning_worth`]), per contender and slot; empty for a contender that is not
    /// a bot. Solved once for the whole evaluation, whatever the table's size.
    pub(crate) fn winning_worths(
        models: &[PlayerModel],
        model: &TurnModel,
    ) -> Result<Vec<Vec<Vec<passes::Worth>>>, StrategyError> {
        models
            .iter()
            .map(|m| match &m.turns {
                Turns::Fixed(policies) => policies
                    .iter()
                    .map(|p| passes::winning_worth(p, model))
                    .collect::<Result<Vec<_>, _>>(),
                _ => Ok(Vec::new()),
            })
            .collect()
    }

    /// The slot of the fixed policy this contender plays moving at player state `mover`
    /// (an index of the layout) against `others`: the mover's [`slot`], in the block of its
    /// situation for a card that reads one.
    pub(crate) fn slot(&self, layout: &Layout, mover: usize, others: &[usize]) -> usize {
        let (x, board, k) = layout.player(mover);
        let own = slot(layout, board, k);
        match &self.situational {
            None => own,
            Some(s) => {
                let unit = i64::from(layout.unit);
                let best = others
                    .iter()
                    .map(|&o| layout.player(o).0)
                    .max()
                    .unwrap_or(x);
                let situation = s.situation(x * unit, best * unit, layout.target * unit);
                situation as usize * 2 * layout.streak + own
            }
        }
    }
}

impl PlayerModel {
    /// The model of `contender` in a game of `players` players under `rules`.
    pub(crate) fn new(
        contender: &Contender,
        rules: &Rules,
        layout: &Layout,
        players: usize,
    ) -> Result<PlayerModel, StrategyError> {
        let bot = match contender {
            Contender::BestResponse => {
                return Ok(PlayerModel {
                    turns: Turns::Best,
                    last: Last::Best,
                    situational: None,
                })
            }
            Contender::HeadToHead(table) => {
                if table.rules() != rules {
                    return Err(StrategyError::Unsupported(
                        "a head-to-head table solved for other rules than the table's",
                    ));
                }
                let rolls = Rolls::new(rules, layout.unit)?;
                return Ok(PlayerModel {
                    last: Last::Myopic,
                    turns: Turns::Table(Arc::clone(table), rolls),
                    situational: None,
                });
            }
            Contender::Bot(bot) => bot,
        };
        let rolls = Rolls::new(rules, layout.unit)?;
        let slots = 2 * layout.streak;
        Ok(match bot {
            Bot::RandomLegal => PlayerModel {
                turns: Turns::Fixed(vec![TurnPolicy::random(&rolls)?; slots]),
                last: Last::Fixed(LastPolicy::random(&rolls)),
                situational: None,
            },
            Bot::Threshold(t) => PlayerModel {
                turns: Turns::Fixed(vec![
                    TurnPolicy::threshold(&rolls, t, rules, layout.unit)?;
                    slots
                ]),
                last: Last::Fixed(LastPolicy::lead(&rolls)),
                situational: None,
            },
            Bot::Card(card) => crate::strategy::cards::player_model(card, rules, layout, &rolls)?,
            Bot::Advised(advisor) => {
                if advisor.rules() != rules {
                    return Err(StrategyError::Unsupported(
                        "a bot whose advisor was built for other rules than the table's",
                    ));
                }
                let last = Last::Myopic;
                match advisor.win_table() {
                    Some(WinTable::Two(table))
                        if players == 2 || advisor.plays_strongest_opponent() =>
                    {
                        PlayerModel {
                            turns: Turns::Table(Arc::clone(table), rolls),
                            last,
                            situational: None,
                        }
                    }
                    // The equilibrium's own play: at a state where it mixes, banking and
                    // rolling are worth the same to the mover, so the best response has its
                    // value.
                    // Its last turns too: the endgame's, the best for itself.
                    Some(WinTable::Three(_)) if players == 3 => PlayerModel {
                        turns: Turns::Best,
                        last: Last::Best,
                        situational: None,
                    },
                    _ => {
                        let mut policies = Vec::with_capacity(slots);
                        for s in 0..slots {
                            let mover = Mover {
                                turn_points: 0,
                                on_board: s >= layout.streak,
                                farkles_in_a_row: (s % layout.streak) as u32,
                                score: 0,
                                lead: None,
                            };
                            // Past the single-turn cap its decisions no longer change.
                            let cap = advisor.single_for(&mover).cap();
                            let rows = (cap / layout.unit).max(0) as usize + 2;
                            policies.push(TurnPolicy::advised(&rolls, advisor, mover, rows)?);
                        }
                        PlayerModel {
                            turns: Turns::Fixed(policies),
                            last,
                            situational: None,
                        }
                    }
                }
            }
        })
    }
}

/// Models of `contenders`, at most [`MAX_CONTENDERS`] of them.
pub(crate) fn models(
    contenders: &[Contender],
    rules: &Rules,
    layout: &Layout,
    players: usize,
) -> Result<Vec<PlayerModel>, StrategyError> {
    if contenders.is_empty() || contenders.len() > MAX_CONTENDERS {
        return Err(StrategyError::OutOfRange(format!(
            "{} contenders; an evaluation takes 1 to {MAX_CONTENDERS}",
            contenders.len()
        )));
    }
    contenders
        .iter()
        .map(|c| PlayerModel::new(c, rules, layout, players))
        .collect()
}

/// The refusals every evaluation shares (see the module docs).
pub(crate) fn check_rules(
    rules: &Rules,
    bank_min: [usize; 2],
    farkle: &[f64],
) -> Result<(), StrategyError> {
    if rules.farkle_penalty_streak > 0 && !rules.hot_dice && bank_min.iter().any(|&b| b > 1) {
        return Err(StrategyError::Unsupported(
            "a farkle penalty where a turn can be forfeited (no hot dice and a bank minimum): \
             the game does not count a forfeit as a farkle, the tables' model does",
        ));
    }
    if rules.final_round && farkle.iter().skip(1).any(|&pf| pf == 0.0) {
        return Err(StrategyError::Unsupported(
            "a final round with a hand that cannot farkle: the tables' players roll such \
             hands on past the target by a rule this evaluation does not follow",
        ));
    }
    Ok(())
}

impl ThreePlayerTable {
    /// Each contender's exact chance to win from every state and position, the other two
    /// seats playing this table's equilibrium (see the [module docs](self)).
    pub fn evaluate(
        &self,
        contenders: &[Contender],
        progress: Progress,
    ) -> Result<Vec<Evaluation<'_>>, StrategyError> {
        let models = models(contenders, &self.rules, &self.layout, 3)?;
        let values = self.evaluate_models(&models, progress)?;
        Ok(values
            .into_iter()
            .map(|v| Evaluation::of_three(self, v))
            .collect())
    }
}

impl TwoPlayerTable {
    /// Each contender's exact chance to win from every state and position against this
    /// table's optimal player (see the [module docs](self)).
    pub fn evaluate(
        &self,
        contenders: &[Contender],
        progress: Progress,
    ) -> Result<Vec<Evaluation<'_>>, StrategyError> {
        let models = models(contenders, &self.rules, &self.layout, 2)?;
        let values = self.evaluate_models(&models, progress)?;
        Ok(values
            .into_iter()
            .map(|v| Evaluation::of_two(self, v))
            .collect())
    }
}

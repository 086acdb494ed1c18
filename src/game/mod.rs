// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The game: a state machine that runs a whole multiplayer game under any rules value.
//!
//! Terms: the *set* is all the dice, the *hand* the dice still to roll, a *roll* one throw of
//! the hand, a *turn* one player's rolls until they bank or farkle.
//!
//! A turn starts in [`Phase::AwaitingRoll`] with the full set in hand. A roll that scores
//! nothing is a farkle ([`Phase::Farkled`]): the turn's points are forfeited and the player
//! acknowledges it. Otherwise the player selects dice ([`Phase::AwaitingSelection`]), by indices
//! or by toggling dice and confirming; a valid selection adds its points to the turn and
//! returns to [`Phase::AwaitingRoll`], where the player may undo it, bank, or roll the dice left
//! in hand. Scoring every die of the hand resets it to the full set (hot dice) when the rules
//! allow, otherwise the player must bank. Every call that is not allowed returns an error and
//! leaves the game exactly as it was.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::dice::{DiceError, FaceCounts};
use crate::game::dice_source::{DiceGenerator, DiceSource, EntropyError};
use crate::game::history::{Combinations, Dice, Event, RollRecord, SelectionRecord, Turn, TurnEnd};
use crate::rules::{Rules, RulesError};
use crate::scoring::{InvalidSelection, Scorer, Selection};

mod action;
pub mod dice_source;
pub mod history;
mod house_rules;
mod piggyback;
mod position;
pub(crate) mod save_limits;
pub mod saved_game;

pub use action::Action;
pub use house_rules::hot_dice_multiplier;
pub use piggyback::PiggybackOffer;
pub use position::{GamePosition, PlayerPosition, PositionError, MAX_POSITION_SCORE};

/// Most players in one game (winners are reported as a 64-bit mask).
pub const MAX_PLAYERS: usize = 64;

/// Events a new game's log has room for before it first grows: about a two-player game to
/// 10,000 (some 40 turns of five or six events, up to 60 turns), so that most games never
/// move their log.
const EVENTS_RESERVED: usize = 384;

/// What the game is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The current player may roll the hand; after a selection, also bank or undo it.
    AwaitingRoll,
    /// The last roll scores: the player must select dice from it.
    AwaitingSelection,
    /// The last roll scored nothing: the player must acknowledge the farkle.
    Farkled,
    /// The game is over.
    GameOver,
}

impl Phase {
    /// A short English name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::AwaitingRoll => "awaiting a roll",
            Phase::AwaitingSelection => "awaiting a selection",
            Phase::Farkled => "farkled",
            Phase::GameOver => "over",
        }
    }
}

/// One player's record (GameState in the game-state specification, per player).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    /// Optional name.
    pub name: Option<String>,
    /// Banked game score (may be negative after penalties).
    pub score: i64,
    /// Whether the player has banked once (met the minimum entry score).
    pub on_board: bool,
    /// False once the player has left the game.
    pub active: bool,
    /// Farkles in a row since the last bank or penalty.
    pub consecutive_farkles: u32,
    /// Farkles in the whole game.
    pub farkles: u32,
    /// Hot dice in the whole game.
    pub hot_dice: u32,
    /// Points forfeited in the whole game (farkles and forfeited turns).
    pub forfeited_points: i64,
    /// The most points banked in one turn.
    pub best_turn: i64,
    /// Turns finished (banked, farkled or forfeited).
    pub turns: u32,
    /// Sum of all banked turns.
    pub banked_points: i64,
    /// Farkle penalties taken.
    pub penalties: u32,
    /// Points the penalties took away in total.
    pub penalty_points: i64,
}

/// Why a call was refused. The game is unchanged after any of these.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// A game has 1 to 64 players.
    #[error("{0} players; a game has 1 to {MAX_PLAYERS}")]
    PlayerCount(usize),
    /// The rules value is invalid.
    #[error("invalid rules: {0}")]
    Rules(#[from] RulesError),
    /// The game is over; nothing can be done any more.
    #[error("the game is over")]
    GameOver,
    /// The action is not allowed in the current phase.
    #[error("cannot {action} now: the game is {}", phase.name())]
    WrongPhase {
        /// What was asked, as a verb ("roll", "bank", ...).
        action: &'static str,
        /// The phase the game is in.
        phase: Phase,
    },
    /// A die index is not an index into the current roll.
    #[error("die index {index} is out of range; the roll has {len} dice")]
    IndexOutOfRange {
        /// The index given.
        index: usize,
        /// Dice in the current roll.
        len: usize,
    },
    /// A die index was given twice.
    #[error("die index {index} is given more than once")]
    DuplicateIndex {
        /// The index given twice.
        index: usize,
    },
    /// The selection does not score as a whole.
    #[error("invalid selection: {0}")]
    InvalidSelection(InvalidSelection),
    /// The player is not on the board and the turn is below the minimum entry score.
    #[error("{points} points in this turn; {required} are needed to get on the board")]
    BelowMinimumEntry {
        /// Points of the turn so far.
        points: i64,
        /// The rules' minimum entry score.
        required: i64,
    },
    /// The turn is below the minimum bank score.
    #[error("{points} points in this turn; at least {required} are needed to bank")]
    BelowMinimumBank {
        /// Points of the turn so far.
        points: i64,
        /// The rules' minimum bank score.
        required: i64,
    },
    /// Banking needs a selection from the current roll (and not a new roll since).
    #[error("nothing to bank: score at least one die of the current roll first")]
    NothingToBank,
    /// No selection since the last roll.
    #[error("nothing to undo: no dice were selected since the last roll")]
    NothingToUndo,
    /// Every die of the hand has scored and the rules have no hot dice: bank (or undo).
    #[error("no dice left in hand and the rules have no hot dice: bank the points")]
    HandEmpty,
    /// The game has no dice generator; supply the dice.
    #[error("this game has no dice generator; supply the dice of every roll")]
    NoDiceGenerator,
    /// Supplied dice must match the hand.
    #[error("{given} dice supplied; the hand holds {expected}")]
    WrongDiceCount {
        /// Dice supplied.
        given: usize,
        /// Dice in the hand.
        expected: usize,
    },
    /// A supplied die is not a die.
    #[error("{0}")]
    InvalidDice(DiceError),
    /// The operating system could not provide entropy.
    #[error("{0}")]
    Entropy(#[from] EntropyError),
    /// No such player.
    #[error("there is no player {index}; the game has {count}")]
    UnknownPlayer {
        /// The player index given.
        index: usize,
        /// Players in the game.
        count: usize,
    },
    /// The player has already left.
    #[error("player {0} has left the game")]
    PlayerDeparted(usize),
    /// A turn may be forfeited only when the player can neither roll nor bank.
    #[error("the turn can be forfeited only when the player can neither roll nor bank")]
    ForfeitNotAllowed,
    /// The position a game was to start from is not one the rules allow.
    #[error("invalid position: {0}")]
    Position(#[from] PositionError),
    /// The rules' exact target refuses a bank that would pass it: roll on.
    #[error("banking {points} points on {score} would pass the exact target of {target}")]
    PastExactTarget {
        /// The player's banked score.
        score: i64,
        /// Points of the turn so far.
        points: i64,
        /// The rules' target score.
        target: i64,
    },
    /// There is no turn to take over: the rules have no piggybacking, the previous turn did
    /// not end with a bank leaving some but not all dice in hand, or the turn has started.
    #[error("there is no turn to take over now")]
    NoPiggyback,
    /// A player name longer than [`crate::limits::MAX_NAME_BYTES`].
    #[error(
        "the name of player {player} is {bytes} bytes; the limit is {} bytes",
        crate::limits::MAX_NAME_BYTES
    )]
    NameTooLong {
        /// The player, from 0.
        player: usize,
        /// The name's length in bytes.
        bytes: usize,
    },
    /// The event log has no room for another action: the game's save would be longer than
    /// the loader reads ([`crate::saved_game::SAVE_MAX_BYTES`]).
    #[error(
        "the game's event log holds {events} events; another action could make its save longer \
         than the {} bytes a save may have, so it is refused",
        crate::saved_game::SAVE_MAX_BYTES
    )]
    LogFull {
        /// Events in the log.
        events: usize,
    },
}

/// A legal selection of the current roll, with the dice it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LegalSelection {
    /// Dice of the roll (bit i = the i-th die; the first dice of each face).
    pub mask: u16,
    /// Face counts and points.
    pub selection: Selection,
}

/// A whole game: rules, players, dice, the current turn and the event log.
///
/// ```
/// use farkle::{Action, DiceSource, Game, Phase, Preset, Rules};
///
/// let rules = Rules { min_entry_score: 0, ..Preset::Classic.rules() };
/// let mut game = Game::new(rules, 2, DiceSource::Supplied).unwrap();
/// assert_eq!(game.legal_actions(), vec![Action::Roll]);
///
/// game.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
/// let events = game.apply(Action::Select(0b000111)).unwrap(); // the three 1s
/// assert_eq!(events.len(), 1);
/// assert_eq!(game.turn().points, 1000);
/// assert_eq!(game.bank(), Ok(1000));
/// assert_eq!(game.players()[0].score, 1000);
/// assert_eq!(game.current_player(), 1); // the next player's turn
/// assert_eq!(game.phase(), Phase::AwaitingRoll);
/// ```
#[derive(Clone)]
pub struct Game {
    pub(crate) rules: Rules,
    scorer: Arc<Scorer>,
    /// The scorer of players off the board, under `singles_only_before_entry` only.
    entry_scorer: Option<Arc<Scorer>>,
    /// Everything that actions change, but the event log.
    pub(crate) play: Play,
    events: Vec<Event>,
    /// The position the game started from, when not the usual start (see [`Game::new_at`]).
    start: Option<Arc<GamePosition>>,
    /// Whether the length of the save is left unbounded (a simulated game, a replay).
    save_unbounded: bool,
    /// How many events of the log `save_limits` has counted so far, their bytes, and up to
    /// how many events the log may grow before they must be counted again (see
    /// `save_limits`).
    counted: std::cell::Cell<save_limits::Counted>,
}

/// The state of a game that its actions change, but the event log (which only grows): what a
/// [`Checkpoint`] keeps.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Play {
    pub(crate) dice: DiceGenerator,
    players: Vec<Player>,
    /// Players who have not left (what `players` says, kept for the state of every call).
    active: u32,
    phase: Phase,
    round: u32,
    turn: Turn,
    pending: u16,
    final_round: Option<usize>,
    final_pending: u64,
    winners: u64,
    /// The turn the player to move may take over (see [`Game::piggyback`]).
    piggyback: Option<PiggybackOffer>,
    /// How long the save of the game is at most before any event: its names and the bound on
    /// the rest (see `save_limits`).
    save_bytes: usize,
}

impl std::fmt::Debug for Game {
    /// Everything but the scorers (which follow from the rules).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("play", &self.play)
            .field("events", &self.events)
            .field("start", &self.start)
            .finish()
    }
}

impl PartialEq for Game {
    /// Equal state (the scorers follow from the rules).
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules
            && self.play == other.play
            && self.events == other.events
            && self.start == other.start
    }
}

/// Everything in a game that actions change, but the event log, which only grows: restoring
/// it (and cutting the log back to its length) puts the game back exactly where it was, at a
/// cost that does not grow with the game's length.
#[derive(Debug, Clone)]
pub(crate) struct Checkpoint {
    play: Play,
    events: usize,
}

/// Why `rules` refuse to bank a turn of `turn_total` points for a player on the board or not
/// (the minimum entry, then the minimum bank), or `Ok`: the part of [`Game::check_bank`] that
/// depends on the numbers only. The advice and the playouts ask it about turns not played.
#[inline]
pub fn check_bank_total(rules: &Rules, on_board: bool, turn_total: i64) -> Result<(), GameError> {
    if !on_board && turn_total < i64::from(rules.min_entry_score) {
        return Err(GameError::BelowMinimumEntry {
            points: turn_total,
            required: rules.min_entry_score.into(),
        });
    }
    if turn_total < i64::from(rules.min_bank_score) {
        return Err(GameError::BelowMinimumBank {
            points: turn_total,
            required: rules.min_bank_score.into(),
        });
    }
    Ok(())
}

fn bit(player: usize) -> u64 {
    1u64 << player
}

fn mask_of_len(len: usize) -> u16 {
    ((1u32 << len) - 1) as u16
}

impl Game {
    /// A game of `players` unnamed players.
    pub fn new(rules: Rules, players: usize, dice: DiceSource) -> Result<Game, GameError> {
        Game::with_names(rules, vec![None; players], dice)
    }

    /// A game with one player per entry of `names` (each name optional).
    pub fn with_names(
        rules: Rules,
        names: Vec<Option<String>>,
        dice: DiceSource,
    ) -> Result<Game, GameError> {
        Game::build(rules, names, None, dice)
    }

    /// A game with one player per entry of `names`, at the usual start or at `position`
    /// (which must have as many players).
    fn build(
        rules: Rules,
        names: Vec<Option<String>>,
        position: Option<&GamePosition>,
        dice: DiceSource,
    ) -> Result<Game, GameError> {
        if names.is_empty() || names.len() > MAX_PLAYERS {
            return Err(GameError::PlayerCount(names.len()));
        }
        let save_bytes = save_limits::save_bytes_of_players(&names)?;
        rules.validate()?;
        if let Some(position) = position {
            position.check(&rules)?;
        }
        // The usual start given as a position is the usual start: the game (and its save)
        // is the one Game::with_names makes.
        let start = position
            .filter(|p| **p != GamePosition::start(names.len()))
            .cloned()
            .map(Arc::new);
        let (mover, round) = start
            .as_deref()
            .map_or((0, 1), |p| (p.player_to_move, p.round));
        // The scorer cache is keyed by the scoring fields only: games that differ in their game
        // options share one table.
        let scorer = Scorer::shared(&rules)?;
        let entry_scorer = house_rules::entry_scorer(&rules)?;
        let names_len = names.len();
        let players = names
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                let mut player = Player {
                    name,
                    active: true,
                    ..Player::default()
                };
                if let Some(at) = start.as_deref().map(|p| p.players[i]) {
                    player.score = at.score;
                    player.on_board = at.on_board;
                    player.consecutive_farkles = at.consecutive_farkles;
                    player.banked_points = at.score.max(0);
                    player.penalty_points = (-at.score).max(0);
                    player.turns = round - 1 + u32::from(i < mover);
                }
                player
            })
            .collect();
        Ok(Game {
            rules,
            scorer,
            entry_scorer,
            play: Play {
                dice: DiceGenerator::new(dice),
                active: names_len as u32,
                players,
                phase: Phase::AwaitingRoll,
                round,
                turn: Turn::new(mover, rules.dice_count),
                pending: 0,
                final_round: None,
                final_pending: 0,
                winners: 0,
                piggyback: None,
                save_bytes,
            },
            events: Vec::with_capacity(EVENTS_RESERVED),
            start,
            save_unbounded: false,
            counted: std::cell::Cell::new(save_limits::Counted::NONE),
        }
        .started(mover, round))
    }

    /// The game with its first event logged: the turn of `player` in `round` started.
    fn started(mut self, player: usize, round: u32) -> Game {
        self.log(Event::TurnStarted { player, round });
        self
    }

    /// The state to come back to if what follows is abandoned (see [`Game::restore`]).
    pub(crate) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            play: self.play.clone(),
            events: self.events.len(),
        }
    }

    /// Puts the game back where it was at `checkpoint` (taken from this game, with only
    /// actions since).
    pub(crate) fn restore(&mut self, checkpoint: Checkpoint) {
        self.play = checkpoint.play;
        self.events.truncate(checkpoint.events);
        if self.counted.get().events > checkpoint.events {
            self.counted.set(save_limits::Counted::NONE);
        }
    }

    // ----- queries -----

    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The dice source the game was created with.
    pub fn dice_source(&self) -> DiceSource {
        self.play.dice.source()
    }

    /// What the game is waiting for.
    pub fn phase(&self) -> Phase {
        self.play.phase
    }

    /// Whose turn it is (after the game is over: whose turn was last).
    pub fn current_player(&self) -> usize {
        self.play.turn.player
    }

    /// The round: 1 at the start, +1 each time play passes the end of the player list.
    pub fn round(&self) -> u32 {
        self.play.round
    }

    /// Every player's record.
    pub fn players(&self) -> &[Player] {
        &self.play.players
    }

    /// One player's record.
    pub fn player(&self, index: usize) -> Result<&Player, GameError> {
        self.play
            .players
            .get(index)
            .ok_or(GameError::UnknownPlayer {
                index,
                count: self.play.players.len(),
            })
    }

    /// Players who have not left.
    #[inline]
    pub fn active_players(&self) -> usize {
        self.play.active as usize
    }

    /// The current turn (after it ended, until the next one starts).
    pub fn turn(&self) -> &Turn {
        &self.play.turn
    }

    /// Dice toggled so far towards a selection of the current roll (bit i = the i-th die).
    pub fn pending_selection(&self) -> u16 {
        self.play.pending
    }

    /// The player whose bank started the final round, if it has started.
    pub fn final_round_player(&self) -> Option<usize> {
        self.play.final_round
    }

    /// The position the game started from ([`Game::new_at`]), or `None` for a game that
    /// started at the usual start.
    pub fn start_position(&self) -> Option<&GamePosition> {
        self.start.as_deref()
    }

    /// The event log of the whole game.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Bit i set for every winner, once the game is over: the active players with the highest
    /// banked score (several on a tie; none when every player left).
    pub fn winners(&self) -> Option<u64> {
        (self.play.phase == Phase::GameOver).then_some(self.play.winners)
    }

    /// Whether the hand can be rolled now (with supplied dice; generated rolls also need a
    /// generator).
    pub fn can_roll(&self) -> bool {
        self.check_roll().is_ok()
    }

    /// Whether the selection of the current roll can be undone now.
    pub fn can_undo(&self) -> bool {
        self.check_undo().is_ok()
    }

    /// Whether the turn can be banked now.
    pub fn can_bank(&self) -> bool {
        self.check_bank().is_ok()
    }

    /// Whether the turn can be forfeited now (the player can neither roll nor bank).
    pub fn can_forfeit(&self) -> bool {
        self.check_forfeit().is_ok()
    }

    /// What [`Game::can_roll`], [`Game::can_bank`], [`Game::can_undo`] and
    /// [`Game::can_forfeit`] answer, in that order, each check taken once, and
    /// [`Game::piggyback_offer`] (a game's state through the C API asks all five after every
    /// action; they share the phase and log-room checks).
    pub(crate) fn allowed(&self) -> ([bool; 4], Option<PiggybackOffer>) {
        if self.play.phase != Phase::AwaitingRoll || self.check_log_room().is_err() {
            return ([false; 4], None);
        }
        let hand = self.play.turn.hand;
        let selected = self.selected_since_roll();
        let bank = selected
            && check_bank_total(
                &self.rules,
                self.play.players[self.play.turn.player].on_board,
                self.play.turn.points,
            )
            .is_ok()
            && self.check_exact_target().is_ok();
        (
            [hand != 0, bank, selected, hand == 0 && selected && !bank],
            self.play.piggyback,
        )
    }

    /// Why banking is not allowed now, or `Ok` when it is.
    pub fn check_bank(&self) -> Result<(), GameError> {
        self.check_phase("bank", Phase::AwaitingRoll)?;
        if !self.selected_since_roll() {
            return Err(GameError::NothingToBank);
        }
        check_bank_total(
            &self.rules,
            self.play.players[self.play.turn.player].on_board,
            self.play.turn.points,
        )?;
        self.check_exact_target()
    }

    /// Every distinct scoring selection of the current roll while a selection is awaited,
    /// best first; empty otherwise.
    pub fn legal_selections(&self) -> Vec<LegalSelection> {
        if self.play.phase != Phase::AwaitingSelection {
            return Vec::new();
        }
        let roll = self.play.turn.last_roll().expect("a roll awaits selection");
        let counts = FaceCounts::from_faces(&roll.dice, roll.dice.len()).expect("valid roll");
        self.scorer_for(self.play.turn.player)
            .selections(counts)
            .into_iter()
            .map(|selection| {
                let mut taken = 0;
                let mask = selection
                    .dice
                    .pick_indices(&roll.dice, &mut taken)
                    .expect("a selection of the roll");
                LegalSelection { mask, selection }
            })
            .collect()
    }

    fn selected_since_roll(&self) -> bool {
        self.play.phase == Phase::AwaitingRoll
            && self
                .play
                .turn
                .last_roll()
                .is_some_and(|r| r.selection.is_some())
    }

    /// Every action but leaving checks its phase here, and with it the room in the log.
    fn check_phase(&self, action: &'static str, wanted: Phase) -> Result<(), GameError> {
        match self.play.phase {
            Phase::GameOver => Err(GameError::GameOver),
            phase if phase != wanted => Err(GameError::WrongPhase { action, phase }),
            _ => self.check_log_room(),
        }
    }

    fn check_roll(&self) -> Result<(), GameError> {
        self.check_phase("roll", Phase::AwaitingRoll)?;
        if self.play.turn.hand == 0 {
            return Err(GameError::HandEmpty);
        }
        Ok(())
    }

    fn check_undo(&self) -> Result<(), GameError> {
        self.check_phase("undo", Phase::AwaitingRoll)?;
        if !self.selected_since_roll() {
            return Err(GameError::NothingToUndo);
        }
        Ok(())
    }

    fn check_forfeit(&self) -> Result<(), GameError> {
        self.check_phase("forfeit the turn", Phase::AwaitingRoll)?;
        if self.play.turn.hand > 0 || !self.selected_since_roll() || self.check_bank().is_ok() {
            return Err(GameError::ForfeitNotAllowed);
        }
        Ok(())
    }

    fn current_roll(&self) -> &RollRecord {
        self.play.turn.last_roll().expect("a roll awaits selection")
    }

    // ----- actions -----

    /// Rolls the hand with the game's dice generator. Returns the roll.
    pub fn roll(&mut self) -> Result<&RollRecord, GameError> {
        self.check_roll()?;
        let dice = match self.play.dice.roll(usize::from(self.play.turn.hand)) {
            None => return Err(GameError::NoDiceGenerator),
            Some(result) => result?,
        };
        Ok(self.apply_roll(dice, true))
    }

    /// Rolls the hand with dice supplied by the caller: exactly as many as the hand holds,
    /// each 1..=6. Any game accepts supplied dice; its generator is not used.
    pub fn roll_with(&mut self, dice: &[u8]) -> Result<&RollRecord, GameError> {
        self.roll_recorded(dice, false)
    }

    /// A roll from a saved game: supplied dice, marked as generated or not.
    pub(crate) fn roll_recorded(
        &mut self,
        dice: &[u8],
        generated: bool,
    ) -> Result<&RollRecord, GameError> {
        self.check_roll()?;
        let hand = usize::from(self.play.turn.hand);
        if dice.len() != hand {
            return Err(GameError::WrongDiceCount {
                given: dice.len(),
                expected: hand,
            });
        }
        FaceCounts::from_faces(dice, hand).map_err(GameError::InvalidDice)?;
        let dice = Dice::try_from(dice).expect("no more dice than the set");
        Ok(self.apply_roll(dice, generated))
    }

    fn apply_roll(&mut self, dice: Dice, generated: bool) -> &RollRecord {
        let table = self.scorer_for(self.play.turn.player).scoring_table();
        let key = table.key_of_faces(&dice).expect("checked dice");
        let (analysis, best_selection_mask, scoring_mask) = table.roll_masks(key, &dice);
        let is_farkle = analysis.max_points == 0;
        let max_points = analysis.max_points;
        let player = self.play.turn.player;
        self.play.piggyback = None;
        self.log(Event::Rolled {
            player,
            dice: Dice::try_from(dice.as_slice()).expect("as many dice as the set"),
            generated,
        });
        self.play.turn.rolls.push(RollRecord {
            dice,
            generated,
            is_farkle,
            max_points,
            best_selection_mask,
            scoring_mask,
            selection: None,
        });
        self.play.pending = 0;
        if is_farkle {
            self.apply_farkle();
        } else {
            self.play.phase = Phase::AwaitingSelection;
            self.auto_take();
        }
        self.play.turn.last_roll().expect("just pushed")
    }

    fn apply_farkle(&mut self) {
        let index = self.play.turn.player;
        let forfeited = self.play.turn.points;
        self.play.turn.forfeited = forfeited;
        self.play.turn.points = 0;
        let player = &mut self.play.players[index];
        player.farkles = player.farkles.saturating_add(1);
        player.forfeited_points = player.forfeited_points.saturating_add(forfeited);
        player.consecutive_farkles = player.consecutive_farkles.saturating_add(1);
        let streak = u32::from(self.rules.farkle_penalty_streak);
        let penalty = (streak > 0 && player.consecutive_farkles >= streak).then(|| {
            let points = if self.rules.farkle_penalty_loses_all {
                player.score.max(0)
            } else {
                i64::from(self.rules.farkle_penalty_points)
            };
            player.score = player.score.saturating_sub(points);
            player.penalties = player.penalties.saturating_add(1);
            player.penalty_points = player.penalty_points.saturating_add(points);
            player.consecutive_farkles = 0;
            Event::Penalty {
                player: index,
                points,
                score: player.score,
            }
        });
        self.log(Event::Farkled {
            player: index,
            forfeited,
        });
        if let Some(penalty) = penalty {
            self.log(penalty);
        }
        self.play.phase = Phase::Farkled;
    }

    /// Selects dice of the current roll by index and scores them. Returns the roll points.
    pub fn select(&mut self, indices: &[usize]) -> Result<i32, GameError> {
        self.check_phase("select dice", Phase::AwaitingSelection)?;
        let len = self.current_roll().dice.len();
        let mut mask = 0u16;
        for &index in indices {
            if index >= len {
                return Err(GameError::IndexOutOfRange { index, len });
            }
            if mask & (1 << index) != 0 {
                return Err(GameError::DuplicateIndex { index });
            }
            mask |= 1 << index;
        }
        self.apply_selection(mask, false)
    }

    /// Selects the dice of the current roll whose bits are set (bit i = the i-th die).
    pub fn select_mask(&mut self, mask: u16) -> Result<i32, GameError> {
        self.check_phase("select dice", Phase::AwaitingSelection)?;
        let len = self.current_roll().dice.len();
        let outside = mask & !mask_of_len(len);
        if outside != 0 {
            return Err(GameError::IndexOutOfRange {
                index: outside.trailing_zeros() as usize,
                len,
            });
        }
        self.apply_selection(mask, false)
    }

    /// Toggles one die of the current roll in or out of the pending selection; returns the
    /// pending selection.
    pub fn toggle(&mut self, index: usize) -> Result<u16, GameError> {
        self.check_phase("toggle a die", Phase::AwaitingSelection)?;
        let len = self.current_roll().dice.len();
        if index >= len {
            return Err(GameError::IndexOutOfRange { index, len });
        }
        self.play.pending ^= 1 << index;
        Ok(self.play.pending)
    }

    /// Scores the pending selection built by [`Game::toggle`]. Returns the roll points.
    pub fn confirm(&mut self) -> Result<i32, GameError> {
        self.check_phase("confirm a selection", Phase::AwaitingSelection)?;
        self.apply_selection(self.play.pending, false)
    }

    /// Sets the pending selection of a loaded game.
    pub(crate) fn set_pending(&mut self, mask: u16) -> Result<(), GameError> {
        if mask == 0 {
            self.play.pending = 0;
            return Ok(());
        }
        self.check_phase("toggle a die", Phase::AwaitingSelection)?;
        let len = self.current_roll().dice.len();
        if mask & !mask_of_len(len) != 0 {
            return Err(GameError::IndexOutOfRange {
                index: (mask & !mask_of_len(len)).trailing_zeros() as usize,
                len,
            });
        }
        self.play.pending = mask;
        Ok(())
    }

    /// Scores the dice of `mask` as the roll's selection; `automatic` when the game sets
    /// them aside itself (see `auto_take`).
    fn apply_selection(&mut self, mask: u16, automatic: bool) -> Result<i32, GameError> {
        let roll = self.current_roll();
        // One pass over the selected dice: the selection's face counts, its key, and its dice
        // face by face (bit i of `free[face]`), which the combinations take below.
        let mut counts = FaceCounts::EMPTY;
        let mut key = 0u32;
        let mut free = [0u16; 8];
        // Only the selected dice are visited (bits past the roll are none of its dice).
        let mut selected = mask & mask_of_len(roll.dice.len());
        while selected != 0 {
            let i = selected.trailing_zeros() as usize;
            selected &= selected - 1;
            let f = roll.dice[i];
            counts.0[usize::from(f - 1)] += 1;
            key += 1 << (4 * u32::from(f - 1));
            free[usize::from(f & 7)] |= 1 << i;
        }
        let player = self.play.turn.player;
        // The scorer borrowed field by field (what `scorer_for` picks), not cloned: the
        // record below is written while it is held, and a clone's two atomic counts cost
        // more than the rest of the lookup.
        let scorer: &Scorer = match &self.entry_scorer {
            Some(entry) if !self.play.players[player].on_board => entry,
            _ => &self.scorer,
        };
        // No allocation: the points by lookup, the combinations straight into the record.
        let table = scorer.scoring_table();
        let points = match table.points_of_key(key) {
            points if points > 0 => points,
            // What does not score is explained by the scorer.
            _ => scorer.check(counts).map_err(GameError::InvalidSelection)?,
        };
        let points = house_rules::multiplied_points(
            points,
            self.play.turn.multiplier,
            self.rules.hot_dice_multiplier_step,
            self.play.turn.points,
        );
        let hand = self.play.turn.hand - counts.total() as u8;
        let emptied_hand = hand == 0;
        // The record is written in place, its combinations straight into it.
        let roll = self.play.turn.rolls.last_mut().expect("a roll");
        let record = roll.selection.insert(SelectionRecord {
            mask,
            dice: counts,
            points,
            combinations: Combinations::new(),
            emptied_hand,
        });
        table.for_each_combination_of_free(key, free, |c, m| {
            record.combinations.push((*c, m));
        });
        self.play.turn.points = self.play.turn.points.saturating_add(points.into());
        self.play.turn.hand = hand;
        self.log(Event::Selected {
            player,
            mask,
            points,
            automatic,
        });
        if emptied_hand && self.rules.hot_dice {
            self.play.turn.hand = self.rules.dice_count;
            self.play.turn.hot_dice = self.play.turn.hot_dice.saturating_add(1);
            self.play.players[player].hot_dice =
                self.play.players[player].hot_dice.saturating_add(1);
            self.update_multiplier();
            self.log(Event::HotDice { player });
        }
        self.play.pending = 0;
        self.play.phase = Phase::AwaitingRoll;
        Ok(points)
    }

    /// Takes back the selection of the current roll ("unpick" in the original C game): its points leave
    /// the turn, its dice return to the hand, and the roll awaits a selection again, with the
    /// undone dice as the pending selection. Allowed until the player rolls or banks.
    pub fn undo(&mut self) -> Result<i32, GameError> {
        self.check_undo()?;
        let player = self.play.turn.player;
        let roll = self.play.turn.rolls.last_mut().expect("a roll");
        let selection = roll.selection.take().expect("checked");
        let len = roll.dice.len() as u8;
        self.play.turn.points = self
            .play
            .turn
            .points
            .saturating_sub(selection.points.into());
        if selection.emptied_hand && self.rules.hot_dice {
            self.play.turn.hot_dice = self.play.turn.hot_dice.saturating_sub(1);
            self.play.players[player].hot_dice =
                self.play.players[player].hot_dice.saturating_sub(1);
            self.update_multiplier();
        }
        self.play.turn.hand = len;
        self.log(Event::Undone {
            player,
            points: selection.points,
        });
        self.play.pending = selection.mask;
        self.play.phase = Phase::AwaitingSelection;
        Ok(selection.points)
    }

    /// Banks the turn's points and ends the turn. Returns the points banked (0 when the turn
    /// busts: under `ExactTarget::Bust`, a bank past the target scores nothing).
    pub fn bank(&mut self) -> Result<i64, GameError> {
        self.check_bank()?;
        if self.bust_if_past_target() {
            return Ok(0);
        }
        let index = self.play.turn.player;
        let points = self.play.turn.points;
        let player = &mut self.play.players[index];
        player.score = player.score.saturating_add(points);
        player.banked_points = player.banked_points.saturating_add(points);
        player.on_board = true;
        player.consecutive_farkles = 0;
        player.best_turn = player.best_turn.max(points);
        let score = player.score;
        self.log(Event::Banked {
            player: index,
            points,
            score,
        });
        let target = i64::from(self.rules.target_score);
        let mut over = false;
        if target > 0 && score >= target && self.play.final_round.is_none() {
            if self.rules.final_round {
                self.play.final_round = Some(index);
                self.play.final_pending = self.active_mask() & !bit(index);
                self.log(Event::FinalRound { player: index });
            } else {
                over = true;
            }
        }
        self.end_turn(TurnEnd::Banked, over);
        Ok(points)
    }

    /// Acknowledges a farkle ("forfeit" in the game-state specification): the turn is over.
    pub fn acknowledge_farkle(&mut self) -> Result<(), GameError> {
        self.check_phase("acknowledge a farkle", Phase::Farkled)?;
        self.log(Event::FarkleAcknowledged {
            player: self.play.turn.player,
        });
        self.end_turn(TurnEnd::Farkled, false);
        Ok(())
    }

    /// Gives up the turn's points when the player can neither roll nor bank: every die of the
    /// hand has scored, the rules have no hot dice, and the turn is below the minimum entry or
    /// bank score. (Undoing the selection and keeping fewer dice is the other way out.) Not a
    /// farkle: the farkle streak is unchanged.
    pub fn forfeit_turn(&mut self) -> Result<i64, GameError> {
        self.check_forfeit()?;
        let index = self.play.turn.player;
        let forfeited = self.play.turn.points;
        self.play.turn.forfeited = forfeited;
        self.play.turn.points = 0;
        let player = &mut self.play.players[index];
        player.forfeited_points = player.forfeited_points.saturating_add(forfeited);
        self.log(Event::TurnForfeited {
            player: index,
            forfeited,
        });
        self.end_turn(TurnEnd::Forfeited, false);
        Ok(forfeited)
    }

    /// A player leaves the game. Their score stays in the record, but they cannot win. When it
    /// is their turn, the turn ends without points and play passes to the next active player.
    /// The game ends when no player is left, or only one in a game that started with two or
    /// more.
    pub fn leave(&mut self, index: usize) -> Result<(), GameError> {
        if self.play.phase == Phase::GameOver {
            return Err(GameError::GameOver);
        }
        let player = self.player(index)?;
        if !player.active {
            return Err(GameError::PlayerDeparted(index));
        }
        self.check_log_room()?;
        self.play.players[index].active = false;
        self.play.active -= 1;
        self.play.final_pending &= !bit(index);
        self.log(Event::PlayerLeft { player: index });
        if index == self.play.turn.player {
            self.play.turn.points = 0;
            self.end_turn(TurnEnd::Left, false);
        } else if self.too_few_players() {
            self.play.turn.points = 0;
            self.play.turn.ended = Some(TurnEnd::GameOver);
            self.game_over();
        }
        Ok(())
    }

    fn active_mask(&self) -> u64 {
        self.play
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.active)
            .fold(0, |m, (i, _)| m | bit(i))
    }

    fn too_few_players(&self) -> bool {
        let active = self.active_players();
        active == 0 || (self.play.players.len() >= 2 && active == 1)
    }

    fn has_turns_left(&self, player: &Player) -> bool {
        player.active && (self.rules.turn_limit == 0 || player.turns < self.rules.turn_limit)
    }

    fn end_turn(&mut self, how: TurnEnd, over: bool) {
        let index = self.play.turn.player;
        let offer = self.piggyback_after(how);
        self.play.piggyback = None;
        if how != TurnEnd::Left {
            self.play.players[index].turns = self.play.players[index].turns.saturating_add(1);
        }
        self.play.turn.ended = Some(how);
        self.play.pending = 0;
        self.play.final_pending &= !bit(index);
        let final_round_done =
            self.play.final_round.is_some() && self.play.final_pending & self.active_mask() == 0;
        // The players after `index`, then from the first (no division per step).
        let players = &self.play.players;
        let next = (index + 1..players.len())
            .chain(0..=index)
            .find(|&i| self.has_turns_left(&players[i]));
        match next {
            Some(next) if !over && !final_round_done && !self.too_few_players() => {
                if next <= index {
                    self.play.round = self.play.round.saturating_add(1);
                }
                self.play.turn.reset(next, self.rules.dice_count);
                self.play.piggyback = offer;
                self.play.phase = Phase::AwaitingRoll;
                self.log(Event::TurnStarted {
                    player: next,
                    round: self.play.round,
                });
            }
            _ => self.game_over(),
        }
    }

    fn game_over(&mut self) {
        let best = self
            .play
            .players
            .iter()
            .filter(|p| p.active)
            .map(|p| p.score)
            .max();
        self.play.winners = match best {
            None => 0,
            Some(best) => self
                .play
                .players
                .iter()
                .enumerate()
                .filter(|(_, p)| p.active && p.score == best)
                .fold(0, |m, (i, _)| m | bit(i)),
        };
        self.play.pending = 0;
        self.play.piggyback = None;
        self.play.phase = Phase::GameOver;
        self.log(Event::GameOver {
            winners: self.play.winners,
        });
    }
}

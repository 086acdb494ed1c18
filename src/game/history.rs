// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What happened: the rolls of the current turn (the game-state specification's roll history) and the log of
//! events of the whole game.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::combination::Combination;
use crate::dice::{FaceCounts, MAX_DICE};

/// The faces of one roll, in roll order: at most a set's dice, stored inline (no heap
/// allocation per roll). Reads as a slice of faces.
pub type Dice = ArrayVec<u8, MAX_DICE>;

/// The combinations of one selection with the dice of the roll each uses, inline.
pub type Combinations = ArrayVec<(Combination, u16), MAX_DICE>;

/// A valid selection from one roll and how it scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectionRecord {
    /// Dice of the roll taken (bit i = the i-th die).
    pub mask: u16,
    /// The same dice as face counts.
    pub dice: FaceCounts,
    /// Roll points: what the selection scored, times the turn's hot-dice multiplier in force
    /// when it was made (what it added to the turn; the combinations score unmultiplied).
    pub points: i32,
    /// The combinations of the selection, each with the dice of the roll it uses (bit i = the
    /// i-th die).
    pub combinations: Combinations,
    /// The selection took the last dice of the hand (hot dice when the rules allow it).
    pub emptied_hand: bool,
}

/// One roll of the current turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollRecord {
    /// The faces, in roll order.
    pub dice: Dice,
    /// Whether the dice came from the game's generator (false: supplied by the caller).
    pub generated: bool,
    /// No selection of the roll scores.
    pub is_farkle: bool,
    /// Max roll points: the most any selection scores.
    pub max_points: i32,
    /// A selection scoring `max_points` (bit i = the i-th die); 0 for a farkle.
    pub best_selection_mask: u16,
    /// Dice that take part in some scoring selection.
    pub scoring_mask: u16,
    /// The selection scored from this roll, if any yet.
    pub selection: Option<SelectionRecord>,
}

impl RollRecord {
    /// Roll points: what the selection scored (0 without one).
    pub fn points(&self) -> i32 {
        self.selection.as_ref().map_or(0, |s| s.points)
    }
}

/// How a turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnEnd {
    /// The turn's points were banked.
    Banked,
    /// A roll scored nothing; the points were forfeited.
    Farkled,
    /// The player could neither roll nor bank and gave the points up.
    Forfeited,
    /// The player left the game during the turn.
    Left,
    /// The others left and the game ended during the turn; its points were not banked.
    GameOver,
    /// The player banked past the target under `ExactTarget::Bust`: the turn scored nothing
    /// (not a farkle: the farkle streak is unchanged).
    Busted,
}

/// The current turn (RoundState in the game-state specification).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// Whose turn it is.
    pub player: usize,
    /// Round points: the sum of the roll points of this turn, not yet banked.
    pub points: i64,
    /// Dice in the hand, to be rolled next.
    pub hand: u8,
    /// Times the hand was emptied and reset to the full set this turn.
    pub hot_dice: u32,
    /// What the next selection's points are multiplied by: 1 + hot_dice x the rules'
    /// `hot_dice_multiplier_step` (saturating), so 1 without the multiplier.
    pub multiplier: u32,
    /// Points lost when the turn ended without banking.
    pub forfeited: i64,
    /// Every roll of the turn, in order.
    pub rolls: Vec<RollRecord>,
    /// Set once the turn is over (it stays visible until the next turn starts, and for good
    /// when the game is over).
    pub ended: Option<TurnEnd>,
}

impl Turn {
    /// Starts a fresh turn for `player` with a full hand of `dice` dice in place, keeping the
    /// memory of the rolls list (no allocation from one turn to the next).
    pub fn reset(&mut self, player: usize, dice: u8) {
        let mut rolls = std::mem::take(&mut self.rolls);
        rolls.clear();
        *self = Turn {
            rolls,
            ..Turn::new(player, dice)
        };
    }

    /// A fresh turn for `player` with a full hand of `dice` dice.
    pub fn new(player: usize, dice: u8) -> Self {
        Turn {
            player,
            points: 0,
            hand: dice,
            hot_dice: 0,
            multiplier: 1,
            forfeited: 0,
            rolls: Vec::new(),
            ended: None,
        }
    }

    /// The latest roll of the turn.
    pub fn last_roll(&self) -> Option<&RollRecord> {
        self.rolls.last()
    }
}

/// One entry of the game's event log. Actions (rolls, selections, undos, banks,
/// acknowledgements, forfeits, departures, piggybacks) are logged together with what they
/// caused (turn starts, hot dice, farkles, penalties, the final round and the end), so the log
/// can be replayed and checked; [`Event::action`] names the action an entry records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A player's turn began.
    TurnStarted {
        /// The player's index (seat order, from 0).
        player: usize,
        /// The round it belongs to, from 1.
        round: u32,
    },
    /// The player rolled these dice (generated by the game, or supplied).
    Rolled {
        /// The player's index (seat order, from 0).
        player: usize,
        /// The faces, in roll order.
        dice: Dice,
        /// true when the game's generator rolled them, false when they were supplied.
        generated: bool,
    },
    /// The player set aside these dice of the roll (bit i = the i-th die) for these points
    /// (under a hot-dice multiplier, the multiplied points: what the turn gained).
    Selected {
        /// The player's index (seat order, from 0).
        player: usize,
        /// Bit i set for the i-th die of the roll.
        mask: u16,
        /// What the selection scored.
        points: i32,
    },
    /// The player took back the selection of the current roll, worth these points.
    Undone {
        /// The player's index (seat order, from 0).
        player: usize,
        /// What the withdrawn selection had scored.
        points: i32,
    },
    /// Every die of the hand has scored: the hand is the full set again.
    HotDice {
        /// The player's index (seat order, from 0).
        player: usize,
    },
    /// The player banked the turn's points, reaching `score`.
    Banked {
        /// The player's index (seat order, from 0).
        player: usize,
        /// Points of the turn added to the score.
        points: i64,
        /// The banked score after it.
        score: i64,
    },
    /// The player banked past the target under `ExactTarget::Bust`: the turn's points are
    /// lost and the score stays `score` (not a farkle: the farkle streak is unchanged).
    Busted {
        /// The player's index (seat order, from 0).
        player: usize,
        /// The turn's points lost.
        points: i64,
        /// The banked score, unchanged.
        score: i64,
    },
    /// A roll scored nothing: the turn's points are forfeited.
    Farkled {
        /// The player's index (seat order, from 0).
        player: usize,
        /// The turn's points lost.
        forfeited: i64,
    },
    /// The player acknowledged the farkle; the turn is over.
    FarkleAcknowledged {
        /// The player's index (seat order, from 0).
        player: usize,
    },
    /// The player could neither roll nor bank and gave up the turn's points.
    TurnForfeited {
        /// The player's index (seat order, from 0).
        player: usize,
        /// The turn's points lost.
        forfeited: i64,
    },
    /// Consecutive farkles cost `points`, leaving `score`.
    Penalty {
        /// The player's index (seat order, from 0).
        player: usize,
        /// Points taken off the score.
        points: i64,
        /// The banked score after it.
        score: i64,
    },
    /// The player reached the target: every other active player gets one more turn.
    FinalRound {
        /// The player's index (seat order, from 0).
        player: usize,
    },
    /// The player left the game.
    PlayerLeft {
        /// The player's index (seat order, from 0).
        player: usize,
    },
    /// The game is over; bit i of `winners` is set for every winner.
    GameOver {
        /// Bit i set when player i won (ties share the win).
        winners: u64,
    },
    /// The player took over the turn the previous player banked (piggybacking): this turn
    /// starts with its points and the dice it left in hand.
    Piggybacked {
        /// The player's index (seat order, from 0).
        player: usize,
        /// The points taken over: the turn's points.
        points: i64,
        /// The dice taken over: the hand the next roll rolls.
        dice: u8,
    },
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The game's action vocabulary: every call that changes a game, as a value. Callers that
//! choose moves (the bots, the saved-game replay, fuzzers) apply an [`Action`] with
//! [`Game::apply`] and list the legal ones with [`Game::legal_actions`]; the event log names
//! the action each logged call was ([`Event::action`]).

use crate::game::history::Event;
use crate::game::{Game, GameError, Phase};

/// One action on a game. Each is one of [`Game`]'s methods; [`Game::apply`] calls it.
///
/// ```
/// use farkle::{Action, DiceSource, Event, Game, Preset};
///
/// let mut game = Game::new(Preset::Classic.rules(), 2, DiceSource::Seeded { seed: 42 }).unwrap();
/// let events = game.apply(Action::Roll).unwrap();
/// assert!(matches!(events, [Event::Rolled { .. }]));
/// assert_eq!(events[0].action(), Some(Action::Roll));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Roll the dice in hand with the game's generator ([`Game::roll`]). A game without a
    /// generator takes the dice of every roll from the caller ([`Game::roll_with`]).
    Roll,
    /// Keep these dice of the current roll, bit i for the i-th die ([`Game::select_mask`]).
    Select(u16),
    /// Take back the selection of the current roll ([`Game::undo`]).
    Undo,
    /// Bank the turn's points ([`Game::bank`]).
    Bank,
    /// Acknowledge a farkle ([`Game::acknowledge_farkle`]).
    AcknowledgeFarkle,
    /// Give the turn up: every die scored, no hot dice, and banking is not allowed
    /// ([`Game::forfeit_turn`]).
    ForfeitTurn,
    /// This player leaves the game ([`Game::leave`]).
    Leave(usize),
    /// Take over the turn the previous player banked, before the first roll of this turn,
    /// under piggybacking rules ([`Game::piggyback`]).
    Piggyback,
}

impl Game {
    /// Takes `action` (the method it names) and returns the events it appended to the log:
    /// the action's own event first, then what it caused (hot dice, a farkle and its penalty,
    /// the next turn, the final round, the end). A refused action returns the method's error
    /// and leaves the game exactly as it was.
    pub fn apply(&mut self, action: Action) -> Result<&[Event], GameError> {
        let before = self.events().len();
        match action {
            Action::Roll => self.roll().map(drop),
            Action::Select(mask) => self.select_mask(mask).map(drop),
            Action::Undo => self.undo().map(drop),
            Action::Bank => self.bank().map(drop),
            Action::AcknowledgeFarkle => self.acknowledge_farkle(),
            Action::ForfeitTurn => self.forfeit_turn().map(drop),
            Action::Leave(player) => self.leave(player),
            Action::Piggyback => self.piggyback().map(drop),
        }?;
        Ok(&self.events()[before..])
    }

    /// Every action the player to move may take now: each legal selection while a selection
    /// is awaited (best first, as [`Game::legal_selections`] lists them); before a roll,
    /// those of roll, piggyback, undo, bank and forfeit that are allowed, in that order; after a farkle,
    /// its acknowledgement; nothing once the game is over. [`Action::Roll`] is listed when the
    /// hand may be rolled, which a game without a generator does with [`Game::roll_with`].
    /// Leaving is not listed: every active player may leave at any time until the game is
    /// over. Nothing is listed once the event log is full ([`GameError::LogFull`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.check_log_room().is_err() {
            return Vec::new();
        }
        match self.phase() {
            Phase::GameOver => Vec::new(),
            Phase::Farkled => vec![Action::AcknowledgeFarkle],
            Phase::AwaitingSelection => self
                .legal_selections()
                .iter()
                .map(|s| Action::Select(s.mask))
                .collect(),
            Phase::AwaitingRoll => [
                (self.can_roll(), Action::Roll),
                (self.can_piggyback(), Action::Piggyback),
                (self.can_undo(), Action::Undo),
                (self.can_bank(), Action::Bank),
                (self.can_forfeit(), Action::ForfeitTurn),
            ]
            .into_iter()
            .filter_map(|(allowed, action)| allowed.then_some(action))
            .collect(),
        }
    }
}

impl Event {
    /// The action this event records, for the events that record one; `None` for what
    /// follows from the actions (turn starts, hot dice, farkles, penalties, the final round,
    /// the end). A roll records [`Action::Roll`] whether its dice were generated or supplied.
    pub fn action(&self) -> Option<Action> {
        match *self {
            Event::Rolled { .. } => Some(Action::Roll),
            Event::Selected {
                mask,
                automatic: false,
                ..
            } => Some(Action::Select(mask)),
            Event::Undone { .. } => Some(Action::Undo),
            Event::Banked { .. } | Event::Busted { .. } => Some(Action::Bank),
            Event::FarkleAcknowledged { .. } => Some(Action::AcknowledgeFarkle),
            Event::TurnForfeited { .. } => Some(Action::ForfeitTurn),
            Event::PlayerLeft { player } => Some(Action::Leave(player)),
            Event::Piggybacked { .. } => Some(Action::Piggyback),
            Event::TurnStarted { .. }
            | Event::Selected {
                automatic: true, ..
            }
            | Event::HotDice { .. }
            | Event::Farkled { .. }
            | Event::Penalty { .. }
            | Event::FinalRound { .. }
            | Event::GameOver { .. } => None,
        }
    }

    /// Whether this event records a caller's action (the rest follow from the actions).
    pub fn is_action(&self) -> bool {
        self.action().is_some()
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::game::dice_source::DiceSource;
    use crate::rules::{ExactTarget, Preset, Rules};

    /// Plays seeded games by picking among the legal actions (and now and then a departure):
    /// every listed action is accepted, its events are the log's new tail and record it, and
    /// the actions that are not listed are refused, leaving the game unchanged.
    #[test]
    fn listed_actions_are_exactly_the_accepted_ones() {
        let no_hot_dice = Rules {
            hot_dice: false,
            ..Preset::Classic.rules()
        };
        let house = |exact_target| Rules {
            singles_only_before_entry: true,
            hot_dice_multiplier_step: 3,
            exact_target,
            target_score: 2000,
            ..Preset::Classic.rules()
        };
        let piggybacking = Rules {
            piggybacking: true,
            min_entry_score: 0,
            ..Preset::Classic.rules()
        };
        let rules = [
            Preset::Classic.rules(),
            Preset::Zilch.rules(),
            no_hot_dice,
            house(ExactTarget::Refuse),
            house(ExactTarget::Bust),
            piggybacking,
        ];
        for (seed, rules) in rules.into_iter().enumerate() {
            let seed = seed as u64;
            let mut game = Game::new(rules, 3, DiceSource::Seeded { seed }).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut steps = 0;
            while game.phase() != Phase::GameOver && steps < 5_000 {
                steps += 1;
                let legal = game.legal_actions();
                assert!(!legal.is_empty(), "{:?}", game.turn());
                // The four checks and the offer at once (the C API's state) answer as each
                // alone.
                assert_eq!(
                    game.allowed(),
                    (
                        [
                            game.can_roll(),
                            game.can_bank(),
                            game.can_undo(),
                            game.can_forfeit()
                        ],
                        game.check_piggyback().ok()
                    )
                );
                assert_eq!(game.piggyback_offer(), game.check_piggyback().ok());
                for refused in [
                    Action::Roll,
                    Action::Undo,
                    Action::Bank,
                    Action::AcknowledgeFarkle,
                    Action::ForfeitTurn,
                    Action::Piggyback,
                ] {
                    if !legal.contains(&refused) {
                        let before = game.clone();
                        assert!(
                            game.apply(refused).is_err(),
                            "{refused:?} in {:?}",
                            game.turn()
                        );
                        assert_eq!(game, before);
                    }
                }
                let action = if rng.random_range(0..200) == 0 {
                    Action::Leave(game.current_player())
                } else {
                    legal[rng.random_range(0..legal.len())]
                };
                let before = game.events().len();
                let events = game.apply(action).unwrap().to_vec();
                assert_eq!(events, game.events()[before..]);
                assert_eq!(events[0].action(), Some(action));
                assert_eq!(events.iter().filter(|e| e.is_action()).count(), 1);
            }
            assert_eq!(game.phase(), Phase::GameOver, "seed {seed}");
            assert!(game.legal_actions().is_empty());
            // The whole game replays from its save (busts and refusals included).
            assert_eq!(Game::load(&game.save()).as_ref(), Ok(&game), "seed {seed}");
        }
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Piggybacking (`Rules::piggybacking`): taking over the turn the previous player banked.
//!
//! When a turn ends with a bank that leaves `n` dice to roll, `0 < n < dice_count`, the next
//! player may, before their first roll, start their turn with the banked turn's points and
//! those `n` dice in hand ([`Game::piggyback`]); the banker keeps the points banked. From there
//! the turn goes on as any other: the next roll rolls the `n` dice, a farkle loses the points
//! taken over, hot dice give the full set, and a bank (which needs a roll and a selection
//! first) banks the whole turn total, which is also what the minimum entry and bank scores
//! look at. Declining is just rolling the full set as usual. A bank right after hot dice
//! leaves the full set in hand: nothing to take over, so no offer. Any other end of a turn (a
//! farkle, a forfeit, a player leaving during their turn, the game start) makes no offer
//! either; an offer still stands when another player leaves before it is taken or declined.

use crate::game::history::{Event, TurnEnd};
use crate::game::{Game, GameError, Phase};

/// The turn the player to move may take over: its points and the dice left in hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PiggybackOffer {
    /// The points of the banked turn, which become this turn's points.
    pub points: i64,
    /// The dice it left in hand, which the next roll rolls (fewer than the set).
    pub dice: u8,
}

impl Game {
    /// The turn the player to move may take over now ([`Game::piggyback`]), if any: only
    /// under [`crate::Rules::piggybacking`], before the first roll of a turn that follows a
    /// bank that left some but not all dice in hand.
    #[inline]
    pub fn piggyback_offer(&self) -> Option<PiggybackOffer> {
        // What `check_piggyback` answers, without building its refusals: the state of every
        // C call asks.
        match self.play.piggyback {
            Some(offer) if self.play.phase == Phase::AwaitingRoll => {
                self.check_log_room().ok().map(|()| offer)
            }
            _ => None,
        }
    }

    /// Whether [`Game::piggyback`] would succeed now.
    pub fn can_piggyback(&self) -> bool {
        self.check_piggyback().is_ok()
    }

    /// Why the player to move cannot take over the previous turn now, or the offer.
    pub fn check_piggyback(&self) -> Result<PiggybackOffer, GameError> {
        self.check_phase("take over the previous turn", Phase::AwaitingRoll)?;
        self.play.piggyback.ok_or(GameError::NoPiggyback)
    }

    /// Takes over the previous turn: this turn starts with its points and the dice it left
    /// in hand (see the module documentation). Returns the offer taken.
    pub fn piggyback(&mut self) -> Result<PiggybackOffer, GameError> {
        let offer = self.check_piggyback()?;
        self.play.piggyback = None;
        self.play.turn.points = offer.points;
        self.play.turn.hand = offer.dice;
        self.log(Event::Piggybacked {
            player: self.play.turn.player,
            points: offer.points,
            dice: offer.dice,
        });
        Ok(offer)
    }

    /// What the turn ending now (`how`) offers the next player, under the game's rules.
    pub(crate) fn piggyback_after(&self, how: TurnEnd) -> Option<PiggybackOffer> {
        let dice = self.play.turn.hand;
        (self.rules.piggybacking
            && how == TurnEnd::Banked
            && dice > 0
            && dice < self.rules.dice_count)
            .then_some(PiggybackOffer {
                points: self.play.turn.points,
                dice,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::dice_source::DiceSource;
    use crate::game::Action;
    use crate::rules::{Preset, Rules};

    /// Classic rules (500 to enter, target 10,000, hot dice) with piggybacking.
    fn rules() -> Rules {
        Rules {
            piggybacking: true,
            ..Preset::Classic.rules()
        }
    }

    /// Player 0 rolls [1,1,1,2,3,4] and keeps the three 1s (1000, 3 dice left), rolls [5,3,4]
    /// and keeps the 5 (50): 1050 with 2 dice left, banked (1050 >= 500 enters).
    fn after_bank_with_two_left() -> Game {
        let mut game = Game::new(rules(), 2, DiceSource::Supplied).unwrap();
        game.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
        game.select(&[0, 1, 2]).unwrap();
        game.roll_with(&[5, 3, 4]).unwrap();
        game.select(&[0]).unwrap();
        assert_eq!(game.turn().hand, 2);
        assert_eq!(game.bank(), Ok(1050));
        game
    }

    #[test]
    fn offer_follows_a_bank_with_dice_left() {
        let game = after_bank_with_two_left();
        assert_eq!(game.current_player(), 1);
        let offer = PiggybackOffer {
            points: 1050,
            dice: 2,
        };
        assert_eq!(game.piggyback_offer(), Some(offer));
        assert_eq!(game.legal_actions(), vec![Action::Roll, Action::Piggyback]);
        // Without the rule, the same game offers nothing.
        let mut plain = Game::new(Preset::Classic.rules(), 2, DiceSource::Supplied).unwrap();
        plain.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
        plain.select(&[0, 1, 2]).unwrap();
        plain.roll_with(&[5, 3, 4]).unwrap();
        plain.select(&[0]).unwrap();
        plain.bank().unwrap();
        assert_eq!(plain.piggyback_offer(), None);
        assert_eq!(plain.piggyback(), Err(GameError::NoPiggyback));
    }

    /// Player 0 banks 350 with 2 dice left (no entry minimum); player 1 takes it over and
    /// rolls [1,5]: both score (100 + 50 = 150), the hand is empty: hot dice, 500 with 6 dice;
    /// rolls [1,1,1,2,3,4] and keeps the three 1s (1000): 1500 with 3 dice left, banked.
    #[test]
    fn piggyback_rolls_the_dice_left_and_banks_the_whole_turn() {
        let mut game = Game::new(
            Rules {
                min_entry_score: 0,
                ..rules()
            },
            2,
            DiceSource::Supplied,
        )
        .unwrap();
        // Player 0: [1,1,5,2,3,4] keeps 1,1,5 (100 + 100 + 50 = 250), 3 dice left; [1,2,3]
        // keeps the 1 (100): 350 with 2 dice left.
        game.roll_with(&[1, 1, 5, 2, 3, 4]).unwrap();
        assert_eq!(game.select(&[0, 1, 2]), Ok(250));
        game.roll_with(&[1, 2, 3]).unwrap();
        assert_eq!(game.select(&[0]), Ok(100));
        assert_eq!(game.turn().hand, 2);
        assert_eq!(game.bank(), Ok(350));
        assert_eq!(
            game.piggyback_offer(),
            Some(PiggybackOffer {
                points: 350,
                dice: 2
            })
        );
        let events = game.apply(Action::Piggyback).unwrap().to_vec();
        assert_eq!(
            events,
            vec![Event::Piggybacked {
                player: 1,
                points: 350,
                dice: 2
            }]
        );
        assert_eq!((game.turn().points, game.turn().hand), (350, 2));
        assert_eq!(game.piggyback_offer(), None);
        // Nothing to bank before a roll; the hand holds 2 dice.
        assert_eq!(game.bank(), Err(GameError::NothingToBank));
        assert_eq!(
            game.roll_with(&[1, 5, 2]).map(drop),
            Err(GameError::WrongDiceCount {
                given: 3,
                expected: 2
            })
        );
        game.roll_with(&[1, 5]).unwrap();
        assert_eq!(game.select(&[0, 1]), Ok(150));
        assert_eq!((game.turn().points, game.turn().hand), (500, 6));
        assert_eq!(game.turn().hot_dice, 1);
        game.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
        assert_eq!(game.select(&[0, 1, 2]), Ok(1000));
        assert_eq!(game.bank(), Ok(1500));
        assert_eq!(game.players()[0].score, 350);
        assert_eq!(game.players()[1].score, 1500);
        // Player 1 banked with 3 dice left: player 0 may take 1500 and 3 dice over.
        assert_eq!(
            game.piggyback_offer(),
            Some(PiggybackOffer {
                points: 1500,
                dice: 3
            })
        );
        // The save holds the piggyback and reloads to the same game, saving identically.
        let text = game.save();
        assert!(text.contains(r#"{"event":"piggybacked","player":1,"points":350,"dice":2}"#));
        let loaded = Game::load(&text).unwrap();
        assert_eq!(loaded, game);
        assert_eq!(loaded.save(), text);
    }

    /// Taking over 1050 and farkling loses it all; the entry minimum counts the points taken
    /// over (player 1 is not on the board: 1050 + 50 = 1100 >= 500 banks).
    #[test]
    fn farkle_loses_the_points_taken_over_and_entry_counts_them() {
        let mut game = after_bank_with_two_left();
        let before = game.clone();
        game.piggyback().unwrap();
        game.roll_with(&[2, 3]).unwrap();
        assert_eq!(game.phase(), Phase::Farkled);
        assert_eq!(game.turn().forfeited, 1050);
        assert_eq!(game.players()[1].forfeited_points, 1050);
        game.acknowledge_farkle().unwrap();
        // A farkle makes no offer.
        assert_eq!(game.piggyback_offer(), None);

        let mut game = before;
        game.piggyback().unwrap();
        game.roll_with(&[5, 3]).unwrap();
        game.select(&[0]).unwrap();
        assert_eq!(game.bank(), Ok(1100));
        assert!(game.players()[1].on_board);
    }

    #[test]
    fn declining_rolling_and_other_turn_ends_withdraw_the_offer() {
        // Declining: rolling the full set (a 5 among six dice) withdraws the offer.
        let mut game = after_bank_with_two_left();
        game.roll_with(&[5, 3, 4, 6, 2, 3]).unwrap();
        assert!(matches!(
            game.piggyback(),
            Err(GameError::WrongPhase { .. })
        ));
        game.select(&[0]).unwrap();
        assert_eq!(game.piggyback(), Err(GameError::NoPiggyback));
        // The offer is taken once only.
        let mut game = after_bank_with_two_left();
        game.piggyback().unwrap();
        let before = game.clone();
        assert_eq!(game.piggyback(), Err(GameError::NoPiggyback));
        assert_eq!(game, before);
        // Another player leaving keeps it; the player to move leaving ends it.
        let mut game = Game::new(rules(), 3, DiceSource::Supplied).unwrap();
        game.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
        game.select(&[0, 1, 2]).unwrap();
        game.bank().unwrap();
        assert_eq!(game.piggyback_offer().map(|o| o.dice), Some(3));
        game.leave(2).unwrap();
        assert_eq!(game.piggyback_offer().map(|o| o.dice), Some(3));
        game.leave(1).unwrap();
        assert_eq!(game.phase(), Phase::GameOver);
        assert_eq!(
            game.piggyback(),
            Err(GameError::GameOver),
            "no piggyback once the game is over"
        );
    }

    /// Hot dice then a bank: the full set left, nothing to take over.
    #[test]
    fn bank_after_hot_dice_offers_nothing() {
        let mut game = Game::new(rules(), 2, DiceSource::Supplied).unwrap();
        game.roll_with(&[1, 1, 1, 5, 5, 1]).unwrap();
        game.select(&[0, 1, 2, 3, 4, 5]).unwrap();
        assert_eq!(game.turn().hand, 6);
        game.bank().unwrap();
        assert_eq!(game.piggyback_offer(), None);
        assert_eq!(game.legal_actions(), vec![Action::Roll]);
    }

    /// A save written before piggybacking existed (no `piggybacking` rule, no such event)
    /// still loads: see saved_game's fixture tests; here a game under the rule whose offers
    /// were all declined saves and loads as the same game.
    #[test]
    fn declined_offers_save_and_load() {
        let mut game = after_bank_with_two_left();
        game.roll_with(&[5, 2, 3, 4, 6, 2]).unwrap();
        game.select(&[0]).unwrap();
        let text = game.save();
        assert!(!text.contains("piggybacked"));
        assert_eq!(Game::load(&text).unwrap(), game);
    }

    /// Seeded games under piggybacking, to the end: the threshold bot (which declines) and
    /// the random bot (which takes some offers) finish every turn, the random bot takes over
    /// turns now and then, and each game saves and loads as itself.
    #[test]
    fn bots_finish_games_under_piggybacking() {
        use crate::strategy::{Bot, Thresholds};
        use rand::SeedableRng;
        let mut taken = 0;
        for seed in 0..20u64 {
            let mut game = Game::new(rules(), 3, DiceSource::Seeded { seed }).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let bots = [Bot::RandomLegal, Bot::Threshold(Thresholds::default())];
            let mut turns = 0;
            while game.phase() != Phase::GameOver && turns < 3_000 {
                let bot = &bots[game.current_player() % 2];
                bot.play_turn(&mut game, &mut rng).unwrap();
                turns += 1;
            }
            assert_eq!(game.phase(), Phase::GameOver, "seed {seed}");
            let piggybacks = game
                .events()
                .iter()
                .filter(|e| matches!(e, Event::Piggybacked { .. }))
                .count();
            taken += piggybacks;
            assert_eq!(Game::load(&game.save()).unwrap(), game);
        }
        assert!(taken > 0);
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The source documents' games played with supplied dice: seed 004's three worked examples,
//! seed 002's flow rules one by one, seed 001's minimum entry. Every expected number is worked
//! out by hand from the documents' rules.

use farkle::{DiceSource, Event, Game, GameError, InvalidSelection, Phase, Preset, Rules, TurnEnd};

/// Seed 004's game: singles and sets only (the "additive" preset), two players.
fn seed_004_game() -> Game {
    Game::new(Preset::Additive.rules(), 2, DiceSource::Supplied).unwrap()
}

fn roll(game: &mut Game, dice: &[u8]) {
    game.roll_with(dice)
        .unwrap_or_else(|e| panic!("rolling {dice:?}: {e}"));
}

#[test]
fn seed_004_example_1_farkle_forfeits_the_points_in_hand() {
    let mut g = seed_004_game();
    roll(&mut g, &[1, 2, 4, 4, 4, 5]);
    // 1 = 100, 4 4 4 = 400, 5 = 50.
    assert_eq!(g.turn().last_roll().unwrap().max_points, 550);
    assert_eq!(g.select(&[2, 3, 4]), Ok(400));
    assert_eq!(g.turn().points, 400);
    assert_eq!(g.turn().hand, 3);
    roll(&mut g, &[2, 2, 3]);
    assert_eq!(g.phase(), Phase::Farkled);
    // Acknowledging the farkle is the roll's only "bank opportunity" (seed 002).
    assert!(matches!(g.bank(), Err(GameError::WrongPhase { .. })));
    assert!(matches!(g.undo(), Err(GameError::WrongPhase { .. })));
    let r = g.turn().last_roll().unwrap();
    assert!(r.is_farkle);
    assert_eq!(r.max_points, 0);
    assert_eq!(g.turn().forfeited, 400);
    assert_eq!(g.turn().points, 0);
    assert_eq!(g.player(0).unwrap().forfeited_points, 400);
    assert_eq!(g.player(0).unwrap().farkles, 1);
    g.acknowledge_farkle().unwrap();
    assert_eq!(g.current_player(), 1);
    assert_eq!(g.player(0).unwrap().score, 0);
    assert_eq!(g.phase(), Phase::AwaitingRoll);
}

#[test]
fn seed_004_example_2_ones_from_separate_rolls_do_not_make_a_set() {
    let mut g = seed_004_game();
    roll(&mut g, &[1, 2, 6, 4, 3, 3]);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 100);
    assert_eq!(g.select(&[0]), Ok(100));
    roll(&mut g, &[1, 1, 2, 3, 4]);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 200);
    assert_eq!(g.select(&[0, 1]), Ok(200));
    // 100 + 200 = 300, not the 1000 of three 1s from one roll.
    assert_eq!(g.turn().points, 300);
    // The README says "banks the 250 points", a slip: the hand holds 300.
    assert_eq!(g.bank(), Ok(300));
    assert_eq!(g.player(0).unwrap().score, 300);
    assert_eq!(g.current_player(), 1);
}

#[test]
fn seed_004_example_3_cycling_through_the_die_pool() {
    let mut g = seed_004_game();
    roll(&mut g, &[1, 1, 1, 4, 6, 6]);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 1000);
    assert_eq!(g.select(&[0, 1, 2]), Ok(1000));
    roll(&mut g, &[1, 5, 5]);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 200);
    // The fourth 1 does not join the earlier three: 100 + 50 + 50.
    assert_eq!(g.select(&[0, 1, 2]), Ok(200));
    assert_eq!(g.turn().points, 1200);
    // The pool is exhausted: all six dice go back in.
    assert_eq!(g.turn().hand, 6);
    assert_eq!(g.turn().hot_dice, 1);
    assert_eq!(g.player(0).unwrap().hot_dice, 1);
    roll(&mut g, &[1, 1, 5, 3, 4, 4]);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 250);
    assert_eq!(g.select(&[0, 1, 2]), Ok(250));
    assert_eq!(g.bank(), Ok(1450));
    assert_eq!(g.player(0).unwrap().score, 1450);
    assert_eq!(g.player(0).unwrap().best_turn, 1450);
}

#[test]
fn seed_004_example_3_farkle_after_cycling_still_forfeits_everything() {
    let mut g = seed_004_game();
    roll(&mut g, &[1, 1, 1, 4, 6, 6]);
    g.select(&[0, 1, 2]).unwrap();
    roll(&mut g, &[1, 5, 5]);
    g.select(&[0, 1, 2]).unwrap();
    roll(&mut g, &[2, 2, 3, 3, 4, 6]);
    assert_eq!(g.phase(), Phase::Farkled);
    assert_eq!(g.turn().forfeited, 1200);
}

#[test]
fn turn_history_records_each_roll() {
    let mut g = seed_004_game();
    roll(&mut g, &[1, 2, 4, 4, 4, 5]);
    g.select(&[0, 2, 3, 4]).unwrap();
    roll(&mut g, &[5, 3]);
    let rolls = &g.turn().rolls;
    assert_eq!(rolls.len(), 2);
    assert_eq!(rolls[0].dice[..], [1, 2, 4, 4, 4, 5]);
    assert_eq!(rolls[0].max_points, 550);
    assert_eq!(rolls[0].points(), 500);
    let sel = rolls[0].selection.as_ref().unwrap();
    assert_eq!(sel.mask, 0b011101);
    let mut combos: Vec<(i32, u16)> = sel
        .combinations
        .iter()
        .map(|(c, m)| (c.points, *m))
        .collect();
    combos.sort();
    assert_eq!(combos, vec![(100, 0b000001), (400, 0b011100)]);
    // Dice 2 and 6 never score; 1, 4 and 5 can.
    assert_eq!(rolls[0].scoring_mask, 0b111101);
    assert_eq!(rolls[1].max_points, 50);
    assert!(rolls[1].selection.is_none());
    assert!(!rolls[1].generated);
}

// ----- seed 002's flow rules -----

fn extended() -> Rules {
    Preset::Extended.rules()
}

#[test]
fn bank_only_after_scoring_in_the_current_roll() {
    let mut g = Game::new(extended(), 2, DiceSource::Supplied).unwrap();
    assert_eq!(g.bank(), Err(GameError::NothingToBank));
    roll(&mut g, &[1, 2, 3, 4, 6, 6]);
    // Rolled but nothing selected: the player must select first.
    assert!(matches!(g.bank(), Err(GameError::WrongPhase { .. })));
    g.select(&[0]).unwrap();
    assert!(g.can_bank());
    // Rolling again spends the bank opportunity of that roll.
    roll(&mut g, &[5, 2, 3, 4, 6]);
    assert!(matches!(g.bank(), Err(GameError::WrongPhase { .. })));
    g.select(&[0]).unwrap();
    assert_eq!(g.bank(), Ok(150));
}

#[test]
fn one_selection_per_roll_and_undo_until_the_next_roll() {
    let mut g = Game::new(extended(), 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 5, 2, 3, 4, 6]);
    // 1 2 3 4 5 6 in some order is a straight: 2000 in the extended rules.
    assert_eq!(g.turn().last_roll().unwrap().max_points, 2000);
    assert_eq!(g.select(&[0]), Ok(100));
    assert!(matches!(g.select(&[1]), Err(GameError::WrongPhase { .. })));
    assert_eq!(g.undo(), Ok(100));
    assert_eq!(g.turn().points, 0);
    assert_eq!(g.turn().hand, 6);
    // The undone die is the pending selection: toggle the 5 in and confirm.
    assert_eq!(g.pending_selection(), 0b000001);
    assert_eq!(g.toggle(1), Ok(0b000011));
    assert_eq!(g.confirm(), Ok(150));
    assert_eq!(g.turn().hand, 4);
    roll(&mut g, &[2, 2, 3, 1]);
    assert!(matches!(g.undo(), Err(GameError::WrongPhase { .. })));
    g.select(&[3]).unwrap();
    assert_eq!(g.turn().points, 250);
}

#[test]
fn an_invalid_selection_is_refused_with_its_reason_and_changes_nothing() {
    let mut g = Game::new(extended(), 2, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 5, 2, 3, 3, 6]);
    let before = g.clone();
    assert_eq!(
        g.select(&[0, 1, 2]),
        Err(GameError::InvalidSelection(InvalidSelection::NonScoring {
            leftover: farkle::FaceCounts([0, 1, 0, 0, 0, 0])
        }))
    );
    assert_eq!(
        g.select(&[]),
        Err(GameError::InvalidSelection(InvalidSelection::Empty))
    );
    assert_eq!(
        g.select(&[0, 6]),
        Err(GameError::IndexOutOfRange { index: 6, len: 6 })
    );
    assert_eq!(
        g.select(&[1, 0, 1]),
        Err(GameError::DuplicateIndex { index: 1 })
    );
    assert_eq!(
        g.confirm(),
        Err(GameError::InvalidSelection(InvalidSelection::Empty))
    );
    assert_eq!(g, before);
}

#[test]
fn hot_dice_resets_the_hand_and_is_counted_per_turn_and_game() {
    let mut g = Game::new(extended(), 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[2, 2, 2, 3, 3, 3]);
    assert_eq!(g.select(&[0, 1, 2, 3, 4, 5]), Ok(2500));
    assert_eq!(g.turn().hand, 6);
    roll(&mut g, &[5, 5, 5, 5, 5, 5]);
    // Six 5s: the triple 500 x 4.
    assert_eq!(g.select(&[0, 1, 2, 3, 4, 5]), Ok(2000));
    assert_eq!((g.turn().hand, g.turn().hot_dice), (6, 2));
    // Undo of a hot-dice selection takes the count back.
    g.undo().unwrap();
    assert_eq!((g.turn().hand, g.turn().hot_dice), (6, 1));
    g.select(&[0, 1, 2, 3, 4, 5]).unwrap();
    g.bank().unwrap();
    roll(&mut g, &[1, 2, 3, 4, 5, 6]);
    g.select(&[0, 1, 2, 3, 4, 5]).unwrap();
    assert_eq!(g.turn().hot_dice, 1);
    assert_eq!(g.player(0).unwrap().hot_dice, 3);
}

fn farkle_turn(g: &mut Game) {
    roll(g, &[2, 3, 4, 6, 2, 3]);
    assert_eq!(g.phase(), Phase::Farkled);
    g.acknowledge_farkle().unwrap();
}

#[test]
fn three_farkles_in_a_row_cost_1000_and_the_score_may_go_negative() {
    let mut g = Game::new(extended(), 1, DiceSource::Supplied).unwrap();
    farkle_turn(&mut g);
    farkle_turn(&mut g);
    assert_eq!(g.player(0).unwrap().consecutive_farkles, 2);
    assert_eq!(g.player(0).unwrap().score, 0);
    farkle_turn(&mut g);
    let p = g.player(0).unwrap();
    assert_eq!(p.score, -1000);
    assert_eq!((p.penalties, p.penalty_points, p.farkles), (1, 1000, 3));
    // The streak starts over after the penalty.
    assert_eq!(p.consecutive_farkles, 0);
    assert!(g.events().contains(&Event::Penalty {
        player: 0,
        points: 1000,
        score: -1000
    }));
}

#[test]
fn a_bank_breaks_the_farkle_streak() {
    let mut g = Game::new(extended(), 1, DiceSource::Supplied).unwrap();
    farkle_turn(&mut g);
    farkle_turn(&mut g);
    roll(&mut g, &[1, 2, 3, 4, 6, 6]);
    g.select(&[0]).unwrap();
    g.bank().unwrap();
    farkle_turn(&mut g);
    farkle_turn(&mut g);
    let p = g.player(0).unwrap();
    assert_eq!((p.score, p.consecutive_farkles, p.penalties), (100, 2, 0));
}

#[test]
fn a_penalty_that_loses_all_resets_the_score() {
    let rules = Rules {
        farkle_penalty_points: 0,
        farkle_penalty_loses_all: true,
        farkle_penalty_streak: 2,
        ..extended()
    };
    let mut g = Game::new(rules, 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 1, 1, 2, 3, 4]);
    g.select(&[0, 1, 2]).unwrap();
    g.bank().unwrap();
    farkle_turn(&mut g);
    farkle_turn(&mut g);
    let p = g.player(0).unwrap();
    assert_eq!(
        (p.score, p.penalty_points, p.banked_points),
        (0, 1000, 1000)
    );
}

#[test]
fn the_game_ends_when_the_target_is_reached() {
    let rules = Rules {
        target_score: 1000,
        ..extended()
    };
    let mut g = Game::new(rules, 2, DiceSource::Supplied).unwrap();
    roll(&mut g, &[5, 5, 5, 2, 3, 4]);
    g.select(&[0, 1, 2]).unwrap();
    g.bank().unwrap();
    assert_eq!(g.phase(), Phase::AwaitingRoll);
    roll(&mut g, &[1, 1, 1, 2, 3, 4]);
    g.select(&[0, 1, 2]).unwrap();
    assert_eq!(g.bank(), Ok(1000));
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), Some(0b10));
    assert_eq!(g.roll_with(&[1; 6]).unwrap_err(), GameError::GameOver);
    assert_eq!(g.bank(), Err(GameError::GameOver));
    assert_eq!(g.leave(0), Err(GameError::GameOver));
}

#[test]
fn a_final_round_gives_every_other_player_one_more_turn_and_ties_are_ties() {
    let rules = Rules {
        target_score: 1000,
        min_entry_score: 0,
        ..Preset::Classic.rules()
    };
    let mut g = Game::new(rules, 3, DiceSource::Supplied).unwrap();
    // Player 0 banks 500, player 1 reaches 1000, players 2 and 0 get one more turn each.
    roll(&mut g, &[5, 5, 5, 2, 3, 4]);
    g.select(&[0, 1, 2]).unwrap();
    g.bank().unwrap();
    roll(&mut g, &[1, 1, 1, 2, 3, 4]);
    g.select(&[0, 1, 2]).unwrap();
    g.bank().unwrap();
    assert_eq!(g.final_round_player(), Some(1));
    assert_eq!(g.phase(), Phase::AwaitingRoll);
    assert_eq!(g.current_player(), 2);
    farkle_turn(&mut g);
    assert_eq!(g.current_player(), 0);
    assert_eq!(g.round(), 2);
    roll(&mut g, &[5, 5, 5, 2, 3, 4]);
    g.select(&[0, 1, 2]).unwrap();
    g.bank().unwrap();
    // 500 + 500 ties player 1's 1000.
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), Some(0b011));
}

#[test]
fn the_turn_limit_ends_the_game_with_the_highest_score() {
    let rules = Rules {
        turn_limit: 2,
        ..Preset::Additive.rules()
    };
    let mut g = Game::new(rules, 2, DiceSource::Supplied).unwrap();
    for (dice, sel) in [
        (&[1, 2, 3, 4, 6, 6], &[0][..]),
        (&[5, 2, 3, 4, 6, 6], &[0][..]),
        (&[5, 2, 3, 4, 6, 6], &[0][..]),
    ] {
        roll(&mut g, dice);
        g.select(sel).unwrap();
        g.bank().unwrap();
        assert_ne!(g.phase(), Phase::GameOver);
    }
    farkle_turn(&mut g);
    assert_eq!(g.phase(), Phase::GameOver);
    // Player 0: 100 + 50, player 1: 50 + 0.
    assert_eq!(g.winners(), Some(0b01));
    assert_eq!(g.player(1).unwrap().turns, 2);
}

// ----- seed 001: minimum entry -----

#[test]
fn minimum_entry_score_then_any_score() {
    let mut g = Game::new(Preset::Classic.rules(), 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 5, 5, 2, 3, 4]);
    g.select(&[0, 1, 2]).unwrap();
    let before = g.clone();
    assert_eq!(
        g.bank(),
        Err(GameError::BelowMinimumEntry {
            points: 200,
            required: 500
        })
    );
    assert_eq!(g, before);
    roll(&mut g, &[5, 5, 5]);
    g.select(&[0, 1, 2]).unwrap();
    assert_eq!(g.turn().hand, 6);
    assert_eq!(g.bank(), Ok(700));
    assert!(g.player(0).unwrap().on_board);
    roll(&mut g, &[5, 2, 3, 4, 6, 6]);
    g.select(&[0]).unwrap();
    assert_eq!(g.bank(), Ok(50));
    assert_eq!(g.player(0).unwrap().score, 750);
}

#[test]
fn minimum_bank_score_applies_to_every_bank() {
    let mut g = Game::new(Preset::Zilch.rules(), 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 2, 3, 4, 6, 6]);
    g.select(&[0]).unwrap();
    assert_eq!(
        g.bank(),
        Err(GameError::BelowMinimumBank {
            points: 100,
            required: 300
        })
    );
    roll(&mut g, &[1, 1, 2, 3, 4]);
    g.select(&[0, 1]).unwrap();
    assert_eq!(g.bank(), Ok(300));
}

#[test]
fn without_hot_dice_an_empty_hand_must_bank_or_forfeit() {
    let rules = Rules {
        hot_dice: false,
        ..Preset::Classic.rules()
    };
    let mut g = Game::new(rules, 2, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 1, 1, 5, 5, 5]);
    g.select(&[0, 1, 2, 3, 4, 5]).unwrap();
    assert_eq!(g.turn().hand, 0);
    assert_eq!(g.roll_with(&[]).unwrap_err(), GameError::HandEmpty);
    assert_eq!(g.forfeit_turn(), Err(GameError::ForfeitNotAllowed));
    assert_eq!(g.bank(), Ok(2500));
    // Below the entry score with nothing left to roll: stuck, so the turn may be forfeited.
    roll(&mut g, &[1, 2, 3, 4, 6, 6]);
    g.select(&[0]).unwrap();
    roll(&mut g, &[5, 2, 2, 3, 3]);
    g.select(&[0]).unwrap();
    roll(&mut g, &[1, 3, 4, 6]);
    g.select(&[0]).unwrap();
    roll(&mut g, &[5, 4, 4]);
    g.select(&[0]).unwrap();
    roll(&mut g, &[1, 6]);
    g.select(&[0]).unwrap();
    roll(&mut g, &[5]);
    g.select(&[0]).unwrap();
    assert_eq!(g.turn().points, 450);
    assert!(g.can_forfeit());
    assert_eq!(g.forfeit_turn(), Ok(450));
    assert_eq!(g.current_player(), 0);
    assert_eq!(g.player(1).unwrap().forfeited_points, 450);
    assert_eq!(g.player(1).unwrap().consecutive_farkles, 0);
}

// ----- leaving -----

#[test]
fn leaving_mid_turn_passes_play_on_without_breaking_the_order() {
    let mut g = Game::new(extended(), 4, DiceSource::Supplied).unwrap();
    farkle_turn(&mut g); // player 0
    roll(&mut g, &[1, 2, 3, 4, 6, 6]); // player 1
    g.select(&[0]).unwrap();
    g.leave(1).unwrap();
    assert_eq!(g.current_player(), 2);
    assert_eq!(g.turn().points, 0);
    assert_eq!(g.player(1).unwrap().score, 0);
    assert_eq!(g.leave(1), Err(GameError::PlayerDeparted(1)));
    assert_eq!(
        g.leave(4),
        Err(GameError::UnknownPlayer { index: 4, count: 4 })
    );
    // Someone else leaves during player 2's turn: 2's turn goes on.
    g.leave(3).unwrap();
    assert_eq!(g.current_player(), 2);
    farkle_turn(&mut g);
    assert_eq!(g.current_player(), 0);
    assert_eq!(g.round(), 2);
    farkle_turn(&mut g);
    assert_eq!(g.current_player(), 2);
    // Only player 0 is left when 2 leaves: the game ends and 0 wins.
    g.leave(2).unwrap();
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.turn().ended, Some(TurnEnd::Left));
    assert_eq!(g.winners(), Some(0b0001));
}

#[test]
fn a_departed_player_keeps_their_score_but_cannot_win() {
    let mut g = Game::new(extended(), 3, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 1, 1, 2, 3, 4]);
    g.select(&[0, 1, 2]).unwrap();
    g.bank().unwrap();
    g.leave(0).unwrap();
    assert_eq!(g.player(0).unwrap().score, 1000);
    g.leave(2).unwrap();
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), Some(0b010));
}

#[test]
fn supplied_dice_are_validated_and_generated_rolls_need_a_generator() {
    let mut g = Game::new(extended(), 1, DiceSource::Supplied).unwrap();
    let before = g.clone();
    assert_eq!(g.roll().unwrap_err(), GameError::NoDiceGenerator);
    assert_eq!(
        g.roll_with(&[1, 2, 3]).unwrap_err(),
        GameError::WrongDiceCount {
            given: 3,
            expected: 6
        }
    );
    assert!(matches!(
        g.roll_with(&[1, 2, 3, 4, 5, 7]).unwrap_err(),
        GameError::InvalidDice(_)
    ));
    assert_eq!(g, before);
    // A seeded game accepts supplied dice too.
    let mut s = Game::new(extended(), 1, DiceSource::Seeded { seed: 7 }).unwrap();
    roll(&mut s, &[1, 2, 3, 4, 6, 6]);
    assert_eq!(s.turn().points, 0);
    assert_eq!(s.phase(), Phase::AwaitingSelection);
}

#[test]
fn player_count_and_rules_are_checked() {
    assert_eq!(
        Game::new(extended(), 0, DiceSource::Supplied).unwrap_err(),
        GameError::PlayerCount(0)
    );
    assert_eq!(
        Game::new(extended(), 65, DiceSource::Supplied).unwrap_err(),
        GameError::PlayerCount(65)
    );
    assert!(Game::new(extended(), 64, DiceSource::Supplied).is_ok());
    let bad = Rules {
        dice_count: 0,
        ..extended()
    };
    assert!(matches!(
        Game::new(bad, 2, DiceSource::Supplied),
        Err(GameError::Rules(_))
    ));
}

#[test]
fn a_game_can_move_between_threads() {
    fn send<T: Send>(_: &T) {}
    let g = Game::new(extended(), 2, DiceSource::Seeded { seed: 1 }).unwrap();
    send(&g);
    let g = std::thread::spawn(move || {
        let mut g = g;
        g.roll().unwrap();
        g
    })
    .join()
    .unwrap();
    assert_eq!(g.turn().rolls.len(), 1);
}

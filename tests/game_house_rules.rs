// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The game knobs among the house rules, in whole games played with supplied dice: an exact
//! target (refused and busting banks), the hot-dice multiplier, and singles only before entry.
//! Every expected number is worked out by hand from the classic preset (a single 1 = 100, a
//! single 5 = 50, three 1s = 1000, three of another face = 100 x the face, a 1-6 straight =
//! 1500, two triplets = 2500) in the comments; each game also survives a save and load.

use farkle::{
    Action, DiceSource, Event, ExactTarget, Game, GameError, Phase, Preset, Rules, TurnEnd,
};

fn roll(game: &mut Game, dice: &[u8]) {
    game.roll_with(dice)
        .unwrap_or_else(|e| panic!("rolling {dice:?}: {e}"));
}

/// The game equals itself saved and loaded again.
fn assert_round_trip(game: &Game) {
    assert_eq!(Game::load(&game.save()).as_ref(), Ok(game));
}

/// Classic to a target of 1,000 that must be hit exactly, no minimum entry, no final round.
fn exact(how: ExactTarget) -> Rules {
    Rules {
        target_score: 1000,
        min_entry_score: 0,
        final_round: false,
        exact_target: how,
        ..Preset::Classic.rules()
    }
}

#[test]
fn an_exact_target_refuses_a_bank_past_it() {
    let mut g = Game::new(exact(ExactTarget::Refuse), 2, DiceSource::Supplied).unwrap();
    // Ann: 1 + 5 = 150 (no straight without a 4, one pair of 3s). Ann 150.
    roll(&mut g, &[1, 5, 2, 3, 3, 6]);
    assert_eq!(g.select(&[0, 1]), Ok(150));
    assert_eq!(g.bank(), Ok(150));
    // Bob: the 5 = 50. Bob 50.
    roll(&mut g, &[2, 3, 4, 6, 6, 5]);
    assert_eq!(g.select(&[5]), Ok(50));
    assert_eq!(g.bank(), Ok(50));
    // Ann: 1 1 1 + 5 = 1,050; 150 + 1,050 = 1,200 passes 1,000: refused, she must roll on.
    roll(&mut g, &[1, 1, 1, 5, 2, 3]);
    assert_eq!(g.select(&[0, 1, 2, 3]), Ok(1050));
    let refused = GameError::PastExactTarget {
        score: 150,
        points: 1050,
        target: 1000,
    };
    let before = g.clone();
    assert_eq!(g.bank(), Err(refused.clone()));
    assert_eq!(g.apply(Action::Bank), Err(refused));
    assert_eq!(g, before);
    assert!(!g.can_bank() && !g.can_forfeit());
    assert_eq!(g.legal_actions(), [Action::Roll, Action::Undo]);
    assert_round_trip(&g);
    // 2 3 scores nothing: a farkle loses the 1,050. Ann stays at 150.
    roll(&mut g, &[2, 3]);
    assert_eq!(g.phase(), Phase::Farkled);
    g.acknowledge_farkle().unwrap();
    // Bob: three 1s would make 50 + 1,000 = 1,050: refused; one 1 (100) banks, 150.
    roll(&mut g, &[1, 1, 1, 2, 3, 4]);
    assert_eq!(g.select(&[0, 1, 2]), Ok(1000));
    assert!(matches!(g.bank(), Err(GameError::PastExactTarget { .. })));
    assert_eq!(g.undo(), Ok(1000));
    assert_eq!(g.select(&[0]), Ok(100));
    assert_eq!(g.bank(), Ok(100));
    // Ann: 5 5 5 = 500, then 3 3 3 = 300 (hot dice), then a 5 = 50: 850, and 150 + 850 is
    // exactly 1,000: the bank stands and, without a final round, ends the game.
    roll(&mut g, &[5, 5, 5, 3, 3, 2]);
    assert_eq!(g.select(&[0, 1, 2]), Ok(500));
    roll(&mut g, &[3, 3, 3]);
    assert_eq!(g.select(&[0, 1, 2]), Ok(300));
    assert_eq!(g.turn().hand, 6);
    roll(&mut g, &[5, 2, 3, 4, 6, 6]);
    assert_eq!(g.select(&[0]), Ok(50));
    assert_eq!(g.bank(), Ok(850));
    assert_eq!(g.phase(), Phase::GameOver);
    let scores: Vec<i64> = g.players().iter().map(|p| p.score).collect();
    assert_eq!(scores, [1000, 150]);
    assert_eq!(g.winners(), Some(0b01));
    assert_round_trip(&g);
}

#[test]
fn an_exact_target_busts_a_bank_past_it_keeping_the_farkle_streak() {
    let mut g = Game::new(exact(ExactTarget::Bust), 2, DiceSource::Supplied).unwrap();
    // Ann: 1 + 5 = 150. Bob: the 5, 50.
    roll(&mut g, &[1, 5, 2, 3, 3, 6]);
    g.select(&[0, 1]).unwrap();
    assert_eq!(g.bank(), Ok(150));
    roll(&mut g, &[2, 3, 4, 6, 6, 5]);
    g.select(&[5]).unwrap();
    assert_eq!(g.bank(), Ok(50));
    // Ann farkles (no 1, no 5, two pairs): her streak is 1.
    roll(&mut g, &[2, 2, 3, 4, 6, 6]);
    g.acknowledge_farkle().unwrap();
    assert_eq!(g.players()[0].consecutive_farkles, 1);
    // Bob: 1 + 5 = 150; 50 + 150 = 200.
    roll(&mut g, &[1, 5, 2, 3, 3, 6]);
    g.select(&[0, 1]).unwrap();
    assert_eq!(g.bank(), Ok(150));
    // Ann: 1 1 1 + 5 = 1,050; 150 + 1,050 = 1,200 passes 1,000: the bank is allowed but
    // busts. She keeps 150, loses the 1,050, and her streak stays 1 (a bank would reset it to
    // 0, a farkle raise it to 2).
    roll(&mut g, &[1, 1, 1, 5, 2, 3]);
    assert_eq!(g.select(&[0, 1, 2, 3]), Ok(1050));
    assert!(g.legal_actions().contains(&Action::Bank));
    assert_eq!(g.bank(), Ok(0));
    let ann = &g.players()[0];
    assert_eq!(
        (ann.score, ann.consecutive_farkles, ann.farkles, ann.turns),
        (150, 1, 1, 3)
    );
    assert_eq!(ann.forfeited_points, 1050);
    assert_eq!(ann.banked_points, 150);
    assert_eq!(g.turn().player, 1);
    let n = g.events().len();
    assert_eq!(
        g.events()[n - 2..],
        [
            Event::Busted {
                player: 0,
                points: 1050,
                score: 150
            },
            Event::TurnStarted {
                player: 1,
                round: 3
            },
        ]
    );
    assert_eq!(g.events()[n - 2].action(), Some(Action::Bank));
    assert_round_trip(&g);
    // Bob: 5 5 5 = 500, 3 3 3 = 300 (hot dice): 800, and 200 + 800 is exactly 1,000: he wins.
    roll(&mut g, &[5, 5, 5, 3, 3, 2]);
    g.select(&[0, 1, 2]).unwrap();
    roll(&mut g, &[3, 3, 3]);
    g.select(&[0, 1, 2]).unwrap();
    assert_eq!(g.bank(), Ok(800));
    let scores: Vec<i64> = g.players().iter().map(|p| p.score).collect();
    assert_eq!(scores, [150, 1000]);
    assert_eq!(g.winners(), Some(0b10));
    assert_round_trip(&g);
}

#[test]
fn a_bust_ends_the_turn_as_busted() {
    // One player, one turn: the bust ends the game, and the turn stays readable.
    let rules = Rules {
        turn_limit: 1,
        ..exact(ExactTarget::Bust)
    };
    let mut g = Game::new(rules, 1, DiceSource::Supplied).unwrap();
    // Three 1s and three 5s are two triplets, 2,500 (hot dice), then a 1: 2,600, past 1,000
    // from 0: a bust.
    roll(&mut g, &[1, 1, 1, 5, 5, 5]);
    assert_eq!(g.select_mask(0b11_1111), Ok(2500));
    roll(&mut g, &[2, 2, 3, 3, 4, 1]);
    g.select(&[5]).unwrap();
    assert_eq!(g.bank(), Ok(0));
    assert_eq!(g.players()[0].score, 0);
    assert!(!g.players()[0].on_board);
    assert_eq!(g.turn().ended, Some(TurnEnd::Busted));
    assert_eq!((g.turn().forfeited, g.turn().points), (2600, 0));
    assert_eq!(g.phase(), Phase::GameOver);
    assert!(g
        .events()
        .iter()
        .any(|e| matches!(e, Event::Busted { points: 2600, .. })));
    assert_round_trip(&g);
}

/// Classic with hot-dice multiplier `step`, no minimum entry.
fn multiplied(step: u32) -> Game {
    let rules = Rules {
        hot_dice_multiplier_step: step,
        min_entry_score: 0,
        ..Preset::Classic.rules()
    };
    Game::new(rules, 2, DiceSource::Supplied).unwrap()
}

/// A turn with two hot dice: the straight 1,500 (x1), two triplets 2,500 (x m1), a 1 (x m2).
fn two_hot_dice_turn(g: &mut Game) -> [i32; 3] {
    roll(g, &[1, 2, 3, 4, 5, 6]);
    let first = g.select_mask(0b11_1111).unwrap();
    roll(g, &[1, 1, 1, 5, 5, 5]);
    let second = g.select_mask(0b11_1111).unwrap();
    roll(g, &[1, 2, 2, 3, 4, 6]);
    let third = g.select(&[0]).unwrap();
    [first, second, third]
}

#[test]
fn the_hot_dice_multiplier_step_1_counts_x1_x2_x3() {
    let mut g = multiplied(1);
    assert_eq!(g.turn().multiplier, 1);
    // 1,500 x 1 + 2,500 x 2 + 100 x 3 = 1,500 + 5,000 + 300 = 6,800.
    assert_eq!(two_hot_dice_turn(&mut g), [1500, 5000, 300]);
    assert_eq!((g.turn().hot_dice, g.turn().multiplier), (2, 3));
    assert_eq!(g.turn().points, 6800);
    assert_round_trip(&g);
    assert_eq!(g.bank(), Ok(6800));
    // The next turn starts at x1 again.
    assert_eq!(g.turn().multiplier, 1);
    assert_eq!(g.players()[0].score, 6800);
}

#[test]
fn the_hot_dice_multiplier_step_2_counts_x1_x3_x5_and_undo_takes_it_back() {
    let mut g = multiplied(2);
    // 1,500 x 1 + 2,500 x 3 + 100 x 5 = 1,500 + 7,500 + 500 = 9,500.
    assert_eq!(two_hot_dice_turn(&mut g), [1500, 7500, 500]);
    assert_eq!(g.turn().points, 9500);
    assert_eq!(g.turn().multiplier, 5);
    // Undoing the 1 keeps x5 (it emptied nothing); its dice are selected again for 500.
    assert_eq!(g.undo(), Ok(500));
    assert_eq!(g.select(&[0]), Ok(500));
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::Selected {
            mask: 0b11_1111,
            points: 7500,
            ..
        }
    )));
    assert_eq!(g.bank(), Ok(9500));
    // Bob: the straight (x1), then undo it: back to x1 and 0 points.
    roll(&mut g, &[6, 5, 4, 3, 2, 1]);
    assert_eq!(g.select_mask(0b11_1111), Ok(1500));
    assert_eq!(g.turn().multiplier, 3);
    assert_eq!(g.undo(), Ok(1500));
    assert_eq!((g.turn().multiplier, g.turn().points), (1, 0));
    assert_round_trip(&g);
}

#[test]
fn a_whole_game_under_the_hot_dice_multiplier() {
    // Classic to 10,000 with a final round, no entry minimum, multiplier step 1.
    let mut g = multiplied(1);
    // Ann: 1,500 x 1 + 2,500 x 2 + 100 x 3 = 6,800 (as above).
    assert_eq!(two_hot_dice_turn(&mut g), [1500, 5000, 300]);
    assert_eq!(g.bank(), Ok(6800));
    // Bob: 2 2 3 4 6 6 has no 1, no 5, no triple and only two pairs: a farkle.
    roll(&mut g, &[2, 3, 4, 6, 6, 2]);
    g.acknowledge_farkle().unwrap();
    // Ann: the straight 1,500 (x1, hot dice), then three 1s 1,000 x 2 = 2,000: 3,500, and
    // 6,800 + 3,500 = 10,300 reaches the target, so Bob gets one last turn.
    roll(&mut g, &[6, 5, 4, 3, 2, 1]);
    assert_eq!(g.select_mask(0b11_1111), Ok(1500));
    roll(&mut g, &[1, 1, 1, 2, 3, 4]);
    assert_eq!(g.select(&[0, 1, 2]), Ok(2000));
    assert_eq!(g.bank(), Ok(3500));
    assert_eq!(g.phase(), Phase::AwaitingRoll);
    // Bob's last turn: 6,800 again (x1, x2, x3); 6,800 < 10,300, so Ann wins.
    assert_eq!(two_hot_dice_turn(&mut g), [1500, 5000, 300]);
    assert_eq!(g.bank(), Ok(6800));
    let scores: Vec<i64> = g.players().iter().map(|p| p.score).collect();
    assert_eq!(scores, [10_300, 6800]);
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), Some(0b01));
    assert_round_trip(&g);
}

/// Classic (entry 500) where only single 1s and 5s score before getting on the board.
fn singles_first() -> Game {
    let rules = Rules {
        singles_only_before_entry: true,
        ..Preset::Classic.rules()
    };
    Game::new(rules, 2, DiceSource::Supplied).unwrap()
}

#[test]
fn singles_only_before_entry_then_every_combination() {
    let mut g = singles_first();
    // Ann is off the board: three 2s (200 in classic) score nothing, a farkle.
    roll(&mut g, &[2, 2, 2, 3, 4, 6]);
    assert_eq!(g.phase(), Phase::Farkled);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 0);
    g.acknowledge_farkle().unwrap();
    // Bob, off the board: three 1s are three singles, 300 (not 1,000).
    roll(&mut g, &[1, 1, 1, 2, 3, 4]);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 300);
    assert_eq!(g.legal_selections()[0].selection.points, 300);
    assert_eq!(g.select(&[0, 1, 2]), Ok(300));
    // Three 5s: 150 (not 500), hot dice; 450 is below the entry of 500.
    roll(&mut g, &[5, 5, 5]);
    assert_eq!(g.select(&[0, 1, 2]), Ok(150));
    assert!(matches!(
        g.bank(),
        Err(GameError::BelowMinimumEntry { points: 450, .. })
    ));
    // 1 and 5 of six dice: 150; 600 gets him on the board.
    roll(&mut g, &[1, 5, 2, 3, 3, 6]);
    assert_eq!(g.select(&[0, 1]), Ok(150));
    assert_eq!(g.bank(), Ok(600));
    assert!(g.players()[1].on_board);
    // Ann, still off: a 1-6 straight is just 1 + 5 = 150.
    roll(&mut g, &[1, 2, 3, 4, 5, 6]);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 150);
    assert!(g.select_mask(0b11_1111).is_err());
    assert_eq!(g.select(&[0, 4]), Ok(150));
    assert_round_trip(&g);
    roll(&mut g, &[2, 3, 4, 6]);
    g.acknowledge_farkle().unwrap();
    // Bob, on the board: three 1s are 1,000 and three 2s 200 (hot dice): 1,200, 1,800.
    roll(&mut g, &[1, 1, 1, 2, 3, 4]);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 1000);
    assert_eq!(g.select(&[0, 1, 2]), Ok(1000));
    roll(&mut g, &[2, 2, 2]);
    assert_eq!(g.select(&[0, 1, 2]), Ok(200));
    assert_eq!(g.bank(), Ok(1200));
    let scores: Vec<i64> = g.players().iter().map(|p| p.score).collect();
    assert_eq!(scores, [0, 1800]);
    assert_round_trip(&g);
}

#[test]
fn all_three_knobs_save_and_load_mid_turn() {
    let rules = Rules {
        singles_only_before_entry: true,
        hot_dice_multiplier_step: 2,
        exact_target: ExactTarget::Refuse,
        target_score: 2000,
        min_entry_score: 0,
        ..Preset::Classic.rules()
    };
    let mut g = Game::new(rules, 2, DiceSource::Seeded { seed: 7 }).unwrap();
    // Ann, off the board: 1 + 5 = 150 gets her on.
    roll(&mut g, &[1, 5, 2, 3, 3, 6]);
    g.select(&[0, 1]).unwrap();
    assert_eq!(g.bank(), Ok(150));
    // Bob, off the board: three 2s farkle.
    roll(&mut g, &[2, 2, 2, 3, 4, 6]);
    g.acknowledge_farkle().unwrap();
    // Ann: the straight, 1,500 x1 (hot dice, now x3), then a 1 x3 = 300: 1,800 in the turn.
    roll(&mut g, &[1, 2, 3, 4, 5, 6]);
    assert_eq!(g.select_mask(0b11_1111), Ok(1500));
    roll(&mut g, &[1, 2, 2, 3, 4, 6]);
    assert_eq!(g.select(&[0]), Ok(300));
    // 150 + 1,800 = 1,950: bankable; a generated roll follows.
    assert!(g.can_bank());
    g.roll().unwrap();
    let text = g.save();
    let loaded = Game::load(&text).unwrap();
    assert_eq!(loaded, g);
    assert_eq!(loaded.turn().multiplier, 3);
    assert_eq!(loaded.turn().points, 1800);
    assert_eq!(loaded.save(), text);
}

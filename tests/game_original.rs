// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The `original` preset and its knob `auto_take_straight_and_three_pairs`, in games played
//! with supplied dice. Every expected number is worked out by hand from the original C
//! program's scoring (its libfarkle.c): a single 1 = 100, a single 5 = 50, three of a face =
//! 100 x the face (three 1s = 1000), each die beyond three adds the triple again, and a roll
//! of six dice that is the straight 1-6 (3000) or three pairs of different faces (2000) is
//! selected for the player as it comes (`determineRollType`), who may then bank, roll six
//! fresh dice, or take it back (`unpick`) and pick from the roll. The whole games against the
//! original program itself are in `tests/programs/original.rs`.

use farkle::{Action, DiceSource, Event, Game, Phase, Preset, Rules};

fn roll(game: &mut Game, dice: &[u8]) {
    game.roll_with(dice)
        .unwrap_or_else(|e| panic!("rolling {dice:?}: {e}"));
}

/// The events since `before`.
fn since(game: &Game, before: usize) -> &[Event] {
    &game.events()[before..]
}

#[test]
fn the_original_preset_is_the_readme_rules_plus_two_combinations() {
    let original = Preset::Original.rules();
    assert_eq!(original.validate(), Ok(()));
    assert_eq!(Preset::from_name("Original"), Some(Preset::Original));
    assert_eq!(Preset::Original.name(), "original");
    // The README's rules (the additive preset) but for the straight, three pairs, and the
    // knob that takes them at once.
    assert_eq!(
        Rules {
            straight: 0,
            three_pairs: 0,
            auto_take_straight_and_three_pairs: false,
            ..original
        },
        Preset::Additive.rules()
    );
    assert_eq!((original.straight, original.three_pairs), (3000, 2000));
    assert!(original.auto_take_straight_and_three_pairs);
    // Ten turns each, highest score wins, as the original's default `-t`.
    assert_eq!((original.turn_limit, original.target_score), (10, 0));
}

#[test]
fn a_straight_or_three_pairs_is_set_aside_as_it_is_rolled() {
    let mut g = Game::new(Preset::Original.rules(), 2, DiceSource::Supplied).unwrap();
    // Ann rolls the straight: all six dice are hers for 3000, and they come back (hot dice).
    let before = g.events().len();
    roll(&mut g, &[3, 1, 2, 6, 5, 4]);
    assert_eq!(
        since(&g, before)[1..],
        [
            Event::Selected {
                player: 0,
                mask: 0b11_1111,
                points: 3000,
                automatic: true,
            },
            Event::HotDice { player: 0 },
        ]
    );
    assert!(since(&g, before)[1..].iter().all(|e| !e.is_action()));
    assert_eq!(g.phase(), Phase::AwaitingRoll);
    assert_eq!((g.turn().points, g.turn().hand), (3000, 6));
    assert_eq!(
        g.legal_actions(),
        [Action::Roll, Action::Undo, Action::Bank]
    );
    // Three pairs of 1s, 5s and 3s: 2000, not the 300 of the four singles.
    roll(&mut g, &[1, 5, 3, 1, 3, 5]);
    assert_eq!(g.turn().points, 5000);
    assert_eq!(g.bank(), Ok(5000));
    // Bob: three pairs of faces that score nothing on their own still make 2000.
    roll(&mut g, &[2, 4, 6, 2, 6, 4]);
    assert_eq!((g.phase(), g.turn().points), (Phase::AwaitingRoll, 2000));
    assert_eq!(g.bank(), Ok(2000));
    assert_eq!(Game::load(&g.save()).as_ref(), Ok(&g));
}

#[test]
fn other_six_dice_rolls_are_picked_by_the_player() {
    // Four 2s and a pair of 3s is no three pairs in the original (a face shows 4 times):
    // 2 2 2 2 scores 200 x 2 = 400 and the 3s nothing. Six 1s: 1000 x 4 = 4000. Two triplets:
    // 200 + 300 = 500. 1 to 5 and another 5 is no straight: the 1 and the two 5s, 200.
    for (dice, best) in [
        ([2, 2, 3, 2, 2, 3], 400),
        ([1, 1, 1, 1, 1, 1], 4000),
        ([2, 3, 2, 3, 2, 3], 500),
        ([1, 2, 3, 4, 5, 5], 200),
    ] {
        let mut g = Game::new(Preset::Original.rules(), 1, DiceSource::Supplied).unwrap();
        roll(&mut g, &dice);
        assert_eq!(g.phase(), Phase::AwaitingSelection, "{dice:?}");
        assert_eq!(g.turn().last_roll().unwrap().max_points, best, "{dice:?}");
    }
    // With fewer than six dice there is neither a straight nor three pairs: after a 1, five
    // dice 2 3 4 5 6 are picked (the 5, 50).
    let mut g = Game::new(Preset::Original.rules(), 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 2, 2, 3, 4, 6]);
    assert_eq!(g.select(&[0]), Ok(100));
    roll(&mut g, &[2, 3, 4, 5, 6]);
    assert_eq!(g.phase(), Phase::AwaitingSelection);
    assert_eq!(g.select(&[3]), Ok(50));
}

#[test]
fn the_player_may_take_the_dice_back_and_pick_instead() {
    let mut g = Game::new(Preset::Original.rules(), 2, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 2, 3, 4, 5, 6]);
    // `unpick` in the original: the 3000 leave the turn and the roll awaits a pick.
    assert_eq!(g.undo(), Ok(3000));
    assert_eq!((g.phase(), g.turn().points), (Phase::AwaitingSelection, 0));
    // The 1 and the 5: 150, four dice left.
    assert_eq!(g.select(&[0, 4]), Ok(150));
    assert_eq!(g.turn().hand, 4);
    assert_eq!(g.bank(), Ok(150));
    assert_eq!(Game::load(&g.save()).as_ref(), Ok(&g));
}

#[test]
fn the_knob_works_with_any_rules() {
    // Classic scoring with the knob: the straight is its 1500, three pairs its 1500.
    let classic = Rules {
        auto_take_straight_and_three_pairs: true,
        min_entry_score: 0,
        ..Preset::Classic.rules()
    };
    let mut g = Game::new(classic, 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[6, 5, 4, 3, 2, 1]);
    assert_eq!(g.turn().points, 1500);
    // Extended counts four of a kind and a pair as three pairs (1250), but four 1s (2000)
    // and two 5s (100) read better: not three pairs, so picked.
    let extended = Rules {
        auto_take_straight_and_three_pairs: true,
        ..Preset::Extended.rules()
    };
    let mut g = Game::new(extended, 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 1, 1, 1, 5, 5]);
    assert_eq!(g.phase(), Phase::AwaitingSelection);
    // ... while four 2s and two 3s read best as three pairs (1250 > 400): taken.
    let mut g = Game::new(extended, 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[2, 2, 2, 2, 3, 3]);
    assert_eq!((g.phase(), g.turn().points), (Phase::AwaitingRoll, 1250));
    // Eight dice: a straight and two more 1s is not a straight alone (3000 + 200), so it is
    // picked; after keeping two 1s, six dice 1 to 6 are one, and are taken.
    let eight = Rules {
        dice_count: 8,
        ..Preset::Original.rules()
    };
    let mut g = Game::new(eight, 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 2, 3, 4, 5, 6, 1, 1]);
    assert_eq!(g.phase(), Phase::AwaitingSelection);
    assert_eq!(g.select(&[6, 7]), Ok(200));
    roll(&mut g, &[1, 2, 3, 4, 5, 6]);
    assert_eq!(
        (g.phase(), g.turn().points, g.turn().hand),
        (Phase::AwaitingRoll, 3200, 8)
    );
    // Singles only before entry: a player off the board scores the straight as its 1 and 5
    // (150), so nothing is taken.
    let entry = Rules {
        singles_only_before_entry: true,
        ..Preset::Original.rules()
    };
    let mut g = Game::new(entry, 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 2, 3, 4, 5, 6]);
    assert_eq!(g.phase(), Phase::AwaitingSelection);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 150);
}

#[test]
fn without_the_knob_the_additive_rules_pick_as_the_readme_says() {
    // The README's rules have no straight and no three pairs: 1-6 scores its 1 and 5 (150),
    // three pairs of 2s, 3s and 4s nothing at all.
    let mut g = Game::new(Preset::Additive.rules(), 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[1, 2, 3, 4, 5, 6]);
    assert_eq!(g.phase(), Phase::AwaitingSelection);
    assert_eq!(g.turn().last_roll().unwrap().max_points, 150);
    assert_eq!(g.select(&[0]), Ok(100));
    roll(&mut g, &[2, 3, 4, 2, 3]);
    assert_eq!(g.phase(), Phase::Farkled);
    let mut g = Game::new(Preset::Additive.rules(), 1, DiceSource::Supplied).unwrap();
    roll(&mut g, &[2, 2, 3, 3, 4, 4]);
    assert_eq!(g.phase(), Phase::Farkled);
}

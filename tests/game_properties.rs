// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Random games with random (legal and illegal) actions under random valid rules. After every
//! step: a refused action changed nothing; each banked score is the sum of the banked turns
//! minus the penalties; the hand never exceeds the set; the turn's points are the sum of its
//! roll points; the log agrees with the records. Saving and loading at random points yields
//! the same game, and replaying the same actions from the same seed reproduces it exactly
//! (with or without the save/load round trips on the way). The same holds for games started
//! from random positions that the rules accept.

use farkle::{
    DiceSource, Event, Game, GameError, GamePosition, Phase, PlayerPosition, Preset, Rules, TurnEnd,
};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Action {
    Roll,
    /// Supplied dice of the right count (faces taken from the vector, cycled).
    RollHand(Vec<u8>),
    /// Supplied dice as given: usually the wrong count or bad faces.
    RollRaw(Vec<u8>),
    /// The n-th legal selection (modulo their number).
    SelectLegal(usize),
    Select(Vec<usize>),
    SelectMask(u16),
    Toggle(usize),
    Confirm,
    Undo,
    Bank,
    Acknowledge,
    Forfeit,
    Leave(usize),
    SaveLoad,
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        6 => Just(Action::Roll),
        4 => prop::collection::vec(1u8..=6, 1..6).prop_map(Action::RollHand),
        1 => prop::collection::vec(0u8..=7, 0..8).prop_map(Action::RollRaw),
        8 => any::<usize>().prop_map(Action::SelectLegal),
        1 => prop::collection::vec(0usize..8, 0..5).prop_map(Action::Select),
        1 => any::<u16>().prop_map(Action::SelectMask),
        2 => (0usize..8).prop_map(Action::Toggle),
        1 => Just(Action::Confirm),
        1 => Just(Action::Undo),
        4 => Just(Action::Bank),
        4 => Just(Action::Acknowledge),
        1 => Just(Action::Forfeit),
        1 => (0usize..6).prop_map(Action::Leave),
        1 => Just(Action::SaveLoad),
    ]
}

/// Scoring rules to play with: every preset, and two other set sizes. (At most eight, the size
/// of the per-thread scorer cache, so the test does not spend its time rebuilding scorers.)
fn scoring() -> Vec<(Preset, u8)> {
    let mut out: Vec<(Preset, u8)> = Preset::ALL.iter().map(|&p| (p, 6)).collect();
    out.push((Preset::Classic, 3));
    out.push((Preset::Doubling, 8));
    out
}

/// A valid rules value: a preset with its game options varied so that games end quickly.
fn rules() -> impl Strategy<Value = Rules> {
    (
        prop::sample::select(scoring()),
        prop::sample::select(vec![0, 500, 1000, 3000]),
        0u32..4,
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(vec![0, 300, 500]),
        prop::sample::select(vec![0, 200]),
        (
            0u8..4,
            prop::sample::select(vec![0, 500, 1000]),
            any::<bool>(),
        ),
    )
        .prop_map(
            |((preset, dice), target, limit, final_round, hot_dice, entry, bank, penalty)| {
                let (streak, points, loses_all) = penalty;
                let mut r = preset.rules();
                r.target_score = target;
                r.turn_limit = if target == 0 { limit + 1 } else { limit };
                r.final_round = final_round && target > 0;
                r.hot_dice = hot_dice;
                r.min_entry_score = entry;
                r.min_bank_score = bank;
                r.farkle_penalty_streak = streak;
                r.farkle_penalty_points = if streak > 0 && !loses_all && points == 0 {
                    300
                } else {
                    points
                };
                r.farkle_penalty_loses_all = loses_all;
                r.dice_count = dice;
                r.validate().expect("valid rules");
                r
            },
        )
}

fn source() -> impl Strategy<Value = DiceSource> {
    prop_oneof![
        4 => any::<u64>().prop_map(|seed| DiceSource::Seeded { seed }),
        1 => Just(DiceSource::Supplied),
    ]
}

/// Applies one action; `Ok(true)` when it was accepted.
fn apply(game: &mut Game, action: &Action) -> Result<(), GameError> {
    match action {
        Action::Roll => game.roll().map(drop),
        Action::RollHand(faces) => {
            let dice: Vec<u8> = faces
                .iter()
                .cycle()
                .take(usize::from(game.turn().hand))
                .copied()
                .collect();
            game.roll_with(&dice).map(drop)
        }
        Action::RollRaw(dice) => game.roll_with(dice).map(drop),
        Action::SelectLegal(n) => {
            let legal = game.legal_selections();
            let mask = if legal.is_empty() {
                0
            } else {
                legal[n % legal.len()].mask
            };
            game.select_mask(mask).map(drop)
        }
        Action::Select(indices) => game.select(indices).map(drop),
        Action::SelectMask(mask) => game.select_mask(*mask).map(drop),
        Action::Toggle(i) => game.toggle(*i).map(drop),
        Action::Confirm => game.confirm().map(drop),
        Action::Undo => game.undo().map(drop),
        Action::Bank => game.bank().map(drop),
        Action::Acknowledge => game.acknowledge_farkle(),
        Action::Forfeit => game.forfeit_turn().map(drop),
        Action::Leave(p) => game.leave(*p),
        Action::SaveLoad => Ok(()),
    }
}

fn check_invariants(game: &Game) {
    let rules = game.rules();
    let turn = game.turn();
    assert!(turn.hand <= rules.dice_count);
    for (i, p) in game.players().iter().enumerate() {
        assert_eq!(p.score, p.banked_points - p.penalty_points, "player {i}");
        if rules.farkle_penalty_streak > 0 {
            assert!(p.consecutive_farkles < u32::from(rules.farkle_penalty_streak));
        }
        if rules.farkle_penalty_loses_all {
            assert!(p.score >= 0);
        }
        if rules.turn_limit > 0 {
            assert!(p.turns <= rules.turn_limit);
        }
        // A game from a position may have a player on the board at 0, or (without a minimum
        // entry) off it with points.
        if game.start_position().is_none() {
            assert_eq!(p.on_board, p.banked_points > 0);
        }
    }
    let roll_points: i64 = turn.rolls.iter().map(|r| i64::from(r.points())).sum();
    match game.phase() {
        Phase::AwaitingRoll => {
            assert_eq!(turn.ended, None);
            assert_eq!(turn.points, roll_points);
            assert_eq!(game.pending_selection(), 0);
            if let Some(last) = turn.last_roll() {
                assert!(!last.is_farkle);
                let sel = last
                    .selection
                    .as_ref()
                    .expect("a selection before rolling on");
                let expected_hand = if sel.emptied_hand && rules.hot_dice {
                    rules.dice_count
                } else {
                    last.dice.len() as u8 - sel.mask.count_ones() as u8
                };
                assert_eq!(turn.hand, expected_hand);
            } else {
                assert_eq!(turn.hand, rules.dice_count);
            }
            assert_eq!(game.can_bank(), game.check_bank().is_ok());
        }
        Phase::AwaitingSelection => {
            let last = turn.last_roll().expect("a roll");
            assert!(!last.is_farkle && last.selection.is_none());
            assert_eq!(usize::from(turn.hand), last.dice.len());
            assert_eq!(turn.points, roll_points);
            assert!(!game.legal_selections().is_empty());
            assert!(game
                .legal_selections()
                .iter()
                .all(|s| s.selection.points <= last.max_points));
        }
        Phase::Farkled => {
            assert!(turn.last_roll().expect("a roll").is_farkle);
            assert_eq!(turn.points, 0);
        }
        Phase::GameOver => {
            let winners = game.winners().expect("over");
            for (i, p) in game.players().iter().enumerate() {
                if winners & (1 << i) != 0 {
                    assert!(p.active);
                }
            }
            assert_eq!(winners == 0, game.active_players() == 0);
            assert!(matches!(game.events().last(), Some(Event::GameOver { .. })));
            assert!(!(game.can_roll() || game.can_bank() || game.can_undo()));
        }
    }
    if game.phase() != Phase::GameOver {
        assert!(game.winners().is_none());
        assert!(game.player(game.current_player()).unwrap().active);
        assert_ne!(turn.ended, Some(TurnEnd::GameOver));
    }
}

/// The log agrees with the players' records (checked after whole games and round trips, since
/// it walks the whole log).
fn check_log(game: &Game) {
    for (i, p) in game.players().iter().enumerate() {
        // A game from a position counts a positive starting score as banked.
        let start = game
            .start_position()
            .map_or(0, |position| position.players[i].score.max(0));
        let banked: i64 = start
            + game
                .events()
                .iter()
                .filter_map(|e| match e {
                    Event::Banked { player, points, .. } if *player == i => Some(*points),
                    _ => None,
                })
                .sum::<i64>();
        assert_eq!(banked, p.banked_points, "player {i}");
        let farkles = game
            .events()
            .iter()
            .filter(|e| matches!(e, Event::Farkled { player, .. } if *player == i))
            .count();
        assert_eq!(farkles, p.farkles as usize, "player {i}");
    }
}

/// Plays `actions` on a fresh game, checking invariants; with `round_trips`, replaces the game
/// by its saved-and-loaded copy at every SaveLoad action.
fn play(
    rules: Rules,
    players: usize,
    source: DiceSource,
    actions: &[Action],
    round_trips: bool,
) -> Game {
    play_from(
        Game::new(rules, players, source).unwrap(),
        actions,
        round_trips,
    )
}

/// As [`play`], from `game`.
fn play_from(mut game: Game, actions: &[Action], round_trips: bool) -> Game {
    check_invariants(&game);
    for action in actions {
        if let Action::SaveLoad = action {
            if round_trips {
                let loaded = Game::load(&game.save()).expect("a saved game loads");
                assert_eq!(loaded, game);
                check_log(&loaded);
                game = loaded;
            }
            continue;
        }
        let before = game.clone();
        if apply(&mut game, action).is_err() {
            assert_eq!(game, before, "a refused {action:?} changed the game");
        }
        check_invariants(&game);
    }
    check_log(&game);
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_games_keep_their_invariants_and_replay_identically(
        rules in rules(),
        players in 1usize..5,
        source in source(),
        actions in prop::collection::vec(action(), 0..160),
    ) {
        let with_round_trips = play(rules, players, source, &actions, true);
        let straight = play(rules, players, source, &actions, false);
        prop_assert_eq!(&with_round_trips, &straight);
        let loaded = Game::load(&straight.save()).expect("loads");
        prop_assert_eq!(loaded, straight);
    }
}

/// Rules from [`rules`] and a position to try under them: scores in tenths of the target
/// (or of 3,000 without one), sometimes negative and sometimes at the target, mostly on the
/// board, mostly no farkle streak, and a player to move and a round now and then out of range.
fn rules_and_position() -> impl Strategy<Value = (Rules, GamePosition)> {
    rules().prop_flat_map(|rules| {
        let unit = i64::from(if rules.target_score > 0 {
            rules.target_score
        } else {
            3_000
        }) / 10;
        let player = (
            prop_oneof![8 => 0i64..10, 1 => Just(10i64), 1 => -5i64..0],
            prop_oneof![3 => Just(true), 1 => Just(false)],
            prop_oneof![4 => Just(0u32), 1 => 1u32..4],
        )
            .prop_map(
                move |(tenths, on_board, consecutive_farkles)| PlayerPosition {
                    score: tenths * unit,
                    on_board,
                    consecutive_farkles,
                },
            );
        (
            Just(rules),
            prop::collection::vec(player, 1..5),
            prop_oneof![6 => any::<prop::sample::Index>().prop_map(Some), 1 => Just(None)],
            prop_oneof![6 => 1u32..4, 1 => Just(0u32), 1 => 4u32..8],
        )
            .prop_map(|(rules, players, mover, round)| {
                let position = GamePosition {
                    // None: one past the last player.
                    player_to_move: mover.map_or(players.len(), |m| m.index(players.len())),
                    players,
                    round,
                };
                (rules, position)
            })
    })
}

proptest! {
    // About one position in five is accepted: some 120 games.
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// A position is refused with a position error, or makes a game that starts there and
    /// keeps every invariant a game from the start keeps, through play and save/load round
    /// trips, replaying identically.
    #[test]
    fn games_from_positions_keep_their_invariants_and_replay_identically(
        (rules, position) in rules_and_position(),
        source in source(),
        actions in prop::collection::vec(action(), 0..120),
    ) {
        let game = match Game::new_at(rules, &position, source) {
            Err(e) => {
                prop_assert!(matches!(e, GameError::Position(_)), "{e:?}");
                return Ok(());
            }
            Ok(game) => game,
        };
        prop_assert_eq!(game.phase(), Phase::AwaitingRoll);
        prop_assert_eq!(game.current_player(), position.player_to_move);
        prop_assert_eq!(game.round(), position.round);
        for (p, at) in game.players().iter().zip(&position.players) {
            prop_assert_eq!(
                (p.score, p.on_board, p.consecutive_farkles),
                (at.score, at.on_board, at.consecutive_farkles)
            );
        }
        let with_round_trips = play_from(game.clone(), &actions, true);
        let straight = play_from(game, &actions, false);
        prop_assert_eq!(&with_round_trips, &straight);
        let loaded = Game::load(&straight.save()).expect("loads");
        prop_assert_eq!(loaded, straight);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Cutting a saved game anywhere, or changing any one byte of it, is refused.
    #[test]
    fn damaged_saves_are_refused(
        seed in any::<u64>(),
        actions in prop::collection::vec(action(), 0..60),
        cut in any::<prop::sample::Index>(),
        flip in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let game = play(Preset::Classic.rules(), 2, DiceSource::Seeded { seed }, &actions, false);
        let text = game.save();
        let at = cut.index(text.len());
        prop_assert!(Game::load_bytes(&text.as_bytes()[..at]).is_err());
        let mut bytes = text.clone().into_bytes();
        let i = flip.index(bytes.len());
        if bytes[i] != byte {
            bytes[i] = byte;
            prop_assert!(Game::load_bytes(&bytes).is_err());
        }
    }
}

#[test]
fn entropy_games_roll_and_round_trip() {
    let mut g = Game::new(Preset::Classic.rules(), 2, DiceSource::Entropy).unwrap();
    for _ in 0..40 {
        match g.phase() {
            Phase::AwaitingRoll => {
                if g.can_bank() {
                    g.bank().unwrap();
                } else {
                    g.roll().unwrap();
                }
            }
            Phase::AwaitingSelection => {
                let best = g.legal_selections()[0].mask;
                g.select_mask(best).unwrap();
            }
            Phase::Farkled => g.acknowledge_farkle().unwrap(),
            Phase::GameOver => break,
        }
        check_invariants(&g);
    }
    let loaded = Game::load(&g.save()).unwrap();
    assert_eq!(loaded, g);
}

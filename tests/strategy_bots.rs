// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Bots, advice and the simulator: every call a bot makes is legal, advice agrees with the
//! solvers it is built on, simulations are reproducible, and stronger bots win. Small targets
//! keep the two-player table and the simulations quick in debug builds.

mod reference;
#[path = "reference/solvers.rs"]
mod solvers;

use std::sync::{Arc, OnceLock};

use farkle::strategy::StrategyError;
use farkle::strategy::{
    simulate, wilson_interval, Action, Advisor, Bot, Odds, PenaltyPolicy, PlayerState, SingleTurn,
    SolveOptions, ThreePlayerTable, Thresholds, TwoPlayerTable, ValueKind,
};
use farkle::{
    DiceSource, ExactTarget, FaceCounts, Game, GamePosition, Phase, PlayerPosition, Preset, Rules,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use solvers::{rolls_up_to, LastTurn};

fn minimal_1000() -> Rules {
    Rules {
        target_score: 1000,
        ..Preset::Minimal.rules()
    }
}

/// The minimal preset to 1,000, solved once for every test.
fn table() -> Arc<TwoPlayerTable> {
    static TABLE: OnceLock<Arc<TwoPlayerTable>> = OnceLock::new();
    Arc::clone(TABLE.get_or_init(|| {
        Arc::new(
            TwoPlayerTable::solve(&minimal_1000(), SolveOptions::default(), &mut |_| true).unwrap(),
        )
    }))
}

/// Plays whole games with `bots` (one seat each), one action at a time, asserting every
/// action the bot chooses is accepted and every turn ends with the turn passing.
fn play_checked(rules: Rules, bots: &[Bot], seed: u64) -> Game {
    let mut game = Game::new(rules, bots.len(), DiceSource::Seeded { seed }).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut turns = 0;
    while game.phase() != Phase::GameOver {
        let player = game.current_player();
        let bot = &bots[player];
        loop {
            let action = bot.decide(&game, &mut rng).unwrap();
            game.apply(action)
                .map(drop)
                .unwrap_or_else(|e| panic!("{action:?} refused: {e} in {:?}", game.turn()));
            if matches!(
                action,
                Action::Bank | Action::AcknowledgeFarkle | Action::ForfeitTurn
            ) {
                break;
            }
        }
        assert!(game.phase() == Phase::GameOver || game.turn().player != player || bots.len() == 1);
        turns += 1;
        assert!(turns < 100_000, "the game does not end");
    }
    game
}

#[test]
fn every_bot_call_is_legal_under_every_preset() {
    let mut no_hot_dice = Preset::Classic.rules();
    no_hot_dice.hot_dice = false;
    no_hot_dice.min_bank_score = 350;
    let mut rule_sets: Vec<Rules> = Preset::ALL.iter().map(|p| p.rules()).collect();
    rule_sets.push(no_hot_dice);
    for mut rules in rule_sets {
        if rules.target_score > 0 {
            rules.target_score = 2000;
        }
        let bots = [
            Bot::RandomLegal,
            Bot::Threshold(Thresholds::default()),
            Bot::single_turn_optimal(&rules).unwrap(),
        ];
        for seed in 0..4 {
            let game = play_checked(rules, &bots, seed);
            assert!(game.winners().is_some());
        }
    }
}

#[test]
fn win_optimal_bot_calls_are_legal_and_it_falls_back_with_three_players() {
    let rules = minimal_1000();
    let win = Bot::win_optimal(table()).unwrap();
    for seed in 0..10 {
        play_checked(
            rules,
            &[win.clone(), Bot::Threshold(Thresholds::default())],
            seed,
        );
        play_checked(rules, &[Bot::RandomLegal, win.clone()], seed);
        // Three players: single-turn optimal (the table is for two).
        play_checked(rules, &[win.clone(), Bot::RandomLegal, win.clone()], seed);
    }
    let advisor = Advisor::with_table(table()).unwrap();
    let three = Game::new(rules, 3, DiceSource::Seeded { seed: 1 }).unwrap();
    assert_eq!(
        advisor.advise(&three).unwrap().kind,
        ValueKind::ExpectedPoints
    );
}

#[test]
fn play_turn_plays_exactly_one_turn() {
    let rules = Preset::Classic.rules();
    let bot = Bot::single_turn_optimal(&rules).unwrap();
    let mut game = Game::new(rules, 2, DiceSource::Seeded { seed: 9 }).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for turn in 0..20 {
        assert_eq!(game.current_player(), turn % 2);
        let actions = bot.play_turn(&mut game, &mut rng).unwrap();
        assert!(actions >= 2, "at least a roll and the end of the turn");
        assert_eq!(game.players()[turn % 2].turns, (turn / 2 + 1) as u32);
    }
    // A game without a generator: the bot reports the game's refusal.
    let mut supplied = Game::new(rules, 2, DiceSource::Supplied).unwrap();
    assert!(bot.play_turn(&mut supplied, &mut rng).is_err());
    assert_eq!(supplied.turn().rolls.len(), 0);
}

#[test]
fn single_turn_advice_agrees_with_the_policy() {
    // Classic has an entry minimum; extended and zilch a points penalty, where the policy
    // depends on the farkles in a row.
    let streaks = single_turn_advice_agrees_with_the_policy_under(Preset::Classic.rules());
    assert_eq!(streaks, 0);
    for preset in [Preset::Extended, Preset::Zilch] {
        let streaks = single_turn_advice_agrees_with_the_policy_under(preset.rules());
        assert!(
            streaks > 10,
            "{preset:?}: {streaks} decisions after a farkle"
        );
    }
}

/// Plays six seeded games to 12 rounds with the advised bot, checking every piece of advice
/// against the single-turn policy solved here; returns how many decisions were checked for
/// a player with farkles in a row under a penalty.
fn single_turn_advice_agrees_with_the_policy_under(rules: Rules) -> usize {
    let odds = Odds::new(&rules).unwrap();
    let on = SingleTurn::solve(&odds, true).unwrap();
    let off = SingleTurn::solve(&odds, false).unwrap();
    let penalty = (rules.farkle_penalty_streak > 0).then(|| PenaltyPolicy::solve(&odds).unwrap());
    let full = rules.dice_count;
    let advisor = Advisor::single_turn(&rules).unwrap();
    let bot = Bot::Advised(Arc::new(advisor.clone()));
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let (mut selections, mut decisions, mut streaks) = (0, 0, 0);
    for seed in 0..6 {
        let mut game = Game::new(rules, 2, DiceSource::Seeded { seed }).unwrap();
        while game.phase() != Phase::GameOver && game.round() < 12 {
            let me = &game.players()[game.current_player()];
            let k = me.consecutive_farkles as usize;
            let policy = match &penalty {
                _ if !me.on_board => &off,
                Some(p) => p
                    .turn(k.min(usize::from(rules.farkle_penalty_streak) - 1))
                    .unwrap(),
                None => &on,
            };
            let advice = advisor.advise(&game).unwrap();
            let in_final = game.final_round_player().is_some();
            // A last turn of a final round is played to win (the last turn of the game).
            let kind = if in_final {
                ValueKind::WinProbability
            } else {
                ValueKind::ExpectedPoints
            };
            assert_eq!(advice.kind, kind);
            assert!(advice
                .choices
                .iter()
                .any(|c| c.action == advice.recommended));
            let turn = game.turn();
            let t = turn.points as i32;
            match game.phase() {
                Phase::AwaitingSelection if !in_final => {
                    let dice = &turn.last_roll().unwrap().dice;
                    let roll = FaceCounts::from_faces(dice, dice.len()).unwrap();
                    let best = policy.best_choice(roll, t).unwrap().unwrap();
                    let recommended = advice
                        .choices
                        .iter()
                        .find(|c| c.action == advice.recommended)
                        .unwrap();
                    assert!((recommended.value - best.value).abs() < 1e-9);
                    let top = advice
                        .choices
                        .iter()
                        .map(|c| c.value)
                        .fold(f64::MIN, f64::max);
                    assert!((top - best.value).abs() < 1e-9);
                    assert_eq!(advice.choices.len(), game.legal_selections().len());
                    match advice.next_roll {
                        None => assert!(best.bank || best.dice_left == 0),
                        Some((n, p)) => {
                            assert!(!best.bank);
                            assert_eq!(n, best.dice_left);
                            assert_eq!(p, odds.hand(n).unwrap().farkle().to_f64());
                        }
                    }
                    selections += 1;
                }
                Phase::AwaitingRoll if !in_final && turn.rolls.is_empty() => {
                    // Start of a turn: only a roll, worth a whole turn's expected points.
                    assert_eq!(advice.choices.len(), 1);
                    assert_eq!(advice.recommended, Action::Roll);
                    assert!((advice.choices[0].value - policy.expected_points()).abs() < 1e-9);
                    let pf = odds.hand(full).unwrap().farkle().to_f64();
                    assert_eq!(advice.next_roll, Some((full, pf)));
                }
                Phase::AwaitingRoll if !in_final && game.can_bank() => {
                    let bank = policy.should_bank(t, turn.hand).unwrap();
                    assert_eq!(advice.recommended == Action::Bank, bank);
                    let value = policy.value(t, turn.hand).unwrap();
                    let top = advice
                        .choices
                        .iter()
                        .map(|c| c.value)
                        .fold(f64::MIN, f64::max);
                    assert!((top - value).abs() < 1e-9, "{top} {value}");
                    decisions += 1;
                    if penalty.is_some() && k > 0 {
                        streaks += 1;
                    }
                }
                Phase::Farkled => assert_eq!(advice.recommended, Action::AcknowledgeFarkle),
                _ => {}
            }
            let action = bot.decide(&game, &mut rng).unwrap();
            assert_eq!(action, advice.recommended);
            game.apply(action).unwrap();
        }
    }
    assert!(
        selections > 50 && decisions > 20,
        "{selections} {decisions}"
    );
    streaks
}

#[test]
fn table_advice_gives_win_probabilities() {
    let rules = minimal_1000();
    let table = table();
    let advisor = Advisor::with_table(Arc::clone(&table)).unwrap();
    let mut game = Game::new(rules, 2, DiceSource::Seeded { seed: 3 }).unwrap();
    let start = advisor.advise(&game).unwrap();
    assert_eq!(start.kind, ValueKind::WinProbability);
    assert_eq!(start.recommended, Action::Roll);
    assert!((start.choices[0].value - table.first_player_win_probability()).abs() < 1e-12);
    let mut checked = 0;
    let bot = Bot::Advised(Arc::new(advisor.clone()));
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for seed in 0..20 {
        game = Game::new(rules, 2, DiceSource::Seeded { seed }).unwrap();
        while game.phase() != Phase::GameOver && game.final_round_player().is_none() {
            let advice = advisor.advise(&game).unwrap();
            if game.phase() == Phase::AwaitingSelection {
                let me = game.current_player();
                let state = |i: usize| PlayerState {
                    score: game.players()[i].score as i32,
                    on_board: game.players()[i].on_board,
                    farkles: 0,
                };
                let dice = &game.turn().last_roll().unwrap().dice;
                let roll = FaceCounts::from_faces(dice, 6).unwrap();
                let best = table
                    .best_choice(&state(me), &state(1 - me), game.turn().points as i32, roll)
                    .unwrap()
                    .unwrap();
                let top = advice
                    .choices
                    .iter()
                    .map(|c| c.value)
                    .fold(f64::MIN, f64::max);
                assert!(
                    (top - best.win_probability).abs() < 1e-12,
                    "{top} {best:?} {advice:?} {:?}",
                    game.players()
                );
                assert!(advice
                    .choices
                    .iter()
                    .all(|c| (0.0..=1.0).contains(&c.value)));
                checked += 1;
            }
            let action = bot.decide(&game, &mut rng).unwrap();
            game.apply(action).unwrap();
        }
    }
    assert!(checked > 20);
}

#[test]
fn advice_refuses_a_finished_game_and_other_rules() {
    let advisor = Advisor::single_turn(&Preset::Classic.rules()).unwrap();
    let other = Game::new(Preset::Minimal.rules(), 2, DiceSource::Seeded { seed: 1 }).unwrap();
    assert!(advisor.advise(&other).is_err());
    let mut one = Game::new(Preset::Classic.rules(), 2, DiceSource::Seeded { seed: 1 }).unwrap();
    one.leave(0).unwrap();
    assert_eq!(one.phase(), Phase::GameOver);
    assert!(advisor.advise(&one).is_err());
}

#[test]
fn wilson_interval_matches_known_values() {
    // 50 of 100: 0.4038 to 0.5962; 0 of 10: 0 to 0.2775 (textbook values).
    let (lo, hi) = wilson_interval(50, 100);
    assert!((lo - 0.40383).abs() < 1e-4 && (hi - 0.59617).abs() < 1e-4);
    let (lo, hi) = wilson_interval(0, 10);
    assert!(lo == 0.0 && (hi - 0.27753).abs() < 1e-4);
}

#[test]
fn simulations_are_reproducible_and_seats_rotate() {
    let rules = Rules {
        target_score: 2000,
        ..Preset::Classic.rules()
    };
    let bots = [Bot::Threshold(Thresholds::default()), Bot::RandomLegal];
    let a = simulate(&rules, &bots, 200, 7).unwrap();
    let b = simulate(&rules, &bots, 200, 7).unwrap();
    assert_eq!(a, b);
    let c = simulate(&rules, &bots, 200, 8).unwrap();
    assert_ne!(a.turns, c.turns);
    assert_eq!(a.games, 200);
    for r in &a.bots {
        assert_eq!(r.games, 200);
        assert!(r.interval.0 <= r.win_rate && r.win_rate <= r.interval.1);
    }
    assert_eq!(a.bots[0].wins + a.bots[1].wins + a.bots[0].ties, 200);
    // The same bot in both seats: seats rotate, so each copy starts half the games; two
    // identical bots split the wins evenly within noise.
    let same = [
        Bot::Threshold(Thresholds::default()),
        Bot::Threshold(Thresholds::default()),
    ];
    let s = simulate(&rules, &same, 400, 1).unwrap();
    let diff = s.bots[0].win_rate - s.bots[1].win_rate;
    assert!(diff.abs() < 0.15, "{diff}");
}

/// The margin of bot 0 over bot 1 in standard errors of the difference of their win rates
/// (a multinomial: Var(p0 - p1) = (p0 (1 - p0) + p1 (1 - p1) + 2 p0 p1) / n).
fn margin_in_standard_errors(report: &farkle::strategy::SimulationReport) -> f64 {
    let (p0, p1) = (report.bots[0].win_rate, report.bots[1].win_rate);
    let n = report.games as f64;
    let se = ((p0 * (1.0 - p0) + p1 * (1.0 - p1) + 2.0 * p0 * p1) / n).sqrt();
    (p0 - p1) / se
}

#[test]
fn win_optimal_beats_the_threshold_bot_far_outside_the_interval() {
    let bots = [
        Bot::win_optimal(table()).unwrap(),
        Bot::Threshold(Thresholds::default()),
    ];
    let report = simulate(&minimal_1000(), &bots, 4000, 2026).unwrap();
    let margin = margin_in_standard_errors(&report);
    assert!(
        margin > 5.0,
        "{report:?}: margin {margin:.1} standard errors"
    );
    assert!(report.bots[0].interval.0 > report.bots[1].interval.1);
    assert!(report.bots[0].interval.0 > 0.5);
}

#[test]
fn single_turn_optimal_beats_random_legal() {
    let rules = minimal_1000();
    let bots = [Bot::single_turn_optimal(&rules).unwrap(), Bot::RandomLegal];
    let report = simulate(&rules, &bots, 600, 5).unwrap();
    let margin = margin_in_standard_errors(&report);
    assert!(margin > 10.0, "{report:?}: margin {margin:.1}");
    assert!(report.bots[0].interval.0 > 0.75);
}

/// Classic to 2,000 with one house-rule knob (or all of them) switched on, and whether the
/// advice (single-turn and win-optimal) models it.
fn house_rules() -> Vec<(&'static str, Rules, bool)> {
    let base = Rules {
        target_score: 2000,
        ..Preset::Classic.rules()
    };
    vec![
        (
            "three_pairs_of_one_face",
            Rules {
                three_pairs_of_one_face: true,
                ..base
            },
            true,
        ),
        (
            "two_triplets_of_one_face",
            Rules {
                two_triplets_of_one_face: true,
                ..base
            },
            true,
        ),
        (
            "singles_only_before_entry",
            Rules {
                singles_only_before_entry: true,
                ..base
            },
            true,
        ),
        (
            "multiplier 1",
            Rules {
                hot_dice_multiplier_step: 1,
                ..base
            },
            false,
        ),
        (
            "multiplier 10",
            Rules {
                hot_dice_multiplier_step: 10,
                ..base
            },
            false,
        ),
        (
            "exact refuse",
            Rules {
                exact_target: ExactTarget::Refuse,
                ..base
            },
            false,
        ),
        (
            "exact bust",
            Rules {
                exact_target: ExactTarget::Bust,
                ..base
            },
            false,
        ),
        (
            "piggybacking",
            Rules {
                piggybacking: true,
                ..base
            },
            true,
        ),
        (
            "all",
            Rules {
                three_pairs_of_one_face: true,
                two_triplets_of_one_face: true,
                singles_only_before_entry: true,
                hot_dice_multiplier_step: 2,
                exact_target: ExactTarget::Bust,
                piggybacking: true,
                final_round: false,
                ..base
            },
            false,
        ),
    ]
}

#[test]
fn bots_finish_games_under_every_house_rule() {
    for (name, rules, advised) in house_rules() {
        rules.validate().unwrap();
        let mut bots = vec![Bot::RandomLegal, Bot::Threshold(Thresholds::default())];
        match Bot::single_turn_optimal(&rules) {
            Ok(bot) => {
                assert!(advised, "{name}: advice should be refused");
                bots.push(bot);
            }
            Err(StrategyError::Unsupported(why)) => {
                assert!(!advised, "{name}: {why}");
                let knob = match name {
                    "exact refuse" | "exact bust" => "exact target",
                    _ => "multiplier",
                };
                assert!(why.contains(knob), "{name}: {why}");
            }
            Err(e) => panic!("{name}: {e}"),
        }
        for seed in 0..3 {
            let game = play_checked(rules, &bots, seed);
            assert!(game.winners().is_some(), "{name}");
        }
        // Through play_turn and the simulator (which plays these rules through Game).
        let report = simulate(&rules, &bots, 6, 5).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(report.games, 6);
        // Advice: given, or refused with the solver's reason, never wrong.
        let game = Game::new(rules, 2, DiceSource::Seeded { seed: 3 }).unwrap();
        match Advisor::single_turn(&rules) {
            Ok(a) => assert_eq!(a.advise(&game).unwrap().recommended, Action::Roll),
            Err(e) => assert!(!advised && matches!(e, StrategyError::Unsupported(_))),
        }
    }
}

#[test]
fn the_two_player_table_refuses_the_game_knobs() {
    for (name, rules, _) in house_rules() {
        let scoring_only = !rules.singles_only_before_entry
            && rules.hot_dice_multiplier_step == 0
            && rules.exact_target == ExactTarget::Off
            && !rules.piggybacking;
        if scoring_only {
            continue;
        }
        let rules = Rules {
            target_score: 1000,
            ..rules
        };
        match TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true) {
            Err(StrategyError::Unsupported(why)) => {
                let knob = match name {
                    "exact refuse" | "exact bust" => "exact target",
                    "piggybacking" => "piggybacking",
                    "singles_only_before_entry" => "singles_only_before_entry",
                    _ => "multiplier",
                };
                assert!(why.contains(knob), "{name}: {why}");
            }
            other => panic!("{name}: {:?}", other.map(|_| ())),
        }
    }
}

#[test]
fn a_table_file_whose_rules_have_a_game_knob_is_refused() {
    // The minimal preset's table with one knob's word set in the rules (piggybacking is the
    // last of the 34 words at offset 12, singles_only_before_entry the 31st) and the
    // FNV-1a 64 checksum recomputed: the rules are valid, but the table does not model them.
    let bytes = table().to_bytes();
    for (word, value) in [(33usize, 1u32), (30, 1), (32, 2), (31, 1)] {
        let mut b = bytes.clone();
        let at = 12 + 4 * word;
        b[at..at + 4].copy_from_slice(&value.to_le_bytes());
        let body = b.len() - 8;
        let sum = b[..body].iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
            (h ^ u64::from(x)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        b[body..].copy_from_slice(&sum.to_le_bytes());
        match TwoPlayerTable::from_bytes(&b) {
            Err(StrategyError::Unsupported(_)) => {}
            other => panic!("word {word}: {:?}", other.map(|_| ())),
        }
    }
}

#[test]
fn the_threshold_bot_under_an_exact_target() {
    // Classic to 250, no entry minimum, one player, dice supplied.
    for exact in [ExactTarget::Off, ExactTarget::Refuse, ExactTarget::Bust] {
        let rules = Rules {
            target_score: 250,
            min_entry_score: 0,
            final_round: false,
            exact_target: exact,
            ..Preset::Classic.rules()
        };
        let bot = Bot::Threshold(Thresholds::default());
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        // 1-1-1-2-3-4: the best selection is the three 1s, 1000 points, past the target.
        // Without an exact target the bot keeps them and banks (it reaches the target);
        // with one it does not bank past the target while it can roll, and rolls on.
        let mut game = Game::new(rules, 1, DiceSource::Supplied).unwrap();
        game.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
        let keep = bot.decide(&game, &mut rng).unwrap();
        assert_eq!(keep, Action::Select(0b000111), "{exact:?}");
        game.apply(keep).unwrap();
        let next = bot.decide(&game, &mut rng).unwrap();
        let expected = if exact == ExactTarget::Off {
            Action::Bank
        } else {
            Action::Roll
        };
        assert_eq!(next, expected, "{exact:?}");
        // 1-1-5-5-2-3: 1-1-5 makes exactly 250. Under an exact target the bot keeps it (and
        // then banks, reaching the target); otherwise it keeps the most points, 1-1-5-5
        // (300), and banks too.
        let mut game = Game::new(rules, 1, DiceSource::Supplied).unwrap();
        game.roll_with(&[1, 1, 5, 5, 2, 3]).unwrap();
        let keep = bot.decide(&game, &mut rng).unwrap();
        let Action::Select(mask) = keep else {
            panic!("{keep:?}")
        };
        let want = if exact == ExactTarget::Off { 4 } else { 3 };
        assert_eq!(mask.count_ones(), want, "{exact:?}");
        game.apply(keep).unwrap();
        assert_eq!(game.turn().points, if want == 4 { 300 } else { 250 });
        assert_eq!(
            bot.decide(&game, &mut rng).unwrap(),
            Action::Bank,
            "{exact:?}"
        );
    }
}

/// Rolls `dice` and keeps the dice at `keep`, in a game with supplied dice.
fn roll_keep(game: &mut Game, dice: &[u8], keep: &[usize]) {
    game.roll_with(dice).unwrap();
    game.select(keep).unwrap();
}

/// Classic rules with piggybacking and no target in reach (so no final round starts).
fn classic_piggyback() -> Rules {
    Rules {
        piggybacking: true,
        target_score: 1_000_000_000,
        ..Preset::Classic.rules()
    }
}

/// A two-player classic game in which player 1 is on the board (both banked three 1s) and
/// it is player 0's turn again.
fn classic_both_on_board() -> Game {
    let mut game = Game::new(classic_piggyback(), 2, DiceSource::Supplied).unwrap();
    for _ in 0..2 {
        // 1000 with 3 dice left: an offer to the next player, declined by rolling.
        roll_keep(&mut game, &[1, 1, 1, 2, 3, 4], &[0, 1, 2]);
        game.bank().unwrap();
    }
    game
}

#[test]
fn the_advice_declines_a_small_offer_by_hand() {
    // Classic, player 1 on the board, offered 300 points with 1 die (three 2s and two 5s
    // kept, 1 die left). Let F be the value of a fresh turn, W(t, 6) the value of holding t
    // with 6 dice. On the board any positive total may be banked, so W(t, 6) <= t + F (play
    // from t as the optimal player would from 0: the same points are gained, plus t when it
    // banks). Taking over: the one die scores a 1 (400) or a 5 (350) with 1/6 each, then hot
    // dice give 6 dice, so the value is at most (400 + F + 350 + F)/6 and at least
    // (400 + 350)/6 = 125 (banking at once). It beats F only if F < 750/4 = 187.5. But F is at
    // least the expected points of rolling once, keeping every 1 (100) and 5 (50) and every
    // three of a kind of 2, 3, 4 or 6, and banking: 6 x (100 + 50)/6 = 150 from the singles,
    // plus (200 + 300 + 400 + 600) x P(a given face at least 3 times in 6 dice) =
    // 1500 x (20x125 + 15x25 + 6x5 + 1)/6^6 = 1500 x 2906/46656 = 93.4: F >= 243.4 > 187.5.
    let mut game = classic_both_on_board();
    roll_keep(&mut game, &[2, 2, 2, 5, 5, 3], &[0, 1, 2, 3, 4]);
    assert_eq!(game.bank(), Ok(300));
    assert_eq!(game.current_player(), 1);
    let advisor = Advisor::single_turn(game.rules()).unwrap();
    let advice = advisor.advise(&game).unwrap();
    assert_eq!(advice.recommended, Action::Roll);
    let actions: Vec<Action> = advice.choices.iter().map(|c| c.action).collect();
    assert_eq!(actions, vec![Action::Roll, Action::Piggyback]);
    let (fresh, take) = (advice.choices[0], advice.choices[1]);
    assert_eq!(take.points, 300);
    assert!(fresh.value >= 243.4, "{fresh:?}");
    assert!(take.value >= 125.0 && take.value <= (750.0 + 2.0 * fresh.value) / 6.0);
    assert!(take.value < fresh.value);
    // The optimal bot rolls fresh.
    let bot = Bot::single_turn_optimal(game.rules()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(bot.decide(&game, &mut rng).unwrap(), Action::Roll);
}

#[test]
fn the_advice_takes_a_large_offer_by_hand() {
    // Classic, player 1 on the board, offered 500,100 points with 5 dice (125 rolls of six
    // 1s, 4000 each (n of a kind is the triple x (n - 2)), then a 1 kept from 1-2-3-4-6-6). Taking over: 5 dice farkle only when
    // they show no 1 or 5 and no face three times: faces from {2, 3, 4, 6} counted (2,2,1,0)
    // in some order, 12 x 5!/(2!2!1!) = 360 rolls, or (2,1,1,1), 4 x 5!/2! = 240: 600 of 7776.
    // Otherwise keeping at least 50 and banking is allowed, so taking is worth at least
    // 7176/7776 x 500,150 = 461,569. A fresh turn is worth far less: with M the best value
    // from 0 over any dice count, W(0, n) <= (1 - f_n)(p + M) (W(t, n') <= t + M as in the
    // test above, p <= 4000 the most any roll scores in classic, six 1s; two
    // triplets score 2500, a straight or three pairs 1500), and the farkle
    // chance f_n is smallest for 6 dice: 1080/46656 (pairs of two faces and two singles from
    // {2, 3, 4, 6}: 6 x 6!/(2!2!) rolls; three pairs score). So M <= (45576/1080) x 4000 =
    // 168,800.
    let mut game = classic_both_on_board();
    for _ in 0..125 {
        roll_keep(&mut game, &[1; 6], &[0, 1, 2, 3, 4, 5]);
    }
    roll_keep(&mut game, &[1, 2, 3, 4, 6, 6], &[0]);
    assert_eq!(game.turn().hand, 5);
    assert_eq!(game.bank(), Ok(500_100));
    let advisor = Advisor::single_turn(game.rules()).unwrap();
    let advice = advisor.advise(&game).unwrap();
    assert_eq!(advice.recommended, Action::Piggyback);
    let (fresh, take) = (advice.choices[0], advice.choices[1]);
    assert_eq!(
        (fresh.action, take.action),
        (Action::Roll, Action::Piggyback)
    );
    assert_eq!(take.points, 500_100);
    assert!(take.value >= 7176.0 / 7776.0 * 500_150.0, "{take:?}");
    assert!(fresh.value <= 168_800.0, "{fresh:?}");
    // The roll that follows rolls the 5 dice: 600/7776 to farkle.
    assert_eq!(advice.next_roll, Some((5, 600.0 / 7776.0)));
    // The optimal bot takes it, and then must roll the 5 dice (no bank before a roll).
    let bot = Bot::single_turn_optimal(game.rules()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(bot.decide(&game, &mut rng).unwrap(), Action::Piggyback);
    game.apply(Action::Piggyback).unwrap();
    let advice = advisor.advise(&game).unwrap();
    assert_eq!(advice.recommended, Action::Roll);
    assert_eq!(advice.choices.len(), 1);
    assert!((advice.choices[0].value - take.value).abs() < 1e-6 * take.value);
}

/// The expectimax of a turn of two dice under classic scoring, written without the library's
/// scorer: with at most two dice only single 1s (100) and 5s (50) score. `entry` is the least
/// total that may be banked (the entry minimum off the board, else any positive total).
/// Every ordered roll counts 1/6^n; a turn above 20,000 banks (far past where banking is
/// optimal with one or two dice: rolling risks at least 4/9 of the total for at most 200
/// points and the fresh turn after hot dice).
struct TwoDice {
    entry: i32,
    memo: std::collections::HashMap<(i32, usize), f64>,
}

impl TwoDice {
    fn may_bank(&self, t: i32) -> bool {
        t > 0 && t >= self.entry
    }

    fn hold(&mut self, t: i32, n: usize) -> f64 {
        if t > 20_000 && self.may_bank(t) {
            return f64::from(t);
        }
        let roll = self.roll(t, n);
        if self.may_bank(t) {
            roll.max(f64::from(t))
        } else {
            roll
        }
    }

    /// The value of rolling `n` dice holding `t` (hot dice give both dice back).
    fn roll(&mut self, t: i32, n: usize) -> f64 {
        if let Some(&v) = self.memo.get(&(t, n)) {
            return v;
        }
        let mut sum = 0.0;
        for code in 0..6u32.pow(n as u32) {
            let faces: Vec<u32> = (0..n).map(|i| code / 6u32.pow(i as u32) % 6 + 1).collect();
            let ones = faces.iter().filter(|&&f| f == 1).count();
            let fives = faces.iter().filter(|&&f| f == 5).count();
            let mut best: Option<f64> = None;
            for a in 0..=ones {
                for b in 0..=fives {
                    if a + b == 0 {
                        continue;
                    }
                    let t2 = t + 100 * a as i32 + 50 * b as i32;
                    let left = n - a - b;
                    let v = self.hold(t2, if left > 0 { left } else { 2 });
                    best = Some(best.map_or(v, |x: f64| x.max(v)));
                }
            }
            sum += best.unwrap_or(0.0);
        }
        let v = sum / 6f64.powi(n as i32);
        self.memo.insert((t, n), v);
        v
    }
}

#[test]
fn the_piggyback_advice_agrees_with_a_two_dice_expectimax() {
    // Classic on two dice (entry 0 or 500): player 0 enters with 600 (three rolls of 1-1),
    // player 1 enters the same way or farkles, then player 0 makes an offer of T with 1 die
    // (k rolls of 1-1, then a 1 or a 5 kept from 1-2 or 5-2) and banks. Player 1's advice
    // values taking it as rolling 1 die at T, and the fresh turn as rolling 2 dice at 0, each
    // under player 1's situation; it takes the offer iff that is worth strictly more.
    let (mut takes, mut declines) = (0, 0);
    for entry in [0, 500] {
        let rules = Rules {
            dice_count: 2,
            min_entry_score: entry,
            ..classic_piggyback()
        };
        let advisor = Advisor::single_turn(&rules).unwrap();
        for on_board in [false, true] {
            let mut brute = TwoDice {
                entry: if on_board { 0 } else { entry },
                memo: Default::default(),
            };
            for (k, last) in [
                (0, 5),
                (0, 1),
                (1, 5),
                (1, 1),
                (2, 5),
                (3, 1),
                (5, 5),
                (10, 1),
            ] {
                let mut game = Game::new(rules, 2, DiceSource::Supplied).unwrap();
                for _ in 0..3 {
                    roll_keep(&mut game, &[1, 1], &[0, 1]);
                }
                game.bank().unwrap();
                if on_board {
                    for _ in 0..3 {
                        roll_keep(&mut game, &[1, 1], &[0, 1]);
                    }
                    game.bank().unwrap();
                } else {
                    game.roll_with(&[2, 3]).unwrap();
                    game.acknowledge_farkle().unwrap();
                }
                for _ in 0..k {
                    roll_keep(&mut game, &[1, 1], &[0, 1]);
                }
                roll_keep(&mut game, &[last, 2], &[0]);
                let t = 200 * k + if last == 1 { 100 } else { 50 };
                assert_eq!(game.bank(), Ok(i64::from(t)));
                let advice = advisor.advise(&game).unwrap();
                let (fresh, take) = (advice.choices[0], advice.choices[1]);
                assert_eq!(
                    (fresh.action, take.action),
                    (Action::Roll, Action::Piggyback)
                );
                let (want_fresh, want_take) = (brute.roll(0, 2), brute.roll(t, 1));
                let case = format!("entry {entry} on_board {on_board} T {t}");
                assert!((fresh.value - want_fresh).abs() < 1e-9, "{case}: {fresh:?}");
                assert!((take.value - want_take).abs() < 1e-9, "{case}: {take:?}");
                assert!((want_take - want_fresh).abs() > 1e-6, "{case}: a near tie");
                if want_take > want_fresh {
                    takes += 1;
                    assert_eq!(advice.recommended, Action::Piggyback, "{case}");
                    assert_eq!(advice.next_roll.map(|r| r.0), Some(1), "{case}");
                } else {
                    declines += 1;
                    assert_eq!(advice.recommended, Action::Roll, "{case}");
                }
            }
        }
    }
    assert!(
        takes > 0 && declines > 0,
        "{takes} takes, {declines} declines"
    );
}

/// As farkle_game_advise() documents: with a table, a score below the table's lower bound
/// (minus twice the penalty: -200 here) is valued as the bound, an approximation; a score
/// above it as itself. Three dice, single 1s and 5s and triples, to 500, a penalty of 100 on
/// the third farkle in a row.
#[test]
fn advice_takes_a_score_below_the_table_as_its_lower_bound() {
    use farkle::{GamePosition, PlayerPosition};
    let rules = Rules {
        dice_count: 3,
        target_score: 500,
        farkle_penalty_streak: 3,
        farkle_penalty_points: 100,
        ..Preset::Minimal.rules()
    };
    let table =
        Arc::new(TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap());
    assert_eq!(table.lower_bound(), -200);
    let advisor = Advisor::with_table(table).unwrap();
    let roll_value = |score: i64| {
        let player = |score| PlayerPosition {
            score,
            on_board: true,
            consecutive_farkles: 0,
        };
        let position = GamePosition {
            players: vec![player(score), player(0)],
            player_to_move: 0,
            round: 2,
        };
        let game = Game::new_at(rules, &position, DiceSource::Supplied).unwrap();
        let advice = advisor.advise(&game).unwrap();
        assert_eq!(advice.kind, ValueKind::WinProbability);
        assert_eq!(advice.recommended, Action::Roll);
        advice.choices[0].value
    };
    let at_bound = roll_value(-200);
    assert!(at_bound > 0.0 && at_bound < 1.0);
    assert_eq!(roll_value(-5000), at_bound);
    assert!(roll_value(-150) > at_bound);
}

#[test]
fn a_last_turn_of_a_final_round_is_played_to_win() {
    // Classic to 1,000: Ann banks 950 + 1,000, so Bob (450) needs 1,500 to draw level.
    let rules = Rules {
        target_score: 1000,
        ..Preset::Classic.rules()
    };
    assert!(rules.final_round && rules.hot_dice);
    let position = GamePosition {
        players: vec![
            PlayerPosition {
                score: 950,
                on_board: true,
                consecutive_farkles: 0,
            },
            PlayerPosition {
                score: 450,
                on_board: true,
                consecutive_farkles: 0,
            },
        ],
        player_to_move: 0,
        round: 12,
    };
    let mut game = Game::new_at(rules, &position, DiceSource::Supplied).unwrap();
    game.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
    game.select(&[0, 1, 2]).unwrap();
    game.bank().unwrap();
    assert_eq!(game.final_round_player(), Some(0));
    // The last turn by an independent recursion (`tests/reference/solvers.rs`): rolls
    // counted from the 6^n ordered ones and scored by the reference scorer, the chance to
    // finish more than 1,500 points up (level: half a win) for a player on the board, at
    // turn total t with n dice to roll (0: every die scored, so the full set again).
    let rolls = rolls_up_to(&rules);
    let mut last = LastTurn::new(&rules, &rolls, true, 1_500, 0.5);
    let start_by_hand = {
        let v = last.roll(0, 6);
        last.worth(&v)
    };
    let mut by_hand = |t: i32, n: usize| {
        let v = last.hold(t, if n == 0 { 6 } else { n });
        last.worth(&v)
    };
    let advisor = Advisor::single_turn(&rules).unwrap();
    let table = TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
    let table_advisor = Advisor::with_table(Arc::new(table)).unwrap();
    for advisor in [&advisor, &table_advisor] {
        let start = advisor.advise(&game).unwrap();
        assert_eq!(start.kind, ValueKind::WinProbability);
        assert_eq!(start.recommended, Action::Roll);
        assert!((start.choices[0].value - start_by_hand).abs() < 1e-9);
    }
    // 1-5-5-5-2-3: keeping 1 and 5-5-5 (600, 2 dice left) or less; every choice's
    // chance, and the best one recommended.
    game.roll_with(&[1, 5, 5, 5, 2, 3]).unwrap();
    let advice = advisor.advise(&game).unwrap();
    let legal = game.legal_selections();
    let mut best = (f64::MIN, 0);
    for (choice, l) in advice.choices.iter().zip(&legal) {
        let left = 6 - l.selection.dice.total();
        let v = by_hand(l.selection.points, left);
        assert!(
            (choice.value - v).abs() < 1e-9,
            "{l:?}: {} {v}",
            choice.value
        );
        if v > best.0 + 1e-12 {
            best = (v, l.mask);
        }
    }
    assert_eq!(advice.recommended, Action::Select(best.1));
    // Then bank or roll: banking 600 of the 1,500 needed is worth nothing.
    game.apply(advice.recommended).unwrap();
    let advice = advisor.advise(&game).unwrap();
    assert_eq!(advice.recommended, Action::Roll);
}

/// With a three-player table, the next player's last turn of a final round is the endgame's:
/// at its start the advice's chance to win is what the table gave that player for the bank
/// that started the final round (the solver's own endgame, against the advice's pass).
#[test]
fn the_next_players_last_turn_is_the_three_player_endgames() {
    let rules = Rules {
        target_score: 1000,
        ..Preset::Classic.rules()
    };
    let three = Arc::new(ThreePlayerTable::solve(&rules, &mut |_| true).unwrap());
    let advisor = Advisor::with_table(Arc::clone(&three)).unwrap();
    let single = Advisor::single_turn(&rules).unwrap();
    let mut apart: f64 = 0.0;
    let on = |score| PlayerPosition {
        score,
        on_board: true,
        consecutive_farkles: 0,
    };
    for (b, c) in [(450, 300), (800, 900), (0, 950)] {
        let mut players = vec![on(700), on(b), on(c)];
        players[1].on_board = b > 0;
        let position = GamePosition {
            players,
            player_to_move: 0,
            round: 5,
        };
        let mut game = Game::new_at(rules, &position, DiceSource::Supplied).unwrap();
        game.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
        game.select(&[0, 1, 2]).unwrap();
        let before = advisor.advise(&game).unwrap();
        let bank = before
            .choices
            .iter()
            .position(|c| c.action == Action::Bank)
            .unwrap();
        let promised = before.seat_win_probabilities[bank][1];
        game.bank().unwrap();
        assert_eq!(game.final_round_player(), Some(0));
        let advice = advisor.advise(&game).unwrap();
        assert_eq!(advice.kind, ValueKind::WinProbability);
        assert_eq!(advice.choices[0].action, Action::Roll);
        let value = advice.choices[0].value;
        assert!(
            (value - promised).abs() < 1e-9,
            "B {b}, C {c}: {value} {promised}"
        );
        // Without the table the advice sees only the mark: another turn, another value.
        let alone = single.advise(&game).unwrap();
        assert_eq!(alone.kind, ValueKind::HeadToHeadWinProbability);
        apart = apart.max((alone.choices[0].value - value).abs());
    }
    assert!(apart > 1e-3, "{apart}");
}

/// A game of three whose second player left is a game of two: the two-player table values
/// it (it was ignored, and the advice fell back to expected points): the first player's
/// chance to roll at the start is the table's start value, both active players at 0.
#[test]
fn a_table_fitting_the_players_left_in_a_game_values_it() {
    let table = table();
    let advisor = Advisor::with_table(Arc::clone(&table)).unwrap();
    let mut game = Game::new(minimal_1000(), 3, DiceSource::Seeded { seed: 5 }).unwrap();
    game.leave(1).unwrap();
    let advice = advisor.advise(&game).unwrap();
    assert_eq!(advice.kind, ValueKind::WinProbability);
    let roll = advice
        .choices
        .iter()
        .find(|c| c.action == Action::Roll)
        .unwrap();
    assert!((roll.value - table.first_player_win_probability()).abs() < 1e-12);
    // By seat: the departed player cannot win.
    let seats = &advice.seat_win_probabilities[0];
    assert_eq!(seats.len(), 3);
    assert_eq!(seats[1], 0.0);
    assert!((seats[0] + seats[2] - 1.0).abs() < 1e-12, "{seats:?}");
}

/// In the last turn of a final round the advice values choices as chances to win; the
/// chances by seat agree: the mover's is the choice's value and the player who reached the
/// target has the rest (they were missing: no rows at all).
#[test]
fn the_last_turn_of_a_final_round_gives_every_seats_chance() {
    let rules = Rules {
        final_round: true,
        ..minimal_1000()
    };
    let solved = TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
    let advisor = Advisor::with_table(solved).unwrap();
    let bot = Bot::Advised(Arc::new(advisor.clone()));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut checked = 0;
    for seed in 0..10 {
        let mut game = Game::new(rules, 2, DiceSource::Seeded { seed }).unwrap();
        while game.phase() != Phase::GameOver {
            if game.final_round_player().is_some() {
                let advice = advisor.advise(&game).unwrap();
                assert_eq!(advice.kind, ValueKind::WinProbability);
                let me = game.current_player();
                assert_eq!(advice.seat_win_probabilities.len(), advice.choices.len());
                for (row, c) in advice.seat_win_probabilities.iter().zip(&advice.choices) {
                    assert_eq!(row.len(), 2);
                    assert_eq!(row[me], c.value);
                    assert!((row[1 - me] - (1.0 - c.value)).abs() < 1e-15, "{row:?}");
                }
                checked += 1;
            }
            let action = bot.decide(&game, &mut rng).unwrap();
            game.apply(action).unwrap();
        }
    }
    assert!(checked > 5, "{checked}");
}

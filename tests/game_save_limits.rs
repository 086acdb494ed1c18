// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What the library saves, it loads. The loader reads at most `SAVE_MAX_BYTES` (16 MiB); a
//! game used to save longer texts (a long name, or an ordinary long game: classic with a turn
//! limit of 40,000 between two threshold bots reached 27.7 MB after 80,000 turns) that it then
//! refused. Now names are bounded and a game refuses the action that could make its save
//! longer than that; these tests play a game to that bound, save it and load it back.

use farkle::limits::MAX_NAME_BYTES;
use farkle::saved_game::SAVE_MAX_BYTES;
use farkle::strategy::{Bot, BotError, Thresholds};
use farkle::{DiceSource, Game, GameError, Preset, Rules};
use rand::SeedableRng;

/// Classic with a turn limit of 40,000 and two threshold bots (named with the longest names,
/// one of characters JSON writes six bytes each), played until the game is full: every turn
/// up to there is played, the one that could pass the bound is refused with the game
/// unchanged, then single actions fill what is left; the game saves under the loader's
/// limit, within a few events of it, and loads back equal, full still.
#[test]
fn a_game_played_to_the_bound_saves_and_loads() {
    let rules = Rules {
        target_score: 0,
        final_round: false,
        turn_limit: 40_000,
        ..Preset::Classic.rules()
    };
    let mut game = Game::with_names(
        rules,
        vec![
            Some("A".repeat(MAX_NAME_BYTES)),
            Some("\u{1}".repeat(MAX_NAME_BYTES)),
        ],
        DiceSource::Seeded { seed: 2026 },
    )
    .unwrap();
    let bot = Bot::Threshold(Thresholds::default());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut turns = 0u32;
    // What a refused turn must leave as it was (a copy of the whole game each turn would
    // make this quadratic).
    let glance = |g: &Game| {
        let last = g.events().last().cloned();
        (
            g.events().len(),
            last,
            g.phase(),
            g.current_player(),
            g.round(),
            g.players().to_vec(),
        )
    };
    let refused = loop {
        let before = glance(&game);
        match bot.play_turn(&mut game, &mut rng) {
            Ok(_) => turns += 1,
            Err(e) => {
                assert_eq!(glance(&game), before, "a refused turn changed the game");
                break e;
            }
        }
    };
    assert!(
        matches!(refused, BotError::Game(GameError::LogFull { .. })),
        "{refused:?}"
    );
    // Every turn that fitted was played, well before the game's own end (80,000 turns).
    assert!(turns > 40_000 && turns < 80_000, "{turns} turns");
    // Actions one by one fill the rest, up to the bound and never past it.
    let full = loop {
        // Once full, nothing is legal; a roll shows why.
        let action = if game.can_bank() {
            farkle::Action::Bank
        } else {
            game.legal_actions()
                .first()
                .copied()
                .unwrap_or(farkle::Action::Roll)
        };
        let before = game.clone();
        match game.apply(action) {
            Ok(_) => {}
            Err(e) => {
                assert_eq!(game, before, "a refused action changed the game");
                break e;
            }
        }
    };
    let events = game.events().len();
    assert_eq!(full, GameError::LogFull { events });

    let text = game.save();
    // Full: within three events and the bound on the rest (16 KiB) of the limit.
    assert!(text.len() <= SAVE_MAX_BYTES, "{} bytes", text.len());
    assert!(
        text.len() > SAVE_MAX_BYTES - 17 * 1024,
        "{} bytes",
        text.len()
    );
    let loaded = Game::load(&text).expect("what the library saves, it loads");
    assert_eq!(loaded, game);
    assert_eq!(
        loaded.clone().roll().err(),
        Some(GameError::LogFull { events })
    );
}

/// A name of one byte more than the bound is refused when the game is made, whichever
/// player has it, by name and size.
#[test]
fn a_name_longer_than_the_bound_is_refused_at_creation() {
    let long = "n".repeat(MAX_NAME_BYTES + 1);
    let err = Game::with_names(
        Preset::Classic.rules(),
        vec![Some("Ann".into()), None, Some(long)],
        DiceSource::Supplied,
    )
    .err();
    assert_eq!(
        err,
        Some(GameError::NameTooLong {
            player: 2,
            bytes: MAX_NAME_BYTES + 1
        })
    );
    let text = err.unwrap().to_string();
    assert!(
        text.contains("player 2") && text.contains("1025 bytes"),
        "{text}"
    );
}

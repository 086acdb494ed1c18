// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Speed of whole games: a seeded two-player classic game played to the end by a simple
//! policy (take the best selection, bank from 300 points once allowed), saving and loading a
//! finished game (loading replays every action), and the threshold bot's turns through
//! farkle_game_bot_play_turn in games to 10,000 and to 40,000.

// criterion_group! declares an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use farkle::ffi::bots::farkle_game_bot_play_turn;
use farkle::ffi::error::FarkleStatus;
use farkle::ffi::game::{farkle_game_free, farkle_game_new, FarkleGame};
use farkle::{DiceSource, Game, Phase, Preset};

fn play(seed: u64) -> Game {
    let mut g = Game::new(Preset::Classic.rules(), 2, DiceSource::Seeded { seed }).unwrap();
    loop {
        match g.phase() {
            Phase::AwaitingRoll => {
                if g.can_bank() && g.turn().points >= 300 {
                    g.bank().unwrap();
                } else {
                    g.roll().unwrap();
                }
            }
            Phase::AwaitingSelection => {
                let best = g.turn().last_roll().unwrap().best_selection_mask;
                g.select_mask(best).unwrap();
            }
            Phase::Farkled => g.acknowledge_farkle().unwrap(),
            Phase::GameOver => return g,
        }
    }
}

fn games(c: &mut Criterion) {
    let mut seed = 0;
    c.bench_function("play a seeded 2-player classic game to the end", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(black_box(seed)))
        });
    });
    let finished = play(7);
    let text = finished.save();
    println!(
        "(the saved game has {} events, {} bytes)",
        finished.events().len(),
        text.len()
    );
    c.bench_function("save a finished game", |b| {
        b.iter(|| black_box(black_box(&finished).save()));
    });
    c.bench_function("load a finished game (replays it)", |b| {
        b.iter(|| black_box(Game::load(black_box(&text)).unwrap()));
    });
}

/// Plays a two-player game through the C API, every turn by farkle_game_bot_play_turn (the
/// threshold bot), to `target`; returns the game and its turns.
fn bot_game(target: i32, seed: u64) -> (*mut FarkleGame, u64) {
    let mut rules = farkle::ffi::rules::FarkleRules::from(&Preset::Classic.rules());
    rules.target_score = target;
    let mut game = std::ptr::null_mut();
    // SAFETY: valid pointers; the game is freed by the caller.
    unsafe {
        assert_eq!(
            farkle_game_new(&raw const rules, 2, seed, &raw mut game),
            FarkleStatus::Ok
        );
        let mut turns = 0;
        while farkle_game_bot_play_turn(game, 1, std::ptr::null(), seed) == FarkleStatus::Ok {
            turns += 1;
        }
        (game, turns)
    }
}

/// What a bot turn costs as the game grows: whole games to 10,000 and to 40,000 (four times
/// the turns and the event log), in turns per second. The same per turn means no cost grows
/// with the game's length.
fn bot_turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("farkle_game_bot_play_turn");
    for target in [10_000, 40_000] {
        let turns: u64 = (0..20)
            .map(|s| {
                let (g, t) = bot_game(target, s);
                // SAFETY: from farkle_game_new, freed once.
                unsafe { farkle_game_free(g) };
                t
            })
            .sum();
        group.throughput(Throughput::Elements(turns));
        group.bench_function(format!("threshold bot, classic to {target}"), |b| {
            b.iter(|| {
                for s in 0..20 {
                    let (g, _) = bot_game(target, s);
                    // SAFETY: from farkle_game_new, freed once.
                    unsafe { farkle_game_free(black_box(g)) };
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, games, bot_turns);
criterion_main!(benches);

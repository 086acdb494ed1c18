// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Speed of whole games: a seeded two-player classic game played to the end by a simple
//! policy (take the best selection, bank from 300 points once allowed), and saving and
//! loading a finished game (loading replays every action).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
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
                let best = g.legal_selections()[0].mask;
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
        })
    });
    let finished = play(7);
    let text = finished.save();
    println!(
        "(the saved game has {} events, {} bytes)",
        finished.events().len(),
        text.len()
    );
    c.bench_function("save a finished game", |b| {
        b.iter(|| black_box(black_box(&finished).save()))
    });
    c.bench_function("load a finished game (replays it)", |b| {
        b.iter(|| black_box(Game::load(black_box(&text)).unwrap()))
    });
}

criterion_group!(benches, games);
criterion_main!(benches);

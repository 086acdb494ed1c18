// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Throughput of the simulator in turns per second: seeded two-player games (10,000 an
//! iteration for the bots played as playouts, 200 for those played through `Game`), classic
//! rules to 10,000 with threshold and single-turn optimal bots, the random bot (through
//! `Game`), and the win-optimal bot against the threshold bot on the minimal preset to 1,000
//! (whose table solves in milliseconds); then the threshold bots through `Game` one game at a
//! time on this thread, the reference the playouts are checked against. The games are seeded,
//! so every iteration plays the same turns; criterion reports turns/s. Run with
//! `RAYON_NUM_THREADS=1` for the one-core figures.

// criterion_group! declares an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use farkle::strategy::simulate::play_game;
use farkle::strategy::{simulate, Bot, SolveOptions, Thresholds, TwoPlayerTable};
use farkle::{Preset, Rules};

fn bench(c: &mut Criterion, name: &str, rules: Rules, bots: &[Bot], games: u64) {
    let turns = simulate(&rules, bots, games, 1).unwrap().turns;
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(turns));
    group.bench_function(name, |b| {
        b.iter(|| black_box(simulate(&rules, black_box(bots), games, 1).unwrap()));
    });
    group.finish();
}

fn simulations(c: &mut Criterion) {
    let classic = Preset::Classic.rules();
    let threshold = Bot::Threshold(Thresholds::default());
    let single = Bot::single_turn_optimal(&classic).unwrap();
    bench(
        c,
        "classic, threshold vs threshold",
        classic,
        &[threshold.clone(), threshold.clone()],
        10_000,
    );
    bench(
        c,
        "classic, single-turn optimal vs single-turn optimal",
        classic,
        &[single.clone(), single.clone()],
        10_000,
    );
    bench(
        c,
        "classic, single-turn optimal vs threshold",
        classic,
        &[single, threshold.clone()],
        10_000,
    );
    bench(
        c,
        "classic, random legal vs threshold (through Game)",
        classic,
        &[Bot::RandomLegal, threshold.clone()],
        200,
    );
    // The reference: the same threshold games through Game, on this thread.
    let seated = [&threshold, &threshold];
    let turns: u64 = (0..200)
        .map(|i| play_game(&classic, &seated, i, i).unwrap().1)
        .sum();
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(turns));
    group.bench_function("classic, threshold vs threshold, Game on one thread", |b| {
        b.iter(|| {
            for i in 0..200 {
                black_box(play_game(&classic, &seated, i, i).unwrap());
            }
        });
    });
    group.finish();
    let minimal = Rules {
        target_score: 1000,
        ..Preset::Minimal.rules()
    };
    let table = TwoPlayerTable::solve(&minimal, SolveOptions::default(), &mut |_| true).unwrap();
    let win = Bot::win_optimal(Arc::new(table)).unwrap();
    bench(
        c,
        "minimal to 1000, win-optimal vs threshold",
        minimal,
        &[win, threshold],
        200,
    );
}

criterion_group!(benches, simulations);
criterion_main!(benches);

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Throughput of the simulator in turns per second: 200 seeded two-player games per
//! iteration (rayon on every core), classic rules to 10,000 with threshold and single-turn
//! optimal bots, and the win-optimal bot against the threshold bot on the minimal preset to
//! 1,000 (whose table solves in milliseconds). The games are seeded, so every iteration plays
//! the same turns; criterion reports turns/s.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use farkle::strategy::{simulate, Bot, SolveOptions, Thresholds, WinTable};
use farkle::{Preset, Rules};

const GAMES: u64 = 200;

fn bench(c: &mut Criterion, name: &str, rules: Rules, bots: &[Bot]) {
    let turns = simulate(&rules, bots, GAMES, 1).unwrap().turns;
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(turns));
    group.bench_function(name, |b| {
        b.iter(|| black_box(simulate(&rules, black_box(bots), GAMES, 1).unwrap()))
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
    );
    bench(
        c,
        "classic, single-turn optimal vs single-turn optimal",
        classic,
        &[single.clone(), single.clone()],
    );
    bench(
        c,
        "classic, single-turn optimal vs threshold",
        classic,
        &[single, threshold.clone()],
    );
    let minimal = Rules {
        target_score: 1000,
        ..Preset::Minimal.rules()
    };
    let table = WinTable::solve(&minimal, SolveOptions::default(), &mut |_| true).unwrap();
    let win = Bot::win_optimal(Arc::new(table)).unwrap();
    bench(
        c,
        "minimal to 1000, win-optimal vs threshold",
        minimal,
        &[win, threshold],
    );
}

criterion_group!(benches, simulations);
criterion_main!(benches);

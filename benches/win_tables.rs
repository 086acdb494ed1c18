// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What a query of a win table costs, two players against three: the mover's decision at a
//! turn start (the turn solved again from the stored values, as for a state met for the
//! first time) cycling through many states, and at a state whose turn is cached (what a bot
//! asks during its turn). Minimal scoring to 1,500 for both (the three-player table has a
//! mixed cycle there). `cargo bench --bench win_tables`.

// criterion_group! declares an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use farkle::strategy::{PlayerState, WinTable};
use farkle::{Preset, Rules};

fn on_board(score: i32) -> PlayerState {
    PlayerState {
        score,
        on_board: true,
        farkles: 0,
    }
}

fn queries(c: &mut Criterion) {
    let rules = Rules {
        target_score: 1500,
        ..Preset::Minimal.rules()
    };
    let mut group = c.benchmark_group("win table query");
    for players in [2usize, 3] {
        let table = WinTable::solve(&rules, players, &mut |_| true).unwrap();
        // States spread over the table, each met once per cycle through them.
        let states: Vec<Vec<PlayerState>> = (0..64)
            .map(|i| {
                (0..players)
                    .map(|j| on_board(((i * 7 + j * 11) % 30) as i32 * 50))
                    .collect()
            })
            .collect();
        let mut i = 0;
        group.bench_function(format!("{players} players, a new state"), |b| {
            b.iter(|| {
                i = (i + 1) % states.len();
                black_box(table.decision(black_box(&states[i]), 0, 6).unwrap())
            });
        });
        group.bench_function(format!("{players} players, the same turn"), |b| {
            b.iter(|| black_box(table.decision(black_box(&states[0]), 300, 3).unwrap()));
        });
    }
    group.finish();
}

criterion_group!(benches, queries);
criterion_main!(benches);

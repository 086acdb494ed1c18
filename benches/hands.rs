// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Speed of the dice-hands solver (seed 003) on random pools of 6, 12, 20 and 40 dice, and
//! on the worst case the solver accepts (48 dice, 8 of each face).

// criterion_group! declares an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use farkle::hands::{score_pool, Bonuses, HandLevels, HANDS_MAX_DICE};

fn pools(n: usize, how_many: usize) -> Vec<Vec<u8>> {
    // A fixed linear congruential sequence: the same dice on every run.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..how_many)
        .map(|_| {
            (0..n)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    ((state >> 33) % 6) as u8 + 1
                })
                .collect()
        })
        .collect()
}

fn hands(c: &mut Criterion) {
    let levels = HandLevels::new();
    let bonuses = Bonuses::default();
    let mut group = c.benchmark_group("score a random pool");
    for n in [6, 12, 20, 40] {
        let pools = pools(n, 64);
        group.bench_with_input(BenchmarkId::from_parameter(n), &pools, |b, pools| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) & 63;
                black_box(score_pool(black_box(&pools[i]), &levels, &bonuses))
            });
        });
    }
    group.finish();
    let worst: Vec<u8> = (0..HANDS_MAX_DICE).map(|i| (i % 6) as u8 + 1).collect();
    c.bench_function("score the worst-case pool (48 dice, 8 of each face)", |b| {
        b.iter(|| black_box(score_pool(black_box(&worst), &levels, &bonuses)));
    });
}

criterion_group!(benches, hands);
criterion_main!(benches);

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Speed of the scorer: scoring a selection, analyzing a roll, listing legal selections,
//! building a scorer, and the C entry point with its checks.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use farkle::{FaceCounts, Preset, Rules, Scorer, MAX_DICE};

fn rolls(n: usize, how_many: usize) -> Vec<FaceCounts> {
    // A fixed linear congruential sequence: the same dice on every run.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    (0..how_many)
        .map(|_| {
            let faces: Vec<u8> = (0..n)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    ((state >> 33) % 6) as u8 + 1
                })
                .collect();
            FaceCounts::from_faces(&faces, MAX_DICE).unwrap()
        })
        .collect()
}

fn scoring(c: &mut Criterion) {
    let scorer = Scorer::new(&Preset::Classic.rules()).unwrap();
    let six = rolls(6, 1024);
    let selections: Vec<FaceCounts> = six
        .iter()
        .map(|r| scorer.analyze(*r).unwrap().best_selection)
        .collect();

    c.bench_function("points of a selection (up to 6 dice)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(scorer.points(black_box(selections[i])))
        })
    });
    c.bench_function("score with combinations (up to 6 dice)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(scorer.score(black_box(selections[i])))
        })
    });
    c.bench_function("analyze a 6-die roll", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(scorer.analyze(black_box(six[i])))
        })
    });
    c.bench_function("list legal selections of a 6-die roll", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            let mut n = 0;
            scorer.for_each_selection(black_box(six[i]), |s| n += s.points);
            black_box(n)
        })
    });
    c.bench_function("sorted legal selections of a 6-die roll (Vec)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(scorer.selections(black_box(six[i])))
        })
    });

    let twelve_rules = Rules {
        dice_count: 12,
        ..Preset::Classic.rules()
    };
    let big = Scorer::new(&twelve_rules).unwrap();
    let twelve = rolls(12, 1024);
    c.bench_function("analyze a 12-die roll", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(big.analyze(black_box(twelve[i])))
        })
    });
    c.bench_function("build a scorer (6 dice)", |b| {
        b.iter(|| black_box(Scorer::new(black_box(&Preset::Classic.rules()))))
    });
    c.bench_function("build a scorer (12 dice)", |b| {
        b.iter(|| black_box(Scorer::new(black_box(&twelve_rules))))
    });
}

criterion_group!(benches, scoring);
criterion_main!(benches);

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Speed of the scorer: the lean points calls beside a bare face-count-and-table-read floor,
//! scoring a selection with its combinations, analyzing a roll, listing legal selections,
//! building a scorer, the C entry points as a C caller calls them, and the per-thread cache
//! with one rules value against 64 in turn. (The comparison with the original C library is
//! in the C harness, benches/c/bench_scoring.c, run by benches/c/compare-original.sh.)

// criterion_group! declares an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::mem::MaybeUninit;

use criterion::{criterion_group, criterion_main, Criterion};
use farkle::ffi::error::FarkleStatus;
use farkle::ffi::rules::FarkleRules;
use farkle::ffi::scorer::*;
use farkle::ffi::scoring::*;
use farkle::{FaceCounts, Preset, Rules, Scorer, MAX_DICE};

/// A fixed linear congruential sequence: the same dice on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// Inputs per measurement, cycled: a million, so that the branch predictor cannot learn the
/// sequence of dice counts (with a few thousand inputs replayed it does, and code that
/// branches on the number of dice looks faster than it is on fresh dice).
const POOL: usize = 1 << 20;

fn rolls(n: usize, how_many: usize) -> Vec<FaceCounts> {
    let mut rng = Lcg(0x2545_f491_4f6c_dd1d);
    (0..how_many)
        .map(|_| {
            let faces: Vec<u8> = (0..n).map(|_| rng.below(6) as u8 + 1).collect();
            FaceCounts::from_faces(&faces, MAX_DICE).unwrap()
        })
        .collect()
}

/// Random selections of 1 to 6 dice (count and faces uniform), as the C harness draws them,
/// in one flat buffer: six bytes per selection and its count.
struct Selections {
    faces: Vec<[u8; 6]>,
    counts: Vec<u8>,
}

impl Selections {
    fn new() -> Selections {
        let mut rng = Lcg(0x9e37_79b9_7f4a_7c15);
        let counts: Vec<u8> = (0..POOL).map(|_| 1 + rng.below(6) as u8).collect();
        let faces = (0..POOL)
            .map(|_| std::array::from_fn(|_| rng.below(6) as u8 + 1))
            .collect();
        Selections { faces, counts }
    }

    #[inline]
    fn get(&self, i: usize) -> &[u8] {
        &self.faces[i][..usize::from(self.counts[i])]
    }
}

/// Random 6-die rolls as face values.
fn six_die_faces() -> Vec<[u8; 6]> {
    let mut rng = Lcg(0x2545_f491_4f6c_dd1d);
    (0..POOL)
        .map(|_| std::array::from_fn(|_| rng.below(6) as u8 + 1))
        .collect()
}

/// The floor: a direct table of every mixed-radix key (7^6) filled through the library, read
/// after counting the faces with one addition per die; as a plain loop over the dice, and in
/// six fixed steps (those past the last die adding 0), which reads all six bytes of an input
/// (the library may not read past the count).
struct Floor {
    weight: [u32; 256],
    points: Vec<i32>,
}

impl Floor {
    fn new(scorer: &Scorer) -> Floor {
        let mut weight = [0u32; 256];
        for (face, w) in weight.iter_mut().enumerate().take(7).skip(1) {
            *w = 7u32.pow(face as u32 - 1);
        }
        let mut points = vec![0; 7usize.pow(6)];
        for v in FaceCounts::all_up_to(6) {
            let key: u32 = v.faces().iter().map(|&f| weight[usize::from(f)]).sum();
            points[key as usize] = scorer.points_of_faces(&v.faces()).unwrap();
        }
        Floor { weight, points }
    }

    #[inline]
    fn points(&self, faces: &[u8]) -> i32 {
        let key: u32 = faces.iter().map(|&f| self.weight[usize::from(f)]).sum();
        self.points[key as usize]
    }

    #[inline]
    fn points_fixed(&self, faces: &[u8; 6], count: u8) -> i32 {
        let key: u32 = (0..6)
            .map(|d| {
                self.weight[usize::from(faces[d])]
                    & 0u32.wrapping_sub(u32::from(d < usize::from(count)))
            })
            .sum();
        self.points[key as usize]
    }
}

fn c_rules(rules: &Rules) -> FarkleRules {
    FarkleRules::from(rules)
}

fn c_scorer(rules: &FarkleRules) -> *mut FarkleScorer {
    let mut s = std::ptr::null_mut();
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { farkle_scorer_new(rules, &raw mut s) },
        FarkleStatus::Ok
    );
    s
}

fn lean_calls(c: &mut Criterion) {
    let picks = Selections::new();
    for preset in [Preset::Classic, Preset::Additive] {
        let rules = preset.rules();
        let name = preset.name();
        let scorer = Scorer::new(&rules).unwrap();
        let floor = Floor::new(&scorer);
        let fr = c_rules(&rules);
        let prepared = c_scorer(&fr);
        c.bench_function(
            &format!("floor: face-count key + table read ({name})"),
            |b| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % POOL;
                    black_box(floor.points(black_box(picks.get(i))))
                });
            },
        );
        c.bench_function(&format!("floor, six fixed steps ({name})"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % POOL;
                black_box(floor.points_fixed(black_box(&picks.faces[i]), picks.counts[i]))
            });
        });
        c.bench_function(&format!("Scorer::points_of_faces ({name})"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % POOL;
                black_box(scorer.points_of_faces(black_box(picks.get(i))))
            });
        });
        c.bench_function(&format!("farkle_scorer_points ({name})"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % POOL;
                let f = black_box(picks.get(i));
                let mut p = 0;
                // SAFETY: valid pointers and a live scorer.
                let s = unsafe { farkle_scorer_points(prepared, f.as_ptr(), f.len(), &raw mut p) };
                black_box((s, p))
            });
        });
        c.bench_function(&format!("farkle_points ({name})"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % POOL;
                let f = black_box(picks.get(i));
                let mut p = 0;
                // SAFETY: valid pointers.
                let s = unsafe { farkle_points(&raw const fr, f.as_ptr(), f.len(), &raw mut p) };
                black_box((s, p))
            });
        });
        // SAFETY: created above, freed once.
        unsafe { farkle_scorer_free(prepared) };
    }
}

fn full_calls(c: &mut Criterion) {
    let picks = Selections::new();
    let six = six_die_faces();
    for preset in [Preset::Classic, Preset::Additive] {
        let rules = preset.rules();
        let name = preset.name();
        let fr = c_rules(&rules);
        let prepared = c_scorer(&fr);
        c.bench_function(&format!("farkle_scorer_score_selection ({name})"), |b| {
            let mut i = 0;
            let mut out = MaybeUninit::<FarkleScore>::uninit();
            b.iter(|| {
                i = (i + 1) % POOL;
                let f = black_box(picks.get(i));
                // SAFETY: valid pointers and a live scorer.
                black_box(unsafe {
                    farkle_scorer_score_selection(prepared, f.as_ptr(), f.len(), out.as_mut_ptr())
                })
            });
        });
        c.bench_function(&format!("farkle_score_selection ({name})"), |b| {
            let mut i = 0;
            let mut out = MaybeUninit::<FarkleScore>::uninit();
            b.iter(|| {
                i = (i + 1) % POOL;
                let f = black_box(picks.get(i));
                // SAFETY: valid pointers.
                black_box(unsafe {
                    farkle_score_selection(&raw const fr, f.as_ptr(), f.len(), out.as_mut_ptr())
                })
            });
        });
        c.bench_function(
            &format!("farkle_scorer_roll_analyze, 6 dice ({name})"),
            |b| {
                let mut i = 0;
                let mut out = MaybeUninit::<FarkleRollAnalysis>::uninit();
                b.iter(|| {
                    i = (i + 1) % POOL;
                    let f = black_box(&six[i]);
                    // SAFETY: valid pointers and a live scorer.
                    black_box(unsafe {
                        farkle_scorer_roll_analyze(prepared, f.as_ptr(), f.len(), out.as_mut_ptr())
                    })
                });
            },
        );
        c.bench_function(&format!("farkle_roll_analyze, 6 dice ({name})"), |b| {
            let mut i = 0;
            let mut out = MaybeUninit::<FarkleRollAnalysis>::uninit();
            b.iter(|| {
                i = (i + 1) % POOL;
                let f = black_box(&six[i]);
                // SAFETY: valid pointers.
                black_box(unsafe {
                    farkle_roll_analyze(&raw const fr, f.as_ptr(), f.len(), out.as_mut_ptr())
                })
            });
        });
        // SAFETY: created above, freed once.
        unsafe { farkle_scorer_free(prepared) };
    }
}

/// One rules value against 64 in turn (differing in a scoring field, or only in game
/// settings), each already seen: the per-thread cache must not fall off a cliff.
fn rules_cache(c: &mut Criterion) {
    let picks = Selections::new();
    let classic = Preset::Classic.rules();
    // Classic with a single 5 worth 50 to 112, and additive: with the presets the other
    // benches use among them, exactly the 64 tables the per-thread cache holds (a 65th would
    // make every cycle through them rebuild tables).
    let scoring: Vec<Rules> = (0..64)
        .map(|v| match v {
            63 => Preset::Additive.rules(),
            _ => Rules {
                single_five: 50 + v,
                ..classic
            },
        })
        .collect();
    let game: Vec<Rules> = (0..64)
        .map(|v| Rules {
            target_score: 5000 + 100 * v,
            min_entry_score: 50 * (v % 8),
            ..classic
        })
        .collect();
    let c_scoring: Vec<FarkleRules> = scoring.iter().map(c_rules).collect();
    let c_game: Vec<FarkleRules> = game.iter().map(c_rules).collect();
    for (name, values, mask) in [
        ("one rules value", &c_scoring, 0),
        ("64 scoring variants in turn", &c_scoring, 63),
        ("64 game-setting variants", &c_game, 63),
    ] {
        c.bench_function(&format!("farkle_score_selection, {name}"), |b| {
            let mut i = 0;
            let mut out = MaybeUninit::<FarkleScore>::uninit();
            b.iter(|| {
                i = (i + 1) % POOL;
                let f = black_box(picks.get(i));
                // SAFETY: valid pointers.
                black_box(unsafe {
                    farkle_score_selection(
                        &raw const values[i & mask],
                        f.as_ptr(),
                        f.len(),
                        out.as_mut_ptr(),
                    )
                })
            });
        });
        c.bench_function(&format!("farkle_points, {name}"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % POOL;
                let f = black_box(picks.get(i));
                let mut p = 0;
                // SAFETY: valid pointers.
                let s = unsafe {
                    farkle_points(&raw const values[i & mask], f.as_ptr(), f.len(), &raw mut p)
                };
                black_box((s, p))
            });
        });
    }
    for (name, values, mask) in [
        ("one rules value", &scoring, 0),
        ("64 scoring variants in turn", &scoring, 63),
        ("64 game-setting variants", &game, 63),
    ] {
        c.bench_function(
            &format!("Scorer::with_shared + points_of_faces, {name}"),
            |b| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % POOL;
                    let f = black_box(picks.get(i));
                    black_box(Scorer::with_shared(&values[i & mask], |s| {
                        s.points_of_faces(f)
                    }))
                });
            },
        );
    }
}

fn rust_api(c: &mut Criterion) {
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
        });
    });
    c.bench_function("score with combinations (up to 6 dice)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(scorer.score(black_box(selections[i])))
        });
    });
    c.bench_function("analyze a 6-die roll", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(scorer.analyze(black_box(six[i])))
        });
    });
    c.bench_function("list legal selections of a 6-die roll", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            let mut n = 0;
            scorer.for_each_selection(black_box(six[i]), |s| n += s.points);
            black_box(n)
        });
    });
    c.bench_function("sorted legal selections of a 6-die roll (Vec)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(scorer.selections(black_box(six[i])))
        });
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
        });
    });
    c.bench_function("build a scorer (6 dice)", |b| {
        b.iter(|| black_box(Scorer::new(black_box(&Preset::Classic.rules()))));
    });
    c.bench_function("build a scorer (12 dice)", |b| {
        b.iter(|| black_box(Scorer::new(black_box(&twelve_rules))));
    });
}

criterion_group!(benches, lean_calls, full_calls, rules_cache, rust_api);
criterion_main!(benches);

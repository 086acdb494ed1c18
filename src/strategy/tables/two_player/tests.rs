// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Unit tests of the solver's internals: the lane passes against the one-pair pass, policy
//! iteration against plain sweeps, the margin tallies.

use super::lanes::{Batch, LaneScratch, LANES};
use super::pass::Scratch;
use super::policy::{certified_drift, margin_bucket, MARGIN_BUCKETS, NOTED_MARGIN};
use super::*;
use crate::Preset;

fn small_penalty_game(final_round: bool) -> Rules {
    Rules {
        dice_count: 3,
        target_score: 600,
        min_entry_score: 100,
        min_bank_score: 100,
        final_round,
        farkle_penalty_streak: 2,
        farkle_penalty_points: 150,
        ..Preset::Classic.rules()
    }
}

/// A lane pass gives every pair the value of the one-pair pass, whatever the heights of
/// the turns it holds together and however many lanes are used.
#[test]
fn lanes_agree_with_the_single_pass() {
    for final_round in [false, true] {
        let rules = small_penalty_game(final_round);
        let table = TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
        let ctx = table.ctx();
        let players = ctx.players();
        let start = &table.start;
        let items: Vec<(usize, usize, f64, usize)> = (0..players)
            .flat_map(|p| (0..players).map(move |q| (p, q)))
            .map(|(p, q)| {
                let phi = ctx.farkle_payoff(start, p, q);
                (p, q, phi, ctx.t_hi(p, q, phi))
            })
            .collect();
        let mut lanes = LaneScratch::default();
        let mut single = Scratch::default();
        for size in [1, 3, LANES] {
            for chunk in items.chunks(size) {
                let batch = Batch::new(chunk);
                let values = ctx.lane_pass(&mut lanes, start, &batch, false);
                for (j, &(p, q, phi, t_hi)) in chunk.iter().enumerate() {
                    ctx.fill_bank(start, p, q, t_hi, &mut single.bank);
                    let expected = ctx.pass::<false>(&mut single, p, q, phi).0;
                    assert!(
                        (values[j] - expected).abs() < 1e-14,
                        "pair {p}, {q}: lanes {} single {expected}",
                        values[j]
                    );
                }
            }
        }
    }
}

/// Policy iteration (its linear forms checked against the passes by the debug
/// assertions of the sweep) reaches the values of plain sweeps.
#[test]
fn policy_iteration_agrees_with_plain_sweeps() {
    let rules = small_penalty_game(true);
    let plain = TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
    let options = SolveOptions {
        policy_iteration: true,
        ..SolveOptions::default()
    };
    let policy = TwoPlayerTable::solve(&rules, options, &mut |_| true).unwrap();
    for (a, b) in plain.start.iter().zip(&policy.start) {
        assert!((a - b).abs() < 1e-10, "{a} {b}");
    }
}

#[test]
fn margins_and_certificates() {
    assert_eq!(margin_bucket(0.0), 0);
    assert_eq!(margin_bucket(f64::NAN), 0);
    assert_eq!(margin_bucket(1e-300), 0);
    // 2^-10 is in bucket 50, [2^-10, 2^-9).
    assert_eq!(margin_bucket(1.0 / 1024.0), 50);
    assert_eq!(margin_bucket(1.5 / 1024.0), 50);
    assert_eq!(margin_bucket(NOTED_MARGIN * 0.99), MARGIN_BUCKETS - 1);
    // No decision at stake: certified as far as margins are tallied.
    assert_eq!(certified_drift(|_| 0.0, 1e-12), NOTED_MARGIN);
    // A sure tie reached with probability 1: the drift d may cost 2 d, so d is the
    // largest power of two with 2 d <= epsilon.
    let d = certified_drift(|k| if k == 0 { 1.0 } else { 0.0 }, 1e-12);
    assert!(2.0 * d <= 1e-12 && 4.0 * d > 1e-12, "{d}");
    // A margin of 2^-20 reached with probability 1/2: safe up to a drift of 2^-20.
    let bucket = margin_bucket(1.0 / (1u64 << 20) as f64);
    let d = certified_drift(|k| if k == bucket { 0.5 } else { 0.0 }, 1e-12);
    assert_eq!(d, 1.0 / (1u64 << 20) as f64);
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Solves optimal play for two (or, with `--players 3`, three) players for a preset and saves
//! the table:
//!
//! ```sh
//! cargo run --release --example solve -- --rules minimal --target 10000 --out minimal.fwt
//! cargo run --release --example solve -- --players 3 --rules classic --target 10000
//! ```
//!
//! Prints the single-turn numbers (expected points of a turn, bank thresholds, and the
//! long-run average under a penalty), then each seat's P(win) from the start, the fairest
//! head starts, the solve time, the peak memory of the process and the table size. Progress
//! goes to stderr. A turn limit (the additive preset) is dropped: the game is played to the
//! target. `--entry POINTS` and `--no-final-round` change the preset's entry minimum and
//! final round. For three players it also prints the longest wait between two progress
//! calls; `--cancel-at FRACTION` stops the solve there and says how long it took to return.

use std::io::Write;
use std::time::Instant;

use farkle::strategy::{
    Odds, PenaltyPolicy, SingleTurn, SolveOptions, ThreePlayerTable, TwoPlayerTable,
};
use farkle::Preset;

fn main() {
    let mut preset = Preset::Minimal;
    let mut target = 10_000;
    let mut out: Option<String> = None;
    let mut options = SolveOptions::default();
    let mut streak: Option<u8> = None;
    let mut points: Option<i32> = None;
    let mut players = 2;
    let mut cancel_at: Option<f64> = None;
    let mut entry: Option<i32> = None;
    let mut final_round = true;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| usage(&format!("{arg} needs a value")))
        };
        match arg.as_str() {
            "--rules" => {
                let name = value();
                preset = Preset::from_name(&name)
                    .unwrap_or_else(|| usage(&format!("unknown preset {name}")));
            }
            "--target" => {
                target = value()
                    .parse()
                    .unwrap_or_else(|_| usage("--target needs a number"));
            }
            "--out" => out = Some(value()),
            "--players" => {
                players = value()
                    .parse()
                    .unwrap_or_else(|_| usage("--players needs 2 or 3"));
            }
            "--entry" => {
                entry = Some(
                    value()
                        .parse()
                        .unwrap_or_else(|_| usage("--entry needs a number")),
                );
            }
            "--no-final-round" => final_round = false,
            // Three players: stop the solve once it reports this fraction done, and time
            // how long it takes to return.
            "--cancel-at" => {
                cancel_at = Some(
                    value()
                        .parse()
                        .unwrap_or_else(|_| usage("--cancel-at needs a fraction")),
                );
            }
            // With a penalty: policy iteration instead of plain sweeps (for comparison).
            "--policy-iteration" => options.policy_iteration = true,
            // Another penalty than the preset's: farkles in a row, and the points they cost.
            "--penalty-streak" => {
                streak = Some(
                    value()
                        .parse()
                        .unwrap_or_else(|_| usage("--penalty-streak needs a number")),
                );
            }
            "--penalty-points" => {
                points = Some(
                    value()
                        .parse()
                        .unwrap_or_else(|_| usage("--penalty-points needs a number")),
                );
            }
            _ => usage(&format!("unknown argument {arg}")),
        }
    }
    let mut rules = preset.rules();
    rules.target_score = target;
    rules.turn_limit = 0;
    if let Some(streak) = streak {
        rules.farkle_penalty_streak = streak;
    }
    if let Some(points) = points {
        rules.farkle_penalty_points = points;
    }
    if let Some(entry) = entry {
        rules.min_entry_score = entry;
    }
    rules.final_round &= final_round;

    let started = Instant::now();
    let odds = Odds::new(&rules).expect("valid rules");
    for on_board in [true, false] {
        if !on_board && rules.min_entry_score == 0 {
            continue;
        }
        let turn = SingleTurn::solve(&odds, on_board).expect("single turn");
        let thresholds: Vec<String> = (1..=rules.dice_count)
            .map(|n| match turn.bank_threshold(n).expect("in range") {
                Some(t) => format!("{n}:{t}"),
                None => format!("{n}:never"),
            })
            .collect();
        println!(
            "{}: single turn{}: expected {:.2} points; bank at or above (dice:points) {}",
            preset.name(),
            if on_board { "" } else { " (not on the board)" },
            turn.expected_points(),
            thresholds.join(" ")
        );
    }
    if rules.farkle_penalty_streak > 0 && !rules.farkle_penalty_loses_all {
        let policy = PenaltyPolicy::solve(&odds).expect("penalty policy");
        let per_k: Vec<String> = (0..usize::from(rules.farkle_penalty_streak))
            .map(|k| {
                let turn = policy.turn(k).expect("k in range");
                let t: Vec<String> = (1..=rules.dice_count)
                    .map(|n| match turn.bank_threshold(n).expect("in range") {
                        Some(t) => t.to_string(),
                        None => "never".into(),
                    })
                    .collect();
                format!("k={k}: [{}]", t.join(" "))
            })
            .collect();
        println!(
            "{}: long-run average {:.2} points per turn; bank thresholds by dice 1..: {}",
            preset.name(),
            policy.average_points_per_turn(),
            per_k.join("; ")
        );
    }
    println!("single-turn solves took {:.2?}", started.elapsed());

    if players == 3 {
        return solve_three(&rules, preset, out, cancel_at);
    }
    let started = Instant::now();
    let mut last = -1.0;
    let table = TwoPlayerTable::solve(&rules, options, &mut |f| {
        if f - last >= 0.01 || f >= 1.0 {
            last = f;
            eprint!("\rsolving {}: {:5.1}%", preset.name(), 100.0 * f);
            let _ = std::io::stderr().flush();
        }
        true
    })
    .unwrap_or_else(|e| {
        eprintln!("\ncannot solve: {e}");
        std::process::exit(1)
    });
    eprintln!();
    let elapsed = started.elapsed();
    let p = table.player_states();
    println!(
        "{}: target {target}: P(first player wins) = {:.6}, compensation {} points; \
         solved in {:.2?} ({p} player states, {} pairs, {} full sweeps, lead cap {}, \
         lower bound {})",
        preset.name(),
        table.first_player_win_probability(),
        table.compensation(),
        elapsed,
        p * p,
        table.sweeps(),
        table.lead_cap(),
        table.lower_bound(),
    );
    if let Some(path) = out {
        let started = Instant::now();
        table.save(std::path::Path::new(&path)).expect("save");
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let saved = started.elapsed();
        let started = Instant::now();
        let loaded = TwoPlayerTable::load(std::path::Path::new(&path)).expect("load");
        assert_eq!(
            loaded.first_player_win_probability(),
            table.first_player_win_probability()
        );
        println!(
            "saved {path} ({size} bytes) in {saved:.2?}; loaded back in {:.2?}",
            started.elapsed()
        );
    }
}

/// The three-player solve: each seat's chance from the start, the head starts, the mixed
/// cycles, the time and the peak memory; the file saved and loaded back.
fn solve_three(rules: &farkle::Rules, preset: Preset, out: Option<String>, cancel_at: Option<f64>) {
    let started = Instant::now();
    let mut last = -1.0;
    // The longest wait between two progress calls, and when the solve was told to stop.
    let mut previous = Instant::now();
    let mut longest = (std::time::Duration::ZERO, 0.0);
    let mut stopped: Option<Instant> = None;
    let solved = ThreePlayerTable::solve(rules, &mut |f| {
        let now = Instant::now();
        if now - previous > longest.0 {
            longest = (now - previous, f);
        }
        previous = now;
        if f - last >= 0.01 || f >= 1.0 {
            last = f;
            eprint!("\rsolving {} for three: {:5.1}%", preset.name(), 100.0 * f);
            let _ = std::io::stderr().flush();
        }
        if cancel_at.is_some_and(|c| f >= c) {
            stopped.get_or_insert(now);
            return false;
        }
        true
    });
    eprintln!();
    println!(
        "longest wait between progress calls: {:.2?} (ending at {:.1}%)",
        longest.0,
        100.0 * longest.1
    );
    if let Some(at) = stopped {
        println!(
            "cancelled at {:.0}%: the solve returned {:.2?} later ({:?})",
            100.0 * cancel_at.unwrap_or(0.0),
            at.elapsed(),
            solved.as_ref().err()
        );
        return;
    }
    let table = solved.unwrap_or_else(|e| {
        eprintln!("cannot solve: {e}");
        std::process::exit(1)
    });
    let elapsed = started.elapsed();
    let p = table.player_states();
    let seats = table.start_probabilities();
    println!(
        "{}: target {}, three players: P(win) by seat {:.6} {:.6} {:.6}; solved in {elapsed:.2?} \
         ({p} player states, {} states, {} mixed cycles, {} sweeps; peak memory {})",
        preset.name(),
        rules.target_score,
        seats[0],
        seats[1],
        seats[2],
        p * p * p,
        table.mixed_cycles(),
        table.sweeps(),
        peak_memory()
    );
    let [second, third] = table.compensation();
    let fair = {
        let first = farkle::strategy::PlayerState::start(rules);
        let head = |score: i32| farkle::strategy::PlayerState {
            score,
            on_board: true,
            farkles: 0,
        };
        let seat = |s: i32| if s == 0 { first } else { head(s) };
        table
            .start_of_turn(&[first, seat(second), seat(third)])
            .expect("in range")
    };
    println!(
        "fairest head starts: second seat {second}, third seat {third} points (P(win) then \
         {:.4} {:.4} {:.4})",
        fair[0], fair[1], fair[2]
    );
    if let Some(path) = out {
        let started = Instant::now();
        let bytes = table.to_bytes();
        std::fs::write(&path, &bytes).expect("save");
        let saved = started.elapsed();
        let started = Instant::now();
        let loaded =
            ThreePlayerTable::from_bytes(&std::fs::read(&path).expect("read")).expect("load");
        println!(
            "saved {path} ({} bytes) in {saved:.2?}; loaded back in {:.2?} (P(win) by seat \
             {:?})",
            bytes.len(),
            started.elapsed(),
            loaded.start_probabilities()
        );
    }
}

/// The process's peak resident memory, from /proc (Linux), or "unknown".
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l.trim_start_matches("VmHWM:").trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn usage(why: &str) -> ! {
    eprintln!(
        "{why}\nusage: solve [--players 2|3] [--rules PRESET] [--target POINTS] [--out FILE] \
         [--policy-iteration] [--penalty-streak FARKLES] [--penalty-points POINTS] \
         [--entry POINTS] [--no-final-round] [--cancel-at FRACTION]"
    );
    std::process::exit(2)
}

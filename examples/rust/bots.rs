// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Bots against bots:
//!
//! ```sh
//! cargo run --release --example bots -- --rules minimal --target 1000 --games 10000 \
//!     --seed 1 --bots win,threshold
//! ```
//!
//! Bots: `random`, `threshold` (the command-line game's thresholds), `single` (single-turn
//! optimal), `win` (win-optimal; solves the two-player table first, or loads `--table FILE`).
//! Prints each bot's wins, ties, win rate with its 95% interval and mean score, then the turns
//! played and the throughput. A turn limit is dropped (the game is played to the target).

use std::sync::Arc;
use std::time::Instant;

use farkle::strategy::{simulate, Bot, SolveOptions, Thresholds, TwoPlayerTable};
use farkle::Preset;

fn usage(why: &str) -> ! {
    eprintln!("{why}\nusage: bots [--rules PRESET] [--target N] [--games N] [--seed N] [--bots B,B,...] [--table FILE]");
    std::process::exit(2)
}

fn main() {
    let mut preset = Preset::Classic;
    let mut target = 10_000;
    let mut games = 1000u64;
    let mut seed = 1u64;
    let mut names = "single,threshold".to_string();
    let mut table_file: Option<String> = None;
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
            "--target" => target = value().parse().unwrap_or_else(|_| usage("bad --target")),
            "--games" => games = value().parse().unwrap_or_else(|_| usage("bad --games")),
            "--seed" => seed = value().parse().unwrap_or_else(|_| usage("bad --seed")),
            "--bots" => names = value(),
            "--table" => table_file = Some(value()),
            _ => usage(&format!("unknown argument {arg}")),
        }
    }
    let mut rules = preset.rules();
    rules.target_score = target;
    rules.turn_limit = 0;
    let mut table: Option<Arc<TwoPlayerTable>> = None;
    let bots: Vec<Bot> = names
        .split(',')
        .map(|name| match name {
            "random" => Bot::RandomLegal,
            "threshold" => Bot::Threshold(Thresholds::default()),
            "single" => Bot::single_turn_optimal(&rules).expect("single turn"),
            "win" => {
                let t = table.get_or_insert_with(|| {
                    let started = Instant::now();
                    let t = match &table_file {
                        Some(path) => {
                            TwoPlayerTable::load(std::path::Path::new(path)).expect("table file")
                        }
                        None => {
                            TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true)
                                .expect("two-player table")
                        }
                    };
                    eprintln!("table ready in {:.2?}", started.elapsed());
                    Arc::new(t)
                });
                Bot::win_optimal(Arc::clone(t)).expect("win-optimal bot")
            }
            _ => usage(&format!("unknown bot {name}")),
        })
        .collect();
    let started = Instant::now();
    let report = simulate(&rules, &bots, games, seed).expect("simulation");
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "{} to {target}, {games} games, seed {seed}, seats rotating",
        preset.name()
    );
    for (name, r) in names.split(',').zip(&report.bots) {
        println!(
            "{name:>10}: {:>6} wins {:>4} ties  {:6.2}% (95% {:.2}-{:.2})  mean score {:.0}",
            r.wins,
            r.ties,
            100.0 * r.win_rate,
            100.0 * r.interval.0,
            100.0 * r.interval.1,
            r.mean_score
        );
    }
    println!(
        "{} turns in {elapsed:.2} s: {:.0} turns/s ({} threads)",
        report.turns,
        report.turns as f64 / elapsed,
        rayon::current_num_threads()
    );
}

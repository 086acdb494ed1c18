// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The cards of a rules value: every folk rule's exact chance and price, then the best card
//! of each family found by the local search, against optimal (two players) or equilibrium
//! (three players) opponents:
//!
//! ```sh
//! cargo run --release --example cards -- --rules classic --target 10000
//! cargo run --release --example cards -- --rules minimal --target 10000 --families 2
//! cargo run --release --example cards -- --players 3 --rules minimal --target 2000
//! ```
//!
//! Solves the table first (or loads it with `--table FILE`, as the `solve` example writes
//! it). Chances are averaged over the seats; the price is optimal play's chance minus the
//! card's. `--families N` stops after the first N families (1: one threshold, 2: one per
//! count of dice left, 3: by situation). Each search prints its time and evaluations.
//! `--folk N` evaluates only the first N folk cards (`--families 0 --folk 1`: one card's
//! evaluation, timed).
//! `--start-per-dice 350,300,450,1100,never,never --keep single:4` skips the folk cards and
//! the smaller families and searches the families after "per dice" from that card (a long
//! search resumed from a card already found).

use std::time::Instant;

use farkle::strategy::cards::{
    evaluate_cards, improve_from, Banking, Card, CardValue, Family, Keep, SearchOptions,
};
use farkle::strategy::{SolveOptions, ThreePlayerTable, TwoPlayerTable, WinTable};
use farkle::Preset;

fn line(name: &str, v: &CardValue) {
    let seats: Vec<String> = v
        .seats
        .iter()
        .map(|s| format!("{:.4}%", 100.0 * s))
        .collect();
    println!(
        "{name:<40} chance {:>8.4}%  price {:>7.4} pp  (seats {})",
        100.0 * v.chance(),
        100.0 * v.price(),
        seats.join(", ")
    );
}

fn main() {
    let mut preset = Preset::Minimal;
    let mut target = 10_000;
    let mut players = 2;
    let mut families = 3;
    let mut folk_count = usize::MAX;
    let mut table_file: Option<String> = None;
    let mut start_row: Option<Vec<Option<u32>>> = None;
    let mut start_keep = Keep::All;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value after the option");
        match arg.as_str() {
            "--rules" => preset = Preset::from_name(&value()).expect("a preset name"),
            "--target" => target = value().parse().expect("a target"),
            "--players" => players = value().parse().expect("2 or 3"),
            "--families" => families = value().parse().expect("1 to 3"),
            "--folk" => folk_count = value().parse().expect("a number of folk cards"),
            "--table" => table_file = Some(value()),
            "--start-per-dice" => start_row = Some(parse_row(&value())),
            "--keep" => start_keep = parse_keep(&value()),
            _ => panic!("unknown option {arg}"),
        }
    }
    let rules = farkle::Rules {
        target_score: target,
        turn_limit: 0,
        ..preset.rules()
    };
    let start = Instant::now();
    let table: WinTable = match (&table_file, players) {
        (Some(f), _) => WinTable::load(std::path::Path::new(f)).expect("a table file"),
        (None, 2) => TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true)
            .expect("a solved table")
            .into(),
        (None, 3) => ThreePlayerTable::solve(&rules, &mut |_| true)
            .expect("a solved table")
            .into(),
        _ => panic!("2 or 3 players"),
    };
    let rules = *table.rules();
    println!(
        "{} to {}, {} players: table in {:.1} s; optimal seats {:?}",
        preset.name(),
        rules.target_score,
        table.player_count(),
        start.elapsed().as_secs_f64(),
        table.start_probabilities()
    );
    let options = SearchOptions::for_table(&table);
    if let Some(row) = start_row {
        let card = Card {
            bank: Banking::PerDice(row),
            keep: start_keep,
        };
        search(&table, Family::Situational, Some(card), &options);
        return;
    }
    let mut folk = Card::folk(rules.dice_count);
    folk.truncate(folk_count);
    let cards: Vec<Card> = folk.iter().map(|(_, c)| c.clone()).collect();
    let t = Instant::now();
    let values = evaluate_cards(&table, &cards, &mut |_| true).expect("folk values");
    println!(
        "folk cards: {} evaluated in {:.1} s",
        cards.len(),
        t.elapsed().as_secs_f64()
    );
    for ((name, _), v) in folk.iter().zip(&values) {
        line(name, v);
    }
    let mut best: Option<Card> = None;
    for family in [Family::Total, Family::PerDice, Family::Situational]
        .into_iter()
        .take(families)
    {
        best = Some(search(&table, family, best.take(), &options));
    }
}

/// The best card of `family` from `start`, printed with its value and the search's time.
fn search(table: &WinTable, family: Family, start: Option<Card>, options: &SearchOptions) -> Card {
    let t = Instant::now();
    let card = improve_from(table, family, start, options, &mut |_| true).expect("a search");
    let value = evaluate_cards(table, std::slice::from_ref(&card), &mut |_| true)
        .expect("its value")
        .remove(0);
    println!(
        "\nbest {family:?} card (search {:.1} s):",
        t.elapsed().as_secs_f64()
    );
    line(&format!("{family:?}"), &value);
    print!("{card}");
    card
}

/// "350,300,never": one threshold per count of dice left, from one die up.
fn parse_row(text: &str) -> Vec<Option<u32>> {
    text.split(',')
        .map(|t| match t.trim() {
            "never" => None,
            n => Some(n.parse().expect("a threshold or never")),
        })
        .collect()
}

/// "all", "rate" or "single:K" (one single kept with at least K dice left).
fn parse_keep(text: &str) -> Keep {
    match text.split_once(':') {
        Some(("single", k)) => Keep::Single {
            reroll: k.parse().expect("a count of dice"),
        },
        _ if text == "all" => Keep::All,
        _ if text == "rate" => Keep::Rate,
        _ => panic!("a keep rule: all, rate or single:K"),
    }
}

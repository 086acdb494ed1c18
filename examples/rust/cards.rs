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
//! it; `--save-table FILE` writes the table it solved, for the next run's `--table`). Chances are averaged over the seats; the price is optimal play's chance minus the
//! card's. `--families N` stops after the first N families (1: one threshold, 2: one per
//! count of dice left, 3: by situation). Each search prints its time and evaluations.
//! `--folk N` evaluates only the first N folk cards (`--families 0 --folk 1`: one card's
//! evaluation, timed).
//! `--single-turn` evaluates the single-turn optimal bot (the most expected points each
//! turn) instead, and ends there.
//! `--start-per-dice 350,300,450,1100,never,never --keep single:4` skips the folk cards and
//! the smaller families and searches the families after "per dice" from that card (a long
//! search started from a card already found); `--search per-dice --start CARD_JSON` searches
//! one family (`total`, `per-dice` or `situational`) from any card, and ends there.
//! `--memory GIB` lets a three-player table keep its equilibrium's turns in up to that many
//! gibibytes (`ThreePlayerTable::prepare_evaluations`), which makes every evaluation after
//! it several times faster; what they leave of it, each evaluation may use to keep its
//! cards' turns (classic to 10,000, with its final round, needs about 0.5 GiB a card
//! there: `--memory 15.5` leaves 4.5). `--prepared FILE` reads those turns from FILE when
//! it holds them for this table (`ThreePlayerTable::load_prepared`: a minute instead of an
//! hour under classic scoring at 10,000), and otherwise solves them and writes them there
//! (as large as they are: 11 GiB for classic to 10,000) for the next run.
//!
//! Every search prints a line as it starts, at each move it takes (the new card as JSON),
//! at each change of step and at its end, with the card's chance, the step, the evaluations
//! so far and the time since the program started. A long search can be stopped and
//! continued:
//!
//! ```sh
//! cards --rules minimal --target 10000 --start-per-dice 300,250,450,never,never,never \
//!     --keep single:4 --checkpoint sit.ckpt > sit.log 2>&1
//! cards --resume sit.ckpt >> sit.log 2>&1
//! ```
//!
//! `--checkpoint FILE` writes the search's state (JSON: the rules, players, the family
//! searched and the one it is after, the best card, its chance, the step, the place in the
//! sweep, the evaluations) after every line, to FILE.tmp and then renamed over FILE, so FILE
//! always holds a whole state. `--resume FILE` continues the search FILE holds, with its
//! rules and players (`--rules`, `--target`, `--players` are ignored; `--table` must be of
//! the same rules), taking the same moves the search would have taken, and goes on writing
//! FILE unless `--checkpoint` names another.

use std::io::Read;
use std::time::Instant;

use farkle::strategy::cards::{
    evaluate_cards, improve_from_reporting, resume_search, Banking, Card, CardValue, Family, Keep,
    SearchEvent, SearchOptions, SearchState, MAX_SEARCH_STATE_TEXT,
};
use farkle::strategy::{Bot, Contender, SolveOptions, ThreePlayerTable, TwoPlayerTable, WinTable};
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
    let mut save_table: Option<String> = None;
    let mut start_row: Option<Vec<Option<u32>>> = None;
    let mut start_keep = Keep::All;
    let mut checkpoint: Option<String> = None;
    let mut resume: Option<String> = None;
    let mut memory_gib = 0.0f64;
    let mut prepared: Option<String> = None;
    let mut single_turn = false;
    let mut search: Option<Family> = None;
    let mut start_card: Option<Card> = None;
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
            "--save-table" => save_table = Some(value()),
            "--start-per-dice" => start_row = Some(parse_row(&value())),
            "--keep" => start_keep = parse_keep(&value()),
            "--checkpoint" => checkpoint = Some(value()),
            "--resume" => resume = Some(value()),
            "--memory" => memory_gib = value().parse().expect("gibibytes"),
            "--prepared" => prepared = Some(value()),
            "--single-turn" => single_turn = true,
            "--search" => search = Some(parse_family(&value())),
            "--start" => start_card = Some(Card::from_json(&value()).expect("a card as JSON")),
            _ => panic!("unknown option {arg}"),
        }
    }
    let resumed = resume.as_ref().map(|f| read_state(f));
    if checkpoint.is_none() {
        checkpoint = resume.clone();
    }
    let rules = match &resumed {
        Some(state) => {
            players = state.players;
            state.rules
        }
        None => farkle::Rules {
            target_score: target,
            turn_limit: 0,
            ..preset.rules()
        },
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
    if let (Some(path), None) = (&save_table, &table_file) {
        table
            .save(std::path::Path::new(path))
            .expect("the table saved");
    }
    let rules = *table.rules();
    let name = if resumed.is_some() {
        "the checkpoint's rules"
    } else {
        preset.name()
    };
    println!(
        "{} to {}, {} players: table in {:.1} s; optimal seats {:?}",
        name,
        rules.target_score,
        table.player_count(),
        start.elapsed().as_secs_f64(),
        table.start_probabilities()
    );
    if let (WinTable::Three(three), true) = (&table, memory_gib > 0.0) {
        let t = Instant::now();
        let max_bytes = (memory_gib * f64::from(1u32 << 30)) as usize;
        let file = prepared.as_deref().map(std::path::Path::new);
        let read = file.is_some_and(|f| {
            f.exists()
                && three
                    .load_prepared(f, max_bytes)
                    .expect("the equilibrium's turns read")
        });
        let kept = read
            || three
                .prepare_evaluations(max_bytes, &mut |_| true)
                .expect("the equilibrium's turns");
        println!(
            "equilibrium's turns kept: {kept} ({:.2} GiB) {} in {:.1} s",
            three.prepared_bytes().unwrap_or(0) as f64 / f64::from(1u32 << 30),
            if read { "read" } else { "solved" },
            t.elapsed().as_secs_f64()
        );
        if let (Some(f), true, false) = (file, kept, read) {
            // Replaced whole (save_prepared writes beside it and renames): a run stopped
            // while writing leaves no half file.
            three
                .save_prepared(f)
                .expect("the equilibrium's turns saved");
        }
    }
    let options = SearchOptions::for_table(&table);
    let mut searcher = Searcher {
        table: &table,
        options,
        checkpoint,
        start,
    };
    if let Some(state) = resumed {
        println!(
            "resuming the {:?} search (after {:?}) at step {}, {} evaluations so far",
            state.family, state.goal, state.step, state.evaluations
        );
        searcher.search(state.goal, Err(state));
        return;
    }
    if single_turn {
        single_turn_line(&table);
        return;
    }
    if let Some(family) = search {
        let card = start_card.expect("--search needs --start CARD_JSON");
        searcher.search(family, Ok(Some(card)));
        return;
    }
    if let Some(row) = start_row {
        let card = Card {
            bank: Banking::PerDice(row),
            keep: start_keep,
        };
        searcher.search(Family::Situational, Ok(Some(card)));
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
        best = Some(searcher.search(family, Ok(best.take())));
    }
}

/// The single-turn optimal bot's chance and price against the table's players, timed.
fn single_turn_line(table: &WinTable) {
    let t = Instant::now();
    let bot = Bot::single_turn_optimal(table.rules()).expect("the single-turn policy");
    let contenders = [Contender::Bot(bot)];
    let evaluations = match table {
        WinTable::Two(two) => two.evaluate(&contenders, &mut |_| true),
        WinTable::Three(three) => three.evaluate(&contenders, &mut |_| true),
    };
    let value = CardValue {
        seats: evaluations.expect("the evaluation")[0].seat_win_probabilities(),
        optimal: table.start_probabilities(),
    };
    println!(
        "single-turn optimum evaluated in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    line("single-turn optimum", &value);
}

/// The searches of one run: the table, the options, where the state is written.
struct Searcher<'a> {
    table: &'a WinTable,
    options: SearchOptions,
    checkpoint: Option<String>,
    start: Instant,
}

impl Searcher<'_> {
    /// The best card of `family` from a start card (`Ok`) or a saved state (`Err`), printed
    /// with its value and the search's time; a line per state reported.
    fn search(&mut self, family: Family, from: Result<Option<Card>, SearchState>) -> Card {
        let t = Instant::now();
        let (start, checkpoint) = (self.start, self.checkpoint.clone());
        let mut report = |s: &SearchState| {
            let what = match s.event {
                SearchEvent::Started => "start",
                SearchEvent::Moved => "move",
                SearchEvent::Stepped => "step",
                SearchEvent::Finished => "end",
            };
            println!(
                "[{:>9.1} s] {:?} {what:<5} chance {:.6}%  step {}  evaluations {}  {}",
                start.elapsed().as_secs_f64(),
                s.family,
                100.0 * s.chance,
                s.step,
                s.evaluations,
                s.card.to_json()
            );
            if let Some(file) = &checkpoint {
                write_state(file, s);
            }
            true
        };
        let card = match from {
            Ok(card) => improve_from_reporting(
                self.table,
                family,
                card,
                &self.options,
                &mut |_| true,
                &mut report,
            ),
            Err(state) => resume_search(
                self.table,
                &state,
                &self.options,
                &mut |_| true,
                &mut report,
            ),
        }
        .expect("a search");
        let value = evaluate_cards(self.table, std::slice::from_ref(&card), &mut |_| true)
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
}

/// A family by name: `total`, `per-dice` or `situational`.
fn parse_family(name: &str) -> Family {
    match name {
        "total" => Family::Total,
        "per-dice" => Family::PerDice,
        "situational" => Family::Situational,
        _ => panic!("a family: total, per-dice or situational"),
    }
}

/// Writes `state` to `file` whole: to `file`.tmp, then renamed over `file`.
fn write_state(file: &str, state: &SearchState) {
    let tmp = format!("{file}.tmp");
    std::fs::write(&tmp, state.to_json() + "\n").expect("the checkpoint written");
    std::fs::rename(&tmp, file).expect("the checkpoint renamed");
}

/// The search state `file` holds (at most [`MAX_SEARCH_STATE_TEXT`] bytes read).
fn read_state(file: &str) -> SearchState {
    let mut text = String::new();
    std::fs::File::open(file)
        .expect("the checkpoint file")
        .take(MAX_SEARCH_STATE_TEXT as u64 + 1)
        .read_to_string(&mut text)
        .expect("a checkpoint as text");
    SearchState::from_json(text.trim_end()).unwrap_or_else(|e| panic!("{file}: {e}"))
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

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Cards in the programs: `farkle-solve --card` and the game's `--coach`, on a game solved by
//! hand: minimal scoring, one die, a race to 100 with no entry minimum. A 1 wins the turn, a
//! 5 scores 50 and gives the die back. Optimal play rolls on to the target and the first
//! player wins (2/9) / (1 - (7/9)^2) = 9/16; at a turn total of 50 against 0, rolling is worth
//! 1/3 + 2/3 * 7/16 = 5/8 and banking 1 - 6/13 = 7/13 (6/13: a player at 0 against one at 50,
//! who wins with any scoring roll), so a card that banks at 50 costs 5/8 - 7/13 = 9/104 there.

use std::process::Command;

use crate::support::cli::*;
use crate::support::fresh_dir;

const ONE_DIE: &[&str] = &[
    "-r",
    "minimal",
    "--rule",
    "dice_count=1",
    "--rule",
    "min_entry_score=0",
    "--target",
    "100",
];

fn args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    ONE_DIE
        .iter()
        .copied()
        .chain(extra.iter().copied())
        .collect()
}

#[test]
fn the_coach_prices_a_bank_at_50_as_the_hand_figures() {
    let dir = fresh_dir("cli-coach");
    // Seed 14: the human's first roll is a 5, kept; then the decision at 50.
    let game = args(&["--seed", "14", "-b", "1:win", "--coach", "50", "--no-color"]);
    let out = run_in(&programs().farkle, &[], &dir, &game, "Ann\nr\np 1\nb\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "The coach compares your rolls and banks with this card and with optimal play:\n\
             Bank once the turn reaches 50.\n"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("Ann rolls 1 die: 5\n"), "{stdout}");
    assert!(
        stdout.contains(
            "Coach: you banked; the card says bank, optimal play says roll: the card's way \
             costs 8.65 percentage points of the chance to win (53.85% against 62.50%).\n"
        ),
        "{stdout}"
    );
    // Rolling there instead: the same note, and the first roll of a turn (no choice) has none.
    let out = run_in(&programs().farkle, &[], &dir, &game, "Ann\nr\np 1\nr\n");
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches("Coach: ").count(), 1, "{stdout}");
    assert!(
        stdout.contains("Coach: you rolled; the card says bank"),
        "{stdout}"
    );
    // A card that rolls on to the target agrees with optimal play.
    let agree = args(&[
        "--seed",
        "14",
        "-b",
        "1:win",
        "--coach",
        "never",
        "--no-color",
    ]);
    let out = run_in(&programs().farkle, &[], &dir, &agree, "Ann\nr\np 1\nr\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Coach: you rolled; the card and optimal play both roll.\n"),
        "{stdout}"
    );
    // Without a table the coach counts the turn's expected points, where banking 50 is
    // better: rolling the die at 50 makes 150 or 100 a third of the time, and banking then
    // beats rolling on (at 100 a roll is worth (200 + 150) / 6 < 100), so (150 + 100) / 6 < 50.
    let plain = args(&[
        "--seed",
        "14",
        "-b",
        "1:single",
        "--coach",
        "50",
        "--no-color",
    ]);
    let out = run_in(&programs().farkle, &[], &dir, &plain, "Ann\nr\np 1\nb\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Coach: you banked; the card and optimal play both bank.\n"),
        "{stdout}"
    );
    let never = args(&[
        "--seed",
        "14",
        "-b",
        "1:single",
        "--coach",
        "never",
        "--no-color",
    ]);
    let out = run_in(&programs().farkle, &[], &dir, &never, "Ann\nr\np 1\nb\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "Coach: you banked; the card says roll, optimal play says bank: the card's way \
             costs 8.3 points of the turn's expected score (41.7 against 50.0).\n"
        ),
        "{stdout}"
    );
}

/// A pick where the card and optimal play differ: the card keeps every scoring die (both 1s
/// of 1 4 4 1 6 2), and its way costs something (optimal play's pick is worth at least as
/// much); the same note when the player follows the card.
#[test]
fn the_coach_speaks_up_when_the_cards_pick_differs() {
    let dir = fresh_dir("cli-coach-pick");
    let game = [
        "-r",
        "minimal",
        "--target",
        "1000",
        "--seed",
        "3",
        "-b",
        "1:win",
        "--coach",
        "300",
        "--no-color",
    ];
    let out = run_in(&programs().farkle, &[], &dir, &game, "Ann\nr\np 1\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Ann rolls 6 dice: 1 4 4 1 6 2\n"),
        "{stdout}"
    );
    let line = stdout
        .lines()
        .find(|l| l.starts_with("Coach: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        line.starts_with("Coach: you chose `pick 1`; the card says `pick 1 4`, optimal play says "),
        "{line}"
    );
    let cost: f64 = line
        .split("costs ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(cost > 0.0, "{line}");
    let out = run_in(&programs().farkle, &[], &dir, &game, "Ann\nr\np 1 4\n");
    let stdout = text(&out.stdout);
    let said: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("Coach: "))
        .collect();
    assert_eq!(said.len(), 1, "{stdout}");
    assert!(
        said[0].starts_with("Coach: you chose `pick 1 4`; the card says `pick 1 4`"),
        "{stdout}"
    );
    assert!(stdout.contains("Ann keeps 1 1 for 200 points"), "{stdout}");
}

#[test]
fn a_coach_card_is_checked_before_the_game() {
    let dir = fresh_dir("cli-coach-refused");
    for (spec, why) in [
        ("lots", "a card is a threshold (0 to 100000 points)"),
        ("100001", "a card is a threshold"),
        (
            "300,300",
            "the card '300,300' has 2 thresholds; the rules roll 1 dice",
        ),
    ] {
        let out = run_in(
            &programs().farkle,
            &[],
            &dir,
            &args(&["--coach", spec]),
            "Ann\n",
        );
        assert_eq!(out.status.code(), Some(2), "{spec}");
        let stderr = text_of(&out.stderr);
        assert!(
            stderr.starts_with(&format!("farkle: --coach: {why}")),
            "{stderr}"
        );
    }
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &args(&["--coach", "best"]),
        "Ann\nBea\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text_of(&out.stderr).contains("--coach best searches the table"));
    // The best card of one threshold rolls on past 50: it plays as optimal play does.
    let best = args(&[
        "--seed",
        "14",
        "-b",
        "1:win",
        "--coach",
        "best",
        "--no-color",
    ]);
    let out = run_in(&programs().farkle, &[], &dir, &best, "Ann\nr\np 1\nr\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Coach: you rolled; the card and optimal play both roll.\n"),
        "{stdout}"
    );
}

#[test]
fn farkle_solve_prints_and_draws_the_best_card() {
    let dir = fresh_dir("cli-solve-card");
    let out = Command::new(&programs().solve)
        .args(args(&["--card", "per-dice", "-q", "--svg"]))
        .arg(dir.join("card.svg"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .output()
        .expect("farkle-solve");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text_of(&out.stderr));
    // Any card that does not bank at 50 plays optimally here: 9/16 and 7/16 by seat.
    assert!(
        stdout.contains(
            "It wins 50.00% of games against optimal play, averaged over the seats (56.25%, \
             43.75% by seat); optimal play wins 50.00%: the card costs 0.00 percentage points."
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("Bank once the turn reaches, by dice left to roll: 1 die: "),
        "{stdout}"
    );
    assert!(
        !stdout.contains("1 die: 50,") && !stdout.contains("1 die: 0."),
        "{stdout}"
    );
    let svg = std::fs::read_to_string(dir.join("card.svg")).expect("the drawing");
    assert!(
        svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
    assert!(svg.contains("1 die left"), "{svg}");
    // Bad families and options are refused.
    let out = Command::new(&programs().solve)
        .args(["--card", "rainbow"])
        .output()
        .expect("farkle-solve");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text_of(&out.stderr),
        "farkle-solve: --card needs total, per-dice or situational, not 'rainbow'\n"
    );
    let out = Command::new(&programs().solve)
        .args(["--svg", "x.svg"])
        .output()
        .expect("farkle-solve");
    assert_eq!(out.status.code(), Some(2));
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The demos in `examples/` driven as users drive them (the scoring calculator, the
//! bot-vs-bot simulator, the C++ demo; the Python ones run with the Python package's tests,
//! `tests/python.rs`), the README's C tour, and every C and C++ program, the installed ones
//! of `programs/` included, once under ASan+UBSan and once under valgrind.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::cli::*;
use crate::support::{compile, fresh_dir, manifest_dir, out_dir};

#[test]
fn the_scoring_calculator_explains_selections() {
    let dir = out_dir();
    let run = |args: &[&str]| run_in(&programs().score, &[], &dir, args, "");
    let out = run(&["1", "1", "1", "5", "5", "2", "--rules", "classic"]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    // The 2 is no part of any combination; as a roll, the best is 1 1 1 5 5 = 1000 + 2 x 50.
    assert!(s.contains("invalid selection: 2 does not score\n"), "{s}");
    assert!(
        s.contains("best selection as a roll: 1 1 1 5 5 = 1100 points\n"),
        "{s}"
    );
    let out = run(&["1", "2", "3", "4", "5", "6"]);
    let s = text(&out.stdout);
    assert!(s.contains("valid selection: 1500 points\n"), "{s}");
    // Zilch: six dice with nothing scoring are worth 500.
    let s = text(&run(&["2", "2", "3", "4", "6", "6", "--rules", "zilch"]).stdout);
    assert!(s.contains("valid selection: 500 points\n"), "{s}");
    let out = run(&["7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text_of(&out.stderr).contains("'7' is not a die value"));
    let out = run(&["1", "--rules", "poker"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_simulator_is_reproducible() {
    let dir = out_dir();
    let args = ["-n", "200", "--seed", "3", "--rules", "classic"];
    let first = run_in(&programs().simulate, &[], &dir, &args, "");
    assert!(first.status.success(), "{}", text_of(&first.stderr));
    let again = run_in(&programs().simulate, &[], &dir, &args, "");
    assert_eq!(first.stdout, again.stdout);
    let s = text(&first.stdout);
    assert!(
        s.starts_with("200 games, rules classic, seeds 3 to 202, "),
        "{s}"
    );
    // Win rates of the three styles add up to the whole (ties are shared).
    let total: f64 = s
        .lines()
        .skip(2)
        .map(|l| {
            let rate = l.split_whitespace().nth(2).expect("win rate");
            rate.trim_end_matches('%').parse::<f64>().expect("a rate")
        })
        .sum();
    assert!((total - 100.0).abs() < 0.2, "{s}");
    assert_eq!(s.lines().count(), 5, "{s}");
}

#[test]
fn the_cpp_demo_plays_a_game() {
    let exe = out_dir().join("cpp_demo");
    compile(
        "c++",
        "c++11",
        &[&examples_dir("cpp").join("cpp_demo.cpp")],
        &exe,
        &[],
    );
    let out = Command::new(&exe).output().expect("run cpp_demo");
    assert!(out.status.success(), "{}", text_of(&out.stderr));
    assert!(text(&out.stdout).ends_with("Ann 1450, Bob 0: Ann wins\ncpp_demo: ok\n"));
}

/// The README's C tour is real code: compiled with the strict flags, run, and its output as
/// the README states it.
#[test]
fn the_readme_c_tour_compiles_and_runs() {
    let readme = std::fs::read_to_string(manifest_dir().join("README.md")).expect("README");
    let after = readme
        .split_once("<!-- readme-tour: the test compiles the next C block -->")
        .expect("the tour marker")
        .1;
    let code = after
        .split_once("```c\n")
        .expect("a C block")
        .1
        .split_once("```")
        .expect("the block's end")
        .0;
    let source = out_dir().join("readme_tour.c");
    std::fs::write(&source, code).expect("write the tour");
    let exe = out_dir().join("readme_tour");
    compile("cc", "c99", &[&source], &exe, &[]);
    let out = Command::new(&exe).output().expect("run the tour");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout,
        "200 points in hand, 3 dice left\n\
         bank refused: 200 points in this turn; 500 are needed to get on the board\n"
    );
    // The README quotes both lines.
    assert!(readme.contains("`200 points in hand, 3 dice left`"));
}

/// Runs every example program once through `wrapper`: a scripted game with a save and a
/// resumed game, a loaded game with hostile names (the escaping), farkle-solve, computer
/// players of every style (win-optimal solving and then loading its cached table; a
/// three-player table with its hints and win meter), single keys,
/// the original scores format, rule knobs, refused names and lines, the calculator, a few
/// simulated games, the C++ demo.
fn run_examples_checked(
    p: &Programs,
    cpp: &Path,
    wrapper: &[&str],
    env: &[(&str, &str)],
    dir: &Path,
) {
    minimal_1000_table()
        .save(&dir.join("t.fwt"))
        .expect("save the table");
    std::fs::write(dir.join("hostile.json"), hostile_save()).expect("write the save");
    let runs: Vec<(&Path, Vec<&str>, String)> = vec![
        (
            &p.farkle,
            vec![
                "--seed", "3", "--rules", "minimal", "--target", "1000", "--bots", "1", "--table",
                "t.fwt",
            ],
            "Ann\nhint\nroll\nhint\nexit\n".to_owned(),
        ),
        (
            &p.farkle,
            vec![
                "--seed", "7", "--rules", "classic", "-t", "1", "--scores", "s.txt",
            ],
            SEED7_GAME.to_owned(),
        ),
        (
            &p.farkle,
            vec!["--seed", "99", "-t", "1", "--rules", "additive"],
            format!("{SEED99_START}save g.json\nrules\nexit\n"),
        ),
        (&p.farkle, vec!["--load", "g.json"], SEED99_END.to_owned()),
        (
            &p.farkle,
            vec!["--load", "hostile.json"],
            "view\nroll\nexit\n".to_owned(),
        ),
        (
            &p.solve,
            [TINY, &["-q", "-o", "t3.fwt"][..]].concat(),
            String::new(),
        ),
        // Win-optimal bots: the first game solves and caches the table, the second loads it.
        (
            &p.farkle,
            [TINY, &["-p", "2", "--bots", "2:win", "--seed", "11"][..]].concat(),
            String::new(),
        ),
        (
            &p.farkle,
            [TINY, &["-p", "2", "--bots", "2:win", "--seed", "11"][..]].concat(),
            String::new(),
        ),
        (
            &p.farkle,
            [
                TINY,
                &["--bots", "1:random", "--table", "t3.fwt", "--seed", "2"][..],
            ]
            .concat(),
            "Ann\nhint\nroll\nhint\n".to_owned(),
        ),
        // Three players: a table from farkle-solve serves hints and the win meter; win-optimal
        // bots solve their own and cache it.
        (
            &p.solve,
            [TINY, &["--players", "3", "-q", "-o", "p3.fwt"][..]].concat(),
            String::new(),
        ),
        (
            &p.farkle,
            [
                TINY,
                &["-p", "3", "--bots", "2", "--table", "p3.fwt", "--seed", "2"][..],
            ]
            .concat(),
            "Ann\nhint\nscores\nroll\nhint\nscores\n".to_owned(),
        ),
        (
            &p.farkle,
            [TINY, &["-p", "3", "--bots", "3:win", "--seed", "11"][..]].concat(),
            String::new(),
        ),
        (
            &p.farkle,
            [
                TINY,
                &[
                    "-p",
                    "3",
                    "--bots",
                    "2:threshold",
                    "--seed",
                    "2",
                    "--verbose-bots",
                ][..],
            ]
            .concat(),
            "Ann\nroll\npick 1\nbank\n".to_owned(),
        ),
        (
            &p.farkle,
            vec!["--seed", "7", "--rules", "classic", "-t", "1", "--keys"],
            "Ann\nBob\nrp1w\x1b[A\nhQn?xyy".to_owned(),
        ),
        (
            &p.farkle,
            vec![
                "--seed",
                "7",
                "--rules",
                "classic",
                "-t",
                "1",
                "--scores",
                "o.txt",
                "--scores-format",
                "original",
            ],
            SEED7_GAME.to_owned(),
        ),
        (
            &p.farkle,
            vec![
                "-p",
                "2",
                "--rules",
                "minimal",
                "--rule",
                "dice_count=5",
                "--rule",
                "kind_scaling=double",
            ],
            format!(
                "Ann\nAnn\nZoë\nrules\nsave {}\nexit\ny\nno\n",
                "q".repeat(5000)
            ),
        ),
        (
            &p.score,
            vec!["--all", "1", "1", "1", "5", "5", "2"],
            String::new(),
        ),
        (&p.simulate, vec!["-n", "3"], String::new()),
        (cpp, vec![], String::new()),
    ];
    for (program, args, input) in runs {
        let mut child = crate::support::command(program, wrapper)
            .args(&args)
            .current_dir(dir)
            .env("XDG_STATE_HOME", dir.join("state"))
            .env("XDG_CACHE_HOME", dir.join("cache"))
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        {
            use std::io::Write;
            let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        }
        let out = child.wait_with_output().expect("wait");
        assert!(
            out.status.success(),
            "{} {args:?} ({}):\n{}\n{}",
            program.display(),
            out.status,
            text_of(&out.stdout),
            text_of(&out.stderr)
        );
    }
}

#[test]
#[ignore = "full tier: make check"]
fn the_examples_pass_under_sanitizers() {
    let p = build("_asan", crate::support::SANITIZE);
    let cpp = out_dir().join("cpp_demo_asan");
    compile(
        "c++",
        "c++11",
        &[&examples_dir("cpp").join("cpp_demo.cpp")],
        &cpp,
        crate::support::SANITIZE,
    );
    let dir = fresh_dir("examples-asan");
    run_examples_checked(&p, &cpp, &[], crate::support::SANITIZE_ENV, &dir);
}

#[test]
#[ignore = "full tier: make check"]
fn the_examples_pass_under_valgrind() {
    if !crate::support::valgrind_available("the_examples_pass_under_valgrind") {
        return;
    }
    let cpp = out_dir().join("cpp_demo_vg");
    compile(
        "c++",
        "c++11",
        &[&examples_dir("cpp").join("cpp_demo.cpp")],
        &cpp,
        &[],
    );
    let dir = fresh_dir("examples-valgrind");
    run_examples_checked(programs(), &cpp, crate::support::VALGRIND, &[], &dir);
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What the tests of the programs share: the programs built against the library this
//! `cargo test` built, runs through pipes, the narration read back, and the scripted games
//! several of them play.

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::sync::OnceLock;

use farkle::strategy::{SolveOptions, TwoPlayerTable};
use farkle::{Preset, Rules};

use super::{compile, manifest_dir, out_dir};

/// The sources of the installed programs: the game and farkle-solve.
pub fn programs_dir() -> PathBuf {
    manifest_dir().join("programs")
}

/// The demos of one language (`c`, `cpp`, `python`, `rust`).
pub fn examples_dir(language: &str) -> PathBuf {
    manifest_dir().join("examples").join(language)
}

/// The programs, compiled once per test run (plain build, also used under valgrind).
pub struct Programs {
    pub farkle: PathBuf,
    pub solve: PathBuf,
    pub score: PathBuf,
    pub simulate: PathBuf,
}

/// The game's sources, as the Makefile lists them (checked by
/// `the_makefile_builds_the_game_from_the_same_sources`).
pub const GAME_SOURCES: &[&str] = &[
    "farkle.c",
    "options.c",
    "term.c",
    "text.c",
    "files.c",
    "autosave.c",
    "view.c",
    "commands.c",
    "knobs.c",
    "wintable.c",
    "bot.c",
    "cards.c",
];
pub const SOLVE_SOURCES: &[&str] = &[
    "farkle-solve.c",
    "knobs.c",
    "wintable.c",
    "text.c",
    "cards.c",
];

pub fn sources(names: &[&str]) -> Vec<PathBuf> {
    names.iter().map(|n| programs_dir().join(n)).collect()
}

/// Compiles the game and farkle-solve; the game with line editing when `editing` is given
/// (its -D flag, then its libraries).
pub fn build_game(farkle: &Path, solve: &Path, extra: &[&str], editing: &[&str]) {
    let game: Vec<PathBuf> = sources(GAME_SOURCES);
    let game: Vec<&Path> = game.iter().map(PathBuf::as_path).collect();
    let (define, libs) = editing.split_at(editing.len().min(1));
    let flags: Vec<&str> = extra.iter().chain(define).copied().collect();
    super::compile_linking("cc", "c99", &game, farkle, &flags, libs);
    let solver: Vec<PathBuf> = sources(SOLVE_SOURCES);
    let solver: Vec<&Path> = solver.iter().map(PathBuf::as_path).collect();
    compile("cc", "c99", &solver, solve, extra);
}

pub fn build(suffix: &str, extra: &[&str]) -> Programs {
    let demos = examples_dir("c");
    // The simulator borrows the game's threshold players (programs/bot.h).
    let include = format!("-I{}", programs_dir().display());
    let with_include: Vec<&str> = extra.iter().copied().chain([include.as_str()]).collect();
    let out = out_dir();
    let farkle = out.join(format!("farkle{suffix}"));
    let solve = out.join(format!("farkle-solve{suffix}"));
    let score = out.join(format!("score{suffix}"));
    let simulate = out.join(format!("simulate{suffix}"));
    build_game(&farkle, &solve, extra, &[]);
    compile("cc", "c99", &[&demos.join("score.c")], &score, extra);
    compile(
        "cc",
        "c99",
        &[&demos.join("simulate.c"), &programs_dir().join("bot.c")],
        &simulate,
        &with_include,
    );
    Programs {
        farkle,
        solve,
        score,
        simulate,
    }
}

pub fn programs() -> &'static Programs {
    static PROGRAMS: OnceLock<Programs> = OnceLock::new();
    PROGRAMS.get_or_init(|| build("", &[]))
}

/// Runs `program` (through `wrapper` when given) in `dir` with `input` on stdin.
pub fn run_in(program: &Path, wrapper: &[&str], dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = super::command(program, wrapper)
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        // The program may stop reading early (exit); a broken pipe is fine.
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().expect("wait for the program")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Plays the command-line game; returns stdout after checking the exit status.
pub fn play(dir: &Path, args: &[&str], input: &str, expect_status: i32) -> String {
    let out = run_in(&programs().farkle, &[], dir, args, input);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(expect_status),
        "farkle {args:?}:\n{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(
        !stdout.contains('\x1b'),
        "colour escapes in piped output:\n{stdout}"
    );
    stdout
}

/// The lines of the narration, without the drawn dice.
pub fn story(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with('+') || t.starts_with('|') || t.starts_with('['))
        })
        .collect()
}

/// The index of the first line at or after `from` equal to `line`; fails with the story.
pub fn find(lines: &[&str], from: usize, line: &str) -> usize {
    lines[from..]
        .iter()
        .position(|l| *l == line)
        .map(|i| i + from)
        .unwrap_or_else(|| {
            panic!(
                "no line {line:?} after line {from} in:\n{}",
                lines.join("\n")
            )
        })
}

pub fn counts(faces: &[u8]) -> [u8; 6] {
    let mut c = [0u8; 6];
    for &f in faces {
        c[usize::from(f - 1)] += 1;
    }
    c
}

pub fn faces_of(list: &str) -> Vec<u8> {
    list.split(' ')
        .map(|f| f.parse::<u8>().expect("a die"))
        .collect()
}

pub fn classic() -> Rules {
    Preset::Classic.rules()
}

/// Seed 7, classic rules, one turn each (-t, as in the original game). Every key moment of a
/// turn: refusals with the library's reasons, hot dice, pick and unpick, a bank, a farkle, the
/// game over and the scoreboard in the scores file.
pub const SEED7_GAME: &str = "Ann\nBob\nbank\nroll\nbank\npick 1 2 3 4 5 6\nbank\nroll\nhint\n\
                          pick 1 3\nunpick\npick 1 2 3 5\nbank\nroll\npick 2\nroll\npick 5\n\
                          roll\n";

/// Seed 99, additive rules (the original game's: no entry minimum), one turn each: Ann
/// farkles on her first roll and Bob wins, so the scoreboard is not in seating order.
pub const SEED99_START: &str = "Ann\nBob\nroll\nroll\npick 1 2 4 5 6\n";
pub const SEED99_END: &str = "roll\nhint\npick 1\nbank\n";

/// A save of a classic game whose players' names hold terminal escapes, a C1 control, DEL, an
/// accented letter, and a name far too long to show whole.
pub fn hostile_save() -> String {
    let long = format!("{}{}", "\u{1}".repeat(100), "é".repeat(100));
    let names = [
        "\u{1b}]0;pwned\u{7}Eve\u{1b}[2J",
        "Bob\u{9b}31m\u{7f}",
        "Zoë",
        &long,
    ];
    farkle::Game::with_names(
        classic(),
        names.iter().map(|n| Some((*n).to_owned())).collect(),
        farkle::DiceSource::Seeded { seed: 7 },
    )
    .expect("a game")
    .save()
}

pub fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The two-player table of the minimal preset to 1,000 (solved once: well under a second).
pub fn minimal_1000_table() -> &'static TwoPlayerTable {
    static TABLE: OnceLock<TwoPlayerTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let rules = Rules {
            target_score: 1000,
            ..Preset::Minimal.rules()
        };
        TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).expect("solve")
    })
}

/// Rules small enough for a two-player table in well under a second, even under valgrind.
pub const TINY: &[&str] = &[
    "--rules",
    "minimal",
    "--rule",
    "dice_count=3",
    "--target",
    "500",
];

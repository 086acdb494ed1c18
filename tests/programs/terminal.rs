// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The game on a terminal: colour and drawings by the terminal's kind and width, line
//! editing with readline or libedit, single keys in raw mode, signals that save the game and
//! restore the terminal, and a solve's progress bar, each run on a pseudo-terminal made by
//! `tests/support/pty_driver.py`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::support::cli::*;
use crate::support::{fresh_dir, manifest_dir, out_dir};

/// Colour only on a terminal, never with NO_COLOR: the game runs on a pseudo-terminal made by
/// util-linux's `script` (the piped runs above check that a pipe gets no escapes).
#[test]
fn colour_on_a_terminal_unless_no_color() {
    let dir = fresh_dir("cli-colour");
    std::fs::write(dir.join("in.txt"), "Ann\nBob\nroll\nexit\n").expect("input");
    let game = format!("{} --seed 7 < in.txt", programs().farkle.display());
    let on_tty = |no_color: Option<&str>| -> String {
        let mut c = Command::new("script");
        c.args(["-qec", &game, "/dev/null"])
            .current_dir(&dir)
            .env("TERM", "xterm")
            .env("XDG_STATE_HOME", dir.join("state"));
        match no_color {
            Some(v) => c.env("NO_COLOR", v),
            None => c.env_remove("NO_COLOR"),
        };
        let out = c
            .output()
            .expect("util-linux `script` is required for this test");
        assert!(out.status.success());
        text_of(&out.stdout)
    };
    let coloured = on_tty(None);
    assert!(
        coloured.contains("\x1b[1;36m") || coloured.contains("\x1b[32m"),
        "{coloured}"
    );
    assert!(coloured.contains("Ann rolls 6 dice: 1 1 2 2 2 5"));
    assert!(!on_tty(Some("1")).contains('\x1b'));
    // An empty NO_COLOR does not count (no-color.org).
    assert!(on_tty(Some("")).contains('\x1b'));
}

/// What a run on a pseudo-terminal printed and how it ended.
struct PtyRun {
    output: String,
    /// The exit status, or minus the signal that ended the program.
    status: i32,
    /// The terminal's settings after the program ended are those from before it started.
    termios_same: bool,
    /// They were also those from before at every stop (`suspend` steps; true without any).
    stopped_termios_same: bool,
}

/// Runs `program` on a pseudo-terminal of `cols` columns through `tests/support/pty_driver.py`
/// (Python's `pty` module): `steps` are `expect:TEXT`, `send:TEXT`, `signal:NAME`, and
/// `suspend` and `fg` (Ctrl-Z and a shell's `fg`, the program then running as a job of the
/// driver's small shell), each waiting for what the program printed or did, with a generous
/// timeout, so nothing depends on timing. None (with the reason printed) only when no
/// pseudo-terminal can be opened.
fn pty_run(
    program: &Path,
    args: &[&str],
    steps: &[&str],
    cols: u16,
    env: &[(&str, &str)],
    dir: &Path,
) -> Option<PtyRun> {
    let driver = manifest_dir()
        .join("tests")
        .join("support")
        .join("pty_driver.py");
    let out = Command::new("python3")
        .arg(driver)
        .args(["24", &cols.to_string(), "120"])
        .args(steps)
        .arg("--")
        .arg(program)
        .args(args)
        .current_dir(dir)
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("TERM", "xterm")
        // No user's ~/.inputrc or ~/.editrc (vi mode, say) changes the keys.
        .env("HOME", dir)
        .env("INPUTRC", "/dev/null")
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .envs(env.iter().copied())
        .output()
        .expect("python3 is required for this test");
    let stdout = text_of(&out.stdout);
    if out.status.code() == Some(3) {
        eprintln!("skipped: {}", stdout.trim());
        return None;
    }
    assert!(
        out.status.success(),
        "the pty driver failed:\n{stdout}\n{}",
        text_of(&out.stderr)
    );
    let (head, output) = stdout.split_once("\n---\n").expect("the driver's report");
    let field = |name: &str| -> &str {
        head.split(' ')
            .find_map(|f| f.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {head}"))
    };
    let error = head.split_once("error=").expect("error=").1;
    assert!(error.is_empty(), "{error}:\n{output}");
    Some(PtyRun {
        output: output.to_owned(),
        status: field("status=").parse().expect("a status"),
        termios_same: field("termios_same=") == "1",
        stopped_termios_same: field("stopped_termios_same=") == "1",
    })
}

/// Whether a C program using `header` links with `libs`: readline or libedit is there.
fn links(header: &str, flags: &[&str]) -> bool {
    let source = out_dir().join("probe_editing.c");
    std::fs::write(
        &source,
        format!("#include <stdio.h>\n#include <{header}>\nint main(void) {{ return rl_catch_signals; }}\n"),
    )
    .expect("write the probe");
    Command::new("cc")
        .arg(&source)
        .args(flags)
        .arg("-o")
        .arg(out_dir().join("probe_editing"))
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The game built with readline or libedit (`kind`), when the machine has it; built once.
fn editing_build(kind: &str) -> Option<PathBuf> {
    static READLINE: OnceLock<Option<PathBuf>> = OnceLock::new();
    static LIBEDIT: OnceLock<Option<PathBuf>> = OnceLock::new();
    let cell = if kind == "readline" {
        &READLINE
    } else {
        &LIBEDIT
    };
    cell.get_or_init(|| editing_build_once(kind)).clone()
}

fn editing_build_once(kind: &str) -> Option<PathBuf> {
    let (header, define, libs): (&str, &str, &[&str]) = match kind {
        "readline" => ("readline/readline.h", "-DFARKLE_READLINE", &["-lreadline"]),
        _ => ("editline/readline.h", "-DFARKLE_LIBEDIT", &["-ledit"]),
    };
    if !links(header, libs) {
        eprintln!("skipped: no {kind} to build with ({header} and {libs:?} do not link)");
        return None;
    }
    let farkle = out_dir().join(format!("farkle_{kind}"));
    let solve = out_dir().join(format!("farkle-solve_{kind}"));
    let flags: Vec<&str> = std::iter::once(define)
        .chain(libs.iter().copied())
        .collect();
    build_game(&farkle, &solve, &[], &flags);
    Some(farkle)
}

const NAMES: [&str; 4] = [
    "expect:Name of player 1: ",
    "send:Ann\n",
    "expect:Name of player 2: ",
    "send:Bob\n",
];

fn steps(more: &[&str]) -> Vec<String> {
    NAMES.iter().chain(more).map(|s| (*s).to_owned()).collect()
}

fn run_steps(
    program: &Path,
    args: &[&str],
    more: &[&str],
    cols: u16,
    env: &[(&str, &str)],
    dir: &Path,
) -> Option<PtyRun> {
    let all = steps(more);
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    pty_run(program, args, &all, cols, env, dir)
}

/// With readline (and libedit, when present): the Up arrow recalls the last command, which
/// runs again; Ctrl-A and typing edit the line; nothing raw reaches the game.
#[test]
fn on_a_terminal_line_editing_recalls_history() {
    let mut tried = 0;
    for kind in ["readline", "libedit"] {
        let Some(farkle) = editing_build(kind) else {
            continue;
        };
        // A folder each: a game left in one is offered to the next on a terminal.
        let dir = fresh_dir(&format!("pty-editing-{kind}"));
        tried += 1;
        let Some(run) = run_steps(
            &farkle,
            &["--seed", "7"],
            &[
                "expect:Ann> ",
                "send:view\n",
                "expect:6 dice to roll.",
                "expect:Ann> ",
                "send:\x1b[A\n",
                "expect:6 dice to roll.",
                "expect:Ann> ",
                "send:ll\x01ro\n",
                "expect:Ann rolls 6 dice: 1 1 2 2 2 5",
                "expect:Ann> ",
                "send:\x04",
                "expect:Game saved to ",
            ],
            80,
            &[],
            &dir,
        ) else {
            return;
        };
        assert_eq!(run.status, 0, "{kind}:\n{}", run.output);
        assert!(run.termios_same, "{kind}: the terminal was left changed");
        assert!(
            !run.output.contains("Unknown command"),
            "{kind}:\n{}",
            run.output
        );
        assert!(
            run.output.contains("End of input."),
            "{kind}:\n{}",
            run.output
        );
    }
    if tried == 0 {
        eprintln!("skipped: neither readline nor libedit on this machine");
    }
}

/// Without line editing, a line holding key codes (the Up arrow) is refused with the codes
/// shown as escapes, and nothing runs; the terminal's own editing (Backspace) still works;
/// Ctrl-D at `Which dice do you keep?` cancels the question, at the prompt it ends (and saves).
#[test]
fn on_a_terminal_without_line_editing_key_codes_are_refused() {
    let dir = fresh_dir("pty-plain");
    let Some(run) = run_steps(
        &programs().farkle,
        &["--seed", "7"],
        &[
            "expect:Ann> ", "send:\x1b[A\n",
            "expect:That line holds key codes (\\x1b[A): arrow and editing keys need a build with line editing. Type it again.",
            "expect:Ann> ", "send:rox\x7fll\n", "expect:Ann rolls 6 dice", "expect:Ann> ",
            // Ctrl-D at a question cancels only the question on a terminal.
            "send:pick\n", "expect:Which dice do you keep?", "send:\x04", "expect:Nothing picked.",
            "expect:Ann> ", "send:\x04",
            "expect:Game saved to ",
        ],
        80,
        &[],
        &dir,
    ) else { return };
    assert_eq!(run.status, 0, "{}", run.output);
    assert!(run.termios_same);
}

/// --keys on a terminal: raw mode (no Enter), dice toggled by key; Ctrl-C saves the game and
/// the terminal is back as it was, the program ending by the signal.
#[test]
fn single_keys_on_a_terminal_and_the_terminal_restored_after_a_signal() {
    let dir = fresh_dir("pty-keys");
    let Some(run) = run_steps(
        &programs().farkle,
        &["--seed", "7", "--keys"],
        &[
            "expect:Ann> ",
            "send:r",
            "expect:Ann rolls 6 dice: 1 1 2 2 2 5",
            "expect:Ann> ",
            "send:p",
            "expect:Esc cancels.",
            "send:1",
            "expect:Keeping dice 1: 1 for 100 points",
            "send:w",
            "expect:Keeping dice 1 2: 1 1 for 200 points",
            "send:\r",
            "expect:Ann keeps 1 1 for 200 points",
            "expect:Ann> ",
            "send:\x03",
            "expect:Interrupted (SIGINT).",
            "expect:Game saved to ",
        ],
        80,
        &[],
        &dir,
    ) else {
        return;
    };
    assert_eq!(run.status, -2, "{}", run.output);
    assert!(run.termios_same, "raw mode was left on");
    let save = dir.join("state").join("farkle").join("autosave.json");
    let resumed = play(&dir, &["--load", save.to_str().unwrap()], "hand\n", 0);
    assert!(
        resumed.contains("Kept this turn: 1 1 (200) = 200 points."),
        "{resumed}"
    );
}

/// SIGTERM while the game waits for a line (with line editing when the machine has it): the
/// game is saved, the terminal is sane, and the program ends by the signal. Leaving asks
/// first on a terminal too.
#[test]
fn a_signal_saves_the_game_and_quitting_asks_first() {
    let dir = fresh_dir("pty-signal");
    let editing = editing_build("readline");
    let farkle = editing.as_deref().unwrap_or(&programs().farkle);
    let Some(run) = run_steps(
        farkle,
        &["--seed", "7"],
        &[
            "expect:Ann> ",
            "send:roll\n",
            "expect:Ann> ",
            "signal:TERM",
            "expect:Stopped (SIGTERM).",
            "expect:Game saved to ",
        ],
        80,
        &[],
        &dir,
    ) else {
        return;
    };
    assert_eq!(run.status, -15, "{}", run.output);
    assert!(run.termios_same);
    let Some(run) = run_steps(
        farkle,
        &["--seed", "7"],
        &[
            "expect:Ann> ",
            "send:quit\n",
            "expect:Leave this unfinished game? (y/N) ",
            "send:n\n",
            "expect:Playing on.",
            "expect:Ann> ",
            "send:q\n",
            "expect:(y/N) ",
            "send:y\n",
            "expect:Save it first? (Enter saves to ",
            "send:\n",
            "expect:Game saved to ",
        ],
        80,
        &[],
        &fresh_dir("pty-quit"),
    ) else {
        return;
    };
    assert_eq!(run.status, 0, "{}", run.output);
    assert!(run.termios_same);
}

/// Drawings and colour only on a terminal: full drawings from 66 columns, one line of dice
/// below; no colour with TERM=dumb (or NO_COLOR).
#[test]
fn drawings_follow_the_terminal_width_and_colour_its_kind() {
    let dir = fresh_dir("pty-drawings");
    let roll = [
        "expect:Ann> ",
        "send:roll\n",
        "expect:Ann rolls 6 dice: 1 1 2 2 2 5",
        "expect:Ann> ",
        "send:\x04",
        "expect:Game saved to ",
    ];
    let Some(wide) = run_steps(&programs().farkle, &["--seed", "7"], &roll, 80, &[], &dir) else {
        return;
    };
    assert!(wide.output.contains("+-------+"), "{}", wide.output);
    assert!(wide.output.contains("\x1b[32m"), "{}", wide.output);
    // A folder each: a game left in one is offered to the next on a terminal.
    let dir = fresh_dir("pty-drawings-narrow");
    let narrow =
        run_steps(&programs().farkle, &["--seed", "7"], &roll, 40, &[], &dir).expect("a pty");
    assert!(!narrow.output.contains("+-------+"), "{}", narrow.output);
    assert!(
        narrow
            .output
            .contains("  1:\x1b[32m[1]\x1b[0m 2:\x1b[32m[1]\x1b[0m 3:\x1b[32m[2]"),
        "{}",
        narrow.output
    );
    // Without its colour escapes, the line of dice fits in 40 columns.
    let dice = narrow
        .output
        .lines()
        .find(|l| l.starts_with("  1:"))
        .expect("dice");
    let plain: String = dice
        .split('\x1b')
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                part.split_once('m').map_or(part, |p| p.1)
            }
        })
        .collect();
    assert_eq!(plain, "  1:[1] 2:[1] 3:[2] 4:[2] 5:[2] 6:[5]");
    let dumb = run_steps(
        &programs().farkle,
        &["--seed", "7"],
        &roll,
        80,
        &[("TERM", "dumb")],
        &fresh_dir("pty-drawings-dumb"),
    )
    .expect("a pty");
    assert!(!dumb.output.contains('\x1b'), "{}", dumb.output);
    assert!(dumb.output.contains("+-------+"));
}

/// On a terminal the first win-optimal game draws the solve's progress as a bar on stderr;
/// Ctrl-C during a solve (two or three players) stops it at once (the progress callback
/// returns false), with the terminal as it was and nothing to save.
#[test]
fn a_solve_shows_its_progress_and_stops_on_ctrl_c() {
    let dir = fresh_dir("pty-solve");
    let tiny = [TINY, &["--bots", "1:win"][..]].concat();
    let Some(run) = pty_run(
        &programs().farkle,
        &tiny,
        &[
            "expect:Solving the two-player game",
            "expect:] 100%",
            "expect:Cached in ",
            "expect:Name of player 1: ",
            "send:\x04",
        ],
        80,
        &[],
        &dir,
    ) else {
        return;
    };
    assert_eq!(run.status, 0, "{}", run.output);
    assert!(
        run.output
            .contains("  [########################################] 100%"),
        "{}",
        run.output
    );
    // Interrupted once its bar is drawn: status -2 (SIGINT), the terminal as it was, and
    // the tables cached in the end (those of the first solve only).
    let interrupted = |args: &[&str], said: &[&str]| {
        let steps: Vec<&str> = said
            .iter()
            .copied()
            .chain([
                "expect:  [",
                "send:\x03",
                "expect:stopped by a signal before the game started: nothing to save.",
            ])
            .collect();
        let run = pty_run(&programs().farkle, args, &steps, 80, &[], &dir)?;
        assert_eq!(run.status, -2, "{}", run.output);
        assert!(run.termios_same);
        let cached = dir.join("cache").join("farkle");
        Some(match std::fs::read_dir(&cached) {
            Ok(entries) => entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect(),
            Err(_) => Vec::new(),
        })
    };
    // The minimal preset to 10,000 takes seconds to solve.
    let Some(cached) = interrupted(
        &["--rules", "minimal", "--bots", "1:win"],
        &["expect:Solving the two-player game"],
    ) else {
        return;
    };
    assert!(cached.len() <= 1, "{cached:?}");
    // The three-player game of the same rules takes many minutes: said before it starts
    // (with the way out), and Ctrl-C stops it as cleanly, caching nothing.
    let Some(cached) = interrupted(
        &["--rules", "minimal", "-p", "3", "--bots", "2:win"],
        &[
            "expect:Solving the three-player game",
            "expect:Ctrl-C cancels...",
        ],
    ) else {
        return;
    };
    assert!(cached.len() <= 1, "{cached:?}");
    assert!(!cached.iter().any(|n| n.starts_with("win3-")), "{cached:?}");
}

/// Ctrl-Z and `fg` (issue 23): the game stops with the terminal as it was before the game
/// (not in raw mode, not in line editing's modes), and once continued takes single keys
/// again without Enter, or edits lines again, and shows its prompt again. The driver plays a
/// shell that resets the terminal while the game is stopped, as shells do.
#[test]
fn ctrl_z_puts_the_terminal_back_and_fg_takes_it_again() {
    let dir = fresh_dir("pty-suspend");
    let Some(run) = run_steps(
        &programs().farkle,
        &["--seed", "7", "--keys"],
        &[
            "expect:Ann> ",
            "suspend",
            "fg",
            "expect:Ann> ",
            "send:r",
            "expect:Ann rolls 6 dice: 1 1 2 2 2 5",
            "expect:Ann> ",
            "suspend",
            "fg",
            "expect:Ann> ",
            "send:p",
            "expect:Esc cancels.",
            "send:1",
            "expect:Keeping dice 1: 1 for 100 points",
            "send:\r",
            "expect:Ann keeps 1 for 100 points",
            "expect:Ann> ",
            "send:q",
            "expect:(y/n) ",
            "send:y",
            "expect:(Y/n) ",
            "send:n",
            "expect:Leaving the game unsaved.",
        ],
        80,
        &[],
        &dir,
    ) else {
        return;
    };
    assert_eq!(run.status, 0, "{}", run.output);
    assert!(
        run.stopped_termios_same,
        "stopped in raw mode:\n{}",
        run.output
    );
    assert!(run.termios_same, "raw mode was left on");
    // No key was echoed: the r, p, 1 and q typed came back only as the game's own words.
    assert!(!run.output.contains("Ann> r\n"), "{}", run.output);
    // Lines, with line editing where the machine has it: the same after a stop.
    let editing = editing_build("readline");
    let farkle = editing.as_deref().unwrap_or(&programs().farkle);
    let run = run_steps(
        farkle,
        &["--seed", "7"],
        &[
            "expect:Ann> ",
            "send:ro",
            "suspend",
            "fg",
            "expect:Ann> ",
            "send:ll\n",
            "expect:Ann rolls 6 dice: 1 1 2 2 2 5",
            "expect:Ann> ",
            "send:exit\n",
            "expect:(y/N) ",
            "send:y\n",
            "expect:Save it first?",
            "send:no\n",
            "expect:Leaving the game unsaved.",
        ],
        80,
        &[],
        &dir,
    )
    .expect("a pty");
    assert_eq!(run.status, 0, "{}", run.output);
    assert!(
        run.stopped_termios_same && run.termios_same,
        "{}",
        run.output
    );
}

/// Help and hints are wrapped to the terminal's width at spaces, never inside a word (a
/// description goes on under itself); without colour (--no-color) the dice that score are
/// marked with `*`, in one line below 66 columns as in the full drawing, and a legend says so
/// once.
#[test]
fn text_fits_the_terminal_and_scoring_dice_are_marked_without_colour() {
    let dir = fresh_dir("pty-width");
    let steps = [
        "expect:Ann> ",
        "send:help\n",
        "expect:Ann> ",
        "send:hint\n",
        "expect:Ann> ",
        "send:roll\n",
        "expect:Ann> ",
        "send:hint\n",
        "expect:Ann> ",
        "send:hint\n",
        "expect:Ann> ",
        "send:\x04",
        "expect:Game saved to ",
    ];
    let args = [
        "--seed",
        "7",
        "--no-color",
        "--rule",
        "exact_target=bust",
        "--target",
        "300",
    ];
    let Some(run) = run_steps(&programs().farkle, &args, &steps, 60, &[], &dir) else {
        return;
    };
    assert_eq!(run.status, 0, "{}", run.output);
    // What `help` and each `hint` printed: up to the next prompt.
    let mut answers = Vec::new();
    for (i, part) in run.output.split("Ann> ").enumerate().skip(1) {
        let (command, said) = part.split_once('\n').unwrap_or((part, ""));
        if command == "help" || command == "hint" {
            answers.push((i, said));
        }
    }
    assert_eq!(answers.len(), 4, "{}", run.output);
    for (_, said) in &answers {
        for line in said.lines() {
            assert!(
                line.chars().count() <= 60,
                "over 60 columns: {line:?}\n{said}"
            );
        }
    }
    // A help entry too long for one line goes on under its description.
    let help: Vec<&str> = answers[0].1.lines().collect();
    let pick = help
        .iter()
        .position(|l| l.starts_with("  pick      [p]  keep scoring dice"))
        .expect("the pick entry");
    assert!(
        help[pick + 1].starts_with(&" ".repeat(17)) && !help[pick + 1][17..].starts_with(' '),
        "{}",
        answers[0].1
    );
    // The long reason for no optimal play, once; the next hints refer to it (a paragraph's
    // lines joined again).
    let joined: Vec<String> = answers
        .iter()
        .map(|(_, a)| a.replace("\n  ", " "))
        .collect();
    assert!(
        joined[1].contains("No optimal play: the strategy solver"),
        "{}",
        joined[1]
    );
    for later in &joined[2..] {
        assert!(
            later.contains("No optimal play under these rules (the reason is in the first hint)."),
            "{later}"
        );
        assert!(!later.contains("the strategy solver"), "{later}");
    }
    // 1 1 2 2 2 5: every die scores (two 1s, three 2s, a 5), each marked, and said once.
    assert!(
        run.output
            .contains("  1:[1]* 2:[1]* 3:[2]* 4:[2]* 5:[2]* 6:[5]*\n"),
        "{}",
        run.output
    );
    assert_eq!(run.output.matches("(Dice marked * can score.)").count(), 1);
    assert!(!run.output.contains('\x1b'), "{}", run.output);
    // The full drawing at 80 columns: the numbers of the scoring dice are marked.
    let dir = fresh_dir("pty-width-80");
    let wide = run_steps(&programs().farkle, &args, &steps[4..], 80, &[], &dir).expect("a pty");
    assert!(
        wide.output
            .contains("   *[1]*     *[2]*     *[3]*     *[4]*     *[5]*     *[6]*"),
        "{}",
        wide.output
    );
}

/// A game left unfinished is offered at the next start on a terminal (issue 23): `y` resumes
/// it, and it is saved to its own file again; Enter starts a new game, which saves to a file
/// of its own and leaves the other game's as it was.
#[test]
fn an_unfinished_game_is_offered_and_never_overwritten() {
    let dir = fresh_dir("pty-offer");
    let state = dir.join("state").join("farkle");
    let first = state.join("autosave.json");
    // Left by the end of input, through a pipe: Ann has rolled 1 1 2 2 2 5.
    play(&dir, &["--seed", "7"], "Ann\nBob\nroll\n", 0);
    let saved = std::fs::read(&first).expect("the autosave");
    let Some(run) = pty_run(
        &programs().farkle,
        &[],
        &[
            "expect:An unfinished game was saved when it was left, in ",
            "expect:round 1, rules classic: Ann 0, Bob 0; Ann to play.",
            "expect:Resume it? (y/N) ",
            "send:y\n",
            "expect:Resumed ",
            "expect:it is saved to ",
            "expect:Ann> ",
            "send:view\n",
            "expect:Ann's roll: 1 1 2 2 2 5 (pick from it).",
            "expect:Ann> ",
            "send:pick 1\n",
            "expect:Ann> ",
            "send:\x04",
            "expect:Game saved to ",
        ],
        80,
        &[],
        &dir,
    ) else {
        return;
    };
    assert_eq!(run.status, 0, "{}", run.output);
    assert!(
        run.output
            .contains(&format!("Game saved to {}", first.display())),
        "{}",
        run.output
    );
    let resumed = std::fs::read(&first).expect("the autosave");
    assert_ne!(resumed, saved, "the resumed game was not saved back");
    // Enter: a new game, saved apart; the first game's file stays as it was.
    let run = pty_run(
        &programs().farkle,
        &[],
        &[
            "expect:Resume it? (y/N) ",
            "send:\n",
            "expect:A new game, then; the unfinished game stays where it is.",
            "expect:Name of player 1: ",
            "send:Cy\n",
            "expect:Name of player 2: ",
            "send:Di\n",
            "expect:Cy> ",
            "send:\x04",
            "expect:Game saved to ",
        ],
        80,
        &[],
        &dir,
    )
    .expect("a pty");
    assert_eq!(run.status, 0, "{}", run.output);
    let second = state.join("autosave-2.json");
    assert!(
        run.output
            .contains(&format!("Game saved to {}", second.display())),
        "{}",
        run.output
    );
    assert_eq!(std::fs::read(&first).expect("the first game"), resumed);
    assert!(std::fs::read_to_string(&second)
        .expect("the new game")
        .contains("\"Cy\""));
}

/// A stray key at the end-of-game question for the scores file (`r`, typed once more) makes no
/// file named `r` unless confirmed (issue 23).
#[test]
fn a_stray_key_at_the_scores_question_makes_no_file() {
    let dir = fresh_dir("pty-stray-key");
    // Seed 99, additive rules, one turn each: Ann farkles, Bob keeps 1 5 5 5 5 (1100), then
    // the last die, a 5 (hot dice), and banks: the game is over.
    let Some(run) = run_steps(
        &programs().farkle,
        &["--seed", "99", "-t", "1", "--rules", "additive"],
        &[
            "expect:Ann> ",
            "send:roll\n",
            "expect:Bob> ",
            "send:roll\n",
            "expect:Bob> ",
            "send:pick 1 2 4 5 6\n",
            "expect:Bob> ",
            "send:roll\n",
            "expect:Bob> ",
            "send:pick 1\n",
            "expect:Bob> ",
            "send:bank\n",
            "expect:Append the scores to a file? (file name, blank to skip) ",
            "send:r\n",
            "expect:There is no file named r here: a new one would be made.",
            "expect:Make it? (y/N) ",
            "send:\n",
            "expect:Append the scores to a file? (file name, blank to skip) ",
            "send:scores.txt\n",
            "expect:Scores appended to scores.txt.",
        ],
        80,
        &[],
        &dir,
    ) else {
        return;
    };
    assert_eq!(run.status, 0, "{}", run.output);
    assert!(!dir.join("r").exists(), "a file named r was made");
    assert!(dir.join("scores.txt").is_file());
}

/// With every autosave taken (issue 30), a new game on a terminal says so before the game and
/// offers to play on without one or to name a file: a file that is not a save is refused, a
/// new one taken, and the game saved there; none of the other games is written over.
#[test]
fn with_every_autosave_taken_a_terminal_may_name_a_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fresh_dir("pty-autosave-full");
    play(&dir, &["--seed", "7"], "Ann\nBob\nroll\n", 0);
    let state = dir.join("state").join("farkle");
    let save = std::fs::read(state.join("autosave.json")).expect("an unfinished game");
    let uid = text_of(&Command::new("id").arg("-u").output().expect("id").stdout);
    let tmp = dir.join("tmp");
    let folders = [
        state.clone(),
        dir.join(".local/state/farkle"),
        tmp.join(format!("farkle-{}", uid.trim())),
    ];
    for folder in &folders {
        std::fs::create_dir_all(folder).expect("a folder");
        std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o700)).expect("mode");
        for slot in 2..=100 {
            std::fs::write(folder.join(format!("autosave-{slot}.json")), &save).expect("a save");
        }
        std::fs::write(folder.join("autosave.json"), &save).expect("a save");
    }
    std::fs::write(dir.join("notes.txt"), "my notes\n").expect("notes");
    let tmp_text = tmp.display().to_string();
    let Some(run) = pty_run(
        &programs().farkle,
        &[],
        &[
            "expect:Resume one? (its number; Enter starts a new game) ",
            "send:\n",
            "expect:Warning: every autosave is taken (",
            "expect:Play on without an autosave (Enter), or name a file to save the game to if \
             you leave it: ",
            "send:notes.txt\n",
            "expect:Cannot autosave to notes.txt: it is not a saved game",
            "expect:name a file to save the game to if you leave it: ",
            "send:mine.json\n",
            "expect:If you leave this game unfinished, it is saved to mine.json.",
            "expect:Name of player 1: ",
            "send:Cy\n",
            "expect:Name of player 2: ",
            "send:Di\n",
            "expect:Cy> ",
            "send:\x04",
            "expect:Game saved to mine.json",
        ],
        80,
        &[("TMPDIR", &tmp_text)],
        &dir,
    ) else {
        return;
    };
    assert_eq!(run.status, 0, "{}", run.output);
    assert!(std::fs::read_to_string(dir.join("mine.json"))
        .expect("saved")
        .contains("\"Cy\""));
    assert_eq!(
        std::fs::read(dir.join("notes.txt")).expect("kept"),
        b"my notes\n"
    );
    for folder in &folders {
        for entry in std::fs::read_dir(folder).expect("the folder") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "json") {
                assert_eq!(
                    std::fs::read(&path).expect("kept"),
                    save,
                    "{}",
                    path.display()
                );
            }
        }
    }
}

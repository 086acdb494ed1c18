// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The programs users touch, driven as users drive them: the command-line game through pipes
//! with fixed seeds, the scoring calculator, the bot-vs-bot simulator and the C++ demo (the
//! Python examples run with the Python package's tests, `tests/python.rs`). Each is compiled
//! against the library this `cargo test` built, and the C programs also run under ASan+UBSan
//! and under valgrind.
//!
//! The dice of a seeded game are the library's promise (same seed and moves, same dice on
//! every platform); what the game says about them is checked against the rules: the points
//! of every selection, every farkle and every bot's choice against the slow reference scorer
//! in `tests/reference`, which shares no code with the engine.

mod reference;
mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use farkle::strategy::{SolveOptions, WinTable};
use farkle::{Preset, Rules};
use support::{compile, fresh_dir, manifest_dir, out_dir};

fn examples_c() -> PathBuf {
    manifest_dir().join("examples-c")
}

/// The programs, compiled once per test run (plain build, also used under valgrind).
struct Programs {
    farkle: PathBuf,
    solve: PathBuf,
    score: PathBuf,
    simulate: PathBuf,
}

/// The game's sources, as the Makefile lists them (checked by
/// `the_makefile_builds_the_game_from_the_same_sources`).
const GAME_SOURCES: &[&str] = &[
    "farkle.c",
    "options.c",
    "term.c",
    "text.c",
    "files.c",
    "view.c",
    "commands.c",
    "knobs.c",
    "wintable.c",
    "bot.c",
];
const SOLVE_SOURCES: &[&str] = &["farkle-solve.c", "knobs.c", "wintable.c", "text.c"];

fn sources(names: &[&str]) -> Vec<PathBuf> {
    names.iter().map(|n| examples_c().join(n)).collect()
}

/// Compiles the game and farkle-solve; the game with line editing when `editing` is given
/// (its -D flag, then its libraries).
fn build_game(farkle: &Path, solve: &Path, extra: &[&str], editing: &[&str]) {
    let game: Vec<PathBuf> = sources(GAME_SOURCES);
    let game: Vec<&Path> = game.iter().map(PathBuf::as_path).collect();
    let (define, libs) = editing.split_at(editing.len().min(1));
    let flags: Vec<&str> = extra.iter().chain(define).copied().collect();
    support::compile_linking("cc", "c99", &game, farkle, &flags, libs);
    let solver: Vec<PathBuf> = sources(SOLVE_SOURCES);
    let solver: Vec<&Path> = solver.iter().map(PathBuf::as_path).collect();
    compile("cc", "c99", &solver, solve, extra);
}

fn build(suffix: &str, extra: &[&str]) -> Programs {
    let dir = examples_c();
    let out = out_dir();
    let farkle = out.join(format!("farkle{suffix}"));
    let solve = out.join(format!("farkle-solve{suffix}"));
    let score = out.join(format!("score{suffix}"));
    let simulate = out.join(format!("simulate{suffix}"));
    build_game(&farkle, &solve, extra, &[]);
    compile("cc", "c99", &[&dir.join("score.c")], &score, extra);
    compile(
        "cc",
        "c99",
        &[&dir.join("simulate.c"), &dir.join("bot.c")],
        &simulate,
        extra,
    );
    Programs {
        farkle,
        solve,
        score,
        simulate,
    }
}

fn programs() -> &'static Programs {
    static PROGRAMS: OnceLock<Programs> = OnceLock::new();
    PROGRAMS.get_or_init(|| build("", &[]))
}

/// Runs `program` (through `wrapper` when given) in `dir` with `input` on stdin.
fn run_in(program: &Path, wrapper: &[&str], dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = support::command(program, wrapper)
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

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Plays the command-line game; returns stdout after checking the exit status.
fn play(dir: &Path, args: &[&str], input: &str, expect_status: i32) -> String {
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
fn story(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with('+') || t.starts_with('|') || t.starts_with('['))
        })
        .collect()
}

/// The index of the first line at or after `from` equal to `line`; fails with the story.
fn find(lines: &[&str], from: usize, line: &str) -> usize {
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

fn counts(faces: &[u8]) -> [u8; 6] {
    let mut c = [0u8; 6];
    for &f in faces {
        c[usize::from(f - 1)] += 1;
    }
    c
}

fn faces_of(list: &str) -> Vec<u8> {
    list.split(' ')
        .map(|f| f.parse::<u8>().expect("a die"))
        .collect()
}

/// The most any selection of `roll` scores by the reference scorer; None for a farkle.
fn reference_max(rules: &Rules, roll: &[u8]) -> Option<i64> {
    reference::sub_multisets(counts(roll))
        .into_iter()
        .filter_map(|s| reference::reference(rules, s))
        .max()
}

fn classic() -> Rules {
    Preset::Classic.rules()
}

/// Seed 7, classic rules, one turn each (-t, as in the original game). Every key moment of a
/// turn: refusals with the library's reasons, hot dice, pick and unpick, a bank, a farkle, the
/// game over and the scoreboard in the scores file.
const SEED7_GAME: &str = "Ann\nBob\nbank\nroll\nbank\npick 1 2 3 4 5 6\nbank\nroll\nhint\n\
                          pick 1 3\nunpick\npick 1 2 3 5\nbank\nroll\npick 2\nroll\npick 5\n\
                          roll\n";

#[test]
fn a_scripted_game_shows_every_key_moment() {
    let dir = fresh_dir("cli-seed7");
    let args = [
        "--seed",
        "7",
        "--rules",
        "classic",
        "-t",
        "1",
        "--scores",
        "scores.txt",
    ];
    let stdout = play(&dir, &args, SEED7_GAME, 0);
    let lines = story(&stdout);
    let r = classic();

    // Nothing is rolled yet: the bank is refused with the library's reason.
    let mut at = find(&lines, 0, "== Round 1 of 1: Ann's turn (score 0) ==");
    at = find(&lines, at, "Ann> bank");
    assert_eq!(
        lines[at + 1],
        "Refused: nothing to bank: score at least one die of the current roll first."
    );

    // 1 1 2 2 2 5: two 1s (200), three 2s (200) and a 5 (50) use every die: hot dice.
    at = find(&lines, at, "Ann rolls 6 dice: 1 1 2 2 2 5");
    assert_eq!(
        reference::reference(&r, counts(&[1, 1, 2, 2, 2, 5])),
        Some(450)
    );
    at = find(
        &lines,
        at,
        "Refused: cannot bank now: the game is awaiting a selection.",
    );
    at = find(
        &lines,
        at,
        "Ann keeps 1 1 2 2 2 5 for 450 points: 450 this turn, 0 dice left.",
    );
    assert_eq!(
        lines[at + 1],
        "HOT DICE! Ann scored every die: all 6 dice are back in hand."
    );
    // Classic rules need 500 in one turn to get on the board.
    at = find(
        &lines,
        at,
        "Refused: 450 points in this turn; 500 are needed to get on the board.",
    );

    // Six fresh dice: 1 5 1 4 5 3. The best pick is both 1s and both 5s (300), which leaves
    // 2 dice: a farkle unless one shows a 1 or a 5, 4 x 4 = 16 of the 36 rolls.
    at = find(&lines, at, "Ann rolls 6 dice: 1 5 1 4 5 3");
    assert_eq!(reference_max(&r, &[1, 5, 1, 4, 5, 3]), Some(300));
    at = find(
        &lines,
        at,
        "Best pick: `pick 1 2 3 5` keeps 1 1 5 5 for 300 points (8 legal picks).",
    );
    assert_eq!(
        lines[at + 1],
        "Rolling 2 dice farkles 44.4% of the time (16 of 36 rolls)."
    );
    // At 450 points with 6 dice rolled, keeping one 1 and rolling 5 dice is worth more than
    // banking on 1 1 5 5 with 2 dice left: the advice differs from the highest pick.
    assert_eq!(
        lines[at + 2],
        "Optimal play (most expected points this turn): `pick 1` for 100 points."
    );
    at = find(
        &lines,
        at,
        "Ann keeps 1 1 for 200 points: 650 this turn, 4 dice left.",
    );
    at = find(
        &lines,
        at,
        "Ann puts the dice back (-200 points): 450 this turn.",
    );
    at = find(
        &lines,
        at,
        "Ann keeps 1 5 1 5 for 300 points: 750 this turn, 2 dice left.",
    );
    at = find(&lines, at, "Ann banks 750 points: score 750.");

    // Bob: 2 1 2 6 3 3 scores only its 1; 3 6 3 2 5 only its 5; then 3 4 4 6 is a farkle.
    at = find(&lines, at, "== Round 1 of 1: Bob's turn (score 0) ==");
    at = find(&lines, at, "Bob rolls 6 dice: 2 1 2 6 3 3");
    assert_eq!(reference_max(&r, &[2, 1, 2, 6, 3, 3]), Some(100));
    at = find(
        &lines,
        at,
        "Bob keeps 1 for 100 points: 100 this turn, 5 dice left.",
    );
    at = find(&lines, at, "Bob rolls 5 dice: 3 6 3 2 5");
    at = find(
        &lines,
        at,
        "Bob keeps 5 for 50 points: 150 this turn, 4 dice left.",
    );
    at = find(&lines, at, "Bob rolls 4 dice: 3 4 4 6");
    assert_eq!(reference_max(&r, &[3, 4, 4, 6]), None);
    at = find(
        &lines,
        at,
        "FARKLE! Nothing scores: Bob loses the 150 points of this turn.",
    );

    // One turn each: over, with the scoreboard highest first and the scores file written.
    at = find(&lines, at, "== Game over ==");
    assert_eq!(lines[at + 1], "Ann wins with 750 points.");
    at = find(&lines, at, "Final scores:");
    assert!(lines[at + 1].starts_with("   1. Ann ") && lines[at + 1].ends_with(" 750"));
    assert!(lines[at + 2].starts_with("   2. Bob ") && lines[at + 2].ends_with(" 0"));
    assert_eq!(lines[at + 3], "Scores appended to scores.txt.");
    assert_eq!(
        std::fs::read_to_string(dir.join("scores.txt")).expect("scores file"),
        "# farkle classic, 1 turn, seed 7\n1\t750\tAnn\n2\t0\tBob\n"
    );

    // The same seed and input give the same game, byte for byte.
    std::fs::remove_file(dir.join("scores.txt")).expect("remove scores");
    assert_eq!(play(&dir, &args, SEED7_GAME, 0), stdout);
}

/// Seed 99, additive rules (the original game's: no entry minimum), one turn each: Ann
/// farkles on her first roll and Bob wins, so the scoreboard is not in seating order.
const SEED99_START: &str = "Ann\nBob\nroll\nroll\npick 1 2 4 5 6\n";
const SEED99_END: &str = "roll\nhint\npick 1\nbank\n";

#[test]
fn the_scoreboard_is_sorted_and_the_scores_file_grows() {
    let dir = fresh_dir("cli-seed99");
    let args = [
        "--seed", "99", "-t", "1", "--rules", "additive", "--scores", "s.txt",
    ];
    // A scores file (it starts with a "# farkle" line) whose last line has no newline.
    let earlier = "# farkle classic, earlier entry without a newline";
    std::fs::write(dir.join("s.txt"), earlier).expect("seed file");
    let input = format!("{SEED99_START}{SEED99_END}");
    let stdout = play(&dir, &args, &input, 0);
    let lines = story(&stdout);
    let r = Preset::Additive.rules();

    // 2 4 6 6 2 3: no 1, no 5, no three of a face: a farkle.
    let mut at = find(&lines, 0, "Ann rolls 6 dice: 2 4 6 6 2 3");
    assert_eq!(reference_max(&r, &[2, 4, 6, 6, 2, 3]), None);
    assert_eq!(
        lines[at + 1],
        "FARKLE! Nothing scores: Ann loses the 0 points of this turn."
    );
    // 1 5 3 5 5 5: four 5s are two sets of 5s (1000) and the 1 is 100.
    at = find(&lines, at, "Bob rolls 6 dice: 1 5 3 5 5 5");
    assert_eq!(
        reference::reference(&r, counts(&[1, 5, 5, 5, 5])),
        Some(1100)
    );
    at = find(
        &lines,
        at,
        "Bob keeps 1 5 5 5 5 for 1100 points: 1100 this turn, 1 die left.",
    );
    // The last die shows 5: every die has scored, hot dice.
    at = find(&lines, at, "Bob rolls 1 die: 5");
    at = find(
        &lines,
        at,
        "Best pick: `pick 1` keeps 5 for 50 points (1 legal pick).",
    );
    // Then six dice: a farkle is a roll with no 1, no 5 and no three of a face (additive
    // rules have no straight or three pairs): 4^6 = 4096 rolls of 2, 3, 4, 6 minus those with
    // a face three times or more = 1440 of 46656 (by inclusion-exclusion over the faces; the
    // classic rules would score three pairs, leaving 1080).
    assert_eq!(
        lines[at + 1],
        "Rolling 6 dice farkles 3.1% of the time (1440 of 46656 rolls)."
    );
    at = find(
        &lines,
        at,
        "HOT DICE! Bob scored every die: all 6 dice are back in hand.",
    );
    at = find(&lines, at, "Bob banks 1150 points: score 1150.");
    at = find(&lines, at, "Bob wins with 1150 points.");
    at = find(&lines, at, "Final scores:");
    assert!(lines[at + 1].starts_with("   1. Bob ") && lines[at + 1].ends_with(" 1150"));
    assert!(lines[at + 2].starts_with("   2. Ann ") && lines[at + 2].ends_with(" 0"));

    // Played twice: the earlier contents stay, each game appends its own entry.
    play(&dir, &args, &input, 0);
    let entry = "# farkle additive, 1 turn, seed 99\n1\t1150\tBob\n2\t0\tAnn\n";
    assert_eq!(
        std::fs::read_to_string(dir.join("s.txt")).expect("scores file"),
        format!("{earlier}\n{entry}{entry}")
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .filter(|n| n != "s.txt")
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

/// Plays the seed-99 game with the file size limit of `ulimit -f 16` and `--scores s.txt`.
fn play_with_size_limit(dir: &Path) -> Output {
    let program = programs().farkle.to_string_lossy().into_owned();
    run_in(
        Path::new("sh"),
        &[],
        dir,
        &[
            "-c",
            "ulimit -f 16 && exec \"$0\" \"$@\"",
            &program,
            "--seed",
            "99",
            "-t",
            "1",
            "--rules",
            "additive",
            "--scores",
            "s.txt",
        ],
        &format!("{SEED99_START}{SEED99_END}"),
    )
}

/// A write that fails (here: the file size limit, as a full disk would) says so and leaves the
/// scores file as it was: when nothing could be written, and when the block was cut short (the
/// part written is cut off again).
#[test]
fn a_failed_scores_write_leaves_the_file_untouched() {
    let dir = fresh_dir("cli-full");
    let old: String = std::iter::once("# farkle classic\n".to_owned())
        .chain((0..2000).map(|i| format!("{}\t{}\tPlayer {i}\n", i + 1, 100 * i)))
        .collect();
    std::fs::write(dir.join("s.txt"), &old).expect("seed file");
    // 16 blocks (8 or 16 KiB, as the shell counts them) is far less than the 40 KiB file.
    let out = play_with_size_limit(&dir);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout
            .contains("Cannot write the scores file s.txt: File too large; it was left unchanged."),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("s.txt")).expect("scores"),
        old
    );
    assert_eq!(std::fs::read_dir(&dir).expect("list").count(), 1);

    // The limit in bytes, as this shell counts blocks: a file written until the limit stops it.
    let probe = run_in(
        Path::new("sh"),
        &[],
        &dir,
        &[
            "-c",
            "ulimit -f 16 && exec head -c 100000 /dev/zero > probe",
        ],
        "",
    );
    assert!(!probe.status.success(), "the size limit did not stop head");
    let limit = std::fs::metadata(dir.join("probe")).expect("probe").len();
    std::fs::remove_file(dir.join("probe")).expect("remove the probe");
    // A file 10 bytes short of the limit: the first 10 bytes of the block go in, the rest is
    // refused, and those 10 bytes are cut off again.
    let mut old = "# farkle classic\n".to_owned();
    old.push_str(&"x".repeat(usize::try_from(limit).expect("a small limit") - old.len() - 11));
    old.push('\n');
    assert_eq!(old.len() as u64, limit - 10);
    std::fs::write(dir.join("s.txt"), &old).expect("seed file");
    let out = play_with_size_limit(&dir);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout
            .contains("Cannot write the scores file s.txt: File too large; it was left unchanged."),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("s.txt")).expect("scores"),
        old
    );
}

/// Runs the game with `--scores path` and the seed-7 game as input, under `timeout` so that a
/// scores file that blocks (a FIFO opened for reading) fails the test instead of hanging it.
/// The path must be refused before the game: exit status 2, no game output, and the reason on
/// stderr, which is returned.
fn refused_scores_file(dir: &Path, path: &str) -> String {
    let program = programs().farkle.to_string_lossy().into_owned();
    let args = [
        "20", &program, "--seed", "7", "--rules", "classic", "-t", "1", "--scores", path,
    ];
    let out = run_in(Path::new("timeout"), &[], dir, &args, SEED7_GAME);
    let (stdout, stderr) = (text_of(&out.stdout), text_of(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(2),
        "--scores {path} (124: timed out):\n{stdout}\n{stderr}"
    );
    assert_eq!(stdout, "", "--scores {path}: the game started");
    assert!(
        stderr.starts_with(&format!("farkle: cannot append the scores to {path}: ")),
        "{stderr}"
    );
    stderr
}

/// The scores file is appended to in place, through a symbolic link: the link stays a link and
/// its target gains the block (the game used to write a new file and rename it over the link).
#[test]
fn a_symlinked_scores_file_is_followed_and_stays_a_link() {
    let dir = fresh_dir("cli-scores-link");
    let old = "# farkle classic, an earlier game\n1\t500\tEve\n";
    std::fs::write(dir.join("real.txt"), old).expect("seed file");
    std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).expect("symlink");
    let stdout = play(
        &dir,
        &[
            "--seed", "7", "--rules", "classic", "-t", "1", "--scores", "link.txt",
        ],
        SEED7_GAME,
        0,
    );
    assert!(
        stdout.ends_with("Scores appended to link.txt.\n"),
        "{stdout}"
    );
    let link = std::fs::symlink_metadata(dir.join("link.txt")).expect("link");
    assert!(link.file_type().is_symlink(), "the link was replaced");
    assert_eq!(
        std::fs::read_link(dir.join("link.txt")).expect("read the link"),
        Path::new("real.txt")
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("real.txt")).expect("scores"),
        format!("{old}# farkle classic, 1 turn, seed 7\n1\t750\tAnn\n2\t0\tBob\n")
    );
}

/// A FIFO (which blocked the game, then was replaced by a regular file) and a directory are
/// refused before the game, named with their kind, and left as they were.
#[test]
fn a_fifo_or_a_directory_as_scores_file_is_refused_before_the_game() {
    use std::os::unix::fs::FileTypeExt;
    let dir = fresh_dir("cli-scores-fifo");
    let made = Command::new("mkfifo")
        .arg(dir.join("fifo"))
        .status()
        .expect("mkfifo (coreutils) is required for this test");
    assert!(made.success());
    std::fs::create_dir(dir.join("subdir")).expect("a directory");

    let why = refused_scores_file(&dir, "fifo");
    assert!(
        why.contains("it is a FIFO (named pipe), not a regular file"),
        "{why}"
    );
    let fifo = std::fs::symlink_metadata(dir.join("fifo")).expect("fifo");
    assert!(fifo.file_type().is_fifo(), "the FIFO was replaced");

    let why = refused_scores_file(&dir, "subdir");
    assert!(
        why.contains("it is a directory, not a regular file"),
        "{why}"
    );
    assert!(dir.join("subdir").is_dir());
    assert_eq!(std::fs::read_dir(dir.join("subdir")).unwrap().count(), 0);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        2,
        "files were left"
    );
}

/// A link to /dev/null (never /dev/null itself: a wrong game run as root would replace the
/// machine's /dev/null, as the old one did) is refused before the game, and /dev/null is
/// still a character device afterwards.
#[test]
fn a_link_to_dev_null_as_scores_file_is_refused_before_the_game() {
    use std::os::unix::fs::FileTypeExt;
    let dir = fresh_dir("cli-scores-devnull");
    std::os::unix::fs::symlink("/dev/null", dir.join("null")).expect("symlink");
    let why = refused_scores_file(&dir, "null");
    assert!(
        why.contains("it is a symbolic link to a character device, not a regular file"),
        "{why}"
    );
    let null = std::fs::metadata("/dev/null").expect("/dev/null");
    assert!(null.file_type().is_char_device());
    let link = std::fs::symlink_metadata(dir.join("null")).expect("link");
    assert!(link.file_type().is_symlink());
}

/// A scores file in a directory that does not exist is refused before the game (it used to be
/// found out after a whole game was played).
#[test]
fn a_scores_file_in_a_missing_directory_is_refused_before_the_game() {
    let dir = fresh_dir("cli-scores-nodir");
    let why = refused_scores_file(&dir, "no/such/dir/scores.txt");
    assert!(
        why.contains("its directory no/such/dir: No such file or directory"),
        "{why}"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

/// A non-empty file that does not start with a "# farkle" line is not a scores file: it is
/// refused before the game and left byte for byte as it was. So is a link to nothing (the
/// game would create a file wherever it points).
#[test]
fn a_file_that_is_not_a_scores_file_is_refused_and_left_alone() {
    let dir = fresh_dir("cli-scores-foreign");
    let notes = "# my notes\nnothing to do with farkle\n";
    std::fs::write(dir.join("notes.txt"), notes).expect("write");
    let why = refused_scores_file(&dir, "notes.txt");
    assert!(
        why.contains(
            "it is not a scores file: it starts neither with a \"# farkle\" line nor with the \
             original game's date line"
        ),
        "{why}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        notes
    );

    std::os::unix::fs::symlink("elsewhere.txt", dir.join("dangling")).expect("symlink");
    let why = refused_scores_file(&dir, "dangling");
    assert!(
        why.contains("it is a symbolic link to a file that does not exist"),
        "{why}"
    );
    assert!(!dir.join("elsewhere.txt").exists());

    // An empty file is fine: the block is its first line.
    std::fs::write(dir.join("empty.txt"), "").expect("write");
    play(
        &dir,
        &[
            "--seed",
            "7",
            "--rules",
            "classic",
            "-t",
            "1",
            "--scores",
            "empty.txt",
        ],
        SEED7_GAME,
        0,
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("empty.txt")).unwrap(),
        "# farkle classic, 1 turn, seed 7\n1\t750\tAnn\n2\t0\tBob\n"
    );
}

#[test]
fn a_saved_game_continues_identically() {
    let dir = fresh_dir("cli-save");
    let args = ["--seed", "99", "-t", "1", "--rules", "additive"];
    let whole = play(&dir, &args, &format!("{SEED99_START}{SEED99_END}"), 0);
    let saved = play(
        &dir,
        &args,
        &format!("{SEED99_START}save game.json\nexit\ny\nno\n"),
        0,
    );
    assert!(saved.contains("Game saved to game.json (resume with --load game.json)."));
    assert!(saved.contains("Bob> exit\nLeave this unfinished game? (y/N) y\n"));
    assert!(
        saved.ends_with(" no\nLeaving the game unsaved.\n"),
        "{saved}"
    );
    let resumed = play(&dir, &["--load", "game.json"], SEED99_END, 0);

    let after_save = |s: &str| -> Vec<String> {
        s.lines()
            .skip_while(|l| !l.starts_with("Bob keeps 1 5 5 5 5"))
            .skip(1)
            .skip_while(|l| !l.starts_with("Bob> "))
            .map(str::to_owned)
            .collect()
    };
    let resumed_lines: Vec<String> = resumed
        .lines()
        .skip_while(|l| !l.starts_with("Bob> "))
        .map(str::to_owned)
        .collect();
    assert!(resumed.starts_with("Resumed game.json: rules additive, round 1.\n"));
    assert!(resumed.contains("Bob banks 1150 points: score 1150."));
    assert_eq!(resumed_lines, after_save(&whole));

    // A damaged save is refused with the library's reason, and nothing is played.
    let text = std::fs::read_to_string(dir.join("game.json")).expect("save");
    std::fs::write(dir.join("bad.json"), text.replace("\"Ann\"", "\"Eve\"")).expect("write");
    let out = run_in(&programs().farkle, &[], &dir, &["--load", "bad.json"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text_of(&out.stderr).starts_with("farkle: cannot load bad.json: "));
}

/// A save of a classic game whose players' names hold terminal escapes, a C1 control, DEL, an
/// accented letter, and a name far too long to show whole.
fn hostile_save() -> String {
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

/// Player names from a save are shown with their control characters as visible escapes: a name
/// that sets the terminal's title, rings its bell or clears the screen does none of that.
/// Valid UTF-8 (an accented name) is shown as it is.
#[test]
fn names_from_a_save_reach_the_terminal_escaped() {
    let dir = fresh_dir("cli-hostile-names");
    std::fs::write(dir.join("hostile.json"), hostile_save()).expect("write the save");
    // The scoreboard, the prompt, a roll, a pick, a refused bank and a hint all name Eve.
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["--load", "hostile.json"],
        "view\nroll\npick 1\nbank\nroll\nhint\nexit\n",
    );
    for (what, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        for bad in [&b"\x1b"[..], b"\x07", b"\x7f", "\u{9b}".as_bytes()] {
            assert!(
                !bytes.windows(bad.len()).any(|w| w == bad),
                "{bad:?} in {what}:\n{}",
                text_of(bytes)
            );
        }
    }
    assert_eq!(out.status.code(), Some(0), "{}", text_of(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("  > \\x1b]0;pwned\\x07Eve\\x1b[2J "),
        "{stdout}"
    );
    assert!(stdout.contains("    Bob\\u009b31m\\x7f "), "{stdout}");
    assert!(stdout.contains("    Zoë "), "{stdout}");
    // The long name is cut, between escapes, with "...".
    assert!(stdout.contains("    \\x01\\x01"), "{stdout}");
    assert!(stdout.contains("\\x01... "), "{stdout}");
    assert!(stdout.lines().all(|l| l.len() < 250), "{stdout}");
    assert!(
        stdout.contains("\\x1b]0;pwned\\x07Eve\\x1b[2J> roll\n"),
        "{stdout}"
    );
}

/// A loaded game whose computer player the library cannot advise (one die that always scores
/// and comes back as hot dice: a turn could go on forever, so no optimal policy exists) used
/// to end with status 1 and not a word. `hint` now says why it has no optimal play and the
/// game goes on; the bot's turn says, once, that computer players use the threshold strategy
/// and why, and the threshold player plays (it banks at 300 with 1 die, so its turns end).
#[test]
fn a_bot_that_cannot_be_advised_says_why() {
    let dir = fresh_dir("cli-unadvisable");
    let rules = Rules {
        dice_count: 1,
        no_score_set: 50,
        min_entry_score: 0,
        ..classic()
    };
    let game = farkle::Game::with_names(
        rules,
        vec![Some("Ann".to_owned()), Some("Bot 1".to_owned())],
        farkle::DiceSource::Seeded { seed: 7 },
    )
    .expect("a game");
    std::fs::write(dir.join("endless.json"), game.save()).expect("write the save");
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["--load", "endless.json"],
        "hint\nroll\npick 1\nbank\n",
    );
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        text_of(&out.stderr)
    );
    let lines = story(&stdout);
    // The library's reason: UNSUPPORTED's (an unbounded turn). Hints may say RESOURCE_LIMIT's
    // too, should a library count the endless turn as too much work.
    let says_why = |line: &str, prefix: &str| {
        line.strip_prefix(prefix).is_some_and(|why| {
            why.starts_with("the strategy solver does not support these rules")
                || why.starts_with("the call would exceed a resource limit")
        })
    };
    let at = find(&lines, 0, "Ann> hint");
    assert!(says_why(lines[at + 2], "No optimal play: "), "{stdout}");
    let at = find(&lines, at, "Ann> roll");
    let at = find(&lines, at, "== Round 1: Bot 1's turn (score 0) ==");
    assert_eq!(
        lines[at + 1],
        "Computer players use the threshold strategy: the strategy solver does not support \
         these rules (a turn can go on forever without risk; its value is unbounded).",
        "{stdout}"
    );
    find(&lines, at, "Bot 1 banks 300 points: score 300.");
    assert_eq!(stdout.matches("threshold strategy").count(), 1, "{stdout}");
    assert!(!stdout.contains("cannot play"), "{stdout}");
}

/// Under rules the optimal computer player cannot model (a hot-dice multiplier, an exact
/// target) the game's computer players fall back to the threshold player, saying so once
/// with the library's reason, and play the game to its end; `hint` gives the odds and says
/// why there is no optimal play.
#[test]
fn optimal_bots_fall_back_to_the_threshold_player_under_unmodelled_rules() {
    let dir = fresh_dir("cli-fallback");
    let cases = [
        (
            &["--rule", "hot_dice_multiplier_step=1"][..],
            "the hot-dice multiplier (hot_dice_multiplier_step above 0)",
        ),
        (
            &["--rule", "exact_target=bust"][..],
            "an exact target (exact_target Refuse or Bust)",
        ),
    ];
    for (rule, why) in cases {
        let reason = format!(
            "the strategy solver does not support these rules (not supported by this solver: \
             {why}"
        );
        for seed in ["7", "8"] {
            let mut args = vec!["--seed", seed, "-p", "2", "--bots", "2:optimal"];
            args.extend(rule);
            let out = play(&dir, &args, "", 0);
            let lines = story(&out);
            let at = find(&lines, 0, "== Round 1: Bot 1's turn (score 0) ==");
            let said = format!("Computer players use the threshold strategy: {reason}");
            assert!(
                lines[at + 1].starts_with(&said),
                "{rule:?}: {}",
                lines[at + 1]
            );
            assert_eq!(out.matches("threshold strategy").count(), 1, "{out}");
            find(&lines, at, "== Game over ==");
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with("Bot ") && l.contains(" wins with ")),
                "{out}"
            );
            assert!(!out.contains("cannot play"), "{out}");
        }
        // A human asks for a hint, then a computer player takes its turn.
        let mut args = vec!["--seed", "7", "--bots", "1"];
        args.extend(rule);
        let out = play(&dir, &args, "Ann\nhint\nr\nhint\nexit\ny\nno\n", 0);
        let lines = story(&out);
        let at = find(&lines, 0, "Ann> hint");
        assert_eq!(
            lines[at + 1],
            "Rolling 6 dice farkles 2.3% of the time (1080 of 46656 rolls)."
        );
        assert!(
            lines[at + 2].starts_with(&format!("No optimal play: {reason}")),
            "{out}"
        );
        let at = find(&lines, at + 1, "Ann> hint");
        find(
            &lines,
            at,
            "Best pick: `pick 1 2 3 4 5 6` keeps 1 1 2 2 2 5 for 450 points (11 legal picks).",
        );
        assert!(out.matches("No optimal play: ").count() == 2, "{out}");
    }
}

/// A save whose rules ask for more than the library allows (a bank minimum of 999,999,999
/// points: the single-turn table behind hints and computer players would need tens of
/// gigabytes, and the library used to abort the program asking for them) loads, and `hint`
/// and the computer player say which limit it is instead of killing the game.
#[test]
fn rules_too_big_to_advise_are_explained_not_fatal() {
    let dir = fresh_dir("cli-too-big");
    let rules = Rules {
        min_bank_score: 999_999_999,
        ..classic()
    };
    // The granularity is gcd(50, 999,999,999) = 1 point, so the table needs a row for every
    // turn total up to the bank minimum (rows 0 to 1,000,000,000 - 1), plus the 4,000 points
    // of the largest roll (six 1s) above it and one more: 1,000,004,001 rows of 7 hand sizes.
    let limit = "the call would exceed a resource limit (too large: a turn table up to a turn \
                 total of 1000000000 points (6 dice) would be 7000028007 states; the limit is \
                 4194304 states)";
    // Ann to move: `hint` explains, and the game goes on.
    let names = |a: &str, b: &str| vec![Some(a.to_owned()), Some(b.to_owned())];
    let seeded = farkle::DiceSource::Seeded { seed: 7 };
    let game = farkle::Game::with_names(rules, names("Ann", "Bot 1"), seeded).expect("a game");
    std::fs::write(dir.join("ann.json"), game.save()).expect("write the save");
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["--load", "ann.json"],
        "hint\nview\n",
    );
    let stdout = text(&out.stdout);
    let lines = story(&stdout);
    let at = find(&lines, 0, "Ann> hint");
    assert_eq!(
        lines[at + 2],
        format!("No optimal play: {limit}."),
        "{stdout}"
    );
    find(&lines, at, "Ann> view");
    // The computer player to move: it says which limit, and the game ends unfinished.
    let game = farkle::Game::with_names(rules, names("Bot 1", "Ann"), seeded).expect("a game");
    std::fs::write(dir.join("bot.json"), game.save()).expect("write the save");
    let out = run_in(&programs().farkle, &[], &dir, &["--load", "bot.json"], "");
    let stdout = text(&out.stdout);
    let lines = story(&stdout);
    let at = find(&lines, 0, "Bot 1's turn: 0 points in hand, 6 dice to roll.");
    assert_eq!(
        lines[at + 1],
        format!("Bot 1 cannot play: {limit}."),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1), "{stdout}");
}

/// `save` replaces only regular files (a link stays a link, its target gets the save) and
/// refuses a FIFO, a directory and a link to nothing; `--load` refuses a FIFO (which blocked
/// it) and a character device (/dev/zero, which it read without end) before reading.
#[test]
fn save_and_load_refuse_special_files_and_follow_links() {
    use std::os::unix::fs::FileTypeExt;
    let dir = fresh_dir("cli-save-special");
    let made = Command::new("mkfifo")
        .arg(dir.join("fifo"))
        .status()
        .expect("mkfifo (coreutils) is required for this test");
    assert!(made.success());
    std::fs::create_dir(dir.join("subdir")).expect("a directory");
    std::fs::write(dir.join("real.json"), "old").expect("write");
    std::os::unix::fs::symlink("real.json", dir.join("link.json")).expect("symlink");
    std::os::unix::fs::symlink("nowhere.json", dir.join("dangling.json")).expect("symlink");
    let args = ["--seed", "99", "-t", "1", "--rules", "additive"];
    let input =
        format!("{SEED99_START}save fifo\nsave subdir\nsave dangling.json\nsave link.json\nexit\n");
    let out = play(&dir, &args, &input, 0);
    for line in [
        "Cannot save the game to fifo: it is a FIFO (named pipe), not a regular file.",
        "Cannot save the game to subdir: it is a directory, not a regular file.",
        "Cannot save the game to dangling.json: it is a symbolic link to a file that does not \
         exist.",
        "Game saved to link.json (resume with --load link.json).",
    ] {
        assert!(out.lines().any(|l| l == line), "no {line:?} in:\n{out}");
    }
    assert!(std::fs::symlink_metadata(dir.join("fifo"))
        .unwrap()
        .file_type()
        .is_fifo());
    assert!(dir.join("subdir").is_dir());
    assert!(!dir.join("nowhere.json").exists());
    assert!(std::fs::symlink_metadata(dir.join("link.json"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(dir.join("real.json"))
        .unwrap()
        .starts_with("{\"format\":\"farkle-save\""));
    // The save went through the link: resuming from it ends the game as the whole game does.
    let resumed = play(&dir, &["--load", "link.json"], SEED99_END, 0);
    assert!(
        resumed.contains("Bob banks 1150 points: score 1150."),
        "{resumed}"
    );

    let program = programs().farkle.to_string_lossy().into_owned();
    for (path, why) in [
        ("fifo", "it is a FIFO (named pipe), not a regular file"),
        ("/dev/zero", "it is a character device, not a regular file"),
    ] {
        let args = ["20", &program, "--load", path];
        let out = run_in(Path::new("timeout"), &[], &dir, &args, "");
        assert_eq!(out.status.code(), Some(1), "--load {path} (124: timed out)");
        assert_eq!(
            text_of(&out.stderr),
            format!("farkle: cannot read {path}: {why}\n")
        );
    }
}

fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// No game is lost: the end of input saves the game and says where; `exit` (and its other
/// names, in any case) asks first, then offers to save, to the autosave or a file named.
#[test]
fn end_of_input_and_exit_leave_cleanly() {
    let dir = fresh_dir("cli-eof");
    let autosave = dir.join("state").join("farkle").join("autosave.json");
    let auto = autosave.display().to_string();
    let args = ["--seed", "7"];
    // The end of input mid-game: saved to the autosave, which resumes the game.
    let out = play(&dir, &args, "Ann\nBob\nroll\n", 0);
    assert!(
        out.ends_with(&format!(
            "Ann> \nEnd of input.\nGame saved to {auto} (resume with --load {auto}).\n"
        )),
        "{out}"
    );
    let resumed = play(&dir, &["--load", &auto], "view\n", 0);
    assert!(
        resumed.contains("Ann's turn: 0 points in hand, 6 dice rolled."),
        "{resumed}"
    );
    std::fs::remove_file(&autosave).expect("the autosave");
    // Before the game there is nothing to save.
    let out = play(&dir, &args, "Ann\n", 0);
    assert!(out.ends_with("Name of player 2: \nEnd of input: no game.\n"));
    assert!(!autosave.exists());
    // Leaving asks first; anything but y plays on.
    let out = play(&dir, &args, "Ann\nBob\nQUIT\nn\nview\nexit\ny\nno\n", 0);
    assert!(
        out.contains("Ann> QUIT\nLeave this unfinished game? (y/N) n\nPlaying on.\nAnn> view\n"),
        "{out}"
    );
    assert!(out.ends_with("no\nLeaving the game unsaved.\n"), "{out}");
    assert!(!autosave.exists());
    // y, then Enter: the autosave; or a file named; every spelling of exit.
    for (key, answer, path) in [
        ("exit", "", auto.as_str()),
        ("q", "mine.json", "mine.json"),
        ("X", "", auto.as_str()),
        ("Quit", "mine.json", "mine.json"),
    ] {
        let out = play(&dir, &args, &format!("Ann\nBob\n{key}\ny\n{answer}\n"), 0);
        assert!(
            out.ends_with(&format!(
                "Game saved to {path} (resume with --load {path}).\n"
            )),
            "{key}: {out}"
        );
    }
    assert!(autosave.exists() && dir.join("mine.json").exists());
    // The end of input at the question saves too; --autosave names the file.
    let out = play(
        &dir,
        &["--seed", "7", "--autosave", "a.json"],
        "Ann\nBob\nexit\n",
        0,
    );
    assert!(
        out.ends_with("(y/N) \nEnd of input.\nGame saved to a.json (resume with --load a.json).\n"),
        "{out}"
    );
    // A save that fails is said, with status 1 (the autosave's missing directories are made).
    std::fs::create_dir(dir.join("adir")).expect("a directory");
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["--seed", "7", "--autosave", "adir"],
        "Ann\nBob\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).ends_with(
        "End of input.\nCannot save the game to adir: it is a directory, not a regular file.\n"
    ));
    play(
        &dir,
        &["--seed", "7", "--autosave", "new/dir/a.json"],
        "Ann\nBob\n",
        0,
    );
    assert!(dir.join("new/dir/a.json").is_file());
}

#[test]
fn every_refused_action_says_why() {
    let dir = fresh_dir("cli-refusals");
    let input = "Ann\nBot 2\n\nunpick\npick 1\nr\np 9\np 1 1\np x\np\n\np\n1 4\nu\nu\nsave\n\
                 frobnicate\nv\nh\n?\n";
    let out = play(&dir, &["--seed", "7"], input, 0);
    let lines = story(&out);
    // "Bot 2" is kept for computer players; a blank name gives "Player 2".
    let mut at = find(
        &lines,
        0,
        "That name will not do: names like \"Bot 2\" are kept for computer players. Choose \
         another.",
    );
    at = find(&lines, at, "Name of player 2: ");
    at = find(&lines, at, "== Round 1: Ann's turn (score 0) ==");
    at = find(&lines, at, "Ann> unpick");
    assert_eq!(
        lines[at + 1],
        "Refused: nothing to undo: no dice were selected since the last roll."
    );
    assert_eq!(
        lines[at + 3],
        "Refused: cannot select dice now: the game is awaiting a roll."
    );
    at = find(&lines, at, "Ann rolls 6 dice: 1 1 2 2 2 5");
    at = find(&lines, at, "Ann> p 9");
    assert_eq!(
        lines[at + 1],
        "Refused: there is no die 9; this roll has 6 dice (1 to 6)."
    );
    assert_eq!(lines[at + 3], "Refused: die 1 is given twice.");
    assert_eq!(
        lines[at + 5],
        "Refused: 'x' is not a die number; dice are numbered from 1 as drawn."
    );
    // Plain `pick` asks; a blank answer cancels; `1 4` keeps a 1 and a 2, which is refused.
    assert_eq!(
        lines[at + 7],
        "Which dice do you keep? (numbers as drawn, e.g. 1 3 4; blank to cancel) "
    );
    assert_eq!(lines[at + 8], "Nothing picked.");
    at = find(&lines, at, "Refused: invalid selection: the selection does not score as a whole: 2 would be left over.");
    // The refused pick left the roll awaiting a selection: there is nothing to unpick.
    at = find(&lines, at, "Ann> u");
    assert_eq!(
        lines[at + 1],
        "Refused: cannot undo now: the game is awaiting a selection."
    );
    at = find(&lines, at, "Ann> save");
    assert_eq!(
        lines[at + 1],
        "Refused: save needs a file name (save FILE)."
    );
    assert_eq!(
        lines[at + 3],
        "Unknown command 'frobnicate'; type help (or ?) for the list."
    );
    at = find(&lines, at, "Round 1, rules classic, target 10000.");
    assert!(lines[at + 1].starts_with("  > Ann "));
    assert!(lines[at + 2].starts_with("    Player 2 "));
    assert_eq!(
        lines[at + 3],
        "Ann's turn: 0 points in hand, 6 dice rolled."
    );
    at = find(&lines, at, "The roll (pick from it): 1 1 2 2 2 5");
    assert_eq!(lines[at + 1], "Kept this turn: nothing yet.");
    at = find(
        &lines,
        at,
        "Commands (one-letter forms in brackets; upper or lower case):",
    );
    assert!(lines[at..]
        .iter()
        .any(|l| l.contains("numbered from 1 as drawn")));

    // Bad options are refused before the game starts.
    for (args, message) in [
        (&["--rules", "poker"][..], "unknown rules preset 'poker'"),
        (
            &["-p", "2", "--bots", "3"][..],
            "--bots 3 is more than the 2 players",
        ),
        (
            &["-t", "x"][..],
            "farkle: -t needs a whole number from 1 to 1000000, not 'x'",
        ),
        (&["--target", "0"][..], "these rules make no game"),
        (
            &["--load", "f", "-p", "2"][..],
            "--load resumes a saved game",
        ),
    ] {
        let out = run_in(&programs().farkle, &[], &dir, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text_of(&out.stderr).contains(message),
            "{args:?}: {}",
            text_of(&out.stderr)
        );
    }
}

#[test]
fn rules_prints_the_point_table_in_force() {
    let dir = fresh_dir("cli-rules");
    let classic = play(&dir, &["--seed", "1", "-p", "1"], "Ann\nrules\n", 0);
    // The authoritative document's table: 1000 for three 1s, 100 x face otherwise; four, five
    // and six of a kind twice, three and four times the triple; straight and three pairs
    // 1500, two triplets 2500; 500 to get on the board; 10,000 with a final round.
    for line in [
        "  single 1     100      single 5      50",
        "    three                       1000    200    300    400    500    600",
        "    four                        2000    400    600    800   1000   1200",
        "    six                         4000    800   1200   1600   2000   2400",
        "  straight 1 2 3 4 5 6          1500",
        "  straight 1 2 3 4 5               -",
        "  three pairs 2 2 3 3 4 4       1500",
        "  two triplets 2 2 2 3 3 3      2500",
        "  nothing scores 2 2 3 4 6 6       -",
        "Game: 500 in one turn to get on the board; hot dice on.",
        "End: first to 10000, then one more turn for everyone else.",
    ] {
        assert!(classic.lines().any(|l| l == line), "{line:?} in\n{classic}");
    }
    // Zilch: kinds double, six dice with nothing scoring are worth 500, 300 to bank, three
    // zilches in a row cost 500. --target and -t together: whichever comes first.
    let zilch = play(
        &dir,
        &["--rules", "zilch", "--target", "5000", "-t", "3", "-p", "1"],
        "Ann\nrules\n",
        0,
    );
    for line in [
        "    six                         8000   1600   2400   3200   4000   4800",
        "  nothing scores 2 2 3 4 6 6     500",
        "Game: at least 300 to bank; 3 farkles in a row cost 500; hot dice on.",
        "End: first to 5000, then one more turn for everyone else; or after 3 turns each, highest score wins.",
    ] {
        assert!(zilch.lines().any(|l| l == line), "{line:?} in\n{zilch}");
    }
}

#[test]
fn hint_gives_the_best_pick_and_exact_farkle_odds() {
    let dir = fresh_dir("cli-hint");
    // Before the first roll: 6 dice under classic rules farkle in 1080 of 46656 rolls (the
    // 4^6 rolls without 1 or 5, less those with a triple, a straight or three pairs).
    let out = play(&dir, &["--seed", "7", "-p", "1"], "Ann\nhint\n", 0);
    assert!(out.contains("Rolling 6 dice farkles 2.3% of the time (1080 of 46656 rolls).\n"));
    assert!(out.contains("Optimal play (most expected points this turn): roll.\n"));
    // Bob's 4 dice after his 5 (seed 7 game): 4^4 = 256 rolls without a 1 or a 5, less the
    // 4 x 13 with three or four of one face = 204 of 1296.
    let input = "Ann\nBob\nroll\npick 1 2 3 4 5 6\nroll\npick 1 2 3 5\nbank\nroll\npick 2\n\
                 roll\npick 5\nhint\n";
    let out = play(
        &dir,
        &["--seed", "7", "--rules", "classic", "-t", "1"],
        input,
        0,
    );
    assert!(out.contains("Rolling 4 dice farkles 15.7% of the time (204 of 1296 rolls).\n"));
    // 150 points are short of the 500 needed to get on the board: no bank is offered.
    assert!(!out.contains("You may bank"));
}

#[test]
fn computer_players_play_by_the_rules() {
    let dir = fresh_dir("cli-bots");
    // Two bots to the end of a 3000-point game; nobody types anything.
    let out = play(
        &dir,
        &["--seed", "5", "-p", "2", "--bots", "2", "--target", "3000"],
        "",
        0,
    );
    let r = classic();
    let lines = story(&out);
    let mut last_roll: Option<Vec<u8>> = None;
    let mut turn = 0i64;
    let mut scores = [0i64; 2];
    let (mut picks, mut farkles, mut banks, mut combined) = (0, 0, 0, 0);
    for line in &lines {
        let (who, rest) = match line.split_once(' ') {
            Some(("Bot", r)) => {
                let (n, rest) = r.split_once(' ').expect("Bot N ...");
                (n.parse::<usize>().expect("bot number") - 1, rest)
            }
            _ => {
                if line.starts_with("FARKLE!") {
                    let roll = last_roll.take().expect("a roll before a farkle");
                    assert_eq!(reference_max(&r, &roll), None, "{roll:?} farkled");
                    turn = 0;
                    farkles += 1;
                }
                continue;
            }
        };
        // A computer player's roll and pick are one line: "rolls 6 dice: ..., keeps ...".
        let joined;
        let rest = match rest.split_once(", keeps ") {
            Some((roll, kept)) => {
                let dice = roll.split_once(": ").expect("rolls N dice: ...").1;
                last_roll = Some(faces_of(dice));
                joined = format!("keeps {kept}");
                combined += 1;
                joined.as_str()
            }
            None => rest,
        };
        if let Some(dice) = rest.split_once("dice: ").or(rest.split_once("die: ")) {
            last_roll = Some(faces_of(dice.1));
        } else if let Some(kept) = rest.strip_prefix("keeps ") {
            let (faces, points) = kept.split_once(" for ").expect("keeps ... for");
            let points: i64 = points.split(' ').next().unwrap().parse().unwrap();
            let roll = last_roll.take().expect("a roll before a pick");
            // The bot's pick scores what the rules say and is a pick of the roll; the
            // optimal bot may keep fewer dice than the highest-scoring pick.
            assert_eq!(
                reference::reference(&r, counts(&faces_of(faces))),
                Some(points)
            );
            let picked = counts(&faces_of(faces));
            let rolled = counts(&roll);
            assert!((0..6).all(|f| picked[f] <= rolled[f]), "{line}");
            assert!(reference_max(&r, &roll) >= Some(points), "{line}");
            turn += points;
            picks += 1;
        } else if let Some(bank) = rest.strip_prefix("banks ") {
            let points: i64 = bank.split(' ').next().unwrap().parse().unwrap();
            assert_eq!(points, turn, "{line}");
            // Classic rules: 500 in one turn to get on the board.
            assert!(scores[who] > 0 || points >= 500, "{line}");
            scores[who] += points;
            assert!(rest.ends_with(&format!("score {}.", scores[who])), "{line}");
            turn = 0;
            banks += 1;
        }
    }
    assert!(
        picks > 10 && farkles > 0 && banks > 2,
        "{picks} {farkles} {banks}"
    );
    assert_eq!(combined, picks, "every pick on its roll's line");
    let best = *scores.iter().max().unwrap();
    assert!(best >= 3000);
    let winner = if scores[0] > scores[1] {
        "Bot 1"
    } else {
        "Bot 2"
    };
    assert!(out.contains(&format!("{winner} wins with {best} points.\n")));

    // One human and one bot: the bot's whole turn needs no input.
    let input = "Ann\nroll\npick 1 2 3 4 5 6\nroll\npick 1 2 3 5\nbank\n";
    let out = play(
        &dir,
        &[
            "--seed", "7", "--rules", "classic", "-t", "1", "--bots", "1",
        ],
        input,
        0,
    );
    let lines = story(&out);
    let at = find(&lines, 0, "== Round 1 of 1: Bot 1's turn (score 0) ==");
    assert!(lines[at + 1].starts_with("Bot 1 rolls 6 dice: "));
    find(&lines, at, "== Game over ==");
}

/// The two-player table of the minimal preset to 1,000 (solved once: well under a second).
fn minimal_1000_table() -> &'static WinTable {
    static TABLE: OnceLock<WinTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let rules = Rules {
            target_score: 1000,
            ..Preset::Minimal.rules()
        };
        WinTable::solve(&rules, SolveOptions::default(), &mut |_| true).expect("solve")
    })
}

#[test]
fn a_two_player_table_makes_hints_and_bots_play_to_win() {
    let dir = fresh_dir("cli-table");
    let table = minimal_1000_table();
    let path = dir.join("minimal-1000.fwt");
    table.save(&path).expect("save the table");
    let path = path.to_str().expect("a UTF-8 path");
    let args = ["--rules", "minimal", "--target", "1000", "--table", path];

    // Before the first roll the only move is to roll, worth the first player's chance.
    let mut with_bot = vec!["--seed", "3", "--bots", "1"];
    with_bot.extend(args);
    let out = play(&dir, &with_bot, "Ann\nhint\nexit\n", 0);
    let chance = 100.0 * table.first_player_win_probability();
    let line = format!("Optimal play (best chance to win, {chance:.1}%): roll.\n");
    assert!(out.contains(&line), "no {line:?} in:\n{out}");

    // Two table bots play a whole game; the winner reaches the target.
    let mut bots = vec!["--seed", "11", "-p", "2", "--bots", "2"];
    bots.extend(args);
    let out = play(&dir, &bots, "", 0);
    assert!(out.contains("== Game over =="), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("Bot ") && l.contains(" wins with ")),
        "{out}"
    );

    // Three players: a two-player table cannot serve them, and that is said before the game.
    let mut three = vec!["--seed", "3", "-p", "3", "--bots", "2"];
    three.extend(args);
    let out = run_in(&programs().farkle, &[], &dir, &three, "Ann\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text_of(&out.stderr),
        "farkle: --table: a two-player table cannot serve a game of 3 players (the solved game \
         is the two-player one)\n"
    );

    // A table for other rules, or no table at all, is refused before the game starts.
    let missing = "no-such-table.fwt";
    for (a, why) in [
        (
            ["--rules", "classic", "--target", "1000", "--table", path].to_vec(),
            "it was solved for other rules (minimal, target 1000, other scoring or game \
             options) than this game's (classic, target 1000)",
        ),
        (
            ["--rules", "minimal", "--table", path].to_vec(),
            "it was solved for other rules (minimal, target 1000) than this game's (minimal, \
             target 10000)",
        ),
        (
            ["--rules", "minimal", "--target", "1000", "--table", missing].to_vec(),
            "farkle: cannot use the table no-such-table.fwt: No such file or directory",
        ),
    ] {
        let out = run_in(&programs().farkle, &[], &dir, &a, "Ann\nBob\n");
        assert_eq!(out.status.code(), Some(2), "{a:?}");
        assert!(
            text_of(&out.stderr).contains(why),
            "{a:?}: {}",
            text_of(&out.stderr)
        );
    }
}

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
        &[&examples_c().join("cpp_demo.cpp")],
        &exe,
        &[],
    );
    let out = Command::new(&exe).output().expect("run cpp_demo");
    assert!(out.status.success(), "{}", text_of(&out.stderr));
    assert!(text(&out.stdout).ends_with("Ann 1450, Bob 0: Ann wins\ncpp_demo: ok\n"));
}

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

/// Rules small enough for a two-player table in well under a second, even under valgrind.
const TINY: &[&str] = &[
    "--rules",
    "minimal",
    "--rule",
    "dice_count=3",
    "--target",
    "500",
];

/// Runs every example program once through `wrapper`: a scripted game with a save and a
/// resumed game, a loaded game with hostile names (the escaping), farkle-solve, computer
/// players of every style (win-optimal solving and then loading its cached table), single keys,
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
        let mut child = support::command(program, wrapper)
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
fn the_examples_pass_under_sanitizers() {
    let p = build("_asan", support::SANITIZE);
    let cpp = out_dir().join("cpp_demo_asan");
    compile(
        "c++",
        "c++11",
        &[&examples_c().join("cpp_demo.cpp")],
        &cpp,
        support::SANITIZE,
    );
    let dir = fresh_dir("examples-asan");
    run_examples_checked(&p, &cpp, &[], support::SANITIZE_ENV, &dir);
}

#[test]
fn the_examples_pass_under_valgrind() {
    support::require_valgrind();
    let cpp = out_dir().join("cpp_demo_vg");
    compile(
        "c++",
        "c++11",
        &[&examples_c().join("cpp_demo.cpp")],
        &cpp,
        &[],
    );
    let dir = fresh_dir("examples-valgrind");
    run_examples_checked(programs(), &cpp, support::VALGRIND, &[], &dir);
}

/// The original game's options in its forms (`-p2`, `-t3`) and the long ones with `=`; a bad
/// value gets one message naming the option as given; `-t` alone is the original game.
#[test]
fn options_take_the_original_forms_and_name_the_option() {
    let dir = fresh_dir("cli-options");
    let out = play(
        &dir,
        &["-p2", "-t3", "--seed=7", "--rules=zilch"],
        "Ann\nBob\nrules\n",
        0,
    );
    assert!(out.contains("rules zilch."), "{out}");
    assert!(
        out.contains("== Round 1 of 3: Ann's turn (score 0) =="),
        "{out}"
    );
    // -t without --rules: the original game, additive rules and no target.
    let out = play(&dir, &["-p", "1", "-t", "2"], "Ann\nrules\n", 0);
    assert!(out.contains("rules additive."), "{out}");
    assert!(
        out.contains("End: after 2 turns each, highest score wins."),
        "{out}"
    );
    assert!(out.contains("target_score = 0"), "{out}");
    for (args, message) in [
        (
            &["-p", "0"][..],
            "farkle: -p needs a whole number from 1 to 64, not '0'\n",
        ),
        (
            &["-p", "65"][..],
            "farkle: -p needs a whole number from 1 to 64, not '65'\n",
        ),
        (
            &["--players=x"][..],
            "farkle: --players needs a whole number from 1 to 64, not 'x'\n",
        ),
        (
            &["-t0"][..],
            "farkle: -t needs a whole number from 1 to 1000000, not '0'\n",
        ),
        (
            &["--seed", "-1"][..],
            "farkle: --seed needs a whole number from 0 to 18446744073709551615, not '-1'\n",
        ),
        (
            &["--bots", "64"][..],
            "farkle: --bots 64 leaves no seat for a human player: the most is 64 players (give \
             -p 64 for computer players only)\n",
        ),
        (
            &["--bots", "2:genius"][..],
            "farkle: --bots needs N[:STYLE] with STYLE random, threshold, single or win, not \
             '2:genius'\n",
        ),
        (
            &["--scores-format", "csv"][..],
            "farkle: --scores-format needs farkle or original, not 'csv'\n",
        ),
        (
            &["-z"][..],
            "farkle: unknown option -z\nTry farkle --help.\n",
        ),
        (
            &["--frobnicate"][..],
            "farkle: unknown option --frobnicate\nTry farkle --help.\n",
        ),
        (
            &["--seed"][..],
            "farkle: --seed needs a value\nTry farkle --help.\n",
        ),
        (
            &["extra"][..],
            "farkle: unexpected argument 'extra' (options only; try farkle --help)\n",
        ),
    ] {
        let out = run_in(&programs().farkle, &[], &dir, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text_of(&out.stderr), message, "{args:?}");
        assert_eq!(text_of(&out.stdout), "", "{args:?}");
    }
    // -p 64 --bots 64: computer players only, allowed.
    let out = play(
        &dir,
        &["-p", "64", "--bots", "64", "-t", "1", "--seed", "1"],
        "",
        0,
    );
    assert!(out.contains("== Game over =="));
    // --version credits the original game.
    let out = play(&dir, &["--version"], "", 0);
    assert!(out.starts_with(&format!("farkle {} (libfarkle ", env!("CARGO_PKG_VERSION"))));
    assert!(out.contains("Arc676/Farkle project, GPLv3"), "{out}");
    let help = play(&dir, &["-h"], "", 0);
    for option in [
        "--rule KEY=VALUE",
        "--bots N[:STYLE]",
        "--keys",
        "--scores-format",
        "--autosave",
        "--verbose-bots",
    ] {
        assert!(help.contains(option), "{option} in {help}");
    }
}

/// `--rule KEY=VALUE` sets any field of the rules, table-driven: every field of FarkleRules
/// in the header has its knob; the library judges the whole set with its own message; `rules`
/// shows every setting.
#[test]
fn every_rules_field_is_a_knob_checked_by_the_library() {
    let header =
        std::fs::read_to_string(manifest_dir().join("include").join("farkle.h")).expect("header");
    let body = header
        .split_once("typedef struct FarkleRules {")
        .expect("FarkleRules")
        .1
        .split_once("} FarkleRules;")
        .expect("its end")
        .0;
    let fields: Vec<&str> = body
        .lines()
        .map(str::trim)
        .filter(|l| l.ends_with(';') && !l.starts_with('*'))
        .map(|l| l.trim_end_matches(';').rsplit(' ').next().expect("a field"))
        .collect();
    assert_eq!(fields.len(), 34, "{fields:?}");
    let dir = fresh_dir("cli-rule-knobs");
    let help = play(&dir, &["--rule", "help"], "", 0);
    let knobs = std::fs::read_to_string(examples_c().join("knobs.c")).expect("knobs.c");
    for field in &fields {
        assert!(
            knobs.contains(&format!("KNOB({field},")),
            "no knob for {field}"
        );
        assert!(
            help.contains(&format!("  {field} ")),
            "{field} not in --rule help"
        );
    }
    // Knobs on top of a preset, any case, '-' for '_', flags as yes/no, kind_scaling by name.
    let args = [
        "-p",
        "1",
        "--rules",
        "minimal",
        "--rule",
        "dice_count=5",
        "--rule",
        "Single-Five=75",
        "--rule",
        "hot_dice=no",
        "--rule=kind_scaling=double",
        "--target",
        "2000",
    ];
    let out = play(&dir, &args, "Ann\nrules\n", 0);
    for line in [
        "rules custom.",
        "Rules: custom, 5 dice.",
        "  single 1     100      single 5      75",
        "hot dice off.",
        "End: first to 2000 wins.",
    ] {
        assert!(out.contains(line), "{line:?} in {out}");
    }
    for setting in [
        "dice_count = 5",
        "single_five = 75",
        "hot_dice = 0",
        "kind_scaling = double",
        "target_score = 2000",
        "farkle_penalty_streak = 0",
    ] {
        assert!(out.contains(setting), "{setting:?} in {out}");
    }
    // --rule comes after -t and --target: it has the last word.
    let out = play(
        &dir,
        &["-p", "1", "-t", "5", "--rule", "turn_limit=2"],
        "Ann\nrules\n",
        0,
    );
    assert!(out.contains("after 2 turns each"), "{out}");
    for (args, message) in [
        (&["--rule", "dice_count"][..], "farkle: --rule dice_count: 'dice_count' is not KEY=VALUE (farkle --rule help lists the keys)\n"),
        (&["--rule", "dice=3"][..], "farkle: --rule dice=3: there is no rule 'dice' (farkle --rule help lists them)\n"),
        (&["--rule", "dice_count=x"][..], "farkle: --rule dice_count=x: 'x' is not a whole number from 0 to 4294967295\n"),
        (&["--rule", "hot_dice=2"][..], "farkle: --rule hot_dice=2: '2' is not 1 or 0 (yes or no)\n"),
        (&["--rule", "kind_scaling=square"][..], "farkle: --rule kind_scaling=square: 'square' is not multiply, double, fixed or triple-only\n"),
    ] {
        let out = run_in(&programs().farkle, &[], &dir, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text_of(&out.stderr), message, "{args:?}");
    }
    // The library's own verdict on the whole set.
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["--rule", "dice_count=13"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text_of(&out.stderr);
    assert!(
        stderr.starts_with("farkle: these rules make no game: "),
        "{stderr}"
    );
    assert!(stderr.contains("dice_count"), "{stderr}");
}

/// Names that are not UTF-8, duplicates, or too long are asked again with the reason; the
/// scoreboard's columns count characters, not bytes, so accented names align.
#[test]
fn names_are_asked_again_with_the_reason_and_aligned() {
    let dir = fresh_dir("cli-names");
    let input = b"M\xfcller\nAnn\nAnn\n\xe6\x97\xa5\xe6\x9c\xac\nZo\xc3\xab\nview\n".to_vec();
    let long = "x".repeat(41);
    let input = [input, format!("{long}\n").into_bytes()].concat();
    let mut child = support::command(&programs().farkle, &[])
        .args(["-p", "3", "--seed", "7"])
        .current_dir(&dir)
        .env("XDG_STATE_HOME", dir.join("state"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    {
        use std::io::Write;
        let _ = child.stdin.take().expect("stdin").write_all(&input);
    }
    let out = child.wait_with_output().expect("wait");
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        text_of(&out.stderr)
    );
    assert!(stdout.contains(
        "Name of player 1: M\\xfcller\nThat name will not do: it is not valid UTF-8 text (check \
         the terminal's encoding). Choose another.\nName of player 1: Ann\n"
    ), "{stdout}");
    assert!(
        stdout.contains(
            "Name of player 2: Ann\nThat name will not do: player 1 is already called Ann. Choose \
         another.\nName of player 2: 日本\n"
        ),
        "{stdout}"
    );
    // The scoreboard: the score column is where it is for every name, by display width
    // (日本 is four columns wide, Zoë three).
    let rows: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("  > ") || l.starts_with("    "))
        .collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    let column = |row: &str| -> usize {
        let before_score = row.split(" 0 turns").next().expect("a row");
        before_score
            .chars()
            .map(|c| {
                if ('\u{3000}'..='\u{9fff}').contains(&c) {
                    2
                } else {
                    1
                }
            })
            .sum()
    };
    assert!(
        rows.iter().all(|r| column(r) == column(rows[0])),
        "{rows:#?}"
    );
    // A name over 40 characters.
    let out = play(&dir, &["-p", "1"], &format!("{long}\nAnn\n"), 0);
    assert!(
        out.contains("That name will not do: it is 41 characters long; the most is 40."),
        "{out}"
    );
}

/// A line longer than the game takes is refused whole, never cut and run; a long path that
/// fits is tried as it is (the system says it is too long).
#[test]
fn over_long_lines_are_refused_not_cut() {
    let dir = fresh_dir("cli-long-lines");
    let path = "p".repeat(705);
    let huge = "q".repeat(5000);
    let input = format!("Ann\nBob\nsave {path}\nsave {huge}\nview\n");
    let out = play(&dir, &["--seed", "7"], &input, 0);
    assert!(out.contains("Cannot save the game to ppp"), "{out}");
    assert!(out.contains(": File name too long."), "{out}");
    assert!(
        out.contains(
            "(a line of 5005 bytes)\nThat line is too long (5005 bytes; the most is 4096): it was \
         not run. Type it again, shorter.\nAnn> view\n"
        ),
        "{out}"
    );
    // Nothing was saved under a cut name.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('p') || n.starts_with('q'))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

/// The turn view: a human's roll is followed by the dice kept this turn with their points;
/// a computer player's roll and pick take one line (all of it with --verbose-bots); a pipe
/// gets no drawings.
#[test]
fn the_turn_view_shows_kept_dice_and_bot_turns_are_condensed() {
    let dir = fresh_dir("cli-turn-view");
    let args = ["--seed", "7", "--rules", "classic", "-t", "1"];
    let out = play(&dir, &args, SEED7_GAME, 0);
    let lines = story(&out);
    let at = find(&lines, 0, "Ann rolls 6 dice: 1 5 1 4 5 3");
    assert_eq!(
        lines[at + 1],
        "Kept this turn: 1 1 2 2 2 5 (450) = 450 points."
    );
    assert!(!out.contains("+-------+"), "drawings on a pipe:\n{out}");
    let bot = ["--seed", "5", "-p", "2", "--bots", "2", "--target", "3000"];
    let condensed = play(&dir, &bot, "", 0);
    let verbose = play(&dir, &[&bot[..], &["--verbose-bots"]].concat(), "", 0);
    assert!(condensed
        .lines()
        .any(|l| l.contains(" rolls ") && l.contains(", keeps ")));
    assert!(!verbose.lines().any(|l| l.contains(", keeps ")));
    assert!(verbose.lines().count() > condensed.lines().count());
    // The same game either way: the same banks and the same winner.
    let banks = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.contains(" banks ") || l.contains(" wins "))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(banks(&condensed), banks(&verbose));
}

/// Plays a whole two-player game of two computer players of `style` under tiny rules.
fn play_against(dir: &Path, style: &str, extra: &[&str]) -> Output {
    let bots = format!("2:{style}");
    let mut args = vec![
        "--seed",
        "11",
        "-p",
        "2",
        "--bots",
        &bots,
        "--rules",
        "minimal",
        "--rule",
        "dice_count=3",
        "--target",
        "500",
    ];
    args.extend(extra);
    run_in(&programs().farkle, &[], dir, &args, "")
}

/// Four strengths of computer player; win-optimal solves the two-player table on first use
/// (with progress on stderr), caches it keyed by the rules, and reuses it; a table is refused
/// for more than two players; farkle-solve writes tables explicitly, into the cache or a file.
#[test]
fn bots_choose_their_strength_and_win_tables_are_cached() {
    let dir = fresh_dir("cli-bot-styles");
    for style in ["random", "threshold", "single", "win"] {
        let out = play_against(&dir, style, &[]);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{style}: {stdout}{}",
            text_of(&out.stderr)
        );
        assert!(stdout.contains("== Game over =="), "{style}: {stdout}");
        let stderr = text_of(&out.stderr);
        if style == "win" {
            assert!(
                stderr.contains("Solving the two-player game for these rules"),
                "{stderr}"
            );
            assert!(stderr.contains("Solved in "), "{stderr}");
            assert!(stderr.contains("Cached in "), "{stderr}");
        } else {
            assert_eq!(stderr, "", "{style}");
        }
    }
    let cache = dir.join("cache").join("farkle");
    let tables: Vec<_> = std::fs::read_dir(&cache)
        .expect("the cache")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(tables.len(), 1, "{tables:?}");
    let name = tables[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        name.starts_with("win-") && name.ends_with(".fwt") && name.len() == 24,
        "{name}"
    );
    // The second game uses the cached table: no solve, the same game.
    let first = play_against(&dir, "win", &[]);
    let again = play_against(&dir, "win", &[]);
    assert_eq!(text_of(&again.stderr), "");
    assert_eq!(first.stdout, again.stdout);
    // A cached table for other rules under the right name is refused and solved again.
    let other = dir.join("other.fwt");
    let made = Command::new(&programs().solve)
        .args(["--rules", "minimal", "--target", "500", "-q", "-o"])
        .arg(&other)
        .output()
        .expect("farkle-solve");
    assert!(made.status.success(), "{}", text_of(&made.stderr));
    std::fs::copy(&other, &tables[0]).expect("plant a table");
    let out = play_against(&dir, "win", &[]);
    let stderr = text_of(&out.stderr);
    assert!(stderr.contains("cannot be used (it was solved for other rules (minimal, target 500, other scoring or game options) than this game's (custom, target 500)"), "{stderr}");
    assert!(stderr.contains("Cached in "), "{stderr}");
    // More than two players: refused before the game.
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["-p", "3", "--bots", "2:win"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text_of(&out.stderr),
        "farkle: --bots 2:win: win-optimal play needs a game of two players, not 3 (choose \
         random, threshold or single)\n"
    );
    // Turn limits cannot be solved: the library's reason, before the game.
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["-t", "3", "--bots", "1:win"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text_of(&out.stderr)
        .contains("farkle: computer players cannot play to win under these rules: "));
    // farkle-solve writes into the cache the game reads: the game then solves nothing.
    let fresh = fresh_dir("cli-solve-cache");
    let solved = Command::new(&programs().solve)
        .args([
            "--rules",
            "minimal",
            "--rule",
            "dice_count=3",
            "--target",
            "500",
        ])
        .env("XDG_CACHE_HOME", fresh.join("cache"))
        .output()
        .expect("farkle-solve");
    let stdout = text(&solved.stdout);
    assert!(solved.status.success(), "{}", text_of(&solved.stderr));
    assert!(
        stdout.starts_with("Solved in ")
            && stdout.contains(&fresh.join("cache").join("farkle").display().to_string()),
        "{stdout}"
    );
    assert!(stdout.contains("The first player wins "), "{stdout}");
    let out = play_against(&fresh, "win", &[]);
    assert_eq!(text_of(&out.stderr), "");
    // --load keeps the players; --bots takes the style alone.
    let save = format!("{}", dir.join("g.json").display());
    play(
        &dir,
        &[
            "--seed",
            "3",
            "--bots",
            "1",
            "--rules",
            "minimal",
            "--rule",
            "dice_count=3",
            "--target",
            "500",
        ],
        &format!("Ann\nsave {save}\n"),
        0,
    );
    let out = play(
        &dir,
        &["--load", &save, "--bots", "random"],
        "roll\npick 1\nbank\n",
        0,
    );
    assert!(out.contains("Bot 1 rolls"), "{out}");
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["--load", &save, "--bots", "1:win"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text_of(&out.stderr).contains("give --bots the style alone"));
}

/// The scores file can hold the original game's dated "name - score" history: new files with
/// --scores-format original, and existing ones by their start; a mismatch is refused.
#[test]
fn scores_in_the_original_format() {
    let dir = fresh_dir("cli-scores-original");
    let args = [
        "--seed",
        "7",
        "--rules",
        "classic",
        "-t",
        "1",
        "--scores",
        "s.txt",
        "--scores-format",
        "original",
    ];
    play(&dir, &args, SEED7_GAME, 0);
    // An existing original file keeps its format without the option.
    play(
        &dir,
        &args[..6]
            .iter()
            .chain(&["--scores", "s.txt"])
            .copied()
            .collect::<Vec<_>>(),
        SEED7_GAME,
        0,
    );
    let file = std::fs::read_to_string(dir.join("s.txt")).expect("scores");
    let blocks: Vec<&str> = file.split("\n\n\n").collect();
    assert_eq!(blocks.len(), 2, "{file:?}");
    for block in blocks {
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines.len(), 3, "{block:?}");
        let (date, time) = lines[0].split_once(' ').expect("date and time");
        let date: Vec<u32> = date
            .split('/')
            .map(|n| n.parse().expect("a number"))
            .collect();
        let time: Vec<u32> = time
            .split(':')
            .map(|n| n.parse().expect("a number"))
            .collect();
        assert!(
            date.len() == 3 && date[0] >= 2024 && (1..=12).contains(&date[1]),
            "{block}"
        );
        assert!(
            time.len() == 3 && time[0] < 24 && time[1] < 60 && time[2] < 61,
            "{block}"
        );
        assert_eq!(&lines[1..], ["Ann - 750", "Bob - 0"]);
    }
    // A file written by the original game (it may start with blank lines) is recognised.
    std::fs::write(dir.join("old.txt"), "\n\n2019/3/4 5:6:7\nEve - 300\n").expect("write");
    play(
        &dir,
        &[
            "--seed", "7", "--rules", "classic", "-t", "1", "--scores", "old.txt",
        ],
        SEED7_GAME,
        0,
    );
    let old = std::fs::read_to_string(dir.join("old.txt")).expect("scores");
    assert!(
        old.starts_with("\n\n2019/3/4 5:6:7\nEve - 300\n\n\n"),
        "{old:?}"
    );
    assert!(old.ends_with("\nAnn - 750\nBob - 0\n"), "{old:?}");
    // Asking for the other format than the file's is refused before the game.
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["--scores", "old.txt", "--scores-format", "farkle"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text_of(&out.stderr), "farkle: cannot append the scores to old.txt: it holds scores in the original game's format, not this game's format (leave out --scores-format)\n");
}

/// --keys through a pipe: one byte per command, dice toggled by key, Enter (or space) keeps
/// them, key codes (an arrow) are skipped; `q` asks, then offers the autosave.
#[test]
fn single_keys_play_a_turn() {
    let dir = fresh_dir("cli-keys");
    let out = play(
        &dir,
        &["--seed", "7", "--rules", "classic", "-t", "1", "--keys"],
        "Ann\nBob\nrzp1w\x1b[Aqq\nhQn?pyyxyy",
        0,
    );
    for line in [
        "Ann> roll\nAnn rolls 6 dice: 1 1 2 2 2 5\n",
        "Ann> \nThe key 'z' does nothing; press ? for the keys.\n",
        "Ann> pick\nPick: press each die's number to keep it (again to put it back); Enter keeps \
         them, Esc cancels.\nKeeping dice 1: 1 for 100 points\nKeeping dice 1 2: 1 1 for 200 \
         points\nKeeping dice 2: 1 for 100 points\nKeeping dice 1 2: 1 1 for 200 points\nAnn \
         keeps 1 1 for 200 points: 200 this turn, 4 dice left.\n",
        "Ann> hand\n4 dice in hand to roll.\nKept this turn: 1 1 (200) = 200 points.\n",
        "Ann> exit\nLeave this unfinished game? (y/n) n\nPlaying on.\n",
        "Ann> help\nKeys:\n",
        "Ann> pick\n",
        "Ann> exit\nLeave this unfinished game? (y/n) y\nSave it to ",
    ] {
        assert!(out.contains(line), "{line:?} in:\n{out}");
    }
    assert!(out.contains("? (Y/n) y\nGame saved to "), "{out}");
}

/// What a run on a pseudo-terminal printed and how it ended.
struct PtyRun {
    output: String,
    /// The exit status, or minus the signal that ended the program.
    status: i32,
    /// The terminal's settings after the program ended are those from before it started.
    termios_same: bool,
}

/// Runs `program` on a pseudo-terminal of `cols` columns through `tests/support/pty_driver.py`
/// (Python's `pty` module): `steps` are `expect:TEXT`, `send:TEXT` and `signal:NAME`, each
/// waiting for what the program printed, with a generous timeout, so nothing depends on
/// timing. None (with the reason printed) only when no pseudo-terminal can be opened.
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
    let dir = fresh_dir("pty-editing");
    let mut tried = 0;
    for kind in ["readline", "libedit"] {
        let Some(farkle) = editing_build(kind) else {
            continue;
        };
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
        &dir,
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
        &dir,
    )
    .expect("a pty");
    assert!(!dumb.output.contains('\x1b'), "{}", dumb.output);
    assert!(dumb.output.contains("+-------+"));
}

/// The Makefile builds the game and farkle-solve from the sources these tests compile.
#[test]
fn the_makefile_builds_the_game_from_the_same_sources() {
    let makefile = std::fs::read_to_string(manifest_dir().join("Makefile")).expect("Makefile");
    let objects = |var: &str| -> Vec<String> {
        let start = makefile
            .split_once(&format!("{var} := $(addprefix $(O)/,"))
            .expect(var)
            .1;
        let list = start.split_once(')').expect("the list's end").0;
        list.split_whitespace()
            .filter(|w| *w != "\\")
            .map(|o| o.replace(".o", ".c"))
            .collect()
    };
    assert_eq!(objects("GAME_OBJS"), GAME_SOURCES);
    assert_eq!(objects("SOLVE_OBJS"), SOLVE_SOURCES);
}

/// On a terminal the first win-optimal game draws the solve's progress as a bar on stderr;
/// Ctrl-C during a solve stops it at once (the progress callback returns false), with the
/// terminal as it was and nothing to save.
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
    // The minimal preset to 10,000 takes seconds to solve: interrupted once its bar is drawn.
    let Some(run) = pty_run(
        &programs().farkle,
        &["--rules", "minimal", "--bots", "1:win"],
        &[
            "expect:Solving the two-player game",
            "expect:  [",
            "send:\x03",
            "expect:stopped by a signal before the game started: nothing to save.",
        ],
        80,
        &[],
        &dir,
    ) else {
        return;
    };
    assert_eq!(run.status, -2, "{}", run.output);
    assert!(run.termios_same);
    assert!(
        !dir.join("cache").join("farkle").exists()
            || std::fs::read_dir(dir.join("cache").join("farkle"))
                .unwrap()
                .count()
                == 1
    );
}

#[test]
fn piggyback_takes_over_the_banked_turn() {
    let dir = fresh_dir("cli-piggyback");
    // Seed 7: Ann's first roll is 1 1 2 2 2 5 (see every_refused_action_says_why). She keeps
    // one 1 (100 points) and banks with 5 dice left (no entry minimum); Bob may take over 100
    // points and 5 dice, does, and his roll rolls 5 dice.
    let input = "Ann\nBob\nr\np 1\nb\nv\npiggyback\nt\nh\nr\nexit\ny\nno\n";
    let args = [
        "--seed",
        "7",
        "--rule",
        "piggybacking=yes",
        "--rule",
        "min_entry_score=0",
    ];
    let out = play(&dir, &args, input, 0);
    let lines = story(&out);
    let mut at = find(&lines, 0, "Ann rolls 6 dice: 1 1 2 2 2 5");
    at = find(&lines, at, "Ann banks 100 points: score 100.");
    let offer = "Bob may take over 100 points and 5 dice (piggyback), or roll all 6 dice.";
    at = find(&lines, at, offer);
    at = find(&lines, at, "Bob's turn: 0 points in hand, 6 dice to roll.");
    assert_eq!(lines[at + 1], offer);
    at = find(&lines, at, "Bob> piggyback");
    assert_eq!(lines[at + 1], "Bob takes over 100 points and 5 dice.");
    at = find(&lines, at, "Bob> t");
    assert_eq!(lines[at + 1], "Refused: there is no turn to take over now.");
    at = find(&lines, at, "5 dice in hand to roll.");
    assert_eq!(
        lines[at + 1],
        "Kept this turn: 100 taken over = 100 points."
    );
    at = find(&lines, at, "Bob> r");
    assert!(
        lines[at + 1].starts_with("Bob rolls 5 dice: "),
        "{}",
        lines[at + 1]
    );

    // The same with single keys: `t` takes the offer over.
    let args = [
        "--seed",
        "7",
        "--keys",
        "--rule",
        "piggybacking=yes",
        "--rule",
        "min_entry_score=0",
    ];
    let out = play(&dir, &args, "Ann\nBob\nrp1\nbthxyn", 0);
    for line in [
        "Ann banks 100 points: score 100.\n",
        "Bob may take over 100 points and 5 dice (piggyback), or roll all 6 dice.\n",
        "Bob> piggyback\nBob takes over 100 points and 5 dice.\n",
        "Bob> hand\n5 dice in hand to roll.\nKept this turn: 100 taken over = 100 points.\n",
    ] {
        assert!(out.contains(line), "{line:?} in:\n{out}");
    }
}

/// `hint` before the first roll of a turn under piggybacking gives the library's choice
/// between taking the offer over and rolling fresh. The games are built here with supplied
/// dice and loaded: classic with piggybacking and a target out of reach, Ann and Bob on the
/// board (1000 each), then Ann banks an offer for Bob. 300 with 1 die: rolling fresh is
/// better; 500,100 with 5 dice: taking over is (the bounds by hand are in
/// tests/strategy_bots.rs, `the_advice_declines_a_small_offer_by_hand` and
/// `the_advice_takes_a_large_offer_by_hand`).
#[test]
fn hint_weighs_a_piggyback_offer() {
    let dir = fresh_dir("cli-piggyback-hint");
    let rules = Rules {
        piggybacking: true,
        target_score: 1_000_000_000,
        ..classic()
    };
    let keep = |game: &mut farkle::Game, dice: &[u8], at: &[usize]| {
        game.roll_with(dice).expect("a roll");
        game.select(at).expect("a selection");
    };
    let offer = |large: bool| {
        let mut game = farkle::Game::with_names(
            rules,
            vec![Some("Ann".to_owned()), Some("Bob".to_owned())],
            farkle::DiceSource::Seeded { seed: 7 },
        )
        .expect("a game");
        for _ in 0..2 {
            keep(&mut game, &[1, 1, 1, 2, 3, 4], &[0, 1, 2]);
            game.bank().expect("1000 enters");
        }
        if large {
            for _ in 0..125 {
                keep(&mut game, &[1; 6], &[0, 1, 2, 3, 4, 5]);
            }
            keep(&mut game, &[1, 2, 3, 4, 6, 6], &[0]);
        } else {
            keep(&mut game, &[2, 2, 2, 5, 5, 3], &[0, 1, 2, 3, 4]);
        }
        game.bank().expect("a bank");
        game.save()
    };
    for (large, answer) in [
        (false, "roll."),
        (true, "take over 500100 points and 5 dice (piggyback)."),
    ] {
        std::fs::write(dir.join("offer.json"), offer(large)).expect("write the save");
        let out = play(&dir, &["--load", "offer.json"], "hint\nexit\ny\nno\n", 0);
        let line = format!("Optimal play (most expected points this turn): {answer}\n");
        assert!(out.contains(&line), "no {line:?} in:\n{out}");
    }
}

/// Single-turn optimal computer players under piggybacking play a game to its end, taking
/// some offers over (with seed 1, Bot 3's first turn is offered 3350 points and 2 dice while
/// off the board: it takes them).
#[test]
fn optimal_bots_take_piggyback_offers() {
    let dir = fresh_dir("cli-piggyback-bots");
    let args = [
        "--seed",
        "1",
        "--rule",
        "piggybacking=yes",
        "-p",
        "3",
        "--bots",
        "3",
    ];
    let out = play(&dir, &args, "", 0);
    let lines = story(&out);
    let at = find(
        &lines,
        0,
        "Bot 3 may take over 3350 points and 2 dice (piggyback), or roll all 6 dice.",
    );
    assert_eq!(lines[at + 1], "Bot 3 takes over 3350 points and 2 dice.");
    find(&lines, at, "== Game over ==");
}

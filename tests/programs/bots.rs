// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The game's computer players: every strength plays by the rules (each choice checked
//! against the slow reference scorer in `tests/reference`), win-optimal players solve and
//! cache their table (two or three players; more play a two-player table against the
//! strongest opponent), tables show every seat's chance to win, and rules they cannot model
//! or afford are explained, not fatal.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use crate::support::cli::*;
use crate::support::fresh_dir;
use farkle::dice::FaceCounts;
use farkle::strategy::{PlayerState, ThreePlayerTable, WinTable};
use farkle::{Preset, Rules};

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
        let next = find(&lines, at + 1, "Ann> r");
        assert!(
            lines[at + 2..next]
                .iter()
                .any(|l| l.starts_with(&format!("No optimal play: {reason}"))),
            "{out}"
        );
        let at = find(&lines, at + 1, "Ann> hint");
        find(
            &lines,
            at,
            "Best pick: `pick 1 2 3 4 5 6` keeps 1 1 2 2 2 5 for 450 points (11 legal picks).",
        );
        // The reason once: the second hint refers to the first (issue 23).
        find(
            &lines,
            at,
            "No optimal play under these rules (the reason is in the first hint).",
        );
        assert_eq!(out.matches("No optimal play: ").count(), 1, "{out}");
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
                    assert_eq!(
                        crate::reference::best_selection(&r, counts(&roll)),
                        None,
                        "{roll:?} farkled"
                    );
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
                crate::reference::reference(&r, counts(&faces_of(faces))),
                Some(points)
            );
            let picked = counts(&faces_of(faces));
            let rolled = counts(&roll);
            assert!((0..6).all(|f| picked[f] <= rolled[f]), "{line}");
            assert!(
                crate::reference::best_selection(&r, counts(&roll)) >= Some(points),
                "{line}"
            );
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

    // The win meter at the start of each turn: both seats' chances, from the table.
    let meter = format!(
        "== Round 1: Bot 1's turn (score 0) ==\nChances to win: Bot 1 {chance:.1}%, Bot 2 \
         {:.1}%.\n",
        100.0 - chance
    );
    assert!(out.contains(&meter), "no {meter:?} in:\n{out}");

    // Three players: a two-player table cannot serve them, and that is said before the game.
    let mut three = vec!["--seed", "3", "-p", "3", "--bots", "2"];
    three.extend(args);
    let out = run_in(&programs().farkle, &[], &dir, &three, "Ann\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text_of(&out.stderr),
        format!(
            "farkle: cannot use the table {path}: it is a two-player table, and this game needs \
             a three-player one\n"
        )
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
    // A game of one player has nobody to beat: refused before the game.
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["-p", "1", "--bots", "1:win"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text_of(&out.stderr),
        "farkle: --bots 1:win: win-optimal play needs a game of two players or more (choose \
         random, threshold or single)\n"
    );
    // Turn limits cannot be solved: the library's reason, before the game, and no
    // "Solving..." before it (issue 23).
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["-t", "3", "--bots", "1:win"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text_of(&out.stderr);
    assert!(stderr.starts_with("farkle: computer players cannot play to win under these rules: "));
    assert!(stderr.contains("turn limits"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
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

/// A FIFO given as `--table`, or found where the cache keeps the table of the rules, blocked
/// the game in farkle_win_table_load() (whose signal handler then swallowed the first
/// SIGTERM): it is refused at once, under `timeout` so that a wait fails the test, and stays
/// a FIFO. With the cached one the game solves the table itself but does not put it in the
/// FIFO's place; farkle-solve refuses to write to one before it solves.
#[test]
fn a_fifo_as_table_is_refused_at_once_and_left_alone() {
    use std::os::unix::fs::FileTypeExt;
    let dir = fresh_dir("cli-table-fifo");
    let mkfifo = |path: &Path| {
        let made = Command::new("mkfifo")
            .arg(path)
            .status()
            .expect("mkfifo (coreutils) is required for this test");
        assert!(made.success());
    };
    let is_fifo =
        |path: &Path| std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo());
    let farkle = programs().farkle.to_string_lossy().into_owned();
    let solve = programs().solve.to_string_lossy().into_owned();
    let timed = |program: &str, args: &[&str]| {
        let mut all = vec!["20", program];
        all.extend(args);
        all.extend(TINY);
        run_in(Path::new("timeout"), &[], &dir, &all, "")
    };

    mkfifo(&dir.join("t.fwt"));
    let out = timed(
        &farkle,
        &["--seed", "11", "-p", "2", "--bots", "2", "--table", "t.fwt"],
    );
    let stderr = text_of(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "(124: timed out) {stderr}");
    assert!(
        stderr.starts_with("farkle: cannot use the table t.fwt: ")
            && stderr.contains("it is a FIFO (named pipe), not a regular file"),
        "{stderr}"
    );
    let out = timed(&solve, &["-o", "t.fwt"]);
    let stderr = text_of(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "(124: timed out) {stderr}");
    assert_eq!(
        stderr,
        "farkle-solve: cannot write t.fwt: it is a FIFO (named pipe), not a regular file\n"
    );
    assert!(is_fifo(&dir.join("t.fwt")));

    // The cached table of these rules, replaced by a FIFO.
    let out = timed(&solve, &[]);
    assert!(out.status.success(), "{}", text_of(&out.stderr));
    let cache = dir.join("cache").join("farkle");
    let cached: Vec<PathBuf> = std::fs::read_dir(&cache)
        .expect("the cache")
        .map(|e| e.expect("an entry").path())
        .collect();
    assert_eq!(cached.len(), 1, "{cached:?}");
    std::fs::remove_file(&cached[0]).expect("remove the cached table");
    mkfifo(&cached[0]);
    let out = timed(&farkle, &["--seed", "11", "-p", "2", "--bots", "2:win"]);
    let stderr = text_of(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "(124: timed out) {stderr}");
    let shown = cached[0].display();
    assert!(
        stderr.contains(&format!(
            "farkle: the cached table {shown} cannot be used ("
        )) && stderr.contains("it is a FIFO (named pipe), not a regular file)); solving again"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "farkle: the table could not be cached in {shown}: it is a FIFO (named pipe), not \
             a regular file"
        )),
        "{stderr}"
    );
    assert!(is_fifo(&cached[0]));
}

/// The minimal preset to 1,000: a three-player table in about half a second.
const MINIMAL_1000: &[&str] = &["--rules", "minimal", "--target", "1000"];

fn minimal_1000_three_player_table() -> &'static ThreePlayerTable {
    static TABLE: OnceLock<ThreePlayerTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let rules = Rules {
            target_score: 1000,
            ..Preset::Minimal.rules()
        };
        ThreePlayerTable::solve(&rules, &mut |_| true).expect("solve")
    })
}

/// The tables in the cache folder of `dir`, by file name.
fn cached_tables(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("cache").join("farkle"))
        .expect("the cache")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// The percentages of a "Chances to win: A 44.2%, B 32.2%, C 23.6%." line, in its order.
fn meter_percentages(line: &str) -> Vec<f64> {
    line.trim_end_matches('.')
        .split(',')
        .map(|part| {
            let number = part.rsplit(' ').next().expect("a percentage");
            number
                .trim_end_matches('%')
                .parse::<f64>()
                .expect("a number")
        })
        .collect()
}

/// `--bots win` in a three-player game solves the three-player table once (saying so, with
/// the time it may take), caches it under a name of its own (win3-HASH.fwt: a two-player
/// table of the same rules is win-HASH.fwt, and neither is taken for the other), plays the
/// game to its end, and the next game loads it without solving. Every turn starts with the
/// win meter; at the start of the game it holds the equilibrium's chances of each seat, as
/// the library's Rust solver computes them.
#[test]
fn a_three_player_game_solves_caches_and_plays_its_table() {
    let dir = fresh_dir("cli-three-player-cache");
    let mut args = vec!["--seed", "5", "-p", "3", "--bots", "3:win"];
    args.extend(MINIMAL_1000);
    let first = run_in(&programs().farkle, &[], &dir, &args, "");
    let (stdout, stderr) = (text(&first.stdout), text_of(&first.stderr));
    assert_eq!(first.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stderr.starts_with(
            "Solving the three-player game for these rules (once: the table is cached for the \
             next games); to high targets this takes minutes (about 20 minutes for the \
             classic rules to 10000), Ctrl-C cancels...\n"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("Solved in ") && stderr.contains("Cached in "),
        "{stderr}"
    );
    assert!(stdout.contains("== Game over =="), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("Bot ") && l.contains(" wins with ")),
        "{stdout}"
    );
    let names = cached_tables(&dir);
    assert_eq!(names.len(), 1, "{names:?}");
    let hash = names[0]
        .strip_prefix("win3-")
        .and_then(|n| n.strip_suffix(".fwt"))
        .unwrap_or_else(|| panic!("{names:?}"))
        .to_owned();
    assert_eq!(hash.len(), 16, "{hash}");
    let cached = WinTable::load(&dir.join("cache").join("farkle").join(&names[0]))
        .expect("the cached table loads");
    assert_eq!(cached.player_count(), 3);
    let expected = minimal_1000_three_player_table().start_probabilities();
    // The file keeps 32-bit floats (the library documents a query error below 1e-6).
    for (got, want) in cached.start_probabilities().iter().zip(expected) {
        assert!((got - want).abs() < 1e-6, "{got} {want}");
    }

    // The meter of the first turn: the equilibrium's chances from the start, summing to 100.
    let line = format!(
        "Chances to win: Bot 1 {:.1}%, Bot 2 {:.1}%, Bot 3 {:.1}%.",
        100.0 * expected[0],
        100.0 * expected[1],
        100.0 * expected[2]
    );
    let lines = story(&stdout);
    let at = find(&lines, 0, "== Round 1: Bot 1's turn (score 0) ==");
    assert_eq!(lines[at + 1], line);
    let sum: f64 = meter_percentages(&line["Chances to win: ".len()..])
        .iter()
        .sum();
    assert!((sum - 100.0).abs() <= 0.15, "{line}");
    // Bot 1 farkles (seed 5), so Bot 2 moves from the same scores: the chances rotate.
    assert!(
        lines[at + 2..]
            .iter()
            .take_while(|l| !l.starts_with("=="))
            .any(|l| l.starts_with("FARKLE!")),
        "{stdout}"
    );
    {
        let next = format!(
            "Chances to win: Bot 1 {:.1}%, Bot 2 {:.1}%, Bot 3 {:.1}%.",
            100.0 * expected[2],
            100.0 * expected[0],
            100.0 * expected[1]
        );
        let at = find(&lines, at, "== Round 1: Bot 2's turn (score 0) ==");
        assert_eq!(lines[at + 1], next);
    }

    // The second game loads the table: nothing solved, the same game.
    let again = run_in(&programs().farkle, &[], &dir, &args, "");
    assert_eq!(text_of(&again.stderr), "");
    assert_eq!(again.stdout, first.stdout);

    // A two-player game of the same rules solves its own table, under its own name.
    let mut two = vec!["--seed", "5", "-p", "2", "--bots", "2:win"];
    two.extend(MINIMAL_1000);
    let out = run_in(&programs().farkle, &[], &dir, &two, "");
    let stderr = text_of(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("Solving the two-player game for these rules"),
        "{stderr}"
    );
    assert_eq!(
        cached_tables(&dir),
        [format!("win-{hash}.fwt"), format!("win3-{hash}.fwt")]
    );
    // A three-player table where the two-player one belongs is not used: solved again.
    let cache = dir.join("cache").join("farkle");
    let two_path = cache.join(format!("win-{hash}.fwt"));
    std::fs::copy(cache.join(format!("win3-{hash}.fwt")), &two_path).expect("plant a table");
    let out = run_in(&programs().farkle, &[], &dir, &two, "");
    let stderr = text_of(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "farkle: the cached table {} cannot be used (it is a three-player table, and this \
             game needs a two-player one); solving again\n",
            two_path.display()
        )),
        "{stderr}"
    );
    assert_eq!(
        WinTable::load(&two_path).expect("re-cached").player_count(),
        2
    );
}

/// A three-player table from `farkle-solve --players 3` serves a three-player game given
/// as `--table`: the scoreboard shows every seat's chance to win, and hints every choice's,
/// as the library's Rust solver computes them (the start of the game, then the best pick of
/// the first roll). A table of the wrong player count is refused in one line.
#[test]
fn a_three_player_table_file_gives_the_win_meter_and_hints() {
    let dir = fresh_dir("cli-three-player-file");
    let table = minimal_1000_three_player_table();
    let made = Command::new(&programs().solve)
        .args([
            "--rules",
            "minimal",
            "--target",
            "1000",
            "--players",
            "3",
            "-q",
            "-o",
        ])
        .arg(dir.join("t3.fwt"))
        .output()
        .expect("farkle-solve");
    let stdout = text(&made.stdout);
    assert!(made.status.success(), "{}", text_of(&made.stderr));
    let start = table.start_probabilities();
    let heads = table.compensation();
    assert!(
        stdout.ends_with(&format!(
            "At the equilibrium the seats win {:.2}%, {:.2}% and {:.2}% of games; head starts \
             of {} and {} points for the second and third are the fairest.\n",
            100.0 * start[0],
            100.0 * start[1],
            100.0 * start[2],
            heads[0],
            heads[1]
        )),
        "{stdout}"
    );

    let mut args = vec!["--seed", "5", "-p", "3", "--bots", "2", "--table", "t3.fwt"];
    args.extend(MINIMAL_1000);
    let out = play(
        &dir,
        &args,
        "Ann\nhint\nscores\nroll\nhint\nscores\nexit\ny\nno\n",
        0,
    );
    let pct = |p: f64| format!("{:.1}%", 100.0 * p);
    let before = format!(
        "If you roll, the chances to win: Ann {}, Bot 1 {}, Bot 2 {}.\n",
        pct(start[0]),
        pct(start[1]),
        pct(start[2])
    );
    assert!(out.contains(&before), "no {before:?} in:\n{out}");
    let optimal = format!(
        "Optimal play (best chance to win, {}): roll.\n",
        pct(start[0])
    );
    assert!(out.contains(&optimal), "no {optimal:?} in:\n{out}");
    // The scoreboard's column, seat by seat.
    let lines = story(&out);
    let board = |from: usize, chances: &[f64]| {
        let at = find(&lines, from, "Round 1, rules minimal, target 1000.");
        for (seat, (name, chance)) in ["Ann", "Bot 1", "Bot 2"].iter().zip(chances).enumerate() {
            let line = lines[at + 1 + seat];
            assert!(
                line.contains(name) && line.contains(&format!("{:5.1}% to win,", 100.0 * chance)),
                "seat {seat}: {line}"
            );
        }
        at + 1
    };
    let after_start = board(0, &start);

    // After the first roll: the best pick's chances, by the Rust solver's best choice.
    let rolled = lines
        .iter()
        .find_map(|l| l.strip_prefix("Ann rolls 6 dice: "))
        .expect("Ann's roll");
    let faces = faces_of(rolled);
    let players = [PlayerState::start(table.rules()); 3];
    let best = table
        .best_choice(
            &players,
            0,
            FaceCounts::from_faces(&faces, 6).expect("a roll"),
        )
        .expect("in the table")
        .expect("the roll scores");
    let optimal = format!(
        "Optimal play (best chance to win, {}): `pick",
        pct(best.win_probabilities[0])
    );
    assert!(out.contains(&optimal), "no {optimal:?} in:\n{out}");
    assert!(
        out.contains("Your chance to win after each pick: `pick"),
        "{out}"
    );
    board(after_start, &best.win_probabilities);

    // A table of the wrong player count: one line, before the game.
    let mut two = vec!["--seed", "5", "-p", "2", "--bots", "1", "--table", "t3.fwt"];
    two.extend(MINIMAL_1000);
    let out = run_in(&programs().farkle, &[], &dir, &two, "Ann\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text_of(&out.stderr),
        "farkle: cannot use the table t3.fwt: it is a three-player table, and this game needs a \
         two-player one\n"
    );
    // farkle-solve --players 3 fills the cache the game reads: the game then solves nothing.
    let fresh = fresh_dir("cli-three-player-solve-cache");
    let solved = Command::new(&programs().solve)
        .args([
            "--rules",
            "minimal",
            "--target",
            "1000",
            "--players",
            "3",
            "-q",
        ])
        .env("XDG_CACHE_HOME", fresh.join("cache"))
        .output()
        .expect("farkle-solve");
    assert!(solved.status.success(), "{}", text_of(&solved.stderr));
    let names = cached_tables(&fresh);
    assert!(
        names.len() == 1 && names[0].starts_with("win3-"),
        "{names:?}"
    );
    let mut bots = vec!["--seed", "5", "-p", "3", "--bots", "3:win"];
    bots.extend(MINIMAL_1000);
    let out = run_in(&programs().farkle, &[], &fresh, &bots, "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text_of(&out.stderr), "");
    // farkle-solve solves two or three players.
    let out = Command::new(&programs().solve)
        .args(["--players", "4"])
        .output()
        .expect("farkle-solve");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text_of(&out.stderr),
        "farkle-solve: --players needs 2 or 3, not '4' (tables of four or more players are \
         beyond the library's limits)\n"
    );
}

/// Where no table covers the game, win-optimal computer players play the two-player table
/// against their strongest opponent, and say so: at four players, and at three when the
/// three-player table is beyond the library's limits (a farkle penalty after 20 farkles in a
/// row multiplies each player's states by 20: 2.2 x 10^7 states, above 2^24). No win meter
/// then: no table gives every seat's chance.
#[test]
fn without_a_table_for_the_game_bots_play_against_the_strongest_opponent() {
    let dir = fresh_dir("cli-strongest-opponent");
    let mut four = vec!["--seed", "11", "-p", "4", "--bots", "4:win"];
    four.extend(TINY);
    let out = run_in(&programs().farkle, &[], &dir, &four, "");
    let (stdout, stderr) = (text(&out.stdout), text_of(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stderr.starts_with(
            "farkle: tables are solved for two or three players, not 4: the computer players \
             play the two-player table against their strongest opponent\n\
             Solving the two-player game for these rules"
        ),
        "{stderr}"
    );
    assert!(stdout.contains("== Game over =="), "{stdout}");
    assert!(!stdout.contains("Chances to win"), "{stdout}");
    assert_eq!(cached_tables(&dir).len(), 1);
    assert!(cached_tables(&dir)[0].starts_with("win-"));

    let mut three = vec!["--seed", "11", "-p", "3", "--bots", "3:win"];
    three.extend(TINY);
    three.extend([
        "--rule",
        "farkle_penalty_streak=20",
        "--rule",
        "farkle_penalty_points=50",
        "--target",
        "600",
    ]);
    let out = run_in(&programs().farkle, &[], &dir, &three, "");
    let (stdout, stderr) = (text(&out.stdout), text_of(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    let first = stderr.lines().next().unwrap_or_default();
    assert!(
        first.starts_with(
            "farkle: no three-player table for these rules (the call would exceed a resource \
             limit (too large: the three-player table"
        ) && first.contains(
            "would be 21952000 states; the limit is 16777216 states)): the \
             computer players play the two-player table against their strongest opponent"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("Solving the two-player game for these rules"),
        "{stderr}"
    );
    assert!(stdout.contains("== Game over =="), "{stdout}");
    assert!(!stdout.contains("Chances to win"), "{stdout}");
}

/// Where the three-player equilibrium mixes, the hint says how often it rolls and the meter
/// mixes the chances of rolling and banking. The first such state of the minimal preset to
/// 1,500 (the mover 1,300 points from the target with 400 in hand and 1 die, the next two
/// 650 and 1,150 from it) rolls with probability 0.188440916 by an independent solver;
/// the chances either way are the Rust solver's. The game is set up with supplied dice and
/// loaded with a three-player table of those rules.
#[test]
fn a_mixed_equilibrium_is_told_in_the_hint_and_the_meter() {
    let dir = fresh_dir("cli-three-player-mixed");
    let rules = Rules {
        target_score: 1500,
        ..Preset::Minimal.rules()
    };
    let names = ["Ann", "Bob", "Cal"].map(|n| Some(n.to_owned())).to_vec();
    let mut game =
        farkle::Game::with_names(rules, names, farkle::DiceSource::Supplied).expect("a game");
    // (dice rolled, dice kept by index) for each roll; a bank after the last of each turn
    // but Ann's second.
    let turns: [&[(&[u8], &[usize])]; 4] = [
        &[(&[1, 1, 2, 3, 4, 6], &[0, 1])], // Ann: 200
        &[
            (&[1, 1, 5, 2, 3, 4], &[0, 1, 2]), // Bob: 250, 3 dice left
            (&[1, 1, 5], &[0, 1, 2]),          // 500, hot dice
            (&[1, 1, 5, 2, 3, 4], &[0, 1, 2]), // 750
            (&[1, 2, 3], &[0]),                // 850
        ],
        &[(&[1, 1, 5, 2, 3, 4], &[0, 1, 2]), (&[1, 2, 3], &[0])], // Cal: 350
        &[
            (&[1, 5, 2, 2, 3, 4], &[0, 1]), // Ann: 150, 4 dice left
            (&[1, 5, 2, 3], &[0, 1]),       // 300, 2 left
            (&[1, 2], &[0]),                // 400, 1 left
        ],
    ];
    for (i, turn) in turns.iter().enumerate() {
        for (dice, keep) in turn.iter() {
            game.roll_with(dice).expect("a roll");
            game.select(keep).expect("a pick");
        }
        if i < 3 {
            game.bank().expect("a bank");
        }
    }
    let save = dir.join("mixed.json");
    std::fs::write(&save, game.save()).expect("save the game");

    let table = WinTable::from(ThreePlayerTable::solve(&rules, &mut |_| true).expect("solve"));
    table.save(&dir.join("t3.fwt")).expect("save the table");
    let at = |score| PlayerState {
        score,
        on_board: true,
        farkles: 0,
    };
    let decision = table
        .decision(&[at(200), at(850), at(350)], 400, 1)
        .expect("in the table");
    assert!(
        (decision.roll_probability - 0.188440916).abs() < 1e-6,
        "{decision:?}"
    );
    let bank = decision.bank_win_probabilities.clone().expect("may bank");
    let roll = &decision.roll_win_probabilities;

    let out = play(
        &dir,
        &["--load", "mixed.json", "--table", "t3.fwt"],
        "hint\nscores\n",
        0,
    );
    let pct = |p: f64| format!("{:.1}%", 100.0 * p);
    for (what, chances) in [("roll", roll), ("bank", &bank)] {
        let line = format!(
            "If you {what}, the chances to win: Ann {}, Bob {}, Cal {}.\n",
            pct(chances[0]),
            pct(chances[1]),
            pct(chances[2])
        );
        assert!(out.contains(&line), "no {line:?} in:\n{out}");
    }
    assert!(
        out.contains("the equilibrium rolls 18.8% of the time"),
        "{out}"
    );
    // The meter: each seat's chance, rolling 18.8% of the time and banking otherwise.
    let p = decision.roll_probability;
    for (seat, name) in ["Ann", "Bob", "Cal"].iter().enumerate() {
        let mixed = p * roll[seat] + (1.0 - p) * bank[seat];
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("  {} {name} ", if seat == 0 { ">" } else { " " })))
            .unwrap_or_else(|| panic!("no line of {name} in:\n{out}"));
        assert!(
            line.contains(&format!("{:5.1}% to win,", 100.0 * mixed)),
            "{line}"
        );
    }
}

/// A cached table that an earlier version of the library solved otherwise than this one
/// would (`tests/data`: classic rules to 1,000 saved as version 3, before the solver weighed
/// every scoring selection under a final round) is solved again and replaced, saying why;
/// given with `--table` it plays, with a note that a newer one plays better.
#[test]
fn an_outdated_cached_table_is_solved_again() {
    let dir = fresh_dir("cli-outdated-table");
    let args = [
        "--seed", "5", "-p", "2", "--bots", "2:win", "--rules", "classic", "--target", "1000",
    ];
    let first = run_in(&programs().farkle, &[], &dir, &args, "");
    assert_eq!(first.status.code(), Some(0), "{}", text_of(&first.stderr));
    assert!(text_of(&first.stderr).contains("Cached in "));
    let names = cached_tables(&dir);
    assert_eq!(names.len(), 1, "{names:?}");
    let cached = dir.join("cache").join("farkle").join(&names[0]);
    assert_eq!(std::fs::read(&cached).unwrap()[8..12], 5u32.to_le_bytes());
    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/classic-1000-2p-v3.fwt");
    std::fs::copy(&old, &cached).expect("plant the old table");
    let again = run_in(&programs().farkle, &[], &dir, &args, "");
    let stderr = text_of(&again.stderr);
    assert_eq!(again.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "farkle: the cached table {} was solved by an earlier version of the library; \
             solving again",
            cached.display()
        )),
        "{stderr}"
    );
    assert!(stderr.contains("Cached in "), "{stderr}");
    assert_eq!(std::fs::read(&cached).unwrap()[8..12], 5u32.to_le_bytes());
    // The same game as the first: the table solved again is the same table.
    assert_eq!(again.stdout, first.stdout);
    // Given by name, the old table plays, with a note.
    let old_arg = old.display().to_string();
    let mut with_table = args.to_vec();
    with_table.extend(["--table", &old_arg]);
    let out = run_in(&programs().farkle, &[], &dir, &with_table, "");
    let stderr = text_of(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "farkle: the table {old_arg} was solved by an earlier version of the library; \
             farkle-solve writes one that plays these rules better\n"
        )
    );
}

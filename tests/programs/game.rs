// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The command-line game played through pipes with fixed seeds: every key moment of a turn,
//! the scoreboard, saves resumed, refusals with their reasons, hints, the turn view, single
//! keys and piggybacking.
//!
//! The dice of a seeded game are the library's promise (same seed and moves, same dice on
//! every platform); what the game says about them is checked against the rules: the points
//! of every selection and every farkle against the slow reference scorer in
//! `tests/reference`, which shares no code with the engine.

use std::process::Stdio;

use crate::support::cli::*;
use crate::support::fresh_dir;
use farkle::{Preset, Rules};

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
        crate::reference::reference(&r, counts(&[1, 1, 2, 2, 2, 5])),
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
    assert_eq!(
        crate::reference::best_selection(&r, counts(&[1, 5, 1, 4, 5, 3])),
        Some(300)
    );
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
    assert_eq!(
        crate::reference::best_selection(&r, counts(&[2, 1, 2, 6, 3, 3])),
        Some(100)
    );
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
    assert_eq!(
        crate::reference::best_selection(&r, counts(&[3, 4, 4, 6])),
        None
    );
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
    assert_eq!(
        crate::reference::best_selection(&r, counts(&[2, 4, 6, 6, 2, 3])),
        None
    );
    // A farkle with nothing in hand loses nothing, and says so (issue 23).
    assert_eq!(
        lines[at + 1],
        "FARKLE! Nothing scores: Ann's turn ends with nothing."
    );
    // 1 5 3 5 5 5: four 5s are two sets of 5s (1000) and the 1 is 100.
    at = find(&lines, at, "Bob rolls 6 dice: 1 5 3 5 5 5");
    assert_eq!(
        crate::reference::reference(&r, counts(&[1, 5, 5, 5, 5])),
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
        .filter(|n| n != "s.txt" && n != "state")
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
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
        "scores\nroll\npick 1\nbank\nroll\nhint\nexit\n",
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
    assert!(
        resumed.contains("Ann> view\nAnn's roll: 1 1 2 2 2 5 (pick from it).\n"),
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
    // y, then Enter: the autosave; or a file named; every spelling of exit. Each game left
    // in the autosave keeps its file: the next one takes a name of its own.
    let auto2 = dir.join("state").join("farkle").join("autosave-2.json");
    let auto2 = auto2.display().to_string();
    for (key, answer, path) in [
        ("exit", "", auto.as_str()),
        ("q", "mine.json", "mine.json"),
        ("X", "", auto2.as_str()),
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
    // An autosave that cannot take the game is refused before it (the autosave's missing
    // directories are made).
    std::fs::create_dir(dir.join("adir")).expect("a directory");
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["--seed", "7", "--autosave", "adir"],
        "Ann\nBob\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "farkle: cannot autosave to adir: it is not a regular file\n"
    );
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
                 frobnicate\nc\nv\nh\n?\n";
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
    // `scores` (c): the scoreboard; `view` (v): the roll, as in the original game.
    at = find(&lines, at, "Ann> c");
    assert_eq!(lines[at + 1], "Round 1, rules classic, target 10000.");
    assert!(lines[at + 2].starts_with("  > Ann "));
    assert!(lines[at + 3].starts_with("    Player 2 "));
    assert_eq!(
        lines[at + 4],
        "Ann's turn: 0 points in hand, 6 dice rolled."
    );
    at = find(&lines, at, "Ann> v");
    assert_eq!(lines[at + 1], "Ann's roll: 1 1 2 2 2 5 (pick from it).");
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

/// Every figure of a hint is the mover's (issue 23): off the board under
/// singles_only_before_entry only single 1s and 5s score, and under an exact target a bank
/// past it is said to bust, with what the turn needs.
#[test]
fn hints_are_for_the_movers_situation() {
    let dir = fresh_dir("cli-hint-situation");
    // Seed 7: Ann rolls 1 1 2 2 2 5, keeps a 1 and banks 100, which puts her on the board
    // (entry 100); Bob rolls 1 5 1 4 5 3, keeps a 1 and banks.
    let input = "Ann\nBob\nhint\nroll\nhint\npick 1\nhint\nbank\nhint\nroll\npick 1\nbank\nhint\n";
    let args = [
        "--seed",
        "7",
        "--rule",
        "singles_only_before_entry=1",
        "--rule",
        "min_entry_score=100",
    ];
    let out = play(&dir, &args, input, 0);
    let odds: Vec<&str> = out.lines().filter(|l| l.starts_with("Rolling ")).collect();
    assert_eq!(
        odds,
        [
            // Off the board only 1s and 5s score: 4^n of the 6^n rolls have neither.
            "Rolling 6 dice farkles 8.8% of the time (4096 of 46656 rolls).",
            // After the best pick (1 1 5) three dice are left: 4^3 of 6^3.
            "Rolling 3 dice farkles 29.6% of the time (64 of 216 rolls).",
            "Rolling 5 dice farkles 13.2% of the time (1024 of 7776 rolls).",
            "Rolling 6 dice farkles 8.8% of the time (4096 of 46656 rolls).",
            // On the board, the classic rules: 4^6 less the 360 rolls of three pairs of 2, 3,
            // 4 and 6, less the 2656 with three or more of one of them = 1080.
            "Rolling 6 dice farkles 2.3% of the time (1080 of 46656 rolls).",
        ],
        "{out}"
    );
    // 1 1 2 2 2 5 off the board: the 1s and the 5 only (the 2s make no triple yet).
    assert!(
        out.contains("Best pick: `pick 1 2 6` keeps 1 1 5 for 250 points (5 legal picks).\n"),
        "{out}"
    );

    // Exact target 300, bust: 450 in hand at 0 would pass it.
    let input = "Ann\nBob\nroll\npick 1 2 3 4 5 6\nhint\nbank\n";
    let args = [
        "--seed",
        "7",
        "--rules",
        "additive",
        "--target",
        "300",
        "--rule",
        "exact_target=bust",
    ];
    let out = play(&dir, &args, input, 0);
    let lines = story(&out);
    let at = find(&lines, 0, "Ann> hint");
    assert_eq!(
        lines[at + 2],
        "Banking now would bust: 0 + 450 = 450 passes the exact target of 300, so the turn \
         would score nothing."
    );
    assert_eq!(
        lines[at + 3],
        "To reach 300 exactly, this turn needed 300 points; it has 450."
    );
    assert!(!out.contains("You may bank"), "{out}");
    // And the bank does bust.
    let at = find(&lines, at, "Ann> bank");
    assert_eq!(
        lines[at + 1],
        "BUST! Ann would pass 300: the 450 points of this turn are lost; score stays 0."
    );
    // The same with a final round: Ann reaches 300 exactly (1 + 2 2 2); Bob's hint gives the
    // points the final round needs.
    let input = "Ann\nBob\nroll\npick 1 3 4 5\nbank\nhint\n";
    let args = [
        "--seed",
        "7",
        "--target",
        "300",
        "--rule",
        "min_entry_score=0",
        "--rule",
        "exact_target=bust",
    ];
    let out = play(&dir, &args, input, 0);
    assert!(
        out.contains(
            "Final round: Ann has 300; a turn of exactly 300 points ties it (you have 0 in \
             hand), and nothing can pass the exact target.\n"
        ),
        "{out}"
    );
}

/// Names that are not UTF-8, duplicates, or too long are asked again with the reason; the
/// scoreboard's columns count characters, not bytes, so accented names align.
#[test]
fn names_are_asked_again_with_the_reason_and_aligned() {
    let dir = fresh_dir("cli-names");
    let input = b"M\xfcller\nAnn\nAnn\n\xe6\x97\xa5\xe6\x9c\xac\nZo\xc3\xab\nscores\n".to_vec();
    let long = "x".repeat(41);
    let input = [input, format!("{long}\n").into_bytes()].concat();
    let mut child = crate::support::command(&programs().farkle, &[])
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

#[test]
fn piggyback_takes_over_the_banked_turn() {
    let dir = fresh_dir("cli-piggyback");
    // Seed 7: Ann's first roll is 1 1 2 2 2 5 (see every_refused_action_says_why). She keeps
    // one 1 (100 points) and banks with 5 dice left (no entry minimum); Bob may take over 100
    // points and 5 dice, does, and his roll rolls 5 dice.
    let input = "Ann\nBob\nr\np 1\nb\nc\npiggyback\nt\nh\nr\nexit\ny\nno\n";
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
    // After the roll, the points taken over are in the turn's count (issue 23).
    assert_eq!(
        lines[at + 2],
        "Kept this turn: 100 taken over = 100 points."
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

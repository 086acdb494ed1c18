// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The files the game writes and reads: the scores file (appended in place, both formats,
//! special files and failed writes refused or left whole) and saves (links followed, special
//! files refused), and the autosave (one per game, checked at the start, removed at the end).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support::cli::*;
use crate::support::fresh_dir;

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
    // Nothing else was written beside it (the autosave folder, `state`, is checked at the
    // start).
    let others: Vec<_> = std::fs::read_dir(&dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .filter(|n| n != "s.txt" && n != "state")
        .collect();
    assert!(others.is_empty(), "{others:?}");

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

/// Runs the game in `dir` with the autosave folders of `env` (XDG_STATE_HOME, HOME, TMPDIR).
fn play_with_folders(dir: &Path, env: &[(&str, PathBuf)], args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = crate::support::command(&programs().farkle, &[])
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game");
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    child.wait_with_output().expect("the game ends")
}

/// The autosave folder is checked at the start (issue 23): when it cannot be made or written
/// to, the game says so and where it will save instead (~/.local/state/farkle, then a folder
/// of this user's under $TMPDIR), and saves there; when none works, it warns at the start.
#[test]
fn the_autosave_folder_is_checked_at_the_start_with_fallbacks() {
    let dir = fresh_dir("cli-autosave-fallback");
    // A file where each folder would be made: not even root can make a folder there.
    let blocked = dir.join("blocked");
    let home = dir.join("home");
    let tmp = dir.join("tmp");
    for d in [&blocked, &home.join(".local").join("state"), &tmp] {
        std::fs::create_dir_all(d).expect("a folder");
    }
    std::fs::write(blocked.join("farkle"), "").expect("a file");
    let env = [
        ("XDG_STATE_HOME", blocked.clone()),
        ("HOME", home.clone()),
        ("TMPDIR", tmp.clone()),
    ];
    let fallback = home.join(".local/state/farkle/autosave.json");
    let out = play_with_folders(&dir, &env, &["--seed", "7"], "Ann\nBob\nroll\n");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "Games cannot be saved in the usual place ({}/farkle is not a directory): if you \
             leave this game unfinished, it is saved to {}.\nName of player 1: ",
            blocked.display(),
            fallback.display()
        )),
        "{stdout}"
    );
    assert!(
        stdout.ends_with(&format!(
            "Game saved to {0} (resume with --load {0}).\n",
            fallback.display()
        )),
        "{stdout}"
    );
    assert!(fallback.is_file());
    // The home folder blocked too: a folder of this user's under $TMPDIR.
    std::fs::remove_dir_all(home.join(".local/state/farkle")).expect("clean");
    std::fs::write(home.join(".local/state/farkle"), "").expect("a file");
    let uid = text(&Command::new("id").arg("-u").output().expect("id").stdout);
    let private = tmp.join(format!("farkle-{}", uid.trim()));
    let out = play_with_folders(&dir, &env, &["--seed", "7"], "Ann\nBob\n");
    let stdout = text(&out.stdout);
    let saved = private.join("autosave.json");
    assert!(
        stdout.contains(&format!("it is saved to {}.\n", saved.display())),
        "{stdout}"
    );
    assert!(saved.is_file(), "{stdout}");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&private)
        .expect("the folder")
        .permissions()
        .mode();
    assert_eq!(
        mode & 0o077,
        0,
        "the private folder is open to others: {mode:o}"
    );
    // Nowhere: said at the start, and the save that fails at the end is said too.
    std::fs::remove_dir_all(&private).expect("clean");
    std::fs::write(&private, "").expect("a file");
    let out = play_with_folders(&dir, &env, &["--seed", "7"], "Ann\nBob\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "Warning: no folder takes saved games ({}/farkle is not a directory), so this game \
             cannot be saved if you leave it unfinished (`save FILE` may still work \
             elsewhere).\nThe game goes on; when it is left, it is saved only to an autosave \
             that has come free by then.\nName of player 1: ",
            blocked.display()
        )),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1), "{stdout}");
}

/// A game left unfinished is named at the start of the next (through a pipe: with the --load
/// that resumes it) and kept; a game resumed from its autosave and finished removes it, so it
/// cannot be played, nor its scores appended, again (issue 23).
#[test]
fn an_autosave_is_named_kept_and_removed_once_its_game_is_over() {
    let dir = fresh_dir("cli-autosave-over");
    let state = dir.join("state");
    let env = [
        ("XDG_STATE_HOME", state.clone()),
        ("HOME", dir.join("home")),
    ];
    let auto = state.join("farkle").join("autosave.json");
    let seed99 = ["--seed", "99", "-t", "1", "--rules", "additive"];
    let out = play_with_folders(&dir, &env, &seed99, SEED99_START);
    assert_eq!(out.status.code(), Some(0));
    let saved = std::fs::read(&auto).expect("the autosave");
    // A new game: the unfinished one is named, and the new one saves beside it.
    let out = play_with_folders(&dir, &env, &["--seed", "7"], "Ann\nBob\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(&format!(
            "An unfinished game is saved in {0} (round 1 of 1, rules additive: Ann 0, Bob 0; \
             Bob to play, 1100 points in hand): resume it with --load {0}.\n",
            auto.display()
        )),
        "{stdout}"
    );
    assert!(stdout.contains("autosave-2.json"), "{stdout}");
    assert_eq!(std::fs::read(&auto).expect("kept"), saved);
    // Nor may --autosave name it for another game.
    let auto_text = auto.display().to_string();
    let out = play_with_folders(&dir, &env, &["--autosave", &auto_text], "Ann\nBob\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("it holds another unfinished game (round 1 of 1"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(&auto).expect("kept"), saved);
    // Resumed and finished: the autosave goes, the scores are appended once.
    let args = ["--load", &auto_text, "--scores", "s.txt"];
    let out = play_with_folders(&dir, &env, &args, SEED99_END);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "This game's autosave, {}, is removed: a finished game is not played again.\n",
            auto.display()
        )),
        "{stdout}"
    );
    assert!(!auto.exists());
    let scores = std::fs::read_to_string(dir.join("s.txt")).expect("the scores");
    assert_eq!(scores.matches("\tBob\n").count(), 1, "{scores}");
}

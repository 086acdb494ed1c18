// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The autosave under pressure (issue 30): every name taken, two games claiming at the same
//! instant, a game being played in another terminal, a folder planted by another user, and
//! `--autosave` naming a file that is not a save. Games run through pipes; a game "being
//! played" is one whose input is still open, waited on by what it printed, never by time.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use crate::support::cli::*;
use crate::support::fresh_dir;

/// How long a step may wait for the game to print what it should (generous: a loaded machine).
const PATIENCE: Duration = Duration::from_secs(60);

/// The autosave folders' variables: those given, the others unset.
fn game_command(dir: &Path, env: &[(&str, &Path)], args: &[&str]) -> Command {
    let mut c = Command::new(&programs().farkle);
    c.args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("XDG_STATE_HOME")
        .env_remove("HOME")
        .env_remove("TMPDIR")
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// One whole run with `input`.
fn run(dir: &Path, env: &[(&str, &Path)], args: &[&str], input: &str) -> Output {
    let mut child = game_command(dir, env, args).spawn().expect("the game");
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    child.wait_with_output().expect("the game ends")
}

/// A game being played: its input stays open until `finish`.
struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Vec<u8>>,
    seen: String,
    /// How much of `seen` the last `wait_for` went through.
    at: usize,
}

impl Running {
    fn start(dir: &Path, env: &[(&str, &Path)], args: &[&str], input: &str) -> Running {
        let mut child = game_command(dir, env, args).spawn().expect("the game");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input.as_bytes()).expect("the input");
        let mut stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Running {
            child,
            stdin: Some(stdin),
            output: rx,
            seen: String::new(),
            at: 0,
        }
    }

    /// Waits until the output after the last match holds `text`.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(i) = self.seen[self.at..].find(text) {
                self.at += i + text.len();
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.seen.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => {
                    let _ = self.child.kill();
                    panic!(
                        "the game never printed {text:?}; it printed:\n{}",
                        self.seen
                    );
                }
            }
        }
    }

    fn pid(&self) -> String {
        self.child.id().to_string()
    }

    /// Closes the input (or not, after a signal) and waits for the end: the status and all
    /// the output.
    fn finish(mut self) -> (ExitStatus, String) {
        drop(self.stdin.take());
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the game did not end; it printed:\n{}", self.seen);
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        while let Ok(bytes) = self.output.recv_timeout(PATIENCE) {
            self.seen.push_str(&String::from_utf8_lossy(&bytes));
        }
        (status, self.seen)
    }
}

fn uid() -> String {
    let out = Command::new("id").arg("-u").output().expect("id");
    text(&out.stdout).trim().to_owned()
}

/// The three autosave folders of `dir`'s environment.
struct Folders {
    state: PathBuf,
    home: PathBuf,
    tmp: PathBuf,
}

impl Folders {
    fn new(dir: &Path) -> Folders {
        Folders {
            state: dir.join("state"),
            home: dir.join("home"),
            tmp: dir.join("tmp"),
        }
    }
    fn env(&self) -> [(&'static str, &Path); 3] {
        [
            ("XDG_STATE_HOME", &self.state),
            ("HOME", &self.home),
            ("TMPDIR", &self.tmp),
        ]
    }
    fn all(&self) -> [PathBuf; 3] {
        [
            self.state.join("farkle"),
            self.home.join(".local/state/farkle"),
            self.tmp.join(format!("farkle-{}", uid())),
        ]
    }
}

fn slot_name(slot: usize) -> String {
    if slot == 1 {
        "autosave.json".to_owned()
    } else {
        format!("autosave-{slot}.json")
    }
}

/// An unfinished game's save (Ann and Bob, Ann has rolled), made by the game itself.
fn an_unfinished_save(dir: &Path) -> Vec<u8> {
    let state = dir.join("made");
    let out = run(
        dir,
        &[("XDG_STATE_HOME", &state)],
        &["--seed", "7"],
        "Ann\nBob\nroll\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    std::fs::read(state.join("farkle").join("autosave.json")).expect("the save")
}

/// Issue 30, item 4: with every name of every folder holding an unfinished game (300 games),
/// a new game says so before the game, goes on, and at the end of input writes over none of
/// them (it says it cannot save, status 1).
#[test]
fn with_every_autosave_taken_no_game_is_written_over() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fresh_dir("cli-autosave-full");
    let folders = Folders::new(&dir);
    let save = an_unfinished_save(&dir);
    for folder in folders.all() {
        std::fs::create_dir_all(&folder).expect("a folder");
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o700)).expect("mode");
        for slot in 1..=100 {
            std::fs::write(folder.join(slot_name(slot)), &save).expect("a save");
        }
    }
    let out = run(&dir, &folders.env(), &["--seed", "8"], "Cy\nDi\nroll\n");
    let stdout = text(&out.stdout);
    for folder in folders.all() {
        for slot in 1..=100 {
            let path = folder.join(slot_name(slot));
            assert_eq!(
                std::fs::read(&path).expect("kept"),
                save,
                "{} was written over",
                path.display()
            );
        }
        let saves = std::fs::read_dir(&folder)
            .expect("the folder")
            .filter(|e| {
                let name = e.as_ref().expect("an entry").file_name();
                name.to_string_lossy().ends_with(".json")
            })
            .count();
        assert_eq!(saves, 100, "{}", folder.display());
    }
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "Warning: every autosave is taken (the 100 autosaves of {}/farkle hold unfinished \
             games, or games being played), so this game cannot be saved if you leave it \
             unfinished (`save FILE` may still work).\nThe game goes on; when it is left, it \
             is saved only to an autosave that has come free by then.\nName of player 1: ",
            folders.state.display()
        )),
        "{stdout}"
    );
    assert!(
        stdout.ends_with(
            "Cannot save the game: it has no autosave, and none has come free (`save FILE` \
             may still work).\n"
        ),
        "{stdout}"
    );
}

/// Issue 30, item 5: two new games under one HOME, both being played before either has saved,
/// claim two names (the claim is one step: a lock taken before the name is checked), and both
/// games survive when a signal stops them at the same instant.
#[test]
fn two_games_started_together_claim_two_autosaves() {
    let dir = fresh_dir("cli-autosave-race");
    let folders = Folders::new(&dir);
    let env = folders.env();
    let farkle = folders.state.join("farkle");
    let mut first = Running::start(&dir, &env, &["--seed", "7"], "Ann\nBob\n");
    first.wait_for(&format!(
        "If you leave this game unfinished, it is saved to {}.\n",
        farkle.join("autosave.json").display()
    ));
    first.wait_for("Ann> ");
    let mut second = Running::start(&dir, &env, &["--seed", "8"], "Cy\nDi\n");
    second.wait_for(&format!(
        "If you leave this game unfinished, it is saved to {}.\n",
        farkle.join("autosave-2.json").display()
    ));
    second.wait_for("Cy> ");
    // One `kill` for both: as near the same instant as two signals can be.
    let status = Command::new("kill")
        .args(["-TERM", &first.pid(), &second.pid()])
        .status()
        .expect("kill");
    assert!(status.success());
    use std::os::unix::process::ExitStatusExt;
    for game in [first, second] {
        let (status, output) = game.finish();
        assert_eq!(status.signal(), Some(15), "{output}");
        assert!(output.contains("Game saved to "), "{output}");
    }
    let one = std::fs::read_to_string(farkle.join("autosave.json")).expect("the first game");
    let two = std::fs::read_to_string(farkle.join("autosave-2.json")).expect("the second game");
    assert!(one.contains("\"Ann\"") && !one.contains("\"Cy\""), "{one}");
    assert!(two.contains("\"Cy\"") && !two.contains("\"Ann\""), "{two}");
}

/// Issue 30, item 6: a game resumed from its autosave and being played holds it: a second run
/// is told it is being played and is not offered it (it saves to a name of its own), `--load`
/// of it is refused, and the first game's moves are what its autosave holds at the end.
#[test]
fn a_game_being_played_is_not_offered_to_a_second_terminal() {
    let dir = fresh_dir("cli-autosave-in-use");
    let folders = Folders::new(&dir);
    let env = folders.env();
    let farkle = folders.state.join("farkle");
    let auto = farkle.join("autosave.json");
    let auto_text = auto.display().to_string();
    let out = run(&dir, &env, &["--seed", "7"], "Ann\nBob\nroll\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let saved = std::fs::read(&auto).expect("the autosave");
    let mut first = Running::start(&dir, &env, &["--load", &auto_text], "pick 1\n");
    first.wait_for(&format!(
        "If you leave this game unfinished, it is saved to {auto_text} again.\n"
    ));
    first.wait_for("Ann> pick 1\n");
    first.wait_for("Ann> ");
    // A second run: told, not offered, and saved apart.
    let out = run(&dir, &env, &[], "Cy\nDi\n");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with(&format!(
            "The game saved in {auto_text} is being played now (elsewhere, in another \
             terminal): it is not offered.\n"
        )),
        "{stdout}"
    );
    assert!(!stdout.contains(&format!("--load {auto_text}")), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "Game saved to {}",
            farkle.join("autosave-2.json").display()
        )),
        "{stdout}"
    );
    // Nor may it be resumed by name.
    let out = run(&dir, &env, &["--load", &auto_text], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert_eq!(
        text(&out.stderr),
        format!(
            "farkle: cannot resume {auto_text}: it is being played now, elsewhere (in another \
             terminal)\n"
        )
    );
    assert_eq!(std::fs::read(&auto).expect("untouched"), saved);
    // The first game ends by the end of its input: its pick is in its autosave.
    let (status, output) = first.finish();
    assert_eq!(status.code(), Some(0), "{output}");
    let resumed = std::fs::read(&auto).expect("the autosave");
    assert_ne!(resumed, saved, "{output}");
    // Free again once the first game has ended: offered (named) again.
    let out = run(&dir, &env, &[], "");
    assert!(
        text(&out.stdout).contains(&format!("resume it with --load {auto_text}")),
        "{}",
        text(&out.stdout)
    );
}

/// Whether files can be given to another user here (root); else the test is skipped with a
/// message, except under CI=true, where root is promised.
fn can_chown(probe: &Path) -> bool {
    std::fs::write(probe, "").expect("a probe");
    let ok = std::os::unix::fs::lchown(probe, Some(65534), Some(65534)).is_ok();
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but files cannot be given to another user (not root?)"
        );
        eprintln!("skipped: files cannot be given to another user (run as root to test this)");
    }
    ok
}

/// Issue 30, item 7: with no HOME, the fallback folder `$TMPDIR/farkle-UID` planted by another
/// user (a link to a folder of theirs, or a folder of theirs), with every autosave name in it
/// a link to a file of the player's: the game says it cannot save there, and the file is never
/// written, neither at the start nor at the end of input.
#[test]
fn a_folder_planted_by_another_user_is_never_written_through() {
    use std::os::unix::fs::{lchown, symlink, PermissionsExt};
    let dir = fresh_dir("cli-autosave-planted");
    if !can_chown(&dir.join("probe")) {
        return;
    }
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).expect("tmp");
    let victim = dir.join("victim.txt");
    let planted = tmp.join(format!("farkle-{}", uid()));
    for link in [true, false] {
        std::fs::write(&victim, "the player's own file\n").expect("the victim");
        let theirs = if link {
            dir.join("theirs")
        } else {
            planted.clone()
        };
        let _ = std::fs::remove_file(&planted);
        let _ = std::fs::remove_dir_all(&planted);
        let _ = std::fs::remove_dir_all(&theirs);
        std::fs::create_dir(&theirs).expect("their folder");
        std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o777)).expect("mode");
        for slot in 1..=100 {
            let name = theirs.join(slot_name(slot));
            symlink(&victim, &name).expect("a link");
            lchown(&name, Some(65534), Some(65534)).expect("theirs");
        }
        lchown(&theirs, Some(65534), Some(65534)).expect("theirs");
        if link {
            symlink(&theirs, &planted).expect("the planted link");
            lchown(&planted, Some(65534), Some(65534)).expect("theirs");
        }
        let out = run(
            &dir,
            &[("TMPDIR", &tmp)],
            &["--seed", "7"],
            "Ann\nBob\nroll\n",
        );
        let stdout = text(&out.stdout);
        assert_eq!(
            std::fs::read_to_string(&victim).expect("the victim"),
            "the player's own file\n",
            "written through a planted link ({})",
            if link {
                "a linked folder"
            } else {
                "their folder"
            }
        );
        let why = if link {
            format!(
                "{} is a symbolic link, not a folder of this user's",
                planted.display()
            )
        } else {
            format!("{} is not a folder of this user's", planted.display())
        };
        assert!(
            stdout.contains(&format!(
                "Warning: no folder takes saved games ({why}), so this game cannot be saved"
            )),
            "{stdout}"
        );
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        assert!(!stdout.contains("Game saved to"), "{stdout}");
        let entries = std::fs::read_dir(&theirs).expect("their folder").count();
        assert_eq!(entries, 100, "files were made in their folder");
    }
}

/// Issue 30, item 8: `--autosave` naming a file that is not a save (a text file, a save cut
/// short) is refused before the game and left as it was; a new path is taken.
#[test]
fn autosave_to_a_file_that_is_not_a_save_is_refused() {
    let dir = fresh_dir("cli-autosave-not-a-save");
    let folders = Folders::new(&dir);
    let env = folders.env();
    let save = an_unfinished_save(&dir);
    let cut = &save[..save.len() / 2];
    std::fs::write(dir.join("notes.txt"), "my notes\n").expect("notes");
    std::fs::write(dir.join("cut.json"), cut).expect("a cut save");
    std::fs::write(dir.join("empty.json"), "").expect("an empty file");
    for (name, before) in [
        ("notes.txt", &b"my notes\n"[..]),
        ("cut.json", cut),
        ("empty.json", &b""[..]),
    ] {
        let out = run(&dir, &env, &["--autosave", name], "Ann\nBob\nroll\n");
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
        assert_eq!(
            text(&out.stderr),
            format!(
                "farkle: cannot autosave to {name}: it is not a saved game (only a new file or \
                 a game's save is written over)\n"
            )
        );
        assert_eq!(out.stdout, b"", "the game started");
        assert_eq!(
            std::fs::read(dir.join(name)).expect("kept"),
            before,
            "{name}"
        );
    }
    // A new path is taken, and the game saved there.
    let out = run(&dir, &env, &["--autosave", "new.json"], "Ann\nBob\nroll\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(std::fs::read_to_string(dir.join("new.json"))
        .expect("saved")
        .contains("\"Ann\""));
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! `farkle -t N` against the original program itself (issue 23): whole games with the same
//! dice and the same choices through the original C game and through this one, every
//! selection, bank, farkle and the final scores compared.
//!
//! The original's sources are not part of this repository: give a checkout of the original
//! Arc676/Farkle project in `FARKLE_ORIGINAL_DIR` (as for `benches/c/compare-original.sh`);
//! without it the test looks for the reference checkout kept beside this repository.
//! The test compiles its `farkle.c` and `libfarkle.c` in a temporary directory, unchanged but
//! for `rand()` and `srand()`, which a small shim written here replaces so that the original
//! rolls the dice this game rolled (a file of faces, read in order: the original rolls its
//! unpicked dice from the first place to the last). Without either the test says on the
//! terminal that it was skipped; under `CI=true` that is a failure.
//!
//! The choices are made by a seeded random player on this library's `Game` with the seed the
//! game gets (`--seed`), so the library knows each roll before the programs play it; the
//! player picks only what the original lets a player pick (single 1s and 5s, three or more of
//! a face), sometimes takes back a straight or three pairs the game set aside (`unpick`) and
//! picks from the roll instead, and banks or rolls on.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::cli::play;
use crate::support::fresh_dir;
use farkle::{DiceSource, Game, Phase, Preset, Rules};

/// Stands in for the C library's rand() in the original: the next face of the file named by
/// SUPPLIED_DICE, less one (the original rolls `rand() % 6 + 1`).
const DICE_SHIM: &str = r#"
#include <stdio.h>
#include <stdlib.h>
static FILE *dice;
int supplied_rand(void) {
    int c;
    if (dice == NULL && (dice = fopen(getenv("SUPPLIED_DICE"), "r")) == NULL) exit(90);
    do c = fgetc(dice); while (c == ' ' || c == '\n');
    if (c < '1' || c > '6') {
        fprintf(stderr, "supplied_rand: out of dice\n");
        exit(91);
    }
    return c - '1';
}
void supplied_srand(unsigned seed) { (void)seed; }
"#;

/// Where the original's sources are: `FARKLE_ORIGINAL_DIR`, else the reference checkout that
/// developers and CI keep beside this repository (`../shared/reference/arc676-farkle`).
fn original_sources() -> Option<PathBuf> {
    if let Some(given) = std::env::var_os("FARKLE_ORIGINAL_DIR") {
        return Some(PathBuf::from(given));
    }
    let beside = crate::support::manifest_dir().join("../shared/reference/arc676-farkle");
    beside.join("farkle.c").is_file().then_some(beside)
}

/// The original game, built in a temporary directory; None (the test skipped, a failure
/// under CI) when its sources are nowhere to be found.
fn original_game() -> Option<PathBuf> {
    let Some(source) = original_sources() else {
        crate::support::skip(
            "whole_games_score_as_the_original_program_scores_them",
            "set FARKLE_ORIGINAL_DIR to a checkout of the original Arc676/Farkle to compare \
             whole games with it",
        );
        return None;
    };
    let dir = fresh_dir("original-game");
    for file in ["farkle.c", "libfarkle.c", "libfarkle.h"] {
        std::fs::copy(source.join(file), dir.join(file))
            .unwrap_or_else(|e| panic!("{file} in FARKLE_ORIGINAL_DIR: {e}"));
    }
    std::fs::write(dir.join("shim.c"), DICE_SHIM).expect("the shim");
    let program = dir.join("original");
    let status = Command::new("cc")
        .current_dir(&dir)
        .args([
            "-std=c11",
            "-D_DEFAULT_SOURCE",
            "-Drand=supplied_rand",
            "-Dsrand=supplied_srand",
            "-w",
            "-o",
            "original",
            "farkle.c",
            "libfarkle.c",
            "shim.c",
        ])
        .status()
        .expect("cc");
    assert!(status.success(), "the original does not build");
    Some(program)
}

/// A small seeded generator for the choices (xorshift64*).
struct Choices(u64);

impl Choices {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The selections the original lets a player make from `dice` (indices into the roll, the
/// first dice of each face): its pickDie() takes a 1, a 5, or a die whose face shows three
/// times or more, and its constructSelection() refuses fewer than three of a face other than
/// 1 and 5.
fn original_picks(dice: &[u8]) -> Vec<Vec<usize>> {
    let mut picks = vec![Vec::new()];
    for face in 1..=6u8 {
        let at: Vec<usize> = (0..dice.len()).filter(|&i| dice[i] == face).collect();
        let takes: Vec<usize> = (0..=at.len())
            .filter(|&k| k == 0 || face == 1 || face == 5 || k >= 3)
            .collect();
        let mut more = Vec::new();
        for p in &picks {
            for &k in &takes {
                let mut p = p.clone();
                p.extend_from_slice(&at[..k]);
                more.push(p);
            }
        }
        picks = more;
    }
    picks.retain(|p| !p.is_empty());
    for p in &mut picks {
        p.sort_unstable();
    }
    picks
}

/// One whole game: the dice in the order they are rolled, the input of each program, and what
/// the library says happened.
#[derive(Default)]
struct Script {
    dice: String,
    ours: String,
    theirs: String,
    banks: Vec<i64>,
    /// Every selection, those taken back again with `unpick` too.
    selections: Vec<i32>,
    farkles: usize,
    automatic: usize,
    taken_back: usize,
    scores: Vec<i64>,
}

/// The original's places of the dice: which of its six dice are set aside this turn.
struct Places {
    picked: [bool; 6],
    this_roll: Vec<usize>,
}

impl Places {
    fn new() -> Self {
        Places {
            picked: [false; 6],
            this_roll: Vec::new(),
        }
    }
    /// A roll: the unpicked places, first to last, take the faces in order (all six again
    /// once every die is set aside, as its newRoll() does).
    fn roll(&mut self) {
        if self.picked.iter().all(|&p| p) {
            self.picked = [false; 6];
        }
        self.this_roll = (0..6).filter(|&i| !self.picked[i]).collect();
    }
    fn pick(&mut self, indices: &[usize]) -> Vec<usize> {
        let places: Vec<usize> = indices.iter().map(|&i| self.this_roll[i]).collect();
        for &p in &places {
            self.picked[p] = true;
        }
        places
    }
    fn unpick(&mut self) {
        for &p in &self.this_roll {
            self.picked[p] = false;
        }
    }
}

/// Plays `turns` turns each of two players with the seeded dice of `seed`.
fn script(seed: u64, turns: u32) -> Script {
    let rules = Rules {
        turn_limit: turns,
        target_score: 0,
        final_round: false,
        ..Preset::Original.rules()
    };
    let mut game = Game::new(rules, 2, DiceSource::Seeded { seed }).expect("a game");
    let mut choose = Choices(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut s = Script {
        ours: "Ann\nBob\n".into(),
        theirs: "Ann\nBob\n".into(),
        ..Script::default()
    };
    let mut places = Places::new();
    while game.phase() != Phase::GameOver {
        match game.phase() {
            Phase::AwaitingRoll
                if game.can_bank() && {
                    // Bank more often with more points and fewer dice.
                    let points = game.turn().points;
                    let hand = i64::from(game.turn().hand);
                    (choose.below(1000) as i64) < (points / 4 + 400 - 60 * hand).clamp(50, 950)
                } =>
            {
                s.banks.push(game.bank().expect("a bank"));
                s.ours += "bank\n";
                s.theirs += "bank\n";
                places = Places::new();
            }
            Phase::AwaitingRoll => {
                let dice = game.roll().expect("a roll").dice.clone();
                for d in &dice {
                    s.dice += &d.to_string();
                }
                s.dice += "\n";
                s.ours += "roll\n";
                s.theirs += "roll\n";
                places.roll();
                if game.phase() == Phase::AwaitingRoll {
                    // The game set a straight or three pairs aside: all six places.
                    s.automatic += 1;
                    s.selections.push(
                        game.turn()
                            .last_roll()
                            .and_then(|r| r.selection.as_ref())
                            .expect("kept")
                            .points,
                    );
                    places.pick(&[0, 1, 2, 3, 4, 5]);
                    if choose.below(3) == 0 {
                        let back = game.undo().expect("unpick");
                        assert_eq!(s.selections.last(), Some(&back));
                        s.taken_back += 1;
                        s.ours += "unpick\n";
                        s.theirs += "unpick\n";
                        places.unpick();
                    }
                }
            }
            Phase::AwaitingSelection => {
                let dice = game.turn().last_roll().expect("a roll").dice.clone();
                let picks = original_picks(&dice);
                let pick = &picks[choose.below(picks.len())];
                let points = game
                    .select(pick)
                    .unwrap_or_else(|e| panic!("{dice:?} {pick:?}: {e}"));
                s.selections.push(points);
                s.ours += "pick";
                for i in pick {
                    s.ours += &format!(" {}", i + 1);
                }
                s.ours += "\n";
                s.theirs += "pick\n";
                for place in places.pick(pick) {
                    s.theirs += &format!("{}\n", place + 1);
                }
                s.theirs += "9\n";
            }
            Phase::Farkled => {
                s.farkles += 1;
                game.acknowledge_farkle().expect("the farkle");
                places = Places::new();
            }
            Phase::GameOver => unreachable!(),
        }
    }
    s.theirs += "\n"; // no file for the scores: the original prints them
    s.scores = game.players().iter().map(|p| p.score).collect();
    s
}

/// The numbers after `marker` in each line holding it, in order.
fn numbers_after(output: &str, marker: &str) -> Vec<i64> {
    output
        .lines()
        .filter_map(|l| {
            let at = l.find(marker)? + marker.len();
            let digits: String = l[at..].chars().take_while(char::is_ascii_digit).collect();
            Some(digits.parse().expect("a number"))
        })
        .collect()
}

/// The "Name - score" lines of a scores list in the original's format, sorted.
fn score_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| {
            l.split_once(" - ").is_some_and(|(name, score)| {
                name.chars().all(char::is_alphabetic)
                    && !score.is_empty()
                    && score.chars().all(|c| c.is_ascii_digit())
            })
        })
        .map(str::to_owned)
        .collect();
    lines.sort();
    lines
}

fn run_original(original: &Path, dir: &Path, turns: u32, s: &Script) -> String {
    let dice = dir.join("dice.txt");
    std::fs::write(&dice, &s.dice).expect("the dice");
    let mut child = Command::new(original)
        .args(["-p", "2", "-t", &turns.to_string()])
        .current_dir(dir)
        .env("SUPPLIED_DICE", &dice)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the original");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(s.theirs.as_bytes()).expect("the input");
    }
    let out = child.wait_with_output().expect("the original ends");
    assert!(
        out.status.success(),
        "the original: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
#[ignore = "full tier: make check"]
fn whole_games_score_as_the_original_program_scores_them() {
    let Some(original) = original_game() else {
        return;
    };
    let turns = 5;
    let (mut automatic, mut taken_back, mut farkles, mut banks) = (0, 0, 0, 0);
    for seed in 1..=30u64 {
        let s = script(seed, turns);
        let dir = fresh_dir(&format!("original-game-{seed}"));
        let theirs = run_original(&original, &dir, turns, &s);
        let seed_text = seed.to_string();
        let turns_text = turns.to_string();
        let ours = play(
            &dir,
            &[
                "-p",
                "2",
                "-t",
                &turns_text,
                "--seed",
                &seed_text,
                "--scores",
                "scores.txt",
                "--scores-format",
                "original",
            ],
            &s.ours,
            0,
        );
        let context = format!("seed {seed}\n--- ours:\n{ours}\n--- the original's:\n{theirs}");
        // The library's rolls are the game's (the seed gives the same dice).
        let rolled: Vec<String> = ours
            .lines()
            .filter(|l| l.contains(" rolls "))
            .filter_map(|l| l.split_once(": ").map(|(_, d)| d.replace(' ', "")))
            .filter(|d| d.chars().all(|c| c.is_ascii_digit()))
            .collect();
        assert_eq!(rolled, s.dice.lines().collect::<Vec<_>>(), "{context}");
        // Every selection, in order (those taken back too): the original's "Selected N
        // (points') worth of dice", ours "keeps ... for N points" or "set aside for N points".
        let kept: Vec<i64> = s.selections.iter().map(|&p| i64::from(p)).collect();
        assert_eq!(numbers_after(&theirs, "Selected "), kept, "{context}");
        let ours_kept: Vec<i64> = ours
            .lines()
            .filter(|l| l.contains(" keeps ") || l.contains(" dice are set aside "))
            .flat_map(|l| numbers_after(l, " for "))
            .collect();
        assert_eq!(ours_kept, kept, "{context}");
        assert_eq!(
            theirs.matches("Straight!").count() + theirs.matches("Triple pair!").count(),
            s.automatic,
            "{context}"
        );
        // Every bank and every farkle.
        assert_eq!(numbers_after(&theirs, "Banked "), s.banks, "{context}");
        assert_eq!(numbers_after(&ours, " banks "), s.banks, "{context}");
        assert_eq!(theirs.matches("Farkle!").count(), s.farkles, "{context}");
        assert_eq!(ours.matches("FARKLE!").count(), s.farkles, "{context}");
        // The final scores, in the original's format from both.
        let expected: Vec<String> = {
            let mut v: Vec<String> = ["Ann", "Bob"]
                .iter()
                .zip(&s.scores)
                .map(|(n, p)| format!("{n} - {p}"))
                .collect();
            v.sort();
            v
        };
        assert_eq!(score_lines(&theirs), expected, "{context}");
        let file = std::fs::read_to_string(dir.join("scores.txt")).expect("our scores");
        assert_eq!(score_lines(&file), expected, "{context}");
        automatic += s.automatic;
        taken_back += s.taken_back;
        farkles += s.farkles;
        banks += s.banks.len();
    }
    eprintln!(
        "30 games of {turns} turns each alike: {banks} banks, {farkles} farkles, {automatic} \
         straights or three pairs set aside ({taken_back} taken back)"
    );
    // The games went through every case: straights or three pairs set aside, some of them
    // taken back, farkles and banks.
    assert!(
        automatic >= 5 && taken_back >= 1 && farkles >= 20 && banks >= 100,
        "automatic {automatic}, taken back {taken_back}, farkles {farkles}, banks {banks}"
    );
}

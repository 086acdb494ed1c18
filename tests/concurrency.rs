// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The C interface from several threads at once, as the header promises it: scorers,
//! policies and tables queried by eight threads at a time answer as they do from one; games
//! live on their own threads or move between threads between calls; every thread has its own
//! last error; long calls run their work on threads of their own (the progress helper, the
//! solver's workers) while other threads do the same. Small enough to run under
//! ThreadSanitizer (`tests/thread_sanitizer.sh`), which checks that nothing here races.

use std::ffi::{c_char, c_void, CStr};
use std::mem::MaybeUninit;
use std::ptr;
use std::sync::atomic::{AtomicUsize, Ordering};

use farkle::ffi::bots::*;
use farkle::ffi::error::{farkle_last_error_message, FarkleStatus};
use farkle::ffi::game::*;
use farkle::ffi::rules::*;
use farkle::ffi::saved_game::*;
use farkle::ffi::scorer::*;
use farkle::ffi::simulate::*;
use farkle::ffi::turn_policy::*;
use farkle::ffi::win_table::*;

const THREADS: usize = 8;

/// A pointer handed to other threads: the header says these objects may be queried from
/// several threads at once (games: one thread at a time).
struct Shared<T>(*mut T);
impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Shared<T> {}
impl<T> Shared<T> {
    /// The pointer (a method, so that a closure captures the whole `Shared`).
    fn get(self) -> *mut T {
        self.0
    }
}
// SAFETY: only used for objects the header declares safe to share, as it says.
unsafe impl<T> Send for Shared<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for Shared<T> {}

fn preset(number: u32) -> FarkleRules {
    let mut r = MaybeUninit::<FarkleRules>::uninit();
    // SAFETY: a writable out pointer.
    assert_eq!(
        unsafe { farkle_rules_preset(number, r.as_mut_ptr()) },
        FarkleStatus::Ok
    );
    // SAFETY: written on success.
    unsafe { r.assume_init() }
}

const CLASSIC: u32 = 0;
const EXTENDED: u32 = 1;
const MINIMAL: u32 = 4;

/// Three dice, single 1s and 5s and triples, to 500: a table in milliseconds.
fn tiny() -> FarkleRules {
    let mut r = preset(MINIMAL);
    r.dice_count = 3;
    r.target_score = 500;
    r
}

fn last_error() -> String {
    // SAFETY: the library returns a NUL-terminated string, valid until the next failure here.
    unsafe { CStr::from_ptr(farkle_last_error_message()) }
        .to_string_lossy()
        .into_owned()
}

/// Every answer of the shared objects to a fixed set of questions, as bits.
fn answers(
    scorer: Shared<FarkleScorer>,
    policy: Shared<FarkleTurnPolicy>,
    penalty: Shared<FarklePenaltyPolicy>,
    table: Shared<FarkleWinTable>,
) -> Vec<u64> {
    let mut out = Vec::new();
    let rolls: [&[u8]; 6] = [
        &[1, 1, 1, 5, 2, 3],
        &[2, 3, 4, 6, 6, 2],
        &[1, 2, 3, 4, 5, 6],
        &[5],
        &[1, 5],
        &[3, 3, 3],
    ];
    for roll in rolls {
        let mut points = 0i32;
        // SAFETY: live objects, readable faces, writable outputs.
        let status =
            unsafe { farkle_scorer_points(scorer.0, roll.as_ptr(), roll.len(), &raw mut points) };
        out.push(status as u64);
        out.push(points as u64);
    }
    for t in (0..2_000).step_by(250) {
        for dice in 1..=6 {
            let mut value = 0.0f64;
            // SAFETY: as above.
            let status = unsafe { farkle_turn_policy_value(policy.0, t, dice, 1, &raw mut value) };
            out.push(status as u64);
            out.push(value.to_bits());
        }
    }
    for farkles in 0..3 {
        for dice in 1..=6 {
            let mut threshold = 0i32;
            // SAFETY: as above.
            let status = unsafe {
                farkle_penalty_policy_bank_threshold(penalty.0, farkles, dice, &raw mut threshold)
            };
            out.push(status as u64);
            out.push(threshold as u64);
        }
    }
    for (me, opponent, turn_total) in [(0, 0, 0), (100, 300, 50), (400, 450, 0), (0, 450, 250)] {
        let player = |score| FarklePlayer {
            score,
            on_board: 1,
            farkles: 0,
        };
        let state = FarkleTurnState {
            me: player(me),
            opponent: player(opponent),
            turn_total,
            dice: 3,
        };
        let mut p = 0.0f64;
        // SAFETY: as above.
        let status =
            unsafe { farkle_win_table_win_probability(table.0, &raw const state, &raw mut p) };
        out.push(status as u64);
        out.push(p.to_bits());
    }
    out
}

/// Eight threads ask the same scorer, turn policy, penalty policy and win table the same
/// questions, over and over, and get the answers one thread gets.
#[test]
fn shared_objects_answer_eight_threads_as_they_answer_one() {
    let (classic, extended, tiny) = (preset(CLASSIC), preset(EXTENDED), tiny());
    let mut scorer = ptr::null_mut();
    let mut policy = ptr::null_mut();
    let mut penalty = ptr::null_mut();
    let mut table = ptr::null_mut();
    // SAFETY: valid rules and writable outputs.
    unsafe {
        assert_eq!(
            farkle_scorer_new(&raw const classic, &raw mut scorer),
            FarkleStatus::Ok
        );
        assert_eq!(
            farkle_turn_policy_new(&raw const classic, true, &raw mut policy),
            FarkleStatus::Ok
        );
        assert_eq!(
            farkle_penalty_policy_new(&raw const extended, &raw mut penalty),
            FarkleStatus::Ok
        );
        assert_eq!(
            farkle_win_table_solve(&raw const tiny, None, ptr::null_mut(), &raw mut table),
            FarkleStatus::Ok
        );
    }
    let shared = (
        Shared(scorer),
        Shared(policy),
        Shared(penalty),
        Shared(table),
    );
    let expected = answers(shared.0, shared.1, shared.2, shared.3);
    let mismatches = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| {
                for _ in 0..10 {
                    let (a, b, c, d) = shared;
                    if answers(a, b, c, d) != expected {
                        mismatches.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    assert_eq!(mismatches.load(Ordering::Relaxed), 0);
    // SAFETY: each made above, freed once, no thread uses them any more.
    unsafe {
        farkle_scorer_free(scorer);
        farkle_turn_policy_free(policy);
        farkle_penalty_policy_free(penalty);
        farkle_win_table_free(table);
    }
}

/// The save of a seeded game after `turns` bot turns.
fn seeded_game_save(game: *mut FarkleGame, turns: usize) -> String {
    for _ in 0..turns {
        // SAFETY: a live game, used by this thread only during the call.
        let status = unsafe {
            farkle_game_bot_play_turn(
                game,
                FarkleBotKind::SingleTurnOptimal as u32,
                ptr::null(),
                0,
            )
        };
        if status == FarkleStatus::GameOver {
            break;
        }
        assert_eq!(status, FarkleStatus::Ok);
    }
    let mut text: *mut c_char = ptr::null_mut();
    // SAFETY: a live game and a writable output.
    assert_eq!(
        unsafe { farkle_game_save(game, &raw mut text) },
        FarkleStatus::Ok
    );
    // SAFETY: a string from the library, freed once.
    let save = unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned();
    // SAFETY: from farkle_game_save(), freed once.
    unsafe { farkle_string_free(text) };
    save
}

/// Games on eight threads at once, each with its own optimal bot (the policy solved per game)
/// and its own last error; and one game passed from thread to thread between calls. The same
/// seed plays the same game everywhere.
#[test]
fn games_on_many_threads_and_moving_between_them() {
    let rules = preset(CLASSIC);
    let new_game = || {
        let mut g = ptr::null_mut();
        // SAFETY: valid rules and output.
        assert_eq!(
            unsafe { farkle_game_new(&raw const rules, 2, 7, &raw mut g) },
            FarkleStatus::Ok
        );
        Shared(g)
    };
    let reference = new_game();
    let expected = seeded_game_save(reference.0, 20);
    let saves: Vec<(String, String)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|i| {
                let game = new_game();
                scope.spawn(move || {
                    let save = seeded_game_save(game.get(), 20);
                    // A failure of this thread's own, in its own words.
                    let mut out = MaybeUninit::<FarkleRules>::uninit();
                    // SAFETY: a writable output; the preset number is what is wrong.
                    let status = unsafe { farkle_rules_preset(1000 + i as u32, out.as_mut_ptr()) };
                    assert_eq!(status, FarkleStatus::UnknownPreset);
                    // SAFETY: made above, used by this thread only, freed once.
                    unsafe { farkle_game_free(game.get()) };
                    (save, last_error())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (i, (save, error)) in saves.iter().enumerate() {
        assert_eq!(save, &expected);
        assert!(
            error.starts_with(&format!("{} is not", 1000 + i)),
            "{error}"
        );
    }
    // One game, a turn on each thread in turn.
    let moving = new_game();
    for _ in 0..4 {
        std::thread::scope(|scope| {
            scope.spawn(move || seeded_game_save(moving.get(), 5));
        });
    }
    let moved = seeded_game_save(moving.0, 0);
    let stayed = seeded_game_save(new_game().0, 20);
    assert_eq!(moved, stayed);
    // SAFETY: made above, freed once (the `stayed` game is leaked on purpose: one small game).
    unsafe {
        farkle_game_free(reference.0);
        farkle_game_free(moving.0);
    }
}

extern "C" fn count_calls(_fraction: f64, user: *mut c_void) -> bool {
    // SAFETY: `user` is an AtomicUsize of the caller, alive during the call.
    let calls = unsafe { &*user.cast::<AtomicUsize>() };
    calls.fetch_add(1, Ordering::Relaxed);
    true
}

/// Long calls from four threads at once, each with a progress function (so each runs its
/// work on a helper thread, and the table and the simulation on workers of their own): the
/// same results as one call alone.
#[test]
fn long_calls_with_progress_on_several_threads() {
    let (tiny, classic) = (tiny(), preset(CLASSIC));
    let one = |calls: &AtomicUsize| -> (u64, u64, u64) {
        let user = std::ptr::from_ref(calls).cast_mut().cast::<c_void>();
        let (mut table, mut policy) = (ptr::null_mut(), ptr::null_mut());
        let mut first = 0.0f64;
        let mut expected = 0.0f64;
        let mut sim = MaybeUninit::<FarkleSimulation>::uninit();
        let bots = [
            FarkleBotKind::Threshold as u32,
            FarkleBotKind::RandomLegal as u32,
        ];
        let mut game = ptr::null_mut();
        // SAFETY: valid arguments and outputs; `calls` outlives every call.
        unsafe {
            assert_eq!(
                farkle_win_table_solve(&raw const tiny, Some(count_calls), user, &raw mut table),
                FarkleStatus::Ok
            );
            assert_eq!(
                farkle_win_table_first_player_win_probability(table, &raw mut first),
                FarkleStatus::Ok
            );
            assert_eq!(
                farkle_turn_policy_new_with_progress(
                    &raw const classic,
                    true,
                    Some(count_calls),
                    user,
                    &raw mut policy
                ),
                FarkleStatus::Ok
            );
            assert_eq!(
                farkle_turn_policy_expected_points(policy, &raw mut expected),
                FarkleStatus::Ok
            );
            assert_eq!(
                farkle_simulate_with_progress(
                    &raw const tiny,
                    bots.as_ptr(),
                    2,
                    200,
                    5,
                    ptr::null(),
                    Some(count_calls),
                    user,
                    sim.as_mut_ptr()
                ),
                FarkleStatus::Ok
            );
            assert_eq!(
                farkle_game_new(&raw const classic, 2, 3, &raw mut game),
                FarkleStatus::Ok
            );
            assert_eq!(
                farkle_game_prepare_advice(game, Some(count_calls), user),
                FarkleStatus::Ok
            );
            farkle_game_free(game);
            farkle_win_table_free(table);
            farkle_turn_policy_free(policy);
        }
        // SAFETY: written on success.
        let sim = unsafe { sim.assume_init() };
        (first.to_bits(), expected.to_bits(), sim.turns)
    };
    let calls = AtomicUsize::new(0);
    let alone = one(&calls);
    // A first and a last call, at least, for each of the four long calls.
    assert!(calls.load(Ordering::Relaxed) >= 8);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    let calls = AtomicUsize::new(0);
                    (one(&calls), calls.load(Ordering::Relaxed))
                })
            })
            .collect();
        for h in handles {
            let (result, calls) = h.join().unwrap();
            assert_eq!(result, alone);
            assert!(calls >= 8);
        }
    });
}

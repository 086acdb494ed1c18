// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Random `FarkleRules` — presets with fields from a palette of edge values, or arbitrary
//! bytes over the whole struct — driving every call whose cost depends on the rules: odds,
//! the single-turn policy and its queries, the long-run penalty policy, advice and every bot
//! on a game, and the two-player solve with queries on what it solved. Every long call gets a
//! progress function that cancels it after a few calls (the input says how many), so an
//! input costs at most a few hundred milliseconds; run with `-rss_limit_mb` and `-timeout` so
//! that an allocation or a loop the limits miss is a failure. Checked: only documented
//! statuses, nothing written or changed on a refusal, and answers that make sense (turn
//! totals that add up, probabilities in [0, 1], finite values).

#![no_main]

use std::ffi::c_void;
use std::mem::MaybeUninit;
use std::ptr;

use farkle::ffi::bots::*;
use farkle::ffi::error::{farkle_last_error_message, FarkleStatus};
use farkle::ffi::game::*;
use farkle::ffi::limits::FARKLE_MAX_TURN_TOTAL;
use farkle::ffi::odds::*;
use farkle::ffi::rules::FarkleRules;
use farkle::ffi::turn_policy::*;
use farkle::ffi::win_table::*;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[path = "common/mod.rs"]
mod common;

use common::{out, rules_valid, save, table_bytes, RulesSpec};

#[derive(Debug, Arbitrary)]
enum RulesSource {
    /// A preset, perhaps tweaked (mostly valid).
    Spec(RulesSpec),
    /// Arbitrary bytes over the whole struct, as a C caller's fread or memset could leave it.
    Bytes(Vec<u8>),
}

impl RulesSource {
    fn rules(&self) -> FarkleRules {
        match self {
            RulesSource::Spec(spec) => spec.rules(),
            RulesSource::Bytes(bytes) => {
                let mut r = RulesSpec::Preset { preset: 0, dice: 0 }.rules();
                let n = bytes.len().min(std::mem::size_of::<FarkleRules>());
                // SAFETY: every field of FarkleRules is a plain integer, so any bytes are a
                // valid value; n is within both buffers.
                unsafe {
                    ptr::copy_nonoverlapping(bytes.as_ptr(), ptr::addr_of_mut!(r).cast::<u8>(), n)
                };
                r
            }
        }
    }
}

#[derive(Debug, Arbitrary)]
enum Call {
    Odds {
        dice: u32,
    },
    Policy {
        on_board: bool,
        faces: Vec<u8>,
        turn_total: i32,
        threshold_dice: u32,
    },
    Penalty,
    Game {
        seed: u64,
        players: u8,
        bots: Vec<u8>,
    },
    Solve {
        queries: Vec<Query>,
    },
}

#[derive(Debug, Arbitrary)]
struct Query {
    me: (i32, u8, u32),
    opponent: (i32, u8, u32),
    turn_total: i32,
    dice: u32,
    faces: Vec<u8>,
}

#[derive(Debug, Arbitrary)]
struct Input {
    rules: RulesSource,
    /// Progress calls a long call may make before it is cancelled (0 to 3 as this byte modulo 4).
    patience: u8,
    calls: Vec<Call>,
}

/// The progress function handed to every long call: goes on for `left` calls, then cancels.
struct Patience {
    left: u32,
}

impl Patience {
    /// At most 3 progress calls during the work, as the input's `patience` says, besides the
    /// first (made before any work, so always let through: a short call still runs to its
    /// end): a solve the rules make long is cancelled early instead of running into the
    /// fuzzer's timeout.
    fn new(patience: u8) -> Patience {
        Patience {
            left: 1 + u32::from(patience % 4),
        }
    }
}

unsafe extern "C" fn impatient(fraction: f64, user: *mut c_void) -> bool {
    assert!((0.0..=1.0).contains(&fraction), "progress {fraction}");
    // SAFETY: `user` is the Patience the fuzz target passes.
    let p = unsafe { &mut *user.cast::<Patience>() };
    if p.left == 0 {
        return false;
    }
    p.left -= 1;
    true
}

fn last_error() -> String {
    // SAFETY: the library's static or thread-local string.
    unsafe { std::ffi::CStr::from_ptr(farkle_last_error_message()) }
        .to_string_lossy()
        .into_owned()
}

/// Statuses a solve of any rules value may end with (`Unsupported` includes a house rule the
/// solver does not model: the hot-dice multiplier for every solver; an exact target for the
/// advice and the two-player table, piggybacking and singles only before entry for the
/// table; on a game the optimal bots are then left out, the random and threshold bots play).
fn solve_status(s: FarkleStatus) -> bool {
    matches!(
        s,
        FarkleStatus::Ok
            | FarkleStatus::InvalidRules
            | FarkleStatus::Unsupported
            | FarkleStatus::ResourceLimit
            | FarkleStatus::Cancelled
    )
}

fn check_choice(c: &FarkleChoice, faces: &[u8], turn_total: i32) {
    if c.farkle {
        assert_eq!((c.points, c.keep_mask), (0, 0));
        return;
    }
    assert!(c.points > 0, "{c:?}");
    assert_eq!(c.turn_total, turn_total + c.points, "{c:?}");
    assert_eq!(c.keep_mask >> faces.len(), 0, "{c:?}");
    assert!(c.value.is_finite(), "{c:?}");
}

fn policy(rules: &FarkleRules, patience: u8, call: &Call) {
    let Call::Policy {
        on_board,
        faces,
        turn_total,
        threshold_dice,
    } = call
    else {
        return;
    };
    let mut p = Patience::new(patience);
    let mut handle: *mut FarkleTurnPolicy = ptr::null_mut();
    // SAFETY: valid pointers; the progress function and its user data outlive the call.
    let status = unsafe {
        farkle_turn_policy_new_with_progress(
            rules,
            *on_board,
            Some(impatient),
            ptr::addr_of_mut!(p).cast(),
            &mut handle,
        )
    };
    assert!(solve_status(status), "{status:?}");
    if status != FarkleStatus::Ok {
        assert!(handle.is_null());
        assert!(!last_error().is_empty());
        return;
    }
    let faces = &faces[..faces.len().min(16)];
    // SAFETY (below): a live policy, valid buffers and out pointers.
    let expected = out(|x| unsafe { farkle_turn_policy_expected_points(handle, x) });
    let expected = expected.expect("expected points of a live policy");
    assert!(expected.is_finite() && expected >= 0.0, "{expected}");
    let choice = out(|c| unsafe {
        farkle_turn_policy_best_choice(handle, faces.as_ptr(), faces.len(), *turn_total, c)
    });
    match choice {
        Ok(c) => check_choice(&c, faces, *turn_total),
        Err(s) => assert!(
            matches!(
                s,
                FarkleStatus::InvalidFace
                    | FarkleStatus::TooManyDice
                    | FarkleStatus::InvalidArgument
            ),
            "{s:?}"
        ),
    }
    if (0..=FARKLE_MAX_TURN_TOTAL).contains(turn_total) && !faces.is_empty() {
        // Within range, only the faces can be wrong, or the turn total off the grid of the
        // policy's granularity (a turn total such as 210 under a granularity of 50, or under
        // singles_only_before_entry off the board that of the single-only scoring), which
        // the value refuses alike.
        if let Err(s) = choice {
            if s == FarkleStatus::InvalidArgument {
                let why = last_error();
                assert!(why.contains("not a multiple of"), "{turn_total}: {why}");
                assert!(*turn_total > 0, "turn total 0 refused");
                let value = out(|v| unsafe {
                    farkle_turn_policy_value(handle, *turn_total, 1, u8::from(*on_board), v)
                });
                assert_eq!(
                    value.err(),
                    Some(FarkleStatus::InvalidArgument),
                    "{turn_total}"
                );
            }
        }
    }
    let threshold =
        out(|t| unsafe { farkle_turn_policy_bank_threshold(handle, *threshold_dice, t) });
    match threshold {
        Ok(t) => assert!(t == -1 || t >= 0, "{t}"),
        Err(s) => assert_eq!(s, FarkleStatus::InvalidArgument),
    }
    // The value of a position: finite and not negative where the arguments are in range;
    // asked of the other on-board situation it is refused.
    let board = u8::from(*on_board);
    let value = out(|v| unsafe {
        farkle_turn_policy_value(handle, *turn_total, *threshold_dice, board, v)
    });
    match value {
        Ok(v) => assert!(v.is_finite() && v >= 0.0, "{v}"),
        Err(s) => assert_eq!(s, FarkleStatus::InvalidArgument),
    }
    let other = out(|v| unsafe {
        farkle_turn_policy_value(handle, *turn_total, *threshold_dice, 1 - board, v)
    });
    assert_eq!(other.err(), Some(FarkleStatus::InvalidArgument));
    // SAFETY: from farkle_turn_policy_new_with_progress, freed once.
    unsafe { farkle_turn_policy_free(handle) };
}

/// The per-streak penalty policy: created like the average (cancellable), then asked about
/// streaks and dice counts taken from `patience`, in range or not.
fn penalty_policy(rules: &FarkleRules, patience: u8) {
    let mut p = Patience::new(patience);
    let mut handle: *mut FarklePenaltyPolicy = ptr::null_mut();
    // SAFETY: valid pointers; the progress data outlives the call.
    let status = unsafe {
        farkle_penalty_policy_new_with_progress(
            rules,
            Some(impatient),
            ptr::addr_of_mut!(p).cast(),
            &mut handle,
        )
    };
    assert!(solve_status(status), "{status:?}");
    if status != FarkleStatus::Ok {
        assert!(handle.is_null());
        return;
    }
    let farkles = u32::from(patience % 8);
    let dice = u32::from(patience / 8 % 16);
    // SAFETY (below): a live policy and valid out pointers.
    let average = out(|a| unsafe { farkle_penalty_policy_average_points(handle, a) });
    assert!(average.expect("average of a live policy").is_finite());
    match out(|t| unsafe { farkle_penalty_policy_bank_threshold(handle, farkles, dice, t) }) {
        Ok(t) => assert!(t == -1 || t >= 0, "{t}"),
        Err(s) => assert_eq!(s, FarkleStatus::InvalidArgument),
    }
    match out(|v| unsafe { farkle_penalty_policy_relative_value(handle, farkles, v) }) {
        Ok(v) => assert!(v.is_finite(), "{v}"),
        Err(s) => assert_eq!(s, FarkleStatus::InvalidArgument),
    }
    // SAFETY: from farkle_penalty_policy_new_with_progress, freed once.
    unsafe { farkle_penalty_policy_free(handle) };
}

fn game(rules: &FarkleRules, patience: u8, call: &Call) {
    let Call::Game {
        seed,
        players,
        bots,
    } = call
    else {
        return;
    };
    let players = u32::from(players % 4) + 1;
    let mut g: *mut FarkleGame = ptr::null_mut();
    // SAFETY: valid pointers.
    let status = unsafe { farkle_game_new(rules, players, *seed, &mut g) };
    if status != FarkleStatus::Ok {
        assert_eq!(status, FarkleStatus::InvalidRules);
        return;
    }
    let mut p = Patience::new(patience);
    let before = save(g);
    // SAFETY: a live game; the progress data outlives the call.
    let prepared =
        unsafe { farkle_game_prepare_advice(g, Some(impatient), ptr::addr_of_mut!(p).cast()) };
    assert!(solve_status(prepared) && prepared != FarkleStatus::InvalidRules);
    assert_eq!(save(g), before, "preparing advice changes no game state");
    for &kind in bots.iter().take(8) {
        let kind = u32::from(kind % 4);
        // Without a prepared policy the optimal bots would solve it without progress (and
        // without a way to stop it early): only the others play then.
        let kind = if prepared == FarkleStatus::Ok {
            kind
        } else {
            kind % 2
        };
        let before = save(g);
        let mut advice = MaybeUninit::<FarkleAdvice>::uninit();
        let mut count = 0usize;
        if prepared == FarkleStatus::Ok {
            // SAFETY: a live game and valid out pointers.
            let s = unsafe {
                farkle_game_advise(
                    g,
                    ptr::null(),
                    advice.as_mut_ptr(),
                    ptr::null_mut(),
                    0,
                    &mut count,
                )
            };
            assert!(
                matches!(
                    s,
                    FarkleStatus::Ok | FarkleStatus::GameOver | FarkleStatus::InvalidArgument
                ),
                "{s:?}"
            );
        }
        // Kind 3 without a table is refused: NULL table.
        let table = ptr::null();
        // SAFETY: a live game.
        let s = unsafe { farkle_game_bot_play_turn(g, kind, table, *seed) };
        match s {
            FarkleStatus::Ok => {}
            FarkleStatus::GameOver
            | FarkleStatus::ResourceLimit
            | FarkleStatus::NullPointer
            | FarkleStatus::InvalidArgument
            | FarkleStatus::Unsupported => {
                assert_eq!(
                    save(g),
                    before,
                    "a refused bot turn changes nothing ({s:?})"
                );
            }
            other => panic!("bot kind {kind}: {other:?}"),
        }
    }
    // SAFETY: from farkle_game_new, freed once.
    unsafe { farkle_game_free(g) };
}

fn player(p: (i32, u8, u32)) -> FarklePlayer {
    FarklePlayer {
        score: p.0,
        on_board: p.1,
        farkles: p.2,
    }
}

fn solve(rules: &FarkleRules, patience: u8, call: &Call) {
    let Call::Solve { queries } = call else {
        return;
    };
    let mut p = Patience::new(patience);
    let mut t: *mut FarkleWinTable = ptr::null_mut();
    // SAFETY: valid pointers; the progress data outlives the call.
    let status = unsafe {
        farkle_win_table_solve(rules, Some(impatient), ptr::addr_of_mut!(p).cast(), &mut t)
    };
    assert!(solve_status(status), "{status:?}");
    if status != FarkleStatus::Ok {
        assert!(t.is_null());
        return;
    }
    // SAFETY (below): a live table and valid pointers.
    let first = out(|x| unsafe { farkle_win_table_first_player_win_probability(t, x) });
    assert!((0.0..=1.0).contains(&first.expect("first player")));
    for q in queries.iter().take(8) {
        let state = FarkleTurnState {
            me: player(q.me),
            opponent: player(q.opponent),
            turn_total: q.turn_total,
            dice: q.dice,
        };
        match out(|x| unsafe { farkle_win_table_win_probability(t, &state, x) }) {
            Ok(v) => assert!((0.0..=1.0).contains(&v), "{v}"),
            Err(s) => assert_eq!(s, FarkleStatus::InvalidArgument),
        }
        let faces = &q.faces[..q.faces.len().min(16)];
        let choice = out(|c| unsafe {
            farkle_win_table_best_choice(
                t,
                &state.me,
                &state.opponent,
                q.turn_total,
                faces.as_ptr(),
                faces.len(),
                c,
            )
        });
        match choice {
            Ok(c) => {
                check_choice(&c, faces, q.turn_total);
                assert!((0.0..=1.0).contains(&c.value), "{c:?}");
            }
            Err(s) => assert!(matches!(
                s,
                FarkleStatus::InvalidArgument
                    | FarkleStatus::InvalidFace
                    | FarkleStatus::TooManyDice
            )),
        }
    }
    // The saved form loads back (and passes the check against its rules).
    let bytes = table_bytes(t);
    let mut back: *mut FarkleWinTable = ptr::null_mut();
    // SAFETY: the bytes just written.
    let s = unsafe { farkle_win_table_from_buffer(bytes.as_ptr(), bytes.len(), &mut back) };
    assert_eq!(s, FarkleStatus::Ok, "{}", last_error());
    // SAFETY: both from this library, freed once.
    unsafe {
        farkle_win_table_free(back);
        farkle_win_table_free(t);
    }
}

fuzz_target!(|input: Input| {
    let rules = input.rules.rules();
    let valid = rules_valid(&rules);
    let patience = input.patience % 8;
    for call in input.calls.iter().take(4) {
        match call {
            Call::Odds { dice } => {
                // SAFETY: valid pointers.
                let odds = out(|o| unsafe { farkle_odds(&rules, *dice, o) });
                match odds {
                    Ok(o) => {
                        assert!(valid);
                        assert!((0.0..=1.0).contains(&o.farkle_probability));
                        assert!(o.farkle_numerator <= o.farkle_denominator);
                    }
                    Err(s) => assert!(matches!(
                        s,
                        FarkleStatus::InvalidRules | FarkleStatus::InvalidArgument
                    )),
                }
            }
            Call::Penalty => {
                let mut p = Patience::new(patience);
                let mut average = f64::NAN;
                // SAFETY: valid pointers; the progress data outlives the call.
                let s = unsafe {
                    farkle_penalty_average_points_with_progress(
                        &rules,
                        Some(impatient),
                        ptr::addr_of_mut!(p).cast(),
                        &mut average,
                    )
                };
                assert!(solve_status(s), "{s:?}");
                assert_eq!(s == FarkleStatus::Ok, average.is_finite());
                penalty_policy(&rules, patience);
            }
            Call::Policy { .. } => policy(&rules, patience, call),
            Call::Game { .. } => game(&rules, patience, call),
            Call::Solve { .. } => solve(&rules, patience, call),
        }
    }
});

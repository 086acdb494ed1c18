// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Random sequences of C API calls on one to three games with random rules (valid or not),
//! some started from a position (farkle_game_new_at), some under piggybacking: every action
//! in every phase, bad indices and player numbers, NULL pointers, out-of-range
//! enum values passed as integers, saves, loads and loads of damaged saves. After every call
//! the game's invariants are checked through the C API, and a refused call must leave the
//! game's save text byte-identical.

#![no_main]

use std::ffi::{c_char, CString};
use std::mem::MaybeUninit;
use std::ptr;

use farkle::ffi::error::{farkle_status_str, FarkleStatus};
use farkle::ffi::game::*;
use farkle::ffi::game_position::{farkle_game_new_at, FarkleGamePosition, FarklePlayerPosition};
use farkle::ffi::history::*;
use farkle::ffi::saved_game::farkle_game_save;
use farkle::ffi::scoring::{farkle_combination_kind_name, FarkleSelection};
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

#[path = "common/mod.rs"]
mod common;

use common::{check_game, check_round_trip, load, out, state, RulesSpec};

#[derive(Debug, Arbitrary)]
struct GameSpec {
    rules: RulesSpec,
    /// Makes the game short: 0 keeps the rules, else a small target score or turn limit (the
    /// low 4 bits); bit 4 turns piggybacking on; bit 5 starts the game from a position.
    short: u8,
    players: u8,
    /// A FarkleDiceSource value as an integer (anything past 2 is refused).
    source: u8,
    seed: u64,
    /// Bit i: player i gets a name (bit 7: through farkle_game_new instead).
    names: u8,
}

#[derive(Debug, Arbitrary)]
enum Op {
    Roll(u8),
    /// Supplied dice: `exact` rolls as many as are in hand with faces folded into 1..=6.
    RollDice {
        g: u8,
        faces: Vec<u8>,
        exact: bool,
    },
    Select {
        g: u8,
        indices: Vec<u8>,
    },
    /// One of the legal selections (progress), or a raw mask.
    SelectLegal {
        g: u8,
        which: u8,
    },
    SelectMask {
        g: u8,
        mask: u16,
    },
    Toggle {
        g: u8,
        index: u8,
    },
    Confirm(u8),
    Undo(u8),
    Bank(u8),
    Acknowledge(u8),
    Forfeit(u8),
    Piggyback(u8),
    Leave {
        g: u8,
        player: u32,
    },
    /// Plays `steps` sensible actions (roll, take the best selection, bank when allowed).
    Play {
        g: u8,
        steps: u8,
    },
    Query {
        g: u8,
        index: u32,
        capacity: u8,
    },
    Null {
        g: u8,
        which: u8,
        count: u8,
    },
    /// Replaces the game with its reloaded save (and tries a damaged copy).
    SaveLoad {
        g: u8,
        damage: Vec<(u16, u8)>,
    },
    New {
        g: u8,
        spec: GameSpec,
    },
}

#[derive(Debug, Arbitrary)]
struct Input {
    games: Vec<GameSpec>,
    ops: Vec<Op>,
}

/// Creates a game from a spec through the C API; `None` when the library refuses it (which
/// must be for a documented reason).
fn create(spec: &GameSpec) -> Option<*mut FarkleGame> {
    let mut rules = spec.rules.rules();
    match spec.short % 4 {
        1 => rules.target_score = [50, 300, 1000, 3000][usize::from(spec.short / 4 % 4)],
        2 => {
            rules.turn_limit = u32::from(spec.short / 4 % 4) + 1;
            rules.target_score = 0;
            rules.final_round = 0;
        }
        _ => {}
    }
    if spec.short & 0x10 != 0 {
        rules.piggybacking = 1;
    }
    let valid = common::rules_valid(&rules);
    let players = u32::from(spec.players % 70);
    if spec.short & 0x20 != 0 {
        return create_at(spec, &rules, valid, players);
    }
    let mut game: *mut FarkleGame = ptr::null_mut();
    let status = if spec.names & 0x80 != 0 {
        // SAFETY: valid pointers.
        unsafe { farkle_game_new(&rules, players, spec.seed, &mut game) }
    } else {
        let names: Vec<CString> = (0..players)
            .map(|i| CString::new(format!("p\u{e9}{i}")).expect("no NUL"))
            .collect();
        let pointers: Vec<*const c_char> = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                if spec.names >> (i % 7) & 1 == 1 {
                    n.as_ptr()
                } else {
                    ptr::null()
                }
            })
            .collect();
        let source = u32::from(spec.source % 5);
        // SAFETY: `players` readable name pointers, each NULL or NUL-terminated.
        unsafe {
            farkle_game_new_with(
                &rules,
                pointers.as_ptr(),
                players,
                source,
                spec.seed,
                &mut game,
            )
        }
    };
    let expected_ok =
        valid && (1..=64).contains(&players) && (spec.names & 0x80 != 0 || spec.source % 5 <= 2);
    if !expected_ok {
        assert_ne!(status, FarkleStatus::Ok, "{rules:?} {players}");
        assert!(matches!(
            status,
            FarkleStatus::InvalidRules | FarkleStatus::InvalidArgument
        ));
        assert!(game.is_null(), "out_game written on failure");
        return None;
    }
    assert_eq!(status, FarkleStatus::Ok);
    assert!(!game.is_null());
    check_game(game);
    Some(game)
}

/// Creates a game at a position drawn from the seed through farkle_game_new_at(): scores in
/// steps of 50 (on the board when above 0), a player to move and a round. The library may
/// refuse the position (a score at the target, a round past the turn limit, ...), always with
/// INVALID_ARGUMENT; on success the game starts there.
fn create_at(
    spec: &GameSpec,
    rules: &farkle::ffi::rules::FarkleRules,
    valid: bool,
    players: u32,
) -> Option<*mut FarkleGame> {
    let seed = spec.seed;
    let entries: Vec<FarklePlayerPosition> = (0..players)
        .map(|i| {
            let score = i64::from((seed >> (i % 16 * 4) & 0xf) as u8) * 50;
            FarklePlayerPosition {
                score,
                on_board: u8::from(score > 0),
                consecutive_farkles: (seed >> 60) as u32 % 3,
            }
        })
        .collect();
    let position = FarkleGamePosition {
        player_to_move: if players == 0 {
            0
        } else {
            (seed >> 32) as u32 % players
        },
        round: (seed >> 40) as u32 % 3 + 1,
    };
    let mut game: *mut FarkleGame = ptr::null_mut();
    // SAFETY: valid pointers; `players` entries; unnamed players.
    let status = unsafe {
        farkle_game_new_at(
            rules,
            &position,
            entries.as_ptr(),
            ptr::null(),
            players,
            u32::from(spec.source % 3),
            seed,
            &mut game,
        )
    };
    if status != FarkleStatus::Ok {
        assert!(
            matches!(
                status,
                FarkleStatus::InvalidRules | FarkleStatus::InvalidArgument
            ),
            "{status:?}"
        );
        assert!(game.is_null(), "out_game written on failure");
        return None;
    }
    assert!(valid && (1..=64).contains(&players));
    check_game(game);
    let s = state(game);
    assert_eq!(s.current_player, position.player_to_move);
    assert_eq!(s.round, position.round);
    assert_eq!(s.piggyback_dice, 0, "no offer at a starting position");
    Some(game)
}

fn pick(games: &[*mut FarkleGame], g: u8) -> *mut FarkleGame {
    games[usize::from(g) % games.len()]
}

/// Runs one action and checks the documented contract: a refused call changes nothing; the
/// `can_*` flags predict success.
fn act(game: *mut FarkleGame, op: &Op, before: &str) {
    let st = state(game);
    let status = match op {
        // SAFETY (every call below): a live game; buffers valid for their lengths.
        Op::Roll(_) => {
            let s = unsafe { farkle_game_roll(game) };
            if s == FarkleStatus::Ok {
                assert!(st.can_roll && st.has_generator);
            } else if st.can_roll && st.has_generator {
                assert_eq!(s, FarkleStatus::EntropyUnavailable);
            }
            s
        }
        Op::RollDice { faces, exact, .. } => {
            let faces: Vec<u8> = if *exact {
                let mut f: Vec<u8> = faces.iter().map(|f| f % 6 + 1).collect();
                f.resize(st.dice_in_hand as usize, 3);
                f
            } else {
                faces.clone()
            };
            let s = unsafe { farkle_game_roll_dice(game, faces.as_ptr(), faces.len()) };
            let plausible = faces.len() == st.dice_in_hand as usize
                && faces.iter().all(|f| (1..=6).contains(f));
            assert_eq!(
                s == FarkleStatus::Ok,
                st.can_roll && plausible,
                "{s:?} {st:?}"
            );
            s
        }
        Op::Select { indices, .. } => {
            let indices: Vec<usize> = indices.iter().map(|&i| usize::from(i % 16)).collect();
            unsafe { farkle_game_select(game, indices.as_ptr(), indices.len()) }
        }
        Op::SelectLegal { which, .. } => {
            let mut buf = [MaybeUninit::<FarkleSelection>::uninit(); 728];
            let mut n = 0usize;
            let s = unsafe { farkle_game_selections(game, buf[0].as_mut_ptr(), 728, &mut n) };
            assert_eq!(s, FarkleStatus::Ok);
            if n == 0 {
                assert_ne!(st.phase, FarkleGamePhase::AwaitingSelection);
                unsafe { farkle_game_select_mask(game, u16::from(*which)) }
            } else {
                // SAFETY: `n` entries written.
                let sel = unsafe { buf[usize::from(*which) % n].assume_init() };
                let s = unsafe { farkle_game_select_mask(game, sel.dice_mask) };
                assert_eq!(s, FarkleStatus::Ok, "a legal selection was refused");
                s
            }
        }
        Op::SelectMask { mask, .. } => unsafe { farkle_game_select_mask(game, *mask) },
        Op::Toggle { index, .. } => unsafe { farkle_game_toggle(game, usize::from(*index % 16)) },
        Op::Confirm(_) => unsafe { farkle_game_confirm(game) },
        Op::Undo(_) => {
            let s = unsafe { farkle_game_undo(game) };
            assert_eq!(s == FarkleStatus::Ok, st.can_undo);
            s
        }
        Op::Bank(_) => {
            let s = unsafe { farkle_game_bank(game) };
            assert_eq!(s == FarkleStatus::Ok, st.can_bank, "{s:?}");
            s
        }
        Op::Acknowledge(_) => {
            let s = unsafe { farkle_game_acknowledge_farkle(game) };
            assert_eq!(s == FarkleStatus::Ok, st.phase == FarkleGamePhase::Farkled);
            s
        }
        Op::Forfeit(_) => {
            let s = unsafe { farkle_game_forfeit_turn(game) };
            assert_eq!(s == FarkleStatus::Ok, st.can_forfeit);
            s
        }
        Op::Piggyback(_) => {
            let s = unsafe { farkle_game_piggyback(game) };
            assert_eq!(s == FarkleStatus::Ok, st.piggyback_dice > 0, "{s:?} {st:?}");
            if s == FarkleStatus::Ok {
                let now = state(game);
                assert_eq!(now.turn_points, st.piggyback_points);
                assert_eq!(now.dice_in_hand, st.piggyback_dice);
                assert_eq!(now.piggyback_dice, 0);
            }
            s
        }
        Op::Leave { player, .. } => {
            let p = player % 80;
            let s = unsafe { farkle_game_leave(game, p) };
            if s == FarkleStatus::Ok {
                assert!(p < st.player_count && st.phase != FarkleGamePhase::GameOver);
            }
            s
        }
        _ => unreachable!(),
    };
    // Statuses an action may return.
    assert!(
        (status as i32) <= 27
            && status != FarkleStatus::Panic
            && status != FarkleStatus::NullPointer,
        "{status:?}"
    );
    let after = check_game(game);
    if status == FarkleStatus::Ok {
        assert_ne!(after, before, "a successful action changed nothing: {op:?}");
        // SAFETY: a live game.
        assert_eq!(unsafe { *farkle_game_last_error(game) }, 0);
    } else {
        assert_eq!(
            after, before,
            "a refused call ({status:?}) changed the game: {op:?}"
        );
        // SAFETY: a live game; the message is NUL-terminated.
        assert_ne!(
            unsafe { *farkle_game_last_error(game) },
            0,
            "no message for {status:?}"
        );
    }
}

/// Sensible play for `steps` actions, to reach deep states (final rounds, game over).
fn play(game: *mut FarkleGame, steps: u8) {
    for _ in 0..steps {
        let st = state(game);
        // SAFETY (every call below): a live game.
        let s = match st.phase {
            FarkleGamePhase::GameOver => return,
            FarkleGamePhase::Farkled => unsafe { farkle_game_acknowledge_farkle(game) },
            FarkleGamePhase::AwaitingSelection => {
                // The best selection of the roll is always a legal one.
                let roll = out(|r| unsafe { farkle_game_last_roll(game, r) }).expect("a roll");
                unsafe { farkle_game_select_mask(game, roll.best_selection_mask) }
            }
            FarkleGamePhase::AwaitingRoll => {
                if st.piggyback_dice > 0 && st.piggyback_points >= 300 {
                    unsafe { farkle_game_piggyback(game) }
                } else if st.can_bank && (st.turn_points >= 300 || st.dice_in_hand <= 2) {
                    unsafe { farkle_game_bank(game) }
                } else if st.can_roll && st.has_generator {
                    unsafe { farkle_game_roll(game) }
                } else if st.can_roll {
                    let faces: Vec<u8> = (0..st.dice_in_hand)
                        .map(|i| ((st.round + i * 7 + st.current_player) % 6 + 1) as u8)
                        .collect();
                    unsafe { farkle_game_roll_dice(game, faces.as_ptr(), faces.len()) }
                } else if st.can_bank {
                    unsafe { farkle_game_bank(game) }
                } else if st.can_forfeit {
                    unsafe { farkle_game_forfeit_turn(game) }
                } else if st.can_undo {
                    unsafe { farkle_game_undo(game) }
                } else {
                    panic!("stuck: {st:?}");
                }
            }
        };
        assert_eq!(s, FarkleStatus::Ok, "{st:?}");
    }
    check_game(game);
}

/// Read-only queries with arbitrary indices and enum values.
fn query(game: *mut FarkleGame, index: u32, capacity: u8) {
    let st = state(game);
    let i = index as usize % 300;
    // SAFETY (every call below): a live game and writable outputs of the sizes given.
    unsafe {
        let p = out(|s| farkle_game_player(game, index % 70, s));
        assert_eq!(p.is_ok(), index % 70 < st.player_count);
        let name = out(|s| farkle_game_player_name(game, index % 70, s));
        if let Ok(name) = name {
            if !name.is_null() {
                std::ffi::CStr::from_ptr(name).to_str().expect("UTF-8 name");
            }
        }
        let count = out(|c| farkle_game_event_count(game, c)).expect("count");
        assert_eq!(out(|e| farkle_game_event(game, i, e)).is_ok(), i < count);
        let r = out(|r| farkle_game_turn_roll(game, i % 16, r));
        assert_eq!(r.is_ok(), i % 16 < st.turn_roll_count);
        let cap = usize::from(capacity % 12);
        let mut buf = vec![MaybeUninit::<FarkleSelection>::uninit(); cap];
        let mut n = 0usize;
        let ptr = if cap == 0 && index & 1 == 1 {
            ptr::null_mut()
        } else {
            buf.as_mut_ptr().cast()
        };
        let s = farkle_game_selections(game, ptr, cap, &mut n);
        assert!(matches!(s, FarkleStatus::Ok | FarkleStatus::BufferTooSmall));
        assert_eq!(s == FarkleStatus::BufferTooSmall, n > cap);
        // Names are NULL past the last value (the status text never is); a name is UTF-8.
        let wrapped = u32::from(capacity).wrapping_sub(128);
        assert!(!farkle_status_str(index as i32).is_null());
        for text in [
            farkle_game_phase_name(index),
            farkle_event_kind_name(index),
            farkle_status_str(index as i32),
            farkle_game_phase_name(wrapped),
            farkle_combination_kind_name(wrapped),
        ] {
            if !text.is_null() {
                std::ffi::CStr::from_ptr(text).to_str().expect("UTF-8");
            }
        }
        // Small numbers name the first values.
        assert!(!farkle_game_phase_name(0).is_null() && !farkle_event_kind_name(0).is_null());
    }
}

/// A NULL in one pointer position of one function: NULL_POINTER, nothing written, nothing
/// changed.
fn null_call(game: *mut FarkleGame, which: u8, count: u8) {
    let before = common::save(game);
    let n = usize::from(count % 4);
    let null = ptr::null_mut();
    // SAFETY (every call below): NULL pointers where the library must check; the others valid.
    let status = unsafe {
        match which % 25 {
            0 => farkle_game_roll(null),
            1 => farkle_game_roll_dice(null, [1u8; 4].as_ptr(), n),
            2 => farkle_game_roll_dice(game, ptr::null(), n.max(1)),
            3 => farkle_game_select(null, [0usize; 4].as_ptr(), n),
            4 => farkle_game_select(game, ptr::null(), n.max(1)),
            5 => farkle_game_select_mask(null, 1),
            6 => farkle_game_toggle(null, 0),
            7 => farkle_game_confirm(null),
            8 => farkle_game_undo(null),
            9 => farkle_game_bank(null),
            10 => farkle_game_acknowledge_farkle(null),
            11 => farkle_game_forfeit_turn(null),
            12 => farkle_game_leave(null, 0),
            13 => farkle_game_state(game, ptr::null_mut()),
            14 => farkle_game_player(game, 0, ptr::null_mut()),
            15 => farkle_game_player_name(game, 0, ptr::null_mut()),
            16 => farkle_game_rules(game, ptr::null_mut()),
            17 => farkle_game_winners(game, ptr::null_mut()),
            18 => farkle_game_selections(game, ptr::null_mut(), n.max(1), &mut 0),
            19 => farkle_game_selections(game, ptr::null_mut(), 0, ptr::null_mut()),
            20 => farkle_game_turn_roll(game, 0, ptr::null_mut()),
            21 => farkle_game_last_roll(game, ptr::null_mut()),
            22 => farkle_game_event(game, 0, ptr::null_mut()),
            23 => farkle_game_piggyback(null),
            _ => farkle_game_save(game, ptr::null_mut()),
        }
    };
    assert_eq!(status, FarkleStatus::NullPointer, "case {}", which % 25);
    assert_eq!(check_game(game), before);
}

fn free_all(games: &mut Vec<*mut FarkleGame>) {
    for g in games.drain(..) {
        // SAFETY: each game freed once.
        unsafe { farkle_game_free(g) };
    }
}

fuzz_target!(|input: Input| {
    let mut games: Vec<*mut FarkleGame> = input.games.iter().take(3).filter_map(create).collect();
    if games.is_empty() {
        return;
    }
    for op in input.ops.iter().take(400) {
        match op {
            Op::Play { g, steps } => play(pick(&games, *g), *steps % 64),
            Op::Query { g, index, capacity } => query(pick(&games, *g), *index, *capacity),
            Op::Null { g, which, count } => null_call(pick(&games, *g), *which, *count),
            Op::SaveLoad { g, damage } => {
                let slot = usize::from(*g) % games.len();
                let text = check_game(games[slot]);
                let loaded = load(text.as_bytes()).expect("a save loads");
                assert_eq!(check_game(loaded), text);
                // SAFETY: replaced by its reloaded copy, freed once.
                unsafe { farkle_game_free(games[slot]) };
                games[slot] = loaded;
                if !damage.is_empty() {
                    let mut bytes = text.into_bytes();
                    for &(at, byte) in damage.iter().take(8) {
                        let at = usize::from(at) % bytes.len();
                        bytes[at] = byte;
                    }
                    if let Ok(g) = load(&bytes) {
                        let text = check_game(g);
                        check_round_trip(&text);
                        // SAFETY: freed once.
                        unsafe { farkle_game_free(g) };
                    }
                }
            }
            Op::New { g, spec } => {
                if let Some(new) = create(spec) {
                    let slot = usize::from(*g) % games.len();
                    // SAFETY: replaced, freed once.
                    unsafe { farkle_game_free(games[slot]) };
                    games[slot] = new;
                }
            }
            Op::Roll(g)
            | Op::RollDice { g, .. }
            | Op::Select { g, .. }
            | Op::SelectLegal { g, .. }
            | Op::SelectMask { g, .. }
            | Op::Toggle { g, .. }
            | Op::Confirm(g)
            | Op::Undo(g)
            | Op::Bank(g)
            | Op::Acknowledge(g)
            | Op::Forfeit(g)
            | Op::Piggyback(g)
            | Op::Leave { g, .. } => {
                let game = pick(&games, *g);
                let before = common::save(game);
                act(game, op, &before);
            }
        }
    }
    for &g in &games {
        check_round_trip(&check_game(g));
    }
    free_all(&mut games);
});

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The C entry points called from Rust the way a C caller would: raw pointers, caller-owned
//! buffers, handles created, used and freed, strings handed out and returned. Small and fast
//! so that it also runs under Miri (`cargo +nightly miri test --test ffi_boundary`), which
//! checks every pointer the boundary reads or writes; the C programs in tests/c cover the
//! same ground under the sanitizers and valgrind, where Miri cannot go.

use std::ffi::{c_char, CStr, CString};
use std::mem::MaybeUninit;
use std::ptr;

use farkle::ffi::error::{farkle_status_str, FarkleStatus};
use farkle::ffi::game::*;
use farkle::ffi::game_position::*;
use farkle::ffi::hands::*;
use farkle::ffi::history::*;
use farkle::ffi::rules::*;
use farkle::ffi::saved_game::*;
use farkle::ffi::scorer::*;
use farkle::ffi::scoring::*;

fn classic() -> FarkleRules {
    let mut r = MaybeUninit::<FarkleRules>::uninit();
    // SAFETY: a writable out pointer.
    assert_eq!(
        unsafe { farkle_rules_preset(0, r.as_mut_ptr()) },
        FarkleStatus::Ok
    );
    // SAFETY: written on success.
    unsafe { r.assume_init() }
}

fn text(p: *const c_char) -> String {
    assert!(!p.is_null());
    // SAFETY: the library returns NUL-terminated strings.
    unsafe { CStr::from_ptr(p) }
        .to_str()
        .expect("UTF-8")
        .to_owned()
}

#[test]
fn static_strings_for_any_number() {
    // A status always has a printable description, even one from a newer library.
    for v in [-1, 0, 1, 12, 13, 29, 30, 1000, i32::MIN, i32::MAX] {
        assert!(!text(farkle_status_str(v)).is_empty());
    }
    // Enum names are NULL past the last value, so C can list them by counting up from 0.
    let named: [(extern "C" fn(u32) -> *const c_char, u32); 4] = [
        (farkle_game_phase_name, 4),
        (farkle_event_kind_name, 15),
        (farkle_combination_kind_name, 10),
        (farkle_rules_preset_name, 6),
    ];
    for (name_of, count) in named {
        for v in 0..count {
            assert!(!text(name_of(v)).is_empty(), "{v}");
        }
        for v in [count, count + 1, 1000, u32::MAX] {
            assert!(name_of(v).is_null(), "{v}");
        }
    }
    assert_eq!(text(farkle_game_phase_name(0)), "awaiting a roll");
    assert_eq!(text(farkle_combination_kind_name(5)), "three pairs");
    assert_eq!(text(farkle_rules_preset_name(5)), "zilch");
    assert!(farkle_hands_name(0).is_null());
    assert!(farkle_hands_name(14).is_null());
}

#[test]
fn rules_messages_are_truncated_and_terminated() {
    let mut r = classic();
    r.dice_count = 0;
    let mut small = [0x55u8; 8];
    // SAFETY: valid pointers; the buffer is 8 bytes.
    let status =
        unsafe { farkle_rules_validate(&raw const r, small.as_mut_ptr().cast(), small.len()) };
    assert_eq!(status, FarkleStatus::InvalidRules);
    assert_eq!(small[7], 0);
    assert_eq!(
        CStr::from_bytes_until_nul(&small).unwrap().to_bytes().len(),
        7
    );
    let name = CString::new("ZiLcH").unwrap();
    let mut preset = 0u32;
    // SAFETY: a NUL-terminated name and a writable out pointer.
    let found = unsafe { farkle_rules_preset_from_name(name.as_ptr(), &raw mut preset) };
    assert_eq!(found, FarkleStatus::Ok);
    assert_eq!(preset, 5);
}

#[test]
fn scoring_through_caller_buffers() {
    let rules = classic();
    let faces = [1u8, 5, 1];
    let mut score = MaybeUninit::<FarkleScore>::uninit();
    // SAFETY (every call below): valid pointers and lengths.
    unsafe {
        let s = farkle_score_selection(&raw const rules, faces.as_ptr(), 3, score.as_mut_ptr());
        assert_eq!(s, FarkleStatus::Ok);
        let score = score.assume_init();
        assert!(score.valid);
        // Two single 1s (100 each) and a single 5 (50).
        assert_eq!(score.points, 250);
        assert_eq!(score.combination_count, 3);

        let mut needed = 0usize;
        let s = farkle_roll_selections(
            &raw const rules,
            faces.as_ptr(),
            3,
            ptr::null_mut(),
            0,
            &raw mut needed,
        );
        assert_eq!(s, FarkleStatus::BufferTooSmall);
        let mut list = vec![MaybeUninit::<FarkleSelection>::uninit(); needed];
        let mut written = 0usize;
        let s = farkle_roll_selections(
            &raw const rules,
            faces.as_ptr(),
            3,
            list.as_mut_ptr().cast(),
            list.len(),
            &raw mut written,
        );
        assert_eq!(s, FarkleStatus::Ok);
        // {1}, {5}, {1,1}, {1,5}, {1,1,5}, best first.
        assert_eq!(written, 5);
        assert_eq!(list[0].assume_init().points, 250);

        let mut scorer = ptr::null_mut();
        assert_eq!(
            farkle_scorer_new(&raw const rules, &raw mut scorer),
            FarkleStatus::Ok
        );
        let mut analysis = MaybeUninit::<FarkleRollAnalysis>::uninit();
        let s = farkle_scorer_roll_analyze(scorer, faces.as_ptr(), 3, analysis.as_mut_ptr());
        assert_eq!(s, FarkleStatus::Ok);
        assert_eq!(analysis.assume_init().max_points, 250);
        let s = farkle_scorer_score_selection(scorer, [7u8].as_ptr(), 1, ptr::null_mut());
        assert_eq!(s, FarkleStatus::NullPointer);
        farkle_scorer_free(scorer);
    }
}

#[test]
fn hands_through_caller_buffers() {
    let faces = [2u8, 2, 5, 5, 6];
    let mut levels = MaybeUninit::<FarkleHandLevels>::uninit();
    let mut bonuses = MaybeUninit::<FarkleHandBonuses>::uninit();
    let mut hands = [MaybeUninit::<FarkleHand>::uninit(); 2];
    let mut of_die = [0u8; 5];
    let mut result = MaybeUninit::<FarkleHandsResult>::uninit();
    // SAFETY: buffers of the lengths given.
    unsafe {
        assert_eq!(
            farkle_hands_levels_default(levels.as_mut_ptr()),
            FarkleStatus::Ok
        );
        assert_eq!(
            farkle_hands_bonuses_default(bonuses.as_mut_ptr()),
            FarkleStatus::Ok
        );
        let s = farkle_hands_score(
            faces.as_ptr(),
            faces.len(),
            levels.as_ptr(),
            bonuses.as_ptr(),
            hands.as_mut_ptr().cast(),
            hands.len(),
            of_die.as_mut_ptr(),
            of_die.len(),
            result.as_mut_ptr(),
        );
        assert_eq!(s, FarkleStatus::Ok);
        let result = result.assume_init();
        assert_eq!(result.hand_count, 1);
        assert_eq!(hands[0].assume_init().kind, FarkleHandKind::TwoPair);
        assert_eq!(of_die, [0, 0, 0, 0, FARKLE_HANDS_NO_HAND]);
        let mut levels = levels.assume_init();
        levels.levels[0] = 6;
        let mut cost = 0u64;
        let s = farkle_hands_upgrade_cost(&raw const levels, 2, &raw mut cost);
        assert_eq!(s, FarkleStatus::HandLevelAboveCap);
        assert_eq!(cost, 0);
    }
}

fn state(game: *const FarkleGame) -> FarkleGameState {
    let mut st = MaybeUninit::<FarkleGameState>::uninit();
    // SAFETY: a live game and a writable out pointer.
    assert_eq!(
        unsafe { farkle_game_state(game, st.as_mut_ptr()) },
        FarkleStatus::Ok
    );
    // SAFETY: written on success.
    unsafe { st.assume_init() }
}

/// Loads a save that must load, and checks that it saves back to the same text.
fn load_ok(saved: &str) -> *mut FarkleGame {
    let mut loaded = ptr::null_mut();
    // SAFETY: a buffer of saved.len() bytes and a writable out pointer.
    let s = unsafe {
        farkle_game_load(
            saved.as_ptr().cast(),
            saved.len(),
            ptr::null_mut(),
            0,
            &raw mut loaded,
        )
    };
    assert_eq!(s, FarkleStatus::Ok);
    assert_eq!(save(loaded), saved);
    loaded
}

fn save(game: *const FarkleGame) -> String {
    let mut out: *mut c_char = ptr::null_mut();
    // SAFETY: a live game and a writable out pointer.
    assert_eq!(
        unsafe { farkle_game_save(game, &raw mut out) },
        FarkleStatus::Ok
    );
    let s = text(out);
    // SAFETY: from farkle_game_save, freed once.
    unsafe { farkle_string_free(out) };
    s
}

#[test]
fn a_game_through_handles() {
    let rules = classic();
    let ann = CString::new("Ann").unwrap();
    let names = [ann.as_ptr(), ptr::null()];
    let mut game = ptr::null_mut();
    // SAFETY (every call below): live handles and buffers of the lengths given.
    unsafe {
        let s = farkle_game_new_with(&raw const rules, names.as_ptr(), 2, 2, 0, &raw mut game);
        assert_eq!(s, FarkleStatus::Ok);
        drop(ann); // the game keeps its own copy
        let mut name: *const c_char = ptr::null();
        assert_eq!(
            farkle_game_player_name(game, 0, &raw mut name),
            FarkleStatus::Ok
        );
        assert_eq!(text(name), "Ann");
        assert_eq!(
            farkle_game_player_name(game, 1, &raw mut name),
            FarkleStatus::Ok
        );
        assert!(name.is_null());

        assert_eq!(farkle_game_roll(game), FarkleStatus::NoDiceGenerator);
        assert!(!text(farkle_game_last_error(game)).is_empty());
        let faces = [1u8, 1, 1, 5, 2, 3];
        assert_eq!(
            farkle_game_roll_dice(game, faces.as_ptr(), 6),
            FarkleStatus::Ok
        );
        assert_eq!(text(farkle_game_last_error(game)), "");
        let dup = [0usize, 0];
        assert_eq!(
            farkle_game_select(game, dup.as_ptr(), 2),
            FarkleStatus::DuplicateIndex
        );
        assert_eq!(farkle_game_toggle(game, 6), FarkleStatus::IndexOutOfRange);
        for i in 0..4 {
            assert_eq!(farkle_game_toggle(game, i), FarkleStatus::Ok);
        }
        assert_eq!(farkle_game_confirm(game), FarkleStatus::Ok);
        assert_eq!(state(game).turn_points, 1050);
        let mut roll = MaybeUninit::<FarkleTurnRoll>::uninit();
        assert_eq!(
            farkle_game_last_roll(game, roll.as_mut_ptr()),
            FarkleStatus::Ok
        );
        assert_eq!(roll.assume_init().selection_mask, 0b1111);
        assert_eq!(farkle_game_bank(game), FarkleStatus::Ok);
        assert_eq!(state(game).current_player, 1);

        let mut count = 0usize;
        assert_eq!(
            farkle_game_event_count(game, &raw mut count),
            FarkleStatus::Ok
        );
        let mut event = MaybeUninit::<FarkleEvent>::uninit();
        assert_eq!(
            farkle_game_event(game, count - 1, event.as_mut_ptr()),
            FarkleStatus::Ok
        );
        assert_eq!(event.assume_init().kind, FarkleEventKind::TurnStarted);
        assert_eq!(
            farkle_game_event(game, count, event.as_mut_ptr()),
            FarkleStatus::IndexOutOfRange
        );

        // Save, damage, load with a short message buffer, load intact, compare, free.
        let saved = save(game);
        let damaged = saved.replace("\"Ann\"", "\"Bob\"");
        let mut message = [0x55u8; 16];
        let mut loaded = ptr::null_mut();
        let s = farkle_game_load(
            damaged.as_ptr().cast(),
            damaged.len(),
            message.as_mut_ptr().cast(),
            message.len(),
            &raw mut loaded,
        );
        assert_eq!(s, FarkleStatus::InvalidSave);
        assert!(loaded.is_null());
        assert_eq!(message[15], 0);
        let loaded = load_ok(&saved);
        assert_eq!(farkle_game_leave(loaded, 1), FarkleStatus::Ok);
        assert_eq!(state(loaded).phase, FarkleGamePhase::GameOver);
        let mut winners = 0u64;
        assert_eq!(
            farkle_game_winners(loaded, &raw mut winners),
            FarkleStatus::Ok
        );
        assert_eq!(winners, 0b01);
        farkle_game_free(loaded);
        farkle_game_free(game);
    }
}

/// A game from a position: the players' entries read through a pointer and a count, every
/// byte value of on_board (only 0 and 1 accepted, the player named otherwise), and the game
/// saved and loaded from its position.
#[test]
fn a_game_from_a_position_through_handles() {
    let rules = classic();
    let position = FarkleGamePosition {
        player_to_move: 1,
        round: 12,
    };
    let mut players = [
        FarklePlayerPosition {
            score: 9_500,
            on_board: 1,
            consecutive_farkles: 0,
        },
        FarklePlayerPosition {
            score: 9_000,
            on_board: 1,
            consecutive_farkles: 0,
        },
    ];
    // SAFETY (every call below): live handles and buffers of the lengths given.
    unsafe {
        for byte in 2..=u8::MAX {
            players[1].on_board = byte;
            let mut game = ptr::null_mut();
            let s = farkle_game_new_at(
                &raw const rules,
                &raw const position,
                players.as_ptr(),
                ptr::null(),
                2,
                2,
                0,
                &raw mut game,
            );
            assert_eq!(s, FarkleStatus::InvalidArgument);
            assert!(game.is_null());
            let message = text(farkle::ffi::error::farkle_last_error_message());
            assert!(message.contains("players[1].on_board"), "{message}");
        }
        players[1].on_board = 1;
        let mut game = ptr::null_mut();
        let s = farkle_game_new_at(
            &raw const rules,
            &raw const position,
            players.as_ptr(),
            ptr::null(),
            2,
            2,
            0,
            &raw mut game,
        );
        assert_eq!(s, FarkleStatus::Ok);
        let st = state(game);
        assert_eq!((st.current_player, st.round), (1, 12));
        let mut back = [FarklePlayerPosition::default(); 3];
        let mut got = FarkleGamePosition {
            player_to_move: 0,
            round: 0,
        };
        let mut count = 0usize;
        let s =
            farkle_game_start_position(game, &raw mut got, back.as_mut_ptr(), 3, &raw mut count);
        assert_eq!(s, FarkleStatus::Ok);
        assert_eq!((count, got.player_to_move, got.round), (2, 1, 12));
        assert_eq!((back[1].score, back[1].on_board), (9_000, 1));
        // Bob: three 1s are 1000, banking 10,000 at the target: the final round is Ann's.
        let faces = [1u8, 1, 1, 2, 3, 4];
        assert_eq!(
            farkle_game_roll_dice(game, faces.as_ptr(), 6),
            FarkleStatus::Ok
        );
        assert_eq!(farkle_game_select_mask(game, 0b111), FarkleStatus::Ok);
        assert_eq!(farkle_game_bank(game), FarkleStatus::Ok);
        let st = state(game);
        assert!(st.final_round && st.final_round_player == 1);
        assert_eq!((st.current_player, st.round), (0, 13));
        let loaded = load_ok(&save(game));
        assert_eq!(state(loaded).final_round_player, 1);
        farkle_game_free(loaded);
        farkle_game_free(game);
    }
}

/// Every byte value in each flag of FarkleRules, as a C caller's memset or fread leaves it:
/// the library reads the flags as bytes, so no value is undefined behaviour (Miri checks the
/// reads), accepts exactly 0 and 1 and names the field otherwise, and a game under accepted
/// rules saves and reloads.
#[test]
fn every_byte_value_of_every_rules_flag() {
    let mut base = classic();
    base.dice_count = 3; // small scorer tables, so that Miri gets through
                         // The flags, from the library's own description of the struct (its offsets are checked
                         // against offsetof by tests/c/rules_bytes.c).
    let flags: Vec<(String, usize)> = (0..farkle_rules_field_count())
        .map(|i| {
            let mut field = std::mem::MaybeUninit::uninit();
            // SAFETY: a valid index and a writable output.
            assert_eq!(
                unsafe { farkle_rules_field(i, field.as_mut_ptr()) },
                FarkleStatus::Ok
            );
            // SAFETY: written on success.
            unsafe { field.assume_init() }
        })
        .filter(|f| f.kind == FarkleRulesFieldKind::Flag)
        .map(|f| {
            // SAFETY: the name is a static NUL-terminated string.
            let name = unsafe { CStr::from_ptr(f.name) };
            (name.to_str().unwrap().to_owned(), f.offset)
        })
        .collect();
    assert!(flags.len() >= 8, "{flags:?}");
    for (name, offset) in &flags {
        let name = name.as_str();
        for value in 0..=255u8 {
            let mut r = base;
            // SAFETY: a flag is one byte of `r`, at the offset the library gives.
            unsafe { (&raw mut r).cast::<u8>().add(*offset).write(value) };
            let mut message = [0u8; 128];
            // SAFETY: valid pointers; the buffer is 128 bytes.
            let status = unsafe {
                farkle_rules_validate(&raw const r, message.as_mut_ptr().cast(), message.len())
            };
            if value > 1 {
                assert_eq!(status, FarkleStatus::InvalidRules, "{name} = {value}");
                let text = CStr::from_bytes_until_nul(&message)
                    .unwrap()
                    .to_str()
                    .unwrap();
                assert_eq!(text, format!("{name} is {value}; a flag is 0 or 1"));
                continue;
            }
            assert_eq!(status, FarkleStatus::Ok, "{name} = {value}");
            let mut game = ptr::null_mut();
            // SAFETY: valid rules and out pointer; the game is freed below.
            unsafe {
                assert_eq!(
                    farkle_game_new(&raw const r, 2, 5, &raw mut game),
                    FarkleStatus::Ok
                );
                let mut dice = [1u8, 5, 2];
                assert_eq!(
                    farkle_game_roll_dice(game, dice.as_mut_ptr(), 3),
                    FarkleStatus::Ok
                );
                let saved = save(game);
                let flag = format!("\"{name}\":{}", value == 1);
                // The four flags of the first save format are always written; the ones
                // appended later only when on, so that saves without them stay as they were.
                let appended = !matches!(
                    name,
                    "three_pairs_with_four_of_a_kind"
                        | "final_round"
                        | "farkle_penalty_loses_all"
                        | "hot_dice"
                );
                if appended && value == 0 {
                    assert!(!saved.contains(&format!("\"{name}\"")), "{name} in {saved}");
                } else {
                    assert!(saved.contains(&flag), "{flag} in {saved}");
                }
                farkle_game_free(load_ok(&saved));
                farkle_game_free(game);
            }
        }
    }
}

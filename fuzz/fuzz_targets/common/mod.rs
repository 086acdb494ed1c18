// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Shared by the fuzz targets: rules values drawn from fuzz input (valid and invalid), and the
//! invariants a game must keep, checked through the C entry points only.

#![allow(dead_code)]

use std::ffi::{c_char, CStr};
use std::mem::MaybeUninit;
use std::ptr;

use farkle::ffi::error::FarkleStatus;
use farkle::ffi::game::*;
use farkle::ffi::game_position::{
    farkle_game_start_position, FarkleGamePosition, FarklePlayerPosition,
};
use farkle::ffi::history::*;
use farkle::ffi::rules::{farkle_rules_preset, farkle_rules_validate, FarkleRules};
use farkle::ffi::saved_game::{farkle_game_load, farkle_game_save, farkle_string_free};
use farkle::ffi::scoring::FarkleSelection;
use libfuzzer_sys::arbitrary::{self, Arbitrary};

/// Values a tweaked rules field takes: ordinary points, the edges of the valid ranges
/// (1,000,000 per combination; 1,000,000,000 for score settings) and values past them.
/// A small set, so that fuzz inputs often repeat rules and hit the scorer cache.
pub const PALETTE: [i32; 16] = [
    0,
    1,
    50,
    100,
    150,
    300,
    500,
    1000,
    1500,
    2500,
    166_666,
    1_000_000,
    1_000_001,
    1_000_000_000,
    -1,
    i32::MIN,
];

/// How a fuzz input describes a rules value.
#[derive(Debug, Clone, Arbitrary)]
pub enum RulesSpec {
    /// A preset as is, perhaps with another dice count (`dice` 0 keeps the preset's).
    Preset { preset: u8, dice: u8 },
    /// A preset with up to three fields set from [`PALETTE`] (field numbers in declaration
    /// order, 28 fields; integers past the palette's length are used raw).
    Tweaked {
        preset: u8,
        dice: u8,
        tweaks: [(u8, u8); 3],
    },
    /// Every field raw: almost always invalid.
    Raw([u32; farkle::rules::RULES_FIELDS]),
}

fn preset_rules(number: u8) -> FarkleRules {
    let mut r = MaybeUninit::<FarkleRules>::uninit();
    let presets = farkle::Preset::ALL.len() as u8;
    // SAFETY: a valid out pointer.
    let status = unsafe { farkle_rules_preset(u32::from(number % presets), r.as_mut_ptr()) };
    assert_eq!(status, FarkleStatus::Ok);
    // SAFETY: written on success.
    unsafe { r.assume_init() }
}

/// Sets field `index` (declaration order, modulo the number of fields) of `r` to the raw value
/// `v` (a flag takes its low byte, so values other than 0 and 1 reach the validation too).
pub fn set_field(r: &mut FarkleRules, index: u8, v: u32) {
    r.set_field_word(usize::from(index) % farkle::rules::RULES_FIELDS, v);
}

/// A dice count from a byte: usually the common 6 (cheap scorer tables), sometimes any of
/// 0..=13 (0 and 13 are invalid).
fn dice_of(byte: u8, preset: u32) -> u32 {
    match byte {
        0 => preset,
        1..=191 => 6,
        _ => u32::from(byte % 14),
    }
}

impl RulesSpec {
    pub fn rules(&self) -> FarkleRules {
        match *self {
            RulesSpec::Preset { preset, dice } => {
                let mut r = preset_rules(preset);
                r.dice_count = dice_of(dice, r.dice_count);
                r
            }
            RulesSpec::Tweaked {
                preset,
                dice,
                tweaks,
            } => {
                let mut r = preset_rules(preset);
                r.dice_count = dice_of(dice, r.dice_count);
                for (field, value) in tweaks {
                    let v = match PALETTE.get(usize::from(value)) {
                        Some(&p) => p as u32,
                        None => u32::from(value - PALETTE.len() as u8),
                    };
                    set_field(&mut r, field, v);
                }
                r
            }
            RulesSpec::Raw(values) => {
                let mut r = preset_rules(0);
                for (i, &v) in values.iter().enumerate() {
                    set_field(&mut r, i as u8, v);
                }
                r
            }
        }
    }
}

/// Whether the library accepts `rules`.
pub fn rules_valid(rules: &FarkleRules) -> bool {
    // SAFETY: a valid rules pointer; no message buffer.
    let status = unsafe { farkle_rules_validate(rules, ptr::null_mut(), 0) };
    assert!(matches!(
        status,
        FarkleStatus::Ok | FarkleStatus::InvalidRules
    ));
    status == FarkleStatus::Ok
}

/// Writes through an out pointer and returns the value on success.
pub fn out<T>(f: impl FnOnce(*mut T) -> FarkleStatus) -> Result<T, FarkleStatus> {
    let mut value = MaybeUninit::<T>::uninit();
    match f(value.as_mut_ptr()) {
        // SAFETY: the library writes the output on success.
        FarkleStatus::Ok => Ok(unsafe { value.assume_init() }),
        status => Err(status),
    }
}

/// A table's saved form through farkle_win_table_to_buffer (asking for the size first).
pub fn table_bytes(t: *const farkle::ffi::win_table::FarkleWinTable) -> Vec<u8> {
    use farkle::ffi::win_table::farkle_win_table_to_buffer;
    let mut size = 0usize;
    // SAFETY: a live table; asking for the size.
    let s = unsafe { farkle_win_table_to_buffer(t, ptr::null_mut(), 0, &mut size) };
    assert_eq!(s, FarkleStatus::BufferTooSmall);
    let mut bytes = vec![0u8; size];
    // SAFETY: a buffer of `size` bytes.
    let s = unsafe { farkle_win_table_to_buffer(t, bytes.as_mut_ptr(), size, &mut size) };
    assert_eq!(s, FarkleStatus::Ok);
    bytes
}

/// The game's save text (through farkle_game_save and farkle_string_free).
pub fn save(game: *const FarkleGame) -> String {
    let mut text: *mut c_char = ptr::null_mut();
    // SAFETY: a live game and a writable out pointer.
    let status = unsafe { farkle_game_save(game, &mut text) };
    assert_eq!(status, FarkleStatus::Ok);
    assert!(!text.is_null());
    // SAFETY: a NUL-terminated string from the library, freed once below.
    let s = unsafe { CStr::from_ptr(text) }
        .to_str()
        .expect("saves are UTF-8")
        .to_owned();
    // SAFETY: from farkle_game_save, not yet freed.
    unsafe { farkle_string_free(text) };
    s
}

/// Loads `bytes`; on success the game (caller frees), otherwise the status, after checking the
/// message buffer protocol.
pub fn load(bytes: &[u8]) -> Result<*mut FarkleGame, FarkleStatus> {
    let mut message = [0x55u8; 64];
    let mut game: *mut FarkleGame = ptr::null_mut();
    // SAFETY: valid buffers of the lengths given.
    let status = unsafe {
        farkle_game_load(
            bytes.as_ptr().cast(),
            bytes.len(),
            message.as_mut_ptr().cast(),
            message.len(),
            &mut game,
        )
    };
    match status {
        FarkleStatus::Ok => {
            assert!(!game.is_null());
            Ok(game)
        }
        FarkleStatus::InvalidSave | FarkleStatus::UnsupportedSaveVersion => {
            assert!(game.is_null(), "out_game written on failure");
            let nul = message.iter().position(|&b| b == 0).expect("terminated");
            assert!(nul > 0, "an empty message");
            std::str::from_utf8(&message[..nul]).expect("a UTF-8 message (truncated whole)");
            Err(status)
        }
        other => panic!("farkle_game_load returned {other:?}"),
    }
}

/// Checks that a save loads into a game whose own save is the same text, and frees it.
pub fn check_round_trip(text: &str) {
    let loaded = load(text.as_bytes()).expect("a save of this library loads");
    assert_eq!(save(loaded), text, "save -> load -> save changed the text");
    // SAFETY: from farkle_game_load, freed once.
    unsafe { farkle_game_free(loaded) };
}

fn event(game: *const FarkleGame, i: usize) -> FarkleEvent {
    // SAFETY: a live game and a writable out pointer.
    out(|e| unsafe { farkle_game_event(game, i, e) }).expect("an index below the count")
}

fn player(game: *const FarkleGame, p: u32) -> FarklePlayerState {
    // SAFETY: a live game and a writable out pointer.
    out(|s| unsafe { farkle_game_player(game, p, s) }).expect("a player below the count")
}

/// The game's state.
pub fn state(game: *const FarkleGame) -> FarkleGameState {
    // SAFETY: a live game and a writable out pointer.
    out(|s| unsafe { farkle_game_state(game, s) }).expect("state of a live game")
}

/// Per-player totals rebuilt from the event log.
#[derive(Default, Clone, Copy, Debug)]
struct Tally {
    banked: i64,
    penalties: i64,
    penalty_count: u32,
    farkles: u32,
    hot_dice: u32,
    forfeited: i64,
    last_score: Option<i64>,
    left: bool,
    best_turn: i64,
    banked_once: bool,
}

/// Checks every invariant of a live game through the C API and returns its save text.
pub fn check_game(game: *const FarkleGame) -> String {
    let st = state(game);
    let rules = out(|r| unsafe { farkle_game_rules(game, r) }).expect("rules");
    assert!(rules_valid(&rules), "a live game holds invalid rules");
    assert_eq!(st.dice_count, rules.dice_count);
    let n = st.player_count;
    assert!((1..=64).contains(&n), "{st:?}");
    assert!(st.current_player < n);
    assert!(st.round >= 1);
    assert!(st.dice_in_hand <= st.dice_count, "{st:?}");
    let phase = st.phase as u32;
    assert!(phase <= 3);
    let over = st.phase == FarkleGamePhase::GameOver;
    assert!((st.dice_source as u32) <= 2);
    assert_eq!(
        st.has_generator,
        st.dice_source != FarkleDiceSource::Supplied
    );

    // Players and the event log agree, from the position the game started at: a positive
    // score counts as banked, a negative one as taken by penalties.
    let mut start = vec![FarklePlayerPosition::default(); n as usize];
    let mut start_count = 0usize;
    let mut start_position = FarkleGamePosition {
        player_to_move: u32::MAX,
        round: 0,
    };
    // SAFETY: a live game, writable outputs, and `n` writable entries.
    let status = unsafe {
        farkle_game_start_position(
            game,
            &mut start_position,
            start.as_mut_ptr(),
            start.len(),
            &mut start_count,
        )
    };
    assert_eq!(status, FarkleStatus::Ok);
    assert_eq!(start_count, n as usize);
    assert!(start_position.player_to_move < n && start_position.round >= 1);
    let mut tally: Vec<Tally> = start
        .iter()
        .map(|p| {
            assert!(p.on_board <= 1);
            Tally {
                banked: p.score.max(0),
                penalties: (-p.score).max(0),
                last_score: Some(p.score),
                banked_once: p.on_board == 1,
                ..Tally::default()
            }
        })
        .collect();
    let count = out(|c| unsafe { farkle_game_event_count(game, c) }).expect("event count");
    assert!(count >= 1);
    assert_eq!(
        out(|e| unsafe { farkle_game_event(game, count, e) }).err(),
        Some(FarkleStatus::IndexOutOfRange)
    );
    let mut game_over_events = 0;
    // Whether the latest selection emptied the hand into hot dice (undo takes them back).
    let mut latest_selection_hot = false;
    // The points the current turn took over from the previous one (piggybacking).
    let mut taken_over = 0i64;
    for i in 0..count {
        let e = event(game, i);
        assert!((e.kind as u32) <= 14);
        let p = e.player as usize;
        if e.kind != FarkleEventKind::GameOver {
            assert!(p < n as usize, "{e:?}");
        }
        let t = &mut tally[p.min(n as usize - 1)];
        match e.kind {
            FarkleEventKind::Banked => {
                t.banked += e.points;
                t.best_turn = t.best_turn.max(e.points);
                t.last_score = Some(e.score);
                t.banked_once = true;
            }
            FarkleEventKind::Penalty => {
                t.penalties += e.points;
                t.penalty_count += 1;
                t.last_score = Some(e.score);
            }
            FarkleEventKind::Farkled => {
                t.farkles += 1;
                t.forfeited += e.points;
            }
            FarkleEventKind::TurnForfeited => t.forfeited += e.points,
            FarkleEventKind::Selected => latest_selection_hot = false,
            FarkleEventKind::HotDice => {
                t.hot_dice += 1;
                latest_selection_hot = true;
            }
            // Undoing the selection that emptied the hand takes its hot dice back; the log
            // keeps both events, and other players may leave in between.
            FarkleEventKind::Undone => {
                if latest_selection_hot {
                    t.hot_dice -= 1;
                }
                latest_selection_hot = false;
            }
            FarkleEventKind::PlayerLeft => {
                assert!(!t.left, "a player left twice");
                t.left = true;
            }
            FarkleEventKind::GameOver => {
                game_over_events += 1;
                assert_eq!(e.winners, st.winners);
            }
            FarkleEventKind::TurnStarted => taken_over = 0,
            FarkleEventKind::Piggybacked => {
                assert!(e.dice_count >= 1 && e.dice_count < st.dice_count, "{e:?}");
                taken_over = e.points;
            }
            FarkleEventKind::Rolled => {
                assert!(e.dice_count >= 1 && e.dice_count <= st.dice_count, "{e:?}");
                let k = e.dice_count as usize;
                assert!(e.faces[..k].iter().all(|f| (1..=6).contains(f)));
                assert!(e.faces[k..].iter().all(|&f| f == 0));
            }
            _ => {}
        }
    }
    assert_eq!(game_over_events, usize::from(over));

    let mut active = 0;
    let mut best_active: Option<i64> = None;
    for (p, t) in tally.iter().enumerate() {
        let s = player(game, p as u32);
        assert_eq!(s.banked_points, t.banked, "player {p}");
        assert_eq!(s.penalty_points, t.penalties, "player {p}");
        assert_eq!(s.score, s.banked_points - s.penalty_points, "player {p}");
        assert_eq!(s.score, t.last_score.unwrap_or(0), "player {p}");
        assert_eq!(s.penalty_count, t.penalty_count);
        assert_eq!(s.farkle_count, t.farkles);
        assert_eq!(s.hot_dice_count, t.hot_dice);
        assert_eq!(s.forfeited_points, t.forfeited);
        assert_eq!(s.best_turn, t.best_turn);
        assert_eq!(s.active, !t.left);
        assert_eq!(s.on_board, t.banked_once, "player {p}");
        if s.active {
            active += 1;
            best_active = best_active.max(Some(s.score));
        }
        let name = out(|nm| unsafe { farkle_game_player_name(game, p as u32, nm) })
            .expect("name of a player");
        assert_eq!(name.is_null(), !s.has_name);
    }
    assert_eq!(st.active_player_count, active);
    assert_eq!(
        out(|s| unsafe { farkle_game_player(game, n, s) }).err(),
        Some(FarkleStatus::UnknownPlayer)
    );

    // Piggybacking: an offer stands only under the rule, before the first roll of a turn,
    // and takes over some but not all dice.
    if st.piggyback_dice > 0 {
        assert!(rules.piggybacking == 1, "{st:?}");
        assert_eq!(st.phase, FarkleGamePhase::AwaitingRoll);
        assert!(st.turn_roll_count == 0 && st.turn_points == 0, "{st:?}");
        assert!(
            st.piggyback_dice < st.dice_count && st.piggyback_points >= 0,
            "{st:?}"
        );
    } else {
        assert_eq!(st.piggyback_points, 0, "{st:?}");
    }

    // Whose turn, and who won.
    let winners = out(|w| unsafe { farkle_game_winners(game, w) });
    if over {
        assert!(!st.can_roll && !st.can_bank && !st.can_undo && !st.can_forfeit);
        assert_eq!(winners, Ok(st.winners));
        for (p, _) in tally.iter().enumerate() {
            let s = player(game, p as u32);
            let won = st.winners >> p & 1 == 1;
            assert!(!won || s.active, "a departed player won");
            assert_eq!(won, s.active && Some(s.score) == best_active, "player {p}");
        }
        assert!(n >= 64 || st.winners >> n == 0);
    } else {
        assert_eq!(winners, Err(FarkleStatus::WrongPhase));
        assert_eq!(st.winners, 0);
        assert!(player(game, st.current_player).active, "{st:?}");
        assert!(active >= 1);
    }
    assert!(st.final_round_player < n);
    assert!(st.final_round || st.final_round_player == 0);

    // The current turn.
    let rolls = out(|c| unsafe { farkle_game_turn_roll_count(game, c) }).expect("roll count");
    assert_eq!(rolls, st.turn_roll_count);
    assert_eq!(
        out(|r| unsafe { farkle_game_turn_roll(game, rolls, r) }).err(),
        Some(FarkleStatus::IndexOutOfRange)
    );
    let mut selected_points = taken_over;
    let mut last = None;
    for i in 0..rolls {
        let r = out(|r| unsafe { farkle_game_turn_roll(game, i, r) }).expect("a roll");
        let k = r.dice_count as usize;
        assert!(k >= 1 && k <= st.dice_count as usize);
        assert!(r.faces[..k].iter().all(|f| (1..=6).contains(f)));
        assert!(r.faces[k..].iter().all(|&f| f == 0));
        let dice_bits = ((1u32 << k) - 1) as u16;
        assert_eq!(r.selection_mask & !dice_bits, 0);
        assert_eq!(r.scoring_dice_mask & !dice_bits, 0);
        assert_eq!(r.best_selection_mask & !dice_bits, 0);
        assert_eq!(r.is_farkle, r.max_points == 0 && r.scoring_dice_mask == 0);
        if r.has_selection {
            assert!(!r.is_farkle);
            assert!(r.points <= r.max_points);
            assert_eq!(
                r.selection_counts
                    .iter()
                    .map(|&c| u32::from(c))
                    .sum::<u32>(),
                r.selection_mask.count_ones()
            );
            let combos = &r.combinations[..r.combination_count];
            assert_eq!(
                combos.iter().map(|c| i64::from(c.points)).sum::<i64>(),
                i64::from(r.points)
            );
            assert_eq!(
                combos.iter().fold(0u16, |m, c| {
                    assert_eq!(m & c.dice_mask, 0, "combinations overlap");
                    m | c.dice_mask
                }),
                r.selection_mask
            );
            selected_points += i64::from(r.points);
        } else {
            assert_eq!(r.points, 0);
            assert_eq!(r.selection_mask, 0);
        }
        last = Some(r);
    }
    let last_roll = out(|r| unsafe { farkle_game_last_roll(game, r) });
    match last {
        None => assert_eq!(last_roll.err(), Some(FarkleStatus::NoRoll)),
        Some(l) => {
            let got = last_roll.expect("last roll");
            assert_eq!(got.faces, l.faces);
            assert_eq!(got.selection_mask, l.selection_mask);
        }
    }
    match st.phase {
        FarkleGamePhase::Farkled => {
            assert_eq!(st.turn_points, 0, "{st:?}");
            assert_eq!(st.turn_forfeited_points, selected_points, "{st:?}");
        }
        FarkleGamePhase::GameOver => {}
        _ => {
            assert_eq!(st.turn_points, selected_points, "{st:?}");
            assert_eq!(st.turn_forfeited_points, 0, "{st:?}");
        }
    }

    // What the phase allows.
    let mut selections = [MaybeUninit::<FarkleSelection>::uninit(); 8];
    let mut needed = 0usize;
    // SAFETY: a buffer of 8 entries and a writable count.
    let status =
        unsafe { farkle_game_selections(game, selections[0].as_mut_ptr(), 8, &mut needed) };
    assert!(matches!(
        status,
        FarkleStatus::Ok | FarkleStatus::BufferTooSmall
    ));
    match st.phase {
        FarkleGamePhase::AwaitingSelection => {
            let l = last.expect("a roll awaits a selection");
            assert!(!l.is_farkle && !l.has_selection);
            assert!(needed >= 1);
            assert_eq!(st.dice_in_hand, l.dice_count);
            assert_eq!(st.pending_mask & !(((1u32 << l.dice_count) - 1) as u16), 0);
            assert!(!st.can_roll && !st.can_bank && !st.can_undo);
        }
        FarkleGamePhase::Farkled => {
            assert!(last.expect("a farkled roll").is_farkle);
            assert_eq!(needed, 0);
            assert!(!st.can_roll && !st.can_bank && !st.can_undo);
        }
        _ => assert_eq!(needed, 0),
    }
    if st.phase != FarkleGamePhase::AwaitingSelection {
        assert_eq!(st.pending_mask, 0, "{st:?}");
    }
    if status == FarkleStatus::Ok {
        // SAFETY: `needed` entries were written.
        for s in &selections[..needed] {
            let s = unsafe { s.assume_init() };
            let k = last.expect("a roll").dice_count;
            assert_eq!(s.dice_mask & !(((1u32 << k) - 1) as u16), 0);
            assert_eq!(u32::from(s.dice_count), s.dice_mask.count_ones());
        }
    }
    assert!(!farkle_game_phase_name(phase as u32).is_null());
    save(game)
}

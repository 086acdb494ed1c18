// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A game's roll / select / bank path allocates nothing once it runs: dice and combinations
//! are stored inline, a turn's list of rolls keeps its memory from one turn to the next, and a
//! successful C call sets no message. Counted with a global allocator that counts, over a long
//! stretch of play through the C entry points after a warm-up. The only allocations allowed
//! are the event log's own growth: it keeps every event of the game, so it doubles now and
//! then (a handful of times in tens of thousands of turns), never once per action. Only the
//! playing thread's allocations count: the test harness's own thread may still be setting up
//! when a fast build reaches the counted stretch.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use farkle::ffi::error::FarkleStatus;
use farkle::ffi::game::*;
use farkle::ffi::history::*;
use farkle::ffi::rules::*;

struct Counting;

thread_local! {
    /// Whether this thread's allocations are counted.
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

fn counting() -> bool {
    COUNTING.with(Cell::get)
}

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if counting() {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller's layout, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: a block from System.alloc with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if counting() {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: a block from this allocator, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Plays `turns` turns of a two-player game through the C API the way a simple frontend
/// does: roll, keep the best selection, bank at 300 points or more when allowed, else roll
/// on; acknowledge farkles.
fn play(game: *mut FarkleGame, turns: usize) {
    let mut done = 0;
    let mut state = std::mem::MaybeUninit::<FarkleGameState>::uninit();
    let mut roll = std::mem::MaybeUninit::<FarkleTurnRoll>::uninit();
    while done < turns {
        // SAFETY: a live game and writable out pointers throughout.
        unsafe {
            assert_eq!(
                farkle_game_state(game, state.as_mut_ptr()),
                FarkleStatus::Ok
            );
            let st = state.assume_init_ref();
            match st.phase {
                FarkleGamePhase::AwaitingRoll => {
                    if st.can_bank && (st.turn_points >= 300 || !st.can_roll) {
                        assert_eq!(farkle_game_bank(game), FarkleStatus::Ok);
                        done += 1;
                    } else {
                        assert_eq!(farkle_game_roll(game), FarkleStatus::Ok);
                    }
                }
                FarkleGamePhase::AwaitingSelection => {
                    assert_eq!(
                        farkle_game_last_roll(game, roll.as_mut_ptr()),
                        FarkleStatus::Ok
                    );
                    let mask = roll.assume_init_ref().best_selection_mask;
                    assert_eq!(farkle_game_select_mask(game, mask), FarkleStatus::Ok);
                }
                FarkleGamePhase::Farkled => {
                    assert_eq!(farkle_game_acknowledge_farkle(game), FarkleStatus::Ok);
                    done += 1;
                }
                FarkleGamePhase::GameOver => unreachable!("no target, no turn limit here"),
            }
        }
    }
}

#[test]
fn roll_select_bank_allocate_nothing_in_the_steady_state() {
    let mut rules = std::mem::MaybeUninit::<FarkleRules>::uninit();
    // SAFETY: a writable out pointer.
    assert_eq!(
        unsafe { farkle_rules_preset(FARKLE_PRESET_CLASSIC_NUMBER, rules.as_mut_ptr()) },
        FarkleStatus::Ok
    );
    // SAFETY: written on success.
    let mut rules = unsafe { rules.assume_init() };
    // A game that never ends: a target beyond reach in the turns played here.
    rules.target_score = 1_000_000_000;
    let mut game = std::ptr::null_mut();
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { farkle_game_new(&raw const rules, 2, 2026, &raw mut game) },
        FarkleStatus::Ok
    );
    play(game, 2_000);
    let mut events_before = 0usize;
    // SAFETY: a live game.
    assert_eq!(
        unsafe { farkle_game_event_count(game, &raw mut events_before) },
        FarkleStatus::Ok
    );

    COUNTING.with(|c| c.set(true));
    play(game, 50_000);
    COUNTING.with(|c| c.set(false));
    let allocations = ALLOCATIONS.load(Ordering::Relaxed);

    let mut events_after = 0usize;
    // SAFETY: a live game.
    assert_eq!(
        unsafe { farkle_game_event_count(game, &raw mut events_after) },
        FarkleStatus::Ok
    );
    // The log at least doubled from about 10,000 events: it may reallocate once per doubling
    // (log2 of the growth, rounded up, plus one), and nothing else may allocate.
    let doublings = (events_after as f64 / events_before as f64).log2().ceil() as usize + 1;
    assert!(
        events_after > 4 * events_before,
        "{events_before} -> {events_after}"
    );
    assert!(
        allocations <= doublings,
        "{allocations} allocations in 50,000 turns ({events_before} -> {events_after} events)"
    );
    // SAFETY: from farkle_game_new, freed once.
    unsafe { farkle_game_free(game) };
}

/// The preset number of the classic rules, as C passes it.
const FARKLE_PRESET_CLASSIC_NUMBER: u32 = 0;

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The history of a game from C: the rolls of the current turn and the game's event log, both
//! walked by index into plain structs.

use std::ffi::c_char;
use std::ptr::addr_of_mut;

use strum::{EnumIter, EnumMessage};

use crate::ffi::boundary::{nth, out, Handle, Out};
use crate::ffi::error::{CEnum, FarkleStatus};
use crate::ffi::game::FarkleGame;
use crate::ffi::scoring::{FarkleCombination, EMPTY_COMBINATION, FARKLE_MAX_DICE};
use crate::game::history::{Event, RollRecord};

/// One roll of the current turn (an entry of the turn's roll history).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleTurnRoll {
    /// Number of dice rolled.
    pub dice_count: u32,
    /// The faces in roll order; entries past dice_count are 0.
    pub faces: [u8; FARKLE_MAX_DICE],
    /// Whether the game's generator rolled them (false: supplied by the caller).
    pub generated: bool,
    /// No selection of the roll scores.
    pub is_farkle: bool,
    /// Max roll points: the most any selection of the roll scores.
    pub max_points: i32,
    /// A selection scoring max_points (bit i = the i-th die); 0 for a farkle.
    pub best_selection_mask: u16,
    /// Dice that take part in some scoring selection.
    pub scoring_dice_mask: u16,
    /// Whether dice have been selected from this roll (false while a selection is awaited,
    /// after an undo, and for a farkle).
    pub has_selection: bool,
    /// The selected dice (bit i = the i-th die).
    pub selection_mask: u16,
    /// The selected dice as face counts.
    pub selection_counts: [u8; 6],
    /// Roll points: what the selection scored (0 without one), times the turn's hot-dice
    /// multiplier when it was made.
    pub points: i32,
    /// The selection took the last dice of the hand (hot dice when the rules allow it).
    pub emptied_hand: bool,
    /// Entries used in `combinations`.
    pub combination_count: usize,
    /// The combinations of the selection; each dice_mask indexes this roll's faces.
    pub combinations: [FarkleCombination; FARKLE_MAX_DICE],
}

/// The kind of a FarkleEvent.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleEventKind {
    /// A turn began: player, round.
    #[strum(message = "turn started\0")]
    TurnStarted = 0,
    /// A roll: player, dice_count and faces, generated.
    #[strum(message = "rolled\0")]
    Rolled = 1,
    /// A selection: player, mask (dice of the roll), points (roll points), automatic (the
    /// game set the dice aside itself).
    #[strum(message = "selected\0")]
    Selected = 2,
    /// A selection taken back: player, points.
    #[strum(message = "undone\0")]
    Undone = 3,
    /// Every die of the hand scored; the hand is the full set again: player.
    #[strum(message = "hot dice\0")]
    HotDice = 4,
    /// The turn was banked: player, points, score (the new banked score).
    #[strum(message = "banked\0")]
    Banked = 5,
    /// A roll scored nothing: player, points (the turn's forfeited points).
    #[strum(message = "farkled\0")]
    Farkled = 6,
    /// The farkle was acknowledged; the turn is over: player.
    #[strum(message = "farkle acknowledged\0")]
    FarkleAcknowledged = 7,
    /// A dead-end turn was forfeited: player, points (forfeited).
    #[strum(message = "turn forfeited\0")]
    TurnForfeited = 8,
    /// Consecutive farkles cost points: player, points (taken), score (left).
    #[strum(message = "penalty\0")]
    Penalty = 9,
    /// The player reached the target; the others get one more turn: player.
    #[strum(message = "final round\0")]
    FinalRound = 10,
    /// The player left the game: player.
    #[strum(message = "player left\0")]
    PlayerLeft = 11,
    /// The game is over: winners (bit i = player i).
    #[strum(message = "game over\0")]
    GameOver = 12,
    /// A bank past the exact target busted (FARKLE_EXACT_TARGET_BUST): the turn scored
    /// nothing: player, points (the turn's points lost), score (unchanged).
    #[strum(message = "busted\0")]
    Busted = 13,
    /// The player took over the turn the previous player banked (piggybacking): player,
    /// points (taken over), dice_count (the dice taken over, which the next roll rolls).
    #[strum(message = "piggybacked\0")]
    Piggybacked = 14,
}

c_enums!(FarkleEventKind);

/// One entry of the game's event log. Fields a kind does not use are 0.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleEvent {
    /// What happened; it says which of the other fields are used.
    pub kind: FarkleEventKind,
    /// The player concerned (0 for GAME_OVER).
    pub player: u32,
    /// The round (TURN_STARTED only).
    pub round: u32,
    /// Dice rolled (ROLLED), dice taken over (PIGGYBACKED).
    pub dice_count: u32,
    /// The faces rolled, in order (ROLLED only).
    pub faces: [u8; FARKLE_MAX_DICE],
    /// Whether the game's generator rolled the dice (ROLLED only).
    pub generated: bool,
    /// Whether the game set the dice aside itself, as they were rolled (SELECTED only: a
    /// straight or three pairs under auto_take_straight_and_three_pairs). It fills what was
    /// padding before it existed, so the struct's size and the offsets of the other fields
    /// are those of earlier versions.
    pub automatic: bool,
    /// Dice selected, bit i = the i-th die of the roll (SELECTED only).
    pub mask: u16,
    /// Points: roll points (SELECTED, UNDONE), banked (BANKED), forfeited (FARKLED,
    /// TURN_FORFEITED), taken (PENALTY), lost (BUSTED), taken over (PIGGYBACKED).
    pub points: i64,
    /// The player's banked score after the event (BANKED, PENALTY, BUSTED).
    pub score: i64,
    /// Bit i set for every winner (GAME_OVER only).
    pub winners: u64,
}

/// Writes the roll `r` straight into the caller's struct, every field once (unused
/// combinations zeroed): a game's rolls are read after each one, and a struct built and then
/// copied cost two copies of its 12 combinations.
fn write_turn_roll(r: &RollRecord, out: Out<FarkleTurnRoll>) {
    let mut faces = [0u8; FARKLE_MAX_DICE];
    faces[..r.dice.len()].copy_from_slice(&r.dice);
    let out = out.as_ptr();
    // SAFETY: `out` is non-null and writable (checked by `boundary::out`); no reference to
    // the caller's struct is made, only field pointers.
    let combinations = unsafe { addr_of_mut!((*out).combinations) }.cast::<FarkleCombination>();
    // Every entry zeroed at once (a fixed size: a few wide stores), the used ones then
    // written over: all zero bytes is EMPTY_COMBINATION.
    const _: () = assert!(EMPTY_COMBINATION.kind as u32 == 0);
    // SAFETY: `out` is writable, its FARKLE_MAX_DICE combinations included.
    unsafe { combinations.write_bytes(0, FARKLE_MAX_DICE) };
    let mut used = 0usize;
    if let Some(s) = &r.selection {
        for (c, mask) in s.combinations.iter().take(FARKLE_MAX_DICE) {
            // SAFETY: at most FARKLE_MAX_DICE combinations; `out` is writable.
            unsafe {
                combinations
                    .add(used)
                    .write(FarkleCombination::new(c, *mask));
            }
            used += 1;
        }
    }
    let selection = r.selection.as_ref();
    // SAFETY: `out` is writable; every other field is written exactly once.
    unsafe {
        addr_of_mut!((*out).dice_count).write(r.dice.len() as u32);
        addr_of_mut!((*out).faces).write(faces);
        addr_of_mut!((*out).generated).write(r.generated);
        addr_of_mut!((*out).is_farkle).write(r.is_farkle);
        addr_of_mut!((*out).max_points).write(r.max_points);
        addr_of_mut!((*out).best_selection_mask).write(r.best_selection_mask);
        addr_of_mut!((*out).scoring_dice_mask).write(r.scoring_mask);
        addr_of_mut!((*out).has_selection).write(selection.is_some());
        addr_of_mut!((*out).selection_mask).write(selection.map_or(0, |s| s.mask));
        addr_of_mut!((*out).selection_counts).write(selection.map_or([0; 6], |s| s.dice.0));
        addr_of_mut!((*out).points).write(selection.map_or(0, |s| s.points));
        addr_of_mut!((*out).emptied_hand).write(selection.is_some_and(|s| s.emptied_hand));
        addr_of_mut!((*out).combination_count).write(used);
    }
}

fn event(e: &Event) -> FarkleEvent {
    let mut out = FarkleEvent {
        kind: FarkleEventKind::GameOver,
        player: 0,
        round: 0,
        dice_count: 0,
        faces: [0; FARKLE_MAX_DICE],
        generated: false,
        automatic: false,
        mask: 0,
        points: 0,
        score: 0,
        winners: 0,
    };
    let (kind, player) = match e {
        Event::TurnStarted { player, round } => {
            out.round = *round;
            (FarkleEventKind::TurnStarted, *player)
        }
        Event::Rolled {
            player,
            dice,
            generated,
        } => {
            out.dice_count = dice.len() as u32;
            out.faces[..dice.len()].copy_from_slice(dice);
            out.generated = *generated;
            (FarkleEventKind::Rolled, *player)
        }
        Event::Selected {
            player,
            mask,
            points,
            automatic,
        } => {
            out.mask = *mask;
            out.points = (*points).into();
            out.automatic = *automatic;
            (FarkleEventKind::Selected, *player)
        }
        Event::Undone { player, points } => {
            out.points = (*points).into();
            (FarkleEventKind::Undone, *player)
        }
        Event::HotDice { player } => (FarkleEventKind::HotDice, *player),
        Event::Banked {
            player,
            points,
            score,
        } => {
            out.points = *points;
            out.score = *score;
            (FarkleEventKind::Banked, *player)
        }
        Event::Busted {
            player,
            points,
            score,
        } => {
            out.points = *points;
            out.score = *score;
            (FarkleEventKind::Busted, *player)
        }
        Event::Farkled { player, forfeited } => {
            out.points = *forfeited;
            (FarkleEventKind::Farkled, *player)
        }
        Event::FarkleAcknowledged { player } => (FarkleEventKind::FarkleAcknowledged, *player),
        Event::TurnForfeited { player, forfeited } => {
            out.points = *forfeited;
            (FarkleEventKind::TurnForfeited, *player)
        }
        Event::Penalty {
            player,
            points,
            score,
        } => {
            out.points = *points;
            out.score = *score;
            (FarkleEventKind::Penalty, *player)
        }
        Event::FinalRound { player } => (FarkleEventKind::FinalRound, *player),
        Event::PlayerLeft { player } => (FarkleEventKind::PlayerLeft, *player),
        Event::GameOver { winners } => {
            out.winners = *winners;
            (FarkleEventKind::GameOver, 0)
        }
        Event::Piggybacked {
            player,
            points,
            dice,
        } => {
            out.points = *points;
            out.dice_count = (*dice).into();
            (FarkleEventKind::Piggybacked, *player)
        }
    };
    out.kind = kind;
    out.player = player as u32;
    out
}

/// Writes the number of rolls in the current turn to `*out_count` (0 at the start of a turn).
/// The current turn stays readable after it ends (a bank, a farkle acknowledged) until the
/// next turn starts, and for good once the game is over. Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `game` must be NULL or a live game; `out_count` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_turn_roll_count(
    game: *const FarkleGame,
    out_count: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_count)?) };
        out.write(g.game.turn().rolls.len());
        Ok(())
    }
}

/// Writes roll `index` (0 = the first) of the current turn to `*out_roll`: dice, max roll
/// points, roll points, the selection and its combinations. Errors: FARKLE_STATUS_NULL_POINTER,
/// FARKLE_STATUS_INDEX_OUT_OF_RANGE (index >= farkle_game_turn_roll_count()).
///
/// # Safety
/// `game` must be NULL or a live game; `out_roll` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_turn_roll(
    game: *const FarkleGame,
    index: usize,
    out_roll: *mut FarkleTurnRoll,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_roll)?) };
        let rolls = &g.game.turn().rolls;
        let r = nth(rolls, index, |i, n| format!("roll {i} of a turn of {n} rolls"))?;
        write_turn_roll(r, out);
        Ok(())
    }
}

/// Writes the latest roll of the current turn to `*out_roll` (what a frontend shows, what a
/// bot decides on). Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_NO_ROLL (the turn has
/// not rolled yet).
///
/// # Safety
/// `game` must be NULL or a live game; `out_roll` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_last_roll(
    game: *const FarkleGame,
    out_roll: *mut FarkleTurnRoll,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_roll)?) };
        let r = g.game.turn().last_roll().ok_or(FarkleStatus::NoRoll)?;
        write_turn_roll(r, out);
        Ok(())
    }
}

/// Writes the number of events in the game's log to `*out_count`. The log only grows; the
/// first event is the first turn's TURN_STARTED. Errors: FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `game` must be NULL or a live game; `out_count` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_event_count(
    game: *const FarkleGame,
    out_count: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_count)?) };
        out.write(g.game.events().len());
        Ok(())
    }
}

/// Writes event `index` (0 = the first) of the game's log to `*out_event`.
/// Errors: FARKLE_STATUS_NULL_POINTER, FARKLE_STATUS_INDEX_OUT_OF_RANGE.
///
/// # Safety
/// `game` must be NULL or a live game; `out_event` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_event(
    game: *const FarkleGame,
    index: usize,
    out_event: *mut FarkleEvent,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (g, out) = unsafe { (FarkleGame::from_ptr(game)?, out(out_event)?) };
        let events = g.game.events();
        let e = nth(events, index, |i, n| format!("event {i} of a log of {n} events"))?;
        out.write(event(e));
        Ok(())
    }
}

/// The static English name of a FarkleEventKind value ("rolled", "banked", ...), or NULL for
/// any other number. Static; do not free.
#[no_mangle]
pub extern "C" fn farkle_event_kind_name(kind: u32) -> *const c_char {
    ffi_guard!(std::ptr::null(), FarkleEventKind::c_name_of(kind))
}

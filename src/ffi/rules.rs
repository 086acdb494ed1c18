// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleRules, the rules value C callers fill in, and the presets.

use std::ffi::{c_char, CStr};

use crate::ffi::error::{write_c_string, FarkleStatus};
use crate::rules::{KindScaling, Preset, Rules, RulesError};

/// The rules presets, one per source document (numbers for farkle_rules_preset()).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarklePreset {
    /// Classic Farkle: 4/5/6 of a kind x2/x3/x4 the triple, straight 1500, three pairs 1500,
    /// two triplets 2500, 500 to get on the board, 10,000 with a final round.
    Classic = 0,
    /// Six 1s 5000, straight 2000, three pairs 1250 (four of a kind + a pair counts), two
    /// triplets 2500, three farkles in a row cost 1000, first to bank 10,000 wins.
    Extended = 1,
    /// Kinds double per extra die, straights 1-5/2-6 1000 and 1-6 2500, three pairs 1500,
    /// 10,000 with a final round.
    Doubling = 2,
    /// Singles and sets only, each die beyond three adds another set's worth; 10 turns each,
    /// highest score wins.
    Additive = 3,
    /// Single 1s and 5s and three of a kind only; first to bank 10,000 wins.
    Minimal = 4,
    /// Zilch: kinds double, straight 1500, three pairs 1500, six dice with no score 500,
    /// 300 to bank, three zilches in a row cost 500, 10,000 with a final round.
    Zilch = 5,
}

/// How four or more of a kind score (values of FarkleRules.kind_scaling).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarkleKindScaling {
    /// n of a kind = the triple x (n - 2).
    Multiply = 0,
    /// n of a kind = the triple x 2^(n - 3).
    Double = 1,
    /// Four, five, six of a kind are worth four_of_a_kind, five_of_a_kind, six_of_a_kind.
    Fixed = 2,
    /// Only three of a kind; extra dice score on their own.
    TripleOnly = 3,
}

/// A rules value: every scoring combination and game option. Get one from
/// farkle_rules_preset(), change fields, and pass it by pointer; every function validates the
/// rules it is given (farkle_rules_validate() explains a rejection). Point values of 0 disable a
/// combination. Plain data: copy it freely.
///
/// Every field is a plain integer, so any bytes at all (a memset, a fread, a field assigned
/// from an int) make a value the library can check: the four flags hold 0 or 1 (true and
/// false assign those), and any other value is refused with FARKLE_STATUS_INVALID_RULES
/// naming the field.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FarkleRules {
    /// Dice in the set, 1 to FARKLE_MAX_DICE (12).
    pub dice_count: u32,
    /// A single 1 (classic 100).
    pub single_one: i32,
    /// A single 5 (classic 50).
    pub single_five: i32,
    /// Three 1s (usually 1000, 300 in some variants).
    pub triple_ones: i32,
    /// Three of face f (2 to 6) is worth f x this (usually 100).
    pub triple_face_multiplier: i32,
    /// A FarkleKindScaling value.
    pub kind_scaling: u32,
    /// Four of a kind when kind_scaling is FARKLE_KIND_SCALING_FIXED.
    pub four_of_a_kind: i32,
    /// Five of a kind when kind_scaling is FARKLE_KIND_SCALING_FIXED.
    pub five_of_a_kind: i32,
    /// Six of a kind when kind_scaling is FARKLE_KIND_SCALING_FIXED.
    pub six_of_a_kind: i32,
    /// Six 1s; overrides the scaling when non-zero.
    pub six_ones: i32,
    /// The straight 1-2-3-4-5-6.
    pub straight: i32,
    /// The partial straight 1-2-3-4-5.
    pub straight_low: i32,
    /// The partial straight 2-3-4-5-6.
    pub straight_high: i32,
    /// Three pairs of different faces.
    pub three_pairs: i32,
    /// 1 when four of a kind plus a pair also counts as three pairs, else 0.
    pub three_pairs_with_four_of_a_kind: u8,
    /// Four of a kind plus a pair of another face, as one combination.
    pub four_of_a_kind_and_pair: i32,
    /// Two three-of-a-kinds of different faces, as one combination.
    pub two_triplets: i32,
    /// Added to three of a kind that comes with a pair of another face (full house).
    pub full_house_bonus: i32,
    /// A roll of the whole set in which nothing else scores (Zilch: 500).
    pub no_score_set: i32,
    /// Points a player must make in one turn before first banking.
    pub min_entry_score: i32,
    /// Points any turn must reach to be banked.
    pub min_bank_score: i32,
    /// Banked score that wins; 0 for none (then turn_limit decides).
    pub target_score: i32,
    /// 1 when, after someone reaches the target, the others get one more turn; else 0.
    pub final_round: u8,
    /// Turns per player; 0 for no limit.
    pub turn_limit: u32,
    /// Consecutive farkles that trigger the penalty; 0 for no penalty.
    pub farkle_penalty_streak: u32,
    /// Points the penalty takes (the score may go negative).
    pub farkle_penalty_points: i32,
    /// 1 when the penalty resets the banked score to 0 instead; else 0.
    pub farkle_penalty_loses_all: u8,
    /// 1 when scoring every die of the hand resets it to the full set (hot dice); 0 when the
    /// player must then bank.
    pub hot_dice: u8,
}

impl From<&Rules> for FarkleRules {
    fn from(r: &Rules) -> Self {
        FarkleRules {
            dice_count: r.dice_count.into(),
            single_one: r.single_one,
            single_five: r.single_five,
            triple_ones: r.triple_ones,
            triple_face_multiplier: r.triple_face_multiplier,
            kind_scaling: match r.kind_scaling {
                KindScaling::Multiply => FarkleKindScaling::Multiply,
                KindScaling::Double => FarkleKindScaling::Double,
                KindScaling::Fixed => FarkleKindScaling::Fixed,
                KindScaling::TripleOnly => FarkleKindScaling::TripleOnly,
            } as u32,
            four_of_a_kind: r.four_of_a_kind,
            five_of_a_kind: r.five_of_a_kind,
            six_of_a_kind: r.six_of_a_kind,
            six_ones: r.six_ones,
            straight: r.straight,
            straight_low: r.straight_low,
            straight_high: r.straight_high,
            three_pairs: r.three_pairs,
            three_pairs_with_four_of_a_kind: r.three_pairs_with_four_of_a_kind.into(),
            four_of_a_kind_and_pair: r.four_of_a_kind_and_pair,
            two_triplets: r.two_triplets,
            full_house_bonus: r.full_house_bonus,
            no_score_set: r.no_score_set,
            min_entry_score: r.min_entry_score,
            min_bank_score: r.min_bank_score,
            target_score: r.target_score,
            final_round: r.final_round.into(),
            turn_limit: r.turn_limit,
            farkle_penalty_streak: r.farkle_penalty_streak.into(),
            farkle_penalty_points: r.farkle_penalty_points,
            farkle_penalty_loses_all: r.farkle_penalty_loses_all.into(),
            hot_dice: r.hot_dice.into(),
        }
    }
}

impl TryFrom<&FarkleRules> for Rules {
    type Error = RulesError;

    /// Converts and validates.
    fn try_from(r: &FarkleRules) -> Result<Rules, RulesError> {
        let rules = r.rules_unvalidated()?;
        rules.validate()?;
        Ok(rules)
    }
}

impl FarkleRules {
    /// Converts the C fields (integers for enums, wider integers) to a `Rules` value without
    /// the full validation; for callers that validate later (the scorer cache does on a miss).
    pub(crate) fn rules_unvalidated(&self) -> Result<Rules, RulesError> {
        let r = self;
        let out_of_range = |field, value: u32, max: u32| RulesError::OutOfRange {
            field,
            value: value.into(),
            max: max.into(),
        };
        let kind_scaling = match r.kind_scaling {
            0 => KindScaling::Multiply,
            1 => KindScaling::Double,
            2 => KindScaling::Fixed,
            3 => KindScaling::TripleOnly,
            other => return Err(out_of_range("kind_scaling", other, 3)),
        };
        let dice_count = u8::try_from(r.dice_count).map_err(|_| RulesError::DiceCount(u8::MAX))?;
        let farkle_penalty_streak = u8::try_from(r.farkle_penalty_streak)
            .map_err(|_| out_of_range("farkle_penalty_streak", r.farkle_penalty_streak, 255))?;
        let flag = |field, value: u8| match value {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(RulesError::Flag { field, value }),
        };
        let rules = Rules {
            dice_count,
            single_one: r.single_one,
            single_five: r.single_five,
            triple_ones: r.triple_ones,
            triple_face_multiplier: r.triple_face_multiplier,
            kind_scaling,
            four_of_a_kind: r.four_of_a_kind,
            five_of_a_kind: r.five_of_a_kind,
            six_of_a_kind: r.six_of_a_kind,
            six_ones: r.six_ones,
            straight: r.straight,
            straight_low: r.straight_low,
            straight_high: r.straight_high,
            three_pairs: r.three_pairs,
            three_pairs_with_four_of_a_kind: flag(
                "three_pairs_with_four_of_a_kind",
                r.three_pairs_with_four_of_a_kind,
            )?,
            four_of_a_kind_and_pair: r.four_of_a_kind_and_pair,
            two_triplets: r.two_triplets,
            full_house_bonus: r.full_house_bonus,
            no_score_set: r.no_score_set,
            min_entry_score: r.min_entry_score,
            min_bank_score: r.min_bank_score,
            target_score: r.target_score,
            final_round: flag("final_round", r.final_round)?,
            turn_limit: r.turn_limit,
            farkle_penalty_streak,
            farkle_penalty_points: r.farkle_penalty_points,
            farkle_penalty_loses_all: flag("farkle_penalty_loses_all", r.farkle_penalty_loses_all)?,
            hot_dice: flag("hot_dice", r.hot_dice)?,
        };
        Ok(rules)
    }
}

fn preset_from_number(preset: u32) -> Option<Preset> {
    Preset::ALL.get(usize::try_from(preset).ok()?).copied()
}

/// Writes the rules of a preset (a FARKLE_PRESET_* value) to `*out_rules`.
///
/// Returns FARKLE_STATUS_UNKNOWN_PRESET for any other number, FARKLE_STATUS_NULL_POINTER when
/// `out_rules` is NULL.
///
/// # Safety
/// `out_rules` must be NULL or point to writable memory for one FarkleRules.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_rules_preset(
    preset: u32,
    out_rules: *mut FarkleRules,
) -> FarkleStatus {
    ffi_boundary! {
        let out = try_out!(out_rules);
        let Some(preset) = preset_from_number(preset) else {
            return FarkleStatus::UnknownPreset;
        };
        // SAFETY: checked non-null above; the caller promises it is writable.
        unsafe { out.write(FarkleRules::from(&preset.rules())) };
        FarkleStatus::Ok
    }
}

/// The lower-case name of a preset ("classic", "extended", "doubling", "additive", "minimal",
/// "zilch"), or NULL for an unknown number. Static; do not free.
#[no_mangle]
pub extern "C" fn farkle_rules_preset_name(preset: u32) -> *const c_char {
    match preset_from_number(preset) {
        Some(Preset::Classic) => c"classic".as_ptr(),
        Some(Preset::Extended) => c"extended".as_ptr(),
        Some(Preset::Doubling) => c"doubling".as_ptr(),
        Some(Preset::Additive) => c"additive".as_ptr(),
        Some(Preset::Minimal) => c"minimal".as_ptr(),
        Some(Preset::Zilch) => c"zilch".as_ptr(),
        None => std::ptr::null(),
    }
}

/// Looks up a preset by name (ASCII case-insensitive, NUL-terminated) and writes its
/// number to `*out_preset`.
///
/// Returns FARKLE_STATUS_UNKNOWN_PRESET for a name that is no preset (or is not UTF-8),
/// FARKLE_STATUS_NULL_POINTER when either pointer is NULL.
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string; `out_preset` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_rules_preset_from_name(
    name: *const c_char,
    out_preset: *mut u32,
) -> FarkleStatus {
    ffi_boundary! {
        if name.is_null() {
            return FarkleStatus::NullPointer;
        }
        let out = try_out!(out_preset);
        // SAFETY: non-null; the caller promises a NUL-terminated string.
        let name = unsafe { CStr::from_ptr(name) };
        let Some(preset) = name.to_str().ok().and_then(Preset::from_name) else {
            return FarkleStatus::UnknownPreset;
        };
        let number = Preset::ALL.iter().position(|&p| p == preset).expect("listed") as u32;
        // SAFETY: checked non-null above.
        unsafe { out.write(number) };
        FarkleStatus::Ok
    }
}

/// Checks a rules value. Returns FARKLE_STATUS_OK when every function will accept it, or
/// FARKLE_STATUS_INVALID_RULES and, when `out_message` is not NULL, a NUL-terminated English
/// explanation in it (truncated to `message_len` bytes, terminator included).
/// FARKLE_STATUS_NULL_POINTER when `rules` is NULL or `out_message` is NULL with a non-zero
/// `message_len`.
///
/// # Safety
/// `rules` must be NULL or point to a FarkleRules; `out_message` NULL or writable for
/// `message_len` bytes.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_rules_validate(
    rules: *const FarkleRules,
    out_message: *mut c_char,
    message_len: usize,
) -> FarkleStatus {
    ffi_boundary! {
        let rules = try_ref!(rules);
        if out_message.is_null() && message_len != 0 {
            return FarkleStatus::NullPointer;
        }
        match Rules::try_from(rules) {
            Ok(_) => FarkleStatus::Ok,
            Err(e) => {
                // SAFETY: the caller promises `message_len` writable bytes.
                unsafe { write_c_string(&e.to_string(), out_message, message_len) };
                FarkleStatus::InvalidRules
            }
        }
    }
}

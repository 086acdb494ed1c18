// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Exact odds of a roll from C: FarkleOdds and the max-roll-points distribution.
//! Conversions and checks only; the enumeration is in `crate::strategy::odds`.

use crate::ffi::boundary::{arg, list_out, out, Outcome};
use crate::ffi::error::{fail, FarkleStatus};
use crate::ffi::rules::FarkleRules;
use crate::rules::Rules;
use crate::strategy::Odds;

/// Exact odds of one roll of some number of dice.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleOdds {
    /// Dice rolled.
    pub dice: u32,
    /// Probability that the roll farkles (no selection scores).
    pub farkle_probability: f64,
    /// The same probability as a reduced fraction.
    pub farkle_numerator: u64,
    /// Its denominator (never 0).
    pub farkle_denominator: u64,
    /// Probability that every die of the roll can be scored at once (hot dice).
    pub hot_dice_probability: f64,
    /// The same probability as a reduced fraction.
    pub hot_dice_numerator: u64,
    /// Its denominator (never 0).
    pub hot_dice_denominator: u64,
}

/// One value of the max-roll-points distribution.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarklePointsProbability {
    /// Max roll points (0 for a farkle).
    pub points: i32,
    /// Its probability.
    pub probability: f64,
    /// The same probability as a reduced fraction: its numerator...
    pub numerator: u64,
    /// ...and its denominator (never 0).
    pub denominator: u64,
}

/// A number of dice to roll, 1 to the set's `dice_count`, or INVALID_ARGUMENT saying so.
pub(crate) fn dice_arg(dice: u32, dice_count: u8) -> Outcome<u8> {
    match u8::try_from(dice) {
        Ok(d) if d >= 1 && d <= dice_count => Ok(d),
        _ => Err(fail(
            FarkleStatus::InvalidArgument,
            format!("dice is {dice}; the set has 1 to {dice_count}"),
        )),
    }
}

/// Exact odds of rolling `dice` dice under `rules`: the probability of a farkle and of hot
/// dice, as doubles and as reduced fractions, computed by enumerating every roll. The odds
/// are those of the rules' scoring (the same-face scoring options included), as a player on
/// the board scores; under singles_only_before_entry a player not on the board rolls under
/// the same rules with every combination but the single 1 and the single 5 set to 0. The
/// game options (the hot-dice multiplier, exact_target, piggybacking) do not change a roll.
///
/// Errors: FARKLE_STATUS_NULL_POINTER (rules or out_odds), FARKLE_STATUS_INVALID_RULES,
/// FARKLE_STATUS_INVALID_ARGUMENT (dice outside 1 to rules->dice_count). `*out_odds` is written
/// only on success.
///
/// # Safety
/// `rules` must be NULL or readable, `out_odds` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_odds(
    rules: *const FarkleRules,
    dice: u32,
    out_odds: *mut FarkleOdds,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (rules, out) = unsafe { (Rules::try_from(arg(rules)?)?, out(out_odds)?) };
        let d = dice_arg(dice, rules.dice_count)?;
        let odds = Odds::new(&rules)?;
        let hand = odds.hand(d).expect("checked range");
        let (f, h) = (hand.farkle(), hand.hot_dice());
        out.write(FarkleOdds {
            dice,
            farkle_probability: f.to_f64(),
            farkle_numerator: f.numerator,
            farkle_denominator: f.denominator,
            hot_dice_probability: h.to_f64(),
            hot_dice_numerator: h.numerator,
            hot_dice_denominator: h.denominator,
        });
        Ok(())
    }
}

/// The exact distribution of the max roll points of `dice` dice, ascending points (the
/// first entry, 0 points, is the farkle probability when the roll can farkle).
///
/// Writes the entries to `out_entries` (room for `capacity`) and their number to
/// `*out_count`. When `capacity` is too small, returns FARKLE_STATUS_BUFFER_TOO_SMALL, writes
/// the number needed to `*out_count` and nothing to `out_entries`. Other errors as for
/// farkle_odds(); `out_entries` may be NULL only when `capacity` is 0.
///
/// # Safety
/// `rules` readable, `out_entries` writable for `capacity` entries, `out_count` writable (or
/// NULL, which is refused).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_odds_max_points(
    rules: *const FarkleRules,
    dice: u32,
    out_entries: *mut FarklePointsProbability,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the rules and the list buffers.
        let (rules, list) = unsafe {
            (Rules::try_from(arg(rules)?)?, list_out(out_entries, capacity, out_count)?)
        };
        let d = dice_arg(dice, rules.dice_count)?;
        let odds = Odds::new(&rules)?;
        let entries = odds.hand(d).expect("checked range").max_points_distribution();
        list.write(entries.iter().map(|(points, p)| FarklePointsProbability {
            points: *points,
            probability: p.to_f64(),
            numerator: p.numerator,
            denominator: p.denominator,
        }))
    }
}

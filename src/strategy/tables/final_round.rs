// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The final round: the opponent's chances in one last turn to overturn a lead, the lead cap
//! beyond which a lead counts as a sure win, and the values at each lead when every risky hand
//! banks.

use crate::limits::{exceeded, MAX_FINAL_ROUND_PAIRS};
use crate::rules::Rules;
use crate::strategy::turn::{solve_turn, TurnModel};
use crate::strategy::{try_filled, Meter, StrategyError};

/// A final-round lead the trailing player overturns in one last turn with a chance below this
/// counts as a sure win; the lead cap is the smallest such lead (27,200 points in classic).
pub(crate) const NEGLIGIBLE_CHANCE: f64 = 1e-13;

/// The first lead, in units, that the lead cap's doubling search tries.
const LEAD_SEARCH_START: usize = 16;

/// The largest lead cap, in units, that [`MAX_FINAL_ROUND_PAIRS`] allows (1,448): its square
/// is the pairs of leads a table keeps.
pub(crate) const MAX_LEAD_CAP: usize = MAX_FINAL_ROUND_PAIRS.isqrt();

/// What a tie at the end of a final round is worth: half a win.
pub(crate) const TIE: f64 = 0.5;

/// The opponent's best chance, in one last turn from `flag`'s situation, to finish more than
/// d units ahead, a tie counting 1/2, for d = 1.. until it falls below 1e-13.
pub(crate) fn final_chances(
    model: &TurnModel,
    bank_min: usize,
    cap: usize,
    meter: &mut Meter,
) -> Result<Vec<f64>, StrategyError> {
    let mut out = try_filled(cap + 1, 1.0)?;
    for (d, chance) in out.iter_mut().enumerate().skip(1) {
        *chance = final_chance(model, bank_min, d, TIE, meter)?;
    }
    Ok(out)
}

/// The opponent's best chance in one last turn to finish more than `d` units ahead, a tie
/// (finishing exactly `d` ahead) counting `tie`.
pub(crate) fn final_chance(
    model: &TurnModel,
    bank_min: usize,
    d: usize,
    tie: f64,
    meter: &mut Meter,
) -> Result<f64, StrategyError> {
    let t_hi = d.max(bank_min) + 1;
    meter.charge(t_hi as u64 * model.row_work(), 0.0)?;
    let table = solve_turn(
        model,
        t_hi,
        0.0,
        |t| {
            (t >= bank_min).then_some(match t.cmp(&d) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => tie,
                std::cmp::Ordering::Less => 0.0,
            })
        },
        |_, _| 1.0,
        // A long solve asks the caller's progress function too, so it can stop inside.
        &mut |_| meter.go_on(),
    )?;
    Ok(table.w(0, model.dice))
}

/// W at every lead d up to the cap when every risky hand banks (value `1 - R(d)`) and every
/// safe hand rolls.
fn lead_values(model: &TurnModel, chance: &[f64]) -> Vec<f64> {
    let width = model.width();
    let cap = chance.len() - 1;
    let rows = cap + model.max_gain + 2;
    let mut g = vec![1.0; rows * width];
    for d in (0..=cap).rev() {
        let bank = 1.0 - chance[d];
        for m in 1..width {
            g[d * width + m] = if model.farkle[m] > 0.0 {
                bank
            } else {
                model.roll_value(m, 0.0, |b, next| g[(d + b) * width + next])
            };
        }
        g[d * width] = if model.hot_dice {
            g[d * width + model.dice]
        } else {
            bank
        };
    }
    g
}

/// The smallest lead the opponent overturns in one last turn with probability below 1e-13.
/// Refused (`ResourceLimit`) as soon as it is known to be above [`MAX_LEAD_CAP`]: each step
/// of the search costs in proportion to the lead it tries, so rules far past the limit (a
/// one-point unit needs 27,200 units under classic scoring) cost no more than rules at it.
pub(crate) fn lead_cap(
    model: &TurnModel,
    bank_min: usize,
    meter: &mut Meter,
) -> Result<usize, StrategyError> {
    // Doubling search on the on-board chance (the larger of the two), up to the largest cap
    // allowed; then the exact cut. Every lead up to `lo` is overturned often enough.
    let mut lo = 0;
    let mut hi = LEAD_SEARCH_START;
    while final_chances_at(model, bank_min, hi, meter)? >= NEGLIGIBLE_CHANCE {
        if hi >= MAX_LEAD_CAP {
            return Err(lead_cap_refused(hi + 1, true, model.unit));
        }
        lo = hi;
        hi = (hi * 2).min(MAX_LEAD_CAP);
    }
    // R is non-increasing: the cut is the smallest lead that is not overturned often enough,
    // which is what a loaded table is checked against.
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if final_chances_at(model, bank_min, mid, meter)? < NEGLIGIBLE_CHANCE {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(hi)
}

/// Refuses a lead cap (units of `unit` points) whose pairs of leads are more than
/// [`MAX_FINAL_ROUND_PAIRS`]: before the last turns of every lead are solved or stored.
pub(crate) fn check_lead_cap(cap: usize, unit: i32) -> Result<(), StrategyError> {
    if cap > MAX_LEAD_CAP {
        return Err(lead_cap_refused(cap, false, unit));
    }
    Ok(())
}

/// The refusal of a lead cap of `cap` units of `unit` points, or of at least `cap` units
/// when the search stopped as soon as it passed the limit.
fn lead_cap_refused(cap: usize, at_least: bool, unit: i32) -> StrategyError {
    let at_least = if at_least { "at least " } else { "" };
    let pairs = (cap as u128) * (cap as u128);
    StrategyError::ResourceLimit(exceeded(
        &format!(
            "the final round (a lead cap of {at_least}{cap} units of {unit} point{}, the \
             smallest lead a last turn overturns with probability below 1e-13; squared)",
            if unit == 1 { "" } else { "s" }
        ),
        format!("{at_least}{pairs} pairs of leads"),
        format!("{MAX_FINAL_ROUND_PAIRS} pairs"),
    ))
}

/// The chance to finish strictly more than `d` units ahead (ties lose), which the lead cap
/// is defined by.
pub(crate) fn final_chances_at(
    model: &TurnModel,
    bank_min: usize,
    d: usize,
    meter: &mut Meter,
) -> Result<f64, StrategyError> {
    final_chance(model, bank_min, d, 0.0, meter)
}

/// [`lead_values`] for both opponent flags; empty without a final round.
pub(crate) fn lead_values_of(
    rules: &Rules,
    model: &TurnModel,
    final_chance: &[Vec<f64>; 2],
) -> [Vec<f64>; 2] {
    [0, 1].map(|flag| {
        if rules.final_round {
            lead_values(model, &final_chance[flag])
        } else {
            Vec::new()
        }
    })
}

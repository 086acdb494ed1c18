// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A last turn of a final round, for every need at once: what the turn is worth to the player
//! taking it when it must make `e` units to draw level with the mark, for every e.
//!
//! Banking `d = t - e` units from the mark is worth `pay(d)` (0 below it, as a farkle is),
//! the same from some `d_const >= 1` up. Where banking is allowed, a player's choices depend
//! on d alone (the lead rule, the random bot, the advice, or the best for itself), so one backward pass
//! over d serves every need: the turn needing e starts at d = -e. Turn totals below the
//! lowest bank allowed are solved per need, from the pass's rows above them.

use crate::strategy::turn::{solve_linear, TurnModel};
use crate::strategy::StrategyError;

use super::policy::LastPolicy;

/// Who takes the last turn.
#[derive(Clone, Copy)]
pub(crate) enum LastPlay<'a> {
    /// A bot, by its policy.
    Fixed(&'a LastPolicy),
    /// The player best for itself (banking on a tie).
    Best,
    /// The advice's last turn where it does not see the players still to play after it:
    /// every choice maximizes the chance to finish above the mark, level counting 1/2 (the
    /// mark is one player's score), ties as the advice breaks them (bank; the selection with
    /// the most points, then the most dice); worth what `pay` says.
    Myopic,
}

/// What finishing level with the mark is worth to the advice that does not see the players
/// after it: the mark is one player's, so half a win.
const MYOPIC_LEVEL: f64 = 0.5;

/// The worth to [`LastPlay::Myopic`]'s choices of banking `d` units from the mark.
fn myopic_pay(d: i64) -> f64 {
    match d {
        d if d > 0 => 1.0,
        0 => MYOPIC_LEVEL,
        _ => 0.0,
    }
}

/// A player's last turn: per need e in `0..=max_need` (index 0 unused), what it is worth
/// from turn total 0 with the full set to roll, banking allowed from `bank_min` (at least 1)
/// units of turn total on.
pub(crate) fn last_turn_values(
    play: LastPlay,
    model: &TurnModel,
    bank_min: usize,
    max_need: usize,
    d_const: usize,
    pay: impl Fn(i64) -> f64,
) -> Result<Vec<f64>, StrategyError> {
    if let LastPlay::Myopic = play {
        return myopic_values(model, bank_min, max_need, d_const, pay);
    }
    let width = model.width();
    let n = model.dice;
    let lo = max_need as i64;
    // Rows by d + max_need: explicit below d_const, the settled worth from there up.
    let top = d_const + max_need;
    let rows = top + model.max_gain + 1;
    let settled = settled(play, model, pay(d_const as i64))?;
    let mut v = vec![0.0; rows * width];
    for i in top..rows {
        v[i * width..(i + 1) * width].copy_from_slice(&settled);
    }
    for i in (0..top).rev() {
        let d = i as i64 - lo;
        let here = pay(d);
        let row = i * width;
        for hand in 1..=n {
            let roll = roll_value(play, model, &v, row, hand);
            v[row + hand] = match play {
                LastPlay::Fixed(p) => {
                    let b = p.bank_probability(d, hand);
                    b * here + (1.0 - b) * roll
                }
                LastPlay::Best | LastPlay::Myopic => here.max(roll),
            };
        }
        v[row] = if model.hot_dice { v[row + n] } else { here };
    }
    let mut out = vec![0.0; max_need + 1];
    if bank_min <= 1 {
        for (e, value) in out.iter_mut().enumerate().skip(1) {
            // Turn total 0: nothing to bank yet.
            *value = roll_value(play, model, &v, (max_need - e) * width, n);
        }
        return Ok(out);
    }
    Ok(below_lowest_bank(
        model,
        bank_min,
        max_need,
        &v,
        |w, row, hand| roll_value(play, model, w, row, hand),
        pay,
    ))
}

/// The rows below the lowest bank, per need e in `1..=max_need` (index 0 left at the
/// default): turn totals `0..bank_min` of their own, solved from the pass's rows `v` (by
/// d + max_need, the last one standing for every row above it) for the totals above; what
/// the turn is worth from turn total 0 with the full set to roll. `roll` is a hand's worth at
/// a row of the table it is given, `ended` what a turn ending at d units from the mark is
/// worth (every die scored without hot dice, where nothing can be banked yet).
fn below_lowest_bank<T: Copy + Default>(
    model: &TurnModel,
    bank_min: usize,
    max_need: usize,
    v: &[T],
    roll: impl Fn(&[T], usize, usize) -> T,
    ended: impl Fn(i64) -> T,
) -> Vec<T> {
    let width = model.width();
    let n = model.dice;
    let top = v.len() / width - model.max_gain - 1;
    let mut out = vec![T::default(); max_need + 1];
    let mut w = vec![T::default(); (bank_min + model.max_gain + 1) * width];
    for (e, value) in out.iter_mut().enumerate().skip(1) {
        for t in bank_min..bank_min + model.max_gain + 1 {
            let i = t + max_need - e;
            let src = if i < top { i } else { top };
            w[t * width..(t + 1) * width].copy_from_slice(&v[src * width..(src + 1) * width]);
        }
        for t in (0..bank_min).rev() {
            let row = t * width;
            for hand in 1..=n {
                w[row + hand] = roll(&w, row, hand);
            }
            // Every die scored below the lowest bank: the turn ends where it started.
            w[row] = if model.hot_dice {
                w[row + n]
            } else {
                ended(-(e as i64))
            };
        }
        *value = w[n];
    }
    out
}

/// The value of rolling `hand` dice at row `row` of `v` (a farkle is worth 0).
#[inline]
fn roll_value(play: LastPlay, model: &TurnModel, v: &[f64], row: usize, hand: usize) -> f64 {
    let width = model.width();
    match play {
        LastPlay::Fixed(p) => p.steps[hand]
            .iter()
            .map(|s| s.prob * v[row + s.gain as usize * width + usize::from(s.next)])
            .sum(),
        LastPlay::Best | LastPlay::Myopic => {
            model.roll_value(hand, 0.0, |b, next| v[row + b * width + next])
        }
    }
}

/// [`last_turn_values`] for [`LastPlay::Myopic`]: the same rows, each state holding (what
/// the choices see, what the turn is worth).
fn myopic_values(
    model: &TurnModel,
    bank_min: usize,
    max_need: usize,
    d_const: usize,
    pay: impl Fn(i64) -> f64,
) -> Result<Vec<f64>, StrategyError> {
    let width = model.width();
    let n = model.dice;
    let lo = max_need as i64;
    let top = d_const + max_need;
    let rows = top + model.max_gain + 1;
    // From d_const (at least 1: ahead) up it banks at once.
    let mut v = vec![(myopic_pay(d_const as i64), pay(d_const as i64)); rows * width];
    for i in (0..top).rev() {
        let d = i as i64 - lo;
        let here = (myopic_pay(d), pay(d));
        let row = i * width;
        for hand in 1..=n {
            let roll = myopic_roll(model, &v, row, hand);
            v[row + hand] = if here.0 >= roll.0 { here } else { roll };
        }
        v[row] = if model.hot_dice { v[row + n] } else { here };
    }
    let mut out = vec![0.0; max_need + 1];
    if bank_min <= 1 {
        for (e, value) in out.iter_mut().enumerate().skip(1) {
            *value = myopic_roll(model, &v, (max_need - e) * width, n).1;
        }
        return Ok(out);
    }
    let below = below_lowest_bank(
        model,
        bank_min,
        max_need,
        &v,
        |w, row, hand| myopic_roll(model, w, row, hand),
        |d| (myopic_pay(d), pay(d)),
    );
    Ok(below.iter().map(|x| x.1).collect())
}

/// Rolling `hand` dice at row `row` of `v` for [`LastPlay::Myopic`]: from each roll the way
/// to keep dice its choices value most (ties: the most points, then the most dice kept, as
/// the game lists selections); a farkle is worth 0 either way.
fn myopic_roll(model: &TurnModel, v: &[(f64, f64)], row: usize, hand: usize) -> (f64, f64) {
    let width = model.width();
    // Summed in the order the advice's own pass sums, so that its ties are these.
    let mut acc = (model.farkle[hand] * 0.0, model.farkle[hand] * 0.0);
    for g in model.group_start[hand - 1]..model.group_start[hand] {
        let mut best: Option<(u32, u8, (f64, f64))> = None;
        for &(b, next) in &model.options[model.option_start[g]..model.option_start[g + 1]] {
            let x = v[row + b as usize * width + usize::from(next)];
            let better = match best {
                None => true,
                Some((bb, bn, bx)) => {
                    x.0 > bx.0 || (x.0 == bx.0 && (b > bb || (b == bb && next < bn)))
                }
            };
            if better {
                best = Some((b, next, x));
            }
        }
        let (_, _, x) = best.expect("every group has an option");
        acc.0 += model.group_prob[g] * x.0;
        acc.1 += model.group_prob[g] * x.1;
    }
    acc
}

/// Each hand's worth where every bank is worth `pay` (the most a bank is worth anywhere):
/// the lead rule and the best player bank at once; the random bot solves a linear system.
fn settled(play: LastPlay, model: &TurnModel, pay: f64) -> Result<Vec<f64>, StrategyError> {
    let n = model.dice;
    let policy = match play {
        LastPlay::Fixed(p) if p.bank_probability(1, 1) < 1.0 => p,
        _ => return Ok(vec![pay; n + 1]),
    };
    let column = |next: u8| match usize::from(next) {
        0 if model.hot_dice => Some(n),
        0 => None,
        h => Some(h),
    };
    let mut a = vec![0.0; n * n];
    let mut r = vec![0.0; n];
    for h in 1..=n {
        let b = policy.bank_probability(1, h);
        let row = h - 1;
        a[row * n + row] += 1.0;
        r[row] = b * pay;
        for s in &policy.steps[h] {
            let q = (1.0 - b) * s.prob;
            match column(s.next) {
                Some(to) => a[row * n + to - 1] -= q,
                None => r[row] += q * pay,
            }
        }
    }
    let x = solve_linear(&mut a, &mut r, n).ok_or(StrategyError::UnboundedTurn)?;
    let mut out = vec![pay; n + 1];
    out[1..].copy_from_slice(&x);
    if model.hot_dice {
        out[0] = out[n];
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;
    use crate::strategy::Odds;

    /// Where its choices' payoff is the turn's own (a mark one player stands at), the
    /// advice's last turn is the best one: the same values for every need.
    #[test]
    fn the_myopic_turn_is_the_best_where_it_sees_everything() {
        let rules = Preset::Classic.rules();
        let model = TurnModel::new(&Odds::new(&rules).unwrap());
        for bank_min in [1, 10] {
            let pay = |d: i64| myopic_pay(d);
            let best = last_turn_values(LastPlay::Best, &model, bank_min, 300, 1, pay).unwrap();
            let myopic = last_turn_values(LastPlay::Myopic, &model, bank_min, 300, 1, pay).unwrap();
            for e in 1..=300 {
                assert!(
                    (best[e] - myopic[e]).abs() < 1e-12,
                    "bank from {bank_min}, need {e}: {} {}",
                    best[e],
                    myopic[e]
                );
            }
        }
    }
}

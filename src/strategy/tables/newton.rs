// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Newton's method on a cycle's farkle payoff, as the evaluations of every table size solve
//! a best response: a turn's value is convex and piecewise linear in what a farkle is worth
//! to the mover (with slope the chance of farkling), so each step solves the turn at the
//! current payoff and moves to the payoff the resulting line gives, and the method stops
//! when the turn's policy stops changing.

use crate::strategy::StrategyError;

/// Newton steps on a best response's farkle payoff before giving up.
const NEWTON_STEPS: usize = 100;

/// A step smaller than this ends the method: it converges quadratically, so the last step is
/// at the resolution of f64.
const NEWTON_TOLERANCE: f64 = 1e-15;

/// The mover's value X at the fixed point of a cycle in which a farkle is worth `a + slope X`
/// to it, starting from the payoff `phi`. `turn(phi)` solves the turn with a farkle worth
/// `phi` and returns its policy's summary (compared between steps) with the turn's worth
/// apart from farkles `c` and its chance of farkling `f`.
pub(crate) fn settle_cycle<S: PartialEq>(
    mut phi: f64,
    a: f64,
    slope: f64,
    mut turn: impl FnMut(f64) -> Result<(S, f64, f64), StrategyError>,
) -> Result<f64, StrategyError> {
    let mut last: Option<S> = None;
    for _ in 0..NEWTON_STEPS {
        let (summary, c, f) = turn(phi)?;
        let x = (c + f * a) / (1.0 - f * slope);
        let next = a + slope * x;
        if last.as_ref() == Some(&summary) || (next - phi).abs() <= NEWTON_TOLERANCE {
            return Ok(x);
        }
        last = Some(summary);
        phi = next;
    }
    Err(StrategyError::Unsupported(
        "a best response whose cycle Newton's method does not settle",
    ))
}

#[cfg(test)]
mod tests {
    use super::settle_cycle;

    /// A turn that banks (worth 0.6, never farkles) when a farkle is worth less than 0.6,
    /// else rolls (worth 0.3 apart from farkles, farkling half the time): with a farkle worth
    /// 0.2 + 0.5 X, rolling would give X = (0.3 + 0.1) / 0.75 = 0.5333…, below banking, so
    /// the fixed point banks: X = 0.6, from either side.
    #[test]
    fn settles_on_the_policy_whose_line_is_consistent() {
        let turn = |phi: f64| {
            Ok(if phi < 0.6 {
                (0, 0.6, 0.0)
            } else {
                (1, 0.3, 0.5)
            })
        };
        let from_below = settle_cycle(0.1, 0.2, 0.5, turn).unwrap();
        let from_above = settle_cycle(0.9, 0.2, 0.5, turn).unwrap();
        assert!((from_below - 0.6).abs() < 1e-15, "{from_below}");
        assert!((from_above - 0.6).abs() < 1e-15, "{from_above}");
    }
}

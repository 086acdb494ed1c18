// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! [`bot_pass`](super::passes::bot_pass) on [`LANES`] turns at once: one bot (one policy) at
//! eight states, in interleaved tables, so that its rolls' steps run over vector registers.
//!
//! Each node holds, per lane, the bot's worth `c` apart from farkles and the chance `f` of a
//! farkle. Every lane makes the same operations in the same order as the scalar pass (a
//! product then a sum, no fused multiply-add), so it gives the same bits. The lanes share
//! the rows up to the highest first known row; below it, a lane whose turn is known from a
//! lower row keeps its known nodes there, as the scalar pass reads them.

use crate::strategy::turn::TurnModel;

use super::lanes::{Lanes, LANES};
use super::passes::{Above, Worth};
use super::policy::TurnPolicy;

/// A node of every lane: `c` and `f`, each one cache line.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct NodeLanes {
    c: Lanes,
    f: Lanes,
}

const ZERO: NodeLanes = NodeLanes {
    c: [0.0; LANES],
    f: [0.0; LANES],
};

/// The turns of [`LANES`] lanes with the same policy: rows `0..top` solved by
/// [`bot_lanes_pass`], each lane from its own first known row (at most `top`) with its own
/// banks and known nodes. Also the per-thread buffers.
#[derive(Default)]
pub(crate) struct BotLanes {
    width: usize,
    top: usize,
    /// Per lane: its first known row, the first turn total whose bank reaches the target.
    tops: [usize; LANES],
    at_target: [usize; LANES],
    nodes: Vec<NodeLanes>,
    /// Per turn total below `top`: banking's worth per lane (0 where not allowed).
    bank: Vec<Lanes>,
    allowed: Vec<[bool; LANES]>,
}

impl BotLanes {
    /// Makes room for rows `0..top` and the known rows above them; every lane empty (its
    /// rows known from 0, all nodes zero) until set by [`BotLanes::set_lane`].
    pub(crate) fn reset(&mut self, model: &TurnModel, top: usize) {
        self.width = model.width();
        self.top = top;
        self.tops = [0; LANES];
        self.at_target = [0; LANES];
        let rows = top + model.max_gain + 1;
        self.nodes.clear();
        self.nodes.resize(rows * self.width, ZERO);
        self.bank.clear();
        self.bank.resize(top, [0.0; LANES]);
        self.allowed.clear();
        self.allowed.resize(top, [false; LANES]);
    }

    /// Lane `j` is the bot's turn known from row `top` (at most the reset's) as `above`
    /// says, with banks `bank` and `at_target`, as [`bot_pass`](super::passes::bot_pass)
    /// takes them.
    pub(crate) fn set_lane(
        &mut self,
        j: usize,
        top: usize,
        at_target: usize,
        bank: impl Fn(usize) -> Option<f64>,
        above: &Above,
    ) {
        assert!(
            top <= self.top,
            "a lane's first known row is at most the reset's"
        );
        self.tops[j] = top;
        self.at_target[j] = at_target;
        let width = self.width;
        for t in 0..top {
            if let Some(c) = bank(t) {
                self.bank[t][j] = c;
                self.allowed[t][j] = true;
            }
        }
        let rows = self.nodes.len() / width.max(1);
        for t in top..rows {
            for hand in 0..width {
                let w = above.worth(t, hand, width, &bank);
                let node = &mut self.nodes[t * width + hand];
                node.c[j] = w.c;
                node.f[j] = w.f;
            }
        }
    }

    /// Lane `j`'s node at turn total `t` with `hand` dice.
    pub(crate) fn value(&self, t: usize, hand: usize, j: usize) -> Worth {
        let node = &self.nodes[t * self.width + hand];
        Worth {
            c: node.c[j],
            f: node.f[j],
        }
    }
}

/// One backward pass over rows `0..top` of every lane by `policy`: the scalar
/// [`bot_pass`](super::passes::bot_pass), lane by lane. The start of lane j's turn is at row
/// 0, hand `model.dice`.
pub(crate) fn bot_lanes_pass(policy: &TurnPolicy, model: &TurnModel, s: &mut BotLanes) {
    #[cfg(all(target_arch = "x86_64", farkle_avx512))]
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the processor supports AVX-512F, checked just above.
        return unsafe { run_avx512(policy, model, s) };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx") {
        // SAFETY: the processor supports AVX, checked just above.
        return unsafe { run_avx(policy, model, s) };
    }
    rows(policy, model, s);
}

/// The plain loop compiled for AVX-512F (the compiler vectorizes its lane loops): the same
/// operations in the same order, so the same bits.
#[cfg(all(target_arch = "x86_64", farkle_avx512))]
// Compiled only where the compiler has these intrinsics (build.rs), below the crate's MSRV.
#[allow(clippy::incompatible_msrv)]
#[target_feature(enable = "avx512f")]
unsafe fn run_avx512(policy: &TurnPolicy, model: &TurnModel, s: &mut BotLanes) {
    rows(policy, model, s);
}

/// The plain loop compiled for AVX (the compiler vectorizes its lane loops): the same
/// operations in the same order, so the same bits.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn run_avx(policy: &TurnPolicy, model: &TurnModel, s: &mut BotLanes) {
    rows(policy, model, s);
}

#[inline(always)]
fn rows(policy: &TurnPolicy, model: &TurnModel, s: &mut BotLanes) {
    let width = s.width;
    let n = model.dice;
    let nodes = &mut s.nodes;
    for t in (0..s.top).rev() {
        let bank = s.bank[t];
        let allowed = s.allowed[t];
        // Lanes whose row t is solved here (known otherwise), and those that bank every hand
        // there because banking reaches the target.
        let live: [bool; LANES] = std::array::from_fn(|j| t < s.tops[j]);
        let at_target: [bool; LANES] =
            std::array::from_fn(|j| policy.banks_at_target && t >= s.at_target[j]);
        let row = t * width;
        for hand in 1..=n {
            let mut c = [0.0; LANES];
            let mut f = [policy.pf[hand]; LANES];
            for st in policy.steps(t, hand) {
                let v = &nodes[row + st.gain as usize * width + usize::from(st.next)];
                for (x, &y) in c.iter_mut().zip(&v.c) {
                    *x += st.prob * y;
                }
                for (x, &y) in f.iter_mut().zip(&v.f) {
                    *x += st.prob * y;
                }
            }
            let pb = policy.bank(t, hand);
            let node = &mut nodes[row + hand];
            for j in 0..LANES {
                let p = if !allowed[j] {
                    0.0
                } else if at_target[j] {
                    1.0
                } else {
                    pb
                };
                let nc = p * bank[j] + (1.0 - p) * c[j];
                let nf = (1.0 - p) * f[j];
                node.c[j] = if live[j] { nc } else { node.c[j] };
                node.f[j] = if live[j] { nf } else { node.f[j] };
            }
        }
        let full = nodes[row + n];
        let node = &mut nodes[row];
        for j in 0..LANES {
            let (c, f) = if model.hot_dice {
                (full.c[j], full.f[j])
            } else if allowed[j] {
                (bank[j], 0.0)
            } else {
                // Every die scored, no hot dice and no bank allowed: a forfeit.
                (0.0, 1.0)
            };
            node.c[j] = if live[j] { c } else { node.c[j] };
            node.f[j] = if live[j] { f } else { node.f[j] };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::passes::{bot_pass, BotTurn};
    use super::super::policy::Rolls;
    use super::*;
    use crate::strategy::odds::Odds;
    use crate::strategy::Thresholds;
    use crate::{Preset, Rules};

    /// Every lane gives the scalar bot pass's bits, for one to eight lanes filled, with
    /// first known rows, targets, banks (some not allowed) and known rows that differ by
    /// lane, both ways a turn is known from above, with and without hot dice.
    #[test]
    fn every_lane_gives_the_scalar_bot_passes_bits() {
        for preset in [Preset::Classic, Preset::Minimal] {
            let rules = Rules {
                target_score: 2000,
                ..preset.rules()
            };
            let model = TurnModel::new(&Odds::new(&rules).unwrap());
            let rolls = Rolls::new(&rules, 50).unwrap();
            let width = model.width();
            let thresholds = |v: &[Option<i32>]| Thresholds(v[..rolls.dice()].to_vec());
            let policies = [
                TurnPolicy::random(&rolls).unwrap(),
                TurnPolicy::threshold(&rolls, &Thresholds::default(), &rules, 50).unwrap(),
                TurnPolicy::threshold(
                    &rolls,
                    &thresholds(&[Some(150), Some(200), Some(250), Some(350), None, None]),
                    &rules,
                    50,
                )
                .unwrap(),
            ];
            let value =
                |a: usize, b: usize, c: usize| ((a * 7 + b * 13 + c * 5) % 97) as f64 / 97.0;
            // Known worths where banking wins, ten rows of them.
            let winning: Vec<Worth> = (0..10 * width)
                .map(|i| Worth {
                    c: 0.5 + value(i, 1, 2) * 0.5,
                    f: value(i, 3, 4) * 0.2,
                })
                .collect();
            for policy in &policies {
                for filled in [1, 3, 8] {
                    let top_of = |j: usize| 20 + (j * 3) % 11;
                    let at_target_of = |j: usize| 10 + (j * 5) % 17;
                    let bank_min = |j: usize| j % 3;
                    let bank_of =
                        |j: usize| move |t: usize| (t >= bank_min(j)).then(|| value(t, j, 9) * 0.9);
                    let above_of = |j: usize| {
                        if j % 2 == 0 {
                            Above::Banks
                        } else {
                            Above::Wins(&winning)
                        }
                    };
                    let top = (0..filled).map(top_of).max().unwrap();
                    let mut lanes = BotLanes::default();
                    lanes.reset(&model, top);
                    for j in 0..filled {
                        lanes.set_lane(j, top_of(j), at_target_of(j), bank_of(j), &above_of(j));
                    }
                    bot_lanes_pass(policy, &model, &mut lanes);
                    for j in 0..filled {
                        let mut s = BotTurn::default();
                        let start = bot_pass(
                            policy,
                            &model,
                            top_of(j),
                            at_target_of(j),
                            bank_of(j),
                            above_of(j),
                            &mut s,
                        );
                        let got = lanes.value(0, model.dice, j);
                        assert_eq!(got.c.to_bits(), start.c.to_bits(), "{preset:?}, lane {j}");
                        assert_eq!(got.f.to_bits(), start.f.to_bits(), "{preset:?}, lane {j}");
                        for t in 0..top_of(j) {
                            for hand in 0..width {
                                let want = s.node(width, t, hand);
                                let got = lanes.value(t, hand, j);
                                assert_eq!(
                                    (got.c.to_bits(), got.f.to_bits()),
                                    (want.c.to_bits(), want.f.to_bits()),
                                    "{preset:?}, {filled} lanes, lane {j}, t {t}, hand {hand}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

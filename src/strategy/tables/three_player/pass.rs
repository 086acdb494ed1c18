// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The turn pass of a three-player state: one backward pass over (turn total, dice to roll)
//! in which the mover maximizes its own chance and the other two players' chances follow its
//! choices.

use crate::strategy::turn::TurnModel;

/// A node of a turn table: the mover's chance `w` (a farkle worth the pass's `phi` to it), the
/// next player's chance `u` counting a farkle as 0 for it, and the probability `f` that the
/// turn ends in a farkle from here. The last player's chance needs no place of its own: the
/// three sum to 1 once a farkle's worth is counted for all of them.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Node {
    pub(super) w: f64,
    pub(super) u: f64,
    pub(super) f: f64,
}

impl Node {
    /// The mover has won: nothing is left for the others, and no farkle can follow.
    pub(super) const WON: Node = Node {
        w: 1.0,
        u: 0.0,
        f: 0.0,
    };
}

/// What a turn, under one policy, gives each player apart from its farkles: the mover `cw`,
/// the next player `cu`, the last `cr`; and the chance `f` of farkling. With a farkle
/// continuation worth (a, b, c) to them, the turn is worth (cw + f a, cu + f b, cr + f c).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Summary {
    pub(super) cw: f64,
    pub(super) cu: f64,
    pub(super) f: f64,
}

impl Summary {
    /// A pass's result at farkle payoff `phi` (for the mover) as a summary.
    pub(super) fn of(node: Node, phi: f64) -> Summary {
        Summary {
            cw: node.w - node.f * phi,
            cu: node.u,
            f: node.f,
        }
    }

    /// The last player's part: every outcome but a farkle hands out exactly one win.
    pub(super) fn cr(&self) -> f64 {
        1.0 - self.f - self.cw - self.cu
    }

    /// The mover's chance when a farkle is worth `phi` to it.
    pub(super) fn own(&self, phi: f64) -> f64 {
        self.cw + self.f * phi
    }

    /// `(1 - a) self + a other`: the turn when the mover plays `other` with probability `a`.
    pub(super) fn mix(&self, other: &Summary, a: f64) -> Summary {
        Summary {
            cw: self.cw + a * (other.cw - self.cw),
            cu: self.cu + a * (other.cu - self.cu),
            f: self.f + a * (other.f - self.f),
        }
    }
}

/// Per-thread buffers of a turn pass.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) nodes: Vec<Node>,
    /// The mover's chance when banking each turn total (`-inf` where not allowed), and the
    /// next player's.
    pub(super) bank_w: Vec<f64>,
    pub(super) bank_u: Vec<f64>,
    /// The rows above the pass: known values (see `Ctx::fill_beyond`).
    pub(super) t_hi: usize,
}

/// A three-player state as player-state indices: the mover, the next player, the last.
pub(super) type Seats = (usize, usize, usize);

/// How a mixing mover mixes its two policies: at each decision where they differ it takes the
/// riskier choice (the one more likely to end in a farkle) with probability `alpha`. The
/// decisions are never two on one path through a turn (checked when the cycle is solved), so
/// this is the same as playing the riskier policy with probability `alpha` for the whole turn.
#[derive(Debug, Clone, PartialEq)]
pub struct Mix {
    /// The probability of the riskier choice.
    pub alpha: f64,
    /// Where the two policies differ.
    pub decisions: Vec<MixedDecision>,
}

/// One decision at which a mixing mover's two policies differ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MixedDecision {
    /// Turn total in units.
    pub t: u32,
    /// Dice about to be rolled.
    pub hand: u8,
    /// Which choice the mover mixes.
    pub at: MixAt,
}

/// The choice a mixing mover makes at random.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MixAt {
    /// Banking (safer) or rolling (riskier).
    BankOrRoll,
    /// Two ways to keep dice from one group of rolls of the model: option indices.
    Keep {
        /// The group of rolls.
        group: u32,
        /// The option taken with probability 1 - alpha.
        safer: u32,
        /// The option taken with probability alpha.
        riskier: u32,
    },
}

/// The choices a pass made: per node, whether it banked; per (row, group), the option kept.
#[derive(Debug, Default, Clone, PartialEq)]
pub(super) struct Decisions {
    pub(super) bank: Vec<bool>,
    pub(super) keep: Vec<u32>,
}

/// What a recording pass does besides the plain pass: mix at one node, record the choices,
/// and keep the value of rolling at each node (for queries).
#[derive(Default)]
pub(super) struct PassExtras<'a> {
    pub(super) mix: Option<&'a Mix>,
    pub(super) record: Option<&'a mut Decisions>,
    pub(super) roll: Option<&'a mut Vec<Node>>,
}

/// The pass of [`run_pass`] with extras (see [`PassExtras`]); slower, for the queries and the
/// few states that mix.
pub(super) fn run_pass_with(
    model: &TurnModel,
    offsets: &[u32],
    s: &mut Scratch,
    phi: f64,
    mut extras: PassExtras,
) -> Node {
    let m = model;
    let width = m.width();
    let n = m.dice;
    let groups = m.group_prob.len();
    if let Some(r) = extras.record.as_deref_mut() {
        r.bank.clear();
        r.bank.resize(s.t_hi * width, false);
        r.keep.clear();
        r.keep.resize(s.t_hi * groups, 0);
    }
    if let Some(roll) = extras.roll.as_deref_mut() {
        roll.clear();
        roll.resize(s.t_hi * width, Node::default());
    }
    let nodes = &mut s.nodes;
    let mixed_at = |t: usize, hand: usize| {
        extras.mix.into_iter().flat_map(move |x| {
            x.decisions
                .iter()
                .filter(move |d| d.t as usize == t && usize::from(d.hand) == hand)
                .map(move |d| (x.alpha, d.at))
        })
    };
    for t in (0..s.t_hi).rev() {
        let bank = Node {
            w: s.bank_w[t],
            u: s.bank_u[t],
            f: 0.0,
        };
        let row = t * width;
        for hand in 1..=n {
            let pf = m.farkle[hand];
            let mut acc = Node {
                w: pf * phi,
                u: 0.0,
                f: pf,
            };
            for g in m.group_start[hand - 1]..m.group_start[hand] {
                let range = m.option_start[g]..m.option_start[g + 1];
                let mut best = range.start;
                for o in range.clone().skip(1) {
                    if nodes[row + offsets[o] as usize].w > nodes[row + offsets[best] as usize].w {
                        best = o;
                    }
                }
                if let Some(r) = extras.record.as_deref_mut() {
                    r.keep[t * groups + g] = best as u32;
                }
                let mut b = nodes[row + offsets[best] as usize];
                for (alpha, at) in mixed_at(t, hand) {
                    if let MixAt::Keep {
                        group,
                        safer,
                        riskier,
                    } = at
                    {
                        if group as usize == g {
                            let a = nodes[row + offsets[safer as usize] as usize];
                            let c = nodes[row + offsets[riskier as usize] as usize];
                            b = blend(a, c, alpha);
                        }
                    }
                }
                let pg = m.group_prob[g];
                acc.w += pg * b.w;
                acc.u += pg * b.u;
                acc.f += pg * b.f;
            }
            if let Some(roll) = extras.roll.as_deref_mut() {
                roll[row + hand] = acc;
            }
            let banks = bank.w >= acc.w;
            if let Some(r) = extras.record.as_deref_mut() {
                r.bank[row + hand] = banks;
            }
            let mixed = mixed_at(t, hand).find(|(_, at)| *at == MixAt::BankOrRoll);
            nodes[row + hand] = match mixed {
                Some((alpha, _)) => blend(bank, acc, alpha),
                None if banks => bank,
                None => acc,
            };
        }
        nodes[row] = if m.hot_dice {
            nodes[row + n]
        } else if bank.w > f64::NEG_INFINITY {
            bank
        } else {
            Node {
                w: phi,
                u: 0.0,
                f: 1.0,
            }
        };
    }
    nodes[n]
}

/// `(1 - a) x + a y`.
pub(super) fn blend(x: Node, y: Node, a: f64) -> Node {
    Node {
        w: x.w + a * (y.w - x.w),
        u: x.u + a * (y.u - x.u),
        f: x.f + a * (y.f - x.f),
    }
}

/// One backward pass over rows `0..s.t_hi` of `s.nodes` (the rows above hold known values),
/// banking `t` worth `(s.bank_w[t], s.bank_u[t])`, a farkle worth `phi` to the mover and
/// nothing to the next player (its share is counted by `f`). A tie between banking and
/// rolling banks; between ways to keep dice, the first in the model's order is taken. The
/// node at the start of the turn.
pub(super) fn run_pass(model: &TurnModel, offsets: &[u32], s: &mut Scratch, phi: f64) -> Node {
    let m = model;
    let width = m.width();
    let n = m.dice;
    let nodes = &mut s.nodes;
    for t in (0..s.t_hi).rev() {
        let bank = Node {
            w: s.bank_w[t],
            u: s.bank_u[t],
            f: 0.0,
        };
        let row = t * width;
        for hand in 1..=n {
            let pf = m.farkle[hand];
            let mut acc = Node {
                w: pf * phi,
                u: 0.0,
                f: pf,
            };
            for g in m.group_start[hand - 1]..m.group_start[hand] {
                let offsets = &offsets[m.option_start[g]..m.option_start[g + 1]];
                let mut best = row + offsets[0] as usize;
                let mut best_w = nodes[best].w;
                for &off in &offsets[1..] {
                    let i = row + off as usize;
                    if nodes[i].w > best_w {
                        best_w = nodes[i].w;
                        best = i;
                    }
                }
                let pg = m.group_prob[g];
                let b = nodes[best];
                acc.w += pg * b.w;
                acc.u += pg * b.u;
                acc.f += pg * b.f;
            }
            nodes[row + hand] = if bank.w >= acc.w { bank } else { acc };
        }
        nodes[row] = if m.hot_dice {
            nodes[row + n]
        } else if bank.w > f64::NEG_INFINITY {
            bank
        } else {
            // Every die scored, no hot dice and no bank allowed: the turn ends with
            // nothing, as a farkle does.
            Node {
                w: phi,
                u: 0.0,
                f: 1.0,
            }
        };
    }
    nodes[n]
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The two kinds of turn the evaluation solves: a turn whose mover decides by its own chance
//! `w`, as the solvers do (an optimal opponent, or a seat of the equilibrium), with the
//! evaluated players' chances carried along its choices ("riders"); and a bot's turn, whose
//! decisions come from its [`TurnPolicy`].
//!
//! Both count a farkle apart (`f`, the probability that the turn ends in one), so that a
//! cycle of turns linked by farkles can be solved as linear equations in what the farkle
//! leads to.

use crate::strategy::three_player::{Mix, MixAt};
use crate::strategy::turn::{solve_linear, TurnModel};
use crate::strategy::StrategyError;

use super::policy::{Step, TurnPolicy};

/// How a mover deciding by `w` breaks a tie between two ways to keep dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ties {
    /// The first in the model's order (the fewest dice kept): the three-player solver.
    First,
    /// More points, then fewer dice kept: the two-player table's best choice.
    FewerDice,
}

/// A turn solved by [`rider_pass`]: per node (turn total, dice in hand) the mover's chance
/// `w`, the chance of farkling `f`, then the riders. Stored in nodes of a fixed width (the
/// riders padded with zeros) so that the pass's inner loops run over whole vectors.
#[derive(Default)]
pub(crate) struct RiderTurn {
    riders: usize,
    nodes: Nodes,
}

#[derive(Default)]
enum Nodes {
    #[default]
    Empty,
    K4(Table<4>),
    K6(Table<6>),
    K8(Table<8>),
    K10(Table<10>),
}

/// The most riders a pass carries.
pub(crate) const MAX_RIDERS: usize = 8;

/// The rows of a turn with nodes of `K` values.
struct Table<const K: usize> {
    width: usize,
    t_hi: usize,
    nodes: Vec<[f64; K]>,
    /// Per turn total: banking's node (`w = -inf` where not allowed).
    bank: Vec<[f64; K]>,
}

impl<const K: usize> Table<K> {
    fn new(model: &TurnModel, t_hi: usize) -> Table<K> {
        let width = model.width();
        let rows = t_hi + model.max_gain + 1;
        let mut won = [0.0; K];
        won[0] = 1.0;
        let mut no_bank = [0.0; K];
        no_bank[0] = f64::NEG_INFINITY;
        Table {
            width,
            t_hi,
            nodes: vec![won; rows * width],
            bank: vec![no_bank; t_hi],
        }
    }
}

/// Runs `$body` with `$t` bound to the table of `$nodes`, whatever its width.
macro_rules! with_table {
    ($nodes:expr, $t:ident => $body:expr) => {
        match $nodes {
            Nodes::Empty => unreachable!("a rider turn is reset before use"),
            Nodes::K4($t) => $body,
            Nodes::K6($t) => $body,
            Nodes::K8($t) => $body,
            Nodes::K10($t) => $body,
        }
    };
}

impl RiderTurn {
    /// Makes room for rows `0..t_hi` and the known rows above them, with `riders` riders (at
    /// most [`MAX_RIDERS`]); no bank allowed until set, every known node the mover's win
    /// until set.
    pub(crate) fn reset(&mut self, model: &TurnModel, riders: usize, t_hi: usize) {
        assert!(riders <= MAX_RIDERS, "at most {MAX_RIDERS} riders");
        self.riders = riders;
        self.nodes = match riders {
            0..=2 => Nodes::K4(Table::new(model, t_hi)),
            3..=4 => Nodes::K6(Table::new(model, t_hi)),
            5..=6 => Nodes::K8(Table::new(model, t_hi)),
            _ => Nodes::K10(Table::new(model, t_hi)),
        };
    }

    /// All rows, the known ones included.
    pub(crate) fn rows(&self) -> usize {
        with_table!(&self.nodes, t => t.nodes.len() / t.width)
    }

    /// Banking at turn total `t` is allowed, worth `w` to the mover and `riders` to the
    /// riders.
    pub(crate) fn set_bank(&mut self, t: usize, w: f64, riders: &[f64]) {
        let r = self.riders;
        with_table!(&mut self.nodes, tb => {
            tb.bank[t][0] = w;
            tb.bank[t][2..2 + r].copy_from_slice(riders);
        });
    }

    /// A node, as `[w, f, riders...]`: a known one to set (rows from `t_hi` up).
    pub(crate) fn node_mut(&mut self, t: usize, hand: usize) -> &mut [f64] {
        let r = self.riders;
        with_table!(&mut self.nodes, tb => {
            let i = t * tb.width + hand;
            &mut tb.nodes[i][..2 + r]
        })
    }

    /// A node after the pass, as `[w, f, riders...]`.
    pub(crate) fn node(&self, t: usize, hand: usize) -> &[f64] {
        let r = self.riders;
        with_table!(&self.nodes, tb => &tb.nodes[t * tb.width + hand][..2 + r])
    }
}

/// One backward pass over rows `0..t_hi` with a farkle worth `phi` to the mover: the
/// solvers' pass (the same operations on `w` in the same order, so the same choices: bank on
/// a tie between banking and rolling, `ties` between ways to keep dice), with the mover
/// mixing at one node where `mix` says so. The riders follow the choices; a farkle is worth
/// nothing to them (it is counted in `f`). `offsets` are the model's options as
/// `gain * width + next`. The start of the turn is `s.node(0, dice)`.
pub(crate) fn rider_pass(
    model: &TurnModel,
    offsets: &[u32],
    s: &mut RiderTurn,
    phi: f64,
    ties: Ties,
    mix: Option<&Mix>,
) {
    with_table!(&mut s.nodes, t => pass(model, offsets, t, phi, ties, mix));
}

fn pass<const K: usize>(
    model: &TurnModel,
    offsets: &[u32],
    s: &mut Table<K>,
    phi: f64,
    ties: Ties,
    mix: Option<&Mix>,
) {
    let m = model;
    let width = m.width();
    let n = m.dice;
    let nodes = &mut s.nodes;
    for t in (0..s.t_hi).rev() {
        let bank = s.bank[t];
        let row = t * width;
        for hand in 1..=n {
            let here = || {
                mix.into_iter().flat_map(move |x| {
                    x.decisions
                        .iter()
                        .filter(move |d| d.t as usize == t && usize::from(d.hand) == hand)
                        .map(move |d| (x.alpha, d.at))
                })
            };
            let pf = m.farkle[hand];
            let mut acc = [0.0; K];
            acc[0] = pf * phi;
            acc[1] = pf;
            for g in m.group_start[hand - 1]..m.group_start[hand] {
                let (from, to) = (m.option_start[g], m.option_start[g + 1]);
                let mut best = row + offsets[from] as usize;
                let mut best_w = nodes[best][0];
                if ties == Ties::First {
                    for &off in &offsets[from + 1..to] {
                        let i = row + off as usize;
                        let w = nodes[i][0];
                        let better = w > best_w;
                        best = if better { i } else { best };
                        best_w = if better { w } else { best_w };
                    }
                } else {
                    let mut best_b = m.options[from].0;
                    for (&off, option) in offsets[from + 1..to].iter().zip(&m.options[from + 1..to])
                    {
                        let i = row + off as usize;
                        let (w, b) = (nodes[i][0], option.0);
                        let better = w > best_w || (w == best_w && b > best_b);
                        if better {
                            (best, best_w, best_b) = (i, w, b);
                        }
                    }
                }
                let mut chosen = nodes[best];
                for (alpha, at) in here() {
                    let MixAt::Keep {
                        group,
                        safer,
                        riskier,
                    } = at
                    else {
                        continue;
                    };
                    if group as usize == g {
                        let x = nodes[row + offsets[safer as usize] as usize];
                        let y = nodes[row + offsets[riskier as usize] as usize];
                        for j in 0..K {
                            chosen[j] = x[j] + alpha * (y[j] - x[j]);
                        }
                    }
                }
                let pg = m.group_prob[g];
                for j in 0..K {
                    acc[j] += pg * chosen[j];
                }
            }
            let mixed = here().find(|(_, at)| *at == MixAt::BankOrRoll);
            nodes[row + hand] = match mixed {
                Some((alpha, _)) => std::array::from_fn(|j| bank[j] + alpha * (acc[j] - bank[j])),
                _ if bank[0] >= acc[0] => bank,
                _ => acc,
            };
        }
        nodes[row] = if m.hot_dice {
            nodes[row + n]
        } else if bank[0] > f64::NEG_INFINITY {
            bank
        } else {
            // Every die scored, no hot dice and no bank allowed: the turn ends as a farkle
            // does.
            let mut farkle = [0.0; K];
            farkle[0] = phi;
            farkle[1] = 1.0;
            farkle
        };
    }
}

/// What a bot's turn is worth from a node: `c` apart from farkles and forfeits, and the
/// probability `f` that it ends in one (whatever that is worth is added by the caller).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Worth {
    pub c: f64,
    pub f: f64,
}

/// Per-thread buffers of [`bot_pass`].
#[derive(Default)]
pub(crate) struct BotTurn {
    nodes: Vec<Worth>,
}

#[cfg(test)]
impl BotTurn {
    /// A node after the pass (turn total `t`, `hand` dice, rows of `width` hands).
    pub(crate) fn node(&self, width: usize, t: usize, hand: usize) -> Worth {
        self.nodes[t * width + hand]
    }
}

/// How a bot's turn is known from row `top` up.
pub(crate) enum Above<'a> {
    /// It banks every hand there (it may bank there).
    Banks,
    /// Banking is allowed there and wins outright: the bot's worth by turn total and hand
    /// (see [`winning_worth`]).
    Wins(&'a [Worth]),
}

impl Above<'_> {
    /// The bot's worth at turn total `t` (at least the top) with `hand` dice, nodes `width`
    /// to a row; `bank` as for [`bot_pass`].
    pub(crate) fn worth(
        &self,
        t: usize,
        hand: usize,
        width: usize,
        bank: impl Fn(usize) -> Option<f64>,
    ) -> Worth {
        match self {
            Above::Banks => Worth {
                c: bank(t).expect("banking allowed above the top"),
                f: 0.0,
            },
            Above::Wins(worth) => {
                let last = worth.len() / width - 1;
                worth[t.min(last) * width + hand]
            }
        }
    }
}

/// Where a bot's turn at a state is known from, and how: from where it banks every hand (at
/// the latest when banking reaches the target, for a bot that banks there), or from where
/// banking wins outright (`wins`, at least `at_target`), whichever comes first; never
/// below the lowest bank.
pub(crate) fn known_from<'a>(
    policy: &TurnPolicy,
    winning: &'a [Worth],
    at_target: usize,
    wins: usize,
    bank_min: usize,
) -> (usize, Above<'a>) {
    let banks = match (policy.always_banks_from(), policy.banks_at_target) {
        (Some(a), true) => Some(a.min(at_target)),
        (None, true) => Some(at_target),
        (a, false) => a,
    }
    .map(|a| a.max(bank_min));
    let wins = wins.max(bank_min);
    match banks {
        Some(a) if a < wins => (a, Above::Banks),
        _ => (wins, Above::Wins(winning)),
    }
}

/// A bot's turn at a state, from turn total 0 with the full set: rows `0..top` solved
/// backwards. `bank(t)` is what banking turn total t is worth (`None` where not allowed);
/// `at_target` the first turn total whose bank reaches the target (for a bot that banks
/// there). A farkle, or a forfeit (every die scored, no hot dice and no bank allowed), counts
/// in `f`.
pub(crate) fn bot_pass(
    policy: &TurnPolicy,
    model: &TurnModel,
    top: usize,
    at_target: usize,
    bank: impl Fn(usize) -> Option<f64>,
    above: Above,
    s: &mut BotTurn,
) -> Worth {
    let width = model.width();
    let n = model.dice;
    let rows = top + model.max_gain + 1;
    s.nodes.clear();
    s.nodes.resize(rows * width, Worth::default());
    for t in top..rows {
        for hand in 0..width {
            s.nodes[t * width + hand] = above.worth(t, hand, width, &bank);
        }
    }
    for t in (0..top).rev() {
        let banked = bank(t);
        let row = t * width;
        for hand in 1..=n {
            let roll = roll_worth(&s.nodes, width, row, policy.pf[hand], policy.steps(t, hand));
            let p = match banked {
                None => 0.0,
                Some(_) if policy.banks_at_target && t >= at_target => 1.0,
                Some(_) => policy.bank(t, hand),
            };
            let b = banked.unwrap_or(0.0);
            s.nodes[row + hand] = Worth {
                c: p * b + (1.0 - p) * roll.c,
                f: (1.0 - p) * roll.f,
            };
        }
        s.nodes[row] = if model.hot_dice {
            s.nodes[row + n]
        } else {
            match banked {
                Some(c) => Worth { c, f: 0.0 },
                None => Worth { c: 0.0, f: 1.0 },
            }
        };
    }
    s.nodes[n]
}

/// A bot's turn as the chances of its ends (see [`bot_ends`]): what it is worth is
/// `c + sum over i of chances[i] bank(first + i)`, apart from farkles, which end it with
/// chance `f`.
#[derive(Debug, Clone, Default)]
pub(crate) struct BotEnds {
    /// The first turn total banked.
    pub first: usize,
    /// The chance of banking each turn total from `first` on.
    pub chances: Vec<f64>,
    /// What the known rows above the top that do not bank are worth.
    pub c: f64,
    pub f: f64,
}

impl BotEnds {
    /// The turn's worth, what banking `first`, `first + 1`, ... is worth read in order from
    /// `banks` as far as it goes (a run of a table's values: no call and no lookup each),
    /// from `bank(t)` after that.
    pub(crate) fn worth_from(
        &self,
        banks: impl Iterator<Item = f64>,
        bank: impl Fn(usize) -> Option<f64>,
    ) -> Worth {
        let mut c = self.c;
        let mut read = 0;
        for (&chance, worth) in self.chances.iter().zip(banks) {
            if chance != 0.0 {
                c += chance * worth;
            }
            read += 1;
        }
        for (i, &chance) in self.chances.iter().enumerate().skip(read) {
            if chance != 0.0 {
                c += chance * bank(self.first + i).expect("a bot banks where it may");
            }
        }
        Worth { c, f: self.f }
    }
}

/// [`bot_pass`] as a distribution: the bot's decisions do not depend on what banking is
/// worth, only on whether it may bank (from `bank_min` on), so the chance of reaching each
/// node is carried forward from the start of the turn once, and every state whose turn has
/// the same policy, top, target and lowest bank reads its worth from the same ends.
pub(crate) fn bot_ends(
    policy: &TurnPolicy,
    model: &TurnModel,
    top: usize,
    at_target: usize,
    bank_min: usize,
    above: &Above,
) -> BotEnds {
    let width = model.width();
    let n = model.dice;
    let rows = top + model.max_gain + 1;
    let mut reach = vec![0.0; rows * width];
    let mut banks = vec![0.0; rows];
    let mut ends = BotEnds::default();
    reach[n] = 1.0;
    for (t, banked) in banks.iter_mut().enumerate().take(top) {
        let row = t * width;
        let allowed = t >= bank_min;
        let all_scored = reach[row];
        if all_scored != 0.0 {
            if model.hot_dice {
                reach[row + n] += all_scored;
            } else if allowed {
                *banked += all_scored;
            } else {
                ends.f += all_scored;
            }
        }
        for hand in 1..=n {
            let here = reach[row + hand];
            if here == 0.0 {
                continue;
            }
            let p = match allowed {
                false => 0.0,
                true if policy.banks_at_target && t >= at_target => 1.0,
                true => policy.bank(t, hand),
            };
            *banked += p * here;
            let rolls = (1.0 - p) * here;
            ends.f += rolls * policy.pf[hand];
            for st in policy.steps(t, hand) {
                reach[row + st.gain as usize * width + usize::from(st.next)] += rolls * st.prob;
            }
        }
    }
    for (t, banked) in banks.iter_mut().enumerate().skip(top) {
        for hand in 0..width {
            let here = reach[t * width + hand];
            if here == 0.0 {
                continue;
            }
            match above {
                Above::Banks => *banked += here,
                Above::Wins(_) => {
                    let w = above.worth(t, hand, width, |_| None);
                    ends.c += here * w.c;
                    ends.f += here * w.f;
                }
            }
        }
    }
    let first = banks.iter().position(|&p| p != 0.0).unwrap_or(banks.len());
    let last = banks
        .iter()
        .rposition(|&p| p != 0.0)
        .map_or(first, |i| i + 1);
    ends.first = first;
    ends.chances = banks[first..last].to_vec();
    ends
}

/// The worth of a roll: its farkles, then each step's node.
#[inline]
fn roll_worth(nodes: &[Worth], width: usize, row: usize, pf: f64, steps: &[Step]) -> Worth {
    let mut acc = Worth { c: 0.0, f: pf };
    for st in steps {
        let v = nodes[row + st.gain as usize * width + usize::from(st.next)];
        acc.c += st.prob * v.c;
        acc.f += st.prob * v.f;
    }
    acc
}

/// A bot's worth at every turn total (by row, `width` hands each, the last row standing for
/// every turn total from it on) where banking is allowed and wins outright: past the target.
/// It depends on the bot's policy alone, so it is solved once: backwards from the row where
/// its decisions settle.
pub(crate) fn winning_worth(
    policy: &TurnPolicy,
    model: &TurnModel,
) -> Result<Vec<Worth>, StrategyError> {
    let width = model.width();
    let top = policy.settled();
    let settled = settled_worth(policy, model, top, 1.0)?;
    let mut s = BotTurn::default();
    bot_pass(
        policy,
        model,
        top,
        0,
        |_| Some(1.0),
        Above::Wins(&settled),
        &mut s,
    );
    let mut out = s.nodes;
    out.truncate((top + 1) * width);
    out[top * width..].copy_from_slice(&settled);
    Ok(out)
}

/// The worth of each hand (column 0 included) of a bot whose decisions no longer change with
/// the turn total (those of `policy` at row `t`), where banking is allowed and worth `bank`
/// everywhere: a linear system over the hand sizes. `UnboundedTurn` when it has no solution
/// (the bot could roll forever without risk).
fn settled_worth(
    policy: &TurnPolicy,
    model: &TurnModel,
    t: usize,
    bank: f64,
) -> Result<Vec<Worth>, StrategyError> {
    let n = model.dice;
    let column = |next: u8| match usize::from(next) {
        0 if model.hot_dice => Some(n),
        0 => None,
        h => Some(h),
    };
    // Unknowns: hands 1..=n. Row h: x_h - (1 - p_h) sum_steps prob x_next = rhs.
    let mut a = vec![0.0; n * n];
    let mut rc = vec![0.0; n];
    let mut rf = vec![0.0; n];
    for h in 1..=n {
        let p = if policy.banks_at_target {
            1.0
        } else {
            policy.bank(t, h)
        };
        let row = h - 1;
        a[row * n + row] += 1.0;
        rc[row] = p * bank;
        rf[row] = (1.0 - p) * policy.pf[h];
        for st in policy.steps(t, h) {
            let q = (1.0 - p) * st.prob;
            match column(st.next) {
                Some(to) => a[row * n + to - 1] -= q,
                // Every die scored without hot dice: a forced bank.
                None => rc[row] += q * bank,
            }
        }
    }
    let c = solve_linear(&mut a.clone(), &mut rc, n).ok_or(StrategyError::UnboundedTurn)?;
    let f = solve_linear(&mut a, &mut rf, n).ok_or(StrategyError::UnboundedTurn)?;
    let mut out = vec![Worth::default(); n + 1];
    for h in 1..=n {
        out[h] = Worth {
            c: c[h - 1],
            f: f[h - 1],
        };
    }
    out[0] = if model.hot_dice {
        out[n]
    } else {
        Worth { c: bank, f: 0.0 }
    };
    Ok(out)
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What reaching the target is worth to each player: a win outright, or, under a final round,
//! the outcome of the two last turns the other players take (the next player first, then the
//! last), each maximizing its own chance.
//!
//! # The final round
//! The mover A banks to z at or over the target. B (the next player, at y) takes one last
//! turn, then C (at w). C wins by finishing above the highest score; finishing level with it
//! shares the win among everyone level (1/2 or 1/3 each). So C's last turn depends only on
//! the units `e` it needs to draw level and on how many stand there; B's on `dB = z - y` and
//! `dC = z - w`:
//! - B below z (by a farkle or a bank short of it) wins nothing, and A and C share as C's
//!   turn against z decides;
//! - B level with z: A and B stand together, and C needs `dC` to tie three ways;
//! - B above z by u: A is out, and C needs `dC + u`.
//!
//! B's turn is solved for every `dC` once: above z its values depend only on how far above
//! (`u`), below it only on how far below (banking short of z is worth what a farkle is, so B
//! rolls on there). So a backward pass over u and a forward one over the distance to z give
//! B's turn for every `dB` at once. Leads beyond the lead cap (the two-player one: caught up
//! with in one last turn with probability below 1e-13) count as out of reach.

use rayon::prelude::*;

use crate::limits::{exceeded, MAX_WIN_TABLE_STATES};
use crate::strategy::tables::layout::Layout;
use crate::strategy::turn::TurnModel;
use crate::strategy::{try_filled, Meter, StrategyError};

use super::lanes::{lane_offsets, LaneTurns, LANES};
use super::pass::{run_pass, Node, Scratch};

/// A tie between two players at the end: half a win each.
const TWO_WAY: f64 = 0.5;
/// A tie among all three.
const THREE_WAY: f64 = 1.0 / 3.0;

/// What reaching the target leads to.
pub(super) enum Endgame {
    /// The first to bank the target wins.
    Race,
    /// The other players take a last turn each.
    FinalRound(Box<FinalRound>),
}

/// A player's situation as the two-player layout gives it: score (units), on the board, farkles.
type Player = (i64, bool, usize);

/// The final round's outcomes, solved for every pair of leads up to the cap.
pub(super) struct FinalRound {
    /// Leads (units) at or beyond which a last turn no longer catches up.
    pub(super) cap: usize,
    /// `last[flag][ways - 2][e]`: a player's best last turn (off the board: flag 0) needing
    /// e units to draw level with `ways - 1` players: (P(finishing above), P(level)).
    last: [[Vec<(f64, f64)>; 2]; 2],
    /// `outcomes[2 * flag_b + flag_c][(dB - 1) * cap + dC - 1]`: (A, B, C) when B needs dB to
    /// draw level and C needs dC.
    outcomes: [Vec<[f64; 3]>; 4],
    /// The smallest farkle probability of a hand that can farkle.
    pf_min: f64,
    /// Where some hand cannot farkle (six dice in Zilch), what it is worth above the first
    /// turn total from which on every hand that can farkle banks: it rolls on while that is
    /// better. `safe[2 * flag_b + flag_c][(hand * (cap + 1) + dB - 1) * (cap + 1) + dC - 1]`,
    /// leads beyond the cap counting as cap + 1; empty without such a hand.
    safe: [Vec<Node>; 4],
}

impl Endgame {
    /// The endgame of a rules value; `cap` is the two-player lead cap (0 without a final
    /// round). `flags`: which on-board flags players can have (both when the rules have an
    /// entry minimum).
    pub(super) fn new(
        model: &TurnModel,
        final_round: bool,
        cap: usize,
        bank_min: [usize; 2],
        entry: bool,
        pool: &rayon::ThreadPool,
        meter: &mut Meter,
    ) -> Result<Endgame, StrategyError> {
        if !final_round {
            return Ok(Endgame::Race);
        }
        FinalRound::solve(model, cap, bank_min, entry, pool, meter)
            .map(|f| Endgame::FinalRound(Box::new(f)))
    }

    /// (A, B, C) when the mover A, with the next player B and the last C, banks to `z` units
    /// at or over the target.
    #[inline]
    pub(super) fn reached(&self, z: i64, b: Player, c: Player) -> [f64; 3] {
        match self {
            Endgame::Race => [1.0, 0.0, 0.0],
            Endgame::FinalRound(f) => f.reached(z, b, c),
        }
    }

    /// The first turn total (units) from which on the mover at `x` against `b` and `c` is
    /// known to bank every hand that can farkle (and the game is over or its last turns
    /// solved), for a farkle worth at most `phi` to it.
    pub(super) fn t_hi(&self, l: &Layout, x: i64, b: Player, c: Player, phi: f64) -> usize {
        let to_target = (l.target - x).max(0) as usize;
        match self {
            Endgame::Race => to_target,
            Endgame::FinalRound(f) => f.t_hi(to_target, x, b, c, phi),
        }
    }

    /// The nodes of every hand at a score of `z` units at or above [`Endgame::t_hi`]: what
    /// [`Endgame::beyond`] gives each, the outcome of reaching `z` looked up once for all the
    /// hands that can farkle (they all bank there).
    pub(super) fn beyond_row(
        &self,
        model: &TurnModel,
        z: i64,
        b: Player,
        c: Player,
        row: &mut [Node],
    ) {
        let node = self.reached_node(z, b, c);
        for (hand, slot) in row.iter_mut().enumerate() {
            *slot = if safe_hand(model, hand) {
                self.beyond(model, z, b, c, hand)
            } else {
                node
            };
        }
    }

    /// What [`Endgame::beyond`] gives every hand that can farkle at a score of `z` units.
    #[inline]
    pub(super) fn reached_node(&self, z: i64, b: Player, c: Player) -> Node {
        let v = self.reached(z, b, c);
        Node {
            w: v[0],
            u: v[1],
            f: 0.0,
        }
    }

    /// The node of hand `hand` at a score of `z` units (turn total included) at or above
    /// [`Endgame::t_hi`].
    #[inline]
    pub(super) fn beyond(
        &self,
        model: &TurnModel,
        z: i64,
        b: Player,
        c: Player,
        hand: usize,
    ) -> Node {
        match self {
            Endgame::Race => Node::WON,
            Endgame::FinalRound(f) => f.beyond(model, z, b, c, hand),
        }
    }
}

/// Whether hand `hand` of a known row cannot farkle (hand 0 with hot dice is a full hand),
/// so that [`Endgame::beyond`] reads it from the final round's `safe` table.
#[inline]
pub(super) fn safe_hand(model: &TurnModel, hand: usize) -> bool {
    let hand = if hand == 0 && model.hot_dice {
        model.dice
    } else {
        hand
    };
    hand > 0 && model.farkle[hand] == 0.0
}

/// Refuses a final round whose tables (`outcomes` and `safe`) would hold more values than
/// [`MAX_WIN_TABLE_STATES`] states of the table do, before any is allocated: for `cap`
/// (units), with both on-board flags when `entry`.
pub(super) fn check_size(model: &TurnModel, cap: usize, entry: bool) -> Result<(), StrategyError> {
    let flag_pairs: u128 = if entry { 4 } else { 1 };
    let cap = cap as u128;
    let safe = if (1..model.width()).any(|m| model.farkle[m] == 0.0) {
        model.width() as u128 * (cap + 1) * (cap + 1)
    } else {
        0
    };
    let cells = flag_pairs * (cap * cap + safe);
    if cells > MAX_WIN_TABLE_STATES as u128 {
        return Err(StrategyError::ResourceLimit(exceeded(
            &format!(
                "the three-player final round (the last two turns' outcomes for every pair of \
                 leads up to {cap} units{}{})",
                if entry {
                    ", for each pair of on-board flags"
                } else {
                    ""
                },
                if safe > 0 {
                    ", and for every hand that cannot farkle"
                } else {
                    ""
                }
            ),
            format!("{cells} states"),
            format!("{MAX_WIN_TABLE_STATES} states"),
        )));
    }
    Ok(())
}

impl FinalRound {
    fn solve(
        model: &TurnModel,
        cap: usize,
        bank_min: [usize; 2],
        entry: bool,
        pool: &rayon::ThreadPool,
        meter: &mut Meter,
    ) -> Result<FinalRound, StrategyError> {
        let offsets = model.option_offsets();
        let flags: &[usize] = if entry { &[0, 1] } else { &[1] };
        let mut last: [[Vec<(f64, f64)>; 2]; 2] = Default::default();
        for &flag in flags {
            for ways in [2, 3] {
                meter.charge(cap as u64 * model.row_work(), 0.0)?;
                let share = if ways == 2 { TWO_WAY } else { THREE_WAY };
                last[flag][ways - 2] = last_turns(model, &offsets, bank_min[flag], cap, share)?;
            }
        }
        let pf_min = (1..model.width())
            .map(|m| model.farkle[m])
            .filter(|&pf| pf > 0.0)
            .fold(1.0, f64::min);
        let mut round = FinalRound {
            cap,
            last,
            outcomes: Default::default(),
            pf_min,
            safe: Default::default(),
        };
        for &flag_b in flags {
            for &flag_c in flags {
                meter.charge((cap * cap / LANES) as u64 * model.row_work(), 0.0)?;
                round.outcomes[2 * flag_b + flag_c] =
                    round.b_turns(model, &offsets, bank_min[flag_b], flag_c, pool)?;
            }
        }
        if (1..model.width()).any(|m| model.farkle[m] == 0.0) {
            for &flag_b in flags {
                for &flag_c in flags {
                    meter.charge(((cap + 1) * (cap + 1)) as u64 * model.row_work(), 0.0)?;
                    round.safe[2 * flag_b + flag_c] = round.safe_hands(model, flag_b, flag_c)?;
                }
            }
        }
        Ok(round)
    }

    /// C's last turn from the `last` table: (P above, P level) needing `e` units, with
    /// `ways - 1` players at the mark; out of reach beyond the cap.
    #[inline]
    pub(super) fn c_turn(&self, flag: usize, ways: usize, e: i64) -> (f64, f64) {
        if e > self.cap as i64 {
            (0.0, 0.0)
        } else {
            self.last[flag][ways - 2][e as usize]
        }
    }

    /// A and C's shares when B ends below z: C's turn against A alone.
    pub(super) fn failure(&self, flag_c: usize, dc: i64) -> (f64, f64) {
        let (pa, pe) = self.c_turn(flag_c, 2, dc);
        (1.0 - pa - pe * (1.0 - TWO_WAY), pa + pe * TWO_WAY)
    }

    /// B's last turn for every dB and dC from 1 to the cap: (A, B, C) at
    /// `(dB - 1) * cap + dC - 1`.
    ///
    /// Above z by u >= 1, B's turn depends only on `e = dC + u`, what C then needs: one pass
    /// over e (`above`) serves every dC. Level with z (u = 0) it is one row per dC. Below z by
    /// r, B rolls on (a bank there is worth what a farkle is): the nodes of its turn, by
    /// `cap - r`, form a pass whose known rows are those at and above z, solved for
    /// [`LANES`] values of dC at once. A farkle counts in `f`, and gives A its share of C's
    /// turn against z alone (`failure`), which depends on dC.
    fn b_turns(
        &self,
        model: &TurnModel,
        offsets: &[u32],
        bank_min_b: usize,
        flag_c: usize,
        pool: &rayon::ThreadPool,
    ) -> Result<Vec<[f64; 3]>, StrategyError> {
        let cap = self.cap;
        let width = model.width();
        let n = model.dice;
        let mut table = try_filled(cap * cap, [0.0; 3])?;
        // Above z: nodes (B's chance, A's chance apart from B's farkles, P(B farkles)) by e.
        let mut above = Scratch {
            t_hi: cap + 1,
            ..Scratch::default()
        };
        for e in 0..=cap {
            let (pa, pe) = self.c_turn(flag_c, 2, e as i64);
            let w = if e == 0 {
                f64::NEG_INFINITY
            } else {
                1.0 - pa - pe * (1.0 - TWO_WAY)
            };
            above.bank_w.push(w);
            above.bank_u.push(0.0);
        }
        above.nodes = vec![Node::WON; (cap + 1 + model.max_gain + 1) * width];
        run_pass(model, offsets, &mut above, 0.0);
        let above_at = |e: usize, hand: usize| {
            if e > cap {
                Node::WON
            } else {
                above.nodes[e * width + hand]
            }
        };
        // Level with z, per dC: one row whose rolls reach `above`.
        let level: Vec<Vec<Node>> = (1..=cap)
            .map(|dc| {
                let (pa, pe) = self.c_turn(flag_c, 3, dc as i64);
                let ab = (1.0 - pa - pe) * TWO_WAY + pe * THREE_WAY;
                let mut s = Scratch {
                    t_hi: 1,
                    bank_w: vec![ab],
                    bank_u: vec![ab],
                    nodes: vec![Node::WON; (model.max_gain + 2) * width],
                };
                for u in 1..=model.max_gain + 1 {
                    for hand in 0..width {
                        s.nodes[u * width + hand] = above_at(dc + u, hand);
                    }
                }
                run_pass(model, offsets, &mut s, 0.0);
                s.nodes[..width].to_vec()
            })
            .collect();
        // Below z, LANES values of dC at a time.
        let starts: Vec<usize> = (1..=cap).step_by(LANES).collect();
        let vector_offsets = lane_offsets(offsets);
        let columns: Vec<Vec<(usize, usize, [f64; 3])>> = pool.install(|| {
            starts
                .par_iter()
                .map_init(LaneTurns::default, |lanes, &first| {
                    let dc_of = |j: usize| (first + j).min(cap);
                    lanes.reset(model, cap);
                    for j in 0..LANES {
                        let dc = dc_of(j);
                        for (hand, &node) in level[dc - 1].iter().enumerate() {
                            lanes.set_known(cap, hand, j, node);
                        }
                        for u in 1..=model.max_gain {
                            for hand in 0..width {
                                lanes.set_known(cap + u, hand, j, above_at(dc + u, hand));
                            }
                        }
                    }
                    lanes.solve(model, &vector_offsets, [0.0; LANES]);
                    let mut out = Vec::new();
                    for j in 0..LANES.min(cap + 1 - first) {
                        let dc = first + j;
                        let (fail_a, _) = self.failure(flag_c, dc as i64);
                        for db in 1..=cap {
                            let node = lanes.node(cap - db, n, j);
                            out.push((db, dc, outcome(node, fail_a)));
                        }
                    }
                    out
                })
                .collect()
        });
        for (db, dc, v) in columns.into_iter().flatten() {
            table[(db - 1) * cap + dc - 1] = v;
        }
        // Where B may not bank right from z, the rows below its lowest bank are a pass of
        // their own: from there up it may, and the nodes are those above z.
        let mut s = Scratch::default();
        for db in 1..bank_min_b.min(cap + 1) {
            for dc in 1..=cap {
                let (fail_a, _) = self.failure(flag_c, dc as i64);
                s.t_hi = bank_min_b;
                s.bank_w.clear();
                s.bank_w.resize(bank_min_b, f64::NEG_INFINITY);
                s.bank_u.clear();
                s.bank_u.resize(bank_min_b, 0.0);
                s.nodes.clear();
                s.nodes
                    .resize((bank_min_b + model.max_gain + 1) * width, Node::WON);
                for t in bank_min_b..bank_min_b + model.max_gain + 1 {
                    for hand in 0..width {
                        s.nodes[t * width + hand] = above_at(dc + t - db, hand);
                    }
                }
                let node = run_pass(model, offsets, &mut s, 0.0);
                table[(db - 1) * cap + dc - 1] = outcome(node, fail_a);
            }
        }
        Ok(table)
    }

    fn reached(&self, z: i64, b: Player, c: Player) -> [f64; 3] {
        let cap = self.cap as i64;
        let (db, dc) = (z - b.0, z - c.0);
        let (flag_b, flag_c) = (usize::from(b.1), usize::from(c.1));
        match (db <= cap, dc <= cap) {
            (true, true) => {
                self.outcomes[2 * flag_b + flag_c][(db - 1) as usize * self.cap + (dc - 1) as usize]
            }
            (false, true) => {
                let (a, c) = self.failure(flag_c, dc);
                [a, 0.0, c]
            }
            (true, false) => {
                // C cannot catch up whatever B does: B's turn against A alone.
                let (pa, pe) = self.c_turn(flag_b, 2, db);
                let b = pa + pe * TWO_WAY;
                [1.0 - b, b, 0.0]
            }
            (false, false) => [1.0, 0.0, 0.0],
        }
    }

    fn t_hi(&self, to_target: usize, x: i64, b: Player, c: Player, phi: f64) -> usize {
        let cap = self.cap as i64;
        // From here on both leads are out of reach: A has won.
        let won = (b.0.max(c.0) + cap + 1 - x).max(to_target as i64) as usize;
        // Down from there while banking every hand that can farkle stays proven optimal: A's
        // chance when banking is at least what one more roll could reach. (A hand that
        // cannot farkle rolls on: see `safe`.)
        let limit = self.pf_min * (1.0 - phi);
        let mut t = won;
        while t > to_target && 1.0 - self.reached(x + t as i64 - 1, b, c)[0] <= limit {
            t -= 1;
        }
        t
    }

    /// The node of `hand` at a score of `z` units from the first known row up.
    #[inline]
    fn beyond(&self, model: &TurnModel, z: i64, b: Player, c: Player, hand: usize) -> Node {
        let hand = if hand == 0 && model.hot_dice {
            model.dice
        } else {
            hand
        };
        if hand > 0 && model.farkle[hand] == 0.0 {
            let side = self.cap as i64 + 1;
            let (db, dc) = ((z - b.0).min(side), (z - c.0).min(side));
            let side = side as usize;
            let at = (hand * side + (db - 1) as usize) * side + (dc - 1) as usize;
            return self.safe[2 * usize::from(b.1) + usize::from(c.1)][at];
        }
        let v = self.reached(z, b, c);
        Node {
            w: v[0],
            u: v[1],
            f: 0.0,
        }
    }

    /// The values of the hands that cannot farkle from the first known row up (see `safe`),
    /// for every pair of leads, the largest first (a roll only adds to both).
    fn safe_hands(
        &self,
        model: &TurnModel,
        flag_b: usize,
        flag_c: usize,
    ) -> Result<Vec<Node>, StrategyError> {
        let side = self.cap + 1;
        let width = model.width();
        let mut table = try_filled(width * side * side, Node::default())?;
        let player = |d: usize, flag: usize| (-(d as i64), flag == 1, 0);
        // A stands at score 0, B and C at minus their leads.
        for db in (1..=side).rev() {
            for dc in (1..=side).rev() {
                let (b, c) = (player(db, flag_b), player(dc, flag_c));
                let bank = self.reached(0, b, c);
                let bank = Node {
                    w: bank[0],
                    u: bank[1],
                    f: 0.0,
                };
                let node_at = |table: &[Node], gain: usize, next: usize| -> Node {
                    let hand = if next == 0 && model.hot_dice {
                        model.dice
                    } else {
                        next
                    };
                    let (db2, dc2) = ((db + gain).min(side), (dc + gain).min(side));
                    if hand > 0 && model.farkle[hand] == 0.0 {
                        table[(hand * side + db2 - 1) * side + dc2 - 1]
                    } else {
                        let v = self.reached(gain as i64, b, c);
                        Node {
                            w: v[0],
                            u: v[1],
                            f: 0.0,
                        }
                    }
                };
                for hand in (1..width).filter(|&m| model.farkle[m] == 0.0) {
                    let mut acc = Node::default();
                    for g in model.group_start[hand - 1]..model.group_start[hand] {
                        let mut best: Option<Node> = None;
                        for &(gain, next) in
                            &model.options[model.option_start[g]..model.option_start[g + 1]]
                        {
                            let v = node_at(&table, gain as usize, usize::from(next));
                            if best.is_none_or(|x| v.w > x.w) {
                                best = Some(v);
                            }
                        }
                        let best = best.unwrap_or(bank);
                        let pg = model.group_prob[g];
                        acc.w += pg * best.w;
                        acc.u += pg * best.u;
                    }
                    table[(hand * side + db - 1) * side + dc - 1] =
                        if bank.w >= acc.w { bank } else { acc };
                }
            }
        }
        Ok(table)
    }
}

/// (A, B, C) from B's node at the start of its last turn, A's share of a farkle `fail_a`.
fn outcome(node: Node, fail_a: f64) -> [f64; 3] {
    let a = node.u + node.f * fail_a;
    [a, node.w, 1.0 - a - node.w]
}

/// A player's best last turn needing e units to draw level, a level finish worth `share`,
/// for every e from 0 to the cap: (P finishing above, P level) by e.
///
/// A turn that may bank from the mark up depends only on the units r it still needs: the
/// nodes by `cap - r` form one pass, below the mark by rolling on (a bank there wins
/// nothing), level by banking at `share`, above by winning. Needs below the lowest bank
/// allowed are solved one by one.
fn last_turns(
    model: &TurnModel,
    offsets: &[u32],
    bank_min: usize,
    cap: usize,
    share: f64,
) -> Result<Vec<(f64, f64)>, StrategyError> {
    let width = model.width();
    let n = model.dice;
    let mut s = Scratch {
        t_hi: cap + 1,
        ..Scratch::default()
    };
    for i in 0..=cap {
        let (w, level) = if i == cap {
            (share, 1.0)
        } else {
            (f64::NEG_INFINITY, 0.0)
        };
        s.bank_w.push(w);
        s.bank_u.push(level);
    }
    s.nodes = try_filled((cap + 1 + model.max_gain + 1) * width, Node::WON)?;
    run_pass(model, offsets, &mut s, 0.0);
    let mut out = try_filled(cap + 1, (1.0, 0.0))?;
    for (e, v) in out.iter_mut().enumerate().skip(1) {
        *v = if e >= bank_min {
            let node = s.nodes[(cap - e) * width + n];
            (node.w - share * node.u, node.u)
        } else {
            last_turn(model, offsets, &mut Scratch::default(), bank_min, e, share)
        };
    }
    Ok(out)
}

/// A player's best last turn needing `e` units to draw level, a level finish worth `share`:
/// (P finishing above, P level).
fn last_turn(
    model: &TurnModel,
    offsets: &[u32],
    s: &mut Scratch,
    bank_min: usize,
    e: usize,
    share: f64,
) -> (f64, f64) {
    let width = model.width();
    s.t_hi = (e + 1).max(bank_min);
    s.bank_w.clear();
    s.bank_u.clear();
    for t in 0..s.t_hi {
        let (w, level) = match t {
            t if t < bank_min => (f64::NEG_INFINITY, 0.0),
            t if t > e => (1.0, 0.0),
            t if t == e => (share, 1.0),
            _ => (0.0, 0.0),
        };
        s.bank_w.push(w);
        s.bank_u.push(level);
    }
    s.nodes.clear();
    s.nodes
        .resize((s.t_hi + model.max_gain + 1) * width, Node::WON);
    let node = run_pass(model, offsets, s, 0.0);
    (node.w - share * node.u, node.u)
}

impl Endgame {
    /// What `ThreePlayerTable::next_player_pays` answers (see there), for a table whose
    /// layout has a board (an entry minimum) when `board`.
    pub(super) fn next_player_pays(
        &self,
        board: bool,
        c_on_board: bool,
        dc: i64,
    ) -> Option<(Vec<f64>, i64)> {
        let Endgame::FinalRound(round) = self else {
            return None;
        };
        let fc = if board { usize::from(c_on_board) } else { 1 };
        let cap = round.cap as i64;
        // Above the mark by u, the last player needs dc + u: out of reach beyond the cap.
        let units = (cap - dc + 1).max(1);
        let (pa, pe) = round.c_turn(fc, 3, dc);
        let mut pays = vec![(1.0 - pa - pe) * TWO_WAY + pe * THREE_WAY];
        pays.extend((1..units).map(|u| round.failure(fc, dc + u).0));
        Some((pays, units))
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The context every solve and query shares: the layout, the turn model and the endgame a
//! state's turn pass reads, and the passes (plain and in lanes) run with them.

use crate::rules::Rules;
use crate::strategy::tables::layout::Layout;
use crate::strategy::turn::TurnModel;

use super::endgame::{safe_hand, Endgame};
use super::lanes::{lane_offsets, Job, LaneTurns, SpareLanes, LANES};
use super::pass::{run_pass, Node, Scratch, Seats};

/// Work shared by the solver and the queries.
pub(super) struct Ctx<'a> {
    pub(super) layout: Layout,
    pub(super) rules: &'a Rules,
    pub(super) model: &'a TurnModel,
    /// Option offsets `b * width + next`, parallel to `model.options`.
    pub(super) offsets: &'a [u32],
    pub(super) bank_min: [usize; 2],
    pub(super) endgame: &'a Endgame,
    /// `offsets` for lane passes (see [`lane_offsets`]).
    pub(super) lane_offsets: Vec<usize>,
    /// Lane buffers for the parallel loops, reused from one loop to the next.
    pub(super) spare_lanes: SpareLanes,
}

impl<'a> Ctx<'a> {
    pub(super) fn new(
        rules: &'a Rules,
        layout: &Layout,
        model: &'a TurnModel,
        offsets: &'a [u32],
        bank_min: [usize; 2],
        endgame: &'a Endgame,
    ) -> Ctx<'a> {
        Ctx {
            layout: *layout,
            rules,
            model,
            offsets,
            bank_min,
            endgame,
            lane_offsets: lane_offsets(offsets),
            spare_lanes: SpareLanes::default(),
        }
    }

    pub(super) fn players(&self) -> usize {
        self.layout.players()
    }

    /// The place of a state in the table.
    #[inline]
    pub(super) fn index(&self, (p, q, r): Seats) -> usize {
        let n = self.players();
        (p * n + q) * n + r
    }

    /// The mover after a farkle.
    pub(super) fn farkled(&self, p: usize) -> usize {
        self.layout.farkled(self.rules, p)
    }

    /// The state after the mover of `seats` farkles: the next player moves, the mover is last.
    pub(super) fn after_farkle(&self, (p, q, r): Seats) -> Seats {
        (q, r, self.farkled(p))
    }

    /// The first turn total from which on every node's value is known without a pass (see
    /// [`Endgame::t_hi`]); at least the lowest bank allowed, so every bank is in the pass.
    pub(super) fn t_hi(&self, (p, q, r): Seats, phi: f64) -> usize {
        let l = &self.layout;
        let (x, board, _) = l.player(p);
        let hi = self.endgame.t_hi(l, x, l.player(q), l.player(r), phi);
        hi.max(self.bank_min[usize::from(board)])
    }

    /// The mover's and the next player's chances when the mover banks `t` (units), `None`
    /// where banking is not allowed. Reaching the target ends the game, or starts the final
    /// round.
    #[inline]
    pub(super) fn bank_at(
        &self,
        values: &[[f64; 3]],
        seats: Seats,
        t: usize,
    ) -> Option<(f64, f64)> {
        let (p, q, r) = seats;
        let l = &self.layout;
        let (x, board, _) = l.player(p);
        if t < self.bank_min[usize::from(board)] {
            return None;
        }
        // t is at most MAX_TURN_TOTAL in units, x within the table: no overflow.
        let z = x + t as i64;
        if z >= l.target {
            let v = self.endgame.reached(z, l.player(q), l.player(r));
            return Some((v[0], v[1]));
        }
        let after = values[self.index((q, r, l.index(z, true, 0)))];
        // After the bank the next player moves and the banker is last.
        Some((after[2], after[0]))
    }

    /// Fills the bank payoffs of `seats` for turn totals below `s.t_hi`.
    pub(super) fn fill_bank(&self, values: &[[f64; 3]], seats: Seats, s: &mut Scratch) {
        s.bank_w.clear();
        s.bank_u.clear();
        for t in 0..s.t_hi {
            let (w, u) = self
                .bank_at(values, seats, t)
                .unwrap_or((f64::NEG_INFINITY, 0.0));
            s.bank_w.push(w);
            s.bank_u.push(u);
        }
    }

    /// Prepares a pass of `seats` for a farkle worth `phi` to the mover: its rows, its bank
    /// payoffs and its known rows.
    pub(super) fn prepare(&self, values: &[[f64; 3]], seats: Seats, phi: f64, s: &mut Scratch) {
        s.t_hi = self.t_hi(seats, phi);
        self.fill_bank(values, seats, s);
        let width = self.model.width();
        let rows = s.t_hi + self.model.max_gain + 1;
        s.nodes.clear();
        s.nodes.resize(rows * width, Node::WON);
        self.fill_beyond(seats, s);
    }

    /// The rows from `s.t_hi` up: what the endgame gives there (see [`Endgame::beyond`]).
    fn fill_beyond(&self, seats: Seats, s: &mut Scratch) {
        let (p, q, r) = seats;
        let l = &self.layout;
        let width = self.model.width();
        let rows = s.nodes.len() / width;
        let (x, _, _) = l.player(p);
        let (b, c) = (l.player(q), l.player(r));
        for t in s.t_hi..rows {
            let row = &mut s.nodes[t * width..(t + 1) * width];
            self.endgame.beyond_row(self.model, x + t as i64, b, c, row);
        }
    }

    /// One backward pass over a prepared scratch (see [`Ctx::prepare`]) with a farkle worth
    /// `phi` to the mover: the node at the start of the turn.
    pub(super) fn pass(&self, s: &mut Scratch, phi: f64) -> Node {
        run_pass(self.model, self.offsets, s, phi)
    }
}

impl Ctx<'_> {
    /// Solves the turns of up to [`LANES`] jobs together (unused lanes repeat the first):
    /// the pass of [`Ctx::pass`], each turn in its own lane. The lanes share the rows up to
    /// the highest `t_hi` of the batch; between its own and that, a lane's rows come out as
    /// the known values there (the mover banks every hand, as its `t_hi` proves optimal),
    /// so every lane gets the node [`Ctx::pass`] gives.
    pub(super) fn lane_pass(
        &self,
        values: &[[f64; 3]],
        jobs: &[Job],
        s: &mut LaneTurns,
    ) -> [Node; LANES] {
        let m = self.model;
        let width = m.width();
        let lane = |j: usize| jobs[if j < jobs.len() { j } else { 0 }];
        let top = (0..LANES).map(|j| lane(j).t_hi).max().unwrap_or(0);
        let race = matches!(self.endgame, Endgame::Race);
        if race {
            // Every known node is a win.
            s.reset(m, top);
        } else {
            // Every known node is set below.
            s.reset_unknown(m, top);
        }
        let l = &self.layout;
        for j in 0..LANES {
            let job = lane(j);
            let (p, q, r) = job.seats;
            // What `bank_at` gives, row by row: below the target a bank of t leads to
            // (q, r, the banker at x + t), consecutive states of the table.
            let (x, board, _) = l.player(p);
            let least = self.bank_min[usize::from(board)].min(top);
            let to_target = ((l.target - x).max(0) as usize).clamp(least, top);
            if least < to_target {
                let first = self.index((q, r, l.index(x + least as i64, true, 0)));
                for (i, t) in (least..to_target).enumerate() {
                    let after = values[first + i * l.streak];
                    // After the bank the next player moves and the banker is last.
                    s.set_bank(t, j, after[2], after[0]);
                }
            }
            for t in to_target..top {
                let v = self.endgame.reached(x + t as i64, l.player(q), l.player(r));
                s.set_bank(t, j, v[0], v[1]);
            }
        }
        if !race {
            // The known rows: one outcome a lane and row serves every hand that can farkle
            // (they all bank there), row by row in whole cache lines; the hands that cannot
            // farkle (six dice in Zilch) one by one.
            let safe: Vec<usize> = (0..width).filter(|&h| safe_hand(m, h)).collect();
            let at = |j: usize| {
                let (p, q, r) = lane(j).seats;
                (l.player(p).0, l.player(q), l.player(r))
            };
            let players: [_; LANES] = std::array::from_fn(at);
            for t in top..s.rows() {
                let row: [Node; LANES] = std::array::from_fn(|j| {
                    let (x, b, c) = players[j];
                    self.endgame.reached_node(x + t as i64, b, c)
                });
                s.set_known_row(t, &row);
                for &hand in &safe {
                    for (j, &(x, b, c)) in players.iter().enumerate() {
                        s.set_known(t, hand, j, self.endgame.beyond(m, x + t as i64, b, c, hand));
                    }
                }
            }
        }
        s.solve(m, &self.lane_offsets, std::array::from_fn(|j| lane(j).phi));
        std::array::from_fn(|j| s.node(0, m.dice, j))
    }
}

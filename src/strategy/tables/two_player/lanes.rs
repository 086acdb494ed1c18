// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Lane passes: the turns of up to [`LANES`] pairs solved together in interleaved tables, so
//! that the inner maximum runs over vector registers.

use crate::strategy::turn::TurnModel;

use super::pass::Ctx;

/// Pairs solved together by one lane pass (see [`Ctx::lane_pass`]): 16 f64 lanes are four
/// AVX registers. Measured per sweep of extended: 16 lanes against 8 with AVX, 0.29 s against
/// 0.35 s of CPU to 3,000 and 3.6 s against 4.4 s to 10,000; without AVX 8 lanes were faster
/// (0.52 s against 0.65 s to 3,000), but every x86-64 processor of the last decade has it.
pub(super) const LANES: usize = 16;

pub(super) type Lanes = [f64; LANES];

/// The lanes the forward pass of [`Ctx::lane_forms`] keeps in registers at once.
pub(super) const HALF: usize = LANES / 2;

/// The backward loop of a lane pass (see [`Ctx::lane_pass`]), from the top row down.
struct LaneRows<'a> {
    pub(super) model: &'a TurnModel,
    pub(super) offsets: &'a [u32],
    pub(super) bank: &'a [Lanes],
    pub(super) phi: Lanes,
}

impl LaneRows<'_> {
    /// Fills `w` below the top (and `roll` when given), with the widest vector instructions
    /// this processor has among those the loop can use.
    fn run(&self, w: &mut [Lanes], roll: Option<&mut Vec<Lanes>>) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the processor supports AVX, checked just above.
            return unsafe { self.run_avx(w, roll) };
        }
        self.rows(w, roll);
    }

    /// The same loop compiled for AVX: four lanes per instruction instead of two. The
    /// results are the same to the bit (the same operations in the same order).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    unsafe fn run_avx(&self, w: &mut [Lanes], roll: Option<&mut Vec<Lanes>>) {
        self.rows(w, roll);
    }

    #[inline(always)]
    fn rows(&self, w: &mut [Lanes], mut roll: Option<&mut Vec<Lanes>>) {
        let m = self.model;
        let width = m.width();
        let n = m.dice;
        let phi = self.phi;
        for t in (0..self.bank.len()).rev() {
            let bank = self.bank[t];
            let row = t * width;
            for hand in 1..=n {
                let pf = m.farkle[hand];
                let mut acc: Lanes = std::array::from_fn(|j| pf * phi[j]);
                for g in m.group_start[hand - 1]..m.group_start[hand] {
                    let offsets = &self.offsets[m.option_start[g]..m.option_start[g + 1]];
                    let mut best = [f64::NEG_INFINITY; LANES];
                    for &off in offsets {
                        let v = &w[row + off as usize];
                        for j in 0..LANES {
                            best[j] = if v[j] > best[j] { v[j] } else { best[j] };
                        }
                    }
                    let pg = m.group_prob[g];
                    for j in 0..LANES {
                        acc[j] += pg * best[j];
                    }
                }
                if let Some(roll) = roll.as_deref_mut() {
                    roll[row + hand] = acc;
                }
                w[row + hand] =
                    std::array::from_fn(|j| if bank[j] >= acc[j] { bank[j] } else { acc[j] });
            }
            w[row] = std::array::from_fn(|j| {
                if m.hot_dice {
                    w[row + n][j]
                } else if bank[j] > f64::NEG_INFINITY {
                    bank[j]
                } else {
                    phi[j]
                }
            });
        }
    }
}

/// Per-thread buffers of a lane pass.
#[derive(Default)]
pub(super) struct LaneScratch {
    /// W(t, m) of every lane at `t * width + m`.
    pub(super) w: Vec<Lanes>,
    /// The value of rolling, kept for the margins when recording.
    pub(super) roll: Vec<Lanes>,
    /// The payoff of banking, by turn total.
    pub(super) bank: Vec<Lanes>,
    /// The forward pass: the chance of reaching each state, and of banking at each total.
    pub(super) mass: Vec<Lanes>,
    pub(super) banked: Vec<Lanes>,
}

/// Up to [`LANES`] pairs of one bucket; unused lanes repeat the first pair.
pub(super) struct Batch {
    pub(super) len: usize,
    pub(super) pairs: [(usize, usize); LANES],
    /// The farkle payoffs read.
    pub(super) phi: Lanes,
    /// The highest `t_hi` of the lanes.
    pub(super) top: usize,
}

impl Batch {
    /// `items`: (p, q, farkle payoff, t_hi), one to [`LANES`] of them.
    pub(super) fn new(items: &[(usize, usize, f64, usize)]) -> Batch {
        let lane = |j: usize| items[if j < items.len() { j } else { 0 }];
        Batch {
            len: items.len(),
            pairs: std::array::from_fn(|j| (lane(j).0, lane(j).1)),
            phi: std::array::from_fn(|j| lane(j).2),
            top: items.iter().map(|i| i.3).max().unwrap_or(0),
        }
    }
}

impl Ctx<'_> {
    /// Solves the turns of a batch together: the backward pass of [`Ctx::pass`], each pair
    /// in its own lane of interleaved tables, so that the inner loop takes the maximum of
    /// [`LANES`] values at once (compilers turn it into vector instructions) and loads each
    /// option's offset once for all of them. The lanes share the rows up to the highest
    /// `t_hi` of the batch; above its own, a lane's rows come out as the known values there
    /// (the target is reached, or banking every risky hand is proven optimal), so every
    /// lane gets the value [`Ctx::pass`] gives. With `record`, the values of rolling are
    /// kept for [`Ctx::lane_forms`].
    pub(super) fn lane_pass(
        &self,
        s: &mut LaneScratch,
        start: &[f64],
        b: &Batch,
        record: bool,
    ) -> Lanes {
        let m = self.model;
        let width = m.width();
        let n = m.dice;
        let top = b.top;
        let rows = top + m.max_gain + 1;
        // The rows below the top are all written before they are read (a roll gains points):
        // only the rows from the top up need their known values.
        if s.w.len() < rows * width {
            s.w.resize(rows * width, [1.0; LANES]);
        }
        s.w[top * width..rows * width].fill([1.0; LANES]);
        s.bank.clear();
        s.bank.resize(top, [f64::NEG_INFINITY; LANES]);
        let l = &self.layout;
        let players = self.players();
        for j in 0..LANES {
            let (p, q) = b.pairs[j];
            let (x, board, _) = l.player(p);
            let (y, qboard, _) = l.player(q);
            // As `bank_at`: below the target, banking t reads S(q, (x + t, on the board, no
            // farkles)), `streak` places further on for each unit.
            let open = (l.target - x).max(0) as usize;
            let read = q * players + l.index(x, true, 0);
            let chance = &self.final_chance[usize::from(qboard)];
            for t in self.bank_min[usize::from(board)]..top {
                s.bank[t][j] = if t < open {
                    1.0 - start[read + t * l.streak]
                } else if self.rules.final_round {
                    1.0 - chance
                        .get((x + t as i64 - y) as usize)
                        .copied()
                        .unwrap_or(0.0)
                } else {
                    1.0
                };
            }
            if self.rules.final_round {
                // As `beyond`: W at the lead, from the top up (leads of at least 1 there).
                let lead = &self.lead_values[usize::from(qboard)];
                for t in top..rows {
                    let at = (x + t as i64 - y) as usize * width;
                    for hand in 0..width {
                        s.w[t * width + hand][j] = lead.get(at + hand).copied().unwrap_or(1.0);
                    }
                }
            }
        }
        if record {
            s.roll.clear();
            s.roll.resize(top * width, [f64::NEG_INFINITY; LANES]);
        }
        let rows = LaneRows {
            model: m,
            offsets: &self.offsets,
            bank: &s.bank,
            phi: b.phi,
        };
        let w = &mut s.w;
        match record {
            true => rows.run(w, Some(&mut s.roll)),
            false => rows.run(w, None),
        }
        w[n]
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! [`rider_pass`](super::passes::rider_pass) on [`LANES`] turns at once: the turns of eight
//! states in interleaved tables, so that the mover's choice among the ways to keep dice runs
//! over vector registers, as the three-player solver's lane pass does.
//!
//! Each node holds, per lane, the mover's chance `w`, the chance of farkling `f` and the
//! riders, padded with zeros to a width of 4, 6, 8 or 10 values. Every lane makes the same
//! operations on `w` in the same order as the scalar pass with [`Ties::First`]
//! (a product then a sum, no fused multiply-add; the first best way to keep dice; bank on a
//! tie), so it makes the same choices and gives the same bits. Mixing (a mixed equilibrium's
//! one decision) is not done here: such a state goes to the scalar pass.
//!
//! [`Ties::First`]: super::passes::Ties::First

use crate::strategy::turn::TurnModel;

use super::passes::MAX_RIDERS;

/// Turns solved together.
pub(crate) const LANES: usize = 8;

/// Per lane, one value.
pub(crate) type Lanes = [f64; LANES];

/// The vector instructions a lane loop uses: none, AVX-512F.
const SIMD_NONE: u8 = 0;
#[cfg_attr(not(all(target_arch = "x86_64", farkle_avx512)), allow(dead_code))]
const SIMD_AVX512: u8 = 2;

/// A node of every lane: `K` rows of [`LANES`] values (`w`, `f`, the riders), each row one
/// cache line (the node on a 64-byte boundary, so that no vector load straddles two).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct NodeLanes<const K: usize> {
    v: [Lanes; K],
}

impl<const K: usize> NodeLanes<K> {
    /// The mover's win in every lane (the riders lose).
    fn won() -> NodeLanes<K> {
        let mut v = [[0.0; LANES]; K];
        v[0] = [1.0; LANES];
        NodeLanes { v }
    }

    /// No bank allowed in any lane.
    fn no_bank() -> NodeLanes<K> {
        let mut v = [[0.0; LANES]; K];
        v[0] = [f64::NEG_INFINITY; LANES];
        NodeLanes { v }
    }
}

/// The rows of a lane turn with nodes of `K` values.
struct Table<const K: usize> {
    width: usize,
    top: usize,
    nodes: Vec<NodeLanes<K>>,
    /// Per turn total: banking's node per lane (`w = -inf` where not allowed).
    bank: Vec<NodeLanes<K>>,
}

impl<const K: usize> Table<K> {
    fn reset(&mut self, model: &TurnModel, top: usize) {
        self.width = model.width();
        self.top = top;
        let rows = top + model.max_gain + 1;
        self.nodes.clear();
        self.nodes.resize(rows * self.width, NodeLanes::won());
        self.bank.clear();
        self.bank.resize(top, NodeLanes::no_bank());
    }
}

impl<const K: usize> Default for Table<K> {
    fn default() -> Table<K> {
        Table {
            width: 0,
            top: 0,
            nodes: Vec::new(),
            bank: Vec::new(),
        }
    }
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

/// Runs `$body` with `$t` bound to the table of `$nodes`, whatever its width.
macro_rules! with_table {
    ($nodes:expr, $t:ident => $body:expr) => {
        match $nodes {
            Nodes::Empty => unreachable!("a lane rider turn is reset before use"),
            Nodes::K4($t) => $body,
            Nodes::K6($t) => $body,
            Nodes::K8($t) => $body,
            Nodes::K10($t) => $body,
        }
    };
}

/// The turns of [`LANES`] lanes with the same riders: rows `0..top` solved by
/// [`rider_lanes_pass`] from the known rows above them (`top..top + max_gain + 1`), each lane
/// with its own bank nodes, known nodes and farkle payoff. Also the per-thread buffers.
#[derive(Default)]
pub(crate) struct RiderLanes {
    riders: usize,
    nodes: Nodes,
}

impl RiderLanes {
    /// Makes room for rows `0..top` and the known rows above, with `riders` riders (at most
    /// [`MAX_RIDERS`]); no bank allowed until set, every known node the mover's win until set.
    /// The buffers are kept from one reset to the next of the same width.
    pub(crate) fn reset(&mut self, model: &TurnModel, riders: usize, top: usize) {
        assert!(riders <= MAX_RIDERS, "at most {MAX_RIDERS} riders");
        self.riders = riders;
        macro_rules! fit {
            ($v:ident) => {{
                if !matches!(self.nodes, Nodes::$v(_)) {
                    self.nodes = Nodes::$v(Table::default());
                }
                let Nodes::$v(t) = &mut self.nodes else {
                    unreachable!("just set")
                };
                t.reset(model, top);
            }};
        }
        match riders {
            0..=2 => fit!(K4),
            3..=4 => fit!(K6),
            5..=6 => fit!(K8),
            _ => fit!(K10),
        }
    }

    /// All rows, the known ones included.
    pub(crate) fn rows(&self) -> usize {
        with_table!(&self.nodes, t => t.nodes.len() / t.width.max(1))
    }

    /// Banking at turn total `t` in lane `j` is allowed, worth `w` to the mover and `riders`
    /// to the riders.
    pub(crate) fn set_bank(&mut self, t: usize, j: usize, w: f64, riders: &[f64]) {
        let r = self.riders;
        with_table!(&mut self.nodes, tb => {
            let b = &mut tb.bank[t];
            b.v[0][j] = w;
            for (i, &x) in riders[..r].iter().enumerate() {
                b.v[2 + i][j] = x;
            }
        });
    }

    /// A known node of lane `j` (a row at or above the top): `w`, `f` and the riders.
    pub(crate) fn set_known(
        &mut self,
        t: usize,
        hand: usize,
        j: usize,
        w: f64,
        f: f64,
        riders: &[f64],
    ) {
        let r = self.riders;
        with_table!(&mut self.nodes, tb => {
            let node = &mut tb.nodes[t * tb.width + hand];
            node.v[0][j] = w;
            node.v[1][j] = f;
            for (i, &x) in riders[..r].iter().enumerate() {
                node.v[2 + i][j] = x;
            }
        });
    }

    /// The value `i` (0: `w`, 1: `f`, then the riders) of lane `j`'s node.
    pub(crate) fn value(&self, t: usize, hand: usize, j: usize, i: usize) -> f64 {
        with_table!(&self.nodes, tb => tb.nodes[t * tb.width + hand].v[i][j])
    }

    /// Lane `j`'s `w` of every node into `out`, in node order (a turn total times the width
    /// plus a hand, where an option's offset from its row leads): one lane read many times
    /// without striding over the others.
    pub(crate) fn lane_w(&self, j: usize, out: &mut Vec<f64>) {
        out.clear();
        with_table!(&self.nodes, tb => out.extend(tb.nodes.iter().map(|node| node.v[0][j])));
    }
}

/// One backward pass over rows `0..top` of every lane, a farkle worth `phi[j]` to lane j's
/// mover: the scalar [`rider_pass`](super::passes::rider_pass) with `Ties::First` and no
/// mixing, lane by lane. The start of lane j's turn is at row 0, hand `model.dice`.
pub(crate) fn rider_lanes_pass(model: &TurnModel, offsets: &[u32], s: &mut RiderLanes, phi: Lanes) {
    with_table!(&mut s.nodes, t => run(model, offsets, t, phi));
}

/// The loop with the widest vector instructions this processor has among those it can use.
fn run<const K: usize>(model: &TurnModel, offsets: &[u32], s: &mut Table<K>, phi: Lanes) {
    #[cfg(all(target_arch = "x86_64", farkle_avx512))]
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the processor supports AVX-512F, checked just above.
        return unsafe { run_avx512(model, offsets, s, phi) };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx") {
        // SAFETY: the processor supports AVX, checked just above.
        return unsafe { run_avx(model, offsets, s, phi) };
    }
    rows::<K, SIMD_NONE>(model, offsets, s, phi);
}

/// The plain loop compiled for AVX-512F, its group loop in AVX-512 instructions: the same
/// operations in the same order, so the same bits.
#[cfg(all(target_arch = "x86_64", farkle_avx512))]
// Compiled only where the compiler has these intrinsics (build.rs), below the crate's MSRV.
#[allow(clippy::incompatible_msrv)]
#[target_feature(enable = "avx512f")]
unsafe fn run_avx512<const K: usize>(
    model: &TurnModel,
    offsets: &[u32],
    s: &mut Table<K>,
    phi: Lanes,
) {
    rows::<K, SIMD_AVX512>(model, offsets, s, phi);
}

/// The plain loop compiled for AVX (the compiler vectorizes its lane loops): the same
/// operations in the same order, so the same bits.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn run_avx<const K: usize>(
    model: &TurnModel,
    offsets: &[u32],
    s: &mut Table<K>,
    phi: Lanes,
) {
    rows::<K, SIMD_NONE>(model, offsets, s, phi);
}

#[inline(always)]
fn rows<const K: usize, const SIMD: u8>(
    model: &TurnModel,
    offsets: &[u32],
    s: &mut Table<K>,
    phi: Lanes,
) {
    let m = model;
    let width = m.width();
    let n = m.dice;
    let nodes = &mut s.nodes;
    for t in (0..s.top).rev() {
        let bank = s.bank[t];
        let row = t * width;
        for hand in 1..=n {
            let pf = m.farkle[hand];
            let mut acc = NodeLanes::<K> {
                v: [[0.0; LANES]; K],
            };
            acc.v[0] = std::array::from_fn(|j| pf * phi[j]);
            acc.v[1] = [pf; LANES];
            for g in m.group_start[hand - 1]..m.group_start[hand] {
                let offsets = &offsets[m.option_start[g]..m.option_start[g + 1]];
                add_best::<K, SIMD>(&mut acc, m.group_prob[g], nodes, row, offsets);
            }
            let node = &mut nodes[row + hand];
            for j in 0..LANES {
                let banks = bank.v[0][j] >= acc.v[0][j];
                for i in 0..K {
                    node.v[i][j] = if banks { bank.v[i][j] } else { acc.v[i][j] };
                }
            }
        }
        nodes[row] = if m.hot_dice {
            nodes[row + n]
        } else {
            let mut node = bank;
            for (j, &phi) in phi.iter().enumerate() {
                if bank.v[0][j] == f64::NEG_INFINITY {
                    // Every die scored, no hot dice and no bank allowed: the turn ends as a
                    // farkle does.
                    for i in 0..K {
                        node.v[i][j] = 0.0;
                    }
                    node.v[0][j] = phi;
                    node.v[1][j] = 1.0;
                }
            }
            node
        };
    }
}

/// Adds `pg` times the best option of a group (by the mover's chance, the first on a tie) to
/// `acc`, lane by lane.
#[inline(always)]
fn add_best<const K: usize, const SIMD: u8>(
    acc: &mut NodeLanes<K>,
    pg: f64,
    nodes: &[NodeLanes<K>],
    row: usize,
    offsets: &[u32],
) {
    #[cfg(all(target_arch = "x86_64", farkle_avx512))]
    if SIMD == SIMD_AVX512 {
        // SAFETY: AVX-512F is there (`SIMD` is set so only then), and every offset is inside
        // the table (the rows cover the largest gain above each row).
        return unsafe { add_best_avx512(acc, pg, nodes, row, offsets) };
    }
    let mut best = nodes[row + offsets[0] as usize];
    for &off in &offsets[1..] {
        let v = &nodes[row + off as usize];
        for j in 0..LANES {
            let better = v.v[0][j] > best.v[0][j];
            for i in 0..K {
                best.v[i][j] = if better { v.v[i][j] } else { best.v[i][j] };
            }
        }
    }
    for i in 0..K {
        for j in 0..LANES {
            acc.v[i][j] += pg * best.v[i][j];
        }
    }
}

/// [`add_best`] with AVX-512: each row of eight lanes in one register, the comparison in a
/// mask.
///
/// # Safety
/// The processor has AVX-512F; `row + offset` is inside `nodes` for every offset.
#[cfg(all(target_arch = "x86_64", farkle_avx512))]
#[allow(clippy::incompatible_msrv)]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn add_best_avx512<const K: usize>(
    acc: &mut NodeLanes<K>,
    pg: f64,
    nodes: &[NodeLanes<K>],
    row: usize,
    offsets: &[u32],
) {
    use std::arch::x86_64::*;
    debug_assert!(offsets.iter().all(|&o| row + (o as usize) < nodes.len()));
    let base = nodes.as_ptr();
    // SAFETY: the caller promises `row + off` is inside the table.
    let at = |off: u32| unsafe { base.add(row + off as usize).cast::<f64>() };
    let p = at(offsets[0]);
    // SAFETY: a NodeLanes<K> is 8 K consecutive f64 (repr(C)): a load of eight at `p + 8 i`
    // for i below K reads inside one node.
    let mut best: [__m512d; K] = std::array::from_fn(|i| unsafe { _mm512_loadu_pd(p.add(8 * i)) });
    for &off in &offsets[1..] {
        let p = at(off);
        // SAFETY: as for the first option, loads inside one node.
        unsafe {
            let w = _mm512_loadu_pd(p);
            let better = _mm512_cmp_pd_mask::<_CMP_GT_OQ>(w, best[0]);
            best[0] = _mm512_mask_blend_pd(better, best[0], w);
            for (i, b) in best.iter_mut().enumerate().skip(1) {
                *b = _mm512_mask_blend_pd(better, *b, _mm512_loadu_pd(p.add(8 * i)));
            }
        }
    }
    let a = (acc as *mut NodeLanes<K>).cast::<f64>();
    // SAFETY: `a` points at a NodeLanes<K> we hold exclusively: 8 K f64. A product then a
    // sum (no fused multiply-add), as the scalar pass does.
    unsafe {
        let pg = _mm512_set1_pd(pg);
        for (i, b) in best.into_iter().enumerate() {
            let q = a.add(8 * i);
            _mm512_storeu_pd(q, _mm512_add_pd(_mm512_loadu_pd(q), _mm512_mul_pd(pg, b)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::passes::{rider_pass, RiderTurn, Ties};
    use super::*;
    use crate::strategy::odds::Odds;
    use crate::{Preset, Rules};

    /// Every lane gives the scalar pass's bits, for every width of node, with banks, known
    /// rows and farkle payoffs that differ by lane and by row.
    #[test]
    fn every_lane_gives_the_scalar_passes_bits() {
        for (preset, riders) in [
            (Preset::Classic, 2),
            (Preset::Minimal, 3),
            (Preset::Classic, 6),
            (Preset::Minimal, 8),
        ] {
            let rules = Rules {
                target_score: 2000,
                ..preset.rules()
            };
            let model = TurnModel::new(&Odds::new(&rules).unwrap());
            let offsets = model.option_offsets();
            let top = 30;
            let mut lanes = RiderLanes::default();
            lanes.reset(&model, riders, top);
            let mut scalar: Vec<RiderTurn> = (0..LANES).map(|_| RiderTurn::default()).collect();
            let phi: Lanes = std::array::from_fn(|j| 0.05 * j as f64);
            let value =
                |a: usize, b: usize, c: usize| ((a * 7 + b * 13 + c * 5) % 97) as f64 / 97.0;
            for (j, s) in scalar.iter_mut().enumerate() {
                s.reset(&model, riders, top);
                for t in (j % 4)..top {
                    let w = value(t, j, 0);
                    let r: Vec<f64> = (0..riders).map(|i| value(t, j, i + 1) * 0.5).collect();
                    s.set_bank(t, w, &r);
                    lanes.set_bank(t, j, w, &r);
                }
                for t in top..lanes.rows() {
                    for hand in 0..model.width() {
                        let w = 0.5 + value(t, j, hand) * 0.5;
                        let f = value(t, hand, j) * 0.1;
                        let r: Vec<f64> = (0..riders).map(|i| value(t + i, j, hand)).collect();
                        lanes.set_known(t, hand, j, w, f, &r);
                        let node = s.node_mut(t, hand);
                        node[0] = w;
                        node[1] = f;
                        node[2..].copy_from_slice(&r);
                    }
                }
                rider_pass(&model, &offsets, s, phi[j], Ties::First, None);
            }
            rider_lanes_pass(&model, &offsets, &mut lanes, phi);
            for (j, s) in scalar.iter().enumerate() {
                for t in 0..top {
                    for hand in 0..model.width() {
                        for (i, &x) in s.node(t, hand).iter().enumerate() {
                            assert_eq!(
                                lanes.value(t, hand, j, i).to_bits(),
                                x.to_bits(),
                                "{preset:?}, {riders} riders, lane {j}, t {t}, hand {hand}, value {i}"
                            );
                        }
                    }
                }
            }
        }
    }
}

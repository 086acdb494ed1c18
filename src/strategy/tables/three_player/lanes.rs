// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Lane passes: the turns of up to [`LANES`] states solved together in interleaved tables, so
//! that the choice among the ways to keep dice runs over vector registers.

use std::ops::{Deref, DerefMut};
use std::sync::{Mutex, PoisonError};

use crate::strategy::turn::TurnModel;

use super::pass::{Node, Seats};

/// States solved together by one lane pass. Each node holds three values a lane (the mover's
/// chance, the next player's, the chance of farkling), so eight lanes keep a group's best
/// and the running sums in registers (six AVX registers each).
pub(super) const LANES: usize = 8;

pub(super) type Lanes = [f64; LANES];

/// The vector instructions a lane loop uses: none, AVX, AVX-512F.
const SIMD_NONE: u8 = 0;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const SIMD_AVX: u8 = 1;
#[cfg_attr(not(all(target_arch = "x86_64", farkle_avx512)), allow(dead_code))]
const SIMD_AVX512: u8 = 2;

/// A node of every lane: see [`Node`]. Laid out as 24 consecutive f64 (the AVX loop reads
/// it so), on a 64-byte boundary: each of its three rows of eight lanes is then one cache
/// line, and no vector load straddles two (which made the pass about 1.5 times as slow).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct NodeLanes {
    w: Lanes,
    u: Lanes,
    f: Lanes,
}

impl NodeLanes {
    fn splat(node: Node) -> NodeLanes {
        NodeLanes {
            w: [node.w; LANES],
            u: [node.u; LANES],
            f: [node.f; LANES],
        }
    }

    fn set(&mut self, j: usize, node: Node) {
        self.w[j] = node.w;
        self.u[j] = node.u;
        self.f[j] = node.f;
    }
}

/// The values in one [`NodeLanes`].
const NODE_VALUES: usize = std::mem::size_of::<NodeLanes>() / std::mem::size_of::<f64>();

/// Option offsets for lane passes: `model.option_offsets()` counted in values (f64) instead
/// of nodes, so that the vector loops address an option with one scaled index (the
/// multiplication by a node's 192 bytes was two of an option's dozen instructions).
pub(super) fn lane_offsets(offsets: &[u32]) -> Vec<usize> {
    offsets.iter().map(|&o| o as usize * NODE_VALUES).collect()
}

/// Adds `pg` times the best option of a group (by the mover's chance, the first on a tie) to
/// `acc`, lane by lane. The same operations as [`add_best_avx`], so the same bits.
#[inline(always)]
fn add_best<const SIMD: u8>(
    acc: &mut NodeLanes,
    pg: f64,
    nodes: &[NodeLanes],
    row: usize,
    offsets: &[usize],
) {
    #[cfg(all(target_arch = "x86_64", farkle_avx512))]
    if SIMD == SIMD_AVX512 {
        // SAFETY: AVX-512F is there (`SIMD` is set so only then), and every offset is inside
        // the table (the pass's rows cover the largest gain above each row).
        return unsafe { add_best_avx512(acc, pg, nodes, row, offsets) };
    }
    #[cfg(target_arch = "x86_64")]
    if SIMD == SIMD_AVX {
        // SAFETY: AVX is there (`SIMD` is set so only then), and every offset is inside the
        // table (the pass's rows cover the largest gain above each row).
        return unsafe { add_best_avx(acc, pg, nodes, row, offsets) };
    }
    let mut best = nodes[row + offsets[0] / NODE_VALUES];
    for &off in &offsets[1..] {
        let v = &nodes[row + off / NODE_VALUES];
        for j in 0..LANES {
            let better = v.w[j] > best.w[j];
            best.w[j] = if better { v.w[j] } else { best.w[j] };
            best.u[j] = if better { v.u[j] } else { best.u[j] };
            best.f[j] = if better { v.f[j] } else { best.f[j] };
        }
    }
    for j in 0..LANES {
        acc.w[j] += pg * best.w[j];
        acc.u[j] += pg * best.u[j];
        acc.f[j] += pg * best.f[j];
    }
}

/// [`add_best`] with AVX-512: each of a node's three rows of eight lanes in one register,
/// the comparison in a mask (half the instructions of the AVX loop).
///
/// # Safety
/// The processor has AVX-512F; for every offset (a multiple of [`NODE_VALUES`]), node
/// `row + offset / NODE_VALUES` is inside `nodes`.
#[cfg(all(target_arch = "x86_64", farkle_avx512))]
// Compiled only where the compiler has these intrinsics (build.rs), below the crate's MSRV.
#[allow(clippy::incompatible_msrv)]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn add_best_avx512(
    acc: &mut NodeLanes,
    pg: f64,
    nodes: &[NodeLanes],
    row: usize,
    offsets: &[usize],
) {
    use std::arch::x86_64::*;
    debug_assert!(offsets
        .iter()
        .all(|&o| o % NODE_VALUES == 0 && row + o / NODE_VALUES < nodes.len()));
    // SAFETY: the caller promises node `row + off / NODE_VALUES` is inside the table for
    // every offset (a multiple of NODE_VALUES), so node `row` is too.
    let base = unsafe { nodes.as_ptr().add(row) }.cast::<f64>();
    // SAFETY: as above: `off` values past `base` is the start of a node of the table.
    let at = |off: usize| unsafe { base.add(off) };
    let p = at(offsets[0]);
    // SAFETY: a NodeLanes is 24 consecutive f64 (repr(C)): loads of eight at `p`, `p + 8`
    // and `p + 16` read inside one node.
    let (mut w, mut u, mut f) = unsafe {
        (
            _mm512_loadu_pd(p),
            _mm512_loadu_pd(p.add(8)),
            _mm512_loadu_pd(p.add(16)),
        )
    };
    for &off in &offsets[1..] {
        let p = at(off);
        // SAFETY: as for the first option, loads inside one node.
        unsafe {
            let w1 = _mm512_loadu_pd(p);
            let better = _mm512_cmp_pd_mask::<_CMP_GT_OQ>(w1, w);
            w = _mm512_mask_blend_pd(better, w, w1);
            u = _mm512_mask_blend_pd(better, u, _mm512_loadu_pd(p.add(8)));
            f = _mm512_mask_blend_pd(better, f, _mm512_loadu_pd(p.add(16)));
        }
    }
    let a = (acc as *mut NodeLanes).cast::<f64>();
    // SAFETY: `a` points at a NodeLanes we hold exclusively: 24 f64, three loads and stores
    // of eight. A product then a sum (no fused multiply-add), as the other loops do.
    unsafe {
        let pg = _mm512_set1_pd(pg);
        for (i, best) in [w, u, f].into_iter().enumerate() {
            let q = a.add(8 * i);
            _mm512_storeu_pd(
                q,
                _mm512_add_pd(_mm512_loadu_pd(q), _mm512_mul_pd(pg, best)),
            );
        }
    }
}

/// [`add_best`] with AVX: each of a node's three rows of eight lanes in two registers.
///
/// # Safety
/// The processor has AVX; for every offset (a multiple of [`NODE_VALUES`]), node
/// `row + offset / NODE_VALUES` is inside `nodes`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
#[inline]
unsafe fn add_best_avx(
    acc: &mut NodeLanes,
    pg: f64,
    nodes: &[NodeLanes],
    row: usize,
    offsets: &[usize],
) {
    use std::arch::x86_64::*;
    debug_assert!(offsets
        .iter()
        .all(|&o| o % NODE_VALUES == 0 && row + o / NODE_VALUES < nodes.len()));
    // SAFETY: the caller promises node `row + off / NODE_VALUES` is inside the table for
    // every offset (a multiple of NODE_VALUES), so node `row` is too.
    let base = unsafe { nodes.as_ptr().add(row) }.cast::<f64>();
    // SAFETY: as above: `off` values past `base` is the start of a node of the table.
    let at = |off: usize| unsafe { base.add(off) };
    let p = at(offsets[0]);
    // SAFETY: a NodeLanes is 24 consecutive f64 (repr(C)), so each load of four at `p` plus
    // a multiple of four below 24 reads inside one node.
    let mut b = unsafe {
        [
            _mm256_loadu_pd(p),
            _mm256_loadu_pd(p.add(4)),
            _mm256_loadu_pd(p.add(8)),
            _mm256_loadu_pd(p.add(12)),
            _mm256_loadu_pd(p.add(16)),
            _mm256_loadu_pd(p.add(20)),
        ]
    };
    for &off in &offsets[1..] {
        let p = at(off);
        // SAFETY: as for the first option, loads inside one node.
        unsafe {
            let w0 = _mm256_loadu_pd(p);
            let w1 = _mm256_loadu_pd(p.add(4));
            let m0 = _mm256_cmp_pd::<_CMP_GT_OQ>(w0, b[0]);
            let m1 = _mm256_cmp_pd::<_CMP_GT_OQ>(w1, b[1]);
            b[0] = _mm256_blendv_pd(b[0], w0, m0);
            b[1] = _mm256_blendv_pd(b[1], w1, m1);
            b[2] = _mm256_blendv_pd(b[2], _mm256_loadu_pd(p.add(8)), m0);
            b[3] = _mm256_blendv_pd(b[3], _mm256_loadu_pd(p.add(12)), m1);
            b[4] = _mm256_blendv_pd(b[4], _mm256_loadu_pd(p.add(16)), m0);
            b[5] = _mm256_blendv_pd(b[5], _mm256_loadu_pd(p.add(20)), m1);
        }
    }
    let a = (acc as *mut NodeLanes).cast::<f64>();
    // SAFETY: `a` points at a NodeLanes we hold exclusively: 24 f64, six loads and stores of
    // four.
    unsafe {
        let pg = _mm256_set1_pd(pg);
        for (i, best) in b.iter().enumerate() {
            let q = a.add(4 * i);
            _mm256_storeu_pd(
                q,
                _mm256_add_pd(_mm256_loadu_pd(q), _mm256_mul_pd(pg, *best)),
            );
        }
    }
}

/// Lane buffers kept for reuse through a whole solve. Rayon's `map_init` makes a fresh
/// value for every piece it splits a loop into, many per loop; a fresh [`LaneTurns`] grows
/// to megabytes of nodes, every page of them faulted in and zeroed by the kernel again
/// (minimal to 5,000: 0.7 million page faults and 2.7 s of system time in a 31 s solve).
#[derive(Default)]
pub(super) struct SpareLanes(Mutex<Vec<LaneTurns>>);

impl SpareLanes {
    /// A buffer, a used one when there is one; it comes back when the loan is dropped.
    pub(super) fn take(&self) -> LaneLoan<'_> {
        let turns = self.lock().pop().unwrap_or_default();
        LaneLoan { turns, home: self }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<LaneTurns>> {
        // A buffer holds no invariant a panic elsewhere could break.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A [`LaneTurns`] lent by [`SpareLanes::take`].
pub(super) struct LaneLoan<'a> {
    turns: LaneTurns,
    home: &'a SpareLanes,
}

impl Deref for LaneLoan<'_> {
    type Target = LaneTurns;
    fn deref(&self) -> &LaneTurns {
        &self.turns
    }
}

impl DerefMut for LaneLoan<'_> {
    fn deref_mut(&mut self) -> &mut LaneTurns {
        &mut self.turns
    }
}

impl Drop for LaneLoan<'_> {
    fn drop(&mut self) {
        let turns = std::mem::take(&mut self.turns);
        self.home.lock().push(turns);
    }
}

/// The turns of up to [`LANES`] lanes in interleaved tables: rows `0..top` solved by
/// [`LaneTurns::solve`] from the known rows above them (`top..top + max_gain + 1`), each lane
/// with its own bank payoffs and farkle payoff. Also the per-thread buffers of a lane pass.
#[derive(Default)]
pub(super) struct LaneTurns {
    /// The nodes of rows `0..rows`, and beyond them what earlier, longer passes left.
    nodes: Vec<NodeLanes>,
    bank_w: Vec<Lanes>,
    bank_u: Vec<Lanes>,
    width: usize,
    rows: usize,
    /// `Some(t)`: every node of `nodes` from row `t` up is a win (what [`LaneTurns::reset`]
    /// left, the pass writing only rows below it), so the next `reset` need only set the
    /// rows from its top up to `t` again.
    won_from: Option<usize>,
}

impl LaneTurns {
    /// Makes room for rows `0..top` and the known rows above, every known node the mover's
    /// win and no bank allowed anywhere until set.
    pub(super) fn reset(&mut self, model: &TurnModel, top: usize) {
        let won_from = if self.width == model.width() {
            self.won_from
        } else {
            None
        };
        self.reset_unknown(model, top);
        let width = self.width;
        let end = won_from.map_or(self.nodes.len(), |t| {
            (t.max(top) * width).min(self.nodes.len())
        });
        self.nodes[top * width..end].fill(NodeLanes::splat(Node::WON));
        self.won_from = Some(top);
    }

    /// [`LaneTurns::reset`] leaving the known rows as they were: the caller sets every node
    /// of them (see [`LaneTurns::set_known_row`]) before [`LaneTurns::solve`].
    pub(super) fn reset_unknown(&mut self, model: &TurnModel, top: usize) {
        self.width = model.width();
        self.rows = top + model.max_gain + 1;
        self.won_from = None;
        // The rows below the top are left as they are: the pass writes every node of them
        // before it reads it (a kept die raises the turn total, so each option reads a
        // higher row). Nodes are only added, never dropped: a longer pass later reuses them.
        let len = self.rows * self.width;
        if self.nodes.len() < len {
            self.nodes.resize(len, NodeLanes::splat(Node::WON));
        }
        self.bank_w.clear();
        self.bank_w.resize(top, [f64::NEG_INFINITY; LANES]);
        self.bank_u.clear();
        self.bank_u.resize(top, [0.0; LANES]);
    }

    /// All rows, the known ones included.
    pub(super) fn rows(&self) -> usize {
        self.rows
    }

    /// Banking at row `t` of lane `j` is allowed and worth `(w, u)`.
    pub(super) fn set_bank(&mut self, t: usize, j: usize, w: f64, u: f64) {
        self.bank_w[t][j] = w;
        self.bank_u[t][j] = u;
    }

    /// A known node (a row at or above `top`) of lane `j`.
    pub(super) fn set_known(&mut self, t: usize, hand: usize, j: usize, node: Node) {
        self.won_from = None;
        self.nodes[t * self.width + hand].set(j, node);
    }

    /// Every node of known row `t`: lane `j` gets `row[j]` at every hand.
    pub(super) fn set_known_row(&mut self, t: usize, row: &[Node; LANES]) {
        self.won_from = None;
        let mut v = NodeLanes::splat(Node::WON);
        for (j, &node) in row.iter().enumerate() {
            v.set(j, node);
        }
        self.nodes[t * self.width..(t + 1) * self.width].fill(v);
    }

    /// A node of lane `j`.
    pub(super) fn node(&self, t: usize, hand: usize, j: usize) -> Node {
        let v = &self.nodes[t * self.width + hand];
        Node {
            w: v.w[j],
            u: v.u[j],
            f: v.f[j],
        }
    }

    /// Solves rows `top - 1` down to 0: the pass of `run_pass`, lane by lane. `offsets` are
    /// the model's [`lane_offsets`].
    pub(super) fn solve(&mut self, model: &TurnModel, offsets: &[usize], phi: Lanes) {
        let rows = LaneRows {
            model,
            offsets,
            bank_w: &self.bank_w,
            bank_u: &self.bank_u,
            phi,
        };
        rows.run(&mut self.nodes[..self.rows * self.width]);
    }
}

/// One turn of a batch: the state, what a farkle is worth to its mover, and its first known
/// row.
#[derive(Clone, Copy, Debug)]
pub(super) struct Job {
    pub(super) seats: Seats,
    pub(super) phi: f64,
    pub(super) t_hi: usize,
}

/// The backward loop of a lane pass, from the top row down.
struct LaneRows<'a> {
    model: &'a TurnModel,
    /// See [`lane_offsets`].
    offsets: &'a [usize],
    bank_w: &'a [Lanes],
    bank_u: &'a [Lanes],
    phi: Lanes,
}

impl LaneRows<'_> {
    /// Fills the rows below the top, with the widest vector instructions this processor has
    /// among those the loop can use.
    fn run(&self, nodes: &mut [NodeLanes]) {
        #[cfg(all(target_arch = "x86_64", farkle_avx512))]
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the processor supports AVX-512F, checked just above.
            return unsafe { self.run_avx512(nodes) };
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the processor supports AVX, checked just above.
            return unsafe { self.run_avx(nodes) };
        }
        self.rows::<SIMD_NONE>(nodes);
    }

    /// The same loop compiled for AVX-512F, its inner loop in AVX-512 instructions: the
    /// same operations in the same order, so the same bits.
    #[cfg(all(target_arch = "x86_64", farkle_avx512))]
    #[target_feature(enable = "avx512f")]
    unsafe fn run_avx512(&self, nodes: &mut [NodeLanes]) {
        self.rows::<SIMD_AVX512>(nodes);
    }

    /// The same loop compiled for AVX, its inner loop in AVX instructions: the same
    /// operations in the same order, so the same bits.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    unsafe fn run_avx(&self, nodes: &mut [NodeLanes]) {
        self.rows::<SIMD_AVX>(nodes);
    }

    #[inline(always)]
    fn rows<const SIMD: u8>(&self, nodes: &mut [NodeLanes]) {
        let m = self.model;
        let width = m.width();
        let n = m.dice;
        let phi = self.phi;
        // A hand's sum starts from its farkle.
        let start = |hand: usize| {
            let pf = m.farkle[hand];
            NodeLanes {
                w: std::array::from_fn(|j| pf * phi[j]),
                u: [0.0; LANES],
                f: [pf; LANES],
            }
        };
        let add = |acc: &mut NodeLanes, g: usize, nodes: &[NodeLanes], row: usize| {
            let offsets = &self.offsets[m.option_start[g]..m.option_start[g + 1]];
            add_best::<SIMD>(acc, m.group_prob[g], nodes, row, offsets);
        };
        for t in (0..self.bank_w.len()).rev() {
            let (bank_w, bank_u) = (self.bank_w[t], self.bank_u[t]);
            let row = t * width;
            let finish = |nodes: &mut [NodeLanes], hand: usize, acc: &NodeLanes| {
                let node = &mut nodes[row + hand];
                for j in 0..LANES {
                    let bank = bank_w[j] >= acc.w[j];
                    node.w[j] = if bank { bank_w[j] } else { acc.w[j] };
                    node.u[j] = if bank { bank_u[j] } else { acc.u[j] };
                    node.f[j] = if bank { 0.0 } else { acc.f[j] };
                }
            };
            for hand in 1..=n {
                let mut acc = start(hand);
                for g in m.group_start[hand - 1]..m.group_start[hand] {
                    add(&mut acc, g, nodes, row);
                }
                finish(nodes, hand, &acc);
            }
            nodes[row] = if m.hot_dice {
                nodes[row + n]
            } else {
                let mut node = NodeLanes::splat(Node::default());
                for j in 0..LANES {
                    let node_j = if bank_w[j] > f64::NEG_INFINITY {
                        Node {
                            w: bank_w[j],
                            u: bank_u[j],
                            f: 0.0,
                        }
                    } else {
                        // As a farkle: see `run_pass`.
                        Node {
                            w: phi[j],
                            u: 0.0,
                            f: 1.0,
                        }
                    };
                    node.set(j, node_j);
                }
                node
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::odds::Odds;
    use crate::{Preset, Rules};

    /// The AVX loop gives the plain loop's bits, and both give `run_pass`'s lane by lane.
    #[test]
    fn the_vector_loop_gives_the_plain_loops_bits() {
        let rules = Rules {
            target_score: 2000,
            ..Preset::Classic.rules()
        };
        let model = TurnModel::new(&Odds::new(&rules).unwrap());
        let offsets = model.option_offsets();
        let top = 40;
        let mut turns = LaneTurns::default();
        turns.reset(&model, top);
        // Bank payoffs and known rows that differ by lane and by row.
        for j in 0..LANES {
            for t in (j % 3)..top {
                let w = ((t * 7 + j * 13) % 97) as f64 / 97.0;
                turns.set_bank(t, j, w, (1.0 - w) * 0.5);
            }
            for t in top..turns.rows() {
                for hand in 0..model.width() {
                    let w = ((t + hand * 5 + j) % 11) as f64 / 11.0;
                    turns.set_known(
                        t,
                        hand,
                        j,
                        Node {
                            w,
                            u: (1.0 - w) / 3.0,
                            f: 0.0,
                        },
                    );
                }
            }
        }
        let phi: Lanes = std::array::from_fn(|j| j as f64 / 10.0);
        let vector_offsets = lane_offsets(&offsets);
        let pass = LaneRows {
            model: &model,
            offsets: &vector_offsets,
            bank_w: &turns.bank_w,
            bank_u: &turns.bank_u,
            phi,
        };
        let in_use = turns.rows() * model.width();
        let mut plain = turns.nodes[..in_use].to_vec();
        pass.rows::<SIMD_NONE>(&mut plain);
        // Every vector loop this processor has, and the one `run` picks.
        let mut loops: Vec<Vec<NodeLanes>> = Vec::new();
        let mut fast = turns.nodes[..in_use].to_vec();
        pass.run(&mut fast);
        loops.push(fast.clone());
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx") {
                let mut nodes = turns.nodes[..in_use].to_vec();
                // SAFETY: the processor supports AVX, checked just above.
                unsafe { pass.run_avx(&mut nodes) };
                loops.push(nodes);
            }
            #[cfg(farkle_avx512)]
            if std::arch::is_x86_feature_detected!("avx512f") {
                let mut nodes = turns.nodes[..in_use].to_vec();
                // SAFETY: the processor supports AVX-512F, checked just above.
                unsafe { pass.run_avx512(&mut nodes) };
                loops.push(nodes);
            }
        }
        for nodes in &loops {
            for (a, b) in plain.iter().zip(nodes) {
                for j in 0..LANES {
                    assert_eq!(a.w[j].to_bits(), b.w[j].to_bits());
                    assert_eq!(a.u[j].to_bits(), b.u[j].to_bits());
                    assert_eq!(a.f[j].to_bits(), b.f[j].to_bits());
                }
            }
        }
        // Lane by lane, the scalar pass.
        let width = model.width();
        for j in 0..LANES {
            let mut s = crate::strategy::three_player::pass::Scratch {
                t_hi: top,
                bank_w: turns.bank_w.iter().map(|b| b[j]).collect(),
                bank_u: turns.bank_u.iter().map(|b| b[j]).collect(),
                nodes: (0..turns.rows() * width)
                    .map(|i| {
                        let v = &turns.nodes[i];
                        Node {
                            w: v.w[j],
                            u: v.u[j],
                            f: v.f[j],
                        }
                    })
                    .collect(),
            };
            crate::strategy::three_player::pass::run_pass(&model, &offsets, &mut s, phi[j]);
            for (i, node) in s.nodes.iter().enumerate() {
                let v = &fast[i];
                assert_eq!(node.w.to_bits(), v.w[j].to_bits(), "lane {j} node {i}");
                assert_eq!(node.u.to_bits(), v.u[j].to_bits(), "lane {j} node {i}");
                assert_eq!(node.f.to_bits(), v.f[j].to_bits(), "lane {j} node {i}");
            }
        }
    }
}

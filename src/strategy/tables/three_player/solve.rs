// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The solve: sizes checked before anything is allocated, the final round's last turns, then
//! the levels from the highest down, each level's cycles in parallel.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rayon::prelude::*;

use crate::limits::{exceeded, MAX_WIN_TABLE_PASS_WORK, MAX_WIN_TABLE_STATES};
use crate::rules::Rules;
use crate::scoring::Scorer;
use crate::strategy::odds::Odds;
use crate::strategy::single_turn::bank_min_units;
use crate::strategy::tables::final_round::lead_cap;
use crate::strategy::tables::layout::{check_rules, player_layout, Layout};
use crate::strategy::turn::{Selections, TurnModel};
use crate::strategy::{next_table_id, try_filled, worker_pool, Meter, Progress, StrategyError};

use super::context::Ctx;
use super::cycle::{CycleRun, CycleSolution};
use super::endgame::Endgame;
use super::lanes::{Job, LANES};
use super::pass::{Mix, Node, Scratch, Seats, Summary};
use super::table::ThreePlayerTable;

/// Option evaluations of one parallel chunk of cycles, between two progress calls (about 50
/// milliseconds on two cores).
pub(super) const CHUNK_WORK: u64 = 100_000_000;

/// How often the solve asks the progress function whether to go on while a chunk of work
/// runs, however long the chunk: what bounds the time a cancellation takes.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
const PROGRESS_INTERVAL: std::time::Duration = std::time::Duration::from_millis(20);

/// Runs `work` on a thread of its own while this thread calls `progress(fraction)` every
/// [`PROGRESS_INTERVAL`] (the progress function is only ever called from the caller's
/// thread). When it returns false, `stop` is raised; the work checks it, ends early, and the
/// result is `Cancelled`.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(super) fn reporting_while<T: Send>(
    fraction: f64,
    progress: &mut Progress,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> Result<T, StrategyError> {
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (done, result) = std::sync::mpsc::channel();
        let stop = &stop;
        scope.spawn(move || {
            // The receiver waits for this until the work ends, so sending cannot fail.
            let _ = done.send(work(stop));
        });
        loop {
            match result.recv_timeout(PROGRESS_INTERVAL) {
                Ok(r) if !stop.load(Ordering::Relaxed) => return Ok(r),
                Ok(_) => return Err(StrategyError::Cancelled),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if !stop.load(Ordering::Relaxed) && !progress(fraction) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                // The work panicked: the scope passes the panic on when it ends.
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(StrategyError::Cancelled)
                }
            }
        }
    })
}

/// WebAssembly has no threads (src/wasm/): the work runs here, and `progress` is called
/// after it.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(super) fn reporting_while<T: Send>(
    fraction: f64,
    progress: &mut Progress,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> Result<T, StrategyError> {
    let result = work(&AtomicBool::new(false));
    if progress(fraction) {
        Ok(result)
    } else {
        Err(StrategyError::Cancelled)
    }
}

/// The share of the progress bar given to the warm start.
const WARM_SHARE: f64 = 0.05;

/// Best-response steps a cycle takes on average, for the progress estimate.
const STEPS_ESTIMATE: u64 = 2;

impl ThreePlayerTable {
    /// Solves the game for three players. `progress` is called from the calling thread now
    /// and then with the fraction done (0 to 1); returning `false` stops the solve with
    /// [`StrategyError::Cancelled`]. The work runs on worker threads created for this call.
    /// `ResourceLimit` when the table would hold more than
    /// [`crate::limits::MAX_WIN_TABLE_STATES`] states or a pass over them more than
    /// [`crate::limits::MAX_WIN_TABLE_PASS_WORK`] option evaluations, checked before the solve
    /// starts; `Unsupported` for the rules the two-player table refuses.
    pub fn solve(rules: &Rules, progress: Progress) -> Result<ThreePlayerTable, StrategyError> {
        check_rules(rules)?;
        let pool = worker_pool()?;
        Self::solve_in(&pool, rules, progress)
    }

    fn solve_in(
        pool: &rayon::ThreadPool,
        rules: &Rules,
        progress: Progress,
    ) -> Result<ThreePlayerTable, StrategyError> {
        let mut progress = progress;
        let Prepared {
            model,
            bank_min,
            layout,
            endgame,
        } = Prepared::new(pool, rules, Selections::to_win(rules), &mut progress)?;
        let states = layout.players().pow(3);
        // Hundreds of megabytes to 10,000: written while this thread goes on reporting.
        let mut values = reporting_while(0.0, &mut progress, |_| try_filled(states, [0.0; 3]))??;
        let offsets = model.option_offsets();
        let ctx = Ctx::new(rules, &layout, &model, &offsets, bank_min, &endgame);
        let (mixed, mixed_cycles, sweeps) = if rules.farkle_penalty_streak == 0 {
            let (mixed, cycles) = ctx.solve_ordered(pool, &mut values, &mut progress)?;
            (mixed, cycles, 0)
        } else {
            // From the same game without the penalty (a small share of the work).
            let relaxed = Rules {
                farkle_penalty_streak: 0,
                farkle_penalty_points: 0,
                farkle_penalty_loses_all: false,
                ..*rules
            };
            let guess =
                ThreePlayerTable::solve_in(pool, &relaxed, &mut |f| progress(WARM_SHARE * f))?;
            pool.install(|| ctx.warm_start(&guess, &mut values));
            drop(guess);
            let mut rest = |f: f64| progress(WARM_SHARE + (1.0 - WARM_SHARE) * f);
            let sweeps = ctx.solve_sweeps(pool, &mut values, &mut (&mut rest as Progress))?;
            (Vec::new(), 0, sweeps)
        };
        if !progress(1.0) {
            return Err(StrategyError::Cancelled);
        }
        Ok(ThreePlayerTable {
            rules: *rules,
            layout,
            values,
            mixed,
            mixed_cycles,
            sweeps,
            endgame: Arc::new(endgame),
            scorer: Scorer::shared(rules)?,
            model,
            offsets,
            bank_min,
            id: next_table_id(),
            mover_banks: std::sync::OnceLock::new(),
        })
    }
}

impl ThreePlayerTable {
    /// A table from its values and mixing states (loaded from a file), with what its rules
    /// give.
    pub(super) fn from_parts(
        rules: &Rules,
        prepared: Prepared,
        values: Vec<[f64; 3]>,
        mixed: Vec<(usize, Mix)>,
    ) -> Result<ThreePlayerTable, StrategyError> {
        let Prepared {
            model,
            bank_min,
            layout,
            endgame,
        } = prepared;
        let n = layout.players();
        // A cycle counts once, by its first rotation.
        let mut cycles: Vec<(usize, usize, usize)> = mixed
            .iter()
            .map(|&(index, _)| {
                let (p, q, r) = (index / (n * n), index / n % n, index % n);
                [(p, q, r), (q, r, p), (r, p, q)]
                    .into_iter()
                    .min()
                    .expect("three rotations")
            })
            .collect();
        cycles.sort_unstable();
        cycles.dedup();
        Ok(ThreePlayerTable {
            rules: *rules,
            layout,
            values,
            mixed,
            mixed_cycles: cycles.len(),
            sweeps: 0,
            endgame: Arc::new(endgame),
            scorer: Scorer::shared(rules)?,
            offsets: model.option_offsets(),
            model,
            bank_min,
            id: next_table_id(),
            mover_banks: std::sync::OnceLock::new(),
        })
    }
}

/// What every table of a rules value needs besides its values: the turn model, the state
/// space (its size checked) and the endgame.
pub(super) struct Prepared {
    pub(super) model: Arc<TurnModel>,
    pub(super) bank_min: [usize; 2],
    pub(super) layout: Layout,
    pub(super) endgame: Endgame,
}

impl Prepared {
    pub(super) fn new(
        pool: &rayon::ThreadPool,
        rules: &Rules,
        selections: Selections,
        progress: &mut Progress,
    ) -> Result<Prepared, StrategyError> {
        let odds = Odds::new(rules)?;
        let model = Arc::new(TurnModel::with_selections(&odds, selections));
        model.no_loss_bound()?;
        let bank_min = [bank_min_units(&odds, false), bank_min_units(&odds, true)];
        let layout = player_layout(&odds, 0);
        check_size(rules, &layout)?;
        check_pass_work(&layout, &model, bank_min)?;
        // The final round's turns run beside a thread that keeps calling `progress`; the
        // meter there sees the stop flag.
        let endgame = reporting_while(0.0, progress, |stop| {
            let mut go_on = |_: f64| !stop.load(Ordering::Relaxed);
            let mut go_on: Progress = &mut go_on;
            let mut meter = Meter::new(
                &mut go_on,
                MAX_WIN_TABLE_PASS_WORK,
                "the final round's last turns",
            );
            let cap = if rules.final_round {
                let cap = lead_cap(&model, bank_min[1], &mut meter)?;
                super::endgame::check_size(&model, cap, layout.board)?;
                cap
            } else {
                0
            };
            Endgame::new(
                &model,
                rules.final_round,
                cap,
                bank_min,
                layout.board,
                pool,
                &mut meter,
            )
        })??;
        Ok(Prepared {
            model,
            bank_min,
            layout,
            endgame,
        })
    }
}

/// The number of states, refused beyond the limit before anything is allocated.
fn check_size(rules: &Rules, layout: &Layout) -> Result<(), StrategyError> {
    // Player states are below 2^40 (scores, flags, farkles): the cube fits.
    let players = layout.players() as u128;
    let states = players * players * players;
    if states > MAX_WIN_TABLE_STATES as u128 {
        return Err(StrategyError::ResourceLimit(exceeded(
            &format!(
                "the three-player table ({} player states: scores to {} in steps of {}, on the \
                 board or not, farkles in a row; cubed)",
                layout.players(),
                rules.target_score,
                layout.unit
            ),
            format!("{states} states"),
            format!("{MAX_WIN_TABLE_STATES} states"),
        )));
    }
    Ok(())
}

/// Rows of one pass of a state whose mover stands at player state `p` (without the final
/// round's rows above the target).
fn rows_of(layout: &Layout, bank_min: [usize; 2], p: usize) -> u64 {
    let (x, board, _) = layout.player(p);
    ((layout.target - x).max(0) as usize).max(bank_min[usize::from(board)]) as u64
}

/// The work of one pass over every state, refused beyond the limit.
fn check_pass_work(
    layout: &Layout,
    model: &TurnModel,
    bank_min: [usize; 2],
) -> Result<(), StrategyError> {
    // After `check_size`: at most 256 player states, each below 2^32 rows, so this fits.
    let players = layout.players() as u128;
    let rows: u128 = (0..layout.players())
        .map(|p| u128::from(rows_of(layout, bank_min, p)))
        .sum::<u128>()
        * players
        * players;
    let work = rows * u128::from(model.row_work());
    if work > u128::from(MAX_WIN_TABLE_PASS_WORK) {
        return Err(StrategyError::ResourceLimit(exceeded(
            "one pass of the three-player solver over every state",
            format!("{work} option evaluations"),
            MAX_WIN_TABLE_PASS_WORK,
        )));
    }
    Ok(())
}

impl Ctx<'_> {
    /// Player indices by score: `by_score[x - lower]`.
    pub(super) fn by_score(&self) -> Vec<Vec<usize>> {
        let l = &self.layout;
        let mut out = vec![Vec::new(); l.scores()];
        for p in 0..self.players() {
            out[(l.player(p).0 - l.lower) as usize].push(p);
        }
        out
    }

    /// The cycles of one level (sum of the three scores): each as its first rotation in
    /// index order.
    fn cycles_of_level(&self, by_score: &[Vec<usize>], level: i64) -> Vec<Seats> {
        let l = &self.layout;
        let mut out = Vec::new();
        let (lo, hi) = (l.lower, l.target - 1);
        for x in lo..=hi {
            for y in lo..=hi {
                let z = level - x - y;
                if z < lo || z > hi {
                    continue;
                }
                for &p in &by_score[(x - lo) as usize] {
                    for &q in &by_score[(y - lo) as usize] {
                        for &r in &by_score[(z - lo) as usize] {
                            let s = (p, q, r);
                            if s <= (q, r, p) && s <= (r, p, q) {
                                out.push(s);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The states of the cycle starting at `s`.
    pub(super) fn cycle_states(&self, s: Seats) -> Vec<Seats> {
        let (p, q, r) = s;
        if p == q && q == r {
            vec![s]
        } else {
            vec![s, (q, r, p), (r, p, q)]
        }
    }

    /// Solves independent cycles (each starting at one of `starts`): best-response steps for
    /// all of them together, their passes batched into lanes, then the searches of those
    /// without a pure equilibrium.
    fn solve_cycles(
        &self,
        pool: &rayon::ThreadPool,
        values: &[[f64; 3]],
        starts: &[Seats],
        stop: &AtomicBool,
    ) -> Vec<Result<CycleSolution, StrategyError>> {
        let mut runs: Vec<CycleRun> = starts
            .iter()
            .map(|&s| CycleRun::new(self, values, &self.cycle_states(s)))
            .collect();
        loop {
            if stop.load(Ordering::Relaxed) {
                return starts
                    .iter()
                    .map(|_| Err(StrategyError::Cancelled))
                    .collect();
            }
            let mut jobs: Vec<(usize, usize, Job)> = Vec::new();
            for (ri, run) in runs.iter().enumerate().filter(|(_, r)| r.pending()) {
                for i in 0..run.k {
                    let (seats, phi) = (run.states[i], run.phi[i]);
                    let t_hi = self.t_hi(seats, phi);
                    jobs.push((ri, i, Job { seats, phi, t_hi }));
                }
            }
            if jobs.is_empty() {
                break;
            }
            // Turns of similar lengths share a batch.
            jobs.sort_by_key(|j| j.2.t_hi);
            let nodes: Vec<Node> = pool.install(|| {
                jobs.par_chunks(LANES)
                    .map_init(
                        || self.spare_lanes.take(),
                        |s, batch| {
                            let lanes: Vec<Job> = batch.iter().map(|j| j.2).collect();
                            self.lane_pass(values, &lanes, s)[..batch.len()].to_vec()
                        },
                    )
                    .flatten()
                    .collect()
            });
            let mut sums = vec![[Summary::default(); 3]; runs.len()];
            for (&(ri, i, job), node) in jobs.iter().zip(nodes) {
                sums[ri][i] = Summary::of(node, job.phi);
            }
            let stepped: Vec<bool> = runs.iter().map(CycleRun::pending).collect();
            for ((run, sum), stepped) in runs.iter_mut().zip(sums).zip(stepped) {
                if stepped {
                    run.step(sum);
                }
            }
        }
        pool.install(|| {
            runs.into_par_iter()
                .map_init(
                    || (<[Scratch; 3]>::default(), self.spare_lanes.take()),
                    |(scratch, lanes), run| run.finish(self, values, scratch, lanes, stop),
                )
                .collect()
        })
    }

    /// Without a penalty: the levels from the highest down, each level's cycles in parallel
    /// chunks with a progress call between them. The mixing states and the number of mixed
    /// cycles.
    pub(super) fn solve_ordered(
        &self,
        pool: &rayon::ThreadPool,
        values: &mut [[f64; 3]],
        progress: &mut Progress,
    ) -> Result<(Vec<(usize, Mix)>, usize), StrategyError> {
        let l = self.layout;
        let by_score = self.by_score();
        let row_work = self.model.row_work().max(1);
        let work_of = |s: &Seats| {
            let states = if s.0 == s.1 && s.1 == s.2 { 1 } else { 3 };
            let rows: u64 = [s.0, s.1, s.2][..states]
                .iter()
                .map(|&p| rows_of(&l, self.bank_min, p))
                .sum();
            rows * row_work * STEPS_ESTIMATE
        };
        let total: u64 = (0..self.players())
            .map(|p| rows_of(&l, self.bank_min, p))
            .sum::<u64>()
            .saturating_mul((self.players() * self.players()) as u64)
            .saturating_mul(row_work * STEPS_ESTIMATE)
            .max(1);
        let mut done = 0u64;
        let mut mixed = Vec::new();
        let mut mixed_cycles = 0;
        for level in (3 * l.lower..=3 * (l.target - 1)).rev() {
            let cycles = self.cycles_of_level(&by_score, level);
            let mut begin = 0;
            while begin < cycles.len() {
                let mut end = begin;
                let mut work = 0u64;
                while end < cycles.len() && work < CHUNK_WORK {
                    work += work_of(&cycles[end]);
                    end += 1;
                }
                let chunk = &cycles[begin..end];
                let fraction = done as f64 / total as f64;
                let known: &[[f64; 3]] = values;
                let results = reporting_while(fraction, progress, |stop| {
                    self.solve_cycles(pool, known, chunk, stop)
                })?;
                for (&s, result) in chunk.iter().zip(results) {
                    let solution = result?;
                    let states = self.cycle_states(s);
                    if solution.mixed.iter().any(Option::is_some) {
                        mixed_cycles += 1;
                    }
                    for (i, &seats) in states.iter().enumerate() {
                        let index = self.index(seats);
                        values[index] = solution.values[i];
                        if let Some(mix) = solution.mixed[i].clone() {
                            mixed.push((index, mix));
                        }
                    }
                }
                done += work;
                if !progress(done as f64 / total as f64) {
                    return Err(StrategyError::Cancelled);
                }
                begin = end;
            }
        }
        mixed.sort_by_key(|m| m.0);
        Ok((mixed, mixed_cycles))
    }
}

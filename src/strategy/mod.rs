// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Strategy: exact odds of a roll ([`odds`]), the optimal single turn and the long-run
//! average under a farkle penalty ([`single_turn`]), and optimal play for two and three
//! players ([`tables`]: [`TwoPlayerTable`], [`ThreePlayerTable`], and [`WinTable`] for
//! either) with their compact saved tables.
//!
//! Every solver works in units of the rules' point granularity (see [`Odds::unit`]): 50 for
//! every preset. Bots and game advice are meant to be built on these: a solved table answers
//! "what is my chance to win here, and what should I keep" for any state of a game of two or
//! three players.

pub mod advice;
pub mod bots;
pub mod cards;
pub mod evaluate;
pub(crate) mod last_turn;
pub mod odds;
pub(crate) mod playout;
pub mod simulate;
pub mod single_turn;
pub(crate) mod table_in_play;
pub mod tables;
pub mod thresholds;
pub(crate) mod transfer;
pub(crate) mod turn;

use thiserror::Error;

use crate::rules::{ExactTarget, Rules, RulesError};

/// A progress function: called now and then with the fraction done (0 to 1); returning
/// `false` stops the computation, which then returns [`StrategyError::Cancelled`].
pub type Progress<'a> = &'a mut dyn FnMut(f64) -> bool;

/// Option evaluations between two calls of a progress function (a few milliseconds).
pub(crate) const PROGRESS_WORK: u64 = 4_000_000;

/// Counts the work of a long computation against a limit, and calls a progress function
/// every few milliseconds of it.
pub(crate) struct Meter<'a, 'p> {
    progress: &'a mut Progress<'p>,
    spent: u64,
    since_call: u64,
    limit: u64,
    what: &'static str,
    /// The fraction last reported.
    fraction: f64,
}

impl<'a, 'p> Meter<'a, 'p> {
    /// A meter of `what` (for the error text) allowing `limit` option evaluations.
    pub(crate) fn new(progress: &'a mut Progress<'p>, limit: u64, what: &'static str) -> Self {
        Meter {
            progress,
            spent: 0,
            since_call: 0,
            limit,
            what,
            fraction: 0.0,
        }
    }

    /// Records `work` more option evaluations, `fraction` done: `ResourceLimit` past the
    /// limit, `Cancelled` when the progress function says stop.
    pub(crate) fn charge(&mut self, work: u64, fraction: f64) -> Result<(), StrategyError> {
        self.spent = self.spent.saturating_add(work);
        if self.spent > self.limit {
            return Err(StrategyError::ResourceLimit(crate::limits::exceeded(
                self.what,
                format!("more than {} option evaluations", self.limit),
                self.limit,
            )));
        }
        self.since_call = self.since_call.saturating_add(work);
        if self.since_call >= PROGRESS_WORK {
            self.since_call = 0;
            self.report(fraction)?;
        }
        Ok(())
    }

    /// The work charged so far.
    pub(crate) fn spent(&self) -> u64 {
        self.spent
    }

    /// Calls the progress function now with the fraction last reported (from inside a long
    /// step): whether to go on.
    pub(crate) fn go_on(&mut self) -> bool {
        (self.progress)(self.fraction)
    }

    /// Calls the progress function now.
    pub(crate) fn report(&mut self, fraction: f64) -> Result<(), StrategyError> {
        self.fraction = fraction.clamp(0.0, 1.0);
        if (self.progress)(self.fraction) {
            Ok(())
        } else {
            Err(StrategyError::Cancelled)
        }
    }
}

/// A pool of worker threads owned by one call: created for a parallel computation and joined
/// when it is dropped, so no thread outlives the call (a process that forks afterwards has no
/// pool to find in a broken state, and leak checkers see every thread end).
/// `RAYON_NUM_THREADS` sets its size, as for rayon's own pool.
/// On WebAssembly, which has no threads, it is the calling thread's pool instead (src/wasm/).
pub(crate) struct WorkerPool {
    pool: Option<rayon::ThreadPool>,
    shared: Option<&'static rayon::ThreadPool>,
    threads: std::sync::Arc<std::sync::Mutex<Vec<std::thread::JoinHandle<()>>>>,
}

impl std::ops::Deref for WorkerPool {
    type Target = rayon::ThreadPool;
    fn deref(&self) -> &rayon::ThreadPool {
        self.shared
            .or(self.pool.as_ref())
            .expect("present until dropped")
    }
}

impl Drop for WorkerPool {
    fn drop(&mut self) {
        // Dropping the pool tells its threads to finish; then wait for them.
        drop(self.pool.take());
        let threads = std::mem::take(
            &mut *self
                .threads
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        for thread in threads {
            let _ = thread.join();
        }
    }
}

/// A fresh [`WorkerPool`] of the default size; `ResourceLimit` when the threads cannot be
/// started.
pub(crate) fn worker_pool() -> Result<WorkerPool, StrategyError> {
    worker_pool_of(0)
}

/// A fresh [`WorkerPool`] of `size` threads (0: one per core, or `RAYON_NUM_THREADS`).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) fn worker_pool_of(size: usize) -> Result<WorkerPool, StrategyError> {
    let threads = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let spawned = std::sync::Arc::clone(&threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(size)
        .spawn_handler(move |thread| {
            let handle = std::thread::Builder::new()
                .name(format!("farkle-worker-{}", thread.index()))
                .spawn(move || thread.run())?;
            spawned
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(handle);
            Ok(())
        })
        .build()
        .map_err(|e| StrategyError::ResourceLimit(format!("cannot start worker threads: {e}")))?;
    Ok(WorkerPool {
        pool: Some(pool),
        shared: None,
        threads,
    })
}

/// WebAssembly has no threads: every "fresh" pool is the calling thread's.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) fn worker_pool_of(_size: usize) -> Result<WorkerPool, StrategyError> {
    calling_thread_pool().map(|pool| WorkerPool {
        pool: None,
        shared: Some(pool),
        threads: Default::default(),
    })
}

/// The solvers' pool where there are no threads (WebAssembly): a rayon pool made of the
/// calling thread alone, made once (a thread taken into a pool stays in it). The parallel
/// loops run in order on it.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) fn calling_thread_pool() -> Result<&'static rayon::ThreadPool, StrategyError> {
    static POOL: std::sync::OnceLock<Result<rayon::ThreadPool, String>> =
        std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .use_current_thread()
            .build()
            .map_err(|e| e.to_string())
    })
    .as_ref()
    .map_err(|e| StrategyError::ResourceLimit(format!("cannot make the thread pool: {e}")))
}

/// A fresh table id: what the per-thread caches of solved turns key a table by. An address
/// would not do: the allocator hands a freed table's address to the next one, whose cached
/// turns would then be the old table's. Every solved or loaded table (two or three players)
/// takes one; a clone keeps it, as it holds the same values. 2^64 ids never run out.
pub(crate) fn next_table_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A vector of `len` copies of `value`, or a resource error when the memory is not available
/// (sizes that come from a caller's input are allocated through this, never aborting).
pub(crate) fn try_filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, StrategyError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        StrategyError::ResourceLimit(format!(
            "cannot allocate {} bytes",
            len.saturating_mul(std::mem::size_of::<T>())
        ))
    })?;
    v.resize(len, value);
    Ok(v)
}

pub use crate::game::Action;
pub use advice::{Advice, AdviceChoice, AdviceError, Advisor, ValueKind};
pub use bots::{Bot, BotError};
pub use cards::{
    best_card, evaluate_card, Banking, Card, CardValue, CoachNote, Family, Keep, Situation,
};
pub use evaluate::{Contender, Evaluation};
pub use odds::{Fraction, HandOdds, Odds, OptionGroup, SelectionGroup};
pub use simulate::{
    simulate, simulate_with_progress, wilson_interval, BotResult, SimulationError, SimulationReport,
};
pub use single_turn::{Choice, PenaltyPolicy, SingleTurn};
pub use tables::win_table::{WinTable, MAX_TABLE_PLAYERS};
pub use tables::{three_player, two_player};
pub use three_player::{SeatChoice, SeatDecision, ThreePlayerTable};
pub use thresholds::Thresholds;
pub use two_player::{
    Decision, PlayerState, SolveOptions, TwoPlayerState, TwoPlayerTable, WinChoice,
};

/// The refusal of every solver that plays a turn: the hot-dice multiplier makes a turn's
/// value depend on its multiplier level too, which no solver's state holds.
pub(crate) fn refuse_multiplier(rules: &Rules) -> Result<(), StrategyError> {
    if rules.hot_dice_multiplier_step > 0 {
        return Err(StrategyError::Unsupported(
            "the hot-dice multiplier (hot_dice_multiplier_step above 0): a turn's value would \
             depend on its multiplier level, which this solver does not model",
        ));
    }
    Ok(())
}

/// The refusals of the advice and the optimal bots built on the single-turn policy: the
/// multiplier and an exact target (a bank past the target is refused or busts, which the turn
/// values do not know). Piggybacking they honour: the offer is valued as rolling its dice at
/// its turn total.
pub(crate) fn refuse_advice_knobs(rules: &Rules) -> Result<(), StrategyError> {
    refuse_multiplier(rules)?;
    if rules.exact_target != ExactTarget::Off {
        return Err(StrategyError::Unsupported(
            "an exact target (exact_target Refuse or Bust): the turn values assume any bank \
             that reaches the target counts",
        ));
    }
    Ok(())
}

/// The refusals of the two-player table: those of the advice, and piggybacking (a turn may
/// start from the opponent's turn total, which the table's states do not hold).
pub(crate) fn refuse_game_knobs(rules: &Rules) -> Result<(), StrategyError> {
    refuse_advice_knobs(rules)?;
    if rules.piggybacking {
        return Err(StrategyError::Unsupported(
            "piggybacking: taking over the previous player's turn total is a choice this \
             solver does not value",
        ));
    }
    Ok(())
}

/// Why a strategy could not be computed or loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StrategyError {
    /// The rules value is invalid.
    #[error("invalid rules: {0}")]
    Rules(#[from] RulesError),
    /// Some hand can be rolled forever without risk, so a turn has no finite value.
    #[error("a turn can go on forever without risk; its value is unbounded")]
    UnboundedTurn,
    /// The rules use something this solver does not model.
    #[error("not supported by this solver: {0}")]
    Unsupported(&'static str),
    /// The problem would need more memory or work than the library allows (see
    /// [`crate::limits`]); the text names the quantity and the limit.
    #[error("too large: {0}")]
    ResourceLimit(String),
    /// The caller's progress function asked to stop.
    #[error("cancelled by the progress function")]
    Cancelled,
    /// An argument (dice count, score, turn total) is outside the solved range.
    #[error("out of range: {0}")]
    OutOfRange(String),
    /// A saved table is malformed, truncated, corrupted or of another version.
    #[error("bad table file: {0}")]
    BadFile(String),
    /// Reading or writing a file failed.
    #[error("i/o error: {0}")]
    Io(String),
}

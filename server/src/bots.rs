// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The bots a room seats, and the win tables the win-optimal bot needs.
//!
//! A win table is solved once per rules value and table size, on the server's solving
//! thread (a solve takes seconds to minutes and must not hold up the async runtime), shared
//! by every room that asks while it is in use, and kept on disk beside the database so that
//! a restart loads it instead of solving again.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock, Weak};

use farkle::strategy::{Bot, Thresholds, WinTable};
use farkle::Rules;
use sha2::{Digest, Sha256};

use crate::protocol::BotKind;

/// One table: solving, solved, or refused.
#[derive(Debug, Default)]
pub struct TableSlot {
    /// The solve's progress, 0 to 1, as the bits of an `f64`.
    progress: AtomicU64,
    /// The table, or why there is none.
    result: OnceLock<Result<WinTable, String>>,
}

impl TableSlot {
    /// The solve's progress, 0 to 1.
    pub fn progress(&self) -> f64 {
        f64::from_bits(self.progress.load(Ordering::Relaxed))
    }

    /// The table once solved, or why it cannot be; `None` while it is being solved.
    pub fn result(&self) -> Option<&Result<WinTable, String>> {
        self.result.get()
    }
}

/// The win tables of this server: in memory while a room uses them, and on disk in `dir`.
///
/// Solves wait in one queue and run one at a time, on one thread: a solve takes seconds to
/// many minutes of every core, and rooms asking for many rules values must not run them all
/// at once. A solve nobody wants any more (every room that asked has gone) stops at its next
/// progress report.
#[derive(Debug)]
pub struct Tables {
    dir: Option<PathBuf>,
    slots: Mutex<HashMap<String, Weak<TableSlot>>>,
    solves: mpsc::Sender<Solve>,
}

/// A table to solve, for the rooms that hold `slot`.
struct Solve {
    rules: Rules,
    players: usize,
    file: Option<PathBuf>,
    slot: Weak<TableSlot>,
}

impl Tables {
    /// Tables kept in `dir` (created when first needed), or in memory only; starts the
    /// solving thread.
    pub fn new(dir: Option<PathBuf>) -> Tables {
        let (solves, queue) = mpsc::channel::<Solve>();
        std::thread::spawn(move || {
            for job in queue {
                if job.slot.strong_count() == 0 {
                    continue;
                }
                let result = solve(&job);
                if let Some(slot) = job.slot.upgrade() {
                    let _ = slot.result.set(result);
                }
            }
        });
        Tables {
            dir,
            slots: Mutex::new(HashMap::new()),
            solves,
        }
    }

    /// The table of `players` players under `rules`: the one a room already uses, else
    /// loaded from disk, else solved in turn.
    pub fn get(&self, rules: &Rules, players: usize) -> Arc<TableSlot> {
        let rules_json = serde_json::to_string(rules).expect("rules serialise");
        let key = format!("{players}:{rules_json}");
        let mut slots = self.slots.lock().expect("no panic holds the lock");
        slots.retain(|_, slot| slot.strong_count() > 0);
        if let Some(slot) = slots.get(&key).and_then(Weak::upgrade) {
            return slot;
        }
        let slot = Arc::new(TableSlot::default());
        slots.insert(key.clone(), Arc::downgrade(&slot));
        let file = self.dir.as_ref().map(|dir| {
            let name = hex::encode(&Sha256::digest(key.as_bytes())[..12]);
            dir.join(format!("{name}-{players}p.fwt"))
        });
        let job = Solve {
            rules: *rules,
            players,
            file,
            slot: Arc::downgrade(&slot),
        };
        let solves = self.solves.clone();
        // A kept table loads at once, on a thread of its own, ahead of the queue.
        std::thread::spawn(move || {
            let loaded = job
                .file
                .as_deref()
                .and_then(|f| load(&job.rules, job.players, f));
            match (loaded, job.slot.upgrade()) {
                (Some(table), Some(slot)) => {
                    let _ = slot.result.set(Ok(table));
                }
                (None, Some(_)) => {
                    let _ = solves.send(job);
                }
                (_, None) => {}
            }
        });
        slot
    }
}

/// A kept table of these rules and players, if the file holds one this version would solve
/// the same way.
fn load(rules: &Rules, players: usize, file: &std::path::Path) -> Option<WinTable> {
    let table = WinTable::load(file).ok()?;
    (table.rules() == rules && table.player_count() == players && !table.is_outdated())
        .then_some(table)
}

/// Solves a queued table and keeps it on disk; stops early when no room wants it any more.
fn solve(job: &Solve) -> Result<WinTable, String> {
    let mut progress = |p: f64| match job.slot.upgrade() {
        Some(slot) => {
            slot.progress.store(p.to_bits(), Ordering::Relaxed);
            true
        }
        None => false,
    };
    let table =
        WinTable::solve(&job.rules, job.players, &mut progress).map_err(|e| e.to_string())?;
    if let Some(file) = &job.file {
        // A table that cannot be kept is still used; the next start solves it again.
        let kept = file
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .map_err(|e| e.to_string())
            .and_then(|()| table.save(file).map_err(|e| e.to_string()));
        if let Err(e) = kept {
            tracing::warn!(file = %file.display(), error = %e, "could not keep the win table");
        }
    }
    Ok(table)
}

/// Which table a room's win-optimal bot plays with: its own size's for two or three seats,
/// the two-player table against the strongest opponent beyond.
pub fn table_players(seats: usize) -> usize {
    if seats <= 3 {
        seats
    } else {
        2
    }
}

/// The bot of `kind` for `rules`, from the table where it needs one. `Err` says why the
/// bot plays as a simpler one (the single-turn bot where the rules have no single-turn
/// optimum, a win table beyond the limits): the caller falls back and says so.
pub fn build(
    kind: BotKind,
    rules: &Rules,
    seats: usize,
    table: Option<&WinTable>,
) -> Result<Bot, String> {
    match kind {
        BotKind::Random => Ok(Bot::RandomLegal),
        BotKind::Threshold => Ok(Bot::Threshold(Thresholds::default())),
        BotKind::SingleTurn => Bot::single_turn_optimal(rules).map_err(|e| e.to_string()),
        BotKind::WinOptimal => {
            let table = table.ok_or("no win table")?;
            if seats <= 3 {
                Bot::win_optimal(table.clone()).map_err(|e| e.to_string())
            } else {
                let two = table.two_player().ok_or("not a two-player table")?;
                Bot::strongest_opponent(two.clone()).map_err(|e| e.to_string())
            }
        }
    }
}

/// The bot that stands in for an absent player or an expired timer: single-turn optimal,
/// or the threshold bot where the rules have no single-turn optimum.
pub fn stand_in(rules: &Rules) -> Bot {
    Bot::single_turn_optimal(rules).unwrap_or_else(|_| Bot::Threshold(Thresholds::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait(slot: &TableSlot, within: Duration) -> bool {
        let since = Instant::now();
        while slot.result().is_none() {
            if since.elapsed() > within {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        true
    }

    #[test]
    fn an_abandoned_solve_stops_and_the_queue_moves_on() {
        let tables = Tables::new(None);
        // Minutes of solving (three players, minimal to 10,000), asked for and dropped.
        let long = tables.get(&farkle::Preset::Minimal.rules(), 3);
        std::thread::sleep(Duration::from_millis(300));
        assert!(long.result().is_none(), "still solving");
        drop(long);
        // The next table in the queue is solved at once, not after the long one.
        let small = Rules {
            target_score: 1500,
            ..farkle::Preset::Minimal.rules()
        };
        let slot = tables.get(&small, 2);
        assert!(wait(&slot, Duration::from_secs(60)), "the queue is stuck");
        assert_eq!(slot.result().unwrap().as_ref().unwrap().player_count(), 2);
        // Asked again while a room holds it: the same table, not a second solve.
        let again = tables.get(&small, 2);
        assert!(Arc::ptr_eq(&slot, &again));
    }
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The bots a room seats, and the win tables the win-optimal bot needs.
//!
//! A win table is solved once per rules value and table size, on a thread of its own (a
//! solve takes seconds to minutes and must not hold up the async runtime), shared by every
//! room that asks while it runs, and kept on disk beside the database so that a restart
//! loads it instead of solving again.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use farkle::strategy::{AnyWinTable, Bot, Thresholds};
use farkle::Rules;
use sha2::{Digest, Sha256};

use crate::protocol::BotKind;

/// One table: solving, solved, or refused.
#[derive(Debug, Default)]
pub struct TableSlot {
    /// The solve's progress, 0 to 1, as the bits of an `f64`.
    progress: AtomicU64,
    /// The table, or why there is none.
    result: OnceLock<Result<AnyWinTable, String>>,
}

impl TableSlot {
    /// The solve's progress, 0 to 1.
    pub fn progress(&self) -> f64 {
        f64::from_bits(self.progress.load(Ordering::Relaxed))
    }

    /// The table once solved, or why it cannot be; `None` while it is being solved.
    pub fn result(&self) -> Option<&Result<AnyWinTable, String>> {
        self.result.get()
    }
}

/// The win tables of this server: in memory, and on disk in `dir`.
#[derive(Debug)]
pub struct Tables {
    dir: Option<PathBuf>,
    slots: Mutex<HashMap<String, Arc<TableSlot>>>,
}

impl Tables {
    /// Tables kept in `dir` (created when first needed), or in memory only.
    pub fn new(dir: Option<PathBuf>) -> Tables {
        Tables {
            dir,
            slots: Mutex::new(HashMap::new()),
        }
    }

    /// The table of `players` players under `rules`: loaded from disk or solved on a thread
    /// of its own the first time it is asked for.
    pub fn get(&self, rules: &Rules, players: usize) -> Arc<TableSlot> {
        let rules_json = serde_json::to_string(rules).expect("rules serialise");
        let key = format!("{players}:{rules_json}");
        let mut slots = self.slots.lock().expect("no panic holds the lock");
        if let Some(slot) = slots.get(&key) {
            return slot.clone();
        }
        let slot = Arc::new(TableSlot::default());
        slots.insert(key.clone(), slot.clone());
        let file = self.dir.as_ref().map(|dir| {
            let name = hex::encode(&Sha256::digest(key.as_bytes())[..12]);
            dir.join(format!("{name}-{players}p.fwt"))
        });
        let rules = *rules;
        let solving = slot.clone();
        std::thread::spawn(move || {
            let result = load_or_solve(&rules, players, file, &solving);
            let _ = solving.result.set(result);
        });
        slot
    }
}

fn load_or_solve(
    rules: &Rules,
    players: usize,
    file: Option<PathBuf>,
    slot: &TableSlot,
) -> Result<AnyWinTable, String> {
    if let Some(file) = &file {
        if let Ok(table) = AnyWinTable::load(file) {
            if table.rules() == rules && table.player_count() == players && !table.is_outdated() {
                return Ok(table);
            }
        }
    }
    let mut progress = |p: f64| {
        slot.progress.store(p.to_bits(), Ordering::Relaxed);
        true
    };
    let table = AnyWinTable::solve(rules, players, &mut progress).map_err(|e| e.to_string())?;
    if let Some(file) = &file {
        // A table that cannot be kept is still used; the next start solves it again.
        let kept = file
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .map_err(|e| e.to_string())
            .and_then(|()| table.save(file).map_err(|e| e.to_string()));
        if let Err(e) = kept {
            tracing::warn!("could not keep the win table in {}: {e}", file.display());
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
    table: Option<&AnyWinTable>,
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

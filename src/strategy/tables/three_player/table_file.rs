// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The saved form of a three-player table: versions 4 and 6 of the table file (versions 1 to
//! 3 and 5 hold two-player tables; see `two_player/table_file.rs`), the body inside the frame
//! every table file shares (`tables/table_file.rs`: magic, version, checksum, bounded
//! reading).
//!
//! Layout (every number little-endian):
//! ```text
//! offset  size  field
//! 0       8     magic "FRKLWIN\0"
//! 8       4     format version (u32: 6 for a table of rules with a final round, else 4)
//! 12      4     players at the table (u32, 3)
//! 16      140   the rules: their 35 fields in declaration order (`Rules::words`)
//! 156     4     point granularity (i32)
//! 160     8     number of player states P (u64)
//! 168     8     number of mixing records M (u64)
//! 176     8*P^3 per state (mover, next, last in player-state indices, the last fastest):
//!               the mover's and the next player's chance to win (f32 each; the last
//!               player's is 1 minus both)
//! ...     40*M  the decisions at which mixing movers mix, by state: state (u64), the
//!               probability of the riskier choice (f64), turn total in units, dice to roll,
//!               kind (0 bank or roll, 1 which dice to keep), group, safer option, riskier
//!               option (u32 each)
//! end-8   8     FNV-1a 64 checksum of every byte before it
//! ```
//! The chances are stored as 32-bit floats: a value is off by at most 3e-8, and a query,
//! which solves a turn again from the values it reads (averages of them), by less than 1e-7.
//! The final round's last turns are solved again from the rules on loading (under a second).
//!
//! Version 6 is version 4 for tables whose turns were solved over every scoring selection of
//! a roll (the library does so under a final round, where fewer points can be worth more); a
//! version 4 table under a final round was solved over the most points per number of dice
//! kept, and loads as such.
//!
//! Loading checks the magic, the version, the sizes against the rules (before allocating),
//! the checksum, that every chance lies in [0, 1] and every mixing state is well formed, then
//! solves again the turns of a sample of states from the values around them, and refuses
//! the table (`BadFile`) when they disagree by more than 1e-6. As for two-player files, the
//! checksum proves integrity, not origin.

use crate::rules::RULES_FIELDS;
use crate::strategy::tables::table_file::{bad, Frame, Writer};
use crate::strategy::{worker_pool, PlayerState, Progress, StrategyError};

use crate::strategy::turn::Selections;

use super::pass::{Mix, MixAt, MixedDecision};
use super::solve::Prepared;
use super::table::ThreePlayerTable;
use crate::limits::MAX_WIN_TABLE_STATES;

/// The format version of three-player table files (two-player ones are 1 to 3 and 5) solved
/// over the most points per number of dice kept: every table of rules without a final round.
pub const FILE_VERSION: u32 = 4;
/// The format version of three-player table files solved over every scoring selection of a
/// roll (the library does so under a final round, where fewer points can be worth more).
pub const FILE_VERSION_EVERY_SELECTION: u32 = 6;

/// The format version of three-player table files.
pub(crate) const VERSION: u32 = FILE_VERSION;
const VERSION_EVERY_SELECTION: u32 = FILE_VERSION_EVERY_SELECTION;
const RULES_AT: usize = 16;
const UNIT_AT: usize = RULES_AT + 4 * RULES_FIELDS;
const PLAYERS_AT: usize = UNIT_AT + 4;
const MIXED_AT: usize = PLAYERS_AT + 8;
/// The header's length.
pub(crate) const HEADER: usize = MIXED_AT + 8;
const _: () = assert!(RULES_FIELDS == 35 && HEADER == 176);
/// Bytes of a mixing state.
const MIX_BYTES: usize = 40;
/// States whose turns a loaded table solves again.
const CHECKED_STATES: usize = 24;
/// A loaded table's values must match their turns solved again to this (the stored values
/// are 32-bit floats).
const CHECK_TOLERANCE: f64 = 1e-6;

/// The length a three-player table file must have, from its header: refused before anything
/// is allocated or read for its values when its sizes are larger than any table this library
/// writes (more states than [`MAX_WIN_TABLE_STATES`], more mixing states than states).
pub(crate) fn file_len(header: &[u8]) -> Result<u64, StrategyError> {
    let file = Frame::open(header, HEADER)?;
    let players = file.u64_at(PLAYERS_AT);
    let mixed = file.u64_at(MIXED_AT);
    let states = players.saturating_mul(players).saturating_mul(players);
    if states > MAX_WIN_TABLE_STATES as u64 || mixed > states {
        return bad("the sizes in the header are larger than any table this library writes");
    }
    // Both bounded above: no overflow.
    Ok(HEADER as u64 + 8 * states + MIX_BYTES as u64 * mixed + 8)
}

impl ThreePlayerTable {
    /// The table in the saved format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let version = match self.model.selections {
            Selections::BestPerSize => VERSION,
            Selections::Every => VERSION_EVERY_SELECTION,
        };
        let records: usize = self.mixed.iter().map(|m| m.1.decisions.len()).sum();
        let mut out = Writer::new(
            version,
            HEADER + 8 * self.values.len() + MIX_BYTES * records + 8,
        );
        out.bytes(&3u32.to_le_bytes());
        out.rules(&self.rules);
        out.bytes(&self.layout.unit.to_le_bytes());
        out.bytes(&(self.layout.players() as u64).to_le_bytes());
        out.bytes(&(records as u64).to_le_bytes());
        debug_assert_eq!(out.len(), HEADER);
        for v in &self.values {
            out.bytes(&(v[0] as f32).to_le_bytes());
            out.bytes(&(v[1] as f32).to_le_bytes());
        }
        for (state, mix) in &self.mixed {
            for d in &mix.decisions {
                let (kind, group, safer, riskier) = match d.at {
                    MixAt::BankOrRoll => (0u32, 0, 0, 0),
                    MixAt::Keep {
                        group,
                        safer,
                        riskier,
                    } => (1, group, safer, riskier),
                };
                out.bytes(&(*state as u64).to_le_bytes());
                out.bytes(&mix.alpha.to_le_bytes());
                for w in [d.t, u32::from(d.hand), kind, group, safer, riskier] {
                    out.bytes(&w.to_le_bytes());
                }
            }
        }
        out.finish()
    }

    /// The size of the largest three-player table file this library reads, in bytes: every
    /// state allowed, each mixing (805,306,552 bytes). A load reads the header first and then
    /// only the length its sizes give.
    pub fn max_file_size() -> u64 {
        let states = MAX_WIN_TABLE_STATES as u64;
        HEADER as u64 + (8 + MIX_BYTES as u64) * states + 8
    }

    /// Loads a table saved by [`ThreePlayerTable::to_bytes`]; `BadFile` says what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<ThreePlayerTable, StrategyError> {
        let file = Frame::open(bytes, HEADER + 8)?;
        let (u32_at, u64_at) = (|at| file.u32_at(at), |at| file.u64_at(at));
        let selections = match file.version() {
            VERSION => Selections::BestPerSize,
            VERSION_EVERY_SELECTION => Selections::Every,
            other => {
                return Err(StrategyError::BadFile(format!(
                    "format version {other}; three-player tables are versions {VERSION} and \
                     {VERSION_EVERY_SELECTION}"
                )))
            }
        };
        if u32_at(12) != 3 {
            return Err(StrategyError::BadFile(format!(
                "a table of {} players in a three-player file",
                u32_at(12)
            )));
        }
        let body = file.checked_body()?;
        let rules = file.rules(RULES_AT, RULES_FIELDS)?;
        crate::strategy::tables::layout::check_rules(&rules)
            .map_err(|e| StrategyError::BadFile(format!("rules the solver refuses: {e}")))?;
        if file_len(bytes)? != bytes.len() as u64 {
            return bad("the sizes in the header do not match the file length");
        }
        // file_len() bounded both sizes: no overflow from here.
        let players = u64_at(PLAYERS_AT);
        let mixed = u64_at(MIXED_AT);
        let states = players * players * players;
        let pool = worker_pool()?;
        let mut go_on = |_: f64| true;
        let prepared = Prepared::new(&pool, &rules, selections, &mut (&mut go_on as Progress))?;
        if prepared.layout.players() as u64 != players
            || prepared.layout.unit != u32_at(UNIT_AT) as i32
        {
            return bad("the table's size or granularity does not match its rules");
        }
        let states = states as usize;
        let mut values = Vec::new();
        values
            .try_reserve_exact(states)
            .map_err(|_| StrategyError::ResourceLimit("cannot allocate the table".into()))?;
        let f32_at =
            |at: usize| f64::from(f32::from_le_bytes(body[at..at + 4].try_into().expect("4")));
        for i in 0..states {
            let at = HEADER + 8 * i;
            let (a, b) = (f32_at(at), f32_at(at + 4));
            if !(0.0..=1.0).contains(&a) || !(0.0..=1.0).contains(&b) || a + b > 1.0 + 1e-6 {
                return bad("a probability outside [0, 1]");
            }
            values.push([a, b, (1.0 - a - b).max(0.0)]);
        }
        let model = &prepared.model;
        let mut mixes = Vec::new();
        for i in 0..mixed as usize {
            let at = HEADER + 8 * states + MIX_BYTES * i;
            let state = u64_at(at) as usize;
            let alpha = f64::from_le_bytes(body[at + 8..at + 16].try_into().expect("8"));
            let w = |k: usize| u32_at(at + 16 + 4 * k);
            let (t, hand, kind) = (w(0), w(1), w(2));
            let (group, safer, riskier) = (w(3) as usize, w(4), w(5));
            let hand_ok = hand >= 1 && hand as usize <= model.dice;
            let at = match kind {
                0 => MixAt::BankOrRoll,
                1 if hand_ok
                    && (model.group_start[hand as usize - 1]..model.group_start[hand as usize])
                        .contains(&group)
                    && [safer, riskier].iter().all(|&o| {
                        (model.option_start[group]..model.option_start[group + 1])
                            .contains(&(o as usize))
                    }) =>
                {
                    MixAt::Keep {
                        group: group as u32,
                        safer,
                        riskier,
                    }
                }
                _ => return bad("a mixing state of an unknown kind"),
            };
            if state >= states
                || !(0.0..=1.0).contains(&alpha)
                || !hand_ok
                || mixes.last().is_some_and(|&(s, ref m): &(usize, Mix)| {
                    s > state || (s == state && m.alpha != alpha)
                })
            {
                return bad("a malformed mixing state");
            }
            let decision = MixedDecision {
                t,
                hand: hand as u8,
                at,
            };
            match mixes.last_mut() {
                Some((s, m)) if *s == state => m.decisions.push(decision),
                _ => mixes.push((
                    state,
                    Mix {
                        alpha,
                        decisions: vec![decision],
                    },
                )),
            }
        }
        let table = ThreePlayerTable::from_parts(&rules, prepared, values, mixes)?;
        table.check_against_rules()?;
        Ok(table)
    }

    /// Solves again the turns of a sample of states (spread over the table, and every
    /// mixing state up to the sample's size) from the values around them.
    fn check_against_rules(&self) -> Result<(), StrategyError> {
        let states = self.values.len();
        let n = self.model.dice as u8;
        let sample = (0..CHECKED_STATES)
            .map(|i| i * states / CHECKED_STATES)
            .chain(self.mixed.iter().map(|m| m.0).take(CHECKED_STATES));
        let players = self.layout.players();
        for index in sample {
            let seats = [
                index / (players * players),
                index / players % players,
                index % players,
            ];
            let state = seats.map(|p| {
                let (score, on_board, farkles) = self.layout.player(p);
                PlayerState {
                    score: (score * i64::from(self.layout.unit)) as i32,
                    on_board,
                    farkles: farkles as u8,
                }
            });
            let again = self.win_probabilities(&state, 0, n)?;
            let stored = self.values[index];
            if (0..3).any(|j| (again[j] - stored[j]).abs() > CHECK_TOLERANCE) {
                return Err(StrategyError::BadFile(format!(
                    "its values do not follow from its rules (state {index}: stored {stored:?}, \
                     solved again {again:?})"
                )));
            }
        }
        Ok(())
    }
}

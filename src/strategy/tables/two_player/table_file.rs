// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The saved form of a solved two-player table, so frontends need not solve again: the body
//! inside the frame every table file shares (`tables/table_file.rs`: magic, version,
//! checksum, bounded reading).
//!
//! Layout (every number little-endian):
//! ```text
//! offset  size  field
//! 0       8     magic "FRKLWIN\0"
//! 8       4     format version (u32: 5 for a table of rules with a final round, else 3)
//! 12      140   the rules: their 35 fields in declaration order (`Rules::words`), each a
//!               u32/i32 (bools 0/1, kind_scaling 0 multiply, 1 double, 2 fixed, 3 triple
//!               only, exact_target 0 off, 1 refuse, 2 bust)
//! 152     4     point granularity (i32)
//! 156     4     final-round lead cap in units (u32; 0 without a final round)
//! 160     8     number of player states P (u64)
//! 168     8     values per final-round chance table C (u64; 0 without a final round)
//! 176     8*P*P start-of-turn P(win), row = player to move, column = opponent (f64)
//! ...     8*2*C the final-round chances, off the board then on it (f64)
//! end-8   8     FNV-1a 64 checksum of every byte before it
//! ```
//! Older versions hold fewer rules fields, and load with the missing ones off: version 1,
//! written before the six house-rule fields existed, holds the first 28 (every offset after
//! them is 28 bytes lower), version 2 the first 34 (before
//! `auto_take_straight_and_three_pairs`; 4 bytes lower).
//!
//! Version 5 is version 3 for tables whose turns were solved over every scoring selection of
//! a roll (the library does so under a final round, where fewer points can be worth more);
//! versions 1 to 3 under a final round hold tables solved over the most points per number of
//! dice kept, and load as such. (Version 4 is the three-player file.)
//!
//! Loading checks the magic, the version, the sizes against the rules, the checksum and that
//! every probability lies in [0, 1], then re-derives a sample of the values from the rules
//! (see `TwoPlayerTable::check_against_rules`), and refuses anything else. The checksum is for
//! integrity only: it catches a damaged or truncated file, but anyone can recompute it, so it
//! proves nothing about who wrote the file. The re-derivation is what refuses a table whose
//! rules were edited: its values no longer follow from its rules. A file made to pass both is
//! still possible; a program that plays for stakes should load only tables it trusts (or
//! solve its own).

use crate::limits::MAX_WIN_TABLE_PAIRS;
use crate::rules::RULES_FIELDS;
use crate::strategy::tables::final_round::MAX_LEAD_CAP;
use crate::strategy::tables::table_file::{bad, read_table_file, write_table_file, Frame, Writer};
use crate::strategy::turn::Selections;
use crate::strategy::StrategyError;

use super::TwoPlayerTable;

const VERSION: u32 = 3;
/// Version 3's layout, for a table solved over every scoring selection.
const VERSION_EVERY_SELECTION: u32 = 5;
/// Rules fields in a version 1 file: the fields before the house rules were appended.
const VERSION_1_FIELDS: usize = 28;
/// Rules fields in a version 2 file: the fields before `auto_take_straight_and_three_pairs`.
const VERSION_2_FIELDS: usize = 34;
/// Where the rules start.
const RULES_AT: usize = 12;

/// Where the fields after the rules are, in a file of `fields` rules fields.
struct Layout {
    unit: usize,
    lead_cap: usize,
    players: usize,
    chances: usize,
    /// The header's length: where the values start.
    header: usize,
}

const fn layout(fields: usize) -> Layout {
    let unit = RULES_AT + 4 * fields;
    Layout {
        unit,
        lead_cap: unit + 4,
        players: unit + 8,
        chances: unit + 16,
        header: unit + 24,
    }
}

/// The header's length in the current versions.
pub(crate) const HEADER: usize = layout(RULES_FIELDS).header;
// A new rules field changes this layout: give the format a new version (and read the old one).
const _: () = assert!(RULES_FIELDS == 35 && HEADER == 176);
/// The most values of a final-round chance table: leads up to the largest lead cap
/// ([`MAX_LEAD_CAP`], 1,448 units), and lead 0.
const MAX_CHANCES: u64 = MAX_LEAD_CAP as u64 + 1;
const _: () = assert!(MAX_CHANCES == 1449);

/// The rules fields of a file's version, and the selections its turns were solved over.
fn version_of(file: Frame) -> Result<(usize, Selections), StrategyError> {
    let version = file.version();
    Ok(match version {
        1 => (VERSION_1_FIELDS, Selections::BestPerSize),
        2 => (VERSION_2_FIELDS, Selections::BestPerSize),
        VERSION => (RULES_FIELDS, Selections::BestPerSize),
        VERSION_EVERY_SELECTION => (RULES_FIELDS, Selections::Every),
        _ => {
            return Err(StrategyError::BadFile(format!(
                "format version {version}; this library reads two-player versions 1 to \
                 {VERSION} and {VERSION_EVERY_SELECTION}"
            )))
        }
    })
}

/// The length a two-player table file must have, from its header (at least the header of
/// its version): refused before anything is allocated or read for its values when its
/// sizes are larger than any table this library writes.
pub(crate) fn file_len(header: &[u8]) -> Result<u64, StrategyError> {
    let file = Frame::open(header, layout(VERSION_1_FIELDS).header)?;
    let at = layout(version_of(file)?.0);
    file.at_least(at.header)?;
    let (players, chances) = (file.u64_at(at.players), file.u64_at(at.chances));
    if players.saturating_mul(players) > MAX_WIN_TABLE_PAIRS as u64 || chances > MAX_CHANCES {
        return bad("the sizes in the header are larger than any table this library writes");
    }
    // Both bounded above: no overflow.
    Ok(at.header as u64 + 8 * (players * players + 2 * chances) + 8)
}

impl TwoPlayerTable {
    /// The table in the saved format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let chances = self.final_chance[0].len();
        let version = match self.model.selections {
            Selections::BestPerSize => VERSION,
            Selections::Every => VERSION_EVERY_SELECTION,
        };
        let mut out = Writer::new(version, HEADER + 8 * (self.start.len() + 2 * chances) + 8);
        out.rules(&self.rules);
        out.bytes(&self.layout.unit.to_le_bytes());
        out.bytes(&(self.layout.lead_cap as u32).to_le_bytes());
        out.bytes(&(self.layout.players() as u64).to_le_bytes());
        out.bytes(&(chances as u64).to_le_bytes());
        debug_assert_eq!(out.len(), HEADER);
        for v in self
            .start
            .iter()
            .chain(&self.final_chance[0])
            .chain(&self.final_chance[1])
        {
            out.bytes(&v.to_le_bytes());
        }
        out.finish()
    }

    /// Loads a table saved by [`TwoPlayerTable::to_bytes`]; `BadFile` says what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<TwoPlayerTable, StrategyError> {
        let file = Frame::open(bytes, layout(VERSION_1_FIELDS).header + 8)?;
        let (fields, selections) = version_of(file)?;
        let at = layout(fields);
        file.at_least(at.header + 8)?;
        let body = file.checked_body()?;
        let rules = file.rules(RULES_AT, fields)?;
        let unit = file.u32_at(at.unit) as i32;
        let lead_cap = file.u32_at(at.lead_cap) as usize;
        let players = file.u64_at(at.players);
        let chances = file.u64_at(at.chances);
        if file_len(bytes)? != bytes.len() as u64 {
            return bad("the sizes in the header do not match the file length");
        }
        let floats: Vec<f64> = body[at.header..]
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().expect("8")))
            .collect();
        if floats.iter().any(|v| !(0.0..=1.0).contains(v)) {
            return bad("a probability outside [0, 1]");
        }
        let square = (players * players) as usize;
        let chances = chances as usize;
        let start = floats[..square].to_vec();
        let final_chance = [
            floats[square..square + chances].to_vec(),
            floats[square + chances..].to_vec(),
        ];
        let table = TwoPlayerTable::from_parts(&rules, selections, lead_cap, start, final_chance)?;
        if table.unit() != unit {
            return bad("the granularity does not match the rules");
        }
        table.check_against_rules()?;
        Ok(table)
    }

    /// The size of the largest table file this library writes, in bytes.
    pub fn max_file_size() -> u64 {
        (HEADER as u64) + 8 * (MAX_WIN_TABLE_PAIRS as u64 + 2 * MAX_CHANCES) + 8
    }

    /// Saves the table to a regular file, created or replaced whole: the bytes go to a new
    /// file beside it (`.NAME.PID-N.part`), which takes the path's place by a rename once
    /// they are all on disk, so a reader never sees half a table and a failed save leaves the
    /// old file as it was. A symbolic link is followed (the file it names is replaced, with
    /// its permissions). `Io` for a path naming anything but a regular file, which is left
    /// untouched, and for a directory where no new file can be made.
    pub fn save(&self, path: &std::path::Path) -> Result<(), StrategyError> {
        write_table_file(path, &self.to_bytes())
    }

    /// Loads a table from a regular file: its header first, then no more than the length
    /// the header gives (at most [`TwoPlayerTable::max_file_size`]; a header past the limits, or a
    /// file longer than its header says, is refused as `BadFile` without reading further; a
    /// FIFO, device, socket or directory as `Io`, at once and unread).
    pub fn load(path: &std::path::Path) -> Result<TwoPlayerTable, StrategyError> {
        TwoPlayerTable::from_bytes(&read_table_file(path, file_len)?)
    }
}

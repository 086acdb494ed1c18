// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The equilibrium's kept turns ([`ThreePlayerTable::prepare_evaluations`]) in a file: a long
//! search run again against the same table loads them in a minute instead of solving them
//! again for an hour (classic to 10,000: 11 GiB).
//!
//! Layout (every number little-endian):
//! ```text
//! offset  size  field
//! 0       8     magic "FRKLEND\0"
//! 8       4     format version (u32, 1)
//! 12      4     states a part (u32, 4096)
//! 16      8     the table's fingerprint (u64, see `fingerprint`)
//! 24      8     states S (u64, the table's)
//! 32      8     chances C, all parts together (u64)
//! 40      ...   per part of 4096 states (the last of what is left): its number of chances
//!               c (u64); per state its span (start, first, len: u32 each; len u32::MAX
//!               where the state is not held) and its farkle chance (f64); its c chances
//!               (f64)
//! end-8   8     FNV-1a 64 checksum of every byte before it
//! ```
//!
//! Loading checks the magic, the version, the fingerprint, and the file's length against the
//! one the header's sizes give, and the bytes to be held against the caller's bound, all
//! before allocating; then, part by part, that every span lies in its part's chances and
//! every chance in [0, 1]; and the checksum at the end before keeping anything. The
//! fingerprint ties a file to one table: its rules, how its turns choose dice, its values to
//! the bit and which of its states mix. (A table loaded from a table file, whose values were
//! stored as 32-bit floats, is not the table that was solved: each has its own.) As for table
//! files, the checksum proves integrity, not origin.

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use crate::regular_file::{open_regular, FileError, Replacement};
use crate::strategy::tables::table_file::{bad, Fnv1a};
use crate::strategy::turn::Selections;
use crate::strategy::StrategyError;

use super::{MoverBanks, Part, Span, ThreePlayerTable, NOT_HELD, STATES_PER_PART};

const MAGIC: &[u8; 8] = b"FRKLEND\0";
const VERSION: u32 = 1;
/// The header's length.
const HEADER: usize = 40;
/// Bytes of a state in the file, as held: its span and its farkle chance.
const STATE_BYTES: u64 = 12 + 8;
const _: () = assert!(std::mem::size_of::<Span>() == 12);
/// The buffers between the file and the parts.
const BUFFER: usize = 1 << 20;

impl ThreePlayerTable {
    /// Writes the turns [`ThreePlayerTable::prepare_evaluations`] kept to `path`, for
    /// [`ThreePlayerTable::load_prepared`] to read in another process: `Ok(false)`, and
    /// nothing written, when none are kept. The file is as large as what is kept
    /// ([`ThreePlayerTable::prepared_bytes`], plus 8 bytes a part of 4,096 states). As a
    /// table's file, it is a regular file, created or replaced whole: the bytes go to a new
    /// file beside it that takes its place only once they are all written, so a failed save
    /// leaves the old file as it was.
    pub fn save_prepared(&self, path: &Path) -> Result<bool, StrategyError> {
        let Some(banks) = self.mover_banks.get() else {
            return Ok(false);
        };
        let io = |e: std::io::Error| io_error(path, FileError::Io(e));
        let file = Replacement::create(path).map_err(|e| io_error(path, e))?;
        let mut out = Hashing {
            inner: BufWriter::with_capacity(BUFFER, file),
            hash: Fnv1a::default(),
        };
        let chances: usize = banks.parts.iter().map(|p| p.chances.len()).sum();
        let mut head = Vec::with_capacity(HEADER);
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&VERSION.to_le_bytes());
        head.extend_from_slice(&(STATES_PER_PART as u32).to_le_bytes());
        head.extend_from_slice(&fingerprint(self).to_le_bytes());
        head.extend_from_slice(&(self.values.len() as u64).to_le_bytes());
        head.extend_from_slice(&(chances as u64).to_le_bytes());
        out.put(&head).map_err(io)?;
        let mut bytes = Vec::new();
        for part in &banks.parts {
            bytes.clear();
            bytes.extend_from_slice(&(part.chances.len() as u64).to_le_bytes());
            for (span, farkle) in part.spans.iter().zip(&part.farkle) {
                for word in [span.start, span.first, span.len] {
                    bytes.extend_from_slice(&word.to_le_bytes());
                }
                bytes.extend_from_slice(&farkle.to_le_bytes());
            }
            for chance in &part.chances {
                bytes.extend_from_slice(&chance.to_le_bytes());
            }
            out.put(&bytes).map_err(io)?;
        }
        let sum = out.hash.0.to_le_bytes();
        out.inner.write_all(&sum).map_err(io)?;
        let file = out.inner.into_inner().map_err(|e| io(e.into_error()))?;
        file.commit().map_err(|e| io_error(path, e))?;
        Ok(true)
    }

    /// Keeps the turns `path` holds, as [`ThreePlayerTable::save_prepared`] wrote them for
    /// this very table, as [`ThreePlayerTable::prepare_evaluations`] would have kept them
    /// (the same bits), in at most `max_bytes`: `Ok(false)`, and nothing read past the
    /// header, when they would need more (what `max_bytes` leaves beyond them, later
    /// evaluations may use as after a preparation). `Ok(true)` at once when turns are kept
    /// already. A file of another table, of another version, truncated or corrupted is
    /// `BadFile`, and nothing is kept; anything but a regular file is `Io`, unread. Reads
    /// the whole file (11 GiB for classic to 10,000, about half a minute from a disk of
    /// 450 MB/s).
    pub fn load_prepared(&self, path: &Path, max_bytes: usize) -> Result<bool, StrategyError> {
        if self.mover_banks.get().is_some() {
            return Ok(true);
        }
        let file = open_regular(path).map_err(|e| io_error(path, e))?;
        let file_len = file
            .metadata()
            .map_err(|e| io_error(path, FileError::Io(e)))?
            .len();
        let mut input = Hashing {
            inner: BufReader::with_capacity(BUFFER, file),
            hash: Fnv1a::default(),
        };
        if file_len < (HEADER + 8) as u64 {
            return bad("too short to hold prepared turns");
        }
        let mut head = [0u8; HEADER];
        input.take(&mut head, path)?;
        let word = |at: usize| u32::from_le_bytes(head[at..at + 4].try_into().expect("4"));
        let long = |at: usize| u64::from_le_bytes(head[at..at + 8].try_into().expect("8"));
        if &head[..8] != MAGIC {
            return bad("not a file of prepared turns (wrong magic)");
        }
        if word(8) != VERSION || word(12) != STATES_PER_PART as u32 {
            return bad(&format!("prepared turns of version {}", word(8)));
        }
        if long(16) != fingerprint(self) || long(24) != self.values.len() as u64 {
            return bad("prepared turns of another table");
        }
        let states = self.values.len();
        let parts = states.div_ceil(STATES_PER_PART) as u128;
        let chances = long(32);
        let state_bytes = u128::from(STATE_BYTES) * states as u128;
        let expected = HEADER as u128 + 8 * parts + state_bytes + 8 * u128::from(chances) + 8;
        if expected != u128::from(file_len) {
            return bad(&format!(
                "{file_len} bytes where the header's sizes give {expected}"
            ));
        }
        // The file's length bounds every size below: no overflow.
        let held = (state_bytes + 8 * u128::from(chances)) as usize;
        if held > max_bytes {
            return Ok(false);
        }
        let mut kept = Vec::with_capacity(parts as usize);
        let mut left = chances;
        let mut bytes = Vec::new();
        for begin in (0..states).step_by(STATES_PER_PART) {
            let n = STATES_PER_PART.min(states - begin);
            let mut count = [0u8; 8];
            input.take(&mut count, path)?;
            let count = u64::from_le_bytes(count);
            if count > left {
                return bad("a part holds more chances than the header says");
            }
            left -= count;
            let count = count as usize;
            bytes.resize(n * STATE_BYTES as usize, 0);
            input.take(&mut bytes, path)?;
            let (spans, farkle) = states_from(&bytes, count)?;
            // Read a piece at a time: one part may hold nearly all of them.
            let mut chances = Vec::with_capacity(count);
            while chances.len() < count {
                let piece = (count - chances.len()).min(BUFFER / 8);
                bytes.resize(8 * piece, 0);
                input.take(&mut bytes, path)?;
                for chance in bytes.chunks_exact(8) {
                    let chance = f64::from_le_bytes(chance.try_into().expect("8"));
                    if !is_chance(chance) {
                        return bad("a chance outside [0, 1]");
                    }
                    chances.push(chance);
                }
            }
            kept.push(Part {
                spans,
                farkle,
                chances,
            });
        }
        if left != 0 {
            return bad("the parts hold fewer chances than the header says");
        }
        let mut sum = [0u8; 8];
        let hash = input.hash.0;
        input.take(&mut sum, path)?;
        if u64::from_le_bytes(sum) != hash {
            return bad("checksum mismatch (truncated or corrupted)");
        }
        let banks = MoverBanks {
            parts: kept,
            bytes: held,
            spare: max_bytes - held,
        };
        // Another thread may have kept its own meanwhile: the same values, either will do.
        let _ = self.mover_banks.set(banks);
        Ok(true)
    }
}

/// The spans and farkle chances of a part's states from their `bytes`, refused when a span
/// leaves the part's `count` chances or a farkle chance is not in [0, 1].
fn states_from(bytes: &[u8], count: usize) -> Result<(Vec<Span>, Vec<f64>), StrategyError> {
    let n = bytes.len() / STATE_BYTES as usize;
    let mut spans = Vec::with_capacity(n);
    let mut farkle = Vec::with_capacity(n);
    for state in bytes.chunks_exact(STATE_BYTES as usize) {
        let word = |at: usize| u32::from_le_bytes(state[at..at + 4].try_into().expect("4"));
        let span = Span {
            start: word(0),
            first: word(4),
            len: word(8),
        };
        let inside = span.len == NOT_HELD
            || (span.start as usize + span.len as usize <= count
                && span.first.checked_add(span.len).is_some());
        let chance = f64::from_le_bytes(state[12..20].try_into().expect("8"));
        if !inside || !is_chance(chance) {
            return bad("a state's turn is malformed");
        }
        spans.push(span);
        farkle.push(chance);
    }
    Ok((spans, farkle))
}

fn is_chance(p: f64) -> bool {
    (0.0..=1.0).contains(&p)
}

/// What ties a file to one table: FNV-1a 64 of its rules, how its turns choose dice, its
/// number of states, its values (each f64's bits) and its mixing states.
fn fingerprint(table: &ThreePlayerTable) -> u64 {
    let mut h = Fnv1a::default();
    for word in table.rules.words() {
        h.add(&word.to_le_bytes());
    }
    h.add(&[match table.model.selections {
        Selections::BestPerSize => 0,
        Selections::Every => 1,
    }]);
    h.add(&(table.values.len() as u64).to_le_bytes());
    let mut bytes = Vec::with_capacity(BUFFER);
    for chunk in table.values.chunks(BUFFER / 24) {
        bytes.clear();
        for value in chunk.iter().flatten() {
            bytes.extend_from_slice(&value.to_bits().to_le_bytes());
        }
        h.add(&bytes);
    }
    for (state, _) in &table.mixed {
        h.add(&(*state as u64).to_le_bytes());
    }
    h.0
}

fn io_error(path: &Path, e: FileError) -> StrategyError {
    StrategyError::Io(format!("{}: {e}", path.display()))
}

/// A file being written or read, and the checksum of the bytes so far.
struct Hashing<T> {
    inner: T,
    hash: Fnv1a,
}

impl<W: Write> Hashing<W> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.hash.add(bytes);
        self.inner.write_all(bytes)
    }
}

impl<R: Read> Hashing<R> {
    /// Fills `bytes` (a file shorter than its header said, cut meanwhile, is `BadFile`).
    fn take(&mut self, bytes: &mut [u8], path: &Path) -> Result<(), StrategyError> {
        match self.inner.read_exact(bytes) {
            Ok(()) => {
                self.hash.add(bytes);
                Ok(())
            }
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
                bad("truncated while reading")
            }
            Err(e) => Err(io_error(path, FileError::Io(e))),
        }
    }
}

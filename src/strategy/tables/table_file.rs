// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The frame every table file shares, whatever its size of table; each size's folder holds
//! only its body (`two_player/table_file.rs`, `three_player/table_file.rs`).
//!
//! Every number is little-endian:
//! ```text
//! offset  size  field
//! 0       8     magic "FRKLWIN\0"
//! 8       4     format version (u32): 1, 2, 3 and 5 two players, 4 and 6 three
//! 12      ...   the body of its size: the rules as their words (`Rules::words`), the point
//!               granularity, the sizes of what follows, the values
//! end-8   8     FNV-1a 64 checksum of every byte before it
//! ```
//! Here: the magic and the checksum, the version that tells the sizes apart, the rules read
//! back from their words, the length a header gives (bounded before anything is allocated)
//! and the reading and writing of a regular file. A load checks the frame (length, magic,
//! version, checksum) and then its body, and refuses (`BadFile`) anything that fails.

use crate::regular_file::{self, FileError};
use crate::rules::{Rules, RULES_FIELDS};
use crate::strategy::StrategyError;

use super::three_player::{FILE_VERSION, FILE_VERSION_EVERY_SELECTION};

/// The first eight bytes of every table file.
pub(crate) const MAGIC: &[u8; 8] = b"FRKLWIN\0";
/// Where the format version is.
const VERSION_AT: usize = 8;

/// The longest header of a table file of either size (two players, versions 3 and 5; three
/// players): what a load reads before it knows how long the file must be.
pub(crate) const LONGEST_HEADER: usize = max(
    super::two_player::table_file::HEADER,
    super::three_player::HEADER,
);

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// A refusal of a table file.
pub(crate) fn bad<T>(why: &str) -> Result<T, StrategyError> {
    Err(StrategyError::BadFile(why.into()))
}

/// The files' checksum: FNV-1a, 64 bits.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a::default();
    h.add(bytes);
    h.0
}

/// [`fnv1a`] of bytes that come in pieces (a file too large to hold twice).
#[derive(Clone, Copy)]
pub(crate) struct Fnv1a(pub u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// Takes in `bytes`, after those before.
    pub fn add(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    }
}

/// Whether a table file's version is a three-player one (a file too short to hold a version
/// is left to the two-player reading, which refuses it).
pub(crate) fn is_three_player(bytes: &[u8]) -> bool {
    let version = bytes
        .get(VERSION_AT..VERSION_AT + 4)
        .map(|v| u32::from_le_bytes(v.try_into().expect("4")));
    matches!(version, Some(FILE_VERSION | FILE_VERSION_EVERY_SELECTION))
}

/// The length the table file of either size whose header is `header` must have; refused
/// before anything is allocated for its values when its sizes are past any table this
/// library writes.
pub(crate) fn file_len(header: &[u8]) -> Result<u64, StrategyError> {
    if is_three_player(header) {
        super::three_player::file_len(header)
    } else {
        super::two_player::table_file::file_len(header)
    }
}

/// A table file being read: its bytes, at least `shortest` of them, opening with the magic.
#[derive(Clone, Copy)]
pub(crate) struct Frame<'a> {
    pub bytes: &'a [u8],
}

impl<'a> Frame<'a> {
    /// The frame of `bytes`, refused when shorter than `shortest` or without the magic.
    pub fn open(bytes: &'a [u8], shortest: usize) -> Result<Frame<'a>, StrategyError> {
        let frame = Frame { bytes };
        frame.at_least(shortest)?;
        if &bytes[..8] != MAGIC {
            return bad("not a farkle win table (wrong magic)");
        }
        Ok(frame)
    }

    /// Refused when shorter than `len` bytes.
    pub fn at_least(self, len: usize) -> Result<(), StrategyError> {
        if self.bytes.len() < len {
            return bad("too short to be a farkle win table");
        }
        Ok(())
    }

    /// The format version.
    pub fn version(self) -> u32 {
        self.u32_at(VERSION_AT)
    }

    pub fn u32_at(self, at: usize) -> u32 {
        u32::from_le_bytes(self.bytes[at..at + 4].try_into().expect("4"))
    }

    pub fn u64_at(self, at: usize) -> u64 {
        u64::from_le_bytes(self.bytes[at..at + 8].try_into().expect("8"))
    }

    /// Everything before the checksum, refused when the checksum does not match it.
    pub fn checked_body(self) -> Result<&'a [u8], StrategyError> {
        let (body, tail) = self.bytes.split_at(self.bytes.len() - 8);
        if fnv1a(body) != u64::from_le_bytes(tail.try_into().expect("8")) {
            return bad("checksum mismatch (truncated or corrupted)");
        }
        Ok(body)
    }

    /// The rules whose first `fields` words start at `at` (an older file holds fewer: the
    /// fields it does not hold stay 0, off), refused when a word is not a valid value.
    pub fn rules(self, at: usize, fields: usize) -> Result<Rules, StrategyError> {
        let mut words = [0u32; RULES_FIELDS];
        for (i, w) in words.iter_mut().take(fields).enumerate() {
            *w = self.u32_at(at + 4 * i);
        }
        Rules::from_words(&words)
            .map_err(|field| StrategyError::BadFile(format!("invalid {field} in the rules")))
    }
}

/// A table file being written: the magic and the version first, the checksum last.
pub(crate) struct Writer {
    out: Vec<u8>,
}

impl Writer {
    /// A file of `version` whose whole length will be `len` bytes.
    pub fn new(version: u32, len: usize) -> Writer {
        let mut out = Vec::with_capacity(len);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        Writer { out }
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.out.len()
    }

    pub fn bytes(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    /// The rules as their words.
    pub fn rules(&mut self, rules: &Rules) {
        for w in rules.words() {
            self.bytes(&w.to_le_bytes());
        }
    }

    /// The file: what was written and its checksum.
    pub fn finish(mut self) -> Vec<u8> {
        let sum = fnv1a(&self.out);
        self.out.extend_from_slice(&sum.to_le_bytes());
        self.out
    }
}

/// The bytes of the table file at `path`, a regular file whose header `length` sizes: it is
/// read first ([`LONGEST_HEADER`] bytes), and no more than the length it gives is read after
/// (a longer file is refused as `BadFile` unread, a FIFO, device, socket or directory as
/// `Io`, at once and unread).
pub(crate) fn read_table_file(
    path: &std::path::Path,
    length: impl FnOnce(&[u8]) -> Result<u64, StrategyError>,
) -> Result<Vec<u8>, StrategyError> {
    let io = |e: FileError| match e {
        FileError::TooLong { limit } => StrategyError::BadFile(format!(
            "{} is longer than its header says ({limit} bytes)",
            path.display()
        )),
        e => StrategyError::Io(format!("{}: {e}", path.display())),
    };
    let result: Result<Vec<u8>, Refusal> =
        regular_file::read_sized(path, LONGEST_HEADER, |h| length(h).map_err(Refusal::Table));
    result.map_err(|e| match e {
        Refusal::File(e) => io(e),
        Refusal::Table(e) => e,
    })
}

/// Why a table file was not read: the file, or its header.
enum Refusal {
    File(FileError),
    Table(StrategyError),
}

impl From<FileError> for Refusal {
    fn from(e: FileError) -> Self {
        Refusal::File(e)
    }
}

/// Writes a table file to `path` (a regular file; see [`regular_file::write`]).
pub(crate) fn write_table_file(path: &std::path::Path, bytes: &[u8]) -> Result<(), StrategyError> {
    regular_file::write(path, bytes)
        .map_err(|e| StrategyError::Io(format!("{}: {e}", path.display())))
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Reading and writing the files the library is given a path to (win tables), regular files
//! only: a FIFO, a device, a socket or a directory is refused at once, never read, written
//! or waited on. Opening a FIFO the ordinary way blocks until another process opens its other
//! end, and a device such as `/dev/zero` never ends; so a path is opened without blocking
//! (`O_NONBLOCK`, and `O_NOCTTY` so that a terminal never becomes the process's controlling
//! one), and what was opened is checked with `fstat` before a byte moves. Checking the opened
//! file, not the path, leaves no window for a special file to be put in the path's place.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;

/// Why a file could not be read or written: the system's error, or what the path is when it
/// is not a regular file.
#[derive(Debug)]
pub enum FileError {
    /// The system refused (no such file, no permission, a full disk, ...).
    Io(io::Error),
    /// The path names something other than a regular file.
    NotRegular(&'static str),
    /// The file is longer than the reader takes.
    TooLong {
        /// The most bytes the reader takes.
        limit: u64,
    },
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Io(e) => write!(f, "{e}"),
            FileError::NotRegular(kind) => write!(f, "it is {kind}, not a regular file"),
            FileError::TooLong { limit } => write!(f, "it is longer than {limit} bytes"),
        }
    }
}

impl From<io::Error> for FileError {
    fn from(e: io::Error) -> Self {
        FileError::Io(e)
    }
}

/// What a file of type `kind` is, in words.
fn kind_name(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// `options` set to open without blocking and without taking a terminal as the controlling
/// one.
fn without_blocking(options: &mut OpenOptions) -> &mut OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options
}

/// `file`, checked with `fstat` to be a regular file.
fn regular(file: File) -> Result<File, FileError> {
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        Ok(file)
    } else {
        Err(FileError::NotRegular(kind_name(kind)))
    }
}

/// The error of an `open` that failed: a special file in the path (a FIFO opened for writing
/// with no reader fails with `ENXIO`, say) is named as such, anything else is the system's.
fn open_error(path: &Path, e: io::Error) -> FileError {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => FileError::NotRegular(kind_name(meta.file_type())),
        _ => FileError::Io(e),
    }
}

/// The contents of the regular file at `path`, whose whole length its first `head` bytes
/// tell: `length(first bytes)` gives the length the file must have (or refuses it with the
/// caller's error) before anything past them is read. A file longer than that is `TooLong`
/// (seen by `fstat`, or by reading one byte more), and nothing more is read than the length
/// and that byte. A file shorter than `head` bytes is returned whole, for the caller to
/// refuse.
pub fn read_sized<E: From<FileError>>(
    path: &Path,
    head: usize,
    length: impl FnOnce(&[u8]) -> Result<u64, E>,
) -> Result<Vec<u8>, E> {
    let mut file = open_regular(path)?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(head as u64)
        .read_to_end(&mut bytes)
        .map_err(FileError::from)?;
    if bytes.len() < head {
        return Ok(bytes);
    }
    let limit = length(&bytes)?;
    if file.metadata().map_err(FileError::from)?.len() > limit {
        return Err(FileError::TooLong { limit }.into());
    }
    let rest = limit.saturating_sub(bytes.len() as u64);
    bytes
        .try_reserve_exact(usize::try_from(rest.saturating_add(1)).unwrap_or(usize::MAX))
        .map_err(|_| FileError::Io(io::ErrorKind::OutOfMemory.into()))?;
    (&mut file)
        .take(rest.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(FileError::from)?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooLong { limit }.into());
    }
    Ok(bytes)
}

/// Writes `bytes` to the regular file at `path`, creating it or replacing its contents.
/// Nothing is written to a path that names anything else.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let mut file = create_regular(path)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    Ok(())
}

/// The regular file at `path`, opened for reading (anything else is refused unread).
pub fn open_regular(path: &Path) -> Result<File, FileError> {
    let file = without_blocking(OpenOptions::new().read(true))
        .open(path)
        .map_err(|e| open_error(path, e))?;
    regular(file)
}

/// The regular file at `path`, created or emptied, opened for writing (anything else is
/// refused untouched).
pub fn create_regular(path: &Path) -> Result<File, FileError> {
    let file = without_blocking(OpenOptions::new().write(true).create(true))
        .open(path)
        .map_err(|e| open_error(path, e))?;
    let file = regular(file)?;
    // Cut only once the file is known to be regular (a device ignores it, but it is not to be
    // touched at all).
    file.set_len(0)?;
    Ok(file)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn read(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
        read_sized(path, 8, |_| Ok::<u64, FileError>(limit))
    }

    #[test]
    fn devices_and_directories_are_refused_without_reading() {
        let read_zero = read(Path::new("/dev/zero"), 16);
        assert!(matches!(
            read_zero,
            Err(FileError::NotRegular("a character device"))
        ));
        assert!(matches!(
            read(Path::new("/"), 16),
            Err(FileError::NotRegular("a directory"))
        ));
        assert!(matches!(
            write(Path::new("/dev/null"), b"x"),
            Err(FileError::NotRegular("a character device"))
        ));
        let missing = read(Path::new("/nonexistent/farkle"), 16);
        assert!(
            matches!(&missing, Err(FileError::Io(e)) if e.kind() == io::ErrorKind::NotFound),
            "{missing:?}"
        );
    }
}

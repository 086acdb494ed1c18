// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Reading and writing the files the library is given a path to (win tables, kept turns),
//! regular files only: a FIFO, a device, a socket or a directory is refused at once, never
//! read, written or waited on. Opening a FIFO the ordinary way blocks until another process
//! opens its other end, and a device such as `/dev/zero` never ends; so a path is opened
//! without blocking (`O_NONBLOCK`, and `O_NOCTTY` so that a terminal never becomes the
//! process's controlling one), and what was opened is checked with `fstat` before a byte
//! moves. Checking the opened file, not the path, leaves no window for a special file to be
//! put in the path's place.
//!
//! A file is written whole or not at all: its bytes go to a new file beside it, which takes
//! the path's place by a rename once they are all on disk ([`Replacement`]). A reader never
//! sees half a file, a failed write (a full disk, an interrupted process) leaves the old file
//! as it was, and two writers of one path each leave a whole file, the later one winning.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

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

/// Writes `bytes` to the regular file at `path`, creating it or replacing it whole (see
/// [`Replacement`]). Nothing is written to a path that names anything else.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let mut file = Replacement::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// The regular file at `path`, opened for reading (anything else is refused unread).
pub fn open_regular(path: &Path) -> Result<File, FileError> {
    let file = without_blocking(OpenOptions::new().read(true))
        .open(path)
        .map_err(|e| open_error(path, e))?;
    regular(file)
}

/// A regular file being written to take the place of another path: a new file beside it
/// (`.NAME.PID-N.part`, made with `O_EXCL`, so never an existing file or a link), which
/// [`Replacement::commit`] syncs and renames onto the path. Dropped uncommitted, it is
/// removed and the path is left as it was. A symbolic link at the path is followed: the file
/// it names is replaced, and the link stays. A file replaced keeps its permissions.
pub struct Replacement {
    file: File,
    /// The new file, while it is not yet in the target's place.
    temporary: Option<PathBuf>,
    target: PathBuf,
}

impl Replacement {
    /// Starts replacing `path`: refused with `NotRegular` when it names anything but a
    /// regular file (a link to one is followed), and with `Io` when its directory cannot take
    /// a new file.
    pub fn create(path: &Path) -> Result<Replacement, FileError> {
        let target = match std::fs::canonicalize(path) {
            Ok(resolved) => resolved,
            // A path with nothing there yet. A link to nothing is refused: what it names may
            // be anywhere, and the new file's place would be a guess.
            Err(e) if e.kind() == io::ErrorKind::NotFound && path.symlink_metadata().is_err() => {
                path.to_path_buf()
            }
            Err(e) => return Err(open_error(path, e)),
        };
        let permissions = match std::fs::metadata(&target) {
            Ok(meta) if !meta.is_file() => {
                return Err(FileError::NotRegular(kind_name(meta.file_type())))
            }
            Ok(meta) => Some(meta.permissions()),
            Err(_) => None,
        };
        let name = target.file_name().ok_or_else(|| {
            FileError::Io(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the path names no file",
            ))
        })?;
        // Unique within the process by the counter and across processes by the id; a name
        // taken all the same (a file left by a process that died, whose id came back) is
        // skipped.
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let mut attempts = 0;
        let (file, temporary) = loop {
            let mut temporary_name = std::ffi::OsString::from(".");
            temporary_name.push(name);
            temporary_name.push(format!(
                ".{}-{}.part",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            ));
            let temporary = target.with_file_name(temporary_name);
            match OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&temporary)
            {
                Ok(file) => break (file, temporary),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempts < 16 => {
                    attempts += 1;
                }
                Err(e) => return Err(FileError::Io(e)),
            }
        };
        let replacement = Replacement {
            file,
            temporary: Some(temporary),
            target,
        };
        if let Some(permissions) = permissions {
            replacement.file.set_permissions(permissions)?;
        }
        Ok(replacement)
    }

    /// Puts the bytes written on disk and the file in the target's place.
    pub fn commit(mut self) -> Result<(), FileError> {
        self.file.sync_all()?;
        let temporary = self.temporary.take().expect("committed once");
        if let Err(e) = std::fs::rename(&temporary, &self.target) {
            let _ = std::fs::remove_file(&temporary);
            return Err(open_error(&self.target, e));
        }
        // The rename itself on disk: the directory's entry (not every file system can sync
        // a directory, and the file's bytes are safe either way).
        if let Some(directory) = self.target.parent() {
            let directory = if directory.as_os_str().is_empty() {
                Path::new(".")
            } else {
                directory
            };
            if let Ok(directory) = File::open(directory) {
                let _ = directory.sync_all();
            }
        }
        Ok(())
    }
}

impl Write for Replacement {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.file.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if let Some(temporary) = self.temporary.take() {
            let _ = std::fs::remove_file(temporary);
        }
    }
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

    /// A scratch directory of this test's own.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("farkle-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("replace");
        let path = dir.join("table.fwt");
        write(&path, b"old contents").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        // A reader that opened the old file still reads it whole: the new bytes went to
        // another file, which took the name.
        let mut reader = File::open(&path).unwrap();
        write(&path, b"new").unwrap();
        let mut old = String::new();
        reader.read_to_string(&mut old).unwrap();
        assert_eq!(old, "old contents");
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        assert_eq!(entries(&dir), ["table.fwt"], "no file left beside it");

        // Written but not committed (a failed write): the old file stays, and the new one
        // goes.
        let mut unfinished = Replacement::create(&path).unwrap();
        unfinished.write_all(b"half a tab").unwrap();
        assert_eq!(entries(&dir).len(), 2, "the new file is beside the old");
        drop(unfinished);
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(entries(&dir), ["table.fwt"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_link_is_followed_and_stays_a_link() {
        let dir = scratch("link");
        let file = dir.join("real.fwt");
        let link = dir.join("link.fwt");
        write(&file, b"first").unwrap();
        std::os::unix::fs::symlink("real.fwt", &link).unwrap();
        write(&link, b"second").unwrap();
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&file).unwrap(), b"second");
        // A link to nothing is refused, and nothing is made.
        let dangling = dir.join("dangling.fwt");
        std::os::unix::fs::symlink("nowhere.fwt", &dangling).unwrap();
        assert!(matches!(write(&dangling, b"x"), Err(FileError::Io(_))));
        assert_eq!(entries(&dir), ["dangling.fwt", "link.fwt", "real.fwt"]);
        // A missing directory is the system's error.
        let missing = dir.join("no/such.fwt");
        assert!(
            matches!(write(&missing, b"x"), Err(FileError::Io(e)) if e.kind() == io::ErrorKind::NotFound)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

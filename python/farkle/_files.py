# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The files the package opens by path (saved games, win tables), as the library opens its
own: regular files only, never waiting on a FIFO. A path is opened without blocking and the
opened file checked before a byte moves; what goes wrong is Python's own OSError subclass
with `errno` and `filename` (FileNotFoundError, PermissionError, IsADirectoryError, ...), and
a FIFO, device or socket is an OSError with errno EINVAL saying what the path is."""

from __future__ import annotations

import errno
import os
import stat
from typing import Union

PathArg = Union[str, "os.PathLike[str]"]

_NOT_BLOCKING = os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "a special file"


def _not_regular(path: PathArg, mode: int) -> OSError:
    code = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
    return OSError(code, f"it is {_kind(mode)}, not a regular file", os.fspath(path))


def _checked(fd: int, path: PathArg) -> int:
    """`fd`, once fstat says it is a regular file (closed and refused otherwise)."""
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise _not_regular(path, mode)
    return fd


def _open(path: PathArg, flags: int) -> int:
    try:
        return os.open(path, flags | _NOT_BLOCKING, 0o666)
    except OSError:
        # A FIFO opened for writing with nobody reading fails (ENXIO): say what it is.
        try:
            mode = os.stat(path).st_mode
        except OSError:
            mode = stat.S_IFREG
        if not stat.S_ISREG(mode):
            raise _not_regular(path, mode) from None
        raise


def read_regular(path: PathArg, limit: int) -> bytes:
    """At most `limit` + 1 bytes of the regular file at `path` (more than `limit` tells the
    caller it is too long)."""
    fd = _checked(_open(path, os.O_RDONLY), path)
    try:
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def write_regular(path: PathArg, data: bytes) -> None:
    """Replaces the contents of the regular file at `path` with `data`, creating it."""
    fd = _checked(_open(path, os.O_WRONLY | os.O_CREAT), path)
    try:
        os.ftruncate(fd, 0)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def check_regular(path: PathArg, writing: bool) -> None:
    """Raises what reading (or writing) `path` would raise before the library is given it:
    the library says only "cannot read", Python says why, with errno and filename. Opening
    to write creates a missing file (empty), as writing it would."""
    os.close(_checked(_open(path, os.O_WRONLY | os.O_CREAT if writing else os.O_RDONLY), path))

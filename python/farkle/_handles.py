# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Ownership of library handles: freed exactly once, never while a call uses them."""

from __future__ import annotations

import threading
from typing import Any, Callable, TypeVar

from ._native import ffi

_Self = TypeVar("_Self", bound="Handle")


class Handle:
    """Base of the classes that own a library object (games, policies, tables, scorers).

    The object lives in a cffi pointer whose destructor is the library's free function, and
    the Python object holds the only long-lived reference to it. close() (also the end of a
    `with` block) drops that reference: the library object is freed at once, or, when another
    thread is inside a call on it (that call holds a reference of its own), as soon as that
    call returns. Garbage collection frees a handle that was never closed. So it is freed
    exactly once and never while in use; a call after close() raises ValueError."""

    __slots__ = ("_h", "__weakref__")

    _what = "object"

    def _own(self, raw: Any, free: Callable[[Any], None]) -> None:
        self._h = ffi.gc(raw, free)

    def close(self) -> None:
        """Frees the library's object (see the class); later calls raise ValueError.
        Closing twice does nothing."""
        self._h = None

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return getattr(self, "_h", None) is None

    def _handle(self) -> Any:
        h = getattr(self, "_h", None)
        if h is None:
            raise ValueError(f"this {self._what} is closed")
        return h

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class CallLock:
    """The lock of a LockedHandle: one call at a time from any number of threads, and no
    call at all from inside a call (a progress callback that used the game it reports on
    would touch it while the library is working on it): that raises RuntimeError."""

    __slots__ = ("_lock", "busy")

    def __init__(self) -> None:
        self._lock = threading.RLock()
        #: Set while a call that runs Python callbacks holds the lock.
        self.busy = False

    def __enter__(self) -> "CallLock":
        self._lock.acquire()
        if self.busy:  # only the thread inside that call can get here: the lock is its
            self._lock.release()
            raise RuntimeError("this object is in use by the call that runs this callback")
        return self

    def __exit__(self, *exc: object) -> None:
        self._lock.release()


class LockedHandle(Handle):
    """A handle whose library object takes one call at a time (a game): a lock serialises
    the calls made on it from several threads."""

    __slots__ = ("_lock",)

    def _own(self, raw: Any, free: Callable[[Any], None]) -> None:
        self._lock = CallLock()
        super()._own(raw, free)

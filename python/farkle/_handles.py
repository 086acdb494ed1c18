# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Ownership of library handles: freed once, at close() or garbage collection."""

from __future__ import annotations

import threading
from typing import Any, Callable

from ._native import ffi


class Handle:
    """Base of the classes that own a library object (games, policies, tables, scorers).

    The object is freed exactly once: by close() (also at the end of a `with` block), or when
    the Python object is garbage collected. A lock serialises the calls on one object and
    close(), so closing in one thread while another calls cannot free memory in use; a call
    after close() raises ValueError."""

    __slots__ = ("_h", "_lock", "__weakref__")

    _what = "object"

    def _own(self, raw: Any, free: Callable[[Any], None]) -> None:
        self._lock = threading.RLock()
        self._h = ffi.gc(raw, free)

    def close(self) -> None:
        """Frees the library's object now; later calls raise ValueError. Idempotent."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        with lock:
            h, self._h = self._h, None
            if h is not None:
                ffi.release(h)

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return getattr(self, "_h", None) is None

    def _handle(self) -> Any:
        h = getattr(self, "_h", None)
        if h is None:
            raise ValueError(f"this {self._what} is closed")
        return h

    def __enter__(self):  # type: ignore[no-untyped-def]
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

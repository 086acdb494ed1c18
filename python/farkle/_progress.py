# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Progress and cancellation for the long calls (solves, simulations).

The library calls a FarkleProgressFn on the calling thread before the work, every 5 ms or
so while it goes on, and with 1.0 at the end; returning false cancels the call
(FARKLE_STATUS_CANCELLED). Here one C callback serves every call: it runs the caller's
Python function, if any, and also gives Python a moment to run its signal handlers, so
Ctrl-C stops a long solve within milliseconds. A callback that returns False, or raises,
cancels the call; the exception it raised is raised again once the library has returned,
instead of CancelledError. A signal handler's exception (KeyboardInterrupt from Ctrl-C) may
fire as the callback starts, before any of its code runs: cffi then hands it to
`_escaped`, which gives it to the call in progress on this thread the same way, so Ctrl-C
is always KeyboardInterrupt.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, List, Optional, Union

from ._native import ffi

#: A progress callback: called with the fraction done (0 to 1); return False to cancel
#: (any other return value, None included, goes on).
ProgressCallback = Callable[[float], Optional[bool]]
#: What the long calls take as `progress`: None (no report; Ctrl-C still cancels), True (a
#: tqdm progress bar when tqdm is installed, else no report), or a ProgressCallback.
Progress = Union[None, bool, ProgressCallback]


class _Bar:
    """A tqdm bar driven by fractions."""

    def __init__(self, description: str) -> None:
        from tqdm.auto import tqdm  # type: ignore[import-not-found,import-untyped]

        self._bar = tqdm(total=1000, desc=description, unit="‰", leave=False)
        self._done = 0

    def __call__(self, fraction: float) -> bool:
        target = min(1000, max(0, int(fraction * 1000)))
        if target > self._done:
            self._bar.update(target - self._done)
            self._done = target
        return True

    def close(self) -> None:
        self._bar.close()


def _tqdm_available() -> bool:
    try:
        import tqdm  # type: ignore[import-not-found,import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


class Reporter:
    """The `progress` argument of one long call, as the (function, user) pair C takes.

    Use as a context manager around the call; then `raise_if_failed()` re-raises what the
    callback raised."""

    def __init__(self, progress: Progress, description: str) -> None:
        self._bar: "Optional[_Bar]" = None
        if progress is None or progress is False:
            self._callback: "Optional[ProgressCallback]" = None
        elif progress is True:
            if _tqdm_available():
                self._bar = _Bar(description)
            self._callback = self._bar
        elif callable(progress):
            self._callback = progress
        else:
            raise TypeError(
                f"progress must be None, True or a callable, not {type(progress).__name__}"
            )
        self.error: "Optional[BaseException]" = None
        self._handle = ffi.new_handle(self)

    def __enter__(self) -> "Reporter":
        _active().append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        _active().remove(self)
        if self._bar is not None:
            self._bar.close()

    @property
    def function(self) -> Any:
        return _trampoline

    @property
    def user(self) -> Any:
        return self._handle

    def report(self, fraction: float) -> bool:
        if self.error is not None:
            return False
        try:
            if self._callback is not None and self._callback(fraction) is False:
                return False
        except BaseException as e:  # KeyboardInterrupt too: it cancels the call
            self.error = e
            return False
        return True

    def raise_if_failed(self) -> None:
        """Raises what the callback raised, if it did."""
        if self.error is not None:
            error, self.error = self.error, None
            raise error


_calls = threading.local()


def _active() -> List[Reporter]:
    """The reporters of the long calls in progress on this thread, innermost last."""
    active: "Optional[List[Reporter]]" = getattr(_calls, "reporters", None)
    if active is None:
        active = _calls.reporters = []
    return active


def _escaped(kind: Any, error: BaseException, traceback: Any) -> bool:
    """cffi's onerror hook: an exception that left the callback (a signal handler's,
    raised as the callback began) goes to the innermost call in progress on this thread,
    which is cancelled (the callback's result is this function's: False) and raises it."""
    active = _active()
    if active and active[-1].error is None:
        active[-1].error = error
    return False


@ffi.callback("FarkleProgressFn", error=False, onerror=_escaped)
def _trampoline(fraction: float, user: Any) -> bool:
    reporter: Reporter = ffi.from_handle(user)
    return reporter.report(fraction)

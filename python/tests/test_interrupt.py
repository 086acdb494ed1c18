# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Ctrl-C during a long call is KeyboardInterrupt, as everywhere in Python: a real SIGINT is
sent to a child process in the middle of a solve. (The signal's handler runs as the
library's progress callback starts; its KeyboardInterrupt used to escape the callback, be
printed as "Exception ignored from cffi callback", and come out as CancelledError, which an
`except Exception` then swallowed.)"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

# A solve of seconds even in a release build: the two-player table of the minimal preset to
# 10,000 (the twelve-dice single-turn policy this test used first now takes 0.2 s). The
# child says when it starts it, then reports what the call raised.
_CHILD = """
import signal, sys, farkle
# A shell that starts jobs in the background hands them SIGINT ignored, and Python then keeps
# it ignored: restore Python's own handler, as an interactive program has it.
signal.signal(signal.SIGINT, signal.default_int_handler)
rules = farkle.Rules("minimal")
progress = None if sys.argv[1] == "none" else (lambda fraction: True)
print("solving", flush=True)
try:
    farkle.WinTable.solve(rules, progress=progress)
    print("finished")
except KeyboardInterrupt:
    print("KeyboardInterrupt")
except BaseException as e:
    print(type(e).__name__)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("progress", ["none", "callback"])
def test_ctrl_c_during_a_long_call_is_keyboard_interrupt(progress: str) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, progress],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "solving\n"
        time.sleep(0.3)  # well inside the solve
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert out == "KeyboardInterrupt\n", (out, err)
    assert "Exception ignored" not in err, err

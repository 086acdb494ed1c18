# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Runs a program on a pseudo-terminal and plays a script against it, for tests/cli_terminal.rs.

    python3 pty_driver.py ROWS COLS TIMEOUT STEP... -- PROGRAM ARG...

Each STEP is `expect:TEXT` (wait, up to TIMEOUT seconds, until the output after the last
match holds TEXT; carriage returns are dropped before matching), `send:TEXT` (type TEXT),
`signal:NAME` (send SIGNAME to the program) or `eof` (close nothing: type Ctrl-D). Nothing
depends on timing: every step after the first waits for what the program printed.

Prints `status=N termios_same=0|1 error=TEXT`, a line `---`, then everything the program
printed (carriage returns dropped). N is the exit status, or -SIGNAL when a signal ended it.
Exits 3 when no pseudo-terminal can be opened (the test then says it is skipped)."""

import fcntl
import os
import select
import signal
import struct
import sys
import termios
import time


def main():
    rows, cols, timeout = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    split = sys.argv.index("--", 4)
    steps, argv = sys.argv[4:split], sys.argv[split + 1:]
    try:
        master, slave = os.openpty()
    except OSError as e:
        print(f"no pseudo-terminal: {e}")
        sys.exit(3)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    before = termios.tcgetattr(slave)
    pid = os.fork()
    if pid == 0:
        os.setsid()
        os.close(master)
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        if slave > 2:
            os.close(slave)
        os.execvp(argv[0], argv)
    out = bytearray()
    status = None

    def pump(wait):
        """Reads what is there (waiting up to `wait` s); notes the exit. False once done."""
        nonlocal status
        ready, _, _ = select.select([master], [], [], wait)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                data = b""
            out.extend(data)
        if status is None:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(code)
        return not (status is not None and not ready)

    error = ""
    pos = 0
    for step in steps:
        op, _, arg = step.partition(":")
        if op == "expect":
            needle = arg.encode()
            deadline = time.monotonic() + timeout
            while True:
                text = out.replace(b"\r", b"")
                at = text.find(needle, pos)
                if at >= 0:
                    pos = at + len(needle)
                    break
                if time.monotonic() > deadline:
                    error = f"timed out waiting for {arg!r}"
                    break
                if not pump(0.2) and text.find(needle, pos) < 0:
                    error = f"the program ended before printing {arg!r}"
                    break
        elif op == "send":
            os.write(master, arg.encode())
        elif op == "signal":
            os.kill(pid, getattr(signal, "SIG" + arg))
        if error:
            break
    if error and status is None:
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + timeout
    while status is None and time.monotonic() < deadline:
        pump(0.2)
    while pump(0.05) and status is None:
        pass
    if status is None:
        os.kill(pid, signal.SIGKILL)
        error = error or "the program did not end"
        status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    while select.select([master], [], [], 0.05)[0]:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        out.extend(data)
    after = termios.tcgetattr(slave)
    same = 1 if before[:4] == after[:4] and before[6] == after[6] else 0
    sys.stdout.write(f"status={status} termios_same={same} error={error}\n---\n")
    sys.stdout.write(out.replace(b"\r", b"").decode("utf-8", "replace"))


main()

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Runs a program on a pseudo-terminal and plays a script against it, for tests/programs/terminal.rs.

    python3 pty_driver.py ROWS COLS TIMEOUT STEP... -- PROGRAM ARG...

Each STEP is `expect:TEXT` (wait, up to TIMEOUT seconds, until the output after the last
match holds TEXT; carriage returns are dropped before matching), `send:TEXT` (type TEXT),
`signal:NAME` (send SIGNAME to the program), `eof` (close nothing: type Ctrl-D), or, for job
control, `suspend` (send SIGTSTP, as Ctrl-Z does, and wait until the program has stopped) and
`fg` (continue it in the foreground). Nothing depends on timing: every step after the first
waits for what the program printed, or for the program to stop.

With `suspend` steps, the program runs as a job of a small shell (a process between this
driver and the program, leading the terminal's session, so that the program's process group
is not orphaned and can stop): when the program stops, the shell notes whether the
terminal's settings are those from before the program started, then puts them back as a
shell does; `fg` gives the terminal back to the program and sends SIGCONT.

Prints `status=N termios_same=0|1 stopped_termios_same=0|1 error=TEXT`, a line `---`, then
everything the program printed (carriage returns dropped). N is the exit status, or -SIGNAL
when a signal ended it; termios_same says the settings after the program ended are those from
before; stopped_termios_same says they were so at every stop (1 when it never stopped). Exits 3
when no pseudo-terminal can be opened (the test then says it is skipped)."""

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
    jobs = any(step == "suspend" for step in steps)
    to_shell = from_shell = None
    if jobs:
        to_shell = os.pipe()
        from_shell = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.setsid()
        os.close(master)
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        if jobs:
            shell(argv, slave, before, to_shell[0], from_shell[1])
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        if slave > 2:
            os.close(slave)
        os.execvp(argv[0], argv)
    program = pid
    shell_in = shell_out = None
    if jobs:
        os.close(to_shell[0])
        os.close(from_shell[1])
        shell_in, shell_out = to_shell[1], from_shell[0]
        program = int(os.read(shell_out, 64).decode().strip())
    stopped_same = 1
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
            os.kill(program, getattr(signal, "SIG" + arg))
        elif op == "suspend":
            os.kill(program, signal.SIGTSTP)
            report = b""
            deadline = time.monotonic() + timeout
            while not report.endswith(b"\n") and time.monotonic() < deadline:
                pump(0.05)
                if select.select([shell_out], [], [], 0.05)[0]:
                    report += os.read(shell_out, 64)
            if report.startswith(b"stopped"):
                stopped_same &= int(report.split()[1])
            else:
                error = "the program did not stop"
        elif op == "fg":
            os.write(shell_in, b"fg\n")
        if error:
            break
    if error and status is None:
        os.kill(program, signal.SIGKILL)
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + timeout
    while status is None and time.monotonic() < deadline:
        pump(0.2)
    while pump(0.05) and status is None:
        pass
    if status is None:
        os.kill(program, signal.SIGKILL)
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
    sys.stdout.write(
        f"status={status} termios_same={same} stopped_termios_same={stopped_same} "
        f"error={error}\n---\n"
    )
    sys.stdout.write(out.replace(b"\r", b"").decode("utf-8", "replace"))


def shell(argv, tty, before, commands, reports):
    """The job-control shell, in the session leader made for the pseudo-terminal: runs the
    program as a foreground job in a process group of its own and never returns. It writes
    the program's pid to `reports`, then `stopped 0|1` at each stop (whether the terminal's
    settings were those of `before`), after which it puts `before` back and takes the terminal
    as a shell does; on `fg` from `commands` it gives the terminal back and continues the job.
    It ends as the program ended (the same status, or killed by the same signal)."""
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    child = os.fork()
    if child == 0:
        os.setpgid(0, 0)
        os.tcsetpgrp(tty, os.getpid())  # before the exec, as a shell's child does
        signal.signal(signal.SIGTTOU, signal.SIG_DFL)
        for fd in (0, 1, 2):
            os.dup2(tty, fd)
        os.execvp(argv[0], argv)
    os.setpgid(child, child)
    os.tcsetpgrp(tty, child)
    os.write(reports, f"{child}\n".encode())
    while True:
        _, code = os.waitpid(child, os.WUNTRACED)
        if os.WIFSTOPPED(code):
            same = 1 if termios.tcgetattr(tty)[:4] == before[:4] else 0
            termios.tcsetattr(tty, termios.TCSANOW, before)
            os.tcsetpgrp(tty, os.getpgrp())
            os.write(reports, f"stopped {same}\n".encode())
            line = b""
            while not line.endswith(b"\n"):
                line += os.read(commands, 1)
            os.tcsetpgrp(tty, child)
            os.killpg(child, signal.SIGCONT)
            continue
        if os.WIFSIGNALED(code):
            signal.signal(os.WTERMSIG(code), signal.SIG_DFL)
            os.kill(os.getpid(), os.WTERMSIG(code))
        os._exit(os.WEXITSTATUS(code) if os.WIFEXITED(code) else 1)


main()

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Python's own conventions, as a Python user expects them: indices out of range raise
IndexError, files raise the builtin OSError subclasses with errno and filename (and never
wait on a FIFO), every bad rule setting raises the same InvalidRulesError, and a bool is no
die."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import farkle


def test_an_index_past_the_end_of_a_log_is_index_error() -> None:
    with farkle.Game("classic", 2, seed=3) as g:
        g.roll()
        events, rolls = g.events, g.turn_rolls
        assert len(events) == 2 and len(rolls) == 1
        for log, n in ((events, 2), (rolls, 1)):
            with pytest.raises(IndexError):
                log[n]
            with pytest.raises(IndexError):
                log[-n - 1]
            with pytest.raises(TypeError):
                log["0"]  # type: ignore[call-overload]
            with pytest.raises(TypeError):
                log[True]  # type: ignore[call-overload]
            assert log[-1] == log[n - 1]
        assert len(list(events)) == 2


def test_missing_files_are_file_not_found_with_errno_and_filename(tmp_path: Path) -> None:
    missing = tmp_path / "missing"
    for load in (farkle.Game.load, farkle.WinTable.load):
        with pytest.raises(FileNotFoundError) as e:
            load(missing)
        assert e.value.errno == errno.ENOENT and e.value.filename == str(missing)
    # Saving into a directory that does not exist: the same.
    with farkle.Game(seed=1) as g, pytest.raises(FileNotFoundError) as e:
        g.dump(tmp_path / "no" / "save.json")
    assert e.value.filename == str(tmp_path / "no" / "save.json")


def test_directories_are_is_a_directory_error(tmp_path: Path, tiny_table: farkle.WinTable) -> None:
    for call in (
        lambda: farkle.Game.load(tmp_path),
        lambda: farkle.WinTable.load(tmp_path),
        lambda: tiny_table.save(tmp_path),
    ):
        with pytest.raises(IsADirectoryError) as e:
            call()
        assert e.value.errno == errno.EISDIR and e.value.filename == str(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_fifos_are_refused_at_once_and_left_alone(tmp_path: Path) -> None:
    # In a child under a timeout: a load that waits for a writer would hang the suite.
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    child = f"""
import errno, farkle
fifo = {str(fifo)!r}
with farkle.Game(seed=1) as g:
    table = farkle.WinTable.solve(farkle.Rules("minimal", dice_count=3, target_score=500))
    for call in (lambda: farkle.Game.load(fifo), lambda: farkle.WinTable.load(fifo),
                 lambda: g.dump(fifo), lambda: table.save(fifo)):
        try:
            call()
            print("no error")
        except OSError as e:
            print(type(e).__name__, errno.errorcode[e.errno], e.filename == fifo, e.strerror)
"""
    out = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, timeout=60
    )
    assert out.stdout.splitlines() == [
        "OSError EINVAL True it is a FIFO (named pipe), not a regular file"
    ] * 4, (out.stdout, out.stderr)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_every_bad_rule_setting_is_invalid_rules_error() -> None:
    for knobs in (
        {"dice_count": -1},  # outside the C type: refused in Python
        {"dice_count": 13},  # refused by the library
        {"straight": 2**31},
        {"hot_dice": 2},
        {"kind_scaling": "sideways"},
        {"exact_target": 7},
        {"target_score": -5},
    ):
        with pytest.raises(farkle.InvalidRulesError) as e:
            farkle.Rules("classic", **knobs)
        assert isinstance(e.value, ValueError) and e.value.status == farkle.Status.INVALID_RULES
        name = next(iter(knobs))
        assert name in str(e.value), (knobs, str(e.value))
    # A value of the wrong type is still TypeError.
    with pytest.raises(TypeError):
        farkle.Rules("classic", straight="1500")


def test_a_bool_is_not_a_die(classic: farkle.Rules) -> None:
    scorer = classic.scorer()
    for call in (classic.points, classic.score, scorer.points, scorer.score, classic.analyze,
                 classic.selections):
        for faces in ([True], [1, 5, True], (5, False), [True, True, True]):
            with pytest.raises(TypeError, match="not bool"):
                call(faces)
    with farkle.Game("classic", 2, dice_source="supplied") as g, pytest.raises(TypeError):
        g.roll([True, 2, 3, 4, 6, 6])
    assert classic.points([1, 5]) == 150

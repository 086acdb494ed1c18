# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The README's Python example and the examples in examples/python/ run as written."""

from __future__ import annotations

import re
import runpy
import sys
from pathlib import Path

import pytest


def test_the_readme_example_runs(repo: Path, capsys: pytest.CaptureFixture) -> None:
    readme = (repo / "README.md").read_text()
    section = readme.split("## Python", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    exec(compile(code.group(1), "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "wins with" in out and "win rate" in out


def _run(repo: Path, name: str, args: list, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", [name, *args])
    try:
        runpy.run_path(str(repo / "examples" / "python" / name), run_name="__main__")
    except SystemExit as done:
        assert done.code in (0, None)


def test_the_demo_checks_every_result(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture) -> None:
    _run(repo, "farkle_demo.py", [], monkeypatch)
    out = capsys.readouterr().out
    assert "1 1 1 5 5 -> 1100 points" in out
    assert "game over: Ann 1450, Bob 0\n" in out
    assert "python demo: ok (" in out


def test_the_tournament_runs(repo: Path, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture) -> None:
    _run(repo, "bot_tournament.py", ["300"], monkeypatch)
    out = capsys.readouterr().out
    assert out.count("win rate") == 3 and "expected this turn" in out

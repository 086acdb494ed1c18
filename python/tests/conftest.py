# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Shared fixtures: the repository's root (for the header and the README), small rules and
their tables."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import farkle


@pytest.fixture(scope="session")
def repo() -> Path:
    """The repository: FARKLE_REPO when set (cargo test sets it), else this file's grandparent."""
    return Path(os.environ.get("FARKLE_REPO") or Path(__file__).resolve().parents[2])


@pytest.fixture(scope="session")
def classic() -> farkle.Rules:
    return farkle.Rules("classic")


@pytest.fixture(scope="session")
def tiny() -> farkle.Rules:
    """Three dice, single 1s and 5s and triples, to 500: a two-player table in milliseconds."""
    return farkle.Rules("minimal", dice_count=3, target_score=500)


@pytest.fixture(scope="session")
def tiny_table(tiny: farkle.Rules) -> farkle.WinTable:
    return farkle.WinTable.solve(tiny)


@pytest.fixture(scope="session")
def tiny_table3(tiny: farkle.Rules) -> farkle.WinTable:
    """The three-player equilibrium of the same rules (a thousand turn-start states)."""
    return farkle.WinTable.solve(tiny, players=3)

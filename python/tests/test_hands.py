# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The dice-hands scorer against the worked figures of docs/dice-hands.md (derived by hand
from the formulas of seed 003)."""

from __future__ import annotations

import pytest

import farkle
from farkle import HandKind, HandBonuses, HandLevels


def test_full_house_is_a_triple_a_pair_and_a_flat_bonus() -> None:
    # floor((22 + 9) x 1.8) + floor((12 + 4) x 1.6) + 60 = 55 + 25 + 60 = 140.
    result = farkle.score_hands([3, 3, 3, 2, 2])
    assert result.total == 140 and len(result.hands) == 1
    hand = result.hands[0]
    assert hand.kind == HandKind.FULL_HOUSE and hand.mult == 0 and hand.base == 60
    assert hand.name == "Full House" and result.hand_of_die == (0, 0, 0, 0, 0)


def test_high_roll_and_the_empty_pool() -> None:
    result = farkle.score_hands([1, 2, 3, 5])      # no hand: the 5 as High Roll, 5 + 5 = 10
    assert result.total == 10 and result.hands[0].kind == HandKind.HIGH_ROLL
    assert result.hand_of_die == (None, None, None, 0)
    assert farkle.score_hands([]).total == 0


def test_the_documents_pools_by_the_formulas() -> None:
    assert farkle.score_hands([1, 1, 1, 1, 1, 2, 2, 3, 3, 3]).total == 494
    pool = [3, 3, 3, 2, 2, 5, 5]
    assert farkle.score_hands(pool).total == 324
    assert farkle.score_hands(pool, bonuses=HandBonuses(item_mult_bonus=100)).total == 648


def test_levels_costs_and_base_mult() -> None:
    # A level-5 Pair of 5s: (40 + 10) x 4.10 = 205 exactly.
    levels = HandLevels.of({"pair": 5})
    assert levels.level(HandKind.PAIR) == 5 and levels.cap == 5
    assert farkle.score_hands([5, 5], levels).total == 205
    costs = [farkle.hand_upgrade_cost(HandLevels.of({"pair": lv}, cap=6), "pair") for lv in range(6)]
    assert costs == [5, 10, 25, 50, 85, 205]
    with pytest.raises(farkle.HandLevelAboveCapError):
        farkle.hand_upgrade_cost(levels, "pair")
    assert farkle.hand_base_mult("x_of_a_kind", 0, 4) == (22 + 16, 180 + 22)
    with pytest.raises(farkle.InvalidArgumentError):
        farkle.hand_base_mult("x_of_a_kind", 0, 2)
    with pytest.raises(ValueError):
        farkle.score_hands([1] * 49)
    assert farkle.hand_name(HandKind.PYRAMID) == "Pyramid"

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Scoring, roll analysis, selections and odds against numbers derived by hand from the rules
(the README's presets table) and by brute-force enumeration written here, plus a Hypothesis
property: the package's results are the library's, field for field, for random selections
under random rules."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import farkle
from farkle import CombinationKind, InvalidReason
from farkle._native import ffi, lib

# (preset, dice, points) worked out by hand from the presets table; None: does not score as
# a whole.
HAND_SCORES = [
    ("classic", [1, 1, 1, 5, 5], 1100),   # three 1s 1000 + two single 5s
    ("classic", [5], 50),
    ("classic", [2, 2, 2], 200),          # three of f = f x 100
    ("classic", [2, 2, 2, 2], 400),       # four of a kind = triple x 2
    ("classic", [2, 2, 2, 2, 2], 600),    # five = triple x 3
    ("classic", [2] * 6, 800),            # six = triple x 4
    ("classic", [1] * 4, 2000),
    ("classic", [1, 2, 3, 4, 5, 6], 1500),  # straight
    ("classic", [2, 2, 3, 3, 4, 4], 1500),  # three pairs
    ("classic", [1, 1, 5, 5, 6, 6], 1500),  # three pairs beat 1+1+5+5 with a dead 6 6
    ("classic", [2, 2, 2, 3, 3, 3], 2500),  # two triplets beat 200 + 300
    ("classic", [4, 4, 4, 4, 2, 2], None),  # four 4s 800, the pair of 2s is left over
    ("classic", [1, 1, 1, 5, 5, 2], None),
    ("extended", [4, 4, 4, 4, 2, 2], 1250),  # four of a kind + a pair count as three pairs
    ("extended", [1] * 6, 5000),
    ("extended", [1, 2, 3, 4, 5, 6], 2000),
    ("doubling", [3] * 5, 1200),           # kinds double: 300 x 2 x 2
    ("doubling", [1, 2, 3, 4, 5], 1000),
    ("doubling", [2, 3, 4, 5, 6], 1000),
    ("doubling", [2, 2, 2, 3, 3, 3], 500),  # two triplets scored as two triples
    ("additive", [1, 5, 5, 5, 5], 1100),   # four 5s: two sets of 5s (1000) + the 1
    ("additive", [1, 2, 3, 4, 5, 6], None),  # no straight: 1 and 5 score, 2 3 4 6 do not
    ("minimal", [4, 4, 4, 4], None),       # four of a kind is a triple + a dead 4
    ("minimal", [1, 1, 1, 1], 1100),       # three 1s + a single 1
    ("zilch", [2, 3, 4, 6, 6, 3], 500),    # six dice and nothing scores: 500
]


@pytest.mark.parametrize("preset,dice,points", HAND_SCORES)
def test_selections_score_as_derived_by_hand(preset: str, dice: list, points: "int | None") -> None:
    rules = farkle.Rules(preset)
    score = rules.score(dice)
    if points is None:
        assert not score.valid and score.points == 0
        assert score.reason == InvalidReason.NON_SCORING
        assert score.combinations == ()
        assert rules.points(dice) == 0
    else:
        assert score.valid and score.points == points
        assert score.reason == InvalidReason.NONE
        assert sum(c.points for c in score.combinations) == points
        assert sorted(d for c in score.combinations for d in c.dice) == sorted(dice)
        assert rules.points(dice) == points
    with rules.scorer() as scorer:
        assert scorer.score(dice) == score
        assert scorer.points(dice) == score.points


def test_a_score_names_its_combinations_and_leftover_dice(classic: farkle.Rules) -> None:
    score = classic.score([1, 1, 1, 5, 5, 2])
    assert score.leftover == (2,) and score.leftover_counts == (0, 1, 0, 0, 0, 0)
    good = classic.score([5, 1, 1, 1])
    kinds = sorted((c.kind, c.face, c.points) for c in good.combinations)
    assert kinds == [(CombinationKind.SINGLE, 5, 50), (CombinationKind.OF_A_KIND, 1, 1000)]
    triple = next(c for c in good.combinations if c.kind == CombinationKind.OF_A_KIND)
    assert triple.indices == (1, 2, 3) and triple.name == "of a kind"
    empty = classic.score([])
    assert not empty.valid and empty.reason == InvalidReason.EMPTY
    assert hash(good) == hash(classic.score([5, 1, 1, 1])) and good == classic.score((5, 1, 1, 1))
    assert "points=1050" in repr(good)


def test_six_of_one_face_under_the_same_face_knobs(classic: farkle.Rules) -> None:
    # Classic: six 2s are six of a kind, 200 x 4 = 800. Counted also as two triplets
    # (2500) and three pairs (1500), the best reading is max(800, 1500, 2500) = 2500.
    assert classic.points([2] * 6) == 800
    both = classic.replace(three_pairs_of_one_face=True, two_triplets_of_one_face=True)
    score = both.score([2] * 6)
    assert score.valid and score.points == 2500
    assert [(c.kind, c.points) for c in score.combinations] == [(CombinationKind.TWO_TRIPLETS, 2500)]
    # Three pairs alone: max(800, 1500) = 1500.
    assert classic.replace(three_pairs_of_one_face=True).points([2] * 6) == 1500


def test_roll_analysis_and_selections(classic: farkle.Rules) -> None:
    # 1 5 1 4 5 3: the best keeps both 1s and both 5s (300); 8 distinct scoring selections:
    # any non-empty choice of 0-2 ones and 0-2 fives (3 x 3 - 1).
    roll = [1, 5, 1, 4, 5, 3]
    a = classic.analyze(roll)
    assert not a.is_farkle and a.max_points == 300
    assert a.best_selection == (1, 1, 5, 5) and a.best_selection_indices == (0, 1, 2, 4)
    assert a.scoring_indices == (0, 1, 2, 4)
    sels = classic.selections(roll)
    assert len(sels) == 8
    assert [s.points for s in sels] == sorted((s.points for s in sels), reverse=True)
    assert sels[0].dice == (1, 1, 5, 5) and sels[0].points == 300
    assert {s.points for s in sels} == {300, 250, 200, 150, 100, 50}
    farkle_roll = classic.analyze([2, 3, 4, 6])
    assert farkle_roll.is_farkle and farkle_roll.max_points == 0
    assert classic.selections([2, 3, 4, 6]) == []


def _classic_scores(roll: tuple) -> bool:
    """Whether some selection of a classic roll scores, from the rules alone: a 1, a 5, three
    of a face, or six dice in three pairs (a straight holds a 1)."""
    counts = [roll.count(f) for f in range(1, 7)]
    if counts[0] or counts[4] or max(counts) >= 3:
        return True
    return len(roll) == 6 and sorted(counts) == [0, 0, 0, 2, 2, 2]


def test_farkle_odds_match_brute_force_and_hand_counts(classic: farkle.Rules) -> None:
    hand = [Fraction(2, 3), Fraction(4, 9), Fraction(5, 18), Fraction(17, 108),
            Fraction(25, 324), Fraction(5, 216)]
    for n in range(1, 7):
        farkles = sum(not _classic_scores(r) for r in itertools.product(range(1, 7), repeat=n))
        odds = classic.odds(n)
        assert odds.farkle == Fraction(farkles, 6**n) == hand[n - 1], n
        assert isinstance(odds.farkle, Fraction)
    # Hot dice by hand: 1 die 2/6; 2 dice 4/36; 3 dice 8 rolls of 1s and 5s + 4 triples of
    # 2, 3, 4, 6 = 12/216; 4 dice 16 + 32 (a triple of 2/3/4/6 and a 1 or 5) + 4 = 52/1296.
    assert [classic.odds(n).hot_dice for n in (1, 2, 3, 4)] == [
        Fraction(1, 3), Fraction(1, 9), Fraction(1, 18), Fraction(52, 1296)]
    assert farkle.Rules("minimal").odds(6).farkle == Fraction(1440, 46656)
    assert farkle.Rules("zilch").odds(6).farkle == 0


def test_the_odds_of_a_player_off_the_board(classic: farkle.Rules) -> None:
    # Only 1s and 5s score until on the board: n dice farkle when none is a 1 or a 5, 4^n of
    # the 6^n rolls (six dice: 4096/46656), where a player on the board farkles 1080/46656.
    rules = classic.replace(singles_only_before_entry=True)
    off = rules.before_entry()
    assert off.triple_ones == 0 and off.single_one == 100 and off.straight == 0
    assert off.score([1, 1, 1]).points == 300
    assert [off.odds(n).farkle for n in (1, 3, 6)] == [
        Fraction(4, 6), Fraction(64, 216), Fraction(4096, 46656)]
    assert rules.odds(6).farkle == Fraction(1080, 46656)
    assert classic.before_entry() == classic


def test_max_points_distribution_of_two_dice(classic: farkle.Rules) -> None:
    # 16 farkles; a 5 and a dead die 8 (50); a 1 and a dead die 8 plus 5-5 (100) 9; 1-5 in
    # either order 2 (150); 1-1 1 (200).
    dist = classic.max_points_distribution(2)
    assert dist == {0: Fraction(16, 36), 50: Fraction(8, 36), 100: Fraction(9, 36),
                    150: Fraction(2, 36), 200: Fraction(1, 36)}
    assert sum(dist.values()) == 1


def test_point_calculation_as_the_document_defines_it() -> None:
    roll = [3, 0, 0, 0, 2, 1]  # 1 1 1 5 5 6
    assert farkle.point_calculation(roll, [3, 0, 0, 0, 0, 0], True) == farkle.PointCalculation(1000, True)
    assert farkle.point_calculation(roll, [3, 0, 0, 0, 2, 0], False).points == 1100
    assert farkle.point_calculation(roll, [0] * 6, True) == farkle.PointCalculation(-1000, False)
    assert farkle.point_calculation(roll, [0] * 6, False) == farkle.PointCalculation(0, False)
    assert farkle.point_calculation(roll, [4, 0, 0, 0, 0, 0], True) == farkle.PointCalculation(-1000, False)
    assert farkle.point_calculation(roll, [0, 0, 0, 0, 0, 1], True) == farkle.PointCalculation(0, False)


# ---- Hypothesis: the package returns the library's results, field for field -------------

_POINTS = st.integers(0, 100).map(lambda n: n * 50)


@st.composite
def rules_values(draw: st.DrawFn) -> farkle.Rules:
    knobs = {
        "dice_count": draw(st.integers(1, 12)),
        "single_one": draw(_POINTS), "single_five": draw(_POINTS),
        "triple_ones": draw(_POINTS), "triple_face_multiplier": draw(st.integers(0, 20).map(lambda n: n * 50)),
        "kind_scaling": draw(st.sampled_from(list(farkle.KindScaling))),
        "four_of_a_kind": draw(_POINTS), "five_of_a_kind": draw(_POINTS), "six_of_a_kind": draw(_POINTS),
        "six_ones": draw(st.sampled_from([0, 5000])), "straight": draw(_POINTS),
        "straight_low": draw(_POINTS), "straight_high": draw(_POINTS), "three_pairs": draw(_POINTS),
        "three_pairs_with_four_of_a_kind": draw(st.booleans()),
        "four_of_a_kind_and_pair": draw(_POINTS), "two_triplets": draw(_POINTS),
        "full_house_bonus": draw(_POINTS), "no_score_set": draw(_POINTS),
        "hot_dice": draw(st.booleans()),
    }
    try:
        return farkle.Rules(draw(st.sampled_from(farkle.Rules.presets())), **knobs)
    except farkle.InvalidRulesError:
        return farkle.Rules("classic", dice_count=knobs["dice_count"])


def _bare_score(rules: farkle.Rules, faces: list) -> "tuple[int, object]":
    """farkle_score_selection() called directly through cffi, with a FarkleRules filled in
    here from the rules' knobs."""
    c = ffi.new("FarkleRules *")
    for name, value in rules.to_dict().items():
        setattr(c, name, int(value))
    out = ffi.new("FarkleScore *")
    status = lib.farkle_score_selection(c, bytes(faces), len(faces), out)
    return status, out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), rules=rules_values())
def test_python_scoring_equals_the_c_library(data: st.DataObject, rules: farkle.Rules) -> None:
    faces = data.draw(st.lists(st.integers(1, 6), max_size=rules.dice_count))
    status, bare = _bare_score(rules, faces)
    assert status == 0
    score = rules.score(faces)
    assert score.points == bare.points and score.valid == bare.valid
    assert score.reason == bare.reason
    assert score.leftover_counts == tuple(bare.leftover_counts)
    assert len(score.combinations) == bare.combination_count
    for mine, theirs in zip(score.combinations, bare.combinations):
        assert (mine.kind, mine.face, mine.dice_mask, mine.points) == (
            theirs.kind, theirs.face, theirs.dice_mask, theirs.points)
        assert mine.dice == farkle._lowlevel.faces_of_counts(theirs.counts)
        assert len(mine.dice) == theirs.dice_count
    assert rules.points(faces) == (bare.points if bare.valid else 0)
    with rules.scorer() as scorer:
        assert scorer.score(faces) == score
    analysis = rules.analyze(faces)
    assert analysis.is_farkle == (not rules.selections(faces))

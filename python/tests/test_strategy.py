# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Strategy: the single-turn policy against the figures of docs/strategy.md and a brute-force
check of its last decision, the value of positions and the penalty policy by hand, the win table with progress, cancellation and saving, advice and
bots with a table, and simulations."""

from __future__ import annotations

from pathlib import Path

import pytest

import farkle
from farkle import Player, TurnState
from farkle._native import lib


def test_single_turn_policy_of_the_classic_preset(classic: farkle.Rules) -> None:
    with farkle.TurnPolicy(classic) as policy:
        assert policy.expected_points == pytest.approx(590.02, abs=0.005)
        thresholds = [policy.bank_threshold(n) for n in range(1, 7)]
        assert thresholds == [350, 250, 450, 1050, 3100, 18100]
        # Far past every threshold, keep the most points and bank: 1 1 5 5 = 300.
        choice = policy.best_choice([1, 5, 1, 4, 5, 3], turn_total=20000)
        assert choice.bank and choice.points == 300 and choice.keep == (1, 1, 5, 5)
        assert choice.keep_indices == (0, 1, 2, 4) and choice.turn_total == 20300
        assert policy.best_choice([2, 3, 4, 6]).farkle
    not_on_board = farkle.TurnPolicy(classic, on_board=False)
    assert not_on_board.expected_points == pytest.approx(567.89, abs=0.005)


def test_one_die_left_by_brute_force(classic: farkle.Rules) -> None:
    # With one die to roll at turn total t, rolling is worth 1/6 (t + 100 + E6) + 1/6 (t + 50
    # + E6 ...) roughly; at 350 and above the policy banks, at 300 it rolls: check its choice
    # on a roll that leaves one die at those totals (1 and four dead dice, then a 5).
    policy = farkle.TurnPolicy(classic)
    assert policy.bank_threshold(1) == 350
    low = policy.best_choice([1, 2, 3, 4, 6], turn_total=100)  # keeps the 1: 200, 4 dice left
    assert not low.bank and low.dice_left == 4


def test_penalty_average_of_the_extended_preset() -> None:
    assert farkle.penalty_average_points("extended") == pytest.approx(590.83, abs=0.005)
    with pytest.raises(farkle.UnsupportedError):
        farkle.penalty_average_points("classic")


def test_position_value_of_the_single_turn_policy(classic: farkle.Rules) -> None:
    policy = farkle.TurnPolicy(classic)
    # From scratch it is the expected points; with one die at 1000 banking is optimal (a
    # roll keeps the points only on a 1 or a 5), so it is the turn total, up to the largest.
    assert policy.value(0, 6) == policy.expected_points
    assert policy.value(1000, 1) == 1000.0
    top = lib.FARKLE_MAX_TURN_TOTAL
    assert policy.value(top, 1, on_board=True) == float(top)
    assert policy.value(300, 2) >= 300.0
    # One die without hot dice: a 1 or a 5 is banked at once, else a farkle: (100 + 50) / 6.
    one = farkle.TurnPolicy(classic.replace(dice_count=1, hot_dice=False))
    assert one.value(0, 1) == pytest.approx(25.0, abs=1e-9)
    with pytest.raises(farkle.InvalidArgumentError, match="not yet on the board"):
        policy.value(0, 6, on_board=False)
    with pytest.raises(farkle.InvalidArgumentError, match="multiple of 50"):
        policy.value(25, 6)
    with pytest.raises(ValueError):
        policy.value(0, 7)
    with pytest.raises(ValueError):
        policy.value(-50, 1)
    with pytest.raises(TypeError):
        policy.value(0, 6, on_board="yes")  # type: ignore[arg-type]
    off = farkle.TurnPolicy(classic, on_board=False)
    assert off.value(0, 6) == off.expected_points == off.value(0, 6, on_board=False)


def test_penalty_policy_by_farkles_in_a_row() -> None:
    # The thresholds docs/strategy.md lists for the extended preset.
    with farkle.PenaltyPolicy("extended") as policy:
        assert policy.streak == 3
        assert policy.average_points == pytest.approx(590.83, abs=0.005)
        assert policy.average_points == farkle.penalty_average_points("extended")
        listed = [
            [300, 250, 400, 1050, 3050, 18150],
            [200, 150, 350, 950, 3000, 18050],
            [50, 50, 50, 50, 2100, 17150],
        ]
        assert [[policy.bank_threshold(k, n) for n in range(1, 7)] for k in range(3)] == listed
        h = [policy.relative_value(k) for k in range(3)]
        assert h[0] == 0.0 and h[2] <= h[1] < 0.0
        with pytest.raises(ValueError):
            policy.bank_threshold(3, 1)
        with pytest.raises(ValueError):
            policy.relative_value(-1)
    # Six dice never farkle in zilch: never banked, after any count.
    zilch = farkle.PenaltyPolicy("zilch")
    assert [zilch.bank_threshold(k, 6) for k in range(3)] == [None, None, None]
    # One die, no hot dice, 500 on the second farkle: h(1) = -(2/3)(500 + h(1)) = -200.
    one = farkle.Rules("classic").replace(
        dice_count=1, hot_dice=False, farkle_penalty_streak=2, farkle_penalty_points=500
    )
    tiny_policy = farkle.PenaltyPolicy(one)
    assert tiny_policy.relative_value(1) == pytest.approx(-200.0, abs=1e-6)
    assert tiny_policy.average_points == pytest.approx(25.0 - 400.0 / 3.0, abs=1e-6)
    with pytest.raises(farkle.UnsupportedError):
        farkle.PenaltyPolicy("classic")
    with pytest.raises(farkle.CancelledError):
        farkle.PenaltyPolicy("extended", progress=lambda f: False)


def test_win_table_progress_cancel_and_save(tiny: farkle.Rules, tmp_path: Path) -> None:
    seen: list = []
    table = farkle.WinTable.solve(tiny, progress=seen.append)
    assert seen and seen == sorted(seen) and 0 <= seen[0] and seen[-1] <= 1
    p = table.first_player_win_probability
    assert 0.5 < p < 1
    assert table.rules == tiny and table.compensation >= 0
    data = table.to_bytes()
    again = farkle.WinTable.from_bytes(data)
    assert again.first_player_win_probability == p
    path = tmp_path / "tiny.table"
    table.save(path)
    assert farkle.WinTable.load(path).to_bytes() == data
    with pytest.raises(farkle.CancelledError):
        farkle.WinTable.solve(tiny, progress=lambda f: False)

    class Stop(Exception):
        pass

    def explode(fraction: float) -> None:
        raise Stop

    with pytest.raises(Stop):
        farkle.WinTable.solve(tiny, progress=explode)
    farkle.WinTable.solve(tiny, progress=True)  # a tqdm bar when tqdm is installed
    with pytest.raises(farkle.UnsupportedError):
        farkle.WinTable.solve(farkle.Rules("additive"))
    with pytest.raises(TypeError):
        farkle.WinTable()


def test_win_table_queries(tiny_table: farkle.WinTable) -> None:
    start = TurnState(Player(), Player(), 0, 3)
    assert tiny_table.win_probability(start) == pytest.approx(tiny_table.first_player_win_probability)
    # 50 points from the target with the opponent at 0: banking any 50 wins.
    near = TurnState(Player(score=450), Player(), 50, 3)
    decision = tiny_table.decision(near)
    assert decision.bank and decision.bank_allowed and decision.bank_win_probability == 1.0
    choice = tiny_table.best_choice(Player(score=450), Player(), 0, [1, 2, 3])
    assert choice.keep == (1,) and choice.bank and choice.value == 1.0


def test_advice_and_bots_with_a_table(tiny: farkle.Rules, tiny_table: farkle.WinTable) -> None:
    with farkle.Game(tiny, 2, seed=4) as g:
        advice = g.advise(tiny_table)
        assert advice.value_kind == farkle.ValueKind.WIN_PROBABILITY
        while not g.is_over:
            g.bot_play_turn("win_optimal", table=tiny_table)
        assert len(g.winners) == 1
    with pytest.raises(farkle.InvalidArgumentError):
        farkle.Game("classic", 2, seed=1).advise(tiny_table)


def test_simulations_are_reproducible_and_favour_the_better_bot(tiny: farkle.Rules, tiny_table: farkle.WinTable) -> None:
    result = farkle.simulate("classic", ["threshold", "random_legal"], 400, seed=3)
    again = farkle.simulate("classic", [farkle.BotKind.THRESHOLD, farkle.BotKind.RANDOM_LEGAL], 400, seed=3)
    assert result == again
    assert result.games == 400 and sum(result.wins) + result.ties[0] <= 400
    assert result.win_rate(0) > result.win_rate(1)
    assert result.mean_points(0) > result.mean_points(1)
    fractions: list = []
    farkle.simulate(tiny, ["win_optimal", "single_turn_optimal"], 20000, table=tiny_table,
                    progress=fractions.append)
    assert fractions and fractions[-1] == pytest.approx(1.0)
    with pytest.raises(farkle.CancelledError):
        farkle.simulate("classic", ["threshold"], 100000, progress=lambda f: False)

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Win tables for three players through the package: every seat's chances against numbers
worked out by hand and by a Markov chain written here without the solver, the two-player
solve through the same call, the refusals, advice by seat and the bots that use the tables."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Dict, Tuple

import pytest

import farkle
from farkle import Player
from farkle._native import ffi, lib

Chances = Tuple[float, ...]


def test_every_turn_start_is_a_distribution(tiny_table3: farkle.WinTable) -> None:
    assert tiny_table3.player_count == 3
    assert "3 players" in repr(tiny_table3)
    # Three dice to 500 need no mixing: every cycle has a pure equilibrium.
    assert tiny_table3.mixed_cycles == 0
    scores = range(0, 500, 50)
    for a, b, c in itertools.product(scores, repeat=3):
        p = tiny_table3.win_probabilities([a, b, c])
        assert len(p) == 3 and all(0.0 <= x <= 1.0 for x in p), (a, b, c, p)
        assert sum(p) == pytest.approx(1.0, abs=1e-12), (a, b, c, p)
    start = tiny_table3.start_probabilities
    assert start == pytest.approx(tiny_table3.win_probabilities([Player(), Player(), Player()], 0, 3), abs=1e-15)
    assert tiny_table3.first_player_win_probability == start[0]
    # Moving first is an advantage, and moving second beats moving last.
    assert start[0] > start[1] > start[2]


def test_everyone_one_roll_from_winning(tiny_table3: farkle.WinTable) -> None:
    # Three dice under minimal scoring farkle on no 1, no 5 and no triple: 4^3 - 4 of 216
    # rolls, so q = 60/216 = 5/18. At 450 of 500 any other roll banks the win at once, so
    # the mover wins with s = 1 - q, the next with q s, the last with q^2 s, over 1 - q^3.
    q = 5 / 18
    s = 1 - q
    hand = (s / (1 - q**3), q * s / (1 - q**3), q * q * s / (1 - q**3))
    assert tiny_table3.win_probabilities([450, 450, 450]) == pytest.approx(hand, abs=1e-12)
    decision = tiny_table3.mover_decision([450, 450, 450])
    assert not decision.bank and not decision.bank_allowed and decision.roll_probability == 1.0
    assert decision.bank_win_probabilities == (0.0, 0.0, 0.0)
    assert decision.roll_win_probabilities == pytest.approx(hand, abs=1e-12)
    assert decision.roll_win_probability == decision.roll_win_probabilities[0]
    # Holding 50 the mover banks the win.
    holding = tiny_table3.mover_decision([450, 0, 0], turn_total=50, dice=2)
    assert holding.bank and holding.bank_allowed and holding.roll_probability == 0.0
    assert holding.bank_win_probabilities == (1.0, 0.0, 0.0)
    assert holding.bank_win_probability == 1.0 >= holding.roll_win_probability
    best = tiny_table3.mover_best_choice([450, 450, 450], 0, [1, 2, 3])
    assert best.keep == (1,) and best.bank and best.value == 1.0
    assert best.win_probabilities == (1.0, 0.0, 0.0)
    farkled = tiny_table3.mover_best_choice([450, 450, 450], 0, [2, 3, 4])
    assert farkled.farkle and farkled.win_probabilities == (0.0, 0.0, 0.0)


def _one_die_chain(players: int, target: int) -> Dict[Tuple[int, ...], Chances]:
    """Every player's chance at the start of every turn of a game on one die without hot
    dice (a 1 banks 100, a 5 banks 50, anything else farkles; nobody has a choice), by
    value iteration over the scores in turn order from the mover."""
    scores = range(0, target, 50)
    states = list(itertools.product(scores, repeat=players))
    values: Dict[Tuple[int, ...], Chances] = {s: (0.0,) * players for s in states}

    def after(s: Tuple[int, ...], gain: int, v: Dict[Tuple[int, ...], Chances]) -> Chances:
        if s[0] + gain >= target:
            return (1.0,) + (0.0,) * (players - 1)
        nxt = v[s[1:] + (s[0] + gain,)]  # the next mover first, this one last
        return tuple(nxt[(i - 1) % players] for i in range(players))

    for _ in range(400):
        values = {
            s: tuple(
                (a + b) / 6 + 4 * f / 6
                for a, b, f in zip(after(s, 100, values), after(s, 50, values), after(s, 0, values))
            )
            for s in states
        }
    return values


@pytest.mark.parametrize("players", [2, 3])
def test_a_game_without_choices_agrees_with_its_markov_chain(players: int) -> None:
    rules = farkle.Rules("minimal", dice_count=1, hot_dice=False, target_score=300)
    table = farkle.WinTable.solve(rules, players=players)
    assert table.player_count == players
    chain = _one_die_chain(players, 300)
    for state, expected in chain.items():
        assert table.win_probabilities(list(state)) == pytest.approx(expected, abs=1e-12), state
    assert table.start_probabilities == pytest.approx(chain[(0,) * players], abs=1e-12)
    # Holding 50 with the one die again (past the rules' moves, but a state like any other):
    # banking ends the turn at the score + 50; rolling adds 100 or 50 and banks, or loses it.
    state = (100, 250, 150)[:players]
    decision = table.mover_decision(list(state), turn_total=50, dice=1)

    def banked(points: int) -> Chances:
        if state[0] + points >= 300:
            return (1.0,) + (0.0,) * (players - 1)
        nxt = chain[state[1:] + (state[0] + points,)]
        return tuple(nxt[(i - 1) % players] for i in range(players))

    bank = banked(50)
    roll = tuple((a + b) / 6 + 4 * f / 6 for a, b, f in zip(banked(150), banked(100), banked(0)))
    assert decision.bank_allowed
    assert decision.bank_win_probabilities == pytest.approx(bank, abs=1e-12)
    assert decision.roll_win_probabilities == pytest.approx(roll, abs=1e-12)
    assert decision.bank == (bank[0] >= roll[0])
    assert decision.roll_probability == (0.0 if decision.bank else 1.0)


def test_two_players_through_the_general_solve_is_the_two_player_table(tiny: farkle.Rules) -> None:
    out = ffi.new("FarkleWinTable **")
    assert lib.farkle_win_table_solve(tiny._c, ffi.NULL, ffi.NULL, out) == lib.FARKLE_STATUS_OK
    classic_two = farkle.WinTable._wrap(out[0])
    general = farkle.WinTable.solve(tiny, players=2)
    assert general.player_count == 2 and general.mixed_cycles == 0
    assert general.to_bytes() == classic_two.to_bytes()
    assert farkle.WinTable.solve(tiny).to_bytes() == classic_two.to_bytes()
    # The calls for any table agree with the two-player ones on a two-player table.
    me, other = Player(score=200), Player(score=350)
    state = farkle.TurnState(me, other, 100, 2)
    chances = general.win_probabilities([me, other], 100, 2)
    assert chances[0] == general.win_probability(state)
    assert sum(chances) == pytest.approx(1.0, abs=1e-12)
    d, old = general.mover_decision([me, other], 100, 2), general.decision(state)
    assert (d.bank, d.bank_win_probability, d.roll_win_probability) == (
        old.bank, old.bank_win_probability, old.roll_win_probability)
    assert general.head_starts == (general.compensation,)
    choice = general.mover_best_choice([me, other], 100, [1, 5, 2])
    old_choice = general.best_choice(me, other, 100, [1, 5, 2])
    assert (choice.keep, choice.bank, choice.value) == (old_choice.keep, old_choice.bank, old_choice.value)
    assert choice.win_probabilities[0] == choice.value


def test_head_starts_are_the_fairest_pair(tiny_table3: farkle.WinTable) -> None:
    # Read every pair of head starts back through the table: none is fairer than the answer.
    def unfairness(h2: int, h3: int) -> float:
        p = tiny_table3.win_probabilities([0, h2, h3])
        return sum((x - 1 / 3) ** 2 for x in p)

    best = min(unfairness(a, b) for a, b in itertools.product(range(0, 500, 50), repeat=2))
    h2, h3 = tiny_table3.head_starts
    assert unfairness(h2, h3) == pytest.approx(best, abs=1e-15)
    assert h2 % 50 == 0 and h3 % 50 == 0


def test_refusals(tiny: farkle.Rules, tiny_table3: farkle.WinTable) -> None:
    for bad in (0, 1):
        with pytest.raises(farkle.InvalidArgumentError):
            farkle.WinTable.solve(tiny, players=bad)
    with pytest.raises((farkle.UnsupportedError, farkle.ResourceLimitError)):
        farkle.WinTable.solve(tiny, players=4)
    with pytest.raises(farkle.ResourceLimitError, match="1600000000"):
        farkle.WinTable.solve(farkle.Rules("minimal"), players=4)
    with pytest.raises(ValueError):
        farkle.WinTable.solve(tiny, players=-1)
    with pytest.raises(TypeError):
        farkle.WinTable.solve(tiny, players="3")  # type: ignore[arg-type]
    # The two-player calls name the table they need.
    me, other = Player(), Player()
    with pytest.raises(farkle.UnsupportedError):
        tiny_table3.win_probability(farkle.TurnState(me, other, 0, 3))
    with pytest.raises(farkle.UnsupportedError):
        tiny_table3.decision(farkle.TurnState(me, other, 0, 3))
    with pytest.raises(farkle.UnsupportedError):
        tiny_table3.best_choice(me, other, 0, [1, 2, 3])
    with pytest.raises(farkle.UnsupportedError):
        tiny_table3.compensation
    # The players must be exactly the table's, each inside it.
    for players in ([0, 0], [0, 0, 0, 0]):
        with pytest.raises(farkle.InvalidArgumentError):
            tiny_table3.win_probabilities(players)
        with pytest.raises(farkle.InvalidArgumentError):
            tiny_table3.mover_decision(players)
        with pytest.raises(farkle.InvalidArgumentError):
            tiny_table3.mover_best_choice(players, 0, [1, 2, 3])
    with pytest.raises(farkle.InvalidArgumentError):
        tiny_table3.win_probabilities([500, 0, 0])
    with pytest.raises(farkle.InvalidArgumentError):
        tiny_table3.win_probabilities([0, 0, 0], turn_total=25)
    with pytest.raises(farkle.InvalidArgumentError):
        tiny_table3.win_probabilities([0, 0, 0], dice=4)
    with pytest.raises(ValueError):
        tiny_table3.mover_best_choice([0, 0, 0], 0, [1, 2, 7])
    with pytest.raises(TypeError):
        tiny_table3.win_probabilities("abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tiny_table3.win_probabilities([0, 0, 0.0])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        tiny_table3.win_probabilities([])
    with pytest.raises(ValueError):
        tiny_table3.win_probabilities([0, 0, 0], dice=0)


def test_three_player_tables_save_and_load(tiny_table3: farkle.WinTable, tmp_path: Path) -> None:
    data = tiny_table3.to_bytes()
    again = farkle.WinTable.from_bytes(data)
    assert again.player_count == 3 and again.rules == tiny_table3.rules
    path = tmp_path / "three.table"
    tiny_table3.save(path)
    loaded = farkle.WinTable.load(path)
    assert loaded.to_bytes() == data
    for state in ([0, 0, 0], [450, 100, 300], [200, 350, 50]):
        assert loaded.win_probabilities(state) == pytest.approx(
            tiny_table3.win_probabilities(state), abs=1e-6)
    with pytest.raises(farkle.BadTableFileError):
        farkle.WinTable.from_bytes(data[:-9])


def _by_seat(game: farkle.Game, table: farkle.WinTable) -> Chances:
    """The table's chances at the start of the current player's turn, by seat."""
    n = game.state.player_count
    mover = game.current_player
    order = [(mover + k) % n for k in range(n)]
    chances = table.win_probabilities([game.player(s).score for s in order])
    by_seat = [0.0] * n
    for k, seat in enumerate(order):
        by_seat[seat] = chances[k]
    return tuple(by_seat)


def test_advice_gives_every_seat_its_chances(tiny: farkle.Rules, tiny_table3: farkle.WinTable) -> None:
    with farkle.Game(tiny, 3, seed=11) as game:
        checked = 0
        while not game.is_over and checked < 40:
            advice = game.advise(tiny_table3)
            assert advice.value_kind == farkle.ValueKind.WIN_PROBABILITY
            assert 0.0 <= advice.roll_probability <= 1.0
            for choice in advice.choices:
                seats = choice.win_probabilities
                assert len(seats) == 3
                assert sum(seats) == pytest.approx(1.0, abs=1e-12)
                assert seats[game.current_player] == pytest.approx(choice.value, abs=1e-12)
            assert advice.recommended.win_probabilities in [c.win_probabilities for c in advice.choices]
            if game.phase == farkle.Phase.AWAITING_ROLL and game.turn_points == 0:
                # The start of a turn: rolling is all there is, worth the table's chances.
                (roll,) = advice.choices
                assert roll.action == farkle.Action.ROLL and advice.roll_probability == 1.0
                assert roll.win_probabilities == pytest.approx(_by_seat(game, tiny_table3), abs=1e-12)
            if checked % 2:
                game.bot_play_turn("win_optimal", table=tiny_table3)
            else:
                game.roll()
                if game.phase == farkle.Phase.FARKLED:
                    game.acknowledge_farkle()
            checked += 1
    # Without a table: expected points, no seats, and the recommendation's roll probability.
    with farkle.Game(tiny, 3, seed=1) as game:
        plain = game.advise()
        assert plain.value_kind == farkle.ValueKind.EXPECTED_POINTS
        assert plain.roll_probability == 1.0 and plain.recommended.win_probabilities == ()


def test_a_table_that_does_not_cover_the_game_advises_expected_points(
        tiny: farkle.Rules, tiny_table: farkle.WinTable, tiny_table3: farkle.WinTable) -> None:
    for players, table in ((3, tiny_table), (2, tiny_table3), (4, tiny_table3)):
        with farkle.Game(tiny, players, seed=2) as game:
            advice = game.advise(table)
            assert advice.value_kind == farkle.ValueKind.EXPECTED_POINTS
            assert all(c.win_probabilities == () for c in advice.choices)
            assert advice.roll_probability == 1.0


def test_bots_play_three_and_four_player_games_to_the_end(
        tiny: farkle.Rules, tiny_table: farkle.WinTable, tiny_table3: farkle.WinTable) -> None:
    with farkle.Game(tiny, 3, seed=5) as game:
        while not game.is_over:
            game.bot_play_turn(farkle.BotKind.WIN_OPTIMAL, table=tiny_table3, seed=game.state.round)
        assert len(game.winners) == 1 and max(game.scores) >= 500
    with farkle.Game(tiny, 4, seed=6) as game:
        while not game.is_over:
            game.bot_play_turn("strongest_opponent", table=tiny_table)
        assert len(game.winners) == 1 and max(game.scores) >= 500
        with pytest.raises(ValueError, match="STRONGEST_OPPONENT"):
            game.bot_play_turn("strongest_opponent")
    result = farkle.simulate(tiny, ["strongest_opponent", "single_turn_optimal", "threshold", "random_legal"],
                             400, seed=9, table=tiny_table)
    # Without a final round the first to the target wins alone.
    assert result.games == 400 and sum(result.wins) == 400 and result.ties == (0, 0, 0, 0)
    assert result.wins[0] > result.wins[3]
    with pytest.raises(ValueError, match="STRONGEST_OPPONENT"):
        farkle.simulate(tiny, ["strongest_opponent", "threshold"], 10)
    three = farkle.simulate(tiny, ["win_optimal"] * 3, 300, seed=4, table=tiny_table3)
    # Three copies of one bot, seats rotating: each wins about a third (5 standard deviations).
    assert sum(three.wins) == 300 and all(abs(w - 100) < 41 for w in three.wins)


def test_the_first_mixed_cycle_rolls_as_an_independent_solver_found() -> None:
    # Minimal rules to 1,500 (a solve of about 4 seconds in a dev build): the players 1,300,
    # 650 and 1,150 from the target have no pure equilibrium. The mover at 200 holding 400 with one die rolls with probability
    # 0.188440916, the one at 350 holding 450 with one die with 0.070364742.
    table = farkle.WinTable.solve(farkle.Rules("minimal", target_score=1500), players=3)
    a, b, c = Player(200), Player(850), Player(350)
    first = table.mover_decision([a, b, c], 400, 1)
    second = table.mover_decision([c, a, b], 450, 1)
    assert table.mixed_cycles == 1
    assert farkle.WinTable.from_bytes(table.to_bytes()).mixed_cycles == 1
    assert first.roll_probability == pytest.approx(0.188440916, abs=1e-8)
    assert second.roll_probability == pytest.approx(0.070364742, abs=1e-8)
    for d in (first, second):
        assert d.bank_win_probability == pytest.approx(d.roll_win_probability, abs=1e-12)
    pure = table.mover_decision([a, b, c], 350, 1)
    assert pure.roll_probability in (0.0, 1.0)


@pytest.mark.parametrize("players", [2, 3])
def test_a_table_an_earlier_version_saved_loads_and_says_it_is_outdated(repo: Path, players: int) -> None:
    """Classic rules to 1,000 saved before the solver weighed every scoring selection under a
    final round (two-player version 3, three-player version 4): they load, as the tables they
    were, and say they are outdated; solved now, the same rules are not."""
    version = 3 if players == 2 else 4
    old = farkle.WinTable.load(repo / "tests" / "data" / f"classic-1000-{players}p-v{version}.fwt")
    assert old.outdated
    assert old.player_count == players
    assert old.rules == farkle.Rules("classic", target_score=1000)
    fresh = farkle.WinTable.solve(farkle.Rules("classic", dice_count=3, target_score=300), players=players)
    assert fresh.rules.final_round and not fresh.outdated

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Cards from Python, against figures solved by hand.

The game: minimal scoring, one die, a race to 100 with no entry minimum and no final round.
A 1 scores 100 (the target: the turn banks and wins), a 5 scores 50 and hot dice give the
die back; anything else farkles. Optimal play always rolls on to the target, so a turn wins
with p = 1/6 + 1/6 * 1/3 = 2/9 and the first seat wins p / (1 - (1 - p)^2) = 9/16. A card
that banks at 50 wins A0 = 90/169 moving first and B0 = 70/169 second against it (A50 =
1/3 + 2/3 B50, B50 = 7/9 A50, A0 = 1/6 + 1/6 B50 + 2/3 B0, B0 = 7/9 A0): 80/169 on average,
a price of 9/338. At a turn total of 50 from 0 against 0, banking is worth 1 - 6/13 = 7/13
and rolling 1/3 + 2/3 * 7/16 = 5/8.
"""

from __future__ import annotations

import math

import pytest

import farkle
from farkle import Card, CardFamily, CardKeep, CardSituation


@pytest.fixture(scope="module")
def one_die() -> farkle.Rules:
    return farkle.Rules("minimal", dice_count=1, target_score=100, min_entry_score=0,
                        final_round=False, hot_dice=True)


@pytest.fixture(scope="module")
def one_die_table(one_die: farkle.Rules) -> farkle.WinTable:
    return farkle.WinTable.solve(one_die)


def test_each_family_reads_back() -> None:
    c = Card.total(350)
    assert c.family == CardFamily.TOTAL and c.dice is None and c.keep == CardKeep.ALL
    assert c.row() == (350,) * 6
    assert str(c).startswith("Bank once the turn reaches 350.\n")
    assert repr(c) == "<Card, total: Bank once the turn reaches 350.>"
    p = Card.per_dice([300, 300, 400, 700, 2000, None], keep="rate")
    assert p.family == CardFamily.PER_DICE and p.dice == 6 and p.keep == CardKeep.RATE
    assert p.row() == (300, 300, 400, 700, 2000, None)
    assert "6 dice: never." in str(p)
    rows = [[100, 200], [300, 400], [500, 600], [None, 0]]
    s = Card.situational(rows, band=500, endgame=2000, keep=CardKeep.SINGLE, reroll=1)
    assert (s.family, s.dice, s.band, s.endgame, s.reroll) == (
        CardFamily.SITUATIONAL, 2, 500, 2000, 1)
    for situation, row in zip(CardSituation, rows):
        assert s.row(situation) == tuple(row)
    assert s.threshold(2, "ahead") == 600
    assert "within 2000 of the target" in str(s)


def test_the_folk_cards() -> None:
    folk = dict(Card.folk(6))
    assert list(folk) == ["bank at 300", "bank at 350", "bank at 500", "bank at 1,000",
                          "never roll 1 or 2 dice", "bank at 300, never roll 1 or 2 dice"]
    assert folk["bank at 1,000"].row() == (1000,) * 6
    assert folk["never roll 1 or 2 dice"].row() == (0, 0, None, None, None, None)
    assert folk["bank at 300, never roll 1 or 2 dice"].row() == (0, 0, 300, 300, 300, 300)


def test_bad_numbers_are_refused() -> None:
    with pytest.raises(ValueError):
        Card.total(farkle.MAX_CARD_POINTS + 1)
    with pytest.raises(ValueError):
        Card.per_dice([])
    with pytest.raises(ValueError):
        Card.per_dice([300] * 13)
    with pytest.raises(ValueError):
        Card.situational([[300]] * 3, 0, 0)
    with pytest.raises(ValueError):
        Card.situational([[300], [300], [300], [300, 300]], 0, 0)
    with pytest.raises(ValueError):
        Card.total(300, keep="sometimes")
    with pytest.raises(farkle.InvalidArgumentError):
        Card.total(300, keep="single", reroll=0)
    with pytest.raises(farkle.InvalidArgumentError):
        Card.total(300, keep="all", reroll=2)
    with pytest.raises(farkle.InvalidArgumentError):
        Card.per_dice([300, 300], keep="single", reroll=2)
    with pytest.raises(farkle.IndexOutOfRangeError):
        Card.per_dice([300, 300]).threshold(3)
    with pytest.raises(TypeError):
        Card()


def test_the_exact_values_are_the_hand_figures(one_die_table: farkle.WinTable) -> None:
    v = Card.total(50).evaluate(one_die_table)
    assert v.seats == pytest.approx((90 / 169, 70 / 169), abs=1e-9)
    assert v.optimal == pytest.approx((9 / 16, 7 / 16), abs=1e-9)
    assert v.chance == pytest.approx(80 / 169, abs=1e-9)
    assert v.fair_share == 0.5
    assert v.price == pytest.approx(9 / 338, abs=1e-9)
    assert Card.total(100).evaluate(one_die_table).price == pytest.approx(0, abs=1e-9)
    with pytest.raises(farkle.InvalidArgumentError):
        Card.per_dice([300] * 6).evaluate(one_die_table)
    with pytest.raises(farkle.CancelledError):
        Card.total(50).evaluate(one_die_table, progress=lambda f: False)


def test_the_best_card_rolls_on_to_the_target(one_die_table: farkle.WinTable) -> None:
    card, value = Card.best(one_die_table, "total")
    assert value.chance == pytest.approx(0.5, abs=1e-9)
    threshold = card.threshold(1)
    assert threshold is not None and threshold > 50


def test_a_card_plays_turns_and_simulations(one_die: farkle.Rules,
                                            one_die_table: farkle.WinTable) -> None:
    card = Card.total(50)
    g = farkle.Game(one_die, players=2, seed=5)
    for _ in range(200):
        if g.state.phase == farkle.Phase.GAME_OVER:
            break
        if g.state.current_player == 0:
            before = g.player(0).score
            g.card_play_turn(card)
            after = g.player(0).score
            assert after in ((0, 50) if before == 0 else (50,)) or after >= before + 100
        else:
            g.bot_play_turn("win_optimal", table=one_die_table)
    assert g.state.phase == farkle.Phase.GAME_OVER
    with pytest.raises(farkle.InvalidArgumentError):
        farkle.Game(one_die, players=2, seed=5).card_play_turn(Card.per_dice([300] * 6))
    games = 20000
    sim = farkle.simulate(one_die, [card, "win_optimal"], games, seed=3, table=one_die_table)
    assert sim.bots[0] is card and sim.wins[0] + sim.wins[1] == games
    assert abs(sim.win_rate(0) - 80 / 169) < 4 * math.sqrt(0.25 / games)


def test_the_coach_prices_the_bank_at_50(one_die: farkle.Rules,
                                         one_die_table: farkle.WinTable) -> None:
    card = Card.total(50)
    g = farkle.Game(one_die, players=2, seed=5)
    note = g.coach(card, one_die_table)
    assert note.agrees and note.cost == 0 and note.card_action == farkle.Action.ROLL
    assert note.card_value == pytest.approx(9 / 16, abs=1e-9)
    g.roll([5])
    note = g.coach(card, one_die_table)
    assert note.card_action == farkle.Action.SELECT and note.card_dice_mask == 1 and note.agrees
    g.select([0])
    note = g.coach(card, one_die_table)
    assert note.card_action == farkle.Action.BANK and note.optimal_action == farkle.Action.ROLL
    assert note.value_kind == farkle.ValueKind.WIN_PROBABILITY and not note.agrees
    assert note.card_value == pytest.approx(7 / 13, abs=1e-9)
    assert note.optimal_value == pytest.approx(5 / 8, abs=1e-9)
    assert note.cost == pytest.approx(9 / 104, abs=1e-9)
    assert g.coach(card).value_kind == farkle.ValueKind.EXPECTED_POINTS
    g2 = farkle.Game(one_die, players=2, seed=5)
    g2.roll([2])
    with pytest.raises(farkle.WrongPhaseError):
        g2.coach(card, one_die_table)

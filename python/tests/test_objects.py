# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The package's objects behave as Python objects: every one pickles (handles as what they
were made from), help() says what fields and rule settings mean, handles have a repr that
says what they hold, and progress ends at 1.0."""

from __future__ import annotations

import pickle
import pydoc
from typing import List

import farkle

_ONE_DIE_PENALTY = farkle.Rules(
    "classic", dice_count=1, hot_dice=False, farkle_penalty_streak=2, farkle_penalty_points=500
)


def test_policies_tables_and_scorers_pickle(tiny: farkle.Rules, tiny_table: farkle.WinTable) -> None:
    # They used to fail with "cannot pickle '_cffi_backend.__CDataGCP' object".
    policy = farkle.TurnPolicy("minimal", on_board=False)
    again = pickle.loads(pickle.dumps(policy))
    assert isinstance(again, farkle.TurnPolicy) and again is not policy
    assert again.rules == policy.rules and again.on_board is False
    assert again.expected_points == policy.expected_points
    assert again.best_choice([1, 5, 2, 3, 4, 6]) == policy.best_choice([1, 5, 2, 3, 4, 6])

    table = pickle.loads(pickle.dumps(tiny_table))
    assert table.to_bytes() == tiny_table.to_bytes() and table.rules == tiny

    penalty = farkle.PenaltyPolicy(_ONE_DIE_PENALTY)
    assert pickle.loads(pickle.dumps(penalty)).average_points == penalty.average_points

    scorer = farkle.Rules("zilch").scorer()
    copy = pickle.loads(pickle.dumps(scorer))
    assert copy.rules == scorer.rules and copy.points([1, 1, 1, 5]) == 1050
    scorer.close()
    try:
        pickle.dumps(scorer)
        raise AssertionError("a closed scorer pickled")
    except ValueError:
        pass


def test_every_game_pickles_so_names_are_bounded() -> None:
    # A game pickles as its save; a 17 MiB name made a save the loader refused, so
    # pickle.loads() failed. Names are bounded when the game is made, and the longest
    # pickles. (A game too long to save is refused as it is played: tests/game_save_limits.rs
    # plays one to the bound in the library.)
    try:
        farkle.Game("classic", ["Ann", "x" * (1024 + 1)])
        raise AssertionError("a name of 1025 bytes was taken")
    except farkle.ResourceLimitError as refused:
        assert "player 1" in str(refused) and "1025 bytes" in str(refused)
    with farkle.Game("classic", ["é" * 512, None], seed=4) as game:
        game.bot_play_turn("threshold")
        copy = pickle.loads(pickle.dumps(game))
        assert copy.dumps() == game.dumps() and copy.player(0).name == "é" * 512


def test_help_says_what_fields_and_settings_mean() -> None:
    text = pydoc.render_doc(farkle.Choice, renderer=pydoc.plaintext)
    for field, meaning in (
        ("keep_mask", "Dice to keep"),
        ("dice_left", "Dice to roll next"),
        ("value", "probability of winning"),
    ):
        line = next(l for l in text.splitlines() if l.strip(" |").startswith(field + " ("))
        assert meaning in line, line
    rules = pydoc.render_doc(farkle.Rules, renderer=pydoc.plaintext)
    # Each setting says what it means (the library's description of the field), not its C type.
    assert "hot_dice: scoring every die brings them all back." in rules
    for name in farkle.Rules.knob_names():
        doc = getattr(farkle.Rules, name).__doc__ or ""
        meaning = doc.removeprefix(f"The FarkleRules knob {name}: ")
        assert meaning != doc and meaning.strip(". ") and "_t)" not in doc, (name, doc)
    assert "turn_points (int): Points of this turn not yet banked" in (farkle.GameState.__doc__ or "")


def test_handles_say_what_they_hold(tiny_table: farkle.WinTable) -> None:
    policy = farkle.TurnPolicy("minimal")
    assert repr(policy) == (
        f"<TurnPolicy of Rules('minimal'), on the board: {policy.expected_points:.1f} "
        "points a turn>"
    )
    first = tiny_table.first_player_win_probability
    assert repr(tiny_table).endswith(f": the first player wins {100 * first:.2f}%>")
    assert repr(farkle.Rules("zilch").scorer()) == "<Scorer of Rules('zilch')>"
    # One die, 500 on the second farkle in a row: 25 - 400/3 points a turn (test_strategy.py).
    assert repr(farkle.PenaltyPolicy(_ONE_DIE_PENALTY)) == (
        "<PenaltyPolicy of Rules('classic', dice_count=1, farkle_penalty_streak=2, "
        "farkle_penalty_points=500, hot_dice=False): -108.3 points a turn in the long run>"
    )
    policy.close()
    assert repr(policy) == "<TurnPolicy (closed)>"


def test_progress_ends_at_one() -> None:
    # The long-run average stopped reporting at 0.927 (its estimate); the library now says
    # 0.0 before the work and 1.0 once it is done.
    fractions: List[float] = []
    farkle.penalty_average_points(_ONE_DIE_PENALTY, progress=fractions.append)
    assert fractions[0] == 0.0 and fractions[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in fractions)

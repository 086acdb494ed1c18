# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Whole games: supplied dice scored by hand, every action and refusal, state, rolls and
events, saving and loading, seeded dice, bots and advice."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest

import farkle
from farkle import Action, EventKind, Phase


def supplied(rules: "farkle.Rules | str" = "classic") -> farkle.Game:
    return farkle.Game(rules, ["Ann", "Bob"], dice_source="supplied")


def test_a_turn_with_supplied_dice() -> None:
    with supplied() as g:
        assert g.phase == Phase.AWAITING_ROLL and g.current_player == 0
        roll = g.roll([1, 1, 1, 5, 2, 3])
        assert roll.dice == (1, 1, 1, 5, 2, 3) and not roll.generated
        assert roll.max_points == 1050 and not roll.is_farkle
        assert g.phase == Phase.AWAITING_SELECTION
        assert g.selections[0].dice == (1, 1, 1, 5)
        g.select([0, 1, 2])                     # three 1s: 1000
        assert g.turn_points == 1000 and g.dice_in_hand == 3
        assert g.last_roll is not None and g.last_roll.selection == (1, 1, 1)
        g.bank()                                # 1000 >= 500 to get on the board
        ann = g.player(0)
        assert ann.score == 1000 and ann.on_board and ann.name == "Ann"
        assert g.current_player == 1 and g.scores == (1000, 0)


def test_refusals_raise_their_classes_with_the_library_reason() -> None:
    with supplied() as g:
        with pytest.raises(farkle.NothingToBankError) as e:
            g.bank()
        assert isinstance(e.value, farkle.IllegalActionError) and e.value.message
        with pytest.raises(farkle.NoDiceGeneratorError):
            g.roll()
        with pytest.raises(farkle.WrongDiceCountError):
            g.roll([1, 2, 3])
        with pytest.raises(ValueError):
            g.roll([1, 2, 3, 4, 5, 9])
        g.roll([1, 2, 3, 4, 6, 6])
        with pytest.raises(farkle.InvalidSelectionError, match="2"):
            g.select([1])
        with pytest.raises(farkle.IndexOutOfRangeError):
            g.select([9])
        with pytest.raises(IndexError):
            g.select_mask(1 << 8)
        with pytest.raises(farkle.DuplicateIndexError):
            g.select([0, 0])
        with pytest.raises(farkle.WrongPhaseError):
            g.bank()
        g.select([0])                           # a single 1: 100
        with pytest.raises(farkle.BelowMinimumEntryError, match="500"):
            g.bank()
        assert g.turn_points == 100             # unchanged by the refusals


def test_toggle_confirm_undo_and_hot_dice() -> None:
    with supplied() as g:
        with pytest.raises(farkle.NothingToUndoError):
            g.undo()
        g.roll([5, 2, 1, 3, 4, 6])
        g.toggle(0)
        g.toggle(2)
        assert g.state.pending_mask == 0b101
        g.confirm()                             # 5 and 1: 150
        assert g.turn_points == 150
        g.undo()
        assert g.phase == Phase.AWAITING_SELECTION and g.turn_points == 0
        with pytest.raises(farkle.WrongPhaseError):
            g.undo()
        g.select_mask(0b111111)                 # the straight: 1500, every die scored
        assert g.turn_points == 1500 and g.dice_in_hand == 6 and g.state.turn_hot_dice == 1
        g.roll([2, 2, 2, 3, 4, 6])
        g.select([0, 1, 2])                     # three 2s: 200
        g.bank()
        assert g.scores == (1700, 0)
        kinds = [e.kind for e in g.events]
        assert EventKind.HOT_DICE in kinds and EventKind.UNDONE in kinds
        assert kinds[0] == EventKind.TURN_STARTED and g.events[-1].kind == EventKind.TURN_STARTED
        banked = [e for e in g.events if e.kind == EventKind.BANKED][0]
        assert banked.points == 1700 and banked.score == 1700 and banked.name == "banked"


def test_a_farkle_then_leaving_ends_the_game() -> None:
    with supplied() as g:
        g.roll([2, 3, 4, 6, 2, 3])              # no 1, 5, triple, or three pairs
        assert g.phase == Phase.FARKLED and g.last_roll.is_farkle  # type: ignore[union-attr]
        advice = g.advise()
        assert advice.recommended.action == Action.ACKNOWLEDGE_FARKLE
        g.acknowledge_farkle()
        assert g.current_player == 1
        rolls = g.turn_rolls
        assert len(rolls) == 0
        g.roll([1, 2, 3, 4, 6, 6])
        assert len(g.turn_rolls) == 1 and g.turn_rolls[0].dice == (1, 2, 3, 4, 6, 6)
        g.leave(0)
        assert g.is_over and g.winners == (1,)
        assert not g.player(0).active
        with pytest.raises(farkle.GameOverError):
            g.roll([1] * 6)
        with pytest.raises(farkle.UnknownPlayerError):
            g.player(5)


def test_seeded_games_are_reproducible() -> None:
    # Seed 7 under classic rules rolls 1 1 2 2 2 5 first (the library's promise; the same
    # game the command-line tests drive).
    with farkle.Game("classic", ["Ann", "Bob"], seed=7) as g:
        assert g.roll().dice == (1, 1, 2, 2, 2, 5)
        assert g.state.dice_source == farkle.DiceSource.SEEDED
    a, b = farkle.Game("classic", 3, seed=99), farkle.Game("classic", 3, seed=99)
    for _ in range(12):
        a.bot_play_turn("threshold")
        b.bot_play_turn("threshold")
    assert a.dumps() == b.dumps()
    assert farkle.Game("classic", 2).state.dice_source == farkle.DiceSource.ENTROPY


def test_save_and_load_as_text_bytes_paths_and_files(tmp_path: Path) -> None:
    g = farkle.Game("zilch", ["Ann", None], seed=5)
    g.bot_play_turn("single_turn_optimal")
    g.roll()
    text = g.dumps()
    assert '"format": "farkle-save"' in text or '"format":"farkle-save"' in text
    for loaded in (farkle.Game.loads(text), farkle.Game.loads(text.encode()),
                   pickle.loads(pickle.dumps(g))):
        assert loaded.dumps() == text and loaded.rules == g.rules
    path = tmp_path / "game.json"
    g.dump(path)
    assert farkle.Game.load(path).dumps() == text
    assert farkle.Game.load(str(path)).dumps() == text
    buf = io.StringIO()
    g.dump(buf)
    assert farkle.Game.load(io.BytesIO(buf.getvalue().encode())).dumps() == text
    loaded = farkle.Game.loads(text)
    assert loaded.player(1).name is None and loaded.player(0).name == "Ann"
    # A loaded game continues exactly as the saved one would.
    g.bot_play_turn("threshold")
    loaded.bot_play_turn("threshold")
    assert loaded.dumps() == g.dumps()
    with pytest.raises(farkle.InvalidSaveError):
        farkle.Game.loads(text[: len(text) // 2])
    with pytest.raises(farkle.UnsupportedSaveVersionError):
        farkle.Game.loads(text.replace('"version": 1', '"version": 99').replace('"version":1', '"version":99'))


def test_bots_play_whole_games() -> None:
    with farkle.Game("classic", 2, seed=11) as g:
        turns = 0
        while not g.is_over:
            g.bot_play_turn("single_turn_optimal" if g.current_player == 0 else "threshold")
            turns += 1
            assert turns < 500
        winner = g.winners[0]
        assert g.player(winner).score >= 10000
        assert g.events[-1].kind == EventKind.GAME_OVER and g.events[-1].winners == g.winners


def test_advice_values_every_legal_choice(classic: farkle.Rules) -> None:
    with farkle.Game(classic, 2, dice_source="supplied") as g:
        g.prepare_advice()
        g.roll([1, 5, 1, 4, 5, 3])
        advice = g.advise()
        assert advice.value_kind == farkle.ValueKind.EXPECTED_POINTS
        assert len(advice.choices) == len(g.selections) == 8
        assert all(c.action == Action.SELECT for c in advice.choices)
        best = max(advice.choices, key=lambda c: c.value)
        assert advice.recommended == best
        # With 0 points made, keeping one 1 and rolling five dice is worth more than keeping
        # 1 1 5 5 and facing two dice (the command-line tests' hint, at 450 points there).
        assert advice.recommended.dice_mask != 0b010111
        g.select(advice.recommended.indices)
        after = g.advise()
        assert {c.action for c in after.choices} <= {Action.ROLL, Action.BANK}
        assert after.next_roll_dice is not None and 0 < after.farkle_probability < 1


def test_repr_and_state(classic: farkle.Rules) -> None:
    g = farkle.Game(classic, ["Ann", "Bob"], seed=1)
    assert "awaiting_roll" in repr(g)
    state = g.state
    assert state.player_count == 2 and state.dice_count == 6 and state.can_roll
    assert state.final_round_player is None and state.winners == ()
    assert len(g.players) == 2 and g.rules == classic
    g.close()
    assert repr(g) == "<Game (closed)>"


def test_a_progress_callback_cannot_touch_its_game() -> None:
    calls: list = []

    def meddle(fraction: float) -> None:
        calls.append(fraction)
        game.roll()

    # Extended rules (a penalty): the preparation reports progress several times.
    with farkle.Game("extended", 2, seed=1) as game:
        with pytest.raises(RuntimeError, match="in use"):
            game.prepare_advice(progress=meddle)
        assert calls
        game.prepare_advice()  # usable again afterwards
        assert game.roll().dice


def test_a_game_from_a_position() -> None:
    # Classic, Ann 9,500 and Bob 9,000, Ann to move in round 12, worked out by hand: three 1s
    # are 1000, so Ann banks 10,500, past the target of 10,000, and Bob has one last turn;
    # a straight (1500, hot dice) and a 1 (100) give him 10,600: he alone wins.
    position = farkle.GamePosition([9500, 9000], player_to_move=0, round=12)
    with farkle.Game("classic", ["Ann", "Bob"], dice_source="supplied", position=position) as g:
        assert g.phase == Phase.AWAITING_ROLL and g.current_player == 0 and g.state.round == 12
        assert g.scores == (9500, 9000) and g.player(1).on_board
        assert g.player(0).turns_played == 11
        text = g.dumps()
        g.roll([1, 1, 1, 2, 3, 4])
        g.select([0, 1, 2])
        g.bank()
        assert g.scores == (10500, 9000)
        assert g.state.final_round and g.state.final_round_player == 0
        assert g.current_player == 1
        g.roll([2, 3, 4, 5, 6, 1])
        g.select_mask(0b111111)
        g.roll([1, 2, 2, 3, 3, 4])
        g.select([0])
        g.bank()
        assert g.scores == (10500, 10600) and g.is_over and g.winners == (1,)
        # The save starts at the position, and the loaded game plays on the same way.
        loaded = farkle.Game.loads(text)
        assert loaded.dumps() == text and loaded.scores == (9500, 9000)
        assert loaded.player(0).name == "Ann"
        start = loaded.start_position
        assert (start.player_to_move, start.round) == (0, 12)
        assert start.players == (farkle.PlayerPosition(9500, True, 0), farkle.PlayerPosition(9000, True, 0))
        loaded.roll([1, 1, 1, 2, 3, 4])
        loaded.select([0, 1, 2])
        loaded.bank()
        assert loaded.scores == (10500, 9000) and loaded.state.final_round_player == 0
    # The number of players follows the position when not given.
    three = farkle.GamePosition([0, 300, 0], player_to_move=2, round=3)
    with farkle.Game("extended", seed=1, position=three) as g:
        assert g.state.player_count == 3 and g.current_player == 2 and g.scores == (0, 300, 0)
    # An ordinary game started at the usual start.
    with supplied() as g:
        usual = g.start_position
        assert usual == farkle.GamePosition((farkle.PlayerPosition(0, False, 0),) * 2, 0, 1)


def test_refused_positions_say_why() -> None:
    pp = farkle.PlayerPosition
    cases = [
        ("classic", farkle.GamePosition([9500, 9000], player_to_move=2), "player_to_move is 2"),
        ("classic", farkle.GamePosition([9500, 9000], round=0), "round 0"),
        ("classic", farkle.GamePosition([10000, 0]), "at or above the target"),
        ("classic", farkle.GamePosition([-50, 0]), "penalty"),
        ("classic", farkle.GamePosition([pp(450, on_board=False), 0]), "not on the board"),
        ("extended", farkle.GamePosition([pp(0, consecutive_farkles=3), 0]), "3 farkles in a row"),
        ("additive", farkle.GamePosition([0, 0], round=11), "turn limit of 10"),
    ]
    for rules, position, why in cases:
        with pytest.raises(farkle.InvalidArgumentError, match=why):
            farkle.Game(rules, dice_source="supplied", position=position)
    with pytest.raises(ValueError, match="players"):
        farkle.Game("classic", 3, position=farkle.GamePosition([1, 2]))
    with pytest.raises(TypeError):
        farkle.Game("classic", position=(9500, 9000))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        farkle.Game("classic", position=farkle.GamePosition(["9500", 9000]))  # type: ignore[list-item]
    with pytest.raises(ValueError):
        farkle.Game("classic", position=farkle.GamePosition([]))
    # Under a penalty a negative score and a streak below it are fine.
    ok = farkle.GamePosition([pp(-700, on_board=True, consecutive_farkles=2), 0])
    with farkle.Game("extended", dice_source="supplied", position=ok) as g:
        assert g.scores == (-700, 0) and g.player(0).consecutive_farkles == 2


def test_exact_target_refuses_and_the_multiplier_shows_in_the_state() -> None:
    # Classic to 1000 exactly: 1 1 1 5 from 0 is 1050, past it, so the bank is refused.
    rules = farkle.Rules(
        "classic", target_score=1000, min_entry_score=0,
        exact_target=farkle.ExactTarget.REFUSE, hot_dice_multiplier_step=1,
    )
    with supplied(rules) as g:
        assert g.state.turn_multiplier == 1
        g.roll([1, 1, 1, 5, 2, 3])
        g.select([0, 1, 2, 3])
        assert g.turn_points == 1050 and not g.state.can_bank
        with pytest.raises(farkle.BankNotAllowedError, match="exact target"):
            g.bank()
        assert g.turn_points == 1050 and g.current_player == 0
        # Roll on: 5 5 scores 100 x1 and empties the hand: hot dice, now x2.
        g.roll([5, 5])
        g.select([0, 1])
        assert g.turn_points == 1150 and g.state.turn_multiplier == 2
        # A 1 now counts 100 x 2 = 200: 1350, still past 1000.
        g.roll([1, 2, 3, 3, 4, 6])
        g.select([0])
        assert g.turn_points == 1350
        with pytest.raises(farkle.BankNotAllowedError):
            g.bank()


def test_the_original_preset_takes_a_straight_as_it_is_rolled() -> None:
    # The original C program: six dice 1 to 6 are a straight worth 3000, selected for the
    # player as they come; the dice come back (hot dice), and undo takes them back.
    rules = farkle.Rules(farkle.Preset.ORIGINAL)
    assert rules.straight == 3000 and rules.three_pairs == 2000
    assert rules.auto_take_straight_and_three_pairs
    with supplied("original") as g:
        g.roll([4, 2, 6, 1, 3, 5])
        assert g.phase == Phase.AWAITING_ROLL and g.turn_points == 3000
        selected, hot = g.events[-2], g.events[-1]
        assert selected.kind == EventKind.SELECTED and selected.automatic
        assert selected.points == 3000 and selected.mask == 0b111111
        assert hot.kind == EventKind.HOT_DICE and g.dice_in_hand == 6
        g.undo()
        assert g.phase == Phase.AWAITING_SELECTION and g.turn_points == 0
        g.select([3])                           # the 1: 100, picked by hand
        assert not g.events[-1].automatic and g.turn_points == 100


def test_piggybacking_takes_over_a_banked_turn() -> None:
    rules = farkle.Rules("classic", piggybacking=True, min_entry_score=0)
    with supplied(rules) as g:
        assert g.state.piggyback_dice == 0
        with pytest.raises(farkle.WrongPhaseError):
            g.piggyback()
        g.roll([1, 1, 5, 2, 3, 4])
        g.select([0, 1, 2])                     # 1, 1, 5: 250, 3 dice left
        g.roll([1, 2, 3])
        g.select([0])                           # the 1: 350, 2 dice left
        g.bank()
        s = g.state
        assert (s.piggyback_points, s.piggyback_dice) == (350, 2)
        g.piggyback()
        assert g.turn_points == 350 and g.dice_in_hand == 2
        e = g.events[-1]
        assert e.kind == EventKind.PIGGYBACKED and (e.points, e.dice_count) == (350, 2)
        g.roll([1, 5])
        g.select([0, 1])                        # 150 more: 500, hot dice
        assert g.turn_points == 500 and g.dice_in_hand == 6
        g.roll([1, 1, 1, 2, 3, 4])
        g.select([0, 1, 2])                     # three 1s: 1000 more
        g.bank()
        assert g.scores == (350, 1500)


def test_advice_declines_a_small_piggyback_offer() -> None:
    # Classic, no entry minimum: 300 with 1 die (three 2s and two 5s kept). Taking it rolls
    # the die: 1/6 each for 400 or 350 with 6 dice back, worth at most t + F each (F a fresh
    # turn's value), so at most (750 + 2F)/6 < F as F >= 243.4 (roll once and bank every
    # single and every triple of 2, 3, 4, 6: 150 + 1500 x 2906/46656). See
    # tests/strategy_bots.rs.
    rules = farkle.Rules("classic", piggybacking=True, min_entry_score=0)
    with supplied(rules) as g:
        g.roll([2, 2, 2, 5, 5, 3])
        g.select([0, 1, 2, 3, 4])
        g.bank()
        a = g.advise()
        assert [c.action for c in a.choices] == [Action.ROLL, Action.PIGGYBACK]
        fresh, take = a.choices
        assert a.recommended.action == Action.ROLL and take.points == 300
        assert fresh.value >= 243.4 and 125.0 <= take.value < fresh.value
        assert farkle.Game.loads(g.dumps()).dumps() == g.dumps()

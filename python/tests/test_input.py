# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Bad Python input raises TypeError or ValueError before any C call, and nothing a caller
does crashes the interpreter: closed handles, concurrent close and use, hostile values."""

from __future__ import annotations

import gc
import threading
import weakref
from typing import Any

import pytest

import farkle


class FakeNumpyInt:
    """Stands for a numpy integer: usable as an index, but not a Python int."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __add__(self, other: Any) -> "FakeNumpyInt":
        return FakeNumpyInt(self.value + int(other))

    __radd__ = __add__


BAD_FACES = [
    ([0], ValueError), ([7], ValueError), ([1, 2, -1], ValueError), ([2**64], ValueError),
    ([10**100], ValueError), ([None], TypeError), ([1.0], TypeError), (["1"], TypeError),
    ([FakeNumpyInt(1)], TypeError), (None, TypeError), (5, TypeError), (10**12, TypeError),
    ("123", TypeError), (1.5, TypeError), ([1] * 7, ValueError), (object(), TypeError),
    (memoryview(b"\x01"), TypeError),
]


@pytest.mark.parametrize("faces,error", BAD_FACES)
def test_bad_faces_are_refused_in_python(classic: farkle.Rules, faces: Any, error: type) -> None:
    for call in (classic.score, classic.points, classic.analyze, classic.selections):
        with pytest.raises(error):
            call(faces)
    with classic.scorer() as scorer, pytest.raises(error):
        scorer.score(faces)


def test_numpy_integers_are_refused_when_numpy_is_there(classic: farkle.Rules) -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError, match="int"):
        classic.score(np.array([1, 1, 1]))
    with pytest.raises(TypeError):
        classic.score([np.int64(1)])
    assert classic.score(np.array([1, 1, 1]).tolist()).points == 1000


def test_iterables_of_ints_are_accepted(classic: farkle.Rules) -> None:
    assert classic.score(iter([1, 5])).points == 150
    assert classic.score(bytes([1, 5])).points == 150
    assert classic.score(range(1, 7)).points == 1500


def test_rules_knobs_are_checked(classic: farkle.Rules) -> None:
    with pytest.raises(farkle.InvalidRulesError, match="dice") as e:
        farkle.Rules("classic", dice_count=13)
    assert isinstance(e.value, ValueError) and e.value.status == farkle.Status.INVALID_RULES
    with pytest.raises(farkle.InvalidRulesError):
        farkle.Rules("classic", dice_count=-1)
    with pytest.raises(ValueError):
        farkle.Rules("classic", straight=2**31)
    with pytest.raises(TypeError):
        farkle.Rules("classic", straight="1500")
    with pytest.raises(TypeError):
        farkle.Rules("classic", straight=None)
    with pytest.raises(ValueError, match="flag"):
        farkle.Rules("classic", hot_dice=2)
    with pytest.raises(TypeError):
        farkle.Rules("classic", hot_dice="yes")
    with pytest.raises(TypeError, match="no knob"):
        farkle.Rules("classic", no_such_knob=1)
    with pytest.raises(ValueError, match="kind_scaling"):
        farkle.Rules("classic", kind_scaling="sideways")
    with pytest.raises(farkle.UnknownPresetError, match="one of"):
        farkle.Rules("nope")
    with pytest.raises(farkle.UnknownPresetError):
        farkle.Rules(99)
    with pytest.raises(TypeError):
        farkle.Rules(None)  # type: ignore[arg-type]
    with pytest.raises(AttributeError, match="replace"):
        classic.target_score = 5  # type: ignore[misc]
    assert farkle.Rules("classic", hot_dice=0).hot_dice is False
    assert farkle.Rules("classic", kind_scaling="double").kind_scaling == farkle.KindScaling.DOUBLE


def test_rules_read_write_every_knob(classic: farkle.Rules) -> None:
    assert classic.knob_names() == tuple(classic.to_dict())
    assert classic.dice_count == 6 and classic.target_score == 10000 and classic.final_round is True
    changed = classic.replace(target_score=5000, min_entry_score=0)
    assert changed.target_score == 5000 and changed != classic and changed.preset is None
    assert classic.preset == farkle.Preset.CLASSIC
    assert farkle.Rules(**changed.to_dict()) == changed
    assert repr(changed) == "Rules('classic', min_entry_score=0, target_score=5000)"
    import pickle
    assert pickle.loads(pickle.dumps(changed)) == changed
    assert {classic: 1}[farkle.Rules("CLASSIC")] == 1
    assert farkle.Rules.presets() == (
        "classic", "extended", "doubling", "additive", "minimal", "zilch", "original"
    )


def test_other_arguments_are_checked(classic: farkle.Rules, tiny_table: farkle.WinTable) -> None:
    with pytest.raises(ValueError):
        classic.odds(0)
    with pytest.raises(ValueError):
        classic.odds(7)
    with pytest.raises(TypeError):
        classic.odds(True)
    with pytest.raises(ValueError):
        farkle.Game(classic, 0)
    with pytest.raises(ValueError):
        farkle.Game(classic, 65)
    with pytest.raises(ValueError, match="NUL"):
        farkle.Game(classic, ["a\0b"])
    with pytest.raises(TypeError):
        farkle.Game(classic, [1, 2])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        farkle.Game(classic, 2, seed=-1)
    with pytest.raises(ValueError):
        farkle.Game(classic, 2, seed=2**64)
    with pytest.raises(TypeError):
        farkle.Game(classic, 2, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        farkle.Game(classic, 2, dice_source="seeded")
    with pytest.raises(ValueError):
        farkle.simulate(classic, [], 10)
    with pytest.raises(ValueError):
        farkle.simulate(classic, ["win_optimal", "threshold"], 10)
    with pytest.raises(ValueError):
        farkle.simulate(classic, ["clever"], 10)
    with pytest.raises(ValueError):
        farkle.point_calculation([7, 0, 0, 0, 0, 0], [0] * 6, True)
    with pytest.raises(ValueError):
        farkle.point_calculation([1, 0, 0, 0, 0], [0] * 6, True)
    with pytest.raises(TypeError):
        farkle.point_calculation([1, 0, 0, 0, 0, 0], [0] * 6, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        farkle.WinTable.load(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        farkle.WinTable.load("bad\0path")
    with pytest.raises(TypeError):
        farkle.WinTable.from_bytes("text")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tiny_table.win_probability(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        tiny_table.decision(farkle.TurnState(farkle.Player(), farkle.Player(), 0, 0))
    with pytest.raises(TypeError):
        farkle.Game.loads(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        farkle.score_hands([1, 2], levels="high")  # type: ignore[arg-type]


def test_library_refusals_carry_the_library_message(tiny_table: farkle.WinTable) -> None:
    state = farkle.TurnState(farkle.Player(score=12345), farkle.Player(), 0, 3)
    with pytest.raises(farkle.InvalidArgumentError) as e:
        tiny_table.win_probability(state)
    assert e.value.message and str(e.value) == e.value.message
    with pytest.raises(farkle.InvalidSaveError, match=".") as e2:
        farkle.Game.loads("{}")
    assert e2.value.status == farkle.Status.INVALID_SAVE
    with pytest.raises(farkle.BadTableFileError):
        farkle.WinTable.from_bytes(b"not a table")


def test_handles_are_freed_once_and_refuse_use_after_close(classic: farkle.Rules) -> None:
    game = farkle.Game(classic, 2, seed=1)
    game.close()
    game.close()
    assert game.closed
    with pytest.raises(ValueError, match="closed"):
        game.roll()
    with pytest.raises(ValueError, match="closed"):
        game.state
    scorer = classic.scorer()
    with scorer:
        pass
    with pytest.raises(ValueError, match="closed"):
        scorer.score([1])
    policy = farkle.TurnPolicy(classic)
    policy.close()
    with pytest.raises(ValueError):
        policy.expected_points


def test_garbage_collection_frees_handles(classic: farkle.Rules) -> None:
    game = farkle.Game(classic, 2, seed=1)
    ref = weakref.ref(game)
    del game
    gc.collect()
    assert ref() is None
    for _ in range(2000):  # no leak or double free across many handles
        with farkle.Game(classic, 3, seed=2) as g:
            g.roll()
        classic.scorer()


def test_closing_while_other_threads_play_never_crashes(classic: farkle.Rules) -> None:
    for _ in range(20):
        game = farkle.Game(classic, 2, seed=3)
        errors: list = []

        def play() -> None:
            try:
                while True:
                    game.bot_play_turn("threshold")
            except ValueError:
                return  # closed
            except farkle.GameOverError:
                return
            except BaseException as e:  # pragma: no cover
                errors.append(e)

        threads = [threading.Thread(target=play) for _ in range(3)]
        for t in threads:
            t.start()
        game.close()
        for t in threads:
            t.join()
        assert not errors

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""What scoring returns: Score, Combination, RollAnalysis, Selection, PointCalculation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Tuple

from ._enums import CombinationKind, InvalidReason, member
from ._lowlevel import faces_of_counts, mask_indices, text
from ._native import lib


@dataclass(frozen=True)
class Combination:
    """One scoring combination of a selection."""

    kind: CombinationKind
    """What kind of combination it is."""
    face: int
    """The face naming it (single, of a kind, the four of a kind or the triple of a full
    house); 0 for straights, three pairs, two triplets and a no-score set."""
    dice: Tuple[int, ...]
    """Its dice, ascending."""
    dice_mask: int
    """Bit i set when the i-th die of the faces scored belongs to it."""
    points: int
    """What it scores."""

    @property
    def name(self) -> str:
        """The library's English name of the kind ("three pairs", ...)."""
        return text(lib.farkle_combination_kind_name(int(self.kind)))

    @property
    def indices(self) -> Tuple[int, ...]:
        """The positions of its dice among the faces scored."""
        return mask_indices(self.dice_mask)


def combination(c: Any) -> Combination:
    return Combination(
        member(CombinationKind, c.kind), c.face, faces_of_counts(c.counts), c.dice_mask, c.points
    )


def combinations(items: Any, count: int) -> Tuple[Combination, ...]:
    return tuple(combination(items[i]) for i in range(min(count, lib.FARKLE_MAX_DICE)))


class Score:
    """The score of a selection: `points` of the best partition of all its dice into
    scoring combinations, whether it is `valid` (every die scores), why not (`reason`, and
    the dice `leftover`), and the `combinations`.

    A value object (compared by its fields, hashable, immutable) that reads the library's
    result lazily: scoring costs the C call and little more."""

    __slots__ = ("_c", "_combinations")

    _c: Any
    _combinations: Tuple[Combination, ...]

    def __init__(self) -> None:  # pragma: no cover - made by the library only
        raise TypeError("Score values come from Rules.score() and Scorer.score()")

    @property
    def points(self) -> int:
        """Points of the best partition; 0 when not valid."""
        return self._c.points  # type: ignore[no-any-return]

    @property
    def valid(self) -> bool:
        """Whether every die takes part in a scoring combination."""
        return self._c.valid  # type: ignore[no-any-return]

    @property
    def reason(self) -> InvalidReason:
        """Why the selection is not valid (InvalidReason.NONE when it is)."""
        return member(InvalidReason, self._c.reason)  # type: ignore[return-value]

    @property
    def leftover_counts(self) -> Tuple[int, ...]:
        """For a non-scoring selection, the dice left over by the reading that scores the
        most dice, as counts of faces 1 to 6; all 0 otherwise."""
        return tuple(self._c.leftover_counts)

    @property
    def leftover(self) -> Tuple[int, ...]:
        """The same dice as faces, ascending."""
        return faces_of_counts(self._c.leftover_counts)

    @property
    def combinations(self) -> Tuple[Combination, ...]:
        """The combinations of the best partition (empty when not valid)."""
        try:
            return self._combinations
        except AttributeError:
            c = self._c
            self._combinations = combinations(c.combinations, c.combination_count)
            return self._combinations

    def _key(self) -> tuple:
        return (self.points, self.valid, self.reason, self.leftover_counts, self.combinations)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Score(points={self.points}, valid={self.valid}, reason={self.reason!r}, "
            f"leftover={self.leftover}, combinations={self.combinations})"
        )

    def __reduce__(self):  # type: ignore[no-untyped-def]
        raise TypeError("a Score is not picklable; keep the faces and score them again")

    def __copy__(self) -> "Score":
        return self  # immutable

    def __deepcopy__(self, memo: object) -> "Score":
        return self


_new_score = object.__new__


def score_from(out: Any) -> Score:
    """A Score over a FarkleScore the library has written (the caller's own copy)."""
    s = _new_score(Score)
    s._c = out
    return s


@dataclass(frozen=True)
class RollAnalysis:
    """What a roll offers."""

    is_farkle: bool
    """No selection scores: the turn is lost."""
    max_points: int
    """The most any selection of the roll scores (0 for a farkle)."""
    best_selection_mask: int
    """Dice (bit i = i-th die) of a selection scoring max_points, the most dice if several."""
    best_selection: Tuple[int, ...]
    """That selection's faces, ascending."""
    scoring_dice_mask: int
    """Dice that take part in at least one scoring selection."""

    @property
    def best_selection_indices(self) -> Tuple[int, ...]:
        """The positions in the roll of the best selection's dice."""
        return mask_indices(self.best_selection_mask)

    @property
    def scoring_indices(self) -> Tuple[int, ...]:
        """The positions in the roll of the dice that can score."""
        return mask_indices(self.scoring_dice_mask)


def roll_analysis(a: Any) -> RollAnalysis:
    return RollAnalysis(
        a.is_farkle,
        a.max_points,
        a.best_selection_mask,
        faces_of_counts(a.best_selection_counts),
        a.scoring_dice_mask,
    )


@dataclass(frozen=True)
class Selection:
    """One distinct scoring selection of a roll (what a player may set aside)."""

    dice_mask: int
    """Dice of the roll it takes (bit i = i-th die; the first dice of each face)."""
    dice: Tuple[int, ...]
    """Its faces, ascending."""
    points: int
    """What it scores."""

    @property
    def indices(self) -> Tuple[int, ...]:
        """The positions of its dice in the roll (for Game.select())."""
        return mask_indices(self.dice_mask)


def selections(items: Any, count: int) -> "list[Selection]":
    out = []
    for i in range(count):
        s = items[i]
        out.append(Selection(s.dice_mask, faces_of_counts(s.counts), s.points))
    return out


@dataclass(frozen=True)
class PointCalculation:
    """The result R(p, r') of point_calculation()."""

    points: int
    """The selection's points, 0, or the -1000 penalty."""
    roll_over: bool
    """Whether the player goes on rolling (False: the turn ends)."""

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The dice-hands scoring system: hands of a pool of up to 48 dice, levels and bonuses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence, Tuple, Union

from . import _lowlevel as low
from ._enums import HandKind, member, parse
from ._native import ffi, lib

_KINDS = lib.FARKLE_HAND_KINDS


def _default_levels() -> Tuple[Tuple[int, ...], int]:
    c = ffi.new("FarkleHandLevels *")
    low.check(lib.farkle_hands_levels_default(c))
    return tuple(c.levels), c.cap


def _default_bonuses() -> Any:
    c = ffi.new("FarkleHandBonuses *")
    low.check(lib.farkle_hands_bonuses_default(c))
    return c


@dataclass(frozen=True)
class HandLevels:
    """The level of every hand (levels[k - 1] for the hand numbered k) and the cap."""

    levels: Tuple[int, ...] = field(default_factory=lambda: _default_levels()[0])
    cap: int = field(default_factory=lambda: _default_levels()[1])

    @classmethod
    def of(cls, levels: Mapping[Union[HandKind, str], int], cap: Optional[int] = None) -> "HandLevels":
        """Levels given by hand: HandLevels.of({"pair": 2, HandKind.FULL_HOUSE: 1})."""
        base, default_cap = _default_levels()
        values = list(base)
        for hand, level in levels.items():
            values[int(parse(HandKind, hand, "hand")) - 1] = level
        return cls(tuple(values), default_cap if cap is None else cap)

    def level(self, hand: Union[HandKind, str]) -> int:
        """The level of one hand."""
        return self.levels[int(parse(HandKind, hand, "hand")) - 1]

    def _c(self) -> Any:
        if not isinstance(self.levels, (tuple, list)) or len(self.levels) != _KINDS:
            raise ValueError(f"levels must hold {_KINDS} levels, one per hand")
        c = ffi.new("FarkleHandLevels *")
        for i, v in enumerate(self.levels):
            c.levels[i] = low.u32(v, f"levels[{i}]")
        c.cap = low.u32(self.cap, "cap")
        return c


@dataclass(frozen=True)
class HandBonuses:
    """What is layered on the hands' sum: total = floor((hands + ability_bonus) *
    (100 + item_mult_bonus) / 100), then floor(total * score_mult / 100)."""

    ability_bonus: int = field(default_factory=lambda: _default_bonuses().ability_bonus)
    item_mult_bonus: int = field(default_factory=lambda: _default_bonuses().item_mult_bonus)
    """In hundredths: 100 is +1.0, doubling the total."""
    score_mult: int = field(default_factory=lambda: _default_bonuses().score_mult)
    """In hundredths: 100 is x1."""

    def _c(self) -> Any:
        c = ffi.new("FarkleHandBonuses *")
        c.ability_bonus = low.u64(self.ability_bonus, "ability_bonus")
        c.item_mult_bonus = low.u32(self.item_mult_bonus, "item_mult_bonus")
        c.score_mult = low.u32(self.score_mult, "score_mult")
        return c


@dataclass(frozen=True)
class Hand:
    """One hand of a scored pool."""

    kind: HandKind
    dice: Tuple[int, ...]
    """Its dice, ascending."""
    dice_sum: int
    base: int
    """The base it was scored with (for a Full House, its flat bonus)."""
    mult: int
    """The multiplier in hundredths (180 is x1.8; 0 for a Full House)."""
    score: int

    @property
    def name(self) -> str:
        """The hand's name ("Full House", ...)."""
        return hand_name(self.kind)


@dataclass(frozen=True)
class HandsResult:
    """A scored pool: the total after bonuses, the hands' sum before them, the hands
    (highest score first) and, for each die given, the index of its hand (None: in none)."""

    total: int
    hands_total: int
    hands: Tuple[Hand, ...]
    hand_of_die: Tuple[Optional[int], ...]


def score_hands(
    faces: Sequence[int], levels: Optional[HandLevels] = None, bonuses: Optional[HandBonuses] = None
) -> HandsResult:
    """Scores a pool of up to 48 dice with the dice-hands system: the non-overlapping hands
    with the highest total, then the bonuses."""
    data = low.dice(faces, lib.FARKLE_HANDS_MAX_DICE)
    lv = (levels if levels is not None else HandLevels())
    bn = (bonuses if bonuses is not None else HandBonuses())
    if not isinstance(lv, HandLevels) or not isinstance(bn, HandBonuses):
        raise TypeError("levels must be HandLevels and bonuses HandBonuses")
    hands = ffi.new("FarkleHand[]", lib.FARKLE_HANDS_MAX_HANDS)
    of_die = ffi.new("uint8_t[]", max(1, len(data)))
    result = ffi.new("FarkleHandsResult *")
    low.check(lib.farkle_hands_score(
        data, len(data), lv._c(), bn._c(), hands, len(hands), of_die, len(of_die), result))
    n = min(result.hand_count, len(hands))
    return HandsResult(
        result.total,
        result.hands_total,
        tuple(
            Hand(member(HandKind, h.kind), low.faces_of_counts(h.counts), h.dice_sum, h.base,  # type: ignore[arg-type]
                 h.mult, h.score)
            for h in (hands[i] for i in range(n))
        ),
        tuple(None if of_die[i] == lib.FARKLE_HANDS_NO_HAND else of_die[i] for i in range(len(data))),
    )


def hand_upgrade_cost(levels: HandLevels, hand: Union[HandKind, str]) -> int:
    """The cost of the next upgrade of `hand` at `levels`."""
    kind = parse(HandKind, hand, "hand")
    out = ffi.new("uint64_t *")
    low.check(lib.farkle_hands_upgrade_cost(levels._c(), int(kind), out))
    return out[0]  # type: ignore[no-any-return]


def hand_base_mult(hand: Union[HandKind, str], level: int, dice_count: int = 3) -> Tuple[int, int]:
    """The base and the multiplier (in hundredths) of `hand` at `level`; for X of a Kind,
    those of `dice_count` dice (3 to 48)."""
    kind = parse(HandKind, hand, "hand")
    low.u32(level, "level")
    low.u32(dice_count, "dice_count")
    base = ffi.new("uint64_t *")
    mult = ffi.new("uint32_t *")
    low.check(lib.farkle_hands_base_mult(int(kind), level, dice_count, base, mult))
    return base[0], mult[0]


def hand_name(hand: Union[HandKind, str]) -> str:
    """A hand's name ("Full House", ...)."""
    return low.text(lib.farkle_hands_name(int(parse(HandKind, hand, "hand"))))

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Cards: strategies a person can play from a few numbers, each priced exactly against a
win table's players (issue 35; docs/strategy.md, "Cards")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple, Union

from . import _lowlevel as low
from ._enums import Action, CardFamily, CardKeep, CardSituation, ValueKind, member, parse
from ._handles import Handle
from ._native import ffi, lib
from ._progress import Progress, Reporter

if TYPE_CHECKING:
    from ._strategy import WinTable

#: The largest threshold or band a card holds, in points.
MAX_CARD_POINTS: int = lib.FARKLE_CARD_MAX_POINTS

Threshold = Optional[int]
"""A threshold in points, or None: never bank with that many dice left."""


def _finish(status: int, reporter: Reporter) -> None:
    if status:
        reporter.raise_if_failed()
        low.fail(status)


def _table(table: object) -> Any:
    from ._strategy import WinTable

    if not isinstance(table, WinTable):
        raise TypeError(f"table must be a WinTable, not {type(table).__name__}")
    return table._handle()


def _threshold(t: object, name: str) -> int:
    if t is None:
        return int(lib.FARKLE_CARD_NEVER)
    return low.integer(t, name, 0, MAX_CARD_POINTS)


def _row(thresholds: object, name: str) -> List[int]:
    if isinstance(thresholds, (str, bytes)) or not hasattr(thresholds, "__len__"):
        raise TypeError(f"{name} must be a sequence of thresholds (int or None)")
    row = [_threshold(t, name) for t in thresholds]  # type: ignore[attr-defined]
    if not 1 <= len(row) <= lib.FARKLE_CARD_MAX_DICE:
        raise ValueError(f"{name} has {len(row)} thresholds; a card has 1 to {lib.FARKLE_CARD_MAX_DICE}")
    return row


@dataclass(frozen=True)
class CardValue:
    """A card's exact value against a table's players (Card.evaluate()); chances are
    probabilities (0.01 is one percentage point), a tie counted as a win shared."""

    seats: Tuple[float, ...]
    """The card's chance to win from the start in each seat (seat 0 moves first)."""
    optimal: Tuple[float, ...]
    """The table's own player's chance in each seat, against the same opponents."""
    chance: float
    """The card's chance averaged over the seats: what Card.best() maximizes."""
    fair_share: float
    """1 / players."""
    optimal_chance: float
    """Optimal play's chance averaged over the seats (the fair share, to rounding)."""
    price: float
    """optimal_chance - chance: what playing the card instead of optimally costs."""


def _value(v: Any) -> CardValue:
    n = v.player_count
    return CardValue(tuple(v.seats[0:n]), tuple(v.optimal[0:n]), v.chance, v.fair_share,
                     v.optimal_chance, v.price)


class Card(Handle):
    """A strategy a person can play: when to bank (one threshold, one per count of dice
    left, or one per count of dice left in each CardSituation) and which dice to keep
    (CardKeep). Make one with Card.total(), Card.per_dice(), Card.situational(),
    Card.folk() or Card.best(); str(card) is the card as text a person can follow.
    Immutable: safe to share between threads. Every card also banks at the entry while off
    the board, rolls on in a final round until it leads, and banks whenever banking reaches
    the target."""

    __slots__ = ()
    _what = "Card"

    def __init__(self) -> None:
        raise TypeError("use Card.total(), Card.per_dice(), Card.situational(), Card.folk() "
                        "or Card.best()")

    @classmethod
    def _wrap(cls, raw: Any) -> "Card":
        c = object.__new__(cls)
        c._own(raw, lib.farkle_card_free)
        return c

    @staticmethod
    def _keep(keep: Union[CardKeep, str, int], reroll: int) -> Tuple[int, int]:
        k = parse(CardKeep, keep, "keep")
        return int(k), low.u32(reroll, "reroll")

    @classmethod
    def total(cls, threshold: int, keep: Union[CardKeep, str, int] = CardKeep.ALL,
              reroll: int = 0) -> "Card":
        """Bank once the turn reaches `threshold` points (0 to MAX_CARD_POINTS); keep by
        `keep`, `reroll` being the fewest dice left for CardKeep.SINGLE (0 otherwise)."""
        t = low.integer(threshold, "threshold", 0, MAX_CARD_POINTS)
        k, r = cls._keep(keep, reroll)
        out = ffi.new("FarkleCard **")
        low.check(lib.farkle_card_new_total(t, k, r, out))
        return cls._wrap(out[0])

    @classmethod
    def per_dice(cls, thresholds: Sequence[Threshold], keep: Union[CardKeep, str, int] = CardKeep.ALL,
                 reroll: int = 0) -> "Card":
        """Bank once the turn reaches `thresholds[d - 1]` with d dice left (None: never),
        one per die of the set the card is for."""
        row = _row(thresholds, "thresholds")
        k, r = cls._keep(keep, reroll)
        out = ffi.new("FarkleCard **")
        low.check(lib.farkle_card_new_per_dice(ffi.new("uint32_t[]", row), len(row), k, r, out))
        return cls._wrap(out[0])

    @classmethod
    def situational(cls, rows: Sequence[Sequence[Threshold]], band: int, endgame: int,
                    keep: Union[CardKeep, str, int] = CardKeep.ALL, reroll: int = 0) -> "Card":
        """Four rows of thresholds (behind, level, ahead, endgame; each as for per_dice(),
        all of one length): behind or ahead means by more than `band` points, the endgame
        row applies once the highest score is within `endgame` of the target (0: never)."""
        if isinstance(rows, (str, bytes)) or not hasattr(rows, "__len__") or len(rows) != 4:
            raise ValueError("rows must be four rows: behind, level, ahead, endgame")
        parsed = [_row(r, "rows") for r in rows]
        if any(len(r) != len(parsed[0]) for r in parsed):
            raise ValueError("the four rows differ in length")
        b = low.integer(band, "band", 0, MAX_CARD_POINTS)
        e = low.integer(endgame, "endgame", 0, MAX_CARD_POINTS)
        k, r = cls._keep(keep, reroll)
        cells = ffi.new("uint32_t[]", [t for row in parsed for t in row])
        out = ffi.new("FarkleCard **")
        low.check(lib.farkle_card_new_situational(cells, len(parsed[0]), b, e, k, r, out))
        return cls._wrap(out[0])

    @classmethod
    def folk(cls, dice: int = 6) -> List[Tuple[str, "Card"]]:
        """The folk rules for a set of `dice` dice, with their names: bank at 300, 350, 500
        and 1,000; never roll 1 or 2 dice; the same with a bank at 300 otherwise."""
        d = low.integer(dice, "dice", 1, lib.FARKLE_CARD_MAX_DICE)
        cards = []
        for i in range(lib.FARKLE_CARD_FOLK_COUNT):
            out = ffi.new("FarkleCard **")
            low.check(lib.farkle_card_folk(d, i, out))
            cards.append((low.text(lib.farkle_card_folk_name(i)), cls._wrap(out[0])))
        return cards

    @classmethod
    def best(cls, table: "WinTable", family: Union[CardFamily, str, int] = CardFamily.TOTAL, *,
             progress: Progress = None) -> Tuple["Card", CardValue]:
        """The best card of `family` for the table's rules and players, with its value: a
        local search over its numbers and keep rule, each step an exact evaluation (seconds
        for small games, minutes for the classic preset to 10,000). `progress` as for
        WinTable.solve()."""
        f = int(parse(CardFamily, family, "family"))
        t = _table(table)
        out = ffi.new("FarkleCard **")
        value = ffi.new("FarkleCardValue *")
        with Reporter(progress, "card search") as rep:
            _finish(lib.farkle_card_best(t, f, rep.function, rep.user, out, value), rep)
        return cls._wrap(out[0]), _value(value)

    def _info(self) -> Any:
        out = ffi.new("FarkleCardInfo *")
        low.check(lib.farkle_card_info(self._handle(), out))
        return out

    @property
    def family(self) -> CardFamily:
        """How the card banks."""
        return member(CardFamily, self._info().family)  # type: ignore[no-any-return]

    @property
    def dice(self) -> Optional[int]:
        """The count of dice its rows are for; None for one threshold (any set)."""
        info = self._info()
        return None if info.family == lib.FARKLE_CARD_FAMILY_TOTAL else int(info.dice)

    @property
    def band(self) -> int:
        """A situational card's band (0 for the others)."""
        return int(self._info().band)

    @property
    def endgame(self) -> int:
        """A situational card's endgame band (0 for the others)."""
        return int(self._info().endgame)

    @property
    def keep(self) -> CardKeep:
        """Which dice it keeps."""
        return member(CardKeep, self._info().keep)  # type: ignore[no-any-return]

    @property
    def reroll(self) -> int:
        """For CardKeep.SINGLE, the fewest dice left for which it keeps one single; else 0."""
        return int(self._info().reroll)

    def threshold(self, dice_left: int, situation: Union[CardSituation, str, int] = CardSituation.LEVEL) -> Threshold:
        """The threshold it banks at with `dice_left` dice left in `situation` (None:
        never)."""
        s = int(parse(CardSituation, situation, "situation"))
        d = low.u32(dice_left, "dice_left")
        out = ffi.new("uint32_t *")
        low.check(lib.farkle_card_threshold(self._handle(), s, d, out))
        return None if out[0] == lib.FARKLE_CARD_NEVER else int(out[0])

    def row(self, situation: Union[CardSituation, str, int] = CardSituation.LEVEL,
            dice: Optional[int] = None) -> Tuple[Threshold, ...]:
        """The thresholds for 1, 2, ... dice left in `situation` (`dice` of them: the card's
        own count, or that many for a one-threshold card, 6 by default)."""
        n = self.dice or (6 if dice is None else dice)
        return tuple(self.threshold(d, situation) for d in range(1, n + 1))

    def evaluate(self, table: "WinTable", *, progress: Progress = None) -> CardValue:
        """The card's exact value against the table's players (the optimal opponent of a
        two-player table, the equilibrium of a three-player one)."""
        t = _table(table)
        out = ffi.new("FarkleCardValue *")
        with Reporter(progress, "card") as rep:
            _finish(lib.farkle_card_evaluate(self._handle(), t, rep.function, rep.user, out), rep)
        return _value(out)

    def __str__(self) -> str:
        h = self._handle()
        size = ffi.new("size_t *")
        status = lib.farkle_card_text(h, ffi.NULL, 0, size)
        if status != lib.FARKLE_STATUS_BUFFER_TOO_SMALL:
            low.check(status)
        buf = ffi.new("char[]", size[0])
        low.check(lib.farkle_card_text(h, buf, len(buf), size))
        return ffi.string(buf).decode("utf-8")  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        if self.closed:
            return "<Card (closed)>"
        family = low.text(lib.farkle_card_family_name(self._info().family))
        return f"<Card, {family}: {str(self).splitlines()[0]}>"


@dataclass(frozen=True)
class CoachNote:
    """The coach's note on a decision (Game.coach()): what the card plays, what optimal
    play plays, each valued with optimal play afterwards."""

    card_action: Action
    """What the card plays (ROLL, BANK or SELECT)."""
    card_dice_mask: int
    """SELECT: the dice the card keeps (bit i = the i-th die of the roll)."""
    optimal_action: Action
    """What optimal play plays."""
    optimal_dice_mask: int
    """SELECT: the dice optimal play keeps."""
    value_kind: ValueKind
    """What the values mean: a chance to win with a table that covers the game, expected
    points of the turn without one."""
    card_value: float
    """The value of the card's action."""
    optimal_value: float
    """The value of optimal play's action."""
    cost: float
    """optimal_value - card_value (0 when they agree; 0.01 of a chance is one percentage
    point)."""
    agrees: bool
    """Whether the card plays as optimal play does."""


def _coach_note(n: Any) -> CoachNote:
    return CoachNote(
        member(Action, n.card_action), n.card_dice_mask, member(Action, n.optimal_action),
        n.optimal_dice_mask, member(ValueKind, n.value_kind), n.card_value, n.optimal_value,
        n.cost, bool(n.agrees),
    )

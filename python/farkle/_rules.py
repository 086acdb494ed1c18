# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Rules (every knob of FarkleRules as an attribute), scoring, odds, and the prepared Scorer."""

from __future__ import annotations

import threading
from fractions import Fraction
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _lowlevel as low
from ._enums import ExactTarget, KindScaling, Preset, RulesFieldKind, member, parse
from ._errors import InvalidRulesError, UnknownPresetError
from ._native import ffi, lib
from ._handles import Handle
from ._scoring import (
    PointCalculation,
    RollAnalysis,
    Score,
    Selection,
    roll_analysis,
    selections,
)

_RULES_P = ffi.typeof("FarkleRules *")
_SCORE_P = ffi.typeof("FarkleScore *")
_INT32_P = ffi.typeof("int32_t *")
_new = ffi.new
_new_score = object.__new__
_translate = bytes.translate
_FACES = low.FACES
_face_error = low._face_error
_as_sequence = low._as_sequence
_fail = low.fail
_score_selection = lib.farkle_score_selection
_points = lib.farkle_points
_scorer_score = lib.farkle_scorer_score_selection
_scorer_points = lib.farkle_scorer_points

#: Knobs whose values are an enum of the header.
_ENUM_KNOBS = {"kind_scaling": KindScaling, "exact_target": ExactTarget}



def _knobs() -> Dict[str, Tuple[RulesFieldKind, str]]:
    """Each knob of FarkleRules as the library lists them (farkle_rules_field()), in the
    struct's order: what it holds and its description."""
    knobs: Dict[str, Tuple[RulesFieldKind, str]] = {}
    field = ffi.new("FarkleRulesField *")
    for index in range(lib.farkle_rules_field_count()):
        low.check(lib.farkle_rules_field(index, field))
        name = low.text(field.name)
        if field.kind not in RulesFieldKind._value2member_map_:  # a new kind must be handled here first
            raise ImportError(f"FarkleRules.{name} holds an unexpected kind of value ({field.kind})")
        knobs[name] = (RulesFieldKind(field.kind), low.text(field.description))
    return knobs


_KNOBS = _knobs()
# The values of the C type of each kind; the library judges the values themselves.
_RANGES = {
    RulesFieldKind.INT32: (-(1 << 31), (1 << 31) - 1),
    RulesFieldKind.UINT32: (0, (1 << 32) - 1),
    RulesFieldKind.ENUM: (0, (1 << 32) - 1),
}


def preset_names() -> Tuple[str, ...]:
    """The presets' names, in number order ("classic", "extended", ...)."""
    names: List[str] = []
    number = 0
    while True:
        name = lib.farkle_rules_preset_name(number)
        if name == ffi.NULL:
            return tuple(names)
        names.append(low.text(name))
        number += 1


def _preset_number(preset: object) -> int:
    if isinstance(preset, Preset):
        return int(preset)
    if type(preset) is str:
        number = ffi.new("uint32_t *")
        status = lib.farkle_rules_preset_from_name(low.encode_text(preset, "preset"), number)
        if status:
            raise UnknownPresetError(
                f"unknown rules preset {preset!r}; one of: {', '.join(preset_names())}", status
            )
        return int(number[0])
    if type(preset) is int:
        if preset not in Preset._value2member_map_:
            raise UnknownPresetError(f"{preset} is not a preset number", lib.FARKLE_STATUS_UNKNOWN_PRESET)
        return preset
    raise TypeError(f"preset must be a name, a Preset or its number, not {type(preset).__name__}")


def _store(c: Any, name: str, value: object) -> None:
    """Writes one knob after checking its Python type and its C type's range."""
    knob = _KNOBS.get(name)
    if knob is None:
        raise TypeError(f"Rules has no knob {name!r}")
    kind = knob[0]
    if kind == RulesFieldKind.FLAG:
        setattr(c, name, int(low.flag(value, name)))
        return
    if name in _ENUM_KNOBS:
        value = int(parse(_ENUM_KNOBS[name], value, name))
    lo, hi = _RANGES[kind]
    setattr(c, name, low.integer(value, name, lo, hi))


def _validate(c: Any) -> None:
    message = ffi.new("char[]", 512)
    status = lib.farkle_rules_validate(c, message, len(message))
    if status:
        raise InvalidRulesError(low.text(message), status)


class Rules:
    """A rules value: every scoring combination and game option of FarkleRules, each an
    attribute (`rules.target_score`, `rules.hot_dice`, ...). Start from a preset by name and
    change knobs by keyword; the value is checked at once and a rules value that makes no
    sense raises InvalidRulesError saying why::

        rules = Rules("classic", target_score=5000)
        rules.score([1, 1, 1, 5, 5, 2])      # Score(points=..., valid=False, ...)
        other = rules.replace(hot_dice=False)

    Immutable and hashable; compare with ==. Point values of 0 disable a combination. The
    flags are bools; `kind_scaling` is a KindScaling and `exact_target` an ExactTarget (or
    their names)."""

    __slots__ = ("_c", "_n", "__weakref__")

    _c: Any  # the FarkleRules the library reads
    _n: int  # dice_count, cached: the scoring calls check lengths against it

    # The knobs, for type checkers and readers; at run time each is a property made from
    # the library's list of fields (a knob added there is an attribute here at once).
    dice_count: int
    single_one: int
    single_five: int
    triple_ones: int
    triple_face_multiplier: int
    kind_scaling: KindScaling
    four_of_a_kind: int
    five_of_a_kind: int
    six_of_a_kind: int
    six_ones: int
    straight: int
    straight_low: int
    straight_high: int
    three_pairs: int
    three_pairs_with_four_of_a_kind: bool
    four_of_a_kind_and_pair: int
    two_triplets: int
    full_house_bonus: int
    no_score_set: int
    min_entry_score: int
    min_bank_score: int
    target_score: int
    final_round: bool
    turn_limit: int
    farkle_penalty_streak: int
    farkle_penalty_points: int
    farkle_penalty_loses_all: bool
    hot_dice: bool
    three_pairs_of_one_face: bool
    two_triplets_of_one_face: bool
    singles_only_before_entry: bool
    hot_dice_multiplier_step: int
    exact_target: ExactTarget
    piggybacking: bool

    def __init__(self, preset: Union[str, Preset, int] = "classic", **knobs: Any) -> None:
        c = _new(_RULES_P)
        low.check(lib.farkle_rules_preset(_preset_number(preset), c))
        for name, value in knobs.items():
            _store(c, name, value)
        _validate(c)
        object.__setattr__(self, "_c", c)
        object.__setattr__(self, "_n", c.dice_count)

    @classmethod
    def _from_c(cls, c: Any) -> "Rules":
        """Rules over a FarkleRules the library wrote (already valid)."""
        r = object.__new__(cls)
        object.__setattr__(r, "_c", c)
        object.__setattr__(r, "_n", c.dice_count)
        return r

    @staticmethod
    def presets() -> Tuple[str, ...]:
        """The presets' names: "classic", "extended", "doubling", "additive", "minimal",
        "zilch"."""
        return preset_names()

    @staticmethod
    def knob_names() -> Tuple[str, ...]:
        """Every knob's name, in the order of the C struct."""
        return tuple(_KNOBS)

    def replace(self, **knobs: Any) -> "Rules":
        """A copy with some knobs changed, checked like the constructor's."""
        c = _new(_RULES_P, self._c[0])
        for name, value in knobs.items():
            _store(c, name, value)
        _validate(c)
        return Rules._from_c(c)

    def to_dict(self) -> Dict[str, Any]:
        """Every knob and its value."""
        return {name: getattr(self, name) for name in _KNOBS}

    @property
    def preset(self) -> Optional[Preset]:
        """The preset these rules are exactly, or None."""
        for p in Preset:
            if self == Rules(p):
                return p
        return None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Rules are immutable: use rules.replace({name}=...)")

    def _key(self) -> Tuple[int, ...]:
        # Field by field: the padding bytes of a struct the library wrote are unspecified.
        c = self._c
        return tuple(getattr(c, name) for name in _KNOBS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        equal = ffi.new("bool *")
        low.check(lib.farkle_rules_equal(self._c, other._c, equal))
        return bool(equal[0])

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        best = None
        for p in Preset:
            base = Rules(p)
            diff = {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}
            if best is None or len(diff) < len(best[1]):
                best = (p, diff)
        assert best is not None
        knobs = "".join(f", {k}={v!r}" for k, v in best[1].items())
        return f"Rules({best[0].name.lower()!r}{knobs})"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (_rules_from_dict, (self.to_dict(),))

    # Scoring -----------------------------------------------------------------------------
    #
    # score() and points(), here and on Scorer, check the faces inline rather than through a
    # shared helper on purpose: these are the calls measured against bare cffi
    # (docs/benchmarks.md), and one more Python call per call costs about as much as the C
    # call itself. Keep the four copies of the check identical.

    def score(self, faces: Sequence[int]) -> Score:
        """Scores a selection of dice (a sequence of ints 1 to 6, at most dice_count):
        the points of the best partition of all of them into combinations, or why they do
        not score as a whole. Wrong types raise TypeError, faces outside 1..6 or too many
        dice ValueError, before the library is called."""
        if type(faces) is not list and type(faces) is not tuple:
            faces = _as_sequence(faces, "faces")
        n = len(faces)
        if n > self._n:
            raise ValueError(f"{n} dice given; these rules have {self._n}")
        try:
            data = bytes(faces)
        except (TypeError, ValueError):
            raise _face_error(faces, "faces") from None
        # bytes() takes anything with __index__ in 0..255: keep Python ints 1..6 only (a
        # numpy integer among them makes the sum a numpy integer).
        if _translate(data, None, _FACES) or type(sum(faces)) is not int:
            raise _face_error(faces, "faces")
        out = _new(_SCORE_P)
        status = _score_selection(self._c, data, n, out)
        if status:
            _fail(status)
        s = _new_score(Score)
        s._c = out
        return s

    def points(self, faces: Sequence[int]) -> int:
        """The points of a selection that scores as a whole; 0 when some die does not (or
        for no dice). The lean form of score()."""
        if type(faces) is not list and type(faces) is not tuple:
            faces = _as_sequence(faces, "faces")
        n = len(faces)
        if n > self._n:
            raise ValueError(f"{n} dice given; these rules have {self._n}")
        try:
            data = bytes(faces)
        except (TypeError, ValueError):
            raise _face_error(faces, "faces") from None
        if _translate(data, None, _FACES) or type(sum(faces)) is not int:
            raise _face_error(faces, "faces")
        try:
            out = _thread.points
        except AttributeError:
            out = _thread.points = _new(_INT32_P)
        status = _points(self._c, data, n, out)
        if status:
            _fail(status)
        return out[0]  # type: ignore[no-any-return]

    def analyze(self, roll: Sequence[int]) -> RollAnalysis:
        """What a roll offers: farkle or not, its most points and a selection reaching them,
        and which dice can score."""
        data = low.dice(roll, self._c.dice_count, "roll")
        out = _new("FarkleRollAnalysis *")
        low.check(lib.farkle_roll_analyze(self._c, data, len(data), out))
        return roll_analysis(out)

    def selections(self, roll: Sequence[int]) -> List[Selection]:
        """Every distinct scoring selection of a roll, best first (more points, then more
        dice)."""
        data = low.dice(roll, self._c.dice_count, "roll")
        out = _new("FarkleSelection[]", lib.FARKLE_MAX_SELECTIONS)
        count = _new("size_t *")
        low.check(lib.farkle_roll_selections(self._c, data, len(data), out, len(out), count))
        return selections(out, count[0])

    def scorer(self) -> "Scorer":
        """A Scorer prepared for these rules (the fastest way to score many selections)."""
        return Scorer(self)

    # Odds and strategy ------------------------------------------------------------------

    def odds(self, dice: int) -> "Odds":
        """The exact odds of rolling `dice` dice (1 to dice_count): farkle and hot dice
        probabilities as Fractions."""
        low.integer(dice, "dice", 1, self._c.dice_count)
        out = _new("FarkleOdds *")
        low.check(lib.farkle_odds(self._c, dice, out))
        return Odds(
            dice,
            Fraction(out.farkle_numerator, out.farkle_denominator),
            Fraction(out.hot_dice_numerator, out.hot_dice_denominator),
        )

    def max_points_distribution(self, dice: int) -> Dict[int, Fraction]:
        """The exact distribution of the most points a roll of `dice` dice offers: points
        (0 for a farkle) to probability, ascending points."""
        low.integer(dice, "dice", 1, self._c.dice_count)
        count = _new("size_t *")
        status = lib.farkle_odds_max_points(self._c, dice, ffi.NULL, 0, count)
        if status != lib.FARKLE_STATUS_BUFFER_TOO_SMALL:
            low.check(status)
        out = _new("FarklePointsProbability[]", max(1, count[0]))
        low.check(lib.farkle_odds_max_points(self._c, dice, out, len(out), count))
        return {out[i].points: Fraction(out[i].numerator, out[i].denominator) for i in range(count[0])}

    def __iter__(self) -> Iterator[Tuple[str, Any]]:
        """(knob, value) pairs, so dict(rules) works."""
        return iter(self.to_dict().items())


# A per-thread int32_t for the lean points calls (read at once, never kept).
_thread = threading.local()


def _rules_from_dict(knobs: Dict[str, Any]) -> Rules:
    return Rules("classic", **knobs)


def _knob_property(name: str) -> property:
    kind, description = _KNOBS[name]
    if kind == RulesFieldKind.FLAG:

        def get(self: Rules) -> Any:
            return bool(getattr(self._c, name))

    elif name in _ENUM_KNOBS:
        enum_type = _ENUM_KNOBS[name]

        def get(self: Rules) -> Any:
            return member(enum_type, getattr(self._c, name))

    else:

        def get(self: Rules) -> Any:
            return getattr(self._c, name)

    get.__name__ = name
    return property(get, doc=f"The FarkleRules knob {name}: {description}.")


for _name in _KNOBS:
    setattr(Rules, _name, _knob_property(_name))


from dataclasses import dataclass  # noqa: E402


@dataclass(frozen=True)
class Odds:
    """Exact odds of one roll of `dice` dice."""

    dice: int
    """Dice rolled."""
    farkle: Fraction
    """Probability that the roll farkles (no selection scores)."""
    hot_dice: Fraction
    """Probability that every die of the roll can be scored at once."""


class Scorer(Handle):
    """Scoring prepared for one rules value: no per-call rules check or cache lookup.
    Holds a library handle: use it as a context manager or call close() to free it at once
    (it is also freed when garbage collected). Immutable: safe to share between threads."""

    __slots__ = ("_dice", "rules")
    _what = "Scorer"

    def __init__(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        out = _new("FarkleScorer **")
        low.check(lib.farkle_scorer_new(rules._c, out))
        self._own(out[0], lib.farkle_scorer_free)
        self._dice: int = rules._n
        #: The rules it scores with.
        self.rules = rules

    def score(self, faces: Sequence[int]) -> Score:
        """As Rules.score()."""
        if type(faces) is not list and type(faces) is not tuple:
            faces = _as_sequence(faces, "faces")
        n = len(faces)
        if n > self._dice:
            raise ValueError(f"{n} dice given; these rules have {self._dice}")
        try:
            data = bytes(faces)
        except (TypeError, ValueError):
            raise _face_error(faces, "faces") from None
        if _translate(data, None, _FACES) or type(sum(faces)) is not int:
            raise _face_error(faces, "faces")
        h = self._h
        if h is None:
            raise ValueError("this Scorer is closed")
        out = _new(_SCORE_P)
        status = _scorer_score(h, data, n, out)
        if status:
            _fail(status)
        s = _new_score(Score)
        s._c = out
        return s

    def points(self, faces: Sequence[int]) -> int:
        """As Rules.points()."""
        if type(faces) is not list and type(faces) is not tuple:
            faces = _as_sequence(faces, "faces")
        n = len(faces)
        if n > self._dice:
            raise ValueError(f"{n} dice given; these rules have {self._dice}")
        try:
            data = bytes(faces)
        except (TypeError, ValueError):
            raise _face_error(faces, "faces") from None
        if _translate(data, None, _FACES) or type(sum(faces)) is not int:
            raise _face_error(faces, "faces")
        h = self._h
        if h is None:
            raise ValueError("this Scorer is closed")
        try:
            out = _thread.points
        except AttributeError:
            out = _thread.points = _new(_INT32_P)
        status = _scorer_points(h, data, n, out)
        if status:
            _fail(status)
        return out[0]  # type: ignore[no-any-return]

    def analyze(self, roll: Sequence[int]) -> RollAnalysis:
        """As Rules.analyze()."""
        data = low.dice(roll, self._dice, "roll")
        out = _new("FarkleRollAnalysis *")
        low.check(lib.farkle_scorer_roll_analyze(self._handle(), data, len(data), out))
        return roll_analysis(out)

    def selections(self, roll: Sequence[int]) -> List[Selection]:
        """As Rules.selections()."""
        data = low.dice(roll, self._dice, "roll")
        out = _new("FarkleSelection[]", lib.FARKLE_MAX_SELECTIONS)
        count = _new("size_t *")
        low.check(
            lib.farkle_scorer_roll_selections(self._handle(), data, len(data), out, len(out), count)
        )
        return selections(out, count[0])


def point_calculation(
    roll_counts: Sequence[int], selection_counts: Sequence[int], roll_over: bool
) -> PointCalculation:
    """The point calculation R(p, r') of the doubling rules: `roll_counts` and
    `selection_counts` count faces 1 to 6 in the roll and in the selection.

    Nothing selected: 0 and the turn ends (-1000 when rolling over); a selection not within
    the roll: -1000 and the turn ends; a selection that scores as a whole: its points and
    `roll_over` unchanged; otherwise 0 and the turn ends."""
    roll = low.counts(roll_counts, "roll_counts")
    selection = low.counts(selection_counts, "selection_counts")
    if sum(roll) > 6:
        raise ValueError(f"the roll has {sum(roll)} dice; the point calculation takes at most 6")
    over = low.flag(roll_over, "roll_over")
    out = _new("FarklePoints *")
    low.check(lib.farkle_point_calculation(roll, selection, over, out))
    return PointCalculation(out.points, out.roll_over)

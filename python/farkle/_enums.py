# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The header's enumerations as IntEnums. Member names are written here so tools can see
them; every value comes from the header (a test checks that each enum of the header has all
its constants here and no others)."""

from __future__ import annotations

import enum
from typing import Any

from ._native import lib


class Status(enum.IntEnum):
    """FarkleStatus: what a C call did. Every status other than OK is raised as its own
    subclass of FarkleError (see farkle.error_class())."""

    OK = lib.FARKLE_STATUS_OK
    PANIC = lib.FARKLE_STATUS_PANIC
    NULL_POINTER = lib.FARKLE_STATUS_NULL_POINTER
    INVALID_ARGUMENT = lib.FARKLE_STATUS_INVALID_ARGUMENT
    INVALID_FACE = lib.FARKLE_STATUS_INVALID_FACE
    TOO_MANY_DICE = lib.FARKLE_STATUS_TOO_MANY_DICE
    UNKNOWN_PRESET = lib.FARKLE_STATUS_UNKNOWN_PRESET
    INVALID_RULES = lib.FARKLE_STATUS_INVALID_RULES
    BUFFER_TOO_SMALL = lib.FARKLE_STATUS_BUFFER_TOO_SMALL
    WRONG_PHASE = lib.FARKLE_STATUS_WRONG_PHASE
    INDEX_OUT_OF_RANGE = lib.FARKLE_STATUS_INDEX_OUT_OF_RANGE
    DUPLICATE_INDEX = lib.FARKLE_STATUS_DUPLICATE_INDEX
    INVALID_SELECTION = lib.FARKLE_STATUS_INVALID_SELECTION
    BELOW_MINIMUM_ENTRY = lib.FARKLE_STATUS_BELOW_MINIMUM_ENTRY
    BELOW_MINIMUM_BANK = lib.FARKLE_STATUS_BELOW_MINIMUM_BANK
    GAME_OVER = lib.FARKLE_STATUS_GAME_OVER
    UNKNOWN_PLAYER = lib.FARKLE_STATUS_UNKNOWN_PLAYER
    INVALID_SAVE = lib.FARKLE_STATUS_INVALID_SAVE
    UNSUPPORTED_SAVE_VERSION = lib.FARKLE_STATUS_UNSUPPORTED_SAVE_VERSION
    NOTHING_TO_BANK = lib.FARKLE_STATUS_NOTHING_TO_BANK
    NOTHING_TO_UNDO = lib.FARKLE_STATUS_NOTHING_TO_UNDO
    HAND_EMPTY = lib.FARKLE_STATUS_HAND_EMPTY
    NO_DICE_GENERATOR = lib.FARKLE_STATUS_NO_DICE_GENERATOR
    WRONG_DICE_COUNT = lib.FARKLE_STATUS_WRONG_DICE_COUNT
    ENTROPY_UNAVAILABLE = lib.FARKLE_STATUS_ENTROPY_UNAVAILABLE
    PLAYER_DEPARTED = lib.FARKLE_STATUS_PLAYER_DEPARTED
    FORFEIT_NOT_ALLOWED = lib.FARKLE_STATUS_FORFEIT_NOT_ALLOWED
    NO_ROLL = lib.FARKLE_STATUS_NO_ROLL
    UNKNOWN_HAND = lib.FARKLE_STATUS_UNKNOWN_HAND
    HAND_LEVEL_ABOVE_CAP = lib.FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP
    UNSUPPORTED = lib.FARKLE_STATUS_UNSUPPORTED
    BAD_TABLE_FILE = lib.FARKLE_STATUS_BAD_TABLE_FILE
    IO = lib.FARKLE_STATUS_IO
    RESOURCE_LIMIT = lib.FARKLE_STATUS_RESOURCE_LIMIT
    CANCELLED = lib.FARKLE_STATUS_CANCELLED
    BANK_NOT_ALLOWED = lib.FARKLE_STATUS_BANK_NOT_ALLOWED


class Preset(enum.IntEnum):
    """The rules presets, one per source document, and the original C program as it plays
    (see the README's table)."""

    CLASSIC = lib.FARKLE_PRESET_CLASSIC
    EXTENDED = lib.FARKLE_PRESET_EXTENDED
    DOUBLING = lib.FARKLE_PRESET_DOUBLING
    ADDITIVE = lib.FARKLE_PRESET_ADDITIVE
    MINIMAL = lib.FARKLE_PRESET_MINIMAL
    ZILCH = lib.FARKLE_PRESET_ZILCH
    ORIGINAL = lib.FARKLE_PRESET_ORIGINAL


class KindScaling(enum.IntEnum):
    """How four or more of a kind score (Rules.kind_scaling)."""

    MULTIPLY = lib.FARKLE_KIND_SCALING_MULTIPLY
    """n of a kind = the triple x (n - 2)."""
    DOUBLE = lib.FARKLE_KIND_SCALING_DOUBLE
    """n of a kind = the triple x 2^(n - 3)."""
    FIXED = lib.FARKLE_KIND_SCALING_FIXED
    """Four, five, six of a kind are worth four_of_a_kind, five_of_a_kind, six_of_a_kind."""
    TRIPLE_ONLY = lib.FARKLE_KIND_SCALING_TRIPLE_ONLY
    """Only three of a kind; extra dice score on their own."""


class ExactTarget(enum.IntEnum):
    """Whether the target must be hit exactly (Rules.exact_target)."""

    OFF = lib.FARKLE_EXACT_TARGET_OFF
    """Any bank that reaches the target counts."""
    REFUSE = lib.FARKLE_EXACT_TARGET_REFUSE
    """A bank that would pass the target is refused; the player must roll on."""
    BUST = lib.FARKLE_EXACT_TARGET_BUST
    """A bank that would pass the target busts: the turn scores nothing."""


class InvalidReason(enum.IntEnum):
    """Why a selection does not score as a whole (Score.reason)."""

    NONE = lib.FARKLE_INVALID_REASON_NONE
    EMPTY = lib.FARKLE_INVALID_REASON_EMPTY
    NON_SCORING = lib.FARKLE_INVALID_REASON_NON_SCORING


class CombinationKind(enum.IntEnum):
    """The kind of a scoring combination (Combination.kind)."""

    SINGLE = lib.FARKLE_COMBINATION_KIND_SINGLE
    OF_A_KIND = lib.FARKLE_COMBINATION_KIND_OF_A_KIND
    STRAIGHT = lib.FARKLE_COMBINATION_KIND_STRAIGHT
    STRAIGHT_LOW = lib.FARKLE_COMBINATION_KIND_STRAIGHT_LOW
    STRAIGHT_HIGH = lib.FARKLE_COMBINATION_KIND_STRAIGHT_HIGH
    THREE_PAIRS = lib.FARKLE_COMBINATION_KIND_THREE_PAIRS
    FOUR_OF_A_KIND_AND_PAIR = lib.FARKLE_COMBINATION_KIND_FOUR_OF_A_KIND_AND_PAIR
    TWO_TRIPLETS = lib.FARKLE_COMBINATION_KIND_TWO_TRIPLETS
    FULL_HOUSE = lib.FARKLE_COMBINATION_KIND_FULL_HOUSE
    NO_SCORE_SET = lib.FARKLE_COMBINATION_KIND_NO_SCORE_SET


class Action(enum.IntEnum):
    """An action of the player to move (AdviceChoice.action)."""

    ROLL = lib.FARKLE_ACTION_ROLL
    SELECT = lib.FARKLE_ACTION_SELECT
    BANK = lib.FARKLE_ACTION_BANK
    ACKNOWLEDGE_FARKLE = lib.FARKLE_ACTION_ACKNOWLEDGE_FARKLE
    FORFEIT_TURN = lib.FARKLE_ACTION_FORFEIT_TURN
    PIGGYBACK = lib.FARKLE_ACTION_PIGGYBACK


class ValueKind(enum.IntEnum):
    """What the values of an Advice mean."""

    EXPECTED_POINTS = lib.FARKLE_VALUE_KIND_EXPECTED_POINTS
    """Expected points this turn (single-turn optimal play)."""
    WIN_PROBABILITY = lib.FARKLE_VALUE_KIND_WIN_PROBABILITY
    """The mover's P(win) at this table: a win table covers every active player, or this
    is the last turn of a final round with nobody to play after it (or the next player's,
    with a three-player table in a three-player game)."""
    HEAD_TO_HEAD_WIN_PROBABILITY = lib.FARKLE_VALUE_KIND_HEAD_TO_HEAD_WIN_PROBABILITY
    """The mover's P(win) in a two-player game against its strongest opponent (the guide
    of STRONGEST_OPPONENT where no table covers the game), not its chance at this table;
    in a last turn of a final round with others still to play, the chance to finish above
    the best other score (a tie counting its share), those players not modelled."""


class Phase(enum.IntEnum):
    """What a game is waiting for (Game.phase)."""

    AWAITING_ROLL = lib.FARKLE_GAME_PHASE_AWAITING_ROLL
    AWAITING_SELECTION = lib.FARKLE_GAME_PHASE_AWAITING_SELECTION
    FARKLED = lib.FARKLE_GAME_PHASE_FARKLED
    GAME_OVER = lib.FARKLE_GAME_PHASE_GAME_OVER


class DiceSource(enum.IntEnum):
    """Where a game's generated dice come from."""

    SEEDED = lib.FARKLE_DICE_SOURCE_SEEDED
    ENTROPY = lib.FARKLE_DICE_SOURCE_ENTROPY
    SUPPLIED = lib.FARKLE_DICE_SOURCE_SUPPLIED


class EventKind(enum.IntEnum):
    """The kind of a game event (Event.kind)."""

    TURN_STARTED = lib.FARKLE_EVENT_KIND_TURN_STARTED
    ROLLED = lib.FARKLE_EVENT_KIND_ROLLED
    SELECTED = lib.FARKLE_EVENT_KIND_SELECTED
    UNDONE = lib.FARKLE_EVENT_KIND_UNDONE
    HOT_DICE = lib.FARKLE_EVENT_KIND_HOT_DICE
    BANKED = lib.FARKLE_EVENT_KIND_BANKED
    FARKLED = lib.FARKLE_EVENT_KIND_FARKLED
    FARKLE_ACKNOWLEDGED = lib.FARKLE_EVENT_KIND_FARKLE_ACKNOWLEDGED
    TURN_FORFEITED = lib.FARKLE_EVENT_KIND_TURN_FORFEITED
    PENALTY = lib.FARKLE_EVENT_KIND_PENALTY
    FINAL_ROUND = lib.FARKLE_EVENT_KIND_FINAL_ROUND
    PLAYER_LEFT = lib.FARKLE_EVENT_KIND_PLAYER_LEFT
    GAME_OVER = lib.FARKLE_EVENT_KIND_GAME_OVER
    BUSTED = lib.FARKLE_EVENT_KIND_BUSTED
    PIGGYBACKED = lib.FARKLE_EVENT_KIND_PIGGYBACKED


class BotKind(enum.IntEnum):
    """A computer player (Game.bot_play_turn(), simulate())."""

    RANDOM_LEGAL = lib.FARKLE_BOT_KIND_RANDOM_LEGAL
    THRESHOLD = lib.FARKLE_BOT_KIND_THRESHOLD
    SINGLE_TURN_OPTIMAL = lib.FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL
    WIN_OPTIMAL = lib.FARKLE_BOT_KIND_WIN_OPTIMAL
    """Maximizes P(win) with a table that covers the game (two players with a two-player
    table, three with a three-player one); single-turn optimal otherwise."""
    STRONGEST_OPPONENT = lib.FARKLE_BOT_KIND_STRONGEST_OPPONENT
    """For games no table covers (four or more players, three without a three-player
    table): plays a two-player table against the opponent most likely to beat it."""


class CardFamily(enum.IntEnum):
    """A family of cards: how a Card decides when to bank."""

    TOTAL = lib.FARKLE_CARD_FAMILY_TOTAL
    """One threshold: bank once the turn reaches it."""
    PER_DICE = lib.FARKLE_CARD_FAMILY_PER_DICE
    """One threshold per count of dice left to roll."""
    SITUATIONAL = lib.FARKLE_CARD_FAMILY_SITUATIONAL
    """One threshold per count of dice left in each CardSituation."""


class CardKeep(enum.IntEnum):
    """Which dice a Card keeps from a scoring roll."""

    ALL = lib.FARKLE_CARD_KEEP_ALL
    """Every scoring die: the most points, then the most dice."""
    RATE = lib.FARKLE_CARD_KEEP_RATE
    """The dice that score the most per die kept."""
    SINGLE = lib.FARKLE_CARD_KEEP_SINGLE
    """Every scoring die, but when they all score as singles and keeping one leaves at least
    Card.reroll dice to roll, one die only (a 1 before a 5)."""


class CardSituation(enum.IntEnum):
    """The situation rows of a situational Card."""

    BEHIND = lib.FARKLE_CARD_SITUATION_BEHIND
    LEVEL = lib.FARKLE_CARD_SITUATION_LEVEL
    AHEAD = lib.FARKLE_CARD_SITUATION_AHEAD
    ENDGAME = lib.FARKLE_CARD_SITUATION_ENDGAME


class HandKind(enum.IntEnum):
    """A hand of the dice-hands scoring system (Hand.kind)."""

    HIGH_ROLL = lib.FARKLE_HAND_KIND_HIGH_ROLL
    PAIR = lib.FARKLE_HAND_KIND_PAIR
    TWO_PAIR = lib.FARKLE_HAND_KIND_TWO_PAIR
    X_OF_A_KIND = lib.FARKLE_HAND_KIND_X_OF_A_KIND
    SMALL_STRAIGHT = lib.FARKLE_HAND_KIND_SMALL_STRAIGHT
    FULL_HOUSE = lib.FARKLE_HAND_KIND_FULL_HOUSE
    ALL_ODD = lib.FARKLE_HAND_KIND_ALL_ODD
    ALL_EVEN = lib.FARKLE_HAND_KIND_ALL_EVEN
    LARGE_STRAIGHT = lib.FARKLE_HAND_KIND_LARGE_STRAIGHT
    THREE_PAIRS = lib.FARKLE_HAND_KIND_THREE_PAIRS
    TWO_TRIPLETS = lib.FARKLE_HAND_KIND_TWO_TRIPLETS
    FULL_RUN = lib.FARKLE_HAND_KIND_FULL_RUN
    PYRAMID = lib.FARKLE_HAND_KIND_PYRAMID


class RulesFieldKind(enum.IntEnum):
    """What a knob of FarkleRules holds (FarkleRulesField.kind)."""

    INT32 = lib.FARKLE_RULES_FIELD_KIND_INT32
    UINT32 = lib.FARKLE_RULES_FIELD_KIND_UINT32
    FLAG = lib.FARKLE_RULES_FIELD_KIND_FLAG
    ENUM = lib.FARKLE_RULES_FIELD_KIND_ENUM


#: Each enum with the prefix of its constants in the header (and the C enum's name).
HEADER_ENUMS = {
    Status: ("FarkleStatus", "FARKLE_STATUS_"),
    Preset: ("FarklePreset", "FARKLE_PRESET_"),
    KindScaling: ("FarkleKindScaling", "FARKLE_KIND_SCALING_"),
    ExactTarget: ("FarkleExactTarget", "FARKLE_EXACT_TARGET_"),
    InvalidReason: ("FarkleInvalidReason", "FARKLE_INVALID_REASON_"),
    CombinationKind: ("FarkleCombinationKind", "FARKLE_COMBINATION_KIND_"),
    Action: ("FarkleAction", "FARKLE_ACTION_"),
    ValueKind: ("FarkleValueKind", "FARKLE_VALUE_KIND_"),
    Phase: ("FarkleGamePhase", "FARKLE_GAME_PHASE_"),
    DiceSource: ("FarkleDiceSource", "FARKLE_DICE_SOURCE_"),
    EventKind: ("FarkleEventKind", "FARKLE_EVENT_KIND_"),
    BotKind: ("FarkleBotKind", "FARKLE_BOT_KIND_"),
    HandKind: ("FarkleHandKind", "FARKLE_HAND_KIND_"),
    CardFamily: ("FarkleCardFamily", "FARKLE_CARD_FAMILY_"),
    CardKeep: ("FarkleCardKeep", "FARKLE_CARD_KEEP_"),
    CardSituation: ("FarkleCardSituation", "FARKLE_CARD_SITUATION_"),
    RulesFieldKind: ("FarkleRulesFieldKind", "FARKLE_RULES_FIELD_KIND_"),
}


def member(enum_type: type, value: int) -> Any:
    """`value` as a member of `enum_type`, or the plain int when the library is newer than
    this package and returns a value it does not know."""
    try:
        return enum_type(value)  # type: ignore[no-any-return]
    except ValueError:
        return value


def parse(enum_type: type, value: object, name: str) -> int:
    """A member of `enum_type` given as a member, its name (any case) or its number."""
    if isinstance(value, enum_type):
        return value  # type: ignore[return-value]
    if type(value) is str:
        key = value.strip().upper().replace("-", "_").replace(" ", "_")
        try:
            return enum_type[key]  # type: ignore[index,no-any-return]
        except KeyError:
            names = ", ".join(m.name.lower() for m in enum_type)  # type: ignore[attr-defined]
            raise ValueError(f"unknown {name} {value!r}; one of: {names}") from None
    if type(value) is int:
        try:
            return enum_type(value)  # type: ignore[no-any-return]
        except ValueError:
            raise ValueError(f"{value} is not a {name} number") from None
    raise TypeError(
        f"{name} must be a {enum_type.__name__}, its name or number, not {type(value).__name__}"
    )

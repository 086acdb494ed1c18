# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""farkle: the Farkle dice-game engine, from Python.

A Pythonic layer over the C library (libfarkle, shipped inside this package and loaded
through cffi, with every declaration generated from the library's header at build time):

- Rules: presets by name, every knob an attribute; scoring (Rules.score() returns a Score),
  roll analysis, legal selections, exact odds as Fractions; Scorer for many scores.
- Game: a whole game with seeded, entropy or supplied dice; actions, state, rolls, events,
  advice, bots; save and load as str, bytes or files.
- Strategy: TurnPolicy (single-turn optimal play and the value of any position of a turn),
  WinTable (two-player optimal play and the three-player equilibrium, every seat's
  chances, with progress and cancellation), PenaltyPolicy and
  penalty_average_points() (the long-run policy under a penalty), simulate() for bot
  tournaments; Card (a strategy a person can play, priced exactly against a WinTable,
  the best of a family searched, played by Game.card_play_turn() and simulate(), and
  Game.coach() to compare it with optimal play at each decision).
- The dice-hands scorer (score_hands() and friends) and point_calculation().

Every failure the library reports raises a subclass of FarkleError with its explanation;
bad Python arguments raise TypeError or ValueError before any C call.
"""

from __future__ import annotations

from ._enums import (
    Action,
    BotKind,
    CardFamily,
    CardKeep,
    CardSituation,
    CombinationKind,
    DiceSource,
    EventKind,
    ExactTarget,
    HandKind,
    InvalidReason,
    KindScaling,
    Phase,
    Preset,
    Status,
    ValueKind,
)
from ._errors import (  # every exception class, one per status
    BadTableFileError,
    BankNotAllowedError,
    BelowMinimumBankError,
    BelowMinimumEntryError,
    BufferTooSmallError,
    CancelledError,
    DuplicateIndexError,
    EntropyUnavailableError,
    ForfeitNotAllowedError,
    GameOverError,
    HandEmptyError,
    HandLevelAboveCapError,
    IndexOutOfRangeError,
    InvalidArgumentError,
    InvalidFaceError,
    InvalidRulesError,
    InvalidSaveError,
    InvalidSelectionError,
    IoError,
    NoDiceGeneratorError,
    NoRollError,
    NothingToBankError,
    NothingToUndoError,
    NullPointerError,
    PanicError,
    PlayerDepartedError,
    ResourceLimitError,
    TooManyDiceError,
    UnknownHandError,
    UnknownPlayerError,
    UnknownPresetError,
    UnsupportedError,
    UnsupportedSaveVersionError,
    WrongDiceCountError,
    WrongPhaseError,
)
from ._errors import ERROR_CLASSES, FarkleError, IllegalActionError, error_class
from ._game import (
    Advice,
    AdviceChoice,
    Event,
    Game,
    GamePosition,
    GameState,
    PlayerPosition,
    PlayerState,
    TurnRoll,
)
from ._hands import (
    Hand,
    HandBonuses,
    HandLevels,
    HandsResult,
    hand_base_mult,
    hand_name,
    hand_upgrade_cost,
    score_hands,
)
from ._docs import document_fields as _document_fields
from ._lowlevel import text as _text
from ._native import ffi as _ffi
from ._native import lib as _lib
from ._progress import Progress, ProgressCallback
from ._rules import Odds, Rules, Scorer, point_calculation, preset_names
from ._scoring import Combination, PointCalculation, RollAnalysis, Score, Selection
from ._cards import MAX_CARD_POINTS, Card, CardValue, CoachNote
from ._strategy import (
    Choice,
    Decision,
    MoverDecision,
    PenaltyPolicy,
    Player,
    SimulationResult,
    TurnPolicy,
    TurnState,
    WinTable,
    penalty_average_points,
    simulate,
)

_document_fields(
    Advice, AdviceChoice, Choice, Combination, Decision, Event, GamePosition, GameState, Hand,
    HandBonuses, HandLevels, HandsResult, Odds, Player, PlayerPosition, PlayerState,
    PointCalculation, RollAnalysis, Selection, SimulationResult, TurnRoll, TurnState,
)

#: The version of the library this package loaded ("MAJOR.MINOR.PATCH").
__version__: str = _text(_lib.farkle_version_string())

if _lib.farkle_version_number() != _lib.FARKLE_VERSION_NUMBER:  # pragma: no cover
    raise ImportError(
        f"the bundled library is {__version__} but the bindings were generated from the "
        f"header of {_lib.FARKLE_VERSION_MAJOR}.{_lib.FARKLE_VERSION_MINOR}."
        f"{_lib.FARKLE_VERSION_PATCH}"
    )

#: Most dice in a rules value's set.
MAX_DICE: int = _lib.FARKLE_MAX_DICE
#: Most players in a game.
MAX_PLAYERS: int = _lib.FARKLE_MAX_PLAYERS


def status_message(status: int) -> str:
    """The library's static English description of a status number."""
    return _text(_lib.farkle_status_str(int(status)))


__all__ = [
    "__version__", "MAX_DICE", "MAX_PLAYERS", "MAX_CARD_POINTS",
    # cards
    "Card", "CardValue", "CoachNote",
    # enums
    "Action", "BotKind", "CardFamily", "CardKeep", "CardSituation", "CombinationKind",
    "DiceSource", "EventKind", "HandKind",
    "InvalidReason", "ExactTarget", "KindScaling", "Phase", "Preset", "Status", "ValueKind",
    # rules and scoring
    "Rules", "Scorer", "Score", "Combination", "RollAnalysis", "Selection", "Odds",
    "PointCalculation", "point_calculation", "preset_names",
    # games
    "Game", "GameState", "PlayerState", "TurnRoll", "Event", "Advice", "AdviceChoice",
    "GamePosition", "PlayerPosition",
    # strategy
    "TurnPolicy", "WinTable", "Choice", "Decision", "MoverDecision", "Player", "TurnState",
    "SimulationResult", "simulate", "penalty_average_points", "PenaltyPolicy", "Progress", "ProgressCallback",
    # dice hands
    "Hand", "HandBonuses", "HandLevels", "HandsResult", "score_hands", "hand_upgrade_cost",
    "hand_base_mult", "hand_name",
    # errors: the base classes, then one class per status (a test checks the list is whole)
    "FarkleError", "IllegalActionError", "error_class", "ERROR_CLASSES", "status_message",
    "BadTableFileError", "BankNotAllowedError", "BelowMinimumBankError",
    "BelowMinimumEntryError", "BufferTooSmallError", "CancelledError", "DuplicateIndexError",
    "EntropyUnavailableError", "ForfeitNotAllowedError", "GameOverError", "HandEmptyError",
    "HandLevelAboveCapError", "IndexOutOfRangeError", "InvalidArgumentError",
    "InvalidFaceError", "InvalidRulesError", "InvalidSaveError", "InvalidSelectionError",
    "IoError", "NoDiceGeneratorError", "NoRollError", "NothingToBankError",
    "NothingToUndoError", "NullPointerError", "PanicError", "PlayerDepartedError",
    "ResourceLimitError", "TooManyDiceError", "UnknownHandError", "UnknownPlayerError",
    "UnknownPresetError", "UnsupportedError", "UnsupportedSaveVersionError",
    "WrongDiceCountError", "WrongPhaseError",
]

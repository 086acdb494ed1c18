# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""One exception class per FarkleStatus, all under FarkleError.

Each carries the library's explanation (farkle_last_error_message(), or for a game
farkle_game_last_error()) as its message and the status as `.status`. Where a builtin
exception means the same thing (a bad value, an index, a file), the class also derives from
it, so `except ValueError` catches a refused rules value as it would any bad argument.
A status this module has no class for (a library newer than the package) gets one made from
its name at import, so every status maps to a class.
"""

from __future__ import annotations

from typing import Dict, Type

from ._enums import Status
from ._native import ffi


class FarkleError(Exception):
    """Base of every error the library reports. `status` is the FarkleStatus, `message`
    the library's explanation (also the exception's text)."""

    #: The status this class stands for (None on FarkleError itself).
    status_code: "Status | None" = None

    def __init__(self, message: str = "", status: "int | None" = None) -> None:
        code = self.status_code if status is None else status
        self.status: "Status | int | None" = code
        if code is not None:
            try:
                self.status = Status(code)
            except ValueError:
                pass
        self.message = message
        super().__init__(message)

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), (self.message, self.status))


class IllegalActionError(FarkleError):
    """A game action the rules do not allow now (wrong phase, below a minimum, nothing to
    bank or undo, ...): the game is unchanged."""


class PanicError(FarkleError):
    """An internal error (a Rust panic) was caught at the boundary; nothing was changed.
    Please report it."""


class NullPointerError(FarkleError, ValueError):
    """A required pointer was NULL (the Python layer never passes one)."""


class InvalidArgumentError(FarkleError, ValueError):
    """An argument is out of its documented range."""


class InvalidFaceError(FarkleError, ValueError):
    """A die value is outside 1..6."""


class TooManyDiceError(FarkleError, ValueError):
    """More dice than the rules' set holds."""


class UnknownPresetError(FarkleError, ValueError):
    """No rules preset has this name or number."""


class InvalidRulesError(FarkleError, ValueError):
    """The rules value makes no sense; the message says why."""


class BufferTooSmallError(FarkleError):
    """An output buffer was too small (the Python layer sizes them; never expected)."""


class WrongPhaseError(IllegalActionError):
    """The game is not in a phase that allows this action."""


class IndexOutOfRangeError(FarkleError, IndexError):
    """A die index is not an index into the current roll, or an index is past a list's end."""


class DuplicateIndexError(FarkleError, ValueError):
    """The same die index was given twice."""


class InvalidSelectionError(IllegalActionError, ValueError):
    """The selected dice do not score as a whole (the message names those left over)."""


class BelowMinimumEntryError(IllegalActionError):
    """The player is not on the board and the turn is below the minimum entry score."""


class BelowMinimumBankError(IllegalActionError):
    """The turn is below the minimum bank score."""


class GameOverError(IllegalActionError):
    """The game is over: no more actions."""


class UnknownPlayerError(FarkleError, IndexError):
    """No player has this number."""


class InvalidSaveError(FarkleError, ValueError):
    """The saved-game text is malformed, truncated, changed or breaks the format."""


class UnsupportedSaveVersionError(FarkleError, ValueError):
    """The saved game is of a format version this library does not read."""


class NothingToBankError(IllegalActionError):
    """No die of the current roll has scored yet."""


class NothingToUndoError(IllegalActionError):
    """No selection since the last roll to take back."""


class HandEmptyError(IllegalActionError):
    """Every die has scored and the rules have no hot dice: bank (or undo)."""


class NoDiceGeneratorError(IllegalActionError):
    """The game has no dice generator: roll with supplied dice."""


class WrongDiceCountError(FarkleError, ValueError):
    """The number of supplied dice differs from the dice in hand."""


class EntropyUnavailableError(FarkleError, OSError):
    """The operating system's entropy source failed; nothing changed."""


class PlayerDepartedError(IllegalActionError):
    """The player has already left the game."""


class ForfeitNotAllowedError(IllegalActionError):
    """A turn can be forfeited only when the player can neither roll nor bank."""


class NoRollError(IllegalActionError):
    """The current turn has no roll yet."""


class UnknownHandError(FarkleError, ValueError):
    """No hand of the dice-hands system has this number."""


class HandLevelAboveCapError(FarkleError, ValueError):
    """A hand level is above its cap (or would be after the upgrade)."""


class UnsupportedError(FarkleError):
    """The strategy solvers do not handle these (valid) rules."""


class BadTableFileError(FarkleError, ValueError):
    """A saved strategy table is malformed, corrupted, of another version, or does not
    follow from its rules."""


class IoError(FarkleError, OSError):
    """Reading or writing a file failed."""


class ResourceLimitError(FarkleError):
    """The call would need more memory or work than the library allows; the message names
    the quantity and the limit."""


class BankNotAllowedError(IllegalActionError):
    """The rules' exact target refuses a bank that would pass it: roll on."""


class CancelledError(FarkleError):
    """A progress callback returned False (or raised); the call stopped and changed nothing."""


def _class_name(status: Status) -> str:
    return "".join(part.capitalize() for part in status.name.split("_")) + "Error"


def _build_table() -> Dict[int, Type[FarkleError]]:
    table: Dict[int, Type[FarkleError]] = {}
    defined = {name: obj for name, obj in globals().items() if isinstance(obj, type)}
    for name, value in ffi.typeof("enum FarkleStatus").relements.items():
        if value == 0:
            continue
        try:
            status: "Status | int" = Status(value)
            class_name = _class_name(status)  # type: ignore[arg-type]
        except ValueError:  # a status newer than this package's enum
            status = value
            class_name = (
                "".join(p.capitalize() for p in name[len("FARKLE_STATUS_"):].split("_")) + "Error"
            )
        cls = defined.get(class_name)
        if cls is None:
            cls = type(class_name, (FarkleError,), {"__doc__": f"The status {name}."})
            globals()[class_name] = cls
        cls.status_code = status  # type: ignore[attr-defined,assignment]
        table[value] = cls
    return table


_BY_STATUS = _build_table()


def error_class(status: int) -> Type[FarkleError]:
    """The exception class of a status number (FarkleError for a number no status has)."""
    return _BY_STATUS.get(status, FarkleError)


def error_for(status: int, message: str) -> FarkleError:
    """An exception for `status` with `message` (the library's explanation)."""
    return error_class(status)(message or f"status {status}", status)


ERROR_CLASSES = dict(_BY_STATUS)

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The bindings maturin generated from include/farkle.h, and the checks every wrapper shares.

`ffi` and `lib` come from cffi's out-of-line ABI mode: every declaration, struct layout and
constant is read from the header at build time, nothing here repeats one. The helpers turn
Python values into C arguments only after checking them (types, ranges, lengths), so no
call ever hands the library a value it was not meant to see, and turn a failed status into
the matching exception with the library's own explanation.
"""

from __future__ import annotations

import os
from typing import Any, NoReturn, Optional, Sequence, Tuple, Union

from ._native import ffi, lib

FACES = b"\x01\x02\x03\x04\x05\x06"
MAX_DICE: int = lib.FARKLE_MAX_DICE

_U8 = (1 << 8) - 1
_U16 = (1 << 16) - 1
_U32 = (1 << 32) - 1
_U64 = (1 << 64) - 1
_I32 = (-(1 << 31), (1 << 31) - 1)
_I64 = (-(1 << 63), (1 << 63) - 1)


def text(ptr: Any) -> str:
    """A C string (NULL is "") as str."""
    if ptr == ffi.NULL:
        return ""
    return ffi.string(ptr).decode("utf-8", "replace")  # type: ignore[no-any-return]


def last_error() -> str:
    """farkle_last_error_message(): why the last failed call on this thread failed."""
    return text(lib.farkle_last_error_message())


def fail(status: int, message: Optional[str] = None) -> NoReturn:
    """Raises the exception of `status` with the library's explanation."""
    from ._errors import error_for

    raise error_for(status, last_error() if message is None else message)


def check(status: int) -> None:
    """Raises unless `status` is FARKLE_STATUS_OK."""
    if status:
        fail(status)


def _kind(value: object) -> str:
    return type(value).__name__


def integer(value: object, name: str, low: int, high: int) -> int:
    """`value` as an int in [low, high]: a Python int (not a bool, not a numpy integer,
    not a float), else TypeError; outside the range, ValueError."""
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, not {_kind(value)}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be between {low} and {high}, not {value}")
    return value


def u32(value: object, name: str) -> int:
    return integer(value, name, 0, _U32)


def i32(value: object, name: str) -> int:
    return integer(value, name, _I32[0], _I32[1])


def u64(value: object, name: str) -> int:
    return integer(value, name, 0, _U64)


def flag(value: object, name: str) -> bool:
    """A C flag (0 or 1): True, False, or the ints 0 and 1."""
    if type(value) is bool:
        return value
    if type(value) is int and value in (0, 1):
        return bool(value)
    if type(value) is int:
        raise ValueError(f"{name} is a flag: True or False (or 1 or 0), not {value}")
    raise TypeError(f"{name} must be a bool, not {_kind(value)}")


def _face_error(faces: Sequence[Any], name: str) -> Exception:
    """The exception for a sequence `bytes()` refused or that holds a value outside 1..6."""
    for i, face in enumerate(faces):
        if type(face) is not int:  # bool too: True is not a die
            return TypeError(
                f"{name}[{i}] must be an int from 1 to 6, not {_kind(face)}"
                + (" (convert with int() or .tolist())"
                   if hasattr(face, "__index__") and type(face) is not bool else "")
            )
        if not 1 <= face <= 6:
            return ValueError(f"{name}[{i}] is {face}: a die shows 1 to 6")
    return TypeError(f"{name} must be a sequence of ints from 1 to 6")


def _as_sequence(faces: object, name: str) -> Sequence[Any]:
    """The slow path of dice(): anything iterable but text, a number or a buffer of another
    item size becomes a list."""
    if faces is None or isinstance(faces, (str, int, float, complex)):
        raise TypeError(f"{name} must be a sequence of ints from 1 to 6, not {_kind(faces)}")
    if isinstance(faces, (bytes, bytearray)):
        return list(faces)
    if isinstance(faces, memoryview):
        raise TypeError(f"{name} must be a sequence of ints from 1 to 6, not a memoryview")
    try:
        items = list(faces)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"{name} must be a sequence of ints from 1 to 6, not {_kind(faces)}"
        ) from None
    return items


def dice(faces: object, limit: int, name: str = "faces") -> bytes:
    """`faces` (a list or tuple of ints 1..6, or any iterable of them) as bytes for C, at
    most `limit` of them; TypeError or ValueError otherwise."""
    if type(faces) is not list and type(faces) is not tuple:
        faces = _as_sequence(faces, name)
    if len(faces) > limit:  # type: ignore[arg-type]
        raise ValueError(f"{len(faces)} dice given; at most {limit} here")  # type: ignore[arg-type]
    try:
        data = bytes(faces)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise _face_error(faces, name) from None  # type: ignore[arg-type]
    # bytes() took every value with __index__ in 0..255: keep only Python ints 1..6 (a numpy
    # integer or a float-like would make the sum something other than an int; True passes
    # for a 1).
    if (
        data.translate(None, FACES)
        or type(sum(faces)) is not int  # type: ignore[arg-type]
        or bool in map(type, faces)  # type: ignore[arg-type]
    ):
        raise _face_error(faces, name)  # type: ignore[arg-type]
    return data


def counts(values: object, name: str) -> bytes:
    """Six counts (of faces 1 to 6), each 0..255, as bytes for C."""
    if type(values) is not list and type(values) is not tuple:
        values = _as_sequence(values, name)
    if len(values) != 6:  # type: ignore[arg-type]
        raise ValueError(f"{name} must hold 6 counts (of faces 1 to 6), not {len(values)}")  # type: ignore[arg-type]
    for i, v in enumerate(values):  # type: ignore[arg-type]
        integer(v, f"{name}[{i}]", 0, _U8)
    return bytes(values)  # type: ignore[arg-type]


def faces_of_counts(c: Any) -> Tuple[int, ...]:
    """The faces of six counts, ascending: (2, 0, 0, 0, 1, 0) -> (1, 1, 5)."""
    out: list = []
    for face in range(6):
        out.extend([face + 1] * c[face])
    return tuple(out)


def mask_indices(mask: int) -> Tuple[int, ...]:
    """The set bits of a dice mask: 0b101 -> (0, 2)."""
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def mask(value: object, name: str = "mask") -> int:
    return integer(value, name, 0, _U16)


def encode_text(value: object, name: str) -> bytes:
    """A str as NUL-terminated UTF-8 for C; NUL characters and unpaired surrogates refused."""
    if type(value) is not str:
        raise TypeError(f"{name} must be a str, not {_kind(value)}")
    if "\0" in value:
        raise ValueError(f"{name} holds a NUL character")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(f"{name} is not valid Unicode text: {e.reason}") from None


PathLike = Union[str, "os.PathLike[str]"]


def encode_path(path: object, name: str = "path") -> bytes:
    """A file system path as NUL-terminated UTF-8 for C."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{name} must be a str or os.PathLike, not {_kind(path)}")
    p = os.fspath(path)
    if not isinstance(p, str):
        raise TypeError(f"{name} must name a path as text, not {_kind(p)}")
    return encode_text(p, name)

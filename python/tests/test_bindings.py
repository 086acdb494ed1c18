# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The bindings agree with the library they load and cover its whole interface: struct
layouts, enums, statuses, and a wrapper for every exported function."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import farkle
from farkle import _enums
from farkle._native import ffi, lib


def _struct_names() -> list:
    return ffi.list_types()[1]


def test_every_struct_layout_matches_the_library() -> None:
    size, align = ffi.new("size_t *"), ffi.new("size_t *")
    checked = 0
    for name in _struct_names():
        try:
            expected = (ffi.sizeof(name), ffi.alignof(name))
        except ffi.error:  # an opaque handle: only pointers to it cross the boundary
            status = lib.farkle_struct_layout(name.encode(), size, align)
            assert status == farkle.Status.INVALID_ARGUMENT, name
            continue
        status = lib.farkle_struct_layout(name.encode(), size, align)
        assert status == farkle.Status.OK, f"the library reports no layout for {name}"
        assert (size[0], align[0]) == expected, name
        checked += 1
    assert checked >= 20


def test_an_unknown_struct_is_refused_with_its_name() -> None:
    size, align = ffi.new("size_t *"), ffi.new("size_t *")
    assert lib.farkle_struct_layout(b"FarkleNoSuchThing", size, align) == farkle.Status.INVALID_ARGUMENT
    assert "FarkleNoSuchThing" in ffi.string(lib.farkle_last_error_message()).decode()


def test_the_header_and_the_library_are_the_same_version(repo: Path) -> None:
    header = (repo / "include" / "farkle.h").read_text()
    version = re.search(r'#define FARKLE_VERSION_STRING "([^"]+)"', header)
    assert version is not None
    assert farkle.__version__ == version.group(1)
    assert lib.farkle_version_number() == lib.FARKLE_VERSION_NUMBER


@pytest.mark.parametrize("enum_type", list(_enums.HEADER_ENUMS))
def test_every_enum_matches_the_header(enum_type: type) -> None:
    c_name, prefix = _enums.HEADER_ENUMS[enum_type]
    constants = ffi.typeof(f"enum {c_name}").relements
    assert all(k.startswith(prefix) for k in constants)
    header = {k[len(prefix):]: v for k, v in constants.items()}
    ours = {m.name: m.value for m in enum_type}  # type: ignore[attr-defined]
    assert ours == header


def test_every_status_has_its_own_exception_class() -> None:
    seen = set()
    for status in farkle.Status:
        if status == farkle.Status.OK:
            continue
        cls = farkle.error_class(status)
        assert issubclass(cls, farkle.FarkleError) and cls is not farkle.FarkleError
        assert cls.status_code == status
        assert cls.__doc__
        assert getattr(farkle, cls.__name__) is cls
        seen.add(cls)
    assert len(seen) == len(farkle.Status) - 1
    assert farkle.status_message(farkle.Status.INVALID_FACE) == "a die value is outside 1 to 6"


def _header_functions(repo: Path) -> list:
    header = (repo / "include" / "farkle.h").read_text()
    # Declarations start a line (comments start with " *" or "/*").
    return sorted(set(re.findall(r"^[A-Za-z][^(\n]*?\b(farkle_\w+)\(", header, re.MULTILINE)))


# Functions with a wrapper that calls a sibling instead (same result, one more feature).
_COVERED_BY = {
    "farkle_game_new": "farkle_game_new_with",
    "farkle_turn_policy_new": "farkle_turn_policy_new_with_progress",
    "farkle_penalty_average_points": "farkle_penalty_average_points_with_progress",
    "farkle_penalty_policy_new": "farkle_penalty_policy_new_with_progress",
    "farkle_simulate": "farkle_simulate_with_progress",
    "farkle_win_table_solve": "farkle_win_table_solve_players",
    "farkle_struct_layout": "(the tests: layouts are checked above)",
}


def test_every_function_of_the_header_is_wrapped(repo: Path) -> None:
    sources = "".join(p.read_text() for p in Path(farkle.__file__).parent.glob("*.py"))
    missing = [
        name for name in _header_functions(repo)
        if f"lib.{name}" not in sources and name not in _COVERED_BY
    ]
    assert not missing, f"functions of include/farkle.h with no Python wrapper: {missing}"
    for name in _header_functions(repo):
        assert hasattr(lib, name), name


def test_every_public_name_is_documented() -> None:
    for name in farkle.__all__:
        obj = getattr(farkle, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            assert obj.__doc__, name
            for attr, value in vars(obj).items() if isinstance(obj, type) else []:
                if attr.startswith("_") or not (callable(value) or isinstance(value, property)):
                    continue
                assert getattr(value, "__doc__", None), f"{name}.{attr}"


def test_the_package_is_typed() -> None:
    assert (Path(farkle.__file__).parent / "py.typed").exists()


def test_the_type_hints_check_when_mypy_is_there() -> None:
    api = pytest.importorskip("mypy.api")
    package = str(Path(farkle.__file__).parent)
    out, err, status = api.run(["--ignore-missing-imports", "--no-incremental", package])
    assert status == 0, out + err

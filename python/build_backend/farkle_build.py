# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The package's build backend: maturin, after writing the header its cffi step reads.

maturin builds the Rust library and, for `bindings = "cffi"`, generates the Python
declarations (`farkle/_native/ffi.py`) from `<cargo target dir>/header.h` when that file
exists. This backend writes that file from the committed include/farkle.h (through
farkle_cdef.py: the C++ and attribute blocks dropped, integer macros kept) just before
handing every hook to maturin, so the bindings always follow the header of the library
being built. It pins the cargo target directory (CARGO_TARGET_DIR, default the crate's
target/) so that maturin reads the header where it was written, and so that a build
reuses what cargo built there before.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Dict, List, Optional

import maturin

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import farkle_cdef  # noqa: E402

_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _crate_dir() -> str:
    """The directory of the crate's Cargo.toml, from [tool.maturin] manifest-path."""
    try:
        import tomllib  # type: ignore[import-not-found]
    except ImportError:  # Python < 3.11
        import tomli as tomllib  # type: ignore[import-not-found,no-redef]
    with open(os.path.join(_HERE, "pyproject.toml"), "rb") as f:
        config = tomllib.load(f)
    manifest = config.get("tool", {}).get("maturin", {}).get("manifest-path", "Cargo.toml")
    return os.path.dirname(os.path.abspath(os.path.join(_HERE, manifest)))


def _write_header() -> None:
    crate = _crate_dir()
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(crate, "target")
    target = os.path.abspath(target)
    os.environ["CARGO_TARGET_DIR"] = target
    with open(os.path.join(crate, "include", "farkle.h"), encoding="utf-8") as f:
        declarations = farkle_cdef.cdef_from_header(f.read())
    os.makedirs(target, exist_ok=True)
    path = os.path.join(target, "header.h")
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(declarations)
    os.replace(path + ".tmp", path)


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    _write_header()
    return maturin.build_wheel(wheel_directory, config_settings, metadata_directory)  # type: ignore[no-any-return]


def build_editable(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    _write_header()
    return maturin.build_editable(wheel_directory, config_settings, metadata_directory)  # type: ignore[no-any-return]


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    return maturin.build_sdist(sdist_directory, config_settings)  # type: ignore[no-any-return]


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return maturin.get_requires_for_build_wheel(config_settings)  # type: ignore[no-any-return]


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return maturin.get_requires_for_build_editable(config_settings)  # type: ignore[no-any-return]


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return maturin.get_requires_for_build_sdist(config_settings)  # type: ignore[no-any-return]


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Optional[Dict[str, Any]] = None
) -> str:
    return maturin.prepare_metadata_for_build_wheel(metadata_directory, config_settings)  # type: ignore[no-any-return]


def prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: Optional[Dict[str, Any]] = None
) -> str:
    return maturin.prepare_metadata_for_build_editable(metadata_directory, config_settings)  # type: ignore[no-any-return]

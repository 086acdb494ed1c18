# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Type checkers see what users see: `mypy --strict` passes over a user's script that uses
every public name (typed_user_script.py), which also runs. mypy reported every name as "not
explicitly exported" (`__all__` was built by concatenation) and `with Game(...) as g` gave
`g: Any`. CI installs mypy; elsewhere the check is skipped without it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import farkle
from farkle._errors import ERROR_CLASSES

SCRIPT = Path(__file__).with_name("typed_user_script.py")


def _mypy_api():  # type: ignore[no-untyped-def]
    if os.environ.get("CI"):
        import mypy.api  # CI installs mypy: a missing one fails there rather than skips

        return mypy.api
    return pytest.importorskip("mypy.api")


def test_all_is_a_literal_list_of_every_public_name() -> None:
    source = (Path(farkle.__file__).parent / "__init__.py").read_text()
    assert "__all__ = [" in source and "+ sorted(" not in source
    errors = {cls.__name__ for cls in ERROR_CLASSES.values()}
    assert errors <= set(farkle.__all__)
    for name in farkle.__all__:
        assert hasattr(farkle, name), name
    public = {n for n in vars(farkle) if not n.startswith("_")} - {"annotations"}
    assert public - set(farkle.__all__) <= {name for name in public if name.islower() and
                                            not callable(getattr(farkle, name))}


def test_the_user_script_names_every_public_name() -> None:
    script = SCRIPT.read_text()
    missing = [n for n in farkle.__all__ if n != "__version__" and not re.search(rf"\b{n}\b", script)]
    assert not missing, missing


def test_the_user_script_passes_mypy_strict() -> None:
    api = _mypy_api()
    # The package is found on this interpreter's path. As for an installed package, errors
    # inside its own modules are not reported (cffi is untyped), only what the script sees.
    out, err, status = api.run([
        "--strict", "--no-incremental", "--follow-imports=silent",
        "--python-executable", sys.executable, str(SCRIPT),
    ])
    assert status == 0, out + err


def test_the_user_script_runs() -> None:
    out = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                         timeout=600, env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    assert "a die value is outside 1 to 6" in out.stdout


def test_with_blocks_keep_the_handle_type() -> None:
    api = _mypy_api()
    source = (
        "import farkle\n"
        "with farkle.Game() as g:\n"
        "    reveal_type(g)\n"
        "with farkle.Rules().scorer() as s:\n"
        "    reveal_type(s)\n"
    )
    out, err, status = api.run(["--strict", "--no-incremental", "--follow-imports=silent",
                                "--python-executable", sys.executable, "-c", source])
    assert 'Revealed type is "farkle._game.Game"' in out, out + err
    assert 'Revealed type is "farkle._rules.Scorer"' in out, out + err

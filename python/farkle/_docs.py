# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""help() for the package's dataclasses. Their fields are documented the way editors and
Sphinx read them, by a string right after each field, which help() does not show; this adds
them to each class's docstring as an "Attributes" list, read from the sources once at
import (a plain scan of the text, a millisecond; nothing changes when the sources are not
there)."""

from __future__ import annotations

import dataclasses
import re
import sys
from typing import Dict

# A field of a class body, `    name: type` (with or without a default), and the string on
# the lines right after it.
_FIELD = re.compile(r'^    (\w+): [^\n]*\n    """(.*?)"""', re.MULTILINE | re.DOTALL)


def _source(cls: type, sources: Dict[str, str]) -> str:
    """The text of `cls`'s body in its module's source ("" when not found)."""
    path = getattr(sys.modules.get(cls.__module__), "__file__", None) or ""
    if path not in sources:
        try:
            with open(path, encoding="utf-8") as f:
                sources[path] = f.read()
        except OSError:
            sources[path] = ""
    text = sources[path]
    start = re.search(rf"^class {cls.__name__}\b.*$", text, re.MULTILINE)
    if start is None:
        return ""
    end = re.search(r"^\S", text[start.end() + 1:], re.MULTILINE)
    return text[start.end(): start.end() + 1 + (end.start() if end else len(text))]


def document_fields(*classes: type) -> None:
    """Appends to each dataclass's docstring the list of its fields, with their docstrings."""
    sources: Dict[str, str] = {}
    for cls in classes:
        if not dataclasses.is_dataclass(cls):
            continue
        docs = {name: " ".join(doc.split()) for name, doc in _FIELD.findall(_source(cls, sources))}
        lines = []
        for field in dataclasses.fields(cls):
            kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
            doc = docs.get(field.name)
            lines.append(f"    {field.name} ({kind})" + (f": {doc}" if doc else ""))
        cls.__doc__ = (cls.__doc__ or "").rstrip() + "\n\nAttributes:\n" + "\n".join(lines)

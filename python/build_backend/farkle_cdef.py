# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Turn the committed C header, include/farkle.h, into declarations cffi can read.

cffi's parser takes plain C declarations: no comments it cannot skip, no conditional
compilation, no macros other than integer constants. The header is written so that little
stands between the two: every declaration is plain C99, every constant a `#define` of a
decimal number, and its only conditional blocks are for C++ (`extern "C"`) and for the
attribute behind FARKLE_MUST_USE. So this module drops the comments, the include guard, the
includes and those blocks, removes FARKLE_MUST_USE, keeps each integer `#define`, and leaves
every declaration as the header spells it. Nothing is copied by hand: a new function, struct
field or constant in the header is in the bindings at the next build.

Used by the package's build backend (which hands the result to maturin as the header of its
cffi bindings) and by the test harness that builds the package in place.

    python farkle_cdef.py HEADER OUTPUT.h          # the declarations, for maturin
    python farkle_cdef.py --ffi-py HEADER ffi.py   # cffi's out-of-line module, as maturin makes it
"""

from __future__ import annotations

import re
import sys
from typing import List

_DIRECTIVE = re.compile(r"^\s*#\s*(\w+)\s*(.*?)\s*$")
_INTEGER = re.compile(r"^(\w+)\s+(\d+)$")
# What the conditional blocks may hold: the C++ linkage and the attribute macro.
_CONDITIONAL = re.compile(r'^(extern "C" \{|\}|#\s*else|#\s*define FARKLE_MUST_USE\b.*)$')
_ATTRIBUTE = "FARKLE_MUST_USE"


class HeaderError(ValueError):
    """The header holds something these rules do not know how to translate."""


def strip_comments(text: str) -> str:
    """`text` without its C comments; string literals are kept as they are."""
    out: List[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[i : end + 1])
            i = end + 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise HeaderError("unterminated comment")
            # Keep the line count, so errors can name lines of the original.
            out.append("\n" * text.count("\n", i, end) or " ")
            i = end + 2
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        else:
            out.append(c)
            i += 1
    return "".join(out)


def cdef_from_header(header: str) -> str:
    """The declarations of `header` (the text of include/farkle.h) in the form cffi reads."""
    out: List[str] = []
    defines: List[str] = []
    depth = 0  # 1 inside the include guard, more inside a dropped conditional block
    for number, line in enumerate(strip_comments(header).split("\n"), start=1):
        m = _DIRECTIVE.match(line)
        directive, rest = (m.group(1), m.group(2)) if m else ("", "")
        if directive in ("if", "ifdef", "ifndef"):
            depth += 1
        elif directive == "endif":
            depth -= 1
        elif depth > 1:
            if line.strip() and not _CONDITIONAL.match(line.strip()):
                raise HeaderError(f"line {number}: a conditional block holds {line.strip()!r}")
        elif directive == "define":
            integer = _INTEGER.match(rest)
            if integer is not None:
                defines.append(f"#define {integer.group(1)} {integer.group(2)}")
            elif not (rest == "FARKLE_H" or re.match(r'^\w+\s+"[^"]*"$', rest)):
                raise HeaderError(f"line {number}: #define {rest!r} is not an integer constant")
        elif directive and directive != "include":
            raise HeaderError(f"line {number}: #{directive} is not expected in the header")
        elif not directive:
            out.append(line)
    if depth != 0:
        raise HeaderError("unbalanced #if and #endif")
    body = re.sub(rf"\b{_ATTRIBUTE}\b", "", "\n".join(out))
    # Blank runs collapse; cffi does not care, people reading a traceback do.
    body = re.sub(r"\n\s*\n+", "\n", body)
    return "\n".join(defines) + "\n" + body.strip() + "\n"


def make_ffi_py(header_path: str, output_path: str) -> None:
    """Writes cffi's out-of-line ABI module (`ffi.py`) for the header at `header_path`."""
    import cffi
    from cffi import recompiler

    with open(header_path, encoding="utf-8") as f:
        declarations = cdef_from_header(f.read())
    ffi = cffi.FFI()
    ffi.cdef(declarations)
    recompiler.make_py_source(ffi, "ffi", output_path)


def main(argv: List[str]) -> int:
    if len(argv) == 3 and argv[0] == "--ffi-py":
        make_ffi_py(argv[1], argv[2])
        return 0
    if len(argv) == 2:
        with open(argv[0], encoding="utf-8") as f:
            declarations = cdef_from_header(f.read())
        with open(argv[1], "w", encoding="utf-8") as f:
            f.write(declarations)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Turn the committed C header, include/farkle.h, into declarations cffi can read.

cffi's parser takes plain C declarations: no comments it cannot skip, no conditional
compilation, no macros other than integer constants. The header is written for C and C++
compilers, so this module evaluates its preprocessor lines the way a C99 compiler would
(no __cplusplus, __STDC_VERSION__ 199901L, no compiler extensions), drops the includes and
the attribute macro, turns every integer macro into a `#define NAME <number>` cffi accepts,
and leaves every declaration as the header spells it. Nothing is copied by hand: a new
function, struct field or constant in the header is in the bindings at the next build.

Used by the package's build backend (which hands the result to maturin as the header of its
cffi bindings) and by the test harness that builds the package in place.

    python farkle_cdef.py HEADER OUTPUT.h          # the declarations, for maturin
    python farkle_cdef.py --ffi-py HEADER ffi.py   # cffi's out-of-line module, as maturin makes it
"""

from __future__ import annotations

import ast
import re
import sys
from typing import Dict, List

# What a C99 compiler (not GCC or Clang extensions, not C++) sees.
_PREDEFINED: Dict[str, int] = {"__STDC_VERSION__": 199901}

_DIRECTIVE = re.compile(r"^\s*#\s*(\w+)\s*(.*?)\s*$")
_NUMBER = re.compile(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b")


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


def _evaluate(expr: str, macros: Dict[str, object], line: int) -> int:
    """The integer value of a preprocessor expression (in #if or a #define)."""
    expr = re.sub(r"defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+)",
                  lambda m: "1" if (m.group(1) or m.group(2)) in macros else "0", expr)
    expr = _NUMBER.sub(lambda m: str(int(m.group(1), 0)), expr)
    expr = expr.replace("&&", " and ").replace("||", " or ")
    expr = re.sub(r"!(?!=)", " not ", expr)
    tree = ast.parse(expr.strip(), mode="eval")

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Expression):
            return value(node.body)
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name):
            known = macros.get(node.id, 0)  # an undefined name is 0, as in C
            if not isinstance(known, int):
                raise HeaderError(f"line {line}: {node.id} is not an integer macro")
            return known
        if isinstance(node, ast.BoolOp):
            values = [value(v) for v in node.values]
            return int(all(values) if isinstance(node.op, ast.And) else any(values))
        if isinstance(node, ast.UnaryOp):
            operand = value(node.operand)
            ops = {ast.Not: lambda v: int(not v), ast.USub: lambda v: -v,
                   ast.UAdd: lambda v: v, ast.Invert: lambda v: ~v}
            return ops[type(node.op)](operand)
        if isinstance(node, ast.BinOp):
            a, b = value(node.left), value(node.right)
            ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
                   ast.Div: lambda: int(a / b), ast.FloorDiv: lambda: a // b,
                   ast.Mod: lambda: a % b, ast.LShift: lambda: a << b,
                   ast.RShift: lambda: a >> b, ast.BitOr: lambda: a | b,
                   ast.BitAnd: lambda: a & b, ast.BitXor: lambda: a ^ b}
            if type(node.op) not in ops:
                raise HeaderError(f"line {line}: unsupported operator in {expr!r}")
            return ops[type(node.op)]()
        if isinstance(node, ast.Compare):
            left = value(node.left)
            result = True
            for op, right_node in zip(node.ops, node.comparators):
                right = value(right_node)
                cmp = {ast.Eq: left == right, ast.NotEq: left != right,
                       ast.Lt: left < right, ast.LtE: left <= right,
                       ast.Gt: left > right, ast.GtE: left >= right}
                if type(op) not in cmp:
                    raise HeaderError(f"line {line}: unsupported comparison in {expr!r}")
                result = result and cmp[type(op)]
                left = right
            return int(result)
        raise HeaderError(f"line {line}: cannot evaluate {expr!r}")

    return value(tree)


def cdef_from_header(header: str) -> str:
    """The declarations of `header` (the text of include/farkle.h) in the form cffi reads."""
    text = strip_comments(header)
    macros: Dict[str, object] = dict(_PREDEFINED)
    empty: List[str] = []  # object-like macros that expand to nothing (FARKLE_MUST_USE)
    out: List[str] = []
    defines: List[str] = []
    # Each open conditional: (this branch is taken, some branch was taken, enclosing active).
    stack: List[List[bool]] = []
    active = True
    for number, line in enumerate(text.split("\n"), start=1):
        m = _DIRECTIVE.match(line)
        if m is None:
            if active:
                out.append(line)
            continue
        directive, rest = m.group(1), m.group(2)
        if directive in ("if", "ifdef", "ifndef"):
            if directive == "ifdef":
                cond = rest in macros
            elif directive == "ifndef":
                cond = rest not in macros
            else:
                cond = bool(_evaluate(rest, macros, number)) if active else False
            taken = active and cond
            stack.append([taken, taken, active])
            active = taken
        elif directive in ("elif", "else"):
            if not stack:
                raise HeaderError(f"line {number}: #{directive} without #if")
            frame = stack[-1]
            outer = frame[2]
            if directive == "else":
                taken = outer and not frame[1]
            else:
                taken = outer and not frame[1] and bool(_evaluate(rest, macros, number))
            frame[0] = taken
            frame[1] = frame[1] or taken
            active = taken
        elif directive == "endif":
            if not stack:
                raise HeaderError(f"line {number}: #endif without #if")
            active = stack.pop()[2]
        elif not active:
            continue
        elif directive == "include":
            continue  # cffi knows the standard types (bool, size_t, uint8_t, ...)
        elif directive == "define":
            dm = re.match(r"(\w+)(\([^)]*\))?\s*(.*)$", rest)
            if dm is None:
                raise HeaderError(f"line {number}: unreadable #define {rest!r}")
            name, params, body = dm.group(1), dm.group(2), dm.group(3).strip()
            if params is not None:
                raise HeaderError(f"line {number}: function-like macro {name} is not supported")
            if body == "":
                macros[name] = ""
                empty.append(name)
            elif body.startswith('"'):
                macros[name] = body  # a string (the version): not a cffi constant
            elif body.startswith("__attribute__"):
                macros[name] = body
                empty.append(name)  # an attribute: nothing for cffi
            else:
                value = _evaluate(body, macros, number)
                macros[name] = value
                defines.append(f"#define {name} {value}")
        elif directive in ("pragma", "undef", "error", "warning"):
            raise HeaderError(f"line {number}: #{directive} is not expected in the header")
        else:
            raise HeaderError(f"line {number}: unknown directive #{directive}")
    if stack:
        raise HeaderError("unterminated #if")
    body = "\n".join(out)
    for name in empty:
        body = re.sub(rf"\b{name}\b", "", body)
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

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""What the package's scoring costs beside a bare cffi call of the same C function.

    python3 python/benchmarks/bench_scoring.py [INPUTS] [ROUNDS]

For each scoring call, the same INPUTS random selections (1 to 6 dice, classic rules) are
scored three ways: by the package (a list of ints in, a Score or an int out, every argument
checked in Python); by a bare cffi call of the same C function with everything prepared in
advance (the faces already bytes, the output allocated once), the least a Python caller can
pay; and "as written", the cffi code a caller would write for a list of faces without the
package (bytes(faces), and a fresh result struct for a full score). Prints the median time
per call and the ratios; docs/benchmarks.md records the numbers. Run it against a release build
(an installed wheel).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any, Callable, List

import farkle
from farkle._native import ffi, lib


def per_call(loops: List[Callable[[], None]], count: int, rounds: int) -> List[float]:
    """The median time per call of each loop, the loops interleaved in every round so that
    a change in the machine's load falls on all of them alike."""
    times: List[List[float]] = [[] for _ in loops]
    for _ in range(rounds):
        for i, loop in enumerate(loops):
            start = time.perf_counter()
            loop()
            times[i].append((time.perf_counter() - start) / count)
    return [statistics.median(t) for t in times]


def main(argv: List[str]) -> None:
    count = int(argv[0]) if argv else 100_000
    rounds = int(argv[1]) if len(argv) > 1 else 7
    rng = random.Random(12)
    inputs = [[rng.randint(1, 6) for _ in range(rng.randint(1, 6))] for _ in range(count)]
    packed = [(bytes(f), len(f)) for f in inputs]

    rules = farkle.Rules("classic")
    scorer = rules.scorer()
    c_rules = ffi.new("FarkleRules *")
    assert lib.farkle_rules_preset(lib.FARKLE_PRESET_CLASSIC, c_rules) == 0
    c_scorer = ffi.new("FarkleScorer **")
    assert lib.farkle_scorer_new(c_rules, c_scorer) == 0
    score_out = ffi.new("FarkleScore *")
    points_out = ffi.new("int32_t *")

    def bare(fn: Any, first: Any, out: Any) -> Callable[[], None]:
        """The C function alone: faces already bytes, output allocated once."""
        def loop() -> None:
            for data, n in packed:
                fn(first, data, n, out)
        return loop

    def written(fn: Any, first: Any, out_type: Any) -> Callable[[], None]:
        """What a caller writes with cffi alone for a list of faces: bytes(faces), and for a
        full score a fresh result struct it can keep (a reused int for the points)."""
        if out_type is None:
            def loop() -> None:
                for faces in inputs:
                    fn(first, bytes(faces), len(faces), points_out)
        else:
            def loop() -> None:
                for faces in inputs:
                    fn(first, bytes(faces), len(faces), ffi.new(out_type))
        return loop

    def wrapped(fn: Callable[[List[int]], Any]) -> Callable[[], None]:
        def loop() -> None:
            for faces in inputs:
                fn(faces)
        return loop

    score_p = ffi.typeof("FarkleScore *")
    rows = [
        ("Rules.score()", "farkle_score_selection()", wrapped(rules.score),
         bare(lib.farkle_score_selection, c_rules, score_out),
         written(lib.farkle_score_selection, c_rules, score_p)),
        ("Rules.points()", "farkle_points()", wrapped(rules.points),
         bare(lib.farkle_points, c_rules, points_out),
         written(lib.farkle_points, c_rules, None)),
        ("Scorer.score()", "farkle_scorer_score_selection()", wrapped(scorer.score),
         bare(lib.farkle_scorer_score_selection, c_scorer[0], score_out),
         written(lib.farkle_scorer_score_selection, c_scorer[0], score_p)),
        ("Scorer.points()", "farkle_scorer_points()", wrapped(scorer.points),
         bare(lib.farkle_scorer_points, c_scorer[0], points_out),
         written(lib.farkle_scorer_points, c_scorer[0], None)),
    ]
    print(f"farkle {farkle.__version__}, Python {sys.version.split()[0]}, {count} selections "
          f"of 1-6 dice, median of {rounds} interleaved rounds (ns per call)")
    print(f"{'package call':16} {'ns':>5}   {'C function':33} {'bare':>5} {'ratio':>5}"
          f"   {'as written':>10} {'ratio':>5}")
    for name, c_name, mine, theirs, plain in rows:
        t_mine, t_bare, t_plain = per_call([mine, theirs, plain], count, rounds)
        print(f"{name:16} {t_mine * 1e9:5.0f}   {c_name:33} {t_bare * 1e9:5.0f} "
              f"{t_mine / t_bare:5.2f}   {t_plain * 1e9:10.0f} {t_mine / t_plain:5.2f}")
    lib.farkle_scorer_free(c_scorer[0])


if __name__ == "__main__":
    main(sys.argv[1:])

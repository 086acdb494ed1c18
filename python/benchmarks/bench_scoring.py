#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""What the package's scoring costs beside a bare cffi call of the same C function.

    python3 python/benchmarks/bench_scoring.py [INPUTS] [ROUNDS]

For each scoring call, the same INPUTS random selections (1 to 6 dice, classic rules) are
scored by the package (lists of ints in, a Score or an int out, every argument checked) and
by a bare call of the C function through cffi with everything prepared in advance (the
faces already bytes, the rules and the output already allocated), which is the least a
Python caller can pay. Prints the median of ROUNDS rounds per call and the ratio; the
README records the numbers. Run it against a release build (an installed wheel).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any, Callable, List

import farkle
from farkle._native import ffi, lib


def per_call(loop: Callable[[], None], count: int, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        loop()
        times.append((time.perf_counter() - start) / count)
    return statistics.median(times)


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
        def loop() -> None:
            for data, n in packed:
                fn(first, data, n, out)
        return loop

    def wrapped(fn: Callable[[List[int]], Any]) -> Callable[[], None]:
        def loop() -> None:
            for faces in inputs:
                fn(faces)
        return loop

    rows = [
        ("Rules.score()", "farkle_score_selection()", wrapped(rules.score),
         bare(lib.farkle_score_selection, c_rules, score_out)),
        ("Rules.points()", "farkle_points()", wrapped(rules.points),
         bare(lib.farkle_points, c_rules, points_out)),
        ("Scorer.score()", "farkle_scorer_score_selection()", wrapped(scorer.score),
         bare(lib.farkle_scorer_score_selection, c_scorer[0], score_out)),
        ("Scorer.points()", "farkle_scorer_points()", wrapped(scorer.points),
         bare(lib.farkle_scorer_points, c_scorer[0], points_out)),
    ]
    print(f"farkle {farkle.__version__}, Python {sys.version.split()[0]}, {count} selections "
          f"of 1-6 dice, median of {rounds} rounds")
    for name, c_name, mine, theirs in rows:
        t_mine = per_call(mine, count, rounds)
        t_bare = per_call(theirs, count, rounds)
        print(f"{name:16} {t_mine * 1e9:6.0f} ns/call   bare {c_name:33} {t_bare * 1e9:6.0f} ns/call"
              f"   ratio {t_mine / t_bare:4.2f}")
    lib.farkle_scorer_free(c_scorer[0])


if __name__ == "__main__":
    main(sys.argv[1:])

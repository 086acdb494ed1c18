#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""The farkle package from Python: score selections, then play seed 004's short game.

    pip install ./python        # once: builds the library and installs the package
    python3 examples/python/farkle_demo.py

Every result is checked against the value worked out by hand from the rules; the program
exits 1 on the first mismatch and prints "python demo: ok" at the end.
"""
import sys

try:
    import farkle
except ImportError:
    sys.exit("the farkle package is not installed: pip install ./python (from the repository)")

checks = 0


def expect(condition, what):
    global checks
    if not condition:
        print("python demo: FAILED:", what)
        sys.exit(1)
    checks += 1


def scoring():
    classic = farkle.Rules("classic")
    # Three 1s (1000) and two single 5s (50 each).
    s = classic.score([1, 1, 1, 5, 5])
    expect(s.valid and s.points == 1100 and len(s.combinations) == 3, "1 1 1 5 5 = 1100")
    print("1 1 1 5 5 ->", s.points, "points:", ", ".join(sorted(c.name for c in s.combinations)))
    # The 2 scores in no combination: invalid, and the 2 is named as left over.
    s = classic.score([1, 1, 1, 5, 5, 2])
    expect(not s.valid and s.points == 0 and s.leftover == (2,), "the 2 is left over")
    print("1 1 1 5 5 2 -> invalid, a 2 does not score")
    # Classic: a straight 1500, four 2s twice the triple (400), three pairs 1500.
    expect(classic.points([1, 2, 3, 4, 5, 6]) == 1500, "straight 1500")
    expect(classic.points([2, 2, 2, 2]) == 400, "four 2s 400")
    expect(classic.points([2, 2, 3, 3, 6, 6]) == 1500, "three pairs 1500")
    # A roll with no 1, no 5 and no triple is a farkle.
    a = classic.analyze([2, 3, 4, 6, 6, 3])
    expect(a.is_farkle and a.max_points == 0, "2 3 4 6 6 3 is a farkle")
    # Six dice farkle 1080 times in 46656 (5/216).
    expect(classic.odds(6).farkle == farkle.Rules("classic").odds(6).farkle and
           str(classic.odds(6).farkle) == "5/216", "six dice farkle 5/216")


def play():
    """Seed 004's examples 3 and 1 as Ann's and Bob's turns (additive rules, one turn each)."""
    rules = farkle.Rules("additive", turn_limit=1)
    with farkle.Game(rules, ["Ann", "Bob"], dice_source="supplied") as game:
        game.roll([1, 1, 1, 4, 6, 6])
        # Keeping the 4 too is refused, with the library's reason.
        try:
            game.select([0, 1, 2, 3])
            expect(False, "1 1 1 4 refused")
        except farkle.InvalidSelectionError as e:
            print("refused:", e)
        game.select([0, 1, 2])
        game.roll([1, 5, 5])
        game.select([0, 1, 2])
        s = game.state
        expect(s.turn_points == 1200 and s.dice_in_hand == 6 and s.turn_hot_dice == 1,
               "hot dice with 1200 in hand")
        game.roll([1, 1, 5, 3, 4, 4])
        game.select([0, 1, 2])
        game.bank()
        expect(game.player(0).score == 1450, "Ann banks 1450")

        game.roll([1, 2, 4, 4, 4, 5])
        game.select([2, 3, 4])
        game.roll([2, 2, 3])
        s = game.state
        expect(s.phase == farkle.Phase.FARKLED and s.turn_forfeited_points == 400, "Bob farkles")
        try:
            game.bank()
            expect(False, "no bank after a farkle")
        except farkle.WrongPhaseError:
            pass
        game.acknowledge_farkle()
        expect(game.is_over and game.winners == (0,), "Ann wins")
        print("game over: Ann %d, Bob %d" % game.scores)


if __name__ == "__main__":
    print("libfarkle", farkle.__version__, "from Python")
    scoring()
    play()
    print("python demo: ok (%d checks)" % checks)

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Computer players against each other: a seeded tournament, then the optimal player's
advice on one roll.

    python3 examples/python/bot_tournament.py [GAMES]
"""
import sys

import farkle

games = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
bots = ["single_turn_optimal", "threshold", "random_legal"]
result = farkle.simulate("classic", bots, games, seed=1, progress=True)
for i, bot in enumerate(result.bots):
    print(f"{bot.name.lower():20} win rate {result.win_rate(i):6.1%}  mean score {result.mean_points(i):8.0f}")

with farkle.Game("classic", ["Ann", "Bob"], dice_source="supplied") as game:
    game.roll([1, 5, 1, 4, 5, 3])
    advice = game.advise()
    best = advice.recommended
    print(f"on 1 5 1 4 5 3 keep dice {best.indices} ({best.points} points): "
          f"{best.value:.1f} expected this turn")

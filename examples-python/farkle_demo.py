#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""libfarkle from Python through ctypes: score selections, then play a short game.

    python3 farkle_demo.py [PATH/TO/libfarkle.so]

The library is found from the argument, else $FARKLE_LIB, else the system's loader path.
The structures below mirror include/farkle.h field for field (C enums are ints, bool is
_Bool, size_t is c_size_t). Every result is checked against the value worked out by hand
from the rules; the program exits 1 on the first mismatch and prints "python demo: ok" at
the end.
"""
import ctypes
import os
import sys
from ctypes import (POINTER, Structure, byref, c_bool, c_char_p, c_int, c_int32, c_int64,
                    c_size_t, c_uint8, c_uint16, c_uint32, c_uint64, c_void_p)

FARKLE_MAX_DICE = 12
STATUS_OK = 0
STATUS_WRONG_PHASE = 9
STATUS_INVALID_SELECTION = 12
PRESET_CLASSIC = 0
PRESET_ADDITIVE = 3
DICE_SOURCE_SUPPLIED = 2
PHASE_FARKLED = 2
PHASE_GAME_OVER = 3


class Rules(Structure):
    _fields_ = [
        ("dice_count", c_uint32), ("single_one", c_int32), ("single_five", c_int32),
        ("triple_ones", c_int32), ("triple_face_multiplier", c_int32),
        ("kind_scaling", c_uint32), ("four_of_a_kind", c_int32), ("five_of_a_kind", c_int32),
        ("six_of_a_kind", c_int32), ("six_ones", c_int32), ("straight", c_int32),
        ("straight_low", c_int32), ("straight_high", c_int32), ("three_pairs", c_int32),
        ("three_pairs_with_four_of_a_kind", c_uint8), ("four_of_a_kind_and_pair", c_int32),
        ("two_triplets", c_int32), ("full_house_bonus", c_int32), ("no_score_set", c_int32),
        ("min_entry_score", c_int32), ("min_bank_score", c_int32), ("target_score", c_int32),
        ("final_round", c_uint8), ("turn_limit", c_uint32), ("farkle_penalty_streak", c_uint32),
        ("farkle_penalty_points", c_int32), ("farkle_penalty_loses_all", c_uint8),
        ("hot_dice", c_uint8),
    ]


class Combination(Structure):
    _fields_ = [("kind", c_int), ("face", c_uint8), ("dice_count", c_uint8),
                ("counts", c_uint8 * 6), ("dice_mask", c_uint16), ("points", c_int32)]


class Score(Structure):
    _fields_ = [("points", c_int32), ("valid", c_bool), ("reason", c_int),
                ("leftover_counts", c_uint8 * 6), ("combination_count", c_size_t),
                ("combinations", Combination * FARKLE_MAX_DICE)]


class RollAnalysis(Structure):
    _fields_ = [("is_farkle", c_bool), ("max_points", c_int32),
                ("best_selection_mask", c_uint16), ("best_selection_counts", c_uint8 * 6),
                ("scoring_dice_mask", c_uint16)]


class GameState(Structure):
    _fields_ = [
        ("phase", c_int), ("current_player", c_uint32), ("round", c_uint32),
        ("player_count", c_uint32), ("active_player_count", c_uint32), ("dice_count", c_uint32),
        ("turn_points", c_int64), ("turn_forfeited_points", c_int64),
        ("dice_in_hand", c_uint32), ("turn_hot_dice", c_uint32), ("turn_roll_count", c_size_t),
        ("pending_mask", c_uint16), ("can_roll", c_bool), ("has_generator", c_bool),
        ("can_bank", c_bool), ("can_undo", c_bool), ("can_forfeit", c_bool),
        ("final_round", c_bool), ("final_round_player", c_uint32), ("winners", c_uint64),
        ("dice_source", c_int),
    ]


class PlayerState(Structure):
    _fields_ = [
        ("score", c_int64), ("on_board", c_bool), ("active", c_bool), ("has_name", c_bool),
        ("consecutive_farkles", c_uint32), ("farkle_count", c_uint32),
        ("hot_dice_count", c_uint32), ("turns_played", c_uint32), ("penalty_count", c_uint32),
        ("forfeited_points", c_int64), ("best_turn", c_int64), ("banked_points", c_int64),
        ("penalty_points", c_int64),
    ]


def load_library():
    path = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("FARKLE_LIB", "libfarkle.so")
    lib = ctypes.CDLL(path)
    sigs = {
        "farkle_status_str": (c_char_p, [c_int32]),
        "farkle_version_string": (c_char_p, []),
        "farkle_rules_preset": (c_int, [c_uint32, POINTER(Rules)]),
        "farkle_score_selection": (c_int, [POINTER(Rules), POINTER(c_uint8), c_size_t,
                                           POINTER(Score)]),
        "farkle_roll_analyze": (c_int, [POINTER(Rules), POINTER(c_uint8), c_size_t,
                                        POINTER(RollAnalysis)]),
        "farkle_combination_kind_name": (c_char_p, [c_int32]),
        "farkle_game_new_with": (c_int, [POINTER(Rules), POINTER(c_char_p), c_size_t, c_uint32,
                                         c_uint64, POINTER(c_void_p)]),
        "farkle_game_free": (None, [c_void_p]),
        "farkle_game_last_error": (c_char_p, [c_void_p]),
        "farkle_game_roll_dice": (c_int, [c_void_p, POINTER(c_uint8), c_size_t]),
        "farkle_game_select": (c_int, [c_void_p, POINTER(c_size_t), c_size_t]),
        "farkle_game_bank": (c_int, [c_void_p]),
        "farkle_game_acknowledge_farkle": (c_int, [c_void_p]),
        "farkle_game_state": (c_int, [c_void_p, POINTER(GameState)]),
        "farkle_game_player": (c_int, [c_void_p, c_uint32, POINTER(PlayerState)]),
    }
    for name, (restype, argtypes) in sigs.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


LIB = load_library()
checks = 0


def expect(condition, what):
    global checks
    if not condition:
        print("python demo: unexpected result:", what, file=sys.stderr)
        sys.exit(1)
    checks += 1


def dice(values):
    return (c_uint8 * len(values))(*values), len(values)


def preset(number):
    rules = Rules()
    expect(LIB.farkle_rules_preset(number, byref(rules)) == STATUS_OK, "preset")
    return rules


def score(rules, values):
    faces, n = dice(values)
    result = Score()
    expect(LIB.farkle_score_selection(byref(rules), faces, n, byref(result)) == STATUS_OK,
           "score status")
    return result


def scoring():
    classic = preset(PRESET_CLASSIC)
    # Three 1s (1000) and two single 5s (50 each).
    s = score(classic, [1, 1, 1, 5, 5])
    expect(s.valid and s.points == 1100 and s.combination_count == 3, "1 1 1 5 5 = 1100")
    names = sorted(LIB.farkle_combination_kind_name(s.combinations[i].kind).decode()
                   for i in range(s.combination_count))
    print("1 1 1 5 5 ->", s.points, "points:", ", ".join(names))
    # The 2 scores in no combination: invalid, and the 2 is named as left over.
    s = score(classic, [1, 1, 1, 5, 5, 2])
    expect(not s.valid and s.points == 0 and list(s.leftover_counts) == [0, 1, 0, 0, 0, 0],
           "the 2 is left over")
    print("1 1 1 5 5 2 -> invalid, a 2 does not score")
    # Classic: a straight 1500, four 2s twice the triple (400), three pairs 1500.
    expect(score(classic, [1, 2, 3, 4, 5, 6]).points == 1500, "straight 1500")
    expect(score(classic, [2, 2, 2, 2]).points == 400, "four 2s 400")
    expect(score(classic, [2, 2, 3, 3, 6, 6]).points == 1500, "three pairs 1500")
    # A roll with no 1, no 5 and no triple is a farkle.
    faces, n = dice([2, 3, 4, 6, 6, 3])
    a = RollAnalysis()
    expect(LIB.farkle_roll_analyze(byref(classic), faces, n, byref(a)) == STATUS_OK, "analyze")
    expect(a.is_farkle and a.max_points == 0, "2 3 4 6 6 3 is a farkle")


def play():
    """Seed 004's examples 3 and 1 as Ann's and Bob's turns (additive rules, one turn each)."""
    rules = preset(PRESET_ADDITIVE)
    rules.turn_limit = 1
    names = (c_char_p * 2)(b"Ann", b"Bob")
    game = c_void_p()
    expect(LIB.farkle_game_new_with(byref(rules), names, 2, DICE_SOURCE_SUPPLIED, 0,
                                    byref(game)) == STATUS_OK, "new game")
    try:
        def roll(values):
            faces, n = dice(values)
            expect(LIB.farkle_game_roll_dice(game, faces, n) == STATUS_OK, "roll %s" % values)

        def keep(indices):
            idx = (c_size_t * len(indices))(*indices)
            return LIB.farkle_game_select(game, idx, len(indices))

        def state():
            s = GameState()
            expect(LIB.farkle_game_state(game, byref(s)) == STATUS_OK, "state")
            return s

        def player_score(p):
            ps = PlayerState()
            expect(LIB.farkle_game_player(game, p, byref(ps)) == STATUS_OK, "player")
            return ps.score

        roll([1, 1, 1, 4, 6, 6])
        # Keeping the 4 too is refused, with the library's reason.
        expect(keep([0, 1, 2, 3]) == STATUS_INVALID_SELECTION, "1 1 1 4 refused")
        print("refused:", LIB.farkle_game_last_error(game).decode())
        expect(keep([0, 1, 2]) == STATUS_OK, "keep 1 1 1")
        roll([1, 5, 5])
        expect(keep([0, 1, 2]) == STATUS_OK, "keep 1 5 5")
        s = state()
        expect(s.turn_points == 1200 and s.dice_in_hand == 6 and s.turn_hot_dice == 1,
               "hot dice with 1200 in hand")
        roll([1, 1, 5, 3, 4, 4])
        expect(keep([0, 1, 2]) == STATUS_OK, "keep 1 1 5")
        expect(LIB.farkle_game_bank(game) == STATUS_OK, "bank")
        expect(player_score(0) == 1450, "Ann banks 1450")

        roll([1, 2, 4, 4, 4, 5])
        expect(keep([2, 3, 4]) == STATUS_OK, "keep 4 4 4")
        roll([2, 2, 3])
        s = state()
        expect(s.phase == PHASE_FARKLED and s.turn_forfeited_points == 400, "Bob farkles")
        expect(LIB.farkle_game_bank(game) == STATUS_WRONG_PHASE, "no bank after a farkle")
        expect(LIB.farkle_game_acknowledge_farkle(game) == STATUS_OK, "acknowledge")
        s = state()
        expect(s.phase == PHASE_GAME_OVER and s.winners == 1, "Ann wins")
        print("game over: Ann %d, Bob %d" % (player_score(0), player_score(1)))
    finally:
        LIB.farkle_game_free(game)


if __name__ == "__main__":
    print("libfarkle", LIB.farkle_version_string().decode(), "from Python")
    scoring()
    play()
    print("python demo: ok (%d checks)" % checks)

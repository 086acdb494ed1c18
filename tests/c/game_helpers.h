/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * Helpers shared by the C test programs that play games: a game with supplied dice, its
 * state, a player's score, the game as saved text (to check that a failed call changed
 * nothing) and an event counted from the end of the log. Static inline, so a program that
 * uses only some of them still compiles cleanly under -Werror.
 */
#ifndef FARKLE_TEST_GAME_HELPERS_H
#define FARKLE_TEST_GAME_HELPERS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "farkle.h"

/* A game whose dice the test supplies; exits when it cannot be made. */
static inline FarkleGame *supplied_game(const FarkleRules *rules, size_t players) {
    FarkleGame *g = NULL;
    if (farkle_game_new_with(rules, NULL, players, FARKLE_DICE_SOURCE_SUPPLIED, 0, &g) !=
        FARKLE_STATUS_OK) {
        fprintf(stderr, "cannot create a game\n");
        exit(2);
    }
    return g;
}

static inline FarkleGameState state(const FarkleGame *g) {
    FarkleGameState s;
    memset(&s, 0, sizeof s);
    CHECK_STATUS(farkle_game_state(g, &s), FARKLE_STATUS_OK);
    return s;
}

/* The player's banked score (-999999 when the call fails). */
static inline int64_t score(const FarkleGame *g, uint32_t player) {
    FarklePlayerState p;
    if (farkle_game_player(g, player, &p) != FARKLE_STATUS_OK) return -999999;
    return p.score;
}

/* The whole game as saved text (caller frees). */
static inline char *snapshot(const FarkleGame *g) {
    char *text = NULL;
    CHECK_STATUS(farkle_game_save(g, &text), FARKLE_STATUS_OK);
    return text;
}

/* Whether the game still saves as `before`. */
static inline int unchanged(const FarkleGame *g, const char *before) {
    char *now = snapshot(g);
    int same = now != NULL && before != NULL && strcmp(now, before) == 0;
    farkle_string_free(now);
    return same;
}

/* The event `back` places before the last (0: the last); zeroed when there is none. */
static inline FarkleEvent event_from_end(const FarkleGame *g, size_t back) {
    FarkleEvent e;
    size_t n = 0;
    memset(&e, 0, sizeof e);
    CHECK_STATUS(farkle_game_event_count(g, &n), FARKLE_STATUS_OK);
    CHECK(n > back);
    if (n > back) CHECK_STATUS(farkle_game_event(g, n - 1 - back, &e), FARKLE_STATUS_OK);
    return e;
}

#endif

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The advice and bot C contract: farkle_game_advise() in every phase, with and without a
 * two-player table, its buffer and NULL rules; farkle_game_bot_play_turn() for every bot
 * kind, its refusals leaving the game unchanged. Exact values are checked by the Rust tests
 * against the solvers; here, hand-derived odds and properties any correct answer has.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "farkle.h"

static FarkleGameState state(const FarkleGame *g) {
    FarkleGameState s;
    memset(&s, 0, sizeof s);
    CHECK_STATUS(farkle_game_state(g, &s), FARKLE_STATUS_OK);
    return s;
}

static void test_advice(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleGame *g = NULL;
    FarkleAdvice a;
    FarkleAdviceChoice choices[64];
    FarkleSelection selections[64];
    size_t count = 0, nsel = 0, i;
    double best = -1.0;
    int listed = 0;
    const uint8_t roll[6] = {1, 1, 1, 5, 2, 3};
    const uint8_t farkle[6] = {2, 3, 4, 6, 2, 3};

    CHECK_STATUS(farkle_game_new(&r, 2, 5, &g), FARKLE_STATUS_OK);
    /* The start of a turn: only a roll, of 6 dice, which farkles 5/216 of the time; a turn
     * from scratch is worth between 500 and 600 points for a player not on the board. */
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, choices, 64, &count), FARKLE_STATUS_OK);
    CHECK(count == 1 && a.choice_count == 1);
    CHECK(a.recommended.action == FARKLE_ACTION_ROLL && choices[0].action == FARKLE_ACTION_ROLL);
    CHECK(a.value_kind == FARKLE_VALUE_KIND_EXPECTED_POINTS);
    CHECK(a.has_next_roll && a.next_roll_dice == 6);
    CHECK(fabs(a.farkle_probability - 5.0 / 216.0) < 1e-12);
    CHECK(a.recommended.value > 500.0 && a.recommended.value < 600.0);
    /* The list may be skipped. */
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, NULL, 0, &count), FARKLE_STATUS_OK);
    CHECK(count == 1);

    /* NULLs. */
    CHECK_STATUS(farkle_game_advise(NULL, NULL, &a, choices, 64, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_advise(g, NULL, NULL, choices, 64, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, choices, 64, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, NULL, 3, &count), FARKLE_STATUS_NULL_POINTER);

    /* A selection: one choice per legal selection, in the same order; the recommended one
     * is listed and has the highest value. */
    CHECK_STATUS(farkle_game_roll_dice(g, roll, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_selections(g, selections, 64, &nsel), FARKLE_STATUS_OK);
    count = 0;
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, choices, 1, &count),
                 FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK(count == nsel && nsel > 1);
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, choices, 64, &count), FARKLE_STATUS_OK);
    CHECK(count == nsel && a.choice_count == nsel);
    for (i = 0; i < count; i++) {
        CHECK(choices[i].action == FARKLE_ACTION_SELECT);
        CHECK(choices[i].dice_mask == selections[i].dice_mask);
        CHECK(choices[i].points == selections[i].points);
        if (choices[i].value > best) best = choices[i].value;
        if (choices[i].dice_mask == a.recommended.dice_mask) listed = 1;
    }
    CHECK(listed && a.recommended.action == FARKLE_ACTION_SELECT);
    CHECK(a.recommended.value == best);
    /* Keeping 1 1 1 5 (1050) leaves 2 dice; a turn worth at least the points kept. */
    CHECK(best >= 1050.0);
    CHECK_STATUS(farkle_game_select_mask(g, a.recommended.dice_mask), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, choices, 64, &count), FARKLE_STATUS_OK);
    /* Now roll or bank. */
    CHECK(count == 2 && choices[0].action == FARKLE_ACTION_ROLL &&
          choices[1].action == FARKLE_ACTION_BANK);
    CHECK(a.recommended.action == FARKLE_ACTION_BANK || a.recommended.action == FARKLE_ACTION_ROLL);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);

    /* A farkle: only the acknowledgement, and no roll follows. */
    CHECK_STATUS(farkle_game_roll_dice(g, farkle, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, choices, 64, &count), FARKLE_STATUS_OK);
    CHECK(count == 1 && a.recommended.action == FARKLE_ACTION_ACKNOWLEDGE_FARKLE);
    CHECK(!a.has_next_roll && a.next_roll_dice == 0 && a.farkle_probability == 0.0);

    /* A finished game. */
    CHECK_STATUS(farkle_game_leave(g, 0), FARKLE_STATUS_OK);
    CHECK(state(g).phase == FARKLE_GAME_PHASE_GAME_OVER);
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, choices, 64, &count), FARKLE_STATUS_GAME_OVER);
    farkle_game_free(g);
}

static void test_bots(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleGame *g = NULL;
    FarkleGameState before, after;
    FarklePlayerState p;
    uint32_t kind;

    CHECK_STATUS(farkle_game_new(&r, 2, 11, &g), FARKLE_STATUS_OK);
    for (kind = FARKLE_BOT_KIND_RANDOM_LEGAL; kind <= FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL;
         kind++) {
        before = state(g);
        CHECK_STATUS(farkle_game_bot_play_turn(g, kind, NULL, 3), FARKLE_STATUS_OK);
        after = state(g);
        /* Exactly one turn: play passed to the other player. */
        CHECK(after.current_player == 1 - before.current_player);
        CHECK_STATUS(farkle_game_player(g, before.current_player, &p), FARKLE_STATUS_OK);
        CHECK(p.turns_played >= 1);
    }
    /* Refusals leave the game unchanged. */
    before = state(g);
    CHECK_STATUS(farkle_game_bot_play_turn(g, 99, NULL, 0), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_WIN_OPTIMAL, NULL, 0),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(strlen(farkle_game_last_error(g)) > 0);
    after = state(g);
    CHECK(after.current_player == before.current_player && after.round == before.round &&
          after.turn_roll_count == before.turn_roll_count);
    CHECK_STATUS(farkle_game_bot_play_turn(NULL, 0, NULL, 0), FARKLE_STATUS_NULL_POINTER);
    /* A game over: no more turns. */
    CHECK_STATUS(farkle_game_leave(g, 1), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_THRESHOLD, NULL, 0),
                 FARKLE_STATUS_GAME_OVER);
    farkle_game_free(g);

    /* Supplied dice: the bot cannot roll, and the game is unchanged. */
    CHECK_STATUS(farkle_game_new_with(&r, NULL, 2, FARKLE_DICE_SOURCE_SUPPLIED, 0, &g),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL, NULL, 0),
                 FARKLE_STATUS_NO_DICE_GENERATOR);
    after = state(g);
    CHECK(after.turn_roll_count == 0 && after.phase == FARKLE_GAME_PHASE_AWAITING_ROLL);
    farkle_game_free(g);
}

static void test_table(void) {
    /* Three dice to 500: solved in a moment. */
    FarkleRules r = preset(FARKLE_PRESET_MINIMAL);
    FarkleRules classic = preset(FARKLE_PRESET_CLASSIC);
    FarkleWinTable *t = NULL;
    FarkleGame *g = NULL, *other = NULL;
    FarkleAdvice a;
    FarkleAdviceChoice choices[64];
    size_t count = 0, i;
    double first = 0.0;
    int turns = 0;

    r.dice_count = 3;
    r.target_score = 500;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_win_table_first_player_win_probability(t, &first), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_new(&r, 2, 4, &g), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_advise(g, t, &a, choices, 64, &count), FARKLE_STATUS_OK);
    CHECK(a.value_kind == FARKLE_VALUE_KIND_WIN_PROBABILITY);
    CHECK(a.recommended.action == FARKLE_ACTION_ROLL);
    CHECK(fabs(a.recommended.value - first) < 1e-12);
    /* The win-optimal bot plays the game to its end; every advice value is a probability. */
    while (state(g).phase != FARKLE_GAME_PHASE_GAME_OVER && turns < 1000) {
        CHECK_STATUS(farkle_game_advise(g, t, &a, choices, 64, &count), FARKLE_STATUS_OK);
        for (i = 0; i < count; i++) {
            CHECK(isnan(choices[i].value) ||
                  (choices[i].value >= 0.0 && choices[i].value <= 1.0));
        }
        CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_WIN_OPTIMAL, t, 0),
                     FARKLE_STATUS_OK);
        turns++;
    }
    CHECK(state(g).phase == FARKLE_GAME_PHASE_GAME_OVER && state(g).winners != 0);
    /* A table for other rules is refused. */
    CHECK_STATUS(farkle_game_new(&classic, 2, 4, &other), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_advise(other, t, &a, choices, 64, &count),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_game_bot_play_turn(other, FARKLE_BOT_KIND_WIN_OPTIMAL, t, 0),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    farkle_game_free(other);
    farkle_game_free(g);
    farkle_win_table_free(t);
}

int main(void) {
    test_advice();
    test_bots();
    test_table();
    return finish();
}

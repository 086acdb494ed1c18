/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * Piggybacking from C: farkle_game_piggyback() and the offer in FarkleGameState, with
 * supplied dice. Expected numbers are worked out by hand in the comments (classic scoring:
 * a 1 is 100, a 5 is 50, three 1s 1000).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "farkle.h"
#include "game_helpers.h"

static FarkleGame *piggyback_game(void) {
    FarkleRules rules;
    FarkleGame *g = NULL;
    memset(&rules, 0, sizeof rules);
    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules), FARKLE_STATUS_OK);
    rules.piggybacking = 1;
    rules.min_entry_score = 0;
    if (farkle_game_new_with(&rules, NULL, 2, FARKLE_DICE_SOURCE_SUPPLIED, 0, &g) !=
        FARKLE_STATUS_OK) {
        fprintf(stderr, "cannot create a game\n");
        exit(2);
    }
    return g;
}

/* No offer at the game start, nor with a NULL game. */
static void test_no_offer(void) {
    FarkleGame *g = piggyback_game();
    FarkleGameState s = state(g);
    char *before = snapshot(g);
    CHECK(s.piggyback_points == 0 && s.piggyback_dice == 0);
    CHECK_STATUS(farkle_game_piggyback(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_piggyback(g), FARKLE_STATUS_WRONG_PHASE);
    CHECK(unchanged(g, before));
    farkle_string_free(before);
    farkle_game_free(g);
}

/* Player 0: [1,1,5,2,3,4] keeps 1,1,5 (100 + 100 + 50 = 250), 3 dice left; [1,2,3] keeps
 * the 1 (100): 350 with 2 dice left, banked. Player 1 takes 350 and 2 dice over, rolls [1,5]
 * and keeps both (150): 500, the hand is empty, hot dice: 6 dice; [1,1,1,2,3,4] keeps the
 * three 1s (1000): 1500 with 3 dice left, banked. Player 0 takes 1500 and 3 dice over and
 * farkles with [2,3,4]: 1500 forfeited. */
static void test_scripted_piggyback(void) {
    FarkleGame *g = piggyback_game();
    const uint8_t r1[] = {1, 1, 5, 2, 3, 4}, r2[] = {1, 2, 3}, r3[] = {1, 5},
                  r4[] = {1, 1, 1, 2, 3, 4}, r5[] = {2, 3, 4};
    FarkleGameState s;
    FarkleEvent e;
    FarkleGame *loaded = NULL;
    char *text, *again;
    FarklePlayerState p;

    CHECK_STATUS(farkle_game_roll_dice(g, r1, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_piggyback(g), FARKLE_STATUS_WRONG_PHASE);
    CHECK_STATUS(farkle_game_select_mask(g, 0x7), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_roll_dice(g, r2, 3), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x1), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == 350 && state(g).dice_in_hand == 2);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);

    s = state(g);
    CHECK(s.current_player == 1 && s.piggyback_points == 350 && s.piggyback_dice == 2);
    CHECK_STATUS(farkle_game_piggyback(g), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.turn_points == 350 && s.dice_in_hand == 2 && s.turn_roll_count == 0);
    CHECK(s.piggyback_points == 0 && s.piggyback_dice == 0 && s.can_roll && !s.can_bank);
    e = event_from_end(g, 0);
    CHECK(e.kind == FARKLE_EVENT_KIND_PIGGYBACKED && e.player == 1 && e.points == 350 &&
          e.dice_count == 2);
    CHECK(strcmp(farkle_event_kind_name(FARKLE_EVENT_KIND_PIGGYBACKED), "piggybacked") == 0);
    text = snapshot(g);
    CHECK_STATUS(farkle_game_piggyback(g), FARKLE_STATUS_WRONG_PHASE);
    CHECK(unchanged(g, text));
    farkle_string_free(text);

    CHECK_STATUS(farkle_game_roll_dice(g, r4, 6), FARKLE_STATUS_WRONG_DICE_COUNT);
    CHECK_STATUS(farkle_game_roll_dice(g, r3, 2), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x3), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.turn_points == 500 && s.dice_in_hand == 6 && s.turn_hot_dice == 1);
    CHECK_STATUS(farkle_game_roll_dice(g, r4, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x7), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    CHECK(score(g, 0) == 350 && score(g, 1) == 1500);
    s = state(g);
    CHECK(s.current_player == 0 && s.piggyback_points == 1500 && s.piggyback_dice == 3);

    /* The save reloads to the same game, offer included. */
    text = snapshot(g);
    CHECK_STATUS(farkle_game_load(text, strlen(text), NULL, 0, &loaded), FARKLE_STATUS_OK);
    again = snapshot(loaded);
    CHECK(again != NULL && strcmp(text, again) == 0);
    CHECK(state(loaded).piggyback_points == 1500 && state(loaded).piggyback_dice == 3);
    farkle_string_free(again);
    farkle_string_free(text);
    farkle_game_free(loaded);

    CHECK_STATUS(farkle_game_piggyback(g), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_roll_dice(g, r5, 3), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_FARKLED && s.turn_forfeited_points == 1500);
    CHECK_STATUS(farkle_game_acknowledge_farkle(g), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_player(g, 0, &p), FARKLE_STATUS_OK);
    CHECK(p.score == 350 && p.forfeited_points == 1500);
    s = state(g);
    CHECK(s.current_player == 1 && s.piggyback_dice == 0);
    CHECK_STATUS(farkle_game_piggyback(g), FARKLE_STATUS_WRONG_PHASE);

    /* Once the game is over: GAME_OVER. */
    CHECK_STATUS(farkle_game_leave(g, 0), FARKLE_STATUS_OK);
    CHECK(state(g).phase == FARKLE_GAME_PHASE_GAME_OVER);
    CHECK_STATUS(farkle_game_piggyback(g), FARKLE_STATUS_GAME_OVER);
    farkle_game_free(g);
}

/* Six 1s worth a million (hot dice): player 0 rolls six 1s `hot` times, then keeps the single
 * 1 of the next roll (100) and banks with 5 dice left: player 1 is offered
 * 1,000,000 x hot + 100 points. (Twelve dice and half the hot dice make the same offers; six
 * keep the advice's policy quick to solve under valgrind.) */
static FarkleGame *huge_offer(int hot) {
    FarkleRules rules;
    FarkleGame *g = NULL;
    const uint8_t ones[6] = {1, 1, 1, 1, 1, 1};
    const uint8_t one_one[6] = {1, 2, 3, 4, 6, 2};
    int i, ok = 1;
    memset(&rules, 0, sizeof rules);
    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules), FARKLE_STATUS_OK);
    rules.six_ones = 1000000;
    rules.min_entry_score = 0;
    rules.target_score = 0;
    rules.final_round = false;
    rules.turn_limit = 10;
    rules.piggybacking = 1;
    CHECK_STATUS(farkle_game_new_with(&rules, NULL, 2, FARKLE_DICE_SOURCE_SUPPLIED, 0, &g),
                 FARKLE_STATUS_OK);
    if (g == NULL) exit(2);
    for (i = 0; i < hot && ok; i++)
        ok = farkle_game_roll_dice(g, ones, 6) == FARKLE_STATUS_OK &&
             farkle_game_select_mask(g, 0x3f) == FARKLE_STATUS_OK;
    CHECK(ok);
    CHECK_STATUS(farkle_game_roll_dice(g, one_one, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x1), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    return g;
}

/* An offer of 1,200,000,100 points (1,200 hot dice), above FARKLE_MAX_TURN_TOTAL, stands and
 * farkle_game_piggyback() takes it, so the advice lists it (it used to list only ROLL), with
 * a NaN value since no policy values a turn that large, and recommends rolling fresh. An
 * offer of 2,200,000,100 (2,200 hot dice) is more than FarkleAdviceChoice.points holds: the
 * advice is refused, saying why, rather than leaving the choice out. */
static void test_huge_offers(void) {
    FarkleGame *g = huge_offer(1200);
    FarkleGameState s = state(g);
    FarkleAdvice a;
    FarkleAdviceChoice choices[8];
    size_t count = 0, i;
    int listed = 0;
    CHECK(s.piggyback_points == INT64_C(1200000100) && s.piggyback_dice == 5);
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, choices, 8, &count), FARKLE_STATUS_OK);
    CHECK(count == 2);
    for (i = 0; i < count; i++) {
        if (choices[i].action != FARKLE_ACTION_PIGGYBACK) continue;
        listed++;
        CHECK(choices[i].points == 1200000100);
        CHECK(choices[i].value != choices[i].value); /* NaN */
    }
    CHECK(listed == 1);
    CHECK(a.recommended.action == FARKLE_ACTION_ROLL);
    CHECK_STATUS(farkle_game_piggyback(g), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == INT64_C(1200000100));
    farkle_game_free(g);

    g = huge_offer(2200);
    CHECK(state(g).piggyback_points == INT64_C(2200000100));
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, choices, 8, &count),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "2200000100 points") != NULL);
    farkle_game_free(g);
}

int main(void) {
    test_no_offer();
    test_scripted_piggyback();
    test_huge_offers();
    return finish();
}

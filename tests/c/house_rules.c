/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The game knobs among the house rules from C, with supplied dice: an exact target that
 * refuses a bank past it (FARKLE_STATUS_BANK_NOT_ALLOWED, the game unchanged) or busts it
 * (a FARKLE_EVENT_KIND_BUSTED event), and the hot-dice multiplier in
 * FarkleGameState.turn_multiplier, and the original preset's straight and three pairs,
 * set aside as they are rolled (a SELECTED event with `automatic`). Expected numbers are
 * worked out by hand from the classic preset (single 1 = 100, single 5 = 50, three 1s =
 * 1000, a 1-6 straight = 1500, two triplets = 2500) and from the original C program (a
 * straight 3000, three pairs 2000).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "farkle.h"
#include "game_helpers.h"

static FarkleRules classic(void) {
    FarkleRules r;
    memset(&r, 0, sizeof r);
    if (farkle_rules_preset(FARKLE_PRESET_CLASSIC, &r) != FARKLE_STATUS_OK) {
        fprintf(stderr, "no classic preset\n");
        exit(2);
    }
    r.min_entry_score = 0;
    return r;
}

/* Target 1000 hit exactly: 1 1 1 5 from 0 makes 1050, past it. */
static void test_exact_target(uint32_t how) {
    static const uint8_t roll[6] = {1, 1, 1, 5, 2, 3};
    FarkleRules rules = classic();
    FarkleGame *g;
    char *before, *after;
    rules.target_score = 1000;
    rules.exact_target = how;
    g = supplied_game(&rules, 2);
    CHECK_STATUS(farkle_game_roll_dice(g, roll, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x0f), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == 1050);
    if (how == FARKLE_EXACT_TARGET_REFUSE) {
        CHECK(!state(g).can_bank && state(g).can_roll);
        before = snapshot(g);
        CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_BANK_NOT_ALLOWED);
        CHECK(strstr(farkle_game_last_error(g), "exact target") != NULL);
        after = snapshot(g);
        CHECK(before && after && strcmp(before, after) == 0);
        farkle_string_free(before);
        farkle_string_free(after);
        CHECK(state(g).current_player == 0);
    } else {
        FarkleEvent e;
        CHECK(state(g).can_bank);
        CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
        /* The bust, then Bob's turn: Ann keeps 0, loses 1050. */
        e = event_from_end(g, 1);
        CHECK(e.kind == FARKLE_EVENT_KIND_BUSTED && e.player == 0);
        CHECK(e.points == 1050 && e.score == 0);
        CHECK(strcmp(farkle_event_kind_name(FARKLE_EVENT_KIND_BUSTED), "busted") == 0);
        CHECK(score(g, 0) == 0 && state(g).current_player == 1);
    }
    farkle_game_free(g);
}

/* Step 2: the straight x1 = 1500, two triplets x3 = 7500, then a 1 x5 = 500: 9500. */
static void test_multiplier(void) {
    static const uint8_t straight[6] = {1, 2, 3, 4, 5, 6};
    static const uint8_t triplets[6] = {1, 1, 1, 5, 5, 5};
    static const uint8_t one[6] = {1, 2, 2, 3, 4, 6};
    FarkleRules rules = classic();
    FarkleGame *g;
    FarkleGameState s;
    rules.hot_dice_multiplier_step = 2;
    g = supplied_game(&rules, 2);
    CHECK(state(g).turn_multiplier == 1);
    CHECK_STATUS(farkle_game_roll_dice(g, straight, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x3f), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.turn_points == 1500 && s.turn_hot_dice == 1 && s.turn_multiplier == 3);
    CHECK_STATUS(farkle_game_roll_dice(g, triplets, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x3f), FARKLE_STATUS_OK);
    CHECK(event_from_end(g, 1).kind == FARKLE_EVENT_KIND_SELECTED && event_from_end(g, 1).points == 7500);
    s = state(g);
    CHECK(s.turn_points == 9000 && s.turn_hot_dice == 2 && s.turn_multiplier == 5);
    CHECK_STATUS(farkle_game_roll_dice(g, one, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x01), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == 9500);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    CHECK(score(g, 0) == 9500);
    s = state(g);
    CHECK(s.current_player == 1 && s.turn_multiplier == 1);
    farkle_game_free(g);
}

/* The original preset: the straight is set aside for 3000 as it is rolled, the dice come
 * back (hot dice), and undo takes it back to a pick (the 1 and the 5: 150). */
static void test_original_auto_take(void) {
    static const uint8_t straight[6] = {6, 5, 4, 3, 2, 1};
    static const uint8_t pairs[6] = {2, 4, 2, 6, 4, 6};
    FarkleRules rules;
    FarkleGame *g;
    FarkleEvent e;
    FarkleGameState s;
    uint32_t preset = 99;
    CHECK_STATUS(farkle_rules_preset_from_name("original", &preset), FARKLE_STATUS_OK);
    CHECK(preset == FARKLE_PRESET_ORIGINAL);
    CHECK(strcmp(farkle_rules_preset_name(FARKLE_PRESET_ORIGINAL), "original") == 0);
    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_ORIGINAL, &rules), FARKLE_STATUS_OK);
    CHECK(rules.straight == 3000 && rules.three_pairs == 2000 && rules.turn_limit == 10);
    CHECK(rules.auto_take_straight_and_three_pairs == 1);
    g = supplied_game(&rules, 2);
    CHECK_STATUS(farkle_game_roll_dice(g, straight, 6), FARKLE_STATUS_OK);
    e = event_from_end(g, 1);
    CHECK(e.kind == FARKLE_EVENT_KIND_SELECTED && e.automatic && e.mask == 0x3f);
    CHECK(e.points == 3000);
    CHECK(event_from_end(g, 0).kind == FARKLE_EVENT_KIND_HOT_DICE);
    CHECK(event_from_end(g, 2).kind == FARKLE_EVENT_KIND_ROLLED);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_AWAITING_ROLL && s.turn_points == 3000);
    CHECK(s.dice_in_hand == 6 && s.can_bank);
    /* Nothing to pick: the roll is taken. */
    CHECK_STATUS(farkle_game_select_mask(g, 0x01), FARKLE_STATUS_WRONG_PHASE);
    CHECK_STATUS(farkle_game_undo(g), FARKLE_STATUS_OK);
    CHECK(state(g).phase == FARKLE_GAME_PHASE_AWAITING_SELECTION && state(g).turn_points == 0);
    CHECK_STATUS(farkle_game_select_mask(g, 0x22), FARKLE_STATUS_OK); /* the 5 and the 1 */
    CHECK(state(g).turn_points == 150 && !event_from_end(g, 0).automatic);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    /* Bob: three pairs of 2s, 4s and 6s, 2000. */
    CHECK_STATUS(farkle_game_roll_dice(g, pairs, 6), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == 2000 && event_from_end(g, 1).automatic);
    farkle_game_free(g);
}

int main(void) {
    test_exact_target(FARKLE_EXACT_TARGET_REFUSE);
    test_exact_target(FARKLE_EXACT_TARGET_BUST);
    test_multiplier();
    test_original_auto_take();
    return finish();
}

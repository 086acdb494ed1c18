/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The game knobs among the house rules from C, with supplied dice: an exact target that
 * refuses a bank past it (FARKLE_STATUS_BANK_NOT_ALLOWED, the game unchanged) or busts it
 * (a FARKLE_EVENT_KIND_BUSTED event), and the hot-dice multiplier in
 * FarkleGameState.turn_multiplier. Expected numbers are worked out by hand from the classic
 * preset (single 1 = 100, single 5 = 50, three 1s = 1000, a 1-6 straight = 1500, two
 * triplets = 2500).
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

int main(void) {
    test_exact_target(FARKLE_EXACT_TARGET_REFUSE);
    test_exact_target(FARKLE_EXACT_TARGET_BUST);
    test_multiplier();
    return finish();
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The C contract of the dice-hands scoring system (seed 003): scoring pools into hands with
 * per-die hand indices, upgrade costs, bases and multipliers, names, and every error path.
 * Expected numbers are worked by hand from the document's formulas.
 */
#include <string.h>

#include "check.h"
#include "farkle.h"

#define NONE FARKLE_HANDS_NO_HAND

static FarkleHandLevels levels0(void) {
    FarkleHandLevels l;
    memset(&l, 0xAB, sizeof l);
    if (farkle_hands_levels_default(&l) != FARKLE_STATUS_OK) {
        fprintf(stderr, "no default levels\n");
    }
    return l;
}

static FarkleHandBonuses bonuses0(void) {
    FarkleHandBonuses b;
    memset(&b, 0xAB, sizeof b);
    if (farkle_hands_bonuses_default(&b) != FARKLE_STATUS_OK) {
        fprintf(stderr, "no default bonuses\n");
    }
    return b;
}

/* Scores with default levels and bonuses; returns the total, or UINT64_MAX on error. */
static uint64_t total_of(const uint8_t *faces, size_t n) {
    FarkleHandLevels l = levels0();
    FarkleHandBonuses b = bonuses0();
    FarkleHand hands[FARKLE_HANDS_MAX_HANDS];
    uint8_t owner[FARKLE_HANDS_MAX_DICE];
    FarkleHandsResult r;
    if (farkle_hands_score(faces, n, &l, &b, hands, FARKLE_HANDS_MAX_HANDS, owner,
                           FARKLE_HANDS_MAX_DICE, &r) != FARKLE_STATUS_OK) {
        return UINT64_MAX;
    }
    return r.total;
}

static void test_defaults(void) {
    FarkleHandLevels l = levels0();
    FarkleHandBonuses b = bonuses0();
    size_t i;
    int all_zero = 1;
    for (i = 0; i < FARKLE_HAND_KINDS; i++) {
        if (l.levels[i] != 0) all_zero = 0;
    }
    CHECK(all_zero);
    CHECK(l.cap == FARKLE_HANDS_DEFAULT_LEVEL_CAP && l.cap == 5);
    CHECK(b.ability_bonus == 0 && b.item_mult_bonus == 0 && b.score_mult == 100);
    CHECK_STATUS(farkle_hands_levels_default(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_bonuses_default(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(FARKLE_HANDS_MAX_DICE >= 40);
    CHECK(FARKLE_HANDS_MAX_HANDS == FARKLE_HANDS_MAX_DICE / 2);
}

static void test_issue_examples(void) {
    const uint8_t kind[] = {4, 4, 4};
    const uint8_t high[] = {1, 2, 3, 5};
    FarkleHandLevels l = levels0();
    FarkleHandBonuses b = bonuses0();
    FarkleHand hands[4];
    uint8_t owner[8];
    FarkleHandsResult r;
    const uint8_t full_house[] = {3, 2, 3, 2, 3};

    /* floor((22 + 12) x 1.8) = 61 */
    CHECK(total_of(kind, 3) == 61);

    /* Full House: floor((22 + 9) x 1.8) + floor((12 + 4) x 1.6) + 60 = 55 + 25 + 60 */
    CHECK_STATUS(farkle_hands_score(full_house, 5, &l, &b, hands, 4, owner, 8, &r),
                 FARKLE_STATUS_OK);
    CHECK(r.total == 140 && r.hands_total == 140 && r.hand_count == 1);
    CHECK(hands[0].kind == FARKLE_HAND_KIND_FULL_HOUSE);
    CHECK(hands[0].dice_count == 5 && hands[0].dice_sum == 13);
    CHECK(hands[0].counts[1] == 2 && hands[0].counts[2] == 3 && hands[0].counts[0] == 0);
    CHECK(hands[0].base == 60 && hands[0].mult == 0 && hands[0].score == 140);
    CHECK(owner[0] == 0 && owner[1] == 0 && owner[2] == 0 && owner[3] == 0 && owner[4] == 0);

    /* No hand: High Roll of the 5, floor((5 + 5) x 1.0) = 10; the other dice in no hand. */
    CHECK_STATUS(farkle_hands_score(high, 4, &l, &b, hands, 4, owner, 8, &r), FARKLE_STATUS_OK);
    CHECK(r.total == 10 && r.hand_count == 1);
    CHECK(hands[0].kind == FARKLE_HAND_KIND_HIGH_ROLL && hands[0].dice_count == 1);
    CHECK(hands[0].counts[4] == 1 && hands[0].base == 5 && hands[0].mult == 100);
    CHECK(owner[0] == NONE && owner[1] == NONE && owner[2] == NONE && owner[3] == 0);
}

static void test_partitions_and_dice(void) {
    /* Three Pairs (2s, 3s, 5s): floor((70 + 20) x 3.6) = 324, the third 3 in no hand; the
     * document's reading (Full House + Pair) would be 140 + 35 = 175. With a +1.0 item mult
     * bonus: 648. */
    const uint8_t pool[] = {3, 3, 3, 2, 2, 5, 5};
    /* Two Triplets (1s, 3s) (88 + 12) x 4.4 = 440 + Two Pair (1s, 2s) (24 + 6) x 1.8 = 54. */
    const uint8_t big[] = {1, 1, 1, 1, 1, 2, 2, 3, 3, 3};
    FarkleHandLevels l = levels0();
    FarkleHandBonuses b = bonuses0();
    FarkleHand hands[5];
    uint8_t owner[10];
    FarkleHandsResult r;
    size_t i, in_two_pair = 0, in_triplets = 0;

    b.item_mult_bonus = 100;
    CHECK_STATUS(farkle_hands_score(pool, 7, &l, &b, hands, 5, owner, 10, &r), FARKLE_STATUS_OK);
    CHECK(r.hands_total == 324 && r.total == 648 && r.hand_count == 1);
    CHECK(hands[0].kind == FARKLE_HAND_KIND_THREE_PAIRS && hands[0].score == 324);
    CHECK(hands[0].base == 70 && hands[0].mult == 360 && hands[0].dice_sum == 20);
    CHECK(owner[0] == 0 && owner[1] == 0 && owner[2] == NONE);
    CHECK(owner[3] == 0 && owner[4] == 0 && owner[5] == 0 && owner[6] == 0);

    b = bonuses0();
    CHECK_STATUS(farkle_hands_score(big, 10, &l, &b, hands, 5, owner, 10, &r), FARKLE_STATUS_OK);
    CHECK(r.total == 494 && r.hand_count == 2);
    /* Highest score first. */
    CHECK(hands[0].kind == FARKLE_HAND_KIND_TWO_TRIPLETS && hands[0].score == 440);
    CHECK(hands[1].kind == FARKLE_HAND_KIND_TWO_PAIR && hands[1].score == 54);
    for (i = 0; i < 10; i++) {
        if (owner[i] == 0) in_triplets++;
        if (owner[i] == 1) in_two_pair++;
    }
    CHECK(in_triplets == 6 && in_two_pair == 4);
    /* The 2s are in the Two Pair, the 3s in the Two Triplets. */
    CHECK(owner[5] == 1 && owner[6] == 1 && owner[7] == 0 && owner[9] == 0);
}

static void test_levels_and_bonuses(void) {
    const uint8_t fives[] = {5, 5};
    const uint8_t kind[] = {4, 4, 4};
    uint8_t sixes[FARKLE_HANDS_MAX_DICE];
    FarkleHandLevels l = levels0();
    FarkleHandBonuses b = bonuses0();
    FarkleHand hands[FARKLE_HANDS_MAX_HANDS];
    uint8_t owner[FARKLE_HANDS_MAX_DICE];
    FarkleHandsResult r;

    /* Pair at level 5: base 40, x4.1: (40 + 10) x 4.1 = 205 exactly. */
    l.levels[FARKLE_HAND_KIND_PAIR - 1] = 5;
    CHECK_STATUS(farkle_hands_score(fives, 2, &l, &b, hands, 1, owner, 2, &r), FARKLE_STATUS_OK);
    CHECK(r.total == 205 && hands[0].base == 40 && hands[0].mult == 410);

    /* 61 + 9 = 70; x1.5 = 105; x1.5 = 157.5 -> 157. */
    l = levels0();
    b.ability_bonus = 9;
    b.item_mult_bonus = 50;
    b.score_mult = 150;
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, hands, 1, owner, 3, &r), FARKLE_STATUS_OK);
    CHECK(r.hands_total == 61 && r.total == 157);

    /* The empty pool: no hand; NULL buffers with length 0 are empty buffers. */
    b = bonuses0();
    CHECK_STATUS(farkle_hands_score(NULL, 0, &l, &b, NULL, 0, NULL, 0, &r), FARKLE_STATUS_OK);
    CHECK(r.total == 0 && r.hands_total == 0 && r.hand_count == 0);

    /* The largest pool: 48 sixes, one X of a Kind of 48:
     * floor((22 + 16 x 45 + 288) x (1.8 + 0.22 x 45)) = floor(1030 x 11.70) = 12051. */
    memset(sixes, 6, sizeof sixes);
    CHECK_STATUS(farkle_hands_score(sixes, FARKLE_HANDS_MAX_DICE, &l, &b, hands,
                                    FARKLE_HANDS_MAX_HANDS, owner, FARKLE_HANDS_MAX_DICE, &r),
                 FARKLE_STATUS_OK);
    CHECK(r.hand_count == 1 && hands[0].kind == FARKLE_HAND_KIND_X_OF_A_KIND);
    CHECK(hands[0].dice_count == 48 && r.total == 12051);
    CHECK(owner[0] == 0 && owner[FARKLE_HANDS_MAX_DICE - 1] == 0);
}

static void test_score_errors(void) {
    const uint8_t kind[] = {4, 4, 4};
    const uint8_t two_hands[] = {1, 1, 1, 1, 1, 2, 2, 3, 3, 3};
    const uint8_t bad_low[] = {1, 0};
    const uint8_t bad_high[] = {7};
    uint8_t too_many[FARKLE_HANDS_MAX_DICE + 1];
    FarkleHandLevels l = levels0();
    FarkleHandBonuses b = bonuses0();
    FarkleHand hands[FARKLE_HANDS_MAX_HANDS];
    uint8_t owner[FARKLE_HANDS_MAX_DICE + 1];
    FarkleHandsResult r;
    const size_t H = FARKLE_HANDS_MAX_HANDS;
    const size_t D = FARKLE_HANDS_MAX_DICE;

    memset(too_many, 1, sizeof too_many);
    memset(&r, 0x5A, sizeof r);
    owner[0] = 77;
    hands[0].score = 77;

    CHECK_STATUS(farkle_hands_score(NULL, 3, &l, &b, hands, H, owner, D, &r),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(kind, 3, NULL, &b, hands, H, owner, D, &r),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, NULL, hands, H, owner, D, &r),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, NULL, H, owner, D, &r),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, hands, H, NULL, D, &r),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, hands, H, owner, D, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(bad_low, 2, &l, &b, hands, H, owner, D, &r),
                 FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_hands_score(bad_high, 1, &l, &b, hands, H, owner, D, &r),
                 FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_hands_score(too_many, D + 1, &l, &b, hands, H, owner, D + 1, &r),
                 FARKLE_STATUS_TOO_MANY_DICE);

    /* Buffers too small: no hand room, room for one of two hands, too few per-die slots. */
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, NULL, 0, owner, D, &r),
                 FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(farkle_hands_score(two_hands, 10, &l, &b, hands, 1, owner, D, &r),
                 FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, hands, H, owner, 2, &r),
                 FARKLE_STATUS_BUFFER_TOO_SMALL);

    /* Levels: above the cap, and a cap above the maximum. */
    l.levels[FARKLE_HAND_KIND_PYRAMID - 1] = 6;
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, hands, H, owner, D, &r),
                 FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP);
    l = levels0();
    l.cap = FARKLE_HANDS_MAX_LEVEL + 1;
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, hands, H, owner, D, &r),
                 FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP);
    /* Nothing was written by the failed calls so far. */
    {
        FarkleHandsResult untouched;
        memset(&untouched, 0x5A, sizeof untouched);
        CHECK(memcmp(&r, &untouched, sizeof r) == 0);
    }
    CHECK(owner[0] == 77 && hands[0].score == 77);

    l.cap = FARKLE_HANDS_MAX_LEVEL;
    l.levels[FARKLE_HAND_KIND_X_OF_A_KIND - 1] = FARKLE_HANDS_MAX_LEVEL;
    {
        FarkleHandsResult ok;
        CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, hands, H, owner, D, &ok),
                     FARKLE_STATUS_OK);
        CHECK(ok.total > 61);
    }
    memset(&r, 0x5A, sizeof r);
    owner[0] = 77;
    hands[0].score = 77;

    /* A total beyond 64 bits. */
    l = levels0();
    b.ability_bonus = UINT64_MAX;
    b.item_mult_bonus = 100;
    CHECK_STATUS(farkle_hands_score(kind, 3, &l, &b, hands, H, owner, D, &r),
                 FARKLE_STATUS_INVALID_ARGUMENT);

    /* Nor by this one. */
    {
        FarkleHandsResult untouched;
        memset(&untouched, 0x5A, sizeof untouched);
        CHECK(memcmp(&r, &untouched, sizeof r) == 0);
    }
    CHECK(owner[0] == 77 && hands[0].score == 77);
}

static void test_upgrade_costs(void) {
    FarkleHandLevels l = levels0();
    uint64_t cost = 12345;
    const uint64_t expected[5] = {5, 10, 25, 50, 85};
    uint32_t level;

    for (level = 0; level < 5; level++) {
        l.levels[FARKLE_HAND_KIND_FULL_RUN - 1] = level;
        CHECK_STATUS(farkle_hands_upgrade_cost(&l, FARKLE_HAND_KIND_FULL_RUN, &cost),
                     FARKLE_STATUS_OK);
        CHECK(cost == expected[level]);
    }
    /* At the cap there is no next upgrade; raising the cap allows it: 5 + 25 x 8. */
    l.levels[FARKLE_HAND_KIND_FULL_RUN - 1] = 5;
    cost = 12345;
    CHECK_STATUS(farkle_hands_upgrade_cost(&l, FARKLE_HAND_KIND_FULL_RUN, &cost),
                 FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP);
    CHECK(cost == 12345);
    l.cap = 6;
    CHECK_STATUS(farkle_hands_upgrade_cost(&l, FARKLE_HAND_KIND_FULL_RUN, &cost),
                 FARKLE_STATUS_OK);
    CHECK(cost == 205);
    /* Another hand above the cap makes the levels invalid. */
    l.levels[FARKLE_HAND_KIND_PAIR - 1] = 7;
    CHECK_STATUS(farkle_hands_upgrade_cost(&l, FARKLE_HAND_KIND_FULL_RUN, &cost),
                 FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP);
    l = levels0();
    CHECK_STATUS(farkle_hands_upgrade_cost(&l, 0, &cost), FARKLE_STATUS_UNKNOWN_HAND);
    CHECK_STATUS(farkle_hands_upgrade_cost(&l, 14, &cost), FARKLE_STATUS_UNKNOWN_HAND);
    CHECK_STATUS(farkle_hands_upgrade_cost(&l, 0xFFFFFFFFu, &cost), FARKLE_STATUS_UNKNOWN_HAND);
    CHECK_STATUS(farkle_hands_upgrade_cost(NULL, FARKLE_HAND_KIND_PAIR, &cost),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_upgrade_cost(&l, FARKLE_HAND_KIND_PAIR, NULL),
                 FARKLE_STATUS_NULL_POINTER);
}

static void test_base_mult(void) {
    uint64_t base = 1;
    uint32_t mult = 1;

    /* Level 0: the document's table. */
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_FULL_RUN, 0, 0, &base, &mult),
                 FARKLE_STATUS_OK);
    CHECK(base == 110 && mult == 520);
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_FULL_HOUSE, 0, 0, &base, &mult),
                 FARKLE_STATUS_OK);
    CHECK(base == 60 && mult == 300);
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_X_OF_A_KIND, 0, 10, &base, &mult),
                 FARKLE_STATUS_OK);
    CHECK(base == 134 && mult == 334);
    /* Level 5: Pyramid 200 -> 260 -> 338 -> 439 -> 570 -> 741, x10 + 2.5. */
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_PYRAMID, 5, 0, &base, &mult),
                 FARKLE_STATUS_OK);
    CHECK(base == 741 && mult == 1250);
    /* X of a Kind of 3 at level 5: 22 + 30, 1.8 + 1.25. */
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_X_OF_A_KIND, 5, 3, &base, &mult),
                 FARKLE_STATUS_OK);
    CHECK(base == 52 && mult == 305);
    /* dice_count is ignored for other hands. */
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_HIGH_ROLL, 1, 99, &base, &mult),
                 FARKLE_STATUS_OK);
    CHECK(base == 6 && mult == 150);

    base = 1;
    mult = 1;
    CHECK_STATUS(farkle_hands_base_mult(0, 0, 0, &base, &mult), FARKLE_STATUS_UNKNOWN_HAND);
    CHECK_STATUS(farkle_hands_base_mult(14, 0, 0, &base, &mult), FARKLE_STATUS_UNKNOWN_HAND);
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_PAIR, FARKLE_HANDS_MAX_LEVEL + 1, 0,
                                        &base, &mult),
                 FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP);
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_X_OF_A_KIND, 0, 2, &base, &mult),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_X_OF_A_KIND, 0,
                                        FARKLE_HANDS_MAX_DICE + 1, &base, &mult),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(base == 1 && mult == 1);
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_PAIR, 0, 0, NULL, &mult),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_PAIR, 0, 0, &base, NULL),
                 FARKLE_STATUS_NULL_POINTER);
}

static void test_names_and_statuses(void) {
    const char *name = farkle_hands_name(FARKLE_HAND_KIND_FULL_HOUSE);
    CHECK(name != NULL && strcmp(name, "Full House") == 0);
    name = farkle_hands_name(FARKLE_HAND_KIND_X_OF_A_KIND);
    CHECK(name != NULL && strcmp(name, "X of a Kind") == 0);
    CHECK(farkle_hands_name(0) == NULL);
    CHECK(farkle_hands_name(14) == NULL);
    CHECK(strcmp(farkle_status_str(FARKLE_STATUS_UNKNOWN_HAND), "unknown hand") == 0);
    CHECK(strstr(farkle_status_str(FARKLE_STATUS_HAND_LEVEL_ABOVE_CAP), "cap") != NULL);
}

int main(void) {
    test_defaults();
    test_issue_examples();
    test_partitions_and_dice();
    test_levels_and_bonuses();
    test_score_errors();
    test_upgrade_costs();
    test_base_mult();
    test_names_and_statuses();
    return finish();
}

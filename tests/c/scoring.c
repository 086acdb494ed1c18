/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The foundation's C contract: presets, validation, scoring, roll analysis, legal selections,
 * the point calculation, status strings and versions, with every error path. Expected numbers
 * come from the source documents' examples and from hand calculation.
 */
#include <string.h>

#include "check.h"
#include "farkle.h"

static int32_t points_of(const FarkleRules *r, const uint8_t *faces, size_t n) {
    FarkleScore s;
    if (farkle_score_selection(r, faces, n, &s) != FARKLE_STATUS_OK) return -2;
    return s.valid ? s.points : -1;
}

static void test_presets(void) {
    FarkleRules r;
    uint32_t p = 99;
    char message[128];
    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, &r), FARKLE_STATUS_OK);
    CHECK(r.dice_count == 6 && r.single_one == 100 && r.single_five == 50);
    CHECK(r.straight == 1500 && r.three_pairs == 1500 && r.two_triplets == 2500);
    CHECK(r.min_entry_score == 500 && r.target_score == 10000 && r.final_round);
    CHECK_STATUS(farkle_rules_validate(&r, message, sizeof message), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_ZILCH, &r), FARKLE_STATUS_OK);
    CHECK(r.no_score_set == 500 && r.min_bank_score == 300 && r.farkle_penalty_points == 500);
    CHECK_STATUS(farkle_rules_preset(6, &r), FARKLE_STATUS_UNKNOWN_PRESET);
    CHECK_STATUS(farkle_rules_preset(0xFFFFFFFFu, &r), FARKLE_STATUS_UNKNOWN_PRESET);
    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, NULL), FARKLE_STATUS_NULL_POINTER);

    CHECK(strcmp(farkle_rules_preset_name(FARKLE_PRESET_DOUBLING), "doubling") == 0);
    CHECK(farkle_rules_preset_name(42) == NULL);
    CHECK_STATUS(farkle_rules_preset_from_name("Minimal", &p), FARKLE_STATUS_OK);
    CHECK(p == FARKLE_PRESET_MINIMAL);
    CHECK_STATUS(farkle_rules_preset_from_name("nope", &p), FARKLE_STATUS_UNKNOWN_PRESET);
    CHECK_STATUS(farkle_rules_preset_from_name(NULL, &p), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_rules_preset_from_name("classic", NULL), FARKLE_STATUS_NULL_POINTER);
}

static void test_validation(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    char message[128];
    char tiny[4];
    FarkleScore s;
    const uint8_t one[] = {1};

    r.dice_count = 0;
    message[0] = 'x';
    CHECK_STATUS(farkle_rules_validate(&r, message, sizeof message), FARKLE_STATUS_INVALID_RULES);
    CHECK(strstr(message, "dice_count") != NULL);
    CHECK_STATUS(farkle_score_selection(&r, one, 1, &s), FARKLE_STATUS_INVALID_RULES);

    r = preset(FARKLE_PRESET_CLASSIC);
    r.target_score = -5;
    CHECK_STATUS(farkle_rules_validate(&r, tiny, sizeof tiny), FARKLE_STATUS_INVALID_RULES);
    CHECK(strlen(tiny) == 3); /* truncated and terminated */
    CHECK_STATUS(farkle_rules_validate(&r, NULL, 0), FARKLE_STATUS_INVALID_RULES);
    CHECK_STATUS(farkle_rules_validate(&r, NULL, 8), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_rules_validate(NULL, message, sizeof message), FARKLE_STATUS_NULL_POINTER);

    r = preset(FARKLE_PRESET_CLASSIC);
    r.kind_scaling = 77;
    CHECK_STATUS(farkle_rules_validate(&r, message, sizeof message), FARKLE_STATUS_INVALID_RULES);
    CHECK(strstr(message, "kind_scaling") != NULL);

    r = preset(FARKLE_PRESET_CLASSIC);
    r.single_one = 0;
    r.single_five = 0;
    r.dice_count = 2; /* nothing left that two dice can score */
    CHECK_STATUS(farkle_rules_validate(&r, message, sizeof message), FARKLE_STATUS_INVALID_RULES);

    r = preset(FARKLE_PRESET_CLASSIC);
    r.target_score = 0;
    r.final_round = false;
    CHECK_STATUS(farkle_rules_validate(&r, message, sizeof message), FARKLE_STATUS_INVALID_RULES);
    CHECK(strstr(message, "no end") != NULL);
}

static void test_classic_examples(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    const uint8_t four_threes[] = {3, 3, 3, 3};
    const uint8_t five_fives[] = {5, 5, 5, 5, 5};
    const uint8_t six_twos[] = {2, 2, 2, 2, 2, 2};
    const uint8_t pairs[] = {1, 1, 3, 3, 5, 5};
    const uint8_t mixed[] = {1, 1, 1, 5, 5, 2};
    const uint8_t mixed_scoring[] = {1, 1, 1, 5, 5};
    const uint8_t one_five_two[] = {1, 5, 2};
    const uint8_t straight[] = {6, 5, 4, 3, 2, 1};
    const uint8_t triplets[] = {2, 2, 2, 5, 5, 5};
    const uint8_t full_house[] = {3, 3, 3, 2, 2};
    FarkleScore s;
    FarkleRollAnalysis a;

    CHECK(points_of(&r, four_threes, 4) == 600);
    CHECK(points_of(&r, five_fives, 5) == 1500);
    CHECK(points_of(&r, six_twos, 6) == 800);
    CHECK(points_of(&r, pairs, 6) == 1500);
    CHECK(points_of(&r, mixed_scoring, 5) == 1100);
    CHECK(points_of(&r, straight, 6) == 1500);
    CHECK(points_of(&r, triplets, 6) == 2500);
    CHECK(points_of(&r, full_house, 5) == -1); /* full house not scored: the 2s are left over */

    CHECK_STATUS(farkle_score_selection(&r, mixed, 6, &s), FARKLE_STATUS_OK);
    CHECK(!s.valid && s.points == 0 && s.reason == FARKLE_INVALID_REASON_NON_SCORING);
    CHECK(s.leftover_counts[1] == 1 && s.leftover_counts[0] == 0);
    CHECK_STATUS(farkle_score_selection(&r, one_five_two, 3, &s), FARKLE_STATUS_OK);
    CHECK(!s.valid && s.leftover_counts[1] == 1);

    CHECK_STATUS(farkle_roll_analyze(&r, mixed, 6, &a), FARKLE_STATUS_OK);
    CHECK(!a.is_farkle && a.max_points == 1100);
    CHECK(a.best_selection_mask == 0x1F); /* 1 1 1 5 5, not the 2 */
    CHECK(a.scoring_dice_mask == 0x1F);

    CHECK_STATUS(farkle_score_selection(&r, mixed_scoring, 5, &s), FARKLE_STATUS_OK);
    CHECK(s.valid && s.points == 1100 && s.combination_count == 3);
    {
        size_t i;
        int32_t sum = 0;
        uint16_t all = 0;
        int kinds = 0;
        for (i = 0; i < s.combination_count; i++) {
            sum += s.combinations[i].points;
            CHECK((all & s.combinations[i].dice_mask) == 0);
            all |= s.combinations[i].dice_mask;
            if (s.combinations[i].kind == FARKLE_COMBINATION_KIND_OF_A_KIND) {
                CHECK(s.combinations[i].face == 1 && s.combinations[i].points == 1000);
                CHECK(s.combinations[i].dice_count == 3);
                kinds++;
            }
        }
        CHECK(sum == 1100 && all == 0x1F && kinds == 1);
    }
    CHECK_STATUS(farkle_score_selection(&r, NULL, 0, &s), FARKLE_STATUS_OK);
    CHECK(!s.valid && s.reason == FARKLE_INVALID_REASON_EMPTY);
}

static void test_other_presets(void) {
    FarkleRules ext = preset(FARKLE_PRESET_EXTENDED);
    FarkleRules dbl = preset(FARKLE_PRESET_DOUBLING);
    FarkleRules zil = preset(FARKLE_PRESET_ZILCH);
    FarkleRules add = preset(FARKLE_PRESET_ADDITIVE);
    FarkleRules min = preset(FARKLE_PRESET_MINIMAL);
    const uint8_t six_ones[] = {1, 1, 1, 1, 1, 1};
    const uint8_t four_plus_pair[] = {4, 4, 4, 4, 2, 2};
    const uint8_t low_straight_five[] = {1, 2, 3, 4, 5, 5};
    const uint8_t nothing[] = {2, 2, 3, 4, 6, 6};
    const uint8_t four_fours[] = {4, 4, 4, 4};
    const uint8_t seed4_first[] = {1, 2, 4, 4, 4, 5};
    FarkleRollAnalysis a;
    FarkleScore s;

    CHECK(points_of(&ext, six_ones, 6) == 5000);
    CHECK(points_of(&ext, four_plus_pair, 6) == 1250);
    CHECK(points_of(&dbl, six_ones, 6) == 8000);
    CHECK(points_of(&dbl, low_straight_five, 6) == 1050);
    CHECK(points_of(&dbl, four_fours, 4) == 800);
    CHECK(points_of(&add, four_fours, 4) == 800);
    CHECK(points_of(&min, four_fours, 4) == -1);
    CHECK(points_of(&zil, nothing, 6) == 500);
    CHECK_STATUS(farkle_score_selection(&zil, nothing, 6, &s), FARKLE_STATUS_OK);
    CHECK(s.combination_count == 1 && s.combinations[0].kind == FARKLE_COMBINATION_KIND_NO_SCORE_SET);
    CHECK(s.combinations[0].dice_mask == 0x3F);
    CHECK_STATUS(farkle_roll_analyze(&zil, nothing, 5, &a), FARKLE_STATUS_OK);
    CHECK(a.is_farkle && a.max_points == 0 && a.scoring_dice_mask == 0);
    CHECK_STATUS(farkle_roll_analyze(&add, seed4_first, 6, &a), FARKLE_STATUS_OK);
    CHECK(a.max_points == 550); /* the original README's Example 1 */
}

static void test_selections(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    const uint8_t roll[] = {5, 1, 2, 1, 3, 4};
    FarkleSelection sel[FARKLE_MAX_SELECTIONS];
    size_t n = 0;
    size_t i;
    /* scoring subsets of {1,1,5}: 1, 5, 11, 15, 115 (2,3,4 never score here) */
    CHECK_STATUS(farkle_roll_selections(&r, roll, 6, sel, FARKLE_MAX_SELECTIONS, &n), FARKLE_STATUS_OK);
    CHECK(n == 5);
    CHECK(sel[0].points == 250 && sel[0].dice_count == 3 && sel[0].dice_mask == 0x0B);
    CHECK(sel[4].points == 50 && sel[4].dice_mask == 0x01);
    for (i = 1; i < n; i++) CHECK(sel[i - 1].points >= sel[i].points);
    n = 0;
    CHECK_STATUS(farkle_roll_selections(&r, roll, 6, sel, 2, &n), FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 5);
    CHECK_STATUS(farkle_roll_selections(&r, roll, 6, NULL, 0, &n), FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(farkle_roll_selections(&r, roll, 6, NULL, 3, &n), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_selections(&r, roll, 6, sel, 3, NULL), FARKLE_STATUS_NULL_POINTER);
}

static void test_errors(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    const uint8_t bad_face[] = {1, 7};
    const uint8_t zero_face[] = {0};
    const uint8_t seven[] = {1, 1, 1, 1, 1, 1, 1};
    FarkleScore s;
    FarkleRollAnalysis a;
    size_t n;
    FarkleSelection sel[4];

    s.points = 12345;
    CHECK_STATUS(farkle_score_selection(&r, bad_face, 2, &s), FARKLE_STATUS_INVALID_FACE);
    CHECK(s.points == 12345); /* untouched on error */
    CHECK_STATUS(farkle_score_selection(&r, zero_face, 1, &s), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_score_selection(&r, seven, 7, &s), FARKLE_STATUS_TOO_MANY_DICE);
    CHECK_STATUS(farkle_score_selection(NULL, seven, 1, &s), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_score_selection(&r, NULL, 1, &s), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_score_selection(&r, seven, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_analyze(&r, bad_face, 2, &a), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_roll_analyze(&r, seven, 7, &a), FARKLE_STATUS_TOO_MANY_DICE);
    CHECK_STATUS(farkle_roll_analyze(NULL, seven, 1, &a), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_analyze(&r, NULL, 1, &a), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_analyze(&r, seven, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_selections(NULL, seven, 1, sel, 4, &n), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_selections(&r, NULL, 1, sel, 4, &n), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_selections(&r, bad_face, 2, sel, 4, &n), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_roll_selections(&r, seven, 7, sel, 4, &n), FARKLE_STATUS_TOO_MANY_DICE);
    r.dice_count = 13;
    CHECK_STATUS(farkle_roll_analyze(&r, seven, 1, &a), FARKLE_STATUS_INVALID_RULES);
    CHECK_STATUS(farkle_roll_selections(&r, seven, 1, sel, 4, &n), FARKLE_STATUS_INVALID_RULES);
}

static void test_prepared_scorer(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleScorer *scorer = NULL;
    const uint8_t mixed[] = {1, 1, 1, 5, 5, 2};
    const uint8_t bad_face[] = {9};
    const uint8_t seven[] = {1, 1, 1, 1, 1, 1, 1};
    FarkleScore s;
    FarkleRollAnalysis a;
    FarkleSelection sel[FARKLE_MAX_SELECTIONS];
    size_t n = 0;

    CHECK_STATUS(farkle_scorer_new(NULL, &scorer), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_new(&r, NULL), FARKLE_STATUS_NULL_POINTER);
    r.dice_count = 0;
    CHECK_STATUS(farkle_scorer_new(&r, &scorer), FARKLE_STATUS_INVALID_RULES);
    CHECK(scorer == NULL);
    r.dice_count = 6;
    CHECK_STATUS(farkle_scorer_new(&r, &scorer), FARKLE_STATUS_OK);
    CHECK(scorer != NULL);

    CHECK_STATUS(farkle_scorer_score_selection(scorer, mixed, 5, &s), FARKLE_STATUS_OK);
    CHECK(s.valid && s.points == 1100);
    CHECK_STATUS(farkle_scorer_score_selection(scorer, mixed, 6, &s), FARKLE_STATUS_OK);
    CHECK(!s.valid && s.reason == FARKLE_INVALID_REASON_NON_SCORING);
    CHECK_STATUS(farkle_scorer_roll_analyze(scorer, mixed, 6, &a), FARKLE_STATUS_OK);
    CHECK(a.max_points == 1100 && a.best_selection_mask == 0x1F);
    /* subsets of {1,1,1,5,5} that score: 4 x 3 - 1 = 11 */
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, mixed, 6, sel, FARKLE_MAX_SELECTIONS, &n),
                 FARKLE_STATUS_OK);
    CHECK(n == 11 && sel[0].points == 1100);
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, mixed, 6, sel, 1, &n), FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 11);

    CHECK_STATUS(farkle_scorer_score_selection(NULL, mixed, 1, &s), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_score_selection(scorer, NULL, 1, &s), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_score_selection(scorer, mixed, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_score_selection(scorer, bad_face, 1, &s), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_scorer_score_selection(scorer, seven, 7, &s), FARKLE_STATUS_TOO_MANY_DICE);
    CHECK_STATUS(farkle_scorer_roll_analyze(NULL, mixed, 1, &a), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_analyze(scorer, NULL, 1, &a), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_analyze(scorer, mixed, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_analyze(scorer, bad_face, 1, &a), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_scorer_roll_analyze(scorer, seven, 7, &a), FARKLE_STATUS_TOO_MANY_DICE);
    CHECK_STATUS(farkle_scorer_roll_selections(NULL, mixed, 1, sel, 4, &n), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, NULL, 1, sel, 4, &n), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, mixed, 1, NULL, 4, &n), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, mixed, 1, sel, 4, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, bad_face, 1, sel, 4, &n), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, seven, 7, sel, 4, &n), FARKLE_STATUS_TOO_MANY_DICE);
    farkle_scorer_free(scorer);
    farkle_scorer_free(NULL);
}

static FarklePoints calc(const uint8_t x[6], const uint8_t s[6], bool roll_over) {
    FarklePoints p;
    p.points = 777777;
    p.roll_over = true;
    if (farkle_point_calculation(x, s, roll_over, &p) != FARKLE_STATUS_OK) p.points = 888888;
    return p;
}

static void test_point_calculation(void) {
    const uint8_t x[6] = {2, 1, 1, 1, 1, 0}; /* 1 1 2 3 4 5 */
    const uint8_t none[6] = {0, 0, 0, 0, 0, 0};
    const uint8_t small[6] = {1, 1, 1, 1, 1, 0};
    const uint8_t too_many_ones[6] = {3, 0, 0, 0, 0, 0};
    const uint8_t two_three[6] = {0, 1, 1, 0, 0, 0};
    const uint8_t x_pairs[6] = {2, 0, 2, 0, 2, 0};
    const uint8_t six_fours[6] = {0, 0, 0, 6, 0, 0};
    const uint8_t big_roll[6] = {7, 0, 0, 0, 0, 0};
    FarklePoints p;

    p = calc(x, none, false);
    CHECK(p.points == 0 && !p.roll_over);
    p = calc(x, none, true);
    CHECK(p.points == -1000 && !p.roll_over);
    p = calc(x, too_many_ones, true);
    CHECK(p.points == -1000 && !p.roll_over);
    p = calc(x, small, true);
    CHECK(p.points == 1000 && p.roll_over);
    p = calc(x, x, false);
    CHECK(p.points == 1100 && !p.roll_over); /* 1-1-2-3-4-5: small straight + a 1 */
    p = calc(x, two_three, true);
    CHECK(p.points == 0 && !p.roll_over);
    p = calc(x_pairs, x_pairs, true);
    CHECK(p.points == 1500 && p.roll_over);
    p = calc(six_fours, six_fours, true);
    CHECK(p.points == 3200 && p.roll_over); /* 400 x 2^3 */
    CHECK_STATUS(farkle_point_calculation(big_roll, none, false, &p), FARKLE_STATUS_TOO_MANY_DICE);
    CHECK_STATUS(farkle_point_calculation(NULL, none, false, &p), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_point_calculation(x, NULL, false, &p), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_point_calculation(x, none, false, NULL), FARKLE_STATUS_NULL_POINTER);
}

static void test_strings_and_version(void) {
    int i;
    CHECK(strcmp(farkle_status_str(FARKLE_STATUS_OK), "success") == 0);
    for (i = 0; i <= FARKLE_STATUS_BUFFER_TOO_SMALL; i++) {
        CHECK(farkle_status_str(i) != NULL && strcmp(farkle_status_str(i), "unknown status") != 0);
    }
    CHECK(strcmp(farkle_status_str(-1), "unknown status") == 0);
    CHECK(strcmp(farkle_status_str(1 << 30), "unknown status") == 0);
    CHECK(strcmp(farkle_combination_kind_name(FARKLE_COMBINATION_KIND_THREE_PAIRS), "three pairs") == 0);
    CHECK(farkle_combination_kind_name(10) == NULL);
    CHECK(farkle_combination_kind_name(UINT32_MAX) == NULL);
    CHECK(farkle_version_number() == FARKLE_VERSION_NUMBER);
    CHECK(strcmp(farkle_version_string(), FARKLE_VERSION_STRING) == 0);
    CHECK(FARKLE_VERSION_NUMBER == FARKLE_VERSION_MAJOR * 10000 + FARKLE_VERSION_MINOR * 100 + FARKLE_VERSION_PATCH);
}

static void test_same_face_knobs(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    const uint8_t six_twos[] = {2, 2, 2, 2, 2, 2};
    const uint8_t six_ones[] = {1, 1, 1, 1, 1, 1};
    FarkleScore s;
    int32_t points = -9;

    /* Classic, knobs off: six 2s are six of a kind, 200 x 4 = 800. */
    CHECK_STATUS(farkle_points(&r, six_twos, 6, &points), FARKLE_STATUS_OK);
    CHECK(points == 800);
    /* As three pairs: max(800, 1500) = 1500. */
    r.three_pairs_of_one_face = 1;
    CHECK_STATUS(farkle_points(&r, six_twos, 6, &points), FARKLE_STATUS_OK);
    CHECK(points == 1500);
    /* And as two triplets: max(800, 1500, 2500) = 2500, read as one combination. */
    r.two_triplets_of_one_face = 1;
    CHECK_STATUS(farkle_points(&r, six_twos, 6, &points), FARKLE_STATUS_OK);
    CHECK(points == 2500);
    CHECK_STATUS(farkle_score_selection(&r, six_twos, 6, &s), FARKLE_STATUS_OK);
    CHECK(s.valid && s.points == 2500 && s.combination_count == 1);
    CHECK(s.combinations[0].kind == FARKLE_COMBINATION_KIND_TWO_TRIPLETS);
    CHECK(s.combinations[0].dice_mask == 0x3F && s.combinations[0].points == 2500);
    /* Six 1s: 1000 x 4 = 4000 stays the best reading. */
    CHECK(points_of(&r, six_ones, 6) == 4000);
    /* Three pairs worth 0: that reading adds nothing, so with two triplets off, 800 again. */
    r.three_pairs = 0;
    r.two_triplets_of_one_face = 0;
    CHECK(points_of(&r, six_twos, 6) == 800);
    /* A flag is 0 or 1. */
    r.two_triplets_of_one_face = 2;
    CHECK_STATUS(farkle_points(&r, six_twos, 6, &points), FARKLE_STATUS_INVALID_RULES);
}

int main(void) {
    test_presets();
    test_validation();
    test_classic_examples();
    test_other_presets();
    test_selections();
    test_errors();
    test_prepared_scorer();
    test_same_face_knobs();
    test_point_calculation();
    test_strings_and_version();
    return finish();
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The lean scoring calls, farkle_scorer_points() and farkle_points(): they agree with the full
 * calls (farkle_scorer_score_selection(), farkle_score_selection()) on every multiset of up to
 * six dice under every preset and of up to twelve under a 12-dice rules value, whatever the
 * order of the dice; bad faces and too many dice are refused as by the full calls; invalid
 * rules are refused even when rules with the same scoring fields were used just before (the
 * scorer cache is keyed by scoring fields, the game settings are checked on every call);
 * rules that differ only in game settings score alike; cycling through more rules values than
 * the cache holds stays correct. Also: the full calls write every field of their result.
 */
#include <string.h>

#include "check.h"
#include "farkle.h"

#define UNTOUCHED 0x5A

/* Points by the full prepared call: the points when valid, 0 otherwise (-1 on an error). */
static int32_t full_points(const FarkleScorer *s, const uint8_t *faces, size_t n) {
    FarkleScore score;
    if (farkle_scorer_score_selection(s, faces, n, &score) != FARKLE_STATUS_OK) return -1;
    return score.valid ? score.points : 0;
}

/* Calls `check` with every multiset of at most `max` dice, its faces in descending order and
 * in a rotated order. Returns the number of multisets. */
static long for_each_multiset(int max, void (*check)(const uint8_t *, size_t, void *), void *ctx) {
    int c[6];
    long seen = 0;
    for (c[0] = 0; c[0] <= max; c[0]++)
        for (c[1] = 0; c[0] + c[1] <= max; c[1]++)
            for (c[2] = 0; c[0] + c[1] + c[2] <= max; c[2]++)
                for (c[3] = 0; c[0] + c[1] + c[2] + c[3] <= max; c[3]++)
                    for (c[4] = 0; c[0] + c[1] + c[2] + c[3] + c[4] <= max; c[4]++)
                        for (c[5] = 0; c[0] + c[1] + c[2] + c[3] + c[4] + c[5] <= max; c[5]++) {
                            uint8_t faces[FARKLE_MAX_DICE], rotated[FARKLE_MAX_DICE];
                            size_t n = 0, i;
                            int f, k;
                            for (f = 6; f >= 1; f--)
                                for (k = 0; k < c[f - 1]; k++) faces[n++] = (uint8_t)f;
                            for (i = 0; i < n; i++) rotated[i] = faces[(i + n / 2) % n];
                            check(faces, n, ctx);
                            check(rotated, n, ctx);
                            seen++;
                        }
    return seen;
}

typedef struct Agreement {
    const FarkleRules *rules;
    const FarkleScorer *scorer;
    long mismatches;
} Agreement;

static void agree(const uint8_t *faces, size_t n, void *ctx) {
    Agreement *a = (Agreement *)ctx;
    int32_t expected = full_points(a->scorer, faces, n);
    int32_t lean = -7, by_rules = -7;
    FarkleScore score;
    if (farkle_scorer_points(a->scorer, faces, n, &lean) != FARKLE_STATUS_OK ||
        farkle_points(a->rules, faces, n, &by_rules) != FARKLE_STATUS_OK ||
        farkle_score_selection(a->rules, faces, n, &score) != FARKLE_STATUS_OK || expected < 0 ||
        lean != expected || by_rules != expected || (score.valid ? score.points : 0) != expected)
        a->mismatches++;
}

static void test_agreement_every_preset(void) {
    uint32_t p;
    for (p = FARKLE_PRESET_CLASSIC; p <= FARKLE_PRESET_ZILCH; p++) {
        FarkleRules r = preset(p);
        FarkleScorer *s = NULL;
        Agreement a;
        CHECK_STATUS(farkle_scorer_new(&r, &s), FARKLE_STATUS_OK);
        a.rules = &r;
        a.scorer = s;
        a.mismatches = 0;
        CHECK(for_each_multiset(6, agree, &a) == 924);
        CHECK(a.mismatches == 0);
        farkle_scorer_free(s);
    }
}

static void test_agreement_twelve_dice(void) {
    FarkleRules r = preset(FARKLE_PRESET_ZILCH);
    FarkleScorer *s = NULL;
    Agreement a;
    r.dice_count = 12;
    CHECK_STATUS(farkle_scorer_new(&r, &s), FARKLE_STATUS_OK);
    a.rules = &r;
    a.scorer = s;
    a.mismatches = 0;
    CHECK(for_each_multiset(12, agree, &a) == 18564);
    CHECK(a.mismatches == 0);
    farkle_scorer_free(s);
}

static void test_examples_and_errors(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleScorer *s = NULL;
    int32_t p = 0;
    const uint8_t three_ones_two_fives[] = {5, 1, 1, 5, 1};
    const uint8_t with_a_two[] = {1, 2, 5};
    const uint8_t bad_seven[] = {1, 7};
    const uint8_t bad_zero[] = {0, 1};
    const uint8_t bad_high[] = {1, 5, 255};
    const uint8_t seven_dice[] = {1, 1, 1, 1, 1, 1, 1};
    const uint8_t seven_bad[] = {9, 9, 9, 9, 9, 9, 9};
    uint8_t thirteen[13];
    CHECK_STATUS(farkle_scorer_new(&r, &s), FARKLE_STATUS_OK);

    CHECK_STATUS(farkle_scorer_points(s, three_ones_two_fives, 5, &p), FARKLE_STATUS_OK);
    CHECK(p == 1100);
    CHECK_STATUS(farkle_points(&r, three_ones_two_fives, 5, &p), FARKLE_STATUS_OK);
    CHECK(p == 1100);
    /* Not scoring as a whole: 0, status OK. */
    p = 99;
    CHECK_STATUS(farkle_scorer_points(s, with_a_two, 3, &p), FARKLE_STATUS_OK);
    CHECK(p == 0);
    p = 99;
    CHECK_STATUS(farkle_points(&r, with_a_two, 3, &p), FARKLE_STATUS_OK);
    CHECK(p == 0);
    p = 99;
    CHECK_STATUS(farkle_points(&r, with_a_two, 0, &p), FARKLE_STATUS_OK);
    CHECK(p == 0);

    /* Bad faces and too many dice: the full calls' statuses, nothing written. */
    p = 42;
    CHECK_STATUS(farkle_scorer_points(s, bad_seven, 2, &p), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_scorer_points(s, bad_zero, 2, &p), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_scorer_points(s, bad_high, 3, &p), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_points(&r, bad_seven, 2, &p), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_points(&r, bad_zero, 2, &p), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_points(&r, bad_high, 3, &p), FARKLE_STATUS_INVALID_FACE);
    CHECK(strstr(farkle_last_error_message(), "1 to 6") != NULL);
    CHECK_STATUS(farkle_scorer_points(s, seven_dice, 7, &p), FARKLE_STATUS_TOO_MANY_DICE);
    CHECK_STATUS(farkle_points(&r, seven_dice, 7, &p), FARKLE_STATUS_TOO_MANY_DICE);
    /* Too many dice is checked before the values. */
    CHECK_STATUS(farkle_scorer_points(s, seven_bad, 7, &p), FARKLE_STATUS_TOO_MANY_DICE);
    CHECK_STATUS(farkle_points(&r, seven_bad, 7, &p), FARKLE_STATUS_TOO_MANY_DICE);
    CHECK(p == 42);
    farkle_scorer_free(s);

    r.dice_count = 12;
    memset(thirteen, 1, sizeof thirteen);
    CHECK_STATUS(farkle_points(&r, thirteen, 12, &p), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_points(&r, thirteen, 13, &p), FARKLE_STATUS_TOO_MANY_DICE);
    CHECK_STATUS(farkle_scorer_new(&r, &s), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_scorer_points(s, thirteen, 13, &p), FARKLE_STATUS_TOO_MANY_DICE);
    farkle_scorer_free(s);
}

/* Whether the last call's error message is farkle_rules_validate()'s explanation for `r`. */
static int same_message_as_validate(const FarkleRules *r) {
    char last[256], message[256];
    strncpy(last, farkle_last_error_message(), sizeof last - 1);
    last[sizeof last - 1] = 0;
    if (farkle_rules_validate(r, message, sizeof message) != FARKLE_STATUS_INVALID_RULES) return 0;
    return strcmp(message, last) == 0;
}

/* Every way to make the game settings invalid, each right after a call with valid rules of the
 * same scoring fields (whose table is then cached and most recently used). */
static void test_invalid_game_settings_after_valid_rules(void) {
    const FarkleRules classic = preset(FARKLE_PRESET_CLASSIC);
    const uint8_t faces[] = {1, 5};
    FarkleRules bad[12];
    size_t n = 0, i;
    int32_t p;
    FarkleScore score;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) bad[i] = classic;
    bad[n++].target_score = -1;
    bad[n++].min_entry_score = 1000000001;
    bad[n++].min_bank_score = -5;
    bad[n].target_score = 0; /* no end */
    bad[n++].turn_limit = 0;
    bad[n++].turn_limit = 1000001;
    bad[n++].final_round = 2;
    bad[n++].hot_dice = 7;
    bad[n++].farkle_penalty_loses_all = 255;
    bad[n++].farkle_penalty_streak = 256;
    bad[n].farkle_penalty_streak = 3; /* a penalty that takes nothing */
    bad[n++].farkle_penalty_points = 0;
    bad[n++].farkle_penalty_points = -1;
    bad[n].target_score = 0; /* a final round without a target */
    bad[n].turn_limit = 10;
    bad[n++].final_round = 1;

    for (i = 0; i < n; i++) {
        p = 77;
        CHECK_STATUS(farkle_points(&classic, faces, 2, &p), FARKLE_STATUS_OK);
        CHECK(p == 150);
        p = 77;
        CHECK_STATUS(farkle_points(&bad[i], faces, 2, &p), FARKLE_STATUS_INVALID_RULES);
        CHECK(p == 77);
        CHECK(same_message_as_validate(&bad[i]));
        CHECK_STATUS(farkle_score_selection(&bad[i], faces, 2, &score), FARKLE_STATUS_INVALID_RULES);
        CHECK(same_message_as_validate(&bad[i]));
    }
    /* Invalid scoring fields, cached or not, are refused too. */
    bad[0] = classic;
    bad[0].dice_count = 0;
    CHECK_STATUS(farkle_points(&bad[0], faces, 2, &p), FARKLE_STATUS_INVALID_RULES);
    CHECK(same_message_as_validate(&bad[0]));
    bad[0] = classic;
    bad[0].three_pairs_with_four_of_a_kind = 2;
    CHECK_STATUS(farkle_points(&bad[0], faces, 2, &p), FARKLE_STATUS_INVALID_RULES);
    CHECK(same_message_as_validate(&bad[0]));
    bad[0] = classic;
    bad[0].kind_scaling = 4;
    CHECK_STATUS(farkle_points(&bad[0], faces, 2, &p), FARKLE_STATUS_INVALID_RULES);
    CHECK(same_message_as_validate(&bad[0]));
}

typedef struct GameVariants {
    const FarkleRules *variants;
    size_t count;
    const FarkleScorer *reference;
    long mismatches;
} GameVariants;

static void same_for_every_variant(const uint8_t *faces, size_t n, void *ctx) {
    GameVariants *g = (GameVariants *)ctx;
    int32_t expected = full_points(g->reference, faces, n);
    size_t v;
    for (v = 0; v < g->count; v++) {
        int32_t p = -7;
        FarkleScore score;
        if (farkle_points(&g->variants[v], faces, n, &p) != FARKLE_STATUS_OK || p != expected ||
            farkle_score_selection(&g->variants[v], faces, n, &score) != FARKLE_STATUS_OK ||
            (score.valid ? score.points : 0) != expected)
            g->mismatches++;
    }
}

/* Rules that differ only in game settings score exactly alike. */
static void test_game_settings_do_not_change_scores(void) {
    const FarkleRules zilch = preset(FARKLE_PRESET_ZILCH);
    FarkleRules v[6];
    FarkleScorer *s = NULL;
    GameVariants g;
    size_t i;
    for (i = 0; i < 6; i++) v[i] = zilch;
    v[0].target_score = 4000;
    v[1].min_entry_score = 0;
    v[1].min_bank_score = 0;
    v[2].final_round = 0;
    v[2].hot_dice = 0;
    v[3].target_score = 0;
    v[3].final_round = 0;
    v[3].turn_limit = 20;
    v[4].farkle_penalty_streak = 0;
    v[4].farkle_penalty_points = 0;
    v[5].farkle_penalty_loses_all = 1;
    CHECK_STATUS(farkle_scorer_new(&zilch, &s), FARKLE_STATUS_OK);
    g.variants = v;
    g.count = 6;
    g.reference = s;
    g.mismatches = 0;
    for_each_multiset(6, same_for_every_variant, &g);
    CHECK(g.mismatches == 0);
    farkle_scorer_free(s);
}

/* More rules values than the per-thread cache holds, in turn: every answer right. */
static void test_cycling_past_the_cache(void) {
    enum { VALUES = FARKLE_SCORER_CACHE_SLOTS + 9 };
    static FarkleRules values[VALUES];
    const FarkleRules classic = preset(FARKLE_PRESET_CLASSIC);
    const uint8_t one_five[] = {5, 1};
    const uint8_t two_fives[] = {5, 5};
    const int rounds = workload(3, 2);
    int round, v, wrong = 0;
    for (v = 0; v < VALUES; v++) {
        values[v] = classic;
        values[v].single_five = 50 + v;
    }
    for (round = 0; round < rounds; round++) {
        for (v = 0; v < VALUES; v++) {
            /* Both at the value's own address and copied to one local variable. */
            FarkleRules local = values[(v * 7) % VALUES];
            int32_t a = 0, b = 0;
            if (farkle_points(&values[v], one_five, 2, &a) != FARKLE_STATUS_OK || a != 150 + v) wrong++;
            if (farkle_points(&local, two_fives, 2, &b) != FARKLE_STATUS_OK ||
                b != 2 * (50 + (v * 7) % VALUES))
                wrong++;
        }
    }
    CHECK(wrong == 0);
}

/* Every field of a FarkleScore is written: unused combinations are zeroed. */
static void test_every_field_written(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    const uint8_t valid[] = {5, 1, 3, 3, 3};
    const uint8_t invalid[] = {1, 2, 5};
    FarkleScore s;
    FarkleCombination zero;
    size_t i;
    memset(&zero, 0, sizeof zero);

    memset(&s, UNTOUCHED, sizeof s);
    CHECK_STATUS(farkle_score_selection(&r, valid, 5, &s), FARKLE_STATUS_OK);
    CHECK(s.valid && s.points == 450 && s.combination_count == 3);
    CHECK(s.reason == FARKLE_INVALID_REASON_NONE);
    for (i = 0; i < 6; i++) CHECK(s.leftover_counts[i] == 0);
    for (i = s.combination_count; i < FARKLE_MAX_DICE; i++) {
        CHECK(s.combinations[i].kind == FARKLE_COMBINATION_KIND_SINGLE);
        CHECK(s.combinations[i].dice_mask == 0 && s.combinations[i].points == 0);
        CHECK(s.combinations[i].dice_count == 0 && s.combinations[i].face == 0);
        CHECK(memcmp(s.combinations[i].counts, zero.counts, 6) == 0);
    }
    {
        uint16_t all = 0;
        for (i = 0; i < s.combination_count; i++) {
            CHECK((all & s.combinations[i].dice_mask) == 0);
            all |= s.combinations[i].dice_mask;
        }
        CHECK(all == 0x1F);
    }

    memset(&s, UNTOUCHED, sizeof s);
    CHECK_STATUS(farkle_score_selection(&r, invalid, 3, &s), FARKLE_STATUS_OK);
    CHECK(!s.valid && s.points == 0 && s.combination_count == 0);
    CHECK(s.reason == FARKLE_INVALID_REASON_NON_SCORING);
    CHECK(s.leftover_counts[1] == 1 && s.leftover_counts[0] == 0 && s.leftover_counts[4] == 0);
    for (i = 0; i < FARKLE_MAX_DICE; i++) {
        CHECK(s.combinations[i].dice_mask == 0 && s.combinations[i].points == 0);
        CHECK(s.combinations[i].kind == FARKLE_COMBINATION_KIND_SINGLE);
    }
}

int main(void) {
    test_agreement_every_preset();
    test_agreement_twelve_dice();
    test_examples_and_errors();
    test_invalid_game_settings_after_valid_rules();
    test_game_settings_do_not_change_scores();
    test_cycling_past_the_cache();
    test_every_field_written();
    return finish();
}

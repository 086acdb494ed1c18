/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The strategy C contract: exact odds, the single-turn policy and the value of any position
 * of a turn, the long-run penalty policy by farkles in a row, and the two-player table
 * (solve with progress, queries, save/load to file and buffer, damaged files), with every
 * error path. Expected numbers are hand-derived fractions or properties any correct answer
 * has; the exact values are checked by the Rust tests against independent computations.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "farkle.h"

static void test_odds(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleRules bad = r;
    FarkleOdds o;
    FarklePointsProbability entries[64];
    size_t count = 0;
    size_t i;
    double total = 0.0;

    CHECK_STATUS(farkle_odds(&r, 6, &o), FARKLE_STATUS_OK);
    /* 1080 of 46656 six-dice rolls farkle: 5/216. */
    CHECK(o.dice == 6 && o.farkle_numerator == 5 && o.farkle_denominator == 216);
    CHECK(o.farkle_probability > 0.0231 && o.farkle_probability < 0.0232);
    CHECK_STATUS(farkle_odds(&r, 3, &o), FARKLE_STATUS_OK);
    /* Three dice: 60/216 farkle; hot dice 12/216 (eight rolls of 1s and 5s, four triples). */
    CHECK(o.farkle_numerator == 5 && o.farkle_denominator == 18);
    CHECK(o.hot_dice_numerator == 1 && o.hot_dice_denominator == 18);
    CHECK_STATUS(farkle_odds(&r, 0, &o), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_odds(&r, 7, &o), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_odds(NULL, 1, &o), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_odds(&r, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    bad.dice_count = 0;
    CHECK_STATUS(farkle_odds(&bad, 1, &o), FARKLE_STATUS_INVALID_RULES);

    /* One die: 0 (4/6), 50 (1/6), 100 (1/6). */
    CHECK_STATUS(farkle_odds_max_points(&r, 1, NULL, 0, &count), FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK(count == 3);
    CHECK_STATUS(farkle_odds_max_points(&r, 1, entries, 2, &count),
                 FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(farkle_odds_max_points(&r, 1, entries, 64, &count), FARKLE_STATUS_OK);
    CHECK(count == 3);
    CHECK(entries[0].points == 0 && entries[0].numerator == 2 && entries[0].denominator == 3);
    CHECK(entries[1].points == 50 && entries[1].numerator == 1 && entries[1].denominator == 6);
    CHECK(entries[2].points == 100 && entries[2].probability > 0.16);
    CHECK_STATUS(farkle_odds_max_points(&r, 6, entries, 64, &count), FARKLE_STATUS_OK);
    for (i = 0; i < count; i++) total += entries[i].probability;
    CHECK(total > 0.999999 && total < 1.000001);
    CHECK_STATUS(farkle_odds_max_points(&r, 1, NULL, 4, &count), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_odds_max_points(&r, 1, entries, 4, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_odds_max_points(NULL, 1, entries, 4, &count), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_odds_max_points(&r, 9, entries, 4, &count),
                 FARKLE_STATUS_INVALID_ARGUMENT);
}

static void test_turn_policy(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleTurnPolicy *on = NULL;
    FarkleTurnPolicy *off = NULL;
    double points = 0.0;
    double points_off = 0.0;
    int32_t threshold = 0;
    FarkleChoice c;
    const uint8_t fresh[] = {4, 1, 2, 1, 5, 3};
    const uint8_t nothing[] = {2, 3, 4, 6, 2, 3};
    const uint8_t bad_face[] = {1, 7};
    const uint8_t seven[] = {1, 1, 1, 1, 1, 1, 1};
    uint32_t n;

    CHECK_STATUS(farkle_turn_policy_new(&r, true, &on), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_new(&r, false, &off), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_expected_points(on, &points), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_expected_points(off, &points_off), FARKLE_STATUS_OK);
    /* A fresh turn is worth a few hundred points; the entry minimum can only cost. */
    CHECK(points > 400.0 && points < 800.0);
    CHECK(points_off < points && points_off > 300.0);
    for (n = 1; n <= 6; n++) {
        CHECK_STATUS(farkle_turn_policy_bank_threshold(on, n, &threshold), FARKLE_STATUS_OK);
        CHECK(threshold > 0 && threshold % 50 == 0);
    }
    CHECK_STATUS(farkle_turn_policy_bank_threshold(off, 1, &threshold), FARKLE_STATUS_OK);
    CHECK(threshold >= 500);
    CHECK_STATUS(farkle_turn_policy_bank_threshold(on, 0, &threshold),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_turn_policy_bank_threshold(on, 300, &threshold),
                 FARKLE_STATUS_INVALID_ARGUMENT);

    /* 4 1 2 1 5 3 on a fresh turn: keep a single 1 and roll five dice. */
    CHECK_STATUS(farkle_turn_policy_best_choice(on, fresh, 6, 0, &c), FARKLE_STATUS_OK);
    CHECK(!c.farkle && c.points == 100 && c.dice_left == 5 && !c.bank);
    CHECK(c.keep_mask == 0x2 && c.keep_counts[0] == 1 && c.turn_total == 100);
    /* Holding 2000 with the same roll: bank with everything that scores. */
    CHECK_STATUS(farkle_turn_policy_best_choice(on, fresh, 6, 2000, &c), FARKLE_STATUS_OK);
    CHECK(c.bank && c.points == 250 && c.keep_mask == 0x1A && c.turn_total == 2250);
    CHECK_STATUS(farkle_turn_policy_best_choice(on, nothing, 6, 0, &c), FARKLE_STATUS_OK);
    CHECK(c.farkle && c.points == 0);
    CHECK_STATUS(farkle_turn_policy_best_choice(on, bad_face, 2, 0, &c),
                 FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(farkle_turn_policy_best_choice(on, seven, 7, 0, &c),
                 FARKLE_STATUS_TOO_MANY_DICE); /* as the header has always said */
    CHECK_STATUS(farkle_turn_policy_best_choice(on, fresh, 6, 25, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_turn_policy_best_choice(on, NULL, 0, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_turn_policy_best_choice(on, NULL, 3, 0, &c), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_best_choice(NULL, fresh, 6, 0, &c),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_best_choice(on, fresh, 6, 0, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_expected_points(NULL, &points), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_expected_points(on, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_bank_threshold(NULL, 1, &threshold),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_bank_threshold(on, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_new(NULL, true, &on), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_new(&r, true, NULL), FARKLE_STATUS_NULL_POINTER);
    farkle_turn_policy_free(on);
    farkle_turn_policy_free(off);
    farkle_turn_policy_free(NULL);

    /* Zilch: six dice never farkle, so the threshold is -1 (never bank with six). */
    r = preset(FARKLE_PRESET_ZILCH);
    CHECK_STATUS(farkle_turn_policy_new(&r, true, &on), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_bank_threshold(on, 6, &threshold), FARKLE_STATUS_OK);
    CHECK(threshold == -1);
    farkle_turn_policy_free(on);
    CHECK_STATUS(farkle_penalty_average_points(&r, &points), FARKLE_STATUS_OK);
    CHECK(points > 400.0 && points < 800.0);
    r = preset(FARKLE_PRESET_CLASSIC);
    CHECK_STATUS(farkle_penalty_average_points(&r, &points), FARKLE_STATUS_UNSUPPORTED);
    CHECK_STATUS(farkle_penalty_average_points(NULL, &points), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_average_points(&r, NULL), FARKLE_STATUS_NULL_POINTER);
}

static bool stop_at_once(double fraction, void *user) {
    (void)fraction;
    (void)user;
    return false;
}

static int message_has(const char *part) {
    return strstr(farkle_last_error_message(), part) != NULL;
}

static void test_turn_policy_value(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleTurnPolicy *on = NULL;
    FarkleTurnPolicy *off = NULL;
    double points = 0.0;
    double v = 0.0;
    const double untouched = -12345.0;

    CHECK_STATUS(farkle_turn_policy_new(&r, true, &on), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_new(&r, false, &off), FARKLE_STATUS_OK);
    /* From scratch with the full set: the turn's expected points. */
    CHECK_STATUS(farkle_turn_policy_expected_points(on, &points), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_value(on, 0, 6, 1, &v), FARKLE_STATUS_OK);
    CHECK(v == points);
    CHECK_STATUS(farkle_turn_policy_expected_points(off, &points), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_value(off, 0, 6, 0, &v), FARKLE_STATUS_OK);
    CHECK(v == points);
    /* One die at 1000: rolling keeps the points only on a 1 or a 5 (1/3), and a turn adds
     * far less than 2000 to them, so banking is optimal and the value is the turn total. */
    CHECK_STATUS(farkle_turn_policy_value(on, 1000, 1, 1, &v), FARKLE_STATUS_OK);
    CHECK(v == 1000.0);
    /* The largest turn total answers at once, and the same way. */
    CHECK_STATUS(farkle_turn_policy_value(on, FARKLE_MAX_TURN_TOTAL, 1, 1, &v), FARKLE_STATUS_OK);
    CHECK(v == (double)FARKLE_MAX_TURN_TOTAL);
    /* Where banking is allowed, the value is at least the turn total. */
    CHECK_STATUS(farkle_turn_policy_value(on, 300, 2, 1, &v), FARKLE_STATUS_OK);
    CHECK(v >= 300.0);
    /* Not on the board at 100: no bank yet, but three dice can still make the entry. */
    CHECK_STATUS(farkle_turn_policy_value(off, 100, 3, 0, &v), FARKLE_STATUS_OK);
    CHECK(v > 0.0);

    /* Refusals leave the output alone and say why. */
    v = untouched;
    CHECK_STATUS(farkle_turn_policy_value(on, 25, 1, 1, &v), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(message_has("multiple of 50"));
    CHECK_STATUS(farkle_turn_policy_value(on, -50, 1, 1, &v), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_turn_policy_value(on, FARKLE_MAX_TURN_TOTAL + 50, 1, 1, &v),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_turn_policy_value(on, 0, 0, 1, &v), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_turn_policy_value(on, 0, 7, 1, &v), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(message_has("1 to 6"));
    CHECK_STATUS(farkle_turn_policy_value(on, 0, 6, 2, &v), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(message_has("on_board is 2"));
    CHECK_STATUS(farkle_turn_policy_value(on, 0, 6, 0, &v), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(message_has("solved for a player on the board"));
    CHECK_STATUS(farkle_turn_policy_value(off, 0, 6, 1, &v), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_turn_policy_value(NULL, 0, 6, 1, &v), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_value(on, 0, 6, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(v == untouched);
    farkle_turn_policy_free(on);
    farkle_turn_policy_free(off);

    /* One die, no hot dice: a 1 (100) or a 5 (50) is banked at once, anything else farkles.
     * At 0 the player cannot bank: (100 + 50) / 6 = 25. */
    r.dice_count = 1;
    r.hot_dice = false;
    CHECK_STATUS(farkle_turn_policy_new(&r, true, &on), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_value(on, 0, 1, 1, &v), FARKLE_STATUS_OK);
    CHECK(v > 25.0 - 1e-9 && v < 25.0 + 1e-9);
    farkle_turn_policy_free(on);
}

static void test_penalty_policy(void) {
    FarkleRules r = preset(FARKLE_PRESET_EXTENDED);
    FarklePenaltyPolicy *p = NULL;
    FarklePenaltyPolicy *const sentinel = (FarklePenaltyPolicy *)&r;
    double average = 0.0;
    double direct = 0.0;
    double h = 0.0;
    double h_before = 0.0;
    int32_t th = 0;
    int32_t before[7] = {0};
    uint32_t k;
    uint32_t n;

    CHECK_STATUS(farkle_penalty_policy_new(&r, &p), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_penalty_policy_average_points(p, &average), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_penalty_average_points(&r, &direct), FARKLE_STATUS_OK);
    CHECK(average == direct);
    /* Thresholds are multiples of 50 and never rise with the farkles in a row (a farkle
     * nearer the penalty is worth less, so the player banks sooner); relative values start
     * at 0 and fall. */
    for (k = 0; k < 3; k++) {
        CHECK_STATUS(farkle_penalty_policy_relative_value(p, k, &h), FARKLE_STATUS_OK);
        CHECK(k == 0 ? h == 0.0 : h <= h_before);
        h_before = h;
        for (n = 1; n <= 6; n++) {
            CHECK_STATUS(farkle_penalty_policy_bank_threshold(p, k, n, &th), FARKLE_STATUS_OK);
            CHECK(th > 0 && th % 50 == 0);
            CHECK(k == 0 || th <= before[n]);
            before[n] = th;
        }
    }
    CHECK(h_before < 0.0);
    th = -7;
    h = -7.0;
    CHECK_STATUS(farkle_penalty_policy_bank_threshold(p, 3, 1, &th),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(message_has("0 to 2"));
    CHECK_STATUS(farkle_penalty_policy_bank_threshold(p, 0, 0, &th),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_penalty_policy_bank_threshold(p, 0, 7, &th),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_penalty_policy_relative_value(p, 3, &h), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_penalty_policy_relative_value(p, 4000000000u, &h),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(th == -7 && h == -7.0);
    CHECK_STATUS(farkle_penalty_policy_bank_threshold(NULL, 0, 1, &th),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_policy_bank_threshold(p, 0, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_policy_relative_value(NULL, 0, &h), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_policy_relative_value(p, 0, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_policy_average_points(NULL, &average), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_policy_average_points(p, NULL), FARKLE_STATUS_NULL_POINTER);
    farkle_penalty_policy_free(p);
    farkle_penalty_policy_free(NULL);

    /* Zilch: six dice never farkle, so their threshold is -1 (never bank) after any count. */
    r = preset(FARKLE_PRESET_ZILCH);
    CHECK_STATUS(farkle_penalty_policy_new_with_progress(&r, NULL, NULL, &p), FARKLE_STATUS_OK);
    for (k = 0; k < 3; k++) {
        CHECK_STATUS(farkle_penalty_policy_bank_threshold(p, k, 6, &th), FARKLE_STATUS_OK);
        CHECK(th == -1);
    }
    farkle_penalty_policy_free(p);

    /* One die, no hot dice, a penalty of 500 on the second farkle in a row. A turn scores 25
     * on average and farkles with probability 2/3, worth h(1) after none and -500 after one:
     * h(1) = (25 - (2/3) 500) - (25 + (2/3) h(1)), so h(1) = -200, and the average is
     * 25 + (2/3)(-200). Every turn banks from the first bankable total, 50 (rolling at t is
     * worth t/3 + 25 + (2/3) h, below t for any t > 37.5 + h). */
    r = preset(FARKLE_PRESET_CLASSIC);
    r.dice_count = 1;
    r.hot_dice = false;
    r.farkle_penalty_streak = 2;
    r.farkle_penalty_points = 500;
    CHECK_STATUS(farkle_penalty_policy_new(&r, &p), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_penalty_policy_relative_value(p, 1, &h), FARKLE_STATUS_OK);
    CHECK(h > -200.0 - 1e-6 && h < -200.0 + 1e-6);
    CHECK_STATUS(farkle_penalty_policy_average_points(p, &average), FARKLE_STATUS_OK);
    CHECK(average > 25.0 - 400.0 / 3.0 - 1e-6 && average < 25.0 - 400.0 / 3.0 + 1e-6);
    CHECK_STATUS(farkle_penalty_policy_bank_threshold(p, 1, 1, &th), FARKLE_STATUS_OK);
    CHECK(th == 50);
    farkle_penalty_policy_free(p);

    /* Refusals create nothing. */
    p = sentinel;
    r = preset(FARKLE_PRESET_CLASSIC);
    CHECK_STATUS(farkle_penalty_policy_new(&r, &p), FARKLE_STATUS_UNSUPPORTED);
    r.dice_count = 0;
    CHECK_STATUS(farkle_penalty_policy_new(&r, &p), FARKLE_STATUS_INVALID_RULES);
    r = preset(FARKLE_PRESET_EXTENDED);
    r.min_bank_score = 999999950;
    CHECK_STATUS(farkle_penalty_policy_new(&r, &p), FARKLE_STATUS_RESOURCE_LIMIT);
    r = preset(FARKLE_PRESET_EXTENDED);
    CHECK_STATUS(farkle_penalty_policy_new_with_progress(&r, stop_at_once, NULL, &p),
                 FARKLE_STATUS_CANCELLED);
    CHECK(p == sentinel);
    CHECK_STATUS(farkle_penalty_policy_new(NULL, &p), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_policy_new(&r, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_policy_new_with_progress(NULL, NULL, NULL, &p),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_policy_new_with_progress(&r, NULL, NULL, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(p == sentinel);
}

static int progress_calls;
static double progress_last;
static int progress_monotone = 1;

static bool on_progress(double fraction, void *user) {
    int *tag = (int *)user;
    if (*tag != 42 || fraction < progress_last || fraction > 1.0) progress_monotone = 0;
    progress_last = fraction;
    progress_calls++;
    return true; /* go on */
}

static FarkleRules small_game(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    r.dice_count = 3;
    r.target_score = 500;
    r.min_entry_score = 0;
    r.final_round = false;
    return r;
}

static void test_win_table(void) {
    FarkleRules r = small_game();
    FarkleRules back;
    FarkleWinTable *t = NULL;
    FarkleWinTable *loaded = NULL;
    int tag = 42;
    double p = 0.0;
    double q = 0.0;
    int32_t comp = -1;
    FarkleTurnState s;
    FarkleDecision d;
    FarkleChoice c;
    FarklePlayer me;
    FarklePlayer opp;
    unsigned char *buf;
    size_t size = 0;
    size_t needed = 0;
    const uint8_t roll[] = {1, 5, 2};
    const char *path = "farkle_strategy_test.fwt";
    FILE *f;

    CHECK_STATUS(farkle_win_table_solve(&r, on_progress, &tag, &t), FARKLE_STATUS_OK);
    CHECK(t != NULL && progress_calls > 0 && progress_monotone && progress_last == 1.0);
    CHECK_STATUS(farkle_win_table_first_player_win_probability(t, &p), FARKLE_STATUS_OK);
    CHECK(p > 0.5 && p < 1.0);
    CHECK_STATUS(farkle_win_table_compensation(t, &comp), FARKLE_STATUS_OK);
    CHECK(comp > 0 && comp % 50 == 0 && comp < 500);
    CHECK_STATUS(farkle_win_table_rules(t, &back), FARKLE_STATUS_OK);
    CHECK(back.dice_count == 3 && back.target_score == 500);

    memset(&s, 0, sizeof s);
    s.me.on_board = true;
    s.opponent.on_board = true;
    s.dice = 3;
    CHECK_STATUS(farkle_win_table_win_probability(t, &s, &q), FARKLE_STATUS_OK);
    CHECK(q - p < 1e-12 && p - q < 1e-12); /* the start of the game */
    /* 450 banked, holding 50 more: banking wins at once. */
    s.me.score = 450;
    s.turn_total = 50;
    s.dice = 2;
    CHECK_STATUS(farkle_win_table_decision(t, &s, &d), FARKLE_STATUS_OK);
    CHECK(d.bank && d.bank_allowed && d.bank_win_probability == 1.0);
    CHECK(d.roll_win_probability < 1.0);
    CHECK_STATUS(farkle_win_table_win_probability(t, &s, &q), FARKLE_STATUS_OK);
    CHECK(q == 1.0);
    s.turn_total = 0;
    s.dice = 3;
    CHECK_STATUS(farkle_win_table_decision(t, &s, &d), FARKLE_STATUS_OK);
    CHECK(!d.bank && !d.bank_allowed && d.roll_win_probability > 0.5);
    s.me.score = 500; /* at the target: not a state of the game */
    CHECK_STATUS(farkle_win_table_win_probability(t, &s, &q), FARKLE_STATUS_INVALID_ARGUMENT);
    s.me.score = 0;
    s.turn_total = 30;
    CHECK_STATUS(farkle_win_table_win_probability(t, &s, &q), FARKLE_STATUS_INVALID_ARGUMENT);
    s.turn_total = 0;
    s.dice = 4;
    CHECK_STATUS(farkle_win_table_decision(t, &s, &d), FARKLE_STATUS_INVALID_ARGUMENT);
    s.dice = 3;
    s.me.farkles = 1; /* no penalty in these rules */
    CHECK_STATUS(farkle_win_table_decision(t, &s, &d), FARKLE_STATUS_INVALID_ARGUMENT);
    s.me.farkles = 0;
    CHECK_STATUS(farkle_win_table_win_probability(NULL, &s, &q), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_win_probability(t, NULL, &q), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_win_probability(t, &s, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_decision(t, &s, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_decision(NULL, &s, &d), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_decision(t, NULL, &d), FARKLE_STATUS_NULL_POINTER);

    me = s.me;
    opp = s.opponent;
    me.score = 400;
    CHECK_STATUS(farkle_win_table_best_choice(t, &me, &opp, 0, roll, 3, &c), FARKLE_STATUS_OK);
    CHECK(!c.farkle && c.points > 0 && (c.keep_mask & 0x4) == 0 && c.value > 0.5);
    /* 1 and 5 reach 550 from 400: take both and bank, a sure win. */
    CHECK(c.points == 150 && c.bank && c.value == 1.0 && c.keep_mask == 0x3);
    CHECK_STATUS(farkle_win_table_best_choice(t, &me, &opp, 0, roll + 2, 1, &c),
                 FARKLE_STATUS_OK);
    CHECK(c.farkle);
    CHECK_STATUS(farkle_win_table_best_choice(t, &me, &opp, 0, roll, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_win_table_best_choice(t, NULL, &opp, 0, roll, 3, &c),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_best_choice(NULL, &me, &opp, 0, roll, 3, &c),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_best_choice(t, &me, NULL, 0, roll, 3, &c),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_best_choice(t, &me, &opp, 0, NULL, 3, &c),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_best_choice(t, &me, &opp, 0, roll, 3, NULL),
                 FARKLE_STATUS_NULL_POINTER);

    /* Buffer round trip. */
    CHECK_STATUS(farkle_win_table_to_buffer(t, NULL, 0, &needed), FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK(needed > 148);
    buf = (unsigned char *)malloc(needed);
    CHECK_STATUS(farkle_win_table_to_buffer(t, buf, needed - 1, &size),
                 FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(farkle_win_table_to_buffer(t, buf, needed, &size), FARKLE_STATUS_OK);
    CHECK(size == needed && memcmp(buf, "FRKLWIN", 7) == 0);
    CHECK_STATUS(farkle_win_table_from_buffer(buf, size, &loaded), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_win_table_first_player_win_probability(loaded, &q), FARKLE_STATUS_OK);
    CHECK(q == p);
    farkle_win_table_free(loaded);
    loaded = NULL;
    CHECK_STATUS(farkle_win_table_from_buffer(buf, size - 1, &loaded),
                 FARKLE_STATUS_BAD_TABLE_FILE);
    buf[200] ^= 0x40;
    CHECK_STATUS(farkle_win_table_from_buffer(buf, size, &loaded), FARKLE_STATUS_BAD_TABLE_FILE);
    buf[200] ^= 0x40;
    buf[8] = 99; /* version */
    CHECK_STATUS(farkle_win_table_from_buffer(buf, size, &loaded), FARKLE_STATUS_BAD_TABLE_FILE);
    CHECK(loaded == NULL);
    CHECK_STATUS(farkle_win_table_from_buffer(NULL, 0, &loaded), FARKLE_STATUS_BAD_TABLE_FILE);
    CHECK_STATUS(farkle_win_table_from_buffer(NULL, 5, &loaded), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_from_buffer(buf, size, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_to_buffer(t, NULL, 5, &size), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_to_buffer(t, buf, needed, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_to_buffer(NULL, buf, needed, &size), FARKLE_STATUS_NULL_POINTER);
    free(buf);

    /* File round trip, and files that are not tables. */
    CHECK_STATUS(farkle_win_table_save(t, path), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_win_table_load(path, &loaded), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_win_table_compensation(loaded, &comp), FARKLE_STATUS_OK);
    farkle_win_table_free(loaded);
    loaded = NULL;
    f = fopen(path, "wb");
    if (f != NULL) {
        fputs("not a table", f);
        fclose(f);
    }
    CHECK_STATUS(farkle_win_table_load(path, &loaded), FARKLE_STATUS_BAD_TABLE_FILE);
    remove(path);
    CHECK_STATUS(farkle_win_table_load(path, &loaded), FARKLE_STATUS_IO);
    CHECK_STATUS(farkle_win_table_save(t, "/nonexistent-dir/x.fwt"), FARKLE_STATUS_IO);
    CHECK_STATUS(farkle_win_table_save(t, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_save(NULL, path), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_load(NULL, &loaded), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_load(path, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(loaded == NULL);

    CHECK_STATUS(farkle_win_table_first_player_win_probability(NULL, &p),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_first_player_win_probability(t, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_compensation(NULL, &comp), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_compensation(t, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_rules(NULL, &back), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_win_table_rules(t, NULL), FARKLE_STATUS_NULL_POINTER);
    farkle_win_table_free(t);
    farkle_win_table_free(NULL);

    /* Solving without progress; refusals. */
    r = small_game();
    r.dice_count = 2;
    r.target_score = 300;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_OK);
    farkle_win_table_free(t);
    r = preset(FARKLE_PRESET_ADDITIVE); /* a turn limit */
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_UNSUPPORTED);
    r.dice_count = 40;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_INVALID_RULES);
    CHECK_STATUS(farkle_win_table_solve(NULL, NULL, NULL, &t), FARKLE_STATUS_NULL_POINTER);
    r = small_game();
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(strcmp(farkle_status_str(FARKLE_STATUS_BAD_TABLE_FILE),
                 "not a valid strategy table file") == 0);
    CHECK(farkle_status_str(FARKLE_STATUS_UNSUPPORTED) != NULL);
    CHECK(farkle_status_str(FARKLE_STATUS_IO) != NULL);
}

/* FNV-1a 64 of n bytes: the table file's checksum. */
static uint64_t fnv1a(const unsigned char *bytes, size_t n) {
    uint64_t h = 0xcbf29ce484222325ULL;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= bytes[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* A table file whose rules word `word` (0-based, little-endian at 12 + 4 x word) is set to
 * `value`, its checksum recomputed: valid rules the table does not model load UNSUPPORTED. */
static void check_table_with_word(const unsigned char *buf, size_t size, size_t word,
                                  uint32_t value) {
    unsigned char *copy = (unsigned char *)malloc(size);
    FarkleWinTable *loaded = NULL;
    uint64_t sum;
    size_t i;
    CHECK(copy != NULL);
    if (copy == NULL) return;
    memcpy(copy, buf, size);
    for (i = 0; i < 4; i++) copy[12 + 4 * word + i] = (unsigned char)(value >> (8 * i));
    sum = fnv1a(copy, size - 8);
    for (i = 0; i < 8; i++) copy[size - 8 + i] = (unsigned char)(sum >> (8 * i));
    CHECK_STATUS(farkle_win_table_from_buffer(copy, size, &loaded), FARKLE_STATUS_UNSUPPORTED);
    CHECK(loaded == NULL);
    free(copy);
}

/* The house-rule knobs: which solver honours which, and the refusals with their reasons. */
static void test_house_rules(void) {
    FarkleRules r = preset(FARKLE_PRESET_EXTENDED);
    FarkleRules base = small_game();
    FarkleTurnPolicy *policy = NULL;
    FarklePenaltyPolicy *penalty = NULL;
    FarkleWinTable *t = NULL;
    FarkleChoice c;
    double value = 0.0;
    double points = 0.0;
    unsigned char *buf;
    size_t size = 0;
    static const uint8_t twos[3] = {2, 2, 2};
    static const uint8_t ones[3] = {1, 1, 1};

    /* The multiplier: refused by every turn solver, naming it. */
    r.hot_dice_multiplier_step = 1;
    CHECK_STATUS(farkle_turn_policy_new(&r, true, &policy), FARKLE_STATUS_UNSUPPORTED);
    CHECK(policy == NULL && message_has("multiplier"));
    CHECK_STATUS(farkle_turn_policy_new(&r, false, &policy), FARKLE_STATUS_UNSUPPORTED);
    CHECK_STATUS(farkle_penalty_average_points(&r, &points), FARKLE_STATUS_UNSUPPORTED);
    CHECK(message_has("multiplier"));
    CHECK_STATUS(farkle_penalty_policy_new(&r, &penalty), FARKLE_STATUS_UNSUPPORTED);
    CHECK(penalty == NULL);

    /* Singles only before entry, three dice, off the board: 2-2-2 is a farkle and 1-1-1 three
     * singles (300), where on the board they are 200 and 1000. One die without hot dice and
     * entry 0: R(0, 1) = (100 + 50) / 6 = 25. */
    r = base;
    r.singles_only_before_entry = 1;
    CHECK_STATUS(farkle_turn_policy_new(&r, false, &policy), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_best_choice(policy, twos, 3, 0, &c), FARKLE_STATUS_OK);
    CHECK(c.farkle);
    CHECK_STATUS(farkle_turn_policy_best_choice(policy, ones, 3, 0, &c), FARKLE_STATUS_OK);
    CHECK(!c.farkle && c.points == 300);
    farkle_turn_policy_free(policy);
    policy = NULL;
    CHECK_STATUS(farkle_turn_policy_new(&r, true, &policy), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_best_choice(policy, ones, 3, 0, &c), FARKLE_STATUS_OK);
    CHECK(!c.farkle && c.points == 1000);
    farkle_turn_policy_free(policy);
    policy = NULL;
    r.dice_count = 1;
    r.hot_dice = false;
    CHECK_STATUS(farkle_turn_policy_new(&r, false, &policy), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_turn_policy_value(policy, 0, 1, false, &value), FARKLE_STATUS_OK);
    CHECK(value > 25.0 - 1e-12 && value < 25.0 + 1e-12);
    farkle_turn_policy_free(policy);
    policy = NULL;

    /* An exact target and piggybacking do not change one turn's expected points. */
    r = base;
    r.exact_target = FARKLE_EXACT_TARGET_BUST;
    r.piggybacking = 1;
    CHECK_STATUS(farkle_turn_policy_new(&r, true, &policy), FARKLE_STATUS_OK);
    farkle_turn_policy_free(policy);
    policy = NULL;

    /* The two-player table refuses every game knob, naming it; the scoring knobs solve. */
    r = base;
    r.dice_count = 2;
    r.target_score = 300;
    r.three_pairs_of_one_face = 1;
    r.two_triplets_of_one_face = 1;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_OK);
    farkle_win_table_free(t);
    t = NULL;
    r = base;
    r.singles_only_before_entry = 1;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_UNSUPPORTED);
    CHECK(t == NULL && message_has("singles_only_before_entry"));
    r = base;
    r.hot_dice_multiplier_step = 10;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_UNSUPPORTED);
    CHECK(message_has("multiplier"));
    r = base;
    r.exact_target = FARKLE_EXACT_TARGET_REFUSE;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_UNSUPPORTED);
    CHECK(message_has("exact target"));
    r.exact_target = FARKLE_EXACT_TARGET_BUST;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_UNSUPPORTED);
    r = base;
    r.piggybacking = 1;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_UNSUPPORTED);
    CHECK(message_has("piggybacking"));

    /* A saved table whose rules were given a knob: refused on load. Words 30 to 33 are
     * singles_only_before_entry, hot_dice_multiplier_step, exact_target, piggybacking. */
    r = base;
    r.dice_count = 2;
    r.target_score = 300;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_win_table_to_buffer(t, NULL, 0, &size), FARKLE_STATUS_BUFFER_TOO_SMALL);
    buf = (unsigned char *)malloc(size);
    CHECK(buf != NULL);
    if (buf != NULL) {
        CHECK_STATUS(farkle_win_table_to_buffer(t, buf, size, &size), FARKLE_STATUS_OK);
        check_table_with_word(buf, size, 30, 1);
        check_table_with_word(buf, size, 31, 1);
        check_table_with_word(buf, size, 32, FARKLE_EXACT_TARGET_BUST);
        check_table_with_word(buf, size, 33, 1);
        free(buf);
    }
    farkle_win_table_free(t);
}

/* Advice, the bots and the simulator under each game knob: the random and threshold bots
 * play every one; advice and the optimal bots refuse what they do not model. */
static void test_house_rules_in_games(void) {
    FarkleRules base = small_game();
    FarkleRules r;
    FarkleGame *g = NULL;
    FarkleAdvice a;
    FarkleSimulation sim;
    size_t count = 0;
    int knob;
    uint32_t turn;
    static const uint32_t light[2] = {FARKLE_BOT_KIND_RANDOM_LEGAL, FARKLE_BOT_KIND_THRESHOLD};
    static const uint32_t optimal[2] = {FARKLE_BOT_KIND_THRESHOLD,
                                        FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL};

    for (knob = 0; knob < 6; knob++) {
        /* 0 singles only (advised), 1 multiplier, 2 exact refuse, 3 exact bust,
         * 4 piggybacking (advised), 5 the same-face scoring knobs (advised). */
        int advised = knob == 0 || knob == 4 || knob == 5;
        r = base;
        switch (knob) {
        case 0: r.singles_only_before_entry = 1; break;
        case 1: r.hot_dice_multiplier_step = 2; break;
        case 2: r.exact_target = FARKLE_EXACT_TARGET_REFUSE; break;
        case 3: r.exact_target = FARKLE_EXACT_TARGET_BUST; break;
        case 4: r.piggybacking = 1; break;
        default:
            r.three_pairs_of_one_face = 1;
            r.two_triplets_of_one_face = 1;
            break;
        }
        CHECK_STATUS(farkle_game_new(&r, 2, 7, &g), FARKLE_STATUS_OK);
        CHECK_STATUS(farkle_game_advise(g, NULL, &a, NULL, 0, &count),
                     advised ? FARKLE_STATUS_OK : FARKLE_STATUS_UNSUPPORTED);
        CHECK_STATUS(farkle_game_prepare_advice(g, NULL, NULL),
                     advised ? FARKLE_STATUS_OK : FARKLE_STATUS_UNSUPPORTED);
        CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL, NULL, 1),
                     advised ? FARKLE_STATUS_OK : FARKLE_STATUS_UNSUPPORTED);
        for (turn = 0; turn < 40; turn++) {
            FarkleStatus s = farkle_game_bot_play_turn(g, turn % 2, NULL, turn);
            if (s == FARKLE_STATUS_GAME_OVER) break;
            CHECK_STATUS(s, FARKLE_STATUS_OK);
        }
        farkle_game_free(g);
        g = NULL;
        CHECK_STATUS(farkle_simulate(&r, light, 2, 20, 3, NULL, &sim), FARKLE_STATUS_OK);
        CHECK(sim.games == 20 && sim.turns >= 20);
        CHECK_STATUS(farkle_simulate(&r, optimal, 2, 4, 3, NULL, &sim),
                     advised ? FARKLE_STATUS_OK : FARKLE_STATUS_UNSUPPORTED);
    }
}

static void roll_keep(FarkleGame *g, const uint8_t *faces, size_t n, uint16_t mask) {
    CHECK_STATUS(farkle_game_roll_dice(g, faces, n), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, mask), FARKLE_STATUS_OK);
}

/* Classic with piggybacking and a target out of reach, two players with supplied dice, both
 * on the board (each banked three 1s, 1000 with 3 dice left); player 0 to move. */
static FarkleGame *piggyback_game(void) {
    static const uint8_t three_ones[6] = {1, 1, 1, 2, 3, 4};
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleGame *g = NULL;
    int i;
    r.piggybacking = 1;
    r.target_score = 1000000000;
    CHECK_STATUS(farkle_game_new_with(&r, NULL, 2, FARKLE_DICE_SOURCE_SUPPLIED, 0, &g),
                 FARKLE_STATUS_OK);
    for (i = 0; i < 2 && g != NULL; i++) {
        roll_keep(g, three_ones, 6, 0x7);
        CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    }
    return g;
}

/* The advice of player 1 offered the turn player 0 banked: choices roll, then piggyback. */
static void advise_offer(const FarkleGame *g, FarkleAdvice *a, FarkleAdviceChoice *c) {
    size_t count = 0;
    CHECK_STATUS(farkle_game_advise(g, NULL, a, c, 2, &count), FARKLE_STATUS_OK);
    CHECK(count == 2 && a->choice_count == 2);
    CHECK(c[0].action == FARKLE_ACTION_ROLL && c[1].action == FARKLE_ACTION_PIGGYBACK);
    CHECK(a->value_kind == FARKLE_VALUE_KIND_EXPECTED_POINTS);
}

/* Advice under piggybacking, by hand (the reasoning in full in tests/strategy_bots.rs). With F
 * a fresh turn's value and on the board, holding t with 6 dice is worth at most t + F.
 * Offered 300 with 1 die: taking is worth between (400 + 350)/6 = 125 and (750 + 2F)/6, less
 * than F since F >= 243.4 (roll once and bank every single and every triple of 2, 3, 4, 6:
 * 150 + 1500 x 2906/46656). Offered 500,100 with 5 dice: taking is worth at least
 * 7176/7776 x 500,150 (5 dice farkle 600 times in 7776), and any fresh turn at most
 * 45576/1080 x 4000 = 168,800 (6 dice farkle least, 1080 times in 46656; no roll scores more
 * than six 1s, 4000). */
static void test_piggyback_advice(void) {
    static const uint8_t small[6] = {2, 2, 2, 5, 5, 3};
    static const uint8_t six_ones[6] = {1, 1, 1, 1, 1, 1};
    static const uint8_t one_one[6] = {1, 2, 3, 4, 6, 6};
    FarkleGame *g = piggyback_game();
    FarkleAdvice a;
    FarkleAdviceChoice c[2];
    size_t count = 0;
    int i;
    if (g == NULL) return;
    roll_keep(g, small, 6, 0x1f);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    advise_offer(g, &a, c);
    CHECK(a.recommended.action == FARKLE_ACTION_ROLL);
    CHECK(a.has_next_roll && a.next_roll_dice == 6);
    CHECK(c[1].points == 300 && c[1].dice_mask == 0);
    CHECK(c[0].value >= 243.4);
    CHECK(c[1].value >= 125.0 && c[1].value <= (750.0 + 2.0 * c[0].value) / 6.0);
    CHECK(c[1].value < c[0].value);
    farkle_game_free(g);

    g = piggyback_game();
    if (g == NULL) return;
    for (i = 0; i < 125; i++) roll_keep(g, six_ones, 6, 0x3f);
    roll_keep(g, one_one, 6, 0x1);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    advise_offer(g, &a, c);
    CHECK(a.recommended.action == FARKLE_ACTION_PIGGYBACK);
    CHECK(a.recommended.points == 500100);
    CHECK(a.has_next_roll && a.next_roll_dice == 5);
    CHECK(a.farkle_probability == 600.0 / 7776.0);
    CHECK(c[1].value >= 7176.0 / 7776.0 * 500150.0);
    CHECK(c[0].value <= 168800.0);
    /* Taken: the turn must roll the 5 dice before it may bank. */
    CHECK_STATUS(farkle_game_piggyback(g), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_advise(g, NULL, &a, c, 2, &count), FARKLE_STATUS_OK);
    CHECK(count == 1 && c[0].action == FARKLE_ACTION_ROLL);
    farkle_game_free(g);
}

int main(void) {
    test_odds();
    test_turn_policy();
    test_turn_policy_value();
    test_penalty_policy();
    test_win_table();
    test_house_rules();
    test_house_rules_in_games();
    test_piggyback_advice();
    return finish();
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * Inputs that the rules validation accepts but that used to abort, overflow, hang or run
 * unbounded: each is now refused with a documented status (FARKLE_STATUS_RESOURCE_LIMIT,
 * FARKLE_STATUS_INVALID_ARGUMENT, ...) before anything large is allocated, long solves can be
 * cancelled, and a solve works in a forked child. One test per reported defect.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "farkle.h"

static FarkleRules small_game(void);

static int contains(const char *text, const char *part) {
    return text != NULL && strstr(text, part) != NULL;
}

/* The whole game as text: a refused call must leave it byte for byte. */
static char *saved(const FarkleGame *g) {
    char *text = NULL;
    if (farkle_game_save(g, &text) != FARKLE_STATUS_OK) return NULL;
    return text;
}

static int same_game(const FarkleGame *g, const char *before) {
    char *now = saved(g);
    int same = now != NULL && before != NULL && strcmp(now, before) == 0;
    farkle_string_free(now);
    return same;
}

/* A bank minimum of a billion points needs a single-turn table with a row per point unit up
 * to it (it used to ask for 56 GB and abort): refused at once, by every call that needs it. */
static void test_huge_bank_minimum(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleTurnPolicy *policy = (FarkleTurnPolicy *)&r; /* a sentinel: must stay untouched */
    FarkleTurnPolicy *const sentinel = policy;
    FarkleGame *g = NULL;
    FarkleAdvice advice;
    size_t count = 0;
    char *before;
    int32_t values[] = {999999999, 999999950};
    size_t i;

    for (i = 0; i < 2; i++) {
        r = preset(FARKLE_PRESET_CLASSIC);
        r.min_bank_score = values[i];
        CHECK_STATUS(farkle_rules_validate(&r, NULL, 0), FARKLE_STATUS_OK);
        policy = sentinel;
        CHECK_STATUS(farkle_turn_policy_new(&r, true, &policy), FARKLE_STATUS_RESOURCE_LIMIT);
        CHECK(policy == sentinel);
        CHECK(contains(farkle_last_error_message(), "the limit is 4194304 states"));
    }

    CHECK_STATUS(farkle_game_new(&r, 2, 7, &g), FARKLE_STATUS_OK);
    if (g == NULL) return;
    before = saved(g);
    CHECK_STATUS(farkle_game_advise(g, NULL, &advice, NULL, 0, &count),
                 FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(contains(farkle_last_error_message(), "limit"));
    CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL, NULL, 1),
                 FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(contains(farkle_game_last_error(g), "the limit is"));
    CHECK_STATUS(farkle_game_prepare_advice(g, NULL, NULL), FARKLE_STATUS_RESOURCE_LIMIT);
    {
        /* The win-optimal bot needs the same single-turn policy (for the states its table does
         * not cover): refused the same way, whatever table it is given. */
        FarkleRules small = small_game();
        FarkleWinTable *t = NULL;
        CHECK_STATUS(farkle_win_table_solve(&small, NULL, NULL, &t), FARKLE_STATUS_OK);
        CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_WIN_OPTIMAL, t, 1),
                     FARKLE_STATUS_RESOURCE_LIMIT);
        farkle_win_table_free(t);
    }
    CHECK(same_game(g, before));
    /* The threshold bot needs no policy: it plays its turn (it cannot bank, so it farkles). */
    CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_THRESHOLD, NULL, 1),
                 FARKLE_STATUS_OK);
    farkle_string_free(before);
    farkle_game_free(g);

    /* Twelve dice, doubling kinds, 1,000,000 for three 1s and 1 for a 5: a granularity of one
     * point and a cap in the tens of millions (it asked for 58 GB). */
    r = preset(FARKLE_PRESET_CLASSIC);
    r.dice_count = 12;
    r.kind_scaling = FARKLE_KIND_SCALING_DOUBLE;
    r.triple_ones = 1000000;
    r.single_five = 1;
    CHECK_STATUS(farkle_rules_validate(&r, NULL, 0), FARKLE_STATUS_OK);
    policy = sentinel;
    CHECK_STATUS(farkle_turn_policy_new(&r, true, &policy), FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(policy == sentinel);
}

/* Turn totals near INT32_MAX overflowed (wrong results in release, a panic in debug). */
static void test_turn_total_overflow(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleTurnPolicy *policy = NULL;
    FarkleChoice c;
    const uint8_t roll[] = {1, 1, 1, 2, 3, 4};
    const uint8_t seven[] = {1, 1, 1, 2, 3, 4, 5};

    CHECK_STATUS(farkle_turn_policy_new(&r, true, &policy), FARKLE_STATUS_OK);
    if (policy == NULL) return;
    CHECK_STATUS(farkle_turn_policy_best_choice(policy, roll, 6, 2147483600, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(contains(farkle_last_error_message(), "1000000000"));
    CHECK_STATUS(farkle_turn_policy_best_choice(policy, roll, 6, FARKLE_MAX_TURN_TOTAL + 50, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    /* At the bound: three 1s (1000) on top, and with 3 dice left at a billion, bank. */
    CHECK_STATUS(farkle_turn_policy_best_choice(policy, roll, 6, FARKLE_MAX_TURN_TOTAL, &c),
                 FARKLE_STATUS_OK);
    CHECK(!c.farkle && c.points == 1000 && c.turn_total == FARKLE_MAX_TURN_TOTAL + 1000);
    CHECK(c.bank && c.dice_left == 3);
    /* Seven faces on a six-dice policy: too many dice, as documented. */
    CHECK_STATUS(farkle_turn_policy_best_choice(policy, seven, 7, 0, &c),
                 FARKLE_STATUS_TOO_MANY_DICE);
    farkle_turn_policy_free(policy);
}

/* A turn of more than FARKLE_MAX_TURN_TOTAL points (six 1s worth a million, 1,001 times) made
 * the advice overflow: now it is refused with a reason. */
static void test_huge_turn_advice(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleGame *g = NULL;
    FarkleAdvice advice;
    size_t count = 0;
    const uint8_t ones[] = {1, 1, 1, 1, 1, 1};
    int i;
    int ok = 1;

    r.six_ones = 1000000;
    CHECK_STATUS(farkle_game_new_with(&r, NULL, 2, FARKLE_DICE_SOURCE_SUPPLIED, 0, &g),
                 FARKLE_STATUS_OK);
    if (g == NULL) return;
    for (i = 0; i < 1001 && ok; i++) {
        ok = farkle_game_roll_dice(g, ones, 6) == FARKLE_STATUS_OK &&
             farkle_game_select_mask(g, 0x3f) == FARKLE_STATUS_OK;
        if (i == 999) {
            /* 1,000,000,000 points: still advised. */
            CHECK_STATUS(farkle_game_advise(g, NULL, &advice, NULL, 0, &count), FARKLE_STATUS_OK);
            CHECK(advice.recommended.action == FARKLE_ACTION_BANK);
        }
    }
    CHECK(ok);
    CHECK_STATUS(farkle_game_advise(g, NULL, &advice, NULL, 0, &count),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(contains(farkle_last_error_message(), "1001000000 points"));
    farkle_game_free(g);
}

/* Rules whose only scoring is six dice with nothing else (500): a turn never farkles, and the
 * threshold bot (which never banks with six dice) used to roll forever. */
static void test_endless_turns(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    FarkleGame *g = NULL;
    FarkleGameState st;
    FarklePlayerState p;
    size_t events = 0;
    char *before;

    r.single_one = 0;
    r.single_five = 0;
    r.triple_ones = 0;
    r.triple_face_multiplier = 0;
    r.straight = 0;
    r.three_pairs = 0;
    r.two_triplets = 0;
    r.no_score_set = 500;
    r.min_entry_score = 0;
    r.target_score = 0;
    r.final_round = false;
    r.turn_limit = 10;
    CHECK_STATUS(farkle_rules_validate(&r, NULL, 0), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_new(&r, 2, 3, &g), FARKLE_STATUS_OK);
    if (g == NULL) return;
    CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_THRESHOLD, NULL, 1),
                 FARKLE_STATUS_OK);
    /* It rolled FARKLE_LIMIT_BOT_ROLLS_PER_TURN times, 500 each, then banked. */
    CHECK_STATUS(farkle_game_player(g, 0, &p), FARKLE_STATUS_OK);
    CHECK(p.score == 500 * (int64_t)FARKLE_LIMIT_BOT_ROLLS_PER_TURN && p.turns_played == 1);
    CHECK_STATUS(farkle_game_state(g, &st), FARKLE_STATUS_OK);
    CHECK(st.current_player == 1);
    /* The single-turn optimal bot cannot value an endless turn: refused, game unchanged. */
    before = saved(g);
    CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL, NULL, 1),
                 FARKLE_STATUS_UNSUPPORTED);
    CHECK(same_game(g, before));
    farkle_string_free(before);
    farkle_game_free(g);

    /* The same with a bank minimum no turn reaches in 1,000 rolls: the random bot can never
     * bank, so it gives up with a reason and leaves the game as it was. */
    r.min_bank_score = 1000000000;
    CHECK_STATUS(farkle_game_new(&r, 2, 3, &g), FARKLE_STATUS_OK);
    if (g == NULL) return;
    before = saved(g);
    CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_RANDOM_LEGAL, NULL, 9),
                 FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(contains(farkle_game_last_error(g), "1000 times in one turn"));
    CHECK(same_game(g, before));
    CHECK_STATUS(farkle_game_event_count(g, &events), FARKLE_STATUS_OK);
    CHECK(events == 1); /* only the first turn's start */
    farkle_string_free(before);
    farkle_game_free(g);

    /* An unknown bot kind says which. */
    r = preset(FARKLE_PRESET_CLASSIC);
    CHECK_STATUS(farkle_game_new(&r, 2, 3, &g), FARKLE_STATUS_OK);
    if (g == NULL) return;
    CHECK_STATUS(farkle_game_bot_play_turn(g, 7, NULL, 1), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(contains(farkle_game_last_error(g), "bot kind 7"));
    farkle_game_free(g);
}

static int progress_calls;

static bool stop_at_once(double fraction, void *user) {
    (void)fraction;
    (void)user;
    progress_calls++;
    return false;
}

static bool go_on(double fraction, void *user) {
    int *calls = (int *)user;
    (void)fraction;
    (*calls)++;
    return true;
}

/* Two-player tables: sizes are checked before solving (minimal to 999,950 reached 9.8 GB),
 * and a solve can be cancelled from its progress function. */
static void test_win_table_limits(void) {
    FarkleRules r = preset(FARKLE_PRESET_MINIMAL);
    FarkleWinTable *t = (FarkleWinTable *)&r;
    FarkleWinTable *const sentinel = t;
    double average = -1.0;
    int calls = 0;

    r.target_score = 999950;
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(t == sentinel);
    CHECK(contains(farkle_last_error_message(), "the limit is 2097152 pairs"));
    r = preset(FARKLE_PRESET_MINIMAL);
    r.single_five = 1; /* a granularity of one point: 10,000 scores a player */
    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(t == sentinel);

    /* A target of 101 makes the unit one point: classic rules' final-round lead cap of
     * 27,200 points is 27,200 units, 739,840,000 pairs of leads (a three-player solve asked
     * for 17.7 GB, a two-player one ran for minutes): refused for both player counts, as
     * soon as the cap is known to pass the limit's 1,448 units. */
    r = preset(FARKLE_PRESET_CLASSIC);
    r.target_score = 101;
    CHECK_STATUS(farkle_win_table_solve_players(&r, 2, NULL, NULL, &t),
                 FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(t == sentinel);
    CHECK(contains(farkle_last_error_message(), "at least 2099601 pairs of leads"));
    CHECK_STATUS(farkle_win_table_solve_players(&r, 3, NULL, NULL, &t),
                 FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(t == sentinel);
    CHECK(contains(farkle_last_error_message(), "at least 2099601 pairs of leads"));
    CHECK(FARKLE_LIMIT_FINAL_ROUND_PAIRS == 2097152u);

    r = preset(FARKLE_PRESET_MINIMAL);
    progress_calls = 0;
    CHECK_STATUS(farkle_win_table_solve(&r, stop_at_once, NULL, &t), FARKLE_STATUS_CANCELLED);
    CHECK(t == sentinel && progress_calls == 1);

    /* Long single-turn work is cancellable too. */
    progress_calls = 0;
    r = preset(FARKLE_PRESET_EXTENDED);
    r.farkle_penalty_streak = 255;
    CHECK_STATUS(farkle_penalty_average_points_with_progress(&r, stop_at_once, NULL, &average),
                 FARKLE_STATUS_CANCELLED);
    CHECK(average == -1.0 && progress_calls == 1);
    r = preset(FARKLE_PRESET_EXTENDED);
    CHECK_STATUS(farkle_penalty_average_points_with_progress(&r, go_on, &calls, &average),
                 FARKLE_STATUS_OK);
    CHECK(calls > 0 && average > 500.0 && average < 700.0);
}

static FarkleRules small_game(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    r.dice_count = 3;
    r.target_score = 500;
    r.min_entry_score = 0;
    r.final_round = false;
    return r;
}

static uint64_t fnv1a(const unsigned char *bytes, size_t n) {
    uint64_t h = 0xcbf29ce484222325ULL;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= bytes[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* Queries cost what they ask, not the turn total; a table whose rules were edited (and its
 * checksum recomputed) is refused: its values do not follow from the rules it claims. */
static void test_win_table_queries_and_relabelling(void) {
    FarkleRules r = small_game();
    FarkleWinTable *t = NULL;
    FarkleWinTable *back = NULL;
    FarklePlayer me;
    FarklePlayer opp;
    FarkleChoice c;
    const uint8_t roll[] = {1, 5, 2};
    unsigned char *buf = NULL;
    size_t size = 0;
    uint64_t sum;
    size_t k;

    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_OK);
    if (t == NULL) return;
    memset(&me, 0, sizeof me);
    memset(&opp, 0, sizeof opp);
    me.on_board = 1;
    opp.on_board = 1;
    CHECK_STATUS(farkle_win_table_best_choice(t, &me, &opp, 2147483600, roll, 3, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_win_table_best_choice(t, &me, &opp, FARKLE_MAX_TURN_TOTAL, roll, 3, &c),
                 FARKLE_STATUS_OK);
    /* Far past the target: keep the most, bank, and win for sure. */
    CHECK(!c.farkle && c.points == 150 && c.turn_total == FARKLE_MAX_TURN_TOTAL + 150);
    CHECK(c.bank && c.value == 1.0);
    me.on_board = 2; /* a flag is 0 or 1 */
    CHECK_STATUS(farkle_win_table_best_choice(t, &me, &opp, 0, roll, 3, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(contains(farkle_last_error_message(), "on_board is 2"));

    CHECK_STATUS(farkle_win_table_to_buffer(t, NULL, 0, &size), FARKLE_STATUS_BUFFER_TOO_SMALL);
    buf = (unsigned char *)malloc(size);
    if (buf == NULL) return;
    CHECK_STATUS(farkle_win_table_to_buffer(t, buf, size, &size), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_win_table_from_buffer(buf, size, &back), FARKLE_STATUS_OK);
    farkle_win_table_free(back);
    back = NULL;
    /* The rules start at byte 12, one 32-bit word per field in declaration order: word 4 is
     * triple_face_multiplier. Claim 150 instead of 100 (three 2s worth 300): the same sizes
     * and granularity, other values. */
    CHECK(buf[12 + 4 * 4] == 100 && buf[12 + 4 * 4 + 1] == 0);
    buf[12 + 4 * 4] = 150;
    sum = fnv1a(buf, size - 8);
    for (k = 0; k < 8; k++) buf[size - 8 + k] = (unsigned char)(sum >> (8 * k));
    CHECK_STATUS(farkle_win_table_from_buffer(buf, size, &back), FARKLE_STATUS_BAD_TABLE_FILE);
    CHECK(back == NULL);
    CHECK(contains(farkle_last_error_message(), "does not follow from its rules"));
    free(buf);
    farkle_win_table_free(t);
}

/* A solve in the parent used to leave rayon's global pool behind: a forked child's solve then
 * never returned. Every solve now makes its own worker threads. */
static void test_solve_after_fork(void) {
    FarkleRules r = small_game();
    FarkleWinTable *t = NULL;
    pid_t child;
    int status = 0;

    CHECK_STATUS(farkle_win_table_solve(&r, NULL, NULL, &t), FARKLE_STATUS_OK);
    farkle_win_table_free(t);
    t = NULL;
    fflush(NULL);
    child = fork();
    if (child == 0) {
        FarkleWinTable *u = NULL;
        alarm(120); /* a hang kills the child, and the check below fails */
        _exit(farkle_win_table_solve(&r, NULL, NULL, &u) == FARKLE_STATUS_OK && u != NULL ? 0 : 3);
    }
    CHECK(child > 0);
    if (child > 0) {
        CHECK(waitpid(child, &status, 0) == child);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
}

/* The new entry points refuse NULL like every other. */
static void test_null_pointers(void) {
    FarkleRules r = preset(FARKLE_PRESET_EXTENDED);
    FarkleTurnPolicy *policy = NULL;
    double average = -1.0;

    CHECK_STATUS(farkle_turn_policy_new_with_progress(NULL, true, NULL, NULL, &policy),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_turn_policy_new_with_progress(&r, true, NULL, NULL, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(policy == NULL);
    CHECK_STATUS(farkle_penalty_average_points_with_progress(NULL, NULL, NULL, &average),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_penalty_average_points_with_progress(&r, NULL, NULL, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(average == -1.0);
    CHECK_STATUS(farkle_game_prepare_advice(NULL, NULL, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(contains(farkle_last_error_message(), "NULL"));
    /* With a policy, the solve goes on to the end. */
    CHECK_STATUS(farkle_turn_policy_new_with_progress(&r, true, go_on, &progress_calls, &policy),
                 FARKLE_STATUS_OK);
    farkle_turn_policy_free(policy);
}

int main(void) {
    test_null_pointers();
    test_huge_bank_minimum();
    test_turn_total_overflow();
    test_huge_turn_advice();
    test_endless_turns();
    test_win_table_limits();
    test_win_table_queries_and_relabelling();
    test_solve_after_fork();
    return finish();
}

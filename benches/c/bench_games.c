/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * Speed of whole games as a C caller plays them, in turns per second, each beside its
 * references measured in the same process and the same run:
 *
 *  - two-player classic games to 10,000 driven through the game API by a threshold player:
 *    roll, keep the roll's best_selection_mask, bank once the turn holds 300 points or more
 *    (when allowed), acknowledge farkles;
 *  - the same games played by farkle_game_bot_play_turn (the threshold bot), to 10,000 and to
 *    40,000 (four times the turns and the event log: the cost of a turn must not grow);
 *  - farkle_simulate with two threshold bots, and with two single-turn optimal bots (process
 *    CPU time: it runs on its own worker threads; run with RAYON_NUM_THREADS=1 for one core);
 *  - with -DFARKLE_BENCH_ORIGINAL, the original C library (linked beside this one; see
 *    benches/c/compare-original.sh) playing greedy two-player games to 10,000: roll, pick
 *    every die its pickDie allows, construct the selection, bank at 300 points or more.
 *
 * The rounds interleave every measurement (their order rotating); the median round is
 * reported.
 *
 *   bench_games [GAMES [ROUNDS]]    defaults 2,000 games a measurement and 7 rounds
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "farkle.h"

#ifdef FARKLE_BENCH_ORIGINAL
#include <libfarkle.h>
#endif

#define MAX_ROUNDS 51
#define MAX_MEASUREMENTS 8

static long games_per_round;
static FarkleRules classic;
static FarkleRules classic_40000;

typedef struct {
    const char *name;
    long (*run)(void); /* plays the games, returns the turns */
    int process_time;  /* measured in process CPU time (worker threads included) */
    double per_turn_ns[MAX_ROUNDS];
    long turns;
} Measurement;

static Measurement measurements[MAX_MEASUREMENTS];
static int n_measurements;

static double cpu_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void fail(const char *what) {
    fprintf(stderr, "bench_games: %s\n", what);
    exit(1);
}

/* A whole game through the game API; returns its turns. */
static long api_game(const FarkleRules *rules, uint64_t seed) {
    FarkleGame *g = NULL;
    FarkleGameState st;
    FarkleTurnRoll roll;
    long turns = 0;
    if (farkle_game_new(rules, 2, seed, &g) != FARKLE_STATUS_OK) fail("farkle_game_new");
    for (;;) {
        if (farkle_game_state(g, &st) != FARKLE_STATUS_OK) fail("farkle_game_state");
        switch (st.phase) {
        case FARKLE_GAME_PHASE_AWAITING_ROLL:
            if (st.can_bank && (st.turn_points >= 300 || !st.can_roll)) {
                if (farkle_game_bank(g) != FARKLE_STATUS_OK) fail("bank");
                turns++;
            } else if (farkle_game_roll(g) != FARKLE_STATUS_OK) {
                fail("roll");
            }
            break;
        case FARKLE_GAME_PHASE_AWAITING_SELECTION:
            if (farkle_game_last_roll(g, &roll) != FARKLE_STATUS_OK) fail("last roll");
            if (farkle_game_select_mask(g, roll.best_selection_mask) != FARKLE_STATUS_OK)
                fail("select");
            break;
        case FARKLE_GAME_PHASE_FARKLED:
            if (farkle_game_acknowledge_farkle(g) != FARKLE_STATUS_OK) fail("acknowledge");
            turns++;
            break;
        case FARKLE_GAME_PHASE_GAME_OVER:
            farkle_game_free(g);
            return turns;
        }
    }
}

static long api_games(void) {
    long turns = 0, i;
    for (i = 0; i < games_per_round; i++) turns += api_game(&classic, (uint64_t)i);
    return turns;
}

static long bot_games(const FarkleRules *rules, long games) {
    long turns = 0, i;
    for (i = 0; i < games; i++) {
        FarkleGame *g = NULL;
        if (farkle_game_new(rules, 2, (uint64_t)i, &g) != FARKLE_STATUS_OK) fail("new");
        while (farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_THRESHOLD, NULL, 1) ==
               FARKLE_STATUS_OK)
            turns++;
        farkle_game_free(g);
    }
    return turns;
}

static long bot_games_10000(void) { return bot_games(&classic, games_per_round); }
/* A quarter of the games, each four times as long. */
static long bot_games_40000(void) { return bot_games(&classic_40000, games_per_round / 4); }

static long simulate_bots(uint32_t kind, long games) {
    const uint32_t kinds[2] = {kind, kind};
    FarkleSimulation sim;
    if (farkle_simulate(&classic, kinds, 2, (uint64_t)games, 1, NULL, &sim) != FARKLE_STATUS_OK)
        fail("farkle_simulate");
    return (long)sim.turns;
}

static long simulate_threshold(void) {
    return simulate_bots(FARKLE_BOT_KIND_THRESHOLD, 50 * games_per_round);
}
static long simulate_single_turn(void) {
    return simulate_bots(FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL, 10 * games_per_round);
}

#ifdef FARKLE_BENCH_ORIGINAL
#include "original_greedy.h"

static long original_games(void) { return original_greedy_games(games_per_round); }
#endif

static int add(const char *name, long (*run)(void), int process_time) {
    Measurement *m = &measurements[n_measurements];
    m->name = name;
    m->run = run;
    m->process_time = process_time;
    return n_measurements++;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_turns_per_second(const Measurement *m, int rounds) {
    double sorted[MAX_ROUNDS];
    memcpy(sorted, m->per_turn_ns, (size_t)rounds * sizeof(double));
    qsort(sorted, (size_t)rounds, sizeof(double), compare_doubles);
    return 1e9 / sorted[rounds / 2];
}

int main(int argc, char **argv) {
    long games = argc > 1 ? atol(argv[1]) : 2000L;
    int rounds = argc > 2 ? atoi(argv[2]) : 7;
    int r, m, api, bot10, bot40, sim_t, sim_s;
#ifdef FARKLE_BENCH_ORIGINAL
    int orig;
#endif

    if (games < 4 || rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "usage: bench_games [GAMES >= 4 [ROUNDS 1..%d]]\n", MAX_ROUNDS);
        return 2;
    }
    games_per_round = games;
    if (farkle_rules_preset(FARKLE_PRESET_CLASSIC, &classic) != FARKLE_STATUS_OK) fail("preset");
    classic_40000 = classic;
    classic_40000.target_score = 40000;

    api = add("game API, threshold player (classic to 10,000)", api_games, 0);
    bot10 = add("farkle_game_bot_play_turn, threshold (to 10,000)", bot_games_10000, 0);
    bot40 = add("farkle_game_bot_play_turn, threshold (to 40,000)", bot_games_40000, 0);
    sim_t = add("farkle_simulate, 2 threshold bots", simulate_threshold, 1);
    sim_s = add("farkle_simulate, 2 single-turn optimal bots", simulate_single_turn, 1);
#ifdef FARKLE_BENCH_ORIGINAL
    orig = add("original library, greedy player (to 10,000)", original_games, 0);
#endif

    for (m = 0; m < n_measurements; m++) measurements[m].run(); /* warm-up */
    for (r = 0; r < rounds; r++) {
        for (m = 0; m < n_measurements; m++) {
            Measurement *x = &measurements[(m + r) % n_measurements];
            clockid_t clock = x->process_time ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID;
            double start = cpu_ns(clock);
            long turns = x->run();
            x->per_turn_ns[r] = (cpu_ns(clock) - start) / (double)turns;
            x->turns = turns;
        }
    }
    for (m = 0; m < n_measurements; m++)
        printf("%-52s %9.3f M turns/s (%ld turns a round)\n", measurements[m].name,
               median_turns_per_second(&measurements[m], rounds) / 1e6, measurements[m].turns);
    printf("bot turn cost, 40,000 / 10,000: %.2f\n",
           median_turns_per_second(&measurements[bot10], rounds) /
               median_turns_per_second(&measurements[bot40], rounds));
#ifdef FARKLE_BENCH_ORIGINAL
    printf("game API / original greedy game: %.2f\n",
           median_turns_per_second(&measurements[api], rounds) /
               median_turns_per_second(&measurements[orig], rounds));
#endif
    (void)sim_t;
    (void)sim_s;
    (void)api;
    return 0;
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The speed guard's workloads (benches/c/guard.sh runs them under callgrind): one workload a
 * run, repeated UNITS times, printing the units done (turns or calls). The guard runs each
 * workload twice with different UNITS and takes the difference of the instruction counts
 * over the difference of the units: the instructions of one turn or call, setup excluded.
 *
 *   bench_guard WORKLOAD UNITS
 *
 * Workloads:
 *   api            two-player classic games to 10,000 through the game API, a threshold
 *                  player as in bench_games.c (keeps best_selection_mask, banks at 300);
 *                  UNITS games, prints the turns
 *   original       (built with -DFARKLE_BENCH_ORIGINAL) the original C library's greedy
 *                  two-player games to 10,000, as in bench_games.c; UNITS games, the turns
 *   simulate       farkle_simulate, two threshold bots, classic; UNITS games, the turns
 *   floor-game     the game floor: two-player threshold games to 10,000 written here in
 *                  plain C over a direct table of every roll (points and dice of its best
 *                  selection, filled through the library), a xorshift generator, banking at
 *                  300 (500 to enter), hot dice; UNITS games, the turns
 *   points-rules   farkle_points (rules by pointer), classic, cycling 4,096 random selections
 *                  of 1 to 6 dice; UNITS calls
 *   points-scorer  farkle_scorer_points on the same selections; UNITS calls
 *   points-floor   the scoring floor of bench_scoring.c (a mixed-radix key in six fixed steps
 *                  and one read of a direct table); UNITS calls
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "farkle.h"

#ifdef FARKLE_BENCH_ORIGINAL
#include <libfarkle.h>
#endif

#define SELECTIONS 4096
#define FLOOR_KEYS 117649 /* 7^6: counts 0..6 of each face */

static FarkleRules classic;
static uint8_t sel_faces[SELECTIONS][6];
static uint8_t sel_count[SELECTIONS];
static uint32_t floor_weight[256];
static int32_t *floor_points;
static uint8_t *floor_dice; /* dice of the best selection of a roll, by key */

static void fail(const char *what) {
    fprintf(stderr, "bench_guard: %s\n", what);
    exit(1);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t next_random(void) {
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545f4914f6cdd1du;
}
static uint8_t random_face(void) { return (uint8_t)(1 + (((next_random() >> 32) * 6) >> 32)); }

/* ---- api: as bench_games.c's api_game ---- */
static long api_game(uint64_t seed) {
    FarkleGame *g = NULL;
    FarkleGameState st;
    FarkleTurnRoll roll;
    long turns = 0;
    if (farkle_game_new(&classic, 2, seed, &g) != FARKLE_STATUS_OK) fail("farkle_game_new");
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

static long run_api(long games) {
    long turns = 0, i;
    for (i = 0; i < games; i++) turns += api_game((uint64_t)i);
    return turns;
}

#ifdef FARKLE_BENCH_ORIGINAL
/* ---- original ---- */
#include "original_greedy.h"

static long run_original(long games) { return original_greedy_games(games); }
#endif

/* ---- simulate ---- */
static long run_simulate(long games) {
    const uint32_t kinds[2] = {FARKLE_BOT_KIND_THRESHOLD, FARKLE_BOT_KIND_THRESHOLD};
    FarkleSimulation sim;
    if (farkle_simulate(&classic, kinds, 2, (uint64_t)games, 1, NULL, &sim) != FARKLE_STATUS_OK)
        fail("farkle_simulate");
    return (long)sim.turns;
}

/* ---- the floors ---- */
static void make_floor(void) {
    FarkleScorer *scorer = NULL;
    uint32_t pow7 = 1;
    unsigned key;
    int face;
    if (farkle_scorer_new(&classic, &scorer) != FARKLE_STATUS_OK) fail("farkle_scorer_new");
    for (face = 1; face <= 6; face++) {
        floor_weight[face] = pow7;
        pow7 *= 7;
    }
    floor_points = calloc(FLOOR_KEYS, sizeof *floor_points);
    floor_dice = calloc(FLOOR_KEYS, 1);
    if (!floor_points || !floor_dice) fail("out of memory");
    for (key = 0; key < FLOOR_KEYS; key++) {
        uint8_t faces[36];
        size_t n = 0;
        unsigned k = key;
        FarkleRollAnalysis a;
        for (face = 1; face <= 6; face++) {
            unsigned c = k % 7;
            k /= 7;
            while (c-- > 0) faces[n++] = (uint8_t)face;
        }
        if (n > 6 || n == 0) continue;
        if (farkle_scorer_roll_analyze(scorer, faces, n, &a) != FARKLE_STATUS_OK) fail("floor");
        floor_points[key] = a.max_points;
        {
            int d = 0, i;
            for (i = 0; i < 6; i++) d += a.best_selection_counts[i];
            floor_dice[key] = (uint8_t)d;
        }
    }
    farkle_scorer_free(scorer);
}

static long run_floor_game(long games) {
    long turns = 0, game;
    for (game = 0; game < games; game++) {
        long score[2] = {0, 0};
        int who = 0;
        for (;;) {
            int hand = 6;
            long total = 0;
            turns++;
            for (;;) {
                uint32_t key = 0;
                int d;
                for (d = 0; d < hand; d++) key += floor_weight[random_face()];
                if (floor_points[key] == 0) {
                    total = 0;
                    break;
                }
                total += floor_points[key];
                hand -= floor_dice[key];
                if (hand == 0) hand = 6;
                if (total >= 300 && (score[who] > 0 || total >= 500)) break;
            }
            score[who] += total;
            if (score[who] >= 10000) break;
            who = 1 - who;
        }
    }
    return turns;
}

static int32_t *points_of_selection; /* points of the whole selection, -1 when it does not score */

static void make_selections(void) {
    FarkleScorer *scorer = NULL;
    unsigned key;
    int i, d;
    if (farkle_scorer_new(&classic, &scorer) != FARKLE_STATUS_OK) fail("farkle_scorer_new");
    for (i = 0; i < SELECTIONS; i++) {
        sel_count[i] = (uint8_t)(1 + (next_random() >> 32) % 6);
        for (d = 0; d < sel_count[i]; d++) sel_faces[i][d] = random_face();
    }
    points_of_selection = calloc(FLOOR_KEYS, sizeof *points_of_selection);
    if (!points_of_selection) fail("out of memory");
    for (key = 0; key < FLOOR_KEYS; key++) {
        uint8_t faces[36];
        size_t n = 0;
        unsigned k = key;
        int face;
        for (face = 1; face <= 6; face++) {
            unsigned c = k % 7;
            k /= 7;
            while (c-- > 0) faces[n++] = (uint8_t)face;
        }
        if (n > 6) continue;
        if (farkle_scorer_points(scorer, faces, n, &points_of_selection[key]) != FARKLE_STATUS_OK)
            fail("points");
    }
    farkle_scorer_free(scorer);
}

static long run_points_rules(long calls) {
    long i;
    int64_t sum = 0;
    for (i = 0; i < calls; i++) {
        int32_t p;
        int s = (int)(i & (SELECTIONS - 1));
        if (farkle_points(&classic, sel_faces[s], sel_count[s], &p) != FARKLE_STATUS_OK)
            fail("farkle_points");
        sum += p;
    }
    return sum == 42 ? calls + 1 : calls; /* keeps the sum */
}

static FarkleScorer *points_scorer;

static long run_points_scorer(long calls) {
    long i;
    int64_t sum = 0;
    for (i = 0; i < calls; i++) {
        int32_t p;
        int s = (int)(i & (SELECTIONS - 1));
        if (farkle_scorer_points(points_scorer, sel_faces[s], sel_count[s], &p) !=
            FARKLE_STATUS_OK)
            fail("farkle_scorer_points");
        sum += p;
    }
    return sum == 42 ? calls + 1 : calls;
}

static long run_points_floor(long calls) {
    long i;
    int64_t sum = 0;
    for (i = 0; i < calls; i++) {
        int s = (int)(i & (SELECTIONS - 1));
        const uint8_t *f = sel_faces[s];
        uint32_t count = sel_count[s], key = 0, d;
        for (d = 0; d < 6; d++) key += floor_weight[f[d]] & (0u - (uint32_t)(d < count));
        sum += points_of_selection[key];
    }
    return sum == 42 ? calls + 1 : calls;
}

int main(int argc, char **argv) {
    long units, done;
    const char *w;
    if (argc != 3 || (units = atol(argv[2])) < 1) {
        fprintf(stderr, "usage: bench_guard WORKLOAD UNITS\n");
        return 2;
    }
    w = argv[1];
    if (farkle_rules_preset(FARKLE_PRESET_CLASSIC, &classic) != FARKLE_STATUS_OK) fail("preset");
    /* The same setup for every workload, so that it cancels out in the difference. */
    make_floor();
    make_selections();
    if (farkle_scorer_new(&classic, &points_scorer) != FARKLE_STATUS_OK) fail("scorer");
    {
        int32_t p;
        if (farkle_points(&classic, sel_faces[0], sel_count[0], &p) != FARKLE_STATUS_OK)
            fail("farkle_points");
    }
    if (!strcmp(w, "api"))
        done = run_api(units);
#ifdef FARKLE_BENCH_ORIGINAL
    else if (!strcmp(w, "original"))
        done = run_original(units);
#endif
    else if (!strcmp(w, "simulate"))
        done = run_simulate(units);
    else if (!strcmp(w, "floor-game"))
        done = run_floor_game(units);
    else if (!strcmp(w, "points-rules"))
        done = run_points_rules(units);
    else if (!strcmp(w, "points-scorer"))
        done = run_points_scorer(units);
    else if (!strcmp(w, "points-floor"))
        done = run_points_floor(units);
    else {
        fprintf(stderr, "bench_guard: unknown workload %s\n", w);
        return 2;
    }
    printf("%ld\n", done);
    farkle_scorer_free(points_scorer);
    return 0;
}

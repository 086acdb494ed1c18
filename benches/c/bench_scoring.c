/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * Speed of the scoring entry points as a C caller sees them (argument checks, rules
 * validation, the per-thread scorer cache and result conversion included).
 *
 *   bench_scoring [ITERATIONS]      default 2,000,000 per entry point
 *
 * Prints one line per entry point: name, iterations, nanoseconds per call.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "farkle.h"

#define ROLLS 1024

static uint8_t rolls[ROLLS][6];
static uint8_t picks[ROLLS][6];
static size_t pick_counts[ROLLS];

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void report(const char *name, long iterations, double start, long checksum) {
    double per_call = (now_ns() - start) / (double)iterations;
    printf("%-40s %10ld iterations %8.1f ns/call (checksum %ld)\n", name, iterations, per_call,
           checksum);
}

int main(int argc, char **argv) {
    long iterations = argc > 1 ? atol(argv[1]) : 2000000L;
    unsigned long state = 12345u;
    FarkleRules rules;
    long i;
    long checksum = 0;
    double start;

    if (iterations <= 0 || farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules) != FARKLE_STATUS_OK) {
        fprintf(stderr, "usage: bench_scoring [ITERATIONS > 0]\n");
        return 2;
    }
    for (i = 0; i < ROLLS; i++) {
        FarkleRollAnalysis a;
        size_t d, n = 0;
        for (d = 0; d < 6; d++) {
            state = state * 1103515245u + 12345u;
            rolls[i][d] = (uint8_t)((state >> 16) % 6 + 1);
        }
        if (farkle_roll_analyze(&rules, rolls[i], 6, &a) != FARKLE_STATUS_OK) return 1;
        for (d = 0; d < 6; d++) {
            if (a.best_selection_mask & (1u << d)) picks[i][n++] = rolls[i][d];
        }
        pick_counts[i] = n;
    }

    start = now_ns();
    for (i = 0; i < iterations; i++) {
        FarkleScore s;
        size_t k = (size_t)i & (ROLLS - 1);
        if (farkle_score_selection(&rules, picks[k], pick_counts[k], &s) != FARKLE_STATUS_OK) return 1;
        checksum += s.points;
    }
    report("farkle_score_selection", iterations, start, checksum);

    checksum = 0;
    start = now_ns();
    for (i = 0; i < iterations; i++) {
        FarkleRollAnalysis a;
        if (farkle_roll_analyze(&rules, rolls[i & (ROLLS - 1)], 6, &a) != FARKLE_STATUS_OK) return 1;
        checksum += a.max_points;
    }
    report("farkle_roll_analyze (6 dice)", iterations, start, checksum);

    checksum = 0;
    start = now_ns();
    for (i = 0; i < iterations / 10 + 1; i++) {
        FarkleSelection sel[FARKLE_MAX_SELECTIONS];
        size_t n = 0;
        if (farkle_roll_selections(&rules, rolls[i & (ROLLS - 1)], 6, sel, FARKLE_MAX_SELECTIONS, &n) !=
            FARKLE_STATUS_OK)
            return 1;
        checksum += (long)n;
    }
    report("farkle_roll_selections (6 dice)", iterations / 10 + 1, start, checksum);

    {
        FarkleScorer *scorer = NULL;
        if (farkle_scorer_new(&rules, &scorer) != FARKLE_STATUS_OK) return 1;
        checksum = 0;
        start = now_ns();
        for (i = 0; i < iterations; i++) {
            FarkleScore s;
            size_t k = (size_t)i & (ROLLS - 1);
            if (farkle_scorer_score_selection(scorer, picks[k], pick_counts[k], &s) != FARKLE_STATUS_OK)
                return 1;
            checksum += s.points;
        }
        report("farkle_scorer_score_selection", iterations, start, checksum);
        checksum = 0;
        start = now_ns();
        for (i = 0; i < iterations; i++) {
            FarkleRollAnalysis a;
            if (farkle_scorer_roll_analyze(scorer, rolls[i & (ROLLS - 1)], 6, &a) != FARKLE_STATUS_OK)
                return 1;
            checksum += a.max_points;
        }
        report("farkle_scorer_roll_analyze (6 dice)", iterations, start, checksum);
        farkle_scorer_free(scorer);
    }
    return 0;
}

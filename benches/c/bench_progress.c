/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * How often the long calls call their FarkleProgressFn and how soon they stop when it says
 * so, under rules that make each call long:
 *
 *  - the longest gap between two calls, the first one (which comes before any work) and the
 *    last one (the final 1.0) included, in a run that goes to the end;
 *  - the cancellation latency: the time from a progress function returning false (at its
 *    fourth call, so in the middle of the work) to the call returning
 *    FARKLE_STATUS_CANCELLED;
 *  - for the rules that must be refused (a penalty policy that never converges within
 *    FARKLE_LIMIT_TURN_WORK, a simulation whose optimal bots need that policy), the process
 *    CPU time spent before FARKLE_STATUS_RESOURCE_LIMIT.
 *
 *   cc -O2 -Iinclude benches/c/bench_progress.c target/release/libfarkle.a -lpthread -ldl -lm
 *   ./a.out [FILTER]      FILTER: run only the cases whose name contains it
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "farkle.h"

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct Watch {
    double start, last, longest_gap;
    long calls, stop_at; /* stop_at: the call that returns false (0: never) */
    double stopped_at;   /* when it did */
} Watch;

static bool watch(double fraction, void *user) {
    Watch *w = user;
    double now = seconds(CLOCK_MONOTONIC);
    (void)fraction;
    if (now - w->last > w->longest_gap) w->longest_gap = now - w->last;
    w->last = now;
    w->calls++;
    if (w->stop_at > 0 && w->calls >= w->stop_at) {
        if (w->stopped_at == 0) w->stopped_at = now;
        return false;
    }
    return true;
}

static FarkleRules preset(FarklePreset p) {
    FarkleRules r;
    if (farkle_rules_preset(p, &r) != FARKLE_STATUS_OK) exit(2);
    return r;
}

/* Classic with one die, singles only before entry, a three-farkle penalty of 1,000 and a
 * bank minimum of 1,950: valid, but its long-run policy does not converge. */
static FarkleRules never_converges(void) {
    FarkleRules r = preset(FARKLE_PRESET_CLASSIC);
    r.dice_count = 1;
    r.singles_only_before_entry = 1;
    r.farkle_penalty_streak = 3;
    r.farkle_penalty_points = 1000;
    r.min_bank_score = 1950;
    return r;
}

typedef enum Kind { TURN_POLICY, PENALTY, PREPARE_ADVICE, WIN_TABLE, SIMULATE } Kind;

typedef struct Case {
    const char *name;
    Kind kind;
    FarkleRules rules;
    uint32_t bot;
    uint64_t games;
} Case;

static FarkleStatus run(const Case *c, Watch *w) {
    FarkleStatus st = FARKLE_STATUS_OK;
    w->start = w->last = seconds(CLOCK_MONOTONIC);
    switch (c->kind) {
    case TURN_POLICY: {
        FarkleTurnPolicy *p = NULL;
        st = farkle_turn_policy_new_with_progress(&c->rules, true, watch, w, &p);
        farkle_turn_policy_free(p);
        break;
    }
    case PENALTY: {
        FarklePenaltyPolicy *p = NULL;
        st = farkle_penalty_policy_new_with_progress(&c->rules, watch, w, &p);
        farkle_penalty_policy_free(p);
        break;
    }
    case PREPARE_ADVICE: {
        FarkleGame *g = NULL;
        if (farkle_game_new(&c->rules, 2, 1, &g) != FARKLE_STATUS_OK) exit(2);
        st = farkle_game_prepare_advice(g, watch, w);
        farkle_game_free(g);
        break;
    }
    case WIN_TABLE: {
        FarkleWinTable *t = NULL;
        st = farkle_win_table_solve(&c->rules, watch, w, &t);
        farkle_win_table_free(t);
        break;
    }
    case SIMULATE: {
        uint32_t bots[2];
        FarkleSimulation s;
        bots[0] = bots[1] = c->bot;
        st = farkle_simulate_with_progress(&c->rules, bots, 2, c->games, 1, NULL, watch, w,
                                           &s);
        break;
    }
    }
    return st;
}

int main(int argc, char **argv) {
    const char *filter = argc > 1 ? argv[1] : "";
    Case cases[16];
    size_t n = 0, i;
    FarkleRules r;

    r = preset(FARKLE_PRESET_ADDITIVE);
    r.dice_count = 12;
    cases[n].name = "turn policy, additive 12 dice";
    cases[n].kind = TURN_POLICY;
    cases[n++].rules = r;
    cases[n].name = "prepare advice, additive 12 dice";
    cases[n].kind = PREPARE_ADVICE;
    cases[n++].rules = r;
    r = preset(FARKLE_PRESET_EXTENDED);
    r.farkle_penalty_streak = 255;
    cases[n].name = "penalty policy, extended streak 255";
    cases[n].kind = PENALTY;
    cases[n++].rules = r;
    cases[n].name = "penalty policy, never converges";
    cases[n].kind = PENALTY;
    cases[n++].rules = never_converges();
    cases[n].name = "win table, classic";
    cases[n].kind = WIN_TABLE;
    cases[n++].rules = preset(FARKLE_PRESET_CLASSIC);
    cases[n].name = "win table, extended";
    cases[n].kind = WIN_TABLE;
    cases[n++].rules = preset(FARKLE_PRESET_EXTENDED);
    cases[n].name = "simulate 300,000, threshold bots";
    cases[n].kind = SIMULATE;
    cases[n].rules = preset(FARKLE_PRESET_CLASSIC);
    cases[n].bot = FARKLE_BOT_KIND_THRESHOLD;
    cases[n++].games = 300000;
    cases[n].name = "simulate 40,000, random bots";
    cases[n].kind = SIMULATE;
    cases[n].rules = preset(FARKLE_PRESET_CLASSIC);
    cases[n].bot = FARKLE_BOT_KIND_RANDOM_LEGAL;
    cases[n++].games = 40000;
    cases[n].name = "simulate 10, single-turn bots, never converges";
    cases[n].kind = SIMULATE;
    cases[n].rules = never_converges();
    cases[n].bot = FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL;
    cases[n++].games = 10;

    printf("%-48s %6s %8s %9s %9s %9s %10s\n", "call", "status", "calls", "longest", "total",
           "cpu", "cancel");
    for (i = 0; i < n; i++) {
        Watch w;
        FarkleStatus st, cancelled;
        double cpu, total;
        if (strstr(cases[i].name, filter) == NULL) continue;
        memset(&w, 0, sizeof w);
        cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
        st = run(&cases[i], &w);
        total = seconds(CLOCK_MONOTONIC) - w.start;
        cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
        if (seconds(CLOCK_MONOTONIC) - w.last > w.longest_gap)
            w.longest_gap = seconds(CLOCK_MONOTONIC) - w.last;
        printf("%-48s %6d %8ld %8.1fms %8.2fs %8.2fs", cases[i].name, (int)st, w.calls,
               w.longest_gap * 1e3, total, cpu);
        memset(&w, 0, sizeof w);
        w.stop_at = 4;
        cancelled = run(&cases[i], &w);
        if (cancelled == FARKLE_STATUS_CANCELLED && w.stopped_at > 0)
            printf(" %8.1fms\n", (seconds(CLOCK_MONOTONIC) - w.stopped_at) * 1e3);
        else
            printf("   (status %d)\n", (int)cancelled);
        fflush(stdout);
    }
    return 0;
}

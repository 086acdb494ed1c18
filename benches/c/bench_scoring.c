/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * Speed of the scoring entry points as a C caller sees them (argument checks, the per-thread
 * rules cache and the writing of the result included), each beside its references measured
 * in the same process and the same run:
 *
 *  - the floor: a loop written here that counts the faces into a mixed-radix key (one table
 *    read and one addition per die) and reads the points from a direct table of every key,
 *    the table filled through the library. Nothing that scores a selection can do less.
 *  - with -DFARKLE_BENCH_ORIGINAL, the original C library (constructSelection and
 *    determineRollType from its libfarkle.h, linked beside this one): see
 *    benches/c/compare-original.sh, which builds it from a checkout given by the caller.
 *
 * Inputs: N random selections of 1 to 6 dice (the count and every face uniform) and N random
 * 6-die rolls, fixed by a seed; the rules are the additive preset (the original library's
 * rules) and the classic preset. Every measurement runs over all N inputs once per round;
 * the rounds interleave every measurement (their order rotating), each timed in thread CPU
 * time (CLOCK_THREAD_CPUTIME_ID), and the median round is reported with the fastest.
 *
 *   bench_scoring [N [ROUNDS [FILTER]]]    defaults 1,000,000 and 11; FILTER runs only the
 *                                          measurements whose name contains it (for profiling)
 *
 * Prints one line per measurement ("ns/call") and then the ratios docs/benchmarks.md quotes.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "farkle.h"

#ifdef FARKLE_BENCH_ORIGINAL
/* The original library's own header, from the checkout the script was given. */
#include <libfarkle.h>
#endif

#define MAX_ROUNDS 101
#define VARIANTS 64
#define MAX_MEASUREMENTS 40

/* Rules: 0 additive, 1 classic. */
#define ADDITIVE 0
#define CLASSIC 1

static size_t n_inputs;
static uint8_t *sel_faces; /* n_inputs x 6, the first sel_count[i] used */
static uint8_t *sel_count;
static uint8_t *roll_faces; /* n_inputs x 6 */

static FarkleRules rules[2];
static FarkleScorer *scorers[2];
static FarkleRules scoring_variants[VARIANTS]; /* differ in a scoring field */
static FarkleRules game_variants[VARIANTS];    /* differ in game settings only */

/* The floor: 7^6 keys (counts 0..6 of each face), points per rules. */
#define FLOOR_KEYS 117649
static uint32_t floor_weight[256];
static int32_t *floor_points[2];

static volatile long long sink;

#ifdef FARKLE_BENCH_ORIGINAL
static Roll *orig_selections; /* n_inputs: the selection picked this roll */
static Roll *orig_rolls;      /* n_inputs: a fresh 6-die roll */
#endif

static unsigned long long rng_state = 0x2545f4914f6cdd1dULL;

static unsigned next_random(unsigned bound) {
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)((rng_state >> 33) % bound);
}

static double thread_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void fail(const char *what) {
    fprintf(stderr, "bench_scoring: %s\n", what);
    exit(1);
}

/* ---- the measured loops; each runs once over all inputs ---- */

static void floor_loop(int r) {
    const int32_t *table = floor_points[r];
    long long sum = 0;
    size_t i, d;
    for (i = 0; i < n_inputs; i++) {
        const uint8_t *f = sel_faces + 6 * i;
        size_t count = sel_count[i];
        uint32_t key = 0;
        for (d = 0; d < count; d++) key += floor_weight[f[d]];
        sum += table[key];
    }
    sink += sum;
}
static void floor_additive(void) { floor_loop(ADDITIVE); }
static void floor_classic(void) { floor_loop(CLASSIC); }

/* The same without a loop whose length changes from call to call: six steps always, those
 * past the last die adding 0 (this harness may read all six bytes of an input; the library
 * may not read past `count`). */
static void floor_fixed_loop(int r) {
    const int32_t *table = floor_points[r];
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        const uint8_t *f = sel_faces + 6 * i;
        size_t count = sel_count[i];
        uint32_t key = 0;
        size_t d;
        for (d = 0; d < 6; d++) key += floor_weight[f[d]] & (0u - (uint32_t)(d < count));
        sum += table[key];
    }
    sink += sum;
}
static void floor_fixed_additive(void) { floor_fixed_loop(ADDITIVE); }
static void floor_fixed_classic(void) { floor_fixed_loop(CLASSIC); }

static void scorer_points_loop(int r) {
    const FarkleScorer *s = scorers[r];
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        int32_t p;
        if (farkle_scorer_points(s, sel_faces + 6 * i, sel_count[i], &p) != FARKLE_STATUS_OK)
            fail("farkle_scorer_points");
        sum += p;
    }
    sink += sum;
}
static void scorer_points_additive(void) { scorer_points_loop(ADDITIVE); }
static void scorer_points_classic(void) { scorer_points_loop(CLASSIC); }

static void points_loop(int r) {
    const FarkleRules *rp = &rules[r];
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        int32_t p;
        if (farkle_points(rp, sel_faces + 6 * i, sel_count[i], &p) != FARKLE_STATUS_OK)
            fail("farkle_points");
        sum += p;
    }
    sink += sum;
}
static void points_additive(void) { points_loop(ADDITIVE); }
static void points_classic(void) { points_loop(CLASSIC); }

static void scorer_score_loop(int r) {
    const FarkleScorer *s = scorers[r];
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        FarkleScore score;
        if (farkle_scorer_score_selection(s, sel_faces + 6 * i, sel_count[i], &score) !=
            FARKLE_STATUS_OK)
            fail("farkle_scorer_score_selection");
        sum += score.points;
    }
    sink += sum;
}
static void scorer_score_additive(void) { scorer_score_loop(ADDITIVE); }
static void scorer_score_classic(void) { scorer_score_loop(CLASSIC); }

static void score_loop(int r) {
    const FarkleRules *rp = &rules[r];
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        FarkleScore score;
        if (farkle_score_selection(rp, sel_faces + 6 * i, sel_count[i], &score) != FARKLE_STATUS_OK)
            fail("farkle_score_selection");
        sum += score.points;
    }
    sink += sum;
}
static void score_additive(void) { score_loop(ADDITIVE); }
static void score_classic(void) { score_loop(CLASSIC); }

static void analyze_loop(int r) {
    const FarkleRules *rp = &rules[r];
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        FarkleRollAnalysis a;
        if (farkle_roll_analyze(rp, roll_faces + 6 * i, 6, &a) != FARKLE_STATUS_OK)
            fail("farkle_roll_analyze");
        sum += a.max_points;
    }
    sink += sum;
}
static void analyze_additive(void) { analyze_loop(ADDITIVE); }
static void analyze_classic(void) { analyze_loop(CLASSIC); }

static void scorer_analyze_loop(int r) {
    const FarkleScorer *s = scorers[r];
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        FarkleRollAnalysis a;
        if (farkle_scorer_roll_analyze(s, roll_faces + 6 * i, 6, &a) != FARKLE_STATUS_OK)
            fail("farkle_scorer_roll_analyze");
        sum += a.max_points;
    }
    sink += sum;
}
static void scorer_analyze_additive(void) { scorer_analyze_loop(ADDITIVE); }
static void scorer_analyze_classic(void) { scorer_analyze_loop(CLASSIC); }

/* Rules by pointer, cycling through 64 values (or always the first of them). */
static void score_cycling(const FarkleRules *variants, size_t mask) {
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        FarkleScore score;
        if (farkle_score_selection(&variants[i & mask], sel_faces + 6 * i, sel_count[i], &score) !=
            FARKLE_STATUS_OK)
            fail("farkle_score_selection (cycling)");
        sum += score.points;
    }
    sink += sum;
}
static void score_one_of_64(void) { score_cycling(scoring_variants, 0); }
/* The same 64 values, each copied into one local variable before the call: the cache cannot
 * tell them apart by address. */
static void score_64_copied(void) {
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        FarkleScore score;
        FarkleRules local = scoring_variants[i & (VARIANTS - 1)];
        if (farkle_score_selection(&local, sel_faces + 6 * i, sel_count[i], &score) !=
            FARKLE_STATUS_OK)
            fail("farkle_score_selection (copied)");
        sum += score.points;
    }
    sink += sum;
}
static void score_64_scoring(void) { score_cycling(scoring_variants, VARIANTS - 1); }
static void score_64_game(void) { score_cycling(game_variants, VARIANTS - 1); }

static void points_cycling(const FarkleRules *variants, size_t mask) {
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        int32_t p;
        if (farkle_points(&variants[i & mask], sel_faces + 6 * i, sel_count[i], &p) !=
            FARKLE_STATUS_OK)
            fail("farkle_points (cycling)");
        sum += p;
    }
    sink += sum;
}
static void points_one_of_64(void) { points_cycling(scoring_variants, 0); }
static void points_64_copied(void) {
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        int32_t p;
        FarkleRules local = scoring_variants[i & (VARIANTS - 1)];
        if (farkle_points(&local, sel_faces + 6 * i, sel_count[i], &p) != FARKLE_STATUS_OK)
            fail("farkle_points (copied)");
        sum += p;
    }
    sink += sum;
}
static void points_64_scoring(void) { points_cycling(scoring_variants, VARIANTS - 1); }
static void points_64_game(void) { points_cycling(game_variants, VARIANTS - 1); }

#ifdef FARKLE_BENCH_ORIGINAL
static void original_construct_selection(void) {
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        Selection selection;
        if (constructSelection(&orig_selections[i], &selection)) sum += selection.value;
    }
    sink += sum;
}

static void original_determine_roll_type(void) {
    long long sum = 0;
    size_t i;
    for (i = 0; i < n_inputs; i++) {
        Selection selection;
        sum += (long long)determineRollType(&orig_rolls[i], &selection);
    }
    sink += sum;
}
#endif

/* ---- the measurements ---- */

typedef struct Measurement {
    const char *name;
    void (*run)(void);
    double ns[MAX_ROUNDS];
} Measurement;

static Measurement measurements[MAX_MEASUREMENTS];
static int n_measurements;

static const char *filter;

static int add(const char *name, void (*run)(void)) {
    if (n_measurements == MAX_MEASUREMENTS) fail("too many measurements");
    if (filter && !strstr(name, filter)) return -1;
    measurements[n_measurements].name = name;
    measurements[n_measurements].run = run;
    return n_measurements++;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const Measurement *m, int rounds) {
    double sorted[MAX_ROUNDS];
    memcpy(sorted, m->ns, sizeof(double) * (size_t)rounds);
    qsort(sorted, (size_t)rounds, sizeof(double), compare_doubles);
    return rounds % 2 ? sorted[rounds / 2] : (sorted[rounds / 2 - 1] + sorted[rounds / 2]) / 2;
}

static double fastest(const Measurement *m, int rounds) {
    double best = m->ns[0];
    int r;
    for (r = 1; r < rounds; r++)
        if (m->ns[r] < best) best = m->ns[r];
    return best;
}

/* ---- set-up ---- */

static void make_inputs(void) {
    size_t i, d;
    sel_faces = malloc(6 * n_inputs);
    sel_count = malloc(n_inputs);
    roll_faces = malloc(6 * n_inputs);
    if (!sel_faces || !sel_count || !roll_faces) fail("out of memory");
    for (i = 0; i < n_inputs; i++) {
        sel_count[i] = (uint8_t)(1 + next_random(6));
        for (d = 0; d < 6; d++) sel_faces[6 * i + d] = (uint8_t)(1 + next_random(6));
        for (d = 0; d < 6; d++) roll_faces[6 * i + d] = (uint8_t)(1 + next_random(6));
    }
}

static void make_rules(void) {
    int v;
    if (farkle_rules_preset(FARKLE_PRESET_ADDITIVE, &rules[ADDITIVE]) != FARKLE_STATUS_OK ||
        farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules[CLASSIC]) != FARKLE_STATUS_OK)
        fail("presets");
    if (farkle_scorer_new(&rules[ADDITIVE], &scorers[ADDITIVE]) != FARKLE_STATUS_OK ||
        farkle_scorer_new(&rules[CLASSIC], &scorers[CLASSIC]) != FARKLE_STATUS_OK)
        fail("farkle_scorer_new");
    for (v = 0; v < VARIANTS; v++) {
        /* 64 scoring variants: classic with a single 5 worth 50 to 112, and additive. With
         * those two presets among them, the harness uses exactly 64 scoring tables, as many
         * as the per-thread cache holds: a 65th would make a cycle through all of them
         * rebuild tables in every round. */
        scoring_variants[v] = v == VARIANTS - 1 ? rules[ADDITIVE] : rules[CLASSIC];
        if (v < VARIANTS - 1) scoring_variants[v].single_five = 50 + v;
        /* 64 game variants of classic: targets and entry minimums, one scoring table. */
        game_variants[v] = rules[CLASSIC];
        game_variants[v].target_score = 5000 + 100 * v;
        game_variants[v].min_entry_score = 50 * (v % 8);
    }
}

/* Fills the floor's direct table through the library: every multiset of at most 6 dice. */
static void make_floor(void) {
    uint32_t pow7 = 1;
    int r, face;
    unsigned key;
    for (face = 1; face <= 6; face++) {
        floor_weight[face] = pow7;
        pow7 *= 7;
    }
    for (r = 0; r < 2; r++) {
        floor_points[r] = calloc(FLOOR_KEYS, sizeof(int32_t));
        if (!floor_points[r]) fail("out of memory");
        for (key = 0; key < FLOOR_KEYS; key++) {
            uint8_t faces[36];
            size_t n = 0;
            unsigned k = key;
            int32_t p;
            for (face = 1; face <= 6; face++) {
                unsigned c = k % 7;
                k /= 7;
                while (c-- > 0) faces[n++] = (uint8_t)face;
            }
            if (n > 6) continue;
            if (farkle_scorer_points(scorers[r], faces, n, &p) != FARKLE_STATUS_OK) fail("floor");
            floor_points[r][key] = p;
        }
    }
}

/* Every measured call must agree with the full scorer and the floor before anything is timed. */
static void check_agreement(void) {
    size_t i, mismatches = 0;
    int r;
    for (r = 0; r < 2; r++) {
        for (i = 0; i < n_inputs && i < 100000; i++) {
            const uint8_t *f = sel_faces + 6 * i;
            size_t count = sel_count[i], d;
            uint32_t key = 0;
            int32_t a = -1, b = -1;
            FarkleScore s;
            for (d = 0; d < count; d++) key += floor_weight[f[d]];
            if (farkle_scorer_points(scorers[r], f, count, &a) != FARKLE_STATUS_OK ||
                farkle_points(&rules[r], f, count, &b) != FARKLE_STATUS_OK ||
                farkle_score_selection(&rules[r], f, count, &s) != FARKLE_STATUS_OK)
                fail("agreement");
            if (a != b || a != s.points || a != floor_points[r][key]) mismatches++;
        }
    }
    if (mismatches) fail("the lean calls disagree with farkle_score_selection");
}

#ifdef FARKLE_BENCH_ORIGINAL
/* The original's Roll as its game leaves it for constructSelection: the dice picked this roll
 * (toggled by the player) have picked and pickedThisRoll set; the others are unpicked and
 * show what was rolled. The picked dice sit at random positions of the six. For
 * determineRollType, a fresh roll of six unpicked dice. */
static void make_original_inputs(void) {
    size_t i;
    int d;
    orig_selections = malloc(sizeof(Roll) * n_inputs);
    orig_rolls = malloc(sizeof(Roll) * n_inputs);
    if (!orig_selections || !orig_rolls) fail("out of memory");
    for (i = 0; i < n_inputs; i++) {
        Roll *sel = &orig_selections[i];
        int order[6] = {0, 1, 2, 3, 4, 5};
        initRoll(sel);
        for (d = 5; d > 0; d--) {
            int j = (int)next_random((unsigned)d + 1), t = order[d];
            order[d] = order[j];
            order[j] = t;
        }
        for (d = 0; d < 6; d++) sel->dice[d].value = 1 + (int)next_random(6);
        for (d = 0; d < sel_count[i]; d++) {
            Die *die = &sel->dice[order[d]];
            die->value = sel_faces[6 * i + (size_t)d];
            die->picked = 1;
            die->pickedThisRoll = 1;
        }
        initRoll(&orig_rolls[i]);
        for (d = 0; d < 6; d++) orig_rolls[i].dice[d].value = roll_faces[6 * i + (size_t)d];
    }
}

/* The original scores the additive rules: both must agree on every selection's points, and on
 * whether a roll is a farkle except for three pairs (a roll type of its own there). */
static void check_original_agreement(void) {
    size_t i, points_mismatch = 0, farkle_mismatch = 0;
    for (i = 0; i < n_inputs; i++) {
        Selection selection;
        Roll copy = orig_rolls[i];
        int32_t p;
        FarkleRollAnalysis a;
        int original = constructSelection(&orig_selections[i], &selection) ? selection.value : 0;
        RollType type = determineRollType(&copy, &selection);
        if (farkle_scorer_points(scorers[ADDITIVE], sel_faces + 6 * i, sel_count[i], &p) !=
                FARKLE_STATUS_OK ||
            farkle_scorer_roll_analyze(scorers[ADDITIVE], roll_faces + 6 * i, 6, &a) !=
                FARKLE_STATUS_OK)
            fail("original agreement");
        if (p != original) points_mismatch++;
        if (type != TRIPLE_PAIR && a.is_farkle != (type == FARKLE)) farkle_mismatch++;
    }
    printf("original library: points agree on %zu of %zu selections, farkles on %zu of %zu rolls\n",
           n_inputs - points_mismatch, n_inputs, n_inputs - farkle_mismatch, n_inputs);
    if (points_mismatch || farkle_mismatch) fail("the original library disagrees");
}
#endif

static void print_ratio(const char *what, int a, int b, int rounds) {
    if (a < 0 || b < 0) return;
    printf("  %-58s %6.2fx\n", what,
           median(&measurements[a], rounds) / median(&measurements[b], rounds));
}

/* Against the faster of the two floors. */
static void print_ratio_floor(const char *what, int a, int floor1, int floor2, int rounds) {
    if (a < 0 || floor1 < 0 || floor2 < 0) return;
    print_ratio(what, a,
                median(&measurements[floor1], rounds) <= median(&measurements[floor2], rounds)
                    ? floor1
                    : floor2,
                rounds);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000L;
    int rounds = argc > 2 ? atoi(argv[2]) : 11;
    filter = argc > 3 ? argv[3] : NULL;
    int r, m;
    int fl_a, fl_c, ff_a, ff_c, sp_a, sp_c, p_a, p_c, ss_a, ss_c, s_a, s_c, an_a, an_c, san_a, san_c;
    int s1, s64, sg, sc, p1, p64, pg, pc;
#ifdef FARKLE_BENCH_ORIGINAL
    int orig_sel, orig_roll;
#endif

    if (n <= 0 || rounds < 2 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "usage: bench_scoring [N > 0 [ROUNDS 2..%d [FILTER]]]\n", MAX_ROUNDS);
        return 2;
    }
    n_inputs = (size_t)n;
    make_inputs();
    make_rules();
    make_floor();
    check_agreement();
#ifdef FARKLE_BENCH_ORIGINAL
    make_original_inputs();
    check_original_agreement();
#endif

    fl_a = add("floor: face-count key + table read (additive)", floor_additive);
    ff_a = add("floor, six fixed steps (additive)", floor_fixed_additive);
    sp_a = add("farkle_scorer_points (additive)", scorer_points_additive);
    p_a = add("farkle_points (additive)", points_additive);
    ss_a = add("farkle_scorer_score_selection (additive)", scorer_score_additive);
    s_a = add("farkle_score_selection (additive)", score_additive);
    fl_c = add("floor: face-count key + table read (classic)", floor_classic);
    ff_c = add("floor, six fixed steps (classic)", floor_fixed_classic);
    sp_c = add("farkle_scorer_points (classic)", scorer_points_classic);
    p_c = add("farkle_points (classic)", points_classic);
    ss_c = add("farkle_scorer_score_selection (classic)", scorer_score_classic);
    s_c = add("farkle_score_selection (classic)", score_classic);
    san_a = add("farkle_scorer_roll_analyze, 6 dice (additive)", scorer_analyze_additive);
    an_a = add("farkle_roll_analyze, 6 dice (additive)", analyze_additive);
    san_c = add("farkle_scorer_roll_analyze, 6 dice (classic)", scorer_analyze_classic);
    an_c = add("farkle_roll_analyze, 6 dice (classic)", analyze_classic);
    s1 = add("farkle_score_selection, one rules value", score_one_of_64);
    s64 = add("farkle_score_selection, 64 scoring variants in turn", score_64_scoring);
    sc = add("farkle_score_selection, 64 scoring variants, one address", score_64_copied);
    sg = add("farkle_score_selection, 64 game-setting variants", score_64_game);
    p1 = add("farkle_points, one rules value", points_one_of_64);
    p64 = add("farkle_points, 64 scoring variants in turn", points_64_scoring);
    pc = add("farkle_points, 64 scoring variants, one address", points_64_copied);
    pg = add("farkle_points, 64 game-setting variants", points_64_game);
#ifdef FARKLE_BENCH_ORIGINAL
    orig_sel = add("original constructSelection (-O2, its additive rules)",
                   original_construct_selection);
    orig_roll = add("original determineRollType, 6 dice", original_determine_roll_type);
#endif

    /* A warm-up round (untimed) solves and caches every rules value once. */
    for (m = 0; m < n_measurements; m++) measurements[m].run();
    for (r = 0; r < rounds; r++) {
        for (m = 0; m < n_measurements; m++) {
            Measurement *x = &measurements[(m + r) % n_measurements];
            double start = thread_ns();
            x->run();
            x->ns[r] = (thread_ns() - start) / (double)n_inputs;
        }
    }

    printf("%zu inputs, %d rounds, thread CPU time per call: median (fastest)\n", n_inputs,
           rounds);
    for (m = 0; m < n_measurements; m++) {
        printf("%-58s %7.2f ns/call (%.2f)\n", measurements[m].name,
               median(&measurements[m], rounds), fastest(&measurements[m], rounds));
    }
    printf("ratios of medians:\n");
    print_ratio_floor("farkle_scorer_points / faster floor (additive)", sp_a, fl_a, ff_a, rounds);
    print_ratio_floor("farkle_points / faster floor (additive)", p_a, fl_a, ff_a, rounds);
    print_ratio_floor("farkle_scorer_points / faster floor (classic)", sp_c, fl_c, ff_c, rounds);
    print_ratio_floor("farkle_points / faster floor (classic)", p_c, fl_c, ff_c, rounds);
    print_ratio("farkle_scorer_score_selection / farkle_scorer_points (classic)", ss_c, sp_c,
                rounds);
    print_ratio("farkle_score_selection / farkle_roll_analyze (classic)", s_c, an_c, rounds);
    print_ratio("farkle_score_selection / farkle_scorer_score_selection (additive)", s_a, ss_a,
                rounds);
    print_ratio("farkle_roll_analyze / farkle_scorer_roll_analyze (additive)", an_a, san_a, rounds);
    print_ratio("farkle_roll_analyze / farkle_scorer_roll_analyze (classic)", an_c, san_c, rounds);
    print_ratio("score_selection: 64 scoring variants / one rules value", s64, s1, rounds);
    print_ratio("score_selection: 64 variants at one address / one rules value", sc, s1, rounds);
    print_ratio("score_selection: 64 game variants / one rules value", sg, s1, rounds);
    print_ratio("points: 64 scoring variants / one rules value", p64, p1, rounds);
    print_ratio("points: 64 variants at one address / one rules value", pc, p1, rounds);
    print_ratio("points: 64 game variants / one rules value", pg, p1, rounds);
#ifdef FARKLE_BENCH_ORIGINAL
    print_ratio("farkle_score_selection / original constructSelection", s_a, orig_sel, rounds);
    print_ratio("farkle_scorer_score_selection / original constructSelection", ss_a, orig_sel,
                rounds);
    print_ratio("farkle_roll_analyze / original determineRollType", an_a, orig_roll, rounds);
    print_ratio("farkle_scorer_roll_analyze / original determineRollType", san_a, orig_roll,
                rounds);
#endif
    farkle_scorer_free(scorers[ADDITIVE]);
    farkle_scorer_free(scorers[CLASSIC]);
    return 0;
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * score: a Farkle scoring calculator.
 *
 *   score [--rules PRESET] [--all] DIE...
 *
 * Scores the dice as a selection (every die must take part in a scoring combination) and
 * explains the result: the combinations and their points, or which dice do not score and the
 * best selection of the same dice read as a roll. --all lists every legal selection.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "farkle.h"

static void usage(FILE *to) {
    fprintf(to,
            "usage: score [--rules PRESET] [--all] DIE...\n"
            "  DIE     die values 1 to 6 (at most %d)\n"
            "  PRESET  classic (default), extended, doubling, additive, minimal, zilch\n"
            "  --all   also list every legal selection of the dice\n",
            FARKLE_MAX_DICE);
}

static void print_counts(const uint8_t counts[6]) {
    int face, k, first = 1;
    for (face = 0; face < 6; face++) {
        for (k = 0; k < counts[face]; k++) {
            printf(first ? "%d" : " %d", face + 1);
            first = 0;
        }
    }
}

/* "single 5", "three 1s", "straight 1-6", ... */
static void describe(const FarkleCombination *c, char *out, size_t len) {
    static const char *const numbers[] = {"zero", "one",  "two", "three", "four",   "five",  "six",
                                          "seven", "eight", "nine", "ten", "eleven", "twelve"};
    if (c->kind == FARKLE_COMBINATION_KIND_SINGLE) {
        snprintf(out, len, "single %d", c->face);
    } else if (c->kind == FARKLE_COMBINATION_KIND_OF_A_KIND && c->dice_count <= 12) {
        snprintf(out, len, "%s %ds", numbers[c->dice_count], c->face);
    } else {
        snprintf(out, len, "%s", farkle_combination_kind_name((uint32_t)c->kind));
    }
}

static void print_combinations(const FarkleScore *score) {
    size_t i;
    for (i = 0; i < score->combination_count; i++) {
        const FarkleCombination *c = &score->combinations[i];
        char name[64];
        describe(c, name, sizeof name);
        printf("  %-26s [", name);
        print_counts(c->counts);
        printf("] %d\n", c->points);
    }
}

/* An invalid selection: which dice do not score, then the best play of the same dice as a
 * roll. Returns 0, or 1 when a call fails. */
static int explain_invalid(const FarkleRules *rules, const uint8_t *dice, size_t count,
                           const FarkleScore *invalid) {
    FarkleRollAnalysis analysis;
    FarkleScore score;
    size_t leftover = 0, f;
    for (f = 0; f < 6; f++) leftover += invalid->leftover_counts[f];
    printf("invalid selection: ");
    print_counts(invalid->leftover_counts);
    printf(" %s\n", leftover == 1 ? "does not score" : "do not score");
    if (farkle_roll_analyze(rules, dice, count, &analysis) != FARKLE_STATUS_OK) return 1;
    if (analysis.is_farkle) {
        printf("as a roll: farkle (nothing scores)\n");
    } else {
        uint8_t best[FARKLE_MAX_DICE];
        size_t n = 0, d;
        for (d = 0; d < count; d++) {
            if (analysis.best_selection_mask & (1u << d)) best[n++] = dice[d];
        }
        if (farkle_score_selection(rules, best, n, &score) != FARKLE_STATUS_OK) return 1;
        printf("best selection as a roll: ");
        print_counts(analysis.best_selection_counts);
        printf(" = %d points\n", analysis.max_points);
        print_combinations(&score);
    }
    return 0;
}

/* Every legal selection of the dice taken as a roll. Returns 0, or 1 when the call fails. */
static int list_selections(const FarkleRules *rules, const uint8_t *dice, size_t count) {
    FarkleSelection selections[FARKLE_MAX_SELECTIONS];
    size_t n = 0, k;
    if (farkle_roll_selections(rules, dice, count, selections, FARKLE_MAX_SELECTIONS, &n) !=
        FARKLE_STATUS_OK)
        return 1;
    printf("%zu legal selections:\n", n);
    for (k = 0; k < n; k++) {
        printf("  ");
        print_counts(selections[k].counts);
        printf(" = %d\n", selections[k].points);
    }
    return 0;
}

int main(int argc, char **argv) {
    const char *preset_name = "classic";
    uint32_t preset = FARKLE_PRESET_CLASSIC;
    uint8_t dice[FARKLE_MAX_DICE];
    size_t count = 0;
    int list_all = 0;
    int i;
    FarkleRules rules;
    FarkleScore score;
    FarkleStatus status;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc) {
            preset_name = argv[++i];
        } else if (strcmp(argv[i], "--all") == 0) {
            list_all = 1;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            char *end = NULL;
            long value = strtol(argv[i], &end, 10);
            if (end == argv[i] || *end != '\0' || value < 1 || value > 6) {
                fprintf(stderr, "score: '%s' is not a die value (1 to 6)\n", argv[i]);
                usage(stderr);
                return 2;
            }
            if (count == FARKLE_MAX_DICE) {
                fprintf(stderr, "score: at most %d dice\n", FARKLE_MAX_DICE);
                return 2;
            }
            dice[count++] = (uint8_t)value;
        }
    }
    if (count == 0) {
        usage(stderr);
        return 2;
    }
    if (farkle_rules_preset_from_name(preset_name, &preset) != FARKLE_STATUS_OK ||
        farkle_rules_preset(preset, &rules) != FARKLE_STATUS_OK) {
        fprintf(stderr, "score: unknown rules preset '%s'\n", preset_name);
        return 2;
    }
    if (count > rules.dice_count) {
        /* Let a larger pool be scored by widening the set; the rules are otherwise unchanged. */
        rules.dice_count = (uint32_t)count;
    }

    status = farkle_score_selection(&rules, dice, count, &score);
    if (status != FARKLE_STATUS_OK) {
        fprintf(stderr, "score: %s\n", farkle_status_str((int)status));
        return 1;
    }
    printf("rules %s, dice:", farkle_rules_preset_name(preset));
    for (i = 0; i < (int)count; i++) printf(" %d", dice[i]);
    printf("\n");
    if (score.valid) {
        printf("valid selection: %d points\n", score.points);
        print_combinations(&score);
    } else {
        if (explain_invalid(&rules, dice, count, &score) != 0) return 1;
    }
    if (list_all && list_selections(&rules, dice, count) != 0) return 1;
    return 0;
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * knobs.c: every field of FarkleRules by name, for `--rule KEY=VALUE`, the `rules` command,
 * the key of a cached table and the comparison of rule sets. KNOBS is the one list: a new
 * field of FarkleRules is one more line there (tests/examples.rs checks that every field of
 * the header is listed).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common.h"

#define KNOB(field, type, ends, what) {#field, offsetof(FarkleRules, field), type, ends, what}

const Knob KNOBS[] = {
    KNOB(dice_count, KNOB_U32, 0, "dice in the set, 1 to 12"),
    KNOB(single_one, KNOB_I32, 0, "a single 1"),
    KNOB(single_five, KNOB_I32, 0, "a single 5"),
    KNOB(triple_ones, KNOB_I32, 0, "three 1s"),
    KNOB(triple_face_multiplier, KNOB_I32, 0, "three of face f (2 to 6) score f times this"),
    KNOB(kind_scaling, KNOB_SCALING, 0,
         "four or more of a kind: multiply, double, fixed or triple-only"),
    KNOB(four_of_a_kind, KNOB_I32, 0, "four of a kind (kind_scaling=fixed)"),
    KNOB(five_of_a_kind, KNOB_I32, 0, "five of a kind (kind_scaling=fixed)"),
    KNOB(six_of_a_kind, KNOB_I32, 0, "six of a kind (kind_scaling=fixed)"),
    KNOB(six_ones, KNOB_I32, 0, "six 1s (0: as the scaling says)"),
    KNOB(straight, KNOB_I32, 0, "the straight 1-2-3-4-5-6"),
    KNOB(straight_low, KNOB_I32, 0, "the partial straight 1-2-3-4-5"),
    KNOB(straight_high, KNOB_I32, 0, "the partial straight 2-3-4-5-6"),
    KNOB(three_pairs, KNOB_I32, 0, "three pairs"),
    KNOB(three_pairs_with_four_of_a_kind, KNOB_FLAG, 0,
         "four of a kind and a pair count as three pairs"),
    KNOB(four_of_a_kind_and_pair, KNOB_I32, 0, "four of a kind and a pair, together"),
    KNOB(two_triplets, KNOB_I32, 0, "two triplets"),
    KNOB(full_house_bonus, KNOB_I32, 0, "added to three of a kind with a pair"),
    KNOB(no_score_set, KNOB_I32, 0, "a roll of every die in which nothing scores"),
    KNOB(min_entry_score, KNOB_I32, 0, "points in one turn to get on the board"),
    KNOB(min_bank_score, KNOB_I32, 0, "points a turn needs to be banked"),
    KNOB(target_score, KNOB_I32, 1, "the score that wins (0: none)"),
    KNOB(final_round, KNOB_FLAG, 1, "after the target, everyone else gets one more turn"),
    KNOB(turn_limit, KNOB_U32, 1, "turns per player (0: no limit)"),
    KNOB(farkle_penalty_streak, KNOB_U32, 0, "farkles in a row that cost a penalty (0: none)"),
    KNOB(farkle_penalty_points, KNOB_I32, 0, "points the penalty costs"),
    KNOB(farkle_penalty_loses_all, KNOB_FLAG, 0, "the penalty costs the whole score"),
    KNOB(hot_dice, KNOB_FLAG, 0, "scoring every die brings them all back"),
    KNOB(three_pairs_of_one_face, KNOB_FLAG, 0, "six of one face also count as three pairs"),
    KNOB(two_triplets_of_one_face, KNOB_FLAG, 0, "six of one face also count as two triplets"),
    KNOB(singles_only_before_entry, KNOB_FLAG, 0, "only 1s and 5s score until on the board"),
    KNOB(hot_dice_multiplier_step, KNOB_U32, 0,
         "each hot dice raises the turn's multiplier by this (0: none)"),
    KNOB(exact_target, KNOB_EXACT, 1, "hit the target exactly: off, refuse or bust"),
    KNOB(piggybacking, KNOB_FLAG, 0, "a turn may start from the last banked turn's dice"),
};
const size_t KNOB_COUNT = sizeof KNOBS / sizeof KNOBS[0];

static const char *const SCALINGS[] = {"multiply", "double", "fixed", "triple-only", NULL};
static const char *const EXACTS[] = {"off", "refuse", "bust", NULL};

/* The names a knob's values may be given by (NULL-terminated), or NULL for numbers only. */
static const char *const *value_names(KnobType type) {
    if (type == KNOB_SCALING) return SCALINGS;
    if (type == KNOB_EXACT) return EXACTS;
    return NULL;
}

long long knob_value(const FarkleRules *r, const Knob *k) {
    const unsigned char *field = (const unsigned char *)r + k->offset;
    uint32_t u;
    int32_t i;
    switch (k->type) {
    case KNOB_FLAG:
        return *field;
    case KNOB_I32:
        memcpy(&i, field, sizeof i);
        return i;
    case KNOB_U32:
    case KNOB_SCALING:
    case KNOB_EXACT:
    default:
        memcpy(&u, field, sizeof u);
        return u;
    }
}

static const Knob *knob_named(const char *name, size_t len) {
    size_t k, i;
    for (k = 0; k < KNOB_COUNT; k++) {
        const char *n = KNOBS[k].name;
        if (strlen(n) != len) continue;
        /* Case aside, and '-' for '_': --rule hot-dice=0 is --rule hot_dice=0. */
        for (i = 0; i < len; i++) {
            char c = name[i] == '-' ? '_' : name[i];
            if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
            if (c != n[i]) break;
        }
        if (i == len) return &KNOBS[k];
    }
    return NULL;
}

/* Parses `text` as the knob's value into `*out`; 0, or -1 with `why`. */
static int parse_value(const Knob *k, const char *text, long long *out, char *why,
                       size_t why_len) {
    static const char *const yes[] = {"1", "yes", "true", "on"};
    static const char *const no[] = {"0", "no", "false", "off"};
    char *end = NULL;
    long long v;
    size_t i;
    if (k->type == KNOB_FLAG) {
        for (i = 0; i < 4; i++) {
            if (strcasecmp(text, yes[i]) == 0 || strcasecmp(text, no[i]) == 0) {
                *out = strcasecmp(text, yes[i]) == 0;
                return 0;
            }
        }
        snprintf(why, why_len, "'%s' is not 1 or 0 (yes or no)", safe(text));
        return -1;
    }
    if (value_names(k->type) != NULL) {
        const char *const *names = value_names(k->type);
        for (i = 0; names[i] != NULL; i++) {
            if (strcasecmp(text, names[i]) == 0) {
                *out = (long long)i;
                return 0;
            }
        }
    }
    errno = 0;
    v = strtoll(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno != 0 ||
        (k->type == KNOB_I32 && (v < INT32_MIN || v > INT32_MAX)) ||
        (k->type != KNOB_I32 && (v < 0 || v > (long long)UINT32_MAX))) {
        if (k->type == KNOB_SCALING)
            snprintf(why, why_len, "'%s' is not multiply, double, fixed or triple-only",
                     safe(text));
        else if (k->type == KNOB_EXACT)
            snprintf(why, why_len, "'%s' is not off, refuse or bust", safe(text));
        else
            snprintf(why, why_len, "'%s' is not a whole number from %s", safe(text),
                     k->type == KNOB_I32 ? "-2147483648 to 2147483647" : "0 to 4294967295");
        return -1;
    }
    *out = v;
    return 0;
}

int knob_assign(FarkleRules *r, const char *assignment, char *why, size_t why_len) {
    const char *eq = strchr(assignment, '=');
    unsigned char *field;
    const Knob *k;
    long long v;
    if (eq == NULL) {
        snprintf(why, why_len, "'%s' is not KEY=VALUE (farkle --rule help lists the keys)",
                 safe(assignment));
        return -1;
    }
    k = knob_named(assignment, (size_t)(eq - assignment));
    if (k == NULL) {
        char key[64];
        size_t len = (size_t)(eq - assignment) < sizeof key - 1 ? (size_t)(eq - assignment)
                                                                : sizeof key - 1;
        memcpy(key, assignment, len);
        key[len] = '\0';
        snprintf(why, why_len, "there is no rule '%s' (farkle --rule help lists them)",
                 safe(key));
        return -1;
    }
    if (parse_value(k, eq + 1, &v, why, why_len) != 0) return -1;
    field = (unsigned char *)r + k->offset;
    if (k->type == KNOB_FLAG) {
        *field = (unsigned char)v;
    } else if (k->type == KNOB_I32) {
        int32_t i = (int32_t)v;
        memcpy(field, &i, sizeof i);
    } else {
        uint32_t u = (uint32_t)v;
        memcpy(field, &u, sizeof u);
    }
    return 0;
}

int rules_same(const FarkleRules *a, const FarkleRules *b, int play_only) {
    size_t k;
    bool equal = false;
    if (!play_only) return farkle_rules_equal(a, b, &equal) == FARKLE_STATUS_OK && equal;
    for (k = 0; k < KNOB_COUNT; k++) {
        if (play_only && KNOBS[k].ends_game) continue;
        if (knob_value(a, &KNOBS[k]) != knob_value(b, &KNOBS[k])) return 0;
    }
    return 1;
}

const char *preset_name_of(const FarkleRules *r) {
    uint32_t p;
    for (p = 0; farkle_rules_preset_name(p) != NULL; p++) {
        FarkleRules q;
        if (farkle_rules_preset(p, &q) != FARKLE_STATUS_OK) break;
        if (rules_same(&q, r, 1)) return farkle_rules_preset_name(p);
    }
    return "custom";
}

uint64_t rules_hash(const FarkleRules *r) {
    uint64_t h = 0xcbf29ce484222325ULL;
    size_t k;
    for (k = 0; k < KNOB_COUNT; k++) {
        char item[96];
        int n = snprintf(item, sizeof item, "%s=%lld;", KNOBS[k].name, knob_value(r, &KNOBS[k]));
        int i;
        for (i = 0; i < n; i++) {
            h ^= (unsigned char)item[i];
            h *= 0x100000001b3ULL;
        }
    }
    return h;
}

/* The knob's value as --rule takes it. */
static const char *knob_text(const FarkleRules *r, const Knob *k, char *buf, size_t len) {
    long long v = knob_value(r, k);
    const char *const *names = value_names(k->type);
    long long i;
    for (i = 0; names != NULL && names[i] != NULL; i++)
        if (i == v) return names[i];
    snprintf(buf, len, "%lld", v);
    return buf;
}

void knobs_print(FILE *to, const FarkleRules *r) {
    size_t k;
    for (k = 0; k < KNOB_COUNT; k++) {
        char buf[32], item[96];
        snprintf(item, sizeof item, "%s = %s", KNOBS[k].name,
                 knob_text(r, &KNOBS[k], buf, sizeof buf));
        if (k % 2 == 0 && k + 1 < KNOB_COUNT)
            fprintf(to, "  %-40s", item);
        else
            fprintf(to, "  %s\n", item);
    }
}

void knobs_help(FILE *to) {
    static const char *const types[] = {"number", "number", "0 or 1", "name"};
    size_t k;
    fprintf(to, "--rule KEY=VALUE sets one field of the rules, after --rules, -t and --target\n"
                "(the library then checks the whole set). Keys:\n");
    for (k = 0; k < KNOB_COUNT; k++)
        fprintf(to, "  %-32s %-7s %s\n", KNOBS[k].name, types[KNOBS[k].type], KNOBS[k].what);
}

int rules_preset(const char *name, FarkleRules *out, char *why, size_t why_len) {
    uint32_t preset = FARKLE_PRESET_CLASSIC;
    FarkleStatus st;
    if (name != NULL && farkle_rules_preset_from_name(name, &preset) != FARKLE_STATUS_OK) {
        snprintf(why, why_len,
                 "unknown rules preset '%s' (classic, extended, doubling, additive, minimal, "
                 "zilch)",
                 safe(name));
        return -1;
    }
    st = farkle_rules_preset(preset, out);
    if (st != FARKLE_STATUS_OK) {
        snprintf(why, why_len, "cannot read rules preset %u: %s", (unsigned)preset,
                 library_reason(st));
        return -1;
    }
    return 0;
}

int rules_assign_all(FarkleRules *r, const char *const *assignments, size_t count, char *why,
                     size_t why_len) {
    size_t i;
    for (i = 0; i < count; i++) {
        char reason[TEXT_SHOWN_LEN];
        if (knob_assign(r, assignments[i], reason, sizeof reason) != 0) {
            snprintf(why, why_len, "--rule %s: %s", safe(assignments[i]), reason);
            return -1;
        }
    }
    return 0;
}

int rules_check(const FarkleRules *r, char *why, size_t why_len) {
    char message[512];
    message[0] = '\0';
    if (farkle_rules_validate(r, message, sizeof message) == FARKLE_STATUS_OK) return 0;
    snprintf(why, why_len, "these rules make no game: %s", safe(message));
    return -1;
}

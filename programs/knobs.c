/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * knobs.c: every field of FarkleRules by name, for `--rule KEY=VALUE`, the `rules` command,
 * the key of a cached table and the comparison of rule sets. The fields come from the library
 * (farkle_rules_field()): a new field of FarkleRules is a knob here with nothing to write,
 * unless its values have names (value_names()) or it says how the game ends (ENDS_GAME).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common.h"

typedef enum KnobType { KNOB_U32, KNOB_I32, KNOB_FLAG, KNOB_SCALING, KNOB_EXACT } KnobType;

typedef struct Knob {
    const char *name; /* the field's name in farkle.h, as --rule takes it */
    size_t offset;    /* offsetof(FarkleRules, field) */
    KnobType type;
    int ends_game;    /* an end condition (target, final round, turn limit) */
    const char *what; /* a short description for `--rule help` */
} Knob;

/* The fields that say how the game ends: rules that differ only in these are still named
 * after their preset. */
static const char *const ENDS_GAME[] = {"target_score", "final_round", "turn_limit",
                                        "exact_target"};

static Knob *KNOBS;
static size_t KNOB_COUNT;

/* The knob of a field the library describes. */
static Knob knob_of(const FarkleRulesField *f) {
    Knob k;
    size_t i;
    k.name = f->name;
    k.offset = f->offset;
    k.what = f->description;
    switch (f->kind) {
    case FARKLE_RULES_FIELD_KIND_INT32:
        k.type = KNOB_I32;
        break;
    case FARKLE_RULES_FIELD_KIND_FLAG:
        k.type = KNOB_FLAG;
        break;
    case FARKLE_RULES_FIELD_KIND_ENUM:
        k.type = strcmp(f->name, "kind_scaling") == 0   ? KNOB_SCALING
                 : strcmp(f->name, "exact_target") == 0 ? KNOB_EXACT
                                                        : KNOB_U32;
        break;
    case FARKLE_RULES_FIELD_KIND_UINT32:
    default:
        k.type = KNOB_U32;
        break;
    }
    k.ends_game = 0;
    for (i = 0; i < sizeof ENDS_GAME / sizeof ENDS_GAME[0]; i++)
        if (strcmp(f->name, ENDS_GAME[i]) == 0) k.ends_game = 1;
    return k;
}

/* Reads the library's list of fields on first use; exits if the library cannot describe
 * them (it always can). */
static void load_knobs(void) {
    uint32_t count = farkle_rules_field_count(), i;
    if (KNOBS != NULL) return;
    KNOBS = checked_malloc(sizeof *KNOBS * (count > 0 ? count : 1));
    for (i = 0; i < count; i++) {
        FarkleRulesField f;
        FarkleStatus st = farkle_rules_field(i, &f);
        if (st != FARKLE_STATUS_OK) {
            fprintf(stderr, "farkle: cannot read the rules' field %u: %s\n", (unsigned)i,
                    library_reason(st));
            exit(1);
        }
        KNOBS[i] = knob_of(&f);
    }
    KNOB_COUNT = count;
}

static const char *const SCALINGS[] = {"multiply", "double", "fixed", "triple-only", NULL};
static const char *const EXACTS[] = {"off", "refuse", "bust", NULL};

/* The names a knob's values may be given by (NULL-terminated), or NULL for numbers only. */
static const char *const *value_names(KnobType type) {
    if (type == KNOB_SCALING) return SCALINGS;
    if (type == KNOB_EXACT) return EXACTS;
    return NULL;
}

static long long knob_value(const FarkleRules *r, const Knob *k) {
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
    load_knobs();
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
    load_knobs();
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
    load_knobs();
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
    load_knobs();
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
    static const char *const types[] = {"number", "number", "0 or 1", "name", "name"};
    size_t k;
    load_knobs();
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

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * options.c: the command line, parsed with getopt_long: the original game's -p and -t (also
 * as -p2, -t3) and the long options (also as --seed=7). A bad value gets one message, which
 * names the option as it was given (-p or --players).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

enum {
    OPT_TARGET = 256, OPT_SEED, OPT_TABLE, OPT_SCORES, OPT_SCORES_FORMAT, OPT_LOAD,
    OPT_AUTOSAVE, OPT_NO_COLOR, OPT_RULE, OPT_VERBOSE_BOTS, OPT_COACH
};

static const struct option LONG_OPTIONS[] = {
    {"players", required_argument, NULL, 'p'},
    {"turns", required_argument, NULL, 't'},
    {"rules", required_argument, NULL, 'r'},
    {"rule", required_argument, NULL, OPT_RULE},
    {"target", required_argument, NULL, OPT_TARGET},
    {"seed", required_argument, NULL, OPT_SEED},
    {"bots", required_argument, NULL, 'b'},
    {"verbose-bots", no_argument, NULL, OPT_VERBOSE_BOTS},
    {"table", required_argument, NULL, OPT_TABLE},
    {"coach", required_argument, NULL, OPT_COACH},
    {"scores", required_argument, NULL, OPT_SCORES},
    {"scores-format", required_argument, NULL, OPT_SCORES_FORMAT},
    {"load", required_argument, NULL, OPT_LOAD},
    {"autosave", required_argument, NULL, OPT_AUTOSAVE},
    {"keys", no_argument, NULL, 'k'},
    {"no-color", no_argument, NULL, OPT_NO_COLOR},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0}};

static const char *const BOT_KINDS[] = {"random", "threshold", "single", "win"};

const char *bot_kind_name(uint32_t kind) { return kind < 4 ? BOT_KINDS[kind] : "?"; }

static void usage(FILE *to) {
    fprintf(to,
            "usage: farkle [options]\n"
            "  -p, --players N      players, 1 to %d (default 2, or 1 + the bots)\n"
            "  -t, --turns N        turns each, then the highest score wins; without --rules,\n"
            "                       the original game (the original preset, no target)\n"
            "  -r, --rules PRESET   classic (default), extended, doubling, additive, minimal,\n"
            "                       zilch, original\n"
            "      --rule KEY=VALUE set one rule (repeatable); --rule help lists the keys\n"
            "      --target N       the score that wins (with -t, whichever comes first)\n"
            "      --seed N         seeded dice: the same seed and moves replay the game\n"
            "  -b, --bots N[:STYLE] the last N players are computer players; STYLE is random,\n"
            "                       threshold, single (single-turn optimal, the default) or\n"
            "                       win (win-optimal: the table of two or three players is\n"
            "                       solved once and cached, minutes for three; at four or\n"
            "                       more, a two-player table against the strongest\n"
            "                       opponent); with --load, --bots STYLE\n"
            "      --verbose-bots   show computer players' turns in full\n"
            "      --table FILE     a table from farkle-solve for these rules and as many\n"
            "                       players: computer players play to win, and hints and\n"
            "                       the scores show every seat's chance to win\n"
            "      --coach CARD     after each roll, bank or pick, compare it with a card (a\n"
            "                       strategy a person can play: 300 banks at 300;\n"
            "                       300,300,400,700,2000,never one threshold per count of\n"
            "                       dice left; best: the best one-threshold card, searched\n"
            "                       with the table) and with optimal play, and say what the\n"
            "                       card's way costs: in chance to win with a table (--table\n"
            "                       or win bots), else in expected points\n"
            "      --scores FILE    append the final scores to FILE\n"
            "      --scores-format farkle|original\n"
            "                       the format of a new scores file (an existing one keeps its\n"
            "                       own); original: the original game's dated name - score\n"
            "      --load FILE      resume a saved game\n"
            "      --autosave FILE  where leaving, end of input or a signal saves the game\n"
            "                       (default: one file per game in $XDG_STATE_HOME/farkle)\n"
            "  -k, --keys           one key per command, no Enter (? lists the keys)\n"
            "      --no-color       no colour (so does NO_COLOR, TERM=dumb or a pipe)\n"
            "  -h, --help           this help\n"
            "  -V, --version        the version, and where this game comes from\n"
            "Type `help` in the game for its commands.\n",
            FARKLE_MAX_PLAYERS);
}

static void version(void) {
    printf("farkle %s (libfarkle %s)\n"
           "The command-line Farkle game of the farkle project. Its commands, options and\n"
           "scores file follow the original Farkle game and library by Arc676 (Alessandro\n"
           "Vinciguerra), the Arc676/Farkle project, GPLv3.\n"
           "License GPLv3: GNU GPL version 3 only <https://gnu.org/licenses/gpl.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n",
           FARKLE_VERSION_STRING, farkle_version_string());
}

/* The option as given: "-p" or "--players". */
static const char *given(int opt, int long_index) {
    static char text[32];
    if (long_index >= 0)
        snprintf(text, sizeof text, "--%s", LONG_OPTIONS[long_index].name);
    else
        snprintf(text, sizeof text, "-%c", opt);
    return text;
}

/* A whole number from `min` to `max`; -1 after the one message for this option. */
static int number(const char *flag, const char *text, unsigned long long min,
                  unsigned long long max, unsigned long long *out) {
    char *end = NULL;
    unsigned long long v = 0;
    errno = 0;
    if (*text != '\0' && *text != '-' && *text != '+') v = strtoull(text, &end, 10);
    if (end == NULL || end == text || *end != '\0' || errno != 0 || v < min || v > max) {
        fprintf(stderr, "farkle: %s needs a whole number from %llu to %llu, not '%s'\n", flag,
                min, max, safe(text));
        return -1;
    }
    *out = v;
    return 0;
}

/* A bot style's name; -1 when unknown. */
static int style_named(const char *text) {
    uint32_t k;
    if (strcasecmp(text, "single-turn") == 0 || strcasecmp(text, "optimal") == 0) return 2;
    if (strcasecmp(text, "win-optimal") == 0) return 3;
    for (k = 0; k < 4; k++)
        if (strcasecmp(text, BOT_KINDS[k]) == 0) return (int)k;
    return -1;
}

/* --bots N[:STYLE], or STYLE alone (for --load). */
static int parse_bots(const char *flag, const char *text, Options *o) {
    const char *colon = strchr(text, ':');
    const char *style = colon ? colon + 1 : text;
    int kind = style_named(style);
    o->bots_text = text;
    snprintf(o->bots_flag, sizeof o->bots_flag, "%s", flag);
    if (colon == NULL && kind >= 0) { /* a style alone */
        o->bot_kind = (uint32_t)kind;
        o->have_style = 1;
        return 0;
    }
    if (colon != NULL && kind < 0) {
        fprintf(stderr,
                "farkle: %s needs N[:STYLE] with STYLE random, threshold, single or win, not "
                "'%s'\n",
                flag, safe(text));
        return -1;
    }
    if (colon != NULL) {
        char count[32];
        size_t len = (size_t)(colon - text) < sizeof count - 1 ? (size_t)(colon - text)
                                                               : sizeof count - 1;
        memcpy(count, text, len);
        count[len] = '\0';
        o->bot_kind = (uint32_t)kind;
        o->have_style = 1;
        if (number(flag, count, 0, FARKLE_MAX_PLAYERS, &o->bots) != 0) return -1;
    } else if (number(flag, text, 0, FARKLE_MAX_PLAYERS, &o->bots) != 0) {
        return -1;
    }
    o->have_bots = 1;
    return 0;
}

static int scores_format(const char *flag, const char *text, Options *o) {
    if (strcasecmp(text, "farkle") == 0)
        o->scores_format = SCORES_FARKLE;
    else if (strcasecmp(text, "original") == 0)
        o->scores_format = SCORES_ORIGINAL;
    else {
        fprintf(stderr, "farkle: %s needs farkle or original, not '%s'\n", flag, safe(text));
        return -1;
    }
    return 0;
}

/* Handles one option with its value; 0, 1 (exit 0) or 2 (an error, said). */
static int take(int opt, const char *flag, const char *value, Options *o) {
    switch (opt) {
    case 'p':
        o->have_players = 1;
        return number(flag, value, 1, FARKLE_MAX_PLAYERS, &o->players) ? 2 : 0;
    case 't':
        o->have_turns = 1;
        return number(flag, value, 1, 1000000, &o->turns) ? 2 : 0;
    case OPT_TARGET:
        o->have_target = 1;
        return number(flag, value, 0, 1000000000, &o->target) ? 2 : 0;
    case OPT_SEED:
        o->seeded = 1;
        return number(flag, value, 0, UINT64_MAX, &o->seed) ? 2 : 0;
    case 'b': return parse_bots(flag, value, o) ? 2 : 0;
    case 'r': o->preset_name = value; return 0;
    case OPT_RULE:
        if (strcasecmp(value, "help") == 0) {
            knobs_help(stdout);
            return 1;
        }
        if (o->rule_count == MAX_RULE_ARGS) {
            fprintf(stderr, "farkle: %s: at most %d of them\n", flag, MAX_RULE_ARGS);
            return 2;
        }
        o->rule_args[o->rule_count++] = value;
        return 0;
    case OPT_TABLE: o->table_path = value; return 0;
    case OPT_COACH: o->coach_spec = value; return 0;
    case OPT_SCORES: o->scores_file = value; return 0;
    case OPT_SCORES_FORMAT: return scores_format(flag, value, o) ? 2 : 0;
    case OPT_LOAD: o->load_path = value; return 0;
    case OPT_AUTOSAVE: o->autosave_path = value; return 0;
    case 'k': o->keys = 1; return 0;
    case OPT_VERBOSE_BOTS: o->verbose_bots = 1; return 0;
    case OPT_NO_COLOR: o->no_color = 1; return 0;
    case 'h': usage(stdout); return 1;
    case 'V': version(); return 1;
    default: return 2;
    }
}

int parse_options(int argc, char **argv, Options *o) {
    memset(o, 0, sizeof *o);
    o->bot_kind = FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL;
    opterr = 0; /* our messages, not getopt's */
    for (;;) {
        int long_index = -1, rc;
        int opt = getopt_long(argc, argv, ":p:t:r:b:khV", LONG_OPTIONS, &long_index);
        if (opt == -1) break;
        if (opt == '?' || opt == ':') {
            const char *arg = argv[optind - 1];
            if (opt == ':')
                fprintf(stderr, "farkle: %s needs a value\n", safe(arg));
            else if (optopt)
                fprintf(stderr, "farkle: unknown option -%c\n", optopt);
            else
                fprintf(stderr, "farkle: unknown option %s\n", safe(arg));
            fprintf(stderr, "Try farkle --help.\n");
            return 2;
        }
        rc = take(opt, given(opt, long_index), optarg, o);
        if (rc != 0) return rc;
    }
    if (optind < argc) {
        fprintf(stderr, "farkle: unexpected argument '%s' (options only; try farkle --help)\n",
                safe(argv[optind]));
        return 2;
    }
    return 0;
}

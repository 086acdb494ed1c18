/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * farkle-solve: solves optimal two-player play for a rule set and writes the table, for
 * `farkle --table FILE` or, by default, into the cache the game reads win-optimal tables
 * from. Built on libfarkle's C API alone.
 *
 *   farkle-solve [-r PRESET] [--rule KEY=VALUE]... [--target N] [-o FILE] [-q]
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define MAX_RULES 64

static void usage(FILE *to) {
    fprintf(to,
            "usage: farkle-solve [options]\n"
            "Solves optimal two-player play for the rules and writes the table: by default\n"
            "into the cache the game uses for win-optimal computer players.\n"
            "  -r, --rules PRESET   classic (default), extended, doubling, additive, minimal,\n"
            "                       zilch\n"
            "      --rule KEY=VALUE set one rule (repeatable); --rule help lists the keys\n"
            "      --target N       the score that wins\n"
            "  -o, --out FILE       write the table to FILE instead of the cache\n"
            "  -q, --quiet          no progress bar\n"
            "  -h, --help           this help\n"
            "  -V, --version        the version\n");
}

static void on_signal(int sig) {
    (void)sig;
    stop_requested = 1;
}

typedef struct SolveOptions {
    const char *preset, *out, *rules[MAX_RULES];
    size_t rule_count;
    long long target;
    int quiet;
} SolveOptions;

/* 0 to solve, 1 to exit with 0, 2 after a message. */
static int parse(int argc, char **argv, SolveOptions *o) {
    static const struct option longs[] = {
        {"rules", required_argument, NULL, 'r'}, {"rule", required_argument, NULL, 'R'},
        {"target", required_argument, NULL, 'T'}, {"out", required_argument, NULL, 'o'},
        {"quiet", no_argument, NULL, 'q'},       {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},     {NULL, 0, NULL, 0}};
    int opt;
    memset(o, 0, sizeof *o);
    o->target = -1;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":r:o:qhV", longs, NULL)) != -1) {
        char *end = NULL;
        switch (opt) {
        case 'r': o->preset = optarg; break;
        case 'o': o->out = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'h': usage(stdout); return 1;
        case 'V': printf("farkle-solve %s (libfarkle %s)\n", FARKLE_VERSION_STRING,
                         farkle_version_string());
            return 1;
        case 'R':
            if (strcmp(optarg, "help") == 0) {
                knobs_help(stdout);
                return 1;
            }
            if (o->rule_count == MAX_RULES) {
                fprintf(stderr, "farkle-solve: --rule: at most %d of them\n", MAX_RULES);
                return 2;
            }
            o->rules[o->rule_count++] = optarg;
            break;
        case 'T':
            errno = 0;
            o->target = strtoll(optarg, &end, 10);
            if (*optarg == '\0' || *end != '\0' || errno != 0 || o->target < 0 ||
                o->target > 1000000000) {
                fprintf(stderr,
                        "farkle-solve: --target needs a whole number from 0 to 1000000000, "
                        "not '%s'\n",
                        safe(optarg));
                return 2;
            }
            break;
        default:
            fprintf(stderr, "farkle-solve: %s %s\n",
                    opt == ':' ? "a value is missing after" : "unknown option",
                    safe(argv[optind - 1]));
            usage(stderr);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "farkle-solve: unexpected argument '%s'\n", safe(argv[optind]));
        return 2;
    }
    return 0;
}

/* The rules asked for; 0, or 2 after a message. */
static int rules_of(const SolveOptions *o, FarkleRules *rules) {
    char why[TEXT_SHOWN_LEN];
    if (rules_preset(o->preset, rules, why, sizeof why) != 0) goto bad;
    if (o->target >= 0) {
        FarkleRules preset = *rules;
        rules->target_score = (int32_t)o->target;
        rules->final_round = o->target > 0 && preset.final_round && preset.target_score > 0;
    }
    if (rules_assign_all(rules, o->rules, o->rule_count, why, sizeof why) != 0 ||
        rules_check(rules, why, sizeof why) != 0)
        goto bad;
    return 0;
bad:
    fprintf(stderr, "farkle-solve: %s\n", why);
    return 2;
}

int main(int argc, char **argv) {
    SolveOptions o;
    FarkleRules rules;
    FarkleWinTable *table = NULL;
    char path[4200], dir[4096], why[TEXT_SHOWN_LEN];
    double seconds = 0, first = 0;
    int32_t compensation = 0;
    FarkleStatus st;
    int rc = parse(argc, argv, &o);
    if (rc != 0) return rc == 1 ? 0 : rc;
    if (rules_of(&o, &rules) != 0) return 2;
    if (o.out != NULL)
        snprintf(path, sizeof path, "%s", o.out);
    else if (table_cache_path(&rules, path, sizeof path, why, sizeof why) != 0 ||
             cache_dir(dir, sizeof dir, why, sizeof why) != 0 ||
             make_dirs(dir, why, sizeof why) != 0) {
        fprintf(stderr, "farkle-solve: no cache to write to (%s); give --out FILE\n", why);
        return 2;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (!o.quiet)
        fprintf(stderr, "Solving the two-player game (rules %s, target %ld)...\n",
                preset_name_of(&rules), (long)rules.target_score);
    st = table_solve(&rules, o.quiet, &table, &seconds);
    if (st != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle-solve: %s\n",
                st == FARKLE_STATUS_CANCELLED ? "interrupted; nothing written"
                                              : library_reason(st));
        return 1;
    }
    if (table_save(table, path, why, sizeof why) != 0) {
        fprintf(stderr, "farkle-solve: cannot write %s: %s\n", safe(path), why);
        farkle_win_table_free(table);
        return 1;
    }
    if (farkle_win_table_first_player_win_probability(table, &first) != FARKLE_STATUS_OK ||
        farkle_win_table_compensation(table, &compensation) != FARKLE_STATUS_OK)
        first = -1;
    printf("Solved in %.1f s; wrote %s\n", seconds, safe(path));
    if (first >= 0)
        printf("The first player wins %.2f%% of games under optimal play; a head start of %d "
               "points for the second is the fairest.\n",
               100.0 * first, (int)compensation);
    farkle_win_table_free(table);
    return 0;
}

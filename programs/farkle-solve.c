/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * farkle-solve: solves optimal play of two or three players for a rule set and writes the
 * table, for `farkle --table FILE` or, by default, into the cache the game reads win-optimal
 * tables from. Built on libfarkle's C API alone.
 *
 *   farkle-solve [-r PRESET] [--rule KEY=VALUE]... [--target N] [--players 2|3] [-o FILE]
 *                [-q]
 *   farkle-solve --card FAMILY [--svg FILE] [rules options]: the best card of a family (a
 *                strategy a person can play), as text and as an SVG drawing.
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
            "Solves optimal play for the rules and writes the table: by default into the\n"
            "cache the game uses for win-optimal computer players.\n"
            "  -r, --rules PRESET   classic (default), extended, doubling, additive, minimal,\n"
            "                       zilch\n"
            "      --rule KEY=VALUE set one rule (repeatable); --rule help lists the keys\n"
            "      --target N       the score that wins\n"
            "  -n, --players N      2 (default) or 3: the three-player equilibrium takes\n"
            "                       minutes (about 20 minutes for the classic rules to\n"
            "                       10000, about half that for the minimal); Ctrl-C cancels\n"
            "  -o, --out FILE       write the table to FILE instead of the cache\n"
            "      --card FAMILY    instead: the best card (a strategy a person can play) of\n"
            "                       FAMILY, total (one threshold), per-dice or situational,\n"
            "                       with its chance to win against optimal play, from the\n"
            "                       cached table (solved and cached first if need be); the\n"
            "                       search takes minutes for the classic rules\n"
            "      --svg FILE       where --card draws the card (default card-FAMILY.svg)\n"
            "  -q, --quiet          no progress bar\n"
            "  -h, --help           this help\n"
            "  -V, --version        the version\n");
}

static void on_signal(int sig) {
    (void)sig;
    stop_requested = 1;
}

typedef struct SolveOptions {
    const char *preset, *out, *rules[MAX_RULES], *card, *svg;
    uint32_t family;
    size_t rule_count;
    long long target;
    uint32_t players;
    int quiet;
} SolveOptions;

/* 0 to solve, 1 to exit with 0, 2 after a message. */
static int parse(int argc, char **argv, SolveOptions *o) {
    static const struct option longs[] = {
        {"rules", required_argument, NULL, 'r'}, {"rule", required_argument, NULL, 'R'},
        {"target", required_argument, NULL, 'T'}, {"out", required_argument, NULL, 'o'},
        {"players", required_argument, NULL, 'n'},
        {"card", required_argument, NULL, 'C'},   {"svg", required_argument, NULL, 'S'},
        {"quiet", no_argument, NULL, 'q'},       {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},     {NULL, 0, NULL, 0}};
    int opt;
    memset(o, 0, sizeof *o);
    o->target = -1;
    o->players = 2;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":r:o:n:qhV", longs, NULL)) != -1) {
        char *end = NULL;
        switch (opt) {
        case 'r': o->preset = optarg; break;
        case 'o': o->out = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'C':
            if (card_family_of(optarg, &o->family) != 0) {
                fprintf(stderr,
                        "farkle-solve: --card needs total, per-dice or situational, not '%s'\n",
                        safe(optarg));
                return 2;
            }
            o->card = optarg;
            break;
        case 'S': o->svg = optarg; break;
        case 'n':
            if (strcmp(optarg, "2") != 0 && strcmp(optarg, "3") != 0) {
                fprintf(stderr,
                        "farkle-solve: --players needs 2 or 3, not '%s' (tables of four or more "
                        "players are beyond the library's limits)\n",
                        safe(optarg));
                return 2;
            }
            o->players = (uint32_t)(optarg[0] - '0');
            break;
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
    if (o->svg != NULL && o->card == NULL) {
        fprintf(stderr, "farkle-solve: --svg draws the card of --card\n");
        return 2;
    }
    if (o->out != NULL && o->card != NULL) {
        fprintf(stderr, "farkle-solve: --card reads the cached table; --out writes one\n");
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

/* Each seat's chance from the start and the fairest head starts, as the table has them. */
static void tell_fairness(const FarkleWinTable *table, uint32_t players) {
    double chances[3];
    int32_t starts[2];
    size_t n = 0, m = 0, i;
    if (farkle_win_table_start_probabilities(table, chances, 3, &n) != FARKLE_STATUS_OK ||
        farkle_win_table_head_starts(table, starts, 2, &m) != FARKLE_STATUS_OK || n != players ||
        m + 1 != players)
        return;
    if (players == 2) {
        printf("The first player wins %.2f%% of games under optimal play; a head start of %d "
               "points for the second is the fairest.\n",
               100.0 * chances[0], (int)starts[0]);
        return;
    }
    printf("At the equilibrium the seats win");
    for (i = 0; i < n; i++)
        printf("%s %.2f%%", i == 0 ? "" : i + 1 == n ? " and" : ",", 100.0 * chances[i]);
    printf(" of games; head starts of %d and %d points for the second and third are the "
           "fairest.\n",
           (int)starts[0], (int)starts[1]);
}

/* --card: the best card of the family for the cached (or newly solved) table, printed and
 * drawn. */
static int best_card(const SolveOptions *o, const FarkleRules *rules) {
    static const char *const families[] = {"one threshold", "one threshold per count of dice left",
                                           "thresholds by situation"};
    char why[TEXT_SHOWN_LEN], svg[4200], title[256];
    FarkleStatus st;
    FarkleWinTable *table = table_for_rules(rules, o->players, &st, why, sizeof why);
    FarkleCard *card = NULL;
    FarkleCardValue v;
    double seconds = 0;
    uint32_t i;
    if (table == NULL) {
        fprintf(stderr, "farkle-solve: no table for these rules: %s\n", why);
        return stop_requested ? 1 : 2;
    }
    if (!o->quiet)
        fprintf(stderr, "Searching the best card of %s...\n", families[o->family]);
    st = card_search(table, o->family, o->quiet, &card, &v, &seconds);
    farkle_win_table_free(table);
    if (st != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle-solve: %s\n",
                st == FARKLE_STATUS_CANCELLED ? "interrupted" : library_reason(st));
        return 1;
    }
    printf("The best card of %s for the %s game (rules %s, target %ld), found in %.1f s:\n\n",
           families[o->family], players_adjective(o->players), preset_name_of(rules),
           (long)rules->target_score, seconds);
    card_print(stdout, card);
    printf("\nIt wins %.2f%% of games against optimal play, averaged over the seats (",
           100.0 * v.chance);
    for (i = 0; i < v.player_count && i < 3; i++)
        printf("%s%.2f%%", i == 0 ? "" : ", ", 100.0 * v.seats[i]);
    printf(" by seat); optimal play wins %.2f%%: the card costs %.2f percentage points.\n",
           100.0 * v.optimal_chance, 100.0 * v.price);
    if (o->svg != NULL)
        snprintf(svg, sizeof svg, "%s", o->svg);
    else
        snprintf(svg, sizeof svg, "card-%s.svg", o->card);
    snprintf(title, sizeof title, "The best card of %s, %s Farkle to %ld: %.2f%% to win",
             families[o->family], preset_name_of(rules), (long)rules->target_score,
             100.0 * v.chance);
    if (card_svg(card, rules->dice_count, title, svg, why, sizeof why) != 0) {
        fprintf(stderr, "farkle-solve: cannot write %s: %s\n", safe(svg), why);
        farkle_card_free(card);
        return 1;
    }
    printf("Drew it in %s.\n", safe(svg));
    farkle_card_free(card);
    return 0;
}

int main(int argc, char **argv) {
    SolveOptions o;
    FarkleRules rules;
    FarkleWinTable *table = NULL;
    char path[4200], dir[4096], why[TEXT_SHOWN_LEN], header[256];
    double seconds = 0;
    FarkleStatus st;
    int rc = parse(argc, argv, &o);
    if (rc != 0) return rc == 1 ? 0 : rc;
    if (rules_of(&o, &rules) != 0) return 2;
    if (o.card != NULL) {
        signal(SIGINT, on_signal);
        signal(SIGTERM, on_signal);
        return best_card(&o, &rules);
    }
    if (o.out != NULL)
        snprintf(path, sizeof path, "%s", o.out);
    else if (table_cache_path(&rules, o.players, path, sizeof path, why, sizeof why) != 0 ||
             cache_dir(dir, sizeof dir, why, sizeof why) != 0 ||
             make_dirs(dir, why, sizeof why) != 0) {
        fprintf(stderr, "farkle-solve: no cache to write to (%s); give --out FILE\n", why);
        return 2;
    }
    if (table_path_check(path, why, sizeof why) != 0) { /* before the solve, not after */
        fprintf(stderr, "farkle-solve: cannot write %s: %s\n", safe(path), why);
        return 2;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    snprintf(header, sizeof header, "Solving the %s game (rules %s, target %ld)%s...\n",
             players_adjective(o.players), preset_name_of(&rules), (long)rules.target_score,
             o.players == 2 ? "" : "; this can take minutes, Ctrl-C cancels");
    st = table_solve(&rules, o.players, o.quiet ? NULL : header, o.quiet, &table, &seconds);
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
    printf("Solved in %.1f s; wrote %s\n", seconds, safe(path));
    tell_fairness(table, o.players);
    farkle_win_table_free(table);
    return 0;
}

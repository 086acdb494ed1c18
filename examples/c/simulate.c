/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * simulate: bot-vs-bot games, and their win rates.
 *
 *   simulate [-n GAMES] [--seed N] [--rules PRESET] [--bots STYLE,STYLE,...]
 *
 * Plays GAMES seeded games (game g uses seed N + g, so a run is reproducible) between the
 * computer players of bot.c, one per STYLE (cautious, standard, bold; default
 * "cautious,standard,bold"). Seats rotate from game to game so that no style always starts.
 * Prints each style's win rate with a 95% confidence interval (normal approximation; a tie
 * shares the win), its mean final score and the mean number of rounds.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "farkle.h"

#define MAX_BOTS 8
#define MAX_ACTIONS_PER_GAME 1000000L

static const char *const style_names[] = {"cautious", "standard", "bold", "optimal"};

static void usage(FILE *to) {
    fprintf(to, "usage: simulate [-n GAMES] [--seed N] [--rules PRESET] [--bots STYLE,...]\n"
                "  GAMES   games to play (default 1000)\n"
                "  N       seed of the first game (default 1)\n"
                "  PRESET  classic (default), extended, doubling, additive, minimal, zilch\n"
                "  STYLE   cautious, standard, bold or optimal, one per player, 2 to 8 players\n"
                "          (default cautious,standard,bold)\n");
}

static int parse_styles(const char *text, BotStyle *out, int *count) {
    char buf[256];
    char *tok;
    int n = 0;
    if (strlen(text) >= sizeof buf) return -1;
    strcpy(buf, text);
    for (tok = strtok(buf, ","); tok != NULL; tok = strtok(NULL, ",")) {
        int s, found = -1;
        for (s = 0; s < 4; s++)
            if (strcmp(tok, style_names[s]) == 0) found = s;
        if (found < 0 || n == MAX_BOTS) return -1;
        out[n++] = (BotStyle)found;
    }
    if (n < 2) return -1;
    *count = n;
    return 0;
}

/* The table of results: each bot's win rate with its 95% interval and mean score. */
static void print_report(unsigned long games, const char *rules_name, unsigned long long seed,
                         double rounds_sum, int bots, const BotStyle *styles, const double *wins,
                         const double *score_sum) {
    int i;
    printf("%lu games, rules %s, seeds %llu to %llu, mean %.1f rounds\n", games,
           rules_name, seed, seed + games - 1, rounds_sum / (double)games);
    printf("  %-3s %-9s %8s %17s %11s\n", "bot", "style", "win rate", "95% interval", "mean score");
    for (i = 0; i < bots; i++) {
        double p = wins[i] / (double)games;
        double half = 1.96 * sqrt(p * (1.0 - p) / (double)games);
        double lo = p - half < 0 ? 0 : p - half, hi = p + half > 1 ? 1 : p + half;
        printf("  %-3d %-9s %7.1f%% %7.1f%% - %5.1f%% %11.0f\n", i + 1, style_names[styles[i]],
               100.0 * p, 100.0 * lo, 100.0 * hi, score_sum[i] / (double)games);
    }
}

/* Plays game number g to its end, each seat by its bot style; *final is its last state.
 * Returns 0, or 1 (after saying why) when a call fails or the game does not end. */
static int play_game(FarkleGame *game, unsigned long g, const BotStyle *seat_style,
                     FarkleGameState *final) {
    long actions;
    for (actions = 0;; actions++) {
        BotAction a;
        FarkleStatus st;
        if (actions == MAX_ACTIONS_PER_GAME || farkle_game_state(game, final) != FARKLE_STATUS_OK) {
            fprintf(stderr, "simulate: game %lu does not end\n", g);
            return 1;
        }
        if (final->phase == FARKLE_GAME_PHASE_GAME_OVER) return 0;
        a = bot_decide(game, seat_style[final->current_player]);
        switch (a.kind) {
        case BOT_ROLL: st = farkle_game_roll(game); break;
        case BOT_SELECT: st = farkle_game_select_mask(game, a.mask); break;
        case BOT_BANK: st = farkle_game_bank(game); break;
        case BOT_ACKNOWLEDGE: st = farkle_game_acknowledge_farkle(game); break;
        case BOT_FORFEIT: st = farkle_game_forfeit_turn(game); break;
        case BOT_PIGGYBACK: st = farkle_game_piggyback(game); break;
        case BOT_NONE:
        default: st = FARKLE_STATUS_WRONG_PHASE; break;
        }
        if (st != FARKLE_STATUS_OK) {
            fprintf(stderr, "simulate: game %lu: %s\n", g, farkle_game_last_error(game));
            return 1;
        }
    }
}

int main(int argc, char **argv) {
    unsigned long games = 1000, g;
    unsigned long long seed = 1;
    const char *preset_name = "classic";
    BotStyle styles[MAX_BOTS] = {BOT_STYLE_CAUTIOUS, BOT_STYLE_STANDARD, BOT_STYLE_BOLD};
    int bots = 3, i;
    double wins[MAX_BOTS] = {0}, score_sum[MAX_BOTS] = {0}, rounds_sum = 0;
    uint32_t preset;
    FarkleRules rules;

    for (i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else if (v == NULL) {
            usage(stderr);
            return 2;
        } else if (!strcmp(argv[i], "-n")) {
            games = strtoul(v, &end, 10);
            if (*end != '\0' || games == 0 || games > 100000000UL) {
                fprintf(stderr, "simulate: -n needs a number of games from 1\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--seed")) {
            seed = strtoull(v, &end, 10);
            if (*end != '\0' || *v == '-') {
                fprintf(stderr, "simulate: --seed needs a number\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--rules")) {
            preset_name = v;
        } else if (!strcmp(argv[i], "--bots")) {
            if (parse_styles(v, styles, &bots) != 0) {
                fprintf(stderr, "simulate: --bots needs 2 to %d of cautious, standard, bold, optimal\n",
                        MAX_BOTS);
                return 2;
            }
        } else {
            usage(stderr);
            return 2;
        }
        i++;
    }
    if (farkle_rules_preset_from_name(preset_name, &preset) != FARKLE_STATUS_OK ||
        farkle_rules_preset(preset, &rules) != FARKLE_STATUS_OK) {
        fprintf(stderr, "simulate: unknown rules preset '%s'\n", preset_name);
        return 2;
    }

    for (g = 0; g < games; g++) {
        FarkleGame *game = NULL;
        FarkleGameState s;
        BotStyle seat_style[MAX_BOTS];
        int seat_bot[MAX_BOTS];
        uint64_t winners = 0;
        int seat, winner_count = 0;
        for (seat = 0; seat < bots; seat++) { /* rotate the seats: bot b sits at (b + g) % n */
            int b = (int)((unsigned long)(seat + bots) - g % (unsigned long)bots) % bots;
            seat_bot[seat] = b;
            seat_style[seat] = styles[b];
        }
        if (farkle_game_new(&rules, (uint32_t)bots, seed + g, &game) != FARKLE_STATUS_OK) {
            fprintf(stderr, "simulate: cannot create game %lu\n", g);
            return 1;
        }
        if (play_game(game, g, seat_style, &s) != 0) {
            farkle_game_free(game);
            return 1;
        }
        winners = s.winners;
        for (seat = 0; seat < bots; seat++) winner_count += (int)((winners >> seat) & 1u);
        for (seat = 0; seat < bots; seat++) {
            FarklePlayerState p;
            if (farkle_game_player(game, (uint32_t)seat, &p) == FARKLE_STATUS_OK)
                score_sum[seat_bot[seat]] += (double)p.score;
            if (winner_count > 0 && ((winners >> seat) & 1u))
                wins[seat_bot[seat]] += 1.0 / winner_count;
        }
        rounds_sum += s.round;
        farkle_game_free(game);
    }

    print_report(games, farkle_rules_preset_name(preset), seed, rounds_sum, bots, styles, wins,
                 score_sum);
    return 0;
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * original_greedy.h: the original C library's game played greedily (every scoring die
 * kept, bank at 300), the yardstick of bench_games.c and bench_guard.c. Include it with
 * FARKLE_BENCH_ORIGINAL defined, after <libfarkle.h> and a `fail(const char *)` of the
 * includer's.
 */
#ifndef FARKLE_BENCH_ORIGINAL_GREEDY_H
#define FARKLE_BENCH_ORIGINAL_GREEDY_H

/* One greedy turn with the original library; returns 1 when the player reached 10,000. */
static int original_turn(Player *p, Roll *roll) {
    initRoll(roll);
    for (;;) {
        Selection *sel = (Selection *)malloc(sizeof *sel);
        RollType type;
        int i, total = 0;
        if (sel == NULL) fail("malloc");
        newRoll(roll);
        type = determineRollType(roll, sel);
        if (type == FARKLE) {
            free(sel);
            emptyHand(p);
            return 0;
        }
        if (type == SIMPLE) {
            for (i = 0; i < 6; i++) pickDie(roll, i);
            if (!constructSelection(roll, sel)) {
                /* Nothing the greedy pick takes scores as a whole: give the turn up. */
                free(sel);
                emptyHand(p);
                return 0;
            }
        }
        if (!appendSelection(p, sel)) fail("appendSelection");
        for (i = 0; i < p->hand->timesSelected; i++) total += p->hand->selections[i]->value;
        if (total >= 300) {
            bankPoints(p);
            return p->score >= 10000;
        }
    }
}

/* `games` two-player games, game g seeded with srand(g); returns the turns played. */
static long original_greedy_games(long games) {
    long turns = 0, game;
    Roll roll;
    for (game = 0; game < games; game++) {
        Player *players[2];
        int over = 0, who = 0;
        players[0] = createPlayer(NULL); /* no name: freePlayer frees NULL */
        players[1] = createPlayer(NULL);
        srand((unsigned)game);
        while (!over) {
            over = original_turn(players[who], &roll);
            who = 1 - who;
            turns++;
        }
        freePlayer(players[0]);
        freePlayer(players[1]);
    }
    return turns;
}

#endif

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * farkle_simulate() against the same games replayed one by one through the game API
 * (farkle_game_new() with each game's documented seed, farkle_game_bot_play_turn() for every
 * turn): the totals must be exactly the sums of those games. Then its refusals.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "farkle.h"

static uint64_t splitmix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Replays `games` games the way farkle_simulate() documents them and adds them up. */
static int replay(const FarkleRules *rules, const uint32_t *kinds, size_t n, uint64_t games,
                  uint64_t seed, FarkleSimulation *sum) {
    uint64_t i;
    memset(sum, 0, sizeof *sum);
    sum->games = games;
    for (i = 0; i < games; i++) {
        uint64_t dice_seed = splitmix64(seed ^ splitmix64(i));
        FarkleGame *g = NULL;
        FarkleGameState st;
        size_t s;
        int winners;
        if (farkle_game_new(rules, (uint32_t)n, dice_seed, &g) != FARKLE_STATUS_OK) return 0;
        for (uint64_t turn = 0;; turn++) {
            if (farkle_game_state(g, &st) != FARKLE_STATUS_OK) return 0;
            if (st.phase == FARKLE_GAME_PHASE_GAME_OVER) break;
            /* Seat s is played by bot (s + i) mod n; turn k's random choices use the seed
             * splitmix64(d) + k. */
            if (farkle_game_bot_play_turn(g, kinds[(st.current_player + i) % n], NULL,
                                          splitmix64(dice_seed) + turn) != FARKLE_STATUS_OK)
                return 0;
            sum->turns++;
        }
        winners = 0;
        for (s = 0; s < n; s++) winners += (st.winners >> s) & 1;
        for (s = 0; s < n; s++) {
            FarklePlayerState p;
            size_t bot = (s + i) % n;
            if (farkle_game_player(g, (uint32_t)s, &p) != FARKLE_STATUS_OK) return 0;
            sum->points[bot] += p.score;
            if ((st.winners >> s) & 1) {
                if (winners == 1) sum->wins[bot]++;
                else sum->ties[bot]++;
            }
        }
        farkle_game_free(g);
    }
    return 1;
}

static int same(const FarkleSimulation *a, const FarkleSimulation *b) {
    return a->games == b->games && a->turns == b->turns &&
           memcmp(a->wins, b->wins, sizeof a->wins) == 0 &&
           memcmp(a->ties, b->ties, sizeof a->ties) == 0 &&
           memcmp(a->points, b->points, sizeof a->points) == 0;
}

static int progress_calls;
static bool stop_now(double fraction, void *user) {
    (void)fraction;
    (void)user;
    progress_calls++;
    return false;
}

int main(void) {
    FarkleRules r;
    FarkleSimulation sim;
    FarkleSimulation replayed;
    const uint32_t threshold_pair[] = {FARKLE_BOT_KIND_THRESHOLD, FARKLE_BOT_KIND_THRESHOLD};
    const uint32_t mixed[] = {FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL, FARKLE_BOT_KIND_THRESHOLD,
                              FARKLE_BOT_KIND_RANDOM_LEGAL};
    const uint32_t unknown[] = {FARKLE_BOT_KIND_THRESHOLD, 7};
    const uint32_t win[] = {FARKLE_BOT_KIND_WIN_OPTIMAL, FARKLE_BOT_KIND_THRESHOLD};
    const uint32_t games = (uint32_t)workload(40, 8);
    const uint32_t mixed_games = (uint32_t)workload(24, 6);
    uint64_t total = 0;
    size_t b;

    if (farkle_rules_preset(FARKLE_PRESET_CLASSIC, &r) != FARKLE_STATUS_OK) return 1;
    /* Two threshold bots (played without the event log) and a mix with a random bot
     * (played through the game): both must equal the replay through the game API. */
    CHECK_STATUS(farkle_simulate(&r, threshold_pair, 2, games, 99, NULL, &sim), FARKLE_STATUS_OK);
    CHECK(replay(&r, threshold_pair, 2, games, 99, &replayed));
    CHECK(same(&sim, &replayed));
    CHECK(sim.turns > games * 10);
    for (b = 0; b < 2; b++) total += sim.wins[b];
    CHECK(total + sim.ties[0] / 2 + sim.ties[0] % 2 <= games && total > 0);
    r.target_score = 3000;
    CHECK_STATUS(farkle_simulate(&r, mixed, 3, mixed_games, 5, NULL, &sim), FARKLE_STATUS_OK);
    CHECK(replay(&r, mixed, 3, mixed_games, 5, &replayed));
    CHECK(same(&sim, &replayed));
    CHECK(sim.wins[3] == 0 && sim.points[3] == 0);

    /* Refusals write nothing. */
    memset(&sim, 0x55, sizeof sim);
    replayed = sim;
    CHECK_STATUS(farkle_simulate(NULL, threshold_pair, 2, 10, 1, NULL, &sim),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_simulate(&r, NULL, 2, 10, 1, NULL, &sim), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_simulate(&r, threshold_pair, 2, 10, 1, NULL, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_simulate(&r, threshold_pair, 0, 10, 1, NULL, &sim),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_simulate(&r, threshold_pair, 65, 10, 1, NULL, &sim),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_simulate(&r, unknown, 2, 10, 1, NULL, &sim),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "kind 7") != NULL);
    CHECK_STATUS(farkle_simulate(&r, win, 2, 10, 1, NULL, &sim), FARKLE_STATUS_NULL_POINTER);
    r.dice_count = 0;
    CHECK_STATUS(farkle_simulate(&r, threshold_pair, 2, 10, 1, NULL, &sim),
                 FARKLE_STATUS_INVALID_RULES);
    if (farkle_rules_preset(FARKLE_PRESET_CLASSIC, &r) != FARKLE_STATUS_OK) return 1;
    CHECK_STATUS(farkle_simulate_with_progress(&r, threshold_pair, 2, 100, 1, NULL, stop_now,
                                               NULL, &sim),
                 FARKLE_STATUS_CANCELLED);
    CHECK(progress_calls == 1);
    CHECK_STATUS(farkle_simulate_with_progress(NULL, threshold_pair, 2, 100, 1, NULL, NULL, NULL,
                                               &sim),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_simulate_with_progress(&r, NULL, 2, 100, 1, NULL, NULL, NULL, &sim),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_simulate_with_progress(&r, threshold_pair, 2, 100, 1, NULL, NULL, NULL,
                                               NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(memcmp(&sim, &replayed, sizeof sim) == 0);
    return finish();
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * Statuses that ordinary play rarely reaches: a bank below the rules' minimum bank score,
 * and a roll when the operating system's entropy source fails. The failure is simulated by
 * defining getrandom() in this program: the static library's call to the C library's
 * getrandom() binds to this definition, which fails with EIO while `entropy_fails` is set
 * and otherwise passes the request on to the kernel.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include "check.h"
#include "farkle.h"

static int entropy_fails;
static int entropy_calls;

ssize_t getrandom(void *buf, size_t buflen, unsigned int flags);

ssize_t getrandom(void *buf, size_t buflen, unsigned int flags) {
    if (entropy_fails) {
        entropy_calls++;
        errno = EIO;
        return -1;
    }
    return (ssize_t)syscall(SYS_getrandom, buf, buflen, flags);
}

static char *save_of(const FarkleGame *game) {
    char *text = NULL;
    CHECK_STATUS(farkle_game_save(game, &text), FARKLE_STATUS_OK);
    return text;
}

static void below_minimum_bank(void) {
    FarkleRules rules;
    FarkleGame *game = NULL;
    FarkleGameState state;
    char *before, *after;
    /* No scoring combination but the single 1 (100 points): 1 2 3 4 6 6. */
    const uint8_t faces[6] = {1, 2, 3, 4, 6, 6};
    const size_t one = 0;

    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules), FARKLE_STATUS_OK);
    rules.min_entry_score = 0;
    rules.min_bank_score = 300;
    CHECK_STATUS(farkle_game_new_with(&rules, NULL, 2, FARKLE_DICE_SOURCE_SUPPLIED, 0, &game),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_roll_dice(game, faces, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select(game, &one, 1), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_state(game, &state), FARKLE_STATUS_OK);
    CHECK(state.turn_points == 100 && !state.can_bank);
    before = save_of(game);
    CHECK_STATUS(farkle_game_bank(game), FARKLE_STATUS_BELOW_MINIMUM_BANK);
    CHECK(strlen(farkle_game_last_error(game)) > 0);
    after = save_of(game);
    CHECK(strcmp(before, after) == 0);
    farkle_string_free(before);
    farkle_string_free(after);
    farkle_game_free(game);
}

static void entropy_unavailable(void) {
    FarkleRules rules;
    FarkleGame *game = NULL;
    FarkleGameState state;
    char *before, *after;

    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_new_with(&rules, NULL, 1, FARKLE_DICE_SOURCE_ENTROPY, 0, &game),
                 FARKLE_STATUS_OK);
    before = save_of(game);
    entropy_fails = 1;
    CHECK_STATUS(farkle_game_roll(game), FARKLE_STATUS_ENTROPY_UNAVAILABLE);
    entropy_fails = 0;
    CHECK(entropy_calls > 0);
    CHECK(strlen(farkle_game_last_error(game)) > 0);
    after = save_of(game);
    CHECK(strcmp(before, after) == 0);
    farkle_string_free(after);
    /* With entropy back, the same game rolls. */
    CHECK_STATUS(farkle_game_roll(game), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_state(game, &state), FARKLE_STATUS_OK);
    CHECK(state.turn_roll_count == 1);
    farkle_string_free(before);
    farkle_game_free(game);
}

int main(void) {
    below_minimum_bank();
    entropy_unavailable();
    return finish();
}

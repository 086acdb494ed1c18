/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * Every exported function called with NULL in each of its pointer parameters, the other
 * arguments valid: the documented status comes back, no output is written, no game changes,
 * and every *_free(NULL) is a no-op. tests/c_api_coverage.rs checks that this stays complete
 * as functions are added.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "farkle.h"

/* Output sentinels: a call refused for a NULL must not write them. */
#define UNTOUCHED 0xA5

static int untouched(const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++) {
        if (b[i] != UNTOUCHED) return 0;
    }
    return 1;
}

/* The game's save text (caller frees with farkle_string_free), to compare before and after. */
static char *save_of(const FarkleGame *game) {
    char *text = NULL;
    CHECK_STATUS(farkle_game_save(game, &text), FARKLE_STATUS_OK);
    return text;
}

static void unchanged(const FarkleGame *game, const char *before) {
    char *after = save_of(game);
    CHECK(after != NULL && strcmp(before, after) == 0);
    farkle_string_free(after);
}

static void rules_and_scoring(void) {
    FarkleRules rules;
    FarkleScore score;
    FarkleRollAnalysis analysis;
    FarkleSelection selections[FARKLE_MAX_SELECTIONS];
    FarklePoints points;
    int32_t lean_points;
    FarkleScorer *scorer = NULL;
    uint32_t preset = 99;
    size_t count = 7;
    char message[32];
    const uint8_t faces[3] = {1, 5, 2};
    const uint8_t roll_counts[6] = {1, 1, 0, 0, 1, 0};
    const uint8_t selection_counts[6] = {1, 0, 0, 0, 0, 0};

    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules), FARKLE_STATUS_OK);

    CHECK_STATUS(farkle_rules_preset_from_name(NULL, &preset), FARKLE_STATUS_NULL_POINTER);
    CHECK(preset == 99);
    CHECK_STATUS(farkle_rules_preset_from_name("zilch", NULL), FARKLE_STATUS_NULL_POINTER);

    memset(message, UNTOUCHED, sizeof message);
    CHECK_STATUS(farkle_rules_validate(NULL, message, sizeof message), FARKLE_STATUS_NULL_POINTER);
    CHECK(untouched(message, sizeof message));
    /* No message buffer: allowed with length 0, refused with a length. */
    CHECK_STATUS(farkle_rules_validate(&rules, NULL, 0), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_rules_validate(&rules, NULL, sizeof message), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_rules_field(0, NULL), FARKLE_STATUS_NULL_POINTER);

    memset(&score, UNTOUCHED, sizeof score);
    CHECK_STATUS(farkle_score_selection(NULL, faces, 3, &score), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_score_selection(&rules, NULL, 3, &score), FARKLE_STATUS_NULL_POINTER);
    CHECK(untouched(&score, sizeof score));
    CHECK_STATUS(farkle_score_selection(&rules, faces, 3, NULL), FARKLE_STATUS_NULL_POINTER);
    /* NULL with count 0 is the empty selection. */
    CHECK_STATUS(farkle_score_selection(&rules, NULL, 0, &score), FARKLE_STATUS_OK);
    CHECK(!score.valid && score.reason == FARKLE_INVALID_REASON_EMPTY);

    memset(&lean_points, UNTOUCHED, sizeof lean_points);
    CHECK_STATUS(farkle_points(NULL, faces, 3, &lean_points), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_points(&rules, NULL, 3, &lean_points), FARKLE_STATUS_NULL_POINTER);
    CHECK(untouched(&lean_points, sizeof lean_points));
    CHECK_STATUS(farkle_points(&rules, faces, 3, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_points(&rules, NULL, 0, &lean_points), FARKLE_STATUS_OK);
    CHECK(lean_points == 0);

    memset(&analysis, UNTOUCHED, sizeof analysis);
    CHECK_STATUS(farkle_roll_analyze(NULL, faces, 3, &analysis), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_analyze(&rules, NULL, 3, &analysis), FARKLE_STATUS_NULL_POINTER);
    CHECK(untouched(&analysis, sizeof analysis));
    CHECK_STATUS(farkle_roll_analyze(&rules, faces, 3, NULL), FARKLE_STATUS_NULL_POINTER);

    CHECK_STATUS(farkle_roll_selections(NULL, faces, 3, selections, FARKLE_MAX_SELECTIONS, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_selections(&rules, NULL, 3, selections, FARKLE_MAX_SELECTIONS, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_roll_selections(&rules, faces, 3, NULL, FARKLE_MAX_SELECTIONS, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(count == 7);
    CHECK_STATUS(farkle_roll_selections(&rules, faces, 3, selections, FARKLE_MAX_SELECTIONS, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    /* A NULL buffer of capacity 0 asks for the size: {1}, {5}, {1, 5}. */
    CHECK_STATUS(farkle_roll_selections(&rules, faces, 3, NULL, 0, &count),
                 FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK(count == 3);

    CHECK_STATUS(farkle_scorer_new(NULL, &scorer), FARKLE_STATUS_NULL_POINTER);
    CHECK(scorer == NULL);
    CHECK_STATUS(farkle_scorer_new(&rules, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_new(&rules, &scorer), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_scorer_score_selection(NULL, faces, 3, &score), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_score_selection(scorer, NULL, 3, &score), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_score_selection(scorer, faces, 3, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_analyze(NULL, faces, 3, &analysis), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_analyze(scorer, NULL, 3, &analysis), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_analyze(scorer, faces, 3, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_selections(NULL, faces, 3, selections, 8, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, NULL, 3, selections, 8, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, faces, 3, NULL, 8, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_roll_selections(scorer, faces, 3, selections, 8, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    memset(&lean_points, UNTOUCHED, sizeof lean_points);
    CHECK_STATUS(farkle_scorer_points(NULL, faces, 3, &lean_points), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_scorer_points(scorer, NULL, 3, &lean_points), FARKLE_STATUS_NULL_POINTER);
    CHECK(untouched(&lean_points, sizeof lean_points));
    CHECK_STATUS(farkle_scorer_points(scorer, faces, 3, NULL), FARKLE_STATUS_NULL_POINTER);
    /* NULL with count 0 is the empty selection: 0 points. */
    CHECK_STATUS(farkle_scorer_points(scorer, NULL, 0, &lean_points), FARKLE_STATUS_OK);
    CHECK(lean_points == 0);
    farkle_scorer_free(scorer);
    farkle_scorer_free(NULL);

    memset(&points, UNTOUCHED, sizeof points);
    CHECK_STATUS(farkle_point_calculation(NULL, selection_counts, false, &points),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_point_calculation(roll_counts, NULL, false, &points),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(untouched(&points, sizeof points));
    CHECK_STATUS(farkle_point_calculation(roll_counts, selection_counts, false, NULL),
                 FARKLE_STATUS_NULL_POINTER);
}

static void hands(void) {
    FarkleHandLevels levels;
    FarkleHandBonuses bonuses;
    FarkleHand out_hands[FARKLE_HANDS_MAX_HANDS];
    uint8_t hand_of_die[4];
    FarkleHandsResult result;
    uint64_t cost = 0, base = 0;
    uint32_t mult = 0;
    const uint8_t faces[4] = {2, 2, 5, 5};

    CHECK_STATUS(farkle_hands_levels_default(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_bonuses_default(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_levels_default(&levels), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_hands_bonuses_default(&bonuses), FARKLE_STATUS_OK);

    memset(&result, UNTOUCHED, sizeof result);
    memset(hand_of_die, UNTOUCHED, sizeof hand_of_die);
    CHECK_STATUS(farkle_hands_score(NULL, 4, &levels, &bonuses, out_hands, FARKLE_HANDS_MAX_HANDS,
                                    hand_of_die, 4, &result),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(faces, 4, NULL, &bonuses, out_hands, FARKLE_HANDS_MAX_HANDS,
                                    hand_of_die, 4, &result),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(faces, 4, &levels, NULL, out_hands, FARKLE_HANDS_MAX_HANDS,
                                    hand_of_die, 4, &result),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(faces, 4, &levels, &bonuses, NULL, FARKLE_HANDS_MAX_HANDS,
                                    hand_of_die, 4, &result),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_score(faces, 4, &levels, &bonuses, out_hands, FARKLE_HANDS_MAX_HANDS,
                                    NULL, 4, &result),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(untouched(&result, sizeof result) && untouched(hand_of_die, sizeof hand_of_die));
    CHECK_STATUS(farkle_hands_score(faces, 4, &levels, &bonuses, out_hands, FARKLE_HANDS_MAX_HANDS,
                                    hand_of_die, 4, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    /* NULL buffers with length 0 are empty: the empty pool scores nothing. */
    CHECK_STATUS(farkle_hands_score(NULL, 0, &levels, &bonuses, NULL, 0, NULL, 0, &result),
                 FARKLE_STATUS_OK);
    CHECK(result.hand_count == 0 && result.total == 0);

    CHECK_STATUS(farkle_hands_upgrade_cost(NULL, FARKLE_HAND_KIND_PAIR, &cost),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_upgrade_cost(&levels, FARKLE_HAND_KIND_PAIR, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(cost == 0);
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_PAIR, 0, 0, NULL, &mult),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_hands_base_mult(FARKLE_HAND_KIND_PAIR, 0, 0, &base, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(base == 0 && mult == 0);
}

static void games(void) {
    FarkleRules rules;
    FarkleGame *game = NULL;
    FarkleGame *other = (FarkleGame *)NULL;
    FarkleGameState state;
    FarklePlayerState player;
    FarkleTurnRoll roll;
    FarkleEvent event;
    FarkleSelection selections[FARKLE_MAX_SELECTIONS];
    FarkleRules got;
    const char *name = "sentinel";
    const char *names[2] = {"Ann", NULL};
    uint64_t winners = 77;
    size_t count = 77;
    char message[64];
    char *text = (char *)"sentinel";
    char *before;
    const uint8_t faces[6] = {1, 1, 1, 5, 2, 3};
    const size_t indices[2] = {0, 1};

    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules), FARKLE_STATUS_OK);

    CHECK_STATUS(farkle_game_new(NULL, 2, 1, &game), FARKLE_STATUS_NULL_POINTER);
    CHECK(game == NULL);
    CHECK_STATUS(farkle_game_new(&rules, 2, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_new_with(NULL, names, 2, FARKLE_DICE_SOURCE_SEEDED, 1, &game),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(game == NULL);
    CHECK_STATUS(farkle_game_new_with(&rules, names, 2, FARKLE_DICE_SOURCE_SEEDED, 1, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    /* names may be NULL: unnamed players. */
    CHECK_STATUS(farkle_game_new_with(&rules, NULL, 2, FARKLE_DICE_SOURCE_SUPPLIED, 1, &game),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_player(game, 0, &player), FARKLE_STATUS_OK);
    CHECK(!player.has_name);
    {
        /* farkle_game_new_at(): each pointer NULL in turn; names may be NULL. */
        FarkleGamePosition position = {0, 3};
        FarklePlayerPosition at[2] = {{700, 1, 0}, {0, 0, 0}};
        FarkleGame *made = NULL;
        CHECK_STATUS(farkle_game_new_at(NULL, &position, at, names, 2, FARKLE_DICE_SOURCE_SEEDED,
                                        1, &made),
                     FARKLE_STATUS_NULL_POINTER);
        CHECK_STATUS(farkle_game_new_at(&rules, NULL, at, names, 2, FARKLE_DICE_SOURCE_SEEDED, 1,
                                        &made),
                     FARKLE_STATUS_NULL_POINTER);
        CHECK_STATUS(farkle_game_new_at(&rules, &position, NULL, names, 2,
                                        FARKLE_DICE_SOURCE_SEEDED, 1, &made),
                     FARKLE_STATUS_NULL_POINTER);
        CHECK_STATUS(farkle_game_new_at(&rules, &position, at, names, 2,
                                        FARKLE_DICE_SOURCE_SEEDED, 1, NULL),
                     FARKLE_STATUS_NULL_POINTER);
        CHECK(made == NULL);
        CHECK_STATUS(farkle_game_new_at(&rules, &position, at, NULL, 2,
                                        FARKLE_DICE_SOURCE_SUPPLIED, 1, &made),
                     FARKLE_STATUS_OK);
        CHECK_STATUS(farkle_game_player(made, 0, &player), FARKLE_STATUS_OK);
        CHECK(!player.has_name && player.score == 700);
        {
            FarkleGamePosition got = {99, 99};
            size_t n = 77;
            CHECK_STATUS(farkle_game_start_position(NULL, &got, at, 2, &n),
                         FARKLE_STATUS_NULL_POINTER);
            CHECK_STATUS(farkle_game_start_position(made, NULL, at, 2, &n),
                         FARKLE_STATUS_NULL_POINTER);
            CHECK_STATUS(farkle_game_start_position(made, &got, at, 2, NULL),
                         FARKLE_STATUS_NULL_POINTER);
            CHECK(got.player_to_move == 99 && n == 77);
            /* No buffer at all: the count only (BUFFER_TOO_SMALL, as for every list). */
            CHECK_STATUS(farkle_game_start_position(made, &got, NULL, 0, &n),
                         FARKLE_STATUS_BUFFER_TOO_SMALL);
            CHECK(n == 2 && got.player_to_move == 99);
            CHECK_STATUS(farkle_game_start_position(made, &got, NULL, 2, &n),
                         FARKLE_STATUS_NULL_POINTER);
            CHECK_STATUS(farkle_game_start_position(made, &got, at, 2, &n), FARKLE_STATUS_OK);
            CHECK(got.player_to_move == 0 && got.round == 3 && at[0].score == 700);
        }
        farkle_game_free(made);
    }

    /* The game itself NULL, for every function taking one. */
    CHECK(strcmp(farkle_game_last_error(NULL), "game is NULL") == 0);
    CHECK_STATUS(farkle_game_roll(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_roll_dice(NULL, faces, 6), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_select(NULL, indices, 2), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_select_mask(NULL, 1), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_toggle(NULL, 0), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_confirm(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_undo(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_bank(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_acknowledge_farkle(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_forfeit_turn(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_leave(NULL, 0), FARKLE_STATUS_NULL_POINTER);
    memset(&state, UNTOUCHED, sizeof state);
    CHECK_STATUS(farkle_game_state(NULL, &state), FARKLE_STATUS_NULL_POINTER);
    CHECK(untouched(&state, sizeof state));
    CHECK_STATUS(farkle_game_player(NULL, 0, &player), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_player_name(NULL, 0, &name), FARKLE_STATUS_NULL_POINTER);
    CHECK(strcmp(name, "sentinel") == 0);
    CHECK_STATUS(farkle_game_rules(NULL, &got), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_winners(NULL, &winners), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_selections(NULL, selections, FARKLE_MAX_SELECTIONS, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_turn_roll_count(NULL, &count), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_turn_roll(NULL, 0, &roll), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_last_roll(NULL, &roll), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_event_count(NULL, &count), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_event(NULL, 0, &event), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_save(NULL, &text), FARKLE_STATUS_NULL_POINTER);
    CHECK(winners == 77 && count == 77 && strcmp(text, "sentinel") == 0);

    /* A live game with a NULL in another position: refused, and the game is unchanged. */
    CHECK_STATUS(farkle_game_roll_dice(game, faces, 6), FARKLE_STATUS_OK);
    before = save_of(game);
    CHECK_STATUS(farkle_game_select(game, NULL, 2), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_state(game, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_player(game, 0, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_player_name(game, 0, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_rules(game, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_winners(game, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_selections(game, NULL, FARKLE_MAX_SELECTIONS, &count),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_selections(game, selections, FARKLE_MAX_SELECTIONS, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(count == 77);
    CHECK_STATUS(farkle_game_turn_roll_count(game, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_turn_roll(game, 0, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_last_roll(game, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_event_count(game, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_event(game, 0, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_save(game, NULL), FARKLE_STATUS_NULL_POINTER);
    unchanged(game, before);
    CHECK_STATUS(farkle_game_select(game, indices, 2), FARKLE_STATUS_OK);
    farkle_string_free(before);

    before = save_of(game);
    CHECK_STATUS(farkle_game_roll_dice(game, NULL, 4), FARKLE_STATUS_NULL_POINTER);
    unchanged(game, before);

    /* Loading: a NULL text with a length, a NULL out_game, a NULL message buffer. */
    memset(message, UNTOUCHED, sizeof message);
    CHECK_STATUS(farkle_game_load(NULL, 10, message, sizeof message, &other),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(other == NULL && untouched(message, sizeof message));
    CHECK_STATUS(farkle_game_load(before, strlen(before), message, sizeof message, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_load(before, strlen(before), NULL, sizeof message, &other),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(other == NULL);
    /* NULL with length 0 is the empty text, which is no save; the message is optional. */
    CHECK_STATUS(farkle_game_load(NULL, 0, NULL, 0, &other), FARKLE_STATUS_INVALID_SAVE);
    CHECK(other == NULL);
    CHECK_STATUS(farkle_game_load(before, strlen(before), NULL, 0, &other), FARKLE_STATUS_OK);
    unchanged(other, before);
    farkle_game_free(other);
    farkle_string_free(before);

    farkle_string_free(NULL);
    farkle_game_free(game);
    farkle_game_free(NULL);
}

int main(void) {
    rules_and_scoring();
    hands();
    games();
    return finish();
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The game's C contract: a full scripted game with supplied dice (seed 004's three examples
 * as the first turns of a two-turn game), checking every status and score, then every error
 * path (NULLs, wrong phase, bad and duplicate indices, invalid selections, minimum entry,
 * game over, unknown and departed players, bad saved games), each checked to leave the game
 * exactly as it was (its saved text is unchanged). Expected numbers are worked out by hand
 * from the documents' rules.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "farkle.h"
#include "game_helpers.h"

static FarkleStatus roll(FarkleGame *g, const uint8_t *faces, size_t n) {
    return farkle_game_roll_dice(g, faces, n);
}

static FarkleStatus select_dice(FarkleGame *g, const size_t *indices, size_t n) {
    return farkle_game_select(g, indices, n);
}

static int32_t last_max_points(const FarkleGame *g) {
    FarkleTurnRoll r;
    if (farkle_game_last_roll(g, &r) != FARKLE_STATUS_OK) return -1;
    return r.max_points;
}

/* Seed 004: singles and sets, highest score after N turns (here 2 turns each). */
static void test_scripted_game(void) {
    FarkleRules rules = preset(FARKLE_PRESET_ADDITIVE);
    const char *names[2] = {"Ann", "Bob"};
    FarkleGame *g = NULL;
    FarkleGameState s;
    FarkleTurnRoll r;
    FarkleEvent e;
    FarkleSelection sel[FARKLE_MAX_SELECTIONS];
    size_t count = 0;
    uint64_t winners = 0;
    const char *name = NULL;
    const uint8_t ex1a[] = {1, 2, 4, 4, 4, 5}, ex1b[] = {2, 2, 3};
    const uint8_t ex2a[] = {1, 2, 6, 4, 3, 3}, ex2b[] = {1, 1, 2, 3, 4};
    const uint8_t ex3a[] = {1, 1, 1, 4, 6, 6}, ex3b[] = {1, 5, 5}, ex3c[] = {1, 1, 5, 3, 4, 4};
    const uint8_t farkle6[] = {2, 3, 4, 6, 2, 3};
    const size_t fours[] = {2, 3, 4}, first[] = {0}, two[] = {0, 1}, three[] = {0, 1, 2};

    rules.turn_limit = 2;
    CHECK_STATUS(farkle_game_new_with(&rules, names, 2, FARKLE_DICE_SOURCE_SUPPLIED, 0, &g),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_player_name(g, 1, &name), FARKLE_STATUS_OK);
    CHECK(name != NULL && strcmp(name, "Bob") == 0);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_AWAITING_ROLL && s.current_player == 0 && s.round == 1);
    CHECK(s.dice_in_hand == 6 && s.can_roll && !s.has_generator && !s.can_bank && !s.can_undo);
    CHECK(s.dice_source == FARKLE_DICE_SOURCE_SUPPLIED && s.player_count == 2);
    CHECK_STATUS(farkle_game_last_roll(g, &r), FARKLE_STATUS_NO_ROLL);

    /* Example 1 (Ann): 1 2 4 4 4 5 is worth 550; she keeps the three 4s (400), rolls 2 2 3 and
     * farkles, forfeiting the 400. */
    CHECK_STATUS(roll(g, ex1a, 6), FARKLE_STATUS_OK);
    CHECK(last_max_points(g) == 550);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION && !s.can_roll);
    CHECK_STATUS(farkle_game_selections(g, sel, FARKLE_MAX_SELECTIONS, &count), FARKLE_STATUS_OK);
    /* Best first: 1 + 444 + 5 = 550 on dice 0, 2, 3, 4, 5. */
    CHECK(count > 0 && sel[0].points == 550 && sel[0].dice_mask == 0x3D);
    CHECK_STATUS(select_dice(g, fours, 3), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.turn_points == 400 && s.dice_in_hand == 3 && s.can_bank && s.can_undo && s.can_roll);
    CHECK_STATUS(roll(g, ex1b, 3), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_FARKLED && s.turn_points == 0);
    CHECK(s.turn_forfeited_points == 400 && !s.can_bank);
    CHECK_STATUS(farkle_game_last_roll(g, &r), FARKLE_STATUS_OK);
    CHECK(r.is_farkle && r.max_points == 0 && r.dice_count == 3);
    CHECK_STATUS(farkle_game_acknowledge_farkle(g), FARKLE_STATUS_OK);
    CHECK(score(g, 0) == 0);

    /* Example 2 (Bob): the 1 (100), then 1 1 from the next roll (200): 300 in hand, not the
     * 1000 of three 1s from one roll; he banks 300 (the README's "250" is a slip). */
    s = state(g);
    CHECK(s.current_player == 1 && s.round == 1 && s.turn_roll_count == 0 && s.dice_in_hand == 6);
    CHECK_STATUS(roll(g, ex2a, 6), FARKLE_STATUS_OK);
    CHECK(last_max_points(g) == 100);
    CHECK_STATUS(select_dice(g, first, 1), FARKLE_STATUS_OK);
    CHECK_STATUS(roll(g, ex2b, 5), FARKLE_STATUS_OK);
    CHECK(last_max_points(g) == 200);
    CHECK_STATUS(select_dice(g, two, 2), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == 300);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    CHECK(score(g, 1) == 300);

    /* Example 3 (Ann): 1 1 1 (1000), then 1 5 5 (200, the fourth 1 is a new roll), the pool
     * is exhausted and all six dice come back; 1 1 5 (250); she banks 1450. */
    s = state(g);
    CHECK(s.current_player == 0 && s.round == 2);
    CHECK_STATUS(roll(g, ex3a, 6), FARKLE_STATUS_OK);
    CHECK(last_max_points(g) == 1000);
    CHECK_STATUS(select_dice(g, three, 3), FARKLE_STATUS_OK);
    CHECK_STATUS(roll(g, ex3b, 3), FARKLE_STATUS_OK);
    CHECK(last_max_points(g) == 200);
    /* Pick and confirm this time: toggle all three dice. */
    CHECK_STATUS(farkle_game_toggle(g, 0), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_toggle(g, 1), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_toggle(g, 2), FARKLE_STATUS_OK);
    CHECK(state(g).pending_mask == 0x7);
    CHECK_STATUS(farkle_game_confirm(g), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.turn_points == 1200 && s.dice_in_hand == 6 && s.turn_hot_dice == 1);
    CHECK(s.pending_mask == 0);
    CHECK_STATUS(roll(g, ex3c, 6), FARKLE_STATUS_OK);
    CHECK(last_max_points(g) == 250);
    CHECK_STATUS(select_dice(g, three, 3), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == 1450);

    /* The turn's history before banking. */
    CHECK_STATUS(farkle_game_turn_roll_count(g, &count), FARKLE_STATUS_OK);
    CHECK(count == 3);
    CHECK_STATUS(farkle_game_turn_roll(g, 1, &r), FARKLE_STATUS_OK);
    CHECK(r.dice_count == 3 && r.faces[0] == 1 && r.faces[1] == 5 && r.faces[2] == 5);
    CHECK(r.has_selection && r.points == 200 && r.max_points == 200 && r.emptied_hand);
    CHECK(r.selection_mask == 0x7 && r.combination_count == 3);
    CHECK_STATUS(farkle_game_turn_roll(g, 0, &r), FARKLE_STATUS_OK);
    CHECK(r.combination_count == 1 && r.combinations[0].kind == FARKLE_COMBINATION_KIND_OF_A_KIND);
    CHECK(r.combinations[0].face == 1 && r.combinations[0].points == 1000);
    CHECK(r.combinations[0].dice_mask == 0x7 && !r.emptied_hand);
    CHECK_STATUS(farkle_game_turn_roll(g, 3, &r), FARKLE_STATUS_INDEX_OUT_OF_RANGE);

    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    CHECK(score(g, 0) == 1450);
    CHECK_STATUS(farkle_game_winners(g, &winners), FARKLE_STATUS_WRONG_PHASE);

    /* Bob's second and last turn: a farkle, and the turn limit ends the game. */
    CHECK_STATUS(roll(g, farkle6, 6), FARKLE_STATUS_OK);
    CHECK(state(g).phase == FARKLE_GAME_PHASE_FARKLED);
    CHECK_STATUS(farkle_game_acknowledge_farkle(g), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_GAME_OVER && s.winners == 0x1);
    CHECK(!s.can_roll && !s.can_bank && !s.can_undo && !s.can_forfeit);
    CHECK_STATUS(farkle_game_winners(g, &winners), FARKLE_STATUS_OK);
    CHECK(winners == 0x1);
    {
        FarklePlayerState p;
        CHECK_STATUS(farkle_game_player(g, 0, &p), FARKLE_STATUS_OK);
        CHECK(p.score == 1450 && p.on_board && p.active && p.farkle_count == 1);
        CHECK(p.hot_dice_count == 1 && p.forfeited_points == 400 && p.best_turn == 1450);
        CHECK(p.turns_played == 2 && p.banked_points == 1450 && p.penalty_count == 0);
        CHECK_STATUS(farkle_game_player(g, 1, &p), FARKLE_STATUS_OK);
        CHECK(p.score == 300 && p.farkle_count == 1 && p.consecutive_farkles == 1);
    }

    /* The event log: 26 events (counted by hand from the script). */
    CHECK_STATUS(farkle_game_event_count(g, &count), FARKLE_STATUS_OK);
    CHECK(count == 26);
    CHECK_STATUS(farkle_game_event(g, 0, &e), FARKLE_STATUS_OK);
    CHECK(e.kind == FARKLE_EVENT_KIND_TURN_STARTED && e.player == 0 && e.round == 1);
    CHECK_STATUS(farkle_game_event(g, 1, &e), FARKLE_STATUS_OK);
    CHECK(e.kind == FARKLE_EVENT_KIND_ROLLED && e.dice_count == 6 && e.faces[2] == 4);
    CHECK(!e.generated);
    CHECK_STATUS(farkle_game_event(g, 2, &e), FARKLE_STATUS_OK);
    CHECK(e.kind == FARKLE_EVENT_KIND_SELECTED && e.mask == 0x1C && e.points == 400);
    CHECK_STATUS(farkle_game_event(g, 4, &e), FARKLE_STATUS_OK);
    CHECK(e.kind == FARKLE_EVENT_KIND_FARKLED && e.points == 400);
    CHECK_STATUS(farkle_game_event(g, 11, &e), FARKLE_STATUS_OK);
    CHECK(e.kind == FARKLE_EVENT_KIND_BANKED && e.player == 1 && e.points == 300 && e.score == 300);
    CHECK_STATUS(farkle_game_event(g, 17, &e), FARKLE_STATUS_OK);
    CHECK(e.kind == FARKLE_EVENT_KIND_HOT_DICE && e.player == 0);
    CHECK_STATUS(farkle_game_event(g, 25, &e), FARKLE_STATUS_OK);
    CHECK(e.kind == FARKLE_EVENT_KIND_GAME_OVER && e.winners == 0x1);
    CHECK_STATUS(farkle_game_event(g, 26, &e), FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK(strcmp(farkle_event_kind_name(FARKLE_EVENT_KIND_BANKED), "banked") == 0);
    CHECK(farkle_event_kind_name(FARKLE_EVENT_KIND_PIGGYBACKED + 1) == NULL);
    CHECK(farkle_event_kind_name(99) == NULL);

    /* Game over: every action is refused with GAME_OVER and changes nothing. */
    {
        char *before = snapshot(g);
        CHECK_STATUS(roll(g, ex1a, 6), FARKLE_STATUS_GAME_OVER);
        CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_GAME_OVER);
        CHECK_STATUS(farkle_game_undo(g), FARKLE_STATUS_GAME_OVER);
        CHECK_STATUS(farkle_game_select(g, first, 1), FARKLE_STATUS_GAME_OVER);
        CHECK_STATUS(farkle_game_toggle(g, 0), FARKLE_STATUS_GAME_OVER);
        CHECK_STATUS(farkle_game_acknowledge_farkle(g), FARKLE_STATUS_GAME_OVER);
        CHECK_STATUS(farkle_game_leave(g, 0), FARKLE_STATUS_GAME_OVER);
        CHECK(strlen(farkle_game_last_error(g)) > 0);
        CHECK(unchanged(g, before));
        farkle_string_free(before);
    }
    farkle_game_free(g);
}

/* Every refused call returns its own status and leaves the game as it was. */
static void test_error_paths(void) {
    FarkleRules classic = preset(FARKLE_PRESET_CLASSIC);
    FarkleGame *g = supplied_game(&classic, 3);
    FarkleGameState s;
    char *before;
    const uint8_t dice[] = {1, 5, 2, 3, 3, 6}, bad_face[] = {1, 5, 2, 3, 3, 7};
    const uint8_t five[] = {5, 5, 5}, one_die[] = {1};
    const size_t out_of_range[] = {0, 6}, duplicate[] = {1, 0, 1}, non_scoring[] = {0, 1, 2};
    const size_t ones_and_five[] = {0, 1};

    /* Start of a turn. */
    before = snapshot(g);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_NOTHING_TO_BANK);
    CHECK_STATUS(farkle_game_undo(g), FARKLE_STATUS_NOTHING_TO_UNDO);
    CHECK_STATUS(farkle_game_select(g, ones_and_five, 2), FARKLE_STATUS_WRONG_PHASE);
    CHECK_STATUS(farkle_game_toggle(g, 0), FARKLE_STATUS_WRONG_PHASE);
    CHECK_STATUS(farkle_game_confirm(g), FARKLE_STATUS_WRONG_PHASE);
    CHECK_STATUS(farkle_game_acknowledge_farkle(g), FARKLE_STATUS_WRONG_PHASE);
    CHECK_STATUS(farkle_game_forfeit_turn(g), FARKLE_STATUS_FORFEIT_NOT_ALLOWED);
    CHECK_STATUS(farkle_game_roll(g), FARKLE_STATUS_NO_DICE_GENERATOR);
    CHECK_STATUS(roll(g, dice, 5), FARKLE_STATUS_WRONG_DICE_COUNT);
    CHECK_STATUS(roll(g, bad_face, 6), FARKLE_STATUS_INVALID_FACE);
    CHECK_STATUS(roll(g, NULL, 6), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_leave(g, 3), FARKLE_STATUS_UNKNOWN_PLAYER);
    CHECK(unchanged(g, before));
    farkle_string_free(before);

    /* A roll awaiting selection. */
    CHECK_STATUS(roll(g, dice, 6), FARKLE_STATUS_OK);
    before = snapshot(g);
    CHECK_STATUS(select_dice(g, out_of_range, 2), FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(select_dice(g, duplicate, 3), FARKLE_STATUS_DUPLICATE_INDEX);
    CHECK_STATUS(select_dice(g, non_scoring, 3), FARKLE_STATUS_INVALID_SELECTION);
    /* The message names the leftover die, the 2. */
    CHECK(strstr(farkle_game_last_error(g), "2") != NULL);
    CHECK_STATUS(select_dice(g, NULL, 0), FARKLE_STATUS_INVALID_SELECTION);
    CHECK_STATUS(select_dice(g, NULL, 2), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_select_mask(g, 0x40), FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(farkle_game_toggle(g, 6), FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(farkle_game_confirm(g), FARKLE_STATUS_INVALID_SELECTION);
    CHECK_STATUS(roll(g, dice, 6), FARKLE_STATUS_WRONG_PHASE);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_WRONG_PHASE);
    CHECK_STATUS(farkle_game_undo(g), FARKLE_STATUS_WRONG_PHASE);
    CHECK(unchanged(g, before));
    farkle_string_free(before);

    /* 1 + 5 = 150: below the 500 needed to get on the board. */
    CHECK_STATUS(select_dice(g, ones_and_five, 2), FARKLE_STATUS_OK);
    CHECK(strcmp(farkle_game_last_error(g), "") == 0);
    s = state(g);
    CHECK(s.turn_points == 150 && !s.can_bank && s.can_undo && s.dice_in_hand == 4);
    before = snapshot(g);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_BELOW_MINIMUM_ENTRY);
    CHECK(strstr(farkle_game_last_error(g), "500") != NULL);
    CHECK_STATUS(select_dice(g, ones_and_five, 2), FARKLE_STATUS_WRONG_PHASE);
    CHECK_STATUS(farkle_game_leave(g, 1), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_leave(g, 1), FARKLE_STATUS_PLAYER_DEPARTED);
    farkle_string_free(before);

    /* Undo, then reselect with the toggles (the undone dice are pending). */
    CHECK_STATUS(farkle_game_undo(g), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION && s.turn_points == 0);
    CHECK(s.pending_mask == 0x3 && s.dice_in_hand == 6);
    CHECK_STATUS(farkle_game_toggle(g, 1), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_confirm(g), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == 100);
    CHECK_STATUS(roll(g, dice, 5), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x1), FARKLE_STATUS_OK);
    CHECK_STATUS(roll(g, five, 3), FARKLE_STATUS_WRONG_DICE_COUNT);
    CHECK_STATUS(roll(g, dice, 4), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x1), FARKLE_STATUS_OK);
    CHECK_STATUS(roll(g, five, 3), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x7), FARKLE_STATUS_OK);
    /* 100 + 100 + 100 + 500 with every die scored: hot dice, 800 on the board. */
    s = state(g);
    CHECK(s.turn_points == 800 && s.dice_in_hand == 6 && s.turn_hot_dice == 1 && s.can_bank);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    CHECK(score(g, 0) == 800);
    /* Player 1 left: play passes to player 2. */
    s = state(g);
    CHECK(s.current_player == 2 && s.active_player_count == 2);
    CHECK_STATUS(roll(g, one_die, 1), FARKLE_STATUS_WRONG_DICE_COUNT);

    /* Player 2 leaves mid-turn: only player 0 is left, who wins. */
    CHECK_STATUS(farkle_game_leave(g, 2), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_GAME_OVER && s.winners == 0x1);
    CHECK_STATUS(farkle_game_player(g, 3, NULL), FARKLE_STATUS_NULL_POINTER);
    {
        FarklePlayerState p;
        CHECK_STATUS(farkle_game_player(g, 3, &p), FARKLE_STATUS_UNKNOWN_PLAYER);
        CHECK_STATUS(farkle_game_player(g, 1, &p), FARKLE_STATUS_OK);
        CHECK(!p.active && p.score == 0);
    }
    farkle_game_free(g);
}

static void test_null_and_creation_errors(void) {
    FarkleRules classic = preset(FARKLE_PRESET_CLASSIC);
    FarkleRules bad = classic;
    FarkleGame *g = NULL;
    FarkleGameState s;
    const char *bad_name[1] = {"\xff"};
    const size_t first[] = {0};
    size_t count = 0;
    uint64_t w = 0;
    const char *name = "x";

    CHECK_STATUS(farkle_game_new(NULL, 2, 1, &g), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_new(&classic, 2, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_new(&classic, 0, 1, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_game_new(&classic, FARKLE_MAX_PLAYERS + 1, 1, &g),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_game_new(&classic, 0xFFFFFFFFu, 1, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    bad.dice_count = 0;
    CHECK_STATUS(farkle_game_new(&bad, 2, 1, &g), FARKLE_STATUS_INVALID_RULES);
    CHECK_STATUS(farkle_game_new_with(&classic, NULL, 2, 7, 1, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_game_new_with(&classic, bad_name, 1, FARKLE_DICE_SOURCE_SEEDED, 1, &g),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(g == NULL);

    CHECK_STATUS(farkle_game_roll(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_roll_dice(NULL, NULL, 0), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_select(NULL, first, 1), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_select_mask(NULL, 1), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_toggle(NULL, 0), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_confirm(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_undo(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_bank(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_acknowledge_farkle(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_forfeit_turn(NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_leave(NULL, 0), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_state(NULL, &s), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_winners(NULL, &w), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_event_count(NULL, &count), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_turn_roll_count(NULL, &count), FARKLE_STATUS_NULL_POINTER);
    CHECK(strcmp(farkle_game_last_error(NULL), "game is NULL") == 0);
    farkle_game_free(NULL);
    farkle_string_free(NULL);

    CHECK_STATUS(farkle_game_new(&classic, 2, 42, &g), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_state(g, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_selections(g, NULL, 5, &count), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_selections(g, NULL, 0, &count), FARKLE_STATUS_OK);
    CHECK(count == 0);
    CHECK_STATUS(farkle_game_player_name(g, 0, &name), FARKLE_STATUS_OK);
    CHECK(name == NULL);
    CHECK_STATUS(farkle_game_player_name(g, 2, &name), FARKLE_STATUS_UNKNOWN_PLAYER);
    s = state(g);
    CHECK(s.has_generator && s.dice_source == FARKLE_DICE_SOURCE_SEEDED);
    /* A seeded game rolls its own dice, and accepts supplied ones too. */
    CHECK_STATUS(farkle_game_roll(g), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION || s.phase == FARKLE_GAME_PHASE_FARKLED);
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
        FarkleSelection sel[FARKLE_MAX_SELECTIONS];
        CHECK_STATUS(farkle_game_selections(g, sel, 0, &count), FARKLE_STATUS_BUFFER_TOO_SMALL);
        CHECK(count > 0);
        CHECK_STATUS(farkle_game_selections(g, sel, FARKLE_MAX_SELECTIONS, &count),
                     FARKLE_STATUS_OK);
        CHECK_STATUS(farkle_game_select_mask(g, sel[0].dice_mask), FARKLE_STATUS_OK);
        CHECK(state(g).turn_points == sel[0].points);
    } else {
        CHECK_STATUS(farkle_game_acknowledge_farkle(g), FARKLE_STATUS_OK);
    }
    farkle_game_free(g);
}

/* Without hot dice, an emptied hand must bank; below the entry score the turn is stuck and
 * may be forfeited. */
static void test_no_hot_dice(void) {
    FarkleRules rules = preset(FARKLE_PRESET_CLASSIC);
    FarkleGame *g;
    FarkleGameState s;
    const uint8_t one_five[] = {1, 5}, rest[] = {1, 2, 3, 4};
    const size_t first[] = {0};
    rules.hot_dice = false;
    rules.dice_count = 2;
    g = supplied_game(&rules, 2);
    CHECK_STATUS(roll(g, rest, 4), FARKLE_STATUS_WRONG_DICE_COUNT);
    CHECK_STATUS(roll(g, one_five, 2), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x3), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.dice_in_hand == 0 && !s.can_roll && !s.can_bank && s.can_forfeit);
    CHECK_STATUS(roll(g, one_five, 0), FARKLE_STATUS_HAND_EMPTY);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_BELOW_MINIMUM_ENTRY);
    CHECK_STATUS(farkle_game_forfeit_turn(g), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.current_player == 1 && s.phase == FARKLE_GAME_PHASE_AWAITING_ROLL);
    CHECK_STATUS(farkle_game_forfeit_turn(g), FARKLE_STATUS_FORFEIT_NOT_ALLOWED);
    CHECK_STATUS(roll(g, one_five, 2), FARKLE_STATUS_OK);
    CHECK_STATUS(select_dice(g, first, 1), FARKLE_STATUS_OK);
    CHECK(state(g).dice_in_hand == 1);
    farkle_game_free(g);
}

/* Three farkles in a row cost 1000 (extended preset); the score goes negative. */
static void test_penalty(void) {
    FarkleRules rules = preset(FARKLE_PRESET_EXTENDED);
    FarkleGame *g = supplied_game(&rules, 1);
    const uint8_t nothing[] = {2, 3, 4, 6, 2, 3};
    int i;
    for (i = 0; i < 3; i++) {
        CHECK_STATUS(roll(g, nothing, 6), FARKLE_STATUS_OK);
        CHECK_STATUS(farkle_game_acknowledge_farkle(g), FARKLE_STATUS_OK);
    }
    {
        FarklePlayerState p;
        CHECK_STATUS(farkle_game_player(g, 0, &p), FARKLE_STATUS_OK);
        CHECK(p.score == -1000 && p.penalty_count == 1 && p.penalty_points == 1000);
        CHECK(p.consecutive_farkles == 0 && p.farkle_count == 3);
    }
    CHECK(state(g).round == 4);
    farkle_game_free(g);
}

static void test_save_and_load(void) {
    FarkleRules rules = preset(FARKLE_PRESET_CLASSIC);
    FarkleGame *a = NULL, *b = NULL, *c = NULL;
    char *text = NULL, *again = NULL;
    char message[256];
    size_t len;
    int i;
    FarkleTurnRoll ra, rb;
    const char *names[2] = {"Ann", NULL};

    CHECK_STATUS(farkle_game_new_with(&rules, names, 2, FARKLE_DICE_SOURCE_SEEDED, 2026, &a),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_roll(a), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_save(a, &text), FARKLE_STATUS_OK);
    CHECK(text != NULL && strstr(text, "\"format\":\"farkle-save\"") != NULL);
    CHECK(strstr(text, "\"version\":1") != NULL);
    len = strlen(text);
    CHECK_STATUS(farkle_game_load(text, len, message, sizeof message, &b), FARKLE_STATUS_OK);
    /* The loaded game saves to the same text and rolls the same dice from here on. */
    CHECK_STATUS(farkle_game_save(b, &again), FARKLE_STATUS_OK);
    CHECK(again != NULL && strcmp(text, again) == 0);
    farkle_string_free(again);
    for (i = 0; i < 20; i++) {
        FarkleGameState sa = state(a), sb = state(b);
        CHECK(sa.phase == sb.phase && sa.turn_points == sb.turn_points);
        if (sa.phase == FARKLE_GAME_PHASE_GAME_OVER) break;
        if (sa.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
            FarkleSelection sel[FARKLE_MAX_SELECTIONS];
            size_t n = 0;
            CHECK_STATUS(farkle_game_selections(a, sel, FARKLE_MAX_SELECTIONS, &n),
                         FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_select_mask(a, sel[0].dice_mask), FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_select_mask(b, sel[0].dice_mask), FARKLE_STATUS_OK);
        } else if (sa.phase == FARKLE_GAME_PHASE_FARKLED) {
            CHECK_STATUS(farkle_game_acknowledge_farkle(a), FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_acknowledge_farkle(b), FARKLE_STATUS_OK);
        } else if (sa.can_bank) {
            CHECK_STATUS(farkle_game_bank(a), FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_bank(b), FARKLE_STATUS_OK);
        } else {
            CHECK_STATUS(farkle_game_roll(a), FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_roll(b), FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_last_roll(a, &ra), FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_last_roll(b, &rb), FARKLE_STATUS_OK);
            CHECK(ra.dice_count == rb.dice_count && memcmp(ra.faces, rb.faces, sizeof ra.faces) == 0);
        }
    }
    CHECK(score(a, 0) == score(b, 0) && score(a, 1) == score(b, 1));

    /* Bad saved games: truncated, not UTF-8, another version, changed, not JSON, NULL. */
    message[0] = 'x';
    CHECK_STATUS(farkle_game_load(text, len - 1, message, sizeof message, &c),
                 FARKLE_STATUS_INVALID_SAVE);
    CHECK(message[0] != 'x' && strlen(message) > 0);
    CHECK_STATUS(farkle_game_load(text, len / 2, NULL, 0, &c), FARKLE_STATUS_INVALID_SAVE);
    CHECK_STATUS(farkle_game_load("\xff\xfe", 2, NULL, 0, &c), FARKLE_STATUS_INVALID_SAVE);
    CHECK_STATUS(farkle_game_load("", 0, NULL, 0, &c), FARKLE_STATUS_INVALID_SAVE);
    CHECK_STATUS(farkle_game_load(NULL, 0, NULL, 0, &c), FARKLE_STATUS_INVALID_SAVE);
    CHECK_STATUS(farkle_game_load(NULL, 5, NULL, 0, &c), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_load(text, len, NULL, 0, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_load(text, len, NULL, 8, &c), FARKLE_STATUS_NULL_POINTER);
    {
        const char v2[] = "{\"format\":\"farkle-save\",\"version\":2}";
        CHECK_STATUS(farkle_game_load(v2, sizeof v2 - 1, message, sizeof message, &c),
                     FARKLE_STATUS_UNSUPPORTED_SAVE_VERSION);
    }
    {
        /* Ann's name changed to Bob: the checksum no longer matches. */
        char *tampered = (char *)malloc(len + 1);
        char *at;
        memcpy(tampered, text, len + 1);
        at = strstr(tampered, "\"Ann\"");
        CHECK(at != NULL);
        if (at != NULL) memcpy(at + 1, "Bob", 3);
        CHECK_STATUS(farkle_game_load(tampered, len, message, sizeof message, &c),
                     FARKLE_STATUS_INVALID_SAVE);
        free(tampered);
    }
    CHECK(c == NULL);
    farkle_string_free(text);
    farkle_game_free(a);
    farkle_game_free(b);
}

/* farkle_game_new_at(): a game from 9,500 to 9,000 (classic rules), worked out by hand: Ann
 * rolls 1 1 1 2 3 4 and keeps the three 1s (1000), banking 10,500, past the target of
 * 10,000, so Bob gets one last turn; a straight (1500, hot dice) and a 1 (100) take him to
 * 10,600, and he alone wins. Then every refused position, each leaving *out_game untouched
 * and saying why. */
static FarklePlayerPosition at(int64_t score, uint8_t on_board, uint32_t streak) {
    FarklePlayerPosition p;
    memset(&p, 0, sizeof p);
    p.score = score;
    p.on_board = on_board;
    p.consecutive_farkles = streak;
    return p;
}

static FarkleStatus new_at(const FarkleRules *rules, uint32_t mover, uint32_t round,
                           const FarklePlayerPosition *players, uint32_t count, FarkleGame **g) {
    FarkleGamePosition position;
    position.player_to_move = mover;
    position.round = round;
    return farkle_game_new_at(rules, &position, players, NULL, count,
                              FARKLE_DICE_SOURCE_SUPPLIED, 0, g);
}

static void test_game_at_a_position(void) {
    FarkleRules classic = preset(FARKLE_PRESET_CLASSIC);
    FarkleRules extended = preset(FARKLE_PRESET_EXTENDED);
    FarkleRules additive = preset(FARKLE_PRESET_ADDITIVE);
    FarklePlayerPosition players[2];
    FarkleGamePosition position;
    FarkleGame *g = NULL, *loaded = NULL;
    FarklePlayerState p;
    FarkleGameState s;
    const char *names[2] = {"Ann", "Bob"};
    const uint8_t ones[] = {1, 1, 1, 2, 3, 4}, straight[] = {2, 3, 4, 5, 6, 1},
                  one[] = {1, 2, 2, 3, 3, 4};
    const size_t three[] = {0, 1, 2}, first[] = {0};
    uint64_t winners = 0;
    char *text = NULL, *again = NULL;
    FarkleGame *const untouched = (FarkleGame *)&position;

    players[0] = at(9500, 1, 0);
    players[1] = at(9000, 1, 0);
    position.player_to_move = 0;
    position.round = 12;
    CHECK_STATUS(farkle_game_new_at(&classic, &position, players, names, 2,
                                    FARKLE_DICE_SOURCE_SUPPLIED, 0, &g),
                 FARKLE_STATUS_OK);
    s = state(g);
    CHECK(s.phase == FARKLE_GAME_PHASE_AWAITING_ROLL && s.current_player == 0 && s.round == 12);
    CHECK(s.dice_in_hand == 6 && !s.final_round);
    CHECK(score(g, 0) == 9500 && score(g, 1) == 9000);
    CHECK_STATUS(farkle_game_player(g, 1, &p), FARKLE_STATUS_OK);
    CHECK(p.on_board && p.turns_played == 11 && p.banked_points == 9000);
    {
        /* The position reads back as given; two entries do not fit in one. */
        FarkleGamePosition got = {99, 99};
        FarklePlayerPosition back[2];
        size_t n = 0;
        CHECK_STATUS(farkle_game_start_position(g, &got, back, 1, &n),
                     FARKLE_STATUS_BUFFER_TOO_SMALL);
        CHECK(n == 2 && got.player_to_move == 99);
        CHECK_STATUS(farkle_game_start_position(g, &got, back, 2, &n), FARKLE_STATUS_OK);
        CHECK(n == 2 && got.player_to_move == 0 && got.round == 12);
        CHECK(back[0].score == 9500 && back[0].on_board == 1 && back[1].score == 9000);
        CHECK_STATUS(farkle_game_start_position(NULL, &got, back, 2, &n),
                     FARKLE_STATUS_NULL_POINTER);
        CHECK_STATUS(farkle_game_start_position(g, NULL, back, 2, &n), FARKLE_STATUS_NULL_POINTER);
        CHECK_STATUS(farkle_game_start_position(g, &got, NULL, 2, &n), FARKLE_STATUS_NULL_POINTER);
        CHECK_STATUS(farkle_game_start_position(g, &got, back, 2, NULL),
                     FARKLE_STATUS_NULL_POINTER);
    }

    /* Saved and loaded at once, the game is the same (its text too). */
    CHECK_STATUS(farkle_game_save(g, &text), FARKLE_STATUS_OK);
    CHECK(text != NULL && strstr(text, "\"player_to_move\":0,\"round\":12") != NULL);
    CHECK_STATUS(farkle_game_load(text, strlen(text), NULL, 0, &loaded), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_save(loaded, &again), FARKLE_STATUS_OK);
    CHECK(again != NULL && text != NULL && strcmp(text, again) == 0);
    farkle_string_free(text);
    farkle_string_free(again);

    CHECK_STATUS(roll(g, ones, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(select_dice(g, three, 3), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == 1000);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    s = state(g);
    CHECK(score(g, 0) == 10500 && s.final_round && s.final_round_player == 0);
    CHECK(s.current_player == 1 && s.round == 12);
    CHECK_STATUS(roll(g, straight, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_select_mask(g, 0x3F), FARKLE_STATUS_OK);
    CHECK(state(g).turn_points == 1500 && state(g).dice_in_hand == 6);
    CHECK_STATUS(roll(g, one, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(select_dice(g, first, 1), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_bank(g), FARKLE_STATUS_OK);
    CHECK(score(g, 1) == 10600 && state(g).phase == FARKLE_GAME_PHASE_GAME_OVER);
    CHECK_STATUS(farkle_game_winners(g, &winners), FARKLE_STATUS_OK);
    CHECK(winners == 2);

    /* The loaded game continues the same way. */
    CHECK_STATUS(roll(loaded, ones, 6), FARKLE_STATUS_OK);
    CHECK_STATUS(select_dice(loaded, three, 3), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_bank(loaded), FARKLE_STATUS_OK);
    CHECK(score(loaded, 0) == 10500 && state(loaded).final_round_player == 0);
    farkle_game_free(loaded);
    farkle_game_free(g);

    /* A game from the usual start reports the usual start. */
    g = supplied_game(&classic, 3);
    {
        FarkleGamePosition got = {99, 99};
        FarklePlayerPosition back[3];
        size_t n = 0;
        memset(back, 0x55, sizeof back);
        CHECK_STATUS(farkle_game_start_position(g, &got, back, 3, &n), FARKLE_STATUS_OK);
        CHECK(n == 3 && got.player_to_move == 0 && got.round == 1);
        CHECK(back[2].score == 0 && back[2].on_board == 0 && back[2].consecutive_farkles == 0);
    }
    farkle_game_free(g);

    /* Refused: each leaves *out_game as it was and says why. */
    g = untouched;
    CHECK_STATUS(farkle_game_new_at(NULL, &position, players, names, 2,
                                    FARKLE_DICE_SOURCE_SUPPLIED, 0, &g),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_new_at(&classic, NULL, players, names, 2,
                                    FARKLE_DICE_SOURCE_SUPPLIED, 0, &g),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_new_at(&classic, &position, NULL, names, 2,
                                    FARKLE_DICE_SOURCE_SUPPLIED, 0, &g),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_new_at(&classic, &position, players, names, 2,
                                    FARKLE_DICE_SOURCE_SUPPLIED, 0, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_new_at(&classic, &position, players, names, 2, 9, 0, &g),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(new_at(&classic, 0, 12, players, 0, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(new_at(&classic, 0, 12, players, FARKLE_MAX_PLAYERS + 1, &g),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(new_at(&classic, 2, 12, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "player_to_move is 2") != NULL);
    CHECK_STATUS(new_at(&classic, 0, 0, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "round 0") != NULL);
    /* Additive: 10 turns each, so round 11 is past the end. */
    CHECK_STATUS(new_at(&additive, 0, 11, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "turn limit of 10") != NULL);
    CHECK_STATUS(new_at(&additive, 1, 10, players, 2, &g), FARKLE_STATUS_OK);
    farkle_game_free(g);
    g = untouched;
    players[1] = at(10000, 1, 0);
    CHECK_STATUS(new_at(&classic, 0, 12, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "at or above the target of 10000") != NULL);
    players[1] = at(-50, 1, 0);
    CHECK_STATUS(new_at(&classic, 0, 12, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "penalty") != NULL);
    players[1] = at(-2147483647LL - 1, 1, 0);
    CHECK_STATUS(new_at(&extended, 0, 12, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    players[1] = at(450, 0, 0);
    CHECK_STATUS(new_at(&classic, 0, 12, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "not on the board") != NULL);
    players[1] = at(100, 1, 1);
    CHECK_STATUS(new_at(&classic, 0, 12, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    players[1] = at(100, 1, 3);
    CHECK_STATUS(new_at(&extended, 0, 12, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "3 farkles in a row") != NULL);
    players[1] = at(100, 2, 0);
    CHECK_STATUS(new_at(&classic, 0, 12, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "players[1].on_board is 2") != NULL);
    players[1] = at(100, 255, 0);
    CHECK_STATUS(new_at(&classic, 0, 12, players, 2, &g), FARKLE_STATUS_INVALID_ARGUMENT);
    players[1] = at(100, 1, 0);
    classic.dice_count = 0;
    CHECK_STATUS(new_at(&classic, 0, 12, players, 2, &g), FARKLE_STATUS_INVALID_RULES);
    CHECK(g == untouched);

    /* Under a penalty the position may hold a streak below it and a negative score: Extended
     * takes 1000 at the third farkle in a row, so 300 becomes -700. */
    players[0] = at(-200, 0, 0);
    players[1] = at(300, 1, 2);
    CHECK_STATUS(new_at(&extended, 1, 3, players, 2, &g), FARKLE_STATUS_OK);
    CHECK_STATUS(roll(g, (const uint8_t[]){2, 2, 3, 3, 4, 6}, 6), FARKLE_STATUS_OK);
    CHECK(state(g).phase == FARKLE_GAME_PHASE_FARKLED);
    CHECK_STATUS(farkle_game_player(g, 1, &p), FARKLE_STATUS_OK);
    CHECK(p.score == -700 && p.consecutive_farkles == 0 && p.penalty_count == 1);
    CHECK(score(g, 0) == -200);
    farkle_game_free(g);
}

static void test_status_strings(void) {
    CHECK(strcmp(farkle_status_str(FARKLE_STATUS_GAME_OVER), "the game is over") == 0);
    CHECK(strlen(farkle_status_str(FARKLE_STATUS_NO_ROLL)) > 0);
    CHECK(strcmp(farkle_game_phase_name(FARKLE_GAME_PHASE_FARKLED), "farkled") == 0);
    CHECK(farkle_game_phase_name(4) == NULL);
    CHECK(farkle_game_phase_name(UINT32_MAX) == NULL);
    CHECK(FARKLE_SAVE_VERSION == 1 && FARKLE_MAX_PLAYERS == 64);
}

int main(void) {
    test_scripted_game();
    test_error_paths();
    test_null_and_creation_errors();
    test_no_hot_dice();
    test_penalty();
    test_save_and_load();
    test_game_at_a_position();
    test_status_strings();
    return finish();
}

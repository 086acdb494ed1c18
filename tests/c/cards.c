/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The cards' C contract: every constructor and its refusals, the per-cell query, the text,
 * the exact evaluation, the search, a card playing turns and simulations, and the coach.
 *
 * The exact figures come from a game small enough to solve by hand: minimal scoring, one
 * die, a race to 100 with no entry minimum and no final round. A 1 scores 100 (the target:
 * the turn banks and wins), a 5 scores 50 and hot dice give the die back; anything else
 * farkles. Optimal play always rolls on to the target, so each turn wins with
 * p = 1/6 + 1/6 * 1/3 = 2/9: the first seat wins p / (1 - (1 - p)^2) = 9/16. From 0 at a
 * turn total of 50 against 0, rolling is worth 1/3 + 2/3 * (1 - 9/16) = 5/8 and banking
 * 1 - 6/13 = 7/13 (6/13: the chance of a player at 0 against one at 50, who wins with any
 * scoring roll). A card that banks at 50 against that opponent, with A0/B0 its chances at 0
 * to move/waiting and A50/B50 at 50: A50 = 1/3 + 2/3 B50, B50 = 7/9 A50, so A50 = 9/13,
 * B50 = 7/13; A0 = 1/6 + 1/6 B50 + 2/3 B0, B0 = 7/9 A0, so A0 = 90/169, B0 = 70/169: on
 * average 80/169 against optimal play's 1/2, a price of 9/338.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "farkle.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

static FarkleRules one_die(void) {
    FarkleRules r = preset(FARKLE_PRESET_MINIMAL);
    r.dice_count = 1;
    r.target_score = 100;
    r.min_entry_score = 0;
    r.min_bank_score = 0;
    r.final_round = 0;
    r.hot_dice = 1;
    return r;
}

static bool stop_at_once(double fraction, void *user) {
    (void)fraction;
    (void)user;
    return false;
}

static void test_constructors(void) {
    FarkleCard *c = NULL, *kept = NULL;
    FarkleCardInfo info;
    uint32_t t = 0, i;
    const uint32_t row[6] = {300, 300, 400, 700, 2000, FARKLE_CARD_NEVER};
    uint32_t rows[24];
    const uint32_t too_high[2] = {300, FARKLE_CARD_MAX_POINTS + 1};
    char text[1024];
    size_t len = 0;

    /* One threshold. */
    CHECK_STATUS(farkle_card_new_total(350, FARKLE_CARD_KEEP_ALL, 0, &c), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_info(c, &info), FARKLE_STATUS_OK);
    CHECK(info.family == FARKLE_CARD_FAMILY_TOTAL && info.dice == 1 && info.band == 0 &&
          info.endgame == 0 && info.keep == FARKLE_CARD_KEEP_ALL && info.reroll == 0);
    for (i = 1; i <= FARKLE_CARD_MAX_DICE; i++) {
        CHECK_STATUS(farkle_card_threshold(c, FARKLE_CARD_SITUATION_AHEAD, i, &t),
                     FARKLE_STATUS_OK);
        CHECK(t == 350);
    }
    CHECK_STATUS(farkle_card_threshold(c, FARKLE_CARD_SITUATION_LEVEL, 0, &t),
                 FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(farkle_card_threshold(c, FARKLE_CARD_SITUATION_LEVEL, 13, &t),
                 FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(farkle_card_threshold(c, 4, 1, &t), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_threshold(NULL, 0, 1, &t), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_threshold(c, 0, 1, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_info(NULL, &info), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_info(c, NULL), FARKLE_STATUS_NULL_POINTER);

    /* Its text: the words of the rule, asked for the size first. */
    CHECK_STATUS(farkle_card_text(c, NULL, 0, &len), FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK(len > 1 && len < sizeof text);
    len = 0;
    CHECK_STATUS(farkle_card_text(c, text, 5, &len), FARKLE_STATUS_BUFFER_TOO_SMALL);
    CHECK(len > 5);
    CHECK_STATUS(farkle_card_text(c, text, sizeof text, &len), FARKLE_STATUS_OK);
    CHECK(strlen(text) + 1 == len);
    CHECK(strstr(text, "Bank once the turn reaches 350.\n") == text);
    CHECK(strstr(text, "Keep every scoring die.\n") != NULL);
    CHECK_STATUS(farkle_card_text(NULL, text, sizeof text, &len), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_text(c, NULL, 4, &len), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_text(c, text, sizeof text, NULL), FARKLE_STATUS_NULL_POINTER);
    farkle_card_free(c);
    farkle_card_free(NULL);

    /* Refusals leave the output alone. */
    kept = (FarkleCard *)&t;
    c = kept;
    CHECK_STATUS(farkle_card_new_total(FARKLE_CARD_MAX_POINTS + 1, 0, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_total(FARKLE_CARD_NEVER, 0, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_total(300, 3, 0, &c), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_total(300, FARKLE_CARD_KEEP_RATE, 2, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_total(300, FARKLE_CARD_KEEP_SINGLE, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_total(300, FARKLE_CARD_KEEP_SINGLE, 12, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_total(300, FARKLE_CARD_KEEP_SINGLE, 256, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_total(300, 0, 0, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(c == kept);
    CHECK_STATUS(farkle_card_new_total(FARKLE_CARD_MAX_POINTS, FARKLE_CARD_KEEP_SINGLE, 11, &c),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_info(c, &info), FARKLE_STATUS_OK);
    CHECK(info.keep == FARKLE_CARD_KEEP_SINGLE && info.reroll == 11);
    farkle_card_free(c);

    /* One per count of dice: the threshold bot's row. */
    c = kept;
    CHECK_STATUS(farkle_card_new_per_dice(row, 0, 0, 0, &c), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_per_dice(rows, 13, 0, 0, &c), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_per_dice(too_high, 2, 0, 0, &c), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_per_dice(row, 2, FARKLE_CARD_KEEP_SINGLE, 2, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_per_dice(NULL, 6, 0, 0, &c), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_new_per_dice(row, 6, 0, 0, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(c == kept);
    CHECK_STATUS(farkle_card_new_per_dice(row, 6, FARKLE_CARD_KEEP_RATE, 0, &c),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_info(c, &info), FARKLE_STATUS_OK);
    CHECK(info.family == FARKLE_CARD_FAMILY_PER_DICE && info.dice == 6 &&
          info.keep == FARKLE_CARD_KEEP_RATE);
    for (i = 1; i <= 6; i++) {
        CHECK_STATUS(farkle_card_threshold(c, FARKLE_CARD_SITUATION_BEHIND, i, &t),
                     FARKLE_STATUS_OK);
        CHECK(t == row[i - 1]);
    }
    CHECK_STATUS(farkle_card_threshold(c, 0, 7, &t), FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(farkle_card_text(c, text, sizeof text, &len), FARKLE_STATUS_OK);
    CHECK(strstr(text, "1 die: 300, 2 dice: 300, 3 dice: 400, 4 dice: 700, 5 dice: 2000, "
                       "6 dice: never.") != NULL);
    CHECK(strstr(text, "Keep the dice that score the most per die.") != NULL);
    farkle_card_free(c);

    /* Per situation: row s is behind, level, ahead, endgame. */
    for (i = 0; i < 24; i++) rows[i] = 100 * (i + 1);
    rows[23] = FARKLE_CARD_NEVER;
    c = kept;
    CHECK_STATUS(farkle_card_new_situational(rows, 0, 500, 2000, 0, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_situational(rows, 13, 500, 2000, 0, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_situational(rows, 6, FARKLE_CARD_MAX_POINTS + 1, 2000, 0, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_situational(rows, 6, 500, FARKLE_CARD_MAX_POINTS + 1, 0, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_situational(rows, 6, 500, 2000, 7, 0, &c),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_new_situational(NULL, 6, 500, 2000, 0, 0, &c),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_new_situational(rows, 6, 500, 2000, 0, 0, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK(c == kept);
    CHECK_STATUS(farkle_card_new_situational(rows, 6, 500, 2000, FARKLE_CARD_KEEP_SINGLE, 5, &c),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_info(c, &info), FARKLE_STATUS_OK);
    CHECK(info.family == FARKLE_CARD_FAMILY_SITUATIONAL && info.dice == 6 && info.band == 500 &&
          info.endgame == 2000 && info.keep == FARKLE_CARD_KEEP_SINGLE && info.reroll == 5);
    CHECK_STATUS(farkle_card_threshold(c, FARKLE_CARD_SITUATION_BEHIND, 1, &t), FARKLE_STATUS_OK);
    CHECK(t == 100);
    CHECK_STATUS(farkle_card_threshold(c, FARKLE_CARD_SITUATION_LEVEL, 2, &t), FARKLE_STATUS_OK);
    CHECK(t == 800);
    CHECK_STATUS(farkle_card_threshold(c, FARKLE_CARD_SITUATION_AHEAD, 6, &t), FARKLE_STATUS_OK);
    CHECK(t == 1800);
    CHECK_STATUS(farkle_card_threshold(c, FARKLE_CARD_SITUATION_ENDGAME, 6, &t),
                 FARKLE_STATUS_OK);
    CHECK(t == FARKLE_CARD_NEVER);
    CHECK_STATUS(farkle_card_text(c, text, sizeof text, &len), FARKLE_STATUS_OK);
    CHECK(strstr(text, "within 2000 of the target") != NULL);
    CHECK(strstr(text, "  ahead: 1 die: 1300,") != NULL);
    farkle_card_free(c);

    /* The folk cards: "never roll 1 or 2 dice" banks at 0 with 1 or 2 dice left. */
    CHECK(strcmp(farkle_card_folk_name(0), "bank at 300") == 0);
    CHECK(strcmp(farkle_card_folk_name(4), "never roll 1 or 2 dice") == 0);
    CHECK(farkle_card_folk_name(FARKLE_CARD_FOLK_COUNT) == NULL);
    for (i = 0; i < FARKLE_CARD_FOLK_COUNT; i++) {
        CHECK_STATUS(farkle_card_folk(6, i, &c), FARKLE_STATUS_OK);
        farkle_card_free(c);
    }
    CHECK_STATUS(farkle_card_folk(6, 3, &c), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_threshold(c, 0, 4, &t), FARKLE_STATUS_OK);
    CHECK(t == 1000);
    farkle_card_free(c);
    CHECK_STATUS(farkle_card_folk(6, 5, &c), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_threshold(c, 0, 2, &t), FARKLE_STATUS_OK);
    CHECK(t == 0);
    CHECK_STATUS(farkle_card_threshold(c, 0, 3, &t), FARKLE_STATUS_OK);
    CHECK(t == 300);
    farkle_card_free(c);
    CHECK_STATUS(farkle_card_folk(6, 4, &c), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_threshold(c, 0, 6, &t), FARKLE_STATUS_OK);
    CHECK(t == FARKLE_CARD_NEVER);
    farkle_card_free(c);
    c = kept;
    CHECK_STATUS(farkle_card_folk(6, FARKLE_CARD_FOLK_COUNT, &c),
                 FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(farkle_card_folk(0, 0, &c), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_folk(13, 0, &c), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_folk(6, 0, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(c == kept);
    CHECK(strcmp(farkle_card_family_name(FARKLE_CARD_FAMILY_PER_DICE), "per dice") == 0);
    CHECK(farkle_card_family_name(3) == NULL);
}

static void test_values(const FarkleWinTable *t) {
    FarkleCard *at50 = NULL, *at100 = NULL, *never = NULL, *six = NULL, *best = NULL;
    FarkleCardValue v, kept;
    FarkleCard *untouched = (FarkleCard *)&v;
    const uint32_t never_row[1] = {FARKLE_CARD_NEVER};
    const uint32_t six_row[6] = {300, 300, 300, 300, 300, 300};
    uint32_t threshold = 0;

    CHECK_STATUS(farkle_card_new_total(50, FARKLE_CARD_KEEP_ALL, 0, &at50), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_new_total(100, FARKLE_CARD_KEEP_ALL, 0, &at100), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_new_per_dice(never_row, 1, FARKLE_CARD_KEEP_ALL, 0, &never),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_new_per_dice(six_row, 6, FARKLE_CARD_KEEP_ALL, 0, &six),
                 FARKLE_STATUS_OK);

    /* The card that banks at 50: the hand-derived chances (see the top of the file). */
    CHECK_STATUS(farkle_card_evaluate(at50, t, NULL, NULL, &v), FARKLE_STATUS_OK);
    CHECK(v.player_count == 2);
    CHECK(NEAR(v.seats[0], 90.0 / 169.0) && NEAR(v.seats[1], 70.0 / 169.0) && v.seats[2] == 0.0);
    CHECK(NEAR(v.optimal[0], 9.0 / 16.0) && NEAR(v.optimal[1], 7.0 / 16.0));
    CHECK(NEAR(v.chance, 80.0 / 169.0) && NEAR(v.fair_share, 0.5));
    CHECK(NEAR(v.optimal_chance, 0.5) && NEAR(v.price, 9.0 / 338.0));
    /* Rolling on to the target is optimal play: no price. */
    CHECK_STATUS(farkle_card_evaluate(at100, t, NULL, NULL, &v), FARKLE_STATUS_OK);
    CHECK(NEAR(v.seats[0], 9.0 / 16.0) && NEAR(v.seats[1], 7.0 / 16.0) && NEAR(v.price, 0.0));
    CHECK_STATUS(farkle_card_evaluate(never, t, NULL, NULL, &v), FARKLE_STATUS_OK);
    CHECK(NEAR(v.chance, 0.5));

    /* Refusals write nothing. */
    memset(&v, 0xAB, sizeof v);
    kept = v;
    CHECK_STATUS(farkle_card_evaluate(six, t, NULL, NULL, &v), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_evaluate(at50, t, stop_at_once, NULL, &v), FARKLE_STATUS_CANCELLED);
    CHECK_STATUS(farkle_card_evaluate(NULL, t, NULL, NULL, &v), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_evaluate(at50, NULL, NULL, NULL, &v), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_evaluate(at50, t, NULL, NULL, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(memcmp(&v, &kept, sizeof v) == 0);

    /* The best single threshold rolls on to the target (any threshold of 50 or less banks
     * at 50 and pays 9/338). */
    best = untouched;
    CHECK_STATUS(farkle_card_best(t, 3, NULL, NULL, &best, &v), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_card_best(t, FARKLE_CARD_FAMILY_TOTAL, stop_at_once, NULL, &best, &v),
                 FARKLE_STATUS_CANCELLED);
    CHECK_STATUS(farkle_card_best(NULL, 0, NULL, NULL, &best, &v), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_best(t, 0, NULL, NULL, NULL, &v), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_card_best(t, 0, NULL, NULL, &best, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(best == untouched && memcmp(&v, &kept, sizeof v) == 0);
    CHECK_STATUS(farkle_card_best(t, FARKLE_CARD_FAMILY_TOTAL, NULL, NULL, &best, &v),
                 FARKLE_STATUS_OK);
    CHECK(NEAR(v.chance, 0.5) && NEAR(v.price, 0.0));
    CHECK_STATUS(farkle_card_threshold(best, 0, 1, &threshold), FARKLE_STATUS_OK);
    CHECK(threshold > 50);
    farkle_card_free(best);
    CHECK_STATUS(farkle_card_best(t, FARKLE_CARD_FAMILY_SITUATIONAL, NULL, NULL, &best, &v),
                 FARKLE_STATUS_OK);
    CHECK(NEAR(v.chance, 0.5));
    farkle_card_free(best);

    farkle_card_free(at50);
    farkle_card_free(at100);
    farkle_card_free(never);
    farkle_card_free(six);
}

static FarkleGameState state_of(const FarkleGame *g) {
    FarkleGameState s;
    memset(&s, 0, sizeof s);
    CHECK_STATUS(farkle_game_state(g, &s), FARKLE_STATUS_OK);
    return s;
}

static void test_play(const FarkleRules *r, const FarkleWinTable *t) {
    FarkleCard *at50 = NULL, *six = NULL;
    const uint32_t six_row[6] = {300, 300, 300, 300, 300, 300};
    const FarkleCard *seats[2];
    const uint32_t kinds[2] = {FARKLE_BOT_KIND_WIN_OPTIMAL, FARKLE_BOT_KIND_WIN_OPTIMAL};
    FarkleGame *g = NULL;
    FarkleGameState s;
    FarklePlayerState before, after;
    FarkleSimulation sim, kept;
    int turns = 0;
    double share;
    const uint64_t games = (uint64_t)workload(40000, 4000);

    CHECK_STATUS(farkle_card_new_total(50, FARKLE_CARD_KEEP_ALL, 0, &at50), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_new_per_dice(six_row, 6, FARKLE_CARD_KEEP_ALL, 0, &six),
                 FARKLE_STATUS_OK);

    /* Player 0 plays the card: from 0 a turn ends at 0, at 50 (a 5 banked) or at 100 (a 1,
     * or 5 then 5 or 1); from 50 at 50 or at 150 or more. */
    CHECK_STATUS(farkle_game_new(r, 2, 7, &g), FARKLE_STATUS_OK);
    while (state_of(g).phase != FARKLE_GAME_PHASE_GAME_OVER && turns < 1000) {
        s = state_of(g);
        if (s.current_player == 0) {
            CHECK_STATUS(farkle_game_player(g, 0, &before), FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_card_play_turn(g, at50, 1), FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_player(g, 0, &after), FARKLE_STATUS_OK);
            if (before.score == 0) {
                CHECK(after.score == 0 || after.score == 50 || after.score >= 100);
            } else {
                CHECK(before.score == 50 && (after.score == 50 || after.score >= 150));
            }
        } else {
            CHECK_STATUS(farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_WIN_OPTIMAL, t, 1),
                         FARKLE_STATUS_OK);
        }
        turns++;
    }
    CHECK(state_of(g).phase == FARKLE_GAME_PHASE_GAME_OVER);
    CHECK_STATUS(farkle_game_card_play_turn(g, at50, 1), FARKLE_STATUS_GAME_OVER);
    {
        FarkleCoachNote note;
        CHECK_STATUS(farkle_game_coach(g, at50, t, &note), FARKLE_STATUS_GAME_OVER);
    }
    farkle_game_free(g);

    /* A card for six dice does not fit one die; refusals leave the game as it was. */
    CHECK_STATUS(farkle_game_new(r, 2, 7, &g), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_card_play_turn(g, six, 1), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_game_card_play_turn(NULL, at50, 1), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_card_play_turn(g, NULL, 1), FARKLE_STATUS_NULL_POINTER);
    s = state_of(g);
    CHECK(s.current_player == 0 && s.round == 1 && s.phase == FARKLE_GAME_PHASE_AWAITING_ROLL);
    farkle_game_free(g);

    /* The card against optimal play, seats rotating: its share of the wins is its average
     * chance 80/169 (0.473), within four standard deviations; optimal play's is 1/2. */
    seats[0] = at50;
    seats[1] = NULL;
    CHECK_STATUS(farkle_simulate_cards(r, kinds, seats, 2, games, 11, t, NULL, NULL, &sim),
                 FARKLE_STATUS_OK);
    CHECK(sim.games == games && sim.ties[0] == 0 && sim.wins[0] + sim.wins[1] == games);
    share = (double)sim.wins[0] / (double)games;
    CHECK(fabs(share - 80.0 / 169.0) < 4.0 * sqrt(0.25 / (double)games));
    /* Without cards, as farkle_simulate_with_progress(). */
    CHECK_STATUS(farkle_simulate_cards(r, kinds, NULL, 2, 1000, 11, t, NULL, NULL, &sim),
                 FARKLE_STATUS_OK);
    memset(&kept, 0, sizeof kept);
    CHECK_STATUS(
        farkle_simulate_with_progress(r, kinds, 2, 1000, 11, t, NULL, NULL, &kept),
        FARKLE_STATUS_OK);
    CHECK(sim.wins[0] == kept.wins[0] && sim.turns == kept.turns);

    memset(&sim, 0xCD, sizeof sim);
    kept = sim;
    seats[1] = six;
    CHECK_STATUS(farkle_simulate_cards(r, kinds, seats, 2, 10, 11, t, NULL, NULL, &sim),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    seats[1] = NULL;
    CHECK_STATUS(farkle_simulate_cards(r, kinds, seats, 0, 10, 11, t, NULL, NULL, &sim),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_simulate_cards(r, kinds, seats, 2, 10, 11, NULL, NULL, NULL, &sim),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_simulate_cards(NULL, kinds, seats, 2, 10, 11, t, NULL, NULL, &sim),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_simulate_cards(r, NULL, seats, 2, 10, 11, t, NULL, NULL, &sim),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_simulate_cards(r, kinds, seats, 2, 10, 11, t, NULL, NULL, NULL),
                 FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_simulate_cards(r, kinds, seats, 2, 1000000, 11, t, stop_at_once, NULL,
                                       &sim),
                 FARKLE_STATUS_CANCELLED);
    CHECK(memcmp(&sim, &kept, sizeof sim) == 0);

    farkle_card_free(at50);
    farkle_card_free(six);
}

static void test_coach(const FarkleRules *r, const FarkleWinTable *t) {
    FarkleCard *at50 = NULL, *six = NULL;
    const uint32_t six_row[6] = {300, 300, 300, 300, 300, 300};
    FarkleGame *g = NULL;
    FarkleCoachNote n, kept;
    const uint8_t five[1] = {5};
    const uint8_t two[1] = {2};
    FarkleRules classic = preset(FARKLE_PRESET_CLASSIC);
    FarkleGame *other = NULL;

    CHECK_STATUS(farkle_card_new_total(50, FARKLE_CARD_KEEP_ALL, 0, &at50), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_new_per_dice(six_row, 6, FARKLE_CARD_KEEP_ALL, 0, &six),
                 FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_new(r, 2, 3, &g), FARKLE_STATUS_OK);

    /* The start: both roll; a chance to win of 9/16 either way. */
    CHECK_STATUS(farkle_game_coach(g, at50, t, &n), FARKLE_STATUS_OK);
    CHECK(n.card_action == FARKLE_ACTION_ROLL && n.optimal_action == FARKLE_ACTION_ROLL);
    CHECK(n.agrees && n.cost == 0.0 && n.value_kind == FARKLE_VALUE_KIND_WIN_PROBABILITY);
    CHECK(NEAR(n.card_value, 9.0 / 16.0) && NEAR(n.optimal_value, 9.0 / 16.0));
    /* A 5: both keep it. */
    CHECK_STATUS(farkle_game_roll_dice(g, five, 1), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_coach(g, at50, t, &n), FARKLE_STATUS_OK);
    CHECK(n.card_action == FARKLE_ACTION_SELECT && n.card_dice_mask == 1 &&
          n.optimal_action == FARKLE_ACTION_SELECT && n.optimal_dice_mask == 1 && n.agrees);
    CHECK_STATUS(farkle_game_select_mask(g, 1), FARKLE_STATUS_OK);
    /* At 50: the card banks (7/13), optimal play rolls (5/8); the difference is 9/104. */
    CHECK_STATUS(farkle_game_coach(g, at50, t, &n), FARKLE_STATUS_OK);
    CHECK(n.card_action == FARKLE_ACTION_BANK && n.optimal_action == FARKLE_ACTION_ROLL);
    CHECK(!n.agrees && n.card_dice_mask == 0 && n.optimal_dice_mask == 0);
    CHECK(NEAR(n.card_value, 7.0 / 13.0) && NEAR(n.optimal_value, 5.0 / 8.0));
    CHECK(NEAR(n.cost, 9.0 / 104.0));
    /* Without a table: expected points of the turn. Rolling 1 die at 50 is worth at least
     * the 1/3 * 150 of the rolls that score, banking exactly 50. */
    CHECK_STATUS(farkle_game_coach(g, at50, NULL, &n), FARKLE_STATUS_OK);
    CHECK(n.value_kind == FARKLE_VALUE_KIND_EXPECTED_POINTS);
    CHECK(NEAR(n.card_value, 50.0));

    /* Refusals write nothing. */
    memset(&n, 0x5A, sizeof n);
    kept = n;
    CHECK_STATUS(farkle_game_coach(g, six, t, &n), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_game_coach(NULL, at50, t, &n), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_coach(g, NULL, t, &n), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_coach(g, at50, t, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_game_new(&classic, 2, 3, &other), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_coach(other, six, t, &n), FARKLE_STATUS_INVALID_ARGUMENT);
    farkle_game_free(other);
    /* One die: a 2 farkles: nothing to decide. */
    farkle_game_free(g);
    CHECK_STATUS(farkle_game_new(r, 2, 3, &g), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_roll_dice(g, two, 1), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_coach(g, at50, t, &n), FARKLE_STATUS_WRONG_PHASE);
    CHECK(memcmp(&n, &kept, sizeof n) == 0);
    farkle_game_free(g);

    farkle_card_free(at50);
    farkle_card_free(six);
}

/* Three players: the card that rolls on to the target against two players of the
 * equilibrium, who (as in the two-player game) roll on too: a race where each turn wins with
 * p = 2/9, so the seats win p / (1 - q^3), q p / (1 - q^3) and q^2 p / (1 - q^3) with
 * q = 7/9: 81/193, 63/193 and 49/193. */
static void test_three_players(const FarkleRules *r) {
    FarkleWinTable *t3 = NULL;
    FarkleCard *at100 = NULL;
    FarkleCardValue v;
    CHECK_STATUS(farkle_win_table_solve_players(r, 3, NULL, NULL, &t3), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_new_total(100, FARKLE_CARD_KEEP_ALL, 0, &at100), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_card_evaluate(at100, t3, NULL, NULL, &v), FARKLE_STATUS_OK);
    CHECK(v.player_count == 3 && NEAR(v.fair_share, 1.0 / 3.0));
    CHECK(NEAR(v.seats[0], 81.0 / 193.0) && NEAR(v.seats[1], 63.0 / 193.0) &&
          NEAR(v.seats[2], 49.0 / 193.0));
    CHECK(NEAR(v.optimal[0], 81.0 / 193.0) && NEAR(v.optimal[2], 49.0 / 193.0));
    CHECK(NEAR(v.chance, 1.0 / 3.0) && NEAR(v.price, 0.0));
    farkle_card_free(at100);
    farkle_win_table_free(t3);
}

int main(void) {
    FarkleRules r = one_die();
    FarkleWinTable *t = NULL;
    test_constructors();
    if (farkle_win_table_solve(&r, NULL, NULL, &t) != FARKLE_STATUS_OK) {
        fprintf(stderr, "the one-die table: %s\n", farkle_last_error_message());
        return 2;
    }
    test_values(t);
    test_play(&r, t);
    test_coach(&r, t);
    test_three_players(&r);
    farkle_win_table_free(t);
    return finish();
}

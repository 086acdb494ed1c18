/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * bot.c: a simple threshold bot and exact farkle odds (see bot.h).
 *
 * The bot takes the selection with the most points (the most dice among equals: the first
 * entry of farkle_game_selections()), then banks when it may and one of these holds:
 *  - banking reaches the target score;
 *  - in a final round started by someone else, banking puts it ahead of every other player
 *    (and otherwise it keeps rolling: a lower score loses anyway);
 *  - the turn's points reach bot_bank_threshold() for the dice it would roll next.
 * When it may neither roll nor bank it forfeits the turn.
 */
#include "bot.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int64_t bot_bank_threshold(BotStyle style, uint32_t dice_to_roll) {
    /* Turn points at which the standard bot stops, by dice left to roll: with 6 dice a farkle
     * is a 2.3% chance, with 1 die 67% (classic rules), so the fewer dice the sooner it
     * stops. Index 0 is unused. */
    static const int64_t table[7] = {0, 300, 300, 400, 700, 2000, INT64_MAX};
    int64_t t = dice_to_roll >= 6 ? INT64_MAX : table[dice_to_roll];
    switch (style) {
    case BOT_STYLE_CAUTIOUS:
        return 0;
    case BOT_STYLE_BOLD:
        return t == INT64_MAX ? t : 2 * t;
    case BOT_STYLE_STANDARD:
    default:
        return t;
    }
}

/* Whether banking now is the bot's choice (the library decides whether it is allowed). */
static int wants_to_bank(const FarkleGame *game, const FarkleGameState *s, BotStyle style) {
    FarkleRules rules;
    FarklePlayerState me;
    int64_t after;
    uint32_t p;
    if (farkle_game_rules(game, &rules) != FARKLE_STATUS_OK ||
        farkle_game_player(game, s->current_player, &me) != FARKLE_STATUS_OK)
        return 1;
    after = me.score + s->turn_points;
    if (s->final_round && s->final_round_player != s->current_player) {
        for (p = 0; p < s->player_count; p++) {
            FarklePlayerState other;
            if (p == s->current_player) continue;
            if (farkle_game_player(game, p, &other) != FARKLE_STATUS_OK) return 1;
            if (other.active && other.score >= after) return 0;
        }
        return 1;
    }
    /* Past an exact target a bank busts (or is refused): roll on for an exact hit. */
    if (rules.exact_target != FARKLE_EXACT_TARGET_OFF && after > rules.target_score) return 0;
    if (rules.target_score > 0 && after >= rules.target_score) return 1;
    return s->turn_points >= bot_bank_threshold(style, s->dice_in_hand);
}

/* The library's advice (in a final round it rolls on until in the lead). */
BotAction bot_advise(const FarkleGame *game, const FarkleWinTable *table) {
    BotAction action;
    FarkleAdvice a;
    size_t count = 0;
    memset(&action, 0, sizeof action);
    action.status = farkle_game_advise(game, table, &a, NULL, 0, &count);
    if (action.status != FARKLE_STATUS_OK) return action;
    action.value = a.recommended.value;
    action.is_win_probability = a.value_kind == FARKLE_VALUE_KIND_WIN_PROBABILITY;
    switch (a.recommended.action) {
    case FARKLE_ACTION_ROLL:
        action.kind = BOT_ROLL;
        break;
    case FARKLE_ACTION_SELECT:
        action.kind = BOT_SELECT;
        action.mask = a.recommended.dice_mask;
        action.points = a.recommended.points;
        break;
    case FARKLE_ACTION_BANK:
        action.kind = BOT_BANK;
        break;
    case FARKLE_ACTION_ACKNOWLEDGE_FARKLE:
        action.kind = BOT_ACKNOWLEDGE;
        break;
    case FARKLE_ACTION_PIGGYBACK:
        action.kind = BOT_PIGGYBACK;
        action.points = a.recommended.points;
        break;
    case FARKLE_ACTION_FORFEIT_TURN:
    default:
        action.kind = BOT_FORFEIT;
        break;
    }
    return action;
}

int seat_advice(const FarkleGame *game, const FarkleWinTable *table, SeatAdvice *out) {
    FarkleGameState s;
    size_t n = 0, count = 0, i;
    memset(out, 0, sizeof *out);
    if (table == NULL || farkle_game_state(game, &s) != FARKLE_STATUS_OK) return -1;
    if (farkle_game_advise(game, table, &out->advice, NULL, 0, &n) != FARKLE_STATUS_OK ||
        out->advice.value_kind != FARKLE_VALUE_KIND_WIN_PROBABILITY || n == 0)
        return -1;
    out->choices = malloc(n * sizeof *out->choices);
    out->chances = malloc(n * s.player_count * sizeof *out->chances);
    out->players = s.player_count;
    if (out->choices == NULL || out->chances == NULL ||
        farkle_game_advise(game, table, &out->advice, out->choices, n, &n) != FARKLE_STATUS_OK ||
        farkle_game_advise_seats(game, table, out->chances, n * s.player_count, &count,
                                 &out->roll_probability) != FARKLE_STATUS_OK ||
        count != n * s.player_count) {
        seat_advice_free(out);
        return -1;
    }
    out->advice.choice_count = n;
    for (i = 0; i < n; i++) {
        const FarkleAdviceChoice *c = &out->choices[i];
        if (c->action == out->advice.recommended.action &&
            (c->action != FARKLE_ACTION_SELECT ||
             c->dice_mask == out->advice.recommended.dice_mask)) {
            out->recommended = i;
            return 0;
        }
    }
    seat_advice_free(out); /* not reached: the recommendation is one of the choices */
    return -1;
}

void seat_advice_free(SeatAdvice *a) {
    free(a->choices);
    free(a->chances);
    memset(a, 0, sizeof *a);
}

/* The index of the choice `action` among the advice's, or the choice count. */
static size_t choice_index(const SeatAdvice *a, FarkleAction action) {
    size_t i;
    for (i = 0; i < a->advice.choice_count; i++)
        if (a->choices[i].action == action) break;
    return i;
}

int seat_advice_now(const SeatAdvice *a, double *out) {
    size_t roll = choice_index(a, FARKLE_ACTION_ROLL), bank = choice_index(a, FARKLE_ACTION_BANK);
    int mixed = a->roll_probability > 0.0 && a->roll_probability < 1.0 &&
                roll < a->advice.choice_count && bank < a->advice.choice_count;
    uint32_t p;
    for (p = 0; p < a->players; p++) {
        double v = a->chances[a->recommended * a->players + p];
        if (mixed)
            v = a->roll_probability * a->chances[roll * a->players + p] +
                (1.0 - a->roll_probability) * a->chances[bank * a->players + p];
        if (v != v) return -1;
        out[p] = v;
    }
    return 0;
}

BotAction bot_decide(const FarkleGame *game, BotStyle style) {
    BotAction action;
    FarkleGameState s;
    memset(&action, 0, sizeof action);
    if (style == BOT_STYLE_OPTIMAL) return bot_advise(game, NULL);
    if (farkle_game_state(game, &s) != FARKLE_STATUS_OK) return action;
    switch (s.phase) {
    case FARKLE_GAME_PHASE_FARKLED:
        action.kind = BOT_ACKNOWLEDGE;
        break;
    case FARKLE_GAME_PHASE_AWAITING_SELECTION: {
        FarkleSelection best[FARKLE_MAX_SELECTIONS];
        size_t n = 0;
        if (farkle_game_selections(game, best, FARKLE_MAX_SELECTIONS, &n) == FARKLE_STATUS_OK &&
            n > 0) {
            action.kind = BOT_SELECT;
            action.mask = best[0].dice_mask;
            action.points = best[0].points;
        }
        break;
    }
    case FARKLE_GAME_PHASE_AWAITING_ROLL:
        if (s.can_bank && (!s.can_roll || wants_to_bank(game, &s, style)))
            action.kind = BOT_BANK;
        else if (s.can_roll)
            action.kind = BOT_ROLL;
        else if (s.can_forfeit)
            action.kind = BOT_FORFEIT;
        break;
    case FARKLE_GAME_PHASE_GAME_OVER:
    default:
        break;
    }
    return action;
}

FarkleStatus odds_init(Odds *odds, const FarkleRules *rules) {
    memset(odds, 0, sizeof *odds);
    return farkle_scorer_new(rules, &odds->scorer);
}

void odds_free(Odds *odds) {
    farkle_scorer_free(odds->scorer);
    memset(odds, 0, sizeof *odds);
}

/* Visits every multiset of `left` more dice with faces >= `face`, adding the number of
 * orderings of each farkle to *farkles. Returns -1 when the scorer fails. */
static int count_farkles(const FarkleScorer *scorer, uint8_t *faces, size_t filled, size_t n,
                         uint8_t face, uint64_t orderings_so_far, size_t run, uint64_t *farkles) {
    /* orderings_so_far is n! / (prod of the factorials of the completed runs) * ... built
     * incrementally: placing the k-th die of a run of equal faces divides by k. */
    if (filled == n) {
        FarkleRollAnalysis a;
        if (farkle_scorer_roll_analyze(scorer, faces, n, &a) != FARKLE_STATUS_OK) return -1;
        if (a.is_farkle) *farkles += orderings_so_far;
        return 0;
    }
    for (; face <= 6; face++) {
        size_t new_run = (filled > 0 && faces[filled - 1] == face) ? run + 1 : 1;
        /* n! / prod(c!) as a running product: multiply by (filled + 1), divide by new_run.
         * Every intermediate value is a multinomial coefficient, so the division is exact. */
        uint64_t next = orderings_so_far * (uint64_t)(filled + 1) / (uint64_t)new_run;
        faces[filled] = face;
        if (count_farkles(scorer, faces, filled + 1, n, face, next, new_run, farkles) != 0)
            return -1;
    }
    return 0;
}

int odds_farkle(Odds *odds, uint32_t n, uint64_t *out_farkles, uint64_t *out_total) {
    if (odds->scorer == NULL || n == 0 || n > FARKLE_MAX_DICE) return -1;
    if (!odds->known[n]) {
        uint8_t faces[FARKLE_MAX_DICE];
        uint64_t farkles = 0, total = 1;
        uint32_t i;
        for (i = 0; i < n; i++) total *= 6;
        if (count_farkles(odds->scorer, faces, 0, n, 1, 1, 0, &farkles) != 0) return -1;
        odds->farkles[n] = farkles;
        odds->total[n] = total;
        odds->known[n] = 1;
    }
    *out_farkles = odds->farkles[n];
    *out_total = odds->total[n];
    return 0;
}

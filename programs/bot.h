/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * bot.h: the library's advice and the odds shown by the game's `hint` (commands.c), and the
 * simple threshold bots of the simulator (simulate.c). The game's computer players are the
 * library's own (farkle_game_bot_play_turn(), see commands.c).
 */
#ifndef FARKLE_EXAMPLES_BOT_H
#define FARKLE_EXAMPLES_BOT_H

#include <stdint.h>

#include "farkle.h"

/* How readily a bot banks (see bot_bank_threshold()). */
typedef enum BotStyle {
    BOT_STYLE_CAUTIOUS = 0, /* banks as soon as it may */
    BOT_STYLE_STANDARD = 1, /* the threshold table */
    BOT_STYLE_BOLD = 2,     /* twice the threshold table */
    BOT_STYLE_OPTIMAL = 3   /* the library's single-turn optimal advice (farkle_game_advise) */
} BotStyle;

typedef enum BotActionKind {
    BOT_NONE = 0,    /* nothing to do (the game is over) */
    BOT_ROLL,        /* farkle_game_roll() */
    BOT_SELECT,      /* farkle_game_select_mask(mask); `points` is what it scores */
    BOT_BANK,        /* farkle_game_bank() */
    BOT_ACKNOWLEDGE, /* farkle_game_acknowledge_farkle() */
    BOT_FORFEIT,     /* farkle_game_forfeit_turn() */
    BOT_PIGGYBACK    /* farkle_game_piggyback(); `points` is what it takes over */
} BotActionKind;

typedef struct BotAction {
    BotActionKind kind;
    uint16_t mask;
    int32_t points;
    /* From bot_advise() only: the action's value, the expected points banked this turn or,
     * when `is_win_probability`, the chance to win under optimal play (two players) or the
     * three-player equilibrium. */
    double value;
    int is_win_probability;
    /* From bot_advise() only: FARKLE_STATUS_OK, or why farkle_game_advise() failed (then
     * `kind` is BOT_NONE, and farkle_last_error_message() explains until the next failing
     * call). */
    FarkleStatus status;
} BotAction;

/* The turn points at which a bot banks with `dice_to_roll` dice to roll next. */
int64_t bot_bank_threshold(BotStyle style, uint32_t dice_to_roll);

/* The next action of the current player of `game`, as a bot of `style` plays it.
 * Returns a BOT_NONE action when the game is over or its state cannot be read. */
BotAction bot_decide(const FarkleGame *game, BotStyle style);

/* The library's advice (farkle_game_advise()) for the current player: win-optimal when
 * `table` is not NULL and applies (as many active players as the table's, its rules),
 * single-turn optimal otherwise. BOT_STYLE_OPTIMAL is bot_advise(game, NULL). When the library cannot
 * advise (the game is over, or the rules' turn cannot be solved or would need more than the
 * library allows), a BOT_NONE action with the library's status. */
BotAction bot_advise(const FarkleGame *game, const FarkleWinTable *table);

/* The library's advice with every choice's chances by seat (farkle_game_advise() and
 * farkle_game_advise_seats()), where a table covers the game: two or three active players,
 * a table of as many. */
typedef struct SeatAdvice {
    FarkleAdvice advice;
    FarkleAdviceChoice *choices; /* advice.choice_count of them, in the library's order */
    double *chances;  /* choice i's chance for seat p at chances[i * players + p] */
    uint32_t players; /* the game's player count (seats that left have a chance of 0) */
    double roll_probability; /* strictly between 0 and 1 where the equilibrium mixes */
    size_t recommended;      /* advice.recommended's index among the choices */
} SeatAdvice;

/* 0 with `out` filled (free it with seat_advice_free()); -1 when the library gives no
 * chances by seat here (no table, a table that does not cover the game, the game over, or
 * rules it cannot advise under), with `out` empty. */
int seat_advice(const FarkleGame *game, const FarkleWinTable *table, SeatAdvice *out);
void seat_advice_free(SeatAdvice *a);

/* Every seat's chance to win from here (a->players of them into `out`): the recommended
 * choice's, or where the mover mixes banking and rolling, the mix of both. 0, or -1 when the
 * table cannot value it (a NaN). */
int seat_advice_now(const SeatAdvice *a, double *out);

/* Exact farkle odds of a roll of 1..FARKLE_MAX_DICE dice under one rules value: `farkles`
 * of the `total` = 6^n equally likely rolls score nothing. Computed once per dice count by
 * enumerating every multiset of faces through farkle_scorer_roll_analyze() (weighted by its
 * number of orderings), then cached. */
typedef struct Odds {
    FarkleScorer *scorer;
    int known[FARKLE_MAX_DICE + 1];
    uint64_t farkles[FARKLE_MAX_DICE + 1];
    uint64_t total[FARKLE_MAX_DICE + 1];
} Odds;

/* Prepares `odds` for `rules`; returns the library's status. odds_free() releases it. */
FarkleStatus odds_init(Odds *odds, const FarkleRules *rules);
void odds_free(Odds *odds);

/* Writes the farkle count and the number of rolls for `n` dice; returns 0 on success, -1 when
 * n is 0 or above the set, or the scorer fails. */
int odds_farkle(Odds *odds, uint32_t n, uint64_t *out_farkles, uint64_t *out_total);

#endif

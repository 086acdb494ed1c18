/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * commands.c: the player's commands, typed (dispatch()) or as single keys (keys_command(),
 * --keys), and the computer players' turns.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* One entry of a help list: its name in a column of `column` characters, then what it does,
 * wrapped under itself. */
static void help_entry(const char *name, const char *what, size_t column) {
    char first[64];
    snprintf(first, sizeof first, "%-*s", (int)column, name);
    print_wrapped(stdout, first, what, wrap_width(), column);
}

static void print_help(int keys) {
    static const char *const commands[][2] = {
        {"  roll      [r]  ", "roll the dice in hand"},
        {"  pick      [p]  ", "keep scoring dice of the roll: `pick 1 3 4` keeps dice 1, 3 and 4 "
                              "(numbered from 1 as drawn); plain `pick` asks which"},
        {"  unpick    [u]  ", "put back the dice picked from this roll"},
        {"  bank      [b]  ", "add this turn's points to your score; the turn passes on"},
        {"  piggyback [t]  ", "take over the points and dice left by the turn just banked "
                              "(piggybacking rules; before your first roll)"},
        {"  view      [v]  ", "the roll, numbered as `pick` takes it (as in the original game)"},
        {"  hand      [h]  ", "the roll, and the dice kept this turn with their points"},
        {"  scores    [c]  ", "the scores, the round and whose turn it is (with a table, "
                              "every player's chance to win)"},
        {"  hint      [i]  ", "the best pick, the odds of a farkle, the optimal play (with a "
                              "table, every choice's chances to win), and what the turn needs"},
        {"  rules          ", "the point table and every rule in force"},
        {"  save FILE      ", "save the game (resume it with --load FILE)"},
        {"  help      [?]  ", "this list"},
        {"  exit      [q, x, quit]  ", "leave the game (asks first, and offers to save it)"},
    };
    static const char *const keys_list[][2] = {
        {"  r  ", "roll the dice in hand"},
        {"  p  ", "pick dice from the roll"},
        {"  u  ", "put back the dice picked from this roll"},
        {"  b  ", "bank this turn's points"},
        {"  v  ", "the roll (as in the original game)"},
        {"  h  ", "the roll and the dice kept this turn"},
        {"  c  ", "the scores and the state of the game"},
        {"  i  ", "a hint"},
        {"  l  ", "the rules in force"},
        {"  s  ", "save the game (asks a name)"},
        {"  t  ", "take over the last banked turn's points and dice (piggybacking rules)"},
        {"  ?  ", "these keys"},
        {"  q  ", "leave the game (e and x too)"},
    };
    size_t i;
    if (keys) {
        printf("Keys:\n");
        for (i = 0; i < sizeof keys_list / sizeof keys_list[0]; i++)
            help_entry(keys_list[i][0], keys_list[i][1], strlen(keys_list[i][0]));
        say("Picking: a die's number (1-9, 0 for 10, - and = for 11 and 12) or its letter "
            "(q w e r t y u i o p [ ]) keeps it or puts it back; Enter keeps them, Esc or "
            "Backspace cancels.");
        return;
    }
    say("Commands (one-letter forms in brackets; upper or lower case):");
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        help_entry(commands[i][0], commands[i][1], strlen(commands[i][0]));
}

void print_refusal(const Cli *cli, FarkleStatus status) {
    const char *why = farkle_game_last_error(cli->game);
    printf("Refused: %s.\n", safe(why && *why ? why : farkle_status_str((int)status)));
}

static void refuse_unless_ok(const Cli *cli, FarkleStatus st) {
    if (st != FARKLE_STATUS_OK) print_refusal(cli, st);
}

/* The coach's note on the decision the human to move faces (cli->coach, the game's table);
 * 0 when there is none (no coach, nothing to decide, a refusal). */
static int coach_note(const Cli *cli, FarkleCoachNote *note) {
    return cli->coach != NULL &&
           farkle_game_coach(cli->game, cli->coach, cli->table, note) == FARKLE_STATUS_OK;
}

/* "Coach: you banked; the card says bank, optimal play says roll: the card's way costs ...". */
static void coach_say(const char *did, const char *card, const char *optimal,
                      const FarkleCoachNote *note) {
    if (note->agrees) {
        say("Coach: you %s; the card and optimal play both %s.", did, optimal);
        return;
    }
    if (note->value_kind == FARKLE_VALUE_KIND_EXPECTED_POINTS)
        say("Coach: you %s; the card says %s, optimal play says %s: the card's way costs %.1f "
            "points of the turn's expected score (%.1f against %.1f).",
            did, card, optimal, note->cost, note->card_value, note->optimal_value);
    else
        say("Coach: you %s; the card says %s, optimal play says %s: the card's way costs %.2f "
            "percentage points of the chance to win (%.2f%% against %.2f%%).",
            did, card, optimal, 100.0 * note->cost, 100.0 * note->card_value,
            100.0 * note->optimal_value);
}

/* Roll (or bank, when `bank`) for the human to move; with a coach's card, says after the
 * move what the card says, what optimal play says, and what the card's way costs, wherever
 * both rolling and banking were allowed. */
static void coached_move(Cli *cli, int bank) {
    FarkleCoachNote note;
    FarkleGameState s = game_state(cli);
    int noted = s.can_roll && s.can_bank && coach_note(cli, &note);
    FarkleStatus st = bank ? farkle_game_bank(cli->game) : farkle_game_roll(cli->game);
    if (st != FARKLE_STATUS_OK) {
        print_refusal(cli, st);
        return;
    }
    if (noted)
        coach_say(bank ? "banked" : "rolled",
                  note.card_action == FARKLE_ACTION_BANK ? "bank" : "roll",
                  note.optimal_action == FARKLE_ACTION_BANK ? "bank" : "roll", &note);
}

int is_bot_name(const char *name) {
    size_t i = 4;
    if (strncmp(name, "Bot ", 4) != 0 || name[4] == '\0') return 0;
    for (; name[i]; i++)
        if (name[i] < '0' || name[i] > '9') return 0;
    return 1;
}

/* "Rolling 3 dice farkles 27.8% of the time (60 of 216 rolls)." for the player to move (off
 * the board under singles_only_before_entry, only 1s and 5s score). */
static void print_odds(Cli *cli, uint32_t player, uint32_t n) {
    uint64_t farkles = 0, total = 0;
    if (odds_farkle(odds_for(cli, player), n, &farkles, &total) != 0) return;
    say("Rolling %u %s farkles %.1f%% of the time (%llu of %llu rolls).", (unsigned)n,
        plural(n, "die", "dice"), 100.0 * (double)farkles / (double)total,
        (unsigned long long)farkles, (unsigned long long)total);
}

/* Faces from counts, lowest first: "1 1 5 5". */
static const char *counts_text(const uint8_t counts[6], char *out, size_t len) {
    int face, k;
    size_t used = 0;
    out[0] = '\0';
    for (face = 0; face < 6; face++)
        for (k = 0; k < counts[face] && used + 3 < len; k++)
            used += (size_t)snprintf(out + used, len - used, used ? " %d" : "%d", face + 1);
    return out;
}

/* "pick 1 3" from a mask of the roll's dice. */
static const char *pick_text(uint16_t mask, uint32_t count, char *out, size_t len) {
    uint32_t d;
    size_t used = (size_t)snprintf(out, len, "pick");
    for (d = 0; d < count && used + 4 < len; d++)
        if (mask & (1u << d)) used += (size_t)snprintf(out + used, len - used, " %u", d + 1);
    return out;
}

/* What the optimal play optimizes, for the hint's "Optimal play" line. */
static const char *optimal_text(const BotAction *advice, char *out, size_t len) {
    if (advice->is_win_probability)
        snprintf(out, len, "Optimal play (best chance to win, %.1f%%)", 100.0 * advice->value);
    else
        snprintf(out, len, "Optimal play (most expected points this turn)");
    return out;
}

/* The hint while a pick is awaited: the best pick, the odds after it, the optimal pick. */
static void hint_pick(Cli *cli, const FarkleGameState *s, const BotAction *advice) {
    FarkleSelection sel[FARKLE_MAX_SELECTIONS];
    FarkleTurnRoll roll;
    char pick[64], faces[64], optimal[96];
    size_t n = 0;
    uint32_t d, kept = 0, left;
    FarkleStatus st = farkle_game_selections(cli->game, sel, FARKLE_MAX_SELECTIONS, &n);
    if (st == FARKLE_STATUS_OK) st = farkle_game_last_roll(cli->game, &roll);
    if (st != FARKLE_STATUS_OK || n == 0) {
        say("No hint: %s.", st != FARKLE_STATUS_OK ? library_reason(st) : "no pick scores");
        return;
    }
    for (d = 0; d < roll.dice_count; d++) kept += (sel[0].dice_mask >> d) & 1u;
    say("Best pick: `%s` keeps %s for %d points (%u legal %s).",
        pick_text(sel[0].dice_mask, roll.dice_count, pick, sizeof pick),
        counts_text(sel[0].counts, faces, sizeof faces), sel[0].points, (unsigned)n,
        plural(n, "pick", "picks"));
    left = s->dice_in_hand - kept;
    if (left == 0 && cli->rules.hot_dice) left = cli->rules.dice_count;
    if (left > 0) print_odds(cli, s->current_player, left);
    if (advice->kind == BOT_SELECT &&
        (advice->mask != sel[0].dice_mask || advice->is_win_probability))
        say("%s: `%s` for %d points.", optimal_text(advice, optimal, sizeof optimal),
            pick_text(advice->mask, roll.dice_count, pick, sizeof pick), advice->points);
}

/* Before a roll: whether the turn may be banked, and what a bank would do under an exact
 * target (refused, or a bust that loses the turn). */
static void hint_bank(Cli *cli, const FarkleGameState *s) {
    const FarkleRules *r = &cli->rules;
    int64_t score = player_score(cli, s->current_player), turn = s->turn_points;
    int past = r->exact_target != FARKLE_EXACT_TARGET_OFF && r->target_score > 0 &&
               score + turn > (int64_t)r->target_score;
    if (past && r->exact_target == FARKLE_EXACT_TARGET_BUST && s->can_bank)
        say("Banking now would bust: %lld + %lld = %lld passes the exact target of %d, so the "
            "turn would score nothing.",
            (long long)score, (long long)turn, (long long)(score + turn), r->target_score);
    else if (past && r->exact_target == FARKLE_EXACT_TARGET_REFUSE)
        say("You may not bank: %lld + %lld = %lld would pass the exact target of %d.",
            (long long)score, (long long)turn, (long long)(score + turn), r->target_score);
    else if (s->can_bank)
        say("You may bank %lld points now.", (long long)turn);
}

/* What the turn needs, when the game says: the exact target's points, or in the final round
 * the leader's score to pass. */
static void hint_needs(Cli *cli, const FarkleGameState *s) {
    const FarkleRules *r = &cli->rules;
    int64_t score = player_score(cli, s->current_player), turn = s->turn_points;
    if (s->final_round) {
        FarklePlayerState ps;
        int64_t best = 0;
        uint32_t p, leader = s->current_player;
        for (p = 0; p < s->player_count; p++) {
            if (p == s->current_player || farkle_game_player(cli->game, p, &ps) != FARKLE_STATUS_OK ||
                !ps.active)
                continue;
            if (leader == s->current_player || ps.score > best) {
                best = ps.score;
                leader = p;
            }
        }
        if (leader == s->current_player) return;
        if (score > best)
            say("Final round: you lead %s by %lld; this is your last turn.",
                player_name(cli, leader), (long long)(score - best));
        else if (r->exact_target != FARKLE_EXACT_TARGET_OFF)
            say("Final round: %s has %lld; a turn of exactly %lld points ties it (you have %lld "
                "in hand), and nothing can pass the exact target.",
                player_name(cli, leader), (long long)best, (long long)(best - score),
                (long long)turn);
        else
            say("Final round: %s leads with %lld; this turn needs more than %lld points to "
                "pass (%lld ties), and you have %lld in hand.",
                player_name(cli, leader), (long long)best, (long long)(best - score),
                (long long)(best - score), (long long)turn);
        return;
    }
    if (r->exact_target != FARKLE_EXACT_TARGET_OFF && r->target_score > 0) {
        int64_t needed = (int64_t)r->target_score - score;
        if (turn < needed)
            say("To reach %d exactly, this turn needs %lld points: %lld more than the %lld in "
                "hand.",
                r->target_score, (long long)needed, (long long)(needed - turn), (long long)turn);
        else if (turn == needed)
            say("Banking the %lld in hand reaches %d exactly.", (long long)turn,
                r->target_score);
        else
            say("To reach %d exactly, this turn needed %lld points; it has %lld.",
                r->target_score, (long long)needed, (long long)turn);
    }
}

/* "Ann 36.1%, Bob 33.0%, Cal 30.9%": a choice's chances, the active seats in seat order. */
static const char *chances_text(const Cli *cli, const SeatAdvice *a, size_t choice, char *out,
                                size_t len) {
    size_t used = 0;
    uint32_t p;
    out[0] = '\0';
    for (p = 0; p < a->players && used < len; p++) {
        FarklePlayerState ps;
        if (farkle_game_player(cli->game, p, &ps) != FARKLE_STATUS_OK || !ps.active) continue;
        used += (size_t)snprintf(out + used, len - used, "%s%s %.1f%%", used ? ", " : "",
                                 player_name(cli, p), 100.0 * a->chances[choice * a->players + p]);
    }
    return out;
}

/* With a table, every choice's chances: before a roll every seat's after each choice (and
 * where the equilibrium mixes, how often it rolls); for a pick the mover's after the best
 * few picks. */
static void hint_chances(Cli *cli, const FarkleGameState *s) {
    enum { SHOWN_PICKS = 5 };
    SeatAdvice a;
    size_t i, shown = 0, order[SHOWN_PICKS];
    char text[TEXT_SHOWN_LEN], line[2 * TEXT_SHOWN_LEN];
    if (seat_advice(cli->game, cli->table, &a) != 0) return;
    if (s->phase == FARKLE_GAME_PHASE_AWAITING_ROLL) {
        static const struct {
            FarkleAction action;
            const char *what;
        } names[] = {{FARKLE_ACTION_ROLL, "If you roll"},
                     {FARKLE_ACTION_BANK, "If you bank"},
                     {FARKLE_ACTION_PIGGYBACK, "If you take the points over"},
                     {FARKLE_ACTION_FORFEIT_TURN, "If you give up the turn"}};
        size_t k;
        for (i = 0; i < a.advice.choice_count; i++)
            for (k = 0; k < sizeof names / sizeof names[0]; k++)
                if (a.choices[i].action == names[k].action &&
                    a.chances[i * a.players] == a.chances[i * a.players])
                    say("%s, the chances to win: %s.", names[k].what,
                        chances_text(cli, &a, i, text, sizeof text));
        if (a.roll_probability > 0.0 && a.roll_probability < 1.0)
            say("Here optimal play mixes: rolling and banking give you the same chance, and "
                "the equilibrium rolls %.1f%% of the time (the others' chances depend on it).",
                100.0 * a.roll_probability);
    } else if (s->phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
        FarkleTurnRoll roll;
        size_t used, j;
        uint32_t me = s->current_player;
        if (farkle_game_last_roll(cli->game, &roll) != FARKLE_STATUS_OK) goto done;
        /* The best few picks by the mover's chance, best first (equals in the library's
         * order); a pick the table cannot value is left out. */
        for (i = 0; i < a.advice.choice_count; i++) {
            double v = a.chances[i * a.players + me];
            if (v != v) continue;
            j = shown < SHOWN_PICKS ? shown : SHOWN_PICKS - 1;
            if (shown == SHOWN_PICKS && !(v > a.chances[order[j] * a.players + me])) continue;
            for (; j > 0 && a.chances[order[j - 1] * a.players + me] < v; j--)
                order[j] = order[j - 1];
            order[j] = i;
            if (shown < SHOWN_PICKS) shown++;
        }
        used = (size_t)snprintf(line, sizeof line, "Your chance to win after each pick:");
        for (j = 0; j < shown && used < sizeof line; j++) {
            char pick[64];
            used += (size_t)snprintf(line + used, sizeof line - used, "%s `%s` %.1f%%",
                                     j ? "," : "",
                                     pick_text(a.choices[order[j]].dice_mask, roll.dice_count,
                                               pick, sizeof pick),
                                     100.0 * a.chances[order[j] * a.players + me]);
        }
        if (used < sizeof line && shown > 0 && a.advice.choice_count > shown)
            say("%s (the best %u of %u picks).", line, (unsigned)shown,
                (unsigned)a.advice.choice_count);
        else if (used < sizeof line && shown > 0)
            say("%s.", line);
    }
done:
    seat_advice_free(&a);
}

static void cmd_hint(Cli *cli) {
    FarkleGameState s = game_state(cli);
    BotAction advice = bot_advise(cli->game, cli->table);
    char optimal[96];
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
        hint_pick(cli, &s, &advice);
    } else if (s.phase == FARKLE_GAME_PHASE_AWAITING_ROLL) {
        if (s.can_roll) print_odds(cli, s.current_player, s.dice_in_hand);
        hint_bank(cli, &s);
        if (advice.kind == BOT_BANK || advice.kind == BOT_ROLL)
            say("%s: %s.", optimal_text(&advice, optimal, sizeof optimal),
                advice.kind == BOT_BANK ? "bank" : "roll");
        else if (advice.kind == BOT_PIGGYBACK)
            say("%s: take over %d points and %u %s (piggyback).",
                optimal_text(&advice, optimal, sizeof optimal), advice.points,
                (unsigned)s.piggyback_dice, plural(s.piggyback_dice, "die", "dice"));
    }
    if (advice.is_win_probability) hint_chances(cli, &s);
    hint_needs(cli, &s);
    if (advice.status != FARKLE_STATUS_OK) {
        /* The reason once; it does not change from one hint to the next. */
        const char *why = library_reason(advice.status);
        if (strcmp(why, cli->no_advice_told) == 0) {
            say("No optimal play under these rules (the reason is in the first hint).");
        } else {
            say("No optimal play: %s.", why);
            snprintf(cli->no_advice_told, sizeof cli->no_advice_told, "%s", why);
        }
    }
}

/* Parses 1-based die numbers into 0-based indices; returns how many, or -1 after a message. */
static int parse_picks(const char *text, size_t *out, size_t cap) {
    int n = 0;
    while (*text) {
        char *end;
        long v;
        if (*text == ' ' || *text == ',' || *text == '\t') {
            text++;
            continue;
        }
        v = strtol(text, &end, 10);
        if (end == text || v < 1 || v > FARKLE_MAX_DICE ||
            (*end && *end != ' ' && *end != ',' && *end != '\t')) {
            char word[64];
            size_t len = strcspn(text, " ,\t");
            if (len >= sizeof word) len = sizeof word - 1;
            memcpy(word, text, len);
            word[len] = '\0';
            printf("Refused: '%s' is not a die number; dice are numbered from 1 as drawn.\n",
                   safe(word));
            return -1;
        }
        if ((size_t)n == cap) {
            printf("Refused: too many dice.\n");
            return -1;
        }
        out[n++] = (size_t)(v - 1);
        text = end;
    }
    return n;
}

/* Checks die numbers against the roll, in the player's numbers (the library counts from 0). */
static int picks_fit(const Cli *cli, const size_t *idx, size_t n) {
    FarkleTurnRoll roll;
    size_t i, j;
    if (farkle_game_last_roll(cli->game, &roll) != FARKLE_STATUS_OK) return 1;
    for (i = 0; i < n; i++) {
        if (idx[i] >= roll.dice_count) {
            printf("Refused: there is no die %u; this roll has %u %s (1 to %u).\n",
                   (unsigned)(idx[i] + 1), (unsigned)roll.dice_count,
                   plural(roll.dice_count, "die", "dice"), (unsigned)roll.dice_count);
            return 0;
        }
        for (j = 0; j < i; j++) {
            if (idx[j] == idx[i]) {
                printf("Refused: die %u is given twice.\n", (unsigned)(idx[i] + 1));
                return 0;
            }
        }
    }
    return 1;
}

/* Keeps the dice of `mask` for the human to move; with a coach's card, says afterwards what
 * the card and optimal play keep where they differ, and what the card's way costs. */
static void coached_pick(Cli *cli, uint16_t mask) {
    FarkleCoachNote note;
    FarkleTurnRoll roll;
    char text[64], mine[80], card[80], optimal[80];
    int noted = coach_note(cli, &note) &&
                farkle_game_last_roll(cli->game, &roll) == FARKLE_STATUS_OK;
    FarkleStatus st = farkle_game_select_mask(cli->game, mask);
    if (st != FARKLE_STATUS_OK) {
        print_refusal(cli, st);
        return;
    }
    if (!noted || note.agrees || note.card_action != FARKLE_ACTION_SELECT ||
        note.optimal_action != FARKLE_ACTION_SELECT)
        return;
    snprintf(mine, sizeof mine, "chose `%s`",
             pick_text(mask, roll.dice_count, text, sizeof text));
    snprintf(card, sizeof card, "`%s`",
             pick_text(note.card_dice_mask, roll.dice_count, text, sizeof text));
    snprintf(optimal, sizeof optimal, "`%s`",
             pick_text(note.optimal_dice_mask, roll.dice_count, text, sizeof text));
    coach_say(mine, card, optimal, &note);
}

static int cmd_pick(Cli *cli, const char *args) {
    size_t idx[FARKLE_MAX_DICE];
    char line[INPUT_MAX + 1];
    FarkleGameState s = game_state(cli);
    int n;
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION && *args == '\0') {
        int r = read_line("Which dice do you keep? (numbers as drawn, e.g. 1 3 4; blank to "
                          "cancel) ",
                          line, 0);
        if (r == IN_SIGNAL) return LEAVE_SIGNAL;
        if (r == IN_EOF && term_eof_is_final()) return GO_ON; /* the next prompt ends it */
        if (r == IN_EOF) printf("\n");
        if (r == IN_EOF || line[0] == '\0') {
            printf("Nothing picked.\n");
            return GO_ON;
        }
        args = line;
    }
    n = parse_picks(args, idx, FARKLE_MAX_DICE);
    if (n < 0) return GO_ON;
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION && !picks_fit(cli, idx, (size_t)n))
        return GO_ON;
    if (cli->coach != NULL && s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
        uint16_t mask = 0;
        int i, distinct = 1;
        for (i = 0; i < n; i++) {
            if (mask & (1u << idx[i])) distinct = 0; /* the library names a die given twice */
            mask |= (uint16_t)(1u << idx[i]);
        }
        if (distinct && n > 0) {
            coached_pick(cli, mask);
            return GO_ON;
        }
    }
    refuse_unless_ok(cli, farkle_game_select(cli->game, idx, (size_t)n));
    return GO_ON;
}

static int is_yes(const char *answer) {
    return strcmp(answer, "y") == 0 || strcmp(answer, "Y") == 0 ||
           strcmp(answer, "yes") == 0 || strcmp(answer, "Yes") == 0 ||
           strcmp(answer, "YES") == 0;
}

static int is_no(const char *answer) {
    return strcmp(answer, "n") == 0 || strcmp(answer, "N") == 0 || strcmp(answer, "no") == 0 ||
           strcmp(answer, "No") == 0 || strcmp(answer, "NO") == 0;
}

/* `quit` in the middle of a game: asks first, then offers to save (Enter: the autosave). */
static int cmd_quit(Cli *cli) {
    char line[INPUT_MAX + 1], prompt[TEXT_SHOWN_LEN + 80];
    int r = read_line("Leave this unfinished game? (y/N) ", line, 0);
    if (r != IN_OK) return r == IN_SIGNAL ? LEAVE_SIGNAL : LEAVE_EOF;
    if (!is_yes(line)) {
        printf("Playing on.\n");
        return GO_ON;
    }
    if (cli->autosave[0] != '\0')
        snprintf(prompt, sizeof prompt,
                 "Save it first? (Enter saves to %s; or type a file name, or no) ",
                 safe(cli->autosave));
    else /* no autosave: Enter tries one that may have come free */
        snprintf(prompt, sizeof prompt,
                 "Save it first? (Enter saves to a free autosave; or type a file name, or no) ");
    for (;;) {
        r = read_line(prompt, line, 0);
        if (r != IN_OK) return r == IN_SIGNAL ? LEAVE_SIGNAL : LEAVE_EOF;
        if (is_no(line)) {
            printf("Leaving the game unsaved.\n");
            return LEAVE;
        }
        if ((line[0] ? save_game(cli, line) : autosave_save(cli)) == 0) return LEAVE;
    }
}

/* Splits "cmd args" in place; lower-cases the command word. */
static char *split_command(char *line, char **args) {
    char *cmd = line, *p;
    size_t len;
    while (*cmd == ' ' || *cmd == '\t') cmd++;
    *args = cmd + strcspn(cmd, " \t");
    if (**args) *(*args)++ = '\0';
    while (**args == ' ' || **args == '\t') (*args)++;
    len = strlen(*args);
    while (len > 0 && ((*args)[len - 1] == ' ' || (*args)[len - 1] == '\t')) (*args)[--len] = '\0';
    for (p = cmd; *p; p++)
        if (*p >= 'A' && *p <= 'Z') *p = (char)(*p - 'A' + 'a');
    return cmd;
}

static int is(const char *cmd, const char *a, const char *b) {
    return strcmp(cmd, a) == 0 || (b != NULL && strcmp(cmd, b) == 0);
}

int dispatch(Cli *cli, char *line) {
    char *args, *cmd = split_command(line, &args);
    if (*cmd == '\0') return GO_ON;
    if (is(cmd, "help", "?"))
        print_help(0);
    else if (is(cmd, "roll", "r"))
        coached_move(cli, 0);
    else if (is(cmd, "pick", "p"))
        return cmd_pick(cli, args);
    else if (is(cmd, "unpick", "u"))
        refuse_unless_ok(cli, farkle_game_undo(cli->game));
    else if (is(cmd, "bank", "b"))
        coached_move(cli, 1);
    else if (is(cmd, "piggyback", "t"))
        refuse_unless_ok(cli, farkle_game_piggyback(cli->game));
    else if (is(cmd, "hand", "h"))
        cmd_hand(cli);
    else if (is(cmd, "view", "v"))
        cmd_view(cli);
    else if (is(cmd, "scores", "c"))
        cmd_scores(cli);
    else if (is(cmd, "hint", "i"))
        cmd_hint(cli);
    else if (is(cmd, "rules", NULL))
        print_rules(cli);
    else if (is(cmd, "save", NULL) && *args == '\0')
        printf("Refused: save needs a file name (save FILE).\n");
    else if (is(cmd, "save", NULL))
        (void)save_game(cli, args);
    else if (is(cmd, "exit", "quit") || is(cmd, "q", "x"))
        return cmd_quit(cli);
    else
        printf("Unknown command '%s'; type help (or ?) for the list.\n", safe(cmd));
    return GO_ON;
}

/* ---- single keys (--keys) --------------------------------------------------------------- */

/* The die (0-based) a key stands for while picking, or -1: 1-9, 0, -, = or the letters of
 * the row below them. */
static int die_of_key(int key) {
    static const char numbers[] = "1234567890-=", letters[] = "qwertyuiop[]";
    const char *at;
    if (key <= 0 || key > 127) return -1;
    if ((at = strchr(numbers, key)) != NULL) return (int)(at - numbers);
    if (key >= 'A' && key <= 'Z') key = key - 'A' + 'a';
    if ((at = strchr(letters, key)) != NULL) return (int)(at - letters);
    return -1;
}

/* The keys being picked, and what they score for the player to move. */
static void show_picking(Cli *cli, const FarkleTurnRoll *roll, uint16_t mask) {
    uint8_t faces[FARKLE_MAX_DICE];
    uint32_t d, n = 0;
    FarkleScore score;
    const FarkleScorer *scorer = odds_for(cli, game_state(cli).current_player)->scorer;
    for (d = 0; d < roll->dice_count; d++)
        if (mask & (1u << d)) faces[n++] = roll->faces[d];
    printf("Keeping dice");
    for (d = 0; d < roll->dice_count; d++)
        if (mask & (1u << d)) printf(" %u", (unsigned)(d + 1));
    if (n == 0) {
        printf(" none\n");
        return;
    }
    printf(": ");
    print_faces(stdout, roll->faces, roll->dice_count, mask);
    if (farkle_scorer_score_selection(scorer, faces, n, &score) == FARKLE_STATUS_OK &&
        score.valid)
        printf(" for %d points\n", score.points);
    else
        printf(" (these do not score together)\n");
}

static int keys_pick(Cli *cli) {
    FarkleTurnRoll roll;
    uint16_t mask = 0;
    if (game_state(cli).phase != FARKLE_GAME_PHASE_AWAITING_SELECTION ||
        farkle_game_last_roll(cli->game, &roll) != FARKLE_STATUS_OK) {
        refuse_unless_ok(cli, farkle_game_select_mask(cli->game, 0));
        return GO_ON;
    }
    printf("Pick: press each die's number to keep it (again to put it back); Enter keeps them, "
           "Esc cancels.\n");
    for (;;) {
        int key = read_key(), die;
        if (key == IN_SIGNAL) return LEAVE_SIGNAL;
        if (key == IN_EOF && term_eof_is_final()) return LEAVE_EOF;
        if (key == KEY_ENTER || key == ' ') break;
        if (key == KEY_CANCEL || key == IN_EOF) { /* Ctrl-D on a terminal cancels too */
            printf("Nothing picked.\n");
            return GO_ON;
        }
        die = die_of_key(key);
        if (die < 0 || (uint32_t)die >= roll.dice_count) {
            char text[2];
            text[0] = (char)key;
            text[1] = '\0';
            printf("No die for the key '%s' (dice 1 to %u).\n", safe(text),
                   (unsigned)roll.dice_count);
            continue;
        }
        mask ^= (uint16_t)(1u << die);
        show_picking(cli, &roll, mask);
    }
    if (mask == 0) {
        printf("Nothing picked.\n");
        return GO_ON;
    }
    coached_pick(cli, mask);
    return GO_ON;
}

static int keys_quit(Cli *cli) {
    static char prompt[TEXT_SHOWN_LEN + 32];
    int key;
    term_prompt("Leave this unfinished game? (y/n) ");
    key = read_key();
    if (key <= 0) return key == IN_SIGNAL ? LEAVE_SIGNAL : LEAVE_EOF;
    printf("%c\n", key == 'y' || key == 'Y' ? 'y' : 'n');
    if (key != 'y' && key != 'Y') {
        printf("Playing on.\n");
        return GO_ON;
    }
    snprintf(prompt, sizeof prompt, "Save it to %s? (Y/n) ",
             cli->autosave[0] ? safe(cli->autosave) : "a free autosave");
    term_prompt(prompt);
    key = read_key();
    if (key <= 0) return key == IN_SIGNAL ? LEAVE_SIGNAL : LEAVE_EOF;
    if (key == 'n' || key == 'N') {
        printf("n\nLeaving the game unsaved.\n");
        return LEAVE;
    }
    printf("y\n");
    return autosave_save(cli) == 0 ? LEAVE : GO_ON;
}

/* `s`: the file name is typed as a line, out of raw mode. */
static int keys_save(Cli *cli) {
    char line[INPUT_MAX + 1];
    int r;
    keys_raw(0);
    r = read_line("Save to which file? (blank to cancel) ", line, 0);
    keys_raw(1);
    if (r != IN_OK) return r == IN_SIGNAL ? LEAVE_SIGNAL : GO_ON;
    if (line[0] != '\0') (void)save_game(cli, line);
    return GO_ON;
}

int keys_command(Cli *cli) {
    static const char *const names[128] = {
        ['r'] = "roll", ['b'] = "bank", ['p'] = "pick", ['u'] = "unpick", ['h'] = "hand",
        ['v'] = "view", ['c'] = "scores", ['i'] = "hint", ['l'] = "rules", ['s'] = "save",
        ['?'] = "help", ['t'] = "piggyback", ['q'] = "exit", ['e'] = "exit", ['x'] = "exit"};
    static char prompt[NAME_SHOWN_LEN + 4];
    int key;
    snprintf(prompt, sizeof prompt, "%s> ", player_name(cli, game_state(cli).current_player));
    term_prompt(prompt);
    key = read_key();
    if (key == IN_SIGNAL) return LEAVE_SIGNAL;
    if (key == IN_EOF) return LEAVE_EOF;
    if (key >= 'A' && key <= 'Z') key = key - 'A' + 'a';
    if (key > 0 && key < 128 && names[key] != NULL) {
        printf("%s\n", names[key]);
    } else {
        char text[2];
        text[0] = (char)(key == KEY_ENTER ? ' ' : key);
        text[1] = '\0';
        printf("\nThe key '%s' does nothing; press ? for the keys.\n", safe(text));
        return GO_ON;
    }
    switch (key) {
    case 'r': coached_move(cli, 0); break;
    case 'b': coached_move(cli, 1); break;
    case 'p': return keys_pick(cli);
    case 'u': refuse_unless_ok(cli, farkle_game_undo(cli->game)); break;
    case 't': refuse_unless_ok(cli, farkle_game_piggyback(cli->game)); break;
    case 'h': cmd_hand(cli); break;
    case 'v': cmd_view(cli); break;
    case 'c': cmd_scores(cli); break;
    case 'i': cmd_hint(cli); break;
    case 'l': print_rules(cli); break;
    case 's': return keys_save(cli);
    case '?': print_help(1); break;
    default: return keys_quit(cli);
    }
    return GO_ON;
}

/* ---- computer players ------------------------------------------------------------------- */

/* splitmix64: the random bot's seed for this turn, from the game's and the turn's place. */
static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Plays the computer player's turn with the session's kind. Under rules the optimal players
 * cannot model (the library answers FARKLE_STATUS_UNSUPPORTED, leaving the game unchanged:
 * a hot-dice multiplier, an exact target) the session falls back to the threshold player
 * for good, saying so once with the library's reason. */
int bot_turn(Cli *cli) {
    uint32_t kind = cli->bot_kind;
    size_t events = 0;
    FarkleStatus st;
    if ((kind == FARKLE_BOT_KIND_WIN_OPTIMAL || kind == FARKLE_BOT_KIND_STRONGEST_OPPONENT) &&
        cli->table == NULL)
        kind = FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL; /* not reached: the game made sure */
    if (farkle_game_event_count(cli->game, &events) != FARKLE_STATUS_OK) events = 0;
    st = farkle_game_bot_play_turn(cli->game, kind, cli->table, mix(cli->bot_seed ^ events));
    if (st == FARKLE_STATUS_UNSUPPORTED && (kind == FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL ||
                                            kind == FARKLE_BOT_KIND_WIN_OPTIMAL ||
                                            kind == FARKLE_BOT_KIND_STRONGEST_OPPONENT)) {
        printf("Computer players use the threshold strategy: %s.\n", library_reason(st));
        cli->bot_kind = kind = FARKLE_BOT_KIND_THRESHOLD;
        st = farkle_game_bot_play_turn(cli->game, kind, cli->table,
                                       mix(cli->bot_seed ^ events));
    }
    if (st != FARKLE_STATUS_OK) {
        printf("%s cannot play: %s.\n", player_name(cli, game_state(cli).current_player),
               library_reason(st));
        return -1;
    }
    return 0;
}

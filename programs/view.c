/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * view.c: what the game says. Everything comes from the library's event log (narrate()),
 * so a computer player's moves, a human's and a loaded game's read the same. A human's roll
 * is drawn (on a terminal; in one line each below 66 columns) with the dice kept this turn;
 * a computer player's turn takes one line per roll and pick unless --verbose-bots.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int use_color;

const char *paint(const char *code) { return use_color ? code : ""; }

size_t wrap_width(void) { return term_out_tty() ? (size_t)term_columns() : 0; }

void say(const char *format, ...) {
    char text[2 * TEXT_SHOWN_LEN];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    print_wrapped(stdout, "", text, wrap_width(), 2);
}

FarkleGameState game_state(const Cli *cli) {
    FarkleGameState s;
    memset(&s, 0, sizeof s);
    if (farkle_game_state(cli->game, &s) != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle: cannot read the game state\n");
        exit(1);
    }
    return s;
}

int64_t player_score(const Cli *cli, uint32_t player) {
    FarklePlayerState p;
    if (farkle_game_player(cli->game, player, &p) != FARKLE_STATUS_OK) return 0;
    return p.score;
}

const char *raw_player_name(const Cli *cli, uint32_t player) {
    const char *name = NULL;
    if (farkle_game_player_name(cli->game, player, &name) != FARKLE_STATUS_OK) return NULL;
    return name;
}

void remember_names(Cli *cli) {
    uint32_t p;
    for (p = 0; p < FARKLE_MAX_PLAYERS; p++) {
        const char *name = raw_player_name(cli, p);
        FarklePlayerState ps;
        if (farkle_game_player(cli->game, p, &ps) != FARKLE_STATUS_OK) break;
        sanitize(name ? name : "?", cli->shown_names[p], NAME_SHOWN_LEN);
        cli->on_board[p] = ps.on_board;
    }
    cli->names_known = p;
}

const char *player_name(const Cli *cli, uint32_t player) {
    return player < cli->names_known ? cli->shown_names[player] : "?";
}

/* The widest name shown, for the scoreboard's column (at least 10 columns; at most 80, what
 * 40 wide characters take: only a name from a save can be wider). */
static size_t name_column(const Cli *cli) {
    size_t w = 10, p;
    for (p = 0; p < cli->names_known; p++) {
        size_t n = display_width(cli->shown_names[p]);
        if (n > w) w = n;
    }
    return w > 80 ? 80 : w;
}

void print_faces(FILE *to, const uint8_t *faces, uint32_t count, uint16_t mask) {
    uint32_t i;
    int first = 1;
    for (i = 0; i < count; i++) {
        if (mask & (1u << i)) {
            fprintf(to, first ? "%d" : " %d", faces[i]);
            first = 0;
        }
    }
}

Odds *odds_for(Cli *cli, uint32_t player) {
    if (cli->rules.singles_only_before_entry && player < FARKLE_MAX_PLAYERS &&
        !cli->on_board[player] && cli->entry_odds.scorer != NULL)
        return &cli->entry_odds;
    return &cli->odds;
}

uint16_t scoring_mask(Cli *cli, uint32_t player, const uint8_t *faces, uint32_t count) {
    FarkleRollAnalysis a;
    if (farkle_scorer_roll_analyze(odds_for(cli, player)->scorer, faces, count, &a) !=
        FARKLE_STATUS_OK)
        return 0;
    return a.scoring_dice_mask;
}

/* Below 66 columns: "1:[1] 2:[5] ..." in one line, six to a line; without colour a scoring
 * die is marked "*". */
static void draw_compact(const uint8_t *faces, uint32_t count, uint16_t scoring) {
    uint32_t i;
    for (i = 0; i < count; i++) {
        int scores = (scoring & (1u << i)) != 0;
        printf("%s%u:%s[%u]%s%s", i % 6 ? " " : "  ", (unsigned)(i + 1), scores ? GREEN : "",
               (unsigned)faces[i], RESET, scores && !use_color ? "*" : "");
        if (i % 6 == 5 || i + 1 == count) printf("\n");
    }
}

/* Without colour, once: what the marks on the drawn dice mean. */
static void tell_marks(uint16_t scoring) {
    static int told;
    if (use_color || told || scoring == 0) return;
    printf("(Dice marked * can score.)\n");
    told = 1;
}

void draw_dice(const Cli *cli, const uint8_t *faces, uint32_t count, uint16_t scoring) {
    static const char *const pips[7][3] = {
        {"       ", "       ", "       "}, {"       ", "   o   ", "       "},
        {" o     ", "       ", "     o "}, {" o     ", "   o   ", "     o "},
        {" o   o ", "       ", " o   o "}, {" o   o ", "   o   ", " o   o "},
        {" o   o ", " o   o ", " o   o "}};
    uint32_t start, i;
    int row;
    if (!cli->draw) return;
    if (cli->compact) {
        draw_compact(faces, count, scoring);
        tell_marks(scoring);
        return;
    }
    for (start = 0; start < count; start += 6) {
        uint32_t end = start + 6 < count ? start + 6 : count;
        for (i = start; i < end; i++) {
            /* Without colour a scoring die's number is marked: "*[1]*". */
            int mark = !use_color && (scoring & (1u << i)) != 0;
            const char *pad = i + 1 < 10 ? "    " : "   ";
            printf("%s%s%s[%u]%s%s%s", mark ? pad + 1 : pad, mark ? "*" : "", DIM,
                   (unsigned)(i + 1), RESET, mark ? "*" : "", mark ? "  " : "   ");
        }
        printf("\n");
        for (row = -1; row <= 3; row++) {
            for (i = start; i < end; i++) {
                const char *colour = (scoring & (1u << i)) ? GREEN : DIM;
                if (row == -1 || row == 3)
                    printf(" %s+-------+%s", colour, RESET);
                else
                    printf(" %s|%s|%s", colour, pips[faces[i] <= 6 ? faces[i] : 0][row], RESET);
            }
            printf("\n");
        }
    }
    tell_marks(scoring);
}

void kept_reset(Cli *cli) {
    cli->kept_count = 0;
    cli->turn_points = 0;
    cli->taken_over = 0;
}

/* Piggybacking: the player took over the previous turn's points. */
static void kept_take_over(Cli *cli, int64_t points) {
    cli->taken_over = points;
    cli->turn_points = points;
}

static void kept_push(Cli *cli, uint16_t mask, int32_t points) {
    Kept k;
    uint32_t d;
    memset(&k, 0, sizeof k);
    for (d = 0; d < cli->last_count; d++)
        if (mask & (1u << d)) k.faces[k.count++] = cli->last_faces[d];
    k.points = points;
    if (cli->kept_count == cli->kept_cap) {
        size_t cap = cli->kept_cap ? cli->kept_cap * 2 : 8;
        Kept *bigger = realloc(cli->kept, cap * sizeof *bigger);
        if (bigger == NULL) return; /* the view only: nothing lost but this line */
        cli->kept = bigger;
        cli->kept_cap = cap;
    }
    cli->kept[cli->kept_count++] = k;
}

/* "; picks now count x3" while the turn's hot-dice multiplier is above 1. */
static void print_multiplier(const Cli *cli) {
    FarkleGameState s = game_state(cli);
    if (s.turn_multiplier > 1) printf("; picks now count x%u", (unsigned)s.turn_multiplier);
}

void print_kept(const Cli *cli) {
    size_t i;
    if (cli->kept_count == 0 && cli->taken_over == 0) {
        printf("Kept this turn: nothing yet.\n");
        return;
    }
    printf("Kept this turn: ");
    if (cli->taken_over != 0)
        printf("%lld taken over%s", (long long)cli->taken_over, cli->kept_count ? ", " : "");
    for (i = 0; i < cli->kept_count; i++) {
        printf(i ? ", " : "");
        print_faces(stdout, cli->kept[i].faces, cli->kept[i].count, 0xFFFF);
        printf(" (%d)", cli->kept[i].points);
    }
    printf(" = %lld points", (long long)cli->turn_points);
    print_multiplier(cli);
    printf(".\n");
}

/* "Bot 1 rolls 6 dice: 1 5 3 5 5 5" (without the newline). */
static void print_roll(const Cli *cli, const char *who) {
    printf("%s rolls %u %s: ", who, (unsigned)cli->last_count, plural(cli->last_count, "die", "dice"));
    print_faces(stdout, cli->last_faces, cli->last_count, 0xFFFF);
}

/* The roll of a computer player not told yet, told alone (before a farkle, say). */
static void tell_untold_roll(Cli *cli, const char *who) {
    if (!cli->roll_untold) return;
    print_roll(cli, who);
    printf("\n");
    cli->roll_untold = 0;
}

static void tell_rolled(Cli *cli, const FarkleEvent *e, const char *who) {
    memcpy(cli->last_faces, e->faces, sizeof cli->last_faces);
    cli->last_count = e->dice_count;
    if (cli->is_bot[e->player] && !cli->verbose_bots) {
        cli->roll_untold = 1; /* told with the pick: one line */
        return;
    }
    print_roll(cli, who);
    printf("\n");
    draw_dice(cli, e->faces, e->dice_count, scoring_mask(cli, e->player, e->faces, e->dice_count));
    if (!cli->is_bot[e->player] && (cli->kept_count > 0 || cli->taken_over != 0))
        print_kept(cli);
}

/* "Straight" or "Three pairs": the one combination the dice of `mask` of the last roll make,
 * as the scorer names it. */
static const char *combination_name(const Cli *cli, uint16_t mask) {
    uint8_t faces[FARKLE_MAX_DICE];
    uint32_t d, n = 0;
    FarkleScore score;
    for (d = 0; d < cli->last_count; d++)
        if (mask & (1u << d)) faces[n++] = cli->last_faces[d];
    if (farkle_scorer_score_selection(cli->odds.scorer, faces, n, &score) == FARKLE_STATUS_OK &&
        score.valid && score.combination_count == 1 &&
        score.combinations[0].kind == FARKLE_COMBINATION_KIND_THREE_PAIRS)
        return "Three pairs";
    return "Straight";
}

static void tell_selected(Cli *cli, const FarkleEvent *e, const char *who) {
    uint32_t kept = 0, d;
    cli->turn_points += e->points;
    kept_push(cli, e->mask, e->points);
    for (d = 0; d < cli->last_count; d++) kept += (e->mask >> d) & 1u;
    if (e->automatic) { /* the original's "Straight!": the game took the roll itself */
        tell_untold_roll(cli, who);
        printf("%s! %s's %u dice are set aside for %lld points%s: %lld this turn.\n",
               combination_name(cli, e->mask), who, (unsigned)kept, (long long)e->points,
               cli->is_bot[e->player] ? "" : " (unpick gives them back)",
               (long long)cli->turn_points);
        return;
    }
    if (cli->roll_untold) {
        print_roll(cli, who);
        printf(", keeps ");
        cli->roll_untold = 0;
    } else {
        printf("%s keeps ", who);
    }
    print_faces(stdout, cli->last_faces, cli->last_count, e->mask);
    printf(" for %lld points: %lld this turn, %u %s left.\n", (long long)e->points,
           (long long)cli->turn_points, (unsigned)(cli->last_count - kept),
           plural(cli->last_count - kept, "die", "dice"));
}

static void tell_game_over(const Cli *cli, const FarkleEvent *e) {
    uint32_t p, n = 0, k = 0;
    int64_t best = 0;
    printf("\n%s== Game over ==%s\n", BOLD, RESET);
    for (p = 0; p < 64; p++) {
        if (e->winners & ((uint64_t)1 << p)) {
            best = player_score(cli, p);
            n++;
        }
    }
    if (n == 0) {
        printf("Nobody wins.\n");
    } else if (n == 1) {
        for (p = 0; p < 64; p++)
            if (e->winners & ((uint64_t)1 << p))
                printf("%s wins with %lld points.\n", player_name(cli, p), (long long)best);
    } else {
        printf("A tie between ");
        for (p = 0; p < 64; p++) {
            if (!(e->winners & ((uint64_t)1 << p))) continue;
            k++;
            printf("%s%s", player_name(cli, p), k == n ? "" : k + 1 == n ? " and " : ", ");
        }
        printf(" with %lld points.\n", (long long)best);
    }
    printf("\nFinal scores:\n");
    print_scoreboard(cli, stdout);
}

/* Tells one event (other than a roll or a pick). */
static void tell_event(Cli *cli, const FarkleEvent *e, const char *who) {
    switch (e->kind) {
    case FARKLE_EVENT_KIND_TURN_STARTED:
        kept_reset(cli);
        printf("\n%s== Round %u", BOLD, (unsigned)e->round);
        if (cli->rules.turn_limit > 0) printf(" of %u", (unsigned)cli->rules.turn_limit);
        printf(": %s's turn (score %lld) ==%s\n", who, (long long)player_score(cli, e->player),
               RESET);
        break;
    case FARKLE_EVENT_KIND_UNDONE:
        cli->turn_points -= e->points;
        if (cli->kept_count > 0) cli->kept_count--;
        printf("%s puts the dice back (-%lld points): %lld this turn.\n", who,
               (long long)e->points, (long long)cli->turn_points);
        break;
    case FARKLE_EVENT_KIND_HOT_DICE:
        printf("%sHOT DICE!%s %s scored every die: all %u dice are back in hand.\n", YELLOW,
               RESET, who, (unsigned)cli->rules.dice_count);
        if (cli->rules.hot_dice_multiplier_step > 0)
            printf("The turn's multiplier rises by %u: later picks count more.\n",
                   (unsigned)cli->rules.hot_dice_multiplier_step);
        break;
    case FARKLE_EVENT_KIND_BUSTED:
        printf("%sBUST!%s %s would pass %d: the %lld points of this turn are lost; score "
               "stays %lld.\n",
               RED, RESET, who, cli->rules.target_score, (long long)e->points,
               (long long)e->score);
        break;
    case FARKLE_EVENT_KIND_BANKED:
        printf("%s%s banks %lld points: score %lld.%s\n", CYAN, who, (long long)e->points,
               (long long)e->score, RESET);
        if (e->player < FARKLE_MAX_PLAYERS) cli->on_board[e->player] = 1;
        break;
    case FARKLE_EVENT_KIND_FARKLED:
        if (e->points != 0)
            printf("%sFARKLE!%s Nothing scores: %s loses the %lld points of this turn.\n", RED,
                   RESET, who, (long long)e->points);
        else
            printf("%sFARKLE!%s Nothing scores: %s's turn ends with nothing.\n", RED, RESET,
                   who);
        kept_reset(cli);
        break;
    case FARKLE_EVENT_KIND_TURN_FORFEITED:
        printf("%s gives up the turn and its %lld points.\n", who, (long long)e->points);
        break;
    case FARKLE_EVENT_KIND_PENALTY:
        printf("%sPenalty:%s %u farkles in a row cost %s %lld points: score %lld.\n", RED,
               RESET, (unsigned)cli->rules.farkle_penalty_streak, who, (long long)e->points,
               (long long)e->score);
        break;
    case FARKLE_EVENT_KIND_FINAL_ROUND:
        printf("%s%s has reached %d: everyone else gets one more turn.%s\n", BOLD, who,
               cli->rules.target_score, RESET);
        break;
    case FARKLE_EVENT_KIND_PLAYER_LEFT:
        printf("%s leaves the game.\n", who);
        break;
    case FARKLE_EVENT_KIND_PIGGYBACKED:
        kept_take_over(cli, e->points);
        printf("%s takes over %lld points and %u %s.\n", who, (long long)e->points,
               (unsigned)e->dice_count, plural(e->dice_count, "die", "dice"));
        break;
    case FARKLE_EVENT_KIND_GAME_OVER:
        tell_game_over(cli, e);
        break;
    case FARKLE_EVENT_KIND_FARKLE_ACKNOWLEDGED:
    default:
        break;
    }
}

/* "Ann may take over 350 points and 2 dice (piggyback)." while the offer stands. */
static void print_piggyback_offer(const Cli *cli, const FarkleGameState *s) {
    printf("%s may take over %lld points and %u %s (piggyback), or roll all %u dice.\n",
           player_name(cli, s->current_player), (long long)s->piggyback_points,
           (unsigned)s->piggyback_dice, plural(s->piggyback_dice, "die", "dice"),
           (unsigned)s->dice_count);
}

/* After a new turn is told: the turn the player may take over, if any. */
static void tell_piggyback_offer(const Cli *cli) {
    FarkleGameState s = game_state(cli);
    if (s.piggyback_dice > 0) print_piggyback_offer(cli, &s);
}

int seat_chances(const Cli *cli, double *out) {
    SeatAdvice a;
    int rc;
    if (cli->table == NULL || seat_advice(cli->game, cli->table, &a) != 0) return -1;
    rc = seat_advice_now(&a, out);
    seat_advice_free(&a);
    return rc;
}

void print_win_meter(const Cli *cli) {
    double chances[FARKLE_MAX_PLAYERS];
    char line[2 * TEXT_SHOWN_LEN];
    size_t used;
    uint32_t p, n = game_state(cli).player_count;
    if (seat_chances(cli, chances) != 0) return;
    used = (size_t)snprintf(line, sizeof line, "Chances to win:");
    for (p = 0; p < n && used < sizeof line; p++) {
        FarklePlayerState ps;
        if (farkle_game_player(cli->game, p, &ps) != FARKLE_STATUS_OK || !ps.active) continue;
        used += (size_t)snprintf(line + used, sizeof line - used, "%s %s %.1f%%",
                                 p ? "," : "", player_name(cli, p), 100.0 * chances[p]);
    }
    if (used < sizeof line) say("%s.", line);
}

void narrate(Cli *cli) {
    size_t count = 0, i;
    int turn_started = 0; /* the last event told starts a turn */
    if (farkle_game_event_count(cli->game, &count) != FARKLE_STATUS_OK) return;
    for (i = cli->events_told; i < count; i++) {
        FarkleEvent e;
        const char *who;
        if (farkle_game_event(cli->game, i, &e) != FARKLE_STATUS_OK) break;
        who = player_name(cli, e.player);
        if (e.kind == FARKLE_EVENT_KIND_ROLLED) {
            tell_untold_roll(cli, who);
            tell_rolled(cli, &e, who);
        } else if (e.kind == FARKLE_EVENT_KIND_SELECTED) {
            tell_selected(cli, &e, who);
        } else {
            tell_untold_roll(cli, who);
            tell_event(cli, &e, who);
        }
        turn_started = e.kind == FARKLE_EVENT_KIND_TURN_STARTED;
    }
    /* At the start of a turn, with a table, the win meter: where everyone stands now. */
    if (turn_started) print_win_meter(cli);
    if (count > cli->events_told) tell_piggyback_offer(cli);
    cli->events_told = count;
}

uint32_t ranked_players(const Cli *cli, uint32_t *order) {
    FarkleGameState s = game_state(cli);
    uint32_t n = s.player_count, i, j;
    for (i = 0; i < n; i++) order[i] = i;
    for (i = 1; i < n; i++) { /* insertion sort: stable, and n <= 64 */
        uint32_t p = order[i];
        int64_t score = player_score(cli, p);
        for (j = i; j > 0 && player_score(cli, order[j - 1]) < score; j--) order[j] = order[j - 1];
        order[j] = p;
    }
    return n;
}

/* "1. Ann 1250" lines, highest first, equal scores sharing a rank. */
void print_scoreboard(const Cli *cli, FILE *to) {
    uint32_t order[FARKLE_MAX_PLAYERS], n = ranked_players(cli, order), i, rank = 1;
    size_t width = name_column(cli);
    for (i = 0; i < n; i++) {
        int64_t score = player_score(cli, order[i]);
        if (i > 0 && score < player_score(cli, order[i - 1])) rank = i + 1;
        fprintf(to, "  %2u. ", (unsigned)rank);
        print_padded(to, player_name(cli, order[i]), width);
        fprintf(to, " %7lld%s\n", (long long)score, cli->is_bot[order[i]] ? "  (computer)" : "");
    }
}

/* `view`: the roll, as the original game shows it (the dice numbered as `pick` takes them),
 * with what was kept from it; before the first roll of a turn, the dice in hand. */
void cmd_view(const Cli *cli) {
    FarkleGameState s = game_state(cli);
    FarkleTurnRoll roll;
    if (s.phase == FARKLE_GAME_PHASE_GAME_OVER ||
        farkle_game_last_roll(cli->game, &roll) != FARKLE_STATUS_OK) {
        printf("No roll yet this turn: %u %s to roll.\n", (unsigned)s.dice_in_hand,
               plural(s.dice_in_hand, "die", "dice"));
        return;
    }
    printf("%s's roll: ", player_name(cli, s.current_player));
    print_faces(stdout, roll.faces, roll.dice_count, 0xFFFF);
    if (roll.has_selection) {
        printf(", kept ");
        print_faces(stdout, roll.faces, roll.dice_count, roll.selection_mask);
        printf(" for %d points; %u %s to roll", roll.points, (unsigned)s.dice_in_hand,
               plural(s.dice_in_hand, "die", "dice"));
    } else if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
        printf(" (pick from it)");
    }
    printf(".\n");
    draw_dice(cli, roll.faces, roll.dice_count, roll.scoring_dice_mask);
}

/* `scores`: the scoreboard in seat order, the round, whose turn and what is in hand. */
void cmd_scores(const Cli *cli) {
    FarkleGameState s = game_state(cli);
    size_t width = name_column(cli);
    double chances[FARKLE_MAX_PLAYERS];
    int meter = s.phase != FARKLE_GAME_PHASE_GAME_OVER && seat_chances(cli, chances) == 0;
    uint32_t p;
    printf("Round %u", (unsigned)s.round);
    if (cli->rules.turn_limit > 0) printf(" of %u", (unsigned)cli->rules.turn_limit);
    printf(", rules %s", cli->rules_name);
    if (cli->rules.target_score > 0)
        printf(", target %s%d", cli->rules.exact_target ? "exactly " : "", cli->rules.target_score);
    if (s.final_round) printf(", final round");
    printf(".\n");
    for (p = 0; p < s.player_count; p++) {
        FarklePlayerState ps;
        if (farkle_game_player(cli->game, p, &ps) != FARKLE_STATUS_OK) continue;
        printf("  %s ", p == s.current_player ? ">" : " ");
        print_padded(stdout, player_name(cli, p), width);
        printf(" %7lld", (long long)ps.score);
        if (meter) printf("  %5.1f%% to win,", 100.0 * chances[p]);
        printf("  %u %s, %u %s%s%s%s\n", (unsigned)ps.turns_played,
               plural(ps.turns_played, "turn", "turns"), (unsigned)ps.farkle_count,
               plural(ps.farkle_count, "farkle", "farkles"),
               ((cli->rules.min_entry_score > 0 || cli->rules.singles_only_before_entry) &&
                !ps.on_board)
                   ? ", not on the board"
                   : "",
               cli->is_bot[p] ? ", computer" : "", ps.active ? "" : ", left");
    }
    if (s.phase != FARKLE_GAME_PHASE_GAME_OVER) {
        printf("%s's turn: %lld points in hand, %u %s %s", player_name(cli, s.current_player),
               (long long)s.turn_points, (unsigned)s.dice_in_hand,
               plural(s.dice_in_hand, "die", "dice"),
               s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION ? "rolled" : "to roll");
        print_multiplier(cli);
        printf(".\n");
    }
    if (s.piggyback_dice > 0) print_piggyback_offer(cli, &s);
}

void cmd_hand(const Cli *cli) {
    FarkleGameState s = game_state(cli);
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
        FarkleTurnRoll roll;
        if (farkle_game_last_roll(cli->game, &roll) == FARKLE_STATUS_OK) {
            printf("The roll (pick from it): ");
            print_faces(stdout, roll.faces, roll.dice_count, 0xFFFF);
            printf("\n");
            draw_dice(cli, roll.faces, roll.dice_count, roll.scoring_dice_mask);
        }
    } else {
        printf("%u %s in hand to roll%s.\n", (unsigned)s.dice_in_hand,
               plural(s.dice_in_hand, "die", "dice"), s.can_bank ? " (you may bank)" : "");
        if (s.piggyback_dice > 0) print_piggyback_offer(cli, &s);
    }
    print_kept(cli);
}

void replay_turn(Cli *cli) {
    size_t count = 0, i, start = 0;
    if (farkle_game_event_count(cli->game, &count) != FARKLE_STATUS_OK) return;
    kept_reset(cli);
    for (i = 0; i < count; i++) {
        FarkleEvent e;
        if (farkle_game_event(cli->game, i, &e) != FARKLE_STATUS_OK) return;
        if (e.kind == FARKLE_EVENT_KIND_TURN_STARTED) start = i;
    }
    for (i = start; i < count; i++) {
        FarkleEvent e;
        if (farkle_game_event(cli->game, i, &e) != FARKLE_STATUS_OK) return;
        if (e.kind == FARKLE_EVENT_KIND_ROLLED) {
            memcpy(cli->last_faces, e.faces, sizeof cli->last_faces);
            cli->last_count = e.dice_count;
        } else if (e.kind == FARKLE_EVENT_KIND_SELECTED) {
            cli->turn_points += e.points;
            kept_push(cli, e.mask, e.points);
        } else if (e.kind == FARKLE_EVENT_KIND_UNDONE) {
            cli->turn_points -= e.points;
            if (cli->kept_count > 0) cli->kept_count--;
        } else if (e.kind == FARKLE_EVENT_KIND_FARKLED) {
            kept_reset(cli);
        } else if (e.kind == FARKLE_EVENT_KIND_PIGGYBACKED) {
            kept_take_over(cli, e.points);
        }
    }
    cli->events_told = count;
}

/* ---- the point table in force, worked out by the library's scorer on example dice ------- */

static int32_t points_of(const Cli *cli, const uint8_t *faces, size_t n) {
    FarkleScore s;
    if (n > cli->rules.dice_count) return -1;
    if (farkle_scorer_score_selection(cli->odds.scorer, faces, n, &s) != FARKLE_STATUS_OK ||
        !s.valid)
        return -1;
    return s.points;
}

static void print_points(int32_t points) {
    if (points < 0)
        printf("%7s", "-");
    else
        printf("%7d", points);
}

static void print_point_table(const Cli *cli) {
    static const char *const kinds[] = {"three", "four", "five", "six"};
    static const struct {
        const char *label;
        uint8_t faces[6];
        size_t n;
    } rows[] = {
        {"straight 1 2 3 4 5 6", {1, 2, 3, 4, 5, 6}, 6},
        {"straight 1 2 3 4 5", {1, 2, 3, 4, 5}, 5},
        {"straight 2 3 4 5 6", {2, 3, 4, 5, 6}, 5},
        {"three pairs 2 2 3 3 4 4", {2, 2, 3, 3, 4, 4}, 6},
        {"four and a pair 2 2 2 2 3 3", {2, 2, 2, 2, 3, 3}, 6},
        {"two triplets 2 2 2 3 3 3", {2, 2, 2, 3, 3, 3}, 6},
        {"full house 2 2 2 3 3", {2, 2, 2, 3, 3}, 5},
        {"nothing scores 2 2 3 4 6 6", {2, 2, 3, 4, 6, 6}, 6},
    };
    uint8_t one = 1, five = 5;
    size_t k, i;
    int face;
    printf("Rules: %s, %u dice. Points (\"-\": those dice do not score together):\n",
           cli->rules_name, (unsigned)cli->rules.dice_count);
    printf("  single 1 %7d      single 5 %7d\n", points_of(cli, &one, 1),
           points_of(cli, &five, 1));
    printf("  %-27s", "of a kind");
    for (face = 1; face <= 6; face++) printf("     %ds", face);
    printf("\n");
    for (k = 0; k < 4; k++) {
        uint8_t faces[6];
        printf("    %-25s", kinds[k]);
        for (face = 1; face <= 6; face++) {
            for (i = 0; i < k + 3; i++) faces[i] = (uint8_t)face;
            print_points(points_of(cli, faces, k + 3));
        }
        printf("\n");
    }
    for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        printf("  %-27s", rows[k].label);
        print_points(points_of(cli, rows[k].faces, rows[k].n));
        printf("\n");
    }
}

void print_rules(const Cli *cli) {
    const FarkleRules *r = &cli->rules;
    print_point_table(cli);
    printf("Game: ");
    if (r->min_entry_score > 0) printf("%d in one turn to get on the board; ", r->min_entry_score);
    if (r->min_bank_score > 0) printf("at least %d to bank; ", r->min_bank_score);
    if (r->farkle_penalty_streak > 0) {
        if (r->farkle_penalty_loses_all)
            printf("%u farkles in a row lose the whole score; ", (unsigned)r->farkle_penalty_streak);
        else
            printf("%u farkles in a row cost %d; ", (unsigned)r->farkle_penalty_streak,
                   r->farkle_penalty_points);
    }
    if (r->singles_only_before_entry)
        printf("until on the board only single 1s and 5s score; ");
    printf("hot dice %s", r->hot_dice ? "on" : "off");
    if (r->hot_dice_multiplier_step > 0)
        printf(", each raising the turn's multiplier by %u (picks count x1, x%u, x%u, ...)",
               (unsigned)r->hot_dice_multiplier_step, (unsigned)(1 + r->hot_dice_multiplier_step),
               (unsigned)(1 + 2 * r->hot_dice_multiplier_step));
    printf(".\n");
    printf("End: ");
    if (r->target_score > 0)
        printf("first to %s%d%s", r->exact_target != FARKLE_EXACT_TARGET_OFF ? "exactly " : "",
               r->target_score,
               r->final_round ? ", then one more turn for everyone else" : " wins");
    if (r->exact_target == FARKLE_EXACT_TARGET_REFUSE)
        printf(" (a bank past it is refused: roll on)");
    if (r->exact_target == FARKLE_EXACT_TARGET_BUST)
        printf(" (a bank past it busts: the turn scores nothing)");
    if (r->target_score > 0 && r->turn_limit > 0) printf("; or ");
    if (r->turn_limit > 0)
        printf("after %u %s each, highest score wins", (unsigned)r->turn_limit,
               plural(r->turn_limit, "turn", "turns"));
    printf(".\n");
    printf("Every setting (as --rule KEY=VALUE takes it):\n");
    knobs_print(stdout, r);
}

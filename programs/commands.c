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

static void print_help(int keys) {
    if (keys) {
        printf("Keys:\n"
               "  r  roll the dice in hand        b  bank this turn's points\n"
               "  p  pick dice from the roll      u  put back the dice picked from this roll\n"
               "  h  the roll and the dice kept   v  the scores and the state of the game\n"
               "  i  a hint                       l  the rules in force\n"
               "  s  save the game (asks a name)  ?  these keys\n"
               "  t  take over the last banked turn's points and dice (piggybacking rules)\n"
               "  q  leave the game (e and x too)\n"
               "Picking: a die's number (1-9, 0 for 10, - and = for 11 and 12) or its letter\n"
               "(q w e r t y u i o p [ ]) keeps it or puts it back; Enter keeps them, Esc or\n"
               "Backspace cancels.\n");
        return;
    }
    printf("Commands (one-letter forms in brackets; upper or lower case):\n"
           "  roll      [r]  roll the dice in hand\n"
           "  pick      [p]  keep scoring dice of the roll: `pick 1 3 4` keeps dice 1, 3 and 4\n"
           "                 (numbered from 1 as drawn); plain `pick` asks which\n"
           "  unpick    [u]  put back the dice picked from this roll\n"
           "  bank      [b]  add this turn's points to your score; the turn passes on\n"
           "  piggyback [t]  take over the points and dice left by the turn just banked\n"
           "                 (piggybacking rules; before your first roll)\n"
           "  hand      [h]  the roll, and the dice kept this turn with their points\n"
           "  view      [v]  the scores and the state of the game\n"
           "  hint      [i]  the best pick, the odds of a farkle, the optimal play\n"
           "  rules          the point table and every rule in force\n"
           "  save FILE      save the game (resume it with --load FILE)\n"
           "  help      [?]  this list\n"
           "  exit      [q, x, quit]  leave the game (asks first, and offers to save it)\n");
}

void print_refusal(const Cli *cli, FarkleStatus status) {
    const char *why = farkle_game_last_error(cli->game);
    printf("Refused: %s.\n", safe(why && *why ? why : farkle_status_str((int)status)));
}

static void refuse_unless_ok(const Cli *cli, FarkleStatus st) {
    if (st != FARKLE_STATUS_OK) print_refusal(cli, st);
}

int is_bot_name(const char *name) {
    size_t i = 4;
    if (strncmp(name, "Bot ", 4) != 0 || name[4] == '\0') return 0;
    for (; name[i]; i++)
        if (name[i] < '0' || name[i] > '9') return 0;
    return 1;
}

static void print_odds(Cli *cli, uint32_t n) {
    uint64_t farkles = 0, total = 0;
    if (odds_farkle(&cli->odds, n, &farkles, &total) != 0) return;
    printf("Rolling %u %s farkles %.1f%% of the time (%llu of %llu rolls).\n", (unsigned)n,
           plural(n, "die", "dice"), 100.0 * (double)farkles / (double)total,
           (unsigned long long)farkles, (unsigned long long)total);
}

/* Faces from counts, lowest first: "1 1 5 5". */
static void print_counts(const uint8_t counts[6]) {
    int face, k, first = 1;
    for (face = 0; face < 6; face++) {
        for (k = 0; k < counts[face]; k++) {
            printf(first ? "%d" : " %d", face + 1);
            first = 0;
        }
    }
}

/* The start of a hint's "Optimal play" line: what the advice optimizes. */
static void print_optimal(const BotAction *advice) {
    if (advice->is_win_probability)
        printf("Optimal play (best chance to win, %.1f%%): ", 100.0 * advice->value);
    else
        printf("Optimal play (most expected points this turn): ");
}

static void print_mask(const char *before, uint16_t mask, uint32_t count) {
    uint32_t d;
    printf("%s", before);
    for (d = 0; d < count; d++)
        if (mask & (1u << d)) printf(" %u", (unsigned)(d + 1));
}

/* The hint while a pick is awaited: the best pick, the odds after it, the optimal pick. */
static void hint_pick(Cli *cli, const FarkleGameState *s, const BotAction *advice) {
    FarkleSelection sel[FARKLE_MAX_SELECTIONS];
    FarkleTurnRoll roll;
    size_t n = 0;
    uint32_t d, kept = 0, left;
    FarkleStatus st = farkle_game_selections(cli->game, sel, FARKLE_MAX_SELECTIONS, &n);
    if (st == FARKLE_STATUS_OK) st = farkle_game_last_roll(cli->game, &roll);
    if (st != FARKLE_STATUS_OK || n == 0) {
        printf("No hint: %s.\n", st != FARKLE_STATUS_OK ? library_reason(st) : "no pick scores");
        return;
    }
    for (d = 0; d < roll.dice_count; d++) kept += (sel[0].dice_mask >> d) & 1u;
    print_mask("Best pick: `pick", sel[0].dice_mask, roll.dice_count);
    printf("` keeps ");
    print_counts(sel[0].counts);
    printf(" for %d points (%u legal %s).\n", sel[0].points, (unsigned)n, plural(n, "pick", "picks"));
    left = s->dice_in_hand - kept;
    if (left == 0 && cli->rules.hot_dice) left = cli->rules.dice_count;
    if (left > 0) print_odds(cli, left);
    if (advice->kind == BOT_SELECT &&
        (advice->mask != sel[0].dice_mask || advice->is_win_probability)) {
        print_optimal(advice);
        print_mask("`pick", advice->mask, roll.dice_count);
        printf("` for %d points.\n", advice->points);
    }
}

static void cmd_hint(Cli *cli) {
    FarkleGameState s = game_state(cli);
    BotAction advice = bot_advise(cli->game, cli->table);
    char no_advice[TEXT_SHOWN_LEN]; /* why there is no optimal play, said last */
    no_advice[0] = '\0';
    if (advice.status != FARKLE_STATUS_OK)
        snprintf(no_advice, sizeof no_advice, "%s", library_reason(advice.status));
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
        hint_pick(cli, &s, &advice);
    } else if (s.phase == FARKLE_GAME_PHASE_AWAITING_ROLL) {
        if (s.can_roll) print_odds(cli, s.dice_in_hand);
        if (s.can_bank) printf("You may bank %lld points now.\n", (long long)s.turn_points);
        if (advice.kind == BOT_BANK || advice.kind == BOT_ROLL) {
            print_optimal(&advice);
            printf("%s.\n", advice.kind == BOT_BANK ? "bank" : "roll");
        } else if (advice.kind == BOT_PIGGYBACK) {
            print_optimal(&advice);
            printf("take over %d points and %u %s (piggyback).\n", advice.points,
                   (unsigned)s.piggyback_dice, plural(s.piggyback_dice, "die", "dice"));
        }
    }
    if (no_advice[0] != '\0') printf("No optimal play: %s.\n", no_advice);
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
    snprintf(prompt, sizeof prompt, "Save it first? (Enter saves to %s; or type a file name, "
                                    "or no) ",
             safe(cli->autosave));
    for (;;) {
        r = read_line(prompt, line, 0);
        if (r != IN_OK) return r == IN_SIGNAL ? LEAVE_SIGNAL : LEAVE_EOF;
        if (is_no(line)) {
            printf("Leaving the game unsaved.\n");
            return LEAVE;
        }
        if (save_game(cli, line[0] ? line : cli->autosave) == 0) return LEAVE;
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
        refuse_unless_ok(cli, farkle_game_roll(cli->game));
    else if (is(cmd, "pick", "p"))
        return cmd_pick(cli, args);
    else if (is(cmd, "unpick", "u"))
        refuse_unless_ok(cli, farkle_game_undo(cli->game));
    else if (is(cmd, "bank", "b"))
        refuse_unless_ok(cli, farkle_game_bank(cli->game));
    else if (is(cmd, "piggyback", "t"))
        refuse_unless_ok(cli, farkle_game_piggyback(cli->game));
    else if (is(cmd, "hand", "h"))
        cmd_hand(cli);
    else if (is(cmd, "view", "v"))
        cmd_view(cli);
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

/* The keys being picked, and what they score. */
static void show_picking(const Cli *cli, const FarkleTurnRoll *roll, uint16_t mask) {
    uint8_t faces[FARKLE_MAX_DICE];
    uint32_t d, n = 0;
    FarkleScore score;
    for (d = 0; d < roll->dice_count; d++)
        if (mask & (1u << d)) faces[n++] = roll->faces[d];
    print_mask("Keeping dice", mask, roll->dice_count);
    if (n == 0) {
        printf(" none\n");
        return;
    }
    printf(": ");
    print_faces(stdout, roll->faces, roll->dice_count, mask);
    if (farkle_scorer_score_selection(cli->odds.scorer, faces, n, &score) == FARKLE_STATUS_OK &&
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
    refuse_unless_ok(cli, farkle_game_select_mask(cli->game, mask));
    return GO_ON;
}

static int keys_quit(Cli *cli) {
    int key;
    printf("Leave this unfinished game? (y/n) ");
    key = read_key();
    if (key <= 0) return key == IN_SIGNAL ? LEAVE_SIGNAL : LEAVE_EOF;
    printf("%c\n", key == 'y' || key == 'Y' ? 'y' : 'n');
    if (key != 'y' && key != 'Y') {
        printf("Playing on.\n");
        return GO_ON;
    }
    printf("Save it to %s? (Y/n) ", safe(cli->autosave));
    key = read_key();
    if (key <= 0) return key == IN_SIGNAL ? LEAVE_SIGNAL : LEAVE_EOF;
    if (key == 'n' || key == 'N') {
        printf("n\nLeaving the game unsaved.\n");
        return LEAVE;
    }
    printf("y\n");
    return save_game(cli, cli->autosave) == 0 ? LEAVE : GO_ON;
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
        ['v'] = "view", ['i'] = "hint", ['l'] = "rules", ['s'] = "save", ['?'] = "help",
        ['t'] = "piggyback", ['q'] = "exit", ['e'] = "exit", ['x'] = "exit"};
    int key;
    printf("%s> ", player_name(cli, game_state(cli).current_player));
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
    case 'r': refuse_unless_ok(cli, farkle_game_roll(cli->game)); break;
    case 'b': refuse_unless_ok(cli, farkle_game_bank(cli->game)); break;
    case 'p': return keys_pick(cli);
    case 'u': refuse_unless_ok(cli, farkle_game_undo(cli->game)); break;
    case 't': refuse_unless_ok(cli, farkle_game_piggyback(cli->game)); break;
    case 'h': cmd_hand(cli); break;
    case 'v': cmd_view(cli); break;
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
    if (kind == FARKLE_BOT_KIND_WIN_OPTIMAL && cli->table == NULL)
        kind = FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL; /* not reached: the game made sure */
    if (farkle_game_event_count(cli->game, &events) != FARKLE_STATUS_OK) events = 0;
    st = farkle_game_bot_play_turn(cli->game, kind, cli->table, mix(cli->bot_seed ^ events));
    if (st == FARKLE_STATUS_UNSUPPORTED && (kind == FARKLE_BOT_KIND_SINGLE_TURN_OPTIMAL ||
                                            kind == FARKLE_BOT_KIND_WIN_OPTIMAL)) {
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

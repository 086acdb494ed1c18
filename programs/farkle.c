/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * farkle: the command-line Farkle game, built on libfarkle's C API.
 *
 *   farkle [-p PLAYERS] [-t TURNS] [-r PRESET] [--rule KEY=VALUE]... [--target N] [--seed N]
 *          [-b N[:STYLE]] [--table FILE] [--scores FILE] [--load FILE] [-k] ...
 *
 * The game follows the original Farkle game of the Arc676/Farkle project (GPLv3): its
 * commands, its -p and -t, names asked at the start, single keys (--keys, its NK build), a
 * sorted scoreboard appended to a scores file (in its format too). On top: rules presets and
 * every rule from the command line, seeded reproducible games, computer players of four
 * strengths (win-optimal with a table of two or three players solved once and cached),
 * hints, a win meter, saved games, line editing, and no game lost to a quit, the end of
 * input or a signal.
 *
 * This file sets a game up and runs its loop; cli.h lists the other parts.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* A name's bytes: NAME_MAX_CHARS characters of up to 4 bytes. */
#define NAME_BYTES (NAME_MAX_CHARS * 4 + 1)
/* start()'s "there is no game to play, and that is fine" (end of input at the names). */
#define NO_GAME 100

/* ---- rules, players and the table ------------------------------------------------------- */

/* The rules of a new game: the preset (for -t alone, the original game: the original preset),
 * then -t and --target, then every --rule, checked by the library. 0, or 2 after a message. */
static int new_rules(Cli *cli, const Options *o) {
    char why[TEXT_SHOWN_LEN];
    const char *preset = o->preset_name;
    FarkleRules preset_rules;
    if (preset == NULL && o->have_turns) preset = "original";
    if (rules_preset(preset, &cli->rules, why, sizeof why) != 0) goto bad;
    preset_rules = cli->rules;
    if (o->have_turns) { /* the original game: a number of turns, highest score wins */
        cli->rules.turn_limit = (uint32_t)o->turns;
        cli->rules.target_score = 0;
        cli->rules.final_round = 0;
    }
    if (o->have_target) {
        cli->rules.target_score = (int32_t)o->target;
        cli->rules.final_round =
            o->target > 0 && preset_rules.final_round && preset_rules.target_score > 0;
    }
    if (rules_assign_all(&cli->rules, o->rule_args, o->rule_count, why, sizeof why) != 0 ||
        rules_check(&cli->rules, why, sizeof why) != 0)
        goto bad;
    cli->rules_name = preset_name_of(&cli->rules);
    return 0;
bad:
    fprintf(stderr, "farkle: %s\n", why);
    return 2;
}

/* The number of players of a new game and how many are computers; 0, or 2 after a message. */
static int new_players(const Options *o, unsigned long long *players) {
    if (o->have_players) {
        *players = o->players;
    } else if (o->bots >= FARKLE_MAX_PLAYERS) {
        fprintf(stderr,
                "farkle: %s %s leaves no seat for a human player: the most is %d players "
                "(give -p %d for computer players only)\n",
                o->bots_flag, safe(o->bots_text), FARKLE_MAX_PLAYERS, FARKLE_MAX_PLAYERS);
        return 2;
    } else {
        *players = o->bots + 1 < 2 ? 2 : o->bots + 1;
    }
    if (o->bots > *players) {
        fprintf(stderr, "farkle: %s %s is more than the %llu players\n", o->bots_flag,
                safe(o->bots_text), *players);
        return 2;
    }
    return 0;
}

/* Where no table covers the game, win-optimal computer players play a two-player table
 * against their strongest opponent (FARKLE_BOT_KIND_STRONGEST_OPPONENT); said once. */
static void play_strongest_opponent(Cli *cli, const char *why) {
    cli->bot_kind = FARKLE_BOT_KIND_STRONGEST_OPPONENT;
    fprintf(stderr,
            "farkle: %s: the computer players play the two-player table against their "
            "strongest opponent\n",
            why);
}

/* The table, when one is given or win-optimal bots need one: a table of the game's players
 * for two or three, a two-player one for more (played against the strongest opponent). 0,
 * or 2 after a message (or stop_requested set, when a signal stopped the solve). */
static int get_table(Cli *cli, const Options *o, unsigned long long players,
                     unsigned long long bots) {
    char why[TEXT_SHOWN_LEN], note[TEXT_SHOWN_LEN + 64];
    int missing;
    int win = bots > 0 && cli->bot_kind == FARKLE_BOT_KIND_WIN_OPTIMAL;
    uint32_t table_players = players == 3 ? 3 : 2;
    FarkleStatus st = FARKLE_STATUS_OK;
    if (o->table_path == NULL && !win) return 0;
    if (players < 2) {
        if (o->table_path != NULL)
            fprintf(stderr, "farkle: --table: a game of one player has nobody to beat\n");
        else
            fprintf(stderr,
                    "farkle: %s %s: win-optimal play needs a game of two players or more "
                    "(choose random, threshold or single)\n",
                    o->bots_text ? o->bots_flag : "--bots",
                    o->bots_text ? safe(o->bots_text) : "win");
        return 2;
    }
    if (players > 3 && win) {
        snprintf(note, sizeof note, "tables are solved for two or three players, not %llu",
                 players);
        play_strongest_opponent(cli, note);
    }
    if (o->table_path != NULL) {
        cli->table = table_load_for(o->table_path, &cli->rules, table_players, &missing, why,
                                    sizeof why);
        if (cli->table == NULL) {
            fprintf(stderr, "farkle: cannot use the table %s: %s\n", safe(o->table_path), why);
            return 2;
        }
        if (table_outdated(cli->table))
            fprintf(stderr,
                    "farkle: the table %s was solved by an earlier version of the library; "
                    "farkle-solve writes one that plays these rules better\n",
                    safe(o->table_path));
        return 0;
    }
    cli->table = table_for_rules(&cli->rules, table_players, &st, why, sizeof why);
    /* A three-player table too big to solve: the two-player one still plays well. */
    if (cli->table == NULL && table_players == 3 && st == FARKLE_STATUS_RESOURCE_LIMIT) {
        snprintf(note, sizeof note, "no three-player table for these rules (%s)", why);
        play_strongest_opponent(cli, note);
        cli->table = table_for_rules(&cli->rules, 2, &st, why, sizeof why);
    }
    if (cli->table == NULL) {
        if (!stop_requested)
            fprintf(stderr, "farkle: computer players cannot play to win under these rules: "
                            "%s\n",
                    why);
        return 2;
    }
    return 0;
}

/* ---- names ------------------------------------------------------------------------------ */

/* Why `name` may not be player `player`'s, or NULL. */
static const char *name_problem(const char *name, char names[][NAME_BYTES], uint32_t player,
                                char *why, size_t why_len) {
    const char *problem = utf8_problem(name);
    size_t chars, p;
    if (problem != NULL) {
        snprintf(why, why_len, "%s", problem);
        return why;
    }
    chars = utf8_length(name);
    if (chars > NAME_MAX_CHARS) {
        snprintf(why, why_len, "it is %lu characters long; the most is %d",
                 (unsigned long)chars, NAME_MAX_CHARS);
        return why;
    }
    if (is_bot_name(name)) {
        /* A name this short fits in NAME_BYTES; the precision says so to the compiler. */
        snprintf(why, why_len, "names like \"%.*s\" are kept for computer players",
                 NAME_BYTES - 1, name);
        return why;
    }
    for (p = 0; p < player; p++) {
        if (strcmp(names[p], name) == 0) {
            snprintf(why, why_len, "player %lu is already called %.*s", (unsigned long)(p + 1),
                     NAME_BYTES - 1, name);
            return why;
        }
    }
    return NULL;
}

/* Asks for a human player's name until one will do; IN_OK, IN_EOF or IN_SIGNAL. */
static int ask_name(uint32_t player, char names[][NAME_BYTES]) {
    char line[INPUT_MAX + 1], prompt[64], why[TEXT_SHOWN_LEN];
    snprintf(prompt, sizeof prompt, "Name of player %u: ", (unsigned)(player + 1));
    for (;;) {
        char *start = line;
        size_t len;
        const char *problem;
        int r = read_line(prompt, line, 0);
        if (r != IN_OK) return r;
        while (*start == ' ' || *start == '\t') start++;
        len = strlen(start);
        while (len > 0 && (start[len - 1] == ' ' || start[len - 1] == '\t')) len--;
        start[len] = '\0';
        if (len == 0) sprintf(start, "Player %u", (unsigned)(player + 1));
        problem = name_problem(start, names, player, why, sizeof why);
        if (problem == NULL) {
            strcpy(names[player], start);
            return IN_OK;
        }
        printf("That name will not do: %s. Choose another.\n", safe(problem));
    }
}

/* ---- a new game, or a saved one --------------------------------------------------------- */

/* A new game of `players` players, its rules set by new_rules() and its players checked by
 * new_players(). */
static int new_game(Cli *cli, const Options *o, unsigned long long players) {
    static char names[FARKLE_MAX_PLAYERS][NAME_BYTES];
    const char *name_ptrs[FARKLE_MAX_PLAYERS];
    uint32_t humans, p;
    FarkleStatus st;
    int rc;
    if (o->table_path != NULL && !o->have_style) cli->bot_kind = FARKLE_BOT_KIND_WIN_OPTIMAL;
    if ((rc = get_table(cli, o, players, o->bots)) != 0) return rc;
    cli->seeded = o->seeded;
    cli->seed = o->seed;
    humans = (uint32_t)(players - o->bots);
    printf("%sFarkle%s (libfarkle %s), rules %s. Type help (or ?) for the commands.\n", BOLD,
           RESET, farkle_version_string(), cli->rules_name);
    autosave_choose(cli, o->autosave_path, NULL);
    for (p = 0; p < (uint32_t)players; p++) {
        if (p < humans) {
            int r = ask_name(p, names);
            if (r == IN_SIGNAL) return -1;
            if (r == IN_EOF) {
                printf("\nEnd of input: no game.\n");
                return NO_GAME;
            }
        } else {
            sprintf(names[p], "Bot %u", (unsigned)(p - humans + 1));
            cli->is_bot[p] = 1;
        }
        name_ptrs[p] = names[p];
    }
    st = farkle_game_new_with(&cli->rules, name_ptrs, (uint32_t)players,
                              cli->seeded ? FARKLE_DICE_SOURCE_SEEDED : FARKLE_DICE_SOURCE_ENTROPY,
                              cli->seed, &cli->game);
    if (st != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle: cannot start the game: %s\n", library_reason(st));
        return 2;
    }
    return 0;
}

static int load_game(Cli *cli, const char *path) {
    size_t len = 0;
    char message[512], why[TEXT_SHOWN_LEN];
    char *text = read_file(path, &len, why, sizeof why);
    FarkleStatus st;
    if (text == NULL) {
        fprintf(stderr, "farkle: cannot read %s: %s\n", safe(path), why);
        return -1;
    }
    message[0] = '\0';
    st = farkle_game_load(text, len, message, sizeof message, &cli->game);
    free(text);
    if (st != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle: cannot load %s: %s\n", safe(path),
                safe(message[0] ? message : farkle_status_str((int)st)));
        return -1;
    }
    return 0;
}

/* Whether the options set up a new game (so a saved game cannot be resumed with them). */
static int sets_up_a_game(const Options *o) {
    return o->have_players || o->have_turns || o->have_target || o->seeded || o->have_bots ||
           o->preset_name || o->rule_count > 0;
}

/* The saved game at `path` (--load, or an autosave chosen at the start). */
static int saved_game(Cli *cli, const Options *o, const char *path) {
    FarkleGameState s;
    uint32_t p, bots = 0;
    FarkleStatus st;
    if (sets_up_a_game(o)) {
        fprintf(stderr, "farkle: --load resumes a saved game with its own rules and players; "
                        "leave out -p, -t, --rules, --rule, --target, --seed, and give --bots "
                        "the style alone (--bots win)\n");
        return 2;
    }
    if (load_game(cli, path) != 0) return 1;
    st = farkle_game_rules(cli->game, &cli->rules);
    if (st != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle: cannot read the rules of %s: %s\n", safe(path),
                library_reason(st));
        return 1;
    }
    s = game_state(cli);
    for (p = 0; p < s.player_count; p++) {
        const char *name = raw_player_name(cli, p);
        cli->is_bot[p] = name != NULL && is_bot_name(name);
        bots += (uint32_t)cli->is_bot[p];
    }
    if (o->table_path != NULL && !o->have_style) cli->bot_kind = FARKLE_BOT_KIND_WIN_OPTIMAL;
    cli->rules_name = preset_name_of(&cli->rules);
    return get_table(cli, o, s.player_count,
                     cli->bot_kind == FARKLE_BOT_KIND_WIN_OPTIMAL ? bots : 0);
}

/* Tells where a loaded game stands, then goes on from where it stopped. */
static void tell_resumed(Cli *cli, const Options *o, const char *path) {
    FarkleGameState s = game_state(cli);
    replay_turn(cli);
    printf("Resumed %s: rules %s, round %u.\n", safe(path), cli->rules_name, (unsigned)s.round);
    if (s.phase == FARKLE_GAME_PHASE_GAME_OVER) {
        cli->over_at_start = 1;
        printf("This game is over; its scores were written when it ended.\n");
        cmd_scores(cli);
        return;
    }
    autosave_choose(cli, o->autosave_path, path);
    cmd_scores(cli);
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) cmd_hand(cli);
}

/* ---- the end ---------------------------------------------------------------------------- */

/* Whether `answer` to the scores question looks like a stray key or command rather than a
 * file's name: one character, or a word the game takes at its prompt. */
static int looks_like_a_command(const char *answer) {
    static const char *const words[] = {"roll", "pick", "unpick", "bank",  "hand", "view",
                                        "scores", "hint", "rules", "save",  "help", "exit",
                                        "quit", "piggyback", "yes", "no", NULL};
    size_t i;
    if (strlen(answer) <= 1) return 1;
    for (i = 0; words[i] != NULL; i++)
        if (strcasecmp(answer, words[i]) == 0) return 1;
    return 0;
}

/* A new file named like a stray key (a `r` typed once more) is made only when confirmed. */
static int confirm_new_file(const char *name) {
    char line[INPUT_MAX + 1];
    struct stat st;
    if (stat(name, &st) == 0 || !looks_like_a_command(name)) return 1;
    printf("There is no file named %s here: a new one would be made.\n", safe(name));
    if (read_line("Make it? (y/N) ", line, 0) != IN_OK) return 0;
    return strcmp(line, "y") == 0 || strcmp(line, "Y") == 0 || strcasecmp(line, "yes") == 0;
}

/* The scores, once the game is over: to --scores, or to a file the player names. */
static int write_scores(Cli *cli) {
    char line[INPUT_MAX + 1], why[TEXT_SHOWN_LEN];
    while (cli->scores_file == NULL && term_in_tty()) {
        int format = cli->scores_format;
        int r = read_line("Append the scores to a file? (file name, blank to skip) ", line, 0);
        if (r != IN_OK) {
            printf("\nThe scores were not written.\n");
            return 0;
        }
        if (line[0] == '\0') return 0;
        if (!confirm_new_file(line)) continue;
        if (check_scores_path(line, &format, why, sizeof why) == 0) {
            cli->scores_file = line;
            cli->scores_format = format;
        } else {
            printf("Cannot append the scores to %s: %s.\n", safe(line), why);
        }
    }
    return cli->scores_file != NULL && append_scores(cli, cli->scores_file) != 0;
}

/* The game is left by the end of input or a signal: it is saved, and that is said. */
static int save_on_leaving(Cli *cli, int how) {
    static const struct {
        int sig;
        const char *what;
    } names[] = {{SIGINT, "Interrupted (SIGINT)"},
                 {SIGTERM, "Stopped (SIGTERM)"},
                 {SIGHUP, "The terminal went away (SIGHUP)"}};
    size_t i;
    narrate(cli);
    if (how == LEAVE_EOF) {
        printf("\nEnd of input.\n");
    } else {
        const char *what = "Stopped by a signal";
        for (i = 0; i < sizeof names / sizeof names[0]; i++)
            if (names[i].sig == stop_requested) what = names[i].what;
        printf("\n%s.\n", what);
    }
    return autosave_save(cli) == 0 ? 0 : 1;
}

/* The loop: narrate, then let the player to move (or the computer) act. Returns the exit
 * status, or -1 when a signal stopped the game (it was saved). */
static int play(Cli *cli) {
    char line[INPUT_MAX + 1], prompt[NAME_SHOWN_LEN + 4];
    if (cli->keys) keys_raw(1);
    for (;;) {
        FarkleGameState s;
        int r;
        narrate(cli);
        s = game_state(cli);
        if (s.phase == FARKLE_GAME_PHASE_GAME_OVER) {
            keys_raw(0);
            if (cli->over_at_start) return 0; /* its scores were written when it ended */
            autosave_finished(cli);
            return write_scores(cli);
        }
        if (stop_requested) return save_on_leaving(cli, LEAVE_SIGNAL), -1;
        if (s.phase == FARKLE_GAME_PHASE_FARKLED) { /* nothing to decide: the turn is over */
            FarkleStatus st = farkle_game_acknowledge_farkle(cli->game);
            if (st == FARKLE_STATUS_OK) continue;
            print_refusal(cli, st);
            printf("The game cannot go on; it ends here, unfinished.\n");
            return 1;
        }
        if (cli->is_bot[s.current_player]) {
            if (bot_turn(cli) == 0) continue;
            printf("The game cannot go on without its computer player; it ends here, "
                   "unfinished.\n");
            return 1;
        }
        if (cli->keys) {
            r = keys_command(cli);
        } else {
            snprintf(prompt, sizeof prompt, "%s> ", player_name(cli, s.current_player));
            r = read_line(prompt, line, 1);
            r = r == IN_OK ? dispatch(cli, line) : r == IN_EOF ? LEAVE_EOF : LEAVE_SIGNAL;
        }
        if (r == LEAVE) return 0;
        if (r == LEAVE_EOF) return save_on_leaving(cli, LEAVE_EOF);
        if (r == LEAVE_SIGNAL) return save_on_leaving(cli, LEAVE_SIGNAL), -1;
    }
}

/* ---- main ------------------------------------------------------------------------------- */

static uint64_t some_entropy(void) {
    uint64_t x = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        uint64_t r;
        if (read(fd, &r, sizeof r) == (ssize_t)sizeof r) x ^= r;
        close(fd);
    }
    return x;
}

static void finish(Cli *cli) {
    odds_free(&cli->odds);
    odds_free(&cli->entry_odds);
    farkle_game_free(cli->game);
    farkle_win_table_free(cli->table);
    farkle_card_free(cli->coach);
    free(cli->kept);
    autosave_release();
    term_restore();
}

/* --coach: the card the coach compares the human's moves with, told once; 0, or 2 after a
 * message. */
static int coach_setup(Cli *cli, const char *spec) {
    char why[TEXT_SHOWN_LEN];
    if (strcmp(spec, "best") == 0) {
        FarkleCardValue v;
        double seconds = 0;
        FarkleStatus st;
        if (cli->table == NULL) {
            fprintf(stderr, "farkle: --coach best searches the table: give --table FILE or "
                            "win-optimal computer players (-b N:win)\n");
            return 2;
        }
        fprintf(stderr, "Searching the best one-threshold card for the coach...\n");
        st = card_search(cli->table, FARKLE_CARD_FAMILY_TOTAL, 0, &cli->coach, &v, &seconds);
        if (st != FARKLE_STATUS_OK) {
            fprintf(stderr, "farkle: --coach best: %s\n",
                    st == FARKLE_STATUS_CANCELLED ? "interrupted" : library_reason(st));
            return 2;
        }
    } else if (cli->coach == NULL &&
               card_parse(spec, &cli->rules, &cli->coach, why, sizeof why) != 0) {
        fprintf(stderr, "farkle: --coach: %s\n", why);
        return 2;
    }
    say("The coach compares your rolls and banks with this card and with optimal play:");
    card_print(stdout, cli->coach);
    return 0;
}

/* Sets up the session from the options; 0 to play, else the exit status (-1: a signal). */
static int start(Cli *cli, const Options *o) {
    char why[TEXT_SHOWN_LEN];
    const char *load;
    unsigned long long players = 0;
    FarkleStatus st;
    int rc;
    cli->keys = o->keys;
    cli->verbose_bots = o->verbose_bots;
    cli->bot_kind = o->bot_kind;
    cli->draw = term_out_tty();
    cli->compact = term_columns() < 66;
    cli->scores_file = o->scores_file;
    cli->scores_format = o->scores_format;
    cli->bot_seed = o->seeded ? o->seed : some_entropy();
    /* A scores file or an autosave that cannot take what the game writes is refused now, not
     * after a whole game. */
    if (cli->scores_file != NULL &&
        check_scores_path(cli->scores_file, &cli->scores_format, why, sizeof why) != 0) {
        fprintf(stderr, "farkle: cannot append the scores to %s: %s\n", safe(cli->scores_file),
                why);
        return 2;
    }
    if (o->autosave_path != NULL &&
        autosave_check_option(o->autosave_path, o->load_path, why, sizeof why) != 0) {
        fprintf(stderr, "farkle: cannot autosave to %s: %s\n", safe(o->autosave_path), why);
        return 2;
    }
    load = o->load_path;
    if (load == NULL) {
        /* The new game's options are checked first; then a game left unfinished is offered,
         * or at least named. */
        int signalled;
        if ((rc = new_rules(cli, o)) != 0 || (rc = new_players(o, &players)) != 0) return rc;
        /* A card of the command line is checked before the game asks for names. */
        if (o->coach_spec != NULL && strcmp(o->coach_spec, "best") != 0 &&
            card_parse(o->coach_spec, &cli->rules, &cli->coach, why, sizeof why) != 0) {
            fprintf(stderr, "farkle: --coach: %s\n", why);
            return 2;
        }
        load = autosave_offer(term_in_tty() && !sets_up_a_game(o), &signalled);
        if (signalled) return -1;
    }
    /* An autosave being resumed is held (locked) first: no other run may play it meanwhile. */
    if (load != NULL && autosave_hold(load, why, sizeof why) != 0) {
        fprintf(stderr, "farkle: cannot resume %s: %s\n", safe(load), why);
        return 1;
    }
    rc = load ? saved_game(cli, o, load) : new_game(cli, o, players);
    if (stop_requested && cli->game == NULL) {
        fprintf(stderr, "\nfarkle: stopped by a signal before the game started: nothing to "
                        "save.\n");
        return -1;
    }
    if (rc != 0) return rc;
    remember_names(cli);
    st = odds_init(&cli->odds, &cli->rules);
    if (st == FARKLE_STATUS_OK && cli->rules.singles_only_before_entry) {
        FarkleRules entry; /* the odds and scoring dice of a player off the board */
        st = farkle_rules_before_entry(&cli->rules, &entry);
        if (st == FARKLE_STATUS_OK) st = odds_init(&cli->entry_odds, &entry);
    }
    if (st != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle: cannot prepare the scorer: %s\n", library_reason(st));
        return 1;
    }
    if (load) tell_resumed(cli, o, load);
    if (o->coach_spec != NULL) return coach_setup(cli, o->coach_spec);
    return 0;
}

int main(int argc, char **argv) {
    Cli cli;
    Options o;
    int status;
    text_init_locale();
    status = parse_options(argc, argv, &o);
    if (status != 0) return status == 1 ? 0 : status;
    memset(&cli, 0, sizeof cli);
    term_init(o.keys);
    use_color = term_colour(o.no_color);
    /* A full disk or a file size limit must give write() an error, not kill the game. */
    signal(SIGXFSZ, SIG_IGN);
    signals_install();
    status = start(&cli, &o);
    if (status == 0) status = play(&cli);
    if (status == NO_GAME) status = 0;
    finish(&cli);
    if (status < 0 || stop_requested) signals_finish();
    /* The last exit that could pass unexplained: the game's own output was lost (a full disk
     * or a closed pipe behind stdout). */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "farkle: writing the game's output failed: %s\n",
                errno ? strerror(errno) : "error on standard output");
        status = 1;
    }
    return status;
}

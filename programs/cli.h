/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * cli.h: the parts of the command-line game and what they share.
 *
 *   farkle.c    main(): setting up a game (rules, table, names, or a saved game) and the loop
 *   options.c   the command line (getopt_long), usage and --version
 *   term.c      the terminal: line input (readline or libedit when built with one), single
 *               keys (--keys, termios raw mode), signals, colour and width
 *   files.c     saved games, the scores file in either format
 *   autosave.c  where a game left unfinished is saved, the unfinished games offered at start
 *   view.c      what the game says: the narration of the event log, dice, scoreboard, rules
 *   commands.c  the player's commands, typed or as single keys, and the computer players
 */
#ifndef FARKLE_EXAMPLES_CLI_H
#define FARKLE_EXAMPLES_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "bot.h"
#include "common.h"
#include "farkle.h"

/* The longest input line taken (a path may be up to PATH_MAX); longer ones are refused. */
#define INPUT_MAX 4096
/* The most characters in a player's name. */
#define NAME_MAX_CHARS 40
/* The most bytes of a player's name shown, escapes included (names in saves have no limit). */
#define NAME_SHOWN_LEN 160
/* The longest path of an autosave. */
#define AUTOSAVE_PATH_LEN 4200

/* ---- options.c -------------------------------------------------------------------------- */

enum ScoresFormat { SCORES_AUTO = 0, SCORES_FARKLE = 1, SCORES_ORIGINAL = 2 };
#define MAX_RULE_ARGS 64

typedef struct Options {
    unsigned long long players, turns, target, bots, seed;
    int have_players, have_turns, have_target, have_bots, have_style, seeded;
    uint32_t bot_kind; /* a FarkleBotKind */
    const char *preset_name, *load_path, *table_path, *scores_file, *autosave_path;
    const char *bots_text; /* --bots's value as given, for messages */
    const char *coach_spec; /* --coach's card, or NULL */
    char bots_flag[32];    /* -b or --bots, as given */
    const char *rule_args[MAX_RULE_ARGS];
    size_t rule_count;
    int scores_format, keys, verbose_bots, no_color;
} Options;

/* Parses the command line: 0 to play, 1 to exit with status 0 (--help, --version, --rule
 * help), 2 after a message on stderr. */
int parse_options(int argc, char **argv, Options *o);

/* The name of a FarkleBotKind as --bots takes it. */
const char *bot_kind_name(uint32_t kind);

/* ---- term.c ----------------------------------------------------------------------------- */

enum { IN_SIGNAL = -1, IN_EOF = 0, IN_OK = 1 };
/* read_key()'s codes besides bytes: Enter, and Esc or Backspace. */
enum { KEY_ENTER = '\n', KEY_CANCEL = 0x1b };

void term_init(int keys);
int term_in_tty(void);
int term_out_tty(void);
/* Colour: stdout a terminal, TERM set and not dumb, NO_COLOR unset or empty, no --no-color. */
int term_colour(int no_color);
/* The terminal's width in columns (80 when stdout is not a terminal). */
int term_columns(void);
/* SIGINT, SIGTERM and SIGHUP set stop_requested (and put the terminal back at once); the
 * game saves and then signals_finish() ends the program by the same signal. On a terminal,
 * Ctrl-Z (SIGTSTP) puts the terminal back before the game stops, and SIGCONT sets it again. */
void signals_install(void);
void signals_finish(void);
/* Prints `prompt`, reads a line into `buf` (INPUT_MAX + 1 bytes) without its newline:
 * through readline or libedit on a terminal when built with one (`history`: remember it),
 * else buffered. Over-long lines, and on a terminal without line editing lines holding key
 * codes (arrows), are refused with a message and asked again. With input from a pipe the
 * line is echoed (sanitize()d), so a transcript reads as a dialogue. */
int read_line(const char *prompt, char *buf, int history);
/* One keypress (--keys): a byte, KEY_ENTER or KEY_CANCEL; terminal key codes (arrows) are
 * skipped; IN_EOF or IN_SIGNAL. */
int read_key(void);
/* Whether end of input is final (a pipe or file), or a Ctrl-D that cancels one question. */
int term_eof_is_final(void);
/* --keys: termios raw mode on stdin (no line buffering, no echo; Ctrl-C still a signal). */
void keys_raw(int on);
/* Prints `prompt` (which must live until the input it asks for is read) and remembers it, to
 * show it again when the game is continued after Ctrl-Z. */
void term_prompt(const char *prompt);
/* Puts the terminal back as it was at the start. */
void term_restore(void);

/* ---- the game session ------------------------------------------------------------------- */

typedef struct Kept {
    uint8_t faces[FARKLE_MAX_DICE];
    uint32_t count;
    int32_t points;
} Kept;

typedef struct Cli {
    FarkleGame *game;
    FarkleRules rules;
    const char *rules_name; /* a preset name, or "custom" */
    int is_bot[FARKLE_MAX_PLAYERS];
    uint32_t bot_kind;
    uint64_t bot_seed; /* the random bot's choices */
    Odds odds;        /* the rules' odds and scorer, as a player on the board scores */
    Odds entry_odds;  /* under singles_only_before_entry, a player off the board's (else unset) */
    int on_board[FARKLE_MAX_PLAYERS]; /* as narrated so far (the dice drawn, the hints) */
    FarkleWinTable *table; /* a solved game of two or three players for these rules, or NULL */
    FarkleCard *coach;     /* --coach: the card the coach compares each roll or bank with */
    int keys, verbose_bots;
    int draw;    /* draw the dice (stdout is a terminal) */
    int compact; /* in one line each, for a terminal below 66 columns */
    const char *scores_file;
    int scores_format;
    char autosave[AUTOSAVE_PATH_LEN]; /* where the game is saved when left unfinished */
    int autosave_ours; /* that file holds this game: it was loaded from it or saved there */
    int over_at_start; /* a saved game loaded after its end: its scores are not written again */
    int seeded;
    uint64_t seed;
    char shown_names[FARKLE_MAX_PLAYERS][NAME_SHOWN_LEN];
    uint32_t names_known;
    /* Narration state: how far the event log has been told, and the turn so far. */
    size_t events_told;
    uint8_t last_faces[FARKLE_MAX_DICE];
    uint32_t last_count;
    int64_t turn_points;
    int64_t taken_over; /* points taken over from the previous turn (piggybacking) */
    Kept *kept; /* the selections kept this turn */
    size_t kept_count, kept_cap;
    int roll_untold; /* a computer player's roll, told with its pick */
    char no_advice_told[TEXT_SHOWN_LEN]; /* why the hints have no optimal play, once said */
} Cli;

/* ---- view.c ----------------------------------------------------------------------------- */

extern int use_color;
const char *paint(const char *code);
#define BOLD paint("\033[1m")
#define DIM paint("\033[2m")
#define RED paint("\033[1;31m")
#define GREEN paint("\033[32m")
#define YELLOW paint("\033[1;33m")
#define CYAN paint("\033[1;36m")
#define RESET paint("\033[0m")

/* The width lines are wrapped to: the terminal's, or none through a pipe. */
size_t wrap_width(void);
/* printf() to stdout as one paragraph, wrapped to the terminal's width (not through a pipe). */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void say(const char *format, ...);

FarkleGameState game_state(const Cli *cli);
int64_t player_score(const Cli *cli, uint32_t player);
const char *raw_player_name(const Cli *cli, uint32_t player);
void remember_names(Cli *cli);
const char *player_name(const Cli *cli, uint32_t player);
void narrate(Cli *cli);
/* The odds and scorer of `player` now: off the board under singles_only_before_entry, the
 * single 1s and 5s only. */
Odds *odds_for(Cli *cli, uint32_t player);
/* The dice of `faces` that can score for `player` now (bit i = the i-th die). */
uint16_t scoring_mask(Cli *cli, uint32_t player, const uint8_t *faces, uint32_t count);
/* Draws the dice on a terminal, the scoring ones (`scoring`) green, or marked without colour. */
void draw_dice(const Cli *cli, const uint8_t *faces, uint32_t count, uint16_t scoring);
void print_faces(FILE *to, const uint8_t *faces, uint32_t count, uint16_t mask);
void print_kept(const Cli *cli);
void print_scoreboard(const Cli *cli, FILE *to);
/* Every seat's chance to win from here under optimal play, by the table (into `out`, one per
 * seat of the game); 0, or -1 without a table that covers the game (seat_advice()). */
int seat_chances(const Cli *cli, double *out);
/* "Chances to win: Ann 36.1%, Bob 33.0%, Bot 1 30.9%." (the active players, in seat order)
 * when seat_chances() has them; nothing otherwise. */
void print_win_meter(const Cli *cli);
void print_rules(const Cli *cli);
void cmd_view(const Cli *cli);
void cmd_scores(const Cli *cli);
void cmd_hand(const Cli *cli);
void kept_reset(Cli *cli);
/* Players by score, highest first (seating order among equals); returns how many. */
uint32_t ranked_players(const Cli *cli, uint32_t *order);
/* A loaded game: the turn so far (its rolls and picks) known without telling it again. */
void replay_turn(Cli *cli);

/* ---- commands.c ------------------------------------------------------------------------- */

enum { GO_ON = 0, LEAVE = 1, LEAVE_EOF = 2, LEAVE_SIGNAL = 3 };
/* One typed command; returns GO_ON, or LEAVE (the player left; saved or not, as chosen). */
int dispatch(Cli *cli, char *line);
/* One turn's worth of keypresses in --keys mode: reads and runs one command. Returns as
 * dispatch(), or LEAVE_EOF / LEAVE_SIGNAL. */
int keys_command(Cli *cli);
/* The current computer player plays its whole turn; 0, or -1 after saying why it cannot. */
int bot_turn(Cli *cli);
void print_refusal(const Cli *cli, FarkleStatus status);
int is_bot_name(const char *name);

/* ---- files.c ---------------------------------------------------------------------------- */

char *read_file(const char *path, size_t *out_len, char *why, size_t why_len);
/* The same from `fd` (open on `path`, which names it in messages), which it closes. */
char *read_fd(int fd, const char *path, size_t *out_len, char *why, size_t why_len);
/* Saves the game to `path`; 0 after "Game saved to ...", or -1 after saying why not. */
int save_game(const Cli *cli, const char *path);
/* Saves the game to `name` in the folder `dfd` (`shown` names it in messages), replacing it
 * whole; a symbolic link there is replaced, never followed. 0, or -1 after saying why not. */
int save_game_at(const Cli *cli, int dfd, const char *name, const char *shown);
/* Checks the scores file before the game: 0, or -1 with `why`. `*format` is the format to
 * write: the file's own when it has one (conflicting with a given one is an error). */
int check_scores_path(const char *path, int *format, char *why, size_t why_len);
int append_scores(const Cli *cli, const char *path);

/* ---- autosave.c ------------------------------------------------------------------------- */

/* --autosave FILE, checked before the game: a file that cannot take a save (its folder is
 * made when missing, and written to), that is not a saved game (a new path or a save is
 * taken), that holds another unfinished game than the one loaded (`load_path`, or NULL), or
 * that is the autosave of a game being played, is refused. 0, or -1 with the reason in
 * `why`. */
int autosave_check_option(const char *path, const char *load_path, char *why, size_t why_len);
/* The unfinished games of the autosave folders, before a new game: when `ask` (a terminal,
 * and no option that sets up a new game), offered to resume, returning the chosen one's path
 * (static); otherwise named with the --load that resumes each. A game being played (its
 * autosave locked by another run) is said to be so, and neither offered nor named. NULL for
 * a new game; `*signalled` is set when a signal came instead of an answer. */
const char *autosave_offer(int ask, int *signalled);
/* Before `path` is loaded: when it is an autosave, its lock is taken and held until the
 * program ends, so that no other run resumes it meanwhile. 0 (taken, or not an autosave), or
 * -1 with the reason in `why` when another run is playing it. */
int autosave_hold(const char *path, char *why, size_t why_len);
/* Sets cli->autosave: --autosave (`option`), the autosave the game was loaded from, or the
 * first free autosave of the first folder a save can be written in, claimed (locked) for
 * this game alone, and says which. When none can be claimed it says so before the game and,
 * on a terminal, offers to play on without one or to name a file (cli->autosave is then
 * empty, or that file). */
void autosave_choose(Cli *cli, const char *option, const char *loaded_from);
/* Saves the game to its autosave (never over another game's, never through a symbolic link
 * or into a folder of another user's; a free autosave of another folder when that fails, or
 * when the game has none); 0, or -1 after saying why. */
int autosave_save(Cli *cli);
/* The game is over: its autosave, if it has one, is removed so that it is not played again. */
void autosave_finished(Cli *cli);
/* The program ends: the autosave locks are let go (a lock file with no save beside it is
 * removed). */
void autosave_release(void);

#endif

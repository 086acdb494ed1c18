/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * farkle: the command-line Farkle game, built on libfarkle's C API.
 *
 *   farkle [-p PLAYERS] [-t TURNS] [--rules PRESET] [--target N] [--seed N] [--bots N]
 *          [--table FILE] [--scores FILE] [--load FILE] [--no-color]
 *
 * The commands and flags of the original frontend (help, roll, view, pick, unpick, hand, bank,
 * exit, single-key equivalents, -p, -t, names asked at the start, a sorted scoreboard appended
 * to a scores file), plus rules presets, a target, seeded reproducible games, computer
 * players (win-optimal with a solved two-player table), hints, the point table, saved games
 * and colour on a terminal.
 *
 * Everything the game says comes from the library's event log (narrate()), so a computer
 * player's moves, a human's and a loaded game's read the same. Input is read line by line;
 * with a pipe and --seed a whole game is reproducible byte for byte.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath() (XSI) for `save` through a symbolic link */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "bot.h"
#include "farkle.h"

#define LINE_MAX_LEN 512
#define NAME_MAX_LEN 40
/* The most bytes of a player's name shown, escapes included (names in saves have no limit). */
#define NAME_SHOWN_LEN 160
/* The most bytes of any other text shown (an input line, a path, a library message). */
#define TEXT_SHOWN_LEN 2048

/* ---------------------------------------------------------------------------------------- */
/* Colour: ANSI escapes only on a terminal, and never with NO_COLOR set (no-color.org).      */

static int use_color;

static const char *paint(const char *code) { return use_color ? code : ""; }
#define BOLD paint("\033[1m")
#define DIM paint("\033[2m")
#define RED paint("\033[1;31m")
#define GREEN paint("\033[32m")
#define YELLOW paint("\033[1;33m")
#define CYAN paint("\033[1;36m")
#define RESET paint("\033[0m")

/* ---------------------------------------------------------------------------------------- */
/* Text from outside (saves, input, paths, the library's messages) made safe for a terminal. */

/* The length of the valid UTF-8 sequence of two to four bytes at `s` (no overlong form, no
 * surrogate, nothing past U+10FFFF), or 0 when `s` does not start one. Stops at a NUL. */
static size_t utf8_sequence(const unsigned char *s) {
    size_t need, i;
    if (s[0] >= 0xC2 && s[0] <= 0xDF)
        need = 2;
    else if (s[0] >= 0xE0 && s[0] <= 0xEF)
        need = 3;
    else if (s[0] >= 0xF0 && s[0] <= 0xF4)
        need = 4;
    else
        return 0;
    for (i = 1; i < need; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
        return 0;
    return need;
}

/* Copies `in` into `out` (`cap` >= 8 bytes) so that nothing in it can drive a terminal: C0
 * control bytes and DEL become `\xNN`, C1 controls (U+0080..U+009F) `\u00NN`, and every
 * byte that is not part of valid UTF-8 `\xNN`. Printable ASCII and valid UTF-8 from U+00A0
 * on (accented names) are kept. Text too long for `out` is cut between characters and ends
 * with "...". Returns `out`. Everything the game prints that it did not write itself goes
 * through here: names from saves, input lines echoed, paths, the library's messages. */
static const char *sanitize(const char *in, char *out, size_t cap) {
    const unsigned char *s = (const unsigned char *)(in ? in : "");
    size_t used = 0;
    while (*s) {
        char piece[8];
        size_t n, len = 1, seq;
        if (*s < 0x20 || *s == 0x7F) {
            n = (size_t)sprintf(piece, "\\x%02x", (unsigned)*s);
        } else if (*s < 0x80) {
            piece[0] = (char)*s;
            n = 1;
        } else if ((seq = utf8_sequence(s)) == 0) {
            n = (size_t)sprintf(piece, "\\x%02x", (unsigned)*s);
        } else if (seq == 2 && s[0] == 0xC2 && s[1] < 0xA0) {
            n = (size_t)sprintf(piece, "\\u%04x", (unsigned)s[1]);
            len = 2;
        } else {
            memcpy(piece, s, seq);
            n = len = seq;
        }
        /* Keep room for "..." while more text follows. */
        if (used + n + (s[len] ? 4 : 1) > cap) {
            memcpy(out + used, "...", 4);
            return out;
        }
        memcpy(out + used, piece, n);
        used += n;
        s += len;
    }
    out[used] = '\0';
    return out;
}

/* sanitize() into one of four static buffers, so a message may show up to four texts. */
static const char *safe(const char *text) {
    static char slots[4][TEXT_SHOWN_LEN];
    static unsigned next;
    return sanitize(text, slots[next++ % 4], TEXT_SHOWN_LEN);
}

/* ---------------------------------------------------------------------------------------- */
/* The session.                                                                              */

typedef struct Cli {
    FarkleGame *game;
    FarkleRules rules;
    const char *rules_name; /* a preset name, or "custom" */
    int is_bot[FARKLE_MAX_PLAYERS];
    Odds odds;
    FarkleWinTable *table; /* --table: a solved two-player game for these rules, or NULL */
    int echo;          /* echo commands read from a pipe, so a transcript reads as a dialogue */
    int interactive;   /* stdin is a terminal */
    const char *scores_file;
    int seeded;
    uint64_t seed;
    /* The players' names as shown (sanitize()d once the game exists; see player_name()). */
    char shown_names[FARKLE_MAX_PLAYERS][NAME_SHOWN_LEN];
    uint32_t names_known;
    /* Narration state: how far the event log has been told, and the turn so far. */
    size_t events_told;
    uint8_t last_faces[FARKLE_MAX_DICE];
    uint32_t last_count;
    int64_t turn_points;
} Cli;

static void *checked_malloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "farkle: out of memory\n");
        exit(1);
    }
    return p;
}

/* Player `player`'s name as the game stores it (from a save: anything); NULL when unnamed. */
static const char *raw_player_name(const Cli *cli, uint32_t player) {
    const char *name = NULL;
    if (farkle_game_player_name(cli->game, player, &name) != FARKLE_STATUS_OK) return NULL;
    return name;
}

/* Every player's name passed through sanitize(), once the game is created or loaded. */
static void remember_names(Cli *cli) {
    uint32_t p;
    for (p = 0; p < FARKLE_MAX_PLAYERS; p++) {
        const char *name = raw_player_name(cli, p);
        FarklePlayerState ps;
        if (farkle_game_player(cli->game, p, &ps) != FARKLE_STATUS_OK) break;
        sanitize(name ? name : "?", cli->shown_names[p], NAME_SHOWN_LEN);
    }
    cli->names_known = p;
}

/* Player `player`'s name as printed everywhere (scoreboard, prompts, turns, winners, bots,
 * the scores file): sanitize()d, so a name from a save cannot drive the terminal. */
static const char *player_name(const Cli *cli, uint32_t player) {
    return player < cli->names_known ? cli->shown_names[player] : "?";
}

static FarkleGameState game_state(const Cli *cli) {
    FarkleGameState s;
    memset(&s, 0, sizeof s);
    if (farkle_game_state(cli->game, &s) != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle: cannot read the game state\n");
        exit(1);
    }
    return s;
}

static int64_t player_score(const Cli *cli, uint32_t player) {
    FarklePlayerState p;
    if (farkle_game_player(cli->game, player, &p) != FARKLE_STATUS_OK) return 0;
    return p.score;
}

/* Reads one line from stdin without its newline; returns 0 at end of input. */
static int read_line(Cli *cli, char *buf, size_t len) {
    size_t n;
    fflush(stdout);
    if (fgets(buf, (int)len, stdin) == NULL) return 0;
    n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\n') {
        buf[--n] = '\0';
    } else if (n == len - 1) {
        int c; /* an over-long line: drop the rest */
        while ((c = getchar()) != EOF && c != '\n') {
        }
    }
    if (n > 0 && buf[n - 1] == '\r') buf[--n] = '\0';
    if (cli->echo) printf("%s\n", safe(buf)); /* the input may come from a file */
    return 1;
}

static void print_faces(const uint8_t *faces, uint32_t count, uint16_t mask) {
    uint32_t i;
    int first = 1;
    for (i = 0; i < count; i++) {
        if (mask & (1u << i)) {
            printf(first ? "%d" : " %d", faces[i]);
            first = 0;
        }
    }
}

static void print_counts(const uint8_t counts[6]) {
    int face, k, first = 1;
    for (face = 0; face < 6; face++) {
        for (k = 0; k < counts[face]; k++) {
            printf(first ? "%d" : " %d", face + 1);
            first = 0;
        }
    }
}

/* The dice drawn as faces with their numbers (1-based, what `pick` takes); scoring dice in
 * green on a terminal. Six dice to a row. */
static void draw_dice(const Cli *cli, const uint8_t *faces, uint32_t count) {
    static const char *const pips[7][3] = {
        {"       ", "       ", "       "}, {"       ", "   o   ", "       "},
        {" o     ", "       ", "     o "}, {" o     ", "   o   ", "     o "},
        {" o   o ", "       ", " o   o "}, {" o   o ", "   o   ", " o   o "},
        {" o   o ", " o   o ", " o   o "}};
    FarkleRollAnalysis a;
    uint16_t scoring = 0;
    uint32_t start, i;
    int row;
    if (farkle_scorer_roll_analyze(cli->odds.scorer, faces, count, &a) == FARKLE_STATUS_OK)
        scoring = a.scoring_dice_mask;
    for (start = 0; start < count; start += 6) {
        uint32_t end = start + 6 < count ? start + 6 : count;
        for (i = start; i < end; i++)
            printf(i + 1 < 10 ? "    %s[%u]%s   " : "   %s[%u]%s   ", DIM, (unsigned)(i + 1), RESET);
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
}

/* ---------------------------------------------------------------------------------------- */
/* Narration: tell every event the log gained since the last call.                          */

static void print_scoreboard(const Cli *cli, FILE *to, int tabs);

static void narrate(Cli *cli) {
    size_t count = 0, i;
    if (farkle_game_event_count(cli->game, &count) != FARKLE_STATUS_OK) return;
    for (i = cli->events_told; i < count; i++) {
        FarkleEvent e;
        const char *who;
        if (farkle_game_event(cli->game, i, &e) != FARKLE_STATUS_OK) break;
        who = player_name(cli, e.player);
        switch (e.kind) {
        case FARKLE_EVENT_KIND_TURN_STARTED:
            cli->turn_points = 0;
            printf("\n%s== Round %u", BOLD, (unsigned)e.round);
            if (cli->rules.turn_limit > 0) printf(" of %u", (unsigned)cli->rules.turn_limit);
            printf(": %s's turn (score %lld) ==%s\n", who, (long long)player_score(cli, e.player),
                   RESET);
            break;
        case FARKLE_EVENT_KIND_ROLLED:
            memcpy(cli->last_faces, e.faces, sizeof cli->last_faces);
            cli->last_count = e.dice_count;
            printf("%s rolls %u %s: ", who, (unsigned)e.dice_count,
                   e.dice_count == 1 ? "die" : "dice");
            print_faces(e.faces, e.dice_count, 0xFFFF);
            printf("\n");
            draw_dice(cli, e.faces, e.dice_count);
            break;
        case FARKLE_EVENT_KIND_SELECTED: {
            uint32_t kept = 0, d;
            cli->turn_points += e.points;
            for (d = 0; d < cli->last_count; d++) kept += (e.mask >> d) & 1u;
            printf("%s keeps ", who);
            print_faces(cli->last_faces, cli->last_count, e.mask);
            printf(" for %lld points: %lld this turn, %u %s left.\n", (long long)e.points,
                   (long long)cli->turn_points, (unsigned)(cli->last_count - kept),
                   cli->last_count - kept == 1 ? "die" : "dice");
            break;
        }
        case FARKLE_EVENT_KIND_UNDONE:
            cli->turn_points -= e.points;
            printf("%s puts the dice back (-%lld points): %lld this turn.\n", who,
                   (long long)e.points, (long long)cli->turn_points);
            break;
        case FARKLE_EVENT_KIND_HOT_DICE:
            printf("%sHOT DICE!%s %s scored every die: all %u dice are back in hand.\n", YELLOW,
                   RESET, who, (unsigned)cli->rules.dice_count);
            break;
        case FARKLE_EVENT_KIND_BANKED:
            printf("%s%s banks %lld points: score %lld.%s\n", CYAN, who, (long long)e.points,
                   (long long)e.score, RESET);
            break;
        case FARKLE_EVENT_KIND_FARKLED:
            printf("%sFARKLE!%s Nothing scores: %s loses the %lld points of this turn.\n", RED,
                   RESET, who, (long long)e.points);
            cli->turn_points = 0;
            break;
        case FARKLE_EVENT_KIND_TURN_FORFEITED:
            printf("%s gives up the turn and its %lld points.\n", who, (long long)e.points);
            break;
        case FARKLE_EVENT_KIND_PENALTY:
            printf("%sPenalty:%s %u farkles in a row cost %s %lld points: score %lld.\n", RED,
                   RESET, (unsigned)cli->rules.farkle_penalty_streak, who, (long long)e.points,
                   (long long)e.score);
            break;
        case FARKLE_EVENT_KIND_FINAL_ROUND:
            printf("%s%s has reached %d: everyone else gets one more turn.%s\n", BOLD, who,
                   cli->rules.target_score, RESET);
            break;
        case FARKLE_EVENT_KIND_PLAYER_LEFT:
            printf("%s leaves the game.\n", who);
            break;
        case FARKLE_EVENT_KIND_GAME_OVER: {
            uint32_t p, n = 0;
            int64_t best = 0;
            printf("\n%s== Game over ==%s\n", BOLD, RESET);
            for (p = 0; p < 64; p++) {
                if (e.winners & ((uint64_t)1 << p)) {
                    best = player_score(cli, p);
                    n++;
                }
            }
            if (n == 0) {
                printf("Nobody wins.\n");
            } else if (n == 1) {
                for (p = 0; p < 64; p++)
                    if (e.winners & ((uint64_t)1 << p))
                        printf("%s wins with %lld points.\n", player_name(cli, p),
                               (long long)best);
            } else {
                uint32_t k = 0;
                printf("A tie between ");
                for (p = 0; p < 64; p++) {
                    if (!(e.winners & ((uint64_t)1 << p))) continue;
                    k++;
                    printf("%s%s", player_name(cli, p), k == n ? "" : k + 1 == n ? " and " : ", ");
                }
                printf(" with %lld points.\n", (long long)best);
            }
            printf("\nFinal scores:\n");
            print_scoreboard(cli, stdout, 0);
            break;
        }
        case FARKLE_EVENT_KIND_FARKLE_ACKNOWLEDGED:
        default:
            break;
        }
    }
    cli->events_told = count;
}

/* ---------------------------------------------------------------------------------------- */
/* Scoreboard and the scores file.                                                            */

/* Players by score, highest first (seating order among equals). */
static uint32_t ranked_players(const Cli *cli, uint32_t *order) {
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

/* "1. Ann 1250" lines, with equal scores sharing a rank; tab-separated for the file. */
static void print_scoreboard(const Cli *cli, FILE *to, int tabs) {
    uint32_t order[FARKLE_MAX_PLAYERS], n = ranked_players(cli, order), i, rank = 1;
    for (i = 0; i < n; i++) {
        int64_t score = player_score(cli, order[i]);
        if (i > 0 && score < player_score(cli, order[i - 1])) rank = i + 1;
        if (tabs)
            fprintf(to, "%u\t%lld\t%s\n", (unsigned)rank, (long long)score,
                    player_name(cli, order[i]));
        else
            fprintf(to, "  %2u. %-*s %7lld%s\n", (unsigned)rank, NAME_MAX_LEN / 2,
                    player_name(cli, order[i]), (long long)score,
                    cli->is_bot[order[i]] ? "  (computer)" : "");
    }
}

/* What a file of mode `mode` is, for messages. */
static const char *file_kind(mode_t mode) {
    if (S_ISREG(mode)) return "a regular file";
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "a special file";
}

/* -1 with the reason in `why` when `st`, the stat() of `path`, is not a regular file; else 0. */
static int refuse_special(const char *path, const struct stat *st, char *why, size_t why_len) {
    struct stat lst;
    int link;
    if (S_ISREG(st->st_mode)) return 0;
    link = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
    snprintf(why, why_len, "it is %s%s, not a regular file", link ? "a symbolic link to " : "",
             file_kind(st->st_mode));
    return -1;
}

/* Reads the whole regular file `path` into a NUL-terminated buffer (caller frees) and its
 * length. A directory, FIFO, device or socket is refused from its stat() without being opened
 * (a FIFO would block, /dev/zero never ends), and again from fstat() once open with
 * O_NONBLOCK, in case one was put there meanwhile. Returns NULL with the reason in `why`. */
static char *read_file(const char *path, size_t *out_len, char *why, size_t why_len) {
    struct stat st;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int fd;
    if (stat(path, &st) != 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        return NULL;
    }
    if (refuse_special(path, &st, why, why_len) != 0) return NULL;
    fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        close(fd);
        return NULL;
    }
    if (refuse_special(path, &st, why, why_len) != 0) {
        close(fd);
        return NULL;
    }
    for (;;) {
        ssize_t got;
        if (cap - len < 4096) {
            char *bigger;
            cap = cap ? cap * 2 : 8192;
            bigger = realloc(buf, cap);
            if (bigger == NULL) {
                snprintf(why, why_len, "%s", strerror(ENOMEM));
                free(buf);
                close(fd);
                return NULL;
            }
            buf = bigger;
        }
        got = read(fd, buf + len, cap - len - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            snprintf(why, why_len, "%s", strerror(errno));
            free(buf);
            close(fd);
            return NULL;
        }
        if (got == 0) break;
        len += (size_t)got;
    }
    close(fd);
    buf[len] = '\0';
    *out_len = len;
    return buf;
}

static int write_all(int fd, const char *data, size_t len) {
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Replaces `path` with `head` followed by `tail`, atomically: the new contents go to a
 * temporary file in the same directory, which is flushed to disk and then renamed over the
 * original. A crash or a full disk at any point leaves either the old file or the new one,
 * never a mix; on failure the temporary file is removed. Returns 0, or -1 with errno set. */
static int replace_file(const char *path, const char *head, size_t head_len, const char *tail,
                        size_t tail_len) {
    size_t plen = strlen(path);
    char *tmp = checked_malloc(plen + 16);
    struct stat st;
    mode_t mode;
    int fd, err;
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp.XXXXXX", 12);
    fd = mkstemp(tmp);
    if (fd < 0) {
        err = errno;
        free(tmp);
        errno = err;
        return -1;
    }
    if (stat(path, &st) == 0) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (fchmod(fd, mode) != 0 || write_all(fd, head, head_len) != 0 ||
        write_all(fd, tail, tail_len) != 0 || fsync(fd) != 0) {
        err = errno;
        close(fd);
        unlink(tmp);
        free(tmp);
        errno = err;
        return -1;
    }
    if (close(fd) != 0 || rename(tmp, path) != 0) {
        err = errno;
        unlink(tmp);
        free(tmp);
        errno = err;
        return -1;
    }
    free(tmp);
    { /* make the rename itself durable: flush the directory (best effort) */
        const char *slash = strrchr(path, '/');
        char *dir;
        int dfd;
        if (slash == NULL) {
            dir = checked_malloc(2);
            strcpy(dir, ".");
        } else {
            size_t dlen = slash == path ? 1 : (size_t)(slash - path);
            dir = checked_malloc(dlen + 1);
            memcpy(dir, path, dlen);
            dir[dlen] = '\0';
        }
        dfd = open(dir, O_RDONLY);
        if (dfd >= 0) {
            (void)fsync(dfd);
            close(dfd);
        }
        free(dir);
    }
    return 0;
}

/* The scores file is appended to in place, never replaced: a symbolic link stays a link and
 * its target gets the block, a device or a FIFO is never written (or read), and a non-empty
 * file that does not start like a scores file is someone else's and is left alone. Every
 * block starts with SCORES_MAGIC; to check a file, the game reads only its first
 * SCORES_MAGIC_LEN bytes and its last byte (to add a missing final newline), never more. */
#define SCORES_MAGIC "# farkle "
#define SCORES_MAGIC_LEN 9

/* Reads up to `len` bytes at `offset` of the regular file `fd`; returns how many, or -1. */
static ssize_t read_at(int fd, char *buf, size_t len, off_t offset) {
    for (;;) {
        ssize_t n = pread(fd, buf, len, offset);
        if (n >= 0 || errno != EINTR) return n;
    }
}

/* Checks the opened scores file `fd`: a regular file (fstat, not the path: the file may have
 * changed since it was looked at), empty or starting with SCORES_MAGIC. Writes its size to
 * `*size`. Returns 0, or -1 with the reason in `why`. */
static int check_scores_fd(int fd, off_t *size, char *why, size_t why_len) {
    struct stat st;
    char head[SCORES_MAGIC_LEN];
    ssize_t got;
    if (fstat(fd, &st) != 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, why_len, "it is %s, not a regular file", file_kind(st.st_mode));
        return -1;
    }
    *size = st.st_size;
    if (st.st_size == 0) return 0;
    got = read_at(fd, head, SCORES_MAGIC_LEN, 0);
    if (got < 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        return -1;
    }
    if (got < SCORES_MAGIC_LEN || memcmp(head, SCORES_MAGIC, SCORES_MAGIC_LEN) != 0) {
        snprintf(why, why_len,
                 "it does not start with a \"# farkle\" line, so it is not a scores file "
                 "(the game only appends to those, or to an empty or new file)");
        return -1;
    }
    return 0;
}

/* Whether the scores can go to `path`, checked before the game is played (--scores) or when
 * the player names the file at the end: a path that exists must be, after following symbolic
 * links, a regular file we may write to, empty or a scores file; a path that does not exist
 * needs an existing directory we may create files in. Devices, FIFOs and the like are refused
 * from their stat(), without being opened. Returns 0, or -1 with the reason in `why`. */
static int check_scores_path(const char *path, char *why, size_t why_len) {
    struct stat st, lst;
    if (*path == '\0') {
        snprintf(why, why_len, "the file name is empty");
        return -1;
    }
    if (stat(path, &st) == 0) {
        int fd, rc;
        off_t size;
        if (refuse_special(path, &st, why, why_len) != 0) return -1;
        if (access(path, W_OK) != 0) {
            snprintf(why, why_len, "%s", strerror(errno));
            return -1;
        }
        fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) {
            snprintf(why, why_len, "%s", strerror(errno));
            return -1;
        }
        rc = check_scores_fd(fd, &size, why, why_len);
        close(fd);
        return rc;
    }
    if (errno != ENOENT) {
        snprintf(why, why_len, "%s", strerror(errno));
        return -1;
    }
    if (lstat(path, &lst) == 0) {
        snprintf(why, why_len, "it is a symbolic link to a file that does not exist");
        return -1;
    }
    { /* a new file: its directory must exist and take new files */
        const char *slash = strrchr(path, '/');
        size_t dlen = slash == NULL ? 0 : slash == path ? 1 : (size_t)(slash - path);
        char *dir = checked_malloc(dlen + 2);
        int rc = -1;
        if (slash == NULL)
            strcpy(dir, ".");
        else {
            memcpy(dir, path, dlen);
            dir[dlen] = '\0';
        }
        if (stat(dir, &st) != 0)
            snprintf(why, why_len, "its directory %s: %s", safe(dir), strerror(errno));
        else if (!S_ISDIR(st.st_mode))
            snprintf(why, why_len, "%s is %s, not a directory", safe(dir),
                     file_kind(st.st_mode));
        else if (access(dir, W_OK | X_OK) != 0)
            snprintf(why, why_len, "no new file can be made in %s: %s", safe(dir),
                     strerror(errno));
        else
            rc = 0;
        free(dir);
        return rc;
    }
}

/* Writes `len` bytes to `fd`, counting what was written in `*written`; 0, or -1 with errno.
 * One write() call unless the kernel takes less (a full disk, a size limit, a signal). */
static int write_counted(int fd, const char *data, size_t len, size_t *written) {
    *written = 0;
    while (*written < len) {
        ssize_t n = write(fd, data + *written, len - *written);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        *written += (size_t)n;
    }
    return 0;
}

/* Flushes the directory holding `path` to disk, so that a file just created there survives
 * a crash (best effort). */
static void sync_directory_of(const char *path) {
    const char *slash = strrchr(path, '/');
    size_t dlen = slash == NULL ? 0 : slash == path ? 1 : (size_t)(slash - path);
    char *dir = checked_malloc(dlen + 2);
    int dfd;
    if (slash == NULL)
        strcpy(dir, ".");
    else {
        memcpy(dir, path, dlen);
        dir[dlen] = '\0';
    }
    dfd = open(dir, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (dfd >= 0) {
        (void)fsync(dfd);
        close(dfd);
    }
    free(dir);
}

/* Appends this game's block to the scores file; returns 0, or -1 after saying why.
 *
 * The path was checked before (check_scores_path()) but may have changed during the game:
 * a special file is refused again from its stat(), the file is opened with O_APPEND |
 * O_NONBLOCK (a FIFO that appeared meanwhile cannot block) and checked once open with
 * fstat(); a new file is created with O_EXCL, so a symbolic link planted meanwhile is not
 * followed. The block (with a newline first when the file does not end with one) goes
 * out in one write() and is flushed with fsync(). If the write fails part way and nobody
 * appended meanwhile, the file is cut back to its old size. */
static int append_scores(const Cli *cli, const char *path) {
    const int flags = O_RDWR | O_APPEND | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    char why[TEXT_SHOWN_LEN];
    char *block = NULL;
    size_t block_len = 0, skip = 1, written = 0;
    off_t size = 0;
    struct stat st;
    int fd, created = 0, failed;
    FILE *mem;
    if (stat(path, &st) == 0) {
        if (refuse_special(path, &st, why, sizeof why) != 0) {
            printf("Cannot append the scores to %s: %s; nothing was written.\n", safe(path),
                   why);
            return -1;
        }
        fd = open(path, flags);
    } else {
        fd = open(path, flags | O_CREAT | O_EXCL, 0666);
        created = fd >= 0;
        if (fd < 0 && errno == EEXIST) fd = open(path, flags); /* made meanwhile */
    }
    if (fd < 0) {
        printf("Cannot open the scores file %s: %s; nothing was written.\n", safe(path),
               strerror(errno));
        return -1;
    }
    if (check_scores_fd(fd, &size, why, sizeof why) != 0) {
        printf("Cannot append the scores to %s: %s; nothing was written.\n", safe(path), why);
        close(fd);
        return -1;
    }
    if (size > 0) { /* an old file without a final newline gets one, so blocks never run together */
        char last = '\n';
        if (read_at(fd, &last, 1, size - 1) == 1 && last != '\n') skip = 0;
    }
    /* The block: a newline (skipped unless needed), the "# farkle" line, the scoreboard. */
    mem = open_memstream(&block, &block_len);
    if (mem == NULL) {
        printf("Cannot write the scores file %s: %s; it was left unchanged.\n", safe(path),
               strerror(errno));
        close(fd);
        return -1;
    }
    fprintf(mem, "\n%s%s", SCORES_MAGIC, cli->rules_name);
    if (cli->rules.turn_limit > 0)
        fprintf(mem, ", %u turn%s", (unsigned)cli->rules.turn_limit,
                cli->rules.turn_limit == 1 ? "" : "s");
    if (cli->rules.target_score > 0) fprintf(mem, ", target %d", cli->rules.target_score);
    if (cli->seeded) fprintf(mem, ", seed %llu", (unsigned long long)cli->seed);
    fprintf(mem, "\n");
    print_scoreboard(cli, mem, 1);
    if (fclose(mem) != 0) {
        printf("Cannot write the scores file %s: %s; it was left unchanged.\n", safe(path),
               strerror(errno));
        free(block);
        close(fd);
        return -1;
    }
    failed = write_counted(fd, block + skip, block_len - skip, &written) != 0;
    if (failed) {
        int err = errno;
        struct stat now;
        /* Cut off the part written, unless someone else appended meanwhile. */
        if (written > 0 && fstat(fd, &now) == 0 && now.st_size == size + (off_t)written &&
            ftruncate(fd, size) == 0)
            written = 0;
        printf("Cannot write the scores file %s: %s; %s.\n", safe(path), strerror(err),
               written > 0   ? "it may end with part of this game's scores"
               : created     ? "it was left empty"
                             : "it was left unchanged");
    } else if (fsync(fd) != 0) {
        printf("Cannot flush the scores file %s to disk: %s; the scores were appended but a "
               "crash could still lose them.\n",
               safe(path), strerror(errno));
        failed = 1;
    }
    if (close(fd) != 0 && !failed) {
        printf("Cannot write the scores file %s: %s.\n", safe(path), strerror(errno));
        failed = 1;
    }
    free(block);
    if (failed) return -1;
    if (created) sync_directory_of(path);
    printf("Scores appended to %s.\n", safe(path));
    return 0;
}

/* ---------------------------------------------------------------------------------------- */
/* The point table in force, worked out by the library's scorer on example dice.            */

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

static void print_rules(const Cli *cli) {
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
    const FarkleRules *r = &cli->rules;
    uint8_t one = 1, five = 5;
    size_t k, i;
    int face;
    printf("Rules: %s, %u dice. Points (\"-\": those dice do not score together):\n",
           cli->rules_name, (unsigned)r->dice_count);
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
    printf("hot dice %s.\n", r->hot_dice ? "on" : "off");
    printf("End: ");
    if (r->target_score > 0)
        printf("first to %d%s", r->target_score,
               r->final_round ? ", then one more turn for everyone else" : " wins");
    if (r->target_score > 0 && r->turn_limit > 0) printf("; or ");
    if (r->turn_limit > 0)
        printf("after %u turns each, highest score wins", (unsigned)r->turn_limit);
    printf(".\n");
}

/* ---------------------------------------------------------------------------------------- */
/* Commands.                                                                                 */

static void print_help(void) {
    printf("Commands (one-letter forms in brackets):\n"
           "  roll      [r]  roll the dice in hand\n"
           "  pick      [p]  keep scoring dice of the roll: `pick 1 3 4` keeps dice 1, 3 and 4\n"
           "                 (numbered from 1 as drawn); plain `pick` asks which\n"
           "  unpick    [u]  put back the dice picked from this roll\n"
           "  bank      [b]  add this turn's points to your score; the turn passes on\n"
           "  hand      [h]  the dice in hand and this turn's points\n"
           "  view      [v]  the scores and the state of the game\n"
           "  hint           the best pick and the odds of a farkle on the next roll\n"
           "  rules          the point table and the rules in force\n"
           "  save FILE      save the game (resume it with --load FILE)\n"
           "  help      [?]  this list\n"
           "  exit      [q, x]  leave the game\n");
}

/* Why the library call that just returned `status` failed, sanitize()d: the status's text,
 * and farkle_last_error_message() when it says more (which quantity exceeded which limit, for
 * FARKLE_STATUS_RESOURCE_LIMIT). Call it before any other library call can fail. */
static const char *library_reason(FarkleStatus status) {
    char text[TEXT_SHOWN_LEN];
    const char *what = farkle_status_str((int)status);
    const char *why = farkle_last_error_message();
    if (why == NULL || *why == '\0' || strcmp(why, what) == 0) return safe(what);
    snprintf(text, sizeof text, "%s (%s)", what, why);
    return safe(text);
}

static void print_refusal(const Cli *cli, FarkleStatus status) {
    const char *why = farkle_game_last_error(cli->game);
    printf("Refused: %s.\n", safe(why && *why ? why : farkle_status_str((int)status)));
}

static void print_odds(Cli *cli, uint32_t n) {
    uint64_t farkles = 0, total = 0;
    /* Seam: the strategy module will offer these odds through the C API. */
    if (odds_farkle(&cli->odds, n, &farkles, &total) != 0) return;
    printf("Rolling %u %s farkles %.1f%% of the time (%llu of %llu rolls).\n", (unsigned)n,
           n == 1 ? "die" : "dice", 100.0 * (double)farkles / (double)total,
           (unsigned long long)farkles, (unsigned long long)total);
}

static void cmd_view(const Cli *cli) {
    FarkleGameState s = game_state(cli);
    uint32_t p;
    printf("Round %u", (unsigned)s.round);
    if (cli->rules.turn_limit > 0) printf(" of %u", (unsigned)cli->rules.turn_limit);
    printf(", rules %s", cli->rules_name);
    if (cli->rules.target_score > 0) printf(", target %d", cli->rules.target_score);
    if (s.final_round) printf(", final round");
    printf(".\n");
    for (p = 0; p < s.player_count; p++) {
        FarklePlayerState ps;
        if (farkle_game_player(cli->game, p, &ps) != FARKLE_STATUS_OK) continue;
        printf("  %s %-*s %7lld  %u turns, %u farkles%s%s%s\n",
               p == s.current_player ? ">" : " ", NAME_MAX_LEN / 2, player_name(cli, p),
               (long long)ps.score, (unsigned)ps.turns_played, (unsigned)ps.farkle_count,
               (cli->rules.min_entry_score > 0 && !ps.on_board) ? ", not on the board" : "",
               cli->is_bot[p] ? ", computer" : "", ps.active ? "" : ", left");
    }
    if (s.phase != FARKLE_GAME_PHASE_GAME_OVER)
        printf("%s's turn: %lld points in hand, %u dice %s.\n",
               player_name(cli, s.current_player), (long long)s.turn_points,
               (unsigned)s.dice_in_hand,
               s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION ? "rolled" : "to roll");
}

static void cmd_hand(const Cli *cli) {
    FarkleGameState s = game_state(cli);
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
        FarkleTurnRoll roll;
        if (farkle_game_last_roll(cli->game, &roll) == FARKLE_STATUS_OK) {
            printf("The roll (pick from it):\n");
            draw_dice(cli, roll.faces, roll.dice_count);
        }
        printf("%lld points this turn so far.\n", (long long)s.turn_points);
    } else {
        printf("%u %s in hand to roll; %lld points this turn%s.\n", (unsigned)s.dice_in_hand,
               s.dice_in_hand == 1 ? "die" : "dice", (long long)s.turn_points,
               s.can_bank ? " (you may bank them)" : "");
    }
}

/* The start of a hint's "Optimal play" line: what the advice optimizes. */
static void print_optimal(const BotAction *advice) {
    if (advice->is_win_probability)
        printf("Optimal play (best chance to win, %.1f%%): ", 100.0 * advice->value);
    else
        printf("Optimal play (most expected points this turn): ");
}

static void cmd_hint(Cli *cli) {
    FarkleGameState s = game_state(cli);
    BotAction advice = bot_advise(cli->game, cli->table);
    char no_advice[TEXT_SHOWN_LEN]; /* why there is no optimal play, said last */
    no_advice[0] = '\0';
    if (advice.status != FARKLE_STATUS_OK)
        snprintf(no_advice, sizeof no_advice, "%s", library_reason(advice.status));
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
        FarkleSelection sel[FARKLE_MAX_SELECTIONS];
        FarkleTurnRoll roll;
        size_t n = 0;
        uint32_t d, kept = 0, left;
        FarkleStatus st = farkle_game_selections(cli->game, sel, FARKLE_MAX_SELECTIONS, &n);
        if (st == FARKLE_STATUS_OK) st = farkle_game_last_roll(cli->game, &roll);
        if (st != FARKLE_STATUS_OK || n == 0) {
            printf("No hint: %s.\n",
                   st != FARKLE_STATUS_OK ? library_reason(st) : "no pick scores");
            return;
        }
        printf("Best pick: `pick");
        for (d = 0; d < roll.dice_count; d++) {
            if (sel[0].dice_mask & (1u << d)) {
                printf(" %u", (unsigned)(d + 1));
                kept++;
            }
        }
        printf("` keeps ");
        print_counts(sel[0].counts);
        printf(" for %d points (%u legal %s).\n", sel[0].points, (unsigned)n,
               n == 1 ? "pick" : "picks");

        left = s.dice_in_hand - kept;
        if (left == 0 && cli->rules.hot_dice) left = cli->rules.dice_count;
        if (left > 0) print_odds(cli, left);
        if (advice.kind == BOT_SELECT &&
            (advice.mask != sel[0].dice_mask || advice.is_win_probability)) {
            print_optimal(&advice);
            printf("`pick");
            for (d = 0; d < roll.dice_count; d++) {
                if (advice.mask & (1u << d)) printf(" %u", (unsigned)(d + 1));
            }
            printf("` for %d points.\n", advice.points);
        }
    } else if (s.phase == FARKLE_GAME_PHASE_AWAITING_ROLL) {
        if (s.can_roll) print_odds(cli, s.dice_in_hand);
        if (s.can_bank) printf("You may bank %lld points now.\n", (long long)s.turn_points);
        if (advice.kind == BOT_BANK || advice.kind == BOT_ROLL) {
            print_optimal(&advice);
            printf("%s.\n", advice.kind == BOT_BANK ? "bank" : "roll");
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
            char word[LINE_MAX_LEN];
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

static void cmd_pick(Cli *cli, const char *args) {
    size_t idx[FARKLE_MAX_DICE];
    char line[LINE_MAX_LEN];
    FarkleGameState s = game_state(cli);
    FarkleStatus st;
    FarkleTurnRoll roll;
    int n;
    size_t i, j;
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION && *args == '\0') {
        printf("Which dice do you keep? (numbers as drawn, e.g. 1 3 4; blank to cancel) ");
        if (!read_line(cli, line, sizeof line)) return;
        args = line;
        if (*args == '\0') {
            printf("Nothing picked.\n");
            return;
        }
    }
    n = parse_picks(args, idx, FARKLE_MAX_DICE);
    if (n < 0) return;
    if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION &&
        farkle_game_last_roll(cli->game, &roll) == FARKLE_STATUS_OK) {
        /* The library checks these too, but counts from 0; say it in the player's numbers. */
        for (i = 0; i < (size_t)n; i++) {
            if (idx[i] >= roll.dice_count) {
                printf("Refused: there is no die %u; this roll has %u dice (1 to %u).\n",
                       (unsigned)(idx[i] + 1), (unsigned)roll.dice_count,
                       (unsigned)roll.dice_count);
                return;
            }
            for (j = 0; j < i; j++) {
                if (idx[j] == idx[i]) {
                    printf("Refused: die %u is given twice.\n", (unsigned)(idx[i] + 1));
                    return;
                }
            }
        }
    }
    st = farkle_game_select(cli->game, idx, (size_t)n);
    if (st != FARKLE_STATUS_OK) print_refusal(cli, st);
}

/* Saves the game to `path`, replacing the file whole (a save is one document: a crash leaves
 * the old one or the new one). Only a regular file is ever replaced: a directory, FIFO, device
 * or socket is refused, and a symbolic link stays a link, the file it points to is replaced. */
static void cmd_save(const Cli *cli, const char *path) {
    char *text = NULL, *real = NULL;
    char why[TEXT_SHOWN_LEN];
    struct stat st;
    FarkleStatus status;
    if (*path == '\0') {
        printf("Refused: save needs a file name (save FILE).\n");
        return;
    }
    if (stat(path, &st) == 0) {
        if (refuse_special(path, &st, why, sizeof why) != 0) {
            printf("Cannot save the game to %s: %s.\n", safe(path), why);
            return;
        }
        real = realpath(path, NULL); /* through links, to the file itself */
        if (real == NULL) {
            printf("Cannot save the game to %s: %s.\n", safe(path), strerror(errno));
            return;
        }
    } else if (errno == ENOENT && lstat(path, &st) == 0) {
        printf("Cannot save the game to %s: it is a symbolic link to a file that does not "
               "exist.\n",
               safe(path));
        return;
    }
    status = farkle_game_save(cli->game, &text);
    if (status != FARKLE_STATUS_OK) {
        printf("Cannot save the game: %s.\n", library_reason(status));
        free(real);
        return;
    }
    if (replace_file(real ? real : path, "", 0, text, strlen(text)) != 0)
        printf("Cannot save the game to %s: %s.\n", safe(path), strerror(errno));
    else
        printf("Game saved to %s (resume with --load %s).\n", safe(path), safe(path));
    farkle_string_free(text);
    free(real);
}

/* One computer move. Returns 0, or -1 after saying why the bot cannot move. */
static int bot_move(Cli *cli) {
    BotAction a = bot_advise(cli->game, cli->table);
    FarkleStatus st;
    if (a.kind == BOT_NONE) {
        printf("%s cannot play: %s.\n", player_name(cli, game_state(cli).current_player),
               a.status != FARKLE_STATUS_OK ? library_reason(a.status)
                                            : "the library's advice has no move");
        return -1;
    }
    switch (a.kind) {
    case BOT_ROLL:
        st = farkle_game_roll(cli->game);
        break;
    case BOT_SELECT:
        st = farkle_game_select_mask(cli->game, a.mask);
        break;
    case BOT_BANK:
        st = farkle_game_bank(cli->game);
        break;
    case BOT_ACKNOWLEDGE:
        st = farkle_game_acknowledge_farkle(cli->game);
        break;
    case BOT_FORFEIT:
        st = farkle_game_forfeit_turn(cli->game);
        break;
    case BOT_NONE:
    default:
        return -1; /* handled above */
    }
    if (st != FARKLE_STATUS_OK) {
        print_refusal(cli, st);
        return -1;
    }
    return 0;
}

/* Handles one command line; returns 0 to go on, 1 to leave. */
static int dispatch(Cli *cli, char *line) {
    char *cmd = line, *args;
    FarkleStatus st;
    while (*cmd == ' ' || *cmd == '\t') cmd++;
    args = cmd + strcspn(cmd, " \t");
    if (*args) *args++ = '\0';
    while (*args == ' ' || *args == '\t') args++;
    { /* trailing blanks */
        size_t len = strlen(args);
        while (len > 0 && (args[len - 1] == ' ' || args[len - 1] == '\t')) args[--len] = '\0';
    }
    if (*cmd == '\0') return 0;
    if (!strcmp(cmd, "help") || !strcmp(cmd, "?")) {
        print_help();
    } else if (!strcmp(cmd, "roll") || !strcmp(cmd, "r")) {
        st = farkle_game_roll(cli->game);
        if (st != FARKLE_STATUS_OK) print_refusal(cli, st);
    } else if (!strcmp(cmd, "pick") || !strcmp(cmd, "p")) {
        cmd_pick(cli, args);
    } else if (!strcmp(cmd, "unpick") || !strcmp(cmd, "u")) {
        st = farkle_game_undo(cli->game);
        if (st != FARKLE_STATUS_OK) print_refusal(cli, st);
    } else if (!strcmp(cmd, "bank") || !strcmp(cmd, "b")) {
        st = farkle_game_bank(cli->game);
        if (st != FARKLE_STATUS_OK) print_refusal(cli, st);
    } else if (!strcmp(cmd, "hand") || !strcmp(cmd, "h")) {
        cmd_hand(cli);
    } else if (!strcmp(cmd, "view") || !strcmp(cmd, "v")) {
        cmd_view(cli);
    } else if (!strcmp(cmd, "hint")) {
        cmd_hint(cli);
    } else if (!strcmp(cmd, "rules")) {
        print_rules(cli);
    } else if (!strcmp(cmd, "save")) {
        cmd_save(cli, args);
    } else if (!strcmp(cmd, "exit") || !strcmp(cmd, "quit") || !strcmp(cmd, "q") ||
               !strcmp(cmd, "x")) {
        printf("Leaving the game unfinished.\n");
        return 1;
    } else {
        printf("Unknown command '%s'; type help (or ?) for the list.\n", safe(cmd));
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------- */
/* Setting up: options, rules, names.                                                        */

static void usage(FILE *to) {
    fprintf(to,
            "usage: farkle [options]\n"
            "  -p PLAYERS      players in the game, 1 to %d (default 2, or 1 + bots)\n"
            "  -t TURNS        turns per player; the highest score after them wins\n"
            "  --rules PRESET  classic (default), extended, doubling, additive, minimal, zilch\n"
            "  --target N      score that wins (overrides the preset's; with -t, whichever comes\n"
            "                  first)\n"
            "  --seed N        roll with a seeded generator: the same seed and moves replay the\n"
            "                  same game\n"
            "  --bots N        the last N players are computer players\n"
            "  --table FILE    a two-player table saved by the solver (same rules and target):\n"
            "                  computer players and hints then play to win two-player games\n"
            "  --scores FILE   append the final scoreboard to FILE\n"
            "  --load FILE     resume a game saved with the `save FILE` command\n"
            "  --no-color      plain text even on a terminal (as does NO_COLOR=1)\n"
            "  --version       print the library version\n"
            "Type `help` in the game for its commands.\n",
            FARKLE_MAX_PLAYERS);
}

static int parse_number(const char *flag, const char *text, unsigned long long max,
                        unsigned long long *out) {
    char *end = NULL;
    unsigned long long v;
    errno = 0;
    if (text == NULL || *text == '\0' || *text == '-') goto bad;
    v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || v > max) goto bad;
    *out = v;
    return 0;
bad:
    fprintf(stderr, "farkle: %s needs a number from 0 to %llu, not '%s'\n", flag, max,
            safe(text));
    return -1;
}

/* Whether `name` is kept for computer players: "Bot" and a number. */
static int is_bot_name(const char *name) {
    size_t i = 4;
    if (strncmp(name, "Bot ", 4) != 0 || name[4] == '\0') return 0;
    for (; name[i]; i++)
        if (name[i] < '0' || name[i] > '9') return 0;
    return 1;
}

/* Asks for a human player's name; returns 0 at end of input. */
static int ask_name(Cli *cli, uint32_t player, char *out) {
    char line[LINE_MAX_LEN];
    for (;;) {
        size_t len, i;
        char *start = line;
        const char *name;
        printf("Name of player %u: ", (unsigned)(player + 1));
        if (!read_line(cli, line, sizeof line)) return 0;
        while (*start == ' ' || *start == '\t') start++;
        len = strlen(start);
        while (len > 0 && (start[len - 1] == ' ' || start[len - 1] == '\t')) len--;
        start[len] = '\0';
        for (i = 0; i < len; i++)
            if ((unsigned char)start[i] < 0x20 || start[i] == 0x7f) start[i] = ' ';
        if (len == 0) {
            sprintf(out, "Player %u", (unsigned)(player + 1));
            return 1;
        }
        /* C1 controls and bytes that are not UTF-8 become visible escapes: the game (and its
         * saves) only ever hold names that are safe to print and valid UTF-8. */
        name = safe(start);
        len = strlen(name);
        if (is_bot_name(name)) {
            printf("Names like \"%s\" are kept for computer players; choose another.\n", name);
            continue;
        }
        if (len > NAME_MAX_LEN) { /* cut on a UTF-8 character boundary */
            len = NAME_MAX_LEN;
            while (len > 0 && ((unsigned char)name[len] & 0xC0) == 0x80) len--;
        }
        memcpy(out, name, len);
        out[len] = '\0';
        return 1;
    }
}

/* Whether `a` and `b` score alike and have the same game options (end conditions aside). */
static int same_play_rules(const FarkleRules *a, const FarkleRules *b) {
    return a->dice_count == b->dice_count && a->single_one == b->single_one &&
           a->single_five == b->single_five && a->triple_ones == b->triple_ones &&
           a->triple_face_multiplier == b->triple_face_multiplier &&
           a->kind_scaling == b->kind_scaling && a->four_of_a_kind == b->four_of_a_kind &&
           a->five_of_a_kind == b->five_of_a_kind && a->six_of_a_kind == b->six_of_a_kind &&
           a->six_ones == b->six_ones && a->straight == b->straight &&
           a->straight_low == b->straight_low && a->straight_high == b->straight_high &&
           a->three_pairs == b->three_pairs &&
           a->three_pairs_with_four_of_a_kind == b->three_pairs_with_four_of_a_kind &&
           a->four_of_a_kind_and_pair == b->four_of_a_kind_and_pair &&
           a->two_triplets == b->two_triplets && a->full_house_bonus == b->full_house_bonus &&
           a->no_score_set == b->no_score_set && a->min_entry_score == b->min_entry_score &&
           a->min_bank_score == b->min_bank_score &&
           a->farkle_penalty_streak == b->farkle_penalty_streak &&
           a->farkle_penalty_points == b->farkle_penalty_points &&
           a->farkle_penalty_loses_all == b->farkle_penalty_loses_all &&
           a->hot_dice == b->hot_dice;
}

/* The preset whose scoring and game options equal `r` (end conditions aside), or "custom". */
static const char *preset_name_of(const FarkleRules *r) {
    uint32_t p;
    for (p = 0; farkle_rules_preset_name(p) != NULL; p++) {
        FarkleRules q;
        if (farkle_rules_preset(p, &q) != FARKLE_STATUS_OK) break;
        if (same_play_rules(&q, r)) return farkle_rules_preset_name(p);
    }
    return "custom";
}

/* Loads the --table file and checks it was solved for the game's rules. */
static int load_table(Cli *cli, const char *path) {
    FarkleRules solved;
    FarkleStatus st = farkle_win_table_load(path, &cli->table);
    if (st != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle: cannot load the table %s: %s\n", safe(path),
                library_reason(st));
        return -1;
    }
    if (farkle_win_table_rules(cli->table, &solved) != FARKLE_STATUS_OK ||
        !same_play_rules(&solved, &cli->rules) || solved.target_score != cli->rules.target_score ||
        solved.final_round != cli->rules.final_round ||
        solved.turn_limit != cli->rules.turn_limit) {
        fprintf(stderr,
                "farkle: the table %s was solved for other rules (rules %s, target %ld); "
                "use the same --rules and --target, without -t\n",
                safe(path), preset_name_of(&solved), (long)solved.target_score);
        farkle_win_table_free(cli->table);
        cli->table = NULL;
        return -1;
    }
    return 0;
}

static int load_game(Cli *cli, const char *path) {
    size_t len = 0;
    char message[256], why[TEXT_SHOWN_LEN];
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
        fprintf(stderr, "farkle: cannot load %s: %s (%s)\n", safe(path),
                farkle_status_str((int)st), safe(message));
        return -1;
    }
    return 0;
}

int main(int argc, char **argv) {
    Cli cli;
    unsigned long long players = 0, turns = 0, target = 0, bots = 0, seed = 0;
    int have_players = 0, have_turns = 0, have_target = 0, no_color = 0;
    const char *preset_name = NULL, *load_path = NULL, *table_path = NULL;
    uint32_t preset = FARKLE_PRESET_CLASSIC;
    const char *env;
    int i, status = 0;
    char line[LINE_MAX_LEN];
    FarkleStatus st;

    memset(&cli, 0, sizeof cli);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes_value = 1;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("farkle %s\n", farkle_version_string());
            return 0;
        } else if (!strcmp(a, "--no-color")) {
            no_color = 1;
            takes_value = 0;
        } else if (v == NULL) {
            fprintf(stderr, "farkle: unknown option or missing value: %s\n", safe(a));
            usage(stderr);
            return 2;
        } else if (!strcmp(a, "-p")) {
            if (parse_number(a, v, FARKLE_MAX_PLAYERS, &players) != 0) return 2;
            have_players = 1;
        } else if (!strcmp(a, "-t")) {
            if (parse_number(a, v, 1000000, &turns) != 0) return 2;
            have_turns = 1;
        } else if (!strcmp(a, "--target")) {
            if (parse_number(a, v, 1000000000, &target) != 0) return 2;
            have_target = 1;
        } else if (!strcmp(a, "--seed")) {
            if (parse_number(a, v, UINT64_MAX, &seed) != 0) return 2;
            cli.seeded = 1;
        } else if (!strcmp(a, "--bots")) {
            if (parse_number(a, v, FARKLE_MAX_PLAYERS, &bots) != 0) return 2;
        } else if (!strcmp(a, "--rules")) {
            preset_name = v;
        } else if (!strcmp(a, "--scores")) {
            cli.scores_file = v;
        } else if (!strcmp(a, "--load")) {
            load_path = v;
        } else if (!strcmp(a, "--table")) {
            table_path = v;
        } else {
            fprintf(stderr, "farkle: unknown option: %s\n", safe(a));
            usage(stderr);
            return 2;
        }
        if (takes_value) i++;
    }

    env = getenv("NO_COLOR");
    use_color = !no_color && isatty(STDOUT_FILENO) && !(env != NULL && *env != '\0');
    cli.interactive = isatty(STDIN_FILENO);
    cli.echo = !cli.interactive;
    /* A full disk or a file size limit must give write() an error, not kill the game. */
    signal(SIGXFSZ, SIG_IGN);
    /* A scores file that cannot take the scores is refused now, not after a whole game. */
    if (cli.scores_file != NULL) {
        char why[TEXT_SHOWN_LEN];
        if (check_scores_path(cli.scores_file, why, sizeof why) != 0) {
            fprintf(stderr, "farkle: cannot append the scores to %s: %s\n",
                    safe(cli.scores_file), why);
            return 2;
        }
    }

    if (load_path != NULL) {
        FarkleGameState s;
        uint32_t p;
        if (have_players || have_turns || have_target || cli.seeded || bots || preset_name) {
            fprintf(stderr, "farkle: --load resumes a saved game with its own rules and "
                            "players; leave out -p, -t, --rules, --target, --seed, --bots\n");
            return 2;
        }
        if (load_game(&cli, load_path) != 0) return 1;
        st = farkle_game_rules(cli.game, &cli.rules);
        if (st != FARKLE_STATUS_OK) {
            fprintf(stderr, "farkle: cannot read the rules of %s: %s\n", safe(load_path),
                    library_reason(st));
            farkle_game_free(cli.game);
            return 1;
        }
        if (table_path != NULL && load_table(&cli, table_path) != 0) {
            farkle_game_free(cli.game);
            return 2;
        }
        s = game_state(&cli);
        for (p = 0; p < s.player_count; p++) {
            const char *name = raw_player_name(&cli, p);
            cli.is_bot[p] = name != NULL && is_bot_name(name);
        }
        cli.rules_name = preset_name_of(&cli.rules);
    } else {
        char names[FARKLE_MAX_PLAYERS][NAME_MAX_LEN + 1];
        const char *name_ptrs[FARKLE_MAX_PLAYERS];
        char message[256];
        uint32_t humans, p;
        if (preset_name != NULL &&
            farkle_rules_preset_from_name(preset_name, &preset) != FARKLE_STATUS_OK) {
            fprintf(stderr, "farkle: unknown rules preset '%s' (classic, extended, doubling, "
                            "additive, minimal, zilch)\n",
                    safe(preset_name));
            return 2;
        }
        st = farkle_rules_preset(preset, &cli.rules);
        if (st != FARKLE_STATUS_OK) {
            fprintf(stderr, "farkle: cannot read rules preset %u: %s\n", (unsigned)preset,
                    library_reason(st));
            return 1;
        }
        cli.rules_name = farkle_rules_preset_name(preset);
        if (have_turns) { /* the original game: a number of turns, highest score wins */
            cli.rules.turn_limit = (uint32_t)turns;
            cli.rules.target_score = 0;
            cli.rules.final_round = false;
        }
        if (have_target) {
            FarkleRules preset_rules;
            cli.rules.target_score = (int32_t)target;
            if (target == 0)
                cli.rules.final_round = false;
            else if (farkle_rules_preset(preset, &preset_rules) == FARKLE_STATUS_OK)
                cli.rules.final_round = preset_rules.final_round && preset_rules.target_score > 0;
        }
        if (farkle_rules_validate(&cli.rules, message, sizeof message) != FARKLE_STATUS_OK) {
            fprintf(stderr, "farkle: these options make no game: %s\n", message);
            return 2;
        }
        if (!have_players) players = bots > 0 ? bots + 1 : 2;
        if (players < 1 || players > FARKLE_MAX_PLAYERS) {
            fprintf(stderr, "farkle: -p needs 1 to %d players\n", FARKLE_MAX_PLAYERS);
            return 2;
        }
        if (bots > players) {
            fprintf(stderr, "farkle: --bots %llu is more than the %llu players\n", bots, players);
            return 2;
        }
        if (table_path != NULL && load_table(&cli, table_path) != 0) return 2;
        cli.seed = seed;
        humans = (uint32_t)(players - bots);
        printf("%sFarkle%s (libfarkle %s), rules %s. Type help (or ?) for the commands.\n", BOLD,
               RESET, farkle_version_string(), cli.rules_name);
        for (p = 0; p < (uint32_t)players; p++) {
            if (p < humans) {
                if (!ask_name(&cli, p, names[p])) {
                    printf("\nEnd of input: no game.\n");
                    farkle_win_table_free(cli.table);
                    return 0;
                }
            } else {
                sprintf(names[p], "Bot %u", (unsigned)(p - humans + 1));
                cli.is_bot[p] = 1;
            }
            name_ptrs[p] = names[p];
        }
        st = farkle_game_new_with(&cli.rules, name_ptrs, (size_t)players,
                                  cli.seeded ? FARKLE_DICE_SOURCE_SEEDED
                                             : FARKLE_DICE_SOURCE_ENTROPY,
                                  seed, &cli.game);
        if (st != FARKLE_STATUS_OK) {
            fprintf(stderr, "farkle: cannot start the game: %s\n", library_reason(st));
            farkle_win_table_free(cli.table);
            return 1;
        }
    }
    remember_names(&cli);
    st = odds_init(&cli.odds, &cli.rules);
    if (st != FARKLE_STATUS_OK) {
        fprintf(stderr, "farkle: cannot prepare the scorer: %s\n", library_reason(st));
        farkle_game_free(cli.game);
        farkle_win_table_free(cli.table);
        return 1;
    }
    if (load_path != NULL) {
        /* Tell the game so far in one line, then go on from where it stopped. */
        FarkleGameState s = game_state(&cli);
        size_t told = 0;
        if (farkle_game_event_count(cli.game, &told) == FARKLE_STATUS_OK) cli.events_told = told;
        cli.turn_points = s.turn_points;
        if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
            FarkleTurnRoll roll;
            if (farkle_game_last_roll(cli.game, &roll) == FARKLE_STATUS_OK) {
                memcpy(cli.last_faces, roll.faces, sizeof cli.last_faces);
                cli.last_count = roll.dice_count;
            }
        }
        printf("Resumed %s: rules %s, round %u.\n", safe(load_path), cli.rules_name,
               (unsigned)s.round);
        cmd_view(&cli);
        if (s.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) cmd_hand(&cli);
    }

    for (;;) {
        FarkleGameState s;
        narrate(&cli);
        s = game_state(&cli);
        if (s.phase == FARKLE_GAME_PHASE_GAME_OVER) {
            while (cli.scores_file == NULL && cli.interactive) {
                char why[TEXT_SHOWN_LEN];
                printf("Append the scores to a file? (file name, blank to skip) ");
                if (!read_line(&cli, line, sizeof line)) {
                    printf("\nEnd of input: the scores were not written.\n");
                    break;
                }
                if (line[0] == '\0') break;
                if (check_scores_path(line, why, sizeof why) == 0)
                    cli.scores_file = line;
                else
                    printf("Cannot append the scores to %s: %s.\n", safe(line), why);
            }
            if (cli.scores_file != NULL && append_scores(&cli, cli.scores_file) != 0) status = 1;
            break;
        }
        if (s.phase == FARKLE_GAME_PHASE_FARKLED) { /* nothing to decide: the turn is over */
            st = farkle_game_acknowledge_farkle(cli.game);
            if (st != FARKLE_STATUS_OK) {
                print_refusal(&cli, st);
                printf("The game cannot go on; it ends here, unfinished.\n");
                status = 1;
                break;
            }
            continue;
        }
        if (cli.is_bot[s.current_player]) {
            if (bot_move(&cli) != 0) {
                printf("The game cannot go on without its computer player; it ends here, "
                       "unfinished.\n");
                status = 1;
                break;
            }
            continue;
        }
        printf("%s> ", player_name(&cli, s.current_player));
        if (!read_line(&cli, line, sizeof line)) {
            printf("\nEnd of input: leaving the game unfinished.\n");
            break;
        }
        if (dispatch(&cli, line)) break;
    }
    odds_free(&cli.odds);
    farkle_game_free(cli.game);
    farkle_win_table_free(cli.table);
    /* The last exit that could pass unexplained: the game's own output was lost (a full disk
     * or a closed pipe behind stdout). */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "farkle: writing the game's output failed: %s\n",
                errno ? strerror(errno) : "error on standard output");
        status = 1;
    }
    return status;
}

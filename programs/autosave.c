/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * autosave.c: where a game left unfinished (exit, the end of input, a signal) is saved, so
 * that no game is ever lost.
 *
 * One file per game: autosave.json, autosave-2.json, ... in $XDG_STATE_HOME/farkle (or
 * ~/.local/state/farkle). A new game takes the first name that is free (no file, or a
 * finished game's); a game resumed from an autosave keeps its file; a file that holds another
 * unfinished game, or that cannot be read, is never written over. The folder is checked at
 * the start by writing a file there; when that fails, the game falls back to
 * ~/.local/state/farkle, then to a private folder under $TMPDIR (or /tmp), and says where it
 * will be saved. At the start, unfinished autosaves are offered to resume (on a terminal) or
 * named (otherwise); when a game ends, its autosave is removed, so it cannot be played again.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath() (XSI) */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* The folders an autosave may go to, best first. */
#define AUTOSAVE_DIRS 3
/* The most autosaves of one folder a new game looks through for a free name. */
#define MAX_SLOTS 100
/* The most unfinished games offered or named at the start. */
#define MAX_OFFERED 9

/* The longest folder of an autosave: a file name of up to 255 bytes fits after it. */
#define FOLDER_LEN (AUTOSAVE_PATH_LEN - 300)

typedef char Path[AUTOSAVE_PATH_LEN];

typedef struct Folder {
    char path[FOLDER_LEN];
    int shared; /* under a folder every user writes to (/tmp): it must be ours alone */
} Folder;

/* The folders, best first, into `dirs`; returns how many (the unset ones are left out):
 * $XDG_STATE_HOME/farkle (an absolute XDG_STATE_HOME only), ~/.local/state/farkle, and
 * $TMPDIR/farkle-UID (or /tmp/farkle-UID). */
static int autosave_dirs(Folder dirs[AUTOSAVE_DIRS]) {
    const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME"), *tmp = getenv("TMPDIR");
    int n = 0, len;
    memset(dirs, 0, sizeof(Folder) * AUTOSAVE_DIRS);
    if (xdg != NULL && xdg[0] == '/') {
        len = snprintf(dirs[n].path, sizeof dirs[n].path, "%s/farkle", xdg);
        if (len > 0 && (size_t)len < sizeof dirs[n].path) n++;
    }
    if (home != NULL && home[0] == '/') {
        len = snprintf(dirs[n].path, sizeof dirs[n].path, "%s/.local/state/farkle", home);
        if (len > 0 && (size_t)len < sizeof dirs[n].path) n++;
    }
    if (tmp == NULL || tmp[0] != '/') tmp = "/tmp";
    len = snprintf(dirs[n].path, sizeof dirs[n].path, "%s/farkle-%lu", tmp,
                   (unsigned long)getuid());
    if (len > 0 && (size_t)len < sizeof dirs[n].path) dirs[n++].shared = 1;
    return n;
}

/* The folder of `path` into `out`: "." for a bare name, "/" for a file at the root. */
static void dir_of(const char *path, char *out, size_t len) {
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        snprintf(out, len, ".");
    else if (slash == path)
        snprintf(out, len, "/");
    else
        snprintf(out, len, "%.*s", (int)(slash - path), path);
}

/* The path of autosave number `slot` (from 1) in `dir`. */
static void slot_path(const char *dir, int slot, char *out, size_t len) {
    if (slot <= 1)
        snprintf(out, len, "%s/autosave.json", dir);
    else
        snprintf(out, len, "%s/autosave-%d.json", dir, slot);
}

/* The slot number of a file name ("autosave.json" 1, "autosave-7.json" 7), or 0. */
static int slot_of_name(const char *name) {
    char *end;
    long n;
    if (strcmp(name, "autosave.json") == 0) return 1;
    if (strncmp(name, "autosave-", 9) != 0 || name[9] < '1' || name[9] > '9') return 0;
    n = strtol(name + 9, &end, 10);
    if (strcmp(end, ".json") != 0 || n < 2 || n > MAX_SLOTS) return 0;
    return (int)n;
}

enum SlotState { SLOT_FREE, SLOT_FINISHED, SLOT_UNFINISHED, SLOT_UNREADABLE };

/* What the file at `path` holds. With `out_game`, an unfinished game is handed over (the
 * caller frees it). */
static enum SlotState slot_state(const char *path, FarkleGame **out_game) {
    char why[TEXT_SHOWN_LEN];
    struct stat st;
    size_t len = 0;
    char *text;
    FarkleGame *game = NULL;
    FarkleGameState s;
    enum SlotState state;
    if (lstat(path, &st) != 0) return errno == ENOENT ? SLOT_FREE : SLOT_UNREADABLE;
    text = read_file(path, &len, why, sizeof why);
    if (text == NULL) return SLOT_UNREADABLE;
    if (farkle_game_load(text, len, NULL, 0, &game) != FARKLE_STATUS_OK ||
        farkle_game_state(game, &s) != FARKLE_STATUS_OK) {
        free(text);
        farkle_game_free(game);
        return SLOT_UNREADABLE;
    }
    free(text);
    state = s.phase == FARKLE_GAME_PHASE_GAME_OVER ? SLOT_FINISHED : SLOT_UNFINISHED;
    if (state == SLOT_UNFINISHED && out_game != NULL)
        *out_game = game;
    else
        farkle_game_free(game);
    return state;
}

/* Creates the folder `dir` when it is missing; one under a shared folder must then be a real
 * folder (not a link) of this user's, since other users can make files there. 0, or -1 with
 * `why`. */
static int prepare_dir(const char *dir, int shared, char *why, size_t why_len) {
    struct stat st;
    if (make_dirs(dir, why, why_len) != 0) return -1;
    if (shared && (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid())) {
        snprintf(why, why_len, "%s is not a folder of this user's", safe(dir));
        return -1;
    }
    return 0;
}

/* Whether a save can be written in `dir` (created when missing): a file of a few kilobytes is
 * written there, flushed to disk and removed, so that a folder that is not writable, a full
 * disk or a file size limit shows now rather than when the game is left. 0, or -1 with
 * `why`. */
static int dir_takes_saves(const char *dir, int shared, char *why, size_t why_len) {
    char probe[AUTOSAVE_PATH_LEN + 16], block[4096];
    size_t done = 0;
    int fd, err = 0;
    if (prepare_dir(dir, shared, why, why_len) != 0) return -1;
    snprintf(probe, sizeof probe, "%s/.probe.XXXXXX", dir);
    fd = mkstemp(probe);
    if (fd < 0) {
        snprintf(why, why_len, "%s: %s", safe(dir), strerror(errno));
        return -1;
    }
    memset(block, ' ', sizeof block);
    while (done < sizeof block && err == 0) {
        ssize_t n = write(fd, block + done, sizeof block - done);
        if (n < 0 && errno != EINTR) err = errno;
        if (n > 0) done += (size_t)n;
    }
    if (err == 0 && fsync(fd) != 0) err = errno;
    if (close(fd) != 0 && err == 0) err = errno;
    unlink(probe);
    if (err != 0) {
        snprintf(why, why_len, "%s: %s", safe(dir), strerror(err));
        return -1;
    }
    return 0;
}

/* The first autosave of `dir` that a new game may take (none, or a finished game's) into
 * `out`; 0, or -1 when every name is taken. */
static int free_slot(const char *dir, char *out, size_t len) {
    int slot;
    for (slot = 1; slot <= MAX_SLOTS; slot++) {
        enum SlotState state;
        slot_path(dir, slot, out, len);
        state = slot_state(out, NULL);
        if (state == SLOT_FREE || state == SLOT_FINISHED) return 0;
    }
    return -1;
}

/* Whether `a` and `b` name the same existing file. */
static int same_file(const char *a, const char *b) {
    struct stat sa, sb;
    return a != NULL && b != NULL && stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Whether `path` is an autosave: a file of one of the autosave folders, named as one. */
static int is_autosave(const char *path) {
    Folder dirs[AUTOSAVE_DIRS];
    int n = autosave_dirs(dirs), i, found = 0;
    char *real = realpath(path, NULL), *slash;
    if (real == NULL) return 0;
    slash = strrchr(real, '/');
    if (slash != NULL && slot_of_name(slash + 1) > 0) {
        *slash = '\0';
        for (i = 0; i < n && !found; i++) {
            char *dir = realpath(dirs[i].path, NULL);
            found = dir != NULL && strcmp(dir, real[0] ? real : "/") == 0;
            free(dir);
        }
    }
    free(real);
    return found;
}

/* "round 3 of 10, rules original: Ann 1100, Bob 500; Ann to play, 1050 points in hand". */
static void describe_game(const FarkleGame *game, char *out, size_t len) {
    FarkleGameState s;
    FarkleRules rules;
    size_t used;
    uint32_t p;
    out[0] = '\0';
    if (farkle_game_state(game, &s) != FARKLE_STATUS_OK ||
        farkle_game_rules(game, &rules) != FARKLE_STATUS_OK)
        return;
    used = (size_t)snprintf(out, len, "round %u", (unsigned)s.round);
    if (rules.turn_limit > 0 && used < len)
        used += (size_t)snprintf(out + used, len - used, " of %u", (unsigned)rules.turn_limit);
    if (used < len)
        used += (size_t)snprintf(out + used, len - used, ", rules %s:", preset_name_of(&rules));
    for (p = 0; p < s.player_count && p < 4 && used < len; p++) {
        const char *name = NULL;
        FarklePlayerState ps;
        if (farkle_game_player_name(game, p, &name) != FARKLE_STATUS_OK ||
            farkle_game_player(game, p, &ps) != FARKLE_STATUS_OK)
            break;
        used += (size_t)snprintf(out + used, len - used, "%s %s %lld", p ? "," : "",
                                 safe(name ? name : "?"), (long long)ps.score);
    }
    if (s.player_count > 4 && used < len)
        used += (size_t)snprintf(out + used, len - used, " and %u more",
                                 (unsigned)(s.player_count - 4));
    if (used < len) {
        const char *name = NULL;
        if (farkle_game_player_name(game, s.current_player, &name) != FARKLE_STATUS_OK)
            name = NULL;
        used += (size_t)snprintf(out + used, len - used, "; %s to play", safe(name ? name : "?"));
    }
    if (s.turn_points != 0 && used < len)
        snprintf(out + used, len - used, ", %lld points in hand", (long long)s.turn_points);
}

/* ---- the start ---------------------------------------------------------------------------- */

int autosave_check_option(const char *path, const char *load_path, char *why, size_t why_len) {
    char dir[FOLDER_LEN];
    struct stat st;
    FarkleGame *other = NULL;
    if (*path == '\0') {
        snprintf(why, why_len, "the file name is empty");
        return -1;
    }
    if (strlen(path) >= FOLDER_LEN) {
        snprintf(why, why_len, "the path is too long");
        return -1;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(why, why_len, "it is not a regular file");
        return -1;
    }
    if (slot_state(path, &other) == SLOT_UNFINISHED && !same_file(path, load_path)) {
        char what[TEXT_SHOWN_LEN];
        describe_game(other, what, sizeof what);
        farkle_game_free(other);
        snprintf(why, why_len,
                 "it holds another unfinished game (%s): resume it with --load %s, or choose "
                 "another file",
                 what, safe(path));
        return -1;
    }
    farkle_game_free(other);
    dir_of(path, dir, sizeof dir);
    return dir_takes_saves(dir, 0, why, why_len);
}

const char *autosave_offer(int ask, int *signalled) {
    static Path found[MAX_OFFERED];
    static char descriptions[MAX_OFFERED][TEXT_SHOWN_LEN];
    Folder dirs[AUTOSAVE_DIRS];
    int n = autosave_dirs(dirs), i, count = 0, more = 0;
    *signalled = 0;
    for (i = 0; i < n; i++) {
        DIR *d = opendir(dirs[i].path);
        struct dirent *e;
        if (d == NULL) continue;
        while ((e = readdir(d)) != NULL) {
            Path path;
            FarkleGame *game = NULL;
            int len;
            if (slot_of_name(e->d_name) == 0) continue;
            len = snprintf(path, sizeof path, "%s/%s", dirs[i].path, e->d_name);
            if (len < 0 || (size_t)len >= sizeof path) continue;
            if (slot_state(path, &game) != SLOT_UNFINISHED) continue;
            if (count < MAX_OFFERED) {
                snprintf(found[count], sizeof found[count], "%s", path);
                describe_game(game, descriptions[count], sizeof descriptions[count]);
                count++;
            } else {
                more++;
            }
            farkle_game_free(game);
        }
        closedir(d);
    }
    if (count == 0) return NULL;
    if (!ask) {
        for (i = 0; i < count; i++)
            printf("An unfinished game is saved in %s (%s): resume it with --load %s.\n",
                   safe(found[i]), descriptions[i], safe(found[i]));
        if (more > 0) printf("(And %d more unfinished games.)\n", more);
        return NULL;
    }
    if (count == 1)
        printf("An unfinished game was saved when it was left, in %s:\n  %s.\n", safe(found[0]),
               descriptions[0]);
    else
        printf("Unfinished games were saved when they were left:\n");
    for (i = 0; count > 1 && i < count; i++)
        printf("  %d. %s: %s.\n", i + 1, safe(found[i]), descriptions[i]);
    if (more > 0) printf("  (and %d more: --load resumes any of them)\n", more);
    for (;;) {
        char line[INPUT_MAX + 1], *end = line;
        long pick = 0;
        int r = read_line(count == 1 ? "Resume it? (y/N) "
                                     : "Resume one? (its number; Enter starts a new game) ",
                          line, 0);
        if (r == IN_SIGNAL) {
            *signalled = 1;
            return NULL;
        }
        if (r == IN_EOF || line[0] == '\0' || strcmp(line, "n") == 0 ||
            strcmp(line, "N") == 0 || strcmp(line, "no") == 0) {
            printf("A new game, then; the unfinished %s where %s.\n",
                   count == 1 ? "game stays" : "games stay", count == 1 ? "it is" : "they are");
            return NULL;
        }
        if (count == 1 &&
            (strcmp(line, "y") == 0 || strcmp(line, "Y") == 0 || strcmp(line, "yes") == 0))
            pick = 1;
        else
            pick = strtol(line, &end, 10);
        if (pick >= 1 && pick <= count && (end == line || *end == '\0')) return found[pick - 1];
        if (count == 1)
            printf("Answer y or n.\n");
        else
            printf("Answer a number from 1 to %d, or press Enter.\n", count);
    }
}

void autosave_choose(Cli *cli, const char *option, const char *loaded_from) {
    Folder dirs[AUTOSAVE_DIRS];
    char why[TEXT_SHOWN_LEN], failed[TEXT_SHOWN_LEN];
    int n = autosave_dirs(dirs), i;
    failed[0] = '\0';
    if (option != NULL) { /* checked at the start (autosave_check_option) */
        snprintf(cli->autosave, sizeof cli->autosave, "%s", option);
        cli->autosave_ours = same_file(option, loaded_from);
        printf("If you leave this game unfinished, it is saved to %s.\n", safe(option));
        return;
    }
    if (loaded_from != NULL && is_autosave(loaded_from)) {
        char dir[FOLDER_LEN];
        dir_of(loaded_from, dir, sizeof dir);
        if (dir_takes_saves(dir, 0, why, sizeof why) == 0) {
            snprintf(cli->autosave, sizeof cli->autosave, "%s", loaded_from);
            cli->autosave_ours = 1;
            printf("If you leave this game unfinished, it is saved to %s again.\n",
                   safe(loaded_from));
            return;
        }
        snprintf(failed, sizeof failed, "%s", why);
    }
    cli->autosave_ours = 0;
    for (i = 0; i < n; i++) {
        if (dir_takes_saves(dirs[i].path, dirs[i].shared, why, sizeof why) == 0 &&
            free_slot(dirs[i].path, cli->autosave, sizeof cli->autosave) == 0) {
            if (failed[0] != '\0')
                printf("Games cannot be saved in the usual place (%s): if you leave this game "
                       "unfinished, it is saved to %s.\n",
                       failed, safe(cli->autosave));
            else
                printf("If you leave this game unfinished, it is saved to %s.\n",
                       safe(cli->autosave));
            return;
        }
        if (failed[0] == '\0') snprintf(failed, sizeof failed, "%s", why);
    }
    slot_path(dirs[0].path, 1, cli->autosave, sizeof cli->autosave);
    printf("Warning: no folder takes saved games (%s), so this game cannot be saved if you "
           "leave it unfinished (`save FILE` may still work elsewhere).\n",
           failed);
}

/* ---- leaving and ending ----------------------------------------------------------------- */

/* Saves to `path`, creating its folder; 0, or -1 after saying why not. */
static int save_in_place(const Cli *cli, const char *path) {
    char dir[FOLDER_LEN], why[TEXT_SHOWN_LEN];
    dir_of(path, dir, sizeof dir);
    if (make_dirs(dir, why, sizeof why) != 0) {
        printf("Cannot save the game to %s: %s.\n", safe(path), why);
        return -1;
    }
    return save_game(cli, path);
}

int autosave_save(Cli *cli) {
    Folder dirs[AUTOSAVE_DIRS];
    Path path;
    int n = autosave_dirs(dirs), i;
    const char *slash = strrchr(cli->autosave, '/');
    if (!cli->autosave_ours && slot_of_name(slash ? slash + 1 : cli->autosave) > 0) {
        /* Another game may have been saved there since the start: it stays. */
        enum SlotState state = slot_state(cli->autosave, NULL);
        if (state == SLOT_UNFINISHED || state == SLOT_UNREADABLE) {
            char dir[FOLDER_LEN];
            dir_of(cli->autosave, dir, sizeof dir);
            if (free_slot(dir, path, sizeof path) == 0)
                snprintf(cli->autosave, sizeof cli->autosave, "%s", path);
        }
    }
    if (save_in_place(cli, cli->autosave) == 0) {
        cli->autosave_ours = 1;
        return 0;
    }
    /* The folder failed since the start (a full disk, say): the other folders. */
    for (i = 0; i < n; i++) {
        char why[TEXT_SHOWN_LEN];
        if (prepare_dir(dirs[i].path, dirs[i].shared, why, sizeof why) != 0 ||
            free_slot(dirs[i].path, path, sizeof path) != 0 || strcmp(path, cli->autosave) == 0)
            continue;
        if (save_game(cli, path) == 0) {
            snprintf(cli->autosave, sizeof cli->autosave, "%s", path);
            cli->autosave_ours = 1;
            return 0;
        }
    }
    return -1;
}

void autosave_finished(Cli *cli) {
    if (!cli->autosave_ours || cli->autosave[0] == '\0') return;
    if (unlink(cli->autosave) == 0) {
        printf("This game's autosave, %s, is removed: a finished game is not played again.\n",
               safe(cli->autosave));
    } else if (errno != ENOENT) {
        printf("Cannot remove this game's autosave %s (%s): --load would play the finished "
               "game again.\n",
               safe(cli->autosave), strerror(errno));
    }
    cli->autosave_ours = 0;
}

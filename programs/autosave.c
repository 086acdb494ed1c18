/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * autosave.c: where a game left unfinished (exit, the end of input, a signal) is saved, so
 * that no game is ever lost, nor written over by another.
 *
 * One file per game: autosave.json, autosave-2.json, ... autosave-100.json in
 * $XDG_STATE_HOME/farkle (or ~/.local/state/farkle). A new game claims the first name that is
 * free (no file, or a finished game's) and that no other run holds: each name has a lock file
 * beside it (.autosave-2.json.lock), locked with fcntl() before the name is checked and held
 * until the program ends, so two games started at the same instant never claim the same name,
 * and a game being played is never offered to a second terminal. A game resumed from an
 * autosave holds its lock and keeps its file; a file that holds another unfinished game, or
 * that cannot be read, is never written over.
 *
 * A folder is used only when it is a folder of this user's that other users cannot write to
 * (opened with O_NOFOLLOW and checked with fstat()); everything in it is then read and
 * written relative to it (openat(), O_NOFOLLOW, a temporary file renamed over the save), so
 * no save is ever written through a symbolic link. The folder is checked at the start by
 * writing a file there; when that fails, the game falls back to ~/.local/state/farkle, then
 * to a private folder under $TMPDIR (or /tmp), and says where it will be saved. When no name
 * can be claimed anywhere it says so before the game and, on a terminal, offers to play on
 * without an autosave or to name a file. At the start, unfinished autosaves are offered to
 * resume (on a terminal) or named (otherwise); when a game ends, its autosave is removed, so
 * it cannot be played again.
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

/* The file name of autosave number `slot` (from 1), and of its lock file. */
static void slot_name(int slot, char *out, size_t len) {
    if (slot <= 1)
        snprintf(out, len, "autosave.json");
    else
        snprintf(out, len, "autosave-%d.json", slot);
}

static void lock_name(int slot, char *out, size_t len) {
    char name[32];
    slot_name(slot, name, sizeof name);
    snprintf(out, len, ".%s.lock", name);
}

/* The path of autosave number `slot` (from 1) in `dir`. */
static void slot_path(const char *dir, int slot, char *out, size_t len) {
    char name[32];
    int n;
    slot_name(slot, name, sizeof name);
    n = snprintf(out, len, "%s/%s", dir, name);
    /* A folder is at most FOLDER_LEN, 300 bytes short of a path, so this is never cut; were
     * it cut, no path is better than the wrong one. */
    if (n < 0 || (size_t)n >= len) out[0] = '\0';
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

/* ---- folders of this user's, and slots claimed in them ----------------------------------- */

/* Opens the folder `path` (made first when `create`) without following a symbolic link at its
 * end, and checks that it is a folder of this user's that other users cannot write to (nor,
 * under a shared folder, read). Every autosave is then read and written relative to it
 * (openat), so the folder checked is the folder written. Its descriptor, or -1 with `why`. */
static int open_folder(const char *path, int shared, int create, char *why, size_t why_len) {
    struct stat st;
    int fd;
    if (create && make_dirs(path, why, why_len) != 0) return -1;
    fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            snprintf(why, why_len, "%s is a symbolic link, not a folder of this user's",
                     safe(path));
        else
            snprintf(why, why_len, "%s: %s", safe(path), strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid()) {
        snprintf(why, why_len, "%s is not a folder of this user's", safe(path));
        close(fd);
        return -1;
    }
    if ((st.st_mode & (shared ? 077 : 002)) != 0) {
        snprintf(why, why_len, "%s is open to other users (mode %03o)", safe(path),
                 (unsigned)(st.st_mode & 0777));
        close(fd);
        return -1;
    }
    return fd;
}

/* Whether a save can be written in the folder `dfd` (`shown`): a file of a few kilobytes is
 * written there, flushed to disk and removed, so that a folder that is not writable, a full
 * disk or a file size limit shows now rather than when the game is left. 0, or -1 with
 * `why`. */
static int takes_saves(int dfd, const char *shown, char *why, size_t why_len) {
    static unsigned counter;
    char probe[64], block[4096];
    size_t done = 0;
    int fd = -1, err = 0, tries;
    for (tries = 0; tries < 100 && fd < 0; tries++) {
        snprintf(probe, sizeof probe, ".probe.%lu.%u", (unsigned long)getpid(), ++counter);
        fd = openat(dfd, probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        snprintf(why, why_len, "%s: %s", safe(shown), strerror(errno));
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
    unlinkat(dfd, probe, 0);
    if (err != 0) {
        snprintf(why, why_len, "%s: %s", safe(shown), strerror(err));
        return -1;
    }
    return 0;
}

enum SlotState { SLOT_FREE, SLOT_FINISHED, SLOT_UNFINISHED, SLOT_UNREADABLE };

/* What the file `name` (relative to `dfd`; a path with AT_FDCWD) holds: a symbolic link
 * there is not followed when `nofollow` (it is then unreadable). With `out_game`, an
 * unfinished game is handed over (the caller frees it). */
static enum SlotState slot_state_at(int dfd, const char *name, int nofollow,
                                    FarkleGame **out_game) {
    char why[TEXT_SHOWN_LEN];
    size_t len = 0;
    char *text;
    FarkleGame *game = NULL;
    FarkleGameState s;
    enum SlotState state;
    int fd = openat(dfd, name,
                    O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (nofollow ? O_NOFOLLOW : 0));
    if (fd < 0) return errno == ENOENT ? SLOT_FREE : SLOT_UNREADABLE;
    text = read_fd(fd, name, &len, why, sizeof why);
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

/* A slot this run holds: its folder open, its lock file locked (an fcntl() write lock, let go
 * by the system when the program ends however it ends). */
typedef struct Slot {
    int dir, lock, number;
    dev_t dev; /* the folder's, to know it under another path */
    ino_t ino;
    char folder[FOLDER_LEN];
} Slot;

/* The slot this game saves to, and the autosave it was loaded from while another slot is the
 * one saved to (held so that no other run resumes it). */
static Slot claimed = {-1, -1, 0, 0, 0, ""}, held = {-1, -1, 0, 0, 0, ""};

static int slot_is(const Slot *slot, const struct stat *dir, int number) {
    return slot->lock >= 0 && slot->number == number && slot->dev == dir->st_dev &&
           slot->ino == dir->st_ino;
}

/* Locks slot `slot` of the folder `dfd`; the lock file's descriptor, or -1 (`*in_use` when
 * another run holds it). The lock file is made when missing; one removed by the run that held
 * it between the open and the lock is opened again. */
static int lock_slot(int dfd, int slot, int *in_use) {
    char name[48];
    int tries;
    *in_use = 0;
    lock_name(slot, name, sizeof name);
    for (tries = 0; tries < 10; tries++) {
        struct stat a, b;
        struct flock fl;
        int fd = openat(dfd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
                                       O_CLOEXEC, 0600);
        if (fd < 0) return -1;
        if (fstat(fd, &a) != 0 || !S_ISREG(a.st_mode)) {
            close(fd);
            return -1;
        }
        memset(&fl, 0, sizeof fl);
        fl.l_type = F_WRLCK;
        fl.l_whence = SEEK_SET;
        if (fcntl(fd, F_SETLK, &fl) != 0) {
            *in_use = errno == EACCES || errno == EAGAIN;
            close(fd);
            return -1;
        }
        if (fstatat(dfd, name, &b, AT_SYMLINK_NOFOLLOW) == 0 && a.st_dev == b.st_dev &&
            a.st_ino == b.st_ino)
            return fd;
        close(fd);
    }
    return -1;
}

/* Whether another run holds the lock of slot `slot` of the folder `dfd`. A slot this run holds
 * is not looked at: closing a descriptor of its lock file would let the lock go. */
static int slot_in_use(int dfd, int slot) {
    char name[48];
    struct flock fl;
    struct stat dir;
    int fd, busy;
    if (fstat(dfd, &dir) != 0 || slot_is(&held, &dir, slot) || slot_is(&claimed, &dir, slot))
        return 0;
    lock_name(slot, name, sizeof name);
    fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return 0;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    busy = fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK;
    close(fd);
    return busy;
}

/* Lets `slot` go; its lock file is removed (under the lock) when no save is beside it. The
 * folder is closed unless `keep_dir`. */
static void release_slot(Slot *slot, int keep_dir) {
    if (slot->lock >= 0) {
        char name[48];
        struct stat st;
        slot_name(slot->number, name, sizeof name);
        if (fstatat(slot->dir, name, &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT) {
            lock_name(slot->number, name, sizeof name);
            unlinkat(slot->dir, name, 0);
        }
        close(slot->lock);
    }
    if (slot->dir >= 0 && !keep_dir) close(slot->dir);
    slot->dir = slot->lock = -1;
    slot->number = 0;
}

/* Claims the first autosave of the folder `dfd` (`folder`) that a new game may take (none, or
 * a finished game's) and that no other run holds: its lock is taken first, then the file is
 * checked, so two runs never claim the same one. 0 with `*out` set (it owns `dfd` then), or
 * -1 when every name is taken. */
static int claim_in(int dfd, const char *folder, Slot *out) {
    struct stat dir;
    int slot;
    if (fstat(dfd, &dir) != 0) return -1;
    for (slot = 1; slot <= MAX_SLOTS; slot++) {
        char name[32];
        enum SlotState state;
        int in_use, lock;
        if (slot_is(&held, &dir, slot) || slot_is(&claimed, &dir, slot)) continue;
        lock = lock_slot(dfd, slot, &in_use);
        if (lock < 0) continue;
        slot_name(slot, name, sizeof name);
        state = slot_state_at(dfd, name, 1, NULL);
        if (state == SLOT_FREE || state == SLOT_FINISHED) {
            out->dir = dfd;
            out->lock = lock;
            out->number = slot;
            out->dev = dir.st_dev;
            out->ino = dir.st_ino;
            snprintf(out->folder, sizeof out->folder, "%s", folder);
            return 0;
        }
        close(lock);
    }
    return -1;
}

/* Whether `a` and `b` name the same existing file. */
static int same_file(const char *a, const char *b) {
    struct stat sa, sb;
    return a != NULL && b != NULL && stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* When `path` is an autosave (a file of one of the autosave folders, named as one), its slot
 * number, with the folder's index in `dirs` in `*folder`; else 0. */
static int autosave_slot_of(const char *path, const Folder *dirs, int n, int *folder) {
    int i, slot = 0;
    char *real = realpath(path, NULL), *slash;
    if (real == NULL) return 0;
    slash = strrchr(real, '/');
    if (slash != NULL && (slot = slot_of_name(slash + 1)) > 0) {
        *slash = '\0';
        for (i = 0; i < n; i++) {
            char *dir = realpath(dirs[i].path, NULL);
            int found = dir != NULL && strcmp(dir, real[0] ? real : "/") == 0;
            free(dir);
            if (found) {
                *folder = i;
                free(real);
                return slot;
            }
        }
    }
    free(real);
    return 0;
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
    Folder dirs[AUTOSAVE_DIRS];
    int n = autosave_dirs(dirs), folder = 0, slot, dfd, rc;
    if (*path == '\0') {
        snprintf(why, why_len, "the file name is empty");
        return -1;
    }
    if (strlen(path) >= FOLDER_LEN) {
        snprintf(why, why_len, "the path is too long");
        return -1;
    }
    if (lstat(path, &st) == 0) { /* a save of this game's, or nothing */
        enum SlotState state;
        if (stat(path, &st) != 0) {
            snprintf(why, why_len, "it is a symbolic link to a file that does not exist");
            return -1;
        }
        if (!S_ISREG(st.st_mode)) {
            snprintf(why, why_len, "it is not a regular file");
            return -1;
        }
        state = slot_state_at(AT_FDCWD, path, 0, &other);
        if (state == SLOT_UNREADABLE) {
            snprintf(why, why_len, "it is not a saved game (only a new file or a game's save is "
                                   "written over)");
            return -1;
        }
        if (state == SLOT_UNFINISHED && !same_file(path, load_path)) {
            char what[TEXT_SHOWN_LEN];
            describe_game(other, what, sizeof what);
            farkle_game_free(other);
            snprintf(why, why_len,
                     "it holds another unfinished game (%s): resume it with --load %s, or "
                     "choose another file",
                     what, safe(path));
            return -1;
        }
        farkle_game_free(other);
        /* An autosave claimed by a game being played (a finished game's, taken again). */
        slot = same_file(path, load_path) ? 0 : autosave_slot_of(path, dirs, n, &folder);
        if (slot > 0 &&
            (dfd = open_folder(dirs[folder].path, dirs[folder].shared, 0, why, why_len)) >= 0) {
            int busy = slot_in_use(dfd, slot);
            close(dfd);
            if (busy) {
                snprintf(why, why_len, "it is the autosave of a game being played now");
                return -1;
            }
        }
    } else if (errno != ENOENT) {
        snprintf(why, why_len, "%s", strerror(errno));
        return -1;
    }
    dir_of(path, dir, sizeof dir);
    if (make_dirs(dir, why, why_len) != 0) return -1;
    dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOCTTY | O_CLOEXEC);
    if (dfd < 0) {
        snprintf(why, why_len, "%s: %s", safe(dir), strerror(errno));
        return -1;
    }
    rc = takes_saves(dfd, dir, why, why_len);
    close(dfd);
    return rc;
}

const char *autosave_offer(int ask, int *signalled) {
    static Path found[MAX_OFFERED];
    static char descriptions[MAX_OFFERED][TEXT_SHOWN_LEN];
    Folder dirs[AUTOSAVE_DIRS];
    int n = autosave_dirs(dirs), i, count = 0, more = 0;
    *signalled = 0;
    for (i = 0; i < n; i++) {
        char why[TEXT_SHOWN_LEN];
        /* A folder that is not this user's alone is not read: its games could be anyone's. */
        int dfd = open_folder(dirs[i].path, dirs[i].shared, 0, why, sizeof why), copy;
        DIR *d = NULL;
        struct dirent *e;
        if (dfd < 0) continue;
        copy = dup(dfd);
        if (copy >= 0 && (d = fdopendir(copy)) == NULL) close(copy);
        if (d == NULL) {
            close(dfd);
            continue;
        }
        while ((e = readdir(d)) != NULL) {
            Path path;
            FarkleGame *game = NULL;
            int len, slot = slot_of_name(e->d_name);
            if (slot == 0) continue;
            len = snprintf(path, sizeof path, "%s/%s", dirs[i].path, e->d_name);
            if (len < 0 || (size_t)len >= sizeof path) continue;
            if (slot_state_at(dfd, e->d_name, 1, &game) != SLOT_UNFINISHED) continue;
            if (slot_in_use(dfd, slot)) {
                printf("The game saved in %s is being played now (elsewhere, in another "
                       "terminal): it is not offered.\n",
                       safe(path));
            } else if (count < MAX_OFFERED) {
                snprintf(found[count], sizeof found[count], "%s", path);
                describe_game(game, descriptions[count], sizeof descriptions[count]);
                count++;
            } else {
                more++;
            }
            farkle_game_free(game);
        }
        closedir(d);
        close(dfd);
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

int autosave_hold(const char *path, char *why, size_t why_len) {
    Folder dirs[AUTOSAVE_DIRS];
    char ignored[TEXT_SHOWN_LEN];
    struct stat dir;
    int n = autosave_dirs(dirs), folder = 0, slot, dfd, lock, in_use;
    slot = autosave_slot_of(path, dirs, n, &folder);
    if (slot == 0) return 0;
    /* A folder that fails its check is not saved to: the game gets an autosave elsewhere. */
    dfd = open_folder(dirs[folder].path, dirs[folder].shared, 0, ignored, sizeof ignored);
    if (dfd < 0) return 0;
    lock = lock_slot(dfd, slot, &in_use);
    if (lock < 0 || fstat(dfd, &dir) != 0) {
        if (lock >= 0) close(lock);
        close(dfd);
        if (!in_use) return 0;
        snprintf(why, why_len, "it is being played now, elsewhere (in another terminal)");
        return -1;
    }
    held.dir = dfd;
    held.lock = lock;
    held.number = slot;
    held.dev = dir.st_dev;
    held.ino = dir.st_ino;
    snprintf(held.folder, sizeof held.folder, "%s", dirs[folder].path);
    return 0;
}

/* No autosave could be claimed: said before the game; on a terminal, the player may name a
 * file instead. Otherwise the game goes on, and is saved when it is left only if an autosave
 * has come free by then. */
static void no_autosave(Cli *cli, const char *failed, int full, const char *loaded_from) {
    if (full)
        printf("Warning: every autosave is taken (%s), so this game cannot be saved if you "
               "leave it unfinished (`save FILE` may still work).\n",
               failed);
    else
        printf("Warning: no folder takes saved games (%s), so this game cannot be saved if you "
               "leave it unfinished (`save FILE` may still work elsewhere).\n",
               failed);
    if (!term_in_tty()) {
        printf("The game goes on; when it is left, it is saved only to an autosave that has "
               "come free by then.\n");
        return;
    }
    for (;;) {
        char line[INPUT_MAX + 1], why[TEXT_SHOWN_LEN];
        int r = read_line("Play on without an autosave (Enter), or name a file to save the game "
                          "to if you leave it: ",
                          line, 0);
        if (r != IN_OK || line[0] == '\0') {
            printf("Playing on without an autosave.\n");
            return;
        }
        if (autosave_check_option(line, loaded_from, why, sizeof why) == 0) {
            snprintf(cli->autosave, sizeof cli->autosave, "%s", line);
            cli->autosave_ours = same_file(line, loaded_from);
            printf("If you leave this game unfinished, it is saved to %s.\n", safe(line));
            return;
        }
        printf("Cannot autosave to %s: %s.\n", safe(line), why);
    }
}

void autosave_choose(Cli *cli, const char *option, const char *loaded_from) {
    Folder dirs[AUTOSAVE_DIRS];
    char why[TEXT_SHOWN_LEN], failed[TEXT_SHOWN_LEN];
    int n = autosave_dirs(dirs), i, full = 0;
    failed[0] = '\0';
    if (option != NULL) { /* checked at the start (autosave_check_option) */
        snprintf(cli->autosave, sizeof cli->autosave, "%s", option);
        cli->autosave_ours = same_file(option, loaded_from);
        printf("If you leave this game unfinished, it is saved to %s.\n", safe(option));
        return;
    }
    if (loaded_from != NULL && held.lock >= 0) { /* resumed from its autosave (autosave_hold) */
        if (takes_saves(held.dir, held.folder, why, sizeof why) == 0) {
            claimed = held;
            held.dir = held.lock = -1;
            held.number = 0;
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
        int dfd = open_folder(dirs[i].path, dirs[i].shared, 1, why, sizeof why);
        if (dfd >= 0 && takes_saves(dfd, dirs[i].path, why, sizeof why) == 0) {
            if (claim_in(dfd, dirs[i].path, &claimed) == 0) {
                slot_path(dirs[i].path, claimed.number, cli->autosave, sizeof cli->autosave);
                if (failed[0] != '\0')
                    printf("Games cannot be saved in the usual place (%s): if you leave this "
                           "game unfinished, it is saved to %s.\n",
                           failed, safe(cli->autosave));
                else
                    printf("If you leave this game unfinished, it is saved to %s.\n",
                           safe(cli->autosave));
                return;
            }
            full = 1;
            snprintf(why, sizeof why,
                     "the %d autosaves of %s hold unfinished games, or games being played",
                     MAX_SLOTS, safe(dirs[i].path));
        }
        if (dfd >= 0) close(dfd);
        if (failed[0] == '\0') snprintf(failed, sizeof failed, "%s", why);
    }
    cli->autosave[0] = '\0';
    no_autosave(cli, failed, full, loaded_from);
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
    int n = autosave_dirs(dirs), i;
    if (claimed.lock >= 0) {
        char name[32];
        enum SlotState state;
        slot_name(claimed.number, name, sizeof name);
        state = slot_state_at(claimed.dir, name, 1, NULL);
        if (state == SLOT_UNREADABLE || (state == SLOT_UNFINISHED && !cli->autosave_ours)) {
            /* Written meanwhile by a run that takes no lock: it stays, another name. */
            int dfd = claimed.dir;
            char folder[FOLDER_LEN];
            snprintf(folder, sizeof folder, "%s", claimed.folder);
            release_slot(&claimed, 1);
            if (claim_in(dfd, folder, &claimed) == 0) {
                slot_path(folder, claimed.number, cli->autosave, sizeof cli->autosave);
                slot_name(claimed.number, name, sizeof name);
            } else {
                close(dfd);
            }
        }
        if (claimed.lock >= 0 && save_game_at(cli, claimed.dir, name, cli->autosave) == 0) {
            cli->autosave_ours = 1;
            return 0;
        }
    } else if (cli->autosave[0] != '\0' && save_in_place(cli, cli->autosave) == 0) {
        cli->autosave_ours = 1;
        return 0;
    }
    /* No autosave, or its folder failed since the start (a full disk, say): a free autosave
     * of another folder. */
    for (i = 0; i < n; i++) {
        char why[TEXT_SHOWN_LEN], name[32];
        Path shown;
        struct stat dir;
        Slot slot = {-1, -1, 0, 0, 0, ""};
        int dfd = open_folder(dirs[i].path, dirs[i].shared, 1, why, sizeof why);
        if (dfd < 0) continue;
        if (fstat(dfd, &dir) != 0 || (claimed.lock >= 0 && claimed.dev == dir.st_dev &&
                                      claimed.ino == dir.st_ino) ||
            claim_in(dfd, dirs[i].path, &slot) != 0) {
            close(dfd);
            continue;
        }
        slot_name(slot.number, name, sizeof name);
        slot_path(dirs[i].path, slot.number, shown, sizeof shown);
        if (save_game_at(cli, slot.dir, name, shown) == 0) {
            release_slot(&claimed, 0);
            claimed = slot;
            snprintf(cli->autosave, sizeof cli->autosave, "%s", shown);
            cli->autosave_ours = 1;
            return 0;
        }
        release_slot(&slot, 0);
    }
    if (claimed.lock < 0 && cli->autosave[0] == '\0')
        printf("Cannot save the game: it has no autosave, and none has come free (`save FILE` "
               "may still work).\n");
    return -1;
}

void autosave_finished(Cli *cli) {
    char name[32];
    int rc;
    if (!cli->autosave_ours || cli->autosave[0] == '\0') return;
    if (claimed.lock >= 0) {
        slot_name(claimed.number, name, sizeof name);
        rc = unlinkat(claimed.dir, name, 0);
    } else {
        rc = unlink(cli->autosave);
    }
    if (rc == 0) {
        printf("This game's autosave, %s, is removed: a finished game is not played again.\n",
               safe(cli->autosave));
    } else if (errno != ENOENT) {
        printf("Cannot remove this game's autosave %s (%s): --load would play the finished "
               "game again.\n",
               safe(cli->autosave), strerror(errno));
    }
    cli->autosave_ours = 0;
}

void autosave_release(void) {
    release_slot(&claimed, 0);
    release_slot(&held, 0);
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * files.c: the files the game reads and writes, none of them ever a special file: saved games
 * (replaced whole, atomically; autosave.c chooses the autosave's) and the scores file
 * (appended in place) in the game's own format or the original game's.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath() (XSI) for a save through a symbolic link */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

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

/* Reads the whole of `fd`, open on a regular file, into a NUL-terminated buffer (caller frees)
 * and its length; closes `fd`. A file that is not a regular one (fstat()) is refused unread.
 * Returns NULL with the reason in `why`. */
char *read_fd(int fd, const char *path, size_t *out_len, char *why, size_t why_len) {
    struct stat st;
    char *buf = NULL;
    size_t len = 0, cap = 0;
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

/* Reads the whole regular file `path` into a NUL-terminated buffer (caller frees) and its
 * length. A directory, FIFO, device or socket is refused from its stat() without being opened
 * (a FIFO would block, /dev/zero never ends), and again from fstat() once open with
 * O_NONBLOCK, in case one was put there meanwhile. Returns NULL with the reason in `why`. */
char *read_file(const char *path, size_t *out_len, char *why, size_t why_len) {
    struct stat st;
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
    return read_fd(fd, path, out_len, why, why_len);
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

/* Replaces `name` (relative to the folder `dfd`, or a path with AT_FDCWD) with `head`
 * followed by `tail`, atomically: the new contents go to a temporary file made beside it
 * (O_CREAT | O_EXCL | O_NOFOLLOW), which is flushed to disk and then renamed over the original,
 * so a symbolic link at `name` is replaced, never written through. A crash or a full disk at
 * any point leaves either the old file or the new one, never a mix; on failure the temporary
 * file is removed. The folder is flushed too (best effort), to make the rename durable.
 * Returns 0, or -1 with errno set. */
static int replace_at(int dfd, const char *name, const char *head, size_t head_len,
                      const char *tail, size_t tail_len) {
    static unsigned counter;
    size_t nlen = strlen(name);
    char *tmp = checked_malloc(nlen + 32);
    struct stat st;
    mode_t mode;
    int fd = -1, err, tries;
    for (tries = 0; tries < 100 && fd < 0; tries++) {
        unsigned long r = (unsigned long)time(NULL) ^ ((unsigned long)getpid() << 12) ^
                          ((unsigned long)++counter * 2654435761u) ^ (unsigned long)tries;
        snprintf(tmp, nlen + 32, "%s.tmp.%06lx", name, r & 0xffffffUL);
        fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        err = errno;
        free(tmp);
        errno = err;
        return -1;
    }
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode)) {
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
        unlinkat(dfd, tmp, 0);
        free(tmp);
        errno = err;
        return -1;
    }
    if (close(fd) != 0 || renameat(dfd, tmp, dfd, name) != 0) {
        err = errno;
        unlinkat(dfd, tmp, 0);
        free(tmp);
        errno = err;
        return -1;
    }
    free(tmp);
    if (dfd != AT_FDCWD) {
        (void)fsync(dfd);
    } else { /* make the rename itself durable: flush the directory (best effort) */
        const char *slash = strrchr(name, '/');
        char *dir;
        int dirfd;
        if (slash == NULL) {
            dir = checked_malloc(2);
            strcpy(dir, ".");
        } else {
            size_t dlen = slash == name ? 1 : (size_t)(slash - name);
            dir = checked_malloc(dlen + 1);
            memcpy(dir, name, dlen);
            dir[dlen] = '\0';
        }
        dirfd = open(dir, O_RDONLY | O_CLOEXEC);
        if (dirfd >= 0) {
            (void)fsync(dirfd);
            close(dirfd);
        }
        free(dir);
    }
    return 0;
}

/* The scores file is appended to in place, never replaced: a symbolic link stays a link and
 * its target gets the block, a device or a FIFO is never written (or read), and a non-empty
 * file that is not a scores file is someone else's and is left alone. A scores file holds
 * blocks of one of two formats, told apart by the file's start (the game reads only its first
 * SCORES_HEAD_LEN bytes and its last byte, never more):
 *  - the game's: a "# farkle RULES, ..." line, then "rank<TAB>score<TAB>name" lines;
 *  - the original game's: a "YEAR/MONTH/DAY HOUR:MINUTE:SECOND" line (local time, no
 *    leading zeros), then "name - score" lines, highest first; blocks apart by two newlines
 *    (the original wrote "\n\n" before the block of a file that existed, even an empty one,
 *    so such a file may start with newlines). */
#define SCORES_MAGIC "# farkle "
#define SCORES_MAGIC_LEN 9
#define SCORES_HEAD_LEN 64

/* Reads up to `len` bytes at `offset` of the regular file `fd`; returns how many, or -1. */
static ssize_t read_at(int fd, char *buf, size_t len, off_t offset) {
    for (;;) {
        ssize_t n = pread(fd, buf, len, offset);
        if (n >= 0 || errno != EINTR) return n;
    }
}

/* Skips 1 to `max` digits at `*s`; 0 when there are none. */
static int digits(const char **s, int max) {
    int n = 0;
    while (n < max && **s >= '0' && **s <= '9') {
        (*s)++;
        n++;
    }
    return n > 0;
}

/* Whether `head` (NUL-terminated) starts, after newlines, with an original timestamp line. */
static int original_head(const char *head) {
    const char *s = head;
    while (*s == '\n') s++;
    return digits(&s, 4) && *s++ == '/' && digits(&s, 2) && *s++ == '/' && digits(&s, 2) &&
           *s++ == ' ' && digits(&s, 2) && *s++ == ':' && digits(&s, 2) && *s++ == ':' &&
           digits(&s, 2) && *s == '\n';
}

static const char *format_name(int format) {
    return format == SCORES_ORIGINAL ? "the original game's format" : "this game's format";
}

/* Checks the opened scores file `fd`: a regular file (fstat, not the path: the file may have
 * changed since it was looked at), empty or a scores file. `*format` in: the format asked for
 * (SCORES_AUTO: any); out: the format to write (the file's own, or for an empty file the one
 * asked for, SCORES_FARKLE by default). Writes the size to `*size`. 0, or -1 with `why`. */
static int check_scores_fd(int fd, off_t *size, int *format, char *why, size_t why_len) {
    struct stat st;
    char head[SCORES_HEAD_LEN + 1];
    ssize_t got;
    int found;
    if (fstat(fd, &st) != 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, why_len, "it is %s, not a regular file", file_kind(st.st_mode));
        return -1;
    }
    *size = st.st_size;
    if (st.st_size == 0) {
        if (*format == SCORES_AUTO) *format = SCORES_FARKLE;
        return 0;
    }
    got = read_at(fd, head, SCORES_HEAD_LEN, 0);
    if (got < 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        return -1;
    }
    head[got] = '\0';
    if (got >= SCORES_MAGIC_LEN && memcmp(head, SCORES_MAGIC, SCORES_MAGIC_LEN) == 0)
        found = SCORES_FARKLE;
    else if (original_head(head))
        found = SCORES_ORIGINAL;
    else {
        snprintf(why, why_len,
                 "it is not a scores file: it starts neither with a \"# farkle\" line nor with "
                 "the original game's date line (the game only appends to those, or to an "
                 "empty or new file)");
        return -1;
    }
    if (*format != SCORES_AUTO && *format != found) {
        snprintf(why, why_len, "it holds scores in %s, not %s (leave out --scores-format)",
                 format_name(found), format_name(*format));
        return -1;
    }
    *format = found;
    return 0;
}

/* Whether the scores can go to `path`, checked before the game is played (--scores) or when
 * the player names the file at the end: a path that exists must be, after following symbolic
 * links, a regular file we may write to, empty or a scores file; a path that does not exist
 * needs an existing directory we may create files in. Devices, FIFOs and the like are refused
 * from their stat(), without being opened. Returns 0, or -1 with the reason in `why`. */
int check_scores_path(const char *path, int *format, char *why, size_t why_len) {
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
        rc = check_scores_fd(fd, &size, format, why, why_len);
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
        if (*format == SCORES_AUTO) *format = SCORES_FARKLE;
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

/* This game's block in `format`, after a newline that is skipped unless the file does not
 * end with one (`had_content`: the file is not empty). */
static void write_block(const Cli *cli, FILE *mem, int format, int had_content) {
    uint32_t order[FARKLE_MAX_PLAYERS], n = ranked_players(cli, order), i, rank = 1;
    if (format == SCORES_ORIGINAL) {
        time_t now = time(NULL);
        struct tm tm;
        localtime_r(&now, &tm);
        fprintf(mem, "\n%s%d/%d/%d %d:%d:%d\n", had_content ? "\n\n" : "", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
        for (i = 0; i < n; i++)
            fprintf(mem, "%s - %lld\n", player_name(cli, order[i]),
                    (long long)player_score(cli, order[i]));
        return;
    }
    fprintf(mem, "\n%s%s", SCORES_MAGIC, cli->rules_name);
    if (cli->rules.turn_limit > 0)
        fprintf(mem, ", %u %s", (unsigned)cli->rules.turn_limit,
                plural(cli->rules.turn_limit, "turn", "turns"));
    if (cli->rules.target_score > 0) fprintf(mem, ", target %d", cli->rules.target_score);
    if (cli->seeded) fprintf(mem, ", seed %llu", (unsigned long long)cli->seed);
    fprintf(mem, "\n");
    for (i = 0; i < n; i++) {
        int64_t score = player_score(cli, order[i]);
        if (i > 0 && score < player_score(cli, order[i - 1])) rank = i + 1;
        fprintf(mem, "%u\t%lld\t%s\n", (unsigned)rank, (long long)score,
                player_name(cli, order[i]));
    }
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
int append_scores(const Cli *cli, const char *path) {
    const int flags = O_RDWR | O_APPEND | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    int format = cli->scores_format;
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
    if (check_scores_fd(fd, &size, &format, why, sizeof why) != 0) {
        printf("Cannot append the scores to %s: %s; nothing was written.\n", safe(path), why);
        close(fd);
        return -1;
    }
    if (size > 0) { /* an old file without a final newline gets one, so blocks never run together */
        char last = '\n';
        if (read_at(fd, &last, 1, size - 1) == 1 && last != '\n') skip = 0;
    }
    /* The block: a newline (skipped unless needed), then the block of the format. */
    mem = open_memstream(&block, &block_len);
    if (mem == NULL) {
        printf("Cannot write the scores file %s: %s; it was left unchanged.\n", safe(path),
               strerror(errno));
        close(fd);
        return -1;
    }
    write_block(cli, mem, format, size > 0);
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

/* Saves the game to `path`, replacing the file whole (a save is one document: a crash leaves
 * the old one or the new one). Only a regular file is ever replaced: a directory, FIFO, device
 * or socket is refused, and a symbolic link stays a link, the file it points to is replaced. */
int save_game(const Cli *cli, const char *path) {
    char *text = NULL, *real = NULL;
    char why[TEXT_SHOWN_LEN];
    struct stat st;
    FarkleStatus status;
    int rc = -1;
    if (stat(path, &st) == 0) {
        if (refuse_special(path, &st, why, sizeof why) != 0) {
            printf("Cannot save the game to %s: %s.\n", safe(path), why);
            return -1;
        }
        real = realpath(path, NULL); /* through links, to the file itself */
        if (real == NULL) {
            printf("Cannot save the game to %s: %s.\n", safe(path), strerror(errno));
            return -1;
        }
    } else if (errno == ENOENT && lstat(path, &st) == 0) {
        printf("Cannot save the game to %s: it is a symbolic link to a file that does not "
               "exist.\n",
               safe(path));
        return -1;
    }
    status = farkle_game_save(cli->game, &text);
    if (status != FARKLE_STATUS_OK) {
        printf("Cannot save the game: %s.\n", library_reason(status));
    } else if (replace_at(AT_FDCWD, real ? real : path, "", 0, text, strlen(text)) != 0) {
        printf("Cannot save the game to %s: %s.\n", safe(path), strerror(errno));
    } else {
        printf("Game saved to %s (resume with --load %s).\n", safe(path), safe(path));
        rc = 0;
    }
    farkle_string_free(text);
    free(real);
    return rc;
}

int save_game_at(const Cli *cli, int dfd, const char *name, const char *shown) {
    char *text = NULL;
    FarkleStatus status = farkle_game_save(cli->game, &text);
    int rc = -1;
    if (status != FARKLE_STATUS_OK) {
        printf("Cannot save the game: %s.\n", library_reason(status));
    } else if (replace_at(dfd, name, "", 0, text, strlen(text)) != 0) {
        printf("Cannot save the game to %s: %s.\n", safe(shown), strerror(errno));
    } else {
        printf("Game saved to %s (resume with --load %s).\n", safe(shown), safe(shown));
        rc = 0;
    }
    farkle_string_free(text);
    return rc;
}

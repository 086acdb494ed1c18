/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * wintable.c: two-player tables for win-optimal play, solved on first use with a progress
 * bar and cached per rule set under $XDG_CACHE_HOME/farkle/ (or ~/.cache/farkle/), as
 * win-<hash of every rules field>.fwt. A cached table is used only when the rules it was
 * solved for (farkle_win_table_rules()) equal the game's in every field.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common.h"

volatile sig_atomic_t stop_requested;

int cache_dir(char *out, size_t len, char *why, size_t why_len) {
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    /* The XDG rule: a relative XDG_CACHE_HOME is to be ignored. */
    if (xdg != NULL && xdg[0] == '/')
        n = snprintf(out, len, "%s/farkle", xdg);
    else if (home != NULL && home[0] != '\0')
        n = snprintf(out, len, "%s/.cache/farkle", home);
    else {
        snprintf(why, why_len, "neither XDG_CACHE_HOME nor HOME is set");
        return -1;
    }
    if (n < 0 || (size_t)n >= len) {
        snprintf(why, why_len, "the cache directory's path is too long");
        return -1;
    }
    return 0;
}

int table_cache_path(const FarkleRules *rules, char *out, size_t len, char *why,
                     size_t why_len) {
    char dir[4096];
    int n;
    if (cache_dir(dir, sizeof dir, why, why_len) != 0) return -1;
    n = snprintf(out, len, "%s/win-%016llx.fwt", dir, (unsigned long long)rules_hash(rules));
    if (n < 0 || (size_t)n >= len) {
        snprintf(why, why_len, "the cache file's path is too long");
        return -1;
    }
    return 0;
}

int make_dirs(const char *path, char *why, size_t why_len) {
    size_t len = strlen(path), i;
    char *copy = checked_malloc(len + 1);
    int rc = 0;
    memcpy(copy, path, len + 1);
    for (i = 1; i <= len && rc == 0; i++) {
        struct stat st;
        if (copy[i] != '/' && copy[i] != '\0') continue;
        copy[i] = '\0';
        if (mkdir(copy, 0700) != 0 && errno != EEXIST) {
            snprintf(why, why_len, "cannot create %s: %s", safe(copy), strerror(errno));
            rc = -1;
        } else if (stat(copy, &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(why, why_len, "%s is not a directory", safe(copy));
            rc = -1;
        }
        copy[i] = path[i];
    }
    free(copy);
    return rc;
}

FarkleWinTable *table_load_for(const char *path, const FarkleRules *rules, int *missing,
                               char *why, size_t why_len) {
    FarkleWinTable *table = NULL;
    FarkleRules solved;
    FarkleStatus st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    *missing = 0;
    /* The library says "cannot read"; the system says why. */
    if (fd < 0) {
        *missing = errno == ENOENT;
        snprintf(why, why_len, "%s", strerror(errno));
        return NULL;
    }
    close(fd);
    st = farkle_win_table_load(path, &table);
    if (st != FARKLE_STATUS_OK) {
        snprintf(why, why_len, "%s", library_reason(st));
        return NULL;
    }
    if (farkle_win_table_rules(table, &solved) != FARKLE_STATUS_OK ||
        !rules_same(&solved, rules, 0)) {
        snprintf(why, why_len,
                 "it was solved for other rules (%s, target %ld%s) than this game's (%s, "
                 "target %ld); the `rules` command shows every field",
                 preset_name_of(&solved), (long)solved.target_score,
                 rules_same(&solved, rules, 1) ? "" : ", other scoring or game options",
                 preset_name_of(rules), (long)rules->target_score);
        farkle_win_table_free(table);
        return NULL;
    }
    return table;
}

typedef struct Progress {
    int bar;      /* stderr is a terminal: redraw a bar in place */
    int percent;  /* last percent drawn */
    int quiet;
} Progress;

/* The solve's progress callback: redraws the bar when the percentage changes; false (stop)
 * once a signal came. */
static bool on_progress(double fraction, void *user) {
    Progress *p = user;
    int percent = (int)(fraction * 100.0 + 0.5);
    if (stop_requested) return false;
    if (p->bar && !p->quiet && percent != p->percent) {
        char bar[41];
        int filled = percent * 40 / 100, i;
        for (i = 0; i < 40; i++) bar[i] = i < filled ? '#' : '-';
        bar[40] = '\0';
        fprintf(stderr, "\r  [%s] %3d%%", bar, percent);
        fflush(stderr);
        p->percent = percent;
    }
    return true;
}

FarkleStatus table_solve(const FarkleRules *rules, int quiet, FarkleWinTable **out,
                         double *seconds) {
    Progress p;
    struct timespec t0, t1;
    FarkleStatus st;
    p.bar = isatty(STDERR_FILENO);
    p.percent = -1;
    p.quiet = quiet;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    st = farkle_win_table_solve(rules, on_progress, &p, out);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (p.bar && !quiet && p.percent >= 0) fprintf(stderr, "\n");
    return st;
}

int table_save(const FarkleWinTable *table, const char *path, char *why, size_t why_len) {
    size_t len = strlen(path);
    char *tmp = checked_malloc(len + 16);
    FarkleStatus st;
    int fd;
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp.XXXXXX", 12);
    fd = mkstemp(tmp); /* a fresh name, so two games solving at once do not mix */
    if (fd < 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        free(tmp);
        return -1;
    }
    close(fd);
    st = farkle_win_table_save(table, tmp);
    if (st != FARKLE_STATUS_OK) {
        snprintf(why, why_len, "%s", library_reason(st));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    if (chmod(tmp, 0644) != 0 || rename(tmp, path) != 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

FarkleWinTable *table_for_rules(const FarkleRules *rules, char *why, size_t why_len) {
    char path[4200], dir[4096], reason[TEXT_SHOWN_LEN];
    FarkleWinTable *table = NULL;
    int missing = 0, cached = table_cache_path(rules, path, sizeof path, reason,
                                               sizeof reason) == 0;
    double seconds = 0;
    FarkleStatus st;
    if (cached) {
        table = table_load_for(path, rules, &missing, reason, sizeof reason);
        if (table != NULL) return table;
        if (!missing)
            fprintf(stderr, "farkle: the cached table %s cannot be used (%s); solving again\n",
                    safe(path), reason);
    } else {
        fprintf(stderr, "farkle: no cache for the table: %s\n", reason);
    }
    fprintf(stderr,
            "Solving the two-player game for these rules (once: the table is cached for the "
            "next games)...\n");
    st = table_solve(rules, 0, &table, &seconds);
    if (st != FARKLE_STATUS_OK) {
        snprintf(why, why_len, "%s",
                 st == FARKLE_STATUS_CANCELLED ? "the solve was interrupted"
                                               : library_reason(st));
        return NULL;
    }
    fprintf(stderr, "Solved in %.1f s.\n", seconds);
    if (cached && cache_dir(dir, sizeof dir, reason, sizeof reason) == 0 &&
        make_dirs(dir, reason, sizeof reason) == 0 &&
        table_save(table, path, reason, sizeof reason) == 0)
        fprintf(stderr, "Cached in %s.\n", safe(path));
    else if (cached)
        fprintf(stderr, "farkle: the table could not be cached in %s: %s\n", safe(path),
                reason);
    return table;
}

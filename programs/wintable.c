/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * wintable.c: tables of two or three players for win-optimal play, solved on first use with
 * a progress bar and cached per rule set and player count under $XDG_CACHE_HOME/farkle/ (or
 * ~/.cache/farkle/), as win-<hash of every rules field>.fwt for two players and
 * win3-<hash>.fwt for three. A cached table is used only when the rules it was solved for
 * (farkle_win_table_rules()) equal the game's in every field and it has the player count
 * asked for (farkle_win_table_player_count()), and solved again when an earlier version of
 * the library solved it otherwise than this one would (farkle_win_table_outdated()).
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

const char *players_adjective(uint32_t players) {
    return players == 3 ? "three-player" : players == 2 ? "two-player" : "many-player";
}

int table_cache_path(const FarkleRules *rules, uint32_t players, char *out, size_t len,
                     char *why, size_t why_len) {
    char dir[4096];
    int n;
    if (cache_dir(dir, sizeof dir, why, why_len) != 0) return -1;
    /* Two-player tables keep the name they always had, so caches made before three-player
     * tables existed stay valid. */
    if (players == 2)
        n = snprintf(out, len, "%s/win-%016llx.fwt", dir, (unsigned long long)rules_hash(rules));
    else
        n = snprintf(out, len, "%s/win%u-%016llx.fwt", dir, (unsigned)players,
                     (unsigned long long)rules_hash(rules));
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

int table_outdated(const FarkleWinTable *table) {
    bool outdated = false;
    return farkle_win_table_outdated(table, &outdated) == FARKLE_STATUS_OK && outdated;
}

FarkleWinTable *table_load_for(const char *path, const FarkleRules *rules, uint32_t players,
                               int *missing, char *why, size_t why_len) {
    FarkleWinTable *table = NULL;
    FarkleRules solved;
    FarkleStatus st;
    uint32_t count = 0;
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
    if (farkle_win_table_player_count(table, &count) != FARKLE_STATUS_OK || count != players) {
        snprintf(why, why_len, "it is a %s table, and this game needs a %s one",
                 players_adjective(count), players_adjective(players));
        farkle_win_table_free(table);
        return NULL;
    }
    return table;
}

typedef struct Progress {
    int bar;      /* stderr is a terminal: redraw a bar in place */
    int percent;  /* last percent drawn */
    int quiet;
    const char *header; /* said once the solve has started (a refusal comes before) */
    struct timespec start;
} Progress;

static double seconds_since(const struct timespec *t0) {
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* "  about 3 min left" once a solve has run long enough to tell (a few percent and seconds),
 * from the time per percent so far; empty before that. */
static void time_left(const Progress *p, double fraction, char *out, size_t len) {
    double spent = seconds_since(&p->start), left;
    out[0] = '\0';
    if (fraction < 0.02 || fraction >= 1.0 || spent < 3.0) return;
    left = spent * (1.0 - fraction) / fraction;
    if (left >= 90.0)
        snprintf(out, len, "  about %.0f min left", left / 60.0);
    else
        snprintf(out, len, "  about %.0f s left  ", left);
}

/* The solve's progress callback: says the header the first time, then redraws the bar when
 * the percentage changes; false (stop) once a signal came. */
static bool on_progress(double fraction, void *user) {
    Progress *p = user;
    int percent = (int)(fraction * 100.0 + 0.5);
    if (stop_requested) return false;
    /* The library calls first with 0 before it starts, and refuses rules it cannot solve
     * after that call: the header, and the bar after it, wait for the work to have begun. */
    if (p->header != NULL && fraction <= 0.0) return true;
    if (p->header != NULL) {
        fputs(p->header, stderr);
        fflush(stderr);
        p->header = NULL;
    }
    if (p->bar && !p->quiet && percent != p->percent) {
        char bar[41];
        int filled = percent * 40 / 100, i;
        char left[40];
        for (i = 0; i < 40; i++) bar[i] = i < filled ? '#' : '-';
        bar[40] = '\0';
        time_left(p, fraction, left, sizeof left);
        fprintf(stderr, "\r  [%s] %3d%%%-22s", bar, percent, left);
        fflush(stderr);
        p->percent = percent;
    }
    return true;
}

FarkleStatus table_solve(const FarkleRules *rules, uint32_t players, const char *header,
                         int quiet, FarkleWinTable **out, double *seconds) {
    Progress p;
    FarkleStatus st;
    p.bar = isatty(STDERR_FILENO);
    p.percent = -1;
    p.quiet = quiet;
    p.header = header;
    clock_gettime(CLOCK_MONOTONIC, &p.start);
    st = farkle_win_table_solve_players(rules, players, on_progress, &p, out);
    *seconds = seconds_since(&p.start);
    if (p.bar && !quiet && p.percent >= 0) fprintf(stderr, "\n");
    /* A solve that ended before its first progress report still says what it did. */
    if (st == FARKLE_STATUS_OK && p.header != NULL) fputs(p.header, stderr);
    return st;
}

int table_path_check(const char *path, char *why, size_t why_len) {
    struct stat old;
    if (stat(path, &old) == 0 && !S_ISREG(old.st_mode)) {
        snprintf(why, why_len, "it is %s, not a regular file", file_kind(old.st_mode));
        return -1;
    }
    return 0;
}

int table_save(const FarkleWinTable *table, const char *path, char *why, size_t why_len) {
    size_t len = strlen(path);
    char *tmp;
    FarkleStatus st;
    int fd;
    /* Checked again: the path may have changed since it was looked at. */
    if (table_path_check(path, why, why_len) != 0) return -1;
    tmp = checked_malloc(len + 16);
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

FarkleWinTable *table_for_rules(const FarkleRules *rules, uint32_t players,
                                FarkleStatus *status, char *why, size_t why_len) {
    char path[4200], dir[4096], reason[TEXT_SHOWN_LEN], header[512];
    FarkleWinTable *table = NULL;
    int missing = 0, cached = table_cache_path(rules, players, path, sizeof path, reason,
                                               sizeof reason) == 0;
    double seconds = 0;
    FarkleStatus st;
    *status = FARKLE_STATUS_OK;
    if (cached) {
        table = table_load_for(path, rules, players, &missing, reason, sizeof reason);
        if (table != NULL && !table_outdated(table)) return table;
        if (table != NULL) {
            /* Still a good table, but this version plays these rules better. */
            farkle_win_table_free(table);
            table = NULL;
            fprintf(stderr,
                    "farkle: the cached table %s was solved by an earlier version of the "
                    "library; solving again\n",
                    safe(path));
        } else if (!missing)
            fprintf(stderr, "farkle: the cached table %s cannot be used (%s); solving again\n",
                    safe(path), reason);
    } else {
        fprintf(stderr, "farkle: no cache for the table: %s\n", reason);
    }
    /* A three-player solve takes minutes where a two-player one takes seconds: said before
     * it starts, with the way out. */
    snprintf(header, sizeof header,
             "Solving the %s game for these rules (once: the table is cached for the next "
             "games)%s...\n",
             players_adjective(players),
             players == 2 ? ""
                          : "; to high targets this takes minutes (about 20 minutes for "
                            "the classic rules to 10000), Ctrl-C cancels");
    st = table_solve(rules, players, header, 0, &table, &seconds);
    if (st != FARKLE_STATUS_OK) {
        *status = st;
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

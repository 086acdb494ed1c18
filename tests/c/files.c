/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * The paths the library opens (win tables, loaded and saved): only regular files are read or
 * written; a FIFO, a device or a directory is refused at once with FARKLE_STATUS_IO and left
 * as it was. A FIFO used to block farkle_win_table_load() in open(2) until a writer came, so
 * this program runs under alarm(): a call that blocks kills it instead of hanging the tests.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "farkle.h"

/* Far longer than any call here takes, even under valgrind; SIGALRM ends the program. */
#define DEADLINE_SECONDS 60

static char dir[] = "/tmp/farkle-files-XXXXXX";

static void path_of(char *out, size_t len, const char *name) {
    snprintf(out, len, "%s/%s", dir, name);
}

static int contains(const char *text, const char *part) {
    return strstr(text, part) != NULL;
}

/* A table of a tiny game (three dice, single 1s and 5s and triples, to 500). */
static FarkleWinTable *tiny_table(void) {
    FarkleRules r;
    FarkleWinTable *t = NULL;
    if (farkle_rules_preset(FARKLE_PRESET_MINIMAL, &r) != FARKLE_STATUS_OK) exit(2);
    r.dice_count = 3;
    r.target_score = 500;
    if (farkle_win_table_solve(&r, NULL, NULL, &t) != FARKLE_STATUS_OK) exit(2);
    return t;
}

static int is_fifo(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0 && S_ISFIFO(st.st_mode);
}

/* A FIFO is neither read (nobody writes to it: the load used to wait for ever) nor written,
 * with or without a reader at its other end, and stays a FIFO. */
static void test_fifo(FarkleWinTable *table) {
    char fifo[64];
    FarkleWinTable *sentinel = (FarkleWinTable *)&sentinel, *loaded = sentinel;
    char byte;
    int reader;
    path_of(fifo, sizeof fifo, "table.fwt");
    CHECK(mkfifo(fifo, 0600) == 0);

    CHECK_STATUS(farkle_win_table_load(fifo, &loaded), FARKLE_STATUS_IO);
    CHECK(loaded == sentinel);
    CHECK(contains(farkle_last_error_message(), "a FIFO (named pipe), not a regular file"));

    /* No reader: opening it for writing would block; it is refused instead. */
    CHECK_STATUS(farkle_win_table_save(table, fifo), FARKLE_STATUS_IO);
    CHECK(contains(farkle_last_error_message(), "a FIFO (named pipe), not a regular file"));

    /* A reader waiting at the other end gets nothing. */
    reader = open(fifo, O_RDONLY | O_NONBLOCK);
    CHECK(reader >= 0);
    CHECK_STATUS(farkle_win_table_save(table, fifo), FARKLE_STATUS_IO);
    CHECK(contains(farkle_last_error_message(), "a FIFO (named pipe), not a regular file"));
    if (reader >= 0) {
        /* 0: every writer has gone and nothing was written. */
        CHECK(read(reader, &byte, 1) == 0);
        close(reader);
    }
    CHECK(is_fifo(fifo));
    CHECK(unlink(fifo) == 0);
}

/* A device that never ends is refused without being read to the size limit, and /dev/null
 * is not written (nor truncated). A directory is refused by its type. */
static void test_devices_and_directories(FarkleWinTable *table) {
    FarkleWinTable *sentinel = (FarkleWinTable *)&sentinel, *loaded = sentinel;
    struct stat st;

    CHECK_STATUS(farkle_win_table_load("/dev/zero", &loaded), FARKLE_STATUS_IO);
    CHECK(contains(farkle_last_error_message(), "a character device, not a regular file"));
    CHECK_STATUS(farkle_win_table_save(table, "/dev/null"), FARKLE_STATUS_IO);
    CHECK(contains(farkle_last_error_message(), "a character device, not a regular file"));
    CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));

    CHECK_STATUS(farkle_win_table_load(dir, &loaded), FARKLE_STATUS_IO);
    CHECK(contains(farkle_last_error_message(), "a directory, not a regular file"));
    CHECK_STATUS(farkle_win_table_save(table, dir), FARKLE_STATUS_IO);
    CHECK(loaded == sentinel);
}

/* A regular file still round-trips, through a symbolic link too (the file it names is
 * written), and a missing file is the system's error. */
static void test_regular_files(FarkleWinTable *table) {
    char file[64], link[64], missing[64];
    FarkleWinTable *loaded = NULL;
    struct stat st;
    path_of(file, sizeof file, "real.fwt");
    path_of(link, sizeof link, "link.fwt");
    path_of(missing, sizeof missing, "missing.fwt");

    CHECK_STATUS(farkle_win_table_save(table, file), FARKLE_STATUS_OK);
    CHECK(symlink("real.fwt", link) == 0);
    CHECK_STATUS(farkle_win_table_save(table, link), FARKLE_STATUS_OK);
    CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
    CHECK_STATUS(farkle_win_table_load(link, &loaded), FARKLE_STATUS_OK);
    farkle_win_table_free(loaded);
    loaded = NULL;
    CHECK_STATUS(farkle_win_table_load(missing, &loaded), FARKLE_STATUS_IO);
    CHECK(contains(farkle_last_error_message(), "No such file or directory"));
    CHECK(loaded == NULL);
    unlink(link);
    unlink(file);
}

int main(void) {
    FarkleWinTable *table;
    alarm(DEADLINE_SECONDS);
    if (mkdtemp(dir) == NULL) {
        perror("mkdtemp");
        return 2;
    }
    table = tiny_table();
    test_fifo(table);
    test_devices_and_directories(table);
    test_regular_files(table);
    farkle_win_table_free(table);
    rmdir(dir);
    return finish();
}

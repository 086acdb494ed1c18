/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * A tiny check harness shared by the C test programs: CHECK counts passes and failures and
 * reports the failing line; finish() prints the "N passed, M failed" verdict and returns the
 * exit status; workload() sizes a loop for a plain or a quick run; preset() gives a preset's
 * rules.
 */
#ifndef FARKLE_TEST_CHECK_H
#define FARKLE_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "farkle.h"

static int checks_passed;
static int checks_failed;

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (cond) {                                                           \
            checks_passed++;                                                  \
        } else {                                                              \
            checks_failed++;                                                  \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                   \
        }                                                                     \
    } while (0)

/* Checks that a call returns the expected status. */
#define CHECK_STATUS(call, expected) CHECK((call) == (expected))

/* Whether this is a quick run: tests/c_programs.rs sets FARKLE_TEST_QUICK=1 under valgrind
 * and the sanitizers, where every call costs tens of times more. A quick run makes the same
 * calls on smaller workloads (fewer iterations, fewer games), so every code path is still
 * taken; the plain run keeps the full workloads. */
static inline int quick_run(void) {
    const char *quick = getenv("FARKLE_TEST_QUICK");
    return quick != NULL && quick[0] == '1';
}

/* `full` in a plain run, `quick` in a quick run. */
static inline int workload(int full, int quick) { return quick_run() ? quick : full; }

/* The rules of preset `p`; a library without it cannot be tested: the program exits. */
static inline FarkleRules preset(uint32_t p) {
    FarkleRules r;
    memset(&r, 0, sizeof r);
    if (farkle_rules_preset(p, &r) != FARKLE_STATUS_OK) {
        fprintf(stderr, "preset %u missing\n", (unsigned)p);
        exit(2);
    }
    return r;
}

static int finish(void) {
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}

#endif

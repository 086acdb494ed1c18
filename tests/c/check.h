/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * A tiny check harness shared by the C test programs: CHECK counts passes and failures and
 * reports the failing line; finish() prints the "N passed, M failed" verdict and returns the
 * exit status.
 */
#ifndef FARKLE_TEST_CHECK_H
#define FARKLE_TEST_CHECK_H

#include <stdio.h>

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

static int finish(void) {
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}

#endif

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * farkle_struct_layout(): the size and alignment the library reports for every struct of the
 * header are what this C compiler lays out from the header; unknown names and NULLs are
 * refused without writing anything. (tests/header.rs checks that every struct with a body in
 * the header is known.)
 */
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "farkle.h"

/* C99 has no alignof: the offset of a member placed after a lone char is its alignment. */
#define ALIGN_OF(type) offsetof(struct { char c; type member; }, member)

#define CHECK_LAYOUT(type)                                                     \
    do {                                                                       \
        size_t size = 0, align = 0;                                            \
        CHECK_STATUS(farkle_struct_layout(#type, &size, &align), FARKLE_STATUS_OK); \
        CHECK(size == sizeof(type));                                           \
        CHECK(align == ALIGN_OF(type));                                        \
    } while (0)

int main(void) {
    size_t size = 7, align = 9;

    CHECK_LAYOUT(FarkleAdvice);
    CHECK_LAYOUT(FarkleAdviceChoice);
    CHECK_LAYOUT(FarkleCardInfo);
    CHECK_LAYOUT(FarkleCardValue);
    CHECK_LAYOUT(FarkleCoachNote);
    CHECK_LAYOUT(FarkleChoice);
    CHECK_LAYOUT(FarkleCombination);
    CHECK_LAYOUT(FarkleDecision);
    CHECK_LAYOUT(FarkleEvent);
    CHECK_LAYOUT(FarkleGameState);
    CHECK_LAYOUT(FarkleHand);
    CHECK_LAYOUT(FarkleHandBonuses);
    CHECK_LAYOUT(FarkleHandLevels);
    CHECK_LAYOUT(FarkleHandsResult);
    CHECK_LAYOUT(FarkleOdds);
    CHECK_LAYOUT(FarklePlayer);
    CHECK_LAYOUT(FarklePlayerState);
    CHECK_LAYOUT(FarklePoints);
    CHECK_LAYOUT(FarklePointsProbability);
    CHECK_LAYOUT(FarkleRollAnalysis);
    CHECK_LAYOUT(FarkleRules);
    CHECK_LAYOUT(FarkleScore);
    CHECK_LAYOUT(FarkleSelection);
    CHECK_LAYOUT(FarkleSimulation);
    CHECK_LAYOUT(FarkleTurnRoll);
    CHECK_LAYOUT(FarkleTurnState);

    /* Unknown names, opaque handles and near misses are refused, with the name in the message. */
    CHECK_STATUS(farkle_struct_layout("FarkleGame", &size, &align), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(farkle_last_error_message(), "FarkleGame") != NULL);
    CHECK_STATUS(farkle_struct_layout("struct FarkleRules", &size, &align),
                 FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_struct_layout("farklerules", &size, &align), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_struct_layout("", &size, &align), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(farkle_struct_layout("\xff\xfe", &size, &align), FARKLE_STATUS_INVALID_ARGUMENT);
    CHECK(size == 7 && align == 9);

    /* NULL in each pointer parameter. */
    CHECK_STATUS(farkle_struct_layout(NULL, &size, &align), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_struct_layout("FarkleRules", NULL, &align), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_struct_layout("FarkleRules", &size, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(size == 7 && align == 9);

    return finish();
}

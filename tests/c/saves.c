/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * Saved games are read strictly, and only up to FARKLE_SAVE_MAX_BYTES. Every tampered save
 * below gets its checksum recomputed first (FNV-1a 64 of the text without its checksum
 * member, as the format documents it), so that it is refused for what it holds and not for
 * a stale checksum: an unknown field (top level, rules, dice, an event, the summary), a key
 * given twice (the version, in the rules, in an event), a float where an integer belongs.
 * A save one byte over the limit is refused with FARKLE_STATUS_RESOURCE_LIMIT and an
 * explanation naming the limit, and an untouched save still loads and saves back the same.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "farkle.h"

static const char CHECKSUM_MEMBER[] = ",\"checksum\":\"fnv1a64:";

static uint64_t fnv1a64(uint64_t hash, const char *bytes, size_t len) {
    size_t i;
    for (i = 0; i < len; i++) {
        hash ^= (unsigned char)bytes[i];
        hash *= UINT64_C(0x00000100000001b3);
    }
    return hash;
}

/* The last occurrence of `needle` in `text`, or NULL. */
static char *find_last(char *text, const char *needle) {
    char *found = NULL, *at = text;
    while ((at = strstr(at, needle)) != NULL) {
        found = at;
        at++;
    }
    return found;
}

/* Rewrites the 16 hex digits of the checksum in place to the hash of the rest of the text:
 * everything before `,"checksum":"fnv1a64:` and everything after the closing quote. */
static void recompute_checksum(char *text) {
    static const char hex[] = "0123456789abcdef";
    char *member = find_last(text, CHECKSUM_MEMBER);
    char *digits, *after;
    uint64_t hash = UINT64_C(0xcbf29ce484222325);
    int i;
    CHECK(member != NULL);
    if (member == NULL) return;
    digits = member + strlen(CHECKSUM_MEMBER);
    after = digits + 16;
    CHECK(*after == '"');
    hash = fnv1a64(hash, text, (size_t)(member - text));
    hash = fnv1a64(hash, after + 1, strlen(after + 1));
    for (i = 15; i >= 0; i--) {
        digits[i] = hex[hash & 0xf];
        hash >>= 4;
    }
}

/* A copy of `text` (caller frees) with the first `from` replaced by `to`, its checksum
 * recomputed. */
static char *tampered(const char *text, const char *from, const char *to) {
    const char *at = strstr(text, from);
    size_t before, len;
    char *out;
    CHECK(at != NULL);
    if (at == NULL) {
        fprintf(stderr, "not in the save: %s\n", from);
        exit(2);
    }
    before = (size_t)(at - text);
    len = strlen(text) - strlen(from) + strlen(to);
    out = (char *)malloc(len + 1);
    if (out == NULL) exit(2);
    memcpy(out, text, before);
    memcpy(out + before, to, strlen(to));
    strcpy(out + before + strlen(to), at + strlen(from));
    recompute_checksum(out);
    return out;
}

/* Loads `text` and requires FARKLE_STATUS_INVALID_SAVE, nothing loaded, and `why` in both
 * the message written and farkle_last_error_message(). */
static void check_refused(const char *text, const char *why) {
    FarkleGame *game = NULL;
    char message[512];
    message[0] = '\0';
    CHECK_STATUS(farkle_game_load(text, strlen(text), message, sizeof message, &game),
                 FARKLE_STATUS_INVALID_SAVE);
    CHECK(game == NULL);
    CHECK(strstr(message, why) != NULL);
    CHECK(strstr(farkle_last_error_message(), why) != NULL);
    if (strstr(message, why) == NULL) {
        fprintf(stderr, "  message: %s\n  wanted: %s\n", message, why);
    }
    farkle_game_free(game);
}

/* A seeded two-player game a few actions in (caller frees the text). */
static char *sample_save(void) {
    FarkleRules rules;
    FarkleGame *game = NULL;
    FarkleGameState state;
    char *text = NULL;
    const char *names[2] = {"Ann", "Bo"};
    int i;
    CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_new_with(&rules, names, 2, FARKLE_DICE_SOURCE_SEEDED, 2026, &game),
                 FARKLE_STATUS_OK);
    for (i = 0; i < 12; i++) {
        CHECK_STATUS(farkle_game_state(game, &state), FARKLE_STATUS_OK);
        if (state.phase == FARKLE_GAME_PHASE_AWAITING_SELECTION) {
            FarkleSelection sel[FARKLE_MAX_SELECTIONS];
            size_t n = 0;
            CHECK_STATUS(farkle_game_selections(game, sel, FARKLE_MAX_SELECTIONS, &n),
                         FARKLE_STATUS_OK);
            CHECK_STATUS(farkle_game_select_mask(game, sel[0].dice_mask), FARKLE_STATUS_OK);
        } else if (state.phase == FARKLE_GAME_PHASE_FARKLED) {
            CHECK_STATUS(farkle_game_acknowledge_farkle(game), FARKLE_STATUS_OK);
        } else if (state.can_bank) {
            CHECK_STATUS(farkle_game_bank(game), FARKLE_STATUS_OK);
        } else {
            CHECK_STATUS(farkle_game_roll(game), FARKLE_STATUS_OK);
        }
    }
    CHECK_STATUS(farkle_game_save(game, &text), FARKLE_STATUS_OK);
    farkle_game_free(game);
    if (text == NULL) exit(2);
    return text;
}

/* The checksum helper agrees with the library: an untouched save keeps its checksum, and a
 * renamed player loads once the checksum is recomputed (and not before). */
static void test_checksum_helper(const char *save) {
    FarkleGame *game = NULL;
    char *copy = tampered(save, "\"Ann\"", "\"Ann\"");
    char *renamed, *stale;
    const char *name = NULL;
    CHECK(strcmp(copy, save) == 0);
    free(copy);
    renamed = tampered(save, "\"Ann\"", "\"Cy\"");
    stale = (char *)malloc(strlen(renamed) + 1);
    if (stale == NULL) exit(2);
    strcpy(stale, renamed);
    memcpy(find_last(stale, CHECKSUM_MEMBER), find_last((char *)save, CHECKSUM_MEMBER),
           strlen(CHECKSUM_MEMBER) + 16);
    CHECK_STATUS(farkle_game_load(stale, strlen(stale), NULL, 0, &game),
                 FARKLE_STATUS_INVALID_SAVE);
    CHECK(strstr(farkle_last_error_message(), "checksum") != NULL);
    free(stale);
    CHECK_STATUS(farkle_game_load(renamed, strlen(renamed), NULL, 0, &game), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_player_name(game, 0, &name), FARKLE_STATUS_OK);
    CHECK(name != NULL && strcmp(name, "Cy") == 0);
    farkle_game_free(game);
    free(renamed);
}

static void test_unknown_fields(const char *save) {
    static const char *const edits[][2] = {
        {"\"pending_selection\"", "\"extra\":0,\"pending_selection\""},
        {"\"rules\":{", "\"rules\":{\"extra\":0,"},
        {"\"seed\":2026}", "\"seed\":2026,\"extra\":0}"},
        {"\"round\":1}", "\"round\":1,\"extra\":0}"},
        {"\"summary\":{", "\"summary\":{\"extra\":0,"},
    };
    size_t i;
    for (i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        char *text = tampered(save, edits[i][0], edits[i][1]);
        check_refused(text, "unknown field `extra`");
        free(text);
    }
}

static void test_duplicate_keys(const char *save) {
    static const char *const edits[][3] = {
        {"\"version\":1,", "\"version\":2,\"version\":1,", "duplicate field `version`"},
        {"\"rules\":{\"dice_count\":6,", "\"rules\":{\"dice_count\":5,\"dice_count\":6,",
         "duplicate field `dice_count`"},
        {"{\"event\":\"turn_started\",\"player\":0,",
         "{\"event\":\"turn_started\",\"player\":1,\"player\":0,", "duplicate field `player`"},
    };
    size_t i;
    for (i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        char *text = tampered(save, edits[i][0], edits[i][1]);
        check_refused(text, edits[i][2]);
        free(text);
    }
}

static void test_integers(const char *save) {
    char *round = tampered(save, "\"round\":1}", "\"round\":1.0}");
    char *seed = tampered(save, "\"seed\":2026", "\"seed\":2026.0");
    check_refused(round, "invalid type: floating point `1.0`, expected u32");
    check_refused(seed, "invalid type: floating point `2026.0`, expected u64");
    free(round);
    free(seed);
}

/* `save` grown with spaces before its final brace to `size` bytes (caller frees). */
static char *padded(const char *save, size_t size) {
    size_t len = strlen(save);
    char *out = (char *)malloc(size + 1);
    if (out == NULL) exit(2);
    memcpy(out, save, len - 1);
    memset(out + len - 1, ' ', size - len);
    out[size - 1] = '}';
    out[size] = '\0';
    return out;
}

static void test_size_limit(const char *save) {
    FarkleGame *game = NULL;
    char message[256];
    char *over = padded(save, (size_t)FARKLE_SAVE_MAX_BYTES + 1);
    message[0] = 'x';
    CHECK_STATUS(farkle_game_load(over, (size_t)FARKLE_SAVE_MAX_BYTES + 1, message, sizeof message,
                                  &game),
                 FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(game == NULL);
    CHECK(strstr(message, "16777217 bytes") != NULL);
    CHECK(strstr(message, "limit of 16777216 bytes") != NULL);
    CHECK(strstr(farkle_last_error_message(), "limit of 16777216 bytes") != NULL);
    CHECK(strstr(farkle_last_error_message(), "FARKLE_SAVE_MAX_BYTES") != NULL);
    /* The size is checked before anything is read: garbage over the limit is no INVALID_SAVE. */
    memset(over, 0xff, (size_t)FARKLE_SAVE_MAX_BYTES + 1);
    CHECK_STATUS(farkle_game_load(over, (size_t)FARKLE_SAVE_MAX_BYTES + 1, NULL, 0, &game),
                 FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(game == NULL);
    free(over);
}

static void test_round_trip(const char *save) {
    FarkleGame *game = NULL;
    char *again = NULL;
    CHECK_STATUS(farkle_game_load(save, strlen(save), NULL, 0, &game), FARKLE_STATUS_OK);
    CHECK_STATUS(farkle_game_save(game, &again), FARKLE_STATUS_OK);
    CHECK(again != NULL && strcmp(again, save) == 0);
    farkle_string_free(again);
    farkle_game_free(game);
}

/* A 17 MiB name made a save the loader refused: names longer than FARKLE_MAX_NAME_BYTES are
 * refused when the game is made (FARKLE_STATUS_RESOURCE_LIMIT, nothing written), and a game
 * with the longest names saves and loads. */
static void test_name_limit(void) {
    FarkleRules r;
    FarkleGame *g = NULL, *sentinel = (FarkleGame *)&sentinel, *out = sentinel, *loaded = NULL;
    char *longest = malloc(FARKLE_MAX_NAME_BYTES + 2);
    const char *names[2];
    char *text = NULL;
    if (longest == NULL || farkle_rules_preset(FARKLE_PRESET_CLASSIC, &r) != FARKLE_STATUS_OK)
        return;
    memset(longest, 'n', FARKLE_MAX_NAME_BYTES + 1);
    longest[FARKLE_MAX_NAME_BYTES + 1] = '\0';
    names[0] = "Ann";
    names[1] = longest;
    CHECK_STATUS(farkle_game_new_with(&r, names, 2, FARKLE_DICE_SOURCE_SEEDED, 1, &out),
                 FARKLE_STATUS_RESOURCE_LIMIT);
    CHECK(out == sentinel);
    CHECK(strstr(farkle_last_error_message(), "player 1") != NULL);
    longest[FARKLE_MAX_NAME_BYTES] = '\0';
    CHECK_STATUS(farkle_game_new_with(&r, names, 2, FARKLE_DICE_SOURCE_SEEDED, 1, &g),
                 FARKLE_STATUS_OK);
    if (g != NULL) {
        CHECK_STATUS(farkle_game_roll(g), FARKLE_STATUS_OK);
        CHECK_STATUS(farkle_game_save(g, &text), FARKLE_STATUS_OK);
        if (text != NULL)
            CHECK_STATUS(farkle_game_load(text, strlen(text), NULL, 0, &loaded),
                         FARKLE_STATUS_OK);
        farkle_game_free(loaded);
        farkle_string_free(text);
        farkle_game_free(g);
    }
    free(longest);
}

int main(void) {
    char *save = sample_save();
    CHECK(strstr(save, "\"dice\":{\"kind\":\"seeded\",\"seed\":2026}") != NULL);
    test_checksum_helper(save);
    test_unknown_fields(save);
    test_duplicate_keys(save);
    test_integers(save);
    test_size_limit(save);
    test_round_trip(save);
    test_name_limit();
    farkle_string_free(save);
    return finish();
}

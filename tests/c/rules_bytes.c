/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * FarkleRules as C code really fills it: a flag holding 2 (what memset, fread or an int
 * assignment leaves) used to be undefined behaviour inside the library, and such a game saved
 * "hot_dice":false while playing hot dice, then could not reload its own save. Every byte
 * value of every flag, and random bytes in the whole struct, must give a status; whatever is
 * accepted must play, save and reload.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "farkle.h"

/* The flags, read from the library's table of FarkleRules fields (test_field_table checks the
 * table against the compiler's offsetof). */
struct flag {
    const char *name;
    size_t offset;
};

static struct flag FLAGS[64];
static size_t flag_count;

static void read_flags(void) {
    uint32_t i;
    for (i = 0; i < farkle_rules_field_count(); i++) {
        FarkleRulesField f;
        CHECK_STATUS(farkle_rules_field(i, &f), FARKLE_STATUS_OK);
        if (f.kind == FARKLE_RULES_FIELD_KIND_FLAG && flag_count < 64) {
            FLAGS[flag_count].name = f.name;
            FLAGS[flag_count].offset = f.offset;
            flag_count++;
        }
    }
    /* The eight flags of this version, at least. */
    CHECK(flag_count >= 8 && flag_count < 64);
}

/* The field whose name is `name`, found through the table. */
static int field_named(const char *name, FarkleRulesField *out) {
    uint32_t i;
    for (i = 0; i < farkle_rules_field_count(); i++) {
        if (farkle_rules_field(i, out) == FARKLE_STATUS_OK && strcmp(out->name, name) == 0)
            return 1;
    }
    return 0;
}

/* farkle_rules_field() against the compiler: offsets, sizes and kinds of fields named here,
 * the struct's order (offsets rise, each field inside the struct), the bounds, and a value
 * one past a field's largest refused by validation naming the field. */
static void test_field_table(void) {
    static const struct {
        const char *name;
        size_t offset, size;
        FarkleRulesFieldKind kind;
        int64_t min, max;
    } known[] = {
        {"dice_count", offsetof(FarkleRules, dice_count), sizeof(uint32_t),
         FARKLE_RULES_FIELD_KIND_UINT32, 1, FARKLE_MAX_DICE},
        {"single_five", offsetof(FarkleRules, single_five), sizeof(int32_t),
         FARKLE_RULES_FIELD_KIND_INT32, 0, 1000000},
        {"kind_scaling", offsetof(FarkleRules, kind_scaling), sizeof(uint32_t),
         FARKLE_RULES_FIELD_KIND_ENUM, 0, FARKLE_KIND_SCALING_TRIPLE_ONLY},
        {"three_pairs_with_four_of_a_kind", offsetof(FarkleRules, three_pairs_with_four_of_a_kind),
         1, FARKLE_RULES_FIELD_KIND_FLAG, 0, 1},
        {"target_score", offsetof(FarkleRules, target_score), sizeof(int32_t),
         FARKLE_RULES_FIELD_KIND_INT32, 0, 1000000000},
        {"farkle_penalty_streak", offsetof(FarkleRules, farkle_penalty_streak), sizeof(uint32_t),
         FARKLE_RULES_FIELD_KIND_UINT32, 0, 255},
        {"hot_dice_multiplier_step", offsetof(FarkleRules, hot_dice_multiplier_step),
         sizeof(uint32_t), FARKLE_RULES_FIELD_KIND_UINT32, 0, FARKLE_MAX_HOT_DICE_MULTIPLIER_STEP},
        {"exact_target", offsetof(FarkleRules, exact_target), sizeof(uint32_t),
         FARKLE_RULES_FIELD_KIND_ENUM, 0, FARKLE_EXACT_TARGET_BUST},
        {"piggybacking", offsetof(FarkleRules, piggybacking), 1, FARKLE_RULES_FIELD_KIND_FLAG, 0,
         1},
    };
    FarkleRulesField f, first, last;
    uint32_t count = farkle_rules_field_count(), i;
    size_t k, end = 0;
    CHECK(count > 0);
    for (k = 0; k < sizeof known / sizeof known[0]; k++) {
        CHECK(field_named(known[k].name, &f));
        CHECK(f.offset == known[k].offset && f.size == known[k].size);
        CHECK(f.kind == known[k].kind && f.min == known[k].min && f.max == known[k].max);
    }
    CHECK(field_named("single_one", &f) && f.scoring);
    CHECK(field_named("min_bank_score", &f) && !f.scoring);
    CHECK(field_named("no_such_field", &f) == 0);
    for (i = 0; i < count; i++) {
        FarkleRules r;
        char message[256];
        CHECK_STATUS(farkle_rules_field(i, &f), FARKLE_STATUS_OK);
        CHECK(f.offset >= end && f.offset + f.size <= sizeof(FarkleRules));
        CHECK(f.size == (f.kind == FARKLE_RULES_FIELD_KIND_FLAG ? 1u : 4u));
        CHECK(f.min <= f.max && f.description != NULL && f.description[0] != '\0');
        end = f.offset + f.size;
        /* One past the largest value, where the C type can hold it: refused, naming the field
         * (dice_count's own check names it too). */
        CHECK_STATUS(farkle_rules_preset(FARKLE_PRESET_CLASSIC, &r), FARKLE_STATUS_OK);
        if (f.kind == FARKLE_RULES_FIELD_KIND_FLAG) {
            *((unsigned char *)&r + f.offset) = 2;
        } else if (f.max < INT32_MAX) {
            uint32_t v = (uint32_t)(f.max + 1);
            memcpy((unsigned char *)&r + f.offset, &v, sizeof v);
        } else {
            continue;
        }
        message[0] = '\0';
        CHECK_STATUS(farkle_rules_validate(&r, message, sizeof message),
                     FARKLE_STATUS_INVALID_RULES);
        CHECK(strstr(message, f.name) != NULL);
    }
    CHECK_STATUS(farkle_rules_field(0, &first), FARKLE_STATUS_OK);
    CHECK(strcmp(first.name, "dice_count") == 0 && first.offset == 0);
    CHECK_STATUS(farkle_rules_field(count - 1, &last), FARKLE_STATUS_OK);
    /* Out of range: refused, nothing written. */
    memset(&f, 0x5a, sizeof f);
    CHECK_STATUS(farkle_rules_field(count, &f), FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(farkle_rules_field(UINT32_MAX, &f), FARKLE_STATUS_INDEX_OUT_OF_RANGE);
    CHECK(*(unsigned char *)&f == 0x5a && last.offset > first.offset);
}

/* Plays a little (a bot turn each: any documented outcome will do, the rules are random),
 * saves, reloads, and requires the reloaded game to save the same text. */
static int plays_saves_and_reloads(const FarkleRules *r, uint64_t seed) {
    FarkleGame *g = NULL;
    FarkleGame *back = NULL;
    char *text = NULL;
    char *again = NULL;
    FarkleStatus s1;
    FarkleStatus s2;
    int ok;

    if (farkle_game_new(r, 2, seed, &g) != FARKLE_STATUS_OK) return 0;
    s1 = farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_THRESHOLD, NULL, seed);
    s2 = farkle_game_bot_play_turn(g, FARKLE_BOT_KIND_RANDOM_LEGAL, NULL, seed);
    ok = (s1 == FARKLE_STATUS_OK || s1 == FARKLE_STATUS_RESOURCE_LIMIT ||
          s1 == FARKLE_STATUS_GAME_OVER) &&
         (s2 == FARKLE_STATUS_OK || s2 == FARKLE_STATUS_RESOURCE_LIMIT ||
          s2 == FARKLE_STATUS_GAME_OVER) &&
         farkle_game_save(g, &text) == FARKLE_STATUS_OK &&
         farkle_game_load(text, strlen(text), NULL, 0, &back) == FARKLE_STATUS_OK &&
         farkle_game_save(back, &again) == FARKLE_STATUS_OK && strcmp(text, again) == 0;
    farkle_string_free(text);
    farkle_string_free(again);
    farkle_game_free(back);
    farkle_game_free(g);
    return ok;
}

static void test_every_byte_of_every_flag(void) {
    size_t f;
    unsigned v;
    char message[160];

    for (f = 0; f < flag_count; f++) {
        int accepted = 0;
        int refused_with_name = 0;
        for (v = 0; v <= 255; v++) {
            FarkleRules r;
            FarkleStatus status;
            if (farkle_rules_preset(FARKLE_PRESET_ZILCH, &r) != FARKLE_STATUS_OK) return;
            /* The flag's byte as memcpy or fread would leave it. */
            memcpy((unsigned char *)&r + FLAGS[f].offset, &(unsigned char){(unsigned char)v},
                   1);
            status = farkle_rules_validate(&r, message, sizeof message);
            if (v <= 1) {
                if (status == FARKLE_STATUS_OK && plays_saves_and_reloads(&r, v + 1)) accepted++;
            } else if (status == FARKLE_STATUS_INVALID_RULES && strstr(message, FLAGS[f].name) &&
                       strstr(message, "a flag is 0 or 1")) {
                refused_with_name++;
            }
        }
        CHECK(accepted == 2);
        CHECK(refused_with_name == 254);
    }
}

/* A small generator, so the run is the same every time. */
static uint64_t state = 0x9e3779b97f4a7c15ULL;
static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static void test_random_bytes(void) {
    const int rounds = workload(20000, 2000);
    const int to_replay = workload(100, 20);
    int i;
    int statuses_ok = 1;
    int valid = 0;
    int tried = 0;
    int replayed = 0;

    for (i = 0; i < rounds; i++) {
        FarkleRules r;
        unsigned char *bytes = (unsigned char *)&r;
        FarkleStatus status;
        size_t k;
        for (k = 0; k < sizeof r; k++) bytes[k] = (unsigned char)next_random();
        if (i % 2 == 1) {
            /* Half the time, random bytes over a preset in a few places only, so that valid
             * values come up too. */
            if (farkle_rules_preset((uint32_t)(next_random() % 6), &r) != FARKLE_STATUS_OK) return;
            for (k = 0; k < 3; k++) bytes[next_random() % sizeof r] = (unsigned char)next_random();
        }
        status = farkle_rules_validate(&r, NULL, 0);
        if (status != FARKLE_STATUS_OK && status != FARKLE_STATUS_INVALID_RULES) statuses_ok = 0;
        if (status != FARKLE_STATUS_OK) continue;
        valid++;
        /* Play, save and reload the first valid ones of at most six dice (bigger sets build
         * bigger scorer tables, which would make this slow under valgrind). */
        if (r.dice_count <= 6 && tried < to_replay) {
            const uint8_t dice[] = {1, 1, 1, 5, 2, 3};
            FarkleScore score;
            tried++;
            status = farkle_score_selection(&r, dice, r.dice_count, &score);
            if (status != FARKLE_STATUS_OK) statuses_ok = 0;
            if (plays_saves_and_reloads(&r, (uint64_t)i)) replayed++;
        }
    }
    CHECK(statuses_ok);
    CHECK(valid > to_replay);
    CHECK(tried == to_replay);
    CHECK(replayed == tried);
}

/* farkle_rules_equal compares the fields, not the bytes: padding does not count, every field
 * does. */
static void test_rules_equal(void) {
    FarkleRules a, b;
    bool equal = false;
    uint32_t p, q;
    size_t f;
    for (p = 0; p < 6; p++) {
        for (q = 0; q < 6; q++) {
            if (farkle_rules_preset(p, &a) != FARKLE_STATUS_OK ||
                farkle_rules_preset(q, &b) != FARKLE_STATUS_OK)
                return;
            CHECK_STATUS(farkle_rules_equal(&a, &b, &equal), FARKLE_STATUS_OK);
            CHECK(equal == (p == q));
        }
    }
    /* The same fields with other padding bytes: equal. */
    memset(&a, 0x00, sizeof a);
    memset(&b, 0xff, sizeof b);
    if (farkle_rules_preset(FARKLE_PRESET_ZILCH, &a) != FARKLE_STATUS_OK) return;
    b.dice_count = a.dice_count;
    memcpy(&b, &a, offsetof(FarkleRules, three_pairs_with_four_of_a_kind) + 1);
    b.four_of_a_kind_and_pair = a.four_of_a_kind_and_pair;
    b.two_triplets = a.two_triplets;
    b.full_house_bonus = a.full_house_bonus;
    b.no_score_set = a.no_score_set;
    b.min_entry_score = a.min_entry_score;
    b.min_bank_score = a.min_bank_score;
    b.target_score = a.target_score;
    b.final_round = a.final_round;
    b.turn_limit = a.turn_limit;
    b.farkle_penalty_streak = a.farkle_penalty_streak;
    b.farkle_penalty_points = a.farkle_penalty_points;
    b.farkle_penalty_loses_all = a.farkle_penalty_loses_all;
    b.hot_dice = a.hot_dice;
    b.three_pairs_of_one_face = a.three_pairs_of_one_face;
    b.two_triplets_of_one_face = a.two_triplets_of_one_face;
    b.singles_only_before_entry = a.singles_only_before_entry;
    b.hot_dice_multiplier_step = a.hot_dice_multiplier_step;
    b.exact_target = a.exact_target;
    b.piggybacking = a.piggybacking;
    CHECK_STATUS(farkle_rules_equal(&a, &b, &equal), FARKLE_STATUS_OK);
    CHECK(equal);
    /* Any one flag byte changed: not equal. */
    for (f = 0; f < flag_count; f++) {
        FarkleRules c = a;
        ((unsigned char *)&c)[FLAGS[f].offset] ^= 1;
        CHECK_STATUS(farkle_rules_equal(&a, &c, &equal), FARKLE_STATUS_OK);
        CHECK(!equal);
    }
    equal = true;
    CHECK_STATUS(farkle_rules_equal(NULL, &b, &equal), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_rules_equal(&a, NULL, &equal), FARKLE_STATUS_NULL_POINTER);
    CHECK_STATUS(farkle_rules_equal(&a, &b, NULL), FARKLE_STATUS_NULL_POINTER);
    CHECK(equal);
}

int main(void) {
    test_field_table();
    read_flags();
    test_rules_equal();
    test_every_byte_of_every_flag();
    test_random_bytes();
    return finish();
}

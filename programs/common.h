/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * common.h: what the command-line game (farkle) and the table solver (farkle-solve) share:
 * safe text for the terminal (text.c), the rules knobs of the command line (knobs.c) and
 * the cache of solved tables of two or three players (wintable.c).
 */
#ifndef FARKLE_EXAMPLES_COMMON_H
#define FARKLE_EXAMPLES_COMMON_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "farkle.h"

/* The most bytes of any text shown (an input line, a path, a library message). */
#define TEXT_SHOWN_LEN 2048

/* ---- text.c: text from outside made safe for a terminal, and its width ---------------- */

/* Sets LC_CTYPE from the environment, or to C.UTF-8 when that is not UTF-8, so that
 * wcwidth() knows the width of every character the game prints (it prints UTF-8). */
void text_init_locale(void);

/* The length of the valid UTF-8 sequence at `s` (1 for ASCII), or 0 when `s` does not start
 * one (no overlong form, no surrogate, nothing past U+10FFFF). */
size_t utf8_sequence(const unsigned char *s);

/* Copies `in` into `out` (`cap` >= 8 bytes) so that nothing in it can drive a terminal: C0
 * controls and DEL become `\xNN`, C1 controls `\u00NN`, bytes that are not UTF-8 `\xNN`;
 * valid UTF-8 is kept. Text too long for `out` is cut between characters and ends with
 * "...". Returns `out`. */
const char *sanitize(const char *in, char *out, size_t cap);

/* sanitize() into one of four static buffers, so a message may show up to four texts. */
const char *safe(const char *text);

/* Why `text` may not be a player's name, or NULL when it may: not UTF-8, or holding control
 * characters. */
const char *utf8_problem(const char *text);

/* Characters (code points) in the valid UTF-8 `text`. */
size_t utf8_length(const char *text);

/* Columns the UTF-8 `text` takes on a terminal (wcwidth() per character: 2 for wide CJK,
 * 0 for combining marks; 1 for anything it does not know). */
size_t display_width(const char *text);

/* Prints `text` to `to` followed by spaces up to `width` columns. */
void print_padded(FILE *to, const char *text, size_t width);

/* Prints `first`, then the words of `text` (split at spaces), breaking the line before a word
 * that would pass `width` columns (0: no limit; a word longer than a line is kept whole);
 * each line after the first starts with `indent` spaces. Ends the last line. */
void print_wrapped(FILE *to, const char *first, const char *text, size_t width,
                   size_t indent);

/* "die"/"dice"-style plurals: `one` when n == 1, else `many`. */
const char *plural(unsigned long long n, const char *one, const char *many);

void *checked_malloc(size_t n);

/* What a file of mode `mode` (from stat()) is, for messages: "a FIFO (named pipe)", ... */
const char *file_kind(mode_t mode);

/* Why the library call that just returned `status` failed, sanitize()d: the status's text,
 * and farkle_last_error_message() when it says more. Call it before any other library call
 * can fail. */
const char *library_reason(FarkleStatus status);

/* ---- knobs.c: every FarkleRules field, by name, from the library's table -------------- */

/* Applies one `KEY=VALUE` to `r`; 0, or -1 with the reason in `why`. The value is checked
 * for its field's type only: farkle_rules_validate() judges the whole rule set. */
int knob_assign(FarkleRules *r, const char *assignment, char *why, size_t why_len);

/* Whether `a` and `b` agree on every knob (`play_only`: every knob but the end
 * conditions). */
int rules_same(const FarkleRules *a, const FarkleRules *b, int play_only);

/* The preset whose scoring and game options equal `r` (end conditions aside), or
 * "custom". */
const char *preset_name_of(const FarkleRules *r);

/* A 64-bit FNV-1a hash of every knob's name and value: the key of a cached table. */
uint64_t rules_hash(const FarkleRules *r);

/* Prints every knob as "key = value", two to a line. */
void knobs_print(FILE *to, const FarkleRules *r);

/* `--rule help`: every knob, its type and what it does. */
void knobs_help(FILE *to);

/* The preset named `name` (NULL: classic) into `out`; 0, or -1 with the reason in `why`. */
int rules_preset(const char *name, FarkleRules *out, char *why, size_t why_len);

/* Applies `count` KEY=VALUE `assignments` in order; 0, or -1 with the reason in `why`
 * (naming the assignment). */
int rules_assign_all(FarkleRules *r, const char *const *assignments, size_t count, char *why,
                     size_t why_len);

/* farkle_rules_validate(): 0, or -1 with the library's message in `why`. */
int rules_check(const FarkleRules *r, char *why, size_t why_len);

/* ---- wintable.c: solved tables of two or three players, cached per rule set ----------- */

/* Set by the game's signal handlers: a solve in progress stops when it is non-zero. */
extern volatile sig_atomic_t stop_requested;

/* "two-player" or "three-player". */
const char *players_adjective(uint32_t players);

/* `dir`/farkle (XDG_CACHE_HOME, else HOME/.cache) into `out`; 0, or -1 with `why`. */
int cache_dir(char *out, size_t len, char *why, size_t why_len);

/* The cached table's path for `rules` and `players` (2 or 3): cache_dir()/win-<rules_hash>.fwt
 * for two players (the name it always had), cache_dir()/win3-<rules_hash>.fwt for three. */
int table_cache_path(const FarkleRules *rules, uint32_t players, char *out, size_t len,
                     char *why, size_t why_len);

/* Creates `path` and its missing parents (mode 0700); 0, or -1 with `why`. */
int make_dirs(const char *path, char *why, size_t why_len);

/* Whether an earlier version of the library solved `table` otherwise than this one would
 * (farkle_win_table_outdated()): it still plays, but solving again plays better. */
int table_outdated(const FarkleWinTable *table);

/* Loads the table at `path` and checks that it was solved for exactly `rules` (every knob,
 * checked with farkle_win_table_rules()) and for `players` players. NULL with `why`
 * otherwise; `*missing` is set when the file does not exist. */
FarkleWinTable *table_load_for(const char *path, const FarkleRules *rules, uint32_t players,
                               int *missing, char *why, size_t why_len);

/* Solves the table of `players` players for `rules` with a progress bar on stderr (a bar
 * redrawn in place on a terminal, with the time left once it can be told; nothing more
 * otherwise), after `header` (unless NULL), said once the solve has started: rules the
 * solver refuses are refused before it, with nothing said. Stops when stop_requested is set
 * (FARKLE_STATUS_CANCELLED). Writes the seconds taken. */
FarkleStatus table_solve(const FarkleRules *rules, uint32_t players, const char *header,
                         int quiet, FarkleWinTable **out, double *seconds);

/* 0 when a table may be written to `path` (renamed over it): it does not exist or is a
 * regular file; -1 with `why` when it names a FIFO, a device, a directory, ... */
int table_path_check(const char *path, char *why, size_t why_len);

/* Saves `table` to `path` through a temporary file renamed over it, unless `path` names
 * something other than a regular file (table_path_check()); 0, or -1 with `why`. */
int table_save(const FarkleWinTable *table, const char *path, char *why, size_t why_len);

/* The table of `players` players for `rules`: the cached one, or solved (with progress) and
 * cached. NULL with the reason in `why` and the library's status in `*status` when it cannot
 * be had. A cache that cannot be written is reported on stderr and the solved table used
 * anyway. */
FarkleWinTable *table_for_rules(const FarkleRules *rules, uint32_t players,
                                FarkleStatus *status, char *why, size_t why_len);

/* ---- cards.c: cards, strategies a person can play from a few numbers ----------------- */

/* The FarkleCardFamily of "total", "per-dice" or "situational" (any case); 0, or -1. */
int card_family_of(const char *name, uint32_t *out);

/* A card from the command line: one threshold ("300": bank at 300), or one per count of dice
 * left for the rules' dice ("300,300,400,700,2000,never"), keeping every scoring die. 0, or
 * -1 with `why`. */
int card_parse(const char *spec, const FarkleRules *rules, FarkleCard **out, char *why,
               size_t why_len);

/* The card as text, one line a rule. */
void card_print(FILE *to, const FarkleCard *card);

/* The best card of `family` for the table (farkle_card_best()), with a line of progress on
 * stderr unless `quiet`; stops when stop_requested is set. Writes the seconds taken. */
FarkleStatus card_search(const FarkleWinTable *table, uint32_t family, int quiet,
                         FarkleCard **out, FarkleCardValue *value, double *seconds);

/* Draws the card's thresholds to an SVG file at `path`: one panel (four for a card by
 * situation) of a bar per count of dice left (`dice` of them for a one-threshold card). 0,
 * or -1 with `why`. */
int card_svg(const FarkleCard *card, uint32_t dice, const char *title, const char *path,
             char *why, size_t why_len);

#endif

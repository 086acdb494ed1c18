/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * cards.c: cards (strategies a person can play from a few numbers) for the game and
 * farkle-solve: a card from the command line, the search for the best card of a family, the
 * card as text and as an SVG drawing in the style of the project's policy plots.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "common.h"

int card_family_of(const char *name, uint32_t *out) {
    static const char *const names[] = {"total", "per-dice", "situational"};
    uint32_t i;
    for (i = 0; i < 3; i++)
        if (strcasecmp(name, names[i]) == 0) {
            *out = i;
            return 0;
        }
    return -1;
}

/* One threshold of a spec: a whole number of points, or "never" (or "-"). */
static int threshold_of(const char *text, size_t len, uint32_t *out) {
    unsigned long v = 0;
    size_t i;
    if ((len == 5 && strncasecmp(text, "never", 5) == 0) || (len == 1 && text[0] == '-')) {
        *out = FARKLE_CARD_NEVER;
        return 0;
    }
    if (len == 0 || len > 6) return -1;
    for (i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9') return -1;
        v = v * 10 + (unsigned long)(text[i] - '0');
    }
    if (v > FARKLE_CARD_MAX_POINTS) return -1;
    *out = (uint32_t)v;
    return 0;
}

int card_parse(const char *spec, const FarkleRules *rules, FarkleCard **out, char *why,
               size_t why_len) {
    uint32_t row[FARKLE_CARD_MAX_DICE];
    uint32_t n = 0;
    const char *p = spec;
    FarkleStatus st;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (n == FARKLE_CARD_MAX_DICE || threshold_of(p, len, &row[n]) != 0) {
            snprintf(why, why_len,
                     "a card is a threshold (0 to %d points) or one per count of dice left, "
                     "separated by commas (never: never bank), not '%s'",
                     FARKLE_CARD_MAX_POINTS, safe(spec));
            return -1;
        }
        n++;
        if (comma == NULL) break;
        p = comma + 1;
    }
    if (n == 1 && row[0] != FARKLE_CARD_NEVER) {
        st = farkle_card_new_total(row[0], FARKLE_CARD_KEEP_ALL, 0, out);
    } else {
        if (n != rules->dice_count) {
            snprintf(why, why_len, "the card '%s' has %u thresholds; the rules roll %u dice",
                     safe(spec), (unsigned)n, (unsigned)rules->dice_count);
            return -1;
        }
        st = farkle_card_new_per_dice(row, n, FARKLE_CARD_KEEP_ALL, 0, out);
    }
    if (st != FARKLE_STATUS_OK) {
        snprintf(why, why_len, "%s", library_reason(st));
        return -1;
    }
    return 0;
}

void card_print(FILE *to, const FarkleCard *card) {
    char text[4096];
    size_t len = 0;
    if (farkle_card_text(card, text, sizeof text, &len) == FARKLE_STATUS_OK) fputs(text, to);
}

static bool search_progress(double fraction, void *user) {
    int *shown = user;
    int percent = (int)(fraction * 100.0);
    if (stop_requested) return false;
    if (*shown >= 0 && percent / 10 != *shown / 10) {
        fprintf(stderr, "\r  searched %d%% of the budget", percent);
        fflush(stderr);
        *shown = percent;
    }
    return true;
}

FarkleStatus card_search(const FarkleWinTable *table, uint32_t family, int quiet,
                         FarkleCard **out, FarkleCardValue *value, double *seconds) {
    struct timespec start, end;
    int shown = quiet ? -1 : 0;
    FarkleStatus st;
    clock_gettime(CLOCK_MONOTONIC, &start);
    st = farkle_card_best(table, family, search_progress, &shown, out, value);
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (shown > 0) fprintf(stderr, "\n");
    *seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    return st;
}

/* ---- the drawing ------------------------------------------------------------------------ */

#define SVG_W 1000
#define PANEL_H 230
#define TOP 40

static void svg_text(FILE *f, double x, double y, const char *anchor, double size,
                     const char *text) {
    fprintf(f,
            "<text x=\"%.0f\" y=\"%.0f\" dy=\"0.76em\" text-anchor=\"%s\" "
            "font-family=\"sans-serif\" font-size=\"%.1f\" opacity=\"1\" fill=\"#000000\">\n"
            "%s\n</text>\n",
            x, y, anchor, size, text);
}

/* One panel: a bar per count of dice left, as high as the threshold (a hatched bar to the
 * top for "never"), on a scale up to `top` points. */
static void svg_panel(FILE *f, const FarkleCard *card, uint32_t situation, uint32_t dice,
                      double y0, const char *title, uint32_t top) {
    const double left = 80, right = SVG_W - 30, bottom = y0 + PANEL_H - 40, head = y0 + 22;
    const double width = (right - left) / dice;
    uint32_t d, tick;
    char label[64];
    svg_text(f, SVG_W / 2.0, y0, "middle", 12.9, title);
    for (tick = 0; tick <= 4; tick++) {
        double y = bottom - (bottom - head) * tick / 4.0;
        fprintf(f,
                "<line opacity=\"0.1\" stroke=\"#000000\" stroke-width=\"1\" x1=\"%.0f\" "
                "y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/>\n",
                left, y, right, y);
        snprintf(label, sizeof label, "%u", (unsigned)(top / 4 * tick));
        svg_text(f, left - 8, y - 6, "end", 9.7, label);
    }
    fprintf(f,
            "<line opacity=\"1\" stroke=\"#000000\" stroke-width=\"1\" x1=\"%.0f\" y1=\"%.0f\" "
            "x2=\"%.0f\" y2=\"%.0f\"/>\n",
            left, bottom, right, bottom);
    for (d = 1; d <= dice; d++) {
        uint32_t t = 0;
        double x = left + width * (d - 1) + width * 0.15, h;
        int never;
        if (farkle_card_threshold(card, situation, d, &t) != FARKLE_STATUS_OK) continue;
        never = t == FARKLE_CARD_NEVER;
        h = never ? bottom - head : (bottom - head) * (double)(t > top ? top : t) / top;
        fprintf(f,
                "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" opacity=\"%s\" "
                "fill=\"#1F77B4\" stroke=\"none\"/>\n",
                x, bottom - h, width * 0.7, h, never ? "0.2" : "0.8");
        if (never)
            snprintf(label, sizeof label, "never");
        else
            snprintf(label, sizeof label, "%u", (unsigned)t);
        svg_text(f, x + width * 0.35, bottom - h - 16, "middle", 11.0, label);
        snprintf(label, sizeof label, "%u %s left", (unsigned)d, d == 1 ? "die" : "dice");
        svg_text(f, x + width * 0.35, bottom + 6, "middle", 11.0, label);
    }
}

int card_svg(const FarkleCard *card, uint32_t dice, const char *title, const char *path,
             char *why, size_t why_len) {
    static const char *const situations[] = {"behind", "level", "ahead", "endgame"};
    FarkleCardInfo info;
    uint32_t rows, top = 0, s, d, n;
    int height;
    char label[160];
    FILE *f;
    if (farkle_card_info(card, &info) != FARKLE_STATUS_OK) {
        snprintf(why, why_len, "not a card");
        return -1;
    }
    rows = info.family == FARKLE_CARD_FAMILY_SITUATIONAL ? 4 : 1;
    n = info.family == FARKLE_CARD_FAMILY_TOTAL ? dice : info.dice;
    for (s = 0; s < rows; s++)
        for (d = 1; d <= n; d++) {
            uint32_t t = 0;
            if (farkle_card_threshold(card, s, d, &t) == FARKLE_STATUS_OK &&
                t != FARKLE_CARD_NEVER && t > top)
                top = t;
        }
    top = top < 400 ? 400 : (top + 399) / 400 * 400; /* ticks of a quarter, in whole points */
    height = TOP + (int)rows * PANEL_H;
    f = fopen(path, "w");
    if (f == NULL) {
        snprintf(why, why_len, "%s", strerror(errno));
        return -1;
    }
    fprintf(f,
            "<svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "xmlns=\"http://www.w3.org/2000/svg\">\n"
            "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" opacity=\"1\" fill=\"#FFFFFF\" "
            "stroke=\"none\"/>\n",
            SVG_W, height, SVG_W, height, SVG_W, height);
    svg_text(f, SVG_W / 2.0, 5, "middle", 17.7, title);
    for (s = 0; s < rows; s++) {
        if (rows == 1)
            snprintf(label, sizeof label, "Bank once the turn reaches, by dice left to roll");
        else
            snprintf(label, sizeof label, "%s: bank once the turn reaches", situations[s]);
        svg_panel(f, card, rows == 1 ? FARKLE_CARD_SITUATION_LEVEL : s, n,
                  TOP + (double)s * PANEL_H, label, top);
    }
    fprintf(f, "</svg>\n");
    if (fclose(f) != 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        return -1;
    }
    return 0;
}

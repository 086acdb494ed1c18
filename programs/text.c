/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * text.c: text from outside (saves, input, paths, the library's messages) made safe for a
 * terminal, and the width it takes there.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* wcwidth() */

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "common.h"

void text_init_locale(void) {
    const char *codeset;
    if (setlocale(LC_CTYPE, "") != NULL) {
        codeset = nl_langinfo(CODESET);
        if (codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0))
            return;
    }
    /* The game prints UTF-8 whatever the locale; wcwidth() needs a UTF-8 LC_CTYPE. */
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) (void)setlocale(LC_CTYPE, "C");
}

size_t utf8_sequence(const unsigned char *s) {
    size_t need, i;
    if (s[0] < 0x80) return 1;
    if (s[0] >= 0xC2 && s[0] <= 0xDF)
        need = 2;
    else if (s[0] >= 0xE0 && s[0] <= 0xEF)
        need = 3;
    else if (s[0] >= 0xF0 && s[0] <= 0xF4)
        need = 4;
    else
        return 0;
    for (i = 1; i < need; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
        return 0;
    return need;
}

/* The code point of the valid sequence of `len` bytes at `s`. */
static unsigned long code_point(const unsigned char *s, size_t len) {
    static const unsigned char lead_mask[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    unsigned long c = s[0] & lead_mask[len];
    size_t i;
    for (i = 1; i < len; i++) c = (c << 6) | (s[i] & 0x3F);
    return c;
}

const char *sanitize(const char *in, char *out, size_t cap) {
    const unsigned char *s = (const unsigned char *)(in ? in : "");
    size_t used = 0;
    while (*s) {
        char piece[8];
        size_t n, len = 1, seq;
        if (*s < 0x20 || *s == 0x7F) {
            n = (size_t)sprintf(piece, "\\x%02x", (unsigned)*s);
        } else if (*s < 0x80) {
            piece[0] = (char)*s;
            n = 1;
        } else if ((seq = utf8_sequence(s)) == 0) {
            n = (size_t)sprintf(piece, "\\x%02x", (unsigned)*s);
        } else if (seq == 2 && s[0] == 0xC2 && s[1] < 0xA0) {
            n = (size_t)sprintf(piece, "\\u%04x", (unsigned)s[1]);
            len = 2;
        } else {
            memcpy(piece, s, seq);
            n = len = seq;
        }
        /* Keep room for "..." while more text follows. */
        if (used + n + (s[len] ? 4 : 1) > cap) {
            memcpy(out + used, "...", 4);
            return out;
        }
        memcpy(out + used, piece, n);
        used += n;
        s += len;
    }
    out[used] = '\0';
    return out;
}

const char *safe(const char *text) {
    static char slots[4][TEXT_SHOWN_LEN];
    static unsigned next;
    return sanitize(text, slots[next++ % 4], TEXT_SHOWN_LEN);
}

const char *utf8_problem(const char *text) {
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        size_t len = utf8_sequence(s);
        if (len == 0) return "it is not valid UTF-8 text (check the terminal's encoding)";
        if (*s < 0x20 || *s == 0x7F || (len == 2 && s[0] == 0xC2 && s[1] < 0xA0))
            return "it holds control characters";
        s += len;
    }
    return NULL;
}

size_t utf8_length(const char *text) {
    const unsigned char *s = (const unsigned char *)text;
    size_t n = 0;
    while (*s) {
        size_t len = utf8_sequence(s);
        s += len ? len : 1;
        n++;
    }
    return n;
}

size_t display_width(const char *text) {
    const unsigned char *s = (const unsigned char *)text;
    size_t width = 0;
    while (*s) {
        size_t len = utf8_sequence(s);
        int w = 1;
        if (len > 1) {
            w = wcwidth((wchar_t)code_point(s, len));
            if (w < 0) w = 1;
        }
        width += (size_t)w;
        s += len ? len : 1;
    }
    return width;
}

void print_padded(FILE *to, const char *text, size_t width) {
    size_t w = display_width(text);
    fputs(text, to);
    for (; w < width; w++) fputc(' ', to);
}

const char *plural(unsigned long long n, const char *one, const char *many) {
    return n == 1 ? one : many;
}

void *checked_malloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "farkle: out of memory\n");
        exit(1);
    }
    return p;
}

const char *library_reason(FarkleStatus status) {
    char text[TEXT_SHOWN_LEN];
    const char *what = farkle_status_str((int)status);
    const char *why = farkle_last_error_message();
    if (why == NULL || *why == '\0' || strcmp(why, what) == 0) return safe(what);
    snprintf(text, sizeof text, "%s (%s)", what, why);
    return safe(text);
}

/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors
 *
 * term.c: the terminal. Line input goes through readline or libedit when the build found
 * one (FARKLE_READLINE, FARKLE_LIBEDIT) and stdin is a terminal, else through a buffer over
 * read(2); single keys (--keys) put the terminal in raw mode, which every exit path undoes,
 * signals included.
 *
 * Signals: SIGINT, SIGTERM and SIGHUP set stop_requested and put the terminal back at once
 * (tcsetattr() is async-signal-safe). Waiting for input is a pselect() that unblocks them
 * only while it waits, so a signal is never lost between the check and the wait; the game
 * then saves and signals_finish() re-raises the signal. A second signal ends the program at
 * once.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>

#if defined(FARKLE_READLINE)
#include <readline/history.h>
#include <readline/readline.h>
#define LINE_EDITING 1
#elif defined(FARKLE_LIBEDIT)
#include <editline/readline.h>
#define LINE_EDITING 1
#else
#define LINE_EDITING 0
#endif

#include "cli.h"

static struct {
    int in_tty, out_tty, keys, raw;
    int saved; /* `original` holds the terminal's state at the start */
    struct termios original;
} T;

/* The buffer of plain input (pipes, files, and terminals without line editing). */
static struct {
    char data[4096];
    size_t pos, len;
    int eof;
} in;

void term_init(int keys) {
    T.in_tty = isatty(STDIN_FILENO);
    T.out_tty = isatty(STDOUT_FILENO);
    T.keys = keys;
    if (T.in_tty && tcgetattr(STDIN_FILENO, &T.original) == 0) T.saved = 1;
#if LINE_EDITING
    rl_readline_name = "farkle";
    rl_catch_signals = 0; /* ours: see signals_install() */
    rl_catch_sigwinch = 0;
#endif
}

int term_in_tty(void) { return T.in_tty; }
int term_out_tty(void) { return T.out_tty; }
int term_eof_is_final(void) { return !T.in_tty; }

int term_colour(int no_color) {
    const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
    if (no_color || !T.out_tty) return 0;
    if (nc != NULL && *nc != '\0') return 0;
    return term != NULL && *term != '\0' && strcmp(term, "dumb") != 0;
}

int term_columns(void) {
    struct winsize ws;
    const char *env = getenv("COLUMNS");
    if (!T.out_tty) return 80;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    if (env != NULL && atoi(env) > 0) return atoi(env);
    return 80;
}

void term_restore(void) {
    if (T.saved) (void)tcsetattr(STDIN_FILENO, TCSANOW, &T.original);
    T.raw = 0;
}

void keys_raw(int on) {
    struct termios raw;
    if (!T.saved) return;
    if (!on) {
        term_restore();
        return;
    }
    raw = T.original;
    raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO); /* ISIG stays: Ctrl-C is still SIGINT */
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    /* TCSANOW, not TCSAFLUSH: keys typed ahead are kept. */
    if (tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0) T.raw = 1;
}

/* ---- signals ---------------------------------------------------------------------------- */

static const int CAUGHT[] = {SIGINT, SIGTERM, SIGHUP};

static void on_signal(int sig) {
    if (T.saved) (void)tcsetattr(STDIN_FILENO, TCSANOW, &T.original);
    if (stop_requested) { /* a second one: stop now */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    stop_requested = sig;
}

void signals_install(void) {
    struct sigaction sa;
    size_t i;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a read or a wait returns EINTR */
    for (i = 0; i < sizeof CAUGHT / sizeof CAUGHT[0]; i++) sigaction(CAUGHT[i], &sa, NULL);
}

void signals_finish(void) {
    int sig = (int)stop_requested;
    sigset_t set;
    term_restore();
    fflush(stdout);
    fflush(stderr);
    signal(sig, SIG_DFL);
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    exit(128 + sig); /* not reached */
}

/* Waits until stdin has input: IN_OK, or IN_SIGNAL once a caught signal came. */
static int wait_input(void) {
    sigset_t block, old;
    size_t i;
    sigemptyset(&block);
    for (i = 0; i < sizeof CAUGHT / sizeof CAUGHT[0]; i++) sigaddset(&block, CAUGHT[i]);
    for (;;) {
        fd_set fds;
        int r;
        sigprocmask(SIG_BLOCK, &block, &old);
        if (stop_requested) {
            sigprocmask(SIG_SETMASK, &old, NULL);
            return IN_SIGNAL;
        }
        FD_ZERO(&fds);
        FD_SET(STDIN_FILENO, &fds);
        r = pselect(STDIN_FILENO + 1, &fds, NULL, NULL, NULL, &old);
        sigprocmask(SIG_SETMASK, &old, NULL);
        if (r > 0) return IN_OK;
        if (r < 0 && errno != EINTR) return IN_OK; /* let read() report it */
    }
}

/* The next byte of plain input, IN_EOF (-2 here: see below) or IN_SIGNAL. */
#define BYTE_EOF (-2)
static int in_byte(void) {
    while (in.pos == in.len) {
        ssize_t n;
        if (in.eof && !T.in_tty) return BYTE_EOF;
        if (wait_input() == IN_SIGNAL) return IN_SIGNAL;
        n = read(STDIN_FILENO, in.data, sizeof in.data);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            in.eof = 1;
            return BYTE_EOF;
        }
        in.pos = 0;
        in.len = (size_t)n;
    }
    return (unsigned char)in.data[in.pos++];
}

/* ---- lines ------------------------------------------------------------------------------ */

/* Reads one line of plain input into `buf`: IN_OK, IN_EOF, IN_SIGNAL, or 2 for a line over
 * INPUT_MAX bytes (read to its end and dropped), with its length in `*len`. */
static int plain_line(char *buf, size_t *len) {
    int c, got = 0;
    *len = 0;
    for (;;) {
        c = in_byte();
        if (c == IN_SIGNAL) return IN_SIGNAL;
        if (c == BYTE_EOF) {
            if (!got) return IN_EOF;
            break; /* a last line without a newline */
        }
        got = 1;
        if (c == '\n') break;
        if (*len < INPUT_MAX) buf[*len] = (char)c;
        (*len)++;
    }
    if (*len > INPUT_MAX) return 2;
    buf[*len] = '\0';
    if (*len > 0 && buf[*len - 1] == '\r') buf[--*len] = '\0';
    return IN_OK;
}

#if LINE_EDITING
static char *edited_line;
static int edited_done;

static void on_edited_line(char *line) {
    edited_line = line;
    edited_done = 1;
    rl_callback_handler_remove();
}

/* A line through readline's callback interface, so that waiting is our pselect(). */
static int edited(const char *prompt, char *buf, size_t *len, int history) {
    edited_done = 0;
    edited_line = NULL;
    rl_callback_handler_install(prompt, on_edited_line);
    while (!edited_done) {
        if (wait_input() == IN_SIGNAL) {
#if defined(FARKLE_READLINE)
            rl_callback_sigcleanup();
#endif
            rl_callback_handler_remove();
            printf("\n");
            return IN_SIGNAL;
        }
        rl_callback_read_char();
    }
    if (edited_line == NULL) return IN_EOF;
    *len = strlen(edited_line);
    if (*len <= INPUT_MAX) memcpy(buf, edited_line, *len + 1);
    if (history && *len > 0 && *len <= INPUT_MAX) add_history(edited_line);
    free(edited_line);
    return *len > INPUT_MAX ? 2 : IN_OK;
}
#endif

/* Whether a line typed on a terminal without line editing holds key codes (an arrow key
 * sends ESC [ A): the line is not what the player sees on the screen. */
static int has_key_codes(const char *s) {
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 && *s != '\t') return 1;
    return 0;
}

int read_line(const char *prompt, char *buf, int history) {
    for (;;) {
        size_t len = 0;
        int r;
        fflush(stdout);
#if LINE_EDITING
        if (T.in_tty && !T.raw) {
            r = edited(prompt, buf, &len, history);
        } else
#endif
        {
            printf("%s", prompt);
            fflush(stdout);
            r = plain_line(buf, &len);
            if (r == IN_SIGNAL && T.in_tty) printf("\n");
        }
        (void)history;
        if (r == IN_EOF || r == IN_SIGNAL) return r;
        if (r == 2) {
            if (!T.in_tty) printf("(a line of %lu bytes)\n", (unsigned long)len);
            printf("That line is too long (%lu bytes; the most is %d): it was not run. Type "
                   "it again, shorter.\n",
                   (unsigned long)len, INPUT_MAX);
            continue;
        }
        if (!T.in_tty) {
            printf("%s\n", safe(buf)); /* the input comes from a file: show it */
        } else if (!LINE_EDITING && has_key_codes(buf)) {
            printf("That line holds key codes (%s): arrow and editing keys need a build with "
                   "line editing. Type it again.\n",
                   safe(buf));
            continue;
        }
        return IN_OK;
    }
}

/* ---- keys ------------------------------------------------------------------------------- */

/* Whether another byte is already waiting (the rest of a key code), without blocking. */
static int byte_waiting(void) {
    fd_set fds;
    struct timeval tv;
    if (in.pos < in.len) return 1;
    if (!T.in_tty) return 0;
    FD_ZERO(&fds);
    FD_SET(STDIN_FILENO, &fds);
    tv.tv_sec = 0;
    tv.tv_usec = 50000; /* a key code's bytes come together */
    return select(STDIN_FILENO + 1, &fds, NULL, NULL, &tv) > 0;
}

int read_key(void) {
    fflush(stdout);
    for (;;) {
        int c = in_byte();
        if (c == IN_SIGNAL) return IN_SIGNAL;
        if (c == BYTE_EOF) return IN_EOF;
        if (c == 0) continue;
        if (c == 0x04 && T.raw) return IN_EOF; /* Ctrl-D */
        if (c == '\r' || c == '\n') return KEY_ENTER;
        if (c == 0x7F || c == 0x08) return KEY_CANCEL;
        if (c != 0x1b) return c;
        if (!byte_waiting()) return KEY_CANCEL; /* Esc alone */
        c = in_byte();
        if (c != '[' && c != 'O') { /* Esc, then a key */
            if (c < 0) return c == IN_SIGNAL ? IN_SIGNAL : IN_EOF;
            in.pos--;
            return KEY_CANCEL;
        }
        /* A key code (ESC [ ... final byte): skipped whole. */
        do {
            c = in_byte();
        } while (c >= 0 && !(c >= 0x40 && c <= 0x7E && c != '['));
        if (c == IN_SIGNAL) return IN_SIGNAL;
        if (c == BYTE_EOF) return IN_EOF;
    }
}

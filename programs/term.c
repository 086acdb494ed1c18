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
 * once. Ctrl-Z (SIGTSTP) puts the terminal back as it was before the game stops, and on
 * `fg` (SIGCONT) the game sets it again as it had it (raw for --keys, line editing's own
 * modes) and shows its prompt again: a shell resets the terminal of a stopped job.
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
    const char *prompt; /* the prompt waiting for input, shown again after a stop */
    int editing;        /* the line editor has the prompt */
} T;

/* Set by the handlers when the game was stopped and has been continued. */
static volatile sig_atomic_t resumed;

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

/* The terminal in the game's raw mode for --keys (from `base`, its state at the start). */
static struct termios raw_mode(struct termios base) {
    base.c_lflag &= (tcflag_t) ~(ICANON | ECHO); /* ISIG stays: Ctrl-C is still SIGINT */
    base.c_cc[VMIN] = 1;
    base.c_cc[VTIME] = 0;
    return base;
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
    raw = raw_mode(T.original);
    /* TCSANOW, not TCSAFLUSH: keys typed ahead are kept. */
    if (tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0) T.raw = 1;
}

void term_prompt(const char *prompt) {
    printf("%s", prompt);
    T.prompt = prompt;
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

static void on_suspend(int sig);

/* SA_RESTART: a write to the terminal that the stop cuts short goes on after it instead of
 * failing with EINTR (which stdio would keep as an error on stdout); the wait for input is a
 * pselect(), which a handled signal always ends. */
static void suspend_handler(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_suspend;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGTSTP, &sa, NULL);
}

/* Ctrl-Z: the terminal as it was at the start, then the stop itself (the default action of
 * SIGTSTP, raised again); on SIGCONT, the terminal as the game had it. Only async-signal-safe
 * calls. */
static void on_suspend(int sig) {
    int saved_errno = errno;
    struct termios now;
    int have_now = T.saved && tcgetattr(STDIN_FILENO, &now) == 0;
    sigset_t set;
    if (T.saved) (void)tcsetattr(STDIN_FILENO, TCSANOW, &T.original);
    signal(sig, SIG_DFL);
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig); /* stopped here until continued */
    suspend_handler();
    if (have_now) (void)tcsetattr(STDIN_FILENO, TCSANOW, &now);
    resumed = 1;
    errno = saved_errno;
}

/* SIGCONT after a stop the game did not see coming (SIGSTOP): raw mode again for --keys. */
static void on_continue(int sig) {
    int saved_errno = errno;
    (void)sig;
    if (T.raw && T.saved) {
        struct termios raw = raw_mode(T.original);
        (void)tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    resumed = 1;
    errno = saved_errno;
}

void signals_install(void) {
    struct sigaction sa;
    size_t i;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a read or a wait returns EINTR */
    for (i = 0; i < sizeof CAUGHT / sizeof CAUGHT[0]; i++) sigaction(CAUGHT[i], &sa, NULL);
    if (!T.in_tty) return; /* no terminal to set again */
    suspend_handler();
    sa.sa_handler = on_continue;
    sa.sa_flags = SA_RESTART; /* as for SIGTSTP: see suspend_handler() */
    sigaction(SIGCONT, &sa, NULL);
}

/* After the game was stopped and continued: the prompt it was waiting at, shown again. */
static void show_prompt_again(void) {
    resumed = 0;
#if LINE_EDITING
    if (T.editing) {
        rl_forced_update_display();
        return;
    }
#endif
    if (T.prompt != NULL) {
        printf("\n%s", T.prompt);
        fflush(stdout);
    }
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

/* Waits until stdin has input: IN_OK, or IN_SIGNAL once a caught signal came. The stop and
 * continue signals are blocked with the others from the checks to the wait, so that a Ctrl-Z
 * between them ends the wait (and the prompt is shown again) instead of leaving the game
 * waiting with no prompt on the screen. */
static int wait_input(void) {
    sigset_t block, old;
    size_t i;
    sigemptyset(&block);
    for (i = 0; i < sizeof CAUGHT / sizeof CAUGHT[0]; i++) sigaddset(&block, CAUGHT[i]);
    if (T.in_tty) {
        sigaddset(&block, SIGTSTP);
        sigaddset(&block, SIGCONT);
    }
    for (;;) {
        fd_set fds;
        int r;
        sigprocmask(SIG_BLOCK, &block, &old);
        if (stop_requested) {
            sigprocmask(SIG_SETMASK, &old, NULL);
            return IN_SIGNAL;
        }
        if (resumed) {
            sigprocmask(SIG_SETMASK, &old, NULL);
            show_prompt_again();
            continue;
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
    T.editing = 1;
    while (!edited_done) {
        if (wait_input() == IN_SIGNAL) {
#if defined(FARKLE_READLINE)
            rl_callback_sigcleanup();
#endif
            rl_callback_handler_remove();
            T.editing = 0;
            printf("\n");
            return IN_SIGNAL;
        }
        rl_callback_read_char();
    }
    T.editing = 0;
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
            term_prompt(prompt);
            fflush(stdout);
            r = plain_line(buf, &len);
            T.prompt = NULL;
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

static int next_key(void);

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
    int key;
    fflush(stdout);
    key = next_key();
    T.prompt = NULL;
    return key;
}

/* read_key()'s work: the next key, key codes skipped. */
static int next_key(void) {
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

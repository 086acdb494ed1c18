# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
#
# Builds the library (cargo, release) and the example programs, and installs the library, the
# game, farkle-solve and the game's man page.
#
#   make                         the library (cargo build --release), then the game and
#                                farkle-solve (programs/) and the demos score, simulate and
#                                cpp_demo (examples/c, examples/cpp), all in target/programs/
#   make play [ARGS="--bots 1"]  the library and the game only, then start a game
#   make install PREFIX=/usr/local
#                                $(libdir): libfarkle.so.X.Y.Z (soname libfarkle.so.X), its links,
#                                libfarkle.a, pkgconfig/farkle.pc; $(includedir)/farkle.h;
#                                $(bindir)/farkle and farkle-solve; $(man6dir)/farkle.6 and
#                                farkle-solve.6 (a link: one page covers both programs);
#                                and, unless SERVER=no, $(bindir)/farkle-server (cargo,
#                                release) with the web game in $(datarootdir)/farkle/site
#                                (make web: needs Node.js and the wasm32 target).
#                                Outside the dynamic linker's own directories it says how
#                                programs linked with -lfarkle find the library at run time.
#                                DESTDIR is honoured; prefix= works as PREFIX=, and libdir=,
#                                bindir=, includedir=, mandir= set one directory each.
#   make install-server PREFIX=/usr/local
#                                farkle-server and the web game only (FARKLE_SERVER_BIN=FILE
#                                takes a server already built, and the site as it is)
#   make uninstall PREFIX=/usr/local
#   make js                      the npm package in js/dist/: the WebAssembly module (cargo,
#                                profile wasm, target wasm32-unknown-unknown) and its typed
#                                bindings (npm ci in js/ first when js/node_modules is missing)
#   make web                     the package, copied into the web game: web/site/ is then the
#                                whole static site (serve it with any static file server)
#   make serve-web [PORT=8000]   make web, then serve web/site/ at http://localhost:PORT/
#   make check                   every test: the quick tier (`cargo test`) and the tests it
#                                leaves to the full tier (README: Two commands)
#   make clean                   the programs (`make distclean` also runs cargo clean)
#
# FARKLE_LIB_DIR=DIR takes libfarkle.so and libfarkle.a already built in DIR instead of running
# `cargo build --release`. The tests use it with cargo test's own build of the library, so no
# cargo runs inside cargo test (a nested cargo would wait for the outer one's build lock).
#
# LINE_EDITING=auto (the default) builds the game with readline when pkg-config or a test
# compile finds it, else with libedit, else without (plain buffered input); readline, libedit
# or none choose.
#
# Programs are rebuilt only when a file they are made from changes: objects track their
# headers (-MMD), the library is a file prerequisite (cargo rewrites it only when it changed),
# and a change of compiler, flags or line editing is noticed through target/programs/config
# and config-editing.

CARGO ?= cargo
CC ?= cc
CXX ?= c++
CFLAGS ?= -O2 -g
CXXFLAGS ?= -O2 -g
PKG_CONFIG ?= pkg-config
INSTALL ?= install

PREFIX ?= /usr/local
prefix ?= $(PREFIX)
exec_prefix ?= $(prefix)
bindir ?= $(exec_prefix)/bin
libdir ?= $(exec_prefix)/lib
includedir ?= $(prefix)/include
datarootdir ?= $(prefix)/share
mandir ?= $(datarootdir)/man
man6dir ?= $(mandir)/man6
DESTDIR ?=

VERSION := $(shell sed -n 's/^version = "\(.*\)"$$/\1/p' Cargo.toml | head -n 1)
MAJOR := $(word 1,$(subst ., ,$(VERSION)))

ifeq ($(origin FARKLE_LIB_DIR),undefined)
FARKLE_LIB_DIR := target/release
CARGO_BUILDS_LIB := yes
endif
LIB_A := $(FARKLE_LIB_DIR)/libfarkle.a
LIB_SO := $(FARKLE_LIB_DIR)/libfarkle.so

B := target/programs
O := $(B)/obj
STRICT_C := -std=c99 -Wall -Wextra -Wpedantic -Werror
STRICT_CXX := -std=c++11 -Wall -Wextra -Wpedantic -Werror
LIBS_PRIVATE := -lpthread -ldl -lm

# Line editing: readline, then libedit, found by pkg-config or by a test compile.
LINE_EDITING ?= auto
try_link = $(shell printf '#include <stdio.h>\n#include <$(1)>\nint main(void){return rl_catch_signals;}\n' | \
    $(CC) -x c - -o /dev/null $(2) >/dev/null 2>&1 && echo yes)
ifeq ($(LINE_EDITING),auto)
  ifeq ($(call try_link,readline/readline.h,$(shell $(PKG_CONFIG) --libs readline 2>/dev/null || echo -lreadline)),yes)
    LINE_EDITING := readline
  else ifeq ($(call try_link,editline/readline.h,$(shell $(PKG_CONFIG) --cflags --libs libedit 2>/dev/null || echo -ledit)),yes)
    LINE_EDITING := libedit
  else
    LINE_EDITING := none
  endif
endif
# The -D flags of readline.pc would clash with the sources' own feature macros.
ifeq ($(LINE_EDITING),readline)
  EDIT_CFLAGS := -DFARKLE_READLINE $(filter-out -D%,$(shell $(PKG_CONFIG) --cflags readline 2>/dev/null))
  EDIT_LIBS := $(shell $(PKG_CONFIG) --libs readline 2>/dev/null || echo -lreadline)
else ifeq ($(LINE_EDITING),libedit)
  EDIT_CFLAGS := -DFARKLE_LIBEDIT $(filter-out -D%,$(shell $(PKG_CONFIG) --cflags libedit 2>/dev/null))
  EDIT_LIBS := $(shell $(PKG_CONFIG) --libs libedit 2>/dev/null || echo -ledit)
else ifneq ($(LINE_EDITING),none)
  $(error LINE_EDITING is auto, readline, libedit or none, not $(LINE_EDITING))
endif

GAME_OBJS := $(addprefix $(O)/,farkle.o options.o term.o text.o files.o autosave.o view.o \
    commands.o knobs.o wintable.o bot.o cards.o)
SOLVE_OBJS := $(addprefix $(O)/,farkle-solve.o knobs.o wintable.o text.o cards.o)
PROGRAMS := $(B)/farkle $(B)/farkle-solve $(B)/score $(B)/simulate $(B)/cpp_demo
CONFIG := $(CC) $(CXX) $(CFLAGS) $(CXXFLAGS)
EDIT_CONFIG := $(LINE_EDITING) $(EDIT_CFLAGS) $(EDIT_LIBS)

.PHONY: all programs play check install install-server server-bin uninstall clean distclean \
    js web serve-web FORCE

all: programs

programs: $(PROGRAMS)

# cargo decides whether the library is out of date; make relinks only when cargo rewrote it.
ifdef CARGO_BUILDS_LIB
$(LIB_A) $(LIB_SO): FORCE
	$(CARGO) build --release -p farkle
endif

$(B) $(O):
	mkdir -p $@

# Rewritten only when the compiler or the flags change (config), or the line editing
# (config-editing: the terminal code and the game's link only).
$(B)/config: FORCE | $(B)
	@echo '$(CONFIG)' | cmp -s - $@ || echo '$(CONFIG)' > $@
$(B)/config-editing: FORCE | $(B)
	@echo '$(EDIT_CONFIG)' | cmp -s - $@ || echo '$(EDIT_CONFIG)' > $@

$(O)/term.o: EXTRA_CFLAGS = $(EDIT_CFLAGS)
$(O)/term.o: $(B)/config-editing
$(O)/%.o: programs/%.c include/farkle.h $(B)/config | $(O)
	$(CC) $(STRICT_C) $(CFLAGS) $(EXTRA_CFLAGS) -Iinclude -MMD -MP -c -o $@ $<
# The demos; the simulator borrows the game's threshold players (programs/bot.h).
$(O)/%.o: examples/c/%.c include/farkle.h $(B)/config | $(O)
	$(CC) $(STRICT_C) $(CFLAGS) -Iinclude -Iprograms -MMD -MP -c -o $@ $<

-include $(wildcard $(O)/*.d)

$(B)/farkle: $(GAME_OBJS) $(LIB_A) $(B)/config-editing
	$(CC) $(CFLAGS) -o $@ $(GAME_OBJS) $(LIB_A) $(EDIT_LIBS) $(LIBS_PRIVATE)

$(B)/farkle-solve: $(SOLVE_OBJS) $(LIB_A)
	$(CC) $(CFLAGS) -o $@ $(SOLVE_OBJS) $(LIB_A) $(LIBS_PRIVATE)

$(B)/simulate: $(O)/simulate.o $(O)/bot.o $(LIB_A)
	$(CC) $(CFLAGS) -o $@ $(O)/simulate.o $(O)/bot.o $(LIB_A) $(LIBS_PRIVATE)

$(B)/score: $(O)/score.o $(LIB_A)
	$(CC) $(CFLAGS) -o $@ $(O)/score.o $(LIB_A) $(LIBS_PRIVATE)

$(B)/cpp_demo: examples/cpp/cpp_demo.cpp include/farkle.h $(LIB_A) $(B)/config
	$(CXX) $(STRICT_CXX) $(CXXFLAGS) -Iinclude -o $@ examples/cpp/cpp_demo.cpp $(LIB_A) $(LIBS_PRIVATE)

play: $(B)/farkle
	$(B)/farkle $(ARGS)

install: $(LIB_A) $(LIB_SO) $(B)/farkle $(B)/farkle-solve
	$(INSTALL) -d $(DESTDIR)$(libdir) $(DESTDIR)$(libdir)/pkgconfig $(DESTDIR)$(includedir) \
	    $(DESTDIR)$(bindir) $(DESTDIR)$(man6dir)
	$(INSTALL) -m 644 $(LIB_A) $(DESTDIR)$(libdir)/libfarkle.a
	$(INSTALL) -m 755 $(LIB_SO) $(DESTDIR)$(libdir)/libfarkle.so.$(VERSION)
	ln -sf libfarkle.so.$(VERSION) $(DESTDIR)$(libdir)/libfarkle.so.$(MAJOR)
	ln -sf libfarkle.so.$(MAJOR) $(DESTDIR)$(libdir)/libfarkle.so
	$(INSTALL) -m 644 include/farkle.h $(DESTDIR)$(includedir)/farkle.h
	sed -e '/^#/d' -e 's|@PREFIX@|$(prefix)|' -e 's|@LIBDIR@|$(libdir)|' \
	    -e 's|@INCLUDEDIR@|$(includedir)|' -e 's|@VERSION@|$(VERSION)|' \
	    farkle.pc.in > $(DESTDIR)$(libdir)/pkgconfig/farkle.pc
	$(INSTALL) -m 755 $(B)/farkle $(DESTDIR)$(bindir)/farkle
	$(INSTALL) -m 755 $(B)/farkle-solve $(DESTDIR)$(bindir)/farkle-solve
	$(INSTALL) -m 644 programs/farkle.6 $(DESTDIR)$(man6dir)/farkle.6
	ln -sf farkle.6 $(DESTDIR)$(man6dir)/farkle-solve.6
	@case '$(libdir)' in \
	  /lib|/lib64|/usr/lib|/usr/lib64|/lib/*-linux-gnu|/usr/lib/*-linux-gnu) ;; \
	  *) printf '%s\n' \
	       "Note: a program linked with -lfarkle looks for libfarkle.so.$(MAJOR) at run time in" \
	       "the system's library directories and ld.so.cache only. For $(libdir):" \
	       "  run ldconfig (as root) if the directory is listed in /etc/ld.so.conf," \
	       "  or link with -Wl,-rpath,$(libdir)," \
	       "  or run the program with LD_LIBRARY_PATH=$(libdir)." \
	       "(farkle and farkle-solve link the library statically and need none of this.)" ;; \
	esac

# The online game server (server/) and the static site it serves.
SERVER ?= yes
sitedir ?= $(datarootdir)/farkle/site
ifeq ($(origin FARKLE_SERVER_BIN),undefined)
FARKLE_SERVER_BIN := target/release/farkle-server
SERVER_PREREQS := server-bin web
endif

server-bin: FORCE
	$(CARGO) build --release -p farkle-server

install-server: $(SERVER_PREREQS)
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(sitedir)
	$(INSTALL) -m 755 $(FARKLE_SERVER_BIN) $(DESTDIR)$(bindir)/farkle-server
	cp -R web/site/. $(DESTDIR)$(sitedir)/

ifeq ($(SERVER),yes)
install: install-server
endif

# The npm package and the web game. tools/build.mjs runs cargo for the module (or takes
# FARKLE_WASM=FILE), writes the bindings' declarations from include/farkle.h and runs tsc.
NPM ?= npm
NODE ?= node
PORT ?= 8000

js/node_modules/.package-lock.json: js/package-lock.json
	cd js && $(NPM) ci --no-audit --no-fund

js: js/node_modules/.package-lock.json
	$(NODE) js/tools/build.mjs

web: js
	rm -rf web/site/vendor/farkle
	mkdir -p web/site/vendor
	cp -R js/dist web/site/vendor/farkle

serve-web: web
	python3 -m http.server --directory web/site $(PORT)

uninstall:
	rm -f $(DESTDIR)$(libdir)/libfarkle.so.$(VERSION) $(DESTDIR)$(libdir)/libfarkle.so.$(MAJOR) \
	    $(DESTDIR)$(libdir)/libfarkle.so $(DESTDIR)$(libdir)/libfarkle.a \
	    $(DESTDIR)$(libdir)/pkgconfig/farkle.pc $(DESTDIR)$(includedir)/farkle.h \
	    $(DESTDIR)$(bindir)/farkle $(DESTDIR)$(bindir)/farkle-solve \
	    $(DESTDIR)$(man6dir)/farkle.6 $(DESTDIR)$(man6dir)/farkle-solve.6 \
	    $(DESTDIR)$(bindir)/farkle-server
	rm -rf $(DESTDIR)$(sitedir)

# The full tier: every test `cargo test` runs (the quick tier) and every one it leaves out,
# marked `#[ignore = "full tier: make check"]` (valgrind, the sanitizers, Chromium, packaging,
# the original game, the large brute forces), each test target once, two at a time
# (tests/run_all.sh). Tests in a `by_hand` module (long solves, a million games) run only
# when asked for by name.
check:
	CARGO="$(CARGO)" bash tests/run_all.sh

clean:
	rm -rf $(B)

distclean: clean
	$(CARGO) clean

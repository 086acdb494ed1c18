# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
#
# Builds the library (cargo, release) and the example programs, and installs the library for
# C users.
#
#   make                                  the library and every program, in examples-c/build/
#   make play [ARGS="--bots 1 --seed 7"]  build, then start a game of the command-line farkle
#   make install PREFIX=/usr/local        lib/libfarkle.so.X.Y.Z (soname libfarkle.so.X) and
#                                         its links, lib/libfarkle.a, include/farkle.h,
#                                         lib/pkgconfig/farkle.pc; DESTDIR is honoured
#   make uninstall PREFIX=/usr/local
#   make clean                            the programs (`make distclean` also runs cargo clean)
#
# LIBDIR=DIR takes libfarkle.so and libfarkle.a already built in DIR instead of running
# `cargo build --release`. The tests use it with cargo test's own build of the library, so no
# cargo runs inside cargo test (a nested cargo would wait for the outer one's build lock).

CARGO ?= cargo
CC ?= cc
CXX ?= c++
CFLAGS ?= -O2 -g
CXXFLAGS ?= -O2 -g
PREFIX ?= /usr/local
DESTDIR ?=
libdir = $(PREFIX)/lib
includedir = $(PREFIX)/include

VERSION := $(shell sed -n 's/^version = "\(.*\)"$$/\1/p' Cargo.toml | head -n 1)
MAJOR := $(word 1,$(subst ., ,$(VERSION)))

ifeq ($(origin LIBDIR),undefined)
LIBDIR := target/release
BUILD_LIB := lib
endif

B := examples-c/build
STRICT_C := -std=c99 -Wall -Wextra -Wpedantic -Werror
STRICT_CXX := -std=c++11 -Wall -Wextra -Wpedantic -Werror
LIBS_PRIVATE := -lpthread -ldl -lm
LINK := $(LIBDIR)/libfarkle.a $(LIBS_PRIVATE)
PROGRAMS := $(B)/farkle $(B)/score $(B)/simulate $(B)/cpp_demo

.PHONY: all lib programs play install uninstall clean distclean

all: programs

lib:
	$(CARGO) build --release

programs: $(PROGRAMS)

$(B):
	mkdir -p $@

$(B)/farkle: examples-c/farkle.c examples-c/bot.c examples-c/bot.h include/farkle.h $(BUILD_LIB) | $(B)
	$(CC) $(STRICT_C) $(CFLAGS) -Iinclude -o $@ examples-c/farkle.c examples-c/bot.c $(LINK)

$(B)/simulate: examples-c/simulate.c examples-c/bot.c examples-c/bot.h include/farkle.h $(BUILD_LIB) | $(B)
	$(CC) $(STRICT_C) $(CFLAGS) -Iinclude -o $@ examples-c/simulate.c examples-c/bot.c $(LINK)

$(B)/score: examples-c/score.c include/farkle.h $(BUILD_LIB) | $(B)
	$(CC) $(STRICT_C) $(CFLAGS) -Iinclude -o $@ examples-c/score.c $(LINK)

$(B)/cpp_demo: examples-c/cpp_demo.cpp include/farkle.h $(BUILD_LIB) | $(B)
	$(CXX) $(STRICT_CXX) $(CXXFLAGS) -Iinclude -o $@ examples-c/cpp_demo.cpp $(LINK)

play: $(B)/farkle
	$(B)/farkle $(ARGS)

install: $(BUILD_LIB)
	install -d $(DESTDIR)$(libdir) $(DESTDIR)$(libdir)/pkgconfig $(DESTDIR)$(includedir)
	install -m 644 $(LIBDIR)/libfarkle.a $(DESTDIR)$(libdir)/libfarkle.a
	install -m 755 $(LIBDIR)/libfarkle.so $(DESTDIR)$(libdir)/libfarkle.so.$(VERSION)
	ln -sf libfarkle.so.$(VERSION) $(DESTDIR)$(libdir)/libfarkle.so.$(MAJOR)
	ln -sf libfarkle.so.$(MAJOR) $(DESTDIR)$(libdir)/libfarkle.so
	install -m 644 include/farkle.h $(DESTDIR)$(includedir)/farkle.h
	sed -e '/^#/d' -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(libdir)|' \
	    -e 's|@INCLUDEDIR@|$(includedir)|' -e 's|@VERSION@|$(VERSION)|' \
	    farkle.pc.in > $(DESTDIR)$(libdir)/pkgconfig/farkle.pc

uninstall:
	rm -f $(DESTDIR)$(libdir)/libfarkle.so.$(VERSION) $(DESTDIR)$(libdir)/libfarkle.so.$(MAJOR) \
	    $(DESTDIR)$(libdir)/libfarkle.so $(DESTDIR)$(libdir)/libfarkle.a \
	    $(DESTDIR)$(libdir)/pkgconfig/farkle.pc $(DESTDIR)$(includedir)/farkle.h

clean:
	rm -rf $(B)

distclean: clean
	$(CARGO) clean

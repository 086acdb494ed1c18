#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
#
# Measures the scoring entry points and whole games beside the original C library this one
# replaces, in one process each: builds the original from a checkout of the Arc676/Farkle
# library (its libfarkle.c and libfarkle.h) in a temporary directory, links it with this
# library's release build into benches/c/bench_scoring.c and benches/c/bench_games.c, and
# runs both harnesses (interleaved rounds, medians, thread CPU time). Nothing of the original is copied into this repository; the temporary directory is
# removed on exit.
#
#   benches/c/compare-original.sh ORIGINAL_DIR [N [ROUNDS]]
#   FARKLE_ORIGINAL_DIR=... benches/c/compare-original.sh [N [ROUNDS]]
#
# The original is compiled as its Makefile does (-std=c11) at -O2; the harness with this
# project's strict C flags. The run is niced to -5 when allowed, and the load average, core
# count and CPU model are printed first, for the table in docs/benchmarks.md.
set -euo pipefail

usage() {
    echo "usage: $0 ORIGINAL_DIR [N [ROUNDS]]  (or FARKLE_ORIGINAL_DIR=ORIGINAL_DIR $0 [N [ROUNDS]])" >&2
    echo "ORIGINAL_DIR: a checkout of the original Arc676/Farkle C library (libfarkle.c, libfarkle.h)" >&2
    exit 2
}

original="${FARKLE_ORIGINAL_DIR:-}"
if [ $# -gt 0 ] && [ -d "$1" ]; then
    original="$1"
    shift
fi
[ -n "$original" ] || usage
for f in libfarkle.c libfarkle.h; do
    [ -f "$original/$f" ] || { echo "$original/$f: not found" >&2; usage; }
done

root="$(cd "$(dirname "$0")/../.." && pwd)"
cc="${CC:-cc}"

(cd "$root" && cargo build --release --quiet -p farkle)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/original"
cp "$original/libfarkle.c" "$original/libfarkle.h" "$work/original/"
"$cc" -std=c11 -O2 -c "$work/original/libfarkle.c" -o "$work/original/libfarkle.o"
# -isystem: the original's header uses binary literals, a GNU extension -Wpedantic refuses.
for harness in bench_scoring bench_games; do
    "$cc" -std=c99 -Wall -Wextra -Wpedantic -Werror -O2 -DFARKLE_BENCH_ORIGINAL \
        -I"$root/include" -isystem "$work/original" \
        "$root/benches/c/$harness.c" "$work/original/libfarkle.o" \
        "$root/target/release/libfarkle.a" -lpthread -ldl -lm -o "$work/$harness"
done

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "load before: $(uptime)"
# The scoring harness takes N and ROUNDS; the games harness runs with its defaults, on one
# core for farkle_simulate (RAYON_NUM_THREADS=1).
if nice -n -5 true 2>/dev/null; then
    nice -n -5 "$work/bench_scoring" "$@"
    RAYON_NUM_THREADS=1 nice -n -5 "$work/bench_games"
else
    "$work/bench_scoring" "$@"
    RAYON_NUM_THREADS=1 "$work/bench_games"
fi
echo "load after: $(uptime)"

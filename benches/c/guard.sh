#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
#
# The speed guard CI runs: the instructions of a game turn, a simulated turn and a scoring
# call, each as a ratio to a floor written in C (and, when the original C library is given,
# a game turn to the original's), counted by callgrind and compared with the committed
# baseline of the build profile, benches/c/guard-baseline-PROFILE.txt. FARKLE_GUARD_PROFILE
# is release (the default: the figures of docs/benchmarks.md) or dev (what CI uses: the
# library cargo test built, so the guard costs no build of its own). Instruction counts are
# the same whatever the machine's load (the load is printed all the same; farkle_simulate's
# move by under 1%, its worker threads scheduled differently), so one count stands for every
# repeat: a ratio more than 8% above its baseline fails the run (the game-turn regression
# that issue 36 undid added 13% to a turn's count in release, 17% in dev).
#
#   benches/c/guard.sh [--update]      (--update rewrites the baseline from this run)
#   FARKLE_GUARD_PROFILE=dev benches/c/guard.sh
#   FARKLE_ORIGINAL_DIR=... benches/c/guard.sh
#
# FARKLE_ORIGINAL_DIR: a checkout of the original Arc676/Farkle C library (libfarkle.c,
# libfarkle.h; by default the reference checkout beside this repository, when there), built
# in a temporary directory; nothing of it is copied into this repository.
# Each workload of benches/c/bench_guard.c runs twice, with two sizes: the difference of the
# counts over the difference of the turns (or calls) is one turn's (setup excluded).
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
profile="${FARKLE_GUARD_PROFILE:-release}"
case "$profile" in
release) build=(--release) dir=release ;;
dev) build=() dir=debug ;;
*) echo "guard: FARKLE_GUARD_PROFILE is release or dev" >&2; exit 2 ;;
esac
baseline="$root/benches/c/guard-baseline-$profile.txt"
update=0
[ "${1:-}" = --update ] && update=1
cc="${CC:-cc}"
tolerance=1.08

command -v valgrind >/dev/null || { echo "guard: valgrind not found" >&2; exit 2; }
(cd "$root" && cargo build "${build[@]}" --quiet -p farkle --lib)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
original="${FARKLE_ORIGINAL_DIR:-}"
# Unset: the reference checkout developers and CI keep beside this repository, when there.
if [ -z "$original" ] && [ -f "$root/../shared/reference/arc676-farkle/libfarkle.c" ]; then
    original="$root/../shared/reference/arc676-farkle"
fi
defines=() objects=() includes=()
if [ -n "$original" ]; then
    for f in libfarkle.c libfarkle.h; do
        [ -f "$original/$f" ] || { echo "guard: $original/$f not found" >&2; exit 2; }
    done
    mkdir "$work/original"
    cp "$original/libfarkle.c" "$original/libfarkle.h" "$work/original/"
    "$cc" -std=c11 -O2 -c "$work/original/libfarkle.c" -o "$work/original/libfarkle.o"
    defines=(-DFARKLE_BENCH_ORIGINAL) objects=("$work/original/libfarkle.o")
    includes=(-isystem "$work/original")
fi
"$cc" -std=c99 -Wall -Wextra -Wpedantic -Werror -O2 "${defines[@]}" -I"$root/include" \
    "${includes[@]}" "$root/benches/c/bench_guard.c" "${objects[@]}" \
    "$root/target/$dir/libfarkle.a" -lpthread -ldl -lm -o "$work/bench_guard"

echo "guard: $profile build, $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "guard: load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# Instructions of one unit of a workload: two runs, SMALL and LARGE units.
per_unit() {
    local workload=$1 small=$2 large=$3 n1 n2 i1 i2
    n1=$(RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --log-file="$work/vg1" "$work/bench_guard" "$workload" "$small")
    i1=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/vg1")
    n2=$(RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --log-file="$work/vg2" "$work/bench_guard" "$workload" "$large")
    i2=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/vg2")
    awk -v a="$i1" -v b="$i2" -v x="$n1" -v y="$n2" 'BEGIN { printf "%.1f", (b - a) / (y - x) }'
}

declare -A ir
ir[api]=$(per_unit api 20 120)
ir[simulate]=$(per_unit simulate 200 1200)
ir[floor-game]=$(per_unit floor-game 200 1200)
ir[points-rules]=$(per_unit points-rules 20000 120000)
ir[points-scorer]=$(per_unit points-scorer 20000 120000)
ir[points-floor]=$(per_unit points-floor 20000 120000)
[ -n "$original" ] && ir[original]=$(per_unit original 20 120)

for w in api original simulate floor-game points-rules points-scorer points-floor; do
    [ -n "${ir[$w]:-}" ] && printf 'guard: %-14s %8s instructions a %s\n' "$w" "${ir[$w]}" \
        "$(case $w in points-*) echo call ;; *) echo turn ;; esac)"
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
declare -A ratios
ratios[api/floor-game]=$(ratio "${ir[api]}" "${ir[floor-game]}")
ratios[simulate/floor-game]=$(ratio "${ir[simulate]}" "${ir[floor-game]}")
ratios[points-rules/points-floor]=$(ratio "${ir[points-rules]}" "${ir[points-floor]}")
ratios[points-scorer/points-floor]=$(ratio "${ir[points-scorer]}" "${ir[points-floor]}")
[ -n "$original" ] && ratios[api/original]=$(ratio "${ir[api]}" "${ir[original]}")
echo "guard: load after: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$update" = 1 ]; then
    {
        echo "# Instruction ratios benches/c/guard.sh measured (callgrind, $profile build)."
        echo "# A ratio more than 8% above its line here fails the guard. Rewrite with --update."
        for k in "${!ratios[@]}"; do echo "$k ${ratios[$k]}"; done | sort
    } >"$baseline"
    echo "guard: baseline written to benches/c/guard-baseline-$profile.txt"
fi

status=0
for k in $(printf '%s\n' "${!ratios[@]}" | sort); do
    base=$(awk -v k="$k" '$1 == k { print $2 }' "$baseline" 2>/dev/null || true)
    if [ -z "$base" ]; then
        printf 'guard: %-28s %7s (no baseline)\n' "$k" "${ratios[$k]}"
        continue
    fi
    verdict=$(awk -v r="${ratios[$k]}" -v b="$base" -v t="$tolerance" \
        'BEGIN { print (r > b * t) ? "SLOWER" : "ok" }')
    printf 'guard: %-28s %7s baseline %7s %s\n' "$k" "${ratios[$k]}" "$base" "$verdict"
    [ "$verdict" = ok ] || status=1
done
[ "$status" = 0 ] || echo "guard: a ratio is more than 8% above its baseline" >&2
exit "$status"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
#
# Every test, both tiers (`make check`): cargo builds every test target once, then each target
# runs with the tests the quick tier leaves out (`--include-ignored`, but never the `by_hand`
# ones), in two lanes at once. The slow targets mostly wait on other programs (valgrind, Node,
# Chromium, PostgreSQL), so two lanes take about half the time of one on two cores.
#
# The first lane holds the targets that build or read the web game's files (js/dist/,
# web/site/vendor/: the npm package's tests, the browser tests, the server's install test),
# one after another, and the Python package's (which shares nothing with them) to even the
# lanes out; every other target, a new one too, runs in the other lane. Each target's output
# is printed whole when it ends; a failure is reported at the end, after every target has
# run.
set -uo pipefail
cd "$(dirname "$0")/.."
cargo="${CARGO:-cargo}"
first_lane=(js browser server python)

started=$SECONDS
if ! "$cargo" test --workspace --no-run; then
  echo "run_all: the tests did not build" >&2
  exit 1
fi

# Every test target of the workspace as cargo's selection of it: `--lib`, `--bin NAME` or
# `--test NAME` (the doc tests are added below).
mapfile -t targets < <("$cargo" metadata --no-deps --format-version 1 | python3 -c '
import json, sys
seen = set()
for package in json.load(sys.stdin)["packages"]:
    for target in package["targets"]:
        if not target.get("test"):
            continue
        kinds = target["kind"]
        if "lib" in kinds:
            selection = "--lib"
        elif "bin" in kinds:
            selection = "--bin " + target["name"]
        elif "test" in kinds:
            selection = "--test " + target["name"]
        else:
            continue
        if selection not in seen:
            seen.add(selection)
            print(selection)
')
if [ "${#targets[@]}" -eq 0 ]; then
  echo "run_all: no test targets found" >&2
  exit 1
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Runs one target (`$@`: its selection) and prints its output under a line that says how it
# went; a failure is noted in the scratch directory.
run_target() {
  local name="$*" t0=$SECONDS status=0
  local log="$scratch/${name// /_}.log"
  if [ "$1" = --doc ]; then
    # Doc examples marked `ignore` are not meant to compile.
    "$cargo" test --workspace --doc >"$log" 2>&1 || status=$?
  else
    "$cargo" test --workspace "$@" -- --include-ignored --skip by_hand:: >"$log" 2>&1 ||
      status=$?
  fi
  local verdict="ok"
  if [ "$status" -ne 0 ]; then
    verdict="FAILED (exit $status)"
    echo "$name" >>"$scratch/failed"
  fi
  # One target's output at a time, whichever lane it ran in.
  (
    flock 9
    printf '\n== %s: %s in %d s\n' "$name" "$verdict" "$((SECONDS - t0))"
    cat "$log"
  ) 9>"$scratch/print.lock"
}

in_first_lane() {
  local name
  for name in "${first_lane[@]}"; do
    [ "$1" = "--test $name" ] && return 0
  done
  return 1
}

first=() other=(--doc)
for target in "${targets[@]}"; do
  if in_first_lane "$target"; then first+=("$target"); else other+=("$target"); fi
done

lane() {
  local target
  for target in "$@"; do
    # shellcheck disable=SC2086 # a selection is one or two words
    run_target $target
  done
}
lane "${first[@]}" &
first_pid=$!
lane "${other[@]}"
wait "$first_pid"

printf '\nrun_all: %d test targets and the doc tests in %d s (build included), load %s\n' \
  "${#targets[@]}" "$((SECONDS - started))" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
if [ -s "$scratch/failed" ]; then
  echo "run_all: FAILED:" >&2
  sed 's/^/  /' "$scratch/failed" >&2
  exit 1
fi

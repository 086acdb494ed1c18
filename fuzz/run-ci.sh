#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
#
# CI's fuzzing step: builds every cargo-fuzz target with debug assertions and overflow checks
# on (`-a`: an arithmetic overflow anywhere is a panic, so a crash) and runs each from its
# committed corpus for a bounded time, failing on any crash, panic, leak, timeout (10 s per
# input, 60 s for strategy_rules and win_table_buffer) or a process above 2 GB (-rss_limit_mb). FUZZ_SECONDS
# (default 20) sets the time per target, FUZZ_TARGETS (default: all) picks targets and
# FUZZ_JOBS (default 2) how many run at once. New inputs found during the run go to a scratch
# directory, so CI never changes the committed corpus; a failing input is kept in
# fuzz/artifacts/<target>/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")"

seconds="${FUZZ_SECONDS:-20}"

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "fuzz/run-ci.sh: the nightly toolchain is required (cargo fuzz needs -Z flags)." >&2
  echo "Install it with: rustup toolchain install nightly" >&2
  exit 1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

targets="${FUZZ_TARGETS:-$(cargo +nightly fuzz list | tr '\n' ' ')}"
cargo +nightly fuzz build -O -a

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# One target's run; its log and exit status go to the scratch directory.
run_target() {
  local target="$1" timeout=10
  # strategy_rules solves policies and win tables near the documented work limits, and under
  # ASan, coverage counters and debug assertions a stretch between two progress calls of a
  # solve takes about a second (15 ms in a release build): its inputs get 60 s, the others 10 s.
  [ "$target" = strategy_rules ] && timeout=60
  # win_table_buffer checks a loaded table by re-deriving part of it: a real table whose rules
  # words are edited to four dice (checksum fixed) takes 11 to 14 s in this build on a busy
  # 2-core machine, on the code before and after the 2026-11-26 restructuring alike.
  [ "$target" = win_table_buffer ] && timeout=60
  # Exit status is non-zero on any crash, panic, leak, timeout (-timeout) or OOM.
  local status=0
  cargo +nightly fuzz run -O -a "$target" "$scratch/$target" "corpus/$target" -- \
      -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$PWD/artifacts/$target/" >"$scratch/$target.log" 2>&1 || status=$?
  echo "$status" >"$scratch/$target.status"
}

# Two targets at a time (each is one process): the whole step takes half as long on two cores.
parallel="${FUZZ_JOBS:-2}"
for target in $targets; do
  mkdir -p "$scratch/$target" "corpus/$target" "artifacts/$target"
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
  echo "fuzz: $target for ${seconds}s"
  run_target "$target" &
done
wait

failed=0
for target in $targets; do
  if [ "$(cat "$scratch/$target.status")" != 0 ]; then
    tail -n 60 "$scratch/$target.log" >&2
    echo "fuzz: $target FAILED; the input is in fuzz/artifacts/$target/" >&2
    echo "reproduce: cd fuzz && cargo +nightly fuzz run -O -a $target artifacts/$target/<file>" >&2
    failed=1
    continue
  fi
  echo -n "fuzz: $target: "
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec)' "$scratch/$target.log" | tr '\n' ' '
  echo
done
exit "$failed"

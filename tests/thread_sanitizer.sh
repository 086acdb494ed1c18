#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
#
# Runs the tests that use the library from several threads under ThreadSanitizer: the
# concurrency tests (tests/concurrency.rs: shared scorers, policies and tables queried by
# eight threads, games on many threads and moving between them, long calls with progress on
# several threads at once, two-player solves and simulations on their worker pools among
# them) and the unit tests of the progress helper thread and of the simulations' batches.
# The other unit tests use one thread and take long under the sanitizer: they are left out.
# The standard library is rebuilt with the sanitizer
# (-Zbuild-std), so it needs the nightly toolchain with its rust-src component:
#
#   rustup toolchain install nightly && rustup component add rust-src --toolchain nightly
#   bash tests/thread_sanitizer.sh
#
# Any data race or lock-order inversion stops the run with a report and a non-zero status.
# It builds into target/tsan (a few minutes the first time); see docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."

host="$(rustc +nightly -vV | sed -n 's/^host: //p')"
if ! rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^rust-src'; then
  echo "thread_sanitizer.sh: needs the nightly toolchain's rust-src component" \
       "(rustup component add rust-src --toolchain nightly)" >&2
  exit 2
fi

export RUSTFLAGS="-Zsanitizer=thread -Cdebuginfo=1"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}/tsan"
# halt_on_error: the first report fails the run. The worker pools are joined by each call, so
# no thread outlives a test to confuse the report.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
# Two workers per pool keep the run short; the races looked for need two threads, not more.
export RAYON_NUM_THREADS="${RAYON_NUM_THREADS:-2}"

cargo +nightly test -Zbuild-std --target "$host" --lib --test concurrency -- --test-threads=2 \
  ffi::progress:: simulate::tests::the_same_report simulate::tests::progress_comes_after \
  shared_objects games_on_many_threads long_calls

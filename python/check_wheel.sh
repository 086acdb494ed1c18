#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
#
# Builds the Python wheel with pip (maturin through the package's backend), installs it into a
# fresh virtualenv run without a Rust toolchain on PATH, and runs the examples there.
#
#   bash python/check_wheel.sh              # a release wheel (a full release build of the crate)
#   FARKLE_WHEEL_PROFILE=dev bash python/check_wheel.sh
#
# CI uses the dev profile: the library is then relinked from what `cargo test` compiled in
# target/ (no second build of the crate); the wheel is laid out exactly as a release one.
# Needs maturin and cffi installed (`pip install maturin cffi`): the build runs without
# isolation so that nothing is downloaded for it.
set -euo pipefail
cd "$(dirname "$0")/.."

profile="${FARKLE_WHEEL_PROFILE:-release}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

MATURIN_PEP517_ARGS="--profile $profile" CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}" \
  python3 -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir "$work/wheels" ./python
wheel="$(ls "$work"/wheels/farkle-*.whl)"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet "$wheel"

# No cargo or rustc reachable: the installed package needs neither.
clean_env=(env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8)
"${clean_env[@]}" "$work/venv/bin/python" - <<'PY'
import shutil
assert shutil.which("cargo") is None and shutil.which("rustc") is None, "a Rust toolchain is on PATH"
import farkle
print("farkle", farkle.__version__, "from", farkle.__file__)
assert farkle.Rules("classic").score([1, 1, 1, 5, 5]).points == 1100
PY
"${clean_env[@]}" "$work/venv/bin/python" examples/python/farkle_demo.py
"${clean_env[@]}" "$work/venv/bin/python" examples/python/bot_tournament.py 2000
echo "wheel check: ok ($(basename "$wheel"), $profile profile)"

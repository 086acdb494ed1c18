#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
#
# Packs the npm package (npm pack, which builds it: tools/build.mjs), installs the packed file
# into an empty folder, and there, with no Rust toolchain on PATH, imports it, runs the
# JavaScript example and the package's own test suite against the installed copy.
#
#   bash js/check_pack.sh                 # builds the module with cargo (profile wasm)
#   FARKLE_WASM=FILE bash js/check_pack.sh
#
# Needs Node 20 and npm, and js/node_modules (npm ci in js/).
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

(cd js && npm pack --silent --pack-destination "$work" >/dev/null)
tarball="$(ls "$work"/farkle-*.tgz)"
mkdir "$work/app"
cp -R js/test "$work/app/test"
cp examples/js/farkle_demo.mjs "$work/app/"

# No cargo or rustc reachable: the installed package needs neither.
clean_env=(env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8 FARKLE_HEADER="$PWD/include/farkle.h"
  FARKLE_TEST_DATA="$PWD/tests/data")
cd "$work/app"
echo '{ "name": "app", "private": true, "type": "module" }' > package.json
"${clean_env[@]}" npm install --silent --no-audit --no-fund --offline "$tarball"
"${clean_env[@]}" node --input-type=module -e '
import { execSync } from "node:child_process";
for (const tool of ["cargo", "rustc"]) {
  let found = true;
  try { execSync(`command -v ${tool}`, { stdio: "ignore", shell: "/bin/sh" }); } catch { found = false; }
  if (found) throw new Error(`${tool} is on PATH`);
}
const farkle = await import("farkle");
console.log("farkle", farkle.version, "from", import.meta.resolve("farkle"));
if (new farkle.Rules("classic").score([1, 1, 1, 5, 5]).points !== 1100) throw new Error("1 1 1 5 5");
'
"${clean_env[@]}" node farkle_demo.mjs
"${clean_env[@]}" node --test test/ > "$work/tests.tap" || { cat "$work/tests.tap"; exit 1; }
grep -E '^# (tests|pass|fail)' "$work/tests.tap"
echo "pack check: ok ($(basename "$tarball"), $(wc -c < "$tarball") bytes)"

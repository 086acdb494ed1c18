// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The sizes the documentation gives (docs/benchmarks.md, README.md, js/README.md) are those of
// the build: the module raw and gzipped, and the packed package, each within 10%. Run from a
// copy of the tests outside the repository (the packed package's check), there are no docs
// to check and the test says it skipped.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { test } from "node:test";
import assert from "node:assert/strict";

const repo = new URL("../../", import.meta.url);
const docs = {
  benchmarks: new URL("docs/benchmarks.md", repo),
  readme: new URL("README.md", repo),
  packageReadme: new URL("js/README.md", repo),
};
const inRepo = Object.values(docs).every((url) => existsSync(url)) && existsSync(new URL("js/package.json", repo));
// The module of the package the tests import (js/dist here).
const wasm = new URL("farkle.wasm", import.meta.resolve("farkle"));

/** "1,114,159" -> 1114159. */
const bytes = (text) => Number(text.replaceAll(",", ""));

/** The numbers `pattern` captures in `file`, which must hold it. */
function documented(file, pattern) {
  const text = readFileSync(file, "utf8").replace(/\s+/g, " ");
  const m = pattern.exec(text);
  assert.ok(m, `${fileURLToPath(file)} no longer says ${pattern}`);
  return m.slice(1).map(bytes);
}

function near(documentedSize, actual, what) {
  const off = Math.abs(documentedSize - actual) / actual;
  assert.ok(
    off <= 0.1,
    `${what}: documented ${documentedSize.toLocaleString("en")} bytes, the build gives ` +
      `${actual.toLocaleString("en")} (${(100 * off).toFixed(1)}% off; at most 10%)`,
  );
}

test("the documented module and package sizes are the build's, within 10%", { skip: !inRepo && "not in the repository" }, () => {
  const module = readFileSync(wasm);
  const raw = module.length;
  const gzipped = gzipSync(module, { level: 9 }).length;
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: fileURLToPath(new URL("js/", repo)),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }),
  )[0].size;

  const [bRaw, bGzip, bPack] = documented(
    docs.benchmarks,
    /`farkle\.wasm` is ([\d,]+) bytes; ([\d,]+) gzipped .*?The packed npm package .*? is ([\d,]+) bytes/,
  );
  near(bRaw, raw, "docs/benchmarks.md, the module");
  near(bGzip, gzipped, "docs/benchmarks.md, the module gzipped");
  near(bPack, packed, "docs/benchmarks.md, the packed package");

  const [rRaw, rGzip, rPack] = documented(
    docs.readme,
    /`farkle\.wasm` is ([\d,]+) bytes \(([\d,]+) gzipped\) and the packed package ([\d,]+) bytes/,
  );
  near(rRaw, raw, "README.md, the module");
  near(rGzip, gzipped, "README.md, the module gzipped");
  near(rPack, packed, "README.md, the packed package");

  const [jGzip] = documented(docs.packageReadme, /`dist\/farkle\.wasm`, ([\d,]+) bytes gzipped/);
  near(jGzip, gzipped, "js/README.md, the module gzipped");
});

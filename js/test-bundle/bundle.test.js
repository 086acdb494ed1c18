// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The package through a bundler, in a browser: build.mjs bundles page.js with esbuild (the
// package imported by its name, the module passed to init() as the URL esbuild gave its
// copy, the package's worker as a second entry), and headless Chromium (Debian's chromium,
// driven by the web game's playwright-core) opens it from a static server. The page must
// score 1 1 1 5 in the classic rules as 1,050 (three 1s 1,000 and a 5 50) and solve the
// classic turn policy in the bundled worker (590.02 points a turn: docs/strategy.md), with
// no error on the console. Run by tests/js.rs in the full tier; skipped, saying so, when no
// Chromium is installed. FARKLE_CHROMIUM names another binary.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "./build.mjs";
import { serve } from "../../web/tests/server.mjs";

const CANDIDATES = [process.env.FARKLE_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
const CHROMIUM = CANDIDATES.find((p) => p && existsSync(p));
const skip = CHROMIUM ? false : "no Chromium installed (apt-get install chromium, or set FARKLE_CHROMIUM): browser tests skipped";
if (skip) console.log(`# ${skip}`);

const OUT = fileURLToPath(new URL("../../target/js-bundle/", import.meta.url));

let browser;
let site;
let built;

before(async () => {
  built = await build(OUT);
  if (skip) return;
  // playwright-core is the web game's test dependency (npm ci in web/).
  const require = createRequire(new URL("../../web/package.json", import.meta.url));
  const { chromium } = require("playwright-core");
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  site = await serve(OUT);
});

after(async () => {
  await browser?.close();
  site?.server.close();
});

test("esbuild bundles the page, the worker and the module", () => {
  const files = Object.keys(built.sizes);
  assert.ok(files.includes("page.js") && files.includes("worker.js"), files.join(", "));
  const wasm = files.find((f) => f.endsWith(".wasm"));
  assert.ok(wasm, "the module is copied by the file loader");
  assert.deepEqual(built.warnings, []);
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  console.log(`# bundle: page.js ${kB(built.sizes["page.js"])}, worker.js ${kB(built.sizes["worker.js"])}, ${wasm} ${kB(built.sizes[wasm])}`);
});

test("the bundled page scores and solves in headless Chromium", { skip }, async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const requests = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(site.url);
  await page.waitForSelector("body[data-done]", { timeout: 60_000 });
  const data = await page.evaluate(() => ({ ...document.body.dataset }));
  assert.equal(data.error, undefined, data.error);
  assert.equal(data.score, "1050");
  assert.equal(data.expected, "590.02");
  assert.match(data.version, /^\d+\.\d+\.\d+$/);
  assert.match(await page.textContent("#out"), /scores 1,050/);
  // The module came from the bundle's copy, the solve from the bundled worker.
  assert.ok(requests.some((p) => /^\/farkle-.*\.wasm$/.test(p)), requests.join(", "));
  assert.ok(requests.includes("/worker.js"), requests.join(", "));
  assert.deepEqual(errors, []);
  await page.close();
});

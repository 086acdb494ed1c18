// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The farkle package itself in headless Chromium, on a blank page of the site's origin: a
// solve runs in the package's module Web Worker (a 10 ms interval keeps firing, an abort
// from a timer 50 ms in rejects with AbortError within 150 ms), a three-player table comes
// back from it, and "farkle/manual" loads the module from a URL, a Response or bytes.
//
// Skipped, saying so, when no Chromium is installed or the site is not built (as
// game.test.js).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { serve, SITE } from "./server.mjs";

const CANDIDATES = [process.env.FARKLE_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
const CHROMIUM = CANDIDATES.find((p) => p && existsSync(p));
const BUILT = existsSync(`${SITE}vendor/farkle/index.js`);
const skip = !CHROMIUM
  ? "no Chromium installed (apt-get install chromium, or set FARKLE_CHROMIUM): browser tests skipped"
  : !BUILT
    ? "the site is not built (make web): browser tests skipped"
    : false;
if (skip) console.log(`# ${skip}`);

let browser;
let site;

before(async () => {
  if (skip) return;
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  site = await serve();
});

after(async () => {
  await browser?.close();
  site?.server.close();
});

/** A blank page of the site's origin, with no errors so far. */
async function blank() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.route("**/blank.html", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><html lang=en><title>blank</title></html>" }),
  );
  await page.goto(`${site.url}blank.html`);
  return { page, context, errors };
}

test("a solve runs in the package's worker: timers fire, an abort stops it", { skip }, async () => {
  const { page, context, errors } = await blank();
  const out = await page.evaluate(async () => {
    const farkle = await import("./vendor/farkle/index.js");
    const rules = () => new farkle.Rules("minimal", { targetScore: 4000 });
    // A 10 ms interval during a whole solve. On a machine loaded by other work the page may
    // wait for the processor whatever the package does: up to three solves are watched, and
    // one must keep the interval's gaps within 100 ms (a solve on the page's own thread
    // leaves one gap as long as the solve every time).
    let ticks, gap, reports, table, started, ended;
    for (let attempt = 0; attempt < 3; attempt++) {
      ticks = [];
      const interval = setInterval(() => ticks.push(performance.now()), 10);
      started = performance.now();
      reports = 0;
      table = await farkle.WinTable.solve(rules(), { progress: () => { reports++; } });
      ended = performance.now();
      clearInterval(interval);
      const times = [started, ...ticks, ended];
      gap = Math.max(...times.slice(1).map((t, i) => t - times[i]));
      if (gap <= 100) break;
    }
    // An abort from a timer 50 ms in.
    const controller = new AbortController();
    let abortedAt = 0;
    setTimeout(() => { abortedAt = performance.now(); controller.abort(); }, 50);
    let name = "";
    try {
      await farkle.WinTable.solve(rules(), { signal: controller.signal });
    } catch (e) {
      name = `${e.name} ${e instanceof farkle.CancelledError}`;
    }
    const late = performance.now() - abortedAt;
    // Three players through the worker.
    const three = await farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 1000 }), { players: 3 });
    return {
      seconds: (ended - started) / 1000,
      ticks: ticks.length,
      gap,
      reports,
      p: table.firstPlayerWinProbability,
      name,
      late,
      start3: three.startProbabilities,
    };
  });
  assert.ok(out.ticks > 20, JSON.stringify(out));
  assert.ok(out.gap <= 100, `the longest gap between ticks: ${out.gap} ms`);
  assert.ok(out.reports > 10, JSON.stringify(out));
  assert.ok(out.p > 0.5 && out.p < 0.6, JSON.stringify(out));
  assert.equal(out.name, "AbortError true");
  assert.ok(out.late < 150, `rejected ${out.late} ms after the abort`);
  [0.442323, 0.321535, 0.236142].forEach((p, i) =>
    assert.ok(Math.abs(out.start3[i] - p) <= 1e-6, `seat ${i}: ${out.start3[i]} is not ${p}`),
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("farkle/manual loads the module from a URL, a Response or bytes", { skip }, async () => {
  for (const source of ["url", "response", "bytes"]) {
    const { page, context, errors } = await blank();
    const out = await page.evaluate(async (source) => {
      const farkle = await import("./vendor/farkle/manual.js");
      let before = "";
      try {
        new farkle.Rules("classic");
      } catch (e) {
        before = e.message;
      }
      const url = new URL("./vendor/farkle/farkle.wasm", location.href);
      const given = {
        url: () => url,
        response: () => fetch(url),
        bytes: async () => new Uint8Array(await (await fetch(url)).arrayBuffer()),
      };
      await farkle.init(await given[source]());
      return [before, new farkle.Rules("classic").points([1, 1, 1, 5, 5])];
    }, source);
    assert.match(out[0], /init\(\)/, source);
    assert.equal(out[1], 1100, source);
    assert.deepEqual(errors, [], source);
    await context.close();
  }
});

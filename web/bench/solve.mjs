// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Time of a two-player win-table solve through the WebAssembly build, for comparison with
// the native single-thread solve (docs/benchmarks.md): in headless Chromium, in the web
// game's own Web Worker (site/solver.js, one thread), and in Node (same package), each ROUNDS
// times. Prints the wall time of every solve (and Node's CPU time) with the first player's
// chance of winning, which must be the native solver's.
//
//   node web/bench/solve.mjs [PRESET [TARGET [ROUNDS]]]    defaults minimal 10000 3
//
// After `make web`; needs Debian's chromium (FARKLE_CHROMIUM names another binary).

import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { serve } from "../tests/server.mjs";

const [preset = "minimal", target = "10000", rounds = "3"] = process.argv.slice(2);
const farkle = await import("../site/vendor/farkle/index.js");
const rules = new farkle.Rules(preset, { targetScore: Number(target) });
console.log(`${preset} to ${target}, load ${loadavg()[0].toFixed(1)}`);

for (let i = 0; i < Number(rounds); i++) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const table = await farkle.WinTable.solve(rules);
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  console.log(
    `node:     ${wall.toFixed(2)} s wall, ${seconds.toFixed(2)} s CPU, ` +
      `P(first wins) ${table.firstPlayerWinProbability.toFixed(6)}, compensation ${table.compensation}`,
  );
  table.close();
}

const chromiumPath = [process.env.FARKLE_CHROMIUM, "/usr/bin/chromium"].find((p) => p && existsSync(p));
if (!chromiumPath) {
  console.log("chromium: not installed (apt-get install chromium)");
  process.exit(0);
}
const { chromium } = await import("playwright-core");
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const site = await serve();
try {
  const page = await browser.newPage();
  await page.goto(site.url);
  await page.waitForSelector("body[data-ready]");
  for (let i = 0; i < Number(rounds); i++) {
    const result = await page.evaluate(async (knobs) => {
      const worker = new Worker("solver.js", { type: "module" });
      await new Promise((resolve) => worker.addEventListener("message", resolve, { once: true }));
      const started = performance.now();
      const done = await new Promise((resolve, reject) => {
        worker.onmessage = (e) => {
          if (e.data.type === "done") resolve(e.data);
          if (e.data.type === "error") reject(new Error(e.data.message));
        };
        worker.postMessage({ rules: knobs });
      });
      const wall = (performance.now() - started) / 1000;
      worker.terminate();
      const { WinTable } = await import("./vendor/farkle/index.js");
      const table = WinTable.fromBytes(done.bytes);
      return { wall, p: table.firstPlayerWinProbability, compensation: table.compensation };
    }, rules.toObject());
    console.log(
      `chromium: ${result.wall.toFixed(2)} s wall (worker), ` +
        `P(first wins) ${result.p.toFixed(6)}, compensation ${result.compensation}`,
    );
  }
} finally {
  await browser.close();
  site.server.close();
}

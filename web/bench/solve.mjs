// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Time of a win-table solve (two or three players) through the WebAssembly build, for
// comparison with the native single-thread solve (docs/benchmarks.md): in Node (same
// package, on the calling thread: one thread), then in headless Chromium, in the web game's
// own Web Worker (site/solver.js, one thread), each ROUNDS times. Prints the wall time of
// every solve (and Node's CPU time and peak resident memory) with every seat's chance of
// winning from the start, which must be the native solver's.
//
//   node web/bench/solve.mjs [--node-only] [PRESET [TARGET [ROUNDS [PLAYERS]]]]
//                                                  defaults minimal 10000 3 2
//
// After `make web`; the Chromium part needs Debian's chromium (FARKLE_CHROMIUM names another
// binary) and is left out with --node-only. Node's peak memory is the whole process's
// (process.resourceUsage().maxRSS): the module's memory never shrinks, so it is the largest
// solve's.

import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { serve } from "../tests/server.mjs";

const args = process.argv.slice(2);
const nodeOnly = args.includes("--node-only");
const [preset = "minimal", target = "10000", rounds = "3", players = "2"] = args.filter((a) => a !== "--node-only");
const farkle = await import("../site/vendor/farkle/index.js");
const rules = new farkle.Rules(preset, { targetScore: Number(target) });
const playerCount = Number(players);
/** What a table says: every seat's chance from the start, and the two-player compensation. */
const outcome = (p, compensation) =>
  `P(win) by seat ${p.map((x) => x.toFixed(6)).join(" ")}` +
  (compensation === null ? "" : `, compensation ${compensation}`);
console.log(`${playerCount} players, ${preset} to ${target}, load ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);

for (let i = 0; i < Number(rounds); i++) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const table = await farkle.WinTable.solve(rules, { players: playerCount, worker: false });
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(
    `node:     ${wall.toFixed(2)} s wall, ${seconds.toFixed(2)} s CPU, peak ${rss.toFixed(0)} MB, ` +
      `${outcome(table.startProbabilities, playerCount === 2 ? table.compensation : null)}, ` +
      `load ${loadavg()[0].toFixed(1)}`,
  );
  table.close();
}
if (nodeOnly) process.exit(0);

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
    const result = await page.evaluate(async ({ knobs, players }) => {
      const worker = new Worker("solver.js", { type: "module" });
      await new Promise((resolve) => worker.addEventListener("message", resolve, { once: true }));
      const started = performance.now();
      const done = await new Promise((resolve, reject) => {
        worker.onmessage = (e) => {
          if (e.data.type === "done") resolve(e.data);
          if (e.data.type === "error") reject(new Error(e.data.message));
        };
        worker.postMessage({ rules: knobs, players });
      });
      const wall = (performance.now() - started) / 1000;
      worker.terminate();
      const { WinTable } = await import("./vendor/farkle/index.js");
      const table = WinTable.fromBytes(done.bytes);
      return { wall, p: table.startProbabilities, compensation: players === 2 ? table.compensation : null };
    }, { knobs: rules.toObject(), players: playerCount });
    console.log(
      `chromium: ${result.wall.toFixed(2)} s wall (worker), ${outcome(result.p, result.compensation)}`,
    );
  }
} finally {
  await browser.close();
  site.server.close();
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Long calls run in the package's worker: timers fire during a solve, an abort from a
// timer stops it at once with an AbortError, progress keeps arriving, and simulations do
// the same. Minimal rules to 4,000 take about two seconds to solve.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as farkle from "farkle";

const fourThousand = () => new farkle.Rules("minimal", { targetScore: 4000 });

/** Aborts a solve of minimal to 4,000 from a timer 50 ms in: when the timer fired and when the promise rejected, from the start. */
async function abortedSolve() {
  const controller = new AbortController();
  let abortedAt = 0;
  setTimeout(() => {
    abortedAt = performance.now();
    controller.abort();
  }, 50);
  const started = performance.now();
  await assert.rejects(farkle.WinTable.solve(fourThousand(), { signal: controller.signal }), (e) => {
    assert.equal(e.name, "AbortError");
    assert.ok(e instanceof farkle.AbortError && e instanceof farkle.CancelledError);
    assert.equal(e.cause?.name, "AbortError"); // the signal's reason
    return true;
  });
  const rejectedAt = performance.now();
  assert.ok(abortedAt > 0, "the timer fired during the solve");
  return { fired: Math.round(abortedAt - started), late: Math.round(rejectedAt - abortedAt) };
}

test("an abort from a timer 50 ms into a solve rejects with AbortError within 150 ms", async () => {
  // The timer must fire on time (on the old package it fired after the solve), and the
  // promise reject within 150 ms of it. A machine loaded by other work may delay the timer
  // whatever the package does: up to three tries, one of which must meet both.
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const run = await abortedSolve();
    runs.push(run);
    if (run.fired < 150 && run.late < 150) break;
  }
  const last = runs.at(-1);
  assert.ok(last.fired < 150 && last.late < 150, `no try met the times: ${JSON.stringify(runs)}`);
  // AbortSignal.timeout() too: its reason is a TimeoutError.
  const t0 = performance.now();
  await assert.rejects(
    farkle.WinTable.solve(fourThousand(), { signal: AbortSignal.timeout(30) }),
    (e) => e instanceof farkle.AbortError && e.cause?.name === "TimeoutError",
  );
  assert.ok(performance.now() - t0 < 1000, `AbortSignal.timeout(30) took ${performance.now() - t0} ms`);
});

/** The longest gap between `times`, from `from` to `to`. */
const longestGap = (times, from, to) => {
  const all = [from, ...times, to];
  return Math.max(...all.slice(1).map((t, i) => t - all[i]));
};

/** One solve of minimal to 4,000 under a 10 ms interval: the longest gaps between ticks and between reports. */
async function watchedSolve() {
  const ticks = [];
  const reports = [];
  const interval = setInterval(() => ticks.push(performance.now()), 10);
  const started = performance.now();
  let table;
  try {
    table = await farkle.WinTable.solve(fourThousand(), { progress: () => { reports.push(performance.now()); } });
  } finally {
    clearInterval(interval);
  }
  const ended = performance.now();
  return {
    ms: Math.round(ended - started),
    ticks: ticks.length,
    tickGap: Math.round(longestGap(ticks, started, ended)),
    reports: reports.length,
    // From the first report to the last.
    reportGap: Math.round(longestGap(reports.slice(1, -1), reports[0], reports.at(-1))),
    target: table.rules.targetScore,
  };
}

test("a 10 ms interval keeps firing during a solve, and progress keeps coming", async () => {
  // On a machine loaded by other work the operating system may leave this thread waiting
  // for a while whatever the package does, so up to three solves are watched and one must
  // keep both gaps within 100 ms. A solve on this thread (the old package) gives a single
  // gap as long as the whole solve (over a second) every time.
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const run = await watchedSolve();
    runs.push(run);
    assert.equal(run.target, 4000);
    assert.ok(run.ticks > 20 && run.reports > 10, JSON.stringify(run));
    if (run.tickGap <= 100 && run.reportGap <= 100) break;
  }
  const best = runs.at(-1);
  assert.ok(best.tickGap <= 100 && best.reportGap <= 100, `no solve kept its gaps within 100 ms: ${JSON.stringify(runs)}`);
  // The table is the one solved here (a two-player table travels exactly).
  const here = await farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 1000 }), { worker: false });
  const there = await farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 1000 }));
  assert.equal(there.firstPlayerWinProbability, here.firstPlayerWinProbability);
});

test("a progress callback that returns false or throws stops the worker", async () => {
  await assert.rejects(
    farkle.WinTable.solve(fourThousand(), { progress: (f) => f < 0.05 }),
    (e) => e instanceof farkle.CancelledError && !(e instanceof farkle.AbortError),
  );
  const oops = new Error("oops");
  await assert.rejects(farkle.WinTable.solve(fourThousand(), { progress: (f) => { if (f > 0) throw oops; } }), (e) => e === oops);
  // Even a callback that throws undefined rejects (with undefined).
  let thrown = "none";
  await farkle.WinTable.solve(fourThousand(), { progress: (f) => { if (f > 0) throw undefined; } }).then(
    () => { thrown = "resolved"; },
    (e) => { thrown = e; },
  );
  assert.equal(thrown, undefined);
  // Errors of the library come back as their classes.
  const rules = new farkle.Rules("classic", { targetScore: 1000, piggybacking: true });
  await assert.rejects(farkle.WinTable.solve(rules), farkle.UnsupportedError);
  await assert.rejects(farkle.WinTable.solve(fourThousand(), { worker: "yes" }), TypeError);
});

test("a simulation runs in the worker too", async () => {
  const controller = new AbortController();
  let fired = 0;
  const timer = setTimeout(() => { fired = performance.now(); controller.abort(); }, 50);
  const started = performance.now();
  await assert.rejects(
    farkle.simulate("classic", ["single_turn_optimal", "threshold"], 10_000_000, { signal: controller.signal }),
    farkle.AbortError,
  );
  const rejected = performance.now();
  clearTimeout(timer);
  // Ten million games take minutes: the timer fired during them, and the abort ended them.
  assert.ok(fired > 0 && fired - started < 1000, `the timer fired ${fired - started} ms in`);
  assert.ok(rejected - fired < 150, `rejected ${rejected - fired} ms after the abort`);
  // The same games in the worker and here.
  const there = await farkle.simulate("classic", ["threshold", "random_legal"], 200, { seed: 3 });
  const here = await farkle.simulate("classic", ["threshold", "random_legal"], 200, { seed: 3, worker: false });
  assert.deepEqual([there.wins, there.ties, there.points, there.turns], [here.wins, here.ties, here.points, here.turns]);
});

test("on the calling thread (worker: false) a solve still cancels from its callback", async () => {
  const tiny = new farkle.Rules("minimal", { diceCount: 3, targetScore: 500 });
  await assert.rejects(
    farkle.WinTable.solve(tiny, { worker: false, progress: () => false }),
    (e) => e instanceof farkle.CancelledError && !(e instanceof farkle.AbortError),
  );
  const controller = new AbortController();
  let reports = 0;
  await assert.rejects(
    farkle.WinTable.solve(fourThousand(), {
      worker: false,
      signal: controller.signal,
      progress: () => { if (++reports === 2) controller.abort(new Error("enough")); },
    }),
    (e) => e instanceof farkle.AbortError && e.cause.message === "enough",
  );
  // The calls before and after are whole: the same table twice.
  const a = await farkle.WinTable.solve(tiny, { worker: false });
  const b = await farkle.WinTable.solve(tiny);
  assert.equal(a.firstPlayerWinProbability, b.firstPlayerWinProbability);
});

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Long calls run in the package's worker: timers fire during a solve, an abort from a
// timer stops it at once with an AbortError, progress keeps arriving, and simulations do
// the same. Minimal rules to 4,000 take about two seconds to solve.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as farkle from "farkle";

const fourThousand = () => new farkle.Rules("minimal", { targetScore: 4000 });

test("an abort from a timer 50 ms into a solve rejects with AbortError within 150 ms", async () => {
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
  assert.ok(abortedAt - started < 150, `the 50 ms timer fired after ${abortedAt - started} ms`);
  assert.ok(rejectedAt - abortedAt < 150, `rejected ${rejectedAt - abortedAt} ms after the abort`);
  // AbortSignal.timeout() too: its reason is a TimeoutError.
  const t0 = performance.now();
  await assert.rejects(
    farkle.WinTable.solve(fourThousand(), { signal: AbortSignal.timeout(30) }),
    (e) => e instanceof farkle.AbortError && e.cause?.name === "TimeoutError",
  );
  assert.ok(performance.now() - t0 < 250, `AbortSignal.timeout(30) took ${performance.now() - t0} ms`);
});

test("a 10 ms interval keeps firing during a solve, and progress keeps coming", async () => {
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
  const gaps = (times, from, to) => [from, ...times, to].slice(1).map((t, i, all) => t - (i === 0 ? from : all[i - 1]));
  const tickGaps = gaps(ticks, started, ended);
  assert.ok(ticks.length > 20, `${ticks.length} ticks in ${ended - started} ms`);
  assert.ok(Math.max(...tickGaps) <= 100, `the longest gap between ticks was ${Math.max(...tickGaps)} ms`);
  // Progress from the first report to the last, at least every 100 ms.
  const reportGaps = gaps(reports.slice(1, -1), reports[0], reports.at(-1));
  assert.ok(reports.length > 10, `${reports.length} reports`);
  assert.ok(Math.max(...reportGaps) <= 100, `the longest gap between reports was ${Math.max(...reportGaps)} ms`);
  // The table is the one solved here (a two-player table travels exactly).
  const here = await farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 1000 }), { worker: false });
  const there = await farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 1000 }));
  assert.equal(there.firstPlayerWinProbability, here.firstPlayerWinProbability);
  assert.equal(table.rules.targetScore, 4000);
});

test("a progress callback that returns false or throws stops the worker", async () => {
  await assert.rejects(
    farkle.WinTable.solve(fourThousand(), { progress: (f) => f < 0.05 }),
    (e) => e instanceof farkle.CancelledError && !(e instanceof farkle.AbortError),
  );
  const oops = new Error("oops");
  await assert.rejects(farkle.WinTable.solve(fourThousand(), { progress: (f) => { if (f > 0) throw oops; } }), (e) => e === oops);
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
  clearTimeout(timer);
  assert.ok(fired > 0 && performance.now() - fired < 150, `aborted ${performance.now() - fired} ms after the timer`);
  assert.ok(fired - started < 150);
  // The same games in the worker and here.
  const there = await farkle.simulate("classic", ["threshold", "random_legal"], 200, { seed: 3 });
  const here = await farkle.simulate("classic", ["threshold", "random_legal"], 200, { seed: 3, worker: false });
  assert.deepEqual([there.wins, there.ties, there.points, there.turns], [here.wins, here.ties, here.points, here.turns]);
});

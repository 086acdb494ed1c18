// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Long calls run in the package's worker: timers fire during a solve, an abort from a
// timer stops it at once with an AbortError, progress keeps arriving, and simulations do
// the same. Minimal rules to 4,000 take about two seconds to solve.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as farkle from "farkle";
import { abortsOnTime, keepsTheLoopFree } from "./support/timing.mjs";

const fourThousand = () => new farkle.Rules("minimal", { targetScore: 4000 });

test("an abort from a timer 50 ms into a solve rejects with AbortError within 150 ms", async () => {
  // The timer must fire on time (on the old package it fired after the solve), and the
  // promise reject within 150 ms of it.
  await abortsOnTime((signal) => farkle.WinTable.solve(fourThousand(), { signal }));
  // AbortSignal.timeout() too: its reason is a TimeoutError.
  const t0 = performance.now();
  await assert.rejects(
    farkle.WinTable.solve(fourThousand(), { signal: AbortSignal.timeout(30) }),
    (e) => e instanceof farkle.AbortError && e.cause?.name === "TimeoutError",
  );
  assert.ok(performance.now() - t0 < 1000, `AbortSignal.timeout(30) took ${performance.now() - t0} ms`);
});

test("a 10 ms interval keeps firing during a solve, and progress keeps coming", async () => {
  await keepsTheLoopFree(
    (progress) => farkle.WinTable.solve(fourThousand(), { progress }),
    (run) => assert.equal(run.value.rules.targetScore, 4000),
  );
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

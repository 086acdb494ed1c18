// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Timing a long call of the package from the calling thread: whether a timer's abort stops
// it on time, and whether a 10 ms interval and the progress reports keep coming while it
// runs. A machine loaded by other work may hold up a timer or this thread whatever the
// package does, so each check allows up to three tries, one of which must meet the times.
// (No tests here: worker.test.js and offthread_policies.test.js use it.)

import assert from "node:assert/strict";
import * as farkle from "farkle";

/** The longest gap between `times`, from `from` to `to`. */
export const longestGap = (times, from, to) => {
  const all = [from, ...times, to];
  return Math.max(...all.slice(1).map((t, i) => t - all[i]));
};

/**
 * Starts `call(signal)` and aborts it from a timer 50 ms in: when the timer fired and how
 * long after it the promise rejected (with an AbortError whose cause is the signal's reason).
 */
export async function abortedAfter50(call) {
  const controller = new AbortController();
  let abortedAt = 0;
  setTimeout(() => {
    abortedAt = performance.now();
    controller.abort();
  }, 50);
  const started = performance.now();
  await assert.rejects(call(controller.signal), (e) => {
    assert.ok(e instanceof farkle.AbortError && e instanceof farkle.CancelledError, String(e));
    assert.equal(e.name, "AbortError");
    assert.equal(e.cause?.name, "AbortError"); // the signal's reason
    return true;
  });
  const rejectedAt = performance.now();
  assert.ok(abortedAt > 0, "the timer fired during the call");
  return { fired: Math.round(abortedAt - started), late: Math.round(rejectedAt - abortedAt) };
}

/** Up to three abortedAfter50(call): one must fire within 150 ms and reject within 150 ms of it. */
export async function abortsOnTime(call) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const run = await abortedAfter50(call);
    runs.push(run);
    if (run.fired < 150 && run.late < 150) return run;
  }
  assert.fail(`no try met the times: ${JSON.stringify(runs)}`);
}

/** `call(progress)` under a 10 ms interval: its value, and the longest gaps between ticks and between reports. */
export async function watched(call) {
  const ticks = [];
  const reports = [];
  const interval = setInterval(() => ticks.push(performance.now()), 10);
  const started = performance.now();
  let value;
  try {
    value = await call(() => { reports.push(performance.now()); });
  } finally {
    clearInterval(interval);
  }
  const ended = performance.now();
  return {
    value,
    ms: Math.round(ended - started),
    ticks: ticks.length,
    tickGap: Math.round(longestGap(ticks, started, ended)),
    reports: reports.length,
    // From the first report to the last.
    reportGap: Math.round(longestGap(reports.slice(1, -1), reports[0], reports.at(-1))),
  };
}

/**
 * Up to three watched(call): one must keep both gaps within 100 ms. A call on this thread
 * gives one gap as long as the whole call (a second or more) every time. `check(run)` looks
 * at each run's value. Returns the run that met the times.
 */
export async function keepsTheLoopFree(call, check = () => {}) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const run = await watched(call);
    const shown = { ...run, value: undefined };
    runs.push(shown);
    check(run);
    assert.ok(run.ticks > 20 && run.reports > 10, JSON.stringify(shown));
    if (run.tickGap <= 100 && run.reportGap <= 100) return run;
  }
  assert.fail(`no call kept its gaps within 100 ms: ${JSON.stringify(runs)}`);
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The single-turn solves in the package's worker: TurnPolicy.create(),
// PenaltyPolicy.create(), penaltyAveragePointsAsync() and Game.prepareAdviceAsync() let
// timers run while they solve, cancel from a timer with an AbortError, and hand back the
// very policy the calling thread would have solved. The slow rules: the additive preset
// with nine dice, whose turn policy takes one to three seconds in WebAssembly (twelve take
// tens of seconds; docs/benchmarks.md).

import { test } from "node:test";
import assert from "node:assert/strict";
import * as farkle from "farkle";
import { abortsOnTime, keepsTheLoopFree } from "./support/timing.mjs";

const slow = () => new farkle.Rules("additive", { diceCount: 9 });

/** Everything a turn policy answers for a set of `dice` dice, up to `top` points. */
function answers(policy, dice, top) {
  const all = [policy.expectedPoints];
  for (let n = 1; n <= dice; n++) {
    all.push(policy.bankThreshold(n));
    for (let t = 0; t <= top; t += 50) all.push(policy.value(t, n));
  }
  all.push(policy.bestChoice([1, 5, 2, 3, 4, 6], 300), policy.bestChoice([1, 1, 1, 5], 0));
  return all;
}

test("TurnPolicy.create() solves in the worker: timers run, a timer's abort stops it", async () => {
  const run = await keepsTheLoopFree((progress) => farkle.TurnPolicy.create(slow(), { progress }));
  assert.equal(run.value.rules.diceCount, 9);
  assert.equal(run.value.onBoard, true);
  console.log(`# TurnPolicy.create (additive, 9 dice): ${run.ms} ms, longest tick gap ${run.tickGap} ms`);
  const times = await abortsOnTime((signal) => farkle.TurnPolicy.create(slow(), { signal }));
  console.log(`# TurnPolicy.create aborted ${times.late} ms after the timer`);
  // AbortSignal.timeout() too: its reason is a TimeoutError.
  await assert.rejects(
    farkle.TurnPolicy.create(slow(), { signal: AbortSignal.timeout(30) }),
    (e) => e instanceof farkle.AbortError && e.cause?.name === "TimeoutError",
  );
});

test("a turn policy from the worker answers as the one solved here", async () => {
  // Classic's hand-checked figures (strategy.test.js), then every answer of the two alike.
  const there = await farkle.TurnPolicy.create("classic");
  assert.ok(Math.abs(there.expectedPoints - 590.02) <= 0.005, String(there.expectedPoints));
  assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => there.bankThreshold(n)), [350, 250, 450, 1050, 3100, 18100]);
  assert.deepEqual(answers(there, 6, 20_000), answers(new farkle.TurnPolicy("classic"), 6, 20_000));
  // Off the board under single 1s and 5s before entry: its own scoring travels too.
  const entry = new farkle.Rules("classic", { singlesOnlyBeforeEntry: true });
  const offBoard = await farkle.TurnPolicy.create(entry, { onBoard: false });
  assert.equal(offBoard.onBoard, false);
  assert.deepEqual(answers(offBoard, 6, 3000), answers(new farkle.TurnPolicy(entry, { onBoard: false }), 6, 3000));
  // worker: false solves here, with the signal checked at its reports.
  const here = await farkle.TurnPolicy.create("classic", { worker: false });
  assert.equal(here.expectedPoints, there.expectedPoints);
  await assert.rejects(
    farkle.TurnPolicy.create(slow(), { worker: false, signal: AbortSignal.abort() }),
    farkle.AbortError,
  );
  // Refusals keep their classes; options are checked before any work.
  await assert.rejects(farkle.TurnPolicy.create(new farkle.Rules("classic", { hotDiceMultiplierStep: 1 })), farkle.UnsupportedError);
  await assert.rejects(farkle.TurnPolicy.create("classic", { on_board: true }), (e) => e instanceof TypeError && /on_board/.test(e.message));
  await assert.rejects(farkle.TurnPolicy.create("classic", { signal: "soon" }), TypeError);
  await assert.rejects(farkle.TurnPolicy.create("classic", { onBoard: 1 }), TypeError);
  await assert.rejects(farkle.TurnPolicy.create("poker"), /unknown rules preset "poker"/);
  // The constructor still takes no signal (it cannot be cancelled from a timer).
  assert.throws(() => new farkle.TurnPolicy("classic", { signal: AbortSignal.timeout(10) }), TypeError);
});

test("Game.prepareAdviceAsync() solves in the worker and installs the advice", async () => {
  const run = await keepsTheLoopFree(async (progress) => {
    const game = new farkle.Game(slow(), 2, { seed: 3 });
    await game.prepareAdviceAsync({ progress });
    return game;
  });
  console.log(`# Game.prepareAdviceAsync (additive, 9 dice): ${run.ms} ms, longest tick gap ${run.tickGap} ms`);
  // Installed: preparing again reports no progress at all (an unprepared game's does, from 0).
  const calls = [];
  run.value.prepareAdvice({ progress: (f) => { calls.push(f); } });
  assert.deepEqual(calls, []);
  const fresh = new farkle.Game("classic", 2, { seed: 3 });
  fresh.prepareAdvice({ progress: (f) => { calls.push(f); } });
  assert.equal(calls[0], 0);

  const times = await abortsOnTime((signal) => new farkle.Game(slow(), 2, { seed: 3 }).prepareAdviceAsync({ signal }));
  console.log(`# Game.prepareAdviceAsync aborted ${times.late} ms after the timer`);
  // The game plays on during the solve; an aborted one is left unprepared.
  const game = new farkle.Game(slow(), 2, { seed: 5 });
  const controller = new AbortController();
  const pending = game.prepareAdviceAsync({ signal: controller.signal });
  game.roll();
  assert.equal(game.state.phase === "awaiting_selection" || game.state.phase === "farkled", true);
  controller.abort();
  await assert.rejects(pending, farkle.AbortError);
  // ...which its next (synchronous) preparation shows by reporting, here cancelled at once.
  const after = [];
  assert.throws(() => game.prepareAdvice({ progress: (f) => { after.push(f); return false; } }), farkle.CancelledError);
  assert.deepEqual(after, [0]);
}, { timeout: 120_000 });

test("the advice installed gives the advice solved here; refusals and closed games", async () => {
  for (const preset of ["classic", "extended", "zilch"]) {
    const a = new farkle.Game(preset, ["a", "b"], { seed: 11 });
    const b = new farkle.Game(preset, ["a", "b"], { seed: 11 });
    await a.prepareAdviceAsync();
    b.prepareAdvice();
    for (let turn = 0; turn < 6 && a.state.phase !== "game_over"; turn++) {
      assert.deepEqual(a.advise(), b.advise(), `${preset}, turn ${turn}`);
      a.botPlayTurn("single_turn_optimal");
      b.botPlayTurn("single_turn_optimal");
    }
    assert.deepEqual(a.state, b.state, preset);
  }
  // A game prepared meanwhile keeps its own advice; preparing twice is harmless.
  const g = new farkle.Game("classic", 2, { seed: 1 });
  const pending = g.prepareAdviceAsync();
  g.advise();
  await pending;
  await g.prepareAdviceAsync();
  await assert.rejects(new farkle.Game(new farkle.Rules("classic", { exactTarget: "bust" }), 2, { seed: 1 }).prepareAdviceAsync(), farkle.UnsupportedError);
  await assert.rejects(g.prepareAdviceAsync({ progress: 1 }), TypeError);
  await assert.rejects(g.prepareAdviceAsync({ onBoard: true }), (e) => e instanceof TypeError && /onBoard/.test(e.message));
  const closed = new farkle.Game("classic", 2, { seed: 1 });
  closed.close();
  await assert.rejects(closed.prepareAdviceAsync(), /closed/);
  // Closed while the worker solves: the promise rejects, nothing is installed anywhere.
  const leaving = new farkle.Game("extended", 2, { seed: 1 });
  const solving = leaving.prepareAdviceAsync();
  leaving.close();
  await assert.rejects(solving, /closed/);
});

test("PenaltyPolicy.create() and penaltyAveragePointsAsync() in the worker", async () => {
  // The extended preset's figure (strategy.test.js), the same policy as solved here.
  const there = await farkle.PenaltyPolicy.create("extended");
  const here = new farkle.PenaltyPolicy("extended");
  assert.ok(Math.abs(there.averagePoints - 590.83) <= 0.005, String(there.averagePoints));
  assert.equal(there.averagePoints, here.averagePoints);
  for (let k = 0; k < here.streak; k++) {
    assert.equal(there.relativeValue(k), here.relativeValue(k));
    for (let n = 1; n <= 6; n++) assert.equal(there.bankThreshold(k, n), here.bankThreshold(k, n));
  }
  assert.equal(await farkle.penaltyAveragePointsAsync("extended"), farkle.penaltyAveragePoints("extended"));
  assert.equal(await farkle.penaltyAveragePointsAsync("extended", { worker: false }), here.averagePoints);
  await assert.rejects(farkle.PenaltyPolicy.create("classic"), farkle.UnsupportedError);
  await assert.rejects(farkle.penaltyAveragePointsAsync("classic"), farkle.UnsupportedError);
  await assert.rejects(farkle.PenaltyPolicy.create("extended", { seed: 1 }), (e) => e instanceof TypeError && /seed/.test(e.message));
  // A long streak takes seconds (20 farkles: several): a timer's abort stops it.
  const long = new farkle.Rules("extended", { farklePenaltyStreak: 20 });
  await abortsOnTime((signal) => farkle.PenaltyPolicy.create(long, { signal }));
  await abortsOnTime((signal) => farkle.penaltyAveragePointsAsync(long, { signal }));
});

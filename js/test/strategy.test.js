// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Strategy against the figures of docs/strategy.md and values worked out by hand (those
// python/tests/test_strategy.py checks): the single-turn policy, the penalty policy, the
// win table with progress, cancellation (a callback and an AbortSignal) and saving, advice
// and bots with a table, and simulations.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import assert from "node:assert/strict";
import * as farkle from "farkle";

const close = (actual, expected, tolerance, what) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not ${expected}`);

/** Three dice, single 1s and 5s and triples, to 500: a two-player table in milliseconds. */
const tiny = () => new farkle.Rules("minimal", { diceCount: 3, targetScore: 500 });
let tinyTable;
const table = async () => (tinyTable ??= await farkle.WinTable.solve(tiny()));

test("the single-turn policy of the classic preset", () => {
  const policy = new farkle.TurnPolicy("classic", { onBoard: true });
  close(policy.expectedPoints, 590.02, 0.005, "expected points");
  assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => policy.bankThreshold(n)), [350, 250, 450, 1050, 3100, 18100]);
  // Far past every threshold: keep the most points and bank, 1 1 5 5 = 300.
  const choice = policy.bestChoice([1, 5, 1, 4, 5, 3], 20000);
  assert.equal(choice.bank, true);
  assert.equal(choice.points, 300);
  assert.deepEqual(choice.keep, [1, 1, 5, 5]);
  assert.deepEqual(choice.keepIndices, [0, 1, 2, 4]);
  assert.equal(choice.turnTotal, 20300);
  assert.equal(policy.bestChoice([2, 3, 4, 6]).farkle, true);
  close(new farkle.TurnPolicy("classic", { onBoard: false }).expectedPoints, 567.89, 0.005, "off the board");
});

test("the value of positions", () => {
  const policy = new farkle.TurnPolicy("classic");
  assert.equal(policy.value(0, 6), policy.expectedPoints);
  // One die at 1000: banking is optimal, so the value is the turn total.
  assert.equal(policy.value(1000, 1), 1000);
  assert.equal(policy.value(farkle.MAX_TURN_TOTAL, 1), farkle.MAX_TURN_TOTAL);
  // One die without hot dice: a 1 or a 5 is banked at once, else a farkle: (100 + 50) / 6.
  const one = new farkle.TurnPolicy(new farkle.Rules("classic", { diceCount: 1, hotDice: false }));
  close(one.value(0, 1), 25, 1e-9, "one die");
  assert.throws(() => policy.value(0, 6, false), (e) => e instanceof farkle.InvalidArgumentError && /not yet on the board/.test(e.message));
  assert.throws(() => policy.value(25, 6), (e) => e instanceof farkle.InvalidArgumentError && /multiple of 50/.test(e.message));
  assert.throws(() => policy.value(0, 7), RangeError);
  assert.throws(() => policy.value(-50, 1), RangeError);
  assert.throws(() => policy.value(0, 6, "yes"), TypeError);
  // On one die with 100 made: keep the 1 (200) and roll the other four.
  const low = policy.bestChoice([1, 2, 3, 4, 6], 100);
  assert.equal(low.bank, false);
  assert.equal(low.diceLeft, 4);
});

test("the penalty policy and the long-run average", () => {
  close(farkle.penaltyAveragePoints("extended"), 590.83, 0.005, "extended average");
  assert.throws(() => farkle.penaltyAveragePoints("classic"), farkle.UnsupportedError);
  const policy = new farkle.PenaltyPolicy("extended");
  assert.equal(policy.streak, 3);
  assert.deepEqual(
    [0, 1, 2].map((k) => [1, 2, 3, 4, 5, 6].map((n) => policy.bankThreshold(k, n))),
    [[300, 250, 400, 1050, 3050, 18150], [200, 150, 350, 950, 3000, 18050], [50, 50, 50, 50, 2100, 17150]],
  );
  assert.throws(() => policy.bankThreshold(3, 1), RangeError);
  // Six dice never farkle in zilch: never banked.
  const zilch = new farkle.PenaltyPolicy("zilch");
  assert.deepEqual([0, 1, 2].map((k) => zilch.bankThreshold(k, 6)), [null, null, null]);
  // One die, no hot dice, 500 on the second farkle: h(1) = -(2/3)(500 + h(1)) = -200.
  const one = new farkle.Rules("classic", {
    diceCount: 1, hotDice: false, farklePenaltyStreak: 2, farklePenaltyPoints: 500,
  });
  const tinyPolicy = new farkle.PenaltyPolicy(one);
  close(tinyPolicy.relativeValue(1), -200, 1e-6, "h(1)");
  close(tinyPolicy.averagePoints, 25 - 400 / 3, 1e-6, "average");
  assert.throws(() => new farkle.PenaltyPolicy("classic"), farkle.UnsupportedError);
  assert.throws(() => new farkle.PenaltyPolicy("extended", { progress: () => false }), farkle.CancelledError);
});

test("a win table solve reports progress, saves and loads", async () => {
  const seen = [];
  const t = await farkle.WinTable.solve(tiny(), { progress: (f) => { seen.push(f); } });
  assert.ok(seen.length > 0);
  assert.deepEqual(seen, [...seen].sort((a, b) => a - b));
  assert.ok(seen[0] >= 0 && seen.at(-1) === 1);
  const p = t.firstPlayerWinProbability;
  assert.ok(p > 0.5 && p < 1);
  assert.ok(t.rules.equals(tiny()));
  assert.ok(t.compensation >= 0);
  assert.equal(t.playerCount, 2);
  assert.equal(t.outdated, false);
  const bytes = t.toBytes();
  const again = farkle.WinTable.fromBytes(bytes);
  assert.equal(again.firstPlayerWinProbability, p);
  assert.deepEqual(again.toBytes(), bytes);
  const broken = bytes.slice();
  broken[broken.length - 1] ^= 1;
  assert.throws(() => farkle.WinTable.fromBytes(broken), farkle.BadTableFileError);
  await assert.rejects(farkle.WinTable.solve("additive"), farkle.UnsupportedError);
});

test("a win table solve is cancelled by its callback, its signal, or a throw", async () => {
  await assert.rejects(farkle.WinTable.solve(tiny(), { progress: () => false }), farkle.CancelledError);
  // A signal aborted during the solve stops it at the next report.
  const controller = new AbortController();
  let reports = 0;
  await assert.rejects(
    farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 10000 }), {
      signal: controller.signal,
      progress: () => { if (++reports === 2) controller.abort(new Error("enough")); },
    }),
    (e) => e instanceof farkle.CancelledError && e.cause.message === "enough",
  );
  assert.equal(reports, 2);
  // A signal aborted before the call: nothing starts.
  await assert.rejects(farkle.WinTable.solve(tiny(), { signal: AbortSignal.abort() }), farkle.CancelledError);
  class Stop extends Error {}
  await assert.rejects(farkle.WinTable.solve(tiny(), { progress: () => { throw new Stop(); } }), Stop);
  await assert.rejects(farkle.WinTable.solve(tiny(), { progress: 1 }), TypeError);
});

test("win table queries", async () => {
  const t = await table();
  const start = { me: {}, opponent: {}, turnTotal: 0, dice: 3 };
  close(t.winProbability(start), t.firstPlayerWinProbability, 1e-12, "the start");
  // 50 points from the target with the opponent at 0: banking any 50 wins.
  const near = { me: { score: 450 }, opponent: {}, turnTotal: 50, dice: 3 };
  const decision = t.decision(near);
  assert.equal(decision.bank, true);
  assert.equal(decision.bankAllowed, true);
  assert.equal(decision.bankWinProbability, 1);
  const choice = t.bestChoice({ score: 450 }, {}, 0, [1, 2, 3]);
  assert.deepEqual(choice.keep, [1]);
  assert.equal(choice.bank, true);
  assert.equal(choice.value, 1);
  assert.throws(() => t.winProbability({ me: { score: "0" }, opponent: {} }), TypeError);
});

test("advice and bots with a table", async () => {
  const t = await table();
  const g = new farkle.Game(tiny(), 2, { seed: 4 });
  assert.equal(g.advise(t).valueKind, "win_probability");
  while (!g.isOver) g.botPlayTurn("win_optimal", { table: t });
  assert.equal(g.winners.length, 1);
  assert.throws(() => new farkle.Game("classic", 2, { seed: 1 }).advise(t), farkle.InvalidArgumentError);
});

test("simulations are reproducible and favour the better bot", async () => {
  const result = await farkle.simulate("classic", ["threshold", "random_legal"], 400, { seed: 3 });
  const again = await farkle.simulate("classic", ["threshold", "random_legal"], 400, { seed: 3 });
  assert.deepEqual([again.wins, again.ties, again.points], [result.wins, result.ties, result.points]);
  assert.equal(result.games, 400);
  assert.ok(result.wins[0] + result.wins[1] + result.ties[0] <= 400);
  assert.ok(result.winRate(0) > result.winRate(1));
  assert.ok(result.meanPoints(0) > result.meanPoints(1));
  const fractions = [];
  await farkle.simulate(tiny(), ["win_optimal", "single_turn_optimal"], 2000, {
    table: await table(),
    progress: (f) => { fractions.push(f); },
  });
  close(fractions.at(-1), 1, 1e-9, "the last report");
  await assert.rejects(farkle.simulate("classic", ["threshold"], 100000, { progress: () => false }), farkle.CancelledError);
  await assert.rejects(farkle.simulate("classic", ["win_optimal"], 1), TypeError);
});

test("a table an earlier version saved still loads, and says it is outdated", () => {
  // Classic rules to 1,000, saved as format version 3 before the solver weighed every scoring
  // selection under a final round.
  // The repository's test data (FARKLE_TEST_DATA where the tests run from a copy).
  const data = process.env.FARKLE_TEST_DATA ?? fileURLToPath(new URL("../../tests/data/", import.meta.url));
  const bytes = readFileSync(join(data, "classic-1000-2p-v3.fwt"));
  const old = farkle.WinTable.fromBytes(bytes);
  assert.equal(old.outdated, true);
  assert.equal(old.rules.targetScore, 1000);
  assert.equal(old.firstPlayerWinProbability, 0.5731903392111592);
});

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Win tables for three players through the package, against numbers worked out by hand and
// by a Markov chain written here without the solver (as python/tests/test_three_players.py
// checks them): every seat's chances, the mover's decision with its mixing probability, the
// best choice, start probabilities, head starts, mixed cycles, outdated tables, advice by
// seat, and the bots that play from tables.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import assert from "node:assert/strict";
import * as farkle from "farkle";

const close = (actual, expected, tolerance, what) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not ${expected}`);
const allClose = (actual, expected, tolerance, what) => {
  assert.equal(actual.length, expected.length, `${what}: ${actual} against ${expected}`);
  actual.forEach((a, i) => close(a, expected[i], tolerance, `${what}[${i}]`));
};

/** Three dice, single 1s and 5s and triples, to 500: a thousand turn-start states. */
const tiny = () => new farkle.Rules("minimal", { diceCount: 3, targetScore: 500 });
let tinyTable3;
// Solved on the calling thread: a table from the worker comes through its saved form, whose
// three-player values are 32-bit floats (checked below within 1e-6).
const table3 = async () => (tinyTable3 ??= await farkle.WinTable.solve(tiny(), { players: 3, worker: false }));
let tinyTable2;
const table2 = async () => (tinyTable2 ??= await farkle.WinTable.solve(tiny()));

test("minimal rules to 1,000: every seat's chance from the start", async () => {
  const table = await farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 1000 }), { players: 3 });
  assert.equal(table.playerCount, 3);
  allClose(table.startProbabilities, [0.442323, 0.321535, 0.236142], 1e-6, "start");
  assert.equal(table.firstPlayerWinProbability, table.startProbabilities[0]);
});

test("a three-player table from the worker is the solved one within 1e-6", async () => {
  const here = await table3();
  const there = await farkle.WinTable.solve(tiny(), { players: 3 });
  assert.equal(there.playerCount, 3);
  for (const state of [[0, 0, 0], [450, 450, 450], [100, 300, 250], [400, 0, 350]]) {
    allClose(there.winProbabilities(state), here.winProbabilities(state), 1e-6, `${state}`);
  }
  allClose(there.startProbabilities, here.startProbabilities, 1e-6, "start");
});

test("every turn start is a distribution, and moving first is an advantage", async () => {
  const table = await table3();
  assert.equal(table.playerCount, 3);
  assert.equal(table.mixedCycles, 0);
  for (const a of [0, 150, 300, 450]) {
    for (const b of [0, 200, 450]) {
      for (const c of [0, 250, 400]) {
        const p = table.winProbabilities([a, b, c]);
        assert.equal(p.length, 3);
        assert.ok(p.every((x) => x >= 0 && x <= 1), `${[a, b, c]}: ${p}`);
        close(p[0] + p[1] + p[2], 1, 1e-12, `sum at ${[a, b, c]}`);
      }
    }
  }
  const start = table.startProbabilities;
  allClose(start, table.winProbabilities([{}, {}, {}], 0, 3), 1e-15, "start");
  assert.ok(start[0] > start[1] && start[1] > start[2], `${start}`);
});

test("everyone one roll from winning, by hand", async () => {
  const table = await table3();
  // Three dice under minimal scoring farkle on no 1, no 5 and no triple: 4^3 - 4 of 216
  // rolls, so q = 60/216 = 5/18. At 450 of 500 any other roll banks the win at once, so the
  // mover wins with s = 1 - q, the next with q s, the last with q^2 s, over 1 - q^3.
  const q = 5 / 18;
  const s = 1 - q;
  const hand = [s / (1 - q ** 3), (q * s) / (1 - q ** 3), (q * q * s) / (1 - q ** 3)];
  allClose(table.winProbabilities([450, 450, 450]), hand, 1e-12, "450 each");
  const decision = table.moverDecision([450, 450, 450]);
  assert.deepEqual([decision.bank, decision.bankAllowed, decision.rollProbability], [false, false, 1]);
  assert.deepEqual(decision.bankWinProbabilities, [0, 0, 0]);
  allClose(decision.rollWinProbabilities, hand, 1e-12, "rolling");
  assert.equal(decision.rollWinProbability, decision.rollWinProbabilities[0]);
  // Holding 50 the mover banks the win.
  const holding = table.moverDecision([450, 0, 0], 50, 2);
  assert.deepEqual([holding.bank, holding.bankAllowed, holding.rollProbability], [true, true, 0]);
  assert.deepEqual(holding.bankWinProbabilities, [1, 0, 0]);
  const best = table.moverBestChoice([450, 450, 450], 0, [1, 2, 3]);
  assert.deepEqual([best.keep, best.bank, best.value], [[1], true, 1]);
  assert.deepEqual(best.winProbabilities, [1, 0, 0]);
  const farkled = table.moverBestChoice([{ score: 450 }, 450, 450], 0, [2, 3, 4]);
  assert.equal(farkled.farkle, true);
  assert.deepEqual(farkled.winProbabilities, [0, 0, 0]);
  // The two-player queries leave the choice's seats empty.
  assert.deepEqual((await table2()).bestChoice({ score: 450 }, { score: 450 }, 0, [1, 2, 3]).winProbabilities, []);
});

/**
 * Every player's chance at the start of every turn of a game on one die without hot dice
 * (a 1 banks 100, a 5 banks 50, anything else farkles; nobody has a choice), by value
 * iteration over the scores in turn order from the mover.
 */
function oneDieChain(players, target) {
  const scores = [];
  for (let s = 0; s < target; s += 50) scores.push(s);
  let states = [[]];
  for (let i = 0; i < players; i++) states = states.flatMap((st) => scores.map((s) => [...st, s]));
  const key = (st) => st.join(",");
  let values = new Map(states.map((st) => [key(st), new Array(players).fill(0)]));
  const after = (st, gain, v) => {
    if (st[0] + gain >= target) return [1, ...new Array(players - 1).fill(0)];
    const next = v.get(key([...st.slice(1), st[0] + gain]));
    return Array.from({ length: players }, (_, i) => next[(i - 1 + players) % players]);
  };
  for (let round = 0; round < 400; round++) {
    const nextValues = new Map();
    for (const st of states) {
      const a = after(st, 100, values);
      const b = after(st, 50, values);
      const f = after(st, 0, values);
      nextValues.set(key(st), a.map((x, i) => (x + b[i]) / 6 + (4 * f[i]) / 6));
    }
    values = nextValues;
  }
  return { get: (st) => values.get(key(st)), after: (st, gain) => after(st, gain, values) };
}

test("a game without choices agrees with its Markov chain", async () => {
  const rules = new farkle.Rules("minimal", { diceCount: 1, hotDice: false, targetScore: 300 });
  const table = await farkle.WinTable.solve(rules, { players: 3, worker: false });
  assert.equal(table.playerCount, 3);
  const chain = oneDieChain(3, 300);
  for (const a of [0, 100, 250]) {
    for (const b of [0, 50, 200]) {
      for (const c of [0, 150, 250]) {
        allClose(table.winProbabilities([a, b, c]), chain.get([a, b, c]), 1e-12, `${[a, b, c]}`);
      }
    }
  }
  allClose(table.startProbabilities, chain.get([0, 0, 0]), 1e-12, "start");
  // Holding 50 with the one die again: banking ends the turn at the score + 50; rolling adds
  // 100 or 50 and banks, or loses it.
  const state = [100, 250, 150];
  const decision = table.moverDecision(state, 50, 1);
  const bank = chain.after(state, 50);
  const [x, y, z] = [chain.after(state, 150), chain.after(state, 100), chain.after(state, 0)];
  const roll = x.map((v, i) => (v + y[i]) / 6 + (4 * z[i]) / 6);
  assert.equal(decision.bankAllowed, true);
  allClose(decision.bankWinProbabilities, bank, 1e-12, "bank");
  allClose(decision.rollWinProbabilities, roll, 1e-12, "roll");
  assert.equal(decision.bank, bank[0] >= roll[0]);
  assert.equal(decision.rollProbability, decision.bank ? 0 : 1);
});

test("the head starts are the fairest pair", async () => {
  const table = await table3();
  let best = null;
  for (let h2 = 0; h2 < 500; h2 += 50) {
    for (let h3 = 0; h3 < 500; h3 += 50) {
      const p = table.winProbabilities([0, { score: h2 }, { score: h3 }]);
      const cost = p.reduce((sum, x) => sum + (x - 1 / 3) ** 2, 0);
      // The least cost; on ties the smaller head starts (the loops go up).
      if (best === null || cost < best.cost - 1e-15) best = { cost, h: [h2, h3] };
    }
  }
  assert.deepEqual(table.headStarts, best.h);
  const two = await table2();
  assert.deepEqual(two.headStarts, [two.compensation]);
  assert.equal(two.playerCount, 2);
  assert.equal(two.mixedCycles, 0);
});

test("the first mixed cycle rolls as an independent solver found", async () => {
  // Minimal rules to 1,500: the players 1,300, 650 and 1,150 from the target have no pure
  // equilibrium. The mover at 200 holding 400 with one die rolls with probability
  // 0.188440916, the one at 350 holding 450 with one die with 0.070364742.
  const table = await farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 1500 }), { players: 3, worker: false });
  assert.equal(table.mixedCycles, 1);
  const loaded = farkle.WinTable.fromBytes(table.toBytes());
  assert.equal(loaded.mixedCycles, 1);
  assert.equal(loaded.playerCount, 3);
  const [a, b, c] = [{ score: 200 }, { score: 850 }, { score: 350 }];
  const first = table.moverDecision([a, b, c], 400, 1);
  const second = table.moverDecision([c, a, b], 450, 1);
  close(first.rollProbability, 0.188440916, 1e-8, "first");
  close(second.rollProbability, 0.070364742, 1e-8, "second");
  for (const d of [first, second]) close(d.bankWinProbability, d.rollWinProbability, 1e-12, "indifferent");
  assert.ok([0, 1].includes(table.moverDecision([a, b, c], 350, 1).rollProbability));
});

test("a three-player table the C library wrote loads as one, and says it is outdated", () => {
  // The repository's test data (FARKLE_TEST_DATA where the tests run from a copy).
  const data = process.env.FARKLE_TEST_DATA ?? fileURLToPath(new URL("../../tests/data/", import.meta.url));
  const old = farkle.WinTable.fromBytes(readFileSync(join(data, "classic-1000-3p-v4.fwt")));
  assert.equal(old.playerCount, 3);
  assert.equal(old.outdated, true);
  assert.equal(old.rules.targetScore, 1000);
  assert.equal(old.startProbabilities.length, 3);
  close(old.startProbabilities.reduce((s, x) => s + x), 1, 1e-9, "sum");
});

test("refusals", async () => {
  const table = await table3();
  assert.throws(() => table.winProbabilities([0, 0]), farkle.InvalidArgumentError);
  assert.throws(() => table.winProbabilities([500, 0, 0]), farkle.InvalidArgumentError);
  assert.throws(() => table.winProbabilities([0, 0, 0], 25), farkle.InvalidArgumentError);
  assert.throws(() => table.winProbabilities([0, 0, 0], 0, 4), farkle.InvalidArgumentError);
  assert.throws(() => table.winProbabilities("abc"), TypeError);
  assert.throws(() => table.winProbabilities([0, 0, 0.5]), TypeError);
  assert.throws(() => table.winProbabilities([]), RangeError);
  assert.throws(() => table.winProbabilities([0, 0, 0], 0, 0), RangeError);
  assert.throws(() => table.winProbabilities([{ scor: 50 }, 0, 0]), (e) => e instanceof TypeError && /"scor"/.test(e.message));
  // The two-player calls say which to ask instead.
  assert.throws(() => table.decision({ me: {}, opponent: {} }), farkle.UnsupportedError);
  assert.throws(() => table.compensation, farkle.UnsupportedError);
  // Four players are refused by the library; one by the package.
  await assert.rejects(
    farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 10000 }), { players: 4 }),
    (e) => e instanceof farkle.ResourceLimitError || e instanceof farkle.UnsupportedError,
  );
  await assert.rejects(farkle.WinTable.solve(tiny(), { players: 1 }), RangeError);
  await assert.rejects(farkle.WinTable.solve(tiny(), { players: "3" }), TypeError);
  // A misspelt option is named, not ignored.
  await assert.rejects(farkle.WinTable.solve(tiny(), { player: 3 }), (e) => e instanceof TypeError && /"player"/.test(e.message));
});

/** The table's chances at the start of the current player's turn, by seat. */
function bySeat(game, table) {
  const n = game.state.playerCount;
  const mover = game.state.currentPlayer;
  const order = Array.from({ length: n }, (_, k) => (mover + k) % n);
  const chances = table.winProbabilities(order.map((seat) => game.player(seat).score));
  const out = new Array(n);
  order.forEach((seat, k) => (out[seat] = chances[k]));
  return out;
}

test("advice gives every seat its chances", async () => {
  const table = await table3();
  const game = new farkle.Game(tiny(), 3, { seed: 11 });
  let starts = 0;
  for (let checked = 0; checked < 40 && game.state.phase !== "game_over"; checked++) {
    const advice = game.advise(table);
    assert.equal(advice.valueKind, "win_probability");
    assert.ok(advice.rollProbability >= 0 && advice.rollProbability <= 1);
    for (const choice of advice.choices) {
      const seats = choice.winProbabilities;
      assert.equal(seats.length, 3);
      close(seats[0] + seats[1] + seats[2], 1, 1e-12, "sum");
      close(seats[game.state.currentPlayer], choice.value, 1e-12, "the mover's value");
    }
    assert.ok(advice.choices.some((c) => c.winProbabilities.join() === advice.recommended.winProbabilities.join()));
    const s = game.state;
    if (s.phase === "awaiting_roll" && s.turnPoints === 0) {
      starts++;
      assert.equal(advice.choices.length, 1);
      const [roll] = advice.choices;
      assert.equal(roll.action, "roll");
      assert.equal(advice.rollProbability, 1);
      allClose(roll.winProbabilities, bySeat(game, table), 1e-12, "the table's chances");
    }
    if (checked % 2) {
      game.botPlayTurn("win_optimal", { table });
    } else {
      game.roll();
      if (game.state.phase === "farkled") game.acknowledgeFarkle();
    }
  }
  assert.ok(starts > 0);
  // Without a table, or with one that does not cover the game: expected points, no seats.
  const plain = new farkle.Game(tiny(), 3, { seed: 1 }).advise();
  assert.equal(plain.valueKind, "expected_points");
  assert.equal(plain.rollProbability, 1);
  assert.deepEqual(plain.recommended.winProbabilities, []);
  for (const [players, t] of [[3, await table2()], [2, table], [4, table]]) {
    const advice = new farkle.Game(tiny(), players, { seed: 2 }).advise(t);
    assert.equal(advice.valueKind, "expected_points");
    assert.ok(advice.choices.every((c) => c.winProbabilities.length === 0));
  }
});

test("bots play three- and four-player games to the end; a table bot without one is told", async () => {
  const game = new farkle.Game(tiny(), 3, { seed: 5 });
  while (game.state.phase !== "game_over") game.botPlayTurn("win_optimal", { table: await table3(), seed: game.state.round });
  assert.equal(game.state.winners.length, 1);
  const four = new farkle.Game(tiny(), 4, { seed: 6 });
  assert.throws(() => four.botPlayTurn("strongest_opponent"), (e) => e instanceof TypeError && /strongest_opponent.*table/.test(e.message));
  assert.throws(() => four.botPlayTurn("win_optimal"), (e) => e instanceof TypeError && /win_optimal.*table/.test(e.message));
  assert.throws(() => four.botPlayTurn("threshold", { tabel: 1 }), (e) => e instanceof TypeError && /"tabel"/.test(e.message));
  while (four.state.phase !== "game_over") four.botPlayTurn("strongest_opponent", { table: await table2() });
  assert.equal(four.state.winners.length, 1);
  const result = await farkle.simulate(tiny(), ["strongest_opponent", "single_turn_optimal", "threshold", "random_legal"], 400, {
    seed: 9,
    table: await table2(),
  });
  assert.equal(result.wins.reduce((a, b) => a + b), 400);
  assert.ok(result.wins[0] > result.wins[3]);
  await assert.rejects(farkle.simulate(tiny(), ["strongest_opponent", "threshold"], 10), (e) => e instanceof TypeError && /strongest_opponent/.test(e.message));
  // Three copies of one bot, seats rotating: each wins about a third (5 standard deviations).
  const three = await farkle.simulate(tiny(), ["win_optimal", "win_optimal", "win_optimal"], 300, { seed: 4, table: await table3() });
  assert.equal(three.wins.reduce((a, b) => a + b), 300);
  assert.ok(three.wins.every((w) => Math.abs(w - 100) < 41), `${three.wins}`);
});

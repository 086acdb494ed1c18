// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Cards through the package: their numbers and text against the rules as docs/strategy.md
// states them, their exact chances against a simulation of the card bot through whole games
// (an estimate that shares no code with the exact evaluation) and against the figures
// docs/strategy.md gives for minimal rules to 1,000, and the coach's note against the win
// table's own values of banking and rolling; and a card's chance in each seat against a brute
// force written here (every roll of three dice, the optimal opponent by plain value iteration,
// the card's rules written again).

import { test } from "node:test";
import assert from "node:assert/strict";
import * as farkle from "farkle";

const { Card, Game, Rules, WinTable } = farkle;

const close = (actual, expected, tolerance, what) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not ${expected}`);

/** Minimal scoring (single 1s and 5s, triples), three dice, to 300: a tiny game. */
const tiny = () => new Rules("minimal", { diceCount: 3, targetScore: 300 });
let tinyTable;
const tinyTableOnce = async () => (tinyTable ??= await WinTable.solve(tiny(), { worker: false }));
/** Minimal to 1,000, the rules docs/strategy.md prices the folk cards under. */
const thousand = () => new Rules("minimal", { targetScore: 1000 });
let thousandTable;
const thousandTableOnce = async () => (thousandTable ??= await WinTable.solve(thousand(), { worker: false }));

test("a card holds its numbers and reads as the rules it states", () => {
  const c = Card.bankAt(300);
  assert.equal(c.family, "total");
  assert.deepEqual(c.rows, [[300]]);
  assert.equal(c.keep, "all");
  assert.match(c.text, /^Bank once the turn reaches 300\.\nKeep every scoring die\.\n/);
  const few = Card.perDice([0, 0, null, null, null, null], { single: 4 });
  assert.deepEqual(few.keep, { single: 4 });
  assert.match(few.text, /1 die: 0, 2 dice: 0, 3 dice: never, 4 dice: never/);
  assert.match(few.text, /at least 4 dice would be left, keep one/);
  const s = Card.situational({
    band: 500,
    endgameBand: 2000,
    behind: [300, 300, 400, 500, 1000, null],
    level: [300, 300, 300, 400, 700, null],
    ahead: [250, 250, 250, 300, 500, null],
    endgame: [0, 0, 0, 0, 0, 0],
  });
  assert.equal(s.rows.length, 4);
  assert.match(s.text, /within 2000 of the target/);
  assert.match(s.text, /  ahead: 1 die: 250, /);
  // Cards made again from their words are the same cards.
  for (const card of [c, few, s]) assert.deepEqual(Card.fromWords(card.words), card);
});

test("the folk cards are the folk rules", () => {
  const folk = Card.folk(6);
  assert.deepEqual(
    folk.map((f) => f.name),
    ["bank at 300", "bank at 350", "bank at 500", "bank at 1,000", "never roll 1 or 2 dice", "bank at 300, never roll 1 or 2 dice"],
  );
  assert.deepEqual(folk.slice(0, 4).map((f) => f.card.rows[0][0]), [300, 350, 500, 1000]);
  assert.deepEqual(folk[4].card.rows[0], [0, 0, null, null, null, null]);
  assert.deepEqual(folk[5].card.rows[0], [0, 0, 300, 300, 300, 300]);
  for (const f of folk) assert.equal(f.card.keep, "all");
  assert.deepEqual(Card.folk(tiny())[4].card.rows[0], [0, 0, null]);
});

test("numbers out of range are refused, and a card fits the dice it names", () => {
  assert.throws(() => Card.bankAt(100_001), RangeError);
  assert.throws(() => Card.bankAt(-1), RangeError);
  assert.throws(() => Card.perDice(new Array(13).fill(300)), farkle.FarkleError);
  assert.throws(() => Card.perDice([]), farkle.FarkleError);
  assert.throws(() => Card.bankAt(300, { single: 0 }), RangeError);
  assert.throws(() => Card.bankAt(300, "most"), TypeError);
  assert.equal(Card.perDice([300, 300, 300]).fits(tiny()), true);
  assert.equal(Card.perDice([300, 300, 300, 300, 300, 300]).fits(tiny()), false);
  assert.equal(Card.bankAt(300, { single: 3 }).fits(tiny()), false);
  assert.equal(Card.bankAt(300, { single: 2 }).fits(tiny()), true);
});

test("the folk cards' prices and the best one threshold are docs/strategy.md's", async () => {
  const table = await thousandTableOnce();
  const prices = Card.folk(6).map((f) => f.card.evaluate(table).price * 100);
  // "the folk cards price 8.8 (never roll 1 or 2 dice) to 12.0 percentage points (bank at 350)"
  close(Math.min(...prices), 8.8, 0.05, "cheapest folk card");
  assert.equal(prices.indexOf(Math.min(...prices)), 4);
  close(Math.max(...prices), 12.0, 0.05, "dearest folk card");
  assert.equal(prices.indexOf(Math.max(...prices)), 1);
  // "the best one threshold (300, one single kept with at least 4 dice left) 6.51 points"
  const best = await Card.best(table, "total");
  assert.deepEqual(best.card.rows, [[300]]);
  assert.deepEqual(best.card.keep, { single: 4 });
  close(best.value.price * 100, 6.51, 0.005, "best one threshold's price");
  const v = best.value;
  assert.equal(v.seats.length, 2);
  assert.equal(v.fairShare, 0.5);
  close(v.optimalChance, 0.5, 1e-9, "optimal play averaged over the seats");
  close(v.chance, (v.seats[0] + v.seats[1]) / 2, 1e-15, "chance");
  close(v.price, v.optimalChance - v.chance, 1e-15, "price");
});

test("a card's exact chance agrees with its games against the optimal player", async () => {
  const table = await tinyTableOnce();
  const card = Card.perDice([0, 0, null]);
  const v = card.evaluate(table);
  const games = 6000;
  const sim = await farkle.simulate(tiny(), [card, "win_optimal"], games, { seed: 35, table });
  assert.equal(sim.games, games);
  assert.equal(sim.bots[0], card);
  // Seats rotate, so the games average the card's chance over the seats; a tie is shared.
  const won = (sim.wins[0] + sim.ties[0] / 2) / games;
  const sd = Math.sqrt((v.chance * (1 - v.chance)) / games);
  assert.ok(Math.abs(won - v.chance) <= 4.5 * sd, `${won} won against the exact ${v.chance} (sd ${sd})`);
  assert.ok(v.chance < 0.5, `a card is no better than optimal play: ${v.chance}`);
});

test("the worker's evaluation and search answer as this thread's; an abort stops them", async () => {
  const table = await tinyTableOnce();
  const card = Card.bankAt(250, "rate");
  const here = card.evaluate(table);
  const there = await card.evaluateAsync(table);
  assert.deepEqual(there.seats, here.seats);
  const fractions = [];
  const best = await Card.best(table, "perDice", { progress: (f) => void fractions.push(f) });
  assert.deepEqual(best, Card.bestHere(table, "perDice"));
  assert.ok(fractions.every((f) => f >= 0 && f <= 1));
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(Card.best(table, "situational", { signal: controller.signal }), farkle.AbortError);
  await assert.rejects(Card.best(table, "situational", { progress: () => false, worker: false }), farkle.CancelledError);
  assert.throws(() => Card.perDice([0, 0, 0, 0, 0, 0]).evaluate(table), farkle.FarkleError);
});

test("the coach says what the card and optimal play do, valued by the win table", async () => {
  const table = await thousandTableOnce();
  const card = Card.bankAt(300);
  const game = new Game(thousand(), 2, { diceSource: "supplied" });
  game.roll([1, 5, 2, 3, 4, 6]);
  let note = game.coach(card, table);
  // The card keeps every scoring die: the 1 and the 5.
  assert.equal(note.card.action, "select");
  assert.equal(note.card.diceMask, 0b11);
  const best = table.moverBestChoice([{ score: 0 }, { score: 0 }], 0, [1, 5, 2, 3, 4, 6]);
  assert.equal(note.optimal.diceMask, best.keepMask);
  assert.equal(note.valueKind, "win_probability");
  game.select([0, 1]);
  // 150 points with four dice to roll: the card rolls on (below 300); the table values
  // banking and rolling there.
  note = game.coach(card, table);
  assert.equal(note.card.action, "roll");
  const d = table.moverDecision([{ score: 0 }, { score: 0 }], 150, 4);
  close(note.cardValue, d.rollWinProbability, 1e-12, "the card's value");
  const optimal = d.bank ? d.bankWinProbability : d.rollWinProbability;
  close(note.optimalValue, optimal, 1e-12, "optimal play's value");
  assert.equal(note.optimal.action, d.bank ? "bank" : "roll");
  close(note.cost, optimal - d.rollWinProbability, 1e-12, "the cost");
  assert.equal(note.agrees, !d.bank);
  // A card that banks at 100 banks here: it disagrees with rolling on, at a cost.
  const eager = game.coach(Card.bankAt(100), table);
  assert.equal(eager.card.action, "bank");
  close(eager.cardValue, d.bankWinProbability, 1e-12, "banking's value");
  // Nothing to decide after a farkle.
  game.roll([2, 3, 4, 6]);
  assert.equal(game.state.phaseName.length > 0, true);
  assert.equal(game.coach(card, table), null);
  assert.throws(() => game.coach(Card.bankAt(300, { single: 6 }), table), farkle.FarkleError);
});

test("a card plays a whole turn in a game", () => {
  const game = new Game(tiny(), 2, { diceSource: "supplied" });
  assert.throws(() => game.botPlayTurn(Card.bankAt(300)), farkle.FarkleError);
  const seeded = new Game(tiny(), 2, { seed: 7 });
  const bankEarly = Card.perDice([0, 0, 0]);
  seeded.botPlayTurn(bankEarly);
  // A card that banks as soon as it may ends its turn after one scoring roll or a farkle.
  const s = seeded.state;
  assert.equal(s.currentPlayer, 1);
});

/**
 * A brute force of a race to `target` under `rules` (no entry minimum, no final round):
 * every roll of m dice from the 6^m ordered ones, scored by rules.points() (every selection
 * of dice that all score), the optimal players' chances by plain value iteration, then a
 * per-dice card that keeps every scoring die (the most points, then the most dice) against
 * the optimal opponent. Returns the card's chance moving first and moving second.
 */
function bruteForce(rules, target, row) {
  const n = rules.diceCount;
  const minBank = rules.minBankScore;
  const rolls = [[]];
  for (let m = 1; m <= n; m++) {
    const counts = new Map();
    for (let code = 0; code < 6 ** m; code++) {
      const c = [0, 0, 0, 0, 0, 0];
      for (let k = 0, x = code; k < m; k++, x = Math.floor(x / 6)) c[x % 6]++;
      counts.set(c.join(""), (counts.get(c.join("")) ?? 0) + 1);
    }
    const list = [];
    for (const [key, count] of counts) {
      const c = [...key].map(Number);
      const options = [];
      const sub = (f, s) => {
        if (f === 6) {
          const faces = s.flatMap((k, i) => Array(k).fill(i + 1));
          if (faces.length === 0) return;
          const pts = rules.points(faces);
          if (pts > 0) options.push([pts, faces.length]);
          return;
        }
        for (let k = 0; k <= c[f]; k++) sub(f + 1, [...s, k]);
      };
      sub(0, []);
      list.push({ prob: count / 6 ** m, options });
    }
    rolls.push(list);
  }
  const next = (m, kept) => (m === kept ? n : m - kept);
  const scores = Array.from({ length: target / 50 }, (_, i) => i * 50);
  const w = new Map(); // the mover's chance at the start of its turn: `${p},${q}`
  for (const p of scores) for (const q of scores) w.set(`${p},${q}`, 0.5);
  const optBank = (p, q, t) => (t > 0 && t >= minBank ? (p + t >= target ? 1 : 1 - w.get(`${q},${p + t}`)) : null);
  const opt = (p, q, t, m, memo) => {
    const key = `${t},${m}`;
    if (memo.has(key)) return memo.get(key);
    const bank = optBank(p, q, t);
    let v = 1;
    if (bank !== 1) {
      let roll = 0;
      for (const r of rolls[m]) {
        if (r.options.length === 0) roll += r.prob * (1 - w.get(`${q},${p}`));
        else roll += r.prob * Math.max(...r.options.map(([pts, kept]) => opt(p, q, t + pts, next(m, kept), memo)));
      }
      v = bank === null ? roll : Math.max(bank, roll);
    }
    memo.set(key, v);
    return v;
  };
  for (let sweep = 0; ; sweep++) {
    assert.ok(sweep < 100_000, "the optimal values settle");
    let change = 0;
    for (const p of scores) {
      for (const q of scores) {
        const v = opt(p, q, 0, n, new Map());
        change = Math.max(change, Math.abs(v - w.get(`${p},${q}`)));
        w.set(`${p},${q}`, v);
      }
    }
    if (change < 1e-15) break;
  }
  // The card's chance: `${c},${o},${moving}`.
  const v = new Map();
  for (const c of scores) for (const o of scores) for (const moving of [true, false]) v.set(`${c},${o},${moving}`, 0.5);
  const keepAll = (r) => r.options.reduce((b, o) => (b === null || o[0] > b[0] || (o[0] === b[0] && o[1] > b[1]) ? o : b), null);
  const cardTurn = (c, o, t, m, memo) => {
    const key = `${t},${m}`;
    if (memo.has(key)) return memo.get(key);
    let x = 0;
    const banks = c + t >= target || (row[m - 1] !== null && t >= row[m - 1]);
    if (t > 0 && t >= minBank && banks) x = c + t >= target ? 1 : v.get(`${c + t},${o},false`);
    else {
      for (const r of rolls[m]) {
        const pick = keepAll(r);
        x += r.prob * (pick === null ? v.get(`${c},${o},false`) : cardTurn(c, o, t + pick[0], next(m, pick[1]), memo));
      }
    }
    memo.set(key, x);
    return x;
  };
  const TIE = 1e-12;
  const oppTurn = (c, o, t, m, optMemo, memo) => {
    const key = `${t},${m}`;
    if (memo.has(key)) return memo.get(key);
    const bank = optBank(o, c, t);
    const roll = bank === 1 ? -Infinity : (() => {
      let acc = 0;
      for (const r of rolls[m]) {
        if (r.options.length === 0) acc += r.prob * (1 - w.get(`${c},${o}`));
        else acc += r.prob * Math.max(...r.options.map(([pts, kept]) => opt(o, c, t + pts, next(m, kept), optMemo)));
      }
      return acc;
    })();
    let x = 0;
    if (bank !== null && bank >= roll - TIE) x = o + t >= target ? 0 : v.get(`${c},${o + t},true`);
    else {
      for (const r of rolls[m]) {
        if (r.options.length === 0) {
          x += r.prob * v.get(`${c},${o},true`);
          continue;
        }
        // The opponent's best; on a tie more points, then fewer dice.
        let best = null;
        for (const [pts, kept] of r.options) {
          const value = opt(o, c, t + pts, next(m, kept), optMemo);
          if (best === null || value > best[0] + TIE || (Math.abs(value - best[0]) <= TIE && (pts > best[1] || (pts === best[1] && kept < best[2])))) {
            best = [value, pts, kept];
          }
        }
        x += r.prob * oppTurn(c, o, t + best[1], next(m, best[2]), optMemo, memo);
      }
    }
    memo.set(key, x);
    return x;
  };
  for (let sweep = 0; ; sweep++) {
    assert.ok(sweep < 100_000, "the card's values settle");
    let change = 0;
    for (const c of scores) {
      for (const o of scores) {
        const moving = cardTurn(c, o, 0, n, new Map());
        change = Math.max(change, Math.abs(moving - v.get(`${c},${o},true`)));
        v.set(`${c},${o},true`, moving);
        const waiting = oppTurn(c, o, 0, n, new Map(), new Map());
        change = Math.max(change, Math.abs(waiting - v.get(`${c},${o},false`)));
        v.set(`${c},${o},false`, waiting);
      }
    }
    if (change < 1e-15) break;
  }
  return [v.get("0,0,true"), v.get("0,0,false")];
}

test("a card's chance in each seat agrees with a brute force written here", async () => {
  const table = await tinyTableOnce();
  for (const row of [[150, 150, 150], [0, 0, null], [100, 200, null], [50, 250, 250]]) {
    const [first, second] = bruteForce(tiny(), 300, row);
    const v = Card.perDice(row).evaluate(table);
    close(v.seats[0], first, 1e-9, `${row}: first seat`);
    close(v.seats[1], second, 1e-9, `${row}: second seat`);
  }
  // A one-threshold card is the same row throughout.
  const [first, second] = bruteForce(tiny(), 300, [200, 200, 200]);
  const v = Card.bankAt(200).evaluate(table);
  close(v.seats[0], first, 1e-9, "bank at 200: first seat");
  close(v.seats[1], second, 1e-9, "bank at 200: second seat");
});

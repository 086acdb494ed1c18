// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Cards through the package: their numbers and text against the rules as docs/strategy.md
// states them, their exact chances against a simulation of the card bot through whole games
// (an estimate that shares no code with the exact evaluation) and against the figures
// docs/strategy.md gives for minimal rules to 1,000, and the coach's note against the win
// table's own values of banking and rolling.

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

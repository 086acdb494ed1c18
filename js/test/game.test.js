// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Whole games: supplied dice scored by hand, every action and refusal, state, rolls and
// events, saving and loading, seeded dice, positions, house rules, bots and advice (the
// figures of python/tests/test_game.py).

import { test } from "node:test";
import assert from "node:assert/strict";
import * as farkle from "farkle";

const supplied = (rules = "classic") => new farkle.Game(rules, ["Ann", "Bob"], { diceSource: "supplied" });

test("a turn with supplied dice", () => {
  const g = supplied();
  assert.equal(g.phase, farkle.Phase.AWAITING_ROLL);
  assert.equal(g.currentPlayer, 0);
  const roll = g.roll([1, 1, 1, 5, 2, 3]);
  assert.deepEqual(roll.dice, [1, 1, 1, 5, 2, 3]);
  assert.equal(roll.generated, false);
  assert.equal(roll.maxPoints, 1050);
  assert.equal(g.phase, "awaiting_selection");
  assert.deepEqual(g.selections[0].dice, [1, 1, 1, 5]);
  g.select([0, 1, 2]); // three 1s: 1000
  assert.equal(g.turnPoints, 1000);
  assert.equal(g.diceInHand, 3);
  assert.deepEqual(g.lastRoll.selection, [1, 1, 1]);
  g.bank(); // 1000 >= 500 to get on the board
  const ann = g.player(0);
  assert.equal(ann.score, 1000);
  assert.equal(ann.onBoard, true);
  assert.equal(ann.name, "Ann");
  assert.equal(g.currentPlayer, 1);
  assert.deepEqual(g.scores, [1000, 0]);
  g.close();
  assert.equal(String(g), "<Game (closed)>");
});

test("refusals throw their classes with the library's reason and change nothing", () => {
  const g = supplied();
  assert.throws(() => g.bank(), (e) => e instanceof farkle.NothingToBankError && e instanceof farkle.IllegalActionError && e.message.length > 0);
  assert.throws(() => g.roll(), farkle.NoDiceGeneratorError);
  assert.throws(() => g.roll([1, 2, 3]), farkle.WrongDiceCountError);
  assert.throws(() => g.roll([1, 2, 3, 4, 5, 9]), RangeError);
  g.roll([1, 2, 3, 4, 6, 6]);
  assert.throws(() => g.select([1]), (e) => e instanceof farkle.InvalidSelectionError && /2/.test(e.message));
  assert.throws(() => g.select([9]), farkle.IndexOutOfRangeError);
  assert.throws(() => g.selectMask(1 << 8), farkle.IndexOutOfRangeError);
  assert.throws(() => g.select([0, 0]), farkle.DuplicateIndexError);
  assert.throws(() => g.bank(), farkle.WrongPhaseError);
  g.select([0]); // a single 1: 100
  assert.throws(() => g.bank(), (e) => e instanceof farkle.BelowMinimumEntryError && /500/.test(e.message));
  assert.equal(g.turnPoints, 100);
});

test("toggle, confirm, undo and hot dice", () => {
  const g = supplied();
  assert.throws(() => g.undo(), farkle.NothingToUndoError);
  g.roll([5, 2, 1, 3, 4, 6]);
  g.toggle(0);
  g.toggle(2);
  assert.equal(g.state.pendingMask, 0b101);
  g.confirm(); // 5 and 1: 150
  assert.equal(g.turnPoints, 150);
  g.undo();
  assert.equal(g.phase, "awaiting_selection");
  assert.equal(g.turnPoints, 0);
  assert.throws(() => g.undo(), farkle.WrongPhaseError);
  g.selectMask(0b111111); // the straight: 1500, every die scored
  assert.equal(g.turnPoints, 1500);
  assert.equal(g.diceInHand, 6);
  assert.equal(g.state.turnHotDice, 1);
  g.roll([2, 2, 2, 3, 4, 6]);
  g.select([0, 1, 2]); // three 2s: 200
  g.bank();
  assert.deepEqual(g.scores, [1700, 0]);
  const kinds = g.events.map((e) => e.kind);
  assert.ok(kinds.includes(farkle.EventKind.HOT_DICE) && kinds.includes("undone"));
  assert.equal(kinds[0], "turn_started");
  assert.equal(g.event(g.eventCount - 1).kind, "turn_started");
  const banked = g.events.find((e) => e.kind === "banked");
  assert.equal(banked.points, 1700);
  assert.equal(banked.score, 1700);
  assert.equal(banked.name, "banked");
});

test("a farkle, then leaving ends the game", () => {
  const g = supplied();
  g.roll([2, 3, 4, 6, 2, 3]); // no 1, 5, triple or three pairs
  assert.equal(g.phase, "farkled");
  assert.equal(g.lastRoll.isFarkle, true);
  assert.equal(g.advise().recommended.action, farkle.Action.ACKNOWLEDGE_FARKLE);
  g.acknowledgeFarkle();
  assert.equal(g.currentPlayer, 1);
  assert.equal(g.turnRolls.length, 0);
  g.roll([1, 2, 3, 4, 6, 6]);
  assert.deepEqual(g.turnRolls.map((r) => r.dice), [[1, 2, 3, 4, 6, 6]]);
  g.leave(0);
  assert.equal(g.isOver, true);
  assert.deepEqual(g.winners, [1]);
  assert.equal(g.player(0).active, false);
  assert.throws(() => g.roll([1, 1, 1, 1, 1, 1]), farkle.GameOverError);
  assert.throws(() => g.player(5), farkle.UnknownPlayerError);
});

test("seeded games are reproducible; entropy games roll", () => {
  // Seed 7 under classic rules rolls 1 1 2 2 2 5 first, seed 42 rolls 2 5 1 6 5 3 (the
  // README's tour): the same dice as the C library and the Python package.
  assert.deepEqual(new farkle.Game("classic", ["Ann", "Bob"], { seed: 7 }).roll().dice, [1, 1, 2, 2, 2, 5]);
  assert.deepEqual(new farkle.Game("classic", 2, { seed: 42 }).roll().dice, [2, 5, 1, 6, 5, 3]);
  assert.deepEqual(new farkle.Game("classic", 2, { seed: 42n }).roll().dice, [2, 5, 1, 6, 5, 3]);
  const a = new farkle.Game("classic", 3, { seed: 99 });
  const b = new farkle.Game("classic", 3, { seed: 99 });
  for (let i = 0; i < 12; i++) {
    a.botPlayTurn("threshold");
    b.botPlayTurn("threshold");
  }
  assert.equal(a.dumps(), b.dumps());
  const entropy = new farkle.Game("classic", 2);
  assert.equal(entropy.state.diceSource, "entropy");
  const faces = entropy.roll().dice;
  assert.equal(faces.length, 6);
  assert.ok(faces.every((f) => f >= 1 && f <= 6));
  assert.throws(() => new farkle.Game("classic", 2, { diceSource: "seeded" }), TypeError);
  assert.throws(() => new farkle.Game("classic", 2, { seed: -1 }), RangeError);
  assert.throws(() => new farkle.Game("classic", 65), RangeError);
  assert.throws(() => new farkle.Game("classic", [3]), TypeError);
});

test("save and load", () => {
  const g = new farkle.Game("zilch", ["Ann", null], { seed: 5 });
  g.botPlayTurn("single_turn_optimal");
  g.roll();
  const text = g.dumps();
  assert.match(text, /"format": ?"farkle-save"/);
  const loaded = farkle.Game.loads(text);
  assert.equal(loaded.dumps(), text);
  assert.ok(loaded.rules.equals(g.rules));
  assert.equal(farkle.Game.loads(new TextEncoder().encode(text)).dumps(), text);
  assert.equal(loaded.player(1).name, null);
  assert.equal(loaded.player(0).name, "Ann");
  // A loaded game continues exactly as the saved one would.
  g.botPlayTurn("threshold");
  loaded.botPlayTurn("threshold");
  assert.equal(loaded.dumps(), g.dumps());
  assert.throws(() => farkle.Game.loads(text.slice(0, text.length / 2)), farkle.InvalidSaveError);
  assert.throws(
    () => farkle.Game.loads(text.replace(/"version": ?1/, '"version": 99')),
    farkle.UnsupportedSaveVersionError,
  );
  assert.throws(() => farkle.Game.loads(42), TypeError);
});

test("bots play whole games", () => {
  const g = new farkle.Game("classic", 2, { seed: 11 });
  let turns = 0;
  while (!g.isOver) {
    g.botPlayTurn(g.currentPlayer === 0 ? "single_turn_optimal" : "threshold");
    assert.ok(++turns < 500);
  }
  const winner = g.winners[0];
  assert.ok(g.player(winner).score >= 10000);
  const last = g.event(g.eventCount - 1);
  assert.equal(last.kind, "game_over");
  assert.deepEqual(last.winners, g.winners);
  assert.throws(() => g.botPlayTurn("win_optimal"), TypeError);
  assert.throws(() => g.botPlayTurn("clever"), RangeError);
});

test("advice values every legal choice", () => {
  const g = new farkle.Game("classic", 2, { diceSource: "supplied" });
  g.prepareAdvice();
  g.roll([1, 5, 1, 4, 5, 3]);
  const advice = g.advise();
  assert.equal(advice.valueKind, farkle.ValueKind.EXPECTED_POINTS);
  assert.equal(advice.choices.length, 8);
  assert.equal(g.selections.length, 8);
  assert.ok(advice.choices.every((c) => c.action === "select"));
  const best = advice.choices.reduce((a, c) => (c.value > a.value ? c : a));
  assert.deepEqual(advice.recommended, best);
  // Keeping one 1 and rolling five dice is worth more than keeping 1 1 5 5 with two left.
  assert.notEqual(advice.recommended.diceMask, 0b010111);
  g.select(advice.recommended.indices);
  const after = g.advise();
  assert.ok(after.choices.every((c) => c.action === "roll" || c.action === "bank"));
  assert.ok(after.nextRollDice !== null && after.farkleProbability > 0 && after.farkleProbability < 1);
});

test("a progress callback cannot touch its game", () => {
  const calls = [];
  const game = new farkle.Game("extended", 2, { seed: 1 });
  assert.throws(
    () => game.prepareAdvice({ progress: (f) => { calls.push(f); game.roll(); } }),
    /in use/,
  );
  assert.ok(calls.length > 0);
  game.prepareAdvice(); // usable again afterwards
  assert.equal(game.roll().dice.length, 6);
});

test("a game from a position", () => {
  // Classic, Ann 9,500 and Bob 9,000, Ann to move in round 12: three 1s bank 10,500, past
  // the target, and Bob has one last turn; a straight (1500, hot dice) and a 1 (100) give
  // him 10,600: he alone wins.
  const position = { players: [9500, 9000], playerToMove: 0, round: 12 };
  const g = new farkle.Game("classic", ["Ann", "Bob"], { diceSource: "supplied", position });
  assert.equal(g.state.round, 12);
  assert.deepEqual(g.scores, [9500, 9000]);
  assert.equal(g.player(0).turnsPlayed, 11);
  const text = g.dumps();
  g.roll([1, 1, 1, 2, 3, 4]);
  g.select([0, 1, 2]);
  g.bank();
  assert.equal(g.state.finalRound, true);
  assert.equal(g.state.finalRoundPlayer, 0);
  g.roll([2, 3, 4, 5, 6, 1]);
  g.selectMask(0b111111);
  g.roll([1, 2, 2, 3, 3, 4]);
  g.select([0]);
  g.bank();
  assert.deepEqual(g.scores, [10500, 10600]);
  assert.deepEqual(g.winners, [1]);
  const loaded = farkle.Game.loads(text);
  assert.deepEqual(loaded.startPosition, {
    players: [{ score: 9500, onBoard: true, consecutiveFarkles: 0 }, { score: 9000, onBoard: true, consecutiveFarkles: 0 }],
    playerToMove: 0,
    round: 12,
  });
  const three = new farkle.Game("extended", undefined, { seed: 1, position: { players: [0, 300, 0], playerToMove: 2, round: 3 } });
  assert.equal(three.state.playerCount, 3);
  assert.equal(three.currentPlayer, 2);
  for (const [rules, players, why] of [
    ["classic", [10000, 0], /at or above the target/],
    ["classic", [{ score: 450, onBoard: false }, 0], /not on the board/],
    ["extended", [{ score: 0, consecutiveFarkles: 3 }, 0], /3 farkles in a row/],
  ]) {
    assert.throws(
      () => new farkle.Game(rules, undefined, { diceSource: "supplied", position: { players } }),
      (e) => e instanceof farkle.InvalidArgumentError && why.test(e.message),
    );
  }
  assert.throws(() => new farkle.Game("classic", 3, { position: { players: [1, 2] } }), RangeError);
});

test("house rules: an exact target refuses, the multiplier shows, piggybacking takes over", () => {
  // Classic to 1000 exactly: 1 1 1 5 from 0 is 1050, past it, so the bank is refused.
  const exact = new farkle.Rules("classic", {
    targetScore: 1000, minEntryScore: 0, exactTarget: "refuse", hotDiceMultiplierStep: 1,
  });
  const g = supplied(exact);
  g.roll([1, 1, 1, 5, 2, 3]);
  g.select([0, 1, 2, 3]);
  assert.equal(g.state.canBank, false);
  assert.throws(() => g.bank(), (e) => e instanceof farkle.BankNotAllowedError && /exact target/.test(e.message));
  g.roll([5, 5]);
  g.select([0, 1]); // 100 x1, hot dice: now x2
  assert.equal(g.turnPoints, 1150);
  assert.equal(g.state.turnMultiplier, 2);
  g.roll([1, 2, 3, 3, 4, 6]);
  g.select([0]); // a 1 counts 100 x 2
  assert.equal(g.turnPoints, 1350);

  const pig = supplied(new farkle.Rules("classic", { piggybacking: true, minEntryScore: 0 }));
  assert.throws(() => pig.piggyback(), farkle.WrongPhaseError);
  pig.roll([1, 1, 5, 2, 3, 4]);
  pig.select([0, 1, 2]); // 250, 3 dice left
  pig.roll([1, 2, 3]);
  pig.select([0]); // 350, 2 dice left
  pig.bank();
  assert.deepEqual([pig.state.piggybackPoints, pig.state.piggybackDice], [350, 2]);
  pig.piggyback();
  assert.equal(pig.turnPoints, 350);
  assert.equal(pig.diceInHand, 2);
  const e = pig.event(pig.eventCount - 1);
  assert.deepEqual([e.kind, e.points, e.diceCount], ["piggybacked", 350, 2]);
  pig.roll([1, 5]);
  pig.select([0, 1]);
  pig.roll([1, 1, 1, 2, 3, 4]);
  pig.select([0, 1, 2]);
  pig.bank();
  assert.deepEqual(pig.scores, [350, 1500]);
});

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The dice-hands scorer against the worked figures of docs/dice-hands.md (derived by hand
// from the formulas of the dice-hands document), as python/tests/test_hands.py checks them.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as farkle from "farkle";

test("a full house is a triple, a pair and a flat bonus", () => {
  // floor((22 + 9) x 1.8) + floor((12 + 4) x 1.6) + 60 = 55 + 25 + 60 = 140.
  const result = farkle.scoreHands([3, 3, 3, 2, 2]);
  assert.equal(result.total, 140);
  assert.equal(result.hands.length, 1);
  const [hand] = result.hands;
  assert.deepEqual([hand.kind, hand.mult, hand.base, hand.name], ["full_house", 0, 60, "Full House"]);
  assert.deepEqual(result.handOfDie, [0, 0, 0, 0, 0]);
});

test("a high roll, and the empty pool", () => {
  const result = farkle.scoreHands([1, 2, 3, 5]); // no hand: the 5 as High Roll, 5 + 5
  assert.equal(result.total, 10);
  assert.equal(result.hands[0].kind, farkle.HandKind.HIGH_ROLL);
  assert.deepEqual(result.handOfDie, [null, null, null, 0]);
  assert.equal(farkle.scoreHands([]).total, 0);
});

test("the document's pools by the formulas", () => {
  assert.equal(farkle.scoreHands([1, 1, 1, 1, 1, 2, 2, 3, 3, 3]).total, 494);
  const pool = [3, 3, 3, 2, 2, 5, 5];
  assert.equal(farkle.scoreHands(pool).total, 324);
  assert.equal(farkle.scoreHands(pool, undefined, new farkle.HandBonuses({ itemMultBonus: 100 })).total, 648);
});

test("levels, upgrade costs, base and multiplier", () => {
  // A level-5 Pair of 5s: (40 + 10) x 4.10 = 205 exactly.
  const levels = farkle.HandLevels.of({ pair: 5 });
  assert.equal(levels.level("pair"), 5);
  assert.equal(levels.cap, 5);
  assert.equal(farkle.scoreHands([5, 5], levels).total, 205);
  const costs = [0, 1, 2, 3, 4, 5].map((lv) => farkle.handUpgradeCost(farkle.HandLevels.of({ pair: lv }, 6), "pair"));
  assert.deepEqual(costs, [5, 10, 25, 50, 85, 205]);
  assert.throws(() => farkle.handUpgradeCost(levels, "pair"), farkle.HandLevelAboveCapError);
  assert.deepEqual(farkle.handBaseMult("x_of_a_kind", 0, 4), [22 + 16, 180 + 22]);
  assert.throws(() => farkle.handBaseMult("x_of_a_kind", 0, 2), farkle.InvalidArgumentError);
  assert.throws(() => farkle.scoreHands(new Array(49).fill(1)), RangeError);
  assert.equal(farkle.handName(farkle.HandKind.PYRAMID), "Pyramid");
});

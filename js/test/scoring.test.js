// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Scoring, roll analysis, selections and odds against numbers derived by hand from the rules
// (the README's presets table, as python/tests/test_scoring.py checks them) and against a
// brute-force classic scorer and farkle count written here from the rules alone.

import { test } from "node:test";
import assert from "node:assert/strict";
import { inspect } from "node:util";
import * as farkle from "farkle";

// [preset, dice, points] worked out by hand from the presets table; null: does not score as
// a whole.
const HAND_SCORES = [
  ["classic", [1, 1, 1, 5, 5], 1100], // three 1s 1000 + two single 5s
  ["classic", [5], 50],
  ["classic", [2, 2, 2], 200], // three of f = f x 100
  ["classic", [2, 2, 2, 2], 400], // four of a kind = triple x 2
  ["classic", [2, 2, 2, 2, 2], 600], // five = triple x 3
  ["classic", [2, 2, 2, 2, 2, 2], 800], // six = triple x 4
  ["classic", [1, 1, 1, 1], 2000],
  ["classic", [1, 2, 3, 4, 5, 6], 1500], // straight
  ["classic", [2, 2, 3, 3, 4, 4], 1500], // three pairs
  ["classic", [1, 1, 5, 5, 6, 6], 1500], // three pairs beat 1+1+5+5 with a dead 6 6
  ["classic", [2, 2, 2, 3, 3, 3], 2500], // two triplets beat 200 + 300
  ["classic", [4, 4, 4, 4, 2, 2], null], // four 4s 800, the pair of 2s is left over
  ["classic", [1, 1, 1, 5, 5, 2], null],
  ["extended", [4, 4, 4, 4, 2, 2], 1250], // four of a kind + a pair count as three pairs
  ["extended", [1, 1, 1, 1, 1, 1], 5000],
  ["extended", [1, 2, 3, 4, 5, 6], 2000],
  ["doubling", [3, 3, 3, 3, 3], 1200], // kinds double: 300 x 2 x 2
  ["doubling", [1, 2, 3, 4, 5], 1000],
  ["doubling", [2, 3, 4, 5, 6], 1000],
  ["doubling", [2, 2, 2, 3, 3, 3], 500], // two triplets scored as two triples
  ["additive", [1, 5, 5, 5, 5], 1100], // four 5s: two sets of 5s (1000) + the 1
  ["additive", [1, 2, 3, 4, 5, 6], null], // no straight: 1 and 5 score, 2 3 4 6 do not
  ["minimal", [4, 4, 4, 4], null], // four of a kind is a triple + a dead 4
  ["minimal", [1, 1, 1, 1], 1100], // three 1s + a single 1
  ["zilch", [2, 3, 4, 6, 6, 3], 500], // six dice and nothing scores: 500
];

test("selections score as derived by hand", () => {
  for (const [preset, dice, points] of HAND_SCORES) {
    const rules = new farkle.Rules(preset);
    const score = rules.score(dice);
    const what = `${preset} ${dice}`;
    if (points === null) {
      assert.equal(score.valid, false, what);
      assert.equal(score.points, 0, what);
      assert.equal(score.reason, "non_scoring", what);
      assert.deepEqual(score.combinations, [], what);
      assert.equal(rules.points(dice), 0, what);
    } else {
      assert.equal(score.valid, true, what);
      assert.equal(score.points, points, what);
      assert.equal(score.reason, farkle.InvalidReason.NONE, what);
      assert.equal(score.combinations.reduce((s, c) => s + c.points, 0), points, what);
      assert.deepEqual(score.combinations.flatMap((c) => c.dice).sort(), [...dice].sort(), what);
      assert.equal(rules.points(dice), points, what);
    }
    const scorer = rules.scorer();
    assert.deepEqual(scorer.score(dice).toJSON(), score.toJSON(), what);
    assert.equal(scorer.points(dice), score.points, what);
    scorer.close();
  }
});

test("rules keep the points they were told: asked again, in any order, the hand's numbers", () => {
  // One rules value per preset for every selection of the hand's list, each asked three
  // times (as given, reversed, and as given again): the second and third answers come from
  // the table Rules.points() keeps by multiset, which must hold that preset's points only.
  const rules = new Map();
  for (let round = 0; round < 3; round++) {
    for (const [preset, dice, points] of HAND_SCORES) {
      if (dice.length > 6) continue;
      if (!rules.has(preset)) rules.set(preset, new farkle.Rules(preset));
      const faces = round === 1 ? [...dice].reverse() : dice;
      assert.equal(rules.get(preset).points(faces), points ?? 0, `${preset} ${faces}, round ${round}`);
    }
  }
  // Twelve dice: no table, every call through the library. Classic scores n of a kind as
  // the triple times n - 2 (five 2s 600, six 800 above): eleven 5s and a 1.
  const big = new farkle.Rules("classic", { diceCount: 12 });
  for (let round = 0; round < 2; round++) {
    assert.equal(big.points([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 1]), 500 * (11 - 2) + 100, `round ${round}`);
  }
  // Closed rules refuse a selection they know, for points() and score() alike.
  const classic = rules.get("classic");
  assert.equal(classic.points([1, 5]), 150);
  assert.equal(classic.score([1, 5]).points, 150);
  classic.close();
  assert.throws(() => classic.points([1, 5]), /closed/);
  assert.throws(() => classic.score([1, 5]), /closed/);
});

test("a score names its combinations and leftover dice", () => {
  const classic = new farkle.Rules("classic");
  const score = classic.score([1, 1, 1, 5, 5, 2]);
  assert.deepEqual(score.leftover, [2]);
  assert.deepEqual(score.leftoverCounts, [0, 1, 0, 0, 0, 0]);
  const good = classic.score([5, 1, 1, 1]);
  const kinds = good.combinations.map((c) => [c.kind, c.face, c.points]).sort();
  assert.deepEqual(kinds, [["of_a_kind", 1, 1000], ["single", 5, 50]]);
  const triple = good.combinations.find((c) => c.kind === farkle.CombinationKind.OF_A_KIND);
  assert.deepEqual(triple.indices, [1, 2, 3]);
  assert.equal(triple.name, "of a kind");
  const empty = classic.score([]);
  assert.equal(empty.valid, false);
  assert.equal(empty.reason, "empty");
});

test("a score keeps its fields after later calls and prints them all", () => {
  const classic = new farkle.Rules("classic");
  const scorer = classic.scorer();
  // The details are read lazily from what the call saved, not from the module's memory,
  // which the next calls overwrite.
  const good = scorer.score([5, 1, 1, 1]);
  const bad = classic.score([1, 1, 1, 5, 5, 2]);
  scorer.score([2, 3, 4, 6]);
  classic.points([6, 6, 6, 6]);
  const parts = good.combinations.map((c) => [c.kind, c.face, c.dice, c.diceMask, c.indices, c.points]);
  assert.deepEqual(parts.sort(), [
    ["of_a_kind", 1, [1, 1, 1], 0b1110, [1, 2, 3], 1000],
    ["single", 5, [5], 0b1, [0], 50],
  ]);
  assert.deepEqual(good.leftover, []);
  assert.deepEqual(good.leftoverCounts, [0, 0, 0, 0, 0, 0]);
  assert.deepEqual([bad.points, bad.valid, bad.reason, bad.leftover], [0, false, "non_scoring", [2]]);
  assert.equal(good.combinations, good.combinations, "built once");
  const json = JSON.parse(JSON.stringify(good));
  assert.deepEqual(Object.keys(json), ["points", "valid", "reason", "leftoverCounts", "leftover", "combinations"]);
  assert.equal(json.points, 1050);
  assert.deepEqual(json.combinations.map((c) => c.diceMask).sort(), [1, 14]);
  assert.match(inspect(bad), /leftover: \[ 2 \]/);
  // Twelve dice: counts above 6 and six combinations survive the packing.
  const big = new farkle.Rules("classic", { diceCount: 12 });
  const twelve = big.score([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 1]);
  assert.equal(twelve.valid, true);
  assert.deepEqual(twelve.combinations.flatMap((c) => c.dice).sort(), [1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
  assert.deepEqual(big.score([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2, 3]).leftoverCounts, [0, 1, 1, 0, 0, 0]);
  scorer.close();
});

test("faces as bytes score as arrays do; bad faces are refused either way", () => {
  const classic = new farkle.Rules("classic");
  const scorer = classic.scorer();
  for (const faces of [[1, 5], [2, 2, 2], [1, 2, 3, 4, 5, 6], [3, 4], []]) {
    const bytes = Uint8Array.from(faces);
    assert.equal(classic.points(bytes), classic.points(faces), `${faces}`);
    assert.equal(scorer.points(bytes), classic.points(faces), `${faces}`);
    assert.deepEqual(classic.score(bytes).toJSON(), classic.score(faces).toJSON(), `${faces}`);
    assert.deepEqual(scorer.score(bytes).toJSON(), classic.score(faces).toJSON(), `${faces}`);
  }
  const calls = [(f) => classic.points(f), (f) => scorer.points(f), (f) => classic.score(f), (f) => scorer.score(f)];
  for (const call of calls) {
    assert.throws(() => call([1, "3"]), TypeError);
    assert.throws(() => call([1, 2.5]), TypeError);
    assert.throws(() => call([1, NaN]), TypeError);
    assert.throws(() => call([1, 7]), RangeError);
    assert.throws(() => call(Uint8Array.of(1, 0)), RangeError);
    assert.throws(() => call(Uint8Array.of(1, 7)), RangeError);
    assert.throws(() => call([1, 1, 1, 1, 1, 1, 1]), RangeError);
    assert.throws(() => call(new Uint8Array(7).fill(1)), RangeError);
    assert.throws(() => call("15"), TypeError);
  }
  assert.equal(scorer.points([1, 5]), 150);
  assert.throws(() => scorer.points([1, "5"]), TypeError, "checked before the table is read");
  scorer.close();
  assert.throws(() => scorer.points([1, 5]), /closed/, "a selection it knows");
  assert.throws(() => scorer.points([1]), /closed/);
});

test("a scorer answers every selection as the rules do, the first time and after", () => {
  // Every sequence of up to six faces, twice: the scorer keeps what it was told by key of
  // the multiset, so orders of one multiset share an entry and no two multisets may.
  for (const preset of ["classic", "additive"]) {
    const rules = new farkle.Rules(preset);
    const scorer = rules.scorer();
    const sequences = [[]];
    for (let k = 1; k <= 6; k++) {
      for (const s of sequences.filter((q) => q.length === k - 1)) {
        for (let f = 1; f <= 6; f++) sequences.push([...s, f]);
      }
    }
    for (let round = 0; round < 2; round++) {
      for (const s of sequences) {
        if (scorer.points(s) !== rules.score(s).points) assert.fail(`${preset} ${s}, round ${round}`);
      }
    }
    assert.equal(scorer.points([5, 1, 1, 1]), 1050);
    assert.equal(scorer.points([1, 1, 5, 1]), 1050);
    scorer.close();
  }
});

test("six of one face under the same-face knobs", () => {
  const classic = new farkle.Rules("classic");
  // Six 2s are six of a kind, 200 x 4 = 800; also read as two triplets (2500) and three
  // pairs (1500), the best reading is 2500.
  assert.equal(classic.points([2, 2, 2, 2, 2, 2]), 800);
  const both = classic.replace({ threePairsOfOneFace: true, twoTripletsOfOneFace: true });
  const score = both.score([2, 2, 2, 2, 2, 2]);
  assert.equal(score.points, 2500);
  assert.deepEqual(score.combinations.map((c) => [c.kind, c.points]), [["two_triplets", 2500]]);
  assert.equal(classic.replace({ threePairsOfOneFace: true }).points([2, 2, 2, 2, 2, 2]), 1500);
});

test("roll analysis and selections", () => {
  const classic = new farkle.Rules("classic");
  // 1 5 1 4 5 3: the best keeps both 1s and both 5s (300); any non-empty choice of 0-2 ones
  // and 0-2 fives is a selection: 3 x 3 - 1 = 8.
  const roll = [1, 5, 1, 4, 5, 3];
  const a = classic.analyze(roll);
  assert.equal(a.isFarkle, false);
  assert.equal(a.maxPoints, 300);
  assert.deepEqual(a.bestSelection, [1, 1, 5, 5]);
  assert.deepEqual(a.bestSelectionIndices, [0, 1, 2, 4]);
  assert.deepEqual(a.scoringIndices, [0, 1, 2, 4]);
  const sels = classic.selections(roll);
  assert.equal(sels.length, 8);
  assert.deepEqual(sels.map((s) => s.points), [...sels.map((s) => s.points)].sort((x, y) => y - x));
  assert.deepEqual(sels[0].dice, [1, 1, 5, 5]);
  assert.deepEqual(new Set(sels.map((s) => s.points)), new Set([300, 250, 200, 150, 100, 50]));
  assert.equal(classic.analyze([2, 3, 4, 6]).isFarkle, true);
  assert.deepEqual(classic.selections([2, 3, 4, 6]), []);
});

/** Whether some selection of a classic roll scores: a 1, a 5, three of a face, or six dice in three pairs. */
function classicScores(roll) {
  const counts = [1, 2, 3, 4, 5, 6].map((f) => roll.filter((d) => d === f).length);
  if (counts[0] || counts[4] || Math.max(...counts) >= 3) return true;
  return roll.length === 6 && counts.filter((c) => c === 2).length === 3;
}

function* rolls(n) {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of rolls(n - 1)) for (let f = 1; f <= 6; f++) yield [...rest, f];
}

test("farkle odds match brute force and hand counts", () => {
  const classic = new farkle.Rules("classic");
  const hand = [[2, 3], [4, 9], [5, 18], [17, 108], [25, 324], [5, 216]];
  for (let n = 1; n <= 6; n++) {
    let farkles = 0;
    for (const r of rolls(n)) if (!classicScores(r)) farkles++;
    const odds = classic.odds(n);
    assert.ok(odds.farkle.equals(new farkle.Fraction(farkles, 6 ** n)), `${n} dice`);
    assert.deepEqual([odds.farkle.numerator, odds.farkle.denominator], hand[n - 1]);
  }
  // Hot dice by hand: 1 die 2/6; 2 dice 4/36; 3 dice (8 of 1s and 5s + 4 triples) 12/216;
  // 4 dice 16 + 32 + 4 = 52/1296.
  assert.deepEqual(
    [1, 2, 3, 4].map((n) => String(classic.odds(n).hotDice)),
    ["1/3", "1/9", "1/18", "13/324"],
  );
  assert.equal(String(new farkle.Rules("minimal").odds(6).farkle), "5/162"); // 1440/46656
  assert.equal(Number(new farkle.Rules("zilch").odds(6).farkle), 0);
});

test("the max-points distribution of two dice", () => {
  // 16 farkles; a 5 and a dead die 8 (50); a 1 and a dead die 8 plus 5-5 (100) 9; 1-5 in
  // either order 2 (150); 1-1 1 (200).
  const dist = new farkle.Rules("classic").maxPointsDistribution(2);
  assert.deepEqual(
    [...dist].map(([p, f]) => [p, f.numerator * (36 / f.denominator)]),
    [[0, 16], [50, 8], [100, 9], [150, 2], [200, 1]],
  );
});

test("the point calculation as the document defines it", () => {
  const roll = [3, 0, 0, 0, 2, 1]; // 1 1 1 5 5 6
  assert.deepEqual(farkle.pointCalculation(roll, [3, 0, 0, 0, 0, 0], true), { points: 1000, rollOver: true });
  assert.equal(farkle.pointCalculation(roll, [3, 0, 0, 0, 2, 0], false).points, 1100);
  assert.deepEqual(farkle.pointCalculation(roll, [0, 0, 0, 0, 0, 0], true), { points: -1000, rollOver: false });
  assert.deepEqual(farkle.pointCalculation(roll, [0, 0, 0, 0, 0, 0], false), { points: 0, rollOver: false });
  assert.deepEqual(farkle.pointCalculation(roll, [4, 0, 0, 0, 0, 0], true), { points: -1000, rollOver: false });
  assert.deepEqual(farkle.pointCalculation(roll, [0, 0, 0, 0, 0, 1], true), { points: 0, rollOver: false });
});

// ---- Every selection of up to six dice against a scorer written from the classic rules ----

/** Classic combinations of a multiset given as face counts: [points, counts taken]. */
function classicCombinations(counts) {
  const out = [];
  const n = counts.reduce((a, b) => a + b, 0);
  for (let f = 1; f <= 6; f++) {
    const triple = f === 1 ? 1000 : f * 100;
    for (let k = 3; k <= counts[f - 1]; k++) {
      const take = [0, 0, 0, 0, 0, 0];
      take[f - 1] = k;
      out.push([triple * (k - 2), take]);
    }
  }
  if (counts[0]) out.push([100, [1, 0, 0, 0, 0, 0]]);
  if (counts[4]) out.push([50, [0, 0, 0, 0, 1, 0]]);
  if (n === 6 && counts.every((c) => c === 1)) out.push([1500, [1, 1, 1, 1, 1, 1]]);
  if (n === 6 && counts.filter((c) => c === 2).length === 3) out.push([1500, counts]);
  if (n === 6 && counts.filter((c) => c === 3).length === 2) out.push([2500, counts]);
  return out;
}

/** The best partition of every die into classic combinations; null when none exists. */
function classicBest(counts, memo = new Map()) {
  const key = counts.join("");
  if (memo.has(key)) return memo.get(key);
  let best = counts.every((c) => c === 0) ? 0 : null;
  for (const [points, take] of classicCombinations(counts)) {
    const rest = counts.map((c, i) => c - take[i]);
    if (rest.some((c) => c < 0)) continue;
    const after = classicBest(rest, memo);
    if (after !== null && (best === null || points + after > best)) best = points + after;
  }
  memo.set(key, best);
  return best;
}

test("every selection of up to six dice scores as a brute-force classic scorer says", () => {
  const classic = new farkle.Rules("classic");
  const scorer = classic.scorer();
  let checked = 0;
  for (let n = 1; n <= 6; n++) {
    for (const r of rolls(n)) {
      if (r.some((f, i) => i > 0 && f < r[i - 1])) continue; // each multiset once
      const counts = [1, 2, 3, 4, 5, 6].map((f) => r.filter((d) => d === f).length);
      const best = classicBest(counts);
      const score = classic.score(r);
      assert.equal(score.valid, best !== null, `${r}`);
      assert.equal(score.points, best ?? 0, `${r}`);
      assert.equal(scorer.points(r), best ?? 0, `${r}`);
      checked++;
    }
  }
  assert.equal(checked, 923); // the multisets of 1 to 6 dice: C(12, 6) - 1
});

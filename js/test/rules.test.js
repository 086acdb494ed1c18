// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Rules: presets, knobs by name, replace and equality, the library's refusals as errors with
// its reasons, and arguments checked before any call.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as farkle from "farkle";

// The C header the module was built from: the repository's, or FARKLE_HEADER's (the packed
// package's check runs these tests outside the repository).
const header = readFileSync(process.env.FARKLE_HEADER ?? new URL("../../include/farkle.h", import.meta.url), "utf8");

test("presets by name, with the README's knobs", () => {
  assert.deepEqual(farkle.Rules.presets(), [
    "classic", "extended", "doubling", "additive", "minimal", "zilch", "original",
  ]);
  const classic = new farkle.Rules("classic");
  assert.equal(classic.diceCount, 6);
  assert.equal(classic.targetScore, 10000);
  assert.equal(classic.minEntryScore, 500);
  assert.equal(classic.straight, 1500);
  assert.equal(classic.hotDice, true);
  assert.equal(classic.kindScaling, "multiply");
  assert.equal(classic.exactTarget, "off");
  assert.equal(new farkle.Rules("zilch").noScoreSet, 500);
  assert.equal(new farkle.Rules("extended").sixOnes, 5000);
  assert.equal(new farkle.Rules("doubling").kindScaling, farkle.KindScaling.DOUBLE);
  assert.equal(new farkle.Rules().preset, "classic");
  assert.equal(classic.replace({ targetScore: 3000 }).preset, null);
});

test("every knob of the C struct is a property, camelCased", () => {
  const body = /typedef struct FarkleRules \{([\s\S]*?)\} FarkleRules;/.exec(header)[1];
  const cNames = [...body.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/(\w+);/g)].map((m) => m[1]);
  const camel = cNames.map((n) => n.replace(/_([a-z])/g, (_, c) => c.toUpperCase()));
  assert.deepEqual(farkle.Rules.knobNames(), camel);
  const values = new farkle.Rules("classic").toObject();
  assert.deepEqual(Object.keys(values), camel);
  assert.match(farkle.Rules.describeKnob("diceCount"), /dice/);
});

test("replace, equality, toString and a round trip through JSON", () => {
  const classic = new farkle.Rules("classic");
  const short = classic.replace({ targetScore: 3000, hotDice: false });
  assert.equal(short.targetScore, 3000);
  assert.equal(short.hotDice, false);
  assert.equal(classic.targetScore, 10000); // unchanged
  assert.ok(!short.equals(classic));
  assert.ok(short.equals(new farkle.Rules("classic", { targetScore: 3000, hotDice: false })));
  assert.equal(String(short), 'Rules("classic", { targetScore: 3000, hotDice: false })');
  const again = farkle.Rules.fromObject(JSON.parse(JSON.stringify(short)));
  assert.ok(again.equals(short));
  assert.equal(String(new farkle.Rules("zilch")), 'Rules("zilch")');
});

test("rules that make no sense are refused with the library's reason", () => {
  assert.throws(() => new farkle.Rules("classic", { diceCount: 0 }), (e) => {
    assert.ok(e instanceof farkle.InvalidRulesError && e instanceof farkle.FarkleError);
    assert.equal(e.status, "INVALID_RULES");
    assert.equal(e.statusCode, 7);
    assert.match(e.message, /dice_count is 0/);
    return true;
  });
  assert.throws(() => new farkle.Rules("classic", { finalRound: true, targetScore: 0, turnLimit: 10 }), farkle.InvalidRulesError);
  assert.throws(() => new farkle.Rules("poker"), (e) => {
    assert.ok(e instanceof farkle.UnknownPresetError);
    assert.match(e.message, /classic, extended/);
    return true;
  });
  assert.throws(() => new farkle.Rules("classic", { diceCount: 13 }), /1 to 12/);
});

test("arguments of the wrong type or range are refused before any call", () => {
  assert.throws(() => new farkle.Rules("classic", { hotDice: 1 }), TypeError);
  assert.throws(() => new farkle.Rules("classic", { targetScore: "10000" }), TypeError);
  assert.throws(() => new farkle.Rules("classic", { targetScore: 2.5 }), TypeError);
  assert.throws(() => new farkle.Rules("classic", { targetScore: 2 ** 31 }), RangeError);
  assert.throws(() => new farkle.Rules("classic", { noSuchKnob: 1 }), TypeError);
  assert.throws(() => new farkle.Rules("classic", { kindScaling: "triple" }), RangeError);
  assert.throws(() => new farkle.Rules(3), TypeError);
  const classic = new farkle.Rules("classic");
  assert.throws(() => classic.score([1, 2, 7]), RangeError);
  assert.throws(() => classic.score([1, 2, 0]), RangeError);
  assert.throws(() => classic.score([1, "2"]), TypeError);
  assert.throws(() => classic.points([1, 1.5]), TypeError);
  assert.throws(() => classic.points([1, 1, 1, 1, 1, 1, 1]), RangeError);
  assert.throws(() => classic.score("123"), TypeError);
  assert.throws(() => classic.points(null), TypeError);
  assert.throws(() => classic.odds(7), RangeError);
  // Any iterable of faces, and typed arrays, are dice too.
  assert.equal(classic.points(new Uint8Array([1, 1, 1])), 1000);
  assert.equal(classic.points(new Set([1, 5])), 150);
});

test("closed rules and scorers refuse calls", () => {
  const rules = new farkle.Rules("classic");
  const scorer = rules.scorer();
  scorer.close();
  scorer.close(); // twice is fine
  assert.equal(scorer.closed, true);
  assert.throws(() => scorer.points([1]), /closed/);
  rules.close();
  assert.throws(() => rules.points([1]), /closed/);
});

test("every status has its error class, with the library's description", () => {
  const statuses = [...header.matchAll(/FARKLE_STATUS_(\w+) = (\d+),/g)];
  assert.ok(statuses.length > 30);
  for (const [, name, number] of statuses) {
    if (name === "OK") continue;
    const cls = farkle.errorClass(Number(number));
    assert.notEqual(cls, farkle.FarkleError, name);
    assert.equal(cls, farkle.errorClass(name));
    assert.equal(cls.statusName, name);
    const error = new cls("why");
    assert.ok(error instanceof Error && error instanceof farkle.FarkleError);
    assert.equal(error.statusCode, Number(number));
    assert.equal(error.name, cls.name);
    assert.ok(farkle.statusMessage(Number(number)).length > 0);
  }
  assert.ok(new farkle.NothingToBankError("x") instanceof farkle.IllegalActionError);
  assert.equal(farkle.errorClass(999), farkle.FarkleError);
});

test("the rules before entry: singles only, else the rules themselves", () => {
  const classic = new farkle.Rules("classic");
  assert.ok(classic.beforeEntry().equals(classic));
  const singles = new farkle.Rules("classic", { singlesOnlyBeforeEntry: true });
  const before = singles.beforeEntry();
  // Three 2s score 200 on the board and nothing before entry; three 1s are three singles.
  assert.equal(singles.points([2, 2, 2]), 200);
  assert.equal(before.points([2, 2, 2]), 0);
  assert.equal(before.points([1, 1, 1]), 300);
  assert.equal(before.points([5]), 50);
});

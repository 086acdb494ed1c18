// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The package as a whole: its version is the library's, every function of the C interface
// is reached by some wrapper (or listed here with the reason it is not), the issue's
// spellings are exported, internal errors of the module become errors, and handles free.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import * as farkle from "farkle";

// The installed package's files (js/dist here, node_modules/farkle/dist once packed).
const own = new URL(import.meta.resolve("farkle"));
const { functionNames } = await import(new URL("generated/abi.js", own).href);
const sources = readdirSync(new URL(".", own))
  .filter((f) => f.endsWith(".js"))
  .map((f) => readFileSync(new URL(f, own), "utf8"))
  .join("\n");

/** Why the C cards are not called: `Card` keeps its numbers in JavaScript and hands them to
 * the module's card exports (src/wasm/cards.rs) at each call, with nothing to free. */
const CARDS = "Card passes its numbers to src/wasm/cards.rs at each call: no handle to free";

/** Functions of the header the package does not call, and why. */
const UNWRAPPED = {
  farkle_game_new: "farkle_game_new_with does the same with names and a dice source",
  farkle_simulate: "farkle_simulate_with_progress does the same with progress",
  farkle_turn_policy_new: "farkle_turn_policy_new_with_progress does the same with progress",
  farkle_penalty_policy_new: "farkle_penalty_policy_new_with_progress does the same with progress",
  farkle_penalty_average_points: "farkle_penalty_average_points_with_progress does the same with progress",
  farkle_win_table_solve: "farkle_win_table_solve_players with 2 players gives the same table, bit for bit",
  farkle_score_selection: "Rules.score() scores through a scorer the rules make once (they never change)",
  farkle_points: "Rules.points() scores through a scorer the rules make once (they never change)",
  farkle_win_table_save: "a file path: the WebAssembly build has no files (toBytes())",
  farkle_win_table_load: "a file path: the WebAssembly build has no files (fromBytes())",
  farkle_card_best: CARDS,
  farkle_card_evaluate: CARDS,
  farkle_card_family_name: CARDS,
  farkle_card_folk: CARDS,
  farkle_card_folk_name: CARDS,
  farkle_card_free: CARDS,
  farkle_card_info: CARDS,
  farkle_card_new_per_dice: CARDS,
  farkle_card_new_situational: CARDS,
  farkle_card_new_total: CARDS,
  farkle_card_text: CARDS,
  farkle_card_threshold: CARDS,
  farkle_game_card_play_turn: CARDS,
  farkle_game_coach: CARDS,
  farkle_simulate_cards: CARDS,
};

test("the version is the library's and the package's", () => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", own), "utf8"));
  assert.equal(farkle.version, pkg.version);
  assert.match(farkle.version, /^\d+\.\d+\.\d+$/);
  assert.equal(farkle.MAX_DICE, 12);
  assert.equal(farkle.MAX_PLAYERS, 64);
});

test("every function of the C interface is wrapped, or listed with a reason", () => {
  // The scoring calls go through `raw` (unguarded, each call site trapping on its own).
  const called = (name) => sources.includes(`lib.${name}(`) || sources.includes(`raw.${name}(`);
  const missing = functionNames.filter((name) => !called(name) && !(name in UNWRAPPED));
  assert.deepEqual(missing, []);
  for (const name of Object.keys(UNWRAPPED)) assert.ok(functionNames.includes(name), `${name} is in the header`);
});

test("the spellings shared with the Python package", async () => {
  const rules = new farkle.Rules("classic");
  assert.equal(rules.points([2, 3]), 0);
  const score = rules.score([1, 5]);
  assert.deepEqual([score.valid, score.points], [true, 150]);
  assert.equal(typeof new farkle.TurnPolicy("classic", { onBoard: true }).value(300, 2), "number");
  const progress = [];
  const controller = new AbortController();
  const table = await farkle.WinTable.solve(new farkle.Rules("minimal", { diceCount: 2, targetScore: 200 }), {
    progress: (f) => { progress.push(f); },
    signal: controller.signal,
  });
  assert.equal(typeof table.firstPlayerWinProbability, "number");
  assert.equal(typeof table.compensation, "number");
  assert.ok(progress.length > 0);
});

test("closing a handle frees it once; using it afterwards throws", async () => {
  const game = new farkle.Game("classic", 2, { seed: 1 });
  game.close();
  game.close();
  assert.equal(game.closed, true);
  assert.throws(() => game.roll(), /closed/);
  const policy = new farkle.TurnPolicy("minimal");
  policy.close();
  assert.throws(() => policy.expectedPoints, /closed/);
  // Many objects left to the garbage collector do not exhaust the module's memory.
  for (let i = 0; i < 20000; i++) new farkle.Game("classic", 6, { seed: i }).roll();
});

test("the module's memory grows in steps, not a page at a time", async () => {
  // Each growth replaces the memory's buffer, and V8 collects garbage after it at a cost
  // that rises with the objects alive (src/wasm/allocator.rs): 10,000 games alive, about
  // 100 MiB, took 1,600 growths a page at a time, 7 s; in eighths, a few dozen.
  const { heap } = await import(new URL("native.js", own).href);
  const alive = [];
  let growths = 0;
  let size = heap().buffer.byteLength;
  for (let i = 0; i < 10000; i++) {
    alive.push(new farkle.Game("classic", 6, { seed: i }));
    const now = heap().buffer.byteLength;
    if (now !== size) {
      growths += 1;
      size = now;
    }
  }
  assert.ok(size > 64 << 20, `10,000 games hold ${size} bytes`);
  assert.ok(growths <= 60, `${growths} growths`);
  for (const game of alive) game.close();
});

test("text crosses intact both ways", () => {
  const names = ["Zoë", "李", "🎲 Ann", ""];
  const game = new farkle.Game("classic", names, { seed: 3 });
  assert.deepEqual(game.players.map((p) => p.name), names);
  const again = farkle.Game.loads(game.dumps());
  assert.deepEqual(again.players.map((p) => p.name), names);
  assert.throws(() => new farkle.Game("classic", ["a\0b"]), RangeError);
});

test("statuses and their error classes are exported", () => {
  assert.equal(farkle.Status.OK, 0);
  assert.equal(typeof farkle.Status.NOTHING_TO_BANK, "number");
  assert.equal(farkle.ERROR_CLASSES.NOTHING_TO_BANK, farkle.NothingToBankError);
  assert.equal(farkle.errorClass(farkle.Status.GAME_OVER), farkle.GameOverError);
  const game = new farkle.Game("classic", 2, { seed: 1 });
  assert.throws(() => game.bank(), (e) => e instanceof farkle.NothingToBankError && e.statusCode === farkle.Status.NOTHING_TO_BANK);
  // Every status but OK has its class, and the map lists no other name.
  assert.deepEqual(Object.keys(farkle.ERROR_CLASSES).sort(), Object.keys(farkle.Status).filter((n) => n !== "OK").sort());
});

test("handles close under Symbol.dispose", () => {
  assert.equal(typeof Symbol.dispose, "symbol");
  const game = new farkle.Game("classic", 2, { seed: 1 });
  game[Symbol.dispose]();
  assert.equal(game.closed, true);
  const declarations = readFileSync(new URL("native.d.ts", own), "utf8");
  assert.match(declarations, /\[Symbol\.dispose\]/);
});

test("unknown options are refused with a TypeError naming them", async () => {
  const tiny = new farkle.Rules("minimal", { diceCount: 2, targetScore: 200 });
  const named = (key) => (e) => e instanceof TypeError && e.message.includes(JSON.stringify(key));
  await assert.rejects(farkle.WinTable.solve(tiny, { player: 3 }), named("player"));
  await assert.rejects(farkle.simulate(tiny, ["threshold"], 1, { sead: 1 }), named("sead"));
  assert.throws(() => new farkle.Game("classic", 2, { seeed: 1 }), named("seeed"));
  assert.throws(() => new farkle.Game("classic", 2, { position: { players: [0, 0], turn: 1 } }), named("turn"));
  assert.throws(() => new farkle.Game("classic", 2, { position: { players: [{ score: 50, onboard: true }, 0] } }), named("onboard"));
  assert.throws(() => new farkle.TurnPolicy("classic", { on_board: false }), named("on_board"));
  assert.throws(() => new farkle.TurnPolicy("classic", { signal: AbortSignal.timeout(1000) }), named("signal"));
  assert.throws(() => new farkle.PenaltyPolicy("extended", { progres: () => {} }), named("progres"));
  assert.throws(() => farkle.penaltyAveragePoints("extended", { x: 1 }), named("x"));
  const game = new farkle.Game("classic", 2, { seed: 1 });
  assert.throws(() => game.botPlayTurn("threshold", { sede: 1 }), named("sede"));
  assert.throws(() => game.prepareAdvice({ signal: null }), named("signal"));
  const table = await farkle.WinTable.solve(tiny);
  assert.throws(() => table.winProbability({ me: {}, opponent: {}, total: 50 }), named("total"));
  assert.throws(() => table.winProbability({ me: { points: 0 }, opponent: {} }), named("points"));
  assert.throws(() => new farkle.Game("classic", 2, "seeded"), TypeError);
});

test("a name too long for the library is refused the first time, in a fresh module", () => {
  // The copy of a long name grows the module's memory mid-call: a fresh process, whose
  // memory is still small, is where that shows.
  const script = `
    const farkle = await import(${JSON.stringify(import.meta.resolve("farkle"))});
    const out = [];
    for (let i = 0; i < 2; i++) {
      try { new farkle.Game("classic", ["x".repeat(1e6), "b"]); out.push("no error"); }
      catch (e) { out.push(e.constructor.name); }
    }
    console.log(JSON.stringify(out));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.deepEqual(JSON.parse(out), ["ResourceLimitError", "ResourceLimitError"]);
});

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The package as a whole: its version is the library's, every function of the C interface
// is reached by some wrapper (or listed here with the reason it is not), the issue's
// spellings are exported, internal errors of the module become errors, and handles free.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import * as farkle from "farkle";

// The installed package's files (js/dist here, node_modules/farkle/dist once packed).
const own = new URL(import.meta.resolve("farkle"));
const { functionNames } = await import(new URL("generated/abi.js", own).href);
const sources = readdirSync(new URL(".", own))
  .filter((f) => f.endsWith(".js"))
  .map((f) => readFileSync(new URL(f, own), "utf8"))
  .join("\n");

/** Functions of the header the package does not call, and why. */
const UNWRAPPED = {
  farkle_game_new: "farkle_game_new_with does the same with names and a dice source",
  farkle_simulate: "farkle_simulate_with_progress does the same with progress",
  farkle_turn_policy_new: "farkle_turn_policy_new_with_progress does the same with progress",
  farkle_penalty_policy_new: "farkle_penalty_policy_new_with_progress does the same with progress",
  farkle_penalty_average_points: "farkle_penalty_average_points_with_progress does the same with progress",
  farkle_win_table_save: "a file path: the WebAssembly build has no files (toBytes())",
  farkle_win_table_load: "a file path: the WebAssembly build has no files (fromBytes())",
  farkle_win_table_solve_players: "three-player tables are not in the npm package yet",
  farkle_win_table_player_count: "three-player tables are not in the npm package yet",
  farkle_win_table_mixed_cycles: "three-player tables are not in the npm package yet",
  farkle_win_table_win_probabilities: "three-player tables are not in the npm package yet",
  farkle_win_table_mover_decision: "three-player tables are not in the npm package yet",
  farkle_win_table_mover_best_choice: "three-player tables are not in the npm package yet",
  farkle_win_table_start_probabilities: "three-player tables are not in the npm package yet",
  farkle_win_table_head_starts: "three-player tables are not in the npm package yet",
  farkle_game_advise_seats: "three-player tables are not in the npm package yet",
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

test("text crosses intact both ways", () => {
  const names = ["Zoë", "李", "🎲 Ann", ""];
  const game = new farkle.Game("classic", names, { seed: 3 });
  assert.deepEqual(game.players.map((p) => p.name), names);
  const again = farkle.Game.loads(game.dumps());
  assert.deepEqual(again.players.map((p) => p.name), names);
  assert.throws(() => new farkle.Game("classic", ["a\0b"]), RangeError);
});

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The farkle npm package from JavaScript: score selections, play seed 004's short game, and
// solve a small two-player table with progress. The same steps as the Python demo
// (examples/python/farkle_demo.py), in the same spellings.
//
//   make js && node examples/js/farkle_demo.mjs      # from the repository
//   npm install ./farkle-0.1.0.tgz && node farkle_demo.mjs
//
// Every result is checked against the value worked out by hand from the rules; the program
// exits 1 on the first mismatch and prints "js demo: ok" at the end.

let farkle;
try {
  farkle = await import("farkle");
} catch {
  farkle = await import(new URL("../../js/dist/index.js", import.meta.url).href);
}

let checks = 0;
function expect(condition, what) {
  if (!condition) {
    console.log("js demo: FAILED:", what);
    process.exit(1);
  }
  checks++;
}

function scoring() {
  const classic = new farkle.Rules("classic");
  // Three 1s (1000) and two single 5s (50 each).
  let s = classic.score([1, 1, 1, 5, 5]);
  expect(s.valid && s.points === 1100 && s.combinations.length === 3, "1 1 1 5 5 = 1100");
  console.log("1 1 1 5 5 ->", s.points, "points:", s.combinations.map((c) => c.name).sort().join(", "));
  // The 2 scores in no combination: invalid, and the 2 is named as left over.
  s = classic.score([1, 1, 1, 5, 5, 2]);
  expect(!s.valid && s.points === 0 && s.leftover.join() === "2", "the 2 is left over");
  console.log("1 1 1 5 5 2 -> invalid, a 2 does not score");
  // Classic: a straight 1500, four 2s twice the triple (400), three pairs 1500.
  expect(classic.points([1, 2, 3, 4, 5, 6]) === 1500, "straight 1500");
  expect(classic.points([2, 2, 2, 2]) === 400, "four 2s 400");
  expect(classic.points([2, 2, 3, 3, 6, 6]) === 1500, "three pairs 1500");
  // A roll with no 1, no 5 and no triple is a farkle.
  const a = classic.analyze([2, 3, 4, 6, 6, 3]);
  expect(a.isFarkle && a.maxPoints === 0, "2 3 4 6 6 3 is a farkle");
  // Six dice farkle 1080 times in 46656 (5/216).
  expect(String(classic.odds(6).farkle) === "5/216", "six dice farkle 5/216");
}

function play() {
  // Seed 004's examples 3 and 1 as Ann's and Bob's turns (additive rules, one turn each).
  const rules = new farkle.Rules("additive", { turnLimit: 1 });
  const game = new farkle.Game(rules, ["Ann", "Bob"], { diceSource: "supplied" });
  game.roll([1, 1, 1, 4, 6, 6]);
  // Keeping the 4 too is refused, with the library's reason.
  try {
    game.select([0, 1, 2, 3]);
    expect(false, "1 1 1 4 refused");
  } catch (e) {
    expect(e instanceof farkle.InvalidSelectionError, "an InvalidSelectionError");
    console.log("refused:", e.message);
  }
  game.select([0, 1, 2]);
  game.roll([1, 5, 5]);
  game.select([0, 1, 2]);
  let s = game.state;
  expect(s.turnPoints === 1200 && s.diceInHand === 6 && s.turnHotDice === 1, "hot dice with 1200 in hand");
  game.roll([1, 1, 5, 3, 4, 4]);
  game.select([0, 1, 2]);
  game.bank();
  expect(game.player(0).score === 1450, "Ann banks 1450");

  game.roll([1, 2, 4, 4, 4, 5]);
  game.select([2, 3, 4]);
  game.roll([2, 2, 3]);
  s = game.state;
  expect(s.phase === farkle.Phase.FARKLED && s.turnForfeitedPoints === 400, "Bob farkles");
  try {
    game.bank();
    expect(false, "no bank after a farkle");
  } catch (e) {
    expect(e instanceof farkle.WrongPhaseError, "a WrongPhaseError");
  }
  game.acknowledgeFarkle();
  expect(game.isOver && game.winners.join() === "0", "Ann wins");
  console.log(`game over: Ann ${game.scores[0]}, Bob ${game.scores[1]}`);
  game.close();
}

async function strategy() {
  // The optimal single turn of the classic preset: 590.02 points expected.
  const policy = new farkle.TurnPolicy("classic", { onBoard: true });
  expect(Math.abs(policy.expectedPoints - 590.02) < 0.005, "590.02 points a turn");
  // Two players, three dice, to 500: the first player's edge and the compensating head start.
  const rules = new farkle.Rules("minimal", { diceCount: 3, targetScore: 500 });
  let reports = 0;
  const table = await farkle.WinTable.solve(rules, { progress: () => { reports++; } });
  const p = table.firstPlayerWinProbability;
  expect(p > 0.5 && p < 1 && reports > 0, "the first player is ahead");
  console.log(`first player wins ${(p * 100).toFixed(1)}%; compensation ${table.compensation} points`);
}

console.log("farkle", farkle.version, "from JavaScript");
scoring();
play();
await strategy();
console.log(`js demo: ok (${checks} checks)`);

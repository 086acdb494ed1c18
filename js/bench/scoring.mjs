// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Speed of scoring through the JavaScript API, in ns per call, for comparison with the same
// calls through the C API natively (benches/c/bench_scoring.c; docs/benchmarks.md quotes
// both). Inputs as in the C harness: random selections of 1 to 6 dice (the count and every
// face uniform), fixed by a seed, as plain arrays; 8,192 of them, cycled through N calls (a
// million JS arrays would measure the memory, not the calls). Three floors: a loop that only
// sums each array's faces (no call that reads them can do less), one that checks each face
// and reads the points from a table by a key of the faces (what Rules.points and
// Scorer.points do on a selection they have seen, inline), and, for each export the calls
// use or compare with, the module's call alone, made from a loop here on the same selections
// already in the module's memory (what any call through the module pays, however its
// arguments get there). Every measurement makes N calls once per round; the
// rounds interleave the measurements and are timed in process CPU time (process.cpuUsage);
// the median round is reported with the fastest. A warm-up round first lets the JIT compile
// the calls, and the results of every call are checked against each other before timing.
//
//   node js/bench/scoring.mjs [N [ROUNDS]]     defaults 1,000,000 and 11; after `make js`

import * as farkle from "../dist/index.js";
import { heap, ownedBlock, raw, words } from "../dist/native.js";

const n = Number(process.argv[2] ?? 1_000_000);
const rounds = Number(process.argv[3] ?? 11);

// xorshift32: the inputs are the same on every run.
let state = 0x9e3779b9;
const next = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return state >>> 0;
};
const POOL = 8192;
const pool = Array.from({ length: POOL }, () =>
  Array.from({ length: 1 + (next() % 6) }, () => 1 + (next() % 6)),
);

const classic = new farkle.Rules("classic");
const additive = new farkle.Rules("additive");
const scorer = new farkle.Scorer(classic);

// The selections also as bytes in the module's memory (8 a selection) with an output block
// after them, for the third floor: the module's own calls, made straight from a loop here
// with nothing of the package around them.
const FACES = ownedBlock(POOL * 8 + 64);
const OUT = FACES + POOL * 8;
pool.forEach((s, i) => heap().set(s, FACES + 8 * i));
const counts = pool.map((s) => s.length);
const rulesPtr = classic.cPointer;
const scorerPtr = scorer.ptr;
const WEIGHT = [0, 1, 7, 49, 343, 2401, 16807];
const known = new Int32Array(6 * 7 ** 5 + 1);
for (const s of pool) known[s.reduce((key, f) => key + WEIGHT[f], 0)] = classic.points(s);

// One loop per measurement, each with a call site of its own, as in the C harness: a loop
// shared by all of them would call through one site that sees every measurement, which the
// engine cannot make direct, and would time that site more than the calls.
const measurements = {
  "floor: summing the faces in JavaScript": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const s = pool[i & (POOL - 1)];
      for (let j = 0; j < s.length; j++) sum += s[j];
    }
    return sum;
  },
  // What Scorer.points does on a selection it has scored before, written inline: check each
  // face, add its weight to a base-7 key of the multiset, read the points by that key.
  "floor: checking the faces, one read by their key": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const s = pool[i & (POOL - 1)];
      let key = 0;
      for (let j = 0; j < s.length; j++) {
        const f = s[j];
        if (typeof f !== "number" || !(f >= 1 && f <= 6) || (f | 0) !== f) throw new TypeError(`${f}`);
        key += WEIGHT[f];
      }
      sum += known[key];
    }
    return sum;
  },
  // The third floor, one per export: the module's call alone, from JavaScript, on faces
  // already in its memory (what any call through the module pays however its arguments get
  // there).
  "floor: farkle_points in the module alone, classic": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const k = i & (POOL - 1);
      if (raw.farkle_points(rulesPtr, FACES + 8 * k, counts[k], OUT) !== 0) throw new Error("farkle_points");
      sum += words()[OUT >> 2];
    }
    return sum;
  },
  "floor: farkle_scorer_points in the module alone, classic": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const k = i & (POOL - 1);
      if (raw.farkle_scorer_points(scorerPtr, FACES + 8 * k, counts[k], OUT) !== 0) throw new Error("farkle_scorer_points");
      sum += words()[OUT >> 2];
    }
    return sum;
  },
  "floor: farkle_score_selection in the module alone, classic": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const k = i & (POOL - 1);
      if (raw.farkle_score_selection(rulesPtr, FACES + 8 * k, counts[k], OUT) !== 0) throw new Error("farkle_score_selection");
      sum += words()[OUT >> 2];
    }
    return sum;
  },
  "floor: farkle_scorer_score_selection in the module alone, classic": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const k = i & (POOL - 1);
      if (raw.farkle_scorer_score_selection(scorerPtr, FACES + 8 * k, counts[k], OUT) !== 0) {
        throw new Error("farkle_scorer_score_selection");
      }
      sum += words()[OUT >> 2];
    }
    return sum;
  },
  "Rules.points, classic (farkle_points)": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += classic.points(pool[i & (POOL - 1)]);
    return sum;
  },
  "Rules.points, additive (farkle_points)": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += additive.points(pool[i & (POOL - 1)]);
    return sum;
  },
  "Scorer.points, classic (farkle_scorer_points)": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += scorer.points(pool[i & (POOL - 1)]);
    return sum;
  },
  "Rules.score, classic (farkle_score_selection)": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += classic.score(pool[i & (POOL - 1)]).points;
    return sum;
  },
  "Scorer.score, classic (farkle_scorer_score_selection)": () => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += scorer.score(pool[i & (POOL - 1)]).points;
    return sum;
  },
};

for (const s of pool) {
  const p = classic.points(s);
  if (scorer.points(s) !== p || classic.score(s).points !== p || scorer.score(s).points !== p) {
    throw new Error(`the calls disagree on ${s}`);
  }
}

const times = Object.fromEntries(Object.keys(measurements).map((k) => [k, []]));
const names = Object.keys(measurements);
let sink = 0;
for (let round = -1; round < rounds; round++) {
  for (let j = 0; j < names.length; j++) {
    const name = names[(j + Math.max(round, 0)) % names.length];
    const before = process.cpuUsage();
    sink += measurements[name]();
    const used = process.cpuUsage(before);
    if (round >= 0) times[name].push(((used.user + used.system) * 1000) / n);
  }
}

const os = await import("node:os");
console.log(`node ${process.version}, ${n} selections, ${rounds} rounds, load ${os.loadavg()[0].toFixed(1)}`);
for (const name of names) {
  const sorted = times[name].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`${name.padEnd(66)} ${median.toFixed(2)} ns/call (fastest ${sorted[0].toFixed(2)})`);
}
if (sink === 0.5) console.log(sink); // keeps the calls from being optimised away

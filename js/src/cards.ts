// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * Cards: strategies a person can play from a few numbers (when to bank, which dice to keep),
 * each evaluated exactly against a win table's players (the optimal opponent of two
 * players, the equilibrium of three), and the best card of a family found by a local search.
 * See docs/strategy.md, "Cards".
 */

import {
  alloc,
  check,
  checkLongCall,
  frame,
  integer,
  kindOf,
  lib,
  options as checkOptions,
  Reporter,
  takeBlock,
  view,
  WORKER_CALL_KEYS,
  type LongCallOptions,
  type WorkerCallOptions,
} from "./native.js";
import { offThread, type Job } from "./offthread.js";
import { Rules } from "./rules.js";
import { rulesToBytes, solvedHere, tracked, WinTable } from "./strategy.js";

/** Which dice a card keeps: every scoring die, the most points per die, or one single with at least `single` dice left to roll. */
export type KeepRule = "all" | "rate" | { readonly single: number };

/** A card's family: one threshold, one per count of dice left, one per count of dice left in each situation. */
export type CardFamily = "total" | "perDice" | "situational";

/** A threshold of a card: points, or null (never bank there). */
export type Threshold = number | null;

/** The largest number a card holds (a threshold or a band), in points. */
export const MAX_CARD_POINTS = 100_000;

const FAMILIES: readonly CardFamily[] = ["total", "perDice", "situational"];

function threshold(t: unknown, name: string): Threshold {
  return t === null ? null : integer(t, name, 0, MAX_CARD_POINTS);
}

function row(values: unknown, name: string): Threshold[] {
  if (!Array.isArray(values)) throw new TypeError(`${name} must be an array of thresholds, not ${kindOf(values)}`);
  return values.map((t, i) => threshold(t, `${name}[${i}]`));
}

function keepWords(keep: KeepRule): [number, number] {
  if (keep === "all") return [0, 0];
  if (keep === "rate") return [1, 0];
  if (typeof keep === "object" && keep !== null && "single" in keep) return [2, integer(keep.single, "keep.single", 1, 11)];
  throw new TypeError(`keep must be "all", "rate" or { single: dice }, not ${kindOf(keep)}`);
}

/**
 * A card: `Card.bankAt(300)`, `Card.perDice([0, 0, null, null, null, null])`,
 * `Card.situational(...)`, or one of `Card.folk(dice)`. Immutable; its numbers are checked by
 * the library when made (thresholds and bands 0 to 100,000; 1 to 12 thresholds a row).
 */
export class Card {
  /** The family: how it banks. */
  readonly family: CardFamily;
  /** Which dice it keeps. */
  readonly keep: KeepRule;
  /**
   * Its thresholds: one row of one threshold ("total"), one row of one per count of dice
   * left ("perDice": rows[0][d - 1] for d dice), or four rows, behind, level, ahead and
   * endgame ("situational").
   */
  readonly rows: readonly (readonly Threshold[])[];
  /** Situational: behind or ahead means by more than this many points (else 0). */
  readonly band: number;
  /** Situational: the endgame row applies once the highest score is within this many points of the target (0: never). */
  readonly endgameBand: number;

  private constructor(family: CardFamily, keep: KeepRule, rows: Threshold[][], band: number, endgameBand: number) {
    this.family = family;
    this.keep = typeof keep === "object" ? Object.freeze({ single: keep.single }) : keep;
    this.rows = Object.freeze(rows.map((r) => Object.freeze([...r])));
    this.band = band;
    this.endgameBand = endgameBand;
    frame(() => {
      const w = this.words;
      check(lib.farkle_wasm_card_check(wordsAt(w), w.length, 0));
    });
    Object.freeze(this);
  }

  /** Bank once the turn reaches `points`. */
  static bankAt(points: number, keep: KeepRule = "all"): Card {
    return new Card("total", keep, [[integer(points, "points", 0, MAX_CARD_POINTS)]], 0, 0);
  }

  /** Bank once the turn reaches thresholds[d - 1] with d dice left to roll (null: never with d dice). */
  static perDice(thresholds: readonly Threshold[], keep: KeepRule = "all"): Card {
    return new Card("perDice", keep, [row(thresholds, "thresholds")], 0, 0);
  }

  /**
   * One row of thresholds per situation: behind or ahead of the best other score by more
   * than `band`, level otherwise, and endgame (wins over the others) once the highest score
   * is within `endgameBand` of the target. Rows of one length.
   */
  static situational(
    s: {
      band: number;
      endgameBand: number;
      behind: readonly Threshold[];
      level: readonly Threshold[];
      ahead: readonly Threshold[];
      endgame: readonly Threshold[];
    },
    keep: KeepRule = "all",
  ): Card {
    return new Card(
      "situational",
      keep,
      [row(s.behind, "behind"), row(s.level, "level"), row(s.ahead, "ahead"), row(s.endgame, "endgame")],
      integer(s.band, "band", 0, MAX_CARD_POINTS),
      integer(s.endgameBand, "endgameBand", 0, MAX_CARD_POINTS),
    );
  }

  /**
   * The folk rules for a set of `dice` dice (or the rules' dice), with their names: bank at
   * 300, 350, 500 and 1,000; never roll 1 or 2 dice; the same banking at 300 otherwise. Each
   * keeps every scoring die.
   */
  static folk(dice: number | Rules): { readonly name: string; readonly card: Card }[] {
    const n = dice instanceof Rules ? dice.diceCount : integer(dice, "dice", 1, 12);
    const bytes = takeBlock((b, len) => check(lib.farkle_wasm_card_folk(n, b, len)));
    const r = new ByteReader(bytes);
    const count = r.i32();
    const out: { name: string; card: Card }[] = [];
    for (let i = 0; i < count; i++) {
      const name = new TextDecoder().decode(r.bytes(r.i32()));
      out.push(Object.freeze({ name, card: r.card() }));
    }
    return out;
  }

  /** The card of words (cards.rs's encoding). @internal */
  static fromWords(w: readonly number[]): Card {
    const [bank, keepKind, reroll, band, endgame, width] = w as [number, number, number, number, number, number];
    const t = w.slice(6).map((x) => (x < 0 ? null : x));
    const keep: KeepRule = keepKind === 0 ? "all" : keepKind === 1 ? "rate" : { single: reroll };
    if (bank === 0) return new Card("total", keep, [t], 0, 0);
    if (bank === 1) return new Card("perDice", keep, [t], 0, 0);
    const rows = [0, 1, 2, 3].map((i) => t.slice(i * width, (i + 1) * width));
    return new Card("situational", keep, rows, band, endgame);
  }

  /** The card as 32-bit words (cards.rs's encoding). @internal */
  get words(): number[] {
    const [k, reroll] = keepWords(this.keep);
    const kind = FAMILIES.indexOf(this.family);
    const width = this.family === "total" ? 1 : this.rows[0]!.length;
    const out = [kind, k, reroll, this.band, this.endgameBand, width];
    for (const r of this.rows) for (const t of r) out.push(t === null ? -1 : t);
    return out;
  }

  /** The card as text a person can follow, one line a rule. */
  get text(): string {
    return frame(() => {
      const w = this.words;
      const bytes = takeBlock((b, n) => check(lib.farkle_wasm_card_text(wordsAt(w), w.length, b, n)));
      return new TextDecoder().decode(bytes);
    });
  }

  toString(): string {
    return this.text;
  }

  /** Whether the card is made for the dice of `rules` (one threshold per die of the set, a keep rule within it). */
  fits(rules: Rules): boolean {
    return frame(() => {
      const w = this.words;
      return lib.farkle_wasm_card_check(wordsAt(w), w.length, rules.cPointer) === 0;
    });
  }

  /**
   * The card's exact value against `table`'s players (seconds for a table to 10,000), on
   * this thread; `progress` may return false to cancel (CancelledError). RangeError-like
   * OutOfRangeError for a card not made for the table's dice.
   */
  evaluate(table: WinTable, options: Omit<LongCallOptions, "signal"> = {}): CardValue {
    options = checkOptions(options, ["progress"], "evaluate options");
    if (!(table instanceof WinTable)) throw new TypeError(`table must be a WinTable, not ${kindOf(table)}`);
    return frame(() => {
      const w = this.words;
      const at = wordsAt(w);
      const bytes = takeBlock((b, n) => {
        const reporter = new Reporter(options, "the card's evaluation");
        reporter.run(() => lib.farkle_wasm_card_evaluate(table.cPointer, at, w.length, reporter.function, reporter.user, b, n));
      });
      return new ByteReader(bytes).value();
    });
  }

  /**
   * evaluate() in a worker the package starts for the call, with progress and cancellation
   * as WinTable.solve(); the table travels there in its saved form (exact for two players,
   * 32-bit for three: values within 1e-6). `worker: false` evaluates on this thread.
   */
  async evaluateAsync(table: WinTable, options: WorkerCallOptions = {}): Promise<CardValue> {
    options = checkOptions(options, WORKER_CALL_KEYS, "evaluateAsync options");
    if (!(table instanceof WinTable)) throw new TypeError(`table must be a WinTable, not ${kindOf(table)}`);
    checkLongCall(options);
    const job: Job = { job: "cardValue", args: { rules: rulesToBytes(table.rules), table: table.toBytes(), words: this.words } };
    const bytes = (await offThread(job, options, "the card's evaluation")) as Uint8Array | null;
    if (bytes !== null) return new ByteReader(bytes).value();
    return solvedHere(options, "the card's evaluation", () => this.evaluate(table, { progress: tracked(options) }));
  }

  /**
   * The best card of `family` for `table`'s rules and players, with its value: a local
   * search, each step an exact evaluation (about a second for one threshold of minimal rules
   * to 1,000; minutes for the situational family to 10,000). Runs in a worker as
   * evaluateAsync() does, with progress and cancellation; `worker: false` searches here.
   */
  static async best(table: WinTable, family: CardFamily = "total", options: WorkerCallOptions = {}): Promise<BestCard> {
    options = checkOptions(options, WORKER_CALL_KEYS, "Card.best options");
    if (!(table instanceof WinTable)) throw new TypeError(`table must be a WinTable, not ${kindOf(table)}`);
    const f = familyNumber(family);
    checkLongCall(options);
    const job: Job = { job: "bestCard", args: { rules: rulesToBytes(table.rules), table: table.toBytes(), family: f } };
    const bytes = (await offThread(job, options, "the card search")) as Uint8Array | null;
    if (bytes !== null) return readBest(bytes);
    return solvedHere(options, "the card search", () => Card.bestHere(table, family, { progress: tracked(options) }));
  }

  /** Card.best() on this thread. */
  static bestHere(table: WinTable, family: CardFamily = "total", options: Omit<LongCallOptions, "signal"> = {}): BestCard {
    options = checkOptions(options, ["progress"], "Card.bestHere options");
    if (!(table instanceof WinTable)) throw new TypeError(`table must be a WinTable, not ${kindOf(table)}`);
    return readBest(bestBytes(table, familyNumber(family), options));
  }
}

function familyNumber(family: unknown): number {
  const f = FAMILIES.indexOf(family as CardFamily);
  if (f < 0) throw new TypeError(`family must be "total", "perDice" or "situational", not ${kindOf(family)}`);
  return f;
}

/** The search's bytes (also what the worker posts). @internal */
export function bestBytes(table: WinTable, family: number, options: LongCallOptions): Uint8Array {
  return takeBlock((b, n) => {
    const reporter = new Reporter(options, "the card search");
    reporter.run(() => lib.farkle_wasm_card_best(table.cPointer, family, reporter.function, reporter.user, b, n));
  });
}

/** The evaluation's bytes (what the worker posts). @internal */
export function valueBytes(table: WinTable, words: readonly number[], options: LongCallOptions): Uint8Array {
  return frame(() => {
    const at = wordsAt(words);
    return takeBlock((b, n) => {
      const reporter = new Reporter(options, "the card's evaluation");
      reporter.run(() => lib.farkle_wasm_card_evaluate(table.cPointer, at, words.length, reporter.function, reporter.user, b, n));
    });
  });
}

/** Runs a card job of the package's worker on this thread: the bytes it posts back. @internal */
export function runCardJob(job: Job, progress: (fraction: number) => void): Uint8Array {
  const table = WinTable.fromBytes(job.args.table as Uint8Array);
  try {
    if (job.job === "bestCard") return bestBytes(table, job.args.family as number, { progress });
    return valueBytes(table, job.args.words as number[], { progress });
  } finally {
    table.close();
  }
}

function readBest(bytes: Uint8Array): BestCard {
  const r = new ByteReader(bytes);
  const card = r.card();
  return Object.freeze({ card, value: r.value() });
}

/** The best card of a family and its value. */
export interface BestCard {
  readonly card: Card;
  readonly value: CardValue;
}

/** What a card is worth against a table's players (probabilities: 0.01 is one percentage point). */
export interface CardValue {
  /** The card's exact chance to win from the start in each seat (seat 0 moves first), ties shared. */
  readonly seats: readonly number[];
  /** Optimal play's chance in each seat, against the same opponents. */
  readonly optimal: readonly number[];
  /** The card's chance averaged over the seats. */
  readonly chance: number;
  /** 1 / players. */
  readonly fairShare: number;
  /** Optimal play's chance averaged over the seats (the fair share, to rounding). */
  readonly optimalChance: number;
  /** optimalChance - chance: what playing the card costs. */
  readonly price: number;
}

/** Words in the module's memory (inside a frame()). @internal */
export function wordsAt(words: readonly number[]): number {
  const at = alloc(4 * Math.max(1, words.length), 4);
  const d = view();
  words.forEach((w, i) => d.setInt32(at + 4 * i, w, true));
  return at;
}

/** Reads the blocks cards.rs writes. @internal */
export class ByteReader {
  private at = 0;
  private readonly d: DataView;
  constructor(private readonly b: Uint8Array) {
    this.d = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }
  i32(): number {
    const v = this.d.getInt32(this.at, true);
    this.at += 4;
    return v;
  }
  f64(): number {
    const v = this.d.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }
  u64(): number {
    const v = Number(this.d.getBigUint64(this.at, true));
    this.at += 8;
    return v;
  }
  i64(): number {
    const v = Number(this.d.getBigInt64(this.at, true));
    this.at += 8;
    return v;
  }
  bytes(n: number): Uint8Array {
    const v = this.b.subarray(this.at, this.at + n);
    this.at += n;
    return v;
  }
  card(): Card {
    const n = this.i32();
    return Card.fromWords(Array.from({ length: n }, () => this.i32()));
  }
  value(): CardValue {
    const p = this.i32();
    const seats = Array.from({ length: p }, () => this.f64());
    const optimal = Array.from({ length: p }, () => this.f64());
    const chance = seats.reduce((a, b) => a + b, 0) / p;
    const optimalChance = optimal.reduce((a, b) => a + b, 0) / p;
    return Object.freeze({
      seats: Object.freeze(seats),
      optimal: Object.freeze(optimal),
      chance,
      fairShare: 1 / p,
      optimalChance,
      price: optimalChance - chance,
    });
  }
}

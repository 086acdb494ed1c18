// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * Strategy: the single-turn policy, the two-player win table, the long-run policy and its
 * average under a penalty, and bot simulations.
 */

import { constants, enums, structs } from "./generated/abi.js";
import { parse, type EnumValue } from "./enums.js";
import {
  alloc,
  allocBytes,
  allocStruct,
  check,
  checkLongCall,
  dice,
  facesOfCounts,
  flag,
  frame,
  Handle,
  heap,
  integer,
  kindOf,
  lib,
  options as checkOptions,
  WORKER_CALL_KEYS,
  maskIndices,
  num,
  read,
  readPointer,
  Reporter,
  takeBlock,
  u64,
  view,
  write,
  type Faces,
  type LongCallOptions,
  type WorkerCallOptions,
} from "./native.js";
import { aborted, offThread, type Job } from "./offthread.js";
import { Rules, toRules, type PresetName } from "./rules.js";
import { ByteReader, Card, wordsAt } from "./cards.js";

/** The FarkleRules of `rules` as bytes, for a worker. @internal */
export function rulesToBytes(rules: Rules): Uint8Array {
  const at = rules.cPointer;
  return heap().slice(at, at + structs.FarkleRules.size);
}

/** Rules from rulesToBytes() (in the package's worker). @internal */
export function rulesFromBytes(bytes: Uint8Array): Rules {
  return frame(() => Rules.fromC(allocBytes(bytes)));
}

/** Runs a job of the package's worker on this thread: the value it posts back. @internal */
export function runJob(job: Job, rules: Rules, progress: (fraction: number) => void): unknown {
  const a = job.args;
  if (job.job === "turnPolicy") {
    const policy = new TurnPolicy(rules, { onBoard: a.onBoard as boolean, progress });
    try {
      return takeBlock((b, n) => check(lib.farkle_wasm_turn_policy_save(policy.cPointer, b, n)));
    } finally {
      policy.close();
    }
  }
  if (job.job === "penaltyPolicy") {
    const policy = new PenaltyPolicy(rules, { progress });
    try {
      return takeBlock((b, n) => check(lib.farkle_wasm_penalty_policy_save(policy.cPointer, b, n)));
    } finally {
      policy.close();
    }
  }
  if (job.job === "penaltyAverage") return penaltyAveragePoints(rules, { progress });
  if (job.job === "advice") return solveAdvice(rules, { progress });
  if (job.job === "solve") {
    const table = solveHere(rules, a.players as number, { progress });
    try {
      return table.toBytes();
    } finally {
      table.close();
    }
  }
  const table = a.table === null ? undefined : WinTable.fromBytes(a.table as Uint8Array);
  try {
    return simulateHere(rules, a.kinds as number[], a.games as bigint, a.seed as bigint, table, { progress }, (a.cards as number[] | undefined) ?? []);
  } finally {
    table?.close();
  }
}

function solveHere(r: Rules, players: number, options: LongCallOptions): WinTable {
  const ptr = construct(options, "the win table solve", (fn, user, out) =>
    lib.farkle_win_table_solve_players(r.cPointer, players, fn, user, out),
  );
  return WinTable.make(ptr);
}

/** The best play of a roll. */
export interface Choice {
  /** True when the roll farkles; then nothing else is meaningful. */
  readonly farkle: boolean;
  /** Dice to keep: bit i = the i-th die of the roll. */
  readonly keepMask: number;
  /** The positions in the roll of the dice to keep. */
  readonly keepIndices: readonly number[];
  /** The same dice as faces, ascending. */
  readonly keep: readonly number[];
  /** Points of the dice kept. */
  readonly points: number;
  /** Turn total after keeping them. */
  readonly turnTotal: number;
  /** Dice to roll next if the player goes on (the full set after hot dice). */
  readonly diceLeft: number;
  /** Whether to bank after keeping them (otherwise roll diceLeft dice). */
  readonly bank: boolean;
  /** Expected points of the rest of the turn (single-turn policy), or the probability of winning (win table), after this play. */
  readonly value: number;
  /**
   * WinTable.moverBestChoice() only: every player's probability of winning after this play,
   * in turn order from the mover (all 0 for a farkle); empty otherwise.
   */
  readonly winProbabilities: readonly number[];
}

function choiceAt(ptr: number, winProbabilities: readonly number[] = []): Choice {
  const c = read("FarkleChoice", ptr);
  return Object.freeze({
    farkle: c.farkle,
    keepMask: c.keep_mask,
    keepIndices: maskIndices(c.keep_mask),
    keep: facesOfCounts(c.keep_counts),
    points: c.points,
    turnTotal: c.turn_total,
    diceLeft: c.dice_left,
    bank: c.bank,
    value: c.value,
    winProbabilities: Object.freeze([...winProbabilities]),
  });
}

/** Reads a double the library wrote. */
function readDouble(call: (out: number) => number): number {
  return frame(() => {
    const out = alloc(8, 8);
    check(call(out));
    return view().getFloat64(out, true);
  });
}

/** Reads an int32_t the library wrote. */
function readInt(call: (out: number) => number): number {
  return frame(() => {
    const out = alloc(4, 4);
    check(call(out));
    return view().getInt32(out, true);
  });
}

/** Runs a constructor of the library with progress: the pointer it wrote. */
function construct(
  options: LongCallOptions,
  what: string,
  call: (fn: number, user: number, out: number) => number,
): number {
  return frame(() => {
    const out = alloc(4, 4);
    const reporter = new Reporter(options, what);
    reporter.run(() => call(reporter.function, reporter.user, out));
    return readPointer(out);
  });
}

/** Options of TurnPolicy. */
export interface TurnPolicyOptions extends Omit<LongCallOptions, "signal"> {
  /** Solve for a player on the board (default) or not yet. */
  onBoard?: boolean;
}

/** Options of TurnPolicy.create(). */
export interface TurnPolicyCreateOptions extends WorkerCallOptions {
  /** Solve for a player on the board (default) or not yet. */
  onBoard?: boolean;
}

/** What a game's advice solves (the policies of Game.prepareAdvice()), as bytes. @internal */
export function solveAdvice(rules: Rules, options: LongCallOptions): Uint8Array {
  return takeBlock((b, n) => {
    const reporter = new Reporter(options, "the advice");
    reporter.run(() => lib.farkle_wasm_advice_solve(rules.cPointer, reporter.function, reporter.user, b, n));
  });
}

/**
 * A library object of `rules` rebuilt from the bytes a worker's solve handed over: the
 * pointer `load(rules, bytes, len, out)` wrote.
 */
function loadSolved(rules: Rules, bytes: Uint8Array, load: (r: number, b: number, n: number, out: number) => number): number {
  return frame(() => {
    const buffer = alloc(Math.max(1, bytes.length), 8);
    heap().set(bytes, buffer);
    const out = alloc(4, 4);
    check(load(rules.cPointer, buffer, bytes.length, out));
    return readPointer(out);
  });
}

/** The pointer the next TurnPolicy or PenaltyPolicy constructed takes over instead of solving. */
let adopted = 0;

/**
 * The optimal single-turn policy (most expected points banked this turn) for one rules
 * value, for a player on the board or not: `new TurnPolicy("classic", { onBoard: true })`.
 * Solving takes milliseconds for six dice, up to seconds for twelve. Owns a library object
 * (close() frees it at once).
 */
export class TurnPolicy extends Handle {
  protected static override readonly what: string = "TurnPolicy";
  /** The rules solved. */
  readonly rules: Rules;
  /** Whether the player is on the board. */
  readonly onBoard: boolean;

  constructor(rules: Rules | PresetName, options: TurnPolicyOptions = {}) {
    super();
    const solved = adopted;
    adopted = 0;
    try {
      options = checkOptions(options, ["onBoard", "progress"], "TurnPolicy options");
      this.rules = toRules(rules);
      this.onBoard = flag(options.onBoard ?? true, "onBoard");
    } catch (e) {
      if (solved !== 0) lib.farkle_turn_policy_free(solved);
      throw e;
    }
    const ptr =
      solved !== 0
        ? solved
        : construct(options, "the turn policy", (fn, user, out) =>
            lib.farkle_turn_policy_new_with_progress(this.rules.cPointer, this.onBoard ? 1 : 0, fn, user, out),
          );
    this.own(ptr, (p) => lib.farkle_turn_policy_free(p));
  }

  /**
   * Solves the policy as the constructor does, in a worker the package starts for the call
   * (as WinTable.solve() does), so that timers and input run meanwhile: up to seconds for
   * twelve dice. `progress` is called with the fraction done (at least every 25 ms while
   * this thread is free) and may return false to cancel (CancelledError); aborting `signal`,
   * from anywhere, stops the worker at once and rejects with AbortError. The policy solved
   * there reaches this thread value for value (its queries answer exactly as the
   * constructor's would). `worker: false`, or where no worker can be made, solves on the
   * calling thread.
   */
  static async create(rules: Rules | PresetName, options: TurnPolicyCreateOptions = {}): Promise<TurnPolicy> {
    options = checkOptions(options, ["onBoard", ...WORKER_CALL_KEYS], "TurnPolicy.create options");
    const r = toRules(rules);
    const onBoard = flag(options.onBoard ?? true, "onBoard");
    checkLongCall(options);
    const job: Job = { job: "turnPolicy", args: { rules: rulesToBytes(r), onBoard } };
    const bytes = (await offThread(job, options, "the turn policy")) as Uint8Array | null;
    if (bytes === null) return solvedHere(options, "the turn policy", () => new TurnPolicy(r, { onBoard, progress: tracked(options) }));
    adopted = loadSolved(r, bytes, (rp, b, n, out) => lib.farkle_wasm_turn_policy_load(rp, b, n, out));
    return new TurnPolicy(r, { onBoard });
  }

  /** The library's pointer. @internal */
  get cPointer(): number {
    return this.handle();
  }

  /** Expected points of one turn from scratch under the policy. */
  get expectedPoints(): number {
    return readDouble((out) => lib.farkle_turn_policy_expected_points(this.handle(), out));
  }

  /** The smallest turn total from which the policy always banks before rolling `dice` dice; null when that hand never farkles. */
  bankThreshold(diceCount: number): number | null {
    integer(diceCount, "dice", 1, this.rules.diceCount);
    const t = readInt((out) => lib.farkle_turn_policy_bank_threshold(this.handle(), diceCount, out));
    return t < 0 ? null : t;
  }

  /**
   * R(t, n): the expected points the policy banks this turn (0 for a farkle) holding
   * `turnTotal` and about to roll `dice` dice: the better of banking now, where the rules
   * allow it, and rolling. `onBoard` defaults to the situation the policy was solved for.
   */
  value(turnTotal: number, diceCount: number, onBoard?: boolean): number {
    integer(turnTotal, "turnTotal", 0, constants.FARKLE_MAX_TURN_TOTAL);
    integer(diceCount, "dice", 1, this.rules.diceCount);
    const board = onBoard === undefined ? this.onBoard : flag(onBoard, "onBoard");
    return readDouble((out) =>
      lib.farkle_turn_policy_value(this.handle(), turnTotal, diceCount, board ? 1 : 0, out),
    );
  }

  /** The best play of `roll` with `turnTotal` points already made this turn. */
  bestChoice(roll: Faces, turnTotal = 0): Choice {
    const faces = dice(roll, this.rules.diceCount, "roll");
    integer(turnTotal, "turnTotal", 0, constants.FARKLE_MAX_TURN_TOTAL);
    return frame(() => {
      const out = allocStruct("FarkleChoice");
      check(
        lib.farkle_turn_policy_best_choice(this.handle(), allocBytes(faces), faces.length, turnTotal, out),
      );
      return choiceAt(out);
    });
  }
}

/**
 * The optimal long-run policy for rules with a consecutive-farkle penalty in points (the
 * player on the board): a turn for each count of farkles in a row, from 0 to one less than
 * the rules' farklePenaltyStreak. UnsupportedError without a penalty.
 */
export class PenaltyPolicy extends Handle {
  protected static override readonly what: string = "PenaltyPolicy";
  /** The rules solved. */
  readonly rules: Rules;

  constructor(rules: Rules | PresetName, options: Omit<LongCallOptions, "signal"> = {}) {
    super();
    const solved = adopted;
    adopted = 0;
    try {
      options = checkOptions(options, ["progress"], "PenaltyPolicy options");
      this.rules = toRules(rules);
    } catch (e) {
      if (solved !== 0) lib.farkle_penalty_policy_free(solved);
      throw e;
    }
    const ptr =
      solved !== 0
        ? solved
        : construct(options, "the penalty policy", (fn, user, out) =>
            lib.farkle_penalty_policy_new_with_progress(this.rules.cPointer, fn, user, out),
          );
    this.own(ptr, (p) => lib.farkle_penalty_policy_free(p));
  }

  /**
   * Solves the policy as the constructor does, in a worker the package starts for the call,
   * with progress and cancellation as TurnPolicy.create(); the policy reaches this thread
   * value for value. `worker: false`, or where no worker can be made, solves on the calling
   * thread.
   */
  static async create(rules: Rules | PresetName, options: WorkerCallOptions = {}): Promise<PenaltyPolicy> {
    options = checkOptions(options, WORKER_CALL_KEYS, "PenaltyPolicy.create options");
    const r = toRules(rules);
    checkLongCall(options);
    const job: Job = { job: "penaltyPolicy", args: { rules: rulesToBytes(r) } };
    const bytes = (await offThread(job, options, "the penalty policy")) as Uint8Array | null;
    if (bytes === null) return solvedHere(options, "the penalty policy", () => new PenaltyPolicy(r, { progress: tracked(options) }));
    adopted = loadSolved(r, bytes, (rp, b, n, out) => lib.farkle_wasm_penalty_policy_load(rp, b, n, out));
    return new PenaltyPolicy(r);
  }

  /** The library's pointer. @internal */
  get cPointer(): number {
    return this.handle();
  }

  /** The count of farkles in a row that costs the penalty. */
  get streak(): number {
    return this.rules.farklePenaltyStreak;
  }

  /** The long-run average points per turn under the policy. */
  get averagePoints(): number {
    return readDouble((out) => lib.farkle_penalty_policy_average_points(this.handle(), out));
  }

  /** The smallest turn total from which the policy banks before rolling `dice` dice after `farkles` farkles in a row; null when that hand never farkles. */
  bankThreshold(farkles: number, diceCount: number): number | null {
    integer(farkles, "farkles", 0, this.streak - 1);
    integer(diceCount, "dice", 1, this.rules.diceCount);
    const t = readInt((out) =>
      lib.farkle_penalty_policy_bank_threshold(this.handle(), farkles, diceCount, out),
    );
    return t < 0 ? null : t;
  }

  /** h(k): how many points more (negative: fewer) a turn after `farkles` farkles in a row gathers in the long run than one after none. */
  relativeValue(farkles: number): number {
    integer(farkles, "farkles", 0, this.streak - 1);
    return readDouble((out) => lib.farkle_penalty_policy_relative_value(this.handle(), farkles, out));
  }
}

/** The long-run average points per turn under optimal play, for rules with a consecutive-farkle penalty in points. */
export function penaltyAveragePoints(
  rules: Rules | PresetName,
  options: Omit<LongCallOptions, "signal"> = {},
): number {
  options = checkOptions(options, ["progress"], "penaltyAveragePoints options");
  const r = toRules(rules);
  return frame(() => {
    const out = alloc(8, 8);
    const reporter = new Reporter(options, "the penalty average");
    reporter.run(() =>
      lib.farkle_penalty_average_points_with_progress(r.cPointer, reporter.function, reporter.user, out),
    );
    return view().getFloat64(out, true);
  });
}

/**
 * penaltyAveragePoints() in a worker the package starts for the call, with progress and
 * cancellation as TurnPolicy.create() (seconds for a long streak). `worker: false`, or where
 * no worker can be made, runs on the calling thread.
 */
export async function penaltyAveragePointsAsync(
  rules: Rules | PresetName,
  options: WorkerCallOptions = {},
): Promise<number> {
  options = checkOptions(options, WORKER_CALL_KEYS, "penaltyAveragePointsAsync options");
  const r = toRules(rules);
  checkLongCall(options);
  const job: Job = { job: "penaltyAverage", args: { rules: rulesToBytes(r) } };
  const value = (await offThread(job, options, "the penalty average")) as number | null;
  if (value !== null) return value;
  return solvedHere(options, "the penalty average", () => penaltyAveragePoints(r, { progress: tracked(options) }));
}

/**
 * A progress callback for a call that runs here after all (no worker): the caller's, which
 * also stops the call once the signal is aborted.
 */
export function tracked(options: LongCallOptions): (fraction: number) => boolean {
  return (fraction) => {
    if (options.signal?.aborted) return false;
    return options.progress?.(fraction) !== false;
  };
}

/** Runs `solve` here, as a call with `options` (the signal checked first and after). */
export function solvedHere<T>(options: LongCallOptions, what: string, solve: () => T): T {
  if (options.signal?.aborted) throw aborted(what, options.signal);
  try {
    return solve();
  } catch (e) {
    if (options.signal?.aborted) throw aborted(what, options.signal);
    throw e;
  }
}

/** A player between turns, for the win table. */
export interface Player {
  /** Banked score (a multiple of the table's unit, below the target); default 0. */
  score?: number;
  /** Whether the player has met the minimum entry (ignored without one); default true. */
  onBoard?: boolean;
  /** Consecutive farkles so far (0 without a penalty); default 0. */
  farkles?: number;
}

/** A moment in a turn, for the win table: `me` to move, holding `turnTotal`, about to roll `dice` dice. */
export interface TurnState {
  me: Player;
  opponent: Player;
  /** Default 0. */
  turnTotal?: number;
  /** Default 6. */
  dice?: number;
}

/** The optimal decision before a roll. */
export interface Decision {
  /** Whether banking is optimal (ties bank). */
  readonly bank: boolean;
  /** Whether the rules allow banking here. */
  readonly bankAllowed: boolean;
  /** P(win) when banking now (0 when not allowed). */
  readonly bankWinProbability: number;
  /** P(win) when rolling. */
  readonly rollWinProbability: number;
}

function cPlayer(p: unknown, name: string): { score: number; on_board: number; farkles: number } {
  if (typeof p !== "object" || p === null) throw new TypeError(`${name} must be a Player object`);
  const player = checkOptions<Player>(p, ["score", "onBoard", "farkles"], name);
  return {
    score: integer(player.score ?? 0, `${name}.score`, -(2 ** 31), 2 ** 31 - 1),
    on_board: flag(player.onBoard ?? true, `${name}.onBoard`) ? 1 : 0,
    farkles: integer(player.farkles ?? 0, `${name}.farkles`, 0, 2 ** 32 - 1),
  };
}

function cTurnState(s: unknown): number {
  if (typeof s !== "object" || s === null) throw new TypeError("state must be a TurnState object");
  const state = checkOptions<TurnState>(s, ["me", "opponent", "turnTotal", "dice"], "state");
  const ptr = allocStruct("FarkleTurnState");
  write("FarkleTurnState", ptr, {
    me: cPlayer(state.me, "state.me") as never,
    opponent: cPlayer(state.opponent, "state.opponent") as never,
    turn_total: integer(state.turnTotal ?? 0, "state.turnTotal", 0, constants.FARKLE_MAX_TURN_TOTAL),
    dice: integer(state.dice ?? 6, "state.dice", 1, constants.FARKLE_MAX_DICE),
  });
  return ptr;
}

function cPlayerAt(p: unknown, name: string): number {
  const ptr = allocStruct("FarklePlayer");
  write("FarklePlayer", ptr, cPlayer(p, name));
  return ptr;
}

/** A turn order of players (a number stands for a Player of that score) as a C array: [pointer, count]. */
function cPlayers(players: unknown, name = "players"): [number, number] {
  if (!Array.isArray(players)) {
    throw new TypeError(`${name} must be an array of Player objects, in turn order from the mover`);
  }
  if (players.length < 1 || players.length > constants.FARKLE_MAX_PLAYERS) {
    throw new RangeError(`between 1 and ${constants.FARKLE_MAX_PLAYERS} players, not ${players.length}`);
  }
  const values = players.map((p: unknown, i) =>
    cPlayer(typeof p === "number" ? { score: p } : p, `${name}[${i}]`),
  );
  const ptr = allocStruct("FarklePlayer", values.length);
  values.forEach((v, i) => write("FarklePlayer", ptr + i * structs.FarklePlayer.size, v));
  return [ptr, values.length];
}

/** `count` doubles at `ptr`. */
function doubles(ptr: number, count: number): number[] {
  const d = view();
  return Array.from({ length: count }, (_, i) => d.getFloat64(ptr + 8 * i, true));
}

/** The decision of the player to move before a roll, at a table of any size, with every player's chances either way (in turn order from the mover). */
export interface MoverDecision {
  /** Whether the mover banks (where the equilibrium mixes, whether it banks more often than not). */
  readonly bank: boolean;
  /** Whether the rules allow banking here. */
  readonly bankAllowed: boolean;
  /** How often the mover rolls: 0 or 1, or in between where the three-player equilibrium mixes banking and rolling. */
  readonly rollProbability: number;
  /** The mover's P(win) when banking now (0 when not allowed). */
  readonly bankWinProbability: number;
  /** The mover's P(win) when rolling. */
  readonly rollWinProbability: number;
  /** Every player's P(win) if the mover banks (all 0 when it may not). */
  readonly bankWinProbabilities: readonly number[];
  /** Every player's P(win) if the mover rolls. */
  readonly rollWinProbabilities: readonly number[];
}

/** Options of WinTable.solve(). */
export interface SolveOptions extends WorkerCallOptions {
  /** The number of players (default 2); 3 solves the three-player game. */
  players?: number;
}

/**
 * Optimal play at a table of two or three players: every player's P(win) at the start of
 * every turn (two players: optimal play by both; three: a subgame-perfect equilibrium in
 * which every player maximizes its own chance). Solve one with
 * `await WinTable.solve(rules, { players, progress, signal })` (seconds to minutes; run it
 * in a Worker to keep a page responsive), or load a saved one with WinTable.fromBytes().
 * Owns a library object (close() frees it at once); immutable.
 */
export class WinTable extends Handle {
  protected static override readonly what: string = "WinTable";

  private constructor(ptr: number) {
    super();
    this.own(ptr, (p) => lib.farkle_win_table_free(p));
  }

  /** A table over the library's `ptr`, which it owns. @internal */
  static make(ptr: number): WinTable {
    return new WinTable(ptr);
  }

  /** The library's pointer. @internal */
  get cPointer(): number {
    return this.handle();
  }

  /**
   * Solves play under `rules` (with a target, no turn limit) for `players` (2, the default,
   * or 3). The work runs in a worker the package starts for the call (in Node and in a
   * page's main thread; inside a worker, on that thread), so timers and input run
   * meanwhile. `progress` is called with the fraction done (from a worker, at least every
   * 25 ms while this thread is free) and may return false to cancel (CancelledError); aborting `signal`, from anywhere,
   * stops the worker at once and rejects with AbortError (a CancelledError whose cause is
   * the signal's reason). A progress callback that throws rejects with what it threw.
   *
   * A table solved in a worker reaches this thread through its saved form (toBytes()): a
   * two-player table exactly, a three-player one with its values as 32-bit floats, whose
   * queries stay within 1e-6 of the solved table's (as a loaded table's do). `worker: false`
   * solves on the calling thread and keeps every value as solved.
   */
  static async solve(rules: Rules | PresetName, options: SolveOptions = {}): Promise<WinTable> {
    options = checkOptions(options, ["players", ...WORKER_CALL_KEYS], "WinTable.solve options");
    const r = toRules(rules);
    const players = integer(options.players ?? 2, "players", 2, constants.FARKLE_MAX_PLAYERS);
    checkLongCall(options);
    const job: Job = { job: "solve", args: { rules: rulesToBytes(r), players } };
    const bytes = await offThread(job, options, "the win table solve");
    if (bytes !== null) return WinTable.fromBytes(bytes as Uint8Array);
    return solveHere(r, players, options);
  }

  /** A table from its saved form (toBytes()); its values are checked against its rules. */
  static fromBytes(data: Uint8Array | ArrayBuffer): WinTable {
    let bytes: Uint8Array;
    if (data instanceof Uint8Array) bytes = data;
    else if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
    else throw new TypeError(`data must be a Uint8Array or an ArrayBuffer, not ${kindOf(data)}`);
    return frame(() => {
      const buffer = alloc(Math.max(1, bytes.length), 8);
      heap().set(bytes, buffer);
      const out = alloc(4, 4);
      check(lib.farkle_win_table_from_buffer(buffer, bytes.length, out));
      return new WinTable(readPointer(out));
    });
  }

  /** The table's saved form. */
  toBytes(): Uint8Array {
    return frame(() => {
      const size = alloc(4, 4);
      const status = lib.farkle_win_table_to_buffer(this.handle(), 0, 0, size);
      if (status !== enums.FarkleStatus.BUFFER_TOO_SMALL) check(status);
      const n = readPointer(size);
      const buffer = alloc(Math.max(1, n), 8);
      check(lib.farkle_win_table_to_buffer(this.handle(), buffer, n, size));
      return heap().slice(buffer, buffer + readPointer(size));
    });
  }

  /** The number of players the table is for. */
  get playerCount(): number {
    return frame(() => {
      const out = alloc(4, 4);
      check(lib.farkle_win_table_player_count(this.handle(), out));
      return view().getUint32(out, true);
    });
  }

  /**
   * How many cycles of states (every rotation of the same scores, linked by farkles) have no
   * pure equilibrium and were solved as mixed ones, where a mover banks or rolls at random
   * (moverDecision().rollProbability between 0 and 1); 0 for two players. Minimal rules to
   * 1,500 have 1, to 4,000 have 4.
   */
  get mixedCycles(): number {
    return frame(() => {
      const out = alloc(8, 8);
      check(lib.farkle_win_table_mixed_cycles(this.handle(), out));
      return num(view().getBigUint64(out, true));
    });
  }

  /** The dice in hand: the rules' full set by default. */
  private diceArg(diceCount: number | undefined): number {
    return diceCount === undefined ? this.rules.diceCount : integer(diceCount, "dice", 1, constants.FARKLE_MAX_DICE);
  }

  /**
   * Every player's P(win), `players` in turn order from the one to move (exactly the table's
   * player count, else InvalidArgumentError; a number stands for a Player of that score),
   * who holds `turnTotal` points with `dice` dice to roll (by default the full set: with
   * turn total 0, the start of its turn) and may bank where the rules allow it. The chances
   * are in the order of `players` and sum to 1.
   */
  winProbabilities(players: ReadonlyArray<Player | number>, turnTotal = 0, diceCount?: number): number[] {
    integer(turnTotal, "turnTotal", 0, constants.FARKLE_MAX_TURN_TOTAL);
    const n = this.diceArg(diceCount);
    return frame(() => {
      const [c, count] = cPlayers(players);
      const out = alloc(8 * count, 8);
      check(lib.farkle_win_table_win_probabilities(this.handle(), c, count, turnTotal, n, out));
      return doubles(out, count);
    });
  }

  /**
   * The decision of the mover (players[0]; arguments as for winProbabilities()) before
   * rolling: bank or roll, how often it rolls where the equilibrium mixes, and every
   * player's chances either way.
   */
  moverDecision(players: ReadonlyArray<Player | number>, turnTotal = 0, diceCount?: number): MoverDecision {
    integer(turnTotal, "turnTotal", 0, constants.FARKLE_MAX_TURN_TOTAL);
    const n = this.diceArg(diceCount);
    return frame(() => {
      const [c, count] = cPlayers(players);
      const out = allocStruct("FarkleMoverDecision");
      const bank = alloc(8 * count, 8);
      const roll = alloc(8 * count, 8);
      check(lib.farkle_win_table_mover_decision(this.handle(), c, count, turnTotal, n, out, bank, roll));
      const d = read("FarkleMoverDecision", out);
      return Object.freeze({
        bank: d.bank,
        bankAllowed: d.bank_allowed,
        rollProbability: d.roll_probability,
        bankWinProbability: d.bank_win_probability,
        rollWinProbability: d.roll_win_probability,
        bankWinProbabilities: Object.freeze(doubles(bank, count)),
        rollWinProbabilities: Object.freeze(doubles(roll, count)),
      });
    });
  }

  /**
   * The mover's best play of `roll` (players[0], holding `turnTotal` before the roll;
   * players as for winProbabilities()): which dice to keep and whether to bank after (where
   * the equilibrium mixes after the play, the likelier). Its value is the mover's P(win)
   * after the play, and winProbabilities every player's.
   */
  moverBestChoice(players: ReadonlyArray<Player | number>, turnTotal: number, roll: Faces): Choice {
    integer(turnTotal, "turnTotal", 0, constants.FARKLE_MAX_TURN_TOTAL);
    const faces = dice(roll, constants.FARKLE_MAX_DICE, "roll");
    return frame(() => {
      const [c, count] = cPlayers(players);
      const out = allocStruct("FarkleChoice");
      const chances = alloc(8 * count, 8);
      const f = allocBytes(faces);
      check(
        lib.farkle_win_table_mover_best_choice(this.handle(), c, count, turnTotal, f, faces.length, out, chances),
      );
      return choiceAt(out, doubles(chances, count));
    });
  }

  /** Every seat's P(win) from the start of the game, seat 0 moving first. */
  get startProbabilities(): number[] {
    return frame(() => {
      const capacity = constants.FARKLE_MAX_PLAYERS;
      const out = alloc(8 * capacity, 8);
      const count = alloc(4, 4);
      check(lib.farkle_win_table_start_probabilities(this.handle(), out, capacity, count));
      return doubles(out, readPointer(count));
    });
  }

  /**
   * The fairest head starts: for each seat after the first, in seat order, the banked points
   * (on the board) that bring every seat's chance from the start closest to equal (two
   * players: as compensation; three: the least sum of squared differences from 1/3). About a
   * second for a three-player table to 10,000.
   */
  get headStarts(): number[] {
    return frame(() => {
      const capacity = constants.FARKLE_MAX_PLAYERS;
      const out = alloc(4 * capacity, 4);
      const count = alloc(4, 4);
      check(lib.farkle_win_table_head_starts(this.handle(), out, capacity, count));
      const d = view();
      return Array.from({ length: readPointer(count) }, (_, i) => d.getInt32(out + 4 * i, true));
    });
  }

  /** The rules the table was solved for. */
  get rules(): Rules {
    return frame(() => {
      const out = allocStruct("FarkleRules");
      check(lib.farkle_win_table_rules(this.handle(), out));
      return Rules.fromC(out);
    });
  }

  /** P(win) for the player to move in `state` (a two-player table; winProbabilities() asks any). */
  winProbability(state: TurnState): number {
    return frame(() => {
      const s = cTurnState(state);
      return readDouble((out) => lib.farkle_win_table_win_probability(this.handle(), s, out));
    });
  }

  /** Bank or roll in `state`, with P(win) of each. */
  decision(state: TurnState): Decision {
    return frame(() => {
      const s = cTurnState(state);
      const out = allocStruct("FarkleDecision");
      check(lib.farkle_win_table_decision(this.handle(), s, out));
      const d = read("FarkleDecision", out);
      return Object.freeze({
        bank: d.bank,
        bankAllowed: d.bank_allowed,
        bankWinProbability: d.bank_win_probability,
        rollWinProbability: d.roll_win_probability,
      });
    });
  }

  /** The best play of `roll` for `me` against `opponent` holding `turnTotal`; its value is P(win) after the play. */
  bestChoice(me: Player, opponent: Player, turnTotal: number, roll: Faces): Choice {
    integer(turnTotal, "turnTotal", 0, constants.FARKLE_MAX_TURN_TOTAL);
    const faces = dice(roll, constants.FARKLE_MAX_DICE, "roll");
    return frame(() => {
      const m = cPlayerAt(me, "me");
      const o = cPlayerAt(opponent, "opponent");
      const out = allocStruct("FarkleChoice");
      check(
        lib.farkle_win_table_best_choice(this.handle(), m, o, turnTotal, allocBytes(faces), faces.length, out),
      );
      return choiceAt(out);
    });
  }

  /**
   * Whether an earlier version of the library solved the table otherwise than this one would:
   * a table of rules with a final round saved before the solver weighed every scoring
   * selection of a roll (file versions 1 to 3). It still answers for the table it is; solve
   * again to play those rules as this version does.
   */
  get outdated(): boolean {
    return frame(() => {
      const out = alloc(1, 1);
      check(lib.farkle_win_table_outdated(this.handle(), out));
      return view().getUint8(out) !== 0;
    });
  }

  /** P(the first player wins) from the start under optimal play by both. */
  get firstPlayerWinProbability(): number {
    return readDouble((out) => lib.farkle_win_table_first_player_win_probability(this.handle(), out));
  }

  /** The head start (points) for the second player that brings the first player's chance closest to 1/2. */
  get compensation(): number {
    return readInt((out) => lib.farkle_win_table_compensation(this.handle(), out));
  }
}

/** A computer player's style: "random_legal", "threshold", "single_turn_optimal", "win_optimal" or "strongest_opponent". */
export type BotKindName = EnumValue<"FarkleBotKind">;

/** What simulate() found: per bot (in the order given), games won outright, ties shared, and the sum of final scores. */
export interface SimulationResult {
  readonly bots: readonly (BotKindName | Card)[];
  readonly games: number;
  readonly turns: number;
  readonly wins: readonly number[];
  readonly ties: readonly number[];
  readonly points: readonly number[];
  /** The share of games bot number `bot` won outright. */
  winRate(bot: number): number;
  /** Bot number `bot`'s mean final score. */
  meanPoints(bot: number): number;
}

/** Options of simulate(). */
export interface SimulateOptions extends WorkerCallOptions {
  /** The seed of the games (default 0): the same arguments give the same result. */
  seed?: number | bigint;
  /** The table a "win_optimal" or "strongest_opponent" bot plays by (solved for the rules). */
  table?: WinTable;
}

/** A TypeError when a bot among `bots` plays from a table and none is given. */
export function needTable(bots: readonly unknown[], table: WinTable | undefined): void {
  if (table !== undefined) return;
  for (const kind of ["win_optimal", "strongest_opponent"]) {
    if (bots.includes(kind)) {
      throw new TypeError(`a "${kind}" bot needs a table (WinTable.solve(rules)): pass { table }`);
    }
  }
}

/**
 * Plays `games` seeded games between the computer players `bots` (1 to 64), seats rotating,
 * and counts wins. The same arguments give the same result on every run. "win_optimal" and
 * "strongest_opponent" bots need `table` (solved for `rules`: a three-player table lets
 * "win_optimal" play the equilibrium in three-player games; "strongest_opponent" needs a
 * two-player one).
 *
 * The games run in a worker, as WinTable.solve() does, with progress and cancellation the
 * same way; the table travels there in its saved form, exact for two players, 32-bit for
 * three (where the equilibrium mixes, a draw that falls within 1e-6 of the mixing
 * probability could go the other way). `worker: false` plays on the calling thread from the
 * table itself.
 */
export async function simulate(
  rules: Rules | PresetName,
  bots: readonly (BotKindName | Card)[],
  games: number,
  options: SimulateOptions = {},
): Promise<SimulationResult> {
  options = checkOptions(options, ["seed", "table", ...WORKER_CALL_KEYS], "simulate options");
  const r = toRules(rules);
  if (!Array.isArray(bots)) throw new TypeError("bots must be an array of bot styles");
  // A card's seat is the kind 0xFFFFFFFF; its words follow in `cards` (count, then words).
  const cards: number[] = [];
  const kinds = bots.map((b, i) => {
    if (!(b instanceof Card)) return parse("FarkleBotKind", b, `bots[${i}]`);
    const w = b.words;
    cards.push(w.length, ...w);
    return CARD_SEAT;
  });
  if (kinds.length < 1 || kinds.length > constants.FARKLE_MAX_PLAYERS) {
    throw new RangeError(`between 1 and ${constants.FARKLE_MAX_PLAYERS} bots, not ${kinds.length}`);
  }
  const gameCount = u64(games, "games");
  const seed = u64(options.seed ?? 0, "seed");
  if (options.table !== undefined && !(options.table instanceof WinTable)) {
    throw new TypeError(`table must be a WinTable, not ${kindOf(options.table)}`);
  }
  needTable(bots, options.table);
  checkLongCall(options);
  const table = options.table;
  const job: Job = {
    job: "simulate",
    args: { rules: rulesToBytes(r), kinds, cards, games: gameCount, seed, table: table === undefined ? null : table.toBytes() },
  };
  const counts = ((await offThread(job, options, "the simulation")) ??
    simulateHere(r, kinds, gameCount, seed, table, options, cards)) as SimulationCounts;
  const { games: played, wins, points } = counts;
  return Object.freeze({
    bots: [...bots],
    games: played,
    turns: counts.turns,
    wins,
    ties: counts.ties,
    points,
    winRate: (bot: number) => (played ? wins[bot]! / played : 0),
    meanPoints: (bot: number) => (played ? points[bot]! / played : 0),
  });
}

/** The kind number that seats a card in farkle_wasm_simulate_cards(). */
const CARD_SEAT = 0xffffffff;

function simulateCards(
  r: Rules,
  kinds: number[],
  gameCount: bigint,
  seed: bigint,
  table: WinTable | undefined,
  options: LongCallOptions,
  cards: readonly number[],
): SimulationCounts {
  const bytes = frame(() => {
    const kindsPtr = alloc(4 * kinds.length, 4);
    kinds.forEach((k, i) => view().setUint32(kindsPtr + 4 * i, k, true));
    const cardsPtr = wordsAt(cards);
    const t = table === undefined ? 0 : table.cPointer;
    return takeBlock((b, n) => {
      const reporter = new Reporter(options, "the simulation");
      reporter.run(() =>
        lib.farkle_wasm_simulate_cards(
          r.cPointer, kindsPtr, kinds.length, cardsPtr, cards.length, gameCount, seed, t,
          reporter.function, reporter.user, b, n,
        ),
      );
    });
  });
  const rd = new ByteReader(bytes);
  const games = rd.u64();
  const turns = rd.u64();
  const wins: number[] = [];
  const ties: number[] = [];
  const points: number[] = [];
  for (let i = 0; i < kinds.length; i++) {
    wins.push(rd.u64());
    ties.push(rd.u64());
    points.push(rd.i64());
  }
  return { games, turns, wins, ties, points };
}

/** What a simulation counted. */
interface SimulationCounts {
  games: number;
  turns: number;
  wins: number[];
  ties: number[];
  points: number[];
}

function simulateHere(
  r: Rules,
  kinds: number[],
  gameCount: bigint,
  seed: bigint,
  table: WinTable | undefined,
  options: LongCallOptions,
  cards: readonly number[] = [],
): SimulationCounts {
  if (cards.length > 0) return simulateCards(r, kinds, gameCount, seed, table, options, cards);
  return frame(() => {
    const kindsPtr = alloc(4 * kinds.length, 4);
    kinds.forEach((k, i) => view().setUint32(kindsPtr + 4 * i, k, true));
    const out = allocStruct("FarkleSimulation");
    const t = table === undefined ? 0 : table.cPointer;
    const reporter = new Reporter(options, "the simulation");
    reporter.run(() =>
      lib.farkle_simulate_with_progress(
        r.cPointer, kindsPtr, kinds.length, gameCount, seed, t, reporter.function, reporter.user, out,
      ),
    );
    const s = read("FarkleSimulation", out);
    const n = kinds.length;
    return {
      games: num(s.games),
      turns: num(s.turns),
      wins: s.wins.slice(0, n).map(num),
      ties: s.ties.slice(0, n).map(num),
      points: s.points.slice(0, n).map(num),
    };
  });
}

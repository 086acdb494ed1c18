// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * Strategy: the single-turn policy, the two-player win table, the long-run policy and its
 * average under a penalty, and bot simulations.
 */

import { constants, enums } from "./generated/abi.js";
import { parse, type EnumValue } from "./enums.js";
import {
  alloc,
  allocBytes,
  allocStruct,
  check,
  dice,
  facesOfCounts,
  flag,
  frame,
  Handle,
  heap,
  integer,
  kindOf,
  lib,
  maskIndices,
  num,
  read,
  readPointer,
  Reporter,
  u64,
  view,
  write,
  type Faces,
  type LongCallOptions,
} from "./native.js";
import { Rules, toRules, type PresetName } from "./rules.js";

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
}

function choiceAt(ptr: number): Choice {
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
    this.rules = toRules(rules);
    this.onBoard = flag(options.onBoard ?? true, "onBoard");
    const ptr = construct(options, "the turn policy", (fn, user, out) =>
      lib.farkle_turn_policy_new_with_progress(this.rules.cPointer, this.onBoard ? 1 : 0, fn, user, out),
    );
    this.own(ptr, (p) => lib.farkle_turn_policy_free(p));
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
    this.rules = toRules(rules);
    const ptr = construct(options, "the penalty policy", (fn, user, out) =>
      lib.farkle_penalty_policy_new_with_progress(this.rules.cPointer, fn, user, out),
    );
    this.own(ptr, (p) => lib.farkle_penalty_policy_free(p));
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
  const player = p as Player;
  return {
    score: integer(player.score ?? 0, `${name}.score`, -(2 ** 31), 2 ** 31 - 1),
    on_board: flag(player.onBoard ?? true, `${name}.onBoard`) ? 1 : 0,
    farkles: integer(player.farkles ?? 0, `${name}.farkles`, 0, 2 ** 32 - 1),
  };
}

function cTurnState(s: unknown): number {
  if (typeof s !== "object" || s === null) throw new TypeError("state must be a TurnState object");
  const state = s as TurnState;
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

/**
 * Optimal two-player play: P(win) at the start of every turn. Solve one with
 * `await WinTable.solve(rules, { progress, signal })` (seconds to minutes; run it in a Worker
 * to keep a page responsive), or load a saved one with WinTable.fromBytes(). Owns a library
 * object (close() frees it at once); immutable.
 */
export class WinTable extends Handle {
  protected static override readonly what: string = "WinTable";

  private constructor(ptr: number) {
    super();
    this.own(ptr, (p) => lib.farkle_win_table_free(p));
  }

  /** The library's pointer. @internal */
  get cPointer(): number {
    return this.handle();
  }

  /**
   * Solves two-player play under `rules` (with a target, no turn limit). `progress` is
   * called with the fraction done and may return false to cancel; aborting `signal` cancels
   * at the next report. Either way the promise rejects with CancelledError (a progress
   * callback that throws rejects with what it threw). The work runs on the calling thread.
   */
  static async solve(rules: Rules | PresetName, options: LongCallOptions = {}): Promise<WinTable> {
    const r = toRules(rules);
    const ptr = construct(options, "the win table solve", (fn, user, out) =>
      lib.farkle_win_table_solve(r.cPointer, fn, user, out),
    );
    return new WinTable(ptr);
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
    return 2;
  }

  /** The rules the table was solved for. */
  get rules(): Rules {
    return frame(() => {
      const out = allocStruct("FarkleRules");
      check(lib.farkle_win_table_rules(this.handle(), out));
      return Rules.fromC(out);
    });
  }

  /** P(win) for the player to move in `state`. */
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

/** A computer player's style: "random_legal", "threshold", "single_turn_optimal" or "win_optimal". */
export type BotKindName = EnumValue<"FarkleBotKind">;

/** What simulate() found: per bot (in the order given), games won outright, ties shared, and the sum of final scores. */
export interface SimulationResult {
  readonly bots: readonly BotKindName[];
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
export interface SimulateOptions extends LongCallOptions {
  /** The seed of the games (default 0): the same arguments give the same result. */
  seed?: number | bigint;
  /** The table a "win_optimal" bot plays by (solved for the rules). */
  table?: WinTable;
}

/**
 * Plays `games` seeded games between the computer players `bots` (1 to 64), seats rotating,
 * and counts wins. The same arguments give the same result on every run.
 */
export async function simulate(
  rules: Rules | PresetName,
  bots: readonly BotKindName[],
  games: number,
  options: SimulateOptions = {},
): Promise<SimulationResult> {
  const r = toRules(rules);
  if (!Array.isArray(bots)) throw new TypeError("bots must be an array of bot styles");
  const kinds = bots.map((b, i) => parse("FarkleBotKind", b, `bots[${i}]`));
  if (kinds.length < 1 || kinds.length > constants.FARKLE_MAX_PLAYERS) {
    throw new RangeError(`between 1 and ${constants.FARKLE_MAX_PLAYERS} bots, not ${kinds.length}`);
  }
  const gameCount = u64(games, "games");
  const seed = u64(options.seed ?? 0, "seed");
  if (options.table !== undefined && !(options.table instanceof WinTable)) {
    throw new TypeError(`table must be a WinTable, not ${kindOf(options.table)}`);
  }
  if (bots.includes("win_optimal") && options.table === undefined) {
    throw new TypeError('a "win_optimal" bot needs a table (WinTable.solve(rules))');
  }
  return frame(() => {
    const kindsPtr = alloc(4 * kinds.length, 4);
    kinds.forEach((k, i) => view().setUint32(kindsPtr + 4 * i, k, true));
    const out = allocStruct("FarkleSimulation");
    const table = options.table === undefined ? 0 : options.table.cPointer;
    const reporter = new Reporter(options, "the simulation");
    reporter.run(() =>
      lib.farkle_simulate_with_progress(
        r.cPointer, kindsPtr, kinds.length, gameCount, seed, table, reporter.function, reporter.user, out,
      ),
    );
    const s = read("FarkleSimulation", out);
    const n = kinds.length;
    const played = num(s.games);
    const wins = s.wins.slice(0, n).map(num);
    const points = s.points.slice(0, n).map(num);
    return Object.freeze({
      bots: [...bots],
      games: played,
      turns: num(s.turns),
      wins,
      ties: s.ties.slice(0, n).map(num),
      points,
      winRate: (bot: number) => (played ? wins[bot]! / played : 0),
      meanPoints: (bot: number) => (played ? points[bot]! / played : 0),
    });
  });
}

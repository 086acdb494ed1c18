// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/** Game: a whole game of Farkle through the library, with its state, rolls and events. */

import { constants, enums, structs } from "./generated/abi.js";
import { errorFor } from "./errors.js";
import { member, parse, type EnumValue } from "./enums.js";
import {
  alloc,
  allocBytes,
  allocStruct,
  check,
  cString,
  dice,
  flag,
  frame,
  Handle,
  heap,
  integer,
  kindOf,
  lastError,
  lib,
  maskIndices,
  takeBlock,
  options as checkOptions,
  num,
  read,
  readPointer,
  Reporter,
  text,
  u64,
  view,
  write,
  facesOfCounts,
  type Faces,
  type LongCallOptions,
  type WorkerCallOptions,
  checkLongCall,
  WORKER_CALL_KEYS,
} from "./native.js";
import { Rules, toRules, type PresetName } from "./rules.js";
import { combinationsAt, selectionsAt, type Combination, type Selection } from "./scoring.js";
import { needTable, rulesToBytes, WinTable, type BotKindName } from "./strategy.js";
import { ByteReader, Card, wordsAt } from "./cards.js";
import { offThread, type Job } from "./offthread.js";

/** What a game waits for: "awaiting_roll", "awaiting_selection", "farkled" or "game_over". */
export type PhaseName = EnumValue<"FarkleGamePhase">;
/** Where a game's dice come from: "seeded", "entropy" or "supplied". */
export type DiceSourceName = EnumValue<"FarkleDiceSource">;
/** The kind of an entry of the game's log ("rolled", "banked", ...). */
export type EventKindName = EnumValue<"FarkleEventKind">;
/** An action of the player to move ("roll", "select", "bank", ...). */
export type ActionName = EnumValue<"FarkleAction">;
/** What advice values are: "expected_points" or "win_probability". */
export type ValueKindName = EnumValue<"FarkleValueKind">;

/** The whole game at a glance. */
export interface GameState {
  readonly phase: PhaseName;
  /** The library's English name of the phase ("awaiting a roll", ...). */
  readonly phaseName: string;
  readonly currentPlayer: number;
  readonly round: number;
  readonly playerCount: number;
  readonly activePlayerCount: number;
  readonly diceCount: number;
  /** Points of this turn not yet banked (0 after a farkle). */
  readonly turnPoints: number;
  readonly turnForfeitedPoints: number;
  /** What the next roll rolls (while a selection is awaited: the dice rolled). */
  readonly diceInHand: number;
  readonly turnHotDice: number;
  readonly turnRollCount: number;
  /** Dice toggled towards a selection of the current roll. */
  readonly pendingMask: number;
  readonly canRoll: boolean;
  readonly hasGenerator: boolean;
  readonly canBank: boolean;
  readonly canUndo: boolean;
  readonly canForfeit: boolean;
  readonly finalRound: boolean;
  readonly finalRoundPlayer: number | null;
  /** Once the game is over, every winner (several on a tie; none when all left). */
  readonly winners: readonly number[];
  readonly diceSource: DiceSourceName;
  /** What the next selection's points are multiplied by (1 without the hot-dice multiplier). */
  readonly turnMultiplier: number;
  /** The points of the turn the player to move may take over with piggyback(); 0 without an offer. */
  readonly piggybackPoints: number;
  /** The dice that turn left in hand; 0 without an offer. */
  readonly piggybackDice: number;
}

/** One player's record. */
export interface PlayerState {
  readonly number: number;
  readonly name: string | null;
  readonly score: number;
  readonly onBoard: boolean;
  /** False once the player has left. */
  readonly active: boolean;
  readonly consecutiveFarkles: number;
  readonly farkleCount: number;
  readonly hotDiceCount: number;
  readonly turnsPlayed: number;
  readonly penaltyCount: number;
  readonly forfeitedPoints: number;
  readonly bestTurn: number;
  readonly bankedPoints: number;
  readonly penaltyPoints: number;
}

/** One roll of the current turn and what was made of it. */
export interface TurnRoll {
  /** The faces in roll order. */
  readonly dice: readonly number[];
  readonly generated: boolean;
  readonly isFarkle: boolean;
  readonly maxPoints: number;
  readonly bestSelectionMask: number;
  readonly scoringDiceMask: number;
  /** The dice selected from it (null while awaited, after an undo, for a farkle). */
  readonly selectionMask: number | null;
  /** The selected faces, ascending. */
  readonly selection: readonly number[];
  readonly points: number;
  readonly emptiedHand: boolean;
  readonly combinations: readonly Combination[];
}

/** One entry of the game's log; which fields mean something depends on `kind`. */
export interface GameEvent {
  readonly kind: EventKindName;
  /** The library's English name of the kind ("rolled", "banked", ...). */
  readonly name: string;
  readonly player: number;
  /** TURN_STARTED. */
  readonly round: number;
  /** ROLLED: the faces. */
  readonly dice: readonly number[];
  /** ROLLED: whether the game's generator rolled them. */
  readonly generated: boolean;
  /** SELECTED: the dice selected. */
  readonly mask: number;
  /** SELECTED, UNDONE: roll points; BANKED: banked; FARKLED, TURN_FORFEITED: lost; PENALTY: taken; PIGGYBACKED: taken over. */
  readonly points: number;
  /** BANKED, PENALTY: the player's score after it. */
  readonly score: number;
  /** GAME_OVER. */
  readonly winners: readonly number[];
  /** ROLLED: the dice rolled; PIGGYBACKED: the dice taken over. */
  readonly diceCount: number;
}

/** One legal choice and its value (see Advice.valueKind); NaN where the library cannot value it. */
export interface AdviceChoice {
  readonly action: ActionName;
  /** SELECT: the dice to keep. */
  readonly diceMask: number;
  /** SELECT: the positions of the dice to keep (for select()). */
  readonly indices: readonly number[];
  /** SELECT: the selection's points; PIGGYBACK: the points taken over. */
  readonly points: number;
  readonly value: number;
  /**
   * With a table that covers every active player: every player's P(win) after this choice,
   * by seat (NaN where the table cannot value it); empty otherwise.
   */
  readonly winProbabilities: readonly number[];
}

/** An action of the coach's note: SELECT keeps the dice of diceMask (positions `indices`). */
export interface CoachAction {
  readonly action: ActionName;
  readonly diceMask: number;
  readonly indices: readonly number[];
}

/** What Game.coach() says about one decision. */
export interface CoachNote {
  /** What the card plays. */
  readonly card: CoachAction;
  /** What optimal play plays. */
  readonly optimal: CoachAction;
  /** What the values mean (a probability of winning with a table that covers the game). */
  readonly valueKind: ValueKindName;
  /** The value of the card's action, optimal play afterwards. */
  readonly cardValue: number;
  /** The value of optimal play's action. */
  readonly optimalValue: number;
  /** Whether the card plays as optimal play does. */
  readonly agrees: boolean;
  /** optimalValue - cardValue (0 where they agree): 0.01 is one percentage point of winning. */
  readonly cost: number;
}

/** Advice for the player to move. */
export interface Advice {
  readonly recommended: AdviceChoice;
  readonly valueKind: ValueKindName;
  /** The dice the roll after the recommended action rolls (null when none follows). */
  readonly nextRollDice: number | null;
  /** The exact probability that that roll farkles (0 when none follows). */
  readonly farkleProbability: number;
  readonly choices: readonly AdviceChoice[];
  /**
   * How often the mover rolls: strictly between 0 and 1 only where the three-player
   * equilibrium mixes banking and rolling; else 1 when the recommendation is to roll, 0 when
   * it is not.
   */
  readonly rollProbability: number;
}

/** One player's part of a GamePosition. */
export interface PlayerPosition {
  /** The banked score (default 0). */
  score?: number;
  /** Whether the player has banked once; by default, whether the score is above 0. */
  onBoard?: boolean;
  /** The player's farkle streak (default 0). */
  consecutiveFarkles?: number;
}

/**
 * Where a game starts instead of the usual start: the players' entries in seat order
 * (PlayerPosition objects, or plain scores), whose turn starts the game (`playerToMove`,
 * from 0) and its round (from 1).
 */
export interface GamePosition {
  players: ReadonlyArray<PlayerPosition | number>;
  playerToMove?: number;
  round?: number;
}

/** Options of the Game constructor. */
export interface GameOptions {
  /** Seeded dice: the same seed and actions give the same game everywhere. */
  seed?: number | bigint;
  /** "seeded" (with seed), "entropy" (the default without a seed) or "supplied" (roll(dice) only). */
  diceSource?: DiceSourceName;
  /** Start here instead of the usual start. */
  position?: GamePosition;
}

/** Options of botPlayTurn(). */
export interface BotOptions {
  /** The table a "win_optimal" or "strongest_opponent" bot plays by. */
  table?: WinTable;
  /** Drives the "random_legal" bot (default 0). */
  seed?: number | bigint;
}

const phaseNames = new Map<number, string>();
const eventNames = new Map<number, string>();

function cached(map: Map<number, string>, key: number, get: (k: number) => number): string {
  let name = map.get(key);
  if (name === undefined) {
    name = text(get(key));
    map.set(key, name);
  }
  return name;
}

function bits(mask: bigint): number[] {
  return maskIndices(mask);
}

function turnRollAt(ptr: number): TurnRoll {
  const r = read("FarkleTurnRoll", ptr);
  const n = Math.min(r.dice_count, constants.FARKLE_MAX_DICE);
  return Object.freeze({
    dice: r.faces.slice(0, n),
    generated: r.generated,
    isFarkle: r.is_farkle,
    maxPoints: r.max_points,
    bestSelectionMask: r.best_selection_mask,
    scoringDiceMask: r.scoring_dice_mask,
    selectionMask: r.has_selection ? r.selection_mask : null,
    selection: facesOfCounts(r.selection_counts),
    points: r.points,
    emptiedHand: r.emptied_hand,
    combinations: combinationsAt(
      ptr + structs.FarkleTurnRoll.fields.combinations.offset,
      r.combination_count,
    ),
  });
}

function eventAt(ptr: number): GameEvent {
  const e = read("FarkleEvent", ptr);
  const rolled = e.kind === enums.FarkleEventKind.ROLLED;
  return Object.freeze({
    kind: member("FarkleEventKind", e.kind),
    name: cached(eventNames, e.kind, (k) => lib.farkle_event_kind_name(k)),
    player: e.player,
    round: e.round,
    dice: rolled ? e.faces.slice(0, Math.min(e.dice_count, constants.FARKLE_MAX_DICE)) : [],
    generated: e.generated,
    mask: e.mask,
    points: num(e.points),
    score: num(e.score),
    winners: bits(e.winners),
    diceCount: e.dice_count,
  });
}

function adviceChoiceAt(ptr: number, winProbabilities: readonly number[] = []): AdviceChoice {
  const c = read("FarkleAdviceChoice", ptr);
  return Object.freeze({
    action: member("FarkleAction", c.action),
    diceMask: c.dice_mask,
    indices: maskIndices(c.dice_mask),
    points: c.points,
    value: c.value,
    winProbabilities: Object.freeze([...winProbabilities]),
  });
}

/** The C position and player entries of a GamePosition, checked for types and C ranges. */
function cPosition(position: GamePosition, playerCount: number): [number, number] {
  if (typeof position !== "object" || position === null || !Array.isArray(position.players)) {
    throw new TypeError("position must be a GamePosition ({ players: [...] })");
  }
  checkOptions(position, ["players", "playerToMove", "round"], "position");
  if (position.players.length !== playerCount) {
    throw new RangeError(`${playerCount} players but the position has ${position.players.length}`);
  }
  const entries = allocStruct("FarklePlayerPosition", playerCount);
  position.players.forEach((p, i) => {
    const entry = typeof p === "number" ? { score: p } : p;
    if (typeof entry !== "object" || entry === null) {
      throw new TypeError(`players[${i}] must be a PlayerPosition or a score, not ${kindOf(p)}`);
    }
    checkOptions(entry, ["score", "onBoard", "consecutiveFarkles"], `players[${i}]`);
    const score = integer(entry.score ?? 0, `players[${i}].score`, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    const onBoard = entry.onBoard === undefined ? score > 0 : flag(entry.onBoard, `players[${i}].onBoard`);
    write("FarklePlayerPosition", entries + i * structs.FarklePlayerPosition.size, {
      score: BigInt(score),
      on_board: onBoard ? 1 : 0,
      consecutive_farkles: integer(entry.consecutiveFarkles ?? 0, `players[${i}].consecutiveFarkles`, 0, 2 ** 32 - 1),
    });
  });
  const c = allocStruct("FarkleGamePosition");
  write("FarkleGamePosition", c, {
    player_to_move: integer(position.playerToMove ?? 0, "playerToMove", 0, 2 ** 32 - 1),
    round: integer(position.round ?? 1, "round", 0, 2 ** 32 - 1),
  });
  return [c, entries];
}

/**
 * A game: rules, players, dice, the current turn and the event log.
 *
 * ```js
 * const game = new Game("classic", ["Ann", "Bob"], { seed: 7 });
 * const roll = game.roll();          // roll.dice: [1, 1, 2, 2, 2, 5]
 * game.select([0, 1]);               // keep the two 1s (or selectMask(0b11))
 * ```
 *
 * `players` is a number of unnamed players or an array of names (null for unnamed); by
 * default 2, or as many as `position` has. Every refused action throws a FarkleError
 * subclass (an IllegalActionError for what the rules forbid now) with the library's reason,
 * and leaves the game unchanged. Owns a library object: close() frees it at once.
 */
export class Game extends Handle {
  protected static override readonly what: string = "Game";
  private busy = false;

  constructor(
    rules: Rules | PresetName = "classic",
    players?: number | ReadonlyArray<string | null>,
    options: GameOptions = {},
  ) {
    super();
    options = checkOptions(options, ["seed", "diceSource", "position"], "Game options");
    const r = toRules(rules);
    const position = options.position;
    let names: Array<string | null>;
    const count = players ?? (position === undefined ? 2 : position.players?.length);
    if (typeof count === "number") {
      names = new Array<null>(integer(count, "players", 1, constants.FARKLE_MAX_PLAYERS)).fill(null);
    } else if (Array.isArray(count)) {
      names = [...count];
      if (names.length < 1 || names.length > constants.FARKLE_MAX_PLAYERS) {
        throw new RangeError(`between 1 and ${constants.FARKLE_MAX_PLAYERS} players, not ${names.length}`);
      }
      names.forEach((n, i) => {
        if (n !== null && typeof n !== "string") {
          throw new TypeError(`players[${i}] must be a name or null, not ${kindOf(n)}`);
        }
      });
    } else {
      throw new TypeError("players must be a number of players or an array of names");
    }
    let source: number;
    if (options.diceSource === undefined) {
      source = options.seed === undefined ? enums.FarkleDiceSource.ENTROPY : enums.FarkleDiceSource.SEEDED;
    } else {
      source = parse("FarkleDiceSource", options.diceSource, "diceSource");
    }
    if (source === enums.FarkleDiceSource.SEEDED && options.seed === undefined) {
      throw new TypeError("a seeded game needs a seed");
    }
    const seed = options.seed === undefined ? 0n : u64(options.seed, "seed");
    const ptr = frame(() => {
      const namePtrs = alloc(4 * names.length, 4);
      names.forEach((n, i) => {
        if (n !== null && n.includes("\0")) throw new RangeError(`players[${i}] holds a NUL character`);
        // The string first: copying it may grow the memory, which detaches the old views.
        const name = n === null ? 0 : cString(n);
        view().setUint32(namePtrs + 4 * i, name, true);
      });
      const out = alloc(4, 4);
      if (position === undefined) {
        check(lib.farkle_game_new_with(r.cPointer, namePtrs, names.length, source, seed, out));
      } else {
        const [c, entries] = cPosition(position, names.length);
        check(lib.farkle_game_new_at(r.cPointer, c, entries, namePtrs, names.length, source, seed, out));
      }
      return readPointer(out);
    });
    this.own(ptr, (p) => lib.farkle_game_free(p));
  }

  private static wrap(ptr: number): Game {
    const game = Object.create(Game.prototype) as Game;
    game.busy = false;
    game.own(ptr, (p) => lib.farkle_game_free(p));
    return game;
  }

  /** The game's pointer; throws while a callback of a call on this game runs. */
  private game(): number {
    if (this.busy) throw new Error("this game is in use by the call that runs this callback");
    return this.handle();
  }

  /** The library's pointer. @internal */
  get cPointer(): number {
    return this.game();
  }

  /** Runs a mutating call; on failure throws with the game's own explanation. */
  private act(call: (game: number) => number): void {
    const game = this.game();
    const status = call(game);
    if (status !== 0) throw errorFor(status, text(lib.farkle_game_last_error(game)) || lastError());
  }

  // Actions --------------------------------------------------------------------------------

  /** Rolls the dice in hand, with the game's generator or, given `dice`, with those faces (exactly as many as dice in hand). Returns the roll. */
  roll(faces?: Faces): TurnRoll {
    if (faces === undefined) {
      this.act((g) => lib.farkle_game_roll(g));
    } else {
      const list = dice(faces, constants.FARKLE_MAX_DICE, "dice");
      frame(() => this.act((g) => lib.farkle_game_roll_dice(g, allocBytes(list), list.length)));
    }
    return this.lastRoll!;
  }

  /** Keeps the dice at `indices` (positions in the roll, from 0) and scores them. */
  select(indices: readonly number[]): void {
    if (!Array.isArray(indices)) throw new TypeError("indices must be an array of integers");
    if (indices.length > constants.FARKLE_MAX_DICE) {
      throw new RangeError(`at most ${constants.FARKLE_MAX_DICE} indices`);
    }
    const list = indices.map((i) => integer(i, "index", 0, constants.FARKLE_MAX_DICE - 1));
    frame(() => {
      const ptr = alloc(4 * Math.max(1, list.length), 4);
      list.forEach((i, k) => view().setUint32(ptr + 4 * k, i, true));
      this.act((g) => lib.farkle_game_select(g, ptr, list.length));
    });
  }

  /** Keeps the dice whose bits are set in `mask` (bit i = the i-th die). */
  selectMask(mask: number): void {
    integer(mask, "mask", 0, 0xffff);
    this.act((g) => lib.farkle_game_select_mask(g, mask));
  }

  /** Puts die `index` in or out of the pending selection (see confirm()). */
  toggle(index: number): void {
    integer(index, "index", 0, constants.FARKLE_MAX_DICE - 1);
    this.act((g) => lib.farkle_game_toggle(g, index));
  }

  /** Scores the pending selection built with toggle(). */
  confirm(): void {
    this.act((g) => lib.farkle_game_confirm(g));
  }

  /** Takes back the selection of the current roll. */
  undo(): void {
    this.act((g) => lib.farkle_game_undo(g));
  }

  /** Banks the turn's points; play passes on. */
  bank(): void {
    this.act((g) => lib.farkle_game_bank(g));
  }

  /** Ends a farkled turn; play passes on. */
  acknowledgeFarkle(): void {
    this.act((g) => lib.farkle_game_acknowledge_farkle(g));
  }

  /** Gives up the turn when the player can neither roll nor bank. */
  forfeitTurn(): void {
    this.act((g) => lib.farkle_game_forfeit_turn(g));
  }

  /** Takes over the turn the previous player banked (rules with piggybacking). */
  piggyback(): void {
    this.act((g) => lib.farkle_game_piggyback(g));
  }

  /** Player `player` leaves the game (the score stays; they cannot win). */
  leave(player: number): void {
    integer(player, "player", 0, 2 ** 32 - 1);
    this.act((g) => lib.farkle_game_leave(g, player));
  }

  /**
   * A computer player plays the current player's turn to its end with the game's dice.
   * `table` is needed by "win_optimal" and "strongest_opponent"; `seed` drives
   * "random_legal" (and a "win_optimal" bot's draws where the three-player equilibrium mixes).
   */
  botPlayTurn(bot: BotKindName | Card = "single_turn_optimal", options: BotOptions = {}): void {
    options = checkOptions(options, ["table", "seed"], "botPlayTurn options");
    if (bot instanceof Card) {
      const seed = u64(options.seed ?? 0, "seed");
      const w = bot.words;
      frame(() => {
        const at = wordsAt(w);
        this.act((g) => lib.farkle_wasm_card_play_turn(g, at, w.length, seed));
      });
      return;
    }
    const kind = parse("FarkleBotKind", bot, "bot");
    const seed = u64(options.seed ?? 0, "seed");
    const table = options.table;
    if (table !== undefined && !(table instanceof WinTable)) {
      throw new TypeError(`table must be a WinTable, not ${kindOf(table)}`);
    }
    needTable([bot], table);
    const t = table === undefined ? 0 : table.cPointer;
    this.act((g) => lib.farkle_game_bot_play_turn(g, kind, t, seed));
  }

  /** Solves the policies behind advise() and the optimal bots now, with progress (otherwise the first advice solves them). */
  prepareAdvice(options: Omit<LongCallOptions, "signal"> = {}): void {
    options = checkOptions(options, ["progress"], "prepareAdvice options");
    this.prepareHere(options);
  }

  /**
   * prepareAdvice() in a worker the package starts for the call, so that timers, input and
   * this game's own play go on meanwhile (the solve takes up to seconds for twelve dice):
   * progress and cancellation as TurnPolicy.create() (an aborted signal rejects with
   * AbortError and leaves the game unprepared). The policies solved there are installed in
   * the game when the promise resolves, value for value; a game prepared meanwhile (by an
   * advise() or an optimal bot's turn) keeps its own. `worker: false`, or where no worker
   * can be made, solves on the calling thread.
   */
  async prepareAdviceAsync(options: WorkerCallOptions = {}): Promise<void> {
    options = checkOptions(options, WORKER_CALL_KEYS, "prepareAdviceAsync options");
    checkLongCall(options);
    const rules = this.rules;
    const job: Job = { job: "advice", args: { rules: rulesToBytes(rules) } };
    const bytes = (await offThread(job, options, "the advice")) as Uint8Array | null;
    if (bytes === null) {
      this.prepareHere(options);
      return;
    }
    frame(() => {
      const buffer = alloc(Math.max(1, bytes.length), 8);
      heap().set(bytes, buffer);
      this.act((g) => lib.farkle_wasm_game_load_advice(g, buffer, bytes.length));
    });
  }

  private prepareHere(options: LongCallOptions): void {
    const game = this.game();
    const reporter = new Reporter(options, "the advice");
    this.busy = true;
    try {
      reporter.run(
        () => lib.farkle_game_prepare_advice(game, reporter.function, reporter.user),
        (status) => {
          throw errorFor(status, text(lib.farkle_game_last_error(game)) || lastError());
        },
      );
    } finally {
      this.busy = false;
    }
  }

  /**
   * The recommended action and every legal choice with its value (Advice.valueKind):
   * expected points this turn; with a `table` that covers every active player (two players,
   * or three with a three-player table) the mover's probability of winning, every seat's in
   * each choice's winProbabilities, and how often the equilibrium rolls
   * (Advice.rollProbability). A table that does not cover the game advises expected points.
   */
  advise(table?: WinTable): Advice {
    if (table !== undefined && !(table instanceof WinTable)) {
      throw new TypeError(`table must be a WinTable, not ${kindOf(table)}`);
    }
    const game = this.game();
    return frame(() => {
      const advice = allocStruct("FarkleAdvice");
      const max = constants.FARKLE_MAX_SELECTIONS;
      const choices = allocStruct("FarkleAdviceChoice", max);
      const count = alloc(4, 4);
      const t = table === undefined ? 0 : table.cPointer;
      check(lib.farkle_game_advise(game, t, advice, choices, max, count));
      const a = read("FarkleAdvice", advice);
      const n = Math.min(readPointer(count), max);
      let seats: number[][] = [];
      let rollProbability = a.recommended.action === enums.FarkleAction.ROLL ? 1 : 0;
      if (t !== 0) {
        const st = allocStruct("FarkleGameState");
        check(lib.farkle_game_state(game, st));
        const players = read("FarkleGameState", st).player_count;
        const cells = alloc(8 * Math.max(1, n * players), 8);
        const cellCount = alloc(4, 4);
        const roll = alloc(8, 8);
        check(lib.farkle_game_advise_seats(game, t, cells, Math.max(1, n * players), cellCount, roll));
        rollProbability = view().getFloat64(roll, true);
        if (readPointer(cellCount) === n * players) {
          const d = view();
          seats = Array.from({ length: n }, (_, i) =>
            Array.from({ length: players }, (_, j) => d.getFloat64(cells + 8 * (i * players + j), true)),
          );
        }
      }
      const list: AdviceChoice[] = [];
      for (let i = 0; i < n; i++) {
        list.push(adviceChoiceAt(choices + i * structs.FarkleAdviceChoice.size, seats[i] ?? []));
      }
      const r = a.recommended;
      const same = list.find((_choice, i) => {
        const raw = read("FarkleAdviceChoice", choices + i * structs.FarkleAdviceChoice.size);
        return raw.action === r.action && raw.dice_mask === r.dice_mask && raw.points === r.points;
      });
      return Object.freeze({
        recommended: adviceChoiceAt(
          advice + structs.FarkleAdvice.fields.recommended.offset,
          same?.winProbabilities ?? [],
        ),
        valueKind: member("FarkleValueKind", a.value_kind),
        nextRollDice: a.has_next_roll ? a.next_roll_dice : null,
        farkleProbability: a.farkle_probability,
        choices: list,
        rollProbability,
      });
    });
  }

  /**
   * The coach's note on the decision the game awaits: what `card` plays, what optimal play
   * plays (the advice's recommendation), each valued as advise(table) values them (with a
   * table that covers the game, the mover's probability of winning), and what following the
   * card costs (cost: 0 where they agree). null where there is nothing to decide (a farkle
   * to acknowledge, the game over). OutOfRangeError for a card not made for the game's dice.
   */
  coach(card: Card, table?: WinTable): CoachNote | null {
    if (!(card instanceof Card)) throw new TypeError(`card must be a Card, not ${kindOf(card)}`);
    if (table !== undefined && !(table instanceof WinTable)) {
      throw new TypeError(`table must be a WinTable, not ${kindOf(table)}`);
    }
    const game = this.game();
    const w = card.words;
    const bytes = frame(() => {
      const at = wordsAt(w);
      const t = table === undefined ? 0 : table.cPointer;
      return takeBlock((b, n) => this.act(() => lib.farkle_wasm_card_coach(game, t, at, w.length, b, n)));
    });
    const r = new ByteReader(bytes);
    if (r.i32() === 0) return null;
    const action = (): CoachAction => {
      const a = r.i32();
      const mask = r.i32();
      return Object.freeze({
        action: a < 0 ? ("undo" as ActionName) : member("FarkleAction", a),
        diceMask: mask,
        indices: Object.freeze(maskIndices(mask)),
      });
    };
    const cardAction = action();
    const optimal = action();
    const valueKind = member("FarkleValueKind", r.i32());
    const cardValue = r.f64();
    const optimalValue = r.f64();
    const agrees = cardAction.action === optimal.action && cardAction.diceMask === optimal.diceMask;
    return Object.freeze({
      card: cardAction,
      optimal,
      valueKind,
      cardValue,
      optimalValue,
      agrees,
      cost: agrees ? 0 : optimalValue - cardValue,
    });
  }

  // State ----------------------------------------------------------------------------------

  /** Everything about the game now, in one value. */
  get state(): GameState {
    const game = this.game();
    return frame(() => {
      const out = allocStruct("FarkleGameState");
      check(lib.farkle_game_state(game, out));
      const s = read("FarkleGameState", out);
      return Object.freeze({
        phase: member("FarkleGamePhase", s.phase),
        phaseName: cached(phaseNames, s.phase, (k) => lib.farkle_game_phase_name(k)),
        currentPlayer: s.current_player,
        round: s.round,
        playerCount: s.player_count,
        activePlayerCount: s.active_player_count,
        diceCount: s.dice_count,
        turnPoints: num(s.turn_points),
        turnForfeitedPoints: num(s.turn_forfeited_points),
        diceInHand: s.dice_in_hand,
        turnHotDice: s.turn_hot_dice,
        turnRollCount: s.turn_roll_count,
        pendingMask: s.pending_mask,
        canRoll: s.can_roll,
        hasGenerator: s.has_generator,
        canBank: s.can_bank,
        canUndo: s.can_undo,
        canForfeit: s.can_forfeit,
        finalRound: s.final_round,
        finalRoundPlayer: s.final_round ? s.final_round_player : null,
        winners: bits(s.winners),
        diceSource: member("FarkleDiceSource", s.dice_source),
        turnMultiplier: s.turn_multiplier,
        piggybackPoints: num(s.piggyback_points),
        piggybackDice: s.piggyback_dice,
      });
    });
  }

  /** The position the game started from. */
  get startPosition(): Required<GamePosition> {
    const game = this.game();
    return frame(() => {
      const position = allocStruct("FarkleGamePosition");
      const max = constants.FARKLE_MAX_PLAYERS;
      const players = allocStruct("FarklePlayerPosition", max);
      const count = alloc(4, 4);
      check(lib.farkle_game_start_position(game, position, players, max, count));
      const entries: Required<PlayerPosition>[] = [];
      for (let i = 0; i < readPointer(count); i++) {
        const p = read("FarklePlayerPosition", players + i * structs.FarklePlayerPosition.size);
        entries.push({ score: num(p.score), onBoard: p.on_board !== 0, consecutiveFarkles: p.consecutive_farkles });
      }
      const pos = read("FarkleGamePosition", position);
      return { players: entries, playerToMove: pos.player_to_move, round: pos.round };
    });
  }

  /** What the game is waiting for. */
  get phase(): PhaseName {
    return this.state.phase;
  }

  /** Whose turn it is. */
  get currentPlayer(): number {
    return this.state.currentPlayer;
  }

  /** The current turn's points, not yet banked. */
  get turnPoints(): number {
    return this.state.turnPoints;
  }

  /** The dice the next roll rolls. */
  get diceInHand(): number {
    return this.state.diceInHand;
  }

  /** Whether the game has ended. */
  get isOver(): boolean {
    return this.state.phase === "game_over";
  }

  /** The winners once the game is over (several on a tie, none when every player left); [] before. */
  get winners(): number[] {
    const game = this.game();
    return frame(() => {
      const out = alloc(8, 8);
      const status = lib.farkle_game_winners(game, out);
      if (status === enums.FarkleStatus.WRONG_PHASE) return [];
      check(status);
      return bits(view().getBigUint64(out, true));
    });
  }

  /** The game's rules. */
  get rules(): Rules {
    const game = this.game();
    return frame(() => {
      const out = allocStruct("FarkleRules");
      check(lib.farkle_game_rules(game, out));
      return Rules.fromC(out);
    });
  }

  /** Player `number`'s record. */
  player(number: number): PlayerState {
    integer(number, "number", 0, 2 ** 32 - 1);
    const game = this.game();
    return frame(() => {
      const out = allocStruct("FarklePlayerState");
      check(lib.farkle_game_player(game, number, out));
      const p = read("FarklePlayerState", out);
      let name: string | null = null;
      if (p.has_name) {
        const namePtr = alloc(4, 4);
        check(lib.farkle_game_player_name(game, number, namePtr));
        name = text(readPointer(namePtr));
      }
      return Object.freeze({
        number,
        name,
        score: num(p.score),
        onBoard: p.on_board,
        active: p.active,
        consecutiveFarkles: p.consecutive_farkles,
        farkleCount: p.farkle_count,
        hotDiceCount: p.hot_dice_count,
        turnsPlayed: p.turns_played,
        penaltyCount: p.penalty_count,
        forfeitedPoints: num(p.forfeited_points),
        bestTurn: num(p.best_turn),
        bankedPoints: num(p.banked_points),
        penaltyPoints: num(p.penalty_points),
      });
    });
  }

  /** Every player's record, in seating order. */
  get players(): PlayerState[] {
    const n = this.state.playerCount;
    return Array.from({ length: n }, (_, i) => this.player(i));
  }

  /** Every player's banked score. */
  get scores(): number[] {
    return this.players.map((p) => p.score);
  }

  /** The legal selections of the current roll while one is awaited, best first. */
  get selections(): Selection[] {
    const game = this.game();
    return frame(() => {
      const max = constants.FARKLE_MAX_SELECTIONS;
      const out = allocStruct("FarkleSelection", max);
      const count = alloc(4, 4);
      check(lib.farkle_game_selections(game, out, max, count));
      return selectionsAt(out, Math.min(readPointer(count), max));
    });
  }

  /** The latest roll of the current turn; null before the turn's first roll. */
  get lastRoll(): TurnRoll | null {
    const game = this.game();
    return frame(() => {
      const out = allocStruct("FarkleTurnRoll");
      const status = lib.farkle_game_last_roll(game, out);
      if (status === enums.FarkleStatus.NO_ROLL) return null;
      check(status);
      return turnRollAt(out);
    });
  }

  /** The number of rolls of the current turn. */
  get turnRollCount(): number {
    return this.count((g, out) => lib.farkle_game_turn_roll_count(g, out));
  }

  /** Roll `index` of the current turn. */
  turnRoll(index: number): TurnRoll {
    integer(index, "index", 0, 2 ** 32 - 1);
    const game = this.game();
    return frame(() => {
      const out = allocStruct("FarkleTurnRoll");
      check(lib.farkle_game_turn_roll(game, index, out));
      return turnRollAt(out);
    });
  }

  /** The rolls of the current turn. */
  get turnRolls(): TurnRoll[] {
    return Array.from({ length: this.turnRollCount }, (_, i) => this.turnRoll(i));
  }

  /** The number of entries of the game's log (it only grows). */
  get eventCount(): number {
    return this.count((g, out) => lib.farkle_game_event_count(g, out));
  }

  /** Entry `index` of the game's log. */
  event(index: number): GameEvent {
    integer(index, "index", 0, 2 ** 32 - 1);
    const game = this.game();
    return frame(() => {
      const out = allocStruct("FarkleEvent");
      check(lib.farkle_game_event(game, index, out));
      return eventAt(out);
    });
  }

  /** The game's log (see event() and eventCount to read only what is new). */
  get events(): GameEvent[] {
    return Array.from({ length: this.eventCount }, (_, i) => this.event(i));
  }

  private count(call: (game: number, out: number) => number): number {
    const game = this.game();
    return frame(() => {
      const out = alloc(4, 4);
      check(call(game, out));
      return readPointer(out);
    });
  }

  // Saving ---------------------------------------------------------------------------------

  /** The whole game as the library's saved-game JSON text; Game.loads() continues it. */
  dumps(): string {
    const game = this.game();
    return frame(() => {
      const out = alloc(4, 4);
      check(lib.farkle_game_save(game, out));
      const ptr = readPointer(out);
      try {
        return text(ptr);
      } finally {
        lib.farkle_string_free(ptr);
      }
    });
  }

  /** A game from its saved text (a string, or its UTF-8 bytes). */
  static loads(data: string | Uint8Array): Game {
    let bytes: Uint8Array;
    if (typeof data === "string") bytes = new TextEncoder().encode(data);
    else if (data instanceof Uint8Array) bytes = data;
    else throw new TypeError(`loads() needs a string or a Uint8Array, not ${kindOf(data)}`);
    if (bytes.length > constants.FARKLE_SAVE_MAX_BYTES) {
      // The library refuses it too; this spares copying it into the module first.
      bytes = bytes.subarray(0, constants.FARKLE_SAVE_MAX_BYTES + 1);
    }
    return frame(() => {
      const buffer = alloc(Math.max(1, bytes.length), 1);
      heap().set(bytes, buffer);
      const message = alloc(512, 1);
      const out = alloc(4, 4);
      const status = lib.farkle_game_load(buffer, bytes.length, message, 512, out);
      if (status !== 0) throw errorFor(status, text(message) || lastError());
      return Game.wrap(readPointer(out));
    });
  }

  /** `<Game awaiting_roll, round 1, player 0 to play, scores 0, 0>`. */
  override toString(): string {
    if (this.closed) return "<Game (closed)>";
    const s = this.state;
    return `<Game ${s.phase}, round ${s.round}, player ${s.currentPlayer} to play, scores ${this.scores.join(", ")}>`;
  }
}

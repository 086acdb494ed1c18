// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * farkle: the Farkle dice-game engine for JavaScript and TypeScript, in Node 20 and in
 * browsers. The library itself (the same Rust crate as libfarkle, built for WebAssembly)
 * scores, plays and solves; this package is a thin, typed layer over its C interface that
 * mirrors the Python package:
 *
 * - Rules: presets by name, every knob a property; scoring (rules.score() returns a Score,
 *   rules.points() the points alone), roll analysis, legal selections, exact odds; Scorer.
 * - Game: a whole game with seeded, entropy or supplied dice; actions, state, rolls, events,
 *   advice, bots; saves as text.
 * - Strategy: TurnPolicy (single-turn optimal play), WinTable (optimal play at a table of two
 *   or three players, with progress and cancellation), PenaltyPolicy, penaltyAveragePoints(),
 *   simulate().
 * - The dice-hands scorer (scoreHands() and friends) and pointCalculation().
 *
 * Every failure the library reports throws a subclass of FarkleError with its explanation
 * (ERROR_CLASSES by status name, Status the numbers); arguments of the wrong type, and
 * options objects with a key the call does not know, throw TypeError, out of range
 * RangeError, before any call.
 * The module loads when the package ("farkle") is imported, from farkle.wasm beside it
 * (top-level await). This entry, "farkle/manual", is the same package without that: call
 * `await init(source)` before anything else, with the module as a URL, a Response or its
 * bytes (for bundlers that do not copy the file, pages that serve it elsewhere, and
 * scripts that cannot use top-level await).
 */

import { constants } from "./generated/abi.js";
import { lib, load, text, type WasmSource } from "./native.js";
import { defineKnobs } from "./rules.js";

let knobsDefined = false;

/**
 * Loads the WebAssembly module: from `source` (its URL, a fetch() Response or a promise of
 * one, its bytes, or a WebAssembly.Module), or by default from farkle.wasm beside the
 * package's files. Resolves once the package is ready; calling it again returns at once
 * (the first source loaded stays). The "farkle" entry calls it with no source on import.
 */
export async function init(source?: WasmSource): Promise<void> {
  await load(source);
  if (!knobsDefined) {
    defineKnobs();
    knobsDefined = true;
  }
}

/** The version of the library ("MAJOR.MINOR.PATCH"); the module loaded is checked to be it. */
export const version: string = constants.FARKLE_VERSION_STRING;
/** Most dice in a rules value's set. */
export const MAX_DICE: number = constants.FARKLE_MAX_DICE;
/** Most players in a game. */
export const MAX_PLAYERS: number = constants.FARKLE_MAX_PLAYERS;
/** The largest turn total a strategy query takes. */
export const MAX_TURN_TOTAL: number = constants.FARKLE_MAX_TURN_TOTAL;

/** The library's English description of a status number. */
export function statusMessage(status: number): string {
  return text(lib.farkle_status_str(status | 0));
}

export * from "./errors.js";
export {
  Action,
  BotKind,
  CombinationKind,
  DiceSource,
  EventKind,
  ExactTarget,
  HandKind,
  InvalidReason,
  KindScaling,
  Phase,
  Preset,
  ValueKind,
} from "./enums.js";
export type { EnumName, EnumValue } from "./enums.js";
export type { Faces, LongCallOptions, ProgressCallback, WasmSource, WorkerCallOptions } from "./native.js";
export {
  Fraction,
  pointCalculation,
  presetNames,
  Rules,
  Scorer,
  type ExactTargetName,
  type KindScalingName,
  type KnobName,
  type Odds,
  type PresetName,
  type RulesKnobs,
} from "./rules.js";
export type {
  Combination,
  CombinationKindName,
  InvalidReasonName,
  PointCalculation,
  RollAnalysis,
  Score,
  Selection,
} from "./scoring.js";
export {
  Game,
  type ActionName,
  type Advice,
  type AdviceChoice,
  type BotOptions,
  type CoachAction,
  type CoachNote,
  type DiceSourceName,
  type EventKindName,
  type GameEvent,
  type GameOptions,
  type GamePosition,
  type GameState,
  type PhaseName,
  type PlayerPosition,
  type PlayerState,
  type TurnRoll,
  type ValueKindName,
} from "./game.js";
export {
  PenaltyPolicy,
  penaltyAveragePoints,
  penaltyAveragePointsAsync,
  simulate,
  TurnPolicy,
  WinTable,
  type BotKindName,
  type Choice,
  type Decision,
  type MoverDecision,
  type Player,
  type SimulateOptions,
  type SimulationResult,
  type SolveOptions,
  type TurnPolicyCreateOptions,
  type TurnPolicyOptions,
  type TurnState,
} from "./strategy.js";
export {
  Card,
  MAX_CARD_POINTS,
  type BestCard,
  type CardFamily,
  type CardValue,
  type KeepRule,
  type Threshold,
} from "./cards.js";
export {
  handBaseMult,
  HandBonuses,
  HandLevels,
  handName,
  handUpgradeCost,
  scoreHands,
  type Hand,
  type HandKindName,
  type HandsResult,
} from "./hands.js";

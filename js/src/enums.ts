// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * The header's enums as strings: each value is its C name in lower case without the enum's
 * prefix (FARKLE_GAME_PHASE_AWAITING_ROLL is "awaiting_roll"), the names the Python package
 * accepts too. Every value comes from the header; nothing is repeated here.
 */

import { enums } from "./generated/abi.js";
import { kindOf } from "./native.js";

type Enums = typeof enums;
/** The name of an enum of the header. */
export type EnumName = keyof Enums;
/** The values of an enum of the header, as strings. */
export type EnumValue<E extends EnumName> = Lowercase<keyof Enums[E] & string>;
/** An enum as an object of its values: Phase.AWAITING_ROLL === "awaiting_roll". */
export type EnumObject<E extends EnumName> = {
  readonly [K in keyof Enums[E] & string]: Lowercase<K>;
};

function enumObject<E extends EnumName>(e: E): EnumObject<E> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(enums[e])) out[key] = key.toLowerCase();
  return Object.freeze(out) as EnumObject<E>;
}

/** What a game waits for. */
export const Phase = enumObject("FarkleGamePhase");
/** Where a game's dice come from. */
export const DiceSource = enumObject("FarkleDiceSource");
/** The rules presets, one per source document. */
export const Preset = enumObject("FarklePreset");
/** How four or more of a kind score (Rules.kindScaling). */
export const KindScaling = enumObject("FarkleKindScaling");
/** Whether the target must be hit exactly (Rules.exactTarget). */
export const ExactTarget = enumObject("FarkleExactTarget");
/** Why a selection does not score. */
export const InvalidReason = enumObject("FarkleInvalidReason");
/** The kinds of scoring combination. */
export const CombinationKind = enumObject("FarkleCombinationKind");
/** The kinds of entry of a game's log. */
export const EventKind = enumObject("FarkleEventKind");
/** The actions of the player to move. */
export const Action = enumObject("FarkleAction");
/** What an advice's values are. */
export const ValueKind = enumObject("FarkleValueKind");
/** The computer players' styles. */
export const BotKind = enumObject("FarkleBotKind");
/** The hands of the dice-hands system. */
export const HandKind = enumObject("FarkleHandKind");

/** The number of `value`, one of the enum's names, for the library; TypeError otherwise. */
export function parse<E extends EnumName>(e: E, value: unknown, name: string): number {
  if (typeof value !== "string") {
    throw new TypeError(`${name} must be one of ${choices(e)}, not ${kindOf(value)}`);
  }
  const number = (enums[e] as Record<string, number>)[value.toUpperCase()];
  if (number === undefined || value !== value.toLowerCase()) {
    throw new RangeError(`${name} must be one of ${choices(e)}, not ${JSON.stringify(value)}`);
  }
  return number;
}

/** The name of an enum number from the library (the number itself when the package does not know it). */
export function member<E extends EnumName>(e: E, number: number): EnumValue<E> {
  let names = memberNames.get(e);
  if (names === undefined) {
    names = new Map(Object.entries(enums[e]).map(([key, value]) => [value as number, key.toLowerCase()]));
    memberNames.set(e, names);
  }
  return (names.get(number) ?? number) as EnumValue<E>;
}

/** Each enum's names by number, made at its first member() call (scores name one per combination). */
const memberNames = new Map<EnumName, Map<number, string>>();

function choices(e: EnumName): string {
  return Object.keys(enums[e])
    .map((k) => JSON.stringify(k.toLowerCase()))
    .join(", ");
}

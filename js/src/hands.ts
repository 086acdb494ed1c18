// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/** The dice-hands scoring system: hands of a pool of up to 48 dice, levels and bonuses. */

import { constants, structs } from "./generated/abi.js";
import { member, parse, type EnumValue } from "./enums.js";
import {
  alloc,
  allocBytes,
  allocStruct,
  check,
  dice,
  facesOfCounts,
  frame,
  integer,
  lib,
  read,
  text,
  u64,
  view,
  write,
  type Faces,
} from "./native.js";

/** A hand of the dice-hands system ("pair", "full_house", ...). */
export type HandKindName = EnumValue<"FarkleHandKind">;

const KINDS = constants.FARKLE_HAND_KINDS;

/** A 64-bit result as a number; RangeError beyond what a number holds exactly. */
function exact(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${what} is ${value}, beyond what a JavaScript number holds exactly`);
  }
  return Number(value);
}

/** The level of every hand (levels[k - 1] for the hand numbered k) and the cap. */
export class HandLevels {
  readonly levels: readonly number[];
  readonly cap: number;

  /** Every hand at the library's default level, with its default cap, unless given. */
  constructor(levels?: readonly number[], cap?: number) {
    const defaults = frame(() => {
      const out = allocStruct("FarkleHandLevels");
      check(lib.farkle_hands_levels_default(out));
      return read("FarkleHandLevels", out);
    });
    const values = levels ?? defaults.levels;
    if (!Array.isArray(values) || values.length !== KINDS) {
      throw new RangeError(`levels must hold ${KINDS} levels, one per hand`);
    }
    this.levels = Object.freeze(values.map((v, i) => integer(v, `levels[${i}]`, 0, 2 ** 32 - 1)));
    this.cap = integer(cap ?? defaults.cap, "cap", 0, 2 ** 32 - 1);
    Object.freeze(this);
  }

  /** Levels given by hand: HandLevels.of({ pair: 2, full_house: 1 }). */
  static of(levels: Partial<Record<HandKindName, number>>, cap?: number): HandLevels {
    const base = new HandLevels();
    const values = [...base.levels];
    for (const [hand, level] of Object.entries(levels)) {
      values[parse("FarkleHandKind", hand, "hand") - 1] = level as number;
    }
    return new HandLevels(values, cap ?? base.cap);
  }

  /** The level of one hand. */
  level(hand: HandKindName): number {
    return this.levels[parse("FarkleHandKind", hand, "hand") - 1]!;
  }

  /** @internal */
  toC(): number {
    const ptr = allocStruct("FarkleHandLevels");
    write("FarkleHandLevels", ptr, { levels: [...this.levels], cap: this.cap });
    return ptr;
  }
}

/**
 * What is layered on the hands' sum: total = floor((hands + abilityBonus) * (100 +
 * itemMultBonus) / 100), then floor(total * scoreMult / 100).
 */
export class HandBonuses {
  readonly abilityBonus: bigint;
  /** In hundredths: 100 is +1.0, doubling the total. */
  readonly itemMultBonus: number;
  /** In hundredths: 100 is x1. */
  readonly scoreMult: number;

  /** The library's defaults for what is not given. */
  constructor(bonuses: { abilityBonus?: number | bigint; itemMultBonus?: number; scoreMult?: number } = {}) {
    const defaults = frame(() => {
      const out = allocStruct("FarkleHandBonuses");
      check(lib.farkle_hands_bonuses_default(out));
      return read("FarkleHandBonuses", out);
    });
    this.abilityBonus = u64(bonuses.abilityBonus ?? defaults.ability_bonus, "abilityBonus");
    this.itemMultBonus = integer(bonuses.itemMultBonus ?? defaults.item_mult_bonus, "itemMultBonus", 0, 2 ** 32 - 1);
    this.scoreMult = integer(bonuses.scoreMult ?? defaults.score_mult, "scoreMult", 0, 2 ** 32 - 1);
    Object.freeze(this);
  }

  /** @internal */
  toC(): number {
    const ptr = allocStruct("FarkleHandBonuses");
    write("FarkleHandBonuses", ptr, {
      ability_bonus: this.abilityBonus,
      item_mult_bonus: this.itemMultBonus,
      score_mult: this.scoreMult,
    });
    return ptr;
  }
}

/** One hand of a scored pool. */
export interface Hand {
  readonly kind: HandKindName;
  /** The hand's name ("Full House", ...). */
  readonly name: string;
  /** Its dice, ascending. */
  readonly dice: readonly number[];
  readonly diceSum: number;
  /** The base it was scored with (for a Full House, its flat bonus). */
  readonly base: number;
  /** The multiplier in hundredths (180 is x1.8; 0 for a Full House). */
  readonly mult: number;
  readonly score: number;
}

/**
 * A scored pool: the total after bonuses, the hands' sum before them, the hands (highest
 * score first) and, for each die given, the index of its hand (null: in none).
 */
export interface HandsResult {
  readonly total: number;
  readonly handsTotal: number;
  readonly hands: readonly Hand[];
  readonly handOfDie: readonly (number | null)[];
}

/**
 * Scores a pool of up to 48 dice with the dice-hands system: the non-overlapping hands with
 * the highest total, then the bonuses.
 */
export function scoreHands(faces: Faces, levels = new HandLevels(), bonuses = new HandBonuses()): HandsResult {
  const pool = dice(faces, constants.FARKLE_HANDS_MAX_DICE);
  if (!(levels instanceof HandLevels) || !(bonuses instanceof HandBonuses)) {
    throw new TypeError("levels must be HandLevels and bonuses HandBonuses");
  }
  return frame(() => {
    const max = constants.FARKLE_HANDS_MAX_HANDS;
    const hands = allocStruct("FarkleHand", max);
    const ofDie = alloc(Math.max(1, pool.length), 1);
    const result = allocStruct("FarkleHandsResult");
    check(
      lib.farkle_hands_score(
        allocBytes(pool), pool.length, levels.toC(), bonuses.toC(), hands, max, ofDie,
        Math.max(1, pool.length), result,
      ),
    );
    const r = read("FarkleHandsResult", result);
    const list: Hand[] = [];
    for (let i = 0; i < Math.min(r.hand_count, max); i++) {
      const h = read("FarkleHand", hands + i * structs.FarkleHand.size);
      list.push(
        Object.freeze({
          kind: member("FarkleHandKind", h.kind),
          name: text(lib.farkle_hands_name(h.kind)),
          dice: facesOfCounts(h.counts),
          diceSum: h.dice_sum,
          base: exact(h.base, "a hand's base"),
          mult: h.mult,
          score: exact(h.score, "a hand's score"),
        }),
      );
    }
    const d = view();
    const handOfDie = pool.map((_, i) => {
      const k = d.getUint8(ofDie + i);
      return k === constants.FARKLE_HANDS_NO_HAND ? null : k;
    });
    return Object.freeze({
      total: exact(r.total, "the total"),
      handsTotal: exact(r.hands_total, "the hands' total"),
      hands: list,
      handOfDie,
    });
  });
}

/** The cost of the next upgrade of `hand` at `levels`. */
export function handUpgradeCost(levels: HandLevels, hand: HandKindName): number {
  const kind = parse("FarkleHandKind", hand, "hand");
  return frame(() => {
    const out = alloc(8, 8);
    check(lib.farkle_hands_upgrade_cost(levels.toC(), kind, out));
    return exact(view().getBigUint64(out, true), "the cost");
  });
}

/** The base and the multiplier (in hundredths) of `hand` at `level`; for X of a Kind, those of `diceCount` dice (3 to 48). */
export function handBaseMult(hand: HandKindName, level: number, diceCount = 3): [number, number] {
  const kind = parse("FarkleHandKind", hand, "hand");
  integer(level, "level", 0, 2 ** 32 - 1);
  integer(diceCount, "diceCount", 0, 2 ** 32 - 1);
  return frame(() => {
    const base = alloc(8, 8);
    const mult = alloc(4, 4);
    check(lib.farkle_hands_base_mult(kind, level, diceCount, base, mult));
    return [exact(view().getBigUint64(base, true), "the base"), view().getUint32(mult, true)];
  });
}

/** A hand's name ("Full House", ...). */
export function handName(hand: HandKindName): string {
  return text(lib.farkle_hands_name(parse("FarkleHandKind", hand, "hand")));
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/** What scoring returns: Score, Combination, RollAnalysis, Selection, PointCalculation. */

import { constants, enums, structs } from "./generated/abi.js";
import { member, type EnumValue } from "./enums.js";
import { facesOfCounts, heap, lib, maskIndices, read, text, view, words } from "./native.js";

/** The kind of a scoring combination ("single", "of_a_kind", "three_pairs", ...). */
export type CombinationKindName = EnumValue<"FarkleCombinationKind">;
/** Why a selection does not score ("none", "empty", "non_scoring"). */
export type InvalidReasonName = EnumValue<"FarkleInvalidReason">;

/** One scoring combination of a selection. */
export interface Combination {
  /** What kind of combination it is. */
  readonly kind: CombinationKindName;
  /** The library's English name of the kind ("three pairs", ...). */
  readonly name: string;
  /** The face naming it (single, of a kind, the four of a kind or the triple of a full house); 0 for the others. */
  readonly face: number;
  /** Its dice, ascending. */
  readonly dice: readonly number[];
  /** Bit i set when the i-th die of the faces scored belongs to it. */
  readonly diceMask: number;
  /** The positions of its dice among the faces scored. */
  readonly indices: readonly number[];
  /** What it scores. */
  readonly points: number;
}

/**
 * The score of a selection: `points` of the best partition of all its dice into scoring
 * combinations, whether it is `valid` (every die scores), why not (`reason`, and the dice
 * `leftover`), and the `combinations`.
 */
export interface Score {
  /** Points of the best partition; 0 when not valid. */
  readonly points: number;
  /** Whether every die takes part in a scoring combination. */
  readonly valid: boolean;
  /** Why the selection is not valid ("none" when it is). */
  readonly reason: InvalidReasonName;
  /** For a selection that does not score, the dice left over by the reading that scores the most dice, as counts of faces 1 to 6; all 0 otherwise. */
  readonly leftoverCounts: readonly number[];
  /** The same dice as faces, ascending. */
  readonly leftover: readonly number[];
  /** The combinations of the best partition (empty when not valid). */
  readonly combinations: readonly Combination[];
}

/** What a roll offers. */
export interface RollAnalysis {
  /** No selection scores: the turn is lost. */
  readonly isFarkle: boolean;
  /** The most any selection of the roll scores (0 for a farkle). */
  readonly maxPoints: number;
  /** Dice (bit i = i-th die) of a selection scoring maxPoints, the most dice if several. */
  readonly bestSelectionMask: number;
  /** That selection's faces, ascending. */
  readonly bestSelection: readonly number[];
  /** The positions in the roll of the best selection's dice. */
  readonly bestSelectionIndices: readonly number[];
  /** Dice that take part in at least one scoring selection. */
  readonly scoringDiceMask: number;
  /** The positions in the roll of the dice that can score. */
  readonly scoringIndices: readonly number[];
}

/** One distinct scoring selection of a roll (what a player may set aside). */
export interface Selection {
  /** Dice of the roll it takes (bit i = i-th die; the first dice of each face). */
  readonly diceMask: number;
  /** The positions of its dice in the roll (for Game.select()). */
  readonly indices: readonly number[];
  /** Its faces, ascending. */
  readonly dice: readonly number[];
  /** What it scores. */
  readonly points: number;
}

/** The result R(p, r') of pointCalculation(). */
export interface PointCalculation {
  /** The selection's points, 0, or the -1000 penalty. */
  readonly points: number;
  /** Whether the player goes on rolling (false: the turn ends). */
  readonly rollOver: boolean;
}

const kindNames = new Map<number, string>();

function kindName(kind: number): string {
  let name = kindNames.get(kind);
  if (name === undefined) {
    name = text(lib.farkle_combination_kind_name(kind));
    kindNames.set(kind, name);
  }
  return name;
}

const C = structs.FarkleCombination;
const S = structs.FarkleScore;

/** One combination from its fields; `counts` packs the counts of faces 1 to 6, 4 bits each. */
function combination(kind: number, face: number, mask: number, points: number, counts: number): Combination {
  return Object.freeze({
    kind: member("FarkleCombinationKind", kind),
    name: kindName(kind),
    face,
    dice: facesOfPacked(counts),
    diceMask: mask,
    indices: maskIndices(mask),
    points,
  });
}

/** Six counts of at most FARKLE_MAX_DICE (12) at `at`, 4 bits each (face 1 lowest). */
function packCounts(bytes: Uint8Array, at: number): number {
  return (
    bytes[at]! |
    (bytes[at + 1]! << 4) |
    (bytes[at + 2]! << 8) |
    (bytes[at + 3]! << 12) |
    (bytes[at + 4]! << 16) |
    (bytes[at + 5]! << 20)
  );
}

function facesOfPacked(packed: number): number[] {
  const out: number[] = [];
  for (let face = 1; packed !== 0; face++, packed >>= 4) {
    for (let n = packed & 15; n > 0; n--) out.push(face);
  }
  return out;
}

/** The combinations of a FarkleCombination array at `ptr`. */
export function combinationsAt(ptr: number, count: number): Combination[] {
  const d = view();
  const bytes = heap();
  const out: Combination[] = [];
  const n = Math.min(count, constants.FARKLE_MAX_DICE);
  for (let i = 0; i < n; i++) {
    const at = ptr + i * C.size;
    out.push(
      combination(
        d.getUint32(at + C.fields.kind.offset, true),
        d.getUint8(at + C.fields.face.offset),
        d.getUint16(at + C.fields.dice_mask.offset, true),
        d.getInt32(at + C.fields.points.offset, true),
        packCounts(bytes, at + C.fields.counts.offset),
      ),
    );
  }
  return out;
}

const reasons: InvalidReasonName[] = [];
for (const n of Object.values(enums.FarkleInvalidReason)) reasons[n] = member("FarkleInvalidReason", n);
const COMBINATION_WORDS = 4;

/** The parts of a Score built on first use. */
interface Details {
  leftoverCounts: number[];
  leftover: number[];
  combinations: Combination[];
}

/**
 * A Score read from a FarkleScore: points, valid and reason at once, the rest kept in a few
 * numbers and built into arrays and objects on first use (a scoring call that only wants
 * the points builds none of them). Not frozen (freezing costs more than the call); the
 * fields are read-only in the declarations.
 */
class ScoreResult implements Score {
  readonly points: number;
  readonly valid: boolean;
  readonly reason: InvalidReasonName;
  /** The leftover counts as the library wrote them, bytes in two words (faces 1-4, 5-6). */
  #leftoverLow: number;
  #leftoverHigh: number;
  /** kind | face << 8, mask, points, counts per combination; null for none. */
  #fields: number[] | null;
  #details: Details | undefined = undefined;

  constructor(
    points: number,
    valid: boolean,
    reason: number,
    leftoverLow: number,
    leftoverHigh: number,
    fields: number[] | null,
  ) {
    this.points = points;
    this.valid = valid;
    this.reason = reasons[reason] ?? member("FarkleInvalidReason", reason);
    this.#leftoverLow = leftoverLow;
    this.#leftoverHigh = leftoverHigh;
    this.#fields = fields;
  }

  get leftoverCounts(): readonly number[] {
    return (this.#details ??= this.#build()).leftoverCounts;
  }

  get leftover(): readonly number[] {
    return (this.#details ??= this.#build()).leftover;
  }

  get combinations(): readonly Combination[] {
    return (this.#details ??= this.#build()).combinations;
  }

  #build(): Details {
    const low = this.#leftoverLow;
    const high = this.#leftoverHigh;
    const leftoverCounts = [low & 255, (low >>> 8) & 255, (low >>> 16) & 255, low >>> 24, high & 255, high >>> 8];
    const f = this.#fields;
    const combinations: Combination[] = [];
    if (f !== null) {
      for (let i = 0; i < f.length; i += COMBINATION_WORDS) {
        combinations.push(combination(f[i]! & 255, f[i]! >> 8, f[i + 1]!, f[i + 2]!, f[i + 3]!));
      }
    }
    return { leftoverCounts, leftover: facesOfCounts(leftoverCounts), combinations };
  }

  /** Every field, as a plain object (for JSON.stringify() and printing). */
  toJSON(): Score {
    return {
      points: this.points,
      valid: this.valid,
      reason: this.reason,
      leftoverCounts: this.leftoverCounts,
      leftover: this.leftover,
      combinations: this.combinations,
    };
  }

  [Symbol.for("nodejs.util.inspect.custom")](): Score {
    return this.toJSON();
  }
}

// FarkleScore's leftover counts, read as one 32-bit word and the 16 bits after it.
if (S.fields.leftover_counts.offset % 4 !== 0) throw new Error("FarkleScore.leftover_counts is not 4-aligned");

// The offsets scoreAt() reads, as plain numbers: read from the layout objects on every call
// (the constants' object is large enough that the engine keeps it as a dictionary), they
// made up a third of a Scorer.score() call.
const MAX_DICE = constants.FARKLE_MAX_DICE;
const SCORE_POINTS = S.fields.points.offset;
const SCORE_VALID = S.fields.valid.offset;
const SCORE_REASON = S.fields.reason.offset;
const SCORE_LEFTOVER = S.fields.leftover_counts.offset;
const SCORE_COUNT = S.fields.combination_count.offset;
const SCORE_COMBINATIONS = S.fields.combinations.offset;
const COMBINATION_SIZE = C.size;
const COMBINATION_KIND = C.fields.kind.offset;
const COMBINATION_FACE = C.fields.face.offset;
const COMBINATION_MASK = C.fields.dice_mask.offset;
const COMBINATION_POINTS = C.fields.points.offset;
const COMBINATION_COUNTS = C.fields.counts.offset;
for (const at of [SCORE_POINTS, SCORE_REASON, SCORE_COUNT, SCORE_COMBINATIONS, COMBINATION_SIZE, COMBINATION_KIND, COMBINATION_POINTS]) {
  if (at % 4 !== 0) throw new Error("a 32-bit field of FarkleScore is not 4-aligned");
}

/** A Score over a FarkleScore the library wrote at `ptr` (4-aligned). */
export function scoreAt(ptr: number): Score {
  const w = words();
  const bytes = heap();
  const count = Math.min(w[(ptr + SCORE_COUNT) >> 2]! >>> 0, MAX_DICE);
  let fields: number[] | null = null;
  if (count !== 0) {
    fields = new Array<number>(count * COMBINATION_WORDS);
    for (let i = 0; i < count; i++) {
      const at = ptr + SCORE_COMBINATIONS + i * COMBINATION_SIZE;
      const k = i * COMBINATION_WORDS;
      fields[k] = (w[(at + COMBINATION_KIND) >> 2]! & 255) | (bytes[at + COMBINATION_FACE]! << 8);
      fields[k + 1] = bytes[at + COMBINATION_MASK]! | (bytes[at + COMBINATION_MASK + 1]! << 8);
      fields[k + 2] = w[(at + COMBINATION_POINTS) >> 2]!;
      fields[k + 3] = packCounts(bytes, at + COMBINATION_COUNTS);
    }
  }
  const leftover = (ptr + SCORE_LEFTOVER) >> 2;
  return new ScoreResult(
    w[(ptr + SCORE_POINTS) >> 2]!,
    bytes[ptr + SCORE_VALID] !== 0,
    w[(ptr + SCORE_REASON) >> 2]!,
    w[leftover]!,
    w[leftover + 1]! & 0xffff,
    fields,
  );
}

/** A RollAnalysis over a FarkleRollAnalysis the library wrote at `ptr`. */
export function analysisAt(ptr: number): RollAnalysis {
  const a = read("FarkleRollAnalysis", ptr);
  return Object.freeze({
    isFarkle: a.is_farkle,
    maxPoints: a.max_points,
    bestSelectionMask: a.best_selection_mask,
    bestSelection: facesOfCounts(a.best_selection_counts),
    bestSelectionIndices: maskIndices(a.best_selection_mask),
    scoringDiceMask: a.scoring_dice_mask,
    scoringIndices: maskIndices(a.scoring_dice_mask),
  });
}

/** The selections of a FarkleSelection array at `ptr`. */
export function selectionsAt(ptr: number, count: number): Selection[] {
  const out: Selection[] = [];
  for (let i = 0; i < count; i++) {
    const s = read("FarkleSelection", ptr + i * structs.FarkleSelection.size);
    out.push(
      Object.freeze({
        diceMask: s.dice_mask,
        indices: maskIndices(s.dice_mask),
        dice: facesOfCounts(s.counts),
        points: s.points,
      }),
    );
  }
  return out;
}

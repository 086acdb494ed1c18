// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/** What scoring returns: Score, Combination, RollAnalysis, Selection, PointCalculation. */

import { constants, structs } from "./generated/abi.js";
import { member, type EnumValue } from "./enums.js";
import { facesOfCounts, lib, maskIndices, read, text, view } from "./native.js";

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

/** The combinations of a FarkleCombination array at `ptr`. */
export function combinationsAt(ptr: number, count: number): Combination[] {
  const d = view();
  const out: Combination[] = [];
  const n = Math.min(count, constants.FARKLE_MAX_DICE);
  for (let i = 0; i < n; i++) {
    const at = ptr + i * C.size;
    const counts = [0, 1, 2, 3, 4, 5].map((f) => d.getUint8(at + C.fields.counts.offset + f));
    const kind = d.getUint32(at + C.fields.kind.offset, true);
    const mask = d.getUint16(at + C.fields.dice_mask.offset, true);
    out.push(
      Object.freeze({
        kind: member("FarkleCombinationKind", kind),
        name: kindName(kind),
        face: d.getUint8(at + C.fields.face.offset),
        dice: facesOfCounts(counts),
        diceMask: mask,
        indices: maskIndices(mask),
        points: d.getInt32(at + C.fields.points.offset, true),
      }),
    );
  }
  return out;
}

/** A Score over a FarkleScore the library wrote at `ptr`. */
export function scoreAt(ptr: number): Score {
  const d = view();
  const f = S.fields;
  const leftoverCounts: number[] = [];
  for (let i = 0; i < 6; i++) leftoverCounts.push(d.getUint8(ptr + f.leftover_counts.offset + i));
  const count = d.getUint32(ptr + f.combination_count.offset, true);
  return Object.freeze({
    points: d.getInt32(ptr + f.points.offset, true),
    valid: d.getUint8(ptr + f.valid.offset) !== 0,
    reason: member("FarkleInvalidReason", d.getUint32(ptr + f.reason.offset, true)),
    leftoverCounts,
    leftover: facesOfCounts(leftoverCounts),
    combinations: count === 0 ? [] : combinationsAt(ptr + f.combinations.offset, count),
  });
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

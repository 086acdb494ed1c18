// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/** Rules (every knob of FarkleRules as a property), scoring, odds, and the prepared Scorer. */

import { constants, enums, structs } from "./generated/abi.js";
import { InvalidRulesError, UnknownPresetError } from "./errors.js";
import { member, parse, type EnumName, type EnumValue } from "./enums.js";
import {
  alloc,
  allocBytes,
  allocStruct,
  check,
  cString,
  dice,
  fail,
  frame,
  freeBlock,
  Handle,
  heap,
  integer,
  kindOf,
  lib,
  live,
  num,
  ownedBlock,
  raw,
  read,
  readPointer,
  scratch,
  text,
  trapped,
  view,
  words,
  type Faces,
} from "./native.js";
import {
  analysisAt,
  scoreAt,
  selectionsAt,
  type PointCalculation,
  type RollAnalysis,
  type Score,
  type Selection,
} from "./scoring.js";

/** A preset's name: "classic", "extended", "doubling", "additive", "minimal", "zilch" or
 * "original". */
export type PresetName = EnumValue<"FarklePreset">;
/** How four or more of a kind score: "multiply", "double", "fixed" or "triple_only". */
export type KindScalingName = EnumValue<"FarkleKindScaling">;
/** Whether the target must be hit exactly: "off", "refuse" or "bust". */
export type ExactTargetName = EnumValue<"FarkleExactTarget">;

type RulesFields = typeof structs.FarkleRules.fields;
/** "target_score" -> "targetScore". */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type KnobValue<K, F> = K extends "kind_scaling"
  ? KindScalingName
  : K extends "exact_target"
    ? ExactTargetName
    : F extends { type: "u8" }
      ? boolean
      : number;
/**
 * Every knob of FarkleRules by its camelCase name (target_score is targetScore): flags as
 * booleans, kindScaling and exactTarget as their names, the rest as integers.
 */
export type RulesKnobs = {
  -readonly [K in keyof RulesFields & string as Camel<K>]: KnobValue<K, RulesFields[K]>;
};
/** The name of a knob ("diceCount", "targetScore", ...). */
export type KnobName = keyof RulesKnobs;

const RULES_SIZE = structs.FarkleRules.size;

interface Knob {
  /** The C field's name. */
  cName: string;
  description: string;
  offset: number;
  kind: number;
  /** For an enum knob, the header's enum. */
  enumName?: EnumName;
  low: number;
  high: number;
}

const FieldKind = enums.FarkleRulesFieldKind;
let knobs: Map<string, Knob> | undefined;

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The knobs as the library lists them (farkle_rules_field()), in the struct's order. */
function knobTable(): Map<string, Knob> {
  if (knobs !== undefined) return knobs;
  const table = new Map<string, Knob>();
  frame(() => {
    const out = allocStruct("FarkleRulesField");
    const count = lib.farkle_rules_field_count();
    for (let i = 0; i < count; i++) {
      check(lib.farkle_rules_field(i, out));
      const f = read("FarkleRulesField", out);
      const cName = text(f.name);
      const knob: Knob = {
        cName,
        description: text(f.description),
        offset: f.offset,
        kind: f.kind,
        low: f.kind === FieldKind.INT32 ? -(2 ** 31) : 0,
        high: f.kind === FieldKind.INT32 ? 2 ** 31 - 1 : 2 ** 32 - 1,
      };
      if (f.kind === FieldKind.ENUM) {
        // The enum of a knob is named after it: kind_scaling holds a FarkleKindScaling.
        const enumName = `Farkle${camel(`_${cName}`)}` as EnumName;
        if (!(enumName in enums)) throw new Error(`FarkleRules.${cName}: no enum ${enumName}`);
        knob.enumName = enumName;
      } else if (f.kind !== FieldKind.FLAG && f.kind !== FieldKind.INT32 && f.kind !== FieldKind.UINT32) {
        throw new Error(`FarkleRules.${cName} holds an unexpected kind of value (${f.kind})`);
      }
      table.set(camel(cName), knob);
    }
  });
  knobs = table;
  return table;
}

function getKnob(ptr: number, knob: Knob): number | boolean | string {
  const d = view();
  switch (knob.kind) {
    case FieldKind.FLAG:
      return d.getUint8(ptr + knob.offset) !== 0;
    case FieldKind.INT32:
      return d.getInt32(ptr + knob.offset, true);
    case FieldKind.ENUM:
      return member(knob.enumName!, d.getUint32(ptr + knob.offset, true));
    default:
      return d.getUint32(ptr + knob.offset, true);
  }
}

/** Writes one knob after checking its JavaScript type and its C type's range. */
function setKnob(ptr: number, name: string, value: unknown): void {
  const knob = knobTable().get(name);
  if (knob === undefined) {
    throw new TypeError(`Rules has no knob ${JSON.stringify(name)}; see Rules.knobNames()`);
  }
  const d = view();
  if (knob.kind === FieldKind.FLAG) {
    if (typeof value !== "boolean") {
      throw new TypeError(`${name} must be true or false, not ${kindOf(value)}`);
    }
    d.setUint8(ptr + knob.offset, value ? 1 : 0);
  } else if (knob.enumName !== undefined) {
    d.setUint32(ptr + knob.offset, parse(knob.enumName, value, name), true);
  } else if (knob.kind === FieldKind.INT32) {
    d.setInt32(ptr + knob.offset, integer(value, name, knob.low, knob.high), true);
  } else {
    d.setUint32(ptr + knob.offset, integer(value, name, knob.low, knob.high), true);
  }
}

/** The presets' names, in number order ("classic", "extended", ...). */
export function presetNames(): PresetName[] {
  const names: PresetName[] = [];
  for (let number = 0; ; number++) {
    const name = lib.farkle_rules_preset_name(number);
    if (name === 0) return names;
    names.push(text(name) as PresetName);
  }
}

function presetNumber(preset: unknown): number {
  if (typeof preset !== "string") {
    throw new TypeError(`preset must be a preset's name, not ${kindOf(preset)}`);
  }
  return frame(() => {
    const out = alloc(4, 4);
    const status = lib.farkle_rules_preset_from_name(cString(preset), out);
    if (status !== 0) {
      throw new UnknownPresetError(
        `unknown rules preset ${JSON.stringify(preset)}; one of: ${presetNames().join(", ")}`,
        { statusCode: status },
      );
    }
    return view().getUint32(out, true);
  });
}

function validate(ptr: number): void {
  frame(() => {
    const message = alloc(512, 1);
    const status = lib.farkle_rules_validate(ptr, message, 512);
    if (status !== 0) throw new InvalidRulesError(text(message), { statusCode: status });
  });
}

// Scoring: faces checked and written to the scratch block, outputs after them.
const FACES_AT = 0;
const OUT_AT = 64;

/** Checks `faces` (at most `limit`) and writes them to the scratch block; their number. */
function putFaces(faces: Faces, limit: number): number {
  let list = faces as ArrayLike<unknown>;
  if (!Array.isArray(faces)) {
    if (faces instanceof Uint8Array) return putBytes(faces, limit);
    list = dice(faces, limit);
  }
  const n = list.length;
  if (n > limit) throw new RangeError(`${n} dice given; these rules have ${limit}`);
  const bytes = heap();
  const at = scratch + FACES_AT;
  for (let i = 0; i < n; i++) {
    const face = list[i];
    if (typeof face !== "number" || !(face >= 1 && face <= 6) || (face | 0) !== face) {
      dice(list, limit); // throws the precise TypeError or RangeError
    }
    bytes[at + i] = face as number;
  }
  return n;
}

// Tables of known points (Rules.points() and Scorer.points()): the points the library gave
// for each multiset of up to six dice, as 1 + points (0: not asked yet). A multiset's key
// counts each face in base 7; KNOWN_PLACE turns the key into the multiset's place among the
// 924 multisets of 0 to 6 dice, so that a table takes 3.7 kB (one shared 200 kB index, made
// when the module loads, instead of 400 kB a table).
const KNOWN_DICE = 6;
const KNOWN_KEYS = 6 * 7 ** 5 + 1;
const FACE_WEIGHT = [0, 1, 7, 49, 343, 2401, 16807];
const KNOWN_PLACE = new Uint16Array(KNOWN_KEYS);
let KNOWN_MULTISETS = 0;
for (let key = 0; key < KNOWN_KEYS; key++) {
  let dice = 0;
  for (let rest = key; rest > 0; rest = Math.floor(rest / 7)) dice += rest % 7;
  if (dice <= KNOWN_DICE) KNOWN_PLACE[key] = KNOWN_MULTISETS++;
}

/** A table of known points for rules of `diceCount` dice; null for more than six. */
function knownTable(diceCount: number): Int32Array | null {
  return diceCount <= KNOWN_DICE ? new Int32Array(KNOWN_MULTISETS) : null;
}

/**
 * The place in a table of known points of the multiset of `faces` (at most six), or -1 when
 * some face is not 1 to 6.
 */
function knownPlace(faces: readonly unknown[]): number {
  let key = 0;
  for (let i = 0; i < faces.length; i++) {
    const face = faces[i];
    if (typeof face !== "number" || !(face >= 1 && face <= 6) || (face | 0) !== face) return -1;
    key += FACE_WEIGHT[face]!;
  }
  return KNOWN_PLACE[key]!;
}

/** putFaces() for faces given as bytes. */
function putBytes(faces: Uint8Array, limit: number): number {
  const n = faces.length;
  if (n > limit) throw new RangeError(`${n} dice given; these rules have ${limit}`);
  for (let i = 0; i < n; i++) {
    const face = faces[i]!;
    if (face < 1 || face > 6) throw new RangeError(`faces[${i}] is ${face}: a die shows 1 to 6`);
  }
  heap().set(faces, scratch + FACES_AT);
  return n;
}

/**
 * A rules value: every scoring combination and game option of FarkleRules, each a property
 * (`rules.targetScore`, `rules.hotDice`, ...). Start from a preset by name and change knobs
 * with an object; the value is checked at once, and rules that make no sense throw
 * InvalidRulesError saying why:
 *
 * ```js
 * const rules = new Rules("classic", { targetScore: 5000 });
 * rules.score([1, 1, 1, 5, 5, 2]);     // { points: 0, valid: false, ... }
 * const other = rules.replace({ hotDice: false });
 * ```
 *
 * Immutable; compare with equals(). Point values of 0 disable a combination.
 */
export class Rules extends Handle {
  protected static override readonly what: string = "Rules";
  /** Dice in the set (also among the knobs; read on every scoring call). */
  declare readonly diceCount: number;
  /**
   * The library's points for each selection of up to six dice points() has scored (see
   * knownTable()); null for sets of more than six dice. A selection asked again is a read of
   * this table after the checks of its faces: a call into the module costs more than the
   * native lookup it makes. The rules never change, so neither do their points. Made at the
   * first points() call.
   */
  declare private known: Int32Array | null | undefined;
  /**
   * The library's scorer of these rules (0 until score() or points() first needs it), which
   * the scoring calls use instead of the rules: the rules never change, and a call by rules
   * pointer first compares the struct with the one the library saw last (20 to 40 ns a call
   * in WebAssembly). Freed with the rules.
   */
  declare private parts: { scorer: number };

  constructor(preset: PresetName = "classic", knobs: Partial<RulesKnobs> = {}) {
    super();
    const ptr = ownedBlock(RULES_SIZE);
    try {
      check(lib.farkle_rules_preset(presetNumber(preset), ptr));
      if (typeof knobs !== "object" || knobs === null) {
        throw new TypeError(`knobs must be an object, not ${kindOf(knobs)}`);
      }
      for (const [name, value] of Object.entries(knobs)) setKnob(ptr, name, value);
      validate(ptr);
    } catch (e) {
      freeBlock(ptr, RULES_SIZE);
      throw e;
    }
    this.adopt(ptr);
  }

  private adopt(ptr: number): void {
    const parts = { scorer: 0 };
    this.own(ptr, (p) => {
      if (parts.scorer !== 0) lib.farkle_scorer_free(parts.scorer);
      freeBlock(p, RULES_SIZE);
    });
    this.known = undefined;
    this.parts = parts;
    Object.defineProperty(this, "diceCount", { value: view().getUint32(ptr, true) });
  }

  /** Rules over a copy of the FarkleRules at `ptr` that the library wrote (valid). @internal */
  static fromC(ptr: number): Rules {
    const copy = ownedBlock(RULES_SIZE);
    heap().copyWithin(copy, ptr, ptr + RULES_SIZE);
    const rules = Object.create(Rules.prototype) as Rules;
    rules.adopt(copy);
    return rules;
  }

  /** Rules from knobs by name over the classic preset (the inverse of toObject()). */
  static fromObject(knobs: Partial<RulesKnobs>): Rules {
    return new Rules("classic", knobs);
  }

  /** The presets' names: "classic", "extended", "doubling", "additive", "minimal", "zilch",
   * "original". */
  static presets(): PresetName[] {
    return presetNames();
  }

  /** Every knob's name, in the order of the C struct. */
  static knobNames(): KnobName[] {
    return [...knobTable().keys()] as KnobName[];
  }

  /** What a knob sets, in the library's words. */
  static describeKnob(name: KnobName): string {
    const knob = knobTable().get(name);
    if (knob === undefined) throw new TypeError(`Rules has no knob ${JSON.stringify(name)}`);
    return knob.description;
  }

  /** The FarkleRules for the library (valid while these rules are open). @internal */
  get cPointer(): number {
    return this.handle();
  }

  /** A copy with some knobs changed, checked as the constructor checks them. */
  replace(changes: Partial<RulesKnobs>): Rules {
    const ptr = ownedBlock(RULES_SIZE);
    try {
      heap().copyWithin(ptr, this.handle(), this.handle() + RULES_SIZE);
      for (const [name, value] of Object.entries(changes)) setKnob(ptr, name, value);
      validate(ptr);
    } catch (e) {
      freeBlock(ptr, RULES_SIZE);
      throw e;
    }
    const rules = Object.create(Rules.prototype) as Rules;
    rules.adopt(ptr);
    return rules;
  }

  /** Every knob and its value. */
  toObject(): RulesKnobs {
    const out: Record<string, unknown> = {};
    const ptr = this.handle();
    for (const [name, knob] of knobTable()) out[name] = getKnob(ptr, knob);
    return out as RulesKnobs;
  }

  /** The knobs, for JSON.stringify(); Rules.fromObject() reads them back. */
  toJSON(): RulesKnobs {
    return this.toObject();
  }

  /** Whether `other` holds the same knobs. */
  equals(other: Rules): boolean {
    if (!(other instanceof Rules)) return false;
    return frame(() => {
      const out = alloc(1, 1);
      check(lib.farkle_rules_equal(this.handle(), other.handle(), out));
      return heap()[out] !== 0;
    });
  }

  /** The rules a player not yet on the board scores under: these rules, or under
   * singlesOnlyBeforeEntry the same with every combination but the single 1 and the single 5
   * worth 0 (farkle_rules_before_entry()). */
  beforeEntry(): Rules {
    return frame(() => {
      const out = alloc(RULES_SIZE, 8);
      check(lib.farkle_rules_before_entry(this.handle(), out));
      return Rules.fromC(out);
    });
  }

  /** The preset these rules are exactly, or null. */
  get preset(): PresetName | null {
    for (const name of presetNames()) {
      const p = new Rules(name);
      const same = this.equals(p);
      p.close();
      if (same) return name;
    }
    return null;
  }

  /** `Rules("classic", { targetScore: 5000 })`: the nearest preset and the knobs that differ. */
  override toString(): string {
    const mine = this.toObject() as unknown as Record<string, unknown>;
    let best: [string, string[]] | undefined;
    for (const name of presetNames()) {
      const base = new Rules(name);
      const theirs = base.toObject() as unknown as Record<string, unknown>;
      base.close();
      const diff = Object.keys(mine)
        .filter((k) => mine[k] !== theirs[k])
        .map((k) => `${k}: ${JSON.stringify(mine[k])}`);
      if (best === undefined || diff.length < best[1].length) best = [name, diff];
    }
    const [name, diff] = best!;
    return diff.length ? `Rules("${name}", { ${diff.join(", ")} })` : `Rules("${name}")`;
  }

  // Scoring ------------------------------------------------------------------------------

  /**
   * Scores a selection of dice (integers 1 to 6, at most diceCount): the points of the best
   * partition of all of them into combinations, or why they do not score as a whole. Wrong
   * types throw TypeError, faces outside 1 to 6 or too many dice RangeError, before the
   * library is called.
   */
  score(faces: Faces): Score {
    const n = putFaces(faces, this.diceCount);
    const scorer = this.scorerHandle();
    live();
    let status: number;
    try {
      status = raw.farkle_scorer_score_selection(scorer, scratch + FACES_AT, n, scratch + OUT_AT);
    } catch (e) {
      return trapped("farkle_scorer_score_selection", e);
    }
    if (status !== 0) fail(status);
    return scoreAt(scratch + OUT_AT);
  }

  /** The points of a selection that scores as a whole; 0 when some die does not (or for no dice). The lean form of score(). */
  points(faces: Faces): number {
    // Kept small so that the engine compiles it into its callers; the rest is on its own.
    const known = this.known;
    if (known && Array.isArray(faces) && faces.length <= this.diceCount) {
      const place = knownPlace(faces);
      if (place >= 0) {
        const stored = known[place]!;
        if (stored !== 0 && this.ptr !== 0) {
          live();
          return stored - 1;
        }
        return this.pointsFromLibrary(faces, place);
      }
    }
    return this.pointsFromLibrary(faces, -1);
  }

  /** points() through the library, kept in the table at `place` (-1: none). */
  private pointsFromLibrary(faces: Faces, place: number): number {
    const known = (this.known ??= knownTable(this.diceCount));
    const n = putFaces(faces, this.diceCount);
    const scorer = this.scorerHandle();
    live();
    let status: number;
    try {
      status = raw.farkle_scorer_points(scorer, scratch + FACES_AT, n, scratch + OUT_AT);
    } catch (e) {
      return trapped("farkle_scorer_points", e);
    }
    if (status !== 0) fail(status);
    const points = words()[(scratch + OUT_AT) >> 2]!;
    if (known !== null && place >= 0) known[place] = points + 1;
    return points;
  }

  /** The library's scorer of these rules, made on first use; throws once closed. */
  private scorerHandle(): number {
    const scorer = this.parts.scorer;
    if (scorer !== 0 && this.ptr !== 0) return scorer;
    const rules = this.handle();
    return (this.parts.scorer = frame(() => {
      const out = alloc(4, 4);
      check(lib.farkle_scorer_new(rules, out));
      return readPointer(out);
    }));
  }

  /** What a roll offers: farkle or not, its most points and a selection reaching them, and which dice can score. */
  analyze(roll: Faces): RollAnalysis {
    const faces = dice(roll, this.diceCount, "roll");
    return frame(() => {
      const out = allocStruct("FarkleRollAnalysis");
      check(lib.farkle_roll_analyze(this.handle(), allocBytes(faces), faces.length, out));
      return analysisAt(out);
    });
  }

  /** Every distinct scoring selection of a roll, best first (more points, then more dice). */
  selections(roll: Faces): Selection[] {
    const faces = dice(roll, this.diceCount, "roll");
    return frame(() => {
      const max = constants.FARKLE_MAX_SELECTIONS;
      const out = allocStruct("FarkleSelection", max);
      const count = alloc(4, 4);
      check(lib.farkle_roll_selections(this.handle(), allocBytes(faces), faces.length, out, max, count));
      return selectionsAt(out, readPointer(count));
    });
  }

  /**
   * A Scorer prepared for these rules. Here the rules' own score() and points() are as fast
   * (they keep a scorer and a table of points of their own); a Scorer's analyze() and
   * selections() skip the check of the rules that the rules' own make on every call.
   */
  scorer(): Scorer {
    return new Scorer(this);
  }

  // Odds ---------------------------------------------------------------------------------

  /** The exact odds of rolling `dice` dice (1 to diceCount): farkle and hot-dice probabilities as fractions. */
  odds(diceCount: number): Odds {
    integer(diceCount, "dice", 1, this.diceCount);
    return frame(() => {
      const out = allocStruct("FarkleOdds");
      check(lib.farkle_odds(this.handle(), diceCount, out));
      const o = read("FarkleOdds", out);
      return Object.freeze({
        dice: diceCount,
        farkle: new Fraction(num(o.farkle_numerator), num(o.farkle_denominator)),
        hotDice: new Fraction(num(o.hot_dice_numerator), num(o.hot_dice_denominator)),
      });
    });
  }

  /** The exact distribution of the most points a roll of `dice` dice offers: points (0 for a farkle) to probability, ascending. */
  maxPointsDistribution(diceCount: number): Map<number, Fraction> {
    integer(diceCount, "dice", 1, this.diceCount);
    return frame(() => {
      const count = alloc(4, 4);
      const status = lib.farkle_odds_max_points(this.handle(), diceCount, 0, 0, count);
      if (status !== enums.FarkleStatus.BUFFER_TOO_SMALL) check(status);
      const n = Math.max(1, readPointer(count));
      const out = allocStruct("FarklePointsProbability", n);
      check(lib.farkle_odds_max_points(this.handle(), diceCount, out, n, count));
      const map = new Map<number, Fraction>();
      for (let i = 0; i < readPointer(count); i++) {
        const p = read("FarklePointsProbability", out + i * structs.FarklePointsProbability.size);
        map.set(p.points, new Fraction(num(p.numerator), num(p.denominator)));
      }
      return map;
    });
  }
}

// The knobs as properties of Rules, read from the library's list.
export interface Rules extends Readonly<RulesKnobs> {}

/** Defines the knob properties; called once the module is loaded. @internal */
export function defineKnobs(): void {
  for (const [name, knob] of knobTable()) {
    if (name === "diceCount") continue;
    Object.defineProperty(Rules.prototype, name, {
      get(this: Rules) {
        return getKnob(this.cPointer, knob);
      },
      enumerable: true,
    });
  }
}

/** An exact probability: numerator / denominator, in lowest terms. */
export class Fraction {
  readonly numerator: number;
  readonly denominator: number;

  constructor(numerator: number, denominator: number) {
    let a = Math.abs(numerator);
    let b = Math.abs(denominator);
    while (b) [a, b] = [b, a % b];
    const g = a || 1;
    this.numerator = numerator / g;
    this.denominator = denominator / g;
  }

  /** The probability as a number. */
  valueOf(): number {
    return this.numerator / this.denominator;
  }

  /** "5/216". */
  toString(): string {
    return `${this.numerator}/${this.denominator}`;
  }

  /** Whether it is the same fraction as numerator / denominator. */
  equals(other: Fraction): boolean {
    return this.numerator === other.numerator && this.denominator === other.denominator;
  }
}

/** Exact odds of one roll of `dice` dice. */
export interface Odds {
  /** Dice rolled. */
  readonly dice: number;
  /** Probability that the roll farkles (no selection scores). */
  readonly farkle: Fraction;
  /** Probability that every die of the roll can be scored at once. */
  readonly hotDice: Fraction;
}

/**
 * Scoring prepared for one rules value: no per-call rules check or cache lookup. Owns a
 * library object: close() frees it at once (otherwise the garbage collector does).
 */
export class Scorer extends Handle {
  protected static override readonly what: string = "Scorer";
  /** The rules it scores with. */
  readonly rules: Rules;
  private readonly limit: number;
  /** As Rules' own: the points of each selection points() has scored (see knownTable()). */
  private known: Int32Array | null | undefined = undefined;

  constructor(rules: Rules) {
    super();
    if (!(rules instanceof Rules)) throw new TypeError(`rules must be a Rules, not ${kindOf(rules)}`);
    const ptr = frame(() => {
      const out = alloc(4, 4);
      check(lib.farkle_scorer_new(rules.cPointer, out));
      return readPointer(out);
    });
    this.own(ptr, (p) => lib.farkle_scorer_free(p));
    this.rules = rules;
    this.limit = rules.diceCount;
  }

  /** As Rules.score(). */
  score(faces: Faces): Score {
    const n = putFaces(faces, this.limit);
    const scorer = this.handle();
    live();
    let status: number;
    try {
      status = raw.farkle_scorer_score_selection(scorer, scratch + FACES_AT, n, scratch + OUT_AT);
    } catch (e) {
      return trapped("farkle_scorer_score_selection", e);
    }
    if (status !== 0) fail(status);
    return scoreAt(scratch + OUT_AT);
  }

  /** As Rules.points(). */
  points(faces: Faces): number {
    // Kept small so that the engine compiles it into its callers; the rest is on its own.
    const known = this.known;
    if (known && Array.isArray(faces) && faces.length <= this.limit) {
      const place = knownPlace(faces);
      if (place >= 0) {
        const stored = known[place]!;
        if (stored !== 0 && this.ptr !== 0) {
          live();
          return stored - 1;
        }
        return this.pointsFromLibrary(faces, place);
      }
    }
    return this.pointsFromLibrary(faces, -1);
  }

  /** points() through the library, kept in the table at `place` (-1: none). */
  private pointsFromLibrary(faces: Faces, place: number): number {
    const known = (this.known ??= knownTable(this.limit));
    const n = putFaces(faces, this.limit);
    const scorer = this.handle();
    live();
    let status: number;
    try {
      status = raw.farkle_scorer_points(scorer, scratch + FACES_AT, n, scratch + OUT_AT);
    } catch (e) {
      return trapped("farkle_scorer_points", e);
    }
    if (status !== 0) fail(status);
    const points = words()[(scratch + OUT_AT) >> 2]!;
    if (known !== null && place >= 0) known[place] = points + 1;
    return points;
  }

  /** As Rules.analyze(). */
  analyze(roll: Faces): RollAnalysis {
    const faces = dice(roll, this.limit, "roll");
    return frame(() => {
      const out = allocStruct("FarkleRollAnalysis");
      check(lib.farkle_scorer_roll_analyze(this.handle(), allocBytes(faces), faces.length, out));
      return analysisAt(out);
    });
  }

  /** As Rules.selections(). */
  selections(roll: Faces): Selection[] {
    const faces = dice(roll, this.limit, "roll");
    return frame(() => {
      const max = constants.FARKLE_MAX_SELECTIONS;
      const out = allocStruct("FarkleSelection", max);
      const count = alloc(4, 4);
      check(
        lib.farkle_scorer_roll_selections(this.handle(), allocBytes(faces), faces.length, out, max, count),
      );
      return selectionsAt(out, readPointer(count));
    });
  }
}

/** Six counts (of faces 1 to 6), each 0 to 255. */
function counts(values: unknown, name: string): number[] {
  if (!Array.isArray(values)) throw new TypeError(`${name} must be an array of 6 counts`);
  if (values.length !== 6) {
    throw new RangeError(`${name} must hold 6 counts (of faces 1 to 6), not ${values.length}`);
  }
  return values.map((v, i) => integer(v, `${name}[${i}]`, 0, 255));
}

/**
 * The point calculation R(p, r') of the doubling rules: `rollCounts` and `selectionCounts`
 * count faces 1 to 6 in the roll and in the selection.
 */
export function pointCalculation(
  rollCounts: readonly number[],
  selectionCounts: readonly number[],
  rollOver: boolean,
): PointCalculation {
  const roll = counts(rollCounts, "rollCounts");
  const selection = counts(selectionCounts, "selectionCounts");
  const total = roll.reduce((a, b) => a + b, 0);
  if (total > 6) throw new RangeError(`the roll has ${total} dice; the point calculation takes at most 6`);
  if (typeof rollOver !== "boolean") throw new TypeError("rollOver must be true or false");
  return frame(() => {
    const out = allocStruct("FarklePoints");
    check(lib.farkle_point_calculation(allocBytes(roll), allocBytes(selection), rollOver ? 1 : 0, out));
    const p = read("FarklePoints", out);
    return Object.freeze({ points: p.points, rollOver: p.roll_over });
  });
}

/** `rules` as Rules: a Rules, or a preset's name. @internal */
export function toRules(rules: unknown): Rules {
  if (rules instanceof Rules) return rules;
  if (typeof rules === "string") return new Rules(rules as PresetName);
  throw new TypeError(`rules must be a Rules or a preset's name, not ${kindOf(rules)}`);
}

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Type-checked (never run) by the build against the package's declarations in dist/: the
// spellings shared with the Python package have the types a TypeScript user expects, and
// mistakes are caught at compile time (each @ts-expect-error must meet an error).

import {
  Card,
  ERROR_CLASSES,
  Game,
  InvalidRulesError,
  NothingToBankError,
  PenaltyPolicy,
  penaltyAveragePointsAsync,
  Status,
  Rules,
  TurnPolicy,
  WinTable,
  type Advice,
  type CardValue,
  type CoachNote,
  type MoverDecision,
  type GameState,
  type RulesKnobs,
  type Score,
} from "farkle";
import { init, Rules as ManualRules, type WasmSource } from "farkle/manual";

const rules = new Rules("classic", { targetScore: 5000, hotDice: false, kindScaling: "fixed" });
const points: number = rules.points([1, 1, 1]);
const score: Score = rules.score([1, 5]);
const valid: boolean = score.valid && score.points > 0;
const target: number = rules.targetScore;
const knobs: RulesKnobs = rules.toObject();
const value: number = new TurnPolicy("classic", { onBoard: true }).value(300, 2);

async function solve(signal: AbortSignal): Promise<[number, number]> {
  const table = await WinTable.solve(rules, { progress: (fraction: number) => fraction < 1, signal });
  return [table.firstPlayerWinProbability, table.compensation];
}

const game = new Game(rules, ["Ann", null], { seed: 7n });
const state: GameState = game.state;
const advice: Advice = game.advise();
const phase: "awaiting_roll" | "awaiting_selection" | "farkled" | "game_over" = state.phase;
game.botPlayTurn("single_turn_optimal", { seed: 1 });
const error: Error = new InvalidRulesError("why");
const code: number = Status.NOTHING_TO_BANK;
const errorClass: boolean = new ERROR_CLASSES.NOTHING_TO_BANK("why") instanceof NothingToBankError;

async function threePlayers(): Promise<[number[], MoverDecision, number]> {
  // `using` closes the table at the end of the block (Symbol.dispose in the declarations).
  using table = await WinTable.solve(rules, { players: 3 });
  using g = new Game(rules, 3, { seed: 1 });
  g.botPlayTurn("strongest_opponent", { table });
  const decision = table.moverDecision([{ score: 500 }, 0, 0], 0, 6);
  return [table.startProbabilities, decision, table.mixedCycles + table.playerCount];
}

// @ts-expect-error: no such preset
new Rules("poker");
// @ts-expect-error: a flag is a boolean
new Rules("classic", { hotDice: 1 });
// @ts-expect-error: no such knob
new Rules("classic", { target: 5000 });
// @ts-expect-error: no such bot
game.botPlayTurn("clever");
// @ts-expect-error: no such option
void WinTable.solve(rules, { player: 3 });
// @ts-expect-error: worker is a flag
void WinTable.solve(rules, { worker: "yes" });

async function manual(bytes: Uint8Array): Promise<number> {
  const source: WasmSource = bytes;
  await init(source);
  await init(new URL("https://example.org/farkle.wasm"));
  const table = await WinTable.solve(rules, { players: 3, worker: false, signal: AbortSignal.timeout(1000) });
  return new ManualRules("classic").points([1]) + table.playerCount;
}
async function offThread(signal: AbortSignal): Promise<number> {
  // The single-turn solves off the calling thread, with progress and a signal.
  const policy: TurnPolicy = await TurnPolicy.create(rules, { onBoard: false, signal, progress: (f: number) => f < 1 });
  const penalty: PenaltyPolicy = await PenaltyPolicy.create("extended", { signal, worker: true });
  const average: number = await penaltyAveragePointsAsync("extended", { signal });
  const g = new Game(rules, 2, { seed: 1 });
  const prepared: Promise<void> = g.prepareAdviceAsync({ signal, progress: () => undefined });
  await prepared;
  return policy.expectedPoints + penalty.averagePoints + average;
}
// @ts-expect-error: the constructor takes no signal (TurnPolicy.create() does)
new TurnPolicy("classic", { signal: AbortSignal.timeout(10) });
// @ts-expect-error: no such option
void TurnPolicy.create("classic", { on_board: true });

async function cards(table: WinTable, game: Game): Promise<number> {
  const card = Card.perDice([0, 0, null, null, null, null], { single: 4 });
  const value: CardValue = card.evaluate(table);
  const best = await Card.best(table, "situational", { signal: AbortSignal.timeout(10_000) });
  const note: CoachNote | null = game.coach(best.card, table);
  game.botPlayTurn(Card.folk(6)[0]!.card);
  return value.price + (note?.cost ?? 0) + best.value.chance;
}
// @ts-expect-error: a family by name
void Card.best(null as unknown as WinTable, "threshold");
// @ts-expect-error: a keep rule by name
Card.bankAt(300, "most");

// @ts-expect-error: Python's snake_case is camelCase here
void rules.target_score;

export { cards, points, valid, target, knobs, value, solve, advice, phase, error, code, errorClass, threePlayers, manual, offThread };

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The win meter: every player's chance to win under optimal play, from a win table of the
// game's rules. Tables are solved in a Web Worker (solver.js) with a progress bar and a
// cancel button, and kept in the browser (IndexedDB) so that a table is solved once.
//
// Which games a table serves is said in one place, TABLE_PLAYERS: the library solves
// tables for two and for three players, so the meter covers games of 2 or 3 players. A game
// of 4 to 6 with a "strongest_opponent" computer player gets a two-player table for it (that
// player plays each turn against the strongest other), and no meter.

import { WinTable } from "./vendor/farkle/index.js";

/** The numbers of players the library solves win tables for. */
export const TABLE_PLAYERS = [2, 3];

const DB_NAME = "farkle";
const STORE = "tables";

function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function stored(key) {
  try {
    const db = await openDb();
    return await new Promise((resolve, reject) => {
      const get = db.transaction(STORE).objectStore(STORE).get(key);
      get.onsuccess = () => resolve(get.result ?? null);
      get.onerror = () => reject(get.error);
    });
  } catch {
    return null; // no IndexedDB (a private window): solve again next time
  }
}

async function store(key, bytes) {
  try {
    const db = await openDb();
    await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, "readwrite");
      tx.objectStore(STORE).put(bytes, key);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  } catch {
    // Not kept: the table still serves this page.
  }
}

/** A duration in words: "40 s", "3 min 5 s", "1 h 2 min". */
export function duration(seconds) {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`;
}

/**
 * A solve's progress in words: "42% done, about 1 min 5 s left" (the time left as the time
 * taken so far scaled by what remains; no guess before 1% or half a second).
 */
export function solveProgress(fraction, elapsed) {
  const pct = Math.floor(fraction * 100);
  if (fraction >= 1) return "100% done, finishing";
  if (fraction < 0.01 || elapsed < 0.5) return `${pct}% done`;
  return `${pct}% done, about ${duration((elapsed * (1 - fraction)) / fraction)} left`;
}

/** The key of a rules value's table. */
function tableKey(rules, players) {
  return JSON.stringify({ players, rules: rules.toObject() });
}

/**
 * The meter of one game: its table (or none yet), the worker solving one, and the page's
 * elements that show them.
 */
export class WinMeter {
  /**
   * @param {{ status: HTMLElement, box: HTMLElement, progress: HTMLProgressElement,
   *   solve: HTMLButtonElement, cancel: HTMLButtonElement }} view
   * @param {() => void} changed called when the table or the solve's state changes
   */
  constructor(view, changed) {
    this.view = view;
    this.changed = changed;
    this.table = null;
    this.worker = null;
    this.rules = null;
    this.players = 0;
    this.waiters = [];
    view.solve.addEventListener("click", () => this.solve());
    view.cancel.addEventListener("click", () => this.cancel());
  }

  /** Whether a table can serve a game of `players` players. */
  static serves(players) {
    return TABLE_PLAYERS.includes(players);
  }

  /**
   * Takes up a game's rules: its table from the browser's store when solved before. A game
   * of more players than a table serves gets a two-player table only when `forBot` (a
   * strongest-opponent computer player needs one), and no meter.
   */
  async prepare(rules, players, forBot = false) {
    this.cancel(false);
    this.table?.close();
    this.table = null;
    this.rules = rules;
    this.players = WinMeter.serves(players) ? players : forBot ? 2 : 0;
    if (!WinMeter.serves(players)) {
      const why = `The win meter covers games of ${TABLE_PLAYERS.join(" or ")} players.`;
      if (!forBot) {
        this.show(why, false);
        return;
      }
      this.view.status.textContent = why;
    }
    const bytes = await stored(tableKey(rules, this.players));
    if (bytes && this.rules === rules) {
      try {
        this.table = WinTable.fromBytes(bytes);
      } catch {
        this.table = null;
      }
    }
    const meter = WinMeter.serves(players);
    const ask = meter ? "Solve the table to see each player's chance to win." : `${this.view.status.textContent} The strongest-opponent player needs the two-player table: solve it, or it is solved on that player's first turn.`;
    this.show(this.table ? (meter ? "" : this.view.status.textContent) : ask, !this.table);
    this.changed();
  }

  show(text, canSolve) {
    this.view.status.textContent = text;
    this.view.solve.hidden = !canSolve;
    this.view.box.hidden = this.worker === null;
  }

  /** Whether a solve is running. */
  get solving() {
    return this.worker !== null;
  }

  /** Resolves with the table once there is one (null if it cannot be had). */
  whenReady() {
    if (this.table || !WinMeter.serves(this.players)) return Promise.resolve(this.table);
    if (!this.solving) this.solve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Starts solving the table in a worker. */
  solve() {
    if (this.worker || this.table || !this.rules) return;
    const rules = this.rules;
    const key = tableKey(rules, this.players);
    const worker = new Worker(new URL("./solver.js", import.meta.url), { type: "module" });
    this.worker = worker;
    const started = performance.now();
    this.view.progress.value = 0;
    this.view.progress.textContent = "0%";
    if (this.view.eta) this.view.eta.textContent = "0% done";
    this.show(`Solving the win table: every position of the game, for ${this.players} players.`, false);
    this.view.cancel.focus();
    worker.onmessage = async ({ data }) => {
      if (this.worker !== worker) return;
      if (data.type === "ready") {
        worker.postMessage({ rules: rules.toObject(), players: this.players });
        return;
      }
      if (data.type === "progress") {
        this.view.progress.value = data.fraction;
        this.view.progress.textContent = `${Math.round(data.fraction * 100)}%`;
        if (this.view.eta) this.view.eta.textContent = solveProgress(data.fraction, (performance.now() - started) / 1000);
        return;
      }
      this.worker = null;
      worker.terminate();
      if (data.type === "done") {
        this.table = WinTable.fromBytes(data.bytes);
        this.lastSolveSeconds = data.seconds;
        this.show(`Win table solved in ${data.seconds.toFixed(1)} s.`, false);
        await store(key, data.bytes);
      } else {
        this.show(`The table could not be solved: ${data.message}`, false);
      }
      this.settle();
    };
    worker.onerror = (event) => {
      if (this.worker !== worker) return;
      this.worker = null;
      worker.terminate();
      this.show(`The table could not be solved: ${event.message}`, true);
      this.settle();
    };
    this.changed();
  }

  /** Stops a running solve at once (the worker is terminated). */
  cancel(announce = true) {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.view.progress.value = 0;
    if (announce) this.show("Solve cancelled.", true);
    this.settle();
    if (announce) this.view.solve.focus();
  }

  settle() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve(this.table);
    this.changed();
  }

  /**
   * Every player's chance to win now, by seat, or null without a table of the game's size.
   * The library's advice with the table gives every seat's chance after the best play (in
   * every phase: before a roll, with a roll to pick from, after a farkle).
   */
  chances(game) {
    const state = game.state;
    if (!this.table || state.playerCount !== this.table.playerCount) return null;
    if (state.phase === "game_over") {
      return Array.from({ length: state.playerCount }, (_, i) => (state.winners.includes(i) ? 1 : 0));
    }
    try {
      const advice = game.advise(this.table);
      const seats = advice.recommended.winProbabilities;
      if (advice.valueKind !== "win_probability" || seats.length !== state.playerCount) return null;
      return seats.every(Number.isFinite) ? [...seats] : null;
    } catch {
      return null; // a position the table does not hold (past the target in a final round)
    }
  }
}

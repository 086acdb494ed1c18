// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The web game in headless Chromium (Debian's chromium, driven by playwright-core; no
// browser is downloaded). Whole seeded games are played through the page, with the mouse and
// the keyboard, while the same moves are made on a game of the farkle package here: after
// every move the page must show that game's dice and scores, and its saved game must be
// that game's, byte for byte. Also: a reload resumes the game, a win-table solve runs in a
// worker with its progress bar (the page answering meanwhile), a cancel stops it, the solved
// chance is the package's, the table is kept, screenshots at desktop and phone sizes go to
// the artifacts folder, the phone layout fits, and axe-core finds no accessibility fault.
// The coach: after each decision it shows what a card and optimal play say and the cost,
// checked against the win table's own values of banking and rolling; a computer seat plays
// the best one-threshold card as the package's card bot does.
//
// Skipped, saying so, when no Chromium is installed (apt-get install chromium).
// FARKLE_CHROMIUM names another binary; FARKLE_WEB_ARTIFACTS the artifacts folder (default
// target/web-tests/ in the repository).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { serve, SITE } from "./server.mjs";

const require = createRequire(import.meta.url);
const CANDIDATES = [process.env.FARKLE_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
const CHROMIUM = CANDIDATES.find((p) => p && existsSync(p));
const BUILT = existsSync(`${SITE}vendor/farkle/index.js`);
const skip = !CHROMIUM
  ? "no Chromium installed (apt-get install chromium, or set FARKLE_CHROMIUM): browser tests skipped"
  : !BUILT
    ? "the site is not built (make web): browser tests skipped"
    : false;
if (skip) console.log(`# ${skip}`);

const ARTIFACTS =
  process.env.FARKLE_WEB_ARTIFACTS ?? fileURLToPath(new URL("../../target/web-tests/", import.meta.url));
const DIE_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 740 };

let farkle;
let browser;
let site;

before(async () => {
  if (skip) return;
  farkle = await import("../site/vendor/farkle/index.js");
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  site = await serve();
  mkdirSync(`${ARTIFACTS}stages`, { recursive: true });
});

after(async () => {
  await browser?.close();
  site?.server.close();
});

/** A fresh page (its own storage) at the game's address, once the engine has loaded. */
async function open(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(site.url);
  await page.waitForSelector("body[data-ready]");
  return { page, context, errors };
}

/** Fills the setup form and starts the game. */
// The hint's text once its advice is worked out: the box opens at once with a placeholder,
// and the advice follows when the game has it (later on a busy machine).
async function hintText(page) {
  await page.waitForSelector("#hint-box:not([hidden])");
  await page.waitForFunction(() => !document.getElementById("hint-body").textContent.startsWith("Working out"));
  return page.textContent("#hint-body");
}

async function setUp(page, { seats, preset, knobs = {}, seed, coach }) {
  await page.waitForSelector("#setup:not([hidden])");
  while ((await page.locator("#seats li").count()) < seats.length) await page.click("#add-seat");
  while ((await page.locator("#seats li").count()) > seats.length) await page.click("#remove-seat");
  for (const [i, seat] of seats.entries()) {
    await page.fill(`#seat-name-${i}`, seat.name);
    await page.selectOption(`#seat-kind-${i}`, seat.kind);
  }
  await page.selectOption("#preset", preset);
  if (Object.keys(knobs).length) await page.$eval("#house-rules", (d) => { d.open = true; });
  for (const [name, value] of Object.entries(knobs)) {
    const input = page.locator(`#knob-${name}`);
    if (typeof value === "boolean") await input.setChecked(value);
    else await input.fill(String(value));
  }
  await page.fill("#seed", seed === undefined ? "" : String(seed));
  await page.selectOption("#bot-speed", "0");
  if (coach !== undefined) await page.selectOption("#coach", coach);
  await page.click("#start");
  await page.waitForSelector("#play:not([hidden])");
}

/** Waits until the page's game has `events` log entries (the mirror's count: in step). */
async function inStep(page, mirror) {
  await page.waitForSelector(`#play[data-events="${mirror.eventCount}"]`);
}

/** The page shows the mirror's scores, and its dice while a roll is on the table. */
async function samePicture(page, mirror) {
  await inStep(page, mirror);
  const scores = await page.$$eval("#score-rows td[data-score]", (cells) => cells.map((c) => Number(c.dataset.score)));
  assert.deepEqual(scores, mirror.scores, "the scores on the page");
  const phase = mirror.phase;
  if (phase === "awaiting_selection" || phase === "farkled") {
    const faces = await page.$$eval("#dice .die", (dice) => dice.map((d) => Number(d.dataset.face)));
    assert.deepEqual(faces, mirror.lastRoll.dice, "the dice on the page");
    const labels = await page.$$eval("#dice .die", (dice) => dice.map((d) => d.getAttribute("aria-label")));
    labels.forEach((label, i) => assert.match(label, new RegExp(`^${mirror.lastRoll.dice[i]}( picked)?( best)?, die ${i + 1}\\b`)));
  }
}

/** The page's saved game is the mirror's, byte for byte. */
async function sameSave(page, mirror) {
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("farkle.saved-game")));
  assert.equal(saved.game, mirror.dumps(), "the saved game");
}

/**
 * Plays the game on the page to its end: humans keep the best selection of each roll and bank
 * from `bankAt` points (the keyboard on even turns, the mouse on odd ones); computer players
 * play on the page; the mirror makes the same moves. `pause(turn)` may interrupt (a reload).
 */
async function playThrough(page, mirror, seats, { bankAt = 300, pause = async () => {}, stage = async () => {}, table } = {}) {
  let turn = 0;
  let guard = 0;
  // The dice this test kept in the human's turn, one array per keep (the page must show them
  // set aside until the turn ends), and the stages seen (each handed to `stage` once).
  let kept = [];
  const seen = new Set();
  const once = async (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    await stage(name);
  };
  const check = async () => {
    await samePicture(page, mirror);
    await sameTurn(page, mirror, seats, kept);
  };
  // The page's computer players play at once: so does the mirror's, before each comparison.
  const bots = () => {
    while (!mirror.isOver && seats[mirror.currentPlayer].kind !== "human") {
      const kind = seats[mirror.currentPlayer].kind;
      const options = kind === "win_optimal" || kind === "strongest_opponent" ? { table } : {};
      mirror.botPlayTurn(kind, { ...options, seed: mirror.eventCount });
    }
  };
  bots();
  while (!mirror.isOver) {
    assert.ok(++guard < 2000, "the game ends");
    const s = mirror.state;
    const keys = turn % 2 === 0;
    if (s.phase === "awaiting_roll") {
      if (justHot(mirror)) {
        await check();
        await once("hot-dice");
      }
      if (s.canBank && s.turnPoints >= bankAt) {
        mirror.bank();
        kept = [];
        if (keys) await page.keyboard.press("b");
        else await page.click("#bank");
        turn++;
        bots();
        await pause(turn);
      } else {
        mirror.roll();
        if (keys) await page.keyboard.press("r");
        else await page.click("#roll");
      }
    } else if (s.phase === "awaiting_selection") {
      await check();
      await once("roll");
      const mask = mirror.lastRoll.bestSelectionMask;
      for (let i = 0; i < mirror.lastRoll.dice.length; i++) {
        if (!(mask & (1 << i))) continue;
        if (keys) await page.keyboard.press(DIE_KEYS[i]);
        else await page.click(`#dice .die[data-index="${i}"]`);
        await page.waitForSelector(`#dice .die[data-index="${i}"][aria-pressed="true"]`);
      }
      kept.push(mirror.lastRoll.dice.filter((_, i) => mask & (1 << i)));
      mirror.selectMask(mask);
      if (keys) await page.keyboard.press("k");
      else await page.click("#keep");
      if (!justHot(mirror) && mirror.state.phase === "awaiting_roll") {
        await check();
        await once("kept");
      }
    } else if (s.phase === "farkled") {
      await check();
      await once("farkle");
      kept = [];
      mirror.acknowledgeFarkle();
      if (keys) await page.keyboard.press("n");
      else await page.click("#next");
      turn++;
      bots();
      await pause(turn);
    }
    bots();
    await samePicture(page, mirror);
  }
  await samePicture(page, mirror);
  await sameSave(page, mirror);
  await once("game-over");
  return seen;
}

/** Whether the mirror's last event is hot dice (every die scored: all of them to roll again). */
function justHot(mirror) {
  return mirror.event(mirror.eventCount - 1).kind === "hot_dice";
}

/**
 * The page shows the turn as it is: its total (the mirror's), the dice this test kept in
 * the turn so far set aside (`kept`, in a human's turn), and a farkle or hot dice said so.
 */
async function sameTurn(page, mirror, seats, kept) {
  const s = mirror.state;
  assert.equal(Number(await page.getAttribute("#turn-total", "data-points")), s.turnPoints, "the turn total");
  assert.equal(await page.textContent("#turn-total"), s.turnPoints.toLocaleString("en-US"));
  if (seats[s.currentPlayer].kind === "human") {
    const shown = await page.$$eval("#kept .die", (dice) => dice.map((d) => Number(d.dataset.face)));
    assert.deepEqual(shown, kept.flat(), "the dice set aside this turn");
    if (kept.length) assert.equal(await page.isVisible("#kept"), true);
    const named = await page.getAttribute("#kept", "aria-label");
    assert.equal(named, `Set aside this turn: ${kept.map((k) => k.join(" ")).join("; ") || "none"}`);
  }
  const moment = (await page.isVisible("#moment")) ? await page.textContent("#moment") : "";
  if (s.phase === "farkled") assert.match(moment, /^Farkle!/);
  else if (s.phase === "awaiting_roll" && justHot(mirror)) assert.match(moment, /^Hot dice!/);
  else assert.equal(moment, "", "no farkle or hot dice to speak of");
}

test("a whole seeded game against a computer player, a reload on the way", { skip }, async () => {
  const { page, context, errors } = await open();
  const seats = [{ name: "Ann", kind: "human" }, { name: "Bot", kind: "single_turn_optimal" }];
  await setUp(page, { seats, preset: "classic", seed: 7 });
  await page.screenshot({ path: `${ARTIFACTS}desktop-start.png` });
  const mirror = new farkle.Game("classic", ["Ann", "Bot"], { seed: 7 });
  let reloads = 0;
  await playThrough(page, mirror, seats, {
    async pause(turn) {
      if (turn !== 3 && turn !== 8) return;
      // A reload resumes the game where it was: same scores, same turn, the log rebuilt.
      // First the page must have played the computer's turn the mirror played: a reload
      // before it would leave that turn to play after the reload, and its move clears the
      // welcome message (a race a loaded machine lost).
      await samePicture(page, mirror);
      await page.reload();
      await page.waitForSelector("body[data-ready]");
      await samePicture(page, mirror);
      assert.match(await page.textContent("#status"), /goes on where it was/);
      reloads++;
    },
  });
  assert.equal(reloads, 2);
  const winner = mirror.winners[0];
  assert.ok(mirror.scores[winner] >= 10000);
  assert.match(await page.textContent("#turn-line"), new RegExp(`Game over\\. ${["Ann", "Bot"][winner]} wins`));
  // The log's numbers fit in its margin (a marker outside the box loses its first digits).
  const [marker, room] = await page.$eval("#log", (list) => {
    const items = list.querySelectorAll("li");
    const style = getComputedStyle(items[items.length - 1]);
    const context = document.createElement("canvas").getContext("2d");
    context.font = `${style.fontSize} ${style.fontFamily}`;
    return [context.measureText(`${items.length}. `).width, parseFloat(getComputedStyle(list).paddingLeft)];
  });
  assert.ok(marker <= room, `the log's last number needs ${marker} px, the margin is ${room} px`);
  await page.screenshot({ path: `${ARTIFACTS}desktop-game-over.png`, fullPage: true });
  // Over: nothing that cannot be pressed, and a new game with the same players at hand.
  const buttons = await page.$$eval("#play .actions button", (list) =>
    list.filter((b) => !b.hidden && getComputedStyle(b).display !== "none").map((b) => [b.id, b.disabled]),
  );
  assert.deepEqual(buttons, [["play-again", false], ["change-game", false]]);
  assert.equal(await page.isVisible("#kept"), false);
  await page.click("#play-again");
  await page.waitForSelector('#play[data-phase="awaiting_roll"][data-current="0"]');
  const fresh = await page.$$eval("#score-rows td[data-score]", (cells) => cells.map((c) => Number(c.dataset.score)));
  assert.deepEqual(fresh, [0, 0]);
  assert.match(await page.textContent("#turn-line"), /^Ann to play/);
  assert.equal(await page.isEnabled("#roll"), true);
  assert.equal(await page.isVisible("#play-again"), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("three players, two computer styles and house rules", { skip }, async () => {
  const { page, context, errors } = await open();
  const seats = [
    { name: "Cy", kind: "human" },
    { name: "Rand", kind: "random_legal" },
    { name: "Thresh", kind: "threshold" },
  ];
  const knobs = { targetScore: 3000, threePairsOfOneFace: true, hotDiceMultiplierStep: 1 };
  await setUp(page, { seats, preset: "zilch", knobs, seed: 12 });
  const rules = new farkle.Rules("zilch", knobs);
  const mirror = new farkle.Game(rules, seats.map((s) => s.name), { seed: 12 });
  assert.ok(mirror.rules.equals(rules));
  await playThrough(page, mirror, seats, { bankAt: 350 });
  assert.ok(Math.max(...mirror.scores) >= 3000);
  assert.deepEqual(errors, []);
  await context.close();
});

test("three players with the win meter and a computer that plays to win", { skip }, async () => {
  const { page, context, errors } = await open();
  const seats = [
    { name: "Cy", kind: "human" },
    { name: "Wynn", kind: "win_optimal" },
    { name: "Rand", kind: "random_legal" },
  ];
  const knobs = { targetScore: 1000 };
  await setUp(page, { seats, preset: "minimal", knobs, seed: 3 });
  await page.click("#solve");
  await page.waitForSelector("#score-rows td[data-chance]", { timeout: 120_000 });
  // At the start, under optimal play (figures from an independent solve of minimal rules to
  // 1,000 for three players): 0.442323, 0.321535, 0.236142.
  const start = await page.$$eval("#score-rows td[data-chance]", (cells) => cells.map((c) => Number(c.dataset.chance)));
  [0.442323, 0.321535, 0.236142].forEach((p, i) => assert.ok(Math.abs(start[i] - p) < 1e-6, `seat ${i}: ${start[i]}, not ${p}`));
  const bars = async () => {
    const cells = await page.$$eval("#score-rows td[data-chance]", (list) =>
      list.map((c) => [Number(c.dataset.chance), c.querySelector(".fill").getBoundingClientRect().width, c.querySelector(".bar").clientWidth]),
    );
    assert.equal(cells.length, 3);
    assert.ok(Math.abs(cells.reduce((sum, [p]) => sum + p, 0) - 1) < 1e-6, "the chances add up to 1");
    for (const [chance, fill, bar] of cells) {
      assert.ok(bar > 0 && Math.abs(fill / bar - chance) < 0.01, `a bar of ${bar} px filled ${fill} px for ${chance}`);
    }
  };
  await bars();
  // The page's computer plays from the table the page solved; the mirror's from the same
  // table (its saved form, as the worker handed it over).
  const solved = await farkle.WinTable.solve(new farkle.Rules("minimal", knobs), { players: 3 });
  const table = farkle.WinTable.fromBytes(solved.toBytes());
  assert.equal(table.playerCount, 3);
  const mirror = new farkle.Game(new farkle.Rules("minimal", knobs), seats.map((s) => s.name), { seed: 3 });
  await playThrough(page, mirror, seats, {
    table,
    bankAt: 300,
    async stage(name) {
      if (name === "roll" || name === "kept") await bars();
    },
  });
  const end = await page.$$eval("#score-rows td[data-chance]", (cells) => cells.map((c) => Number(c.dataset.chance)));
  assert.deepEqual(end, [0, 1, 2].map((i) => (mirror.winners.includes(i) ? 1 : 0)));
  assert.deepEqual(errors, []);
  await context.close();
});

test("four to six players: the strongest-rival computer plays from a two-player table", { skip }, async () => {
  const { page, context, errors } = await open();
  const seats = [
    { name: "Ann", kind: "human" },
    { name: "Sol", kind: "strongest_opponent" },
    { name: "Tia", kind: "threshold" },
    { name: "Uma", kind: "single_turn_optimal" },
  ];
  const knobs = { targetScore: 1000 };
  await setUp(page, { seats, preset: "minimal", knobs, seed: 9 });
  assert.match(await page.textContent("#meter-status"), /covers games of 2 or 3 players/);
  const table = await farkle.WinTable.solve(new farkle.Rules("minimal", knobs));
  const mirror = new farkle.Game(new farkle.Rules("minimal", knobs), seats.map((s) => s.name), { seed: 9 });
  await playThrough(page, mirror, seats, { table, bankAt: 300 });
  assert.equal(await page.locator("#score-rows td[data-chance]").count(), 0, "no meter for four players");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the win table solves in a worker with a progress bar; cancel stops it", { skip }, async () => {
  const { page, context, errors } = await open();
  const seats = [{ name: "Ann", kind: "human" }, { name: "Ben", kind: "human" }];
  // Long enough to cancel on the way.
  await setUp(page, { seats, preset: "minimal", knobs: { targetScore: 8000 } });
  await page.click("#solve");
  await page.waitForFunction(() => document.getElementById("solve-progress").value > 0.02);
  // The solve says how far it is and how long it has left.
  await page.waitForFunction(() => /left$/.test(document.getElementById("solve-eta").textContent));
  const eta = await page.textContent("#solve-eta");
  const shown = await page.$eval("#solve-progress", (p) => Math.floor(p.value * 100));
  const match = eta.match(/^(\d+)% done, about (\d+ (s|min|h))( \d+ (s|min))? left$/);
  assert.ok(match, `the solve's progress reads "${eta}"`);
  assert.ok(Math.abs(Number(match[1]) - shown) <= 1, `"${eta}" beside a bar at ${shown}%`);
  // The page answers while the worker solves: a timer fires on time.
  const late = await page.evaluate(
    () => new Promise((resolve) => {
      const start = performance.now();
      setTimeout(() => resolve(performance.now() - start - 50), 50);
    }),
  );
  assert.ok(late < 250, `a 50 ms timer fired ${late.toFixed(0)} ms late during the solve`);
  await page.click("#cancel-solve");
  await page.waitForSelector("#solve-box[hidden]", { state: "attached" });
  assert.match(await page.textContent("#meter-status"), /cancelled/);
  assert.equal(await page.locator("#score-rows td[data-chance]").count(), 0);
  await page.screenshot({ path: `${ARTIFACTS}desktop-solve-cancelled.png` });

  // A shorter game: solved to the end, its chance the package's own.
  await page.click("#new-game");
  await setUp(page, { seats, preset: "minimal", knobs: { targetScore: 1500 } });
  await page.click("#solve");
  await page.waitForSelector("#score-rows td[data-chance]", { timeout: 120_000 });
  const chances = await page.$$eval("#score-rows td[data-chance]", (cells) => cells.map((c) => Number(c.dataset.chance)));
  const table = await farkle.WinTable.solve(new farkle.Rules("minimal", { targetScore: 1500 }));
  assert.ok(Math.abs(chances[0] - table.firstPlayerWinProbability) < 1e-12);
  assert.ok(Math.abs(chances[0] + chances[1] - 1) < 1e-12);
  // Each bar is filled as far as its percentage (the fill is a block, not a 0-wide inline).
  const bars = await page.$$eval("#score-rows td[data-chance]", (cells) =>
    cells.map((c) => [Number(c.dataset.chance), c.querySelector(".fill").getBoundingClientRect().width, c.querySelector(".bar").clientWidth]),
  );
  for (const [chance, fill, bar] of bars) {
    assert.ok(bar > 0 && Math.abs(fill / bar - chance) < 0.01, `a bar of ${bar} px filled ${fill} px for ${chance}`);
  }
  assert.match(await page.textContent("#meter-status"), /solved in/);
  // The hint now speaks of the chance to win.
  await page.keyboard.press("h");
  assert.match(await hintText(page), /% to win/);
  // The table is kept: after a reload the meter shows at once, with no solve.
  await page.reload();
  await page.waitForSelector("#score-rows td[data-chance]");
  assert.equal(await page.isHidden("#solve-box"), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("hints, the keyboard list, screenshots and the phone layout", { skip }, async () => {
  for (const [name, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, context, errors } = await open(viewport);
    await page.screenshot({ path: `${ARTIFACTS}${name}-setup.png`, fullPage: true });
    const seats = [
      { name: "Ann", kind: "human" }, { name: "Bo", kind: "threshold" }, { name: "Cat", kind: "human" },
      { name: "Dee", kind: "random_legal" }, { name: "Eve", kind: "single_turn_optimal" }, { name: "Fay", kind: "human" },
    ];
    await setUp(page, { seats, preset: "classic", seed: 42 });
    await page.click("#roll");
    await page.waitForSelector("#dice .die");
    // Seed 42 rolls 2 5 1 6 5 3: the hint names the odds and the best choice.
    assert.deepEqual(await page.$$eval("#dice .die", (d) => d.map((x) => Number(x.dataset.face))), [2, 5, 1, 6, 5, 3]);
    await page.click("#hint");
    const hint = await hintText(page);
    assert.match(hint, /Best: keep 1/);
    assert.match(hint, /points expected/);
    // Keeping the 1 leaves 5 dice. Counted by hand: of the 4^5 = 1024 rolls of 2, 3, 4 and 6
    // only, 4 x (10 x 9 + 5 x 3 + 1) = 424 hold a triple, so 600 of 7776 farkle: 7.7%.
    assert.match(hint, /rolling 5 dice farkles 7\.7% of the time/);
    assert.ok((await page.locator("#dice .die .suggest").count()) > 0);
    await page.click('#dice .die[data-index="2"]');
    assert.match(await page.textContent("#pick-line"), /Picked 1: 100 points/);
    await page.keyboard.press("?");
    assert.equal(await page.isVisible("#help"), true);
    await page.keyboard.press("?");
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(fits, `${name}: the page is wider than the screen`);
    await page.screenshot({ path: `${ARTIFACTS}${name}-game.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("every rule and preset in plain words; the scoring chart of the rules in play", { skip }, async () => {
  const { page, context, errors } = await open();
  // Presets by name, each explained; never an identifier.
  const presets = await page.$$eval("#preset option", (list) => list.map((o) => [o.value, o.textContent]));
  assert.deepEqual(presets.map(([value]) => value), farkle.Rules.presets());
  for (const [value, text] of presets) {
    assert.ok(text !== value && !/[_=]/.test(text), `the preset ${value} reads "${text}"`);
    await page.selectOption("#preset", value);
    assert.ok((await page.textContent("#preset-note")).length > 20, `no word on the preset ${value}`);
  }
  // Every house rule: a label with no field name in it, and an explanation it is described by.
  await page.$eval("#house-rules", (d) => { d.open = true; });
  const knobs = await page.$$eval("#knobs [data-knob]", (inputs) =>
    inputs.map((input) => ({
      name: input.dataset.knob,
      label: input.labels[0]?.textContent ?? "",
      help: document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent ?? "",
      options: input.tagName === "SELECT" ? [...input.options].map((o) => o.textContent) : [],
    })),
  );
  assert.equal(knobs.length, farkle.Rules.knobNames().length);
  const fieldish = /[_=]|[a-z][A-Z]|\bkind scaling\b/;
  for (const { name, label, help, options } of knobs) {
    assert.ok(label && !fieldish.test(label), `the rule ${name} reads "${label}"`);
    assert.ok(help.length > 3 && !fieldish.test(help), `the rule ${name} is explained as "${help}"`);
    for (const option of options) assert.ok(!/_/.test(option), `the rule ${name} offers "${option}"`);
  }
  // The setup's chart follows the preset and the house rules.
  await page.selectOption("#preset", "doubling");
  await page.$eval("#setup-chart-box", (d) => { d.open = true; });
  const setupChart = async () =>
    Object.fromEntries(await page.$$eval("#setup-chart tbody tr", (rows) => rows.map((r) => [r.dataset.dice, Number(r.querySelector("td").dataset.points)])));
  assert.equal((await setupChart())[22222], 800);
  await page.fill("#knob-singleFive", "70");
  await page.dispatchEvent("#knob-singleFive", "change");
  assert.equal((await setupChart())[5], 70);
  // The chart of classic rules, as the preset's values give it (by hand: a single 1 100, a
  // 5 50, three of face f f x 100 but three 1s 1000, each die past three adds the triple's
  // value again, straight and three pairs 1500, two triples 2500).
  const seats = [{ name: "Ann", kind: "human" }, { name: "Ben", kind: "human" }];
  await setUp(page, { seats, preset: "classic", seed: 1 });
  const chart = async () =>
    Object.fromEntries(await page.$$eval("#chart tbody tr", (rows) => rows.map((r) => [r.dataset.dice, Number(r.querySelector("td").dataset.points)])));
  assert.deepEqual(await chart(), {
    1: 100, 5: 50, 111: 1000, 222: 200, 333: 300, 444: 400, 555: 500, 666: 600,
    2222: 400, 22222: 600, 222222: 800, 123456: 1500, 223344: 1500, 222333: 2500,
  });
  // House rules change it: minimal scores no set past three (six 2s are two triples, 400;
  // four or five 2s leave dice that do not score) and no straight; doubling
  // doubles each die past three (2s: 200, 400, 800, 1600) and scores both small straights.
  await page.click("#new-game");
  await setUp(page, { seats, preset: "minimal", knobs: { singleFive: 60 }, seed: 1 });
  assert.deepEqual(await chart(), { 1: 100, 5: 60, 111: 1000, 222: 200, 333: 300, 444: 400, 555: 500, 666: 600, 222222: 400 });
  await page.click("#new-game");
  await setUp(page, { seats, preset: "doubling", seed: 1 });
  const doubling = await chart();
  assert.deepEqual([doubling[2222], doubling[22222], doubling[222222]], [400, 800, 1600]);
  assert.deepEqual([doubling[12345], doubling[23456], doubling[123456]], [1000, 1000, 2500]);
  assert.match(await page.textContent("#rules-line"), /^Rules: Doubling, to 10,000\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a roll tumbles the dice, unless the player asks for less motion", { skip }, async () => {
  for (const reducedMotion of ["no-preference", "reduce"]) {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion });
    const page = await context.newPage();
    await page.goto(site.url);
    await page.waitForSelector("body[data-ready]");
    await setUp(page, { seats: [{ name: "Ann", kind: "human" }, { name: "Ben", kind: "human" }], preset: "classic", seed: 42 });
    await page.click("#roll");
    await page.waitForSelector("#dice .die");
    const names = await page.$$eval("#dice .die", (dice) => dice.map((d) => getComputedStyle(d).animationName));
    assert.deepEqual(names, Array(6).fill(reducedMotion === "reduce" ? "none" : "tumble"), reducedMotion);
    // Picking a die does not roll them again.
    await page.waitForTimeout(600);
    await page.click('#dice .die[data-index="2"]');
    const after = await page.$$eval("#dice .die", (dice) => dice.map((d) => getComputedStyle(d).animationName));
    assert.deepEqual(after, Array(6).fill("none"));
    await context.close();
  }
});

test("every stage of a game at 1280x800 and 360x740: it fits, and axe finds no fault", { skip }, async () => {
  const axe = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  for (const [size, viewport] of [["desktop", DESKTOP], ["narrow", NARROW]]) {
    const { page, context, errors } = await open(viewport);
    const stages = [];
    const stage = async (name) => {
      stages.push(name);
      // A fresh roll's tumble (half transparent at first) is over before the picture.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `${size}, ${name}: the page is ${wide} px wider than the screen`);
      await page.screenshot({ path: `${ARTIFACTS}stages/${size}-${name}.png`, fullPage: true });
      await page.addScriptTag({ content: axe });
      const result = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ["violations"] }));
      const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      assert.deepEqual(found, [], `${size}, ${name}: ${found.join("; ")}`);
    };
    await page.$eval("#house-rules", (d) => { d.open = true; });
    await page.$eval("#setup-chart-box", (d) => { d.open = true; });
    await stage("setup");
    const seats = [{ name: "You", kind: "human" }, { name: "Bo", kind: "human" }];
    await setUp(page, { seats, preset: "classic", knobs: { targetScore: 2500 }, seed: 5 });
    await page.$eval("#chart-box", (d) => { d.open = true; });
    await stage("start");
    const mirror = new farkle.Game(new farkle.Rules("classic", { targetScore: 2500 }), ["You", "Bo"], { seed: 5 });
    await playThrough(page, mirror, seats, {
      bankAt: 400,
      async stage(name) {
        if (name === "roll") {
          await page.keyboard.press("h");
          await hintText(page);
          await stage("hint");
          await page.keyboard.press("h");
        } else {
          await stage(name);
        }
      },
    });
    for (const name of ["setup", "start", "hint", "kept", "farkle", "game-over"]) {
      assert.ok(stages.includes(name), `${size}: no ${name} stage in ${stages}`);
    }
    // The log overflows by now: it can be reached with the keyboard, and is named.
    const log = await page.$eval("#log", (l) => [l.scrollHeight > l.clientHeight, l.tabIndex]);
    assert.deepEqual(log, [true, 0]);
    // "You" takes the verbs of "you".
    const lines = await page.$$eval("#log li", (items) => items.map((i) => i.textContent));
    const bad = lines.filter((l) => /\bYou (wins|rolls|has|pays|loses|is)\b/.test(l));
    assert.deepEqual(bad, []);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("the coach: the card's choice, optimal play's and the cost; a computer plays the best card", { skip }, async () => {
  const { page, context, errors } = await open();
  const knobs = { targetScore: 1000 };
  const rules = () => new farkle.Rules("minimal", knobs);
  const names = ["You", "Cardy"];
  // A seed whose first roll scores, and whose scoring dice leave the turn below 300.
  let seed = 1;
  for (;; seed++) {
    const g = new farkle.Game(rules(), names, { seed });
    const roll = g.roll();
    if (!roll.isFarkle && g.advise().recommended.points < 300) break;
  }
  const seats = [{ name: "You", kind: "human" }, { name: "Cardy", kind: "best_card" }];
  await setUp(page, { seats, preset: "minimal", knobs, seed, coach: "folk:0" });
  assert.match(await page.textContent("#coach-card"), /bank at 300/);
  await page.click("#solve");
  await page.waitForSelector("#score-rows td[data-chance]", { timeout: 120_000 });
  const table = await farkle.WinTable.solve(rules());
  const mirror = new farkle.Game(rules(), names, { seed });
  await page.click("#roll");
  mirror.roll();
  await page.waitForSelector("#dice .die");
  // Keep what optimal play keeps: the card (every scoring die) may keep more.
  const best = mirror.advise(table).recommended;
  for (const i of best.indices) await page.click(`#dice .die[data-index="${i}"]`);
  await page.click("#keep");
  mirror.selectMask(best.diceMask);
  await page.waitForSelector("#coach-body[data-cost]");
  const kept = await page.textContent("#coach-body");
  assert.match(kept, /The card says: .*keep/);
  assert.match(kept, /Optimal play says: .*keep/);
  // Below 300 the card rolls on; the table values rolling and banking here.
  const s = mirror.state;
  const turn = mirror.turnPoints;
  assert.ok(turn < 300, `a turn of ${turn}`);
  const d = table.moverDecision([{ score: 0 }, { score: 0 }], turn, s.diceInHand);
  const optimal = d.bank ? d.bankWinProbability : d.rollWinProbability;
  await page.click("#bank");
  mirror.bank();
  await page.waitForFunction((before) => document.querySelector("#coach-body").textContent !== before, kept);
  const note = await page.$eval("#coach-body", (b) => ({ ...b.dataset, text: b.textContent }));
  assert.equal(note.card, "roll");
  assert.match(note.text, new RegExp(`You chose: bank${d.bank ? ", as optimal play" : ""}\\.`));
  assert.equal(note.optimal, d.bank ? "bank" : "roll");
  assert.ok(Math.abs(Number(note.cost) - (optimal - d.rollWinProbability)) < 1e-12, `cost ${note.cost}`);
  if (d.bank) assert.match(note.text, new RegExp(`costs ${((optimal - d.rollWinProbability) * 100).toFixed(2)} percentage points`));
  else assert.match(note.text, /They agree/);
  // The computer plays the best one-threshold card of the rules, as the package's bot does.
  const { card } = await farkle.Card.best(table, "total");
  mirror.botPlayTurn(card, { seed: mirror.eventCount });
  await page.waitForSelector(`#play[data-events="${mirror.eventCount}"]`, { timeout: 60_000 });
  const scores = await page.$$eval("#score-rows td[data-score]", (cells) => cells.map((c) => Number(c.dataset.score)));
  assert.deepEqual(scores, mirror.scores);
  assert.match(await page.textContent("#coach-card"), /bank at 300/);
  await page.screenshot({ path: `${ARTIFACTS}desktop-coach.png`, fullPage: true });
  await page.setViewportSize(NARROW);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the coach's page is ${wide} px wider than the screen`);
  assert.deepEqual(errors, []);
  await context.close();
});

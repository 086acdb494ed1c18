// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Online play in headless Chromium against a real farkle-server (the binary FARKLE_SERVER_BIN
// names; server/tests/browser.rs runs this with cargo's build of it). The server listens on a
// loopback port of its own choosing, keeps its database in a temporary folder, plays its bots
// at once, and is killed at the end.
//
// - Three people, each in a browser context of their own (a desktop and two phone widths),
//   and a threshold bot the host seats play a short game through the pages: the host creates
//   the room with the setup form's rules, the others join by its link, one of them reloads on
//   the way and gets the seat back. Then the finished game's record is replayed through the
//   npm package's Game with the record's dice: its final scores must be the ones every page
//   shows. The page's dice check must say every roll is verified; the roll faces are also
//   derived here with node:crypto, and the page's verifier must refuse a tampered roll and a
//   seed that is not the committed one.
// - A server killed under a page: the page says it is reconnecting, and once a server is back
//   on the same port with the same database, takes its seat back without a reload.
// - A server stopped with SIGTERM under a page: the page says the server is restarting (the
//   server's `closing` frame), the server exits with 0, and the page comes back to the next.
//
// Skipped, saying so, without FARKLE_SERVER_BIN, a Chromium (FARKLE_CHROMIUM or Debian's) or a
// built site (make web). FARKLE_WEB_ARTIFACTS names the screenshots' folder (default
// target/web-tests-online/ in the repository).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const SITE = fileURLToPath(new URL("../site/", import.meta.url));
const SERVER = process.env.FARKLE_SERVER_BIN;
const CANDIDATES = [process.env.FARKLE_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
const CHROMIUM = CANDIDATES.find((p) => p && existsSync(p));
const skip = !SERVER || !existsSync(SERVER)
  ? "FARKLE_SERVER_BIN names no farkle-server binary: online browser tests skipped"
  : !CHROMIUM
    ? "no Chromium installed (apt-get install chromium, or set FARKLE_CHROMIUM): online browser tests skipped"
    : !existsSync(`${SITE}vendor/farkle/index.js`)
      ? "the site is not built (make web): online browser tests skipped"
      : false;
if (skip) console.log(`# ${skip}`);

const ARTIFACTS =
  process.env.FARKLE_WEB_ARTIFACTS ?? fileURLToPath(new URL("../../target/web-tests-online/", import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const DIE_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];
const TARGET = 2000;

let farkle;
let browser;
const servers = [];

/** Starts farkle-server on `port` (0: any) with the database in `dir`; resolves once it listens. */
function startServer(dir, port = 0) {
  const child = spawn(
    SERVER,
    ["--listen", `127.0.0.1:${port}`, "--database", join(dir, "db.sqlite"), "--site", SITE, "--bot-delay-ms", "0"],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, RUST_LOG: "warn" } },
  );
  servers.push(child);
  let log = "";
  child.stderr.on("data", (d) => {
    log += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 20 s:\n${log}`)), 20_000);
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], port: Number(new URL(m[1]).port), log: () => log });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${log}`));
    });
  });
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

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
  mkdirSync(ARTIFACTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await Promise.all(servers.map(stopServer));
});

/** A page in a fresh context (its own storage) at `url`, once both modules have loaded. */
async function open(url, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(url);
  await page.waitForSelector("body[data-online]");
  return { page, context, errors };
}

const dataset = (page) => page.$eval("#online-room", (box) => ({ ...box.dataset }));

async function fitsTheScreen(page, what) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `${what}: the page is ${scroll} px wide on a ${width} px screen`);
}

/** Waits until `page` shows a room version above `version` (or the game's end). */
async function moved(page, version) {
  await page.waitForFunction(
    (v) => {
      const box = document.getElementById("online-room");
      return Number(box.dataset.version) > v || box.dataset.stage === "over";
    },
    version,
    { timeout: 20_000 },
  );
}

/**
 * Waits until the person's page shows room version `version`; if it does not, the error says
 * what the page did show and what the server logged, so that a failure can be told apart from
 * a slow machine.
 */
async function showsVersion({ page, errors }, version, server) {
  try {
    await page.waitForSelector(`#online-room[data-version="${version}"]`, { timeout: 20_000 });
  } catch (e) {
    const shown = await page.evaluate(() => ({
      ...document.getElementById("online-room").dataset,
      banner: document.getElementById("online-banner").hidden ? "" : document.getElementById("online-banner").textContent,
      message: document.getElementById("online-message").textContent,
    }));
    e.message += `\nthe page shows ${JSON.stringify(shown)}; its errors: ${JSON.stringify(errors)}\nthe server's log:\n${server.log()}`;
    throw e;
  }
}

/**
 * One decision of the seat to move, made on its page by the mouse or the keyboard: keep the
 * selection worth the most, bank from 300 points of the turn, acknowledge a farkle.
 */
async function decide(page, keys) {
  const d = await dataset(page);
  const version = Number(d.version);
  const press = async (key, id) => {
    if (keys) await page.keyboard.press(key);
    else await page.click(`#${id}`);
  };
  const enabled = (id) => page.$eval(`#${id}`, (b) => !b.hidden && !b.disabled);
  if (d.phase === "awaiting_roll") {
    if ((await enabled("online-bank")) && Number(d.turnPoints) >= 300) await press("b", "online-bank");
    else if (await enabled("online-roll")) await press("r", "online-roll");
    else if (await enabled("online-forfeit")) await press("f", "online-forfeit");
    else await press("b", "online-bank");
  } else if (d.phase === "awaiting_selection") {
    const selections = JSON.parse(await page.getAttribute("#online-dice", "data-selections"));
    assert.ok(selections.length > 0, "a roll awaiting a selection has one");
    const best = selections.reduce((a, b) => (b.points > a.points || (b.points === a.points && b.dice.length > a.dice.length) ? b : a));
    for (const i of best.dice) {
      if (keys) await page.keyboard.press(DIE_KEYS[i]);
      else await page.click(`#online-dice .die[data-index="${i}"]`);
      await page.waitForSelector(`#online-dice .die[data-index="${i}"][aria-pressed="true"]`);
    }
    assert.match(await page.textContent("#online-pick"), new RegExp(`: ${best.points.toLocaleString("en-US")} points\\.`));
    await page.waitForSelector("#online-keep:not([disabled])");
    await press("k", "online-keep");
  } else if (d.phase === "farkled") {
    await press("n", "online-ack");
  } else {
    assert.fail(`no decision in phase ${d.phase}`);
  }
  await moved(page, version);
}

// The record's rules (the library's JSON form) as the package's knobs; the fields a record
// leaves out are off.
function packageRules(rules) {
  const knobs = {};
  const classic = new farkle.Rules("classic").toObject();
  for (const name of farkle.Rules.knobNames()) {
    const field = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    let value = rules[field];
    if (value === undefined) value = typeof classic[name] === "boolean" ? false : typeof classic[name] === "number" ? 0 : "off";
    if (typeof value === "string") value = value.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
    knobs[name] = value;
  }
  return farkle.Rules.fromObject(knobs);
}

/** The record's game replayed through the package with its dice. */
function replay(record) {
  const game = new farkle.Game(packageRules(record.rules), record.players, { diceSource: "supplied" });
  for (const { seat, action, dice } of record.actions) {
    if (action.kind !== "leave") assert.equal(game.currentPlayer, seat, "the record's seat is the one to move");
    switch (action.kind) {
      case "roll":
        game.roll(dice);
        break;
      case "select":
        game.selectMask(action.mask);
        break;
      case "undo":
        game.undo();
        break;
      case "bank":
        game.bank();
        break;
      case "acknowledge_farkle":
        game.acknowledgeFarkle();
        break;
      case "forfeit_turn":
        game.forfeitTurn();
        break;
      case "piggyback":
        game.piggyback();
        break;
      case "leave":
        game.leave(seat);
        break;
      default:
        assert.fail(`an unknown action ${action.kind}`);
    }
  }
  return game;
}

/** Roll `index`'s faces from `seed`, derived here with node:crypto from the documented rule. */
function nodeFaces(seed, index, count) {
  const faces = [];
  for (let block = 0; faces.length < count; block++) {
    const message = Buffer.alloc(23);
    message.write("farkle-roll", 0, "ascii");
    message.writeBigUInt64BE(BigInt(index), 11);
    message.writeUInt32BE(block, 19);
    for (const byte of createHmac("sha256", Buffer.from(seed, "hex")).update(message).digest()) {
      if (byte < 252 && faces.length < count) faces.push((byte % 6) + 1);
    }
  }
  return faces;
}

test("three people and a bot play a whole online game; the dice check out", { skip, timeout: 300_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "farkle-online-"));
  const server = await startServer(dir);
  try {
    // The host chooses short house rules in the setup form, then creates a room of 4 seats.
    const ann = await open(server.url, DESKTOP);
    await ann.page.waitForSelector("#setup:not([hidden])");
    await ann.page.selectOption("#preset", "minimal");
    await ann.page.$eval("#house-rules", (d) => {
      d.open = true;
    });
    await ann.page.fill("#knob-targetScore", String(TARGET));
    await ann.page.click("#online-open");
    await ann.page.waitForSelector("#online-create:not([hidden])");
    assert.match(await ann.page.textContent("#online-rules-line"), /to 2,000/);
    await ann.page.fill("#online-name", "Ann");
    await ann.page.selectOption("#online-seats", "4");
    await ann.page.click("#online-create-room");
    await ann.page.waitForSelector('#online-room[data-stage="lobby"][data-you="0"]');
    const link = await ann.page.textContent("#online-link");
    const code = /#room=([a-z2-7]{16})$/.exec(link)?.[1];
    assert.ok(link.startsWith(server.url) && code, `the room's link: ${link}`);
    assert.match(await ann.page.textContent("#online-room-line"), /House rules, to 2,000/);

    // The others open the link, watch, then take a seat; a name is shown as text, not markup.
    const bo = await open(link, PHONE);
    await bo.page.waitForSelector('#online-room[data-stage="lobby"][data-you=""]');
    await bo.page.fill("#online-join-name", "<b>Bo</b>");
    await bo.page.click("#online-take-1");
    await bo.page.waitForSelector('#online-room[data-you="1"]');
    const token = await bo.page.evaluate((c) => localStorage.getItem(`farkle.online.token.${c}`), code);
    assert.match(token ?? "", /^[0-9a-f]{32}$/, "the seat's token is kept");
    const cy = await open(link, SMALL_PHONE);
    // A name the server refuses: its error frame shows as a message, and nothing is taken.
    await cy.page.fill("#online-join-name", "Cy\u202e");
    await cy.page.click("#online-take-2");
    await cy.page.waitForFunction(() => /formatting characters/.test(document.getElementById("online-message").textContent));
    assert.equal((await dataset(cy.page)).you, "");
    await fitsTheScreen(cy.page, "360 px lobby, watching");
    await cy.page.screenshot({ path: `${ARTIFACTS}phone-360-watching.png`, fullPage: true });
    await cy.page.fill("#online-join-name", "Cy");
    await cy.page.click("#online-take-2");
    await cy.page.waitForSelector('#online-room[data-you="2"]');
    await fitsTheScreen(bo.page, "390 px lobby");
    await fitsTheScreen(cy.page, "360 px lobby");
    await bo.page.screenshot({ path: `${ARTIFACTS}phone-390-lobby.png`, fullPage: true });

    // The host seats a threshold bot and starts.
    await ann.page.waitForFunction(() => document.querySelectorAll('#online-seat-list li[data-kind="human"]').length === 3);
    await ann.page.selectOption("#online-bot-kind-3", "threshold");
    await ann.page.click("#online-add-bot-3");
    await ann.page.waitForSelector("#online-start:not([disabled])");
    await ann.page.screenshot({ path: `${ARTIFACTS}desktop-lobby.png`, fullPage: true });
    await ann.page.click("#online-start");
    const people = [ann, bo, cy];
    for (const { page } of people) await page.waitForSelector('#online-room:not([data-stage="lobby"])');
    const names = await bo.page.$$eval("#online-score-rows tr td:first-child", (cells) => cells.map((c) => c.firstChild.textContent));
    assert.deepEqual(names, ["Ann", "<b>Bo</b>", "Cy", "Threshold bot 4"]);
    assert.equal(await bo.page.locator("#online-game b").count(), 0, "a name is never markup");

    // The game, decided on each person's own page; Bo reloads at the first turn and keeps the seat.
    let decisions = 0;
    let reloaded = false;
    let shot = false;
    for (;;) {
      assert.ok(decisions < 1500, "the game ends");
      const d = await dataset(ann.page);
      if (d.stage === "over") break;
      const seat = Number(d.current);
      if (seat === 3) {
        await moved(ann.page, Number(d.version));
        continue;
      }
      const { page } = people[seat];
      await showsVersion(people[seat], d.version, server);
      if (seat === 1 && !reloaded) {
        reloaded = true;
        await page.reload();
        await page.waitForSelector(`#online-room[data-you="1"][data-version="${d.version}"]`);
        await fitsTheScreen(page, "390 px game");
        await page.screenshot({ path: `${ARTIFACTS}phone-390-game.png`, fullPage: true });
      }
      if (seat === 2 && !shot && d.phase === "awaiting_selection") {
        shot = true;
        await fitsTheScreen(page, "360 px game");
        await page.screenshot({ path: `${ARTIFACTS}phone-360-game.png`, fullPage: true });
      }
      await decide(page, decisions % 2 === 0);
      decisions++;
    }
    assert.ok(reloaded && shot, "Bo reloaded during the game, Cy's page was measured");
    for (const { page } of people) await page.waitForSelector('#online-room[data-stage="over"]');

    // The record, replayed through the package: the page's final scores are the replay's.
    const response = await fetch(`${server.url}api/rooms/${code}/record`);
    assert.equal(response.status, 200);
    const record = await response.json();
    assert.deepEqual(record.players, ["Ann", "<b>Bo</b>", "Cy", "Threshold bot 4"]);
    const game = replay(record);
    assert.ok(game.isOver, "the replayed game is over");
    assert.ok(Math.max(...game.scores) >= TARGET);
    for (const { page } of people) {
      const shown = await page.$$eval("#online-score-rows td[data-score]", (cells) => cells.map((c) => Number(c.dataset.score)));
      assert.deepEqual(shown, game.scores, "the final scores on the page");
      const winners = game.winners.map((w) => record.players[w]).join(" and ");
      assert.ok((await page.textContent("#online-turn")).includes(`Game over. ${winners}`));
    }

    // The dice: derived here from the seed, checked by the page, and tampering refused.
    const { fairness } = record;
    const rolls = record.actions.filter((a) => a.action.kind === "roll").map((a) => a.dice);
    assert.deepEqual(fairness.rolls, rolls);
    assert.equal(createHash("sha256").update(Buffer.from(fairness.seed, "hex")).digest("hex"), fairness.commitment);
    fairness.rolls.forEach((roll, i) => assert.deepEqual(roll, nodeFaces(fairness.seed, i, roll.length), `roll ${i}`));
    for (const { page } of people) {
      await page.waitForSelector("#online-fairness[data-verified]");
      assert.equal(await page.getAttribute("#online-fairness", "data-verified"), "true");
      assert.match(await page.textContent("#online-fairness"), new RegExp(`^All ${rolls.length} rolls verified`));
    }
    const k = Math.floor(rolls.length / 2);
    const checks = await ann.page.evaluate(
      async ({ fairness, k }) => {
        const { verifyFairness } = await import("./fairness.js");
        const tampered = structuredClone(fairness);
        tampered.rolls[k][0] = (tampered.rolls[k][0] % 6) + 1;
        const shortened = structuredClone(fairness);
        shortened.rolls[k] = shortened.rolls[k].slice(1);
        const swapped = { ...fairness, seed: "00".repeat(32) };
        return {
          honest: await verifyFairness(fairness),
          tampered: await verifyFairness(tampered),
          shortened: shortened.rolls[k].length ? await verifyFairness(shortened) : { ok: false, reason: "empty" },
          swapped: await verifyFairness(swapped),
          hidden: await verifyFairness({ ...fairness, seed: undefined }),
        };
      },
      { fairness, k },
    );
    assert.deepEqual(checks.honest, { ok: true, rolls: rolls.length });
    assert.equal(checks.tampered.ok, false);
    assert.match(checks.tampered.reason, new RegExp(`^roll ${k + 1} was `));
    assert.equal(checks.swapped.ok, false);
    assert.match(checks.swapped.reason, /commitment/);
    assert.equal(checks.hidden.ok, false);

    await ann.page.screenshot({ path: `${ARTIFACTS}desktop-over.png`, fullPage: true });
    await cy.page.screenshot({ path: `${ARTIFACTS}phone-360-over.png`, fullPage: true });
    await fitsTheScreen(cy.page, "360 px end");
    for (const { errors } of people) assert.deepEqual(errors, []);
    for (const { context } of people) await context.close();
  } finally {
    await stopServer(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a page told the server is restarting comes back to the next one", { skip, timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "farkle-online-"));
  try {
    const first = await startServer(dir);
    const { page, context, errors } = await open(first.url, SMALL_PHONE);
    await page.click("#online-open");
    await page.fill("#online-name", "Eve");
    await page.selectOption("#online-seats", "2");
    await page.click("#online-create-room");
    await page.waitForSelector('#online-room[data-stage="lobby"][data-you="0"]');

    // SIGTERM, as a service manager stops it: the page hears it is a restart, and the
    // process exits cleanly.
    const exited = new Promise((resolve) => first.child.once("exit", (code, signal) => resolve({ code, signal })));
    first.child.kill("SIGTERM");
    await page.waitForSelector("#online-banner:not([hidden])");
    assert.match(await page.textContent("#online-banner"), /restarting/);
    assert.deepEqual(await exited, { code: 0, signal: null });

    const second = await startServer(dir, first.port);
    await page.waitForSelector('#online-room[data-connected="true"][data-you="0"]', { timeout: 30_000 });
    assert.equal(await page.isHidden("#online-banner"), true);
    assert.deepEqual(errors.filter((e) => !/WebSocket connection to .* failed/.test(e)), []);
    await context.close();
    await stopServer(second.child);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a page reconnects by itself when the server comes back", { skip, timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "farkle-online-"));
  try {
    const first = await startServer(dir);
    const { page, context, errors } = await open(`${first.url}#room=aaaaaaaaaaaaaaaa`, SMALL_PHONE);
    // A link to no room says so (and does not try again).
    await page.waitForFunction(() => /^No room has this code/.test(document.getElementById("online-message").textContent));
    assert.equal(await page.isHidden("#online-banner"), true);
    await page.click("#online-open");
    await fitsTheScreen(page, "360 px room creation");
    await page.screenshot({ path: `${ARTIFACTS}phone-360-create.png`, fullPage: true });
    await page.fill("#online-name", "Dee");
    await page.selectOption("#online-seats", "2");
    await page.click("#online-create-room");
    await page.waitForSelector('#online-room[data-stage="lobby"][data-you="0"]');
    const link = await page.textContent("#online-link");

    await stopServer(first.child);
    await page.waitForSelector("#online-banner:not([hidden])");
    assert.match(await page.textContent("#online-banner"), /^Reconnecting…/);
    assert.equal((await dataset(page)).connected, "false");
    await page.screenshot({ path: `${ARTIFACTS}phone-360-reconnecting.png`, fullPage: true });

    const second = await startServer(dir, first.port);
    await page.waitForSelector('#online-room[data-connected="true"][data-you="0"]', { timeout: 60_000 });
    assert.equal(await page.isHidden("#online-banner"), true);
    assert.equal(await page.textContent("#online-link"), link);
    // The seat is still the host's: seating a bot is allowed, and starting then works.
    await page.click("#online-add-bot-1");
    await page.waitForSelector("#online-start:not([disabled])");
    await page.click("#online-start");
    await page.waitForSelector('#online-room[data-stage="playing"]');
    // The only console errors are the browser's own about the refused connections.
    assert.deepEqual(errors.filter((e) => !/WebSocket connection to .* failed/.test(e)), []);
    await context.close();

    // A kept token that holds no seat of the room: the page watches instead, and says so.
    const other = await open(second.url, SMALL_PHONE);
    const code = /#room=(\w+)$/.exec(link)[1];
    await other.page.evaluate((c) => localStorage.setItem(`farkle.online.token.${c}`, "0".repeat(32)), code);
    await other.page.goto(link);
    await other.page.waitForSelector('#online-room[data-stage="playing"][data-you=""]');
    assert.match(await other.page.textContent("#online-message"), /not this room's/);
    assert.equal(await other.page.evaluate((c) => localStorage.getItem(`farkle.online.token.${c}`), code), null);
    assert.deepEqual(other.errors, []);
    await other.context.close();
    await stopServer(second.child);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** axe-core finds no accessibility fault on the page as it is. */
async function audit(page, what) {
  // A fresh roll's tumble starts half transparent: axe would measure its contrast mid-way.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await page.addScriptTag({ content: readFileSync(require.resolve("axe-core/axe.min.js"), "utf8") });
  const result = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ["violations"] }));
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  assert.deepEqual(found, [], `${what}: ${found.join("; ")}`);
}

test("advice, the decision timer and a win-optimal bot's table; axe-core finds no fault", { skip, timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "farkle-online-"));
  const server = await startServer(dir);
  try {
    const { page, context, errors } = await open(server.url, DESKTOP);
    await page.selectOption("#preset", "minimal");
    await page.$eval("#house-rules", (d) => {
      d.open = true;
    });
    await page.fill("#knob-targetScore", "1000");
    await page.click("#online-open");
    await audit(page, "the room's creation");
    await page.fill("#online-name", "Eve");
    await page.selectOption("#online-seats", "2");
    await page.selectOption("#online-advice", "on");
    await page.fill("#online-timer", "10");
    await page.click("#online-create-room");
    await page.waitForSelector('#online-room[data-stage="lobby"][data-you="0"]');
    assert.match(await page.textContent("#online-room-line"), /advice on · the game waits for anyone away · 10 s per decision/);
    await page.selectOption("#online-bot-kind-1", "win_optimal");
    await page.click("#online-add-bot-1");
    await page.waitForSelector('#online-seat-list li[data-kind="bot"]');
    await audit(page, "the lobby");
    // The bot's table is solved (its progress shown while it is), then the game starts.
    await page.waitForSelector("#online-solving", { state: "hidden", timeout: 120_000 });
    await page.click("#online-start");
    await page.waitForSelector('#online-room[data-stage="playing"]');
    // With nothing this turn, rolling is the only choice: the advice says so, the clock runs.
    await page.waitForSelector("#online-advice-line:not([hidden])");
    const advice = await page.textContent("#online-advice-line");
    assert.match(advice, /^Advice for you: roll on\./);
    // The bot's two-player table covers the game: each seat's chance to win, summing to 1.
    const chances = /Chances to win: Eve ([\d.]+)%, Win-optimal bot 2 ([\d.]+)%\.$/.exec(advice);
    assert.ok(chances, advice);
    assert.ok(Math.abs(Number(chances[1]) + Number(chances[2]) - 100) <= 0.1, advice);
    const seconds = Number(/^You have (\d+) s to decide/.exec(await page.textContent("#online-clock"))?.[1]);
    assert.ok(seconds > 0 && seconds <= 10, `the clock says ${seconds} s`);
    const before = Number((await dataset(page)).version);
    await page.click("#online-roll");
    await page.waitForSelector("#online-dice .die");
    await page.waitForFunction(() => /^Advice for you: keep /.test(document.getElementById("online-advice-line").textContent));
    assert.ok((await page.locator("#online-dice .die .suggest").count()) > 0, "the advised dice are marked");
    await audit(page, "the game");
    // Nobody decides: when the time is up a computer decides for the seat.
    const rolled = Number((await dataset(page)).version);
    assert.equal(rolled, before + 1);
    await moved(page, rolled);
    assert.ok(Number((await dataset(page)).version) > rolled);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await stopServer(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
});

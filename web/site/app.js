// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The web game: setting up a game (1 to 6 players, humans and computer players, a preset
// and any house rule), playing it with the mouse, the keyboard or a screen reader, hints,
// the win meter, and the game kept in the browser's storage so that a reload resumes it.
// Every rule, score, roll and advice comes from the farkle package; the page only shows
// them and passes the player's choices on.

import * as farkle from "./vendor/farkle/index.js";
import { WinMeter } from "./meter.js";
import { CHOICES, KNOBS, PRESETS, knobLabel as knobWords, presetLabel, scoringChart } from "./words.js";
import {
  DIE_KEYS,
  agree,
  appendLog,
  dieFace,
  fmt,
  keptThisTurn,
  showDice,
  showKept,
  showMoment,
  showNoDice,
  showScores,
  showTurnTotal,
  tumbleNew,
  turnLine,
  winnersLine,
} from "./board.js";

export { presetLabel, scoringChart };

const SAVE_KEY = "farkle.saved-game";
const SETUP_KEY = "farkle.setup";
const MAX_SEATS = 6;
const STYLES = {
  human: "Human",
  random_legal: "Computer: random",
  threshold: "Computer: banks at 300",
  single_turn_optimal: "Computer: best single turn",
  win_optimal: "Computer: plays to win (2 or 3 players)",
  best_card: "Computer: plays the best one-threshold card (2 or 3 players)",
  strongest_opponent: "Computer: plays to win against the strongest rival (4 to 6 players)",
};
/** The computer players that play from a win table. */
const TABLE_BOTS = ["win_optimal", "strongest_opponent"];

const $ = (id) => document.getElementById(id);

/** Everything the page holds besides the DOM. */
const app = {
  game: null,
  rules: null,
  /** [{ name, kind }] by seat: kind "human" or a bot style. */
  seats: [],
  botDelay: 400,
  seenEvents: 0,
  botTimer: null,
  hintOpen: false,
  suggestedMask: 0,
  meter: null,
  message: "",
  /**
   * The game's advice policies, solved in the package's worker when a game begins (twelve
   * dice take seconds): `ready` once installed; hints and the optimal bots wait for `done`.
   */
  advice: { game: null, ready: false, done: Promise.resolve() },
  /**
   * The coach: `choice` "off", "best" (the best one-threshold card for the rules, found
   * once the win table is solved) or "folk:N" (folk card N); `card` the card once known;
   * `best` the promise of the best card of the game's rules ({ card, value }); `last` the
   * note on the player's last decision.
   */
  coach: { choice: "off", card: null, name: "", best: null, bestGame: null, last: null, error: "" },
  /** The event index of the roll whose dice last tumbled, and until when (tumbleNew()). */
  tumble: { tumbled: -1, until: 0 },
};

// ---- Dice ---------------------------------------------------------------------------------

/** Fills `table`'s body with the scoring chart of `rules` (scoringChart() in words.js). */
export function showChart(table, rules) {
  const rows = scoringChart(rules).map(({ what, dice, points }) => {
    const tr = document.createElement("tr");
    const name = document.createElement("th");
    name.scope = "row";
    const faces = document.createElement("span");
    faces.className = "kept-group";
    faces.setAttribute("aria-hidden", "true");
    for (const face of dice) {
      const die = document.createElement("span");
      die.className = "die small";
      die.append(dieFace(face));
      faces.append(die);
    }
    const words = document.createElement("span");
    words.textContent = what;
    const cell = document.createElement("div");
    cell.className = "chart-dice";
    cell.append(faces, words);
    name.append(cell);
    const value = document.createElement("td");
    value.className = "num";
    value.dataset.points = String(points);
    value.textContent = fmt(points);
    tr.dataset.dice = dice.join("");
    tr.append(name, value);
    return tr;
  });
  table.tBodies[0].replaceChildren(...rows);
}

// ---- Setup ----------------------------------------------------------------------------------

function knobLabel(name) {
  return knobWords(name, farkle.Rules.describeKnob);
}

function seatRow(index, seat) {
  const li = document.createElement("li");
  const row = document.createElement("p");
  row.className = "row";
  const nameId = `seat-name-${index}`;
  const kindId = `seat-kind-${index}`;
  row.innerHTML = `<label for="${nameId}" class="visually-hidden">Name of player ${index + 1}</label>
    <input id="${nameId}" maxlength="24" autocomplete="off">
    <label for="${kindId}" class="visually-hidden">Who plays seat ${index + 1}</label>
    <select id="${kindId}"></select>`;
  row.querySelector("input").value = seat.name;
  const select = row.querySelector("select");
  for (const [value, label] of Object.entries(STYLES)) select.add(new Option(label, value));
  select.value = seat.kind;
  li.append(row);
  return li;
}

function readSeats() {
  return [...$("seats").children].map((li, i) => ({
    name: li.querySelector("input").value.trim() || `Player ${i + 1}`,
    kind: li.querySelector("select").value,
  }));
}

function renderSeats(seats) {
  $("seats").replaceChildren(...seats.map((s, i) => seatRow(i, s)));
  $("add-seat").disabled = seats.length >= MAX_SEATS;
  $("remove-seat").disabled = seats.length <= 1;
  const solo = seats.length === 1 ? "One player: play for the best score before the game ends. " : "";
  $("seat-note").textContent = `${solo}Up to ${MAX_SEATS} players. The win meter and the computer that plays to win: 2 or 3 players; the one that plays against the strongest rival: 4 to 6.`;
}

function knobInputs(rules) {
  const box = $("knobs");
  box.replaceChildren();
  const base = rules.toObject();
  for (const name of farkle.Rules.knobNames()) {
    const value = base[name];
    const id = `knob-${name}`;
    const knob = document.createElement("div");
    knob.className = "knob";
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = knobLabel(name);
    let input;
    if (typeof value === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = value;
    } else if (name in CHOICES) {
      input = document.createElement("select");
      for (const [v, words] of Object.entries(CHOICES[name])) input.add(new Option(words, v));
      input.value = value;
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.step = "1";
      input.value = String(value);
    }
    input.id = id;
    input.dataset.knob = name;
    input.addEventListener("change", markChanged);
    knob.append(label, input);
    const help = KNOBS[name]?.[1];
    if (help) {
      const note = document.createElement("p");
      note.className = "note";
      note.id = `${id}-help`;
      note.textContent = help;
      input.setAttribute("aria-describedby", note.id);
      knob.append(note);
    }
    box.append(knob);
  }
  markChanged();
}

function presetRules() {
  return new farkle.Rules($("preset").value);
}

function readKnobs() {
  const knobs = {};
  for (const input of $("knobs").querySelectorAll("[data-knob]")) {
    const name = input.dataset.knob;
    if (input.type === "checkbox") knobs[name] = input.checked;
    else if (input.tagName === "SELECT") knobs[name] = input.value;
    else {
      const n = Number(input.value);
      if (input.value.trim() === "" || !Number.isInteger(n)) {
        throw new TypeError(`${knobLabel(name)} must be a whole number`);
      }
      knobs[name] = n;
    }
  }
  return knobs;
}

function markChanged() {
  const base = presetRules().toObject();
  let changed = 0;
  for (const input of $("knobs").querySelectorAll("[data-knob]")) {
    const name = input.dataset.knob;
    const value = input.type === "checkbox" ? input.checked : input.tagName === "SELECT" ? input.value : Number(input.value);
    const differs = value !== base[name];
    input.parentElement.classList.toggle("changed", differs);
    changed += differs;
  }
  const about = PRESETS[$("preset").value]?.[1] ?? "";
  const note = changed ? ` ${changed} house rule${changed > 1 ? "s" : ""} changed from the preset.` : "";
  $("preset-note").textContent = `${about}${note}`;
  try {
    const rules = new farkle.Rules($("preset").value, readKnobs());
    showChart($("setup-chart"), rules);
    rules.close();
  } catch {
    // A house rule out of range: the chart stays as it was until it is fixed.
  }
}

function showSetup() {
  stopBots();
  app.meter?.cancel(false);
  const last = loadJson(SETUP_KEY) ?? {};
  renderSeats(last.seats ?? [{ name: "You", kind: "human" }, { name: "Computer", kind: "single_turn_optimal" }]);
  const presets = $("preset");
  if (presets.options.length === 0) {
    for (const name of farkle.Rules.presets()) presets.add(new Option(presetLabel(name), name));
  }
  let rules = new farkle.Rules("classic");
  if (last.rules) {
    try {
      rules = farkle.Rules.fromObject(last.rules);
    } catch {
      // the last rules are no longer valid: start from classic
    }
  }
  presets.value = rules.preset ?? last.preset ?? "classic";
  knobInputs(rules);
  $("seed").value = "";
  $("bot-speed").value = String(last.botDelay ?? 400);
  fillCoachChoices(rules);
  $("coach").value = [...$("coach").options].some((o) => o.value === last.coach) ? last.coach : "off";
  $("setup-error").textContent = "";
  $("setup").hidden = false;
  $("play").hidden = true;
  $("new-game").hidden = !app.game;
  $("new-game").textContent = "Back to the game";
  $("seats").querySelector("input")?.focus();
}

function startGame(event) {
  event.preventDefault();
  const error = $("setup-error");
  error.textContent = "";
  let rules;
  let seats;
  let seed;
  try {
    seats = readSeats();
    rules = new farkle.Rules($("preset").value, readKnobs());
    if (seats.some((s) => s.kind === "best_card") && !WinMeter.serves(seats.length)) {
      throw new RangeError("A computer player that plays the best card needs a game of 2 or 3 players.");
    }
    if (seats.some((s) => s.kind === "win_optimal") && !WinMeter.serves(seats.length)) {
      throw new RangeError("A computer player that plays to win needs a game of 2 or 3 players.");
    }
    if (seats.some((s) => s.kind === "strongest_opponent") && seats.length < 4) {
      throw new RangeError("A computer player that plays against the strongest rival needs a game of 4 to 6 players.");
    }
    const seedText = $("seed").value.trim();
    if (seedText !== "" && !/^\d{1,19}$/.test(seedText)) throw new RangeError("The seed is a whole number.");
    seed = seedText === "" ? undefined : BigInt(seedText);
    const game = new farkle.Game(rules, seats.map((s) => s.name), seed === undefined ? {} : { seed });
    app.game?.close();
    app.game = game;
  } catch (e) {
    error.textContent = e.message;
    return;
  }
  app.seats = seats;
  app.botDelay = Number($("bot-speed").value);
  app.coach.choice = $("coach").value;
  localStorage.setItem(
    SETUP_KEY,
    JSON.stringify({ seats, rules: rules.toObject(), preset: $("preset").value, botDelay: app.botDelay, coach: app.coach.choice }),
  );
  app.message = "";
  beginPlay(true);
}

/** A new game with the same players and rules (fresh dice), after a game is over. */
function playAgain() {
  const game = new farkle.Game(app.rules, app.seats.map((seat) => seat.name));
  app.game?.close();
  app.game = game;
  app.message = "";
  beginPlay(true);
}

// ---- Saving --------------------------------------------------------------------------------

function loadJson(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function save() {
  if (!app.game) return;
  localStorage.setItem(
    SAVE_KEY,
    JSON.stringify({ version: 1, game: app.game.dumps(), seats: app.seats, botDelay: app.botDelay, coach: app.coach.choice }),
  );
}

function resume() {
  const saved = loadJson(SAVE_KEY);
  if (!saved) return false;
  try {
    const game = farkle.Game.loads(saved.game);
    if (!Array.isArray(saved.seats) || saved.seats.length !== game.state.playerCount) {
      throw new RangeError("the saved seats do not match the game");
    }
    app.game = game;
    app.seats = saved.seats;
    app.botDelay = Number(saved.botDelay ?? 400);
    app.coach.choice = typeof saved.coach === "string" ? saved.coach : "off";
  } catch (e) {
    localStorage.removeItem(SAVE_KEY);
    app.message = `The saved game could not be resumed (${e.message}); start a new one.`;
    return false;
  }
  app.message = "Welcome back: your game goes on where it was.";
  beginPlay(false);
  return true;
}

// ---- Playing -------------------------------------------------------------------------------

function beginPlay(fresh) {
  stopBots();
  app.rules = app.game.rules;
  app.hintOpen = false;
  app.suggestedMask = 0;
  $("log").replaceChildren();
  const count = app.game.eventCount;
  app.seenEvents = Math.max(0, count - 200);
  logEvents();
  if (fresh) save();
  $("setup").hidden = true;
  $("play").hidden = false;
  $("new-game").hidden = false;
  $("new-game").textContent = "New game";
  showChart($("chart"), app.rules);
  prepareAdvice(app.game);
  setUpCoach();
  const forBot = app.seats.some((seat) => seat.kind === "strongest_opponent");
  app.meter.prepare(app.rules, app.seats.length, forBot).then(render);
  render();
  $("roll").focus();
}

/** Solves `game`'s advice off the page's thread; a failure leaves advise() to say why. */
function prepareAdvice(game) {
  const advice = { game, ready: false, done: null };
  advice.done = game
    .prepareAdviceAsync()
    .catch(() => {})
    .then(() => {
      advice.ready = true;
      // Only a hint shown as pending needs drawing again (the bots await `done`).
      if (app.advice === advice && app.game === game && app.hintOpen) render();
    });
  app.advice = advice;
}

function playerName(i) {
  return app.game.player(i).name ?? `Player ${i + 1}`;
}

function isBotTurn() {
  const s = app.game.state;
  return s.phase !== "game_over" && app.seats[s.currentPlayer]?.kind !== "human";
}

/** Runs a human's action; a refusal shows the library's reason and changes nothing. */
function act(action, decision = null) {
  if (!app.game || isBotTurn()) return;
  try {
    const note = decision ? coachNote(decision) : null;
    action(app.game);
    if (note !== null) app.coach.last = note;
    app.message = "";
  } catch (e) {
    if (!(e instanceof farkle.FarkleError)) throw e;
    app.message = e.message;
  }
  afterChange();
}

function afterChange() {
  logEvents();
  save();
  render();
  scheduleBot();
}

function pendingFaces() {
  const roll = app.game.lastRoll;
  const mask = app.game.state.pendingMask;
  return roll ? roll.dice.filter((_, i) => mask & (1 << i)) : [];
}

function logEvents() {
  const game = app.game;
  const count = game.eventCount;
  const list = $("log");
  let lastRoll = null;
  // The dice a selection refers to are those of the roll before it.
  for (let i = Math.max(0, app.seenEvents - 4); i < app.seenEvents; i++) {
    const e = game.event(i);
    if (e.kind === "rolled") lastRoll = e.dice;
  }
  const events = [];
  for (let i = app.seenEvents; i < count; i++) events.push(game.event(i));
  appendLog(list, events, lastRoll, playerName);
  app.seenEvents = count;
}

/**
 * The current turn's events (from its turn_started, at most the last 400) and the index of
 * its last roll (-1 for none).
 */
function turnEvents(game) {
  const count = game.eventCount;
  const events = [];
  let rolled = -1;
  for (let i = count - 1; i >= Math.max(0, count - 400); i--) {
    const e = game.event(i);
    events.push(e);
    if (e.kind === "rolled" && rolled < 0) rolled = i;
    if (e.kind === "turn_started") break;
  }
  return { events: events.reverse(), rolled };
}

function render() {
  const game = app.game;
  if (!game || $("play").hidden) return;
  const s = game.state;
  const rules = app.rules;
  const bot = isBotTurn();
  const human = s.phase !== "game_over" && !bot;

  // Scores and the win meter.
  const rows = game.players.map((p, i) => {
    const tags = [];
    if (app.seats[i].kind !== "human") tags.push("computer");
    if (rules.minEntryScore > 0 && !p.onBoard) tags.push("not on the board");
    if (!p.active) tags.push("left");
    if (s.winners.includes(i)) tags.push("winner");
    const current = i === s.currentPlayer && s.phase !== "game_over";
    return { name: p.name ?? `Player ${i + 1}`, score: p.score, tags, current };
  });
  showScores($("score-rows"), rows, app.meter.chances(game));
  const target = rules.targetScore ? `to ${fmt(rules.targetScore)}` : "";
  const limit = rules.turnLimit ? `${rules.turnLimit} turns each` : "";
  $("rules-line").textContent = `Rules: ${presetLabel(rules.preset)}, ${[target, limit].filter(Boolean).join(", ")}.`;

  // The turn.
  const who = playerName(s.currentPlayer);
  $("turn-line").textContent = turnLine({
    over: s.phase === "game_over",
    winners: s.winners.length ? winnersLine(s.winners, playerName) : "",
    who,
    round: s.round,
    turnPoints: s.turnPoints,
    toRoll: s.phase === "awaiting_roll" ? s.diceInHand : null,
    multiplier: s.turnMultiplier,
    finalRound: s.finalRound,
  });

  const hint = app.hintOpen && human ? hintAdvice() : null;
  app.suggestedMask = hint?.advice?.recommended.action === "select" ? hint.advice.recommended.diceMask : 0;
  const roll = game.lastRoll;
  const showRoll = roll && (s.phase === "awaiting_selection" || s.phase === "farkled");
  const diceBox = $("dice");
  if (showRoll) {
    showDice(diceBox, roll.dice, {
      picked: (i) => (s.pendingMask & (1 << i)) !== 0,
      scores: (i) => (roll.scoringDiceMask & (1 << i)) !== 0,
      suggested: (i) => (app.suggestedMask & (1 << i)) !== 0,
      disabled: !human || s.phase !== "awaiting_selection",
      onPick: (i) => act((g) => g.toggle(i)),
    });
  } else {
    showNoDice(diceBox, s.phase === "game_over" ? "" : bot ? `${who} is playing…` : `Roll ${s.diceInHand} ${s.diceInHand === 1 ? "die" : "dice"}.`);
  }

  // The turn so far: its total, the dice set aside, a farkle or hot dice.
  const turn = turnEvents(game);
  showTurnTotal($("turn-total"), s.turnPoints);
  showKept($("kept"), s.phase === "game_over" ? [] : keptThisTurn(turn.events));
  if (s.phase === "farkled") {
    const lost = turn.events.findLast((e) => e.kind === "farkled")?.points ?? 0;
    showMoment($("moment"), "farkle", lost ? `${who} ${agree(who, "loses")} ${fmt(lost)} points.` : "Nothing scores.");
  } else if (s.phase === "awaiting_roll" && turn.events.at(-1)?.kind === "hot_dice") {
    showMoment($("moment"), "hot", `Every die scored: roll all ${s.diceInHand} again.`);
  } else {
    showMoment($("moment"), null);
  }
  // A new roll tumbles its dice (for the animation's length: a render meanwhile keeps it).
  if (showRoll) tumbleNew(diceBox, turn.rolled, app.tumble);

  // What the picked dice are worth.
  let pick = "";
  if (s.phase === "awaiting_selection" && s.pendingMask) {
    const faces = pendingFaces();
    const score = rules.score(faces);
    pick = score.valid
      ? `Picked ${faces.join(" ")}: ${fmt(score.points * s.turnMultiplier)} points.`
      : `Picked ${faces.join(" ")}: ${score.leftover.join(" ")} ${score.leftover.length > 1 ? "do" : "does"} not score.`;
  } else if (s.phase === "awaiting_selection") {
    pick = human ? "Pick the dice to keep (click them or press their number), then Keep." : "";
  } else if (s.phase === "farkled") {
    pick = "Farkle: nothing scores. The turn's points are lost.";
  }
  $("pick-line").textContent = pick;

  // The actions the rules allow now.
  const pendingValid = s.phase === "awaiting_selection" && s.pendingMask !== 0 && rules.score(pendingFaces()).valid;
  const over = s.phase === "game_over";
  setAction("roll", human && s.phase === "awaiting_roll" && s.canRoll && s.hasGenerator, !over && s.phase !== "farkled");
  setAction("keep", human && pendingValid, s.phase === "awaiting_selection");
  setAction("bank", human && s.canBank, !over && s.phase !== "farkled");
  setAction("undo", human && s.canUndo, s.canUndo);
  setAction("next", human && s.phase === "farkled", s.phase === "farkled");
  setAction("piggyback", human && s.piggybackDice > 0 && s.phase === "awaiting_roll", s.piggybackDice > 0);
  setAction("forfeit", human && s.canForfeit, s.canForfeit);
  setAction("hint", human, !over);
  setAction("play-again", over, over);
  setAction("change-game", over, over);
  $("hint").setAttribute("aria-expanded", String(app.hintOpen && human));

  $("status").textContent = app.message;
  // What the page shows, for tests and styles: the phase, whose turn, the log's length.
  Object.assign($("play").dataset, {
    phase: s.phase,
    current: String(s.currentPlayer),
    human: String(human),
    events: String(game.eventCount),
  });
  renderHint(hint);
  renderCoach();
  renderMeterButtons();
}

function setAction(id, enabled, visible) {
  const button = $(id);
  button.hidden = !visible;
  button.disabled = !enabled;
}

function renderMeterButtons() {
  const meter = app.meter;
  $("solve").hidden = $("solve").hidden || meter.solving || meter.table !== null;
  $("solve-box").hidden = !meter.solving;
}

// ---- Hints ---------------------------------------------------------------------------------

function describeChoice(c, roll) {
  switch (c.action) {
    case "select":
      return `keep ${roll.filter((_, i) => c.diceMask & (1 << i)).join(" ")} (${fmt(c.points)})`;
    case "roll":
      return "roll on";
    case "bank":
      return "bank";
    case "acknowledge_farkle":
      return "pass the dice";
    case "piggyback":
      return `take over ${fmt(c.points)} points`;
    case "forfeit_turn":
      return "forfeit the turn";
    default:
      return c.action;
  }
}

/** The advice for the player to move (with the win table when there is one), or why none. */
function hintAdvice() {
  const game = app.game;
  const table = app.meter.table;
  if (app.advice.game === game && !app.advice.ready) return { pending: true };
  const useTable = table !== null && game.state.playerCount === table.playerCount;
  try {
    return { advice: game.advise(useTable ? table : undefined) };
  } catch (e) {
    return { error: e.message };
  }
}

function renderHint(hint) {
  const box = $("hint-box");
  box.hidden = hint === null;
  if (hint === null) return;
  const body = $("hint-body");
  if (hint.pending) {
    body.textContent = "Working out the advice…";
    return;
  }
  if (hint.error) {
    body.textContent = `No advice here: ${hint.error}`;
    return;
  }
  const { advice } = hint;
  const s = app.game.state;
  const roll = app.game.lastRoll?.dice ?? [];
  const asWin = advice.valueKind === "win_probability";
  const value = (v) => (Number.isFinite(v) ? (asWin ? `${(v * 100).toFixed(1)}% to win` : `${v.toFixed(0)} points expected`) : "not valued");
  const parts = [];
  const best = advice.recommended;
  parts.push(`<p><strong>Best: ${describeChoice(best, roll)}</strong> (${value(best.value)}).</p>`);
  if (s.phase === "awaiting_roll") {
    const odds = app.rules.odds(s.diceInHand);
    parts.push(`<p>Rolling ${s.diceInHand} ${s.diceInHand === 1 ? "die" : "dice"}: farkle ${odds.farkle} (${(odds.farkle * 100).toFixed(1)}%), hot dice ${odds.hotDice} (${(odds.hotDice * 100).toFixed(1)}%).</p>`);
  } else if (advice.nextRollDice !== null) {
    parts.push(`<p>After that, rolling ${advice.nextRollDice} ${advice.nextRollDice === 1 ? "die" : "dice"} farkles ${(advice.farkleProbability * 100).toFixed(1)}% of the time.</p>`);
  }
  const isBest = (c) => c.action === best.action && c.diceMask === best.diceMask;
  const rows = [...advice.choices]
    .sort((a, b) => (Number.isFinite(b.value) ? b.value : -Infinity) - (Number.isFinite(a.value) ? a.value : -Infinity))
    .slice(0, 8)
    .map((c) => `<tr${isBest(c) ? ' class="best"' : ""}><td>${describeChoice(c, roll)}</td><td>${value(c.value)}</td></tr>`);
  parts.push(`<table><caption class="visually-hidden">Choices and their values</caption><thead><tr><th scope="col">Choice</th><th scope="col">${asWin ? "Chance to win" : "Expected points this turn"}</th></tr></thead><tbody>${rows.join("")}</tbody></table>`);
  if (!asWin) {
    parts.push(`<p class="note">Values are the points this turn is expected to bank${app.meter.table ? "" : "; solve the win table for the chance to win"}.</p>`);
  }
  body.innerHTML = parts.join("");
}

function toggleHint() {
  if (isBotTurn() || app.game.isOver) return;
  app.hintOpen = !app.hintOpen;
  render();
}

// ---- Coach ---------------------------------------------------------------------------------

/** The coach's choices for `rules`: off, the best one-threshold card, each folk card. */
function fillCoachChoices(rules) {
  const select = $("coach");
  const keep = select.value;
  while (select.options.length > 2) select.remove(2);
  for (const [i, { name }] of farkle.Card.folk(rules).entries()) select.add(new Option(`folk: ${name}`, `folk:${i}`));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

/**
 * The best one-threshold card of the game's rules, searched once the win table is there
 * (a promise of { card, value }; rejected where there is no table for the game).
 */
function bestCard(game) {
  if (app.coach.bestGame === game && app.coach.best) return app.coach.best;
  app.coach.bestGame = game;
  app.coach.best = app.meter.whenReady().then((table) => {
    if (!table || table.playerCount !== game.state.playerCount) throw new farkle.UnsupportedError("no win table for this game");
    return farkle.Card.best(table, "total");
  });
  return app.coach.best;
}

/** Takes up the coach's choice for a game beginning. */
function setUpCoach() {
  const coach = app.coach;
  coach.card = null;
  coach.name = "";
  coach.last = null;
  coach.error = "";
  if (coach.choice.startsWith("folk:")) {
    const folk = farkle.Card.folk(app.rules)[Number(coach.choice.slice(5))];
    if (folk) {
      coach.card = folk.card;
      coach.name = `the folk card "${folk.name}"`;
    } else coach.choice = "off";
  } else if (coach.choice === "best") {
    if (!WinMeter.serves(app.game.state.playerCount)) {
      coach.error = "The best card is found from the win table, which covers games of 2 or 3 players.";
      return;
    }
    const game = app.game;
    bestCard(game)
      .then(({ card, value }) => {
        if (app.game !== game) return;
        coach.card = card;
        coach.name = `the best one-threshold card (${(value.chance * 100).toFixed(1)}% to win against optimal play, ${(value.price * 100).toFixed(2)} points below it)`;
        render();
      })
      .catch((e) => {
        if (app.game !== game) return;
        coach.error = `No best card: ${e.message}`;
        render();
      });
  }
}

/**
 * The coach's note on the decision the player is about to make (`decision`: "roll", "bank"
 * or "select" the picked dice), or null (coach off, nothing to say).
 */
function coachNote(decision) {
  const coach = app.coach;
  const game = app.game;
  if (coach.choice === "off" || coach.card === null) return null;
  const s = game.state;
  // A roll that only starts a turn is no decision.
  if (s.phase === "awaiting_roll" && !s.canBank) return null;
  if (s.phase !== "awaiting_roll" && s.phase !== "awaiting_selection") return null;
  const table = app.meter.table;
  const useTable = table !== null && s.playerCount === table.playerCount;
  try {
    const note = game.coach(coach.card, useTable ? table : undefined);
    const mine = { action: decision, diceMask: decision === "select" ? s.pendingMask : 0 };
    return note && { note, mine, roll: game.lastRoll?.dice ?? [], cardName: coach.name };
  } catch (e) {
    if (!(e instanceof farkle.FarkleError)) throw e;
    return { error: e.message };
  }
}

function describeCoachAction(a, roll) {
  if (a.action !== "select") return describeChoice(a, roll);
  const faces = roll.filter((_, i) => a.diceMask & (1 << i));
  return describeChoice({ ...a, points: app.rules.points(faces) }, roll);
}

function renderCoach() {
  const coach = app.coach;
  const box = $("coach-box");
  box.hidden = coach.choice === "off" || !app.game || app.seats.every((seat) => seat.kind !== "human");
  if (box.hidden) return;
  $("coach-card").textContent = coach.error || (coach.card ? `Card: ${coach.name}. ${coach.card.text.split("\n")[0]}` : "Working out the card…");
  const body = $("coach-body");
  const last = coach.last;
  body.removeAttribute("data-cost");
  if (last === null) {
    body.textContent = coach.card ? "After each of your decisions, the card's and optimal play's choices appear here." : "";
    return;
  }
  if (last.error) {
    body.textContent = `No note here: ${last.error}`;
    return;
  }
  const { note, mine, roll } = last;
  const same = (a, b) => a.action === b.action && a.diceMask === b.diceMask;
  const asWin = note.valueKind !== "expected_points";
  const value = (v) => (Number.isFinite(v) ? (asWin ? `${(v * 100).toFixed(1)}% to win` : `${v.toFixed(0)} points expected`) : "not valued");
  const parts = [
    `<p>The card says: <strong>${describeCoachAction(note.card, roll)}</strong> (${value(note.cardValue)}).</p>`,
    `<p>Optimal play says: <strong>${describeCoachAction(note.optimal, roll)}</strong> (${value(note.optimalValue)}).</p>`,
    `<p>You chose: ${describeCoachAction(mine, roll)}${same(mine, note.optimal) ? ", as optimal play" : same(mine, note.card) ? ", as the card" : ""}.</p>`,
  ];
  if (note.agrees) parts.push("<p>They agree: the card costs nothing here.</p>");
  else if (asWin) parts.push(`<p>Following the card here costs <strong>${(note.cost * 100).toFixed(2)} percentage points</strong> of winning.</p>`);
  else parts.push(`<p>Following the card here costs <strong>${note.cost.toFixed(1)} points</strong> expected this turn (solve the win table for the chance to win).</p>`);
  body.innerHTML = parts.join("");
  body.dataset.cost = String(note.cost);
  body.dataset.card = note.card.action === "select" ? `select:${note.card.diceMask}` : note.card.action;
  body.dataset.optimal = note.optimal.action === "select" ? `select:${note.optimal.diceMask}` : note.optimal.action;
}

// ---- Computer players ----------------------------------------------------------------------

function stopBots() {
  clearTimeout(app.botTimer);
  app.botTimer = null;
}

function scheduleBot() {
  if (app.botTimer !== null || !app.game || !isBotTurn() || $("play").hidden) return;
  app.botTimer = setTimeout(botTurn, app.botDelay);
}

async function botTurn() {
  const game = app.game;
  const s = game.state;
  const style = app.seats[s.currentPlayer].kind;
  let table;
  let card;
  if (style === "best_card") {
    app.message = `${playerName(s.currentPlayer)} waits for the win table and its best card.`;
    render();
    card = (await bestCard(game).catch(() => null))?.card;
    if (app.game !== game) return;
  }
  if (TABLE_BOTS.includes(style)) {
    app.message = `${playerName(s.currentPlayer)} waits for the win table.`;
    render();
    table = await app.meter.whenReady();
    if (app.game !== game) return;
  }
  if (app.advice.game === game && !app.advice.ready) {
    await app.advice.done;
    if (app.game !== game) return;
  }
  app.botTimer = null;
  if (!isBotTurn()) return;
  try {
    if (TABLE_BOTS.includes(style) && !table) throw new farkle.UnsupportedError("no win table");
    if (style === "best_card") {
      if (!card) throw new farkle.UnsupportedError("no best card");
      game.botPlayTurn(card, { seed: game.eventCount });
    } else {
      game.botPlayTurn(style, { table: table ?? undefined, seed: game.eventCount });
    }
    app.message = "";
  } catch (e) {
    if (!(e instanceof farkle.FarkleError)) throw e;
    // A style the house rules refuse: this turn by thresholds, said so.
    app.message = `${playerName(s.currentPlayer)} plays this turn by thresholds (${e.message}).`;
    game.botPlayTurn("threshold", { seed: game.eventCount });
  }
  afterChange();
}

// ---- Keyboard ------------------------------------------------------------------------------

/**
 * The game's keys, offline and online alike: a die's key picks it in the container `ids.dice`;
 * R, K (or Enter off a button), B, U, N, P, F and H press the buttons `ids` names for roll,
 * keep, bank, undo, next, piggyback, forfeit and hint, when shown and enabled. Returns whether
 * the key was one of them.
 */
export function pressGameKey(event, ids) {
  const die = DIE_KEYS.indexOf(event.key);
  if (die >= 0) {
    const button = $(ids.dice).querySelector(`[data-index="${die}"]`);
    if (button && !button.disabled) button.click();
    return true;
  }
  const key = event.key.toLowerCase();
  const letters = { r: ids.roll, k: ids.keep, b: ids.bank, u: ids.undo, n: ids.next, p: ids.piggyback, f: ids.forfeit, h: ids.hint };
  const id = key === "enter" ? (event.target instanceof HTMLButtonElement ? undefined : ids.keep) : letters[key];
  if (!id) return false;
  const button = $(id);
  if (button && !button.hidden && !button.disabled) button.click();
  return true;
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  if (event.key === "?") {
    toggleHelp();
    event.preventDefault();
    return;
  }
  if (!app.game || $("play").hidden) return;
  const ids = { dice: "dice", roll: "roll", keep: "keep", bank: "bank", undo: "undo", next: "next", piggyback: "piggyback", forfeit: "forfeit", hint: "hint" };
  if (pressGameKey(event, ids)) event.preventDefault();
}

function toggleHelp() {
  const help = $("help");
  help.hidden = !help.hidden;
  $("show-help").setAttribute("aria-expanded", String(!help.hidden));
}

// ---- Start ---------------------------------------------------------------------------------

function wire() {
  $("setup").addEventListener("submit", startGame);
  $("add-seat").addEventListener("click", () => {
    const seats = readSeats();
    if (seats.length < MAX_SEATS) seats.push({ name: `Computer ${seats.length}`, kind: "threshold" });
    renderSeats(seats);
  });
  $("remove-seat").addEventListener("click", () => renderSeats(readSeats().slice(0, -1)));
  $("preset").addEventListener("change", () => knobInputs(presetRules()));
  $("reset-knobs").addEventListener("click", () => knobInputs(presetRules()));
  $("new-game").addEventListener("click", () => {
    if ($("setup").hidden) showSetup();
    else if (app.game) {
      $("setup").hidden = true;
      beginPlay(false);
    }
  });
  $("show-help").addEventListener("click", toggleHelp);
  $("roll").addEventListener("click", () => act((g) => g.roll(), "roll"));
  $("keep").addEventListener("click", () => act((g) => g.confirm(), "select"));
  $("bank").addEventListener("click", () => act((g) => g.bank(), "bank"));
  $("undo").addEventListener("click", () => act((g) => g.undo()));
  $("next").addEventListener("click", () => act((g) => g.acknowledgeFarkle()));
  $("piggyback").addEventListener("click", () => act((g) => g.piggyback()));
  $("forfeit").addEventListener("click", () => act((g) => g.forfeitTurn()));
  $("hint").addEventListener("click", toggleHint);
  $("play-again").addEventListener("click", playAgain);
  $("change-game").addEventListener("click", showSetup);
  document.addEventListener("keydown", onKey);
  app.meter = new WinMeter(
    {
      status: $("meter-status"),
      box: $("solve-box"),
      progress: $("solve-progress"),
      eta: $("solve-eta"),
      solve: $("solve"),
      cancel: $("cancel-solve"),
    },
    () => {
      render();
      scheduleBot();
    },
  );
}

// ---- Online play's hooks (online.js) -------------------------------------------------------

/** What online.js needs of the offline game: its rules choice, and leaving or coming back. */
export const offline = {
  /** The rules chosen in the setup form (its preset and house rules); throws if invalid. */
  chosenRules() {
    if ($("preset").options.length === 0) {
      showSetup();
      $("setup").hidden = true;
    }
    return new farkle.Rules($("preset").value, readKnobs());
  },
  /** Hides the offline game (its computer players and any solve paused). */
  hide() {
    stopBots();
    app.meter?.cancel(false);
    $("setup").hidden = true;
    $("play").hidden = true;
    $("new-game").hidden = true;
  },
  /** Shows the offline game again: the game under way, or the setup. */
  show() {
    if (resumeOrSetup.pending) {
      resumeOrSetup();
    } else if (app.game) {
      beginPlay(false);
    } else {
      showSetup();
    }
  },
  /** Shows the setup form with its house rules open (to choose an online room's rules). */
  editRules() {
    showSetup();
    $("house-rules").open = true;
    $("preset").focus();
  },
};

function resumeOrSetup() {
  resumeOrSetup.pending = false;
  if (!resume()) {
    showSetup();
    $("setup-error").textContent = app.message;
  }
}

wire();
$("loading").hidden = true;
document.body.dataset.ready = "true";
// A room's link (#room=CODE) opens the online game (online.js) instead.
resumeOrSetup.pending = /^#room=/.test(location.hash);
if (!resumeOrSetup.pending) resumeOrSetup();

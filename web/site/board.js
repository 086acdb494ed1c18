// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The game table's pieces, drawn the same way by the offline game (app.js) and online play
// (online.js): the dice of a roll (SVG faces, picked and advised marks, the tumble of a new
// roll, which the style sheet leaves out under prefers-reduced-motion), the dice set aside
// this turn, the turn's line and total, the farkle / hot-dice moment, the scores with the win
// meter's bars, and the game log. Each takes plain values (names, scores, faces, events in
// the package's shape), so either mode feeds it from what it holds: a package Game offline,
// the server's state frames online.

/** The keys that pick the dice, in roll order. */
export const DIE_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];
/** A number as the page writes it: 1,050. */
export const fmt = (n) => Number(n).toLocaleString("en-US");
const FACE_WORDS = ["", "one", "two", "three", "four", "five", "six"];
/** The most entries a game log keeps. */
const LOG_LENGTH = 200;

// ---- Dice ---------------------------------------------------------------------------------

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[26, 26], [50, 50], [74, 74]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

/** A die's face as an SVG picture. */
export function dieFace(face) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const [cx, cy] of PIPS[face]) {
    const pip = document.createElementNS(ns, "circle");
    pip.setAttribute("cx", cx);
    pip.setAttribute("cy", cy);
    pip.setAttribute("r", 9);
    pip.setAttribute("fill", "currentColor");
    svg.append(pip);
  }
  return svg;
}

/**
 * The dice set aside this turn, one array of faces per keep, from the turn's events in the
 * package's shape (oldest first, from the turn's start): a keep adds the dice its mask picks
 * of the roll before it, an undo takes the last keep back. Hot dice bring every die back to
 * the hand, but what was kept stays kept for the turn's total, so it stays shown.
 */
export function keptThisTurn(events) {
  const kept = [];
  let roll = null;
  for (const e of events) {
    if (e.kind === "turn_started") kept.length = 0;
    else if (e.kind === "rolled") roll = e.dice;
    else if (e.kind === "selected" && roll) kept.push(roll.filter((_, i) => e.mask & (1 << i)));
    else if (e.kind === "undone") kept.pop();
  }
  return kept;
}

/** Shows `groups` of kept dice (small, not pressable) in `box`, named for screen readers. */
export function showKept(box, groups) {
  const parts = groups.map((faces) => {
    const group = document.createElement("span");
    group.className = "kept-group";
    for (const face of faces) {
      const die = document.createElement("span");
      die.className = "die small";
      die.dataset.face = String(face);
      die.append(dieFace(face));
      group.append(die);
    }
    return group;
  });
  box.replaceChildren(...parts);
  const words = groups.map((g) => g.join(" ")).join("; ");
  box.setAttribute("aria-label", `Set aside this turn: ${words || "none"}`);
  box.hidden = groups.length === 0;
}

/**
 * Shows the turn's moment in `box`: "Farkle!" or "Hot dice!" (with `text` after it), or
 * nothing; the class gives its colour.
 */
export function showMoment(box, kind, text = "") {
  box.hidden = !kind;
  box.className = `moment ${kind ?? ""}`;
  box.textContent = kind ? `${kind === "farkle" ? "Farkle!" : "Hot dice!"} ${text}`.trim() : "";
}

/** Makes the dice in `box` tumble once, as a roll does (CSS skips it under reduced motion). */
export function tumble(box) {
  for (const die of box.querySelectorAll(".die")) die.classList.add("rolling");
}

/** A small span marking a die (its text is for sighted readers; the label says it). */
function mark(text, className) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  span.setAttribute("aria-hidden", "true");
  return span;
}

/**
 * Shows the dice of a roll in `box` as buttons: `faces` in roll order; `options.picked(i)`,
 * `scores(i)` and `suggested(i)` say which are picked, can score, are advised (marked with
 * `suggestWord`); `disabled` whether they can be pressed now; `onPick(i)` runs on a press
 * (none: the caller listens on the box, by data-index). Returns the buttons.
 */
export function showDice(box, faces, options) {
  const { picked, scores, suggested, suggestWord = "best", disabled, onPick } = options;
  const buttons = faces.map((face, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "die";
    const isPicked = picked(i);
    const scoring = scores(i);
    const isSuggested = suggested(i);
    if (!scoring) b.classList.add("dead");
    b.dataset.index = String(i);
    b.dataset.face = String(face);
    b.setAttribute("aria-pressed", String(isPicked));
    // The name starts with what the die shows (its number and marks), then which die.
    const shown = [String(face), isPicked ? "picked" : null, isSuggested ? suggestWord : null].filter(Boolean);
    b.setAttribute("aria-label", `${shown.join(" ")}, die ${i + 1}${scoring ? "" : ", cannot score"}`);
    b.title = `Key ${DIE_KEYS[i]}`;
    b.disabled = disabled;
    b.append(dieFace(face));
    const num = document.createElement("span");
    num.className = "face";
    num.textContent = String(face);
    num.setAttribute("aria-hidden", "true");
    b.append(num);
    if (isPicked) b.append(mark(" picked", "mark"));
    if (isSuggested) b.append(mark(` ${suggestWord}`, "mark suggest"));
    if (onPick) b.addEventListener("click", () => onPick(i));
    return b;
  });
  box.replaceChildren(...buttons);
  box.setAttribute("aria-label", `Dice of the roll: ${faces.map((f) => FACE_WORDS[f]).join(", ")}`);
  return buttons;
}

/** Shows no roll in `box`, with `note` ("Roll 6 dice.", "Ann is playing…", or ""). */
export function showNoDice(box, note) {
  const p = document.createElement("p");
  p.className = "note";
  p.textContent = note;
  box.replaceChildren(p);
  box.setAttribute("aria-label", "Dice of the roll: none yet");
}

/**
 * Tumbles the dice in `box` while the roll numbered `roll` is new: `memory` ({ tumbled,
 * until }) remembers the last roll tumbled, so a redraw during the animation keeps it and a
 * later one does not start it again.
 */
export function tumbleNew(box, roll, memory) {
  if (roll !== memory.tumbled) {
    memory.tumbled = roll;
    memory.until = performance.now() + 450;
  }
  if (performance.now() < memory.until) tumble(box);
}

// ---- The turn and the scores ----------------------------------------------------------------

/**
 * The turn's line: `over` with its `winners` text, or whose turn (`who`: "Ann", or "You":
 * "Your turn"), the
 * round, the points so far, the dice to roll (`toRoll`, null when not about to roll), a
 * multiplier above 1 and the final round.
 */
export function turnLine({ over, winners, who, round, turnPoints, toRoll, multiplier = 1, finalRound }) {
  if (over) return winners ? `Game over. ${winners}` : "Game over.";
  const parts = [who === "You" ? "Your turn" : `${who} to play`, `round ${round}`];
  if (turnPoints) parts.push(`${fmt(turnPoints)} points this turn`);
  if (toRoll !== null && toRoll !== undefined) parts.push(`${toRoll} ${toRoll === 1 ? "die" : "dice"} to roll`);
  if (multiplier > 1) parts.push(`selections count ×${multiplier}`);
  if (finalRound) parts.push("final round");
  return parts.join(" · ");
}

/** Shows the turn total in `strong` (its data-points the number). */
export function showTurnTotal(strong, points) {
  strong.textContent = fmt(points);
  strong.dataset.points = String(points);
}

/**
 * Fills `tbody` with a row per seat: `rows` of { name, score, tags, current } and, when
 * `chances` (every seat's probability of winning, by seat) is not null, the win meter's bar
 * and percentage in the last column; "–" ("not known") otherwise.
 */
export function showScores(tbody, rows, chances) {
  const trs = rows.map(({ name, score, tags, current }, i) => {
    const tr = document.createElement("tr");
    if (current) tr.className = "current";
    const nameCell = document.createElement("td");
    nameCell.textContent = name;
    if (tags.length) {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = ` (${tags.join(", ")})`;
      nameCell.append(tag);
    }
    const scoreCell = document.createElement("td");
    scoreCell.className = "num";
    scoreCell.dataset.score = String(score);
    scoreCell.textContent = fmt(score);
    const chance = document.createElement("td");
    if (chances) {
      const pct = Math.round(chances[i] * 1000) / 10;
      const meter = document.createElement("span");
      meter.className = "chance";
      const bar = document.createElement("span");
      bar.className = "bar";
      bar.setAttribute("aria-hidden", "true");
      const fill = document.createElement("span");
      fill.className = "fill";
      fill.style.width = `${pct}%`;
      bar.append(fill);
      const text = document.createElement("span");
      text.textContent = `${pct.toFixed(1)}%`;
      meter.append(bar, text);
      chance.append(meter);
      chance.dataset.chance = String(chances[i]);
    } else {
      chance.textContent = "–";
      chance.setAttribute("aria-label", "not known");
    }
    tr.append(nameCell, scoreCell, chance);
    return tr;
  });
  tbody.replaceChildren(...trs);
}

// ---- Words and the log ------------------------------------------------------------------------

/** `verb` agreeing with `who`: "You roll", "Ann rolls" (`verb` given in the third person). */
export function agree(who, verb) {
  if (who !== "You") return verb;
  return { has: "have", is: "are", pays: "pay", wins: "win" }[verb] ?? verb.replace(/s$/, "");
}

/** The game-over line's winners: "Ann wins!", "You win!", "Ann and Bob share the win!". */
export function winnersLine(winners, name) {
  const names = winners.map(name);
  return `${names.join(" and ")} ${names.length > 1 ? "share the win" : agree(names[0], "wins")}!`;
}

/**
 * The log line of a game event, or null for an event the log leaves out. `e` is in the
 * package's shape (`kind`, `player`, `points`, `diceCount`, `winners` as seat numbers ...),
 * `lastRoll` the dice of the roll before it (what a selection's mask refers to), and
 * `name(i)` names player i ("You" for the page's own player: the verbs agree with it).
 * Both the offline game and the online room write their logs with it (appendLog()).
 */
export function describeEvent(e, lastRoll, name) {
  const who = name(e.player);
  switch (e.kind) {
    case "turn_started":
      return `Round ${e.round}: ${who} to play.`;
    case "rolled":
      return `${who} rolled ${e.dice.join(" ")}.`;
    case "selected": {
      const kept = lastRoll ? lastRoll.filter((_, i) => e.mask & (1 << i)) : [];
      return `${who} kept ${kept.length ? `${kept.join(" ")} ` : "dice "}for ${fmt(e.points)}.`;
    }
    case "undone":
      return `${who} took back the last keep.`;
    case "hot_dice":
      return `Hot dice! ${who} ${agree(who, "rolls")} every die again.`;
    case "banked":
      return `${who} banked ${fmt(e.points)}: now ${fmt(e.score)}.`;
    case "farkled":
      return `${who} farkled${e.points ? `, losing ${fmt(e.points)}` : ""}.`;
    case "farkle_acknowledged":
      return null;
    case "turn_forfeited":
      return `${who} forfeited the turn${e.points ? `, losing ${fmt(e.points)}` : ""}.`;
    case "penalty":
      return `${who} ${agree(who, "pays")} ${fmt(e.points)} for farkles in a row: now ${fmt(e.score)}.`;
    case "final_round":
      return `${who} reached the target: everyone else has one last turn.`;
    case "player_left":
      return `${who} left the game.`;
    case "busted":
      return `${who} went past the exact target: the turn scores nothing.`;
    case "piggybacked":
      return `${who} took over ${fmt(e.points)} points and ${e.diceCount} dice.`;
    case "game_over":
      return e.winners.length ? `Game over: ${winnersLine(e.winners, name)}` : "Game over: nobody is left.";
    default:
      return `${who}: ${e.name}.`;
  }
}

/**
 * Adds the log lines of `events` (package shape, oldest first) to `list`: `lastRoll` is the
 * roll before the first of them, `name(i)` names player i. Keeps the last LOG_LENGTH lines
 * and scrolls to the newest. Returns the last roll seen, for the next call.
 */
export function appendLog(list, events, lastRoll, name) {
  for (const e of events) {
    const text = describeEvent(e, lastRoll, name);
    if (e.kind === "rolled") lastRoll = e.dice;
    if (text) {
      const li = document.createElement("li");
      li.textContent = text;
      list.append(li);
    }
  }
  while (list.children.length > LOG_LENGTH) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
  return lastRoll;
}

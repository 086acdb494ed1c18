// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Online play against a farkle-server: creating a room (the rules chosen in the offline setup
// form, 2 to 8 seats, the room's settings), its link ORIGIN/#room=CODE, joining by the link
// (watching first, then taking a seat), the lobby (the host seats computer players, removes
// seats, starts), the game itself, reconnecting on a lost connection, and the check of the
// dice at the end. The server holds the game: this page shows each `state` frame it sends and
// sends the player's choices back (docs/server.md describes the protocol). A seat's token is
// kept in this browser's storage, by room, so that a reload or a new connection takes the
// seat back. Every name is shown as text, never as markup.

import { offline, presetLabel, pressGameKey } from "./app.js";
import {
  appendLog,
  fmt,
  showDice,
  showKept,
  showMoment,
  showNoDice,
  showScores,
  showTurnTotal,
  tumbleNew,
  turnLine,
  winnersLine as namedWinners,
} from "./board.js";
import { verifyFairness } from "./fairness.js";

const $ = (id) => document.getElementById(id);
const TOKEN_PREFIX = "farkle.online.token.";
const NAME_KEY = "farkle.online.name";
const BOTS = {
  threshold: "banks at 300",
  random: "random",
  single_turn: "best single turn",
  win_optimal: "plays to win",
};
const PHASE = { roll: "awaiting_roll", select: "awaiting_selection", farkled: "farkled", over: "over" };
const RECONNECT_MAX_MS = 15_000;
/** The WebSocket close code of a server restarting (it said when to come back, or not). */
const CLOSE_RESTART = 1012;
/** A ping this often; a connection silent for SILENT_MS is taken as lost. */
const PING_MS = 20_000;
const SILENT_MS = 45_000;

/** The connection. */
const net = {
  ws: null,
  /** The room's code, once known. */
  code: null,
  /** The `create` frame to send when the socket opens (creating a room). */
  creating: null,
  /** Whether the page wants a connection (false once the player left the room). */
  wanted: false,
  attempt: 0,
  retry: null,
  /** The pause a closing server asked for before reconnecting (its `closing` frame). */
  reconnectIn: null,
  /** Whether this socket has been let into the room (a `welcome` came). */
  joined: false,
  /** When the socket last heard from the server (performance.now()). */
  heard: 0,
  pinger: null,
};

/** What the page shows. */
const view = {
  room: null,
  you: null,
  /** Dice picked towards a selection (indices of the roll). */
  pending: new Set(),
  pendingFor: "",
  /** The roll whose dice last tumbled, and until when (tumbleNew()). */
  tumble: { tumbled: -1, until: 0 },
  /** The seats as last drawn in the lobby (to redraw only on a change). */
  lobbyKey: "",
  botChoice: {},
  deadlineAt: null,
  clock: null,
  fairnessFor: null,
  sent: false,
};

// ---- Rules between the package's form and the server's ------------------------------------

const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const pascal = (value) => value.replace(/(^|_)([a-z])/g, (_, __, c) => c.toUpperCase());
const ENUM_KNOBS = new Set(["kindScaling", "exactTarget"]);

/** The rules as the server's `create` takes them: a preset's name, or every field. */
export function serverRules(rules) {
  if (rules.preset) return rules.preset;
  const out = {};
  for (const [name, value] of Object.entries(rules.toObject())) {
    out[snake(name)] = ENUM_KNOBS.has(name) ? pascal(value) : value;
  }
  return out;
}

// ---- Small helpers ------------------------------------------------------------------------

/** An element with properties and children (strings become text: never markup). */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("aria-") || key === "role") node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function tokenKey(code) {
  return TOKEN_PREFIX + code;
}

function storedToken(code) {
  try {
    return localStorage.getItem(tokenKey(code));
  } catch {
    return null;
  }
}

function roomFromHash() {
  const match = /^#room=([A-Za-z0-9]{1,64})$/.exec(location.hash);
  return match ? match[1].toLowerCase() : null;
}

function roomLink(code) {
  return `${location.origin}${location.pathname}#room=${code}`;
}

function seatName(i) {
  return view.room?.seats[i]?.name ?? `Seat ${i + 1}`;
}

function say(text) {
  $("online-message").textContent = text;
}

// ---- Creating a room -----------------------------------------------------------------------

function openCreate() {
  leaveRoom();
  offline.hide();
  $("online-room").hidden = true;
  $("online-create").hidden = false;
  $("online-create-error").textContent = "";
  $("online-create-room").disabled = false;
  try {
    const rules = offline.chosenRules();
    const name = presetLabel(rules.preset);
    $("online-rules-line").textContent = `Rules: ${name}, ${rules.targetScore ? `to ${fmt(rules.targetScore)}` : `${rules.turnLimit} turns each`} (as chosen in New game).`;
  } catch (e) {
    $("online-rules-line").textContent = `The rules chosen in New game are not valid: ${e.message}`;
  }
  let name = "";
  try {
    name = localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    // no storage: no remembered name
  }
  $("online-name").value = name;
  $("online-name").focus();
}

function wholeNumber(id, low, high, what) {
  const text = $(id).value.trim();
  if (text === "") return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < low || n > high) throw new RangeError(`${what} is a whole number from ${fmt(low)} to ${fmt(high)}.`);
  return n;
}

function createRoom(event) {
  event.preventDefault();
  const error = $("online-create-error");
  error.textContent = "";
  let frame;
  try {
    const name = $("online-name").value.trim();
    if (name === "") throw new RangeError("Type your name: the other players see it.");
    const settings = { on_disconnect: $("online-away").value };
    const advice = $("online-advice").value;
    if (advice !== "") settings.advice = advice === "on";
    const grace = wholeNumber("online-grace", 5, 3600, "The time before a computer plays for an absent player");
    if (grace !== undefined) settings.grace_seconds = grace;
    const timer = wholeNumber("online-timer", 10, 3600, "The time for each decision");
    if (timer !== undefined) settings.decision_seconds = timer;
    frame = { type: "create", name, rules: serverRules(offline.chosenRules()), seats: Number($("online-seats").value), settings };
    try {
      localStorage.setItem(NAME_KEY, name);
    } catch {
      // not remembered
    }
  } catch (e) {
    error.textContent = e.message;
    return;
  }
  $("online-create-room").disabled = true;
  net.creating = frame;
  net.code = null;
  connect();
}

// ---- The connection ------------------------------------------------------------------------

function connect() {
  clearTimeout(net.retry);
  net.retry = null;
  if (net.ws) {
    net.ws.onclose = null;
    net.ws.close();
  }
  net.wanted = true;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  net.ws = ws;
  net.joined = false;
  net.reconnectIn = null;
  ws.onopen = () => {
    net.heard = performance.now();
    if (net.creating) {
      send(net.creating);
    } else {
      const token = storedToken(net.code);
      send(token ? { type: "join", room: net.code, token } : { type: "join", room: net.code });
    }
  };
  ws.onmessage = (event) => {
    net.heard = performance.now();
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch {
      return;
    }
    onFrame(frame);
  };
  ws.onclose = (event) => {
    if (net.ws !== ws) return;
    net.ws = null;
    if (!net.wanted) return;
    // A server closing for a restart: come back promptly (another server, or this one once
    // it is back), at the pause it asked for, rather than after the back-off.
    const restart = net.reconnectIn ?? (event.code === CLOSE_RESTART ? 250 + Math.random() * 750 : null);
    net.reconnectIn = null;
    if (net.creating) {
      // The room was not made: say so rather than try again behind the player's back.
      net.creating = null;
      net.wanted = false;
      $("online-create-error").textContent = "The server could not be reached; try again.";
      $("online-create-room").disabled = false;
      return;
    }
    if (restart !== null) net.attempt = 0;
    reconnectLater(restart);
  };
}

/** Pings the server now and then; a connection that stays silent is dropped and made again. */
function keepAlive() {
  const ws = net.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN || net.creating) return;
  if (performance.now() - net.heard > SILENT_MS) {
    net.ws = null;
    ws.onclose = null;
    ws.close();
    reconnectLater();
    return;
  }
  ws.send(JSON.stringify({ type: "ping" }));
}

/** Reconnects after the back-off, or after `pause` ms when the server asked for one. */
function reconnectLater(pause = null) {
  const delay =
    pause ?? Math.min(RECONNECT_MAX_MS, 500 * 2 ** net.attempt) * (0.75 + Math.random() * 0.5);
  net.attempt++;
  $("online-banner").hidden = false;
  $("online-banner").textContent =
    pause === null
      ? `Reconnecting… (try ${net.attempt}, in ${Math.ceil(delay / 1000)} s)`
      : "The server is restarting: reconnecting…";
  $("online-room").dataset.connected = "false";
  disableActions();
  net.retry = setTimeout(connect, delay);
}

function leaveRoom() {
  net.wanted = false;
  clearTimeout(net.retry);
  net.retry = null;
  if (net.ws) {
    net.ws.onclose = null;
    net.ws.close();
    net.ws = null;
  }
  net.code = null;
  net.creating = null;
  stopClock();
  view.room = null;
  view.you = null;
  view.lobbyKey = "";
  view.fairnessFor = null;
}

function send(frame) {
  if (net.ws?.readyState !== WebSocket.OPEN) {
    say("Not connected to the server; reconnecting…");
    return false;
  }
  net.ws.send(JSON.stringify(frame));
  return true;
}

function onFrame(frame) {
  switch (frame.type) {
    case "welcome":
      net.joined = true;
      net.attempt = 0;
      // An action sent on a lost connection may never have arrived: the new view decides.
      view.sent = false;
      $("online-banner").hidden = true;
      $("online-room").dataset.connected = "true";
      if (frame.room) net.code = frame.room;
      if (frame.token && net.code) {
        try {
          localStorage.setItem(tokenKey(net.code), frame.token);
        } catch {
          say("This browser keeps no storage: a reload will not give you your seat back.");
        }
      }
      if (net.creating) {
        net.creating = null;
        history.replaceState(null, "", `#room=${net.code}`);
        showRoom();
        $("online-copy").focus();
      }
      view.you = frame.seat;
      break;
    case "state":
      view.you = frame.you;
      render(frame.room);
      break;
    case "error":
      onError(frame);
      break;
    case "closing":
      // The close follows: reconnect after this pause (bounded, whatever the server says).
      net.reconnectIn = Math.min(Math.max(Number(frame.reconnect_ms) || 0, 0), 10_000);
      break;
    default:
      break;
  }
}

function onError({ code, message }) {
  if (net.creating) {
    net.creating = null;
    net.wanted = false;
    net.ws?.close();
    $("online-create-error").textContent = `The room was not created: ${message}.`;
    $("online-create-room").disabled = false;
    return;
  }
  view.sent = false;
  if (code === "bad_token" && !net.joined) {
    // The seat's token is no longer the room's: watch instead.
    try {
      localStorage.removeItem(tokenKey(net.code));
    } catch {
      // nothing kept
    }
    send({ type: "join", room: net.code });
    say("Your seat's key is not this room's any more: you are watching.");
    return;
  }
  if (code === "no_such_room") {
    net.wanted = false;
    net.ws?.close();
    $("online-banner").hidden = true;
    $("online-room-line").textContent = "";
    say("No room has this code: check the link, or create a room.");
    return;
  }
  if (!net.joined) {
    // The server did not let this connection in (busy, rate-limited): try again later.
    say(`${message[0]?.toUpperCase() ?? ""}${message.slice(1)}.`);
    net.ws?.close();
    return;
  }
  if (code === "stale") {
    say("The game moved on before your move arrived: look again.");
  } else {
    say(`${message[0]?.toUpperCase() ?? ""}${message.slice(1)}.`);
  }
  if (view.room) render(view.room);
}

// ---- Showing a room ------------------------------------------------------------------------

function showRoom() {
  offline.hide();
  $("online-create").hidden = true;
  $("online-room").hidden = false;
}

function enterRoom(code) {
  leaveRoom();
  net.code = code;
  showRoom();
  say("");
  $("online-lobby").hidden = true;
  $("online-game").hidden = true;
  $("online-link").textContent = roomLink(code);
  $("online-link").href = roomLink(code);
  $("online-room-line").textContent = "Connecting…";
  connect();
}

function describeRules(room) {
  const r = room.rules;
  const name = `Rules: ${presetLabel(room.preset)}`;
  const end = [r.target_score ? `to ${fmt(r.target_score)}` : "", r.turn_limit ? `${r.turn_limit} turns each` : ""].filter(Boolean).join(", ");
  return `${name}, ${end}`;
}

function render(room) {
  const previous = view.room;
  view.room = room;
  if (previous && previous.version !== room.version) say("");
  if (previous?.version !== room.version) view.sent = false;
  const box = $("online-room");
  Object.assign(box.dataset, {
    stage: room.stage,
    version: String(room.version),
    you: view.you === null ? "" : String(view.you),
    current: room.game ? String(room.game.current) : "",
    phase: room.game?.phase ?? "",
    turnPoints: String(room.game?.turn_points ?? 0),
  });
  $("online-link").textContent = roomLink(room.code);
  $("online-link").href = roomLink(room.code);
  const s = room.settings;
  const parts = [
    describeRules(room),
    `${room.seats.length} seats`,
    `advice ${room.advice ? "on" : "off"}`,
    s.on_disconnect === "bot" ? `a computer plays for anyone away ${s.grace_seconds} s` : `the game waits for anyone away`,
  ];
  if (s.decision_seconds) parts.push(`${s.decision_seconds} s per decision`);
  const me = view.you === null ? "You are watching." : `You play seat ${view.you + 1}${view.you === 0 ? " and host the room" : ""}.`;
  $("online-room-line").textContent = `${parts.join(" · ")}. ${me}`;
  $("online-lobby").hidden = room.stage !== "lobby";
  $("online-game").hidden = room.stage === "lobby";
  // Redrawing keeps the keyboard's place: the same die, or the first action that is possible.
  const focused = document.activeElement;
  const inGame = $("online-game").contains(focused);
  const die = focused?.closest?.("#online-dice .die")?.dataset.index;
  renderLobby(room);
  if (room.game) renderGame(room);
  if (inGame && !$("online-game").contains(document.activeElement)) refocus(die);
  if (room.over) checkFairness(room);
}

function refocus(die) {
  const again = die === undefined ? null : $("online-dice").querySelector(`.die[data-index="${die}"]:not(:disabled)`);
  const action = [...document.querySelectorAll("#online-game .actions button")].find((b) => !b.hidden && !b.disabled);
  (again ?? action)?.focus();
}

// ---- The lobby -----------------------------------------------------------------------------

function renderLobby(room) {
  const host = view.you === 0 && room.stage === "lobby";
  const open = room.seats.some((seat) => seat.kind === "open");
  $("online-join").hidden = !(view.you === null && open && room.stage === "lobby");
  $("online-start").hidden = !host;
  $("online-start").disabled = open;
  $("online-add-seat").hidden = !(host && room.seats.length < 8);
  $("online-lobby-note").textContent =
    view.you === null
      ? open
        ? "You are watching. Type your name and take an open seat to play."
        : "You are watching: every seat is taken."
      : host
        ? `You host the room: send the link to your friends, or seat computer players; start once every seat is taken.`
        : "Waiting for the host to start the game.";
  const solving = room.solving !== null && room.solving !== undefined;
  $("online-solving").hidden = !solving;
  if (solving) {
    $("online-solving-progress").value = room.solving;
    $("online-solving-percent").textContent = `${Math.floor(room.solving * 100)}%`;
  }
  const note = room.bot_note ? `Note: ${room.bot_note}.` : "";
  $("online-bot-note").textContent = note;
  // In the game: a bot that waits for its table, or plays as a simpler one, says so.
  $("online-game-note").textContent = [solving ? `A computer player waits for its win table: ${Math.floor(room.solving * 100)}% solved.` : "", note].filter(Boolean).join(" ");
  const key = JSON.stringify([room.seats, view.you, room.stage]);
  if (key === view.lobbyKey) return;
  view.lobbyKey = key;
  const focused = document.activeElement?.id;
  const items = room.seats.map((seat, i) => {
    const what =
      seat.kind === "open"
        ? "open"
        : seat.kind === "bot"
          ? `computer: ${BOTS[seat.bot] ?? seat.bot}`
          : [i === 0 ? "host" : "", i === view.you ? "you" : "", seat.connected ? "" : "away"].filter(Boolean).join(", ");
    const li = el("li", { dataset: { seat: String(i), kind: seat.kind } }, el("span", { className: "seat-name" }, seat.name), what ? el("span", { className: "tag" }, ` (${what})`) : null);
    const controls = el("span", { className: "row seat-controls" });
    if (seat.kind === "open" && view.you === null && room.stage === "lobby") {
      controls.append(el("button", { type: "button", id: `online-take-${i}`, dataset: { take: String(i) } }, "Take this seat"));
    }
    if (host && seat.kind !== "human") {
      const select = el("select", { id: `online-bot-kind-${i}` });
      for (const [value, label] of Object.entries(BOTS)) select.add(new Option(`Computer: ${label}`, value));
      select.value = view.botChoice[i] ?? seat.bot ?? "threshold";
      select.addEventListener("change", () => {
        view.botChoice[i] = select.value;
      });
      controls.append(
        el("label", { htmlFor: `online-bot-kind-${i}`, className: "visually-hidden" }, `Computer player for seat ${i + 1}`),
        select,
        el("button", { type: "button", id: `online-add-bot-${i}`, dataset: { bot: String(i) } }, seat.kind === "bot" ? "Change" : "Seat it"),
      );
    }
    if (room.stage === "lobby" && i > 0 && seat.kind !== "open" && (host || i === view.you)) {
      const mine = i === view.you;
      controls.append(el("button", { type: "button", id: `online-open-${i}`, dataset: { open: String(i) }, "aria-label": mine ? "Give up your seat" : `Open seat ${i + 1}` }, mine ? "Give up my seat" : "Open"));
    }
    if (host && i > 0 && room.seats.length > 2) {
      controls.append(el("button", { type: "button", id: `online-remove-${i}`, dataset: { remove: String(i) }, "aria-label": `Remove seat ${i + 1}` }, "Remove"));
    }
    if (controls.childElementCount) li.append(controls);
    return li;
  });
  $("online-seat-list").replaceChildren(...items);
  if (focused && $(focused)) $(focused).focus();
}

function onLobbyClick(event) {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.dataset.take !== undefined) {
    const name = $("online-join-name").value.trim();
    if (name === "") {
      say("Type your name first: the other players see it.");
      $("online-join-name").focus();
      return;
    }
    try {
      localStorage.setItem(NAME_KEY, name);
    } catch {
      // not remembered
    }
    send({ type: "take_seat", seat: Number(button.dataset.take), name });
  } else if (button.dataset.bot !== undefined) {
    const seat = Number(button.dataset.bot);
    send({ type: "add_bot", seat, bot: $(`online-bot-kind-${seat}`).value });
  } else if (button.dataset.open !== undefined) {
    send({ type: "open_seat", seat: Number(button.dataset.open) });
  } else if (button.dataset.remove !== undefined) {
    const seat = Number(button.dataset.remove);
    view.botChoice = {};
    send({ type: "remove_seat", seat });
  }
}

// ---- The game ------------------------------------------------------------------------------

function winnersLine(winners) {
  return winners.length === 0 ? "Nobody is left in the game." : namedWinners(winners, seatName);
}

function myTurn(room) {
  return room.stage === "playing" && view.you !== null && room.game.current === view.you && room.game.phase !== PHASE.over;
}

function sameDice(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The legal selection the picked dice make, if they make one. */
function pickedSelection(game) {
  const picked = [...view.pending].sort((a, b) => a - b);
  return game.selections.find((s) => sameDice(s.dice, picked)) ?? null;
}

function describeAction(action, game) {
  switch (action.kind) {
    case "select":
      return `keep ${action.dice.map((i) => game.roll?.[i]).join(" ")}`;
    case "roll":
      return "roll on";
    case "bank":
      return "bank";
    case "acknowledge_farkle":
      return "pass the dice";
    case "forfeit_turn":
      return "forfeit the turn";
    case "piggyback":
      return "take over the last turn";
    default:
      return action.kind.replace(/_/g, " ");
  }
}

function renderGame(room) {
  const g = room.game;
  const mine = myTurn(room);
  const over = room.over || g.phase === PHASE.over;
  const winners = new Set(g.winners);

  // Scores, with the win meter where the room's advice gives every seat's chance.
  const rows = room.seats.map((seat, i) => {
    const tags = [];
    if (i === view.you) tags.push("you");
    if (seat.kind === "bot") tags.push("computer");
    if (seat.kind === "human" && !seat.connected) tags.push("away");
    if (seat.stand_in) tags.push("a computer plays for them");
    if (seat.active === false) tags.push("left");
    if (winners.has(i)) tags.push("winner");
    return { name: seat.name, score: seat.score ?? 0, tags, current: i === g.current && !over };
  });
  const win = g.advice?.win_probabilities;
  const chances = !over && Array.isArray(win) && win.length === room.seats.length && win.every(Number.isFinite) ? win : null;
  showScores($("online-score-rows"), rows, chances);
  $("online-rules").textContent = `${describeRules(room)}.`;

  // Whose turn, and the turn so far.
  $("online-turn").textContent = turnLine({
    over,
    winners: winnersLine(g.winners),
    who: mine ? "You" : seatName(g.current),
    round: g.round,
    turnPoints: g.turn_points,
    toRoll: g.phase === PHASE.roll ? g.hand : null,
    finalRound: g.final_round_by !== null && g.final_round_by !== undefined,
  });
  renderClock(g, over);
  showTurnTotal($("online-turn-total"), over ? 0 : g.turn_points ?? 0);
  showKept($("online-kept"), over ? [] : g.kept);
  const last = room.events.at(-1)?.event;
  if (g.phase === PHASE.farkled) {
    const farkled = room.events.findLast(({ event }) => event.event === "farkled")?.event;
    const lost = farkled?.forfeited ?? 0;
    const who = mine ? "You" : seatName(g.current);
    showMoment($("online-moment"), "farkle", lost ? `${who} ${who === "You" ? "lose" : "loses"} ${fmt(lost)} points.` : "Nothing scores.");
  } else if (g.phase === PHASE.roll && last?.event === "hot_dice") {
    showMoment($("online-moment"), "hot", `Every die scored: roll all ${g.hand} again.`);
  } else {
    showMoment($("online-moment"), null);
  }

  // The roll: a new roll clears the picked dice.
  const rollKey = JSON.stringify([room.fairness?.rolls.length ?? 0, g.phase]);
  if (rollKey !== view.pendingFor || !mine) {
    view.pending.clear();
    view.pendingFor = rollKey;
  }
  const selecting = g.phase === PHASE.select;
  const showRoll = g.roll && (selecting || g.phase === PHASE.farkled);
  const scoring = new Set(g.selections.flatMap((s) => s.dice));
  const recommended = g.advice?.recommended?.kind === "select" ? new Set(g.advice.recommended.dice) : new Set();
  const diceBox = $("online-dice");
  if (showRoll) {
    showDice(diceBox, g.roll, {
      picked: (i) => view.pending.has(i),
      scores: (i) => scoring.has(i),
      suggested: (i) => recommended.has(i),
      suggestWord: "advised",
      disabled: !mine || !selecting || view.sent,
    });
    const rolled = room.events.findLastIndex(({ event }) => event.event === "rolled");
    tumbleNew(diceBox, rolled, view.tumble);
  } else {
    showNoDice(diceBox, over ? "" : mine ? `Roll ${g.hand} ${g.hand === 1 ? "die" : "dice"}.` : `${seatName(g.current)} is playing…`);
  }
  diceBox.dataset.selections = JSON.stringify(g.selections);

  // What the picked dice are worth, and what the turn kept.
  let pick = "";
  const chosen = pickedSelection(g);
  if (selecting && view.pending.size) {
    const faces = [...view.pending].sort((a, b) => a - b).map((i) => g.roll[i]);
    pick = chosen ? `Picked ${faces.join(" ")}: ${fmt(chosen.points)} points.` : `Picked ${faces.join(" ")}: these dice do not score together.`;
  } else if (selecting && mine) {
    pick = "Pick the dice to keep (click them or press their number), then Keep.";
  } else if (g.phase === PHASE.farkled) {
    pick = "Farkle: nothing scores. The turn's points are lost.";
  }
  $("online-pick").textContent = pick;

  // The actions the server allows now.
  const can = mine && !view.sent && net.ws?.readyState === WebSocket.OPEN;
  setAction("online-roll", can && g.can_roll && g.phase === PHASE.roll, !over && g.phase !== PHASE.farkled);
  setAction("online-keep", can && selecting && chosen !== null, selecting);
  setAction("online-bank", can && g.can_bank, !over);
  setAction("online-undo", can && g.can_undo, g.can_undo);
  setAction("online-ack", can && g.phase === PHASE.farkled, g.phase === PHASE.farkled);
  setAction("online-piggyback", can && g.can_piggyback, g.can_piggyback);
  setAction("online-forfeit", can && g.can_forfeit, g.can_forfeit);

  // Advice, where the room gives it.
  const advice = $("online-advice-line");
  advice.hidden = !g.advice || over;
  if (g.advice && !over) {
    const who = mine ? "you" : seatName(g.current);
    let text = `Advice for ${who}: ${describeAction(g.advice.recommended, g)}.`;
    // Each seat's chance to win, where the room's win table covers the game (also the meter).
    if (chances) text += ` Chances to win: ${chances.map((p, i) => `${seatName(i)} ${(p * 100).toFixed(1)}%`).join(", ")}.`;
    const p = g.advice.roll_probability;
    if (typeof p === "number" && p > 0 && p < 1) text += ` (Roll with probability ${(p * 100).toFixed(0)}%.)`;
    advice.textContent = text;
  }
  renderLog(room);
}

function setAction(id, enabled, visible) {
  const button = $(id);
  button.hidden = !visible;
  button.disabled = !enabled;
}

function disableActions() {
  for (const button of document.querySelectorAll("#online-game .actions button, #online-dice .die")) button.disabled = true;
}

function renderClock(game, over) {
  stopClock();
  const waiting = game.waiting_for;
  if (!over && waiting !== null && waiting !== undefined) {
    $("online-clock").textContent = `Waiting for ${seatName(waiting)} to come back.`;
    return;
  }
  if (over || game.deadline_ms === null || game.deadline_ms === undefined) {
    $("online-clock").textContent = "";
    return;
  }
  view.deadlineAt = performance.now() + game.deadline_ms;
  const who = myTurn(view.room) ? "You have" : `${seatName(game.current)} has`;
  const tick = () => {
    const left = Math.max(0, Math.ceil((view.deadlineAt - performance.now()) / 1000));
    $("online-clock").textContent = `${who} ${left} s to decide; then a computer decides.`;
  };
  tick();
  view.clock = setInterval(tick, 500);
}

function stopClock() {
  clearInterval(view.clock);
  view.clock = null;
}

/** A server event (the library's JSON: `event`, `forfeited`, `winners` as bits) in the
 * package's shape, which describeEvent reads. */
function packageEvent(e) {
  const event = { ...e, kind: e.event, name: String(e.event).replace(/_/g, " ") };
  if (e.event === "farkled" || e.event === "turn_forfeited") event.points = e.forfeited;
  if (e.event === "piggybacked") event.diceCount = e.dice;
  if (e.event === "game_over") {
    event.winners = [];
    for (let i = 0; i < (view.room?.seats.length ?? 0); i++) if (Number(e.winners) & (1 << i)) event.winners.push(i);
  }
  return event;
}

function renderLog(room) {
  const list = $("online-log");
  list.replaceChildren();
  appendLog(list, room.events.map(({ event }) => packageEvent(event)), null, seatName);
}

/** Sends an action of the game, for the version of the room this page shows. */
function act(kind, extra = {}) {
  const room = view.room;
  if (!room?.game || !myTurn(room) || view.sent) return;
  if (send({ type: "act", action: { kind, ...extra }, version: room.version })) {
    view.sent = true;
    disableActions();
  }
}

function toggleDie(i) {
  const room = view.room;
  if (!room?.game || !myTurn(room) || room.game.phase !== PHASE.select || view.sent) return;
  if (view.pending.has(i)) view.pending.delete(i);
  else view.pending.add(i);
  renderGame(room);
  $("online-dice").querySelector(`[data-index="${i}"]`)?.focus();
}

function keep() {
  const chosen = view.room?.game && pickedSelection(view.room.game);
  if (chosen) act("select", { dice: chosen.dice });
}

// ---- The end: the dice checked --------------------------------------------------------------

async function checkFairness(room) {
  if (view.fairnessFor === room.code) return;
  view.fairnessFor = room.code;
  const box = $("online-fairness");
  box.textContent = "Checking the dice against the seed…";
  delete box.dataset.verified;
  let record = room.fairness;
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(room.code)}/record`);
    if (response.ok) record = (await response.json()).fairness;
  } catch {
    // the room's own copy of the record serves
  }
  let result;
  try {
    result = await verifyFairness(record);
  } catch (e) {
    result = { ok: false, reason: e.message };
  }
  if (view.fairnessFor !== room.code) return;
  box.dataset.verified = String(result.ok);
  if (result.ok) {
    box.dataset.rolls = String(result.rolls);
    box.textContent = `All ${result.rolls} rolls verified: the seed revealed at the end matches the commitment published at the start, and gives every roll.`;
  } else {
    box.textContent = `The dice do not check out: ${result.reason}.`;
  }
}

// ---- Keyboard and wiring --------------------------------------------------------------------

function onKey(event) {
  if ($("online-room").hidden || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  const ids = { dice: "online-dice", roll: "online-roll", keep: "online-keep", bank: "online-bank", undo: "online-undo", next: "online-ack", piggyback: "online-piggyback", forfeit: "online-forfeit" };
  if (pressGameKey(event, ids)) event.preventDefault();
}

async function copyLink() {
  const link = $("online-link").textContent;
  try {
    await navigator.clipboard.writeText(link);
    say("");
    $("online-copy").textContent = "Copied";
    setTimeout(() => {
      $("online-copy").textContent = "Copy the link";
    }, 2000);
  } catch {
    const range = document.createRange();
    range.selectNodeContents($("online-link"));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    say("The link is selected: copy it with Ctrl+C (or Cmd+C).");
  }
}

function backToOffline() {
  leaveRoom();
  $("online-room").hidden = true;
  $("online-create").hidden = true;
  history.replaceState(null, "", location.pathname + location.search);
  offline.show();
}

function wire() {
  $("online-open").addEventListener("click", openCreate);
  $("online-create").addEventListener("submit", createRoom);
  $("online-cancel").addEventListener("click", backToOffline);
  $("online-leave").addEventListener("click", backToOffline);
  $("online-edit-rules").addEventListener("click", () => {
    $("online-create").hidden = true;
    offline.editRules();
  });
  $("online-copy").addEventListener("click", copyLink);
  $("online-link").addEventListener("click", (event) => {
    event.preventDefault();
    copyLink();
  });
  $("online-seat-list").addEventListener("click", onLobbyClick);
  $("online-start").addEventListener("click", () => send({ type: "start" }));
  $("online-add-seat").addEventListener("click", () => send({ type: "add_seat" }));
  $("online-dice").addEventListener("click", (event) => {
    const die = event.target.closest(".die");
    if (die && !die.disabled) toggleDie(Number(die.dataset.index));
  });
  $("online-roll").addEventListener("click", () => act("roll"));
  $("online-keep").addEventListener("click", keep);
  $("online-bank").addEventListener("click", () => act("bank"));
  $("online-undo").addEventListener("click", () => act("undo"));
  $("online-ack").addEventListener("click", () => act("acknowledge_farkle"));
  $("online-piggyback").addEventListener("click", () => act("piggyback"));
  $("online-forfeit").addEventListener("click", () => act("forfeit_turn"));
  document.addEventListener("keydown", onKey);
  net.pinger = setInterval(keepAlive, PING_MS);
  addEventListener("hashchange", () => {
    const code = roomFromHash();
    if (code && code !== net.code) enterRoom(code);
  });
}

wire();
const linked = roomFromHash();
if (linked) enterRoom(linked);
document.body.dataset.online = "ready";

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Checks a finished online game's dice in the browser, with WebCrypto alone: the revealed
// seed must hash (SHA-256) to the commitment the server published before the first roll, and
// every roll's faces must follow from the seed. Roll n (from 0) takes its faces from the
// blocks HMAC-SHA-256(key = seed, "farkle-roll" ‖ n as 8 bytes big-endian ‖ b as 4 bytes
// big-endian) for b = 0, 1, …: each byte below 252 gives the face byte % 6 + 1, larger bytes
// are skipped (docs/server.md says the same).

const LABEL = new TextEncoder().encode("farkle-roll");
const UNBIASED_BELOW = 252;
const MAX_DICE = 12;

function hexBytes(text) {
  if (typeof text !== "string" || !/^[0-9a-fA-F]{64}$/.test(text)) return null;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The faces of roll `index` of the game whose HMAC key is `key`: `count` dice. */
export async function faces(key, index, count) {
  const out = [];
  const message = new Uint8Array(LABEL.length + 12);
  message.set(LABEL);
  const view = new DataView(message.buffer);
  view.setBigUint64(LABEL.length, BigInt(index));
  for (let block = 0; out.length < count; block++) {
    view.setUint32(LABEL.length + 8, block);
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
    for (const byte of mac) {
      if (byte < UNBIASED_BELOW && out.length < count) out.push((byte % 6) + 1);
    }
  }
  return out;
}

/**
 * Checks a fairness record `{ commitment, seed, rolls }`. Resolves with `{ ok: true, rolls }`
 * (the number of rolls checked) or `{ ok: false, reason }` saying what does not match.
 */
export async function verifyFairness(record) {
  const seed = hexBytes(record?.seed);
  if (!seed) return { ok: false, reason: "the seed has not been revealed, or is not 64 hexadecimal digits" };
  const commitment = hex(await crypto.subtle.digest("SHA-256", seed));
  if (typeof record.commitment !== "string" || commitment !== record.commitment.toLowerCase()) {
    return { ok: false, reason: "the revealed seed does not match the commitment published at the start" };
  }
  if (!Array.isArray(record.rolls)) return { ok: false, reason: "the record has no list of rolls" };
  const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  for (const [index, recorded] of record.rolls.entries()) {
    if (!Array.isArray(recorded) || recorded.length < 1 || recorded.length > MAX_DICE) {
      return { ok: false, reason: `roll ${index + 1} is not a roll of 1 to ${MAX_DICE} dice` };
    }
    const derived = await faces(key, index, recorded.length);
    if (derived.some((face, i) => face !== recorded[i])) {
      return {
        ok: false,
        reason: `roll ${index + 1} was ${recorded.join(" ")}, but the seed gives ${derived.join(" ")}`,
        index,
      };
    }
  }
  return { ok: true, rolls: record.rolls.length };
}

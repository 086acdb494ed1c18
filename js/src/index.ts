// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * farkle: the Farkle dice-game engine for JavaScript and TypeScript (see manual.ts for the
 * whole package). Importing this entry loads the WebAssembly module from farkle.wasm beside
 * it (top-level await); "farkle/manual" is the same package loaded by an explicit init().
 */

import { init } from "./manual.js";

await init();

export * from "./manual.js";

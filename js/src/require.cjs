// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// What require("farkle") and require("farkle/manual") load: the package is an ES module (it
// loads its WebAssembly with top-level await), which require() cannot load in every Node
// this package supports, so this says what to write instead.
"use strict";

throw new Error(
  'farkle is an ES module: require("farkle") cannot load it. From CommonJS, load it with ' +
    'import(): `const farkle = await import("farkle");` inside an async function, or ' +
    '`import("farkle").then((farkle) => { ... })`. "farkle/manual" likewise: ' +
    '`const { init, Rules } = await import("farkle/manual"); await init();`.',
);

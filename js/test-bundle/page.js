// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// A page as a bundler user writes it: the package imported by its name ("farkle/manual"),
// the module handed to init() as the URL the bundler gave its copy of "farkle/farkle.wasm",
// and a solve in the package's worker (bundled beside the page as worker.js). build.mjs
// bundles it with esbuild; bundle.test.js opens it in headless Chromium. It reports on
// <body>: data-score, data-expected, data-version, or data-error, then data-done.

import { init, Rules, TurnPolicy, version } from "farkle/manual";
import wasmUrl from "farkle/farkle.wasm";

const body = document.body;
try {
  await init(new URL(wasmUrl, import.meta.url));
  const score = new Rules("classic").points([1, 1, 1, 5]);
  const policy = await TurnPolicy.create("classic");
  body.dataset.score = String(score);
  body.dataset.expected = policy.expectedPoints.toFixed(2);
  body.dataset.version = version;
  document.getElementById("out").textContent =
    `farkle ${version}: 1 1 1 5 scores ${score.toLocaleString("en-US")} in the classic rules; ` +
    `a turn is worth ${policy.expectedPoints.toFixed(2)} points on average.`;
} catch (e) {
  body.dataset.error = String(e?.stack ?? e);
}
body.dataset.done = "";

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The win-table solve, in a Web Worker so that the page never freezes: it receives the
// rules' knobs and the number of players (2 or 3), reports progress about every half
// percent, and posts the solved table's saved form (transferred, not copied). Cancelling is the page's worker.terminate(). It says
// "ready" once the engine has loaded: a message sent before could be lost.

import { Rules, WinTable } from "./vendor/farkle/index.js";

self.onmessage = async (event) => {
  const { rules: knobs, players = 2 } = event.data;
  const started = performance.now();
  let reported = -1;
  try {
    const rules = Rules.fromObject(knobs);
    const table = await WinTable.solve(rules, {
      players,
      progress(fraction) {
        const step = Math.floor(fraction * 200);
        if (step !== reported) {
          reported = step;
          self.postMessage({ type: "progress", fraction });
        }
      },
    });
    const bytes = table.toBytes();
    const seconds = (performance.now() - started) / 1000;
    self.postMessage({ type: "done", bytes, seconds }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ type: "error", name: error?.name ?? "Error", message: String(error?.message ?? error) });
  }
};

self.postMessage({ type: "ready" });

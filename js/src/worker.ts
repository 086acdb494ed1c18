// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * The package's worker (see offthread.ts): it receives the compiled module and one job,
 * loads the package from that module, runs the job on its own thread, posts progress and
 * the result, and is then terminated by the caller. Not an entry point for users.
 */

import { init } from "./manual.js";
import { runHere, statusOf, type Job, type WorkerReply } from "./offthread.js";
import { rulesFromBytes, runJob } from "./strategy.js";
import { runCardJob } from "./cards.js";

runHere();

interface Endpoint {
  post(reply: WorkerReply, transfer?: ArrayBuffer[]): void;
  listen(handler: (message: unknown) => void): void;
}

async function endpoint(): Promise<Endpoint> {
  const scope = globalThis as unknown as {
    postMessage?: (m: unknown, transfer?: ArrayBuffer[]) => void;
    addEventListener?: (type: string, h: (e: MessageEvent) => void) => void;
  };
  const name = "node:worker_threads";
  if (typeof scope.postMessage === "function" && typeof scope.addEventListener === "function") {
    return {
      post: (reply, transfer = []) => scope.postMessage!(reply, transfer),
      listen: (handler) => scope.addEventListener!("message", (e) => handler(e.data)),
    };
  }
  const { parentPort } = (await import(/* @vite-ignore */ name)) as {
    parentPort: {
      postMessage(m: unknown, transfer?: ArrayBuffer[]): void;
      once(event: "message", h: (m: unknown) => void): void;
    };
  };
  return {
    post: (reply, transfer = []) => parentPort.postMessage(reply, transfer),
    listen: (handler) => parentPort.once("message", handler),
  };
}

const port = await endpoint();
port.listen(async (message) => {
  const { module, job, args } = message as Job & { module: WebAssembly.Module };
  try {
    await init(module);
    const report = (fraction: number) => port.post({ type: "progress", fraction });
    const value =
      job === "bestCard" || job === "cardValue"
        ? runCardJob({ job, args }, report)
        : runJob({ job, args }, rulesFromBytes(args.rules as Uint8Array), report);
    const transfer = value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : [];
    port.post({ type: "done", value }, transfer);
  } catch (e) {
    port.post({ type: "error", ...statusOf(e) });
  }
});

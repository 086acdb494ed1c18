// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * Long calls off the calling thread: WinTable.solve(), simulate(), TurnPolicy.create(),
 * PenaltyPolicy.create(), penaltyAveragePointsAsync() and Game.prepareAdviceAsync() run in
 * a worker the package starts for the call (node:worker_threads in Node, a module Web Worker in
 * browsers), with the module the package compiled, so that timers and input run meanwhile.
 * Progress arrives as messages; an aborted signal, or a progress callback that returns
 * false or throws, terminates the worker at once (WebAssembly stops where it is: nothing is
 * shared, so nothing is left half done). Called from a worker already, or where no worker
 * can be made, the call runs on the calling thread as before.
 */

import { AbortError, CancelledError, errorFor, FarkleError } from "./errors.js";
import { compiled, flag, kindOf, type WorkerCallOptions } from "./native.js";

/** What a worker answers (see worker.ts). */
export type WorkerReply =
  | { type: "progress"; fraction: number }
  | { type: "done"; value: unknown }
  | { type: "error"; name: string; message: string; statusCode?: number };

/** A job for the worker: its name and its arguments (structured-cloneable). */
export interface Job {
  job: "solve" | "simulate" | "turnPolicy" | "penaltyPolicy" | "penaltyAverage" | "advice" | "bestCard" | "cardValue";
  args: Record<string, unknown>;
}

/** The longest wait between two progress calls while this thread is free. */
const CLOCK_MS = 25;

/** The worker seen the same way in Node and in browsers. */
interface Port {
  post(message: unknown): void;
  terminate(): void;
}

let inWorker: boolean | null = null;

/** Marks this thread as the package's own worker (its calls run here). @internal */
export function runHere(): void {
  inWorker = true;
}

const isNode =
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === "string";

async function onMainThread(): Promise<boolean> {
  if (inWorker !== null) return !inWorker;
  if (isNode) {
    const name = "node:worker_threads";
    const threads = (await import(/* @vite-ignore */ name)) as { isMainThread: boolean };
    inWorker = !threads.isMainThread;
  } else {
    inWorker = typeof (globalThis as { document?: unknown }).document === "undefined";
  }
  return !inWorker;
}

async function start(onMessage: (reply: WorkerReply) => void, onFailure: (e: unknown) => void): Promise<Port | null> {
  if (isNode) {
    const name = "node:worker_threads";
    const { Worker } = (await import(/* @vite-ignore */ name)) as {
      Worker: new (url: URL) => {
        postMessage(m: unknown): void;
        terminate(): Promise<number>;
        on(event: string, listener: (value: never) => void): void;
      };
    };
    const worker = new Worker(new URL("./worker.js", import.meta.url));
    worker.on("message", onMessage);
    worker.on("error", onFailure);
    worker.on("exit", (code: number) => onFailure(new Error(`the worker stopped (exit code ${code})`)));
    return { post: (m) => worker.postMessage(m), terminate: () => void worker.terminate() };
  }
  if (typeof Worker !== "function") return null;
  let worker: Worker;
  try {
    // Spelled as bundlers (Vite, webpack, esbuild's plugins) recognise a worker to bundle.
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  } catch {
    return null; // a page whose policy forbids workers: run here
  }
  worker.onmessage = (event: MessageEvent) => onMessage(event.data as WorkerReply);
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    onFailure(new Error(`the worker failed: ${event.message}`));
  };
  worker.onmessageerror = () => onFailure(new Error("the worker's answer could not be read"));
  return { post: (m) => worker.postMessage(m), terminate: () => worker.terminate() };
}

/** The error a worker reported, as the class it was there. */
function rebuild(reply: { name: string; message: string; statusCode?: number }): Error {
  if (reply.statusCode !== undefined) return errorFor(reply.statusCode, reply.message);
  if (reply.name === "TypeError") return new TypeError(reply.message);
  if (reply.name === "RangeError") return new RangeError(reply.message);
  const error = new Error(reply.message);
  error.name = reply.name;
  return error;
}

/**
 * Runs `job` in a worker, or returns null when it must run on the calling thread (from a
 * worker, or where none can be made). Options are checked by the caller; the progress
 * callback runs on this thread as each report arrives.
 */
export async function offThread(job: Job, options: WorkerCallOptions, what: string): Promise<unknown> {
  if (!flag(options.worker ?? true, "worker")) return null;
  if (compiled === null || !(await onMainThread())) return null;
  const { progress, signal } = options;
  if (signal?.aborted) throw aborted(what, signal);
  return new Promise<unknown>((resolve, reject) => {
    let port: Port | null = null;
    let settled = false;
    // Progress on a clock, as the native library calls it: the worker reports at its own
    // checkpoints, which a loaded machine spaces out; this thread passes on the latest
    // fraction at least every CLOCK_MS while it runs.
    let latest = 0;
    let deliveredAt = performance.now();
    const deliver = (fraction: number): void => {
      deliveredAt = performance.now();
      let goOn: boolean | void;
      try {
        goOn = progress?.(fraction);
      } catch (e) {
        fail(e);
        return;
      }
      if (goOn === false) fail(new CancelledError(`${what} cancelled by its progress callback`));
    };
    const clock =
      progress === undefined
        ? undefined
        : setInterval(() => {
            if (!settled && performance.now() - deliveredAt >= CLOCK_MS) deliver(latest);
          }, CLOCK_MS);
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      if (clock !== undefined) clearInterval(clock);
      signal?.removeEventListener("abort", onAbort);
      port?.terminate();
      return true;
    };
    // Whatever a progress callback threw, even undefined, rejects.
    const fail = (error: unknown): void => {
      if (settle()) reject(error);
    };
    const succeed = (value: unknown): void => {
      if (settle()) resolve(value);
    };
    const onAbort = (): void => fail(aborted(what, signal!));
    signal?.addEventListener("abort", onAbort);
    const onMessage = (reply: WorkerReply): void => {
      if (settled) return;
      if (reply.type === "progress") {
        latest = reply.fraction;
        deliver(latest);
      } else if (reply.type === "done") {
        succeed(reply.value);
      } else {
        fail(rebuild(reply));
      }
    };
    start(onMessage, (e) => fail(e instanceof Error ? e : new Error(String(e))))
      .then((p) => {
        if (p === null) {
          succeed(null); // no worker here: the caller runs the job itself
          return;
        }
        port = p;
        if (settled) {
          p.terminate();
          return;
        }
        p.post({ module: compiled, ...job });
      })
      .catch((e: unknown) => fail(e));
  });
}

/** The error of a call whose signal was aborted. */
export function aborted(what: string, signal: AbortSignal): AbortError {
  return new AbortError(`${what} cancelled: the signal was aborted`, { cause: signal.reason });
}

/** Whether `e` is one of the package's errors (reported by a worker with its status). */
export function statusOf(e: unknown): { name: string; message: string; statusCode?: number } {
  if (e instanceof FarkleError) return { name: e.name, message: e.message, statusCode: e.statusCode };
  if (e instanceof Error) return { name: e.name, message: e.message };
  return { name: "Error", message: `${kindOf(e)} thrown: ${String(e)}` };
}

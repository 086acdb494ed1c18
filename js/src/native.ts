// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * The WebAssembly module and the machinery every wrapper shares: loading, memory, structs
 * read and written through the header's layouts, C strings, statuses turned into errors,
 * progress callbacks, and handles freed exactly once.
 *
 * The module is the same crate as libfarkle built for wasm32-unknown-unknown; the package
 * calls its C interface as a C program does. Arguments are checked here before any call
 * (types and ranges), so the library only ever sees values it was meant to see.
 */

/// <reference lib="esnext.disposable" preserve="true" />

import { constants, structs, type CExports } from "./generated/abi.js";
import { AbortError, errorFor, PanicError } from "./errors.js";

/** What the module exports besides the C interface: memory and the host hooks. */
interface Exports extends CExports {
  memory: WebAssembly.Memory;
  farkle_wasm_alloc(size: number): number;
  farkle_wasm_free(ptr: number, size: number): void;
  farkle_wasm_progress_fn(): number;
  farkle_wasm_init(): number;
  farkle_wasm_turn_policy_save(policy: number, outBytes: number, outLen: number): number;
  farkle_wasm_turn_policy_load(rules: number, bytes: number, len: number, outPolicy: number): number;
  farkle_wasm_penalty_policy_save(policy: number, outBytes: number, outLen: number): number;
  farkle_wasm_penalty_policy_load(rules: number, bytes: number, len: number, outPolicy: number): number;
  farkle_wasm_advice_solve(rules: number, progress: number, user: number, outBytes: number, outLen: number): number;
  farkle_wasm_game_load_advice(game: number, bytes: number, len: number): number;
  farkle_wasm_card_check(words: number, len: number, rules: number): number;
  farkle_wasm_card_text(words: number, len: number, outBytes: number, outLen: number): number;
  farkle_wasm_card_folk(dice: number, outBytes: number, outLen: number): number;
  farkle_wasm_card_evaluate(table: number, words: number, len: number, progress: number, user: number, outBytes: number, outLen: number): number;
  farkle_wasm_card_best(table: number, family: number, progress: number, user: number, outBytes: number, outLen: number): number;
  farkle_wasm_card_coach(game: number, table: number, words: number, len: number, outBytes: number, outLen: number): number;
  farkle_wasm_card_play_turn(game: number, words: number, len: number, seed: bigint): number;
  farkle_wasm_simulate_cards(
    rules: number, kinds: number, count: number, cards: number, cardsLen: number, games: bigint, seed: bigint,
    table: number, progress: number, user: number, outBytes: number, outLen: number,
  ): number;
}

/** Every call before the module is loaded throws this, saying what to do. */
function notLoaded(): Exports {
  return new Proxy({} as Exports, {
    get(_target, name) {
      return () => {
        throw new Error(
          `farkle: the WebAssembly module is not loaded (${String(name)}): ` +
            (loadFailure === null
              ? "await init() from \"farkle/manual\" first"
              : `loading it failed (${loadFailure}); pass it to init(): a URL, a Response or its bytes`),
        );
      };
    },
  });
}
let loadFailure: string | null = null;

/** The module's exports, each call guarded (see guarded()). */
export let lib: Exports = notLoaded();
/**
 * The same exports unguarded, for the scoring calls that run millions of times: each caller
 * checks live() first and passes a trap to trapped(), as guarded() does for every other
 * call. A call site of its own keeps the engine's call into the module direct.
 */
export let raw: Exports = lib;
let memory: WebAssembly.Memory;
let dv: DataView;
let u8: Uint8Array = new Uint8Array(0);
let i32: Int32Array;
let broken: string | null = null;
let decoder: TextDecoder;
const encoder = new TextEncoder();

// Growing the memory detaches its old buffer, and a typed array over a detached buffer has
// length 0 (a DataView's byteLength throws instead, so u8 speaks for all the views): that
// test is far cheaper than reading memory.buffer on every call. It reads `length`, not
// `byteLength`, which Node 20 does not compile inline (16 ns a read against 1 to 3 for
// `length`). renew() runs once at load and after each growth.

/** The DataView over the module's memory (renewed when the memory grows). */
export function view(): DataView {
  if (u8.length === 0) renew();
  return dv;
}

/** The bytes of the module's memory (renewed when the memory grows). */
export function heap(): Uint8Array {
  if (u8.length === 0) renew();
  return u8;
}

/** The module's memory as 32-bit words (renewed when the memory grows): word i at 4 * i. */
export function words(): Int32Array {
  if (u8.length === 0) renew();
  return i32;
}

function renew(): void {
  if (memory === undefined) lib.farkle_wasm_init();
  const buffer = memory.buffer as ArrayBuffer;
  dv = new DataView(buffer);
  u8 = new Uint8Array(buffer);
  i32 = new Int32Array(buffer);
}

// ---- Loading ------------------------------------------------------------------------------

/**
 * Where init() takes the module from: its URL (a URL or a string, resolved against the
 * page), a fetch() Response or a promise of one, its bytes, or a WebAssembly.Module already
 * compiled.
 */
export type WasmSource =
  | URL
  | string
  | Response
  | PromiseLike<Response>
  | ArrayBuffer
  | ArrayBufferView
  | WebAssembly.Module;

async function compileResponse(response: Response, what: string): Promise<WebAssembly.Module> {
  if (!response.ok) throw new Error(`cannot load ${what}: ${response.status} ${response.statusText}`);
  if (typeof WebAssembly.compileStreaming === "function") {
    try {
      return await WebAssembly.compileStreaming(response.clone());
    } catch {
      // A server that does not say application/wasm: compile from the bytes instead.
    }
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

async function compileSource(source: WasmSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer) return WebAssembly.compile(source);
  if (ArrayBuffer.isView(source)) {
    const bytes = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    return WebAssembly.compile(bytes.slice());
  }
  if (typeof source === "string" || source instanceof URL) return wasmModule(new URL(source, baseUrl()));
  if (typeof Response !== "undefined" && source instanceof Response) return compileResponse(source, source.url);
  if (typeof source === "object" && source !== null && typeof (source as PromiseLike<Response>).then === "function") {
    return compileSource(await (source as PromiseLike<Response>));
  }
  throw new TypeError(
    "init() takes the module as a URL, a string, a Response, its bytes (ArrayBuffer, " +
      `Uint8Array) or a WebAssembly.Module, not ${kindOf(source)}`,
  );
}

/** What a relative URL given to init() is resolved against: the page, else this file. */
function baseUrl(): string {
  const location = (globalThis as { location?: { href?: string } }).location;
  return typeof location?.href === "string" ? location.href : import.meta.url;
}

async function wasmModule(url = new URL("./farkle.wasm", import.meta.url)): Promise<WebAssembly.Module> {
  if (url.protocol === "file:") {
    // Node: read the file (fetch() takes no file: URLs there). The specifier is a variable so
    // that bundlers for the browser leave it alone.
    const fsName = "node:fs/promises";
    const fs = (await import(/* @vite-ignore */ fsName)) as {
      readFile(url: URL): Promise<Uint8Array<ArrayBuffer>>;
    };
    return WebAssembly.compile(await fs.readFile(url));
  }
  return compileResponse(await fetch(url), String(url));
}

/** The compiled module once loaded (the package's workers instantiate it again). */
export let compiled: WebAssembly.Module | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads and checks the module once, from `source` or by default from farkle.wasm beside this
 * file. Later calls return the first call's promise (their source is not read); a failed
 * load may be tried again.
 */
export function load(source?: WasmSource): Promise<void> {
  loading ??= instantiate(source).catch((e: unknown) => {
    loading = null;
    loadFailure = e instanceof Error ? e.message : String(e);
    throw e;
  });
  return loading;
}

/** Whether the module is loaded. */
export function loaded(): boolean {
  return compiled !== null;
}

async function instantiate(source: WasmSource | undefined): Promise<void> {
  const module = source === undefined ? await wasmModule() : await compileSource(source);
  const instance = await WebAssembly.instantiate(module, {
    farkle_host: { progress: hostProgress, random: hostRandom },
  });
  const exports = instance.exports as unknown as Exports;
  memory = exports.memory;
  renew();
  raw = exports;
  lib = guarded(exports);
  decoder = new TextDecoder("utf-8");
  check(lib.farkle_wasm_init());
  scratch = lib.farkle_wasm_alloc(SCRATCH_BYTES);
  stackBase = lib.farkle_wasm_alloc(STACK_BYTES);
  stackTop = stackBase;
  progressFn = lib.farkle_wasm_progress_fn();
  checkAbi();
  compiled = module;
  loadFailure = null;
}

/**
 * Every export wrapped so that a trap (a Rust panic, which WebAssembly cannot unwind)
 * becomes a PanicError, after which the module refuses every call: its state may be
 * inconsistent. The library's own tests and fuzzing keep panics out; this is the last line.
 */
function guarded(bare: Exports): Exports {
  const out: Record<string, unknown> = { memory: bare.memory };
  for (const [name, value] of Object.entries(bare)) {
    if (typeof value !== "function") continue;
    const f = value as (...args: unknown[]) => unknown;
    // One wrapper per arity: no rest parameters on the way to the library.
    const fail = (e: unknown): never => trapped(name, e);
    const up = live;
    switch (f.length) {
      case 0:
        out[name] = () => { up(); try { return f(); } catch (e) { return fail(e); } };
        break;
      case 1:
        out[name] = (a: unknown) => { up(); try { return f(a); } catch (e) { return fail(e); } };
        break;
      case 2:
        out[name] = (a: unknown, b: unknown) => {
          up(); try { return f(a, b); } catch (e) { return fail(e); }
        };
        break;
      case 3:
        out[name] = (a: unknown, b: unknown, c: unknown) => {
          up(); try { return f(a, b, c); } catch (e) { return fail(e); }
        };
        break;
      case 4:
        out[name] = (a: unknown, b: unknown, c: unknown, d: unknown) => {
          up(); try { return f(a, b, c, d); } catch (e) { return fail(e); }
        };
        break;
      default:
        out[name] = (...args: unknown[]) => {
          up(); try { return f(...args); } catch (e) { return fail(e); }
        };
    }
  }
  return out as unknown as Exports;
}

/** Throws a PanicError once a call has trapped: the module's state may be inconsistent. */
export function live(): void {
  if (broken !== null) {
    throw new PanicError(`the library stopped after an internal error (${broken})`);
  }
}

/**
 * What a call of the export `name` threw: a trap (a Rust panic, which WebAssembly cannot
 * unwind) becomes a PanicError and stops the module; anything else is thrown as it is.
 */
export function trapped(name: string, e: unknown): never {
  if (e instanceof WebAssembly.RuntimeError) {
    broken = `${name}: ${e.message}`;
    throw new PanicError(`internal error in the library (${broken}); reload the package to go on`);
  }
  throw e;
}

/** The layouts read from the header agree with the module's own (farkle_struct_layout()). */
function checkAbi(): void {
  if (lib.farkle_version_number() !== constants.FARKLE_VERSION_NUMBER) {
    throw new Error(
      `the module is version ${text(lib.farkle_version_string())} but the package was built ` +
        `from the header of ${constants.FARKLE_VERSION_STRING}`,
    );
  }
  frame(() => {
    const size = alloc(8, 4);
    const align = alloc(8, 4);
    for (const [name, layout] of Object.entries(structs)) {
      const cName = cString(name);
      check(lib.farkle_struct_layout(cName, size, align));
      const d = view();
      if (d.getUint32(size, true) !== layout.size || d.getUint32(align, true) !== layout.align) {
        throw new Error(
          `${name}: the header says ${layout.size} bytes aligned to ${layout.align}, the module ` +
            `${d.getUint32(size, true)} aligned to ${d.getUint32(align, true)}`,
        );
      }
    }
  });
}

// ---- Memory: a scratch block for calls that call nothing back, a stack for the others -----

const SCRATCH_BYTES = 512;
const STACK_BYTES = 64 * 1024;
/** 512 bytes for leaf calls (those that run no callback): faces at 0, outputs at 64. */
export let scratch = 0;
let stackBase = 0;
let stackTop = 0;
let spills: Array<[number, number]> = [];

/**
 * Runs `body` with a stack frame: blocks from alloc() live until it returns. Frames nest, so
 * a progress callback that calls the library again gets blocks above its caller's.
 */
export function frame<T>(body: () => T): T {
  const top = stackTop;
  const spilled = spills.length;
  try {
    return body();
  } finally {
    stackTop = top;
    while (spills.length > spilled) {
      const [ptr, size] = spills.pop()!;
      lib.farkle_wasm_free(ptr, size);
    }
  }
}

/** A zeroed block of `size` bytes in the current frame, aligned to `align` (1 to 8). */
export function alloc(size: number, align = 8): number {
  const start = Math.ceil(stackTop / align) * align;
  let ptr: number;
  if (start + size <= stackBase + STACK_BYTES) {
    ptr = start;
    stackTop = start + size;
  } else {
    ptr = lib.farkle_wasm_alloc(size);
    if (ptr === 0) throw new RangeError(`cannot allocate ${size} bytes in the module's memory`);
    spills.push([ptr, size]);
  }
  heap().fill(0, ptr, ptr + size);
  return ptr;
}

/** A block for one struct of the header, zeroed, in the current frame. */
export function allocStruct(name: StructName, count = 1): number {
  const layout = structs[name];
  return alloc(layout.size * count, layout.align);
}

/** `bytes` copied into the current frame. */
export function allocBytes(bytes: ArrayLike<number>): number {
  const ptr = alloc(Math.max(1, bytes.length), 1);
  heap().set(bytes, ptr);
  return ptr;
}

/** `value` as a NUL-terminated UTF-8 string in the current frame. */
export function cString(value: string): number {
  const bytes = encoder.encode(value);
  const ptr = alloc(bytes.length + 1, 1);
  heap().set(bytes, ptr);
  return ptr;
}

/** A C string of the module (NULL is ""). */
export function text(ptr: number): string {
  if (ptr === 0) return "";
  const bytes = heap();
  const end = bytes.indexOf(0, ptr);
  return decoder.decode(bytes.subarray(ptr, end < 0 ? bytes.length : end));
}

// ---- Structs ------------------------------------------------------------------------------

type Structs = typeof structs;
/** The name of a struct of the header. */
export type StructName = keyof Structs;
type Scalar = "u8" | "bool" | "u16" | "i32" | "u32" | "i64" | "u64" | "f64" | "usize" | "ptr";
type ScalarValue<T> = T extends "i64" | "u64" ? bigint : T extends "bool" ? boolean : number;
type FieldValue<F> = F extends { type: infer T; count: number }
  ? Array<T extends StructName ? StructValue<T> : ScalarValue<T>>
  : F extends { type: infer T }
    ? T extends StructName
      ? StructValue<T>
      : ScalarValue<T>
    : never;
/** A struct of the header as a plain object, fields by their C names. */
export type StructValue<N extends StructName> = {
  -readonly [K in keyof Structs[N]["fields"]]: FieldValue<Structs[N]["fields"][K]>;
};

function readScalar(d: DataView, ptr: number, type: Scalar): number | bigint | boolean {
  switch (type) {
    case "u8":
      return d.getUint8(ptr);
    case "bool":
      return d.getUint8(ptr) !== 0;
    case "u16":
      return d.getUint16(ptr, true);
    case "i32":
      return d.getInt32(ptr, true);
    case "u32":
    case "usize":
    case "ptr":
      return d.getUint32(ptr, true);
    case "i64":
      return d.getBigInt64(ptr, true);
    case "u64":
      return d.getBigUint64(ptr, true);
    case "f64":
      return d.getFloat64(ptr, true);
  }
}

const SCALAR_SIZES: Record<Scalar, number> = {
  u8: 1, bool: 1, u16: 2, i32: 4, u32: 4, usize: 4, ptr: 4, i64: 8, u64: 8, f64: 8,
};

function fieldSize(type: string): number {
  return type in SCALAR_SIZES ? SCALAR_SIZES[type as Scalar] : structs[type as StructName].size;
}

/** Reads the struct `name` at `ptr`. */
export function read<N extends StructName>(name: N, ptr: number): StructValue<N> {
  const d = view();
  const out: Record<string, unknown> = {};
  for (const [field, f] of Object.entries(structs[name].fields) as Array<
    [string, { offset: number; type: string; count?: number }]
  >) {
    const one = (at: number): unknown =>
      f.type in SCALAR_SIZES ? readScalar(d, at, f.type as Scalar) : read(f.type as StructName, at);
    if (f.count === undefined) {
      out[field] = one(ptr + f.offset);
    } else {
      const size = fieldSize(f.type);
      const items = new Array<unknown>(f.count);
      for (let i = 0; i < f.count; i++) items[i] = one(ptr + f.offset + i * size);
      out[field] = items;
    }
  }
  return out as StructValue<N>;
}

/** Writes the given fields of the struct `name` at `ptr` (others are left as they are). */
export function write<N extends StructName>(
  name: N,
  ptr: number,
  values: Partial<StructValue<N>>,
): void {
  const fields = structs[name].fields as Record<
    string,
    { offset: number; type: string; count?: number }
  >;
  for (const [field, value] of Object.entries(values)) {
    const f = fields[field];
    if (f === undefined) throw new Error(`${name} has no field ${field}`);
    const put = (at: number, v: unknown): void => {
      if (!(f.type in SCALAR_SIZES)) {
        write(f.type as StructName, at, v as Record<string, never>);
        return;
      }
      const d = view();
      switch (f.type as Scalar) {
        case "u8":
        case "bool":
          d.setUint8(at, Number(v));
          break;
        case "u16":
          d.setUint16(at, Number(v), true);
          break;
        case "i32":
          d.setInt32(at, Number(v), true);
          break;
        case "u32":
        case "usize":
        case "ptr":
          d.setUint32(at, Number(v), true);
          break;
        case "i64":
          d.setBigInt64(at, BigInt(v as number | bigint), true);
          break;
        case "u64":
          d.setBigUint64(at, BigInt(v as number | bigint), true);
          break;
        case "f64":
          d.setFloat64(at, Number(v), true);
          break;
      }
    };
    if (f.count === undefined) {
      put(ptr + f.offset, value);
    } else {
      const size = fieldSize(f.type);
      (value as unknown[]).forEach((v, i) => put(ptr + f.offset + i * size, v));
    }
  }
}

/** The offset of a field of a struct of the header. */
export function offsetOf<N extends StructName>(name: N, field: keyof Structs[N]["fields"]): number {
  return (structs[name].fields as Record<string, { offset: number }>)[field as string]!.offset;
}

// ---- Statuses -----------------------------------------------------------------------------

/** farkle_last_error_message(): why the last failed call failed. */
export function lastError(): string {
  return text(lib.farkle_last_error_message());
}

/** Throws the error of `status` (with the library's explanation) unless it is OK. */
export function check(status: number): void {
  if (status !== 0) throw errorFor(status, lastError());
}

/** Throws the error of a failed `status` with `message`. */
export function fail(status: number, message?: string): never {
  throw errorFor(status, message ?? lastError());
}

// ---- Progress -----------------------------------------------------------------------------

/** A progress callback: called with the fraction done (0 to 1); return false to cancel. */
export type ProgressCallback = (fraction: number) => boolean | void;

/** What the long calls take: a progress callback and an AbortSignal, both optional. */
export interface LongCallOptions {
  /** Called now and then with the fraction done, on the calling thread; false cancels. */
  progress?: ProgressCallback | undefined;
  /** Cancels the call when aborted (checked at every progress report). */
  signal?: AbortSignal | undefined;
}

/** What the calls that may run in the package's worker take besides LongCallOptions. */
export interface WorkerCallOptions extends LongCallOptions {
  /**
   * Whether to run in a worker the package starts for the call (default true; from a
   * worker, or where none can be made, the call runs on the calling thread anyway). false
   * runs on the calling thread, which waits for the call, and the progress callback is
   * called from inside it.
   */
  worker?: boolean | undefined;
}

/** The keys of WorkerCallOptions. */
export const WORKER_CALL_KEYS = ["progress", "signal", "worker"] as const;

let progressFn = 0;
const reporters = new Map<number, Reporter>();
let nextReporter = 1;

/** One long call's progress: the (function, user) pair the library takes. */
export class Reporter {
  readonly user: number;
  readonly function: number;
  private threw = false;
  private error: unknown = undefined;
  private aborted = false;

  constructor(
    private readonly options: LongCallOptions,
    private readonly what: string,
  ) {
    checkLongCall(options);
    if (options.signal?.aborted) throw this.cancelled();
    this.user = nextReporter;
    nextReporter = nextReporter >= 0x7fffffff ? 1 : nextReporter + 1;
    this.function = progressFn;
    reporters.set(this.user, this);
  }

  /**
   * Runs the call, then forgets the reporter. A failed call throws what the progress
   * callback threw, a CancelledError when the signal was aborted, else `onError(status)` or
   * the status's error.
   */
  run(call: () => number, onError?: (status: number) => never): void {
    let status: number;
    try {
      status = call();
    } finally {
      reporters.delete(this.user);
    }
    if (status === 0) return;
    if (this.threw) throw this.error;
    if (this.aborted) throw this.cancelled();
    if (onError) onError(status);
    fail(status);
  }

  /** One report from the library: whether to go on. */
  report(fraction: number): boolean {
    if (this.threw || this.aborted) return false;
    try {
      if (this.options.progress?.(fraction) === false) return false;
    } catch (e) {
      this.threw = true;
      this.error = e;
      return false;
    }
    if (this.options.signal?.aborted) {
      this.aborted = true;
      return false;
    }
    return true;
  }

  private cancelled(): AbortError {
    return new AbortError(`${this.what} cancelled: the signal was aborted`, {
      cause: this.options.signal?.reason,
    });
  }
}

/** TypeError unless `progress` is a function and `signal` an AbortSignal (each optional). */
export function checkLongCall(options: LongCallOptions): void {
  if (options.progress !== undefined && typeof options.progress !== "function") {
    throw new TypeError(`progress must be a function, not ${kindOf(options.progress)}`);
  }
  if (options.signal !== undefined && !isSignal(options.signal)) {
    throw new TypeError(`signal must be an AbortSignal, not ${kindOf(options.signal)}`);
  }
}

function isSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as AbortSignal).aborted === "boolean" &&
    typeof (value as AbortSignal).addEventListener === "function"
  );
}

function hostProgress(fraction: number, user: number): number {
  const reporter = reporters.get(user);
  return reporter === undefined || reporter.report(fraction) ? 1 : 0;
}

function hostRandom(ptr: number, len: number): number {
  try {
    const bytes = heap();
    // getRandomValues fills at most 65,536 bytes a call.
    for (let at = 0; at < len; at += 65536) {
      crypto.getRandomValues(bytes.subarray(ptr + at, ptr + Math.min(len, at + 65536)));
    }
    return 0;
  } catch {
    return 1;
  }
}

// ---- Handles ------------------------------------------------------------------------------

const finalizer = new FinalizationRegistry<() => void>((free) => {
  if (broken === null) free();
});

/**
 * Base of the classes that own an object of the library (games, policies, tables, scorers)
 * or a block of its memory (rules). close() frees it at once; otherwise the garbage collector
 * does. A call after close() throws.
 */
export class Handle {
  /** @internal */
  protected ptr = 0;
  private token: object | null = null;
  /** @internal */
  protected static readonly what: string = "object";

  /** Takes ownership of `ptr`, freed by `free`. @internal */
  protected own(ptr: number, free: (ptr: number) => void): void {
    this.ptr = ptr;
    this.token = {};
    const release = (): void => free(ptr);
    finalizer.register(this, release, this.token);
    this.release = release;
  }

  private release: (() => void) | null = null;

  /** Frees the library's object now; later calls throw. Closing twice does nothing. */
  close(): void {
    if (this.token !== null) {
      finalizer.unregister(this.token);
      this.token = null;
      const release = this.release;
      this.release = null;
      this.ptr = 0;
      if (broken === null) release?.();
    }
  }

  /** close(), for `using` declarations (where the runtime has Symbol.dispose: Node 20, recent browsers). */
  declare [Symbol.dispose]: () => void;

  /** Whether close() was called. */
  get closed(): boolean {
    return this.ptr === 0;
  }

  /** The library's pointer; throws once closed. @internal */
  protected handle(): number {
    if (this.ptr === 0) {
      throw new Error(`this ${(this.constructor as typeof Handle).what} is closed`);
    }
    return this.ptr;
  }

}

// close() also under Symbol.dispose, for `using` declarations, where the runtime has it.
const dispose = (Symbol as { dispose?: symbol }).dispose;
if (typeof dispose === "symbol") {
  Object.defineProperty(Handle.prototype, dispose, {
    value(this: Handle) {
      this.close();
    },
  });
}

/**
 * The bytes of a block the library allocated and handed over (`call` writes its pointer and
 * size to the two words it is given), copied out; the block is freed.
 */
export function takeBlock(call: (outBytes: number, outLen: number) => void): Uint8Array {
  return frame(() => {
    const outBytes = alloc(4, 4);
    const outLen = alloc(4, 4);
    call(outBytes, outLen);
    const ptr = readPointer(outBytes);
    const len = readPointer(outLen);
    try {
      return heap().slice(ptr, ptr + len);
    } finally {
      lib.farkle_wasm_free(ptr, len);
    }
  });
}

/** A block of `size` bytes owned by a JavaScript object (freed with it). */
export function ownedBlock(size: number): number {
  const ptr = lib.farkle_wasm_alloc(size);
  if (ptr === 0) throw new RangeError(`cannot allocate ${size} bytes in the module's memory`);
  heap().fill(0, ptr, ptr + size);
  return ptr;
}

/** Frees a block from ownedBlock(). */
export function freeBlock(ptr: number, size: number): void {
  lib.farkle_wasm_free(ptr, size);
}

/** Reads a pointer-sized output. */
export function readPointer(ptr: number): number {
  return view().getUint32(ptr, true);
}

// ---- Argument checks ----------------------------------------------------------------------

/** A value's kind for messages: "a string", "null", "an object", ... */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const t = typeof value;
  return t === "object" || t === "undefined" ? t : `a ${t}`;
}

/** `value` as an integer in [low, high]: TypeError for a non-integer, RangeError outside. */
export function integer(value: unknown, name: string, low: number, high: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer, not ${describe(value)}`);
  }
  if (value < low || value > high) {
    throw new RangeError(`${name} must be between ${low} and ${high}, not ${value}`);
  }
  return value;
}

const U64_MAX = (1n << 64n) - 1n;

/** An unsigned 64-bit integer: a safe integer number or a BigInt. */
export function u64(value: unknown, name: string): bigint {
  if (typeof value === "bigint") {
    if (value < 0n || value > U64_MAX) {
      throw new RangeError(`${name} must be between 0 and ${U64_MAX}, not ${value}`);
    }
    return value;
  }
  return BigInt(integer(value, name, 0, Number.MAX_SAFE_INTEGER));
}

/** A flag: true or false. */
export function flag(value: unknown, name: string): boolean {
  if (typeof value !== "boolean") {
    throw new TypeError(`${name} must be true or false, not ${describe(value)}`);
  }
  return value;
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return kindOf(value);
}

/**
 * `value` as an options object (undefined is {}): a TypeError for anything but a plain
 * object, and one naming every key that is not among `known`, so that a misspelt option
 * (`{ player: 3 }`) is refused rather than ignored.
 */
export function options<T extends object>(value: unknown, known: readonly string[], name: string): T {
  if (value === undefined) return {} as T;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object, not ${kindOf(value)}`);
  }
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    const list = unknown.map((key) => JSON.stringify(key)).join(", ");
    const expected = known.length === 0 ? "none" : known.join(", ");
    throw new TypeError(
      `${name}: unknown ${unknown.length === 1 ? "option" : "options"} ${list} (known: ${expected})`,
    );
  }
  return value as T;
}

/** Dice as the library takes them: an array (or any iterable) of integers 1 to 6. */
export type Faces = Iterable<number> | ArrayLike<number>;

/** `faces` as an array of integers 1 to 6, at most `limit` of them. */
export function dice(faces: unknown, limit: number, name = "faces"): number[] {
  let list: ArrayLike<unknown>;
  if (Array.isArray(faces) || ArrayBuffer.isView(faces)) {
    list = faces as ArrayLike<unknown>;
  } else if (
    faces !== null &&
    typeof faces === "object" &&
    typeof (faces as Iterable<unknown>)[Symbol.iterator] === "function"
  ) {
    list = Array.from(faces as Iterable<unknown>);
  } else {
    throw new TypeError(`${name} must be an array of integers from 1 to 6, not ${kindOf(faces)}`);
  }
  if (list.length > limit) {
    throw new RangeError(`${list.length} dice given; at most ${limit} here`);
  }
  const out = new Array<number>(list.length);
  for (let i = 0; i < list.length; i++) {
    const face = list[i];
    if (typeof face !== "number" || !Number.isInteger(face)) {
      throw new TypeError(`${name}[${i}] must be an integer from 1 to 6, not ${describe(face)}`);
    }
    if (face < 1 || face > 6) throw new RangeError(`${name}[${i}] is ${face}: a die shows 1 to 6`);
    out[i] = face;
  }
  return out;
}

/** The faces of six counts, ascending: [2, 0, 0, 0, 1, 0] -> [1, 1, 5]. */
export function facesOfCounts(counts: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let face = 0; face < 6; face++) {
    for (let n = 0; n < counts[face]!; n++) out.push(face + 1);
  }
  return out;
}

/** The set bits of a dice mask: 0b101 -> [0, 2]. */
export function maskIndices(mask: number | bigint): number[] {
  const out: number[] = [];
  if (typeof mask === "number" && mask >= 0 && mask <= 0x7fffffff) {
    for (let i = 0; mask >> i !== 0; i++) if ((mask >> i) & 1) out.push(i);
    return out;
  }
  let m = BigInt(mask);
  for (let i = 0; m !== 0n; i++, m >>= 1n) if (m & 1n) out.push(i);
  return out;
}

/** A 64-bit count from the library as a number (every count the library makes is safe). */
export function num(value: bigint): number {
  return Number(value);
}

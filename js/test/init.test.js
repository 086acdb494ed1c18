// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Loading the module anywhere: "farkle/manual" waits for init() and takes the module as a
// URL, a string, a Response, a promise of one, bytes or a compiled module; a call before it
// says what to do; a failed load can be tried again; CommonJS code loads the package with
// import(), and require() says so. Each case runs in a fresh process, where nothing is loaded yet.

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import assert from "node:assert/strict";

const manual = import.meta.resolve("farkle/manual");
const auto = import.meta.resolve("farkle");
const wasm = new URL("farkle.wasm", auto).href;

/** Runs `body` as an ES module in a fresh Node with `farkle` (the manual entry) and `wasmUrl` bound; its printed JSON. */
function fresh(body, type = "module") {
  const script =
    type === "module"
      ? `const farkle = await import(${JSON.stringify(manual)}); const wasmUrl = new URL(${JSON.stringify(wasm)});
         const { readFileSync } = await import("node:fs");\n${body}`
      : body;
  const out = execFileSync(process.execPath, [type === "module" ? "--input-type=module" : "--input-type=commonjs", "-e", script], {
    encoding: "utf8",
  });
  return JSON.parse(out);
}

const points = "new farkle.Rules('classic').points([1, 1, 1, 5, 5])";

test("a call before init() says to call it", () => {
  const out = fresh(`
    let message = "";
    try { ${points}; } catch (e) { message = e.message; }
    await farkle.init(readFileSync(wasmUrl));
    console.log(JSON.stringify([message, ${points}, farkle.version]));`);
  assert.match(out[0], /not loaded.*init\(\)/);
  assert.equal(out[1], 1100);
  assert.match(out[2], /^\d+\.\d+\.\d+$/);
});

test("init() takes bytes, a URL, a string, a Response, a promise of one, or a module", () => {
  const sources = {
    bytes: "readFileSync(wasmUrl)",
    arrayBuffer: "(() => { const b = readFileSync(wasmUrl); return b.buffer.slice(b.byteOffset, b.byteOffset + b.length); })()",
    url: "wasmUrl",
    string: "wasmUrl.href",
    response: "new Response(readFileSync(wasmUrl), { headers: { 'content-type': 'application/wasm' } })",
    // A server that does not say application/wasm.
    plainResponse: "new Response(readFileSync(wasmUrl))",
    promise: "Promise.resolve(new Response(readFileSync(wasmUrl)))",
    module: "new WebAssembly.Module(readFileSync(wasmUrl))",
  };
  for (const [what, source] of Object.entries(sources)) {
    const out = fresh(`await farkle.init(${source}); console.log(JSON.stringify(${points}));`);
    assert.equal(out, 1100, what);
  }
});

test("a failed load says why, and can be tried again", () => {
  const out = fresh(`
    const failures = [];
    for (const bad of [new Uint8Array([0, 97, 115, 109]), new URL("nothing-here.wasm", wasmUrl), new Response("no", { status: 404 }), 42]) {
      try { await farkle.init(bad); failures.push("loaded"); } catch (e) { failures.push(e.name); }
    }
    let message = "";
    try { ${points}; } catch (e) { message = e.message; }
    await farkle.init(readFileSync(wasmUrl));
    console.log(JSON.stringify([failures, message, ${points}]));`);
  assert.deepEqual(out[0], ["CompileError", "Error", "Error", "TypeError"]);
  assert.match(out[1], /loading it failed.*pass it to init\(\)/);
  assert.equal(out[2], 1100);
});

test("CommonJS code loads the package with import()", () => {
  const out = fresh(
    `import(${JSON.stringify(auto)}).then((farkle) => console.log(JSON.stringify(${points})));`,
    "commonjs",
  );
  assert.equal(out, 1100);
});

test("require() of the package throws an Error that shows the import() to write", () => {
  // From the folder above the tests, where "farkle" resolves as a user's code resolves it
  // (the package itself by its name, or an installed copy).
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  const script = `
    const out = [];
    for (const name of ["farkle", "farkle/manual"]) {
      try { require(name); out.push("loaded"); } catch (e) { out.push([e.constructor.name, e.message]); }
    }
    import("farkle").then((farkle) => {
      out.push(${points});
      console.log(JSON.stringify(out));
    });`;
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=commonjs", "-e", script], { cwd, encoding: "utf8" }));
  for (const [name, message] of out.slice(0, 2)) {
    assert.equal(name, "Error");
    assert.match(message, /farkle is an ES module/);
    assert.ok(message.includes('await import("farkle")'), message);
    assert.ok(message.includes('import("farkle/manual")'), message);
  }
  // ...and the import() it shows works from the same CommonJS code.
  assert.equal(out[2], 1100);
});

// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Builds the package into dist/: the WebAssembly module (cargo, profile "wasm", target
// wasm32-unknown-unknown), the bindings' declarations read from include/farkle.h
// (tools/abi.mjs), then the TypeScript sources (tsc). `npm run build` and `npm pack` run it.
//
//   node tools/build.mjs [--wasm FILE]
//
// --wasm FILE (or FARKLE_WASM=FILE) takes a module already built instead of running cargo.

import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { abiModule, parseHeader } from "./abi.mjs";

const js = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repo = resolve(js, "..");

function option(name) {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

/** The module: given, or built by cargo. */
function wasmFile() {
  const given = option("--wasm") ?? process.env.FARKLE_WASM;
  if (given) return resolve(given);
  const cargo = process.env.CARGO ?? "cargo";
  const args = ["build", "-p", "farkle", "--profile", "wasm", "--lib", "--target", "wasm32-unknown-unknown"];
  console.error(`${cargo} ${args.join(" ")}`);
  execFileSync(cargo, args, { cwd: repo, stdio: "inherit" });
  const targetDir = process.env.CARGO_TARGET_DIR ?? join(repo, "target");
  return join(targetDir, "wasm32-unknown-unknown", "wasm", "farkle.wasm");
}

const wasm = wasmFile();
if (!existsSync(wasm)) throw new Error(`no module at ${wasm}`);

// The versions of the crate and the package are one.
const crateVersion = /^version = "(.*)"$/m.exec(readFileSync(join(repo, "Cargo.toml"), "utf8"))[1];
const packageVersion = JSON.parse(readFileSync(join(js, "package.json"), "utf8")).version;
if (crateVersion !== packageVersion) {
  throw new Error(`package.json says ${packageVersion} but Cargo.toml ${crateVersion}`);
}

const header = readFileSync(join(repo, "include", "farkle.h"), "utf8");
mkdirSync(join(js, "src", "generated"), { recursive: true });
writeFileSync(join(js, "src", "generated", "abi.ts"), abiModule(parseHeader(header)));

rmSync(join(js, "dist"), { recursive: true, force: true });
const tsc = join(js, "node_modules", "typescript", "bin", "tsc");
if (!existsSync(tsc)) throw new Error("TypeScript is missing: run `npm ci` in js/ first");
execFileSync(process.execPath, [tsc, "-p", join(js, "tsconfig.json")], { stdio: "inherit" });
// The declarations as a user's TypeScript sees them (test-types/usage.ts, resolved through
// the package's own name).
execFileSync(process.execPath, [tsc, "-p", join(js, "test-types", "tsconfig.json")], { stdio: "inherit" });
copyFileSync(wasm, join(js, "dist", "farkle.wasm"));
// What require() loads: an error saying to use import() (see src/require.cjs).
copyFileSync(join(js, "src", "require.cjs"), join(js, "dist", "require.cjs"));
copyFileSync(join(repo, "LICENSE"), join(js, "LICENSE"));
console.error(`built ${join(js, "dist")}`);

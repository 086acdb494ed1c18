// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Bundles the page of this folder with esbuild as a bundler user would: one ES module for
// the page, one for the package's worker ("farkle/worker.js", which the package starts from
// the URL ./worker.js beside the code that imports it), and the module copied by esbuild's
// file loader. Needs the package built (js/dist/) and esbuild installed (npm ci in js/).
//
//   node test-bundle/build.mjs OUTDIR
//
// Resolves with the files written and their sizes.

import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));

/** Bundles the page into `outdir` (emptied first): the output files and their sizes in bytes. */
export async function build(outdir) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: here,
    entryPoints: { page: "./page.js", worker: "farkle/worker.js" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    outdir,
    loader: { ".wasm": "file" },
    assetNames: "[name]-[hash]",
    metafile: true,
    logLevel: "silent",
  });
  copyFileSync(join(here, "index.html"), join(outdir, "index.html"));
  const sizes = {};
  for (const [file, info] of Object.entries(result.metafile.outputs)) {
    sizes[file.split("/").at(-1)] = info.bytes;
  }
  return { sizes, warnings: result.warnings.map((w) => w.text) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = resolve(process.argv[2] ?? "bundle-out");
  console.log(JSON.stringify(await build(outdir), null, 2));
}

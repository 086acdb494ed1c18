// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// Reads the C interface from include/farkle.h, as Python's cffi does for the Python package:
// its constants, enums, struct layouts on wasm32 and function signatures. The build writes
// them to src/generated/abi.ts (`node tools/abi.mjs HEADER OUT`), so the package repeats no
// number, offset or signature of the header, and tsc checks every call against the header's
// declarations. The layouts follow the C rules for wasm32 (pointers and size_t are 4 bytes,
// 64-bit integers and doubles 8-aligned); at load the package compares every struct's size
// and alignment with farkle_struct_layout() of the module it loaded.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

/** Size and alignment of the scalar C types on wasm32, and their tag in the layout. */
const SCALARS = {
  uint8_t: ["u8", 1],
  bool: ["bool", 1],
  uint16_t: ["u16", 2],
  int32_t: ["i32", 4],
  uint32_t: ["u32", 4],
  int64_t: ["i64", 8],
  uint64_t: ["u64", 8],
  double: ["f64", 8],
  size_t: ["usize", 4],
};

/** `text` without C comments and preprocessor lines (the #defines are read before). */
function clean(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/\/\/[^\n]*/g, " ")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
    .replace(/extern "C" \{/, "")
    .replace(/FARKLE_MUST_USE/g, "");
}

/** "FarkleGamePhase" -> "FARKLE_GAME_PHASE". */
function screaming(name) {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}

function parseConstants(text) {
  const constants = {};
  for (const m of text.matchAll(/^#define (FARKLE_\w+) (.+)$/gm)) {
    const value = m[2].trim();
    if (/^-?\d+$/.test(value)) constants[m[1]] = Number(value);
    else if (/^"[^"]*"$/.test(value)) constants[m[1]] = JSON.parse(value);
  }
  return constants;
}

function parseEnums(body) {
  const enums = {};
  for (const m of body.matchAll(/typedef enum (\w+) \{([^}]*)\} \1;/g)) {
    const prefix = `${screaming(m[1])}_`;
    const members = {};
    for (const item of m[2].split(",")) {
      const entry = item.trim();
      if (!entry) continue;
      const parts = /^(\w+) = (-?\d+)$/.exec(entry);
      if (!parts || !parts[1].startsWith(prefix)) {
        throw new Error(`enum ${m[1]}: cannot read "${entry}"`);
      }
      members[parts[1].slice(prefix.length)] = Number(parts[2]);
    }
    enums[m[1]] = members;
  }
  return enums;
}

function parseStructs(body, constants, enums) {
  const structs = {};
  for (const m of body.matchAll(/typedef struct (\w+) \{([^}]*)\} \1;/g)) {
    let offset = 0;
    let align = 1;
    const fields = {};
    for (const decl of m[2].split(";")) {
      const line = decl.replace(/\s+/g, " ").trim();
      if (!line) continue;
      const f = /^(const )?(enum |struct )?(\w+) (\*?)(\w+)(?:\[(\w+)\])?$/.exec(line);
      if (!f) throw new Error(`struct ${m[1]}: cannot read "${line}"`);
      const [, , tag, typeName, pointer, name, countText] = f;
      let type;
      let size;
      let fieldAlign;
      if (pointer) {
        [type, size, fieldAlign] = ["ptr", 4, 4];
      } else if (tag === "enum ") {
        if (!enums[typeName]) throw new Error(`struct ${m[1]}: unknown enum ${typeName}`);
        [type, size, fieldAlign] = ["u32", 4, 4];
      } else if (tag === "struct ") {
        const inner = structs[typeName];
        if (!inner) throw new Error(`struct ${m[1]}: ${typeName} is not declared before it`);
        [type, size, fieldAlign] = [typeName, inner.size, inner.align];
      } else if (SCALARS[typeName]) {
        const [t, s] = SCALARS[typeName];
        [type, size, fieldAlign] = [t, s, s];
      } else {
        throw new Error(`struct ${m[1]}: unknown type ${typeName}`);
      }
      let count = 1;
      if (countText !== undefined) {
        count = /^\d+$/.test(countText) ? Number(countText) : constants[countText];
        if (!Number.isInteger(count)) throw new Error(`struct ${m[1]}: unknown size ${countText}`);
      }
      offset = Math.ceil(offset / fieldAlign) * fieldAlign;
      fields[name] = countText === undefined ? { offset, type } : { offset, type, count };
      offset += size * count;
      align = Math.max(align, fieldAlign);
    }
    structs[m[1]] = { size: Math.ceil(offset / align) * align, align, fields };
  }
  return structs;
}

function parseFunctions(body) {
  const functions = {};
  const pattern = /(?:^|[;}\s])((?:const )?(?:enum |struct )?\w+ ?\**) ?(farkle_\w+)\(([^)]*)\);/g;
  for (const m of body.replace(/\s+/g, " ").matchAll(pattern)) {
    const ret = m[1].trim();
    const params = m[3].trim() === "void" ? [] : m[3].split(",").map((p) => p.trim());
    functions[m[2]] = {
      returns: ret === "void" ? "void" : wasmType(ret),
      params: params.map((p) => {
        const name = /(\w+)$/.exec(p)[1];
        return [name, wasmType(p.slice(0, p.length - name.length))];
      }),
    };
  }
  return functions;
}

/** How a C type crosses into JavaScript: 64-bit integers as BigInt, the rest as numbers. */
function wasmType(cType) {
  if (cType.includes("*") || cType.includes("(")) return "number";
  return /\b(u?int64_t)\b/.test(cType) ? "bigint" : "number";
}

/** Everything the package needs from the header `text`. */
export function parseHeader(text) {
  const constants = parseConstants(text);
  const body = clean(text);
  const enums = parseEnums(body);
  const structs = parseStructs(body, constants, enums);
  const functions = parseFunctions(body);
  if (Object.keys(functions).length === 0) throw new Error("no functions found in the header");
  return { constants, enums, structs, functions };
}

/** The TypeScript module the build writes. */
export function abiModule(abi) {
  const json = (value) => JSON.stringify(value, null, 2);
  const signatures = Object.entries(abi.functions)
    .map(([name, f]) => {
      const params = f.params.map(([p, t]) => `${p}: ${t}`).join(", ");
      return `  ${name}(${params}): ${f.returns};`;
    })
    .join("\n");
  return `// Generated from include/farkle.h by tools/abi.mjs; do not edit.

/** The header's #define constants. */
export const constants = ${json(abi.constants)} as const;

/** The header's enums, member names without their enum's prefix. */
export const enums = ${json(abi.enums)} as const;

/** Every struct's layout on wasm32: size, alignment, and each field's offset and type. */
export const structs = ${json(abi.structs)} as const;

/** The functions of the header, as the WebAssembly module exports them. */
export interface CExports {
${signatures}
}

/** The names of the header's functions. */
export const functionNames = ${json(Object.keys(abi.functions))} as const;
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [header, out] = process.argv.slice(2);
  if (!header || !out) {
    console.error("usage: node tools/abi.mjs HEADER OUT.ts");
    process.exit(2);
  }
  const text = abiModule(parseHeader(readFileSync(header, "utf8")));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
}

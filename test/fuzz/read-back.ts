/**
 * Read an emitted document back into data, the way a consumer of each format
 * would: JSON with an exact reader, YAML with js-yaml, TOML with smol-toml
 * (integers as bigint, so int/float types and 64-bit values are checked), and
 * TypeScript by compiling the module with the TypeScript compiler and running
 * it. Each reader tells `dataDifference` (test/support/same-data.ts) how it
 * represents numbers.
 */
import { load as loadYaml } from "js-yaml";
import { parse as parseToml } from "smol-toml";
import { createRequire } from "node:module";
import { readExactJson } from "./exact-json.js";
import type { Reading } from "../support/same-data.js";

/** The TypeScript compiler, loaded on first use (it takes a while to load). */
let tsModule: typeof import("typescript") | undefined;
function typescript(): typeof import("typescript") {
  tsModule ??= createRequire(import.meta.url)("typescript") as typeof import("typescript");
  return tsModule;
}


/** What a reader returned, and how to compare it. */
export interface ReadBack {
  readonly data: unknown;
  readonly reading: Reading;
}

/** Canonical format names the readers know. */
export const READ_BACK_FORMATS = ["json", "yaml", "toml", "typescript"] as const;
export type ReadBackFormat = (typeof READ_BACK_FORMATS)[number];

/**
 * Parse `text` emitted in `format`; throws when the text is not a valid
 * document. `compiler`: compile TypeScript with the TypeScript compiler.
 */
export function readBack(format: ReadBackFormat, text: string, options: { compiler?: boolean } = {}): ReadBack {
  switch (format) {
    case "json":
      return { data: readExactJson(text), reading: "exact-json" };
    case "yaml": {
      // A document of nested empty containers is at most as deep as the source allows.
      const data = loadYaml(text, { maxDepth: 100_000 } as Parameters<typeof loadYaml>[1]);
      // An empty YAML document would be `undefined`; the emitter writes `{}` for an empty root.
      return { data, reading: "js-numbers" };
    }
    case "toml":
      return { data: parseToml(text, { integersAsBigInt: true }), reading: "toml" };
    case "typescript":
      return { data: runTypescriptModule(text, { compiler: options.compiler === true }), reading: "js-numbers" };
  }
}

/**
 * Run an emitted TypeScript module and return its exported constants (a
 * null-prototype record, so `__proto__` is data). The emitter's layout is
 * `export const k = <literal> as const;` blocks, then `// Generated types`
 * and one `export type K = typeof k;` line per constant; the type
 * annotations are stripped either by the TypeScript compiler (`compiler`,
 * slow: ~10 ms a document) or by rewriting exactly those two constructs,
 * after which the text must be plain JavaScript.
 */
export function runTypescriptModule(text: string, options: { compiler?: boolean } = {}): Record<string, unknown> {
  const names = [...text.matchAll(/^export const (\S+) = /gm)].map((m) => m[1] ?? "");
  const marker = text.lastIndexOf("// Generated types\n");
  if (marker < 0 || (marker > 0 && !text.slice(0, marker).endsWith("\n\n"))) throw new SyntaxError("TypeScript output lacks the `// Generated types` block");
  const typeLines = text.slice(marker).split("\n").slice(1, -1);
  if (typeLines.length !== names.length || typeLines.some((l, i) => !l.startsWith("export type ") || !l.endsWith(` = typeof ${names[i] ?? ""};`)))
    throw new SyntaxError(`TypeScript output has ${names.length} constants but these type lines: ${JSON.stringify(typeLines.slice(0, 5))}`);
  let body: string;
  if (options.compiler) {
    const ts = typescript();
    const compiled = ts.transpileModule(text, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      reportDiagnostics: true,
    });
    const first = (compiled.diagnostics ?? [])[0];
    if (first) throw new SyntaxError(`TypeScript output does not compile: ${ts.flattenDiagnosticMessageText(first.messageText, "\n")}`);
    body = compiled.outputText.replace(/^export const /gm, "const ");
  } else {
    body = text.slice(0, marker).replace(/^export const /gm, "const ").replace(/ as const;$/gm, ";");
  }
  if (/^\s*(export|import)\b/m.test(body)) throw new SyntaxError("TypeScript output has other module syntax than export const");
  // Run the module as a function body; the constants are collected into a
  // null-prototype record (`$` cannot occur in a JSSON name).
  const collect = names.map((n) => `$out[${JSON.stringify(n)}] = ${n};`).join("\n");
  const run = new Function(`"use strict";\n${body}\nconst $out = Object.create(null);\n${collect}\nreturn $out;`);
  return run() as Record<string, unknown>;
}

/**
 * No module-level mutable state (STYLE.md: caches belong to an object, not
 * to the process), read from the TypeScript sources of core/, cli/,
 * plugins/ and the entry: no top-level `let` or `var`, and no top-level
 * `new Map` / `Set` / `WeakMap` / `WeakSet` or empty array unless its type
 * says it is never changed (`ReadonlySet<…>`, `readonly T[]`). What stands
 * at the top of a module on purpose is listed below, each with its reason.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";

const ALLOWED: Readonly<Record<string, string>> = {
  // accessors of a class's #private members, set once by its static block (internal to core, not exported by the entries)
  "core/engine/engine.ts engineInside": "set once by Engine's static block",
  "core/engine/evaluation.ts locateFailuresOf": "set once by Evaluation's static block",
  "core/values/values.ts objectWeight": "set once by ObjectValue's static block",
  "core/values/values.ts setObjectWeight": "set once by ObjectValue's static block",
  // a dependency loaded on its first use, once per process (what is loaded is the process's module, not a cache of data)
  "core/data/data-modules.ts yaml": "lazy module",
  "core/data/data-modules.ts smolToml": "lazy module",
  "plugins/yaml/read-back.ts jsYaml": "lazy module",
  "plugins/toml/read-back.ts smolToml": "lazy module",
  "plugins/schema-json/lazy-modules.ts ajv": "lazy module",
  "plugins/schema-json/lazy-modules.ts ajv2019": "lazy module",
  "plugins/schema-json/lazy-modules.ts ajv2020": "lazy module",
  "plugins/schema-json/lazy-modules.ts addFormats": "lazy module",
  "plugins/schema-json/lazy-modules.ts re2": "lazy module",
  "plugins/schema-json/lazy-modules.ts jsYaml": "lazy module",
  "plugins/schema-json/lazy-modules.ts smolToml": "lazy module",
  "plugins/schema-json/compile-cache.ts sha256": "node:crypto's hash, bound on first use",
  "plugins/schema-json/collapse-keywords.ts codegen": "ajv's code-generation helpers, bound on first use (ajv loads lazily)",
  "plugins/schema-json/schema-document.ts yamlSchema": "the js-yaml schema built from the lazily loaded module, once",
  // a fact of the process, asked once
  "cli/io/fd-writer.ts stdoutTerminal": "whether stdout is a terminal",
  "cli/serve/ops/server-version.ts cached": "the package's name and version, read once",
  "cli/serve/ops/server-metrics.ts runtimeRegistry": "the process's runtime metrics (memory, event loop): one process, one registry",
  // the browser page's entry script: its state is the page's, one per page load
  "cli/playground/web/main.ts schemaVisible": "page state",
  "cli/playground/web/main.ts currentFragment": "page state",
  "cli/playground/web/main.ts timer": "page state",
  "cli/playground/web/main.ts running": "page state",
  "cli/playground/web/main.ts again": "page state",
  // the language server's evaluation worker: a thread of its own, whose module is the worker
  "cli/lsp/evaluation-worker.ts overlay": "the worker's unsaved texts",
  "cli/serve/run/pool/worker-main.ts runningId": "the job the server's worker thread runs now (the module is the worker)",
  // weak annotations of objects: an entry lives and dies with the object it describes, no process-wide growth
  "core/values/resolve-limits.ts RESOLVED": "marks the frozen limits objects resolveLimits made",
  "plugins/toml/toml-shape.ts lazyShapes": "a lazy array's shape, found by the check and used by the writer of one run",
  "cli/lsp/name-resolution.ts BY_NAME": "definitions by name, of one outline",
  "cli/lsp/name-resolution.ts ROOTS": "root definitions, of one outline",
  "cli/lsp/editor-tokens.ts PARTS": "interpolation parts, of one token",
  "cli/lsp/document-outline.ts ITEMS": "a top-level item's outline, of one green node (reused after an edit)",
  "cli/lsp/editor-tokens.ts ITEM_TOKENS": "a top-level item's editor tokens, of one green node (reused after an edit)",
  "cli/lsp/semantic-tokens.ts ITEMS": "a top-level item's semantic tokens, of one green node (reused after an edit)",
  "cli/lsp/folding-ranges.ts ITEMS": "a top-level item's folding ranges, of one green node (reused after an edit)",
  "cli/serve/http/routes/info.ts openApiTexts": "the OpenAPI text, of one server",
  // a lookup table filled once from constants and never written
  "cli/lsp/semantic-tokens.ts TYPE_INDEX": "the LSP legend's index of each token type",
  // immutable tokens shared by every tree, bounded by the language (punctuation, keywords, runs of up to 80 blanks)
  "core/syntax/tree-builder.ts SHARED": "interned punctuation and keyword tokens",
  "core/syntax/tree-builder.ts BLANKS": "interned runs of blanks, at most 80",
  "core/syntax/tree-builder.ts SHARED_CHARS": "interned one-character punctuation, by character code",
};

/** The TypeScript sources under `dir` (not tests, not declarations). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") && !entry.name.endsWith(".test.ts")) out.push(path);
  }
  return out;
}

const TOP_LET = /^(?:export )?(?:let|var) (\w+)/;
const TOP_COLLECTION = /^(?:export )?const (\w+)(?::\s*([^=]+?))?\s*=\s*new (?:Map|Set|WeakMap|WeakSet)\b/;
const TOP_EMPTY_ARRAY = /^(?:export )?const (\w+)(?::\s*([^=]+?))?\s*=\s*\[\];?$/;

/** Module-level state of one source text: `file name` for each top-level `let`, mutable collection or mutable empty array. */
function moduleState(file: string, text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    const name =
      TOP_LET.exec(line)?.[1] ??
      [TOP_COLLECTION, TOP_EMPTY_ARRAY].map((re) => re.exec(line)).find((m) => m !== null && !/^\s*(Readonly\w*|readonly)\b/.test(m[2] ?? ""))?.[1];
    if (name !== undefined) found.push(`${file} ${name}`);
  }
  return found;
}

const FOUND = ["core", "cli", "plugins"].flatMap(sources).concat("index.ts").flatMap((f) => moduleState(f, readFileSync(join(REPO_ROOT, f), "utf8")));

test("the scan finds what it looks for", () => {
  const text = "let a = 1;\nexport let b: number;\nconst c = new Map<string, number>();\nconst d: ReadonlySet<string> = new Set([]);\nconst e: T[] = [];\nconst f: readonly T[] = [];\n  let g = 0;\n";
  assert.equal(moduleState("x.ts", text), ["x.ts a", "x.ts b", "x.ts c", "x.ts e"]);
});

test("no module-level mutable state but what is listed, with its reason", () => {
  const unlisted = FOUND.filter((f) => ALLOWED[f] === undefined);
  assert.equal(unlisted, [], "module-level state: move it into the object that owns it (or, for a process-wide fact set once, list it here with the reason)");
});

test("every listed item is still there (the list shrinks as state moves into objects)", () => {
  const gone = Object.keys(ALLOWED).filter((k) => !FOUND.includes(k));
  assert.equal(gone, []);
});

test.run();

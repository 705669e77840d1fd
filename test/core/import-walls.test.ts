/**
 * The walls of core/ and plugins/ (STYLE.md, issue #17): imports flow one
 * way — source and diagnostics at the bottom, then syntax, eval, engine —,
 * core imports nothing from plugins/ or cli/, a built-in plugin imports
 * nothing from core but the public plugin API, and no two core files import
 * each other, directly or around a loop. Read from the TypeScript sources, so
 * type-only imports (which vanish from the compiled files) count too.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";

/** What each room of core/ may import (besides itself). A room is a folder of core/, or a loose file. */
const CORE_ALLOWED: Readonly<Record<string, readonly string[]>> = {
  source: [],
  diagnostics: ["source"],
  syntax: ["diagnostics", "source"],
  eval: ["data", "host", "syntax", "diagnostics", "source"],
  data: ["eval", "syntax", "diagnostics", "source"],
  host: ["eval", "diagnostics", "source"],
  emit: ["eval", "diagnostics", "source"],
  "plugin.ts": ["emit", "eval", "diagnostics", "source"],
  engine: ["plugin.ts", "emit", "host", "data", "eval", "syntax", "diagnostics", "source"],
  format: ["syntax", "eval", "diagnostics", "source"],
  import: ["data", "eval", "syntax", "diagnostics", "source"],
  "index.ts": ["engine", "plugin.ts", "emit", "host", "data", "eval", "syntax", "diagnostics", "source"],
};


/** Every `.ts` file under `dir`, as paths relative to `root` with `/` separators. */
function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(root, path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out.sort();
}

/** Relative specifiers of a module's static, re-export, side-effect and dynamic imports. */
function relativeImports(text: string): string[] {
  const out: string[] = [];
  const patterns = [/\b(?:import|export)\s[^;]*?\bfrom\s*"(\.[^"]*)"/g, /\bimport\s*\(\s*"(\.[^"]*)"\s*\)/g, /^\s*import\s*"(\.[^"]*)"/gm];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) if (m[1] !== undefined) out.push(m[1]);
  return out;
}

/** The import graph of `dirs` under `root`: file → files it imports (repository-relative `.ts` paths). */
function importGraph(root: string, dirs: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => sourceFiles(root, d))) {
    const text = readFileSync(join(root, file), "utf8");
    const targets = relativeImports(text).map((spec) => relative(root, resolve(root, dirname(file), spec)).split(sep).join("/").replace(/\.js$/, ".ts"));
    graph.set(file, targets);
  }
  return graph;
}

/** The room of a core file: its folder under core/, or its own name when loose. */
function roomOf(file: string): string {
  return file.split("/")[1] ?? "";
}

/** Every import that breaks a wall, as `from -> to (why)` lines. */
function wallBreaches(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const edge = `${from} -> ${to}`;
      if (from.startsWith("core/")) {
        if (!to.startsWith("core/")) {
          out.push(`${edge} (core imports nothing outside core/)`);
          continue;
        }
        const a = roomOf(from);
        const b = roomOf(to);
        const allowed = CORE_ALLOWED[a];
        if (allowed === undefined) out.push(`${edge} (core/${a} has no place in the layers of this test: add it)`);
        else if (a !== b && !allowed.includes(b)) out.push(`${edge} (${a} may import only ${allowed.join(", ") || "nothing outside itself"})`);
      } else if (from.startsWith("plugins/")) {
        const own = from.split("/").length > 2 ? from.split("/").slice(0, 2).join("/") + "/" : "plugins/";
        if (to.startsWith("core/") ? to !== "core/plugin.ts" : !to.startsWith(own)) out.push(`${edge} (a built-in plugin imports only its own files and core/plugin.ts)`);
      }
    }
  }
  return out;
}

/** Import cycles among the files of `graph`, each as `a -> b -> … -> a`. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    stack.push(file);
    for (const to of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      const s = state.get(to);
      if (s === "open") cycles.push([...stack.slice(stack.indexOf(to)), to].join(" -> "));
      else if (s === undefined) visit(to);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

const graph = importGraph(REPO_ROOT, ["core", "plugins"]);

test("the graph is read: core and the built-in plugins import what they should", () => {
  assert.ok((graph.get("core/plugin.ts") ?? []).includes("core/values/values.ts"));
  assert.ok((graph.get("plugins/builtins.ts") ?? []).includes("plugins/json/index.ts"));
  assert.ok(graph.size > 50, `${graph.size} files`);
});

test("imports flow one way: source and diagnostics ← syntax ← eval ← engine; core imports nothing from plugins/ or cli/", () => {
  assert.equal(wallBreaches(graph), []);
});

test("no import cycles among core files", () => {
  const core = new Map([...graph].filter(([file]) => file.startsWith("core/")));
  assert.equal(importCycles(core), []);
});

test("the checks catch what they are for", () => {
  const bad = new Map<string, string[]>([
    ["core/syntax/parser.ts", ["core/engine/engine.ts"]],
    ["core/eval/evaluator.ts", ["core/engine/options.ts"]],
    ["core/index.ts", ["plugins/builtins.ts"]],
    ["plugins/json/index.ts", ["core/values/values.ts"]],
    ["core/engine/engine.ts", ["core/plugin.ts"]],
    ["core/plugin.ts", ["core/emit/text-writer.ts"]],
    ["core/emit/text-writer.ts", ["core/plugin.ts"]],
  ]);
  assert.is(wallBreaches(bad).length, 5);
  assert.equal(importCycles(bad), ["core/plugin.ts -> core/emit/text-writer.ts -> core/plugin.ts"]);
});

test.run();

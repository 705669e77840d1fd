/**
 * The walls of the tree (STYLE.md, issues #17 and #28), read from the
 * TypeScript sources (test/support/import-graph.ts), so type-only imports,
 * which vanish from the compiled files, count too:
 *
 * - no import cycle anywhere in the tree: not between files, and not between
 *   the rooms of any folder (its subfolders and loose files);
 * - the floors of core/ and of cli/serve/: an ordered list of rooms, each of
 *   which imports only rooms below it (the value model at the bottom of core,
 *   the composition at the top of the server);
 * - provenance (tracing and locating) is the engine's: nothing outside
 *   core/eval, core/engine and the entry imports it;
 * - core imports nothing from plugins/ or cli/; a built-in plugin imports
 *   nothing from core but the public plugin API;
 * - the language server (cli/lsp) takes from core only the package's entries,
 *   the formatter and the syntax entry (the lossless tree). (The other rooms of cli/: test/cli/cli-rooms.ts.)
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { REPO_ROOT } from "../support/repo-root.js";
import { importCycles, importGraph, roomCycles, type ImportGraph } from "../support/import-graph.js";

/**
 * The floors of core/, bottom first: a room (a folder of core/, or a loose
 * file) imports only rooms below it. The value model and the limits
 * (values/) stand on the diagnostics alone; the emitters' writers and the
 * plugin contract (plugin/, `jsson/plugin`) on the values; the host, the
 * data readers and provenance below the evaluator; the engine at the top,
 * then the plugin test kit (`jsson/plugin/testing`, which drives an engine),
 * under the package entry.
 */
const CORE_FLOORS: readonly string[] = ["source", "diagnostics", "values", "emit", "plugin", "syntax", "host", "data", "provenance", "eval", "format", "import", "engine", "plugin-testing", "index.ts"];

/**
 * The floors of cli/serve/, bottom first: running jobs (run/: the worker
 * pool, the jobs, their protocol), operations (ops/: options, metrics, logs,
 * version), HTTP (http/: routes, CORS, hosts, bodies, responses), then the
 * server put together (app.ts), its banner, its supervisor (run-server.ts)
 * and the entry of the HTTP processes the supervisor forks (cluster-child-start.ts).
 */
const SERVE_FLOORS: readonly string[] = ["run", "ops", "http", "app.ts", "banner.ts", "run-server.ts", "cluster-child-start.ts"];

/** The rooms of core/ that may import core/provenance/ (tracing and locating are the engine's). */
const PROVENANCE_USERS: readonly string[] = ["eval", "engine", "index.ts"];

/**
 * What cli/lsp may import outside itself: the package entries, the formatter, the syntax room's entry for
 * editor tooling (core/syntax/index.ts: the lossless tree), and the CLI's input reading and plugin trust.
 */
const LSP_MAY_IMPORT: readonly RegExp[] = [/^index\.ts$/, /^core\/index\.ts$/, /^core\/plugin\/index\.ts$/, /^core\/format\//, /^core\/syntax\/index\.ts$/, /^cli\/io\//, /^cli\/plugin-loader\//];

/**
 * Imports of cli/lsp into core's insides that the public API does not carry
 * yet (issue 28 item 2 moves them behind it). The list only shrinks: an
 * entry no longer imported fails the test until it is deleted.
 */
const LSP_HOLES: readonly string[] = ["core/values/program-value.ts"];

/** The room of `file` inside `folder` (`core/eval/x.ts` in `core` → `eval`), or undefined when outside it. */
function roomIn(folder: string, file: string): string | undefined {
  return file.startsWith(`${folder}/`) ? file.slice(folder.length + 1).split("/")[0] : undefined;
}

/** Imports between the rooms of `folder` that go up or sideways in `floors`, as `from -> to (why)` lines. */
function floorBreaches(graph: ImportGraph, folder: string, floors: readonly string[]): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const a = roomIn(folder, from);
    if (a === undefined) continue;
    for (const to of targets) {
      const b = roomIn(folder, to);
      if (b === undefined || a === b) continue;
      const below = floors.slice(0, Math.max(0, floors.indexOf(a)));
      if (!floors.includes(a)) out.push(`${from} -> ${to} (${folder}/${a} has no floor in this test: add it)`);
      else if (!below.includes(b)) out.push(`${from} -> ${to} (${folder}/${a} imports only ${below.join(", ") || "nothing of its neighbours"})`);
    }
  }
  return out;
}

/** Every import that breaks one of the walls besides the floors, as `from -> to (why)` lines. */
function wallBreaches(graph: ImportGraph): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const edge = `${from} -> ${to}`;
      if (from.startsWith("core/") && !to.startsWith("core/")) out.push(`${edge} (core imports nothing outside core/)`);
      // (tests may: test/provenance/ checks it from inside)
      if (to.startsWith("core/provenance/") && !from.startsWith("core/provenance/") && !from.startsWith("test/") && !PROVENANCE_USERS.includes(roomIn("core", from) ?? ""))
        out.push(`${edge} (provenance is the engine's: only ${PROVENANCE_USERS.map((r) => `core/${r}`).join(", ")} import it)`);
      if (from.startsWith("plugins/")) {
        const own = from.split("/").length > 2 ? from.split("/").slice(0, 2).join("/") + "/" : "plugins/";
        if (to.startsWith("core/") ? to !== "core/plugin/index.ts" : !to.startsWith(own)) out.push(`${edge} (a built-in plugin imports only its own files and core/plugin/index.ts)`);
      }
      if (from.startsWith("cli/lsp/") && !to.startsWith("cli/lsp/") && !LSP_MAY_IMPORT.some((r) => r.test(to)) && !LSP_HOLES.includes(to))
        out.push(`${edge} (the language server takes from core only the package's entries, the formatter and the syntax entry)`);
    }
  }
  return out;
}

const graph = importGraph(REPO_ROOT, ["."]);

test("the graph is read: the whole tree, with type-only, re-exported and dynamic imports", () => {
  const has = (from: string, to: string) => (graph.get(from) ?? []).includes(to);
  assert.ok(has("core/plugin/index.ts", "core/values/values.ts"), "export type … from");
  assert.ok(has("plugins/builtins.ts", "plugins/json/index.ts"), "import … from");
  assert.ok(has("cli/transpile/transpile-flags.ts", "cli/transpile/transpile-command.ts"), "import()");
  assert.ok(has("cli/serve/banner.ts", "cli/serve/app.ts"), "import type");
  assert.ok(has("test/core/import-walls.test.ts", "test/support/import-graph.ts"), "the tests are in the graph too");
  assert.ok(graph.size > 500, `${graph.size} files`);
});

test("no import cycle among the files of the tree", () => {
  assert.equal(importCycles(graph), []);
});

test("no import cycle among the rooms of any folder", () => {
  assert.equal(roomCycles(graph), []);
});

test("core's floors: each room imports only rooms below it (values at the bottom, the engine at the top)", () => {
  assert.equal(floorBreaches(graph, "core", CORE_FLOORS), []);
});

test("the server's floors: run ← ops ← http ← app ← banner ← run-server ← cluster-child-start", () => {
  assert.equal(floorBreaches(graph, "cli/serve", SERVE_FLOORS), []);
});

test("every room of core/ and cli/serve/ has its floor", () => {
  const rooms = (folder: string) => new Set([...graph.keys()].map((f) => roomIn(folder, f)).filter((r) => r !== undefined));
  assert.equal([...rooms("core")].sort(), [...CORE_FLOORS].sort());
  assert.equal([...rooms("cli/serve")].sort(), [...SERVE_FLOORS].sort());
});

test("core imports nothing from plugins/ or cli/; provenance is the engine's; plugins use core/plugin/index.ts; the language server uses the package's entries", () => {
  assert.equal(wallBreaches(graph), []);
});

test("the engine's run: the pipeline makes evaluations; an evaluation knows the pipeline only by the stages it needs", () => {
  const of = (file: string) => graph.get(file) ?? [];
  assert.ok(of("core/engine/pipeline.ts").includes("core/engine/evaluation.ts"), "pipeline.ts makes the Evaluation");
  assert.equal(
    of("core/engine/evaluation.ts").filter((to) => ["core/engine/pipeline.ts", "core/engine/engine.ts", "core/engine/registry.ts"].includes(to)),
    [],
    "evaluation.ts imports no pipeline, engine or registry (EvaluationStages is its view of them)",
  );
  assert.equal(
    of("core/engine/run-result.ts").filter((to) => to.startsWith("core/engine/")),
    [],
    "run-result.ts (the results both share) stands on nothing of the engine",
  );
});

test("the language server's list of holes only shrinks", () => {
  const used = new Set([...graph].filter(([from]) => from.startsWith("cli/lsp/")).flatMap(([, targets]) => targets));
  assert.equal(
    LSP_HOLES.filter((hole) => !used.has(hole)),
    [],
    "cli/lsp no longer imports these: delete them from LSP_HOLES",
  );
});

test("the checks catch what they are for", () => {
  const bad = new Map<string, string[]>([
    ["core/syntax/parser.ts", ["core/engine/engine.ts"]],
    ["core/values/values.ts", ["core/eval/evaluator.ts"]],
    ["core/host/node-fs-host.ts", ["core/eval/evaluator.ts"]],
    ["core/index.ts", ["plugins/builtins.ts"]],
    ["plugins/json/index.ts", ["core/values/values.ts"]],
    ["cli/lsp/hover-info.ts", ["core/eval/evaluator.ts", "core/provenance/value-trace.ts", "core/index.ts"]],
    ["cli/serve/run/jobs/run-transpile.ts", ["cli/serve/http/send-json.ts"]],
    ["core/emit/text-writer.ts", ["core/emit/text-sink.ts"]],
  ]);
  assert.is(floorBreaches(bad, "core", CORE_FLOORS).length, 3);
  assert.is(floorBreaches(bad, "cli/serve", SERVE_FLOORS).length, 1);
  assert.is(wallBreaches(bad).length, 5, wallBreaches(bad).join("\n"));
  const loop = new Map<string, string[]>([
    ["core/eval/evaluator.ts", ["core/data/data-budget.ts"]],
    ["core/data/data-budget.ts", ["core/eval/limits.ts"]],
    ["core/eval/limits.ts", []],
  ]);
  assert.equal(importCycles(loop), []);
  assert.equal(roomCycles(loop), ["in core: data → eval → data (core/data/data-budget.ts -> core/eval/limits.ts; core/eval/evaluator.ts -> core/data/data-budget.ts)"]);
  loop.set("core/eval/limits.ts", ["core/eval/evaluator.ts"]);
  assert.equal(importCycles(loop), ["core/data/data-budget.ts -> core/eval/limits.ts -> core/eval/evaluator.ts -> core/data/data-budget.ts"]);
});

test.run();

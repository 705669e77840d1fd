/**
 * The walls between the rooms of cli/ (docs/architecture.md), read from the
 * TypeScript sources: every `import … from`, `export … from` and
 * `import("…")` with a relative specifier, type-only imports included (they
 * are erased from dist/, yet a type still ties two rooms together), and the
 * playground's browser code (cli/playground/web, which tsc does not emit).
 *
 * A room is a folder directly under cli/ (`serve`, `argv`, …) or a loose
 * file (`main.ts`). The rules:
 *
 * - the rooms form no cycle (A imports B and B, through any others, A);
 * - argv/ and wire/ import no other room (both are imported from all sides:
 *   flag values and units; the HTTP wire shapes the server writes and the
 *   browser page reads); wire/ imports nothing at all, not even core/;
 * - nothing imports commands/ or main.ts (oclif loads them by path);
 * - serve/ imports none of the CLI's own run: not commands/, transpile/,
 *   source-tools/, lsp/, nor the terminal's reports (only its safe-text
 *   escaping, for the banner);
 * - playground/ imports nothing of serve/: the server mounts the page
 *   (serve → playground), never the reverse;
 * - serve/ and playground/ take from core/ only its public entries (see
 *   {@link SERVER_CORE_ENTRIES}), never the evaluator's or the parser's insides;
 * - no room takes anything from core/data/: external variables and data
 *   formats are read through core's public entry (`readVars`, `dataFormatOf`).
 */
import { importGraph } from "../support/import-graph.js";

/** One import between two files of the tree, as paths relative to the checkout (`cli/serve/app.ts`). */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
}

/**
 * What of core/ the server and the playground may import: the package's
 * entries (`jsson` = core/index.ts, `jsson/plugin` = core/plugin/index.ts),
 * the room the engine's API hands out whole (where include text comes
 * from, core/host/), and the few modules the server needs that are not
 * public API (the public entries export only what an embedder needs):
 * resolved limits, the run counter behind its work counts (and internal.ts, which gives it to an engine), a diagnostic at
 * a place of a request (and a place's JSON form), the closest name for its "did you mean", the value
 * classes its stream decision walks.
 */
export const SERVER_CORE_ENTRIES: readonly RegExp[] = [
  /^core\/index\.ts$/,
  /^core\/plugin\/index\.ts$/,
  /^core\/host\//,
  /^core\/engine\/(run-counter|internal)\.ts$/,
  /^core\/values\/resolve-limits\.ts$/,
  /^core\/diagnostics\/(make-diagnostic|closest-name|diagnostic-json)\.ts$/,
  /^core\/(eval|values)\/values\.ts$/,
];

/** Every relative import of every .ts file under `root/cli`, resolved to the .ts file it names (test/support/import-graph.ts). */
export function cliImports(root: string): ImportEdge[] {
  return [...importGraph(root, ["cli"])].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
}

/** The room of a path under cli/ (`cli/serve/jobs/x.ts` → `serve`, `cli/main.ts` → `main.ts`); undefined outside cli/. */
export function roomOf(path: string): string | undefined {
  const parts = path.split("/");
  return parts[0] === "cli" ? parts[1] : undefined;
}

/** Every broken rule, one line each (`serve → transpile: cli/serve/x.ts imports cli/transpile/y.ts`); empty when the walls hold. */
export function roomViolations(edges: readonly ImportEdge[]): string[] {
  const problems: string[] = [];
  const between = new Map<string, ImportEdge>(); // "a b" → one example edge
  for (const e of edges) {
    const a = roomOf(e.from);
    const b = roomOf(e.to);
    if (a === undefined) continue;
    const say = (rule: string) => problems.push(`${rule}: ${e.from} imports ${e.to}`);
    if (b === undefined) {
      if (a === "wire") say("wire imports nothing");
      else if (e.to.startsWith("core/data/")) say(`${a} takes nothing from core/data (read variables with core's readVars)`);
      else if ((a === "serve" || a === "playground") && e.to.startsWith("core/") && !SERVER_CORE_ENTRIES.some((r) => r.test(e.to)))
        say(`${a} takes from core only its public entries`);
      continue;
    }
    if (a === b) continue;
    if (!between.has(`${a} ${b}`)) between.set(`${a} ${b}`, e);
    if (a === "argv" || a === "wire") say(`${a} imports no other room`);
    if (b === "commands" || b === "main.ts") say(`nothing imports ${b}`);
    if (a === "serve" && ["commands", "transpile", "source-tools", "lsp"].includes(b)) say(`serve imports no ${b}`);
    if (a === "serve" && b === "terminal" && e.to !== "cli/terminal/terminal-text.ts") say("serve takes from terminal only its safe text");
    if (a === "playground" && b === "serve") say("playground imports nothing of serve (the server mounts the page)");
  }
  for (const cycle of roomCycles(between)) problems.push(`rooms in a cycle: ${cycle.map((e) => `${e.from} → ${e.to}`).join(", ")}`);
  return problems;
}

/** One cycle per strongly connected group of rooms, as the example edges that close it. */
function roomCycles(between: ReadonlyMap<string, ImportEdge>): ImportEdge[][] {
  const next = new Map<string, string[]>();
  for (const key of between.keys()) {
    const [a = "", b = ""] = key.split(" ");
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  const cycles: ImportEdge[][] = [];
  const done = new Set<string>();
  for (const start of [...next.keys()].sort()) {
    if (done.has(start)) continue;
    const path = findPath(next, start, start, new Set());
    if (path !== undefined) {
      cycles.push(path.slice(1).map((room, i) => between.get(`${path[i]} ${room}`) as ImportEdge));
      for (const room of path) done.add(room);
    }
  }
  return cycles;
}

/** A path of rooms from `from` back to `goal` (depth first), or undefined. */
function findPath(next: ReadonlyMap<string, readonly string[]>, from: string, goal: string, seen: Set<string>): string[] | undefined {
  for (const to of next.get(from) ?? []) {
    if (to === goal) return [from, to];
    if (seen.has(to)) continue;
    seen.add(to);
    const rest = findPath(next, to, goal, seen);
    if (rest !== undefined) return [from, ...rest];
  }
  return undefined;
}

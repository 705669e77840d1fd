/**
 * The import graph of the repository's TypeScript sources, for the wall
 * tests: which file imports which, read with TypeScript's own pre-processor
 * (so comments and strings that look like imports are not imports, and
 * `import type`, `export … from`, side-effect and dynamic `import()`
 * imports all count: a type-only import vanishes from dist/ yet still ties
 * two files together). Only relative specifiers are followed; packages are
 * outside the graph.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import ts from "typescript";

/** File → the files it imports, as repository-relative `.ts` paths with `/` separators. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Folders never read: installed packages, build output. */
const SKIPPED = new Set(["node_modules", "dist", ".git"]);

/** Every `.ts` source (not `.d.ts`) under the repository-relative `entries` (folders or files; `.` is the whole tree). */
export function sourceFiles(root: string, entries: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (path: string): void => {
    if (statSync(join(root, path)).isFile()) {
      if (path.endsWith(".ts") && !path.endsWith(".d.ts")) out.push(path);
      return;
    }
    for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
      if (!SKIPPED.has(entry.name) && !entry.name.startsWith(".") && !entry.isSymbolicLink()) walk(path === "." ? entry.name : `${path}/${entry.name}`);
    }
  };
  for (const entry of entries) walk(entry);
  return out.sort();
}

/** The relative specifiers a module imports (static, type-only, re-exported, side-effect, dynamic). */
export function relativeSpecifiers(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith("./") || name.startsWith("../"));
}

/** The import graph of the sources under `entries`; a specifier names the `.ts` file its `.js` is compiled from. */
export function importGraph(root: string, entries: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root, entries)) {
    const text = readFileSync(join(root, file), "utf8");
    graph.set(
      file,
      relativeSpecifiers(text).map((spec) => posix.normalize(posix.join(dirname(file), spec)).replace(/\.js$/, ".ts")),
    );
  }
  return graph;
}

/** Cycles among the files of `graph` (one per loop found, depth first), each as `a -> b -> … -> a`. */
export function importCycles(graph: ImportGraph): string[] {
  const next = new Map<string, readonly string[]>();
  for (const [file, targets] of graph) next.set(file, targets.filter((t) => graph.has(t)));
  return cycles(next).map((loop) => loop.join(" -> "));
}

/**
 * Cycles between rooms, at every level of the tree. The rooms of a folder
 * are its children: its subfolders (each with all it holds) and its loose
 * files. An import from a file in room A to a file in room B of the same
 * folder (A ≠ B) is an arrow A → B; no folder may have a loop of arrows. So
 * `core/eval → core/data → core/eval` is a loop in `core`, and
 * `cli/serve/run/pool → cli/serve/run/jobs → cli/serve/run/pool` one in
 * `cli/serve/run`. Each loop is given with one import that draws each arrow.
 */
export function roomCycles(graph: ImportGraph): string[] {
  const arrows = new Map<string, Map<string, Map<string, string>>>(); // folder → room → room → an import
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (!graph.has(to)) continue;
      const a = from.split("/");
      const b = to.split("/");
      let i = 0;
      while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
      const roomA = a[i] as string;
      const roomB = b[i] as string;
      if (roomA === roomB) continue;
      const folder = a.slice(0, i).join("/") || ".";
      const rooms = arrows.get(folder) ?? new Map<string, Map<string, string>>();
      arrows.set(folder, rooms);
      const out = rooms.get(roomA) ?? new Map<string, string>();
      rooms.set(roomA, out);
      if (!out.has(roomB)) out.set(roomB, `${from} -> ${to}`);
    }
  }
  const found: string[] = [];
  for (const [folder, rooms] of [...arrows].sort(([x], [y]) => x.localeCompare(y))) {
    const next = new Map([...rooms].map(([room, out]) => [room, [...out.keys()]] as const));
    for (const loop of cycles(next)) {
      const via = loop.slice(1).map((room, k) => rooms.get(loop[k] as string)?.get(room));
      found.push(`in ${folder}: ${loop.join(" → ")} (${via.join("; ")})`);
    }
  }
  return found;
}

/** The loops of a directed graph met by a depth-first walk (every graph with a loop yields at least one). */
function cycles(next: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (node: string): void => {
    state.set(node, "open");
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      const s = state.get(to);
      if (s === "open") loops.push([...stack.slice(stack.indexOf(to)), to]);
      else if (s === undefined) visit(to);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...next.keys()].sort()) if (!state.has(node)) visit(node);
  return loops;
}

/**
 * The file list of a many-file run (`jsson transpile a.jsson 'conf/**\/*.jsson'
 * --out-dir dist`): patterns expanded by us (quotes keep them from the
 * shell), and where each output goes — the inputs' tree mirrored under the
 * output folder relative to their common base folder, with the format's
 * extension.
 */
import { basename, dirname, extname, join, relative, resolve, sep } from "node:path";

/**
 * A pattern without any of these characters is no glob to tinyglobby
 * (picomatch's scan: wildcards, brackets, braces, extglobs, a leading `!`;
 * escapes too, to be safe). tinyglobby is loaded only when a pattern has one:
 * with the fdir it brings, which probes for picomatch in node_modules, it
 * costs a `jsson validate FILE` milliseconds of start-up (issue 18).
 */
const MAYBE_GLOB = /[*?[\]{}()!+@\\]/;

/** One input and where its output goes (absolute paths). */
export interface ManyFilesJob {
  readonly input: string;
  readonly output: string;
}

/** The jobs, the patterns that matched no file, and inputs whose output another input already takes (`a.jsson` and `a.jsonc` → `a.json`). */
export interface ManyFilesPlan {
  readonly jobs: readonly ManyFilesJob[];
  readonly unmatched: readonly string[];
  readonly clashes: readonly (ManyFilesJob & { readonly taken: string })[];
}

/**
 * Expand `patterns` (plain paths are taken as they are, even when missing:
 * reading them reports the problem) and pair every input with its output
 * under `outDir`, named after the input with `extension` in place of its
 * own. Matches of one pattern come sorted; a file named twice runs once.
 * Globs do not follow symbolic links to folders (a link to a parent would
 * list the same files again under other names).
 */
export async function planManyFiles(patterns: readonly string[], outDir: string, extension: string, cwd: string): Promise<ManyFilesPlan> {
  const { inputs, unmatched } = await expandInputs(patterns, cwd);
  const base = commonFolder(inputs.map((f) => dirname(f)));
  const outRoot = resolve(cwd, outDir);
  const jobs: ManyFilesJob[] = [];
  const clashes: (ManyFilesJob & { taken: string })[] = [];
  const owners = new Map<string, string>();
  for (const input of inputs) {
    const rel = relative(base, input);
    const stem = basename(rel, extname(rel));
    const output = join(outRoot, dirname(rel), `${stem}.${extension}`);
    const taken = owners.get(output);
    if (taken !== undefined) clashes.push({ input, output, taken });
    else (owners.set(output, input), jobs.push({ input, output }));
  }
  return { jobs, unmatched, clashes };
}

/**
 * The files `patterns` name, as absolute paths: plain paths as they are
 * (even when missing: reading them reports the problem), globs expanded and
 * sorted per pattern, each file once; and the globs that matched nothing.
 */
export async function expandInputs(patterns: readonly string[], cwd: string): Promise<{ inputs: string[]; unmatched: string[] }> {
  const glob = patterns.some((p) => MAYBE_GLOB.test(p)) ? await import("tinyglobby") : undefined;
  const inputs = new Set<string>();
  const unmatched: string[] = [];
  for (const pattern of patterns) {
    const found = glob?.isDynamicPattern(pattern) ? glob.globSync(pattern, { cwd, absolute: true, onlyFiles: true, followSymbolicLinks: false }).sort() : [resolve(cwd, pattern)];
    if (found.length === 0) unmatched.push(pattern);
    for (const f of found) inputs.add(resolve(f));
  }
  return { inputs: [...inputs], unmatched };
}

/** The deepest folder containing every one of `folders` (absolute paths). */
export function commonFolder(folders: readonly string[]): string {
  const first = folders[0];
  if (first === undefined) return resolve(".");
  let parts = first.split(sep);
  for (const f of folders) {
    const other = f.split(sep);
    let i = 0;
    while (i < parts.length && i < other.length && parts[i] === other[i]) i++;
    parts = parts.slice(0, i);
  }
  return parts.length <= 1 ? sep : parts.join(sep);
}

/**
 * The texts the syntax properties start from (parser recovery, the syntax
 * tree): the conformance inputs (when ../shared is there), the repository's
 * examples and the mistakes corpus.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";
import { loadConformanceInputs } from "./conformance-inputs.js";

/** Every `.jsson` text under `dir`, recursively. */
export function jssonIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jssonIn(join(dir, e.name)) : e.name.endsWith(".jsson") ? [readFileSync(join(dir, e.name), "utf8")] : []));
}

/** The corpus: conformance inputs, examples, mistakes. */
export function syntaxCorpus(): string[] {
  return [...loadConformanceInputs().map((c) => c.input), ...jssonIn(join(REPO_ROOT, "examples")), ...jssonIn(join(REPO_ROOT, "test", "diagnostics", "mistakes"))];
}

/**
 * The shared specification folder (`../shared` beside the repository) is
 * optional: a lone clone has none. Suites built on its conformance cases or
 * reference examples ask for their folder here and register no tests when
 * it is missing; the first miss in a test process prints one line saying
 * so, so a lone clone's `npm test` reports it once instead of failing.
 */
import { statSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT, SHARED_DIR } from "./repo-root.js";

/** The parts of the shared folder that test suites read. */
export type SharedPart = "conformance" | "reference-examples";

const reported = new Set<string>();

/**
 * Absolute path of `../shared/<part>` when it is a folder; otherwise
 * `undefined`, and a one-line note on stdout naming what is not run (each
 * note once per process: with no `../shared` at all, one line in all).
 */
export function sharedFolder(part: SharedPart): string | undefined {
  const dir = join(SHARED_DIR, part);
  if (isFolder(dir)) return dir;
  const note = isFolder(SHARED_DIR)
    ? `note: ${relative(REPO_ROOT, dir)} not found; the tests that read it are not run`
    : `note: ${relative(REPO_ROOT, SHARED_DIR)} not found beside the repository; the shared conformance suite and reference examples are not run`;
  if (!reported.has(note)) {
    reported.add(note);
    console.log(note);
  }
  return undefined;
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/**
 * `register` (uvu's `test`) when `../shared/<part>` is there, else a function
 * that registers nothing: for a suite's summary tests ("all 83 examples were
 * found"), which must hold with the shared folder and mean nothing without it.
 */
export function whenShared<A extends unknown[]>(part: SharedPart, register: (...args: A) => void): (...args: A) => void {
  return sharedFolder(part) === undefined ? () => {} : register;
}

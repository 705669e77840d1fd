/**
 * Where things are, for tests: the repository root (found by walking up
 * from the compiled test file to the folder with jsson's package.json) and
 * the shared specs folder beside it (`../shared`, optional).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "jsson") return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error("test/support: cannot find the jsson package root");
    dir = up;
  }
}

/** Absolute path of the repository root. */
export const REPO_ROOT = findRoot();

/**
 * Absolute path of `../shared` (specs, conformance cases, reference
 * examples); it may be missing: tests ask shared-folder.ts for its parts.
 */
export const SHARED_DIR = resolve(REPO_ROOT, "../shared");

/** Absolute path of the CLI entry point. */
export const CLI_BIN = join(REPO_ROOT, "bin", "jsson.js");

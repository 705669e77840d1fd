/**
 * The module an evaluation worker thread starts from: the bundle of
 * worker-main and its imports (dist/serve-worker/, scripts/build-serve-worker.mjs)
 * while it is at least as new as the last `tsc` (dist/.tsbuildinfo; absent in
 * the packed package), else the compiled worker-main.js, so that a `tsc` after
 * the last full build never runs an old bundle (the same rule as bin/jsson.js
 * for the CLI bundle). One file instead of ≈ 130 makes each thread's start
 * ≈ 140 ms of CPU cheaper (bench/serve-start.mjs).
 */
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const COMPILED = new URL("./worker-main.js", import.meta.url);
const BUNDLED = new URL("../../../../serve-worker/worker-main.mjs", import.meta.url);
const BUILD_INFO = new URL("../../../../.tsbuildinfo", import.meta.url);

/** The worker's entry module, chosen once per process; the compiled files under a coverage run (`npm run coverage`), whose report maps them to the sources. */
export const WORKER_ENTRY: URL = process.env["NODE_V8_COVERAGE"] === undefined && bundleIsFresh() ? BUNDLED : COMPILED;

function bundleIsFresh(): boolean {
  const built = statSync(fileURLToPath(BUNDLED), { throwIfNoEntry: false });
  if (built === undefined) return false;
  const compiled = statSync(fileURLToPath(BUILD_INFO), { throwIfNoEntry: false });
  return compiled === undefined || built.mtimeMs >= compiled.mtimeMs;
}

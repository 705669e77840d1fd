#!/usr/bin/env node
// The jsson command. All logic is in cli/main.ts (compiled to dist/):
// route to a command (default: transpile), normalise Go-style flags
// (`-i FILE -f yaml`), then run the command through oclif.
//
// Start-up time (issue 18): Node pays for every ES module it loads, and a
// plain transpile from dist/ loads ~130 (a validate or fmt through oclif more).
// `npm run build` also bundles the fast path (plain transpile, validate, check,
// fmt: cli/main.ts) into one file with a code cache (dist/cli-bundle/, scripts/build-cli.mjs),
// which runs instead when it is at least as new as the compiled files (a `tsc`
// after the last full build leaves it stale: then dist/ runs, never an old
// bundle). The bundle hands every other command line to dist/cli/main.js.
// This file is CommonJS (bin/package.json), so that a bundled run never
// starts Node's ES module loader.
"use strict";
const { existsSync, statSync } = require("node:fs");
const { join } = require("node:path");
const { pathToFileURL } = require("node:url");

const root = join(__dirname, "..") + "/";
const entry = join(root, "dist", "cli", "main.js");
const bundle = join(root, "dist", "cli-bundle");
const argv = process.argv.slice(2);
// Long-running commands start from dist/ at once: the bundle would only hand
// them over, after loading a copy of the engine that every server process
// (cluster workers run this file again) would then keep for nothing.
const LONG_RUNNING = new Set(["serve", "lsp"]);

/** Whether the bundle exists and is not older than the last `tsc` (dist/.tsbuildinfo; absent in the packed package). */
function bundleIsFresh() {
  const built = statSync(join(bundle, "cli.cjs"), { throwIfNoEntry: false });
  if (built === undefined) return false;
  const compiled = statSync(join(root, "dist", ".tsbuildinfo"), { throwIfNoEntry: false });
  return compiled === undefined || built.mtimeMs >= compiled.mtimeMs;
}

async function runUnbundled() {
  const { main } = await import(pathToFileURL(entry).href);
  await main(argv, root);
}

if (!existsSync(entry)) {
  process.stderr.write("jsson: not built yet: run `npm run build` first\n");
  process.exitCode = 70;
} else if (!LONG_RUNNING.has(argv[0]) && bundleIsFresh()) {
  require(join(bundle, "load.cjs")).loadCliBundle().exports.main(argv, root, runUnbundled);
} else {
  void runUnbundled();
}

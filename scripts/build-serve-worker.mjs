#!/usr/bin/env node
// Bundles the evaluation worker of `jsson serve` (dist/cli/serve/run/pool/
// worker-main.js and everything it imports: the engine, the built-in plugins,
// the job runners) into one ES module, dist/serve-worker/worker-main.mjs,
// which the worker pool starts instead of the compiled file while it is at
// least as new as the compiled files (cli/serve/run/pool/worker-entry.ts).
// Runs after `tsc`: it bundles dist/, so the bundle is exactly the compiled code.
//
// Why: every worker thread loads its own copy of its modules, and Node pays
// per ES module it loads (resolve, read, compile, link): ≈ 130 files, about
// 180 ms of CPU above an empty thread's start, for every thread of every
// server process (the default is one per core), every replacement of a
// worker that overran its limit, and every restart. One file costs ≈ 40 ms
// (bench/RESULTS.md, "branch suite300").
//
// Packages loaded on demand with `createRequire(import.meta.url)` (YAML and
// TOML readers, ajv) stay in node_modules, found from the bundle's folder as
// from dist/; plugins import whatever jsson they resolve (the plugin API needs
// no class identity with the engine that loads them). The build fails if
// bundled code looks for a file relative to itself.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { NODE_BUNDLE_OPTIONS } from "./node-bundle-options.mjs";
import { swapIn } from "./swap-in.mjs";
import { licenses } from "./third-party-licenses.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();
const entry = join(root, "dist", "cli", "serve", "run", "pool", "worker-main.js");
const out = join(root, "dist", `serve-worker.tmp-${process.pid}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: [entry],
  outfile: join(out, "worker-main.mjs"),
  ...NODE_BUNDLE_OPTIONS,
  format: "esm",
  // CommonJS packages bundled into an ES module call `require` for Node's built-ins
  banner: { js: `import { createRequire as __jssonCreateRequire } from "node:module"; const require = __jssonCreateRequire(import.meta.url);` },
});

const text = readFileSync(join(out, "worker-main.mjs"), "utf8");
const relative = [...text.matchAll(/new URL\(\s*["'`]([^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g)].map((m) => m[1]);
if (relative.length > 0) {
  rmSync(out, { recursive: true, force: true });
  console.error(`build-serve-worker: bundled code looks for files beside it, which the bundle lacks:\n  ${relative.join("\n  ")}`);
  process.exit(1);
}
writeFileSync(join(out, "third-party-licenses.txt"), licenses(root, Object.keys(result.metafile.inputs)));

const final = join(root, "dist", "serve-worker");
swapIn(out, final);
const kib = (statSync(join(final, "worker-main.mjs")).size / 1024).toFixed(0);
console.log(`serve worker: dist/serve-worker/worker-main.mjs ${kib} KiB in ${((performance.now() - started) / 1000).toFixed(1)} s`);

#!/usr/bin/env node
// Runs the build steps that read dist/ after `tsc` (package.json "build"):
// the playground, the CLI bundle, the serve worker's bundle and the man page.
// They write separate outputs (dist/playground/, dist/cli-bundle/,
// dist/serve-worker/, man/) and read none of each other's, so they run at
// once: the playground's type-check and bundling keep one core busy for most
// of its time, the others fit beside it on a second
// core (bench/RESULTS.md, "test suite CPU"). Each step's output is printed
// whole, in this order, when it ends; the exit status is the first failure's.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const STEPS = ["build-playground.mjs", "build-cli.mjs", "build-serve-worker.mjs", "build-man.mjs"];

/** Run one step, its stdout and stderr kept (interleaved as they came) for printing at the end. */
function runStep(script) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, script)], { stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (d) => chunks.push(["out", d]));
    child.stderr.on("data", (d) => chunks.push(["err", d]));
    child.on("error", (error) => resolve({ script, code: 1, chunks: [["err", Buffer.from(`${script}: ${error.message}\n`)]] }));
    child.on("close", (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), chunks }));
  });
}

const results = await Promise.all(STEPS.map(runStep));
for (const { chunks } of results) for (const [stream, data] of chunks) (stream === "out" ? process.stdout : process.stderr).write(data);
const failed = results.find((r) => r.code !== 0);
if (failed !== undefined) {
  process.stderr.write(`build: scripts/${failed.script} failed (exit ${failed.code})\n`);
  process.exitCode = failed.code;
}

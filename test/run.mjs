#!/usr/bin/env node
// Runs every compiled test file (dist/test/**/*.test.js) with uvu and ends
// with the line `N passed, N failed` (uvu prints its own totals, not this).
// Usage: node test/run.mjs [pattern]   (pattern: a regex on the file path;
// only compiled test files are ever run, never their .d.ts / .map siblings)
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const uvuBin = fileURLToPath(new URL("../node_modules/uvu/bin.js", import.meta.url));
const user = process.argv[2];
const pattern = user === undefined ? "\\.test\\.js$" : `^(?=.*(?:${user})).*\\.test\\.js$`;
const child = spawn(process.execPath, [uvuBin, "dist/test", pattern], { stdio: ["ignore", "pipe", "inherit"] });
let out = "";
child.stdout.on("data", (d) => {
  process.stdout.write(d);
  out += d.toString();
  if (out.length > 1 << 20) out = out.slice(-(1 << 16));
});
child.on("close", (code) => {
  const plain = out.replace(/\x1b\[[0-9;]*m/g, "");
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
  if (Number.isNaN(total) || Number.isNaN(passed)) {
    console.log("0 passed, 1 failed");
    process.exit(code || 1);
  }
  const failed = total - passed;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || code ? 1 : 0);
});

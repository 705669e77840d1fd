#!/usr/bin/env node
// The jsson command. All logic is in cli/main.ts (compiled to dist/):
// route to a command (default: transpile), normalise Go-style flags
// (`-i FILE -f yaml`), then run the command through oclif.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const entry = new URL("../dist/cli/main.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("jsson: not built yet: run `npm run build` first\n");
  process.exitCode = 70;
} else {
  const { main } = await import(entry.href);
  await main(process.argv.slice(2), root);
}

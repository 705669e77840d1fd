/**
 * Emitted TypeScript type-checks: a batch of generated modules is written to
 * a temporary folder and checked with one `tsc --noEmit --strict` run.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { OutputError, type ObjectValue } from "../../core/plugin/index.js";
import { tsRootArb } from "./arbitrary-tree.js";
import { emit, f, obj } from "./support.js";
import { REPO_ROOT } from "../support/repo-root.js";

test("generated modules type-check with tsc --strict", () => {
  const roots: ObjectValue[] = [
    obj(["server", obj(["host", "h"], ["ports", [80, 443]], ["meta", obj()], ["list", []])], ["ratio", f(1.5)], ["big", 9223372036854775807n]),
    obj(["o", obj(["default", 1], ["a b", 2], ["10", 3], ["__proto__", obj(["x", [null, true]])], ["", "s\n\"\\\u2028"])]),
    obj(["neg", -7], ["negf", f(-1.5e-7)], ["huge", f(1e21)], ["nested", [[[obj(["k", [f(-0)]])]]]]),
    ...fc.sample(tsRootArb, { numRuns: 60, seed: 20240601 }),
  ];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jsson-tsc-"));
  try {
    const files: string[] = [];
    for (const root of roots) {
      let text: string;
      try {
        text = emit("typescript", root);
      } catch (e) {
        if (e instanceof OutputError) continue;
        throw e;
      }
      const file = path.join(dir, `m${files.length}.ts`);
      fs.writeFileSync(file, text);
      files.push(file);
    }
    assert.ok(files.length >= 30, `only ${files.length} modules`);
    const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    // the language's library alone (the default for the target adds the DOM, which no generated module uses): less to load
    const compilerOptions = { noEmit: true, strict: true, target: "es2022", lib: ["es2022"], module: "esnext", moduleResolution: "bundler", skipLibCheck: true, types: [] };
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files }));
    const r = spawnSync(process.execPath, [tsc, "-p", dir, "--pretty", "false"], { encoding: "utf8" });
    const errors = r.stdout.split("\n").filter((l) => /error TS\d+/.test(l));
    assert.is(errors.join("\n"), "", r.stdout + r.stderr);
    assert.is(r.status, 0, `tsc exit ${String(r.status)}: ${r.stderr}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a top-level null is written without `as const`, which tsc refuses on null (TS1355)", () => {
  assert.is(emit("typescript", obj(["n", null])), "export const n = null;\n\n// Generated types\nexport type N = typeof n;\n");
});

test.run();

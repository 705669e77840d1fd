/**
 * `jsson validate` over many files and globs, `--deep`, and `jsson check`
 * (its alias for CI): one report per failing file, a summary line, the
 * worst exit status. Through the real binary.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixtureDir } from "./fixtures.js";
import { runCli } from "../support/spawn-cli.js";

const dir = fixtureDir({
  "missing-include.jsson": 'x = 1\ninclude "nowhere.jsson"\n',
  "schema.json": JSON.stringify({ properties: { port: { maximum: 65535 } } }),
  "syntax.jsson": "x = (\n",
});
mkdirSync(join(dir, "conf"));
writeFileSync(join(dir, "conf", "a.jsson"), 'include "../shared.jsson"\nport = 80\n');
writeFileSync(join(dir, "conf", "b.jsson"), "name = \"b\"\nport = 70000\n");
writeFileSync(join(dir, "conf", "c.jsson"), "x = 1 / 0\n");
writeFileSync(join(dir, "shared.jsson"), "shared = true\n");

const lastLine = (text: string): string => text.trimEnd().split("\n").pop() ?? "";

test("validate without --deep checks the syntax only: a missing include is not noticed", async () => {
  const r = await runCli(["validate", "missing-include.jsson"], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, "✓ Syntax OK: missing-include.jsson\n");
});

test("validate --deep follows includes: a missing include is the file's error (exit 1), with a summary line", async () => {
  const r = await runCli(["validate", "--deep", "missing-include.jsson"], { cwd: dir });
  assert.is(r.code, 1, r.stderr);
  assert.is(r.stdout, "", "nothing is written");
  const lines = r.stderr.split("\n");
  assert.is(lines[0], "✗ missing-include.jsson");
  assert.match(lines[1] ?? "", /^Line 2: could not read include file "nowhere\.jsson"/);
  assert.is(lastLine(r.stderr), "1 file checked, 1 failed");
});

test("check (validate --deep) on a glob with a schema: one report per failing file, the worst status (2)", async () => {
  const [check, deep] = await Promise.all([runCli(["check", "conf/*.jsson", "-schema", "schema.json"], { cwd: dir }), runCli(["validate", "--deep", "conf/*.jsson", "--schema", "schema.json"], { cwd: dir })]);
  for (const r of [check, deep]) {
    assert.is(r.code, 2, r.stderr);
    assert.is(r.stdout, "");
    const lines = r.stderr.trimEnd().split("\n");
    assert.ok(lines.includes(`✓ ${join("conf", "a.jsson")}`), r.stderr);
    assert.ok(lines.includes(`✗ ${join("conf", "b.jsson")}`), r.stderr);
    assert.ok(lines.includes(`✗ ${join("conf", "c.jsson")}`), r.stderr);
    // the schema failure, placed in its file (LANGUAGE.md §12.3)
    const at = lines.indexOf("  • $.port: Value must be <= 65535, got 70000");
    assert.ok(at > 0, r.stderr);
    assert.is(lines[at + 1], `    --> ${join("conf", "b.jsson")}:2:8`);
    assert.ok(lines.some((l) => l.startsWith("Line 1: division by zero")), r.stderr);
    assert.is(lastLine(r.stderr), "3 files checked, 2 failed");
  }
  assert.is(check.stderr, deep.stderr);
});

test("check: source errors only → exit 1; all good → exit 0 and `N files checked, 0 failed`", async () => {
  const bad = await runCli(["check", "conf/a.jsson", "conf/c.jsson"], { cwd: dir });
  assert.is(bad.code, 1, bad.stderr);
  assert.is(lastLine(bad.stderr), "2 files checked, 1 failed");
  const good = await runCli(["check", "conf/a.jsson", "conf/b.jsson"], { cwd: dir });
  assert.is(good.code, 0, good.stderr);
  assert.is(good.stderr, `✓ ${join("conf", "a.jsson")}\n✓ ${join("conf", "b.jsson")}\n2 files checked, 0 failed\n`);
});

test("validate on several files without --deep: syntax reports and a summary", async () => {
  const r = await runCli(["validate", "missing-include.jsson", "syntax.jsson"], { cwd: dir });
  assert.is(r.code, 1, r.stderr);
  assert.is(r.stderr.split("\n")[0], "✓ Syntax OK: missing-include.jsson");
  assert.match(r.stderr, /✗ syntax\.jsson\nLine 1: /);
  assert.is(lastLine(r.stderr), "2 files checked, 1 failed");
});

test("a glob that matches nothing fails; flags that need --deep are usage errors", async () => {
  const none = await runCli(["check", "nowhere/*.jsson"], { cwd: dir });
  assert.is(none.code, 1);
  assert.is(none.stderr, "✗ nowhere/*.jsson: no file matches\n0 files checked, 1 failed\n");
  const usage = await runCli(["validate", "conf/a.jsson", "-schema", "schema.json"], { cwd: dir });
  assert.is(usage.code, 2);
  assert.match(usage.stderr, /--schema needs --deep/);
  const format = await runCli(["check", "conf/a.jsson", "-f", "nope"], { cwd: dir });
  assert.is(format.code, 2);
  assert.match(format.stderr, /unknown format "nope"/);
});

test.run();

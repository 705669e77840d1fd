/**
 * A third-party plugin uses the test kit as its author would: the fixture
 * `fixtures/jsson-plugin-jsonl` (JSON Lines) is written against
 * docs/plugins.md only and imports nothing of jsson but the package paths
 * `jsson/plugin` and `jsson/plugin/testing`. It is copied into a temporary
 * folder whose node_modules/jsson is a link to this repository (as
 * `npm link jsson` or a `file:` dependency makes it), so those paths resolve
 * through jsson's package.json `exports`; its own tests, one with the uvu
 * adapter and one with the node:test adapter, run in spawned processes. A
 * copy with a defect fails them, naming the check.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { TempTree } from "../plugins/plugin-files.js";

const FIXTURE = join(REPO_ROOT, "test", "plugin-testing", "fixtures", "jsson-plugin-jsonl");
const tree = new TempTree("jsson-plugin-testing-");

/** Copy the fixture to `name` in the temporary tree, with jsson and uvu installed as links; returns its folder. */
function install(name: string): string {
  const dir = join(tree.root, name);
  cpSync(FIXTURE, dir, { recursive: true });
  tree.write(`${name}/node_modules/.keep`, "");
  symlinkSync(REPO_ROOT, join(dir, "node_modules", "jsson"), "dir");
  symlinkSync(realpathSync(join(REPO_ROOT, "node_modules", "uvu")), join(dir, "node_modules", "uvu"), "dir");
  return dir;
}

/** Run `node <file>` in `cwd`. */
function node(file: string, cwd: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [file], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const sound = install("jsson-plugin-jsonl");
const broken = install("jsson-plugin-jsonl-broken");
// The defect: integers through JS numbers (what JSON.stringify would do), so 64-bit values lose digits.
const index = join(broken, "index.js");
const source = readFileSync(index, "utf8");
const defective = source.replace("numberText(/** @type {number | bigint} */ (value))", "String(Number(value))");
assert.is.not(defective, source, "the defect is written in");
writeFileSync(index, defective);

test("the fixture imports nothing of jsson but jsson/plugin and jsson/plugin/testing", () => {
  const files = ["index.js", ...readdirSync(join(FIXTURE, "test")).map((f) => `test/${f}`)];
  const specifiers = new Set(files.flatMap((f) => [...readFileSync(join(FIXTURE, f), "utf8").matchAll(/\bfrom\s+"([^"]+)"|import\("([^"]+)"\)/g)].map((m) => m[1] ?? m[2] ?? "")));
  assert.equal([...specifiers].sort(), ["jsson-plugin-jsonl", "jsson/plugin", "jsson/plugin/testing", "node:assert/strict", "node:test", "uvu"]);
});

test("its uvu tests pass: one test per check, none failed", () => {
  const r = node("test/format.test.js", sound);
  assert.is(r.code, 0, r.out);
  const total = /Total:\s+(\d+)/.exec(r.out)?.[1];
  assert.ok(Number(total) > 50, r.out);
  assert.match(r.out, new RegExp(`Passed:\\s+${total}\\b`));
});

test("its node:test tests pass; only selections are skipped (the format writes objects only, and most shapes hold none at the top)", () => {
  const r = node("test/format.node-test.js", sound);
  assert.is(r.code, 0, r.out);
  assert.match(r.out, /^# fail 0$/m);
  const skipped = [...r.out.matchAll(/^ok \d+ - (.*) # SKIP/gm)].map((m) => m[1] ?? "");
  assert.ok(skipped.length > 0 && skipped.every((name) => name.endsWith(": selected values read back")), skipped.join("\n"));
  assert.match(r.out, /^ok \d+ - jsonl: option pairs: honoured$/m);
  assert.ok(Number(/^# tests (\d+)$/m.exec(r.out)?.[1]) > 50, r.out);
});

test("with a defect, both runners fail, naming the check and the integer", () => {
  const uvu = node("test/format.test.js", broken);
  assert.is(uvu.code, 1, uvu.out);
  assert.match(uvu.out, /jsonl: integers: reads back/);
  assert.match(uvu.out, /integers: reads back: the integer 9007199254740993 is not written exactly/);
  const nodeTest = node("test/format.node-test.js", broken);
  assert.is(nodeTest.code, 1, nodeTest.out);
  assert.match(nodeTest.out, /^not ok \d+ - jsonl: integers: reads back$/m);
  assert.match(nodeTest.out, /^ok \d+ - jsonl: floats: reads back$/m);
});

test("the plugin it checks is a working plugin: the CLI loads it and writes JSON Lines", async () => {
  tree.write("app.jsson", 'name = "orders"\nport = 8080\nbig = 9223372036854775807\nhosts = ["a", "b"]\n');
  const r = await runCli(["-i", "app.jsson", "-f", "ndjson", "--plugin", "./jsson-plugin-jsonl"], { cwd: tree.root });
  assert.is(r.stderr, "");
  assert.is(r.stdout, '{"name":"orders"}\n{"port":8080}\n{"big":9223372036854775807}\n{"hosts":["a","b"]}\n');
});

test.after(() => tree.remove());
test.run();

/**
 * Many files at once (issue #15 item 4), on the real CLI: globs expanded by
 * jsson, the tree mirrored under --out-dir from the common base, a report
 * per file and a summary, status 1 when one failed, never a partial or
 * stray file, and worker threads for large sets giving the same bytes.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createEngine, NodeFsHost } from "../../index.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

const engine = createEngine();

/** Every file below `root`, as sorted paths relative to it. */
function tree(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

function project(files: Readonly<Record<string, string>>): string {
  const dir = fixtureDir({});
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function expected(file: string, format: string): string {
  const r = engine.transpile(readFileSync(file, "utf8"), { file, host: new NodeFsHost(), format });
  if (!r.ok) throw new Error(`${file} does not transpile`);
  return r.output;
}

test("files and quoted globs mirror the tree under --out-dir, with the format's extension, each reported", async () => {
  const dir = project({
    "a.jsson": "a = 1\n",
    "conf/b.jsson": 'include "../shared.jsson"\nb = [1, 2]\n',
    "conf/deep/c.jsson": "c { d = true }\n",
    "conf/skip.txt": "not jsson",
    "shared.jsson": "s = 0\n",
  });
  const r = await runCli(["transpile", "a.jsson", "conf/**/*.jsson", "--out-dir", "dist", "-f", "yaml"], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.equal(tree(join(dir, "dist")), ["a.yaml", "conf/b.yaml", "conf/deep/c.yaml"]);
  assert.is(readFileSync(join(dir, "dist/conf/b.yaml"), "utf8"), expected(join(dir, "conf/b.jsson"), "yaml"));
  assert.is(
    r.stderr,
    "✓ a.jsson → dist/a.yaml\n✓ conf/b.jsson → dist/conf/b.yaml\n✓ conf/deep/c.jsson → dist/conf/deep/c.yaml\n3 files: 3 written, 0 failed\n",
  );
  assert.is(r.stdout, "");
  // the common base is the deepest folder holding every input
  const only = await runCli(["conf/**/*.jsson", "--out-dir", "out2"], { cwd: dir });
  assert.is(only.code, 0, only.stderr);
  assert.equal(tree(join(dir, "out2")), ["b.json", "deep/c.json"]);
});

test("a failing file: reported with its diagnostic, no output file and no temporary file left, status 1; the others are written", async () => {
  const dir = project({ "src/good.jsson": "g = 1\n", "src/bad.jsson": 'b = "open\n', "src/late.jsson": "items = (1..10 map (i) = 10 / (i - 5))\n" });
  const r = await runCli(["src/*.jsson", "--out-dir", "out", "-f", "toml", "-stream"], { cwd: dir });
  assert.is(r.code, 1);
  assert.equal(tree(join(dir, "out")), ["good.toml"]);
  assert.match(r.stderr, /✗ src\/bad\.jsson\nLine 1: found an endless string/);
  assert.match(r.stderr, /✗ src\/late\.jsson\nLine 1: division by zero/);
  assert.match(r.stderr, /✓ src\/good\.jsson → out\/good\.toml\n/);
  assert.match(r.stderr, /3 files: 1 written, 2 failed\n$/);
  // a pattern that matches nothing counts as a failure too
  const none = await runCli(["src/good.jsson", "nothing/**/*.jsson", "--out-dir", "out3"], { cwd: dir });
  assert.is(none.code, 1);
  assert.match(none.stderr, /✗ nothing\/\*\*\/\*\.jsson: no file matches\n/);
  assert.match(none.stderr, /1 file: 1 written, 1 failed\n$/);
});

test("a file written with a warning reports it under its line, as a one-file run does; --quiet-warnings drops it", async () => {
  const dir = project({ "a.jsson": "a = 1\n", "b.jsson": "replicas := 3\ncount = replcias\n" });
  const r = await runCli(["a.jsson", "b.jsson", "--out-dir", "out"], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.equal(tree(join(dir, "out")), ["a.json", "b.json"]);
  const one = await runCli(["b.jsson"], { cwd: dir });
  assert.ok(one.stderr.startsWith("warning: Line 2: 'replcias' is not defined"), one.stderr);
  assert.is(r.stderr, `✓ a.jsson → out/a.json\n✓ b.jsson → out/b.json\n${one.stderr}2 files: 2 written, 0 failed\n`);
  const quiet = await runCli(["a.jsson", "b.jsson", "--out-dir", "out", "--quiet-warnings"], { cwd: dir });
  assert.is(quiet.stderr, "✓ a.jsson → out/a.json\n✓ b.jsson → out/b.json\n2 files: 2 written, 0 failed\n");
});

test("an existing output is replaced whole, only when its input succeeds", async () => {
  const dir = project({ "x.jsson": "x = 1\n" });
  mkdirSync(join(dir, "out"));
  writeFileSync(join(dir, "out", "x.json"), "OLD");
  writeFileSync(join(dir, "x.jsson"), "x = \n");
  const failed = await runCli(["x.jsson", "--out-dir", "out"], { cwd: dir });
  assert.is(failed.code, 1);
  assert.is(readFileSync(join(dir, "out", "x.json"), "utf8"), "OLD");
  writeFileSync(join(dir, "x.jsson"), "x = 2\n");
  const ok = await runCli(["x.jsson", "--out-dir", "out"], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
  assert.is(readFileSync(join(dir, "out", "x.json"), "utf8"), '{\n  "x": 2\n}\n');
  assert.equal(tree(join(dir, "out")), ["x.json"]);
});

test("a large set runs on worker threads and writes what one engine writes, in input order in the report", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 40; i++) files[`set/g${i % 4}/f${String(i).padStart(2, "0")}.jsson`] = `id = ${i}\nitems = (1..200 map (n) = { n = n, label = "f${i}-" + n })\n`;
  files["set/g1/broken.jsson"] = "x = (\n";
  const dir = project(files);
  const r = await runCli(["set/**/*.jsson", "--out-dir", "out", "-f", "yaml", "--sort-keys"], { cwd: dir });
  assert.is(r.code, 1);
  assert.match(r.stderr, /41 files: 40 written, 1 failed\n$/);
  const reported = [...r.stderr.matchAll(/^[✓✗] (\S+)/gm)].map((m) => m[1]);
  assert.equal(reported, [...reported].sort(), "reported in input (sorted glob) order");
  for (const name of Object.keys(files)) {
    if (name.includes("broken")) continue;
    const out = join(dir, "out", name.slice("set/".length).replace(/\.jsson$/, ".yaml"));
    const want = engine.transpile(files[name] as string, { format: "yaml", sortKeys: true });
    assert.ok(want.ok && readFileSync(out, "utf8") === want.output, name);
  }
  assert.not.ok(tree(join(dir, "out")).some((f) => f.endsWith(".tmp")));
});

test("two inputs with the same output: the later one fails, the first is written; globs do not follow folder links", async () => {
  const dir = project({ "in/a.jsson": "a = 1\n", "in/a.conf": "a = 2\n" });
  symlinkSync("..", join(dir, "in", "up"));
  const r = await runCli(["in/*", "in/**/*.jsson", "--out-dir", "out"], { cwd: dir });
  assert.is(r.code, 1);
  assert.match(r.stderr, /✗ in\/a\.jsson: its output out\/a\.json is already that of in\/a\.conf\n/);
  assert.match(r.stderr, /2 files: 1 written, 1 failed\n$/);
  assert.equal(tree(join(dir, "out")), ["a.json"]);
  assert.is(readFileSync(join(dir, "out", "a.json"), "utf8"), '{\n  "a": 2\n}\n');
});

test("usage errors: several files without --out-dir, -o with --out-dir, stdin with --out-dir", async () => {
  const dir = project({ "a.jsson": "a = 1\n", "b.jsson": "b = 1\n" });
  const several = await runCli(["a.jsson", "b.jsson"], { cwd: dir });
  assert.is(several.code, 2);
  assert.match(several.stderr, /several input files given; write them with --out-dir DIR/);
  const both = await runCli(["a.jsson", "--out-dir", "o", "-o", "x.json"], { cwd: dir });
  assert.is(both.code, 2);
  const stdin = await runCli(["--out-dir", "o"], { cwd: dir, input: "a = 1" });
  assert.is(stdin.code, 2);
  assert.match(stdin.stderr, /--out-dir needs input files/);
});

test.run();

/**
 * The real `bin/jsson.js`, spawned: every way of asking for a transpile
 * (reference Go-style flags, GNU flags, subcommand, stdin), -o, include
 * merge modes, streaming, limits, and the exit status of each outcome.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createEngine, NodeFsHost, type RunOptions } from "../../index.js";
import { CLI_BIN } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir, SAMPLE } from "./fixtures.js";

const engine = createEngine();
const dir = fixtureDir({
  "sample.jsson": SAMPLE,
  "base.jsson": 'shared = "from base"\nonly_base = 1\n',
  "main.jsson": 'shared = "from main"\ninclude "base.jsson"\n',
  "big.jsson": "items = 1..20000\nlabels = (1..1000 map (i) = { id = i, name = \"item-\" + i })\n",
  "broken.jsson": 'a = 1\nb = "abc\n',
  "deep.jsson": "a { b { c { d { e = 1 } } } }\n",
});
const sample = join(dir, "sample.jsson");

function expected(file: string, options: RunOptions): string {
  const r = engine.transpile(readFileSync(file, "utf8"), { file, host: new NodeFsHost(), ...options });
  if (!r.ok) throw new Error(`fixture ${file} does not transpile`);
  return r.output;
}

test("the reference invocation and every equivalent form print the same YAML", async () => {
  const want = expected(sample, { format: "yaml" });
  const forms: [string[], string?][] = [
    [["-i", sample, "-f", "yaml"]],
    [["transpile", sample, "-f", "yaml"]],
    [[sample, "--format=yaml"]],
    [["-input", sample, "-format", "yaml"]],
    [["--input", sample, "-f=yaml"]],
    [["-f", "yml", "-i", sample]],
    [["-f", "YAML", "-i", sample]],
    [["-i", "-", "-f", "yaml"], SAMPLE],
    [["-f", "yaml"], SAMPLE],
    [["transpile", "-", "-f", "yaml"], SAMPLE],
    [["-fyaml"], SAMPLE], // not for the fast path: through oclif's parser
  ];
  const runs = await Promise.all(forms.map(([args, input]) => runCli(args, input === undefined ? {} : { input })));
  runs.forEach((r, i) => {
    const label = forms[i]![0].join(" ");
    assert.is(r.stderr, "", label);
    assert.is(r.code, 0, label);
    assert.fixture(r.stdout, want, label);
  });
});

test("default format is JSON; every built-in format matches the engine", async () => {
  const cases: [string[], string][] = [
    [["-i", sample], "json"],
    [["-i", sample, "-f", "toml"], "toml"],
    [["-i", sample, "-f", "ts"], "typescript"],
    [["-i", sample, "-f", "typescript"], "typescript"],
  ];
  const runs = await Promise.all(cases.map(([args]) => runCli(args)));
  runs.forEach((r, i) => {
    assert.is(r.code, 0);
    assert.fixture(r.stdout, expected(sample, { format: cases[i]![1] }));
  });
});

test("-o writes the file and nothing to stdout; a failing run creates no file", async () => {
  const out = join(dir, "out.toml");
  const r = await runCli(["transpile", sample, "-f", "toml", "-o", out]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, "");
  assert.fixture(readFileSync(out, "utf8"), expected(sample, { format: "toml" }));
  const failedOut = join(dir, "never.json");
  const bad = await runCli(["-i", join(dir, "broken.jsson"), "-o", failedOut]);
  assert.is(bad.code, 1);
  assert.not.ok(existsSync(failedOut), "no output file after an error");
  const noDir = await runCli(["-i", sample, "-o", join(dir, "missing-folder", "x.json")]);
  assert.is(noDir.code, 1);
  assert.match(noDir.stderr, /^jsson: cannot write output file ".*x\.json": no such file or directory\n$/);
});

test("-include-merge keep | overwrite | error", async () => {
  const main = join(dir, "main.jsson");
  const [keep, overwrite, error] = await Promise.all(["keep", "overwrite", "error"].map((m) => runCli(["-i", main, "-include-merge", m])));
  assert.is(keep!.code, 0);
  assert.equal(JSON.parse(keep!.stdout), { shared: "from main", only_base: 1 });
  assert.is(overwrite!.code, 0);
  assert.equal(JSON.parse(overwrite!.stdout), { shared: "from base", only_base: 1 });
  assert.is(error!.code, 1);
  assert.match(error!.stderr, /^Line 2: include merge conflict for key "shared"/);
  assert.is(error!.stdout, "");
});

test("streaming (-stream, -stream-threshold) gives the buffered bytes, in every format", async () => {
  const big = join(dir, "big.jsson");
  for (const format of ["json", "yaml", "toml", "ts"]) {
    const want = expected(big, { format });
    const runs = await Promise.all([runCli(["-i", big, "-f", format]), runCli(["-i", big, "-f", format, "-stream", "-stream-threshold", "5"])]);
    for (const r of runs) {
      assert.is(r.code, 0, r.stderr);
      assert.ok(r.stdout === want, `${format}: ${r.stdout.length} chars streamed, ${want.length} expected`);
    }
  }
});

test("a reader that stops early (| head) ends the run quietly", async () => {
  const huge = join(dir, "huge.jsson");
  writeFileSync(huge, "items = 1..5000000\n");
  const child = spawn(process.execPath, [CLI_BIN, "-i", huge], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  child.stdout.once("data", () => child.stdout.destroy());
  const [code] = (await once(child, "close")) as [number | null];
  assert.is(code, 141, "the SIGPIPE convention: it stopped at the closed pipe instead of producing the whole output");
  assert.is(stderr, "");
});

test("a source error: exit 1, Line <n>, the place, the source line and a caret, nothing on stdout", async () => {
  const r = await runCli(["-i", join(dir, "broken.jsson")]);
  assert.is(r.code, 1);
  assert.is(r.stdout, "");
  // the file lies outside the working directory: named by its absolute path
  assert.is(r.stderr, `Line 2: found an endless string (missing closing quote)\n  --> ${join(dir, "broken.jsson")}:2:5\n  2 | b = "abc\n    |     ^\n`);
  const inside = await runCli(["-i", "broken.jsson"], { cwd: dir });
  assert.is(inside.stderr.split("\n")[1], "  --> broken.jsson:2:5", "relative to the working directory when inside it");
});

test("limit flags are applied", async () => {
  const deep = join(dir, "deep.jsson");
  const big = join(dir, "big.jsson");
  const [depth, items, output, ok] = await Promise.all([
    runCli(["-i", deep, "--max-depth", "3"]),
    runCli(["-i", big, "-max-items", "100"]),
    runCli(["-i", sample, "--max-output=10"]),
    runCli(["-i", deep, "--max-depth", "50", "--timeout", "10s", "--max-output", "1MiB", "--max-items", "100"]),
  ]);
  assert.is(depth!.code, 1);
  assert.match(depth!.stderr, /^Line 1: .*nest/);
  assert.is(items!.code, 1);
  assert.match(items!.stderr, /^Line 1: range too large/);
  assert.is(output!.code, 1);
  assert.match(output!.stderr, /^Line \d+: output too large/);
  assert.is(ok!.code, 0, ok!.stderr);
});

test("usage errors: one line on stderr, exit 2, no stack trace", async () => {
  const cases: [string[], RegExp][] = [
    [["-i", sample, "-bogus"], /Nonexistent flag: --bogus/],
    [["-i", sample, "-f", "xml"], /unknown format "xml" \(available: json, yaml \(yml\), toml, typescript \(ts\)/],
    [["-i", sample, "-include-merge", "sometimes"], /--include-merge=sometimes to be one of: keep, overwrite, error/],
    [["-i", sample, "-stream=perhaps"], /invalid boolean value "perhaps" for flag -stream/],
    [["-i", sample, "--max-depth", "deep"], /--max-depth must be a non-negative integer, got "deep"/],
    [["-i", sample, "--timeout", "soon"], /--timeout must be a duration/],
    [["-i", sample, "--max-output", "huge"], /--max-output must be a size/],
    [["-i", sample, sample + "x"], /two input files given/],
    [["-i", sample, "-validate-only"], /--validate-only needs --schema FILE/],
    [["-i", sample, "-schema", join(dir, "nope.json")], /cannot read schema file ".*nope\.json": no such file/],
    [["-i"], /--input expects a value/],
    [[sample, sample], /several input files given; write them with --out-dir DIR/],
  ];
  const runs = await Promise.all(cases.map(([args]) => runCli(args)));
  runs.forEach((r, i) => {
    const [args, pattern] = cases[i]!;
    const label = args.join(" ");
    assert.is(r.code, 2, `${label}: ${r.stderr}`);
    assert.match(r.stderr, pattern, label);
    assert.match(r.stderr, /^jsson: [^\n]+\n$/, `${label}: one line, got ${JSON.stringify(r.stderr)}`);
    assert.is(r.stdout, "", label);
  });
});

test("a missing input file is exit 1 with one line", async () => {
  const r = await runCli(["-i", join(dir, "absent.jsson")]);
  assert.is(r.code, 1);
  assert.match(r.stderr, /^jsson: cannot read input file ".*absent\.jsson": no such file or directory\n$/);
  const d = await runCli(["-i", dir]);
  assert.is(d.code, 1);
  assert.match(d.stderr, /^jsson: cannot read input file ".*": is a directory\n$/);
});

test("includes in stdin resolve against the working directory", async () => {
  const r = await runCli(["-f", "json"], { input: 'include "base.jsson"\nmine = true\n', cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout), { shared: "from base", only_base: 1, mine: true });
});

test("validate: syntax only", async () => {
  const [ok, broken, runtime, stdin] = await Promise.all([
    runCli(["validate", sample]),
    runCli(["validate", join(dir, "broken.jsson")]),
    runCli(["validate", "-"], { input: "x = 1 / 0\n" }),
    runCli(["validate", "-i", "-"], { input: "x = [1, 2\n" }),
  ]);
  assert.is(ok!.code, 0);
  assert.is(ok!.stdout, "");
  assert.match(ok!.stderr, /^✓ Syntax OK: /);
  assert.is(broken!.code, 1);
  assert.match(broken!.stderr, /^Line 2: found an endless string/);
  assert.is(runtime!.code, 0, "division by zero is not a syntax error");
  assert.is(stdin!.code, 1);
  assert.match(stdin!.stderr, /^Line 1: expected '\]'/);
});

test.run();

// #26 finding 1 on the CLI: `--timeout` bounds what the engine does not count. A schema whose
// anyOf branches both recurse (2^40 steps inside the validator) is stopped from outside at the
// limit + slack: status 1, the limit's message, no output file; a run that ends in time is untouched.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

const deep = "x {\n".repeat(40) + "y = 1\n" + "}\n".repeat(40);
const schema = JSON.stringify({ $defs: { n: { type: "object", required: ["x"], properties: { x: { anyOf: [{ $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }] } } } }, $ref: "#/$defs/n" });

/** The same 40 levels with 39 of them in a JSON data include, read and parsed through the run's host. */
const nested = (depth: number): unknown => (depth === 0 ? { y: 1 } : { x: nested(depth - 1) });
const STOPPED_RUNS: readonly { readonly what: string; readonly files: Record<string, string> }[] = [
  { what: "the source's own value", files: { "main.jsson": deep } },
  { what: "a value read from a data include", files: { "main.jsson": 'x = include "deep.json"\n', "deep.json": JSON.stringify(nested(39)) } },
];

test("an exponential schema check ends at --timeout, on the source's value or a data include's: status 1, the limit's message, nothing written", async () => {
  for (const { what, files } of STOPPED_RUNS) {
    const dir = fixtureDir({ ...files, "schema.json": schema });
    const out = join(dir, "out.json");
    const r = await runCli([join(dir, "main.jsson"), "--schema", join(dir, "schema.json"), "--timeout", "1s", "-o", out]);
    assert.is(r.code, 1, `${what}: ${r.stderr}`);
    assert.is(r.stderr, "jsson: time limit reached (--timeout 1000 ms): the run was stopped\n", what);
    assert.is(existsSync(out), false, what);
  }
});

test("a run that ends within --timeout is not touched by the watchdog; its output is written after it", async () => {
  const dir = fixtureDir({ "ok.jsson": "x {\n  y = 1\n}\n", "schema.json": schema.replace('"required":["x"],', "") });
  const r = await runCli([join(dir, "ok.jsson"), "--schema", join(dir, "schema.json"), "--timeout", "30s"]);
  assert.is(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout), { x: { y: 1 } });
  const out = join(dir, "ok.json");
  const toFile = await runCli([join(dir, "ok.jsson"), "--timeout", "30s", "-o", out]);
  assert.is(toFile.code, 0, toFile.stderr);
  assert.equal(JSON.parse(readFileSync(out, "utf8")), { x: { y: 1 } });
});

test("--out-dir: a file still running at --timeout is stopped from outside and reported; the files after it are written", async () => {
  // the leaf's `y` must be a string: a and c pass at once, b's number fails both branches at every level (2^40)
  const leafString = JSON.stringify({ $defs: { n: { type: "object", properties: { x: { anyOf: [{ $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }] }, y: { type: "string" } } } }, $ref: "#/$defs/n" });
  const dir = fixtureDir({ "a.jsson": 'x {\n  y = "a"\n}\n', "b.jsson": deep, "c.jsson": 'x {\n  y = "c"\n}\n', "schema.json": leafString });
  const out = join(dir, "out");
  // 5 s: b never ends (2^40 steps), and a and c (a few ms of work each) end within it on a machine at load 20;
  // the limit is per file and the same for all three, so it must leave them room
  const r = await runCli([join(dir, "a.jsson"), join(dir, "b.jsson"), join(dir, "c.jsson"), "--schema", join(dir, "schema.json"), "--timeout", "5s", "--out-dir", out]);
  assert.is(r.code, 1, r.stderr);
  const lines = r.stderr.split("\n");
  // a file written reports what a one-file run prints on stderr: here the schema's verdict
  assert.match(lines[0] ?? "", /^✓ .*a\.jsson → .*a\.json$/, r.stderr);
  assert.is(lines[1], "✓ Validation passed against schema", r.stderr);
  assert.match(lines[2] ?? "", /^✗ .*b\.jsson$/, r.stderr);
  assert.is(lines[3], "jsson: time limit reached (--timeout 5000 ms): the run was stopped", r.stderr);
  assert.match(lines[4] ?? "", /^✓ .*c\.jsson → .*c\.json$/, r.stderr);
  assert.is(lines[5], "✓ Validation passed against schema", r.stderr);
  assert.is(lines[6], "3 files: 2 written, 1 failed", r.stderr);
  assert.equal(readdirSync(out).sort(), ["a.json", "c.json"], "no output and no temporary file for the stopped one");
  assert.equal(JSON.parse(readFileSync(join(out, "c.json"), "utf8")), { x: { y: "c" } });
});

test.run();

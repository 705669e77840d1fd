/**
 * `jsson import` through the real binary: a file by extension, -o, stdin
 * with --from, warnings and errors on stderr with their exit statuses, and
 * the written file transpiling back to the same data through the CLI.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fixtureDir } from "../cli/fixtures.js";
import { runCli } from "../support/spawn-cli.js";

const YAML = "# service\nname: shop # its name\nports: [8080, 8081, 8082, 8083]\nbig: 9223372036854775807\nratio: 1.0\n";

test("a YAML file to stdout, comments kept; -o writes the file, which transpiles back", async () => {
  const dir = fixtureDir({ "s.yaml": YAML });
  const r = await runCli(["import", join(dir, "s.yaml")]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, "");
  assert.is(r.stdout, "// service\nname = shop // its name\nports = 8080..8083\nbig = 9223372036854775807\nratio = 1.0\n");
  const out = join(dir, "s.jsson");
  const w = await runCli(["import", join(dir, "s.yaml"), "-o", out]);
  assert.is(w.code, 0, w.stderr);
  assert.is(w.stdout, "");
  assert.is(readFileSync(out, "utf8"), r.stdout);
  const back = await runCli(["-i", out, "-f", "yaml"]);
  assert.is(back.code, 0, back.stderr);
  assert.is(back.stdout, "name: shop\nports:\n  - 8080\n  - 8081\n  - 8082\n  - 8083\nbig: 9223372036854775807\nratio: 1.0\n");
});

test("stdin needs --from; with it, JSON from stdin", async () => {
  const no = await runCli(["import"], { input: '{"a": 1}' });
  assert.is(no.code, 2);
  assert.match(no.stderr, "--from json|yaml|toml");
  const r = await runCli(["import", "--from", "json", "-"], { input: '{"a": 1, "b": [true, null]}' });
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, "a = 1\nb = [true, null]\n");
});

test("TOML dates become strings with a warning on stderr (exit 0)", async () => {
  const r = await runCli(["import", "--from", "toml"], { input: "when = 1979-05-27T07:32:00Z\n" });
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, 'when = "1979-05-27T07:32:00Z"\n');
  assert.match(r.stderr, 'warning: the TOML date/time at "when" became a string');
});

test("what JSSON cannot hold: exit 1, a message naming it, no output file", async () => {
  const dir = fixtureDir({ "list.json": "[1, 2]", "inf.yaml": "a: 1\nb: .inf\n", "x.txt": "a = 1" });
  const out = join(dir, "out.jsson");
  const list = await runCli(["import", join(dir, "list.json"), "-o", out]);
  assert.is(list.code, 1);
  assert.match(list.stderr, "Line 1: the top level of");
  assert.match(list.stderr, "is not an object");
  assert.not.ok(existsSync(out));
  const inf = await runCli(["import", join(dir, "inf.yaml")]);
  assert.is(inf.code, 1);
  assert.match(inf.stderr, "Line 2:");
  assert.match(inf.stderr, ".inf");
  const unknown = await runCli(["import", join(dir, "x.txt")]);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, "cannot tell the format");
  const missing = await runCli(["import", join(dir, "nope.json")]);
  assert.is(missing.code, 1);
  assert.match(missing.stderr, "nope.json");
});

test.run();

/** `-schema FILE` and `-validate-only` (LANGUAGE.md §12.3 CLI report), through the real binary. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { createEngine } from "../../index.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

const SCHEMA = JSON.stringify({
  type: "object",
  properties: { name: { type: "string", minLength: 1 }, port: { type: "integer", minimum: 1, maximum: 65535 }, owner: { type: ["string", "null"] } },
  required: ["name", "port", "owner"],
});
const dir = fixtureDir({
  "good.jsson": 'name = "svc"\nport = 8080\nowner = null\n',
  "bad.jsson": 'name = ""\nport = 70000\nowner = null\n',
  "broken.jsson": "name = \n",
  "schema.json": SCHEMA,
  "schema.yaml": "type: object\nrequired: [port]\nproperties:\n  port:\n    maximum: 100\n",
  "not-a-schema.json": "{ this is not json",
});
const at = (f: string) => join(dir, f);

test("passing validation: ✓ line on stderr, then the output", async () => {
  const r = await runCli(["-i", at("good.jsson"), "-schema", at("schema.json")]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, "✓ Validation passed against schema\n");
  const expected = createEngine().transpile('name = "svc"\nport = 8080\nowner = null\n');
  assert.ok(expected.ok);
  if (expected.ok) assert.is(r.stdout, expected.output);
});

test("-validate-only prints no output", async () => {
  const r = await runCli(["-i", at("good.jsson"), "-schema", at("schema.json"), "-validate-only"]);
  assert.is(r.code, 0);
  assert.is(r.stdout, "");
  assert.is(r.stderr, "✓ Validation passed against schema\n");
});

test("failing validation: header, one bullet per error, exit 2, no output", async () => {
  const r = await runCli(["-i", at("bad.jsson"), "--schema", at("schema.json")]);
  assert.is(r.code, 2);
  assert.is(r.stdout, "");
  const lines = r.stderr.trimEnd().split("\n");
  assert.is(lines[0], "❌ Validation failed against schema (json format):");
  assert.equal(lines.filter((l) => l.startsWith("  • ")).sort(), ["  • $.name: String must be at least 1 characters, got 0", "  • $.port: Value must be <= 65535, got 70000"]);
});

test("a YAML schema file; the report names its format", async () => {
  const r = await runCli(["-i", at("bad.jsson"), "-schema", at("schema.yaml"), "-validate-only"]);
  assert.is(r.code, 2);
  // each failure line is followed by its place (§12.3): the root file as named on the command line
  const place = `    --> ${at("bad.jsson")}:2:8\n    2 | port = 70000\n      |        ^^^^^\n`;
  assert.is(r.stderr, "❌ Validation failed against schema (yaml format):\n  • $.port: Value must be <= 100, got 70000\n" + place);
});

test("TOML validates what a TOML reader sees: the dropped null is missing", async () => {
  const [json, toml] = await Promise.all([
    runCli(["-i", at("good.jsson"), "-schema", at("schema.json"), "-validate-only"]),
    runCli(["-i", at("good.jsson"), "-f", "toml", "-schema", at("schema.json"), "-validate-only"]),
  ]);
  assert.is(json.code, 0);
  assert.is(toml.code, 2);
  assert.match(toml.stderr, "  • $: Missing required property: owner");
});

test("an unusable schema is a schema error (exit 2), not a data failure", async () => {
  const r = await runCli(["-i", at("good.jsson"), "-schema", at("not-a-schema.json")]);
  assert.is(r.code, 2);
  assert.is(r.stdout, "");
  assert.match(r.stderr, /^❌ Invalid schema \(json format\):\n  • schema: /);
});

test("a source error stops before validation: exit 1", async () => {
  const r = await runCli(["-i", at("broken.jsson"), "-schema", at("schema.json")]);
  assert.is(r.code, 1);
  assert.match(r.stderr, /^Line 1: /);
  assert.not.match(r.stderr, "Validation");
});

test.run();

/**
 * Request checks with their caps applied first, and answers bounded in size
 * whatever the body holds (issue #26 finding 5); unknown fields named in
 * `warnings` with the closest known field (HTTP.md §2).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { post, startServer, type TestServer } from "./helpers.js";

let s: TestServer;
test.before(async () => {
  s = await startServer();
});
test.after(() => s.close());

/** Largest 400 answer these requests may get: a few dozen messages of a few hundred characters. */
const MAX_ANSWER_BYTES = 16 * 1024;

interface Answer {
  success?: boolean;
  valid?: boolean;
  errors: string[];
  warnings?: string[];
  warning_diagnostics?: unknown[];
  output?: unknown;
}

test("a files path of 900,000 segments: refused by its length, with a short answer", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1", files: { ["a/".repeat(900_000) + "x.jsson"]: "b = 1" } });
  assert.is(r.status, 400);
  assert.ok(r.raw.length < MAX_ANSWER_BYTES, `${r.raw.length} bytes`);
  assert.match(r.json<Answer>().errors[0] ?? "", /^files\["a\/a\/.*…"\]: path too long \(1800007 characters; limit 4096\)$/);
});

test("vars with 140,000 invalid names: refused by its size before any name is read, with a short answer", async () => {
  const vars = Object.fromEntries(Array.from({ length: 140_000 }, (_, i) => [`${i}x`, 0]));
  const r = await post(s.base, "/transpile", { source: "a = 1", vars });
  assert.is(r.status, 400);
  assert.ok(r.raw.length < MAX_ANSWER_BYTES, `${r.raw.length} bytes`);
  assert.equal(r.json<Answer>().errors.length, 1);
  assert.match(r.json<Answer>().errors[0] ?? "", /^vars: too large \(\d+ characters; limit 65536\)/);
});

test("the caps are where they say: 10,000 files and a path of 4,096 characters pass, one more of either is refused", async () => {
  const files = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}.jsson`, ""]));
  const atCount = await post(s.base, "/transpile", { source: "a = 1", files: files(10_000) });
  assert.is(atCount.status, 200, atCount.text);
  const path = (n: number) => "d/".repeat((n - "x.jsson".length) / 2) + "x.jsson";
  assert.is(path(4095).length, 4095);
  const atLength = await post(s.base, "/transpile", { source: "a = 1", files: { ["e" + path(4095)]: "" } });
  assert.is(atLength.status, 200, atLength.text);
  const over = await post(s.base, "/validate-schema", { source: "a = 1", schema: "{}", files: { ["de" + path(4095)]: "" } });
  assert.is(over.status, 400);
  assert.match(over.json<Answer>().errors[0] ?? "", /: path too long \(4097 characters; limit 4096\)$/);
});

test("many bad names within the size: the first twenty named, the rest counted", async () => {
  const vars = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`${i}x`, 0]));
  const r = await post(s.base, "/transpile", { source: "a = 1", vars });
  assert.is(r.status, 400);
  const errors = r.json<Answer>().errors;
  assert.is(errors.length, 21);
  assert.match(errors[0] ?? "", /^vars\.0x: not a valid name/);
  assert.is(errors[20], "… and 2980 more problems not shown");
});

test("files: too many entries is one message; many bad paths are named up to twenty; a long path is quoted short", async () => {
  const many = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`f${i}.jsson`, ""]));
  const tooMany = await post(s.base, "/transpile", { source: "a = 1", files: many });
  assert.equal(tooMany.json<Answer>().errors, ["files: too many files (10001; limit 10000)"]);
  const bad = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/abs${i}.jsson`, ""]));
  const named = await post(s.base, "/validate-schema", { source: "a = 1", schema: "{}", files: bad });
  assert.is(named.status, 400);
  assert.is(named.json<Answer>().errors.length, 21);
  assert.is(named.json<Answer>().errors[20], "… and 10 more problems not shown");
  const long = await post(s.base, "/transpile", { source: "a = 1", format: "x".repeat(100_000) });
  assert.is(long.status, 400);
  assert.ok(long.raw.length < MAX_ANSWER_BYTES, `${long.raw.length} bytes`);
  assert.match(long.json<Answer>().errors[0] ?? "", /^format: unknown format "x{64}…"; available: /);
});

test("an unknown field is a warning naming the closest known field; the request is answered", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1", fromat: "yaml" });
  assert.is(r.status, 200);
  const json = r.json<Answer>();
  assert.is(json.success, true);
  assert.equal(json.output, { a: 1 });
  assert.equal(json.warnings, ['unknown field "fromat" (did you mean "format"?)']);
  assert.equal(json.warning_diagnostics, []);
  const far = await post(s.base, "/validate", { source: "a = 1", colour: "red", Source: "x" });
  assert.equal(far.json<Answer>().warnings, ['unknown field "colour"', 'unknown field "Source" (did you mean "source"?)']);
  const schema = await post(s.base, "/validate-schema", { source: "a = 1", schema: "{}", schema_fromat: "json" });
  assert.is(schema.json<Answer>().valid, true);
  assert.equal(schema.json<Answer>().warnings, ['unknown field "schema_fromat" (did you mean "schema_format"?)']);
  const none = await post(s.base, "/transpile", { source: "a = 1" });
  assert.is("warnings" in none.json<Answer>(), false, "no warnings member without warnings");
});

test("many unknown fields: eight named, the rest counted", async () => {
  const body: Record<string, unknown> = { source: "a = 1" };
  for (let i = 0; i < 20_000; i++) body[`${"z".repeat(80)}${i}`] = i;
  const r = await post(s.base, "/transpile", body);
  assert.is(r.status, 200);
  const warnings = r.json<Answer>().warnings ?? [];
  assert.is(warnings.length, 9);
  assert.match(warnings[0] ?? "", /^unknown field "z{64}…"$/);
  assert.is(warnings[8], "… and 19992 more unknown fields");
  assert.ok(r.raw.length < MAX_ANSWER_BYTES, `${r.raw.length} bytes`);
});

test.run();

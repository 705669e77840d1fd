/**
 * One parse and one evaluation per request (issue #26, HTTP.md §3), counted
 * where the server performs them: every engine of the server (each worker's,
 * and the event loop's, which must do neither) counts into one shared block
 * that /metrics shows as `jsson_parses_total` and `jsson_evaluations_total`.
 * No plugin is loaded: this is the configuration a fast path on the event
 * loop used to serve, and an evaluation repeated anywhere (on the loop, in a
 * worker, after a give-up) moves a count past one. The locating pass of a
 * failed schema check is counted apart (`jsson_locating_*`).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { post, startServer, type TestServer } from "./helpers.js";
import { gauges } from "../support/server-gauge.js";
import { REPO_ROOT } from "../support/repo-root.js";

let s: TestServer;
test.before(async () => {
  s = await startServer({ workers: 2 });
});
test.after(() => s.close());

const NAMES = ["parses", "evaluations", "locating_parses", "locating_evaluations"] as const;
type Counts = Record<(typeof NAMES)[number], number>;

async function counts(): Promise<Counts> {
  const values = await gauges(s.base, NAMES.map((name) => `jsson_${name}_total` as const));
  const out = {} as Counts;
  for (const name of NAMES) {
    out[name] = values[`jsson_${name}_total`];
    assert.ok(Number.isInteger(out[name]), `jsson_${name}_total on /metrics`);
  }
  return out;
}

/** The work one request caused: the counts after it, less those before. */
async function workOf(path: string, body: unknown): Promise<{ work: Counts; json: Record<string, unknown>; status: number }> {
  const before = await counts();
  const r = await post(s.base, path, body);
  const after = await counts();
  const work = {} as Counts;
  for (const name of NAMES) work[name] = after[name] - before[name];
  return { work, json: r.json(), status: r.status };
}

const ONE = { parses: 1, evaluations: 1, locating_parses: 0, locating_evaluations: 0 };
const W3 = readFileSync(join(REPO_ROOT, "bench", "workloads", "w3.jsson"), "utf8");
const SCHEMA = JSON.stringify({ type: "object", properties: { port: { type: "integer", maximum: 65535 } }, required: ["port"] });

test("small, large, streamed and once-given-up /transpile requests: one parse and one evaluation each", async () => {
  const cases: [string, Record<string, unknown>][] = [
    ["small", { source: "port = 8080\nhosts = [\"a\", \"b\"]\n" }],
    ["small yaml", { source: "a = 1\n", format: "yaml" }],
    ["large (the 100 KB W3 config)", { source: W3 }],
    ["streamed, asked for", { source: "xs = 1..50\n", streaming: true }],
    ["streamed, a range over the threshold", { source: "xs = 1..50\nys = [1, 2]\n", stream_threshold: 10 }],
    // ~450 KB of output: a fast path on the event loop used to try this, give up, and evaluate it again in a worker.
    ["an output past what a fast path would take", { source: "xs = 1..60000\n" }],
    ["a source error", { source: "a = 1 / 0\n" }],
  ];
  for (const [name, body] of cases) {
    const r = await workOf("/transpile", body);
    assert.is(r.status, 200, name);
    assert.equal(r.work, ONE, name);
  }
});

test("the same request three times: evaluated three times (no answer is replayed, HTTP.md §3)", async () => {
  const before = await counts();
  for (let i = 0; i < 3; i++) assert.is((await post(s.base, "/transpile", { source: "a = 1\n" })).status, 200);
  const after = await counts();
  assert.is(after.evaluations - before.evaluations, 3);
  assert.is(after.parses - before.parses, 3);
});

test("an include: each file parsed once, one evaluation", async () => {
  const r = await workOf("/transpile", { source: 'include "db.jsson"\nname = "x"\n', files: { "db.jsson": "db { port = 5432 }\n" } });
  assert.is(r.json["success"], true);
  assert.equal(r.work, { ...ONE, parses: 2 });
});

test("a source that does not parse: one parse attempt in one evaluation", async () => {
  const r = await workOf("/transpile", { source: "a = [1,\n" });
  assert.is(r.json["success"], false);
  assert.equal(r.work, ONE);
});

test("/validate: one parse, no evaluation (syntax only, HTTP.md §4)", async () => {
  const r = await workOf("/validate", { source: "a = 1\nb = a + 1\n" });
  assert.is(r.json["valid"], true);
  assert.equal(r.work, { ...ONE, evaluations: 0 });
});

test("/validate-schema, passing: one parse, one evaluation; failing: the same, plus one locating pass", async () => {
  for (const output_format of ["json", "yaml", "toml"]) {
    const pass = await workOf("/validate-schema", { source: "port = 8080\n", schema: SCHEMA, output_format });
    assert.is(pass.json["valid"], true, output_format);
    assert.equal(pass.work, ONE, `${output_format} pass`);
    const fail = await workOf("/validate-schema", { source: "port = 70000\n", schema: SCHEMA, output_format });
    assert.is(fail.json["valid"], false, output_format);
    assert.equal(fail.work, { ...ONE, locating_parses: 1, locating_evaluations: 1 }, `${output_format} fail`);
  }
});

test("a request refused by its checks (400) is neither parsed nor evaluated", async () => {
  const r = await workOf("/transpile", { source: "a = 1", format: "xml" });
  assert.is(r.status, 400);
  assert.equal(r.work, { ...ONE, parses: 0, evaluations: 0 });
});

test.run();

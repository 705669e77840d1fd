/**
 * One parse and one evaluation per request (#13 item 5), counted by a
 * plugin that taps the pipeline's parse and evaluate stages
 * (fixtures/stage-counter-plugin.mjs), loaded into a real `jsson serve`
 * with `-plugin` and asked over real HTTP: /transpile buffered, streamed
 * (asked for, and by a range over the threshold), with an include and with
 * a large output; /validate (parse only, HTTP.md §4);
 * /validate-schema in json, yaml and toml, passing and failing.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixturesDir, post } from "./helpers.js";
import { startServe, type ServeProcess } from "./serve-child.js";

const dir = mkdtempSync(join(tmpdir(), "jsson-one-evaluation-"));
const log = join(dir, "stages.log");
let server: ServeProcess;

test.before(async () => {
  writeFileSync(log, "");
  server = await startServe(["-port", "0", "-host", "127.0.0.1", "-processes", "1", "-workers", "2", "-q", "-plugin", join(fixturesDir, "stage-counter-plugin.mjs")], {
    STAGE_COUNTER_LOG: log,
  });
});

test.after(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** POST `body` to `path`; the stages the plugin saw while the server answered, in order. */
async function stagesOf(path: string, body: unknown): Promise<{ stages: string[]; status: number; json: Record<string, unknown> }> {
  writeFileSync(log, "");
  const r = await post(server.base, path, body);
  const stages = readFileSync(log, "utf8").split("\n").filter((l) => l !== "");
  return { stages, status: r.status, json: r.json<Record<string, unknown>>() };
}

const SCHEMA = JSON.stringify({ type: "object", properties: { port: { type: "integer", maximum: 65535 } }, required: ["port"] });

test("/transpile, buffered: one parse, one evaluation", async () => {
  const r = await stagesOf("/transpile", { source: "port = 8080\nhosts = [\"a\", \"b\"]\n" });
  assert.is(r.status, 200);
  assert.is(r.json["success"], true);
  assert.equal(r.stages, ["parse -", "evaluate"]);
});

test("/transpile, streamed (asked for, and by a range over the threshold): one parse, one evaluation", async () => {
  for (const format of ["json", "yaml", "toml"]) {
    const asked = await stagesOf("/transpile", { source: "xs = 1..50\n", format, streaming: true });
    assert.is(asked.json["success"], true);
    assert.equal(asked.stages, ["parse -", "evaluate"], `streaming: true, ${format}`);
    const auto = await stagesOf("/transpile", { source: "xs = 1..50\nys = [1, 2]\n", format, stream_threshold: 10 });
    assert.is(auto.json["success"], true);
    assert.equal(auto.stages, ["parse -", "evaluate"], `over the threshold, ${format}`);
  }
});

test("/transpile with a large output: still one evaluation", async () => {
  // ~450 KB of JSON: an event-loop fast path used to try this, give up, and evaluate it again in a worker.
  const r = await stagesOf("/transpile", { source: "xs = 1..60000\n" });
  assert.is(r.json["success"], true);
  assert.equal(r.stages, ["parse -", "evaluate"]);
});

test("/transpile with an include: each file parsed once, one evaluation", async () => {
  const r = await stagesOf("/transpile", { source: 'include "db.jsson"\nname = "x"\n', files: { "db.jsson": "db { port = 5432 }\n" } });
  assert.is(r.json["success"], true);
  assert.equal(r.stages, ["parse -", "parse /db.jsson", "evaluate"]);
});

test("/transpile of a source that does not parse: one parse attempt, no evaluation", async () => {
  const r = await stagesOf("/transpile", { source: "a = [1,\n" });
  assert.is(r.json["success"], false);
  assert.equal(r.stages, []); // the parse stage's hook is called for sources that parse
});

test("/validate: one parse, no evaluation (syntax only, HTTP.md §4)", async () => {
  const r = await stagesOf("/validate", { source: "a = 1\nb = a + 1\n" });
  assert.is(r.json["valid"], true);
  assert.equal(r.stages, ["parse -"]);
});

test("/validate-schema, json / yaml / toml, passing and failing: one parse, one evaluation each", async () => {
  for (const output_format of ["json", "yaml", "toml"]) {
    const pass = await stagesOf("/validate-schema", { source: "port = 8080\n", schema: SCHEMA, output_format });
    assert.is(pass.json["valid"], true, `${output_format} pass: ${JSON.stringify(pass.json)}`);
    assert.equal(pass.stages, ["parse -", "evaluate"], `${output_format} pass`);
    const fail = await stagesOf("/validate-schema", { source: "port = 70000\n", schema: SCHEMA, output_format });
    assert.is(fail.json["valid"], false);
    assert.equal(fail.json["errors"], ["$.port: Value must be <= 65535, got 70000"]);
    assert.equal(fail.stages, ["parse -", "evaluate"], `${output_format} fail`);
  }
});

test.run();

/**
 * docs/http-api.md, the HTTP contract for clients, against the OpenAPI
 * document a real server serves (GET /openapi.json): every path, every
 * method of it, every status, every response header and every field of
 * every request and answer schema is named on the page. And the page's
 * promise about `output`'s two shapes holds on that server, and every
 * `curl -s localhost:8090/PATH -d '…'` line of the page, sent to that server,
 * gets the answer in the ```json block after it (as JSON, durations aside).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fencedBlocks } from "../support/doc-examples.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { post, send, startServer, type TestServer } from "./helpers.js";

const page = readFileSync(join(REPO_ROOT, "docs", "http-api.md"), "utf8");

type Json = { [key: string]: unknown };
let s: TestServer;
let doc: Json;

test.before(async () => {
  s = await startServer();
  doc = (await send(s.base, "/openapi.json")).json<Json>();
});
test.after(() => s.close());

/** Every property name of a schema, nested ones included (objects, arrays, combinations). */
function fieldNames(schema: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) fieldNames(s, into);
  else if (schema !== null && typeof schema === "object") {
    const o = schema as Json;
    for (const [name, sub] of Object.entries((o["properties"] ?? {}) as Json)) {
      into.add(name);
      fieldNames(sub, into);
    }
    for (const key of ["items", "oneOf", "anyOf", "allOf", "additionalProperties"]) if (o[key] !== undefined) fieldNames(o[key], into);
  }
  return into;
}

test("every path and method of the OpenAPI document is on the page", () => {
  const missing: string[] = [];
  for (const [path, ops] of Object.entries(doc["paths"] as Json)) {
    for (const method of Object.keys(ops as Json)) {
      const m = method.toUpperCase();
      if (m === "OPTIONS") continue; // every path's CORS preflight: one rule on the page
      if (!page.includes(`${m} ${path}`) && !page.includes(`\`${path}\``)) missing.push(`${m} ${path}`);
    }
  }
  assert.equal(missing, [], "operations not on docs/http-api.md");
  assert.match(page, /preflight `OPTIONS`/);
});

test("every status the document gives is in the page's status table", () => {
  const statuses = new Set<string>();
  for (const ops of Object.values(doc["paths"] as Json)) for (const op of Object.values(ops as Json)) for (const st of Object.keys((op as Json)["responses"] as Json)) statuses.add(st);
  const missing = [...statuses].filter((st) => !new RegExp(`^\\| ${st} \\|`, "m").test(page));
  assert.equal(missing, [], "statuses without a row");
});

test("every field of every schema and every response header is named on the page", () => {
  const components = doc["components"] as Json;
  const fields = fieldNames(Object.values(components["schemas"] as Json), new Set());
  assert.ok(fields.size > 40, `${fields.size} fields`);
  const missingFields = [...fields].filter((f) => !page.includes(`\`${f}\``) && !page.includes(`"${f}"`));
  assert.equal(missingFields, [], "fields not on docs/http-api.md");
  const headers = Object.keys(components["headers"] as Json);
  assert.equal(headers.filter((h) => !page.includes(h)), [], "headers not on docs/http-api.md");
});

test("output has the two shapes the page describes: a JSON value for json, a string otherwise", async () => {
  const json = (await post(s.base, "/transpile", { source: "name = api\nport = 8080" })).json<Json>();
  assert.equal(json["output"], { name: "api", port: 8080 });
  const yaml = (await post(s.base, "/transpile", { source: "name = api\nport = 8080", format: "yml" })).json<Json>();
  assert.equal([yaml["output"], yaml["format"]], ["name: api\nport: 8080\n", "yaml"]);
});

const blocks = fencedBlocks(page);
const curls = blocks.flatMap((block, i) => {
  const next = blocks[i + 1];
  const answer = next?.lang === "json" && page.slice(block.end, next.start).trim() === "" ? next.body : undefined;
  return block.lang !== "sh"
    ? []
    : block.body.split("\n").flatMap((line) => {
        const m = /^curl -s localhost:8090(\/[\w-]*) -d '([^']*)'$/.exec(line);
        return m ? [{ line, path: m[1]!, body: m[2]!, answer }] : [];
      });
});

/** An answer without its durations, which differ from run to run. */
function withoutDurations(value: unknown): unknown {
  const copy = { ...(value as Json) };
  delete copy["transpile_time_ms"];
  delete copy["validate_time_ms"];
  return copy;
}

test("the page's curl examples cover every POST endpoint and show their answers", () => {
  assert.equal([...new Set(curls.map((c) => c.path))].sort(), ["/transpile", "/validate", "/validate-schema"]);
  assert.equal(curls.filter((c) => c.answer === undefined).map((c) => c.line), [], "curl lines without an answer");
});

for (const c of curls) {
  test(`docs/http-api.md: ${c.line}`, async () => {
    const reply = await send(s.base, c.path, { method: "POST", body: c.body });
    assert.is(reply.status, 200);
    assert.equal(withoutDurations(reply.json()), withoutDurations(JSON.parse(c.answer ?? "null")));
  });
}

test("the page sends no reader outside the repository", () => {
  assert.not.match(page, /LANGUAGE\.md|HTTP\.md|\.\.\/shared/);
});

test.run();

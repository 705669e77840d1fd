// HTTP.md §8 (/health, /version), §9 (/formats, /openapi.json): fields, and
// every kind of real response checked against the served OpenAPI 3.1 document.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { post, send, startServer, type Reply, type TestServer } from "./helpers.js";
import { SERVICE_ROUTES } from "../../cli/serve/app.js";
import { REPO_ROOT } from "../support/repo-root.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

let s: TestServer;
let doc: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test-only JSON walk
let ajv: Ajv2020;
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };

test.before(async () => {
  s = await startServer({ maxBodyBytes: 4096 });
  doc = (await send(s.base, "/openapi.json")).json();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, "openapi");
});
test.after(() => s.close());

/** Validate a real reply against the document's schema for path + method + status. */
function conforms(path: string, method: string, r: Reply): void {
  // A 405 is the answer for methods a path does not document; its shape is a shared response.
  const op = r.status === 405 ? { responses: { "405": { $ref: "#/components/responses/MethodNotAllowed" } } } : doc.paths?.[path]?.[method.toLowerCase()];
  assert.ok(op, `no operation ${method} ${path} in the document`);
  let response = op.responses?.[String(r.status)];
  assert.ok(response, `${method} ${path}: status ${r.status} not documented`);
  let pointer = "";
  if (typeof response.$ref === "string") {
    pointer = response.$ref as string;
    response = doc.components.responses[pointer.split("/").pop() as string];
  }
  assert.ok(response.headers?.["X-Request-Id"], "X-Request-Id documented");
  const schemaPointer = pointer === "" ? `#/paths/${path.replace(/\//g, "~1")}/${method.toLowerCase()}/responses/${r.status}/content/application~1json/schema` : `${pointer}/content/application~1json/schema`;
  const validate = ajv.getSchema(`openapi${schemaPointer}`);
  assert.ok(validate, `schema ${schemaPointer}`);
  const ok = validate(r.json());
  assert.ok(ok, `${method} ${path} ${r.status}: ${ajv.errorsText(validate.errors)}\n${r.text.slice(0, 300)}`);
}

test("/health: the documented fields", async () => {
  const asked = Date.now();
  const r = await send(s.base, "/health");
  const answered = Date.now();
  assert.is(r.status, 200);
  const j = r.json<Record<string, string>>();
  assert.equal(Object.keys(j), ["status", "service", "version", "lang_version", "timestamp"]);
  assert.is(j["status"], "healthy");
  assert.is(j["service"], "jsson");
  assert.is(j["version"], pkg.version);
  assert.is(j["lang_version"], "0.0.6");
  assert.match(j["timestamp"]!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  // the time of the answer (the same machine's clock, to the ms): between the request's start and its end
  const stamp = Date.parse(j["timestamp"]!);
  assert.ok(stamp >= asked && stamp <= answered, `${j["timestamp"]} not within the request (${new Date(asked).toISOString()} … ${new Date(answered).toISOString()})`);
  conforms("/health", "GET", r);
});

test("/version: the documented fields", async () => {
  const r = await send(s.base, "/version");
  assert.equal(r.json(), { server_version: pkg.version, lang_version: "0.0.6", go_version: "20.19+", runtime: "node", runtime_version: process.version });
  conforms("/version", "GET", r);
});

test("/formats: name, aliases, media type, extension, plugin", async () => {
  const r = await send(s.base, "/formats");
  const formats = r.json<{ formats: { name: string; aliases: string[]; media_type: string; extension: string; plugin: string }[] }>().formats;
  assert.equal(formats.map((f) => f.name), ["json", "yaml", "toml", "typescript"]);
  const ts = formats.find((f) => f.name === "typescript")!;
  assert.equal(ts.aliases, ["ts"]);
  assert.is(ts.extension, "ts");
  assert.ok(ts.plugin.length > 0 && ts.media_type.length > 0);
  conforms("/formats", "GET", r);
});

test("/openapi.json: OpenAPI 3.1 describing every endpoint, every $ref resolvable", async () => {
  assert.is(doc["openapi"], "3.1.0");
  assert.is(doc["info"].version, pkg.version);
  for (const route of SERVICE_ROUTES) for (const m of route.methods) if (m !== "HEAD") assert.ok(doc["paths"][route.path]?.[m.toLowerCase()], `${m} ${route.path}`);
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
  assert.ok(refs.length > 10);
  for (const ref of new Set(refs)) {
    const pointer = ref.slice(8, -1);
    let at: unknown = doc;
    for (const part of pointer.replace(/^#\//, "").split("/")) at = (at as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    assert.ok(at !== undefined, `unresolved ${pointer}`);
  }
});

test("real responses of every endpoint conform to the document", async () => {
  const checks: [string, string, () => Promise<Reply>][] = [
    ["/transpile", "POST", () => post(s.base, "/transpile", { source: "a = 1\nb = [1, 2]" })],
    ["/transpile", "POST", () => post(s.base, "/transpile", { source: "a = 1", format: "yaml" })],
    ["/transpile", "POST", () => post(s.base, "/transpile", { source: "a = 1 / 0" })],
    ["/transpile", "POST", () => post(s.base, "/transpile", { source: 'include "x.jsson"', files: { "x.jsson": "b = (" } })],
    ["/transpile", "POST", () => post(s.base, "/transpile", { format: "xml" })],
    ["/transpile", "POST", () => post(s.base, "/transpile", "[]")],
    ["/transpile", "POST", () => post(s.base, "/transpile", { source: "x = 0..99", streaming: true })],
    ["/transpile", "POST", () => post(s.base, "/transpile", { source: "a".repeat(5000) })],
    ["/transpile", "GET", () => send(s.base, "/transpile")],
    // warnings (LANGUAGE.md §16.5): on success, with suggestions; under strict, a failure that still lists them
    ["/transpile", "POST", () => post(s.base, "/transpile", { source: 'port := 1\nurl = "x:" + prot\nxs = [\n 5\n -3\n]' })],
    ["/transpile", "POST", () => post(s.base, "/transpile", { source: "on = ture", strict: true })],
    ["/validate", "POST", () => post(s.base, "/validate", { source: "a = 1\na = 2", strict: false })],
    ["/validate-schema", "POST", () => post(s.base, "/validate-schema", { source: "on = ture", schema: "{}", strict: true })],
    ["/validate-schema", "POST", () => post(s.base, "/validate-schema", { source: "on = ture", schema: "{}" })],
    ["/validate", "POST", () => post(s.base, "/validate", { source: "a = 1" })],
    ["/validate", "POST", () => post(s.base, "/validate", { source: "a = (" })],
    ["/validate", "POST", () => post(s.base, "/validate", {})],
    ["/validate", "POST", () => send(s.base, "/validate", { method: "POST", body: "{}", headers: { Origin: "https://a.example", "Content-Type": "text/plain" } })],
    ["/validate-schema", "POST", () => post(s.base, "/validate-schema", { source: "a = 1", schema: '{"required":["b"]}' })],
    ["/validate-schema", "POST", () => post(s.base, "/validate-schema", { source: "a = 1", schema: "{}" })],
    ["/validate-schema", "POST", () => post(s.base, "/validate-schema", { source: '@preset "p" { a = 0 }\nx = @use "p"', schema: '{"properties":{"x":{"properties":{"a":{"minimum":1}}}}}' })],
    ["/validate-schema", "POST", () => post(s.base, "/validate-schema", { source: "a = 1", schema: "{not json" })],
    ["/validate-schema", "POST", () => post(s.base, "/validate-schema", { source: "a = (", schema: "{}" })],
    ["/validate-schema", "POST", () => post(s.base, "/validate-schema", { source: "a = 1" })],
    ["/health", "DELETE", () => send(s.base, "/health", { method: "DELETE" })],
    ["/openapi.json", "GET", () => send(s.base, "/openapi.json")],
    ["/livez", "GET", () => send(s.base, "/livez")],
    ["/readyz", "GET", () => send(s.base, "/readyz")],
  ];
  const statuses = new Set<number>();
  for (const [path, method, request] of checks) {
    const r = await request();
    statuses.add(r.status);
    conforms(path, method, r);
  }
  assert.equal([...statuses].sort(), [200, 400, 405, 413, 415]);
});

test("the 404 body conforms to the NotFound schema", async () => {
  const r = await send(s.base, "/no/such/path");
  const validate = ajv.getSchema("openapi#/components/schemas/NotFound")!;
  assert.ok(validate(r.json()), ajv.errorsText(validate.errors));
});

test("a schema can fail: a wrong body is rejected by the document", async () => {
  const validate = ajv.getSchema("openapi#/components/schemas/TranspileResponse")!;
  assert.not.ok(validate({ success: true, output: {}, format: "json" }), "missing transpile_time_ms");
  assert.not.ok(validate({ success: false, errors: ["x"], diagnostics: [{ line: 0 }], format: "json", transpile_time_ms: 1 }), "bad diagnostic");
});

test.run();

// External variables (`vars`, LANGUAGE.md §16.2) on /transpile and /validate-schema,
// and data includes (§16.1) sent in `files` or read under -include-root, on a real server.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { post, send, startServer, type TestServer } from "./helpers.js";

let server: TestServer;
let rooted: TestServer;
let sandbox: string;

test.before(async () => {
  sandbox = mkdtempSync(join(tmpdir(), "jsson-http-data-"));
  writeFileSync(join(sandbox, "disk.yaml"), "from_disk: 9007199254740993\n");
  server = await startServer();
  rooted = await startServer({ includeRoot: sandbox });
});
test.after(async () => {
  await server.close();
  await rooted.close();
  rmSync(sandbox, { recursive: true, force: true });
});

interface Transpiled {
  success: boolean;
  output?: unknown;
  errors: string[];
  diagnostics: { line: number; message: string; code: string }[];
}

test("/transpile: vars are seen by the source and its includes, exactly (the json output is raw text)", async () => {
  const body = '{"source":"name = \\"api-\\" + env\\nbig = n\\nratio = f\\ninclude \\"inc.jsson\\"","vars":{"env":"prod","n":9223372036854775807,"f":1.0},"files":{"inc.jsson":"from_inc = env"}}';
  const r = await post(server.base, "/transpile", body);
  assert.is(r.status, 200, r.text);
  assert.match(r.text, /^\{"success":true,"output":\{"name":"api-prod","big":9223372036854775807,"ratio":1,"from_inc":"prod"\}/);
  const yaml = await post(server.base, "/transpile", body.replace('"files"', '"format":"yaml","files"'));
  assert.is(yaml.json<Transpiled>().output, 'name: api-prod\nbig: 9223372036854775807\nratio: 1.0\nfrom_inc: prod\n');
});

test("/transpile: a large request with vars gets the same result", async () => {
  const source = "x = env\n" + "// padding\n".repeat(2000);
  const r = await post(server.base, "/transpile", { source, vars: { env: "w" }, format: "yaml" });
  assert.is(r.json<Transpiled>().output, "x: w\n");
});

test("/transpile: a streamed run sees the vars too; /openapi.json documents vars on both endpoints", async () => {
  const r = await post(server.base, "/transpile", { source: "ids = (1..3 map (i) = base + i)", vars: { base: 100 }, streaming: true, format: "yaml" });
  assert.is(r.json<Transpiled>().output, "ids:\n  - 101\n  - 102\n  - 103\n");
  const doc = await send(server.base, "/openapi.json");
  const schemas = doc.json<{ components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }>().components.schemas;
  for (const name of ["TranspileRequest", "ValidateSchemaRequest"]) assert.equal(schemas[name]?.properties?.["vars"], { $ref: "#/components/schemas/Vars" }, name);
});

test("/transpile: files may hold JSON, YAML and TOML data; errors name the data file and its line", async () => {
  const files = {
    "conf/values.json": '{"db": {"port": 5432}, "big": 9007199254740993}',
    "conf/values.yml": "replicas: 3\nlabels: {app: api}\n",
    "conf/values.TOML": "timeout = 1.0\n",
    "bad.yaml": "a: 1\na: 2\n",
  };
  const r = await post(server.base, "/transpile", { source: 'include "conf/values.json"\ninclude "conf/values.yml"\ninclude "conf/values.TOML"\nport = db.port', files, format: "toml" });
  assert.is(r.json<Transpiled>().output, "big = 9007199254740993\nreplicas = 3\ntimeout = 1.0\nport = 5432\n\n[db]\nport = 5432\n\n[labels]\napp = \"api\"\n");
  const bad = await post(server.base, "/transpile", { source: 'x = 1\ninclude "bad.yaml"', files });
  assert.is(bad.status, 200);
  const j = bad.json<Transpiled>();
  assert.equal(j.errors, ['Line 2: error in included file "bad.yaml": Line 2: duplicate key "a" in "bad.yaml"']);
  assert.is(j.diagnostics[0]?.line, 2);
  assert.is(j.diagnostics[0]?.code, "JSSON4004");
});

test("-include-root: a data file on disk is read exactly; without it, a missing data file says to send it", async () => {
  const r = await post(rooted.base, "/transpile", { source: 'include "disk.yaml"', format: "yaml" });
  assert.is(r.json<Transpiled>().output, "from_disk: 9007199254740993\n");
  const closed = await post(server.base, "/transpile", { source: 'include "disk.yaml"' });
  assert.equal(closed.json<Transpiled>().errors, ['Line 1: could not read include file "disk.yaml" (this server reads no files; send it in "files")']);
});

test("/transpile: bad vars are request errors (400) naming the field and the name", async () => {
  const cases: [string, string[]][] = [
    ['{"source":"x = 1","vars":{"1x":1,"ok":2,"map":3}}', ['vars.1x: not a valid name (a name is a letter or _ followed by letters, digits or _)', 'vars.map: not a valid name ("map" is a keyword)']],
    ['{"source":"x = 1","vars":[1]}', ["vars: must be an object mapping names to JSON values, got an array"]],
    ['{"source":"x = 1","vars":"env=prod"}', ["vars: must be an object mapping names to JSON values, got a string"]],
    ['{"source":"x = 1","vars":{"a":1,"a":2}}', ['vars: duplicate key "a" in "vars"']],
    ['{"source":"x = 1","vars":{"a":{"b":[9223372036854775808]}}}', ['vars: integer out of range in "vars"']],
    ['{"source":"x = 1","vars":{"a":1e400}}', ['vars: cannot represent 1e400 from "vars"']],
  ];
  for (const [body, errors] of cases) {
    const r = await post(server.base, "/transpile", body);
    assert.is(r.status, 400, body);
    assert.equal(r.json<Transpiled>().errors, errors, body);
    assert.is(r.json<Transpiled>().success, false);
  }
  // read exactly on the event loop, so bounded far below -max-body (64 Ki characters)
  const big = await post(server.base, "/transpile", { source: "x = 1", vars: { v: "x".repeat(64 * 1024) } });
  assert.is(big.status, 400);
  assert.match(big.json<Transpiled>().errors[0] ?? "", /^vars: too large \(65544 characters; limit 65536\); send large data as a data include in "files"$/);
  const fits = await post(server.base, "/transpile", { source: "x = 1", vars: { v: "x".repeat(64 * 1024 - 20) } });
  assert.is(fits.status, 200, fits.text);
  // null means none, like every optional field.
  const none = await post(server.base, "/transpile", { source: "x = env", vars: null });
  assert.is(none.status, 200);
});

test("/transpile: escaped field names and a later duplicate `vars` member are read as JSON.parse reads them", async () => {
  const r = await post(server.base, "/transpile", '{"source":"x = a","vars":{"a":"first"},"v\\u0061rs":{"a":"last"},"format":"yaml"}');
  assert.is(r.json<Transpiled>().output, "x: last\n");
});

test("/validate-schema: vars apply before validation; bad vars are a 400 in its own shape", async () => {
  const schema = '{"type":"object","properties":{"port":{"type":"integer","maximum":65535}}}';
  const ok = await post(server.base, "/validate-schema", { source: "port = p", schema, vars: { p: 8080 } });
  assert.equal(ok.json().valid, true);
  assert.equal(ok.json().transpiled_data, { port: 8080 });
  const bad = await post(server.base, "/validate-schema", { source: "port = p", schema, vars: { p: 70000 } });
  assert.equal(bad.json().errors, ["$.port: Value must be <= 65535, got 70000"]);
  const req = await post(server.base, "/validate-schema", { source: "port = p", schema, vars: { "p q": 1 } });
  assert.is(req.status, 400);
  assert.equal(req.json(), { valid: false, errors: ["vars.p q: not a valid name (a name is a letter or _ followed by letters, digits or _)"], format: "json", schema_type: "json-schema", transpile_time_ms: 0, validate_time_ms: 0 });
});

test.run();

/**
 * `POST /validate-schema` answers `diagnostics` for data failures (HTTP.md
 * §7): path, message, keyword, schema path and the source place (LANGUAGE.md
 * §12.3), `file` naming an included file as the request's `files` do.
 * Against a real server.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { post, startServer, type TestServer } from "../http/helpers.js";
import { CASE_SETS, type ExpectedPlace } from "./cases.js";

interface PlaceJson {
  line?: number | undefined;
  column?: number | undefined;
  end_line?: number | undefined;
  end_column?: number | undefined;
  file?: string;
}
interface Entry extends PlaceJson {
  path: string;
  message: string;
  keyword: string;
  schema_path: string;
  related?: (PlaceJson & { message: string })[];
}
interface Reply {
  valid: boolean;
  errors: string[];
  diagnostics?: Entry[];
}

let s: TestServer;
test.before(async () => {
  s = await startServer({ workers: 1 });
});
test.after(() => s.close());

const wire = (p: ExpectedPlace): PlaceJson => ({ line: p.line, column: p.column, end_line: p.endLine, end_column: p.endColumn, ...(p.file === undefined ? {} : { file: p.file }) });
const placeOf = (e: PlaceJson): PlaceJson => ({ line: e.line, column: e.column, end_line: e.end_line, end_column: e.end_column, ...(e.file === undefined ? {} : { file: e.file }) });

async function check(outputFormat: string, set: (typeof CASE_SETS)[number]): Promise<void> {
  const r = await post(s.base, "/validate-schema", { source: set.main, schema: set.schema, files: set.included, output_format: outputFormat });
  assert.is(r.status, 200);
  const j = r.json<Reply>();
  assert.is(j.valid, false);
  assert.ok(j.diagnostics, "diagnostics present when valid is false");
  const entries = j.diagnostics!;
  // one entry per error, in the order of `errors`
  assert.equal(entries.map((e) => `${e.path}: ${e.message}`), j.errors);
  assert.equal([...j.errors].sort(), set.expected.map((f) => f.error).sort());
  for (const f of set.expected) {
    const e = entries.find((x) => `${x.path}: ${x.message}` === f.error)!;
    assert.is(e.keyword, f.keyword, f.error);
    assert.is(e.schema_path, f.schemaPath, f.error);
    assert.equal(placeOf(e), wire(f.place), `${outputFormat}: ${f.error}`);
    if (f.related === undefined) assert.is(e.related, undefined, f.error);
    else {
      assert.is(e.related?.length, 1, f.error);
      assert.equal(placeOf(e.related![0]!), wire(f.related), `${f.error} (related)`);
      assert.type(e.related![0]!.message, "string");
    }
  }
}

for (const set of CASE_SETS) {
  test(`/validate-schema: every data failure has its keyword, schema path and source place (${set.name})`, () => check("json", set));
  test(`/validate-schema: the same places when the data is YAML read back (${set.name})`, () => check("yaml", set));
}

test("/validate-schema: a schema error's diagnostics are `{message}`; a passing check has none", async () => {
  const broken = (await post(s.base, "/validate-schema", { source: "a = 1", schema: "{not json" })).json<Reply>();
  assert.is(broken.valid, false);
  assert.equal(broken.diagnostics, broken.errors.map((message) => ({ message })));
  const ok = (await post(s.base, "/validate-schema", { source: "a = 1", schema: '{"properties":{"a":{"maximum":5}}}' })).json<Reply>();
  assert.is(ok.valid, true);
  assert.ok(!("diagnostics" in ok));
});

test("/validate-schema: a failure on the root object is placed at the start of the source", async () => {
  const j = (await post(s.base, "/validate-schema", { source: "\n\na = 1\n", schema: '{"required":["b"]}' })).json<Reply>();
  assert.equal(j.errors, ["$: Missing required property: b"]);
  assert.equal(j.diagnostics, [{ path: "$", message: "Missing required property: b", keyword: "required", schema_path: "#/required", line: 1, column: 1, end_line: 1, end_column: 1 }]);
});

test.run();

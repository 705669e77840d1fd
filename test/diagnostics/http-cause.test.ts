/**
 * HTTP.md §3 over a real server: an error inside an included file is placed
 * at the `include` (its `errors` string unchanged, LANGUAGE.md §13.3) and
 * carries `cause`, the same problem placed in the included file (with its
 * `file`), recursively; buffered and streamed answers agree, and a data
 * include's error points into the data file.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DiagnosticJson } from "../../cli/serve/wire-diagnostic.js";
import { post, startServer, type TestServer } from "../http/helpers.js";

let s: TestServer;
test.before(async () => {
  s = await startServer();
});
test.after(() => s.close());

const files = {
  "conf/mid.jsson": 'ok = 1\ninclude "../lib/inner.jsson"\n',
  "lib/inner.jsson": "a = 1\nbad = a / 0\n",
};
const source = 'name = "app"\n\ninclude "conf/mid.jsson"\n';

interface Failure {
  success: boolean;
  errors: string[];
  diagnostics: DiagnosticJson[];
}

test("/transpile: the error at the include, its causes in conf/mid.jsson and lib/inner.jsson", async () => {
  const r = await post(s.base, "/transpile", { source, files });
  assert.is(r.status, 200);
  const body = r.json<Failure>();
  assert.is(body.success, false);
  assert.equal(body.errors, ['Line 3: error in included file "conf/mid.jsson": Line 2: error in included file "../lib/inner.jsson": Line 2: division by zero']);
  const d = body.diagnostics[0]!;
  assert.is(body.errors[0], `Line ${d.line}: ${d.message}`, "the string is the structure rendered");
  assert.equal([d.code, d.file, d.line, d.column, d.end_line, d.end_column], ["JSSON4004", undefined, 3, 1, 3, 25]);
  const mid = d.cause!;
  assert.equal([mid.code, mid.file, mid.line, mid.column, mid.end_column], ["JSSON4004", "conf/mid.jsson", 2, 1, 29]);
  assert.is(mid.message, 'error in included file "../lib/inner.jsson": Line 2: division by zero');
  assert.equal(mid.cause, { line: 2, column: 9, end_line: 2, end_column: 10, message: "division by zero", code: "JSSON3001", file: "lib/inner.jsson" });
});

test("/transpile: a streamed answer carries the same diagnostics as a buffered one", async () => {
  const buffered = (await post(s.base, "/transpile", { source, files })).json<Failure>();
  const streamed = (await post(s.base, "/transpile", { source, files, streaming: true })).json<Failure>();
  assert.equal(streamed.diagnostics, buffered.diagnostics);
  assert.equal(streamed.errors, buffered.errors);
});

test("/transpile: a data include's error points at its line in the data file", async () => {
  const r = await post(s.base, "/transpile", { source: 'a = 1\ninclude "d/vals.yaml"\n', files: { "d/vals.yaml": "x: 1\nx: 2\n" } });
  const d = r.json<Failure>().diagnostics[0]!;
  assert.equal([d.code, d.line, d.file], ["JSSON4004", 2, undefined]);
  assert.equal([d.cause?.code, d.cause?.file, d.cause?.line, d.cause?.column, d.cause?.end_line, d.cause?.end_column], ["JSSON4006", "d/vals.yaml", 2, 1, 2, 5]);
});

test("an error in the request's own source has no cause and no file", async () => {
  const d = (await post(s.base, "/transpile", { source: "a = 1 / 0\n" })).json<Failure>().diagnostics[0]!;
  assert.equal(d, { line: 1, column: 7, end_line: 1, end_column: 8, message: "division by zero", code: "JSSON3001" });
});

test.run();

// HTTP.md §3: POST /transpile — request fields, response fields, output exactness, CLI identity.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { post, startServer, type TestServer } from "./helpers.js";
import { CLI_BIN } from "../support/repo-root.js";

let s: TestServer;
test.before(async () => {
  s = await startServer({ workers: 2 });
});
test.after(() => s.close());

/** The raw text of `output` in a successful json response (between the fixed head and tail). */
function rawJsonOutput(text: string): string {
  const head = '{"success":true,"output":';
  assert.ok(text.startsWith(head), text.slice(0, 80));
  const tail = /,"format":"json","transpile_time_ms":[0-9.]+\}$/.exec(text);
  assert.ok(tail, text.slice(-80));
  return text.slice(head.length, tail.index);
}

/** What the CLI binary prints for `source` in `format` (stdin → stdout), with more flags if given. */
function cli(source: string, format: string, ...flags: string[]): string {
  const r = spawnSync(process.execPath, [CLI_BIN, "-f", format, ...flags], { input: source, encoding: "utf8" });
  assert.is(r.status, 0, r.stderr);
  return r.stdout;
}

const RICH = `// every kind of value
name = "svc ✓ \\"quoted\\" \\\\ tab\\t"
port = 8080
ratio = 0.25
whole = 3.0
big = 9223372036854775807
small = -9223372036854775807
just_over = 9007199254740993
on = true
nothing = null
list = [1, "two", 3.5, false]
nested {
  zeta = 1
  alpha { deep = [ { a = 1 }, { b = 2 } ] }
}
range = 1..5
mapped = (0..3 map (i) = { id = i, sq = i * i })
`;

test("json: output is the JSON value itself, keys in source order, integers exact", async () => {
  const r = await post(s.base, "/transpile", { source: "zebra = 1\napple = 2\n\"10\" = 3\n\"2\" = 4\nbig = 9223372036854775807\nodd = 9007199254740993\n" });
  assert.is(r.status, 200);
  const raw = rawJsonOutput(r.text);
  const keys = [...raw.matchAll(/"([^"]+)":/g)].map((m) => m[1]);
  assert.equal(keys, ["zebra", "apple", "10", "2", "big", "odd"], "source order, integer-like keys included");
  assert.match(raw, /"big": ?9223372036854775807\b/);
  assert.match(raw, /"odd": ?9007199254740993\b/);
  assert.ok(r.json<{ output: unknown }>().output !== null && typeof r.json<{ output: unknown }>().output === "object", "a value, not a string");
});

test("output for every format is byte-identical to the CLI's (json: a value, written as --compact writes it)", async () => {
  for (const format of ["json", "yaml", "toml", "typescript"]) {
    const r = await post(s.base, "/transpile", { source: RICH, format });
    assert.is(r.status, 200, r.text);
    assert.is(r.json().success, true, r.text);
    const expected = format === "json" ? cli(RICH, format, "--compact") : cli(RICH, format);
    if (format === "json") assert.is(rawJsonOutput(r.text), expected.replace(/[ \t\r\n]+$/, ""));
    else assert.is(r.json<{ output: string }>().output, expected, format);
  }
});

test("format: aliases and any case map to the canonical name; omitted means json", async () => {
  const cases: [string | undefined, string][] = [[undefined, "json"], ["JSON", "json"], ["yml", "yaml"], ["YAML", "yaml"], ["ts", "typescript"], ["TypeScript", "typescript"], ["Toml", "toml"]];
  for (const [given, canonical] of cases) {
    const r = await post(s.base, "/transpile", given === undefined ? { source: "a = 1" } : { source: "a = 1", format: given });
    assert.is(r.status, 200);
    const j = r.json<{ success: boolean; format: string; output: unknown }>();
    assert.is(j.success, true);
    assert.is(j.format, canonical, String(given));
    assert.is(typeof j.output, canonical === "json" ? "object" : "string");
  }
});

test("empty source gives {}", async () => {
  const r = await post(s.base, "/transpile", { source: "" });
  assert.equal(r.json(), { ...r.json(), success: true, output: {}, format: "json" });
  const y = await post(s.base, "/transpile", { source: "", format: "yaml" });
  assert.is(y.json<{ output: string }>().output, cli("", "yaml"));
});

test("success response has exactly success, output, format, transpile_time_ms", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1", format: "toml" });
  assert.equal(Object.keys(r.json()), ["success", "output", "format", "transpile_time_ms"]);
});

test("source error: success false, errors `Line <n>:`, diagnostics structured, format and time", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1\nb = 10 / 0\n", format: "yml" });
  assert.is(r.status, 200);
  const j = r.json<{ success: boolean; errors: string[]; diagnostics: Record<string, unknown>[]; format: string; transpile_time_ms: number }>();
  assert.equal(Object.keys(j), ["success", "errors", "diagnostics", "format", "transpile_time_ms"]);
  assert.is(j.success, false);
  assert.equal(j.errors, ["Line 2: division by zero"]);
  assert.is(j.format, "yaml");
  assert.is(j.diagnostics.length, 1);
  const d = j.diagnostics[0]!;
  assert.equal(Object.keys(d), ["line", "column", "end_line", "end_column", "message", "code"], "no file for the request's own source");
  assert.is(d["line"], 2);
  assert.is(d["column"], 8);
  assert.is(d["message"], "division by zero");
  assert.match(String(d["code"]), /^JSSON\d{4}$/);
});

test("an output-format error is a source error at the defining line", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1\nlist = [1, null]\n", format: "toml" });
  const j = r.json<{ success: boolean; errors: string[] }>();
  assert.is(j.success, false);
  assert.match(j.errors[0]!, /^Line 2: TOML cannot represent null/);
});

test("include_merge: keep (default), overwrite, error", async () => {
  const files = { "db.jsson": 'host = "db"\nport = 5432\n' };
  const source = 'port = 1\ninclude "db.jsson"\n';
  const keep = await post(s.base, "/transpile", { source, files });
  assert.equal(keep.json<{ output: unknown }>().output, { port: 1, host: "db" });
  const keepExplicit = await post(s.base, "/transpile", { source, files, include_merge: "keep" });
  assert.equal(keepExplicit.json<{ output: unknown }>().output, { port: 1, host: "db" });
  const over = await post(s.base, "/transpile", { source, files, include_merge: "overwrite" });
  assert.equal(over.json<{ output: unknown }>().output, { port: 5432, host: "db" });
  const err = await post(s.base, "/transpile", { source, files, include_merge: "error" });
  const j = err.json<{ success: boolean; errors: string[] }>();
  assert.is(j.success, false);
  assert.match(j.errors[0]!, /^Line 2: include merge conflict for key "port"/);
});

test("stream_threshold and streaming do not change the body (beyond the time)", async () => {
  const source = "xs = 0..50\nname = `n`\n";
  const plain = await post(s.base, "/transpile", { source, format: "yaml" });
  const streamed = await post(s.base, "/transpile", { source, format: "yaml", streaming: true, stream_threshold: 3 });
  const strip = (t: string) => t.replace(/"transpile_time_ms":[0-9.]+/, "");
  assert.is(strip(streamed.text), strip(plain.text));
});

test("null optional fields take their defaults", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1", format: null, include_merge: null, streaming: null, stream_threshold: null, files: null });
  assert.is(r.status, 200);
  assert.is(r.json().format, "json");
});

test("bad field values: each named, with what was wrong", async () => {
  const check = async (body: Record<string, unknown>, expected: string[]) => {
    const r = await post(s.base, "/transpile", body);
    assert.is(r.status, 400, JSON.stringify(body));
    assert.equal(r.json().errors, expected);
  };
  await check({}, ["source: required (a string)"]);
  await check({ source: null }, ["source: must be a string, got null"]);
  await check({ source: ["a = 1"] }, ["source: must be a string, got an array"]);
  await check({ source: "", format: 7 }, ["format: must be a string, got a number"]);
  await check({ source: "", include_merge: "merge" }, ['include_merge: must be one of keep, overwrite, error, got "merge"']);
  await check({ source: "", stream_threshold: 1.5 }, ["stream_threshold: must be an integer >= 1, got 1.5"]);
  await check({ source: "", stream_threshold: -3 }, ["stream_threshold: must be an integer >= 1, got -3"]);
  await check({ source: "", stream_threshold: "10" }, ["stream_threshold: must be an integer >= 1, got a string"]);
  await check({ source: "", files: ["a.jsson"] }, ["files: must be an object mapping paths to JSSON text, got an array"]);
  await check({ source: "", files: { "a.jsson": { x: 1 } } }, ['files["a.jsson"]: must be a string, got an object']);
});

test.run();

// The playground's DOM-free logic, in Node: JSON output kept exact, share
// links, where error markers go, and the examples menu — against the real
// /transpile endpoint and the engine, with fast-check properties.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { request as httpRequest } from "node:http";
import { createEngine, MemoryHost } from "../../index.js";
import { EXAMPLES } from "../../cli/playground/examples.js";
import { PROGRAM, diagnosticPlaces, problemsByFile, type DiagnosticLike } from "../../cli/playground/problem-map.js";
import { prettyRawJson } from "../../cli/playground/raw-json.js";
import { rawMemberText as rawField } from "../../cli/wire/raw-member.js";
import { decodeShareFragment, encodeShareFragment, fromBase64Url, toBase64Url } from "../../cli/playground/share-fragment.js";
import { bodyWithVars, checkVarsText } from "../../cli/playground/vars-text.js";
import { startPlaygroundServer, type PlaygroundServer } from "./helpers.js";

let server: PlaygroundServer;
const engine = createEngine();

function postTranspile(body: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(server.base + "/transpile", { method: "POST", agent: false, headers: { "Content-Type": "application/json" } }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    });
    req.on("error", reject);
    req.end(typeof body === "string" ? body : JSON.stringify(body));
  });
}

test.before(async () => {
  server = await startPlaygroundServer();
});
test.after(async () => {
  await server.close();
});

// ------------------------------------------------------------ raw JSON

test("raw JSON: any JSON value re-indents exactly as JSON.stringify(v, null, 2)", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const compact = JSON.stringify(v);
      assert.is(prettyRawJson(compact), JSON.stringify(v, null, 2) + "\n");
      // Whitespace already in the text changes nothing.
      assert.is(prettyRawJson(JSON.stringify(v, null, 3)), JSON.stringify(v, null, 2) + "\n");
    }),
    { numRuns: 300 },
  );
});

test("raw JSON: a member is cut out of a response whatever comes before it", () => {
  fc.assert(
    fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue(), (before, output) => {
      const text = `{${Object.entries(before)
        .filter(([k]) => k !== "output")
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        .join(",")}${Object.keys(before).filter((k) => k !== "output").length > 0 ? "," : ""}"output": ${JSON.stringify(output)} ,"format":"json"}`;
      assert.is(rawField(text, "output"), JSON.stringify(output));
    }),
    { numRuns: 200 },
  );
  assert.is(rawField('{"success":false,"errors":[]}', "output"), undefined);
  assert.is(rawField("[1,2]", "output"), undefined);
});

const TRICKY = [
  'big = 9007199254740993\nneg = -9223372036854775807 - 1\nf = 0.1 + 0.2\nhuge = 1000000.0 * 1000000.0 * 1000000.0 * 1000\n',
  'o { b = 1, "10" = ten, "2" = two, a = 3 }\n"__proto__" = p\n',
  'e { }\nl = []\nn { deeper { empty = [], o { } } }\n',
  's = "quote \\" back \\\\ tab \\t nl \\n"\nu = "João 名前 ✓ \u2028"\nraw = """{"not": json}"""\n',
  "m = (1..3 map (r) = (1..2 map (c) = r * c))\n",
];

test("raw JSON: the page shows /transpile's json output byte-identical to the engine (big integers, key order, escapes)", async () => {
  for (const source of [...TRICKY, ...EXAMPLES.filter((e) => e.files === undefined).map((e) => e.source)]) {
    const text = await postTranspile({ source, format: "json" });
    const raw = rawField(text, "output");
    assert.ok(raw !== undefined, source);
    const r = engine.transpile(source, { format: "json" });
    assert.ok(r.ok, source);
    assert.is(prettyRawJson(raw), r.output, source);
  }
  // What JSON.parse would have shown instead (why the page does not use it).
  const parsed = JSON.parse(await postTranspile({ source: TRICKY[1], format: "json" })) as { output: unknown };
  assert.is.not(JSON.stringify(parsed.output, null, 2) + "\n", (engine.transpile(TRICKY[1] as string, { format: "json" }) as { output: string }).output);
});

// ------------------------------------------------------------ share links

// ------------------------------------------------------------ variables panel

test("variables panel: its JSON object reaches /transpile as written (exact integers, floats, order)", async () => {
  const typed = '{\n  "big": 9223372036854775807,\n  "ratio": 1.0,\n  "env": "prod"\n}\n';
  const checked = checkVarsText(typed);
  assert.ok(checked.ok && checked.json !== undefined);
  if (!checked.ok) return;
  const source = "b = big\nr = ratio\nname = \"api-\" + env";
  const text = await postTranspile(bodyWithVars({ source, format: "yaml" }, checked.json));
  assert.is((JSON.parse(text) as { output: string }).output, "b: 9223372036854775807\nr: 1.0\nname: api-prod\n");
  // A bad name is the server's 400, naming it.
  const bad = await postTranspile(bodyWithVars({ source }, '{"1x": 1}'));
  assert.match(bad, /vars\.1x: not a valid name/);
});

test("variables panel: blank means none; anything but a JSON object is refused before sending", () => {
  assert.equal(checkVarsText("  \n"), { ok: true, json: undefined });
  for (const text of ["[1]", "1", '"x"', "null", "{bad"]) assert.is(checkVarsText(text).ok, false, text);
  assert.is(bodyWithVars({}, '{"a":1}'), '{"vars":{"a":1}}');
  assert.is(bodyWithVars({ source: "x" }, undefined), '{"source":"x"}');
  assert.is(bodyWithVars({ source: "x" }, '{"a": 1.0}'), '{"source":"x","vars":{"a": 1.0}}');
});

test("share links: any program, format, files, schema and variables survive the round trip", () => {
  const files = fc.dictionary(fc.string({ minLength: 1 }).filter((k) => k !== "__proto__"), fc.string({ unit: "binary" }), { maxKeys: 4 });
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), fc.option(fc.constantFrom("json", "yaml", "toml", "typescript", "x-ü"), { nil: undefined }), files, fc.option(fc.string({ unit: "binary" }), { nil: undefined }), fc.option(fc.string({ unit: "binary" }), { nil: undefined }), (source, format, fileMap, schema, vars) => {
      const state = { source, ...(format === undefined ? {} : { format }), files: fileMap, ...(schema === undefined ? {} : { schema }), ...(vars === undefined ? {} : { vars }) };
      const fragment = encodeShareFragment(state);
      assert.match(fragment, /^[A-Za-z0-9_=&%.-]*$/, "fragment stays URL-safe");
      const back = decodeShareFragment("#" + fragment);
      assert.ok(back !== undefined);
      assert.is(back.source, source);
      assert.is(back.format, format);
      assert.equal({ ...(back.files ?? {}) }, { ...fileMap });
      assert.is(back.schema, schema === "" ? undefined : schema);
      assert.is(back.vars, vars === "" ? undefined : vars);
    }),
    { numRuns: 300 },
  );
});

test("share links: base64url is the RFC 4648 alphabet over UTF-8", () => {
  assert.is(toBase64Url("a = 1"), Buffer.from("a = 1").toString("base64url"));
  fc.assert(
    fc.property(fc.string({ unit: "grapheme" }), (s) => {
      assert.is(toBase64Url(s), Buffer.from(s, "utf8").toString("base64url"));
      assert.is(fromBase64Url(toBase64Url(s)), s);
    }),
  );
});

test("share links: damaged links load nothing", () => {
  const good = encodeShareFragment({ source: "name = João", format: "yaml", files: { "a.jsson": "x = 1" } });
  assert.ok(decodeShareFragment(good) !== undefined);
  assert.is(decodeShareFragment(""), undefined);
  assert.is(decodeShareFragment("#format=yaml"), undefined, "no source");
  assert.is(decodeShareFragment("#source=abc$"), undefined, "not base64url");
  assert.is(decodeShareFragment("#source=a"), undefined, "impossible length");
  assert.is(decodeShareFragment(`#source=${Buffer.from([0xc3, 0x28]).toString("base64url")}`), undefined, "not UTF-8");
  assert.is(decodeShareFragment(`#source=YQ&files=${toBase64Url("[1]")}`), undefined, "files not an object");
  assert.is(decodeShareFragment(`#source=YQ&files=${toBase64Url('{"a":1}')}`), undefined, "file text not a string");
  assert.is(decodeShareFragment("#source=YQ&format=%E0%A4%A"), undefined, "bad percent-encoding");
  assert.is(decodeShareFragment(good.replace(/files=[^&]+/, "files=e30x")), undefined, "cut-off files");
});

// ------------------------------------------------------------ error markers

test("markers: an error in a nested include marks the include lines and the line inside each file", async () => {
  const files = { "conf/b.jsson": 'ok = 1\ninclude "../lib/c.jsson"\n', "lib/c.jsson": "a = 1\nb = 2\nc = 1 / 0\n" };
  const source = 'x = 1\ny = 2\ninclude "conf/b.jsson"\n';
  const reply = JSON.parse(await postTranspile({ source, files })) as { success: boolean; diagnostics: DiagnosticLike[] };
  assert.is(reply.success, false);
  const markers = problemsByFile(reply.diagnostics, Object.keys(files));
  assert.equal([...markers.keys()].sort(), ["", "conf/b.jsson", "lib/c.jsson"]);
  assert.equal(markers.get(PROGRAM)?.map((m) => m.line), [3]);
  assert.equal(markers.get("conf/b.jsson")?.map((m) => m.line), [2]);
  assert.equal(markers.get("lib/c.jsson"), [{ line: 3, column: 7, endLine: 3, endColumn: 8, message: "division by zero" }], "the cause's own span, not a whole line");
  assert.equal(markers.get("conf/b.jsson")?.map((m) => [m.column, m.endColumn]), [[1, 25]], "the include statement in the middle file");
  // Files the page does not hold get no markers.
  assert.equal([...problemsByFile(reply.diagnostics, ["conf/b.jsson"]).keys()].sort(), ["", "conf/b.jsson"]);
});

test("markers: warnings are marked as warnings beside the errors, in the program and in the included file", async () => {
  const files = { "lib/c.jsson": "base := 1\nv = bsae\n" };
  const source = 'include "lib/c.jsson"\non = ture\n';
  const reply = JSON.parse(await postTranspile({ source, files })) as { success: boolean; warning_diagnostics: DiagnosticLike[] };
  assert.is(reply.success, true);
  const markers = problemsByFile([], Object.keys(files), reply.warning_diagnostics);
  assert.equal(markers.get(PROGRAM)?.map((m) => [m.line, m.severity]), [[1, "warning"], [2, "warning"]]);
  assert.equal(markers.get("lib/c.jsson"), [{ line: 2, column: 5, endLine: 2, endColumn: 9, message: reply.warning_diagnostics[0]?.cause?.message ?? "", severity: "warning" }]);
});

test("markers: the program's own error keeps its span; include paths resolve like the server's", async () => {
  const reply = JSON.parse(await postTranspile({ source: "a = 1\nb = [1, , 2]\n" })) as { diagnostics: DiagnosticLike[] };
  const only = problemsByFile(reply.diagnostics, []).get(PROGRAM);
  assert.equal(only, [{ line: 2, column: reply.diagnostics[0]?.column, endLine: 2, endColumn: reply.diagnostics[0]?.end_column, message: reply.diagnostics[0]?.message }]);
  // Places come from the structure alone: a message that looks nested places nothing.
  const lookalike: DiagnosticLike = { line: 1, column: 1, end_line: 1, end_column: 2, message: 'error in included file "x.jsson": Line 9: boom' };
  assert.equal([...problemsByFile([lookalike], ["x.jsson"]).keys()], [PROGRAM]);
  const cycle: { -readonly [K in keyof DiagnosticLike]: DiagnosticLike[K] } = { ...lookalike };
  cycle.cause = cycle;
  assert.is(diagnosticPlaces(cycle, 5).length, 5, "a malformed chain is cut off");
});

// ------------------------------------------------------------ examples

test("examples: every one transpiles through /transpile in every built-in format, as the engine does", async () => {
  assert.ok(EXAMPLES.length >= 6);
  assert.equal(new Set(EXAMPLES.map((e) => e.id)).size, EXAMPLES.length, "ids are unique");
  const covered = EXAMPLES.map((e) => e.source).join("\n");
  for (const feature of [/\[\s*template \{/, /\.\.\s*\S+/, /\bmap \(/, /@preset "/, /@use "/, /^include "/m, /`[^`]*\$\{/]) assert.match(covered, feature);
  assert.ok(EXAMPLES.some((e) => e.files !== undefined && Object.keys(e.files).length > 0), "an include example with files");
  assert.ok(EXAMPLES.some((e) => e.schema !== undefined), "a schema example");
  for (const example of EXAMPLES) {
    for (const format of ["json", "yaml", "toml", "typescript"]) {
      const text = await postTranspile({ source: example.source, format, files: example.files ?? {} });
      const reply = JSON.parse(text) as { success: boolean; output: unknown; errors?: string[] };
      assert.ok(reply.success, `${example.id} in ${format}: ${String(reply.errors)}`);
      const r = engine.transpile(example.source, { format, host: new MemoryHost(example.files ?? {}) });
      assert.ok(r.ok);
      assert.is(format === "json" ? prettyRawJson(rawField(text, "output") as string) : reply.output, r.output, `${example.id} in ${format}`);
    }
  }
});

test.run();

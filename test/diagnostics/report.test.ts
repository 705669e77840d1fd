/**
 * The structured diagnostic from the engine to its renderings: the cause
 * chain of an error inside included files (each place in its own file), the
 * §13.3 string folded from it, and the CLI's human report with a `-->` place
 * and an excerpt per place, from the texts the run read (kept by its host,
 * never read again), and related places as notes.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { causeChain, createEngine, diagnosticMessage, MemoryHost, renderDiagnostic, type Diagnostic, type IncludeHost } from "../../index.js";
import { diagnosticReport } from "../../cli/terminal/diagnostic-report.js";
import { runSources, TextKeepingHost } from "../../cli/terminal/diagnostic-sources.js";

const engine = createEngine();
const files = { "conf/mid.jsson": 'ok = 1\ninclude "../lib/inner.jsson"\n', "lib/inner.jsson": "a = 1\nbad = a / 0\n" };
const source = 'name = "app"\ninclude "conf/mid.jsson"\n';
const host = new TextKeepingHost(new MemoryHost(files));

function failure(text: string, h: IncludeHost = host): Diagnostic {
  const r = engine.transpile(text, { host: h, file: "/main.jsson" });
  if (r.ok) throw new Error("expected a failure");
  return r.diagnostics[0]!;
}

test("an error two includes deep: own messages, causes placed in their files, the §13.3 string folded from them", () => {
  const d = failure(source);
  assert.equal([d.code, d.file, d.line, d.column, d.endColumn, d.message], ["JSSON4004", "/main.jsson", 2, 1, 25, 'error in included file "conf/mid.jsson"']);
  const chain = causeChain(d);
  assert.equal(
    chain.map((c) => [c.code, c.file, c.line, c.column, c.endLine, c.endColumn, c.message]),
    [
      ["JSSON4004", "/conf/mid.jsson", 2, 1, 2, 29, 'error in included file "../lib/inner.jsson"'],
      ["JSSON3001", "/lib/inner.jsson", 2, 9, 2, 10, "division by zero"],
    ],
  );
  assert.is(chain[1]?.start, files["lib/inner.jsson"].indexOf("/"), "offsets index the included file's own text");
  assert.is(renderDiagnostic(d), 'Line 2: error in included file "conf/mid.jsson": Line 2: error in included file "../lib/inner.jsson": Line 2: division by zero');
  assert.is(diagnosticMessage(chain[1]!), "division by zero");
});

test("the human report: the first line unchanged, then every place with its excerpt, names relative to the base", () => {
  const d = failure(source);
  assert.is(
    diagnosticReport(d, runSources({ text: source, file: "/main.jsson" }, host, "/")),
    [
      'Line 2: error in included file "conf/mid.jsson": Line 2: error in included file "../lib/inner.jsson": Line 2: division by zero',
      "  --> main.jsson:2:1",
      '  2 | include "conf/mid.jsson"',
      "    | ^^^^^^^^^^^^^^^^^^^^^^^^",
      "  --> conf/mid.jsson:2:1",
      '  2 | include "../lib/inner.jsson"',
      "    | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
      "  --> lib/inner.jsson:2:9",
      "  2 | bad = a / 0",
      "    |         ^",
      "",
    ].join("\n"),
  );
  // outside the base: absolute names
  assert.match(diagnosticReport(d, runSources({ text: source, file: "/main.jsson" }, host, "/elsewhere")), /\n {2}--> \/lib\/inner\.jsson:2:9\n/);
});

test("the excerpts are of the texts the run read, even when the files changed since; a host that kept none gives places without excerpts", () => {
  // the folder as it is now: the run reads `files`; then one file shrinks and the other is gone
  let now = new MemoryHost(files);
  const kept = new TextKeepingHost({ resolve: (path, from) => now.resolve(path, from), read: (id) => now.read(id) });
  const d = failure(source, kept);
  now = new MemoryHost({ "lib/inner.jsson": "a" });
  assert.match(diagnosticReport(d, runSources({ text: source, file: "/main.jsson" }, kept, "/")), /\n {2}--> lib\/inner\.jsson:2:9\n {2}2 \| bad = a \/ 0\n/);
  const plain = new MemoryHost(files);
  const none = diagnosticReport(failure(source, plain), runSources({ text: source, file: "/main.jsson" }, plain, "/"));
  assert.match(none, /\n {2}--> conf\/mid\.jsson:2:1\n {2}--> lib\/inner\.jsson:2:9\n$/);
});

test("related places are notes with their own place and excerpt; stdin is <stdin>", () => {
  const text = "a = 1\nb = a / 0\n";
  const r = engine.transpile(text);
  assert.ok(!r.ok);
  const d = r.ok ? undefined : r.diagnostics[0]!;
  const withNote: Diagnostic = { ...d!, related: [{ message: "a defined here", start: 0, end: 1, line: 1, column: 1, endLine: 1, endColumn: 2 }] };
  assert.is(
    diagnosticReport(withNote, runSources({ text })),
    ["Line 2: division by zero", "  --> <stdin>:2:7", "  2 | b = a / 0", "    |       ^", "  note: a defined here", "  --> <stdin>:1:1", "  1 | a = 1", "    | ^", ""].join("\n"),
  );
});

test.run();

/**
 * `include "path"` as a value (LANGUAGE.md §16.3 item 4) through the HTTP
 * host (a virtual folder, as `files` gives it): the value of each kind of
 * file, nothing merged, and the rules of every include — the sandbox,
 * cycles, the include limit, error places — hold for include values too.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODES, createEngine, MemoryHost, renderDiagnostic, type RunOptions } from "../../index.js";

const engine = createEngine();

const FILES = {
  "base.jsson": 'secret := "s"\nname = "web"\nports = [80]\n',
  "list.yaml": "- a\n- b\n",
  "conf.toml": "[db]\nport = 5432\n",
  "n.json": "7",
  "loop/a.jsson": 'x = include "b.jsson"\n',
  "loop/b.jsson": 'y = include "a.jsson"\n',
  "deep/bad.jsson": "a = 1\nb = [1] + true\n",
};

function run(source: string, options: RunOptions = {}): { ok: boolean; code: string; text: string } {
  const r = engine.transpile(source, { host: new MemoryHost(FILES), format: "json", ...options });
  return r.ok ? { ok: true, code: "", text: r.output } : { ok: false, code: r.diagnostics[0]!.code, text: renderDiagnostic(r.diagnostics[0]!) };
}

test("each kind of file gives its value, and nothing is merged into the includer", () => {
  const r = run('b := include "base.jsson"\nl = include "list.yaml"\nport = (include "conf.toml").db.port\nn = include "n.json"\nname2 = b.name');
  assert.ok(r.ok, r.text);
  assert.equal(JSON.parse(r.text), { l: ["a", "b"], port: 5432, n: 7, name2: "web" });
});

test("an include value cannot leave the virtual folder", () => {
  for (const path of ["../outside.jsson", "/etc/passwd", "../../n.json"]) {
    const r = run(`x = include "${path}"`);
    assert.not.ok(r.ok, path);
    assert.is(r.code, CODES.I2_UNREADABLE_INCLUDE, r.text);
    assert.ok(r.text.startsWith(`Line 1: could not read include file "${path}"`), r.text);
  }
});

test("a cycle through include values is I1, reported through each include (§13.3)", () => {
  const r = run('v = include "loop/a.jsson"');
  assert.not.ok(r.ok);
  assert.ok(r.text.startsWith('Line 1: error in included file "loop/a.jsson": Line 1: error in included file "b.jsson": Line 1: cyclic include detected:'), r.text);
});

test("an error inside an included value is I4 at the include's line, with the inner line", () => {
  const r = run('a = 1\nv = include "deep/bad.jsson"');
  assert.is(r.code, CODES.I4_ERROR_IN_INCLUDE);
  assert.ok(r.text.startsWith('Line 2: error in included file "deep/bad.jsson": Line 2: unsupported binary operation: array + boolean'), r.text);
});

test("include values count against the include limit", () => {
  const r = run(Array.from({ length: 6 }, (_, i) => `v${i} = include "n.json"`).join("\n"), { limits: { maxIncludes: 5 } });
  assert.is(r.code, CODES.LIMIT_INCLUDES);
  assert.ok(r.text.startsWith("Line 6: too many includes (limit 5)"), r.text);
});

test("values read through an include count against the item limit", () => {
  const files = { "big.json": JSON.stringify(Array.from({ length: 5000 }, (_, i) => i)) };
  const r = engine.transpile('a = include "big.json"\nb = [...a, ...a]', { host: new MemoryHost(files), limits: { maxItems: 12_000 } });
  assert.not.ok(r.ok);
  if (!r.ok) assert.is(r.diagnostics[0]!.code, CODES.LIMIT_ITEMS);
});

test.run();

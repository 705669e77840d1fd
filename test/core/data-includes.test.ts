/**
 * Data includes (LANGUAGE.md §16.1) through the engine: keys merged exactly
 * like a JSSON include's (merge modes, names bound, fidelity), errors
 * reported at the include with the data file's own line (§13.3), and the
 * data's values counted against the run's limits.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, MemoryHost, renderDiagnostic, type RunOptions } from "../../index.js";

const engine = createEngine();

const FILES = {
  "values.json": '{"db": {"host": "pg", "port": 5432}, "big": 9007199254740993, "ratio": 1.0, "10": "ten"}',
  "values.YAML": "replicas: 3\nlabels:\n  app: api\n  tier: web\n",
  "conf/values.toml": 'timeout = 2.5\n[cache]\nttl = 60\nwhen = 2024-05-01T10:00:00Z\n',
  "conf/inner.jsson": 'include "values.toml"\nfrom_inner = cache.ttl',
};

function run(source: string, options: RunOptions = {}): { ok: boolean; text: string } {
  const r = engine.transpile(source, { host: new MemoryHost(FILES), ...options });
  return r.ok ? { ok: true, text: r.output } : { ok: false, text: renderDiagnostic(r.diagnostics[0]!) };
}

test("JSON, YAML and TOML files merge their keys, in document order, and bind them as names", () => {
  const r = run('include "values.json"\ninclude "values.YAML"\ninclude "conf/inner.jsson"\ndsn = db.host + ":" + db.port\napp = labels.app', { format: "yaml" });
  assert.ok(r.ok, r.text);
  assert.is(
    r.text,
    'db:\n  host: pg\n  port: 5432\nbig: 9007199254740993\nratio: 1.0\n"10": ten\nreplicas: 3\nlabels:\n  app: api\n  tier: web\ntimeout: 2.5\ncache:\n  ttl: 60\n  when: "2024-05-01T10:00:00Z"\nfrom_inner: 60\ndsn: "pg:5432"\napp: api\n',
  );
});

test("merge modes apply to data keys like to JSSON keys", () => {
  const src = 'replicas = 1\ninclude "values.YAML"';
  assert.is(run(src).text.replace(/\s/g, ""), '{"replicas":1,"labels":{"app":"api","tier":"web"}}');
  assert.is(run(src, { includeMerge: "overwrite" }).text.replace(/\s/g, ""), '{"replicas":3,"labels":{"app":"api","tier":"web"}}');
  const conflict = run(src, { includeMerge: "error" });
  assert.is(conflict.ok, false);
  assert.is(conflict.text, 'Line 2: include merge conflict for key "replicas" from /values.YAML');
});

test("errors in a data file are reported at the include, with the file's own line (§13.3)", () => {
  const host = new MemoryHost({
    "dup.yaml": "a: 1\nb: 2\na: 3\n",
    "list.json": "[1]",
    "bad.toml": "x = 1\ny = nan\n",
    "mid.jsson": 'ok = 1\ninclude "dup.yaml"',
  });
  const err = (source: string): string => {
    const r = engine.transpile(source, { host });
    return r.ok ? "ok" : renderDiagnostic(r.diagnostics[0]!);
  };
  assert.is(err('x = 1\ninclude "dup.yaml"'), 'Line 2: error in included file "dup.yaml": Line 3: duplicate key "a" in "dup.yaml"');
  assert.is(err('include "list.json"'), 'Line 1: error in included file "list.json": Line 1: included data file "list.json" must hold an object at its top level');
  assert.is(err('\n\ninclude "bad.toml"'), 'Line 3: error in included file "bad.toml": Line 2: cannot represent nan from "bad.toml"');
  assert.is(err('include "mid.jsson"'), 'Line 1: error in included file "mid.jsson": Line 2: error in included file "dup.yaml": Line 3: duplicate key "a" in "dup.yaml"');
  assert.is(err('include "missing.json"'), 'Line 1: could not read include file "missing.json" (no such file)');
  const r = engine.transpile('x = 1\ninclude "dup.yaml"', { host });
  assert.is(r.ok ? "" : r.diagnostics[0]!.code, "JSSON4004");
});

test("a data file's values count against the run's item limit; shared YAML nodes count as written out", () => {
  const host = new MemoryHost({ "a.yaml": "a: &a [1, 2, 3, 4]\nb: [*a, *a, *a]\n" });
  const ok = engine.transpile('include "a.yaml"', { host, limits: { maxItems: 100 } });
  assert.ok(ok.ok);
  const r = engine.transpile('x = [1, 2, 3]\ninclude "a.yaml"', { host, limits: { maxItems: 20 } });
  assert.is(r.ok ? "" : renderDiagnostic(r.diagnostics[0]!), 'Line 2: error in included file "a.yaml": Line 2: too many values (limit 20)');
  // What the data weighs is known later too: repeating it in the source is refused before writing.
  const rep = engine.transpile('include "a.yaml"\nc = [b, b, b, b, b, b, b, b]', { host, limits: { maxItems: 100 } });
  assert.match(rep.ok ? "" : renderDiagnostic(rep.diagnostics[0]!), /^Line 2: value too large when written out/);
});

test("data includes count as includes and respect the time limit and cancellation", () => {
  const host = new MemoryHost({ "v.json": '{"a": 1}' });
  const many = Array.from({ length: 5 }, () => 'include "v.json"').join("\n");
  const r = engine.transpile(many, { host, limits: { maxIncludes: 3 } });
  assert.match(r.ok ? "" : renderDiagnostic(r.diagnostics[0]!), /^Line 4: too many includes/);
  const cancelled = engine.transpile('include "v.json"', { host, signal: { aborted: true } });
  assert.match(cancelled.ok ? "" : renderDiagnostic(cancelled.diagnostics[0]!), /^Line 1: evaluation cancelled/);
});

test("only the four extensions are data: anything else is JSSON", () => {
  const host = new MemoryHost({ "v.json5": "a = 1", "v.jsonc": "b = 2" });
  const r = engine.transpile('include "v.json5"\ninclude "v.jsonc"', { host });
  assert.is(r.ok ? r.output.replace(/\s/g, "") : "", '{"a":1,"b":2}');
});

test.run();

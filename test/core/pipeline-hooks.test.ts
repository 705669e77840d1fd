/**
 * The pipeline's hooks as plugins reach them (PluginHost.hooks): parse →
 * merge includes (resolveInclude) → evaluate → emit → validate; taps staged
 * like registrations, frozen after set-up; formats and schema types are taps
 * and the listings read them; one Evaluation is validated and written
 * without emitting twice.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, MemoryHost, PluginError, renderDiagnostic, type Engine } from "../../index.js";
import { API_VERSION, defineFormat, definePlugin, type IncludeSource, type PluginHost } from "../../core/plugin/index.js";
import { ObjectValue } from "../../core/values/values.js";
import { engineHooks } from "../../core/engine/internal.js";

function plugin(name: string, apply: (host: PluginHost) => void) {
  return definePlugin({ name, version: "1.0.0", apiVersion: API_VERSION, apply });
}

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a throw");
}

test("hooks freeze at the first run: a tap, a new hook-map key or a plugin afterwards is refused clearly", () => {
  const engine = createEngine();
  engineHooks(engine).parsed.tap("before", () => {}); // set-up: still open
  assert.ok(engine.transpile("a = 1").ok);
  for (const late of [
    () => engineHooks(engine).parsed.tap("late", () => {}),
    () => engineHooks(engine).evaluated.tap("late", (v) => v),
    () => engineHooks(engine).resolveInclude.tap("late", () => undefined),
    () => engineHooks(engine).emit.for("json").tap("late", () => true),
    () => engineHooks(engine).emit.for("brand-new"),
    () => engineHooks(engine).validate.for("json-schema").tap("late", () => undefined),
    () => engineHooks(engine).evaluated.intercept({}),
  ]) {
    assert.match(thrown(late).message, "hooks are frozen once its set-up ends");
  }
  const e = thrown(() => engine.use(plugin("p-late", () => {})));
  assert.instance(e, PluginError);
  assert.is(e.message, "plugin p-late: plugins are applied before the engine's first run; this engine has run already");
  // freeze() ends set-up without a run
  const other = createEngine().freeze();
  assert.match(thrown(() => engineHooks(other).parsed.tap("x", () => {})).message, "frozen");
});

test("taps are staged: a refused plugin's taps never run; a tap after apply returned is refused", () => {
  const engine = createEngine();
  let saved: PluginHost | undefined;
  const e = thrown(() =>
    engine.use(
      plugin("p-half", (host) => {
        host.hooks.parsed.tap("p-half", () => {
          throw new Error("must never run");
        });
        throw new Error("refused after tapping");
      }),
    ),
  );
  assert.is(e.message, "plugin p-half: apply failed: refused after tapping");
  assert.not.ok(engineHooks(engine).parsed.isUsed());
  engine.use(plugin("p-keep", (host) => void (saved = host)));
  assert.is(thrown(() => saved?.hooks.parsed.tap("p-keep", () => {})).message, "plugin p-keep: tapped hooks.parsed after its apply returned: hooks are tapped only while apply runs");
  assert.match(thrown(() => engine.use(plugin("p-noname", (h) => h.hooks.evaluated.tap("", (v) => v)))).message, "plugin p-noname: hooks.evaluated.tap needs a name");
  assert.ok(engine.transpile("a = 1").ok);
});

test("formats and schema types are taps of emit and validate; the listings read them", () => {
  const engine = createEngine({
    plugins: [plugin("p-fmt", (h) => h.registerFormat(defineFormat({ name: "Keys", aliases: ["k"], extensions: ["txt"], mediaType: "text/plain", emit: (root, sink) => sink.write([...root.entries.keys()].join(",")) })))],
  });
  const taps = engineHooks(engine).emit.get("keys")?.taps ?? [];
  assert.equal(taps.map((t) => t.name), ["p-fmt"]);
  assert.equal(engine.listFormats().map((f) => `${f.name}:${f.plugin}`), ["json:jsson-plugin-json", "yaml:jsson-plugin-yaml", "toml:jsson-plugin-toml", "typescript:jsson-plugin-typescript", "keys:p-fmt"]);
  assert.is(engine.findFormat("K")?.name, "Keys");
  assert.equal(engine.listSchemaTypes(), ["json-schema"]);
  assert.equal(engineHooks(engine).validate.get("json-schema")?.taps.map((t) => t.name), ["schema-json"]);
  const r = engine.transpile("b = 1\na = 2", { format: "k" });
  assert.equal(r.ok ? [r.format, r.output] : r.diagnostics, ["keys", "b,a"]);
  // a plain tap on an emit hook does not make a format
  const plain = createEngine({ plugins: [plugin("p-tap", (h) => h.hooks.emit.for("nothing").tap("p-tap", () => true))] });
  assert.not.ok(plain.listFormats().some((f) => f.name === "nothing"));
  assert.is(plain.findFormat("nothing"), undefined);
});

/** An engine whose plugin serves `include "snippet:NAME"`. */
function snippetEngine(snippets: Readonly<Record<string, string>>, seen: { path: string; from: string | undefined }[] = []): Engine {
  return createEngine({
    plugins: [
      plugin("p-snippets", (h) =>
        h.hooks.resolveInclude.tap("p-snippets", (request): IncludeSource | undefined => {
          seen.push(request);
          if (!request.path.startsWith("snippet:")) return undefined;
          const name = request.path.slice("snippet:".length);
          const text = Object.hasOwn(snippets, name) ? snippets[name] : undefined;
          return text === undefined ? { ok: false, detail: `no snippet "${name}"` } : { ok: true, id: request.path, text };
        }),
      ),
    ],
  });
}

test("resolveInclude: a plugin answers an include (merged like any file); others go to the run's host", () => {
  const seen: { path: string; from: string | undefined }[] = [];
  const engine = snippetEngine({ db: 'include "snippet:port"\ndb { host = "h" }\n', port: "port = 5432\n", "data.json": '{"n": 1}' }, seen);
  const host = new MemoryHost({ "local.jsson": "local = true\n" });
  const r = engine.transpile('name = "x"\ninclude "snippet:db"\ninclude "snippet:data.json"\ninclude "local.jsson"\n', { host, format: "json", formatOptions: { compact: true } });
  assert.equal(r.ok ? r.output : r.diagnostics.map(renderDiagnostic), '{"name":"x","port":5432,"db":{"host":"h"},"n":1,"local":true}\n');
  assert.equal(seen, [
    { path: "snippet:db", from: undefined },
    { path: "snippet:port", from: "snippet:db" },
    { path: "snippet:data.json", from: undefined },
    { path: "local.jsson", from: undefined },
  ]);
  const missing = engine.transpile('include "snippet:nope"\n');
  assert.equal(missing.ok ? "" : renderDiagnostic(missing.diagnostics[0]!), 'Line 1: could not read include file "snippet:nope" (no snippet "nope")');
  // without a host, an include no tap answers fails as before
  const none = engine.transpile('include "other.jsson"\n');
  assert.equal(none.ok ? "" : renderDiagnostic(none.diagnostics[0]!), 'Line 1: could not read include file "other.jsson" (includes are not available here)');
  // cycles through answered ids are found like any other
  const cyclic = snippetEngine({ a: 'include "snippet:a"\n' }).transpile('include "snippet:a"\n');
  assert.match(cyclic.ok ? "" : renderDiagnostic(cyclic.diagnostics[0]!), 'cyclic include detected: snippet:a');
});

test("resolveInclude: a malformed answer is an include error, not a crash", () => {
  for (const answer of [{ ok: true, id: "", text: "a = 1" }, { ok: true, id: "x" }, { ok: "yes" }, 42, null]) {
    const engine = createEngine({ plugins: [plugin("p-bad", (h) => h.hooks.resolveInclude.tap("p-bad", () => answer as unknown as IncludeSource))] });
    const r = engine.transpile('include "x.jsson"\n');
    assert.equal(r.ok ? "" : renderDiagnostic(r.diagnostics[0]!), 'Line 1: could not read include file "x.jsson" (an include resolver plugin gave a malformed answer)', JSON.stringify(answer));
  }
});

test("evaluated: a value transform sees the evaluated root once and may replace it", () => {
  let calls = 0;
  const engine = createEngine({
    plugins: [
      plugin("p-stamp", (h) =>
        h.hooks.evaluated.tap("p-stamp", (root) => {
          calls++;
          const out = h.values.object(root.entries);
          out.set("generated", true);
          return out;
        }),
      ),
    ],
  });
  const r = engine.transpile("a = 1\n", { format: "yaml" });
  assert.equal(r.ok ? r.output : "", "a: 1\ngenerated: true\n");
  assert.is(calls, 1);
  const broken = createEngine({ plugins: [plugin("p-broken", (h) => h.hooks.evaluated.tap("p-broken", () => "nope" as unknown as ObjectValue))] });
  assert.match(thrown(() => broken.transpile("a = 1")).message, "evaluated hook returned string, not an object value");
  // an object of another copy of jsson's classes (same kind, other class) is refused with what to do
  const foreign = { get kind() { return "object"; }, keys: [], values: [] } as unknown as ObjectValue;
  const alien = createEngine({ plugins: [plugin("p-alien", (h) => h.hooks.evaluated.tap("p-alien", () => foreign))] });
  assert.match(thrown(() => alien.transpile("a = 1")).message, "another copy of jsson: build values with host.values");
});

test("one Evaluation: validated, then written, emitting once; the data a consumer reads is the format's", () => {
  let emits = 0;
  const engine = createEngine({ plugins: [plugin("p-count", (h) => h.hooks.emit.for("toml").tap({ name: "p-count", stage: -1 }, () => void emits++))] });
  const evaluated = engine.evaluate("a = 1\nt { x = null\ny = 2 }\n", { format: "toml" });
  assert.ok(evaluated.ok);
  if (!evaluated.ok) return;
  const schema = JSON.stringify({ type: "object", properties: { t: { type: "object", required: ["x"] } } });
  const checked = evaluated.validate(schema);
  assert.ok(checked.ok);
  if (!checked.ok) return;
  // TOML drops the null: the consumer's data has no t.x, and the schema says so
  assert.equal(checked.result.errors, ["$.t: Missing required property: x"]);
  let written = "";
  assert.ok(evaluated.write({ write: (c) => void (written += c) }).ok);
  assert.is(written, checked.output);
  assert.is(emits, 1);
  // JSON: the tree's data (the null is there)
  const json = engine.evaluate("a = 1\nt { x = null\ny = 2 }\n");
  const jsonChecked = json.ok ? json.validate(schema) : json;
  assert.equal(jsonChecked.ok ? jsonChecked.result.errors : undefined, []);
});

test("validate stage: an output error is the run's failure, placed on its line", () => {
  const engine = createEngine();
  const evaluated = engine.evaluate("a = 1\nxs = [1, null]\n", { format: "toml" });
  const checked = evaluated.ok ? evaluated.validate("{}") : evaluated;
  assert.not.ok(checked.ok);
  if (checked.ok) return;
  assert.is(checked.diagnostics[0]?.line, 2);
});

test("validate stage: part of the run's time limit and cancellation (stops before reading or checking the data)", () => {
  const engine = createEngine();
  const signal = { aborted: false };
  const evaluated = engine.evaluate("a = 1\n", { format: "yaml", signal });
  assert.ok(evaluated.ok);
  if (!evaluated.ok) return;
  assert.ok(evaluated.output().ok);
  signal.aborted = true;
  const checked = evaluated.validate("{}");
  assert.equal(checked.ok ? "" : renderDiagnostic(checked.diagnostics[0]!), "Line 1: evaluation cancelled");
  const late = engine.evaluate("a = 1\n", { limits: { timeoutMs: 1 } });
  const wait = Date.now() + 5;
  while (Date.now() <= wait); // past the 1 ms limit
  const lateChecked = late.ok ? late.validate("{}") : late;
  assert.match(lateChecked.ok ? "" : renderDiagnostic(lateChecked.diagnostics[0]!), "evaluation timed out (limit 1 ms)");
});

test("a tree from evaluate() carries its source's lines: Engine.emit places output errors without being given the source", () => {
  const engine = createEngine();
  const evaluated = engine.evaluate("a = 1\nxs = [1, null]\n");
  assert.ok(evaluated.ok);
  if (!evaluated.ok) return;
  const r = engine.emit(evaluated.value, { write: () => {} }, { format: "toml" });
  assert.equal(r.ok ? "" : `${r.diagnostics[0]?.line}:${r.diagnostics[0]?.column}`, "2:1");
});

test("a format's readBack must be a function", () => {
  const engine = createEngine();
  const bad = { name: "rb", extensions: ["rb"], mediaType: "text/plain", emit() {}, readBack: "yes" };
  assert.is(thrown(() => engine.use(plugin("p-rb", (h) => h.registerFormat(bad as never)))).message, 'plugin p-rb: registerFormat: format "rb": readBack must be a function when given');
});

test.run();

/**
 * The output options (issue #15 item 3) at the engine and format level:
 * JSON `compact`, YAML `documents` and `blockStrings`, the run options
 * `select` and `sortKeys`, how options reach formats (declared, checked),
 * and that streaming never changes the bytes with any of them.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { load, loadAll } from "js-yaml";
import { createEngine, type RunOptions } from "../../index.js";
import { API_VERSION, definePlugin, type EmitContext, type Value } from "../../core/plugin/index.js";
import { ObjectValue } from "../../core/values/values.js";
import { fcParams } from "../fuzz/fuzz-settings.js";
import { rootArb, stringArb } from "./arbitrary-tree.js";
import { CountingLazyArray, RecordingSink, expectedData, obj } from "./support.js";
import { plainDataDifference } from "../support/same-data.js";

const engine = createEngine();

/** The text of `root` in `format` with `options`, through the engine (emit phase only). */
function emitWith(root: ObjectValue, options: RunOptions): string {
  const sink = new RecordingSink();
  const r = engine.emit(root, sink, options);
  if (!r.ok) throw new Error(r.diagnostics[0]?.message);
  return sink.text;
}

function transpile(source: string, options: RunOptions): string {
  const r = engine.transpile(source, options);
  if (!r.ok) throw new Error(r.diagnostics[0]?.message);
  return r.output;
}

function failure(source: string, options: RunOptions): string {
  const r = engine.transpile(source, options);
  assert.not.ok(r.ok, "expected a failure");
  return r.ok ? "" : (r.diagnostics[0]?.message ?? "");
}

/** JSON text without the white space outside strings. */
function squeeze(json: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i] as string;
    if (inString) {
      out += c;
      if (c === "\\") out += json[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}

// ------------------------------------------------------------------ JSON compact

test("JSON compact: the canonical text without white space between tokens, one final newline (any tree)", () => {
  fc.assert(
    fc.property(rootArb, (root) => {
      const canonical = emitWith(root, { format: "json" });
      const compact = emitWith(root, { format: "json", formatOptions: { compact: true } });
      return compact === squeeze(canonical) + "\n";
    }),
    fcParams(300),
  );
  assert.is(transpile("a { b = [1, 2], c = {} }\nd = []", { format: "json", formatOptions: { compact: true } }), '{"a":{"b":[1,2],"c":{}},"d":[]}\n');
});

// ------------------------------------------------------------------ sort keys

const TRICKY_ORDER = ["b", "a", "B", "é", "😀", "\uffff", "10", "9", "_"];

test("sortKeys: keys by code point (astral after U+FFFF, digits as text), recursively, inside eager and lazy arrays, in every format", () => {
  const inner = (): ObjectValue => obj(...TRICKY_ORDER.map((k, i): [string, Value] => [k, i]));
  const root = obj(["z", inner()], ["list", [inner()]], ["lazy", new CountingLazyArray([inner()])], ["a", 1]);
  const sorted = ["10", "9", "B", "_", "a", "b", "é", "\uffff", "😀"];
  const json = emitWith(root, { format: "json", sortKeys: true });
  const keysOf = (text: string): string[] => [...text.matchAll(/^\s*("(?:[^"\\]|\\.)*"):/gm)].map((m) => JSON.parse(m[1] as string) as string);
  const keys = keysOf(json);
  assert.equal(keys, ["a", "lazy", ...sorted, "list", ...sorted, "z", ...sorted]);
  // the same data, only the order differs
  assert.is(plainDataDifference(JSON.parse(emitWith(root, { format: "json" })), JSON.parse(json), { strictNumbers: true }), undefined);
  const yaml = emitWith(root, { format: "yaml", sortKeys: true });
  assert.match(yaml, /^a: 1\nlazy:\n  - "10": 6\n    "9": 7\n    B: 2\n/);
  const toml = emitWith(obj(["b", 1], ["a", obj(["d", 1], ["c", 2])], ["A", 0]), { format: "toml", sortKeys: true });
  assert.is(toml, "A = 0\nb = 1\n\n[a]\nc = 2\nd = 1\n");
  const ts = emitWith(obj(["b", 1], ["a", obj(["d", 1], ["c", 2])]), { format: "typescript", sortKeys: true });
  assert.match(ts, /^export const a = \{\n  c: 2,\n  d: 1\n\} as const;\n\nexport const b = 1 as const;/);
});

test("sortKeys off (the default) keeps definition order", () => {
  assert.is(transpile("b = 1\na = 2", { format: "json" }), '{\n  "b": 1,\n  "a": 2\n}\n');
  assert.is(transpile("b = 1\na = 2", { format: "json", sortKeys: true }), '{\n  "a": 2,\n  "b": 1\n}\n');
});

// ------------------------------------------------------------------ select

const SOURCE = `name = "api"
servers = [ { host = "a", ports = [80, 443] }, { host = "b", ports = [] } ]
big = 1..1000000
"x.y" { "odd key" = true }
`;

test("select: keys, indexes (lazy ranges read at one index), quoted keys; JSON and YAML write any value", () => {
  assert.is(transpile(SOURCE, { format: "json", select: ["servers", 0, "ports", 1] }), "443\n");
  assert.is(transpile(SOURCE, { format: "json", select: ["big", 999999] }), "1000000\n");
  assert.is(transpile(SOURCE, { format: "yaml", select: ["servers", 0, "ports"] }), "- 80\n- 443\n");
  assert.is(transpile(SOURCE, { format: "yaml", select: ["name"] }), "api\n");
  assert.is(transpile(SOURCE, { format: "yaml", select: ["servers", 1, "ports"] }), "[]\n");
  assert.is(transpile(SOURCE, { format: "json", select: ["x.y", "odd key"] }), "true\n");
  assert.is(transpile(SOURCE, { format: "toml", select: ["servers", 0] }), 'host = "a"\nports = [80, 443]\n');
  assert.match(transpile(SOURCE, { format: "typescript", select: ["servers", 0] }), /^export const host = "a" as const;\n\nexport const ports = \[/);
});

test("select: a path that leads nowhere, and a non-object for TOML / TypeScript, fail clearly at the key's statement", () => {
  assert.is(failure(SOURCE, { select: ["servers", 2] }), "cannot select servers[2]: servers has 2 elements, no index 2");
  assert.is(failure(SOURCE, { select: ["servers", "host"] }), 'cannot select servers.host: servers is an array, not an object');
  assert.is(failure(SOURCE, { select: ["nope"] }), 'cannot select nope: the document has no key "nope"');
  assert.is(failure(SOURCE, { select: ["name", 0] }), "cannot select name[0]: name is a string, not an array");
  assert.is(failure(SOURCE, { format: "toml", select: ["servers"] }), "toml output needs an object at the top; the selected value (servers) is an array");
  assert.is(failure(SOURCE, { format: "typescript", select: ["name"] }), "typescript output needs an object at the top; the selected value (name) is a string");
  const r = engine.transpile(SOURCE, { format: "toml", select: ["servers"] });
  assert.is(r.ok ? 0 : r.diagnostics[0]?.line, 2);
});

// ------------------------------------------------------------------ YAML documents

test("YAML documents: one document per element, separated by ---, read back by a YAML stream parser", () => {
  const source = `items = [ { kind = A, spec { m = 1 } }, { kind = B }, {}, [1, 2], [], "text", 7, null ]\nempty = []`;
  const text = transpile(source, { format: "yaml", select: ["items"], formatOptions: { documents: true } });
  assert.is(text, "kind: A\nspec:\n  m: 1\n---\nkind: B\n---\n{}\n---\n- 1\n- 2\n---\n[]\n---\ntext\n---\n7\n---\nnull\n");
  assert.equal(loadAll(text), [{ kind: "A", spec: { m: 1 } }, { kind: "B" }, {}, [1, 2], [], "text", 7, null]);
  assert.is(transpile(source, { format: "yaml", select: ["empty"], formatOptions: { documents: true } }), "");
  assert.is(failure(source, { format: "yaml", formatOptions: { documents: true } }), "YAML documents need an array (one document per element); the value to write is an object");
  assert.is(failure(source, { format: "yaml", select: ["items", 5], formatOptions: { documents: true } }), "YAML documents need an array (one document per element); the value to write is a string");
});

test("YAML documents of any arrays of trees read back as the same data", () => {
  fc.assert(
    fc.property(fc.array(rootArb, { maxLength: 4 }), (docs) => {
      const sink = new RecordingSink();
      const r = engine.emit(obj(["d", docs]), sink, { format: "yaml", select: ["d"], formatOptions: { documents: true } });
      if (!r.ok) return true; // values YAML cannot hold (lone surrogates) are refused as without the option
      const back = loadAll(sink.text);
      return plainDataDifference(expectedData(docs, "numbers"), back, { strictNumbers: true }) === undefined;
    }),
    fcParams(150),
  );
});

// ------------------------------------------------------------------ YAML block strings

/** Multi-line strings made of the characters that matter to block scalars. */
const multiLineArb = fc
  .array(fc.oneof(fc.constantFrom("", " ", "  x", "\t", "#", "- a", "a: b", "---", "...", '"q"', "'", "\\", "|", ">", "é", "😀", "\u0085", "\r", "\ufeff"), stringArb), {
    minLength: 1,
    maxLength: 6,
  })
  .map((lines) => lines.join("\n"));

test("YAML block strings: every multi-line string reads back exactly (js-yaml), whatever the layout around it", () => {
  fc.assert(
    fc.property(fc.oneof(multiLineArb, stringArb), fc.constantFrom("map", "seq", "nested"), (s, where) => {
      const value: Value = where === "map" ? s : where === "seq" ? [s, 1] : [obj(["k", [s]], ["after", 1])];
      const root = obj(["v", value], ["z", true]);
      const sink = new RecordingSink();
      if (!engine.emit(root, sink, { format: "yaml", formatOptions: { blockStrings: true } }).ok) return true;
      return plainDataDifference(expectedData(root, "numbers"), load(sink.text), { strictNumbers: true }) === undefined;
    }),
    fcParams(1500),
  );
});

test("YAML block strings: |- without a final line break, | with one, |+ with more; opt-in; quoted where a block would not read back", () => {
  const yaml = (s: string, blockStrings = true): string => emitWith(obj(["s", s]), { format: "yaml", formatOptions: { blockStrings } });
  assert.is(yaml("a\nb"), "s: |-\n  a\n  b\n");
  assert.is(yaml("a\n\nb\n"), "s: |\n  a\n\n  b\n");
  assert.is(yaml("a\n\n"), "s: |+\n  a\n\n");
  assert.is(yaml("a\nb", false), 's: "a\\nb"\n');
  assert.is(yaml(" indented\nfirst line"), 's: " indented\\nfirst line"\n');
  assert.is(yaml("a\r\nb"), 's: "a\\r\\nb"\n');
  assert.is(yaml("one line"), "s: one line\n");
  assert.is(emitWith(obj(["s", ["x\ny"]]), { format: "yaml", formatOptions: { blockStrings: true } }), "s:\n  - |-\n    x\n    y\n");
});

// ------------------------------------------------------------------ how options reach formats

test("format options: an option the format does not declare, or of the wrong type, is refused, never ignored", () => {
  assert.is(failure("a = 1", { format: "yaml", formatOptions: { compact: true } }), 'the yaml format has no option "compact" (it has: documents, blockStrings)');
  assert.is(failure("a = 1", { format: "toml", formatOptions: { compact: true } }), 'the toml format has no option "compact" (it has none)');
  assert.is(failure("a = 1", { format: "json", formatOptions: { compact: "yes" } }), 'the json format\'s option "compact" takes a boolean');
  assert.is(transpile("a = 1", { format: "json", formatOptions: { compact: undefined } }), '{\n  "a": 1\n}\n');
});

test("format options: a plugin format declares its options and receives exactly those in its emit context", () => {
  const seen: EmitContext[] = [];
  const plugin = definePlugin({
    name: "jsson-plugin-opts",
    version: "1.0.0",
    apiVersion: API_VERSION,
    apply(host) {
      host.registerFormat({
        name: "opts",
        extensions: ["opts"],
        mediaType: "text/plain",
        options: { upper: { type: "boolean", description: "upper-case the keys" }, sep: { type: "string", description: "separator" } },
        emit(root, sink, ctx) {
          seen.push(ctx);
          for (const k of root.keys) sink.write((ctx.options["upper"] === true ? k.toUpperCase() : k) + String(ctx.options["sep"] ?? "\n"));
        },
      });
    },
  });
  const e = createEngine({ plugins: [plugin] });
  const r = e.transpile("a = 1\nb = 2", { format: "opts", formatOptions: { upper: true, sep: ";" } });
  assert.ok(r.ok && r.output === "A;B;", JSON.stringify(r));
  assert.equal({ ...seen[0]?.options }, { upper: true, sep: ";" });
  const none = e.transpile("a = 1", { format: "opts", select: ["a"] });
  assert.is(none.ok ? "" : none.diagnostics[0]?.message, "opts output needs an object at the top; the selected value (a) is an integer");
  assert.throws(
    () => createEngine({ plugins: [{ ...plugin, name: "bad", apply: (h: { registerFormat(f: unknown): void }) => h.registerFormat({ name: "bad", extensions: ["b"], mediaType: "text/plain", emit() {}, options: { x: { type: "date" } } }) }] }),
    /option "x" must be \{ type/,
  );
});

// ------------------------------------------------------------------ streaming

test("streamed and buffered output are byte-identical with every option", () => {
  const source = `name = "svc"
items = (1..30000 map (i) = { id = i, z = "a\\nb", a = [i, "x"] })
`;
  const variants: RunOptions[] = [
    { format: "json", formatOptions: { compact: true } },
    { format: "json", sortKeys: true },
    { format: "yaml", select: ["items"], formatOptions: { documents: true, blockStrings: true } },
    { format: "yaml", sortKeys: true, formatOptions: { blockStrings: true } },
    { format: "toml", sortKeys: true, select: ["items", 29999] },
    { format: "typescript", sortKeys: true },
  ];
  for (const options of variants) {
    const buffered = transpile(source, options);
    const sink = new RecordingSink();
    const r = engine.transpileTo(source, sink, { ...options, streamThreshold: 100 });
    assert.ok(r.ok, JSON.stringify(options));
    assert.ok(sink.chunks.length > 1 || buffered.length < 40_000, `${JSON.stringify(options)}: ${sink.chunks.length} chunks`);
    assert.ok(sink.text === buffered, JSON.stringify(options));
  }
});

test.run();

/**
 * External variables (LANGUAGE.md §16.2) in the engine: one scope above the
 * global scope of every file of the run, never written out, shadowed by
 * source definitions; exact values; bad names and values fail the run.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, MemoryHost, renderDiagnostic, type RunOptions } from "../../index.js";
import { FloatValue, ObjectValue } from "../../core/values/values.js";

const engine = createEngine();

function out(source: string, options: RunOptions = {}): string {
  const r = engine.transpile(source, options);
  if (!r.ok) throw new Error(renderDiagnostic(r.diagnostics[0]!));
  return r.output;
}

function error(source: string, options: RunOptions): string {
  const r = engine.transpile(source, options);
  assert.is(r.ok, false, "the run fails");
  return r.ok ? "" : renderDiagnostic(r.diagnostics[0]!);
}

const json = (text: string): unknown => JSON.parse(text);

test("vars are visible by name, never written out; without them a name is a bare word", () => {
  assert.equal(json(out("name = \"api-\" + env\nport = base + 1", { vars: { env: "prod", base: 8000 } })), { name: "api-prod", port: 8001 });
  assert.equal(json(out("x = env")), { x: "env" });
  assert.equal(json(out("x = `${env}-1`", { vars: { env: "dev" } })), { x: "dev-1" });
  assert.equal(json(out("x = cfg.port", { vars: { cfg: { port: 5432 } } })), { x: 5432 });
});

test("source definitions shadow vars: := , properties, map parameters, object members", () => {
  const vars = { x: "outer" };
  assert.equal(json(out("a = x\nx := \"local\"\nb = x", { vars })), { a: "outer", b: "local" });
  assert.equal(json(out("x = 1\ny = x", { vars })), { x: 1, y: 1 });
  assert.equal(json(out("o { x = 2, y = x }\nz = x", { vars })), { o: { x: 2, y: 2 }, z: "outer" });
  assert.equal(json(out("l = ([1, 2] map (x) = x * 10)\nz = x", { vars })), { l: [10, 20], z: "outer" });
});

test("every included file sees the vars (its own definitions still shadow them)", () => {
  const host = new MemoryHost({ "a.jsson": 'from_a = env\ninclude "sub/b.jsson"', "sub/b.jsson": 'env := "b-local"\nfrom_b = env' });
  assert.equal(json(out('include "a.jsson"\nroot = env', { host, vars: { env: "prod" } })), { from_a: "prod", from_b: "b-local", root: "prod" });
});

test("vars seen by lazily evaluated maps and presets", () => {
  const r = json(out("big = (1..20000 map (i) = i + k)\n@preset \"p\" { v = k }\nq = @use \"p\"", { vars: { k: 1 }, streamThreshold: 100 })) as { big: number[]; q: unknown };
  assert.is(r.big[19999], 20001);
  assert.equal(r.q, { v: 1 });
});

test("values are exact: 64-bit integers, floats that stay floats, ordered objects", () => {
  const o = new ObjectValue([["b", 1], ["10", 2]]);
  assert.is(out("a = big\nf = one\no = obj", { vars: { big: 2n ** 62n, one: new FloatValue(1), obj: o }, format: "yaml" }), 'a: 4611686018427387904\nf: 1.0\no:\n  b: 1\n  "10": 2\n');
  assert.is(out("f = x", { vars: { x: 2.5 }, format: "toml" }), "f = 2.5\n");
  assert.is(out("l = x", { vars: { x: [1, "a", null, true, { k: [] }] }, format: "json" }).replace(/\s/g, ""), '{"l":[1,"a",null,true,{"k":[]}]}');
});

test("a bad name or value fails the run naming the variable (JSSON7001)", () => {
  for (const [vars, message] of [
    [{ "1x": 1 }, /external variable "1x": not a valid name/],
    [{ "a-b": 1 }, /external variable "a-b": not a valid name/],
    [{ map: 1 }, /external variable "map": not a valid name \("map" is a keyword\)/],
    [{ "": 1 }, /external variable "": not a valid name/],
    [{ x: Number.NaN }, /external variable "x": cannot represent NaN/],
    [{ x: [Infinity] }, /external variable "x": cannot represent Infinity/],
    [{ x: 2n ** 63n }, /external variable "x": integer out of range/],
    [{ x: new Date(0) }, /external variable "x": unsupported value/],
  ] as const) {
    const r = engine.transpile("a = 1", { vars: vars as unknown as RunOptions["vars"] & object });
    assert.is(r.ok, false, JSON.stringify(Object.keys(vars)));
    if (!r.ok) {
      assert.match(r.diagnostics[0]!.message, message);
      assert.is(r.diagnostics[0]!.code, "JSSON7001");
    }
  }
  const self: Record<string, unknown> = {};
  self["me"] = self;
  assert.match(error("a = 1", { vars: { x: self as never } }), /external variable "x": a value that contains itself/);
  assert.match(error("a = 1", { vars: { 名前: 1, x: [[[1]]] }, limits: { maxDepth: 2 } }), /external variable "x": nesting too deep/);
});

test("vars count against the item limit, shared parts as often as they are used", () => {
  const shared = [1, 2, 3, 4, 5];
  assert.match(error("a = 1", { vars: { x: [shared, shared, shared] }, limits: { maxItems: 12 } }), /external variable "x": too many values \(limit 12\)/);
  // 13 values to read x; written out under the root object, 14 (the top level's written-out size is bounded too)
  assert.equal(json(out("a = x", { vars: { x: [shared, shared] }, limits: { maxItems: 14 } })), { a: [shared, shared] });
  // Their written-out size is known to the evaluator: a source that repeats them is refused, not written.
  assert.match(error("a = [x, x, x, x]", { vars: { x: [shared, shared] }, limits: { maxItems: 30 } }), /value too large when written out/);
});

test("a Map of vars works like a record; later entries are the ones given", () => {
  assert.equal(json(out("a = x", { vars: new Map([["x", "m"]]) })), { a: "m" });
});

test.run();

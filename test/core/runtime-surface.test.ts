/**
 * What an embedder holds at run time carries no internal member: the
 * objects `import("jsson")` hands out (an engine, an evaluation, a run's
 * result) have no property for the raw hooks, the work counter, the trace
 * or the locating pass, under any name an embedder could guess, and no
 * own property that leads to the pipeline or the registry behind them. This
 * repository reaches them through core/engine/internal.ts (accessors of
 * the classes' `#` fields that the entry does not export): no own symbol of
 * the objects or their prototypes leads there either.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { engineHooks, locatePlaces, useRunCounter } from "../../core/engine/internal.js";

const jsson = (await import("jsson")) as typeof import("../../index.js");

const INTERNAL_NAMES = ["hooks", "useRunCounter", "runCounter", "trace", "locate", "registry", "pipeline", "stagesTapped", "useParseCache"];

/** Every string-keyed property of `o`, own or inherited (up to Object.prototype). */
function propertyNames(o: object): string[] {
  const names: string[] = [];
  for (let p: object | null = o; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) names.push(...Object.getOwnPropertyNames(p));
  return names;
}

const SCHEMA = JSON.stringify({ type: "object", properties: { replicas: { type: "integer", minimum: 1 } } });

test("an engine from `jsson` has none of the internal members", () => {
  const engine = jsson.createEngine();
  for (const name of INTERNAL_NAMES) assert.not.ok(name in engine, name);
  assert.equal(Object.keys(engine), []);
  assert.equal(propertyNames(engine).filter((n) => INTERNAL_NAMES.includes(n)), []);
  assert.not.ok("Pipeline" in jsson || "engineHooks" in jsson || "useRunCounter" in jsson || "locatePlaces" in jsson);
});

test("an evaluation from `jsson` has none of the internal members; its own keys are its public fields", () => {
  const evaluated = jsson.createEngine().evaluate("replicas = 0\n");
  if (!evaluated.ok) throw new Error("the source evaluates");
  for (const name of INTERNAL_NAMES) assert.not.ok(name in evaluated, name);
  assert.equal(Object.keys(evaluated).sort(), ["format", "ok", "value"]);
  const checked = evaluated.validate(SCHEMA);
  assert.ok(checked.ok);
  for (const name of INTERNAL_NAMES) assert.not.ok(name in checked, name);
});

/** The symbols of `o` and of its prototypes (up to Object.prototype) that are not well-known ones (`Symbol.iterator` …). */
function ownSymbols(o: object): symbol[] {
  const wellKnown = new Set(Object.getOwnPropertyNames(Symbol).map((n) => (Symbol as unknown as Record<string, unknown>)[n]).filter((v) => typeof v === "symbol"));
  const found: symbol[] = [];
  for (let p: object | null = o; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) found.push(...Object.getOwnPropertySymbols(p).filter((s) => !wellKnown.has(s)));
  return found;
}

test("no symbol of an engine, an evaluation or their prototypes leads inside (reflection finds nothing)", () => {
  const engine = jsson.createEngine();
  const evaluated = engine.evaluate("replicas = 0\n");
  if (!evaluated.ok) throw new Error("the source evaluates");
  assert.equal(ownSymbols(engine).map(String), []);
  assert.equal(ownSymbols(evaluated).map(String), []);
  assert.equal(ownSymbols(jsson.Engine).map(String), [], "nor of the class itself");
});

test("run options take no trace: one given is ignored, the run is an ordinary one", () => {
  const engine = jsson.createEngine();
  const evaluated = engine.evaluate("xs = (1..100000)\n", { trace: {} } as never);
  assert.ok(evaluated.ok);
});

test("this repository still reaches them through core/engine/internal.ts", () => {
  const engine = jsson.createEngine();
  let parses = 0;
  useRunCounter(engine, { parsed: () => void parses++, evaluated: () => {} });
  assert.ok(engineHooks(engine).parsed !== undefined);
  const evaluated = engine.evaluate("replicas = 0\n", { limits: { timeoutMs: 10_000 } });
  if (!evaluated.ok) throw new Error("the source evaluates");
  const checked = evaluated.validate(SCHEMA);
  if (!checked.ok || checked.result.valid) throw new Error("the check fails");
  assert.is(locatePlaces(evaluated, checked.result.failures ?? [])?.[0]?.line, 1);
  assert.is(parses, 2, "the run's parse and the locating pass's");
});

test.run();

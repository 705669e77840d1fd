/**
 * Properties: any value tree written by an emitter reads back as the same
 * data with an independent reader (JSON.parse, js-yaml, smol-toml, the
 * TypeScript compiler + Node), and emission does not depend on whether
 * arrays are eager or lazy.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { load } from "js-yaml";
import { parse } from "smol-toml";
import ts from "typescript";
import { OutputError, type Value } from "../../core/plugin/index.js";
import { ObjectValue } from "../../core/values/values.js";
import { hasLoneSurrogate, hasNullInArray, rootArb, swapArrayKinds, tsRootArb } from "./arbitrary-tree.js";
import { FORMATS, emit, expectedData, run, type FormatName } from "./support.js";
import { plainDataDifference } from "../support/same-data.js";

const RUNS = 300;

/** Throw with the difference, so fast-check reports and shrinks it. */
function same(actual: unknown, expected: unknown, text: string): void {
  const d = plainDataDifference(expected, actual, { strictNumbers: true });
  if (d !== undefined) throw new Error(`${d}\n--- emitted:\n${text}`);
}

test("JSON: JSON.parse reads back the data", () => {
  fc.assert(
    fc.property(rootArb, (root) => {
      const text = emit("json", root);
      same(JSON.parse(text), expectedData(root, "numbers"), text);
    }),
    { numRuns: RUNS },
  );
});

/** JSON.stringify of the plain data, big integers spliced in exactly: an independent oracle for the layout. */
function referenceJson(root: ObjectValue): string {
  const marker = "\u0000big:";
  const plain = (v: Value): unknown => {
    const d = expectedData(v, "numbers");
    return d;
  };
  void plain;
  const toPlain = (v: Value): unknown => {
    if (typeof v === "bigint") return marker + v.toString();
    if (v instanceof ObjectValue) {
      const o = Object.create(null) as Record<string, unknown>;
      for (const [k, item] of v.entries) o[k] = toPlain(item);
      return o;
    }
    if (v !== null && typeof v === "object" && !("value" in v)) return [...v].map(toPlain);
    return expectedData(v, "numbers");
  };
  return JSON.stringify(toPlain(root), null, 2).replace(/"\\u0000big:(-?\d+)"/g, "$1") + "\n";
}

/** Integer-like keys, which JavaScript objects always put first. */
function hasIndexKey(v: Value): boolean {
  if (v instanceof ObjectValue) {
    for (const [k, item] of v.entries) if (/^(0|[1-9]\d*)$/.test(k) || hasIndexKey(item)) return true;
    return false;
  }
  if (v !== null && typeof v === "object" && !("value" in v)) for (const item of v) if (hasIndexKey(item)) return true;
  return false;
}

test("JSON: the text is JSON.stringify(data, null, 2) with exact big integers", () => {
  fc.assert(
    fc.property(rootArb, (root) => {
      fc.pre(!hasIndexKey(root));
      assert.is(emit("json", root), referenceJson(root));
    }),
    { numRuns: RUNS },
  );
});

test("YAML: js-yaml (default schema) reads back the data", () => {
  fc.assert(
    fc.property(rootArb, (root) => {
      const text = emit("yaml", root);
      same(load(text), expectedData(root, "numbers"), text);
    }),
    { numRuns: RUNS },
  );
});

test("TOML: smol-toml reads back the data with int/float types; nulls in arrays and unpaired surrogates refused by the check", () => {
  fc.assert(
    fc.property(rootArb, (root) => {
      const nullInArray = hasNullInArray(root);
      const lone = hasLoneSurrogate(root);
      if (nullInArray || lone) {
        // Both are found by the pre-flight check, before any output.
        const nullMessage = "TOML cannot represent null (in array at ";
        const loneMessage = "TOML cannot represent a string with an unpaired UTF-16 surrogate (at ";
        assert.throws(
          () => FORMATS.toml.check?.(root, { options: {} }),
          (e: unknown) =>
            e instanceof OutputError &&
            ((nullInArray && e.message.startsWith(nullMessage)) || (lone && e.message.startsWith(loneMessage))),
        );
        return;
      }
      const text = emit("toml", root);
      same(parse(text, { integersAsBigInt: true }), expectedData(root, "toml-bigint"), text);
    }),
    { numRuns: RUNS },
  );
});

test("TypeScript: the module (transpiled by typescript, imported by Node) exports the data", async () => {
  await fc.assert(
    fc.asyncProperty(tsRootArb, async (root) => {
      let text: string;
      try {
        text = emit("typescript", root);
      } catch (e) {
        if (!(e instanceof OutputError)) throw e;
        await assertRefusalIsRight(root, e);
        return;
      }
      const js = ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
      const mod = (await import("data:text/javascript," + encodeURIComponent(js))) as Record<string, unknown>;
      const exported = Object.create(null) as Record<string, unknown>;
      for (const k of Object.keys(mod)) exported[k] = mod[k];
      same(exported, expectedData(root, "numbers"), text);
    }),
    { numRuns: 150 },
  );
});

/** A refused key must really be unusable: `export const <k>` does not load, or two keys share a type name. */
async function assertRefusalIsRight(root: ObjectValue, e: OutputError): Promise<void> {
  const key = e.key ?? "";
  assert.ok(root.has(key), `refusal names a key of the root: ${e.message}`);
  if (e.message.startsWith("TypeScript type name collision: ")) {
    const name = e.message.slice("TypeScript type name collision: ".length);
    const upper = (k: string): string => (k === "" ? "" : (k.codePointAt(0) === undefined ? "" : String.fromCodePoint(k.codePointAt(0) ?? 0).toUpperCase()) + k.slice(String.fromCodePoint(k.codePointAt(0) ?? 0).length));
    const clashing = [...root.entries.keys()].filter((k) => upper(k) === name || (upper(k).length !== name.length && k.slice(1) === name.slice(1)));
    assert.ok(clashing.length >= 2, `${e.message}: keys ${JSON.stringify([...root.entries.keys()])}`);
    return;
  }
  assert.is(e.message, `key ${JSON.stringify(key)} cannot be exported as a TypeScript constant`);
  // The refusal is wrong if a module declaring exactly this binding loads.
  let works = false;
  try {
    const mod = (await import("data:text/javascript," + encodeURIComponent(`export const ${key} = 1;`))) as object;
    works = Object.keys(mod).length === 1 && Object.keys(mod)[0] === key;
  } catch {
    works = false;
  }
  assert.ok(!works, `key ${JSON.stringify(key)} was refused but works as an exported binding`);
}

test("eager and lazy arrays give the same text in every format, in bounded chunks", () => {
  fc.assert(
    fc.property(rootArb, (root) => {
      const swapped = swapArrayKinds(root) as ObjectValue;
      for (const name of Object.keys(FORMATS) as FormatName[]) {
        let a: string | Error;
        let b: string | Error;
        try {
          a = run(FORMATS[name], root).text;
        } catch (e) {
          a = e as Error;
        }
        try {
          b = run(FORMATS[name], swapped).text;
        } catch (e) {
          b = e as Error;
        }
        if (a instanceof Error || b instanceof Error) assert.is(String(a), String(b), name);
        else assert.is(a, b, name);
      }
    }),
    { numRuns: 150 },
  );
});

test.run();

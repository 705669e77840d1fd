/** Key texts are remembered by each writer (core/emit/text-writer.ts): bounded, and never at the cost of a wrong key. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { load } from "js-yaml";
import { createEngine } from "../../index.js";

const engine = createEngine();

/** A document with `n` distinct keys, some needing quotes, one longer than the cache keeps. */
function documentWith(n: number, salt: string): { source: string; expected: Record<string, number> } {
  const expected: Record<string, number> = {};
  let source = "";
  for (let i = 0; i < n; i++) {
    const key = i % 3 === 0 ? `k${salt}${i}` : `key ${salt} #${i}`;
    expected[key] = i;
    source += `${JSON.stringify(key)} = ${i}\n`;
  }
  const long = "L".repeat(300) + salt;
  expected[long] = -1;
  source += `${long} = 0 - 1\n`;
  return { source, expected };
}

test("more distinct keys than the cache holds, over several runs and formats: every key written right", () => {
  for (const salt of ["a", "b", "a"]) {
    const { source, expected } = documentWith(5000, salt);
    const json = engine.transpile(source);
    assert.ok(json.ok);
    if (json.ok) assert.equal(JSON.parse(json.output), expected);
    const yaml = engine.transpile(source, { format: "yaml" });
    assert.ok(yaml.ok);
    if (yaml.ok) assert.equal(load(yaml.output), expected);
  }
});

test("keys repeated past the front cache, several sharing a slot (same length, same end characters): each keeps its own text", () => {
  const keys = ["axb", "ayb", "azb", "a\"b", "a b"];
  let source = "";
  const expected: Record<string, Record<string, number>> = {};
  for (let i = 0; i < 100; i++) {
    const o: Record<string, number> = {};
    source += `o${i} {\n`;
    keys.forEach((k, j) => {
      o[k] = i * 10 + j;
      source += `  ${JSON.stringify(k)} = ${i * 10 + j}\n`;
    });
    source += "}\n";
    expected[`o${i}`] = o;
  }
  for (const compact of [false, true]) {
    const r = engine.transpile(source, { formatOptions: { compact } });
    assert.ok(r.ok);
    if (r.ok) assert.equal(JSON.parse(r.output), expected);
  }
});

test.run();

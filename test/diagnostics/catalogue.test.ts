/**
 * The message catalogue (core/diagnostics/catalogue.ts): every code has a
 * message, every message a code of the catalogue, arguments fill their
 * places in one pass, and a template's text is what the engine reports.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODES, createEngine } from "../../index.js";
import { fill, fillText, MESSAGES, PHRASES } from "../../core/diagnostics/catalogue.js";

test("every code has at least one message, and every message's code is in the catalogue", () => {
  const codes = new Set<string>(Object.values(CODES));
  const used = new Set<string>(Object.values(MESSAGES).map((m) => m.code));
  assert.equal([...used].filter((c) => !codes.has(c)), []);
  assert.equal([...codes].filter((c) => !used.has(c)), []);
});

test("arguments fill their places in one pass: an argument's own {0} stays as written", () => {
  assert.is(fillText(MESSAGES.cannotCompare.text, "{1}", "b"), "can't compare {1} and b");
  assert.equal(fill(MESSAGES.undefinedVariable, "{0}"), { code: CODES.R15_UNDEFINED_VARIABLE, message: "undefined variable '{0}'" });
  // braces that are no place stay as they are
  assert.is(fill(MESSAGES.expectedBraceAfterPreset, "p").message, `expected '{' after @preset "p"`);
  assert.is(fill(MESSAGES.interpolationKept, "x", PHRASES.interpolationEmpty).message, "'${x}' is kept as written: it is empty");
  assert.is(fill(MESSAGES.presetNotFound, "a").message, 'preset "a" not found — define it with @preset "a" { ... }');
});

test("the engine reports the catalogue's text, filled", () => {
  const engine = createEngine();
  const cases: [string, string][] = [
    ["a = 1 / 0\n", fill(MESSAGES.divisionByZero).message],
    ["a = b.c\n", fill(MESSAGES.undefinedVariable, "b").message],
    ['a = "x" * 2\n', fill(MESSAGES.unsupportedOperation, "string", "*", "integer").message],
    ["a = [1, 2\n", `${fill(MESSAGES.expectedClosing, "]").message} — ${fillText(PHRASES.neverClosed, "[")}`],
  ];
  for (const [source, message] of cases) {
    const r = engine.transpile(source);
    assert.ok(!r.ok, source);
    assert.is(r.ok ? undefined : r.diagnostics[0]?.message, message, source);
  }
});

test.run();

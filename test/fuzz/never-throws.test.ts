/**
 * Property: the lexer, parser and evaluator never throw, whatever the text —
 * `check` and `transpile` in every format return diagnostics; every
 * diagnostic's span lies inside the text, its line is a real line (and agrees
 * with the span), its message is one line, and it renders as `Line <n>: …`.
 * Texts that happen to be valid must emit output that reads back.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { CODES, createEngine, type Diagnostic } from "../../index.js";
import { diagnosticProblems } from "./diagnostic-shape.js";
import { fcParams } from "./fuzz-settings.js";
import { checkSourceEverywhere } from "./properties.js";
import { anyTextArb, tokenSoupArb } from "./text-arbitrary.js";

const engine = createEngine();

test("the diagnostic checker rejects malformed diagnostics (it can fail)", () => {
  const text = "a = 1\nb = ";
  const good: Diagnostic = { code: CODES.P1_UNEXPECTED_TOKEN, severity: "error", message: "unexpected 'end of file'", start: 10, end: 10, line: 2, column: 5, endLine: 2, endColumn: 5 };
  assert.equal(diagnosticProblems(good, () => text), []);
  assert.ok(diagnosticProblems({ ...good, end: 11 }, () => text).length > 0, "span beyond the text");
  assert.ok(diagnosticProblems({ ...good, line: 3 }, () => text).length > 0, "line beyond the text");
  assert.ok(diagnosticProblems({ ...good, line: 1 }, () => text).length > 0, "line disagrees with the span");
  assert.ok(diagnosticProblems({ ...good, message: "two\nlines" }, () => text).length > 0, "multi-line message");
});

test("property: arbitrary Unicode text never makes check/transpile throw", () => {
  fc.assert(
    fc.property(anyTextArb(), (text) => {
      checkSourceEverywhere(engine, text);
    }),
    fcParams(400),
  );
});

test("property: token soup never makes check/transpile throw", () => {
  let succeeded = 0;
  fc.assert(
    fc.property(tokenSoupArb(30), (text) => {
      if (checkSourceEverywhere(engine, text).some((o) => o.ok)) succeeded++;
    }),
    fcParams(600),
  );
  // Token soup is mostly invalid, but some of it must get through to the emitters.
  assert.ok(succeeded > 0, "no token soup ever evaluated");
});

test.run();

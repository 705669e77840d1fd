/**
 * The project's own cases for composition (LANGUAGE.md §16.3, in
 * docs/language.md "Composition"), in test/cases/composition, laid out like
 * the shared conformance cases: exact output text for each expected.<format>
 * (read back by the consumer's library and compared with the value tree),
 * error fragments for expected-error.txt. Regenerating is never automatic:
 * a changed output is a changed language.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { load as loadYaml } from "js-yaml";
import { parse as parseToml } from "smol-toml";
import { createEngine, NodeFsHost, renderDiagnostic, toPlainData } from "../../index.js";
import { readConformanceCases, type CaseFormat } from "../support/conformance-cases.js";
import { plainDataDifference } from "../support/same-data.js";
import { REPO_ROOT } from "../support/repo-root.js";

const engine = createEngine();
const cases = readConformanceCases(join(REPO_ROOT, "test", "cases", "composition"));

function readBack(format: CaseFormat, output: string): unknown {
  switch (format) {
    case "json":
      return JSON.parse(output);
    case "yaml":
      return loadYaml(output) ?? {};
    case "toml":
      return parseToml(output, { integersAsBigInt: "asNeeded" });
    case "ts":
      return undefined;
  }
}

for (const c of cases) {
  const options = (format: string) => ({ format, file: c.inputPath, host: new NodeFsHost() });
  for (const [format, expected] of Object.entries(c.expected) as [CaseFormat, string][]) {
    test(`${c.name} [${format}]`, () => {
      const r = engine.transpile(c.input, options(format));
      assert.ok(r.ok, r.ok ? "" : `expected success, got: ${r.diagnostics.map(renderDiagnostic).join("\n")}`);
      if (!r.ok) return;
      assert.fixture(r.output, expected);
      const back = readBack(format, r.output);
      if (back === undefined) return;
      const diff = plainDataDifference(toPlainData(r.value), back, format === "toml" ? { nullsInObjectsDropped: true } : { lossyNumbers: true });
      assert.is(diff, undefined, `${format} output read back differs from the value tree: ${diff}`);
    });
  }
  const fragments = c.expectedError;
  if (fragments) {
    test(`${c.name} [error]`, () => {
      const r = engine.transpile(c.input, options("json"));
      assert.not.ok(r.ok, "expected an error, the run succeeded");
      if (r.ok) return;
      const message = renderDiagnostic(r.diagnostics[0]!);
      for (const fragment of fragments) assert.ok(message.includes(fragment), `missing fragment\n  ${fragment}\nin\n  ${message}`);
    });
  }
}

test("the composition cases are there, and each expects something", () => {
  assert.ok(cases.length >= 60, `only ${cases.length} cases in test/cases/composition`);
  for (const c of cases) assert.ok(Object.keys(c.expected).length > 0 || c.expectedError !== undefined, `${c.name}: no expected.* nor expected-error.txt`);
  // every success case lists all four formats unless its keys cannot be TypeScript constants
  for (const c of cases) if (!c.expectedError) assert.ok(["json", "yaml", "toml"].every((f) => f in c.expected), `${c.name}: missing an output`);
});

test.run();

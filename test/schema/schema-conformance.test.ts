/**
 * The schema cases of ../shared/conformance (those with `options.schema`):
 * the set of `<path>: <message>` lines must equal expected-validation.txt.
 * Checked three ways: on the expected JSON data with the schema format taken
 * from the file extension, the same with the format sniffed, and end to end
 * through the engine (transpile in the case's format, then validate what a
 * consumer of that format reads, §12.1).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { load as loadYaml, CORE_SCHEMA } from "js-yaml";
import { parse as parseToml } from "smol-toml";
import { createEngine, NodeFsHost, toPlainData } from "../../index.js";
import { JsonSchemaValidator } from "../../plugins/schema-json/index.js";
import { readConformanceCases } from "../support/conformance-cases.js";
import { whenShared } from "../support/shared-folder.js";

/** The validator under test: its own compile cache, as each engine's plugin has. */
const validator = new JsonSchemaValidator();

const engine = createEngine();
const cases = readConformanceCases().filter((c) => c.options.schema !== undefined);

const sorted = (lines: readonly string[]): string[] => [...lines].sort();

whenShared("conformance", test)("there are schema cases to run", () => {
  assert.ok(cases.length >= 15, `found ${cases.length}`);
});

for (const c of cases) {
  const schemaFile = c.options.schema ?? "";
  const schemaText = readFileSync(join(c.dir, schemaFile), "utf8");
  const ext = extname(schemaFile).slice(1);
  const expected = sorted(c.expectedValidation ?? []);

  test(`${c.name}: expected.json data, format from the extension`, () => {
    const data: unknown = JSON.parse(c.expected.json ?? "null");
    const r = validator.validate(data, schemaText, { schemaFormat: ext });
    assert.is(r.schemaError, undefined, r.errors.join("\n"));
    assert.equal(sorted(r.errors), expected);
    assert.is(r.valid, expected.length === 0);
  });

  test(`${c.name}: schema format sniffed`, () => {
    const data: unknown = JSON.parse(c.expected.json ?? "null");
    const r = validator.validate(data, schemaText, {});
    assert.is(r.schemaFormat, ext === "yml" ? "yaml" : ext);
    assert.equal(sorted(r.errors), expected);
  });

  test(`${c.name}: through the engine`, () => {
    const format = engine.canonicalFormat(c.options.format);
    const run = engine.transpile(c.input, { format, file: c.inputPath, host: new NodeFsHost() });
    assert.ok(run.ok, "transpile failed");
    if (!run.ok) return;
    const data: unknown =
      format === "yaml" ? loadYaml(run.output, { schema: CORE_SCHEMA }) : format === "toml" ? parseToml(run.output) : toPlainData(run.value);
    const r = engine.validate(data, schemaText, { schemaFormat: ext });
    assert.equal(sorted(r.errors), expected);
  });
}

test.run();

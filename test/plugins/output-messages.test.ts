// The built-in formats refuse with the catalogue's output messages (O1–O3 of LANGUAGE.md §13.2), as jsson/plugin hands them to any format plugin.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODES, createEngine, diagnosticMessage } from "../../index.js";
import { OUTPUT_MESSAGES, fillMessage } from "../../core/plugin/index.js";

function refusal(source: string, format: string, formatOptions?: Record<string, unknown>): string {
  const r = createEngine().transpile(source, formatOptions === undefined ? { format } : { format, formatOptions: formatOptions as never });
  if (r.ok) throw new Error(`${format} wrote it`);
  assert.is(r.diagnostics[0]?.code, CODES.O_OUTPUT);
  return diagnosticMessage(r.diagnostics[0]!);
}

test("fillMessage fills {n} in order and leaves text without placeholders as it is", () => {
  assert.is(fillMessage(OUTPUT_MESSAGES.numberNotRepresentable, "properties", "NaN"), "properties cannot represent the number NaN");
  assert.is(fillMessage(OUTPUT_MESSAGES.tomlNullInArrayWriting), "TOML cannot represent null (in an array)");
  for (const template of Object.values(OUTPUT_MESSAGES)) assert.is(template.code, CODES.O_OUTPUT);
});

test("O1–O3 and the YAML stream refusal are the catalogue's texts", () => {
  assert.is(refusal("xs = [1, null]\n", "toml"), fillMessage(OUTPUT_MESSAGES.tomlNullInArray, "xs"));
  assert.is(refusal('"class" = 1\n', "typescript"), fillMessage(OUTPUT_MESSAGES.typescriptKeyNotExportable, '"class"'));
  assert.is(refusal("a = 1\nA = 2\n", "typescript"), fillMessage(OUTPUT_MESSAGES.typescriptTypeNameCollision, "A"));
  assert.is(refusal("a = 1\n", "yaml", { documents: true }), fillMessage(OUTPUT_MESSAGES.yamlDocumentsNeedArray, "an object"));
});

test.run();

/**
 * Every case of ../shared/conformance, through the engine: exact output text
 * for each expected.<format>, error fragments for expected-error.txt, the
 * set of validation lines for expected-validation.txt. Emitted YAML, TOML and
 * JSON are also parsed back and compared with the value tree, and all
 * emitted TypeScript is type-checked with tsc at the end.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { load as loadYaml } from "js-yaml";
import { parse as parseToml } from "smol-toml";
import { createEngine, NodeFsHost, renderDiagnostic, toPlainData, type RunFailure, type RunOptions, type TranspileResult } from "../../index.js";
import type { ObjectValue } from "../../core/values/values.js";
import { readConformanceCases, type CaseFormat, type ConformanceCase } from "../support/conformance-cases.js";
import { plainDataDifference } from "../support/same-data.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { whenShared } from "../support/shared-folder.js";

const engine = createEngine();
/** Summary tests: without ../shared there are no cases to check (one line says so). */
const testShared = whenShared("conformance", test);
const cases = readConformanceCases();
const emittedTs: { name: string; text: string }[] = [];

function run(c: ConformanceCase, format: string): TranspileResult {
  return engine.transpile(c.input, runOptions(c, format));
}

function runOptions(c: ConformanceCase, format: string): RunOptions {
  const o = c.options;
  return {
    format,
    file: c.inputPath,
    host: new NodeFsHost(),
    ...(o.includeMerge ? { includeMerge: o.includeMerge } : {}),
    ...(o.stream !== undefined ? { stream: o.stream } : {}),
    ...(o.streamThreshold !== undefined ? { streamThreshold: o.streamThreshold } : {}),
  };
}

function failure(r: { readonly ok: true } | RunFailure): string {
  return r.ok ? "" : r.diagnostics.map(renderDiagnostic).join("\n");
}

/** The emitted text read back by the library a consumer would use, compared with the value tree. */
function readBackDifference(format: CaseFormat, output: string, value: ObjectValue): string | undefined {
  const tree = toPlainData(value);
  switch (format) {
    case "json":
      return plainDataDifference(tree, JSON.parse(output), { lossyNumbers: true });
    case "yaml":
      return plainDataDifference(tree, loadYaml(output) ?? {}, { lossyNumbers: true });
    case "toml":
      return plainDataDifference(tree, parseToml(output, { integersAsBigInt: "asNeeded" }), { nullsInObjectsDropped: true });
    case "ts":
      return undefined; // type-checked below
  }
}

for (const c of cases) {
  for (const [format, expected] of Object.entries(c.expected) as [CaseFormat, string][]) {
    test(`${c.name} [${format}]`, () => {
      const r = run(c, format);
      assert.ok(r.ok, `expected success, got: ${failure(r)}`);
      if (!r.ok) return;
      assert.fixture(r.output, expected);
      const diff = readBackDifference(format, r.output, r.value);
      assert.is(diff, undefined, `${format} output read back differs from the value tree: ${diff}`);
      if (format === "ts") emittedTs.push({ name: c.name, text: r.output });
    });
  }

  const fragments = c.expectedError;
  if (fragments) {
    test(`${c.name} [error]`, () => {
      const r = run(c, c.options.format ?? "json");
      assert.not.ok(r.ok, "expected an error, the run succeeded");
      if (r.ok) return;
      const message = renderDiagnostic(r.diagnostics[0]!);
      for (const fragment of fragments) assert.ok(message.includes(fragment), `missing fragment\n  ${fragment}\nin\n  ${message}`);
    });
  }

  const expectedLines = c.expectedValidation;
  const schemaFile = c.options.schema;
  if (expectedLines && schemaFile) {
    test(`${c.name} [schema]`, () => {
      const format = c.options.format ?? "json";
      const evaluated = engine.evaluate(c.input, runOptions(c, format));
      const schemaText = readFileSync(join(c.dir, schemaFile), "utf8");
      const schemaFormat = { ".json": "json", ".yaml": "yaml", ".yml": "yaml", ".toml": "toml" }[extname(schemaFile)];
      // The pipeline's validate stage: the data a consumer of the format reads (§12.1), checked by the schema type.
      const checked = evaluated.ok ? evaluated.validate(schemaText, schemaFormat ? { schemaFormat } : {}) : evaluated;
      assert.ok(checked.ok, `expected success, got: ${failure(checked)}`);
      if (!checked.ok) return;
      const verdict = checked.result;
      assert.not.ok(verdict.schemaError, `schema error: ${verdict.errors.join("; ")}`);
      assert.equal([...verdict.errors].sort(), [...expectedLines].sort());
      assert.is(verdict.valid, expectedLines.length === 0);
    });
  }
}

testShared("every case was run", () => {
  assert.ok(cases.length >= 250, `only ${cases.length} cases found in ../shared/conformance`);
  for (const c of cases)
    assert.ok(Object.keys(c.expected).length > 0 || c.expectedError !== undefined, `${c.name}: no expected.* nor expected-error.txt`);
});

testShared("emitted TypeScript type-checks (tsc --noEmit --strict)", () => {
  assert.ok(emittedTs.length >= 10, `only ${emittedTs.length} TypeScript outputs were collected`);
  const dir = mkdtempSync(join(tmpdir(), "jsson-ts-"));
  try {
    const files = new Map<string, string>();
    for (const { name, text } of emittedTs) {
      const file = `case-${name}.ts`;
      writeFileSync(join(dir, file), text);
      files.set(file, text);
    }
    const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    const args = [tsc, "--noEmit", "--strict", "--pretty", "false", "--target", "ES2022", "--module", "ES2022", "--moduleDetection", "force", ...files.keys()];
    const r = spawnSync(process.execPath, args, { cwd: dir, encoding: "utf8" });
    const errors = (r.stdout + r.stderr).split("\n").filter((l) => l.trim() !== "");
    assert.equal(errors, [], `tsc failed:\n${errors.join("\n")}`);
    assert.is(r.status, 0, `tsc exited ${r.status}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

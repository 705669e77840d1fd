/**
 * The formatter's properties (idempotent, comments kept, the four outputs
 * unchanged) on every conformance input, every reference example and every
 * ```jsson block of the README and docs/ (includes resolve beside each).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatSource } from "../../core/format/format-source.js";
import { decodeUtf8 } from "../../core/host/node-fs-host.js";
import { readConformanceCases } from "../support/conformance-cases.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { sharedFolder } from "../support/shared-folder.js";
import { formatProblem } from "./format-check.js";
import { docExamples } from "../support/doc-examples.js";

for (const c of readConformanceCases()) {
  test(`fmt conformance ${c.name}`, () => {
    if (!formatSource(c.input).ok) {
      // A syntax-error case: refused, which the CLI tests check; nothing to compare.
      assert.ok(c.expectedError !== undefined, "only error cases may be refused");
      return;
    }
    const problem = formatProblem(c.input, { file: c.inputPath, ...(c.options.includeMerge ? { includeMerge: c.options.includeMerge } : {}) });
    assert.is(problem, undefined, problem);
  });
}

// The project's own composition cases (§16.3): spreads, `+`, conditional members and elements, include values.
for (const c of readConformanceCases(join(REPO_ROOT, "test", "cases", "composition"))) {
  test(`fmt composition ${c.name}`, () => {
    if (!formatSource(c.input).ok) {
      assert.ok(c.expectedError !== undefined, "only error cases may be refused");
      return;
    }
    const problem = formatProblem(c.input, { file: c.inputPath });
    assert.is(problem, undefined, problem);
  });
}

const referenceExamples = sharedFolder("reference-examples");
for (const name of referenceExamples === undefined ? [] : readdirSync(referenceExamples).filter((f) => f.endsWith(".jsson")).sort()) {
  test(`fmt reference example ${name}`, () => {
    const file = join(referenceExamples as string, name);
    const source = decodeUtf8(readFileSync(file));
    if (!formatSource(source).ok) return; // an example of a syntax error
    const problem = formatProblem(source, { file });
    assert.is(problem, undefined, problem);
  });
}

// docs/errors.md's examples are mistakes on purpose, each checked for its code by test/diagnostics/error-reference.test.ts
const docs = ["README.md", ...readdirSync(join(REPO_ROOT, "docs")).map((f) => join("docs", f))].filter((f) => f.endsWith(".md") && f !== join("docs", "errors.md"));
for (const doc of docs) {
  for (const example of docExamples(readFileSync(join(REPO_ROOT, doc), "utf8")).examples) {
    test(`fmt ${doc}:${example.line}: ${example.source.split("\n")[0]}`, () => {
      if (!formatSource(example.source).ok) {
        // refused like any file with a syntax error: only an example that shows its error may be one
        assert.ok(example.expect.some((e) => e.kind === "error"), "a documented example without an error was refused");
        return;
      }
      const problem = formatProblem(example.source, { file: join(REPO_ROOT, "examples", "README.jsson") });
      assert.is(problem, undefined, problem);
    });
  }
}

test.run();

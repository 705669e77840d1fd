/** Round trip (import, transpile back, same data) on every expected .json/.yaml/.toml of the conformance cases. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readConformanceCases } from "../support/conformance-cases.js";
import { importProblem } from "./import-check.js";

for (const c of readConformanceCases()) {
  for (const format of ["json", "yaml", "toml"] as const) {
    const text = c.expected[format];
    if (text === undefined) continue;
    test(`import ${c.name}/expected.${format}`, () => {
      // A document whose top level is not an object (JSSON cannot hold it) is refused: checked in the CLI tests.
      const problem = importProblem(text, format);
      if (problem?.startsWith("refused: ") && /top level .* is not an object/.test(problem)) return;
      assert.is(problem, undefined, problem);
    });
  }
}

test.run();

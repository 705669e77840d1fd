/**
 * `--error-format json` (docs/diagnostics.md) on the composition errors
 * (LANGUAGE.md §16.3): each form's catalogue code and span from the real
 * binary, and an error inside a file included as a value, placed at the
 * include with the inner error as its cause in its own file (§13.3).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODES } from "../../index.js";
import { fixtureDir } from "../cli/fixtures.js";
import { pool } from "../support/pool.js";
import { runCli, type CliRun } from "../support/spawn-cli.js";

const FILES = {
  "into-array.jsson": "base := { a = 1 }\nlist = [0, ...base]\n",
  "into-object.jsson": "tags := [1]\nserver {\n  ...tags\n}\n",
  "concat.jsson": "x = [1] + true\n",
  "else.jsson": "a = 1\nelse if (a) { b = 2 }\n",
  "brace.jsson": "if (true) b = 2\n",
  "template.jsson": "rows [\n  template { id }\n  ...[1]\n]\n",
  "main.jsson": 'name = "app"\nb := include "conf/base.jsson"\n',
  "conf/base.jsson": "port = 1\nlist = [0, ...{ a = 1 }]\n",
};
const dir = fixtureDir(FILES);

/** One entry of the document (docs/diagnostics.md), the fields these tests read. */
type Entry = { code: string; message: string; file?: string; line: number; column: number; end_line: number; end_column: number; cause?: Entry };

const NAMES = ["into-array", "into-object", "concat", "else", "brace", "template", "main"] as const;
const runs = pool(
  NAMES.map((name) => (): Promise<CliRun> => runCli(["--error-format", "json", `${name}.jsson`], { cwd: dir })),
  2,
);

async function entryOf(name: (typeof NAMES)[number]): Promise<Entry> {
  const r = await runs[NAMES.indexOf(name)]!;
  assert.is(r.code, 1, r.stderr);
  assert.is(r.stdout, "");
  const doc = JSON.parse(r.stderr) as { version: number; diagnostics: Entry[] };
  assert.is(doc.diagnostics.length, 1, r.stderr);
  return doc.diagnostics[0]!;
}

const at = (e: Entry): unknown[] => [e.code, e.file, e.line, e.column, e.end_line, e.end_column, e.message];

test("each composition error has its code and its place (a spread's is its `...`)", async () => {
  assert.equal(at(await entryOf("into-array")), [CODES.C1_SPREAD_INTO_ARRAY, "into-array.jsson", 2, 12, 2, 15, "cannot spread an object into an array"]);
  assert.equal(at(await entryOf("into-object")), [CODES.C2_SPREAD_INTO_OBJECT, "into-object.jsson", 3, 3, 3, 6, "cannot spread an array into an object"]);
  const concat = await entryOf("concat");
  assert.equal([concat.code, concat.line, concat.column, concat.message], [CODES.R3_UNSUPPORTED_OPERATION, 1, 9, "unsupported binary operation: array + boolean"]);
  const orphan = await entryOf("else");
  assert.equal([orphan.code, orphan.line, orphan.message], [CODES.P16_ELSE_WITHOUT_IF, 2, "'else' without 'if'"]);
  const brace = await entryOf("brace");
  assert.equal([brace.code, brace.line, brace.column, brace.message], [CODES.P4_EXPECTED_CLOSING, 1, 11, "expected '{' after if (…)"]);
  const row = await entryOf("template");
  assert.equal([row.line, row.column, row.message], [3, 3, "unexpected '...'"], JSON.stringify(row));
  assert.is(row.code, CODES.P1_UNEXPECTED_TOKEN, "a spread in a template row is P1");
});

test("an error inside a file included as a value: at the include, caused by the inner error in its file", async () => {
  const top = await entryOf("main");
  assert.equal([top.code, top.file, top.line], [CODES.I4_ERROR_IN_INCLUDE, "main.jsson", 2]);
  assert.equal(at(top.cause!), [CODES.C1_SPREAD_INTO_ARRAY, "conf/base.jsson", 2, 12, 2, 15, "cannot spread an object into an array"]);
});

test.run();

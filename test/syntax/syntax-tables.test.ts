/**
 * The lexer and parser tables (test/syntax/tables/): every case's source is
 * lexed or parsed and summarised, and the summary must equal the reviewed
 * expectation byte for byte. `UPDATE_TABLES=1 node test/run.mjs syntax-tables`
 * rewrites the expectations from today's behaviour (review the diff).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { DEFAULT_LIMITS } from "../../core/values/limits.js";
import { LexError, Lexer } from "../../core/syntax/lexer.js";
import { parseProgram } from "../../core/syntax/parser.js";
import { LineIndex } from "../../core/source/line-index.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { readTable, UPDATE_TABLES, writeTable, type Table } from "./syntax-table.js";
import { lexSummary, parseSummary } from "./tree-summary.js";

const TABLES = join(REPO_ROOT, "test", "syntax", "tables");
const OPTIONS = { maxDepth: 24, maxSourceLength: DEFAULT_LIMITS.maxSourceLength };

/** Every token of a source, or the lexical error that stops it. */
function lexAll(source: string): string {
  const lexer = new Lexer(source);
  const tokens = [];
  try {
    for (let i = 0; i < 10_000; i++) {
      const t = lexer.next();
      tokens.push(t);
      if (t.kind === "eof") break;
    }
    return lexSummary(tokens, undefined, new LineIndex(source));
  } catch (e) {
    if (e instanceof LexError) return lexSummary(tokens, e.diagnostic, new LineIndex(source));
    throw e;
  }
}

/** A case named `… [source limit N]` parses with a source length limit of N characters. */
function parseAll(source: string, name: string): string {
  const limit = /\[source limit (\d+)\]$/.exec(name)?.[1];
  return parseSummary(parseProgram(source, limit === undefined ? OPTIONS : { ...OPTIONS, maxSourceLength: Number(limit) }));
}

function check(file: string, run: (source: string, name: string) => string): void {
  const path = join(TABLES, file);
  const table: Table = readTable(path);
  const actual = table.cases.map((c) => run(c.source, c.name));
  if (UPDATE_TABLES) {
    writeTable(path, table, actual);
    return;
  }
  const names = new Set<string>();
  table.cases.forEach((c, i) => {
    assert.not.ok(names.has(c.name), `${file}: case name "${c.name}" is used twice`);
    names.add(c.name);
    assert.fixture(actual[i] ?? "", c.expected, `${file}: ${c.name}`);
  });
}

test("lexer table", () => check("lexer.txt", lexAll));
test("parser table", () => check("parser.txt", parseAll));

test("the tables name every lexical and syntax code of the catalogue", async () => {
  const { CODES } = await import("../../core/diagnostics/catalogue.js");
  const wanted = Object.values(CODES).filter((c) => /^JSSON[12]/.test(c));
  const text = ["lexer.txt", "parser.txt"].map((f) => readTable(join(TABLES, f)).cases.map((c) => c.expected).join("\n")).join("\n");
  for (const code of [...wanted, CODES.LIMIT_DEPTH, CODES.LIMIT_SOURCE]) assert.ok(text.includes(`error ${code} `), `no table case expects ${code}`);
});

test.run();

/**
 * Acorn-style tables for the lexer and the parser: a text file of cases,
 * each a source and what today's lexer or parser makes of it (a token list,
 * a tree summary, or the first error with code, line and column). The
 * expectations are the reviewed record of behaviour; a rewrite of the lexer
 * or parser must leave them byte-identical.
 *
 * File format (test/syntax/tables/*.txt):
 *
 *     === name of the case
 *     source, verbatim, one or more lines
 *     ---
 *     expected summary, one or more lines
 *
 * The source ends before the `---` line (its last line break is not part of
 * it). A name ending in ` (escaped)` marks a source written as a JSON string
 * on one line, for characters a text file cannot show (BOM, CR, NUL).
 * Lines before the first `===` are comments.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** One case of a table. */
export interface TableCase {
  readonly name: string;
  readonly source: string;
  /** The source as written in the file (the JSON text for escaped cases). */
  readonly written: string;
  readonly expected: string;
}

/** A table file: its comment header and its cases, in order. */
export interface Table {
  readonly header: string;
  readonly cases: readonly TableCase[];
}

const ESCAPED = " (escaped)";

/** Read a table file. */
export function readTable(path: string): Table {
  const text = readFileSync(path, "utf8");
  const blocks = text.split(/^=== /m);
  const header = blocks.shift() ?? "";
  const cases = blocks.map((block): TableCase => {
    const nl = block.indexOf("\n");
    const name = block.slice(0, nl);
    const rest = block.slice(nl + 1);
    const sep = rest.search(/^---$/m);
    if (sep < 0) throw new Error(`table ${path}: case "${name}" has no --- line`);
    const written = rest.slice(0, Math.max(0, sep - 1));
    const expected = rest.slice(sep + 4).replace(/\n+$/, "");
    const source = name.endsWith(ESCAPED) ? (JSON.parse(written) as string) : written;
    return { name, source, written, expected };
  });
  return { header, cases };
}

/** Write a table back with new expectations (regeneration; review the diff before committing). */
export function writeTable(path: string, table: Table, actual: readonly string[]): void {
  let out = table.header;
  table.cases.forEach((c, i) => {
    out += `=== ${c.name}\n${c.written}\n---\n${actual[i] ?? ""}\n\n`;
  });
  writeFileSync(path, out.replace(/\n+$/, "\n"));
}

/** True when the tables should be rewritten from today's behaviour (`UPDATE_TABLES=1`). */
export const UPDATE_TABLES = process.env["UPDATE_TABLES"] === "1";

/**
 * `--error-format json|github` through the spawned CLI (docs/diagnostics.md):
 * the JSON document read as a program would, the GitHub form read back as
 * workflow commands with GitHub's own unescaping; exit statuses unchanged.
 */
import { test } from "uvu";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import * as assert from "uvu/assert";
import { escapeData, escapeProperty } from "../../cli/terminal/github-annotations.js";
import { fixtureDir } from "../cli/fixtures.js";
import { pool } from "../support/pool.js";
import { runCli, type CliRun } from "../support/spawn-cli.js";

const NESTED = {
  "main.jsson": 'name = "app"\ninclude "conf/mid.jsson"\n',
  "conf/mid.jsson": 'ok = 1\ninclude "../lib/inner.jsson"\n',
  "lib/inner.jsson": "a = 1\nbad = a / 0\n",
  // `,` and `:` in a file name, `%` in a message: escaped in properties and data
  "odd,na:me.jsson": 'x = "50%" < 1\n',
  "broken.jsson": "a = (\n",
  "ok.jsson": "a = 1\n",
};
const dir = fixtureDir({});
for (const [name, text] of Object.entries(NESTED)) {
  mkdirSync(dirname(join(dir, name)), { recursive: true });
  writeFileSync(join(dir, name), text);
}
const run = (args: string[], input?: string, env?: Record<string, string>): (() => Promise<CliRun>) => () =>
  runCli(args, { cwd: dir, ...(input === undefined ? {} : { input }), ...(env === undefined ? {} : { env }) });
const runs = pool(
  [
    run(["--error-format", "json", "main.jsson"]),
    run(["-error-format", "github", "-i", "main.jsson"]),
    run(["-error-format", "github", "-i", "odd,na:me.jsson"]),
    run(["validate", "--error-format", "json", "-"], "a = [1,\n"),
    run(["fmt", "--error-format", "json", "broken.jsson", "ok.jsson", "broken.jsson"]),
    run(["--error-format", "xml", "main.jsson"]),
    run(["main.jsson"], undefined, { JSSON_ERROR_FORMAT: "json" }),
    run(["--error-format", "github"], "a = 1 / 0\n"),
    run(["-f", "yaml", "--error-format", "json", "ok.jsson"]),
  ],
  2,
);

/** One entry of the document (docs/diagnostics.md): the HTTP `diagnostics` entry, with `severity` at the top. */
interface Entry {
  code: string;
  severity?: string;
  message: string;
  file?: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  cause?: Entry;
  related?: unknown[];
}

test("json: one document with version, the error at the include and its causes down the chain, each in its file, in the HTTP form", async () => {
  const r = await runs[0]!;
  assert.is(r.code, 1);
  assert.is(r.stdout, "");
  const doc = JSON.parse(r.stderr) as { version: number; diagnostics: Entry[] };
  assert.is(doc.version, 2);
  assert.is(doc.diagnostics.length, 1);
  const top = doc.diagnostics[0]!;
  assert.equal(
    { ...top, cause: undefined },
    {
      line: 2,
      column: 1,
      end_line: 2,
      end_column: 25,
      message: 'error in included file "conf/mid.jsson": Line 2: error in included file "../lib/inner.jsson": Line 2: division by zero',
      code: "JSSON4004",
      file: "main.jsson",
      cause: undefined,
      severity: "error",
    },
  );
  const mid = top.cause!;
  assert.equal([mid.code, mid.file, mid.line, mid.column, mid.end_column], ["JSSON4004", "conf/mid.jsson", 2, 1, 29]);
  const inner = mid.cause!;
  assert.equal(inner, { line: 2, column: 9, end_line: 2, end_column: 10, message: "division by zero", code: "JSSON3001", file: "lib/inner.jsson" });
});

/** GitHub's reading of a workflow command line (the runner's ActionCommand parser, unescaping included). */
function readCommand(line: string): { command: string; properties: Record<string, string>; message: string } | undefined {
  const m = /^::([a-z]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (m === null) return undefined;
  const unescape = (s: string, property: boolean): string => {
    let out = s.replace(/%0D/g, "\r").replace(/%0A/g, "\n");
    if (property) out = out.replace(/%3A/g, ":").replace(/%2C/g, ",");
    return out.replace(/%25/g, "%");
  };
  const properties: Record<string, string> = {};
  for (const pair of (m[2] ?? "").split(",").filter((p) => p !== "")) {
    const at = pair.indexOf("=");
    properties[pair.slice(0, at)] = unescape(pair.slice(at + 1), true);
  }
  return { command: m[1]!, properties, message: unescape(m[3]!, false) };
}

test("github: one ::error per place of the include chain, with file, line, col, endLine, endColumn and the code as title", async () => {
  const r = await runs[1]!;
  assert.is(r.code, 1);
  const commands = r.stderr.trimEnd().split("\n").map(readCommand);
  assert.is(commands.length, 3, r.stderr);
  assert.equal(commands[0], {
    command: "error",
    properties: { file: "main.jsson", line: "2", col: "1", endLine: "2", endColumn: "25", title: "JSSON4004" },
    message: 'error in included file "conf/mid.jsson": Line 2: error in included file "../lib/inner.jsson": Line 2: division by zero',
  });
  assert.equal(commands[2]?.properties, { file: "lib/inner.jsson", line: "2", col: "9", endLine: "2", endColumn: "10", title: "JSSON3001" });
  assert.is(commands[2]?.message, "division by zero (in a file included at conf/mid.jsson:2)");
});

test("github: ',' and ':' in a file name and '%' in a message survive GitHub's unescaping", async () => {
  const r = await runs[2]!;
  assert.is(r.code, 1);
  assert.match(r.stderr, /^::error file=odd%2Cna%3Ame\.jsson,line=1,/);
  const c = readCommand(r.stderr.trimEnd());
  assert.is(c?.properties["file"], "odd,na:me.jsson");
  assert.is(c?.message, "can't compare 50% and 1");
  assert.is(escapeData("100%\r\nnext"), "100%25%0D%0Anext");
  assert.is(escapeProperty("a%:b,c\n"), "a%25%3Ab%2Cc%0A");
});

test("validate and fmt take --error-format; fmt writes one document for all its files", async () => {
  const v = await runs[3]!;
  assert.is(v.code, 1);
  const doc = JSON.parse(v.stderr) as { diagnostics: Entry[] };
  assert.equal(doc.diagnostics.map((d) => [d.code, d.file, d.line, d.column]), [["JSSON2004", undefined, 1, 5]]);
  const f = await runs[4]!;
  assert.is(f.code, 1);
  const all = JSON.parse(f.stderr) as { version: number; diagnostics: Entry[] };
  assert.equal(all.diagnostics.map((d) => [d.code, d.file]), [["JSSON2001", "broken.jsson"], ["JSSON2001", "broken.jsson"]]);
  assert.is(f.stdout, "a = 1\n", "the good file is still formatted");
});

test("an unknown format is a usage error (2); JSSON_ERROR_FORMAT applies when the flag is absent; stdin has no file", async () => {
  const bad = await runs[5]!;
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /error-format/);
  const env = await runs[6]!;
  assert.is(env.code, 1);
  assert.is((JSON.parse(env.stderr) as { diagnostics: Entry[] }).diagnostics[0]?.code, "JSSON4004");
  const stdin = await runs[7]!;
  assert.is(stdin.code, 1);
  assert.is(stdin.stderr, "::error line=1,col=7,endLine=1,endColumn=8,title=JSSON3001::division by zero\n");
  const ok = await runs[8]!;
  assert.is(ok.code, 0);
  assert.is(ok.stderr, "", "nothing on stderr when there is no problem");
  assert.is(ok.stdout, "a: 1\n");
});

test.run();

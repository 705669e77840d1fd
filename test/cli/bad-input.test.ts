/**
 * Hostile input (issue 2, "Bad input"): the spawned CLI must end each with
 * exit 1 and a `Line <n>:` diagnostic on stderr without crashing, hanging or
 * exhausting memory. No time bound: the engine's limits (nesting, items,
 * source size) end each run, and the diagnostic naming the limit proves it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { pool } from "../support/pool.js";
import { runCli, type CliRun } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

const N = 3_000_000;
const FIFTY_MB = 50 * 1024 * 1024;

/** 50 MB of comment lines, then a syntax error on the last line. */
function fiftyMegabytes(): string {
  const line = "# " + "x".repeat(97) + "\n";
  return line.repeat(Math.ceil(FIFTY_MB / line.length)) + "z = 1 +\n";
}

const big = fiftyMegabytes();
const dir = fixtureDir({
  "nested-brackets.jsson": "x = " + "[".repeat(N),
  "nested-parens.jsson": "x = " + "(".repeat(N),
  "nested-blocks.jsson": "a { ".repeat(N),
  "nested-unary.jsson": "x = " + "-".repeat(N) + "1\n",
  "long-operator-chain.jsson": "x = 1" + " + 1".repeat(1_000_000) + "\n",
  "empty-template.jsson": "users [\n  template {}\n  1, 2\n]\n",
  "huge-range.jsson": "r = 0..1000000000000\n",
  "huge-range-map.jsson": "r = (0..1000000000000 map (i) = i * 2)\n",
  "huge-string-range.jsson": 'r = "id0".."id1000000000000"\n',
  "fan-out.jsson": "x = (1..100000 map (i) = (1..100000 map (j) = j))\n",
  "string-growth.jsson": 'a := "xx"\n' + "a := a + a\n".repeat(60) + "b = a\n",
  "array-growth.jsson": "a := [1, 2]\n" + "a := [a, a]\n".repeat(60) + "b = a\n",
  "cycle-a.jsson": 'include "cycle-b.jsson"\n',
  "cycle-b.jsson": 'x = 1\ninclude "cycle-a.jsson"\n',
  "self-include.jsson": 'include "self-include.jsson"\n',
  "recursive-preset.jsson": '@preset "a" { x = @"a" }\ny = @"a"\n',
  "unterminated-string.jsson": 'a = 1\nb = "never closed',
  "unterminated-raw.jsson": "a = 1\nb = `never closed",
  "fifty-megabytes.jsson": big,
  "invalid-utf8.jsson": Buffer.concat([Buffer.from('a = 1\nb = "ok"\nc = '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from("\n")]),
  "bom-then-error.jsson": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("a = 1\nb = 1 / 0\n")]),
});

interface BadCase {
  readonly name: string;
  readonly args: readonly string[];
  readonly input?: string;
  /** The diagnostic must match this (after `Line <n>: `). */
  readonly message: RegExp;
  /** Expected line, when the input fixes it. */
  readonly line?: number;
}

const file = (f: string) => join(dir, f);
const CASES: BadCase[] = [
  { name: "3,000,000 nested [", args: ["-i", file("nested-brackets.jsson")], message: /nest/, line: 1 },
  { name: "3,000,000 nested (", args: ["-i", file("nested-parens.jsson")], message: /nest/, line: 1 },
  { name: "3,000,000 nested blocks", args: ["-i", file("nested-blocks.jsson")], message: /nest|too large/, line: 1 },
  { name: "3,000,000 unary minus", args: ["-i", file("nested-unary.jsson")], message: /nest/, line: 1 },
  { name: "1,000,000 chained +", args: ["-i", file("long-operator-chain.jsson")], message: /./, line: 1 },
  { name: "template {}", args: ["-i", file("empty-template.jsson")], message: /^template must declare at least one field/, line: 2 },
  { name: "10^12-element range", args: ["-i", file("huge-range.jsson")], message: /^range too large/, line: 1 },
  { name: "10^12-element range, mapped, as YAML", args: ["-i", file("huge-range-map.jsson"), "-f", "yaml"], message: /^range too large/, line: 1 },
  { name: "10^12-element string range", args: ["-i", file("huge-string-range.jsson")], message: /^range too large/, line: 1 },
  { name: "10^10 values from nested maps", args: ["-i", file("fan-out.jsson")], message: /too many|too large/, line: 1 },
  { name: "string doubled 60 times", args: ["-i", file("string-growth.jsson")], message: /too long|too large/ },
  { name: "array doubled 60 times (shared references)", args: ["-i", file("array-growth.jsson")], message: /too many|too large|too long/ },
  { name: "include cycle", args: ["-i", file("cycle-a.jsson")], message: /cyclic include detected/, line: 1 },
  { name: "file including itself", args: ["-i", file("self-include.jsson")], message: /^cyclic include detected/, line: 1 },
  { name: "recursive preset", args: ["-i", file("recursive-preset.jsson")], message: /^recursive preset "a"/ },
  { name: "unterminated string at EOF", args: ["-i", file("unterminated-string.jsson")], message: /^found an endless string/, line: 2 },
  { name: "unterminated raw string at EOF", args: ["-i", file("unterminated-raw.jsson")], message: /^found an endless string/, line: 2 },
  { name: "a 50 MB stdin", args: ["-f", "yaml"], input: big, message: /./ },
  { name: "invalid UTF-8", args: ["-i", file("invalid-utf8.jsson")], message: /character/, line: 3 },
  { name: "a BOM, then an error: lines still count from the BOM's line", args: ["-i", file("bom-then-error.jsson")], message: /^division by zero/, line: 2 },
];

let runs: readonly Promise<CliRun>[] = [];
test.before(() => {
  runs = pool(
    CASES.map((c) => () => runCli(c.args, { timeoutMs: 60_000, maxStdoutBytes: 1 << 20, ...(c.input === undefined ? {} : { input: c.input }) })),
    2,
  );
});

CASES.forEach((c, i) => {
  test(`bad input: ${c.name}`, async () => {
    const r: CliRun = await runs[i]!;
    assert.not.ok(r.timedOut, "killed after 60 s");
    assert.not.ok(r.overflowed, "killed after writing more than 1 MiB to stdout");
    assert.is(r.signal, null, `killed by ${r.signal}`);
    assert.is(r.code, 1, `exit status (stderr: ${r.stderr.slice(0, 300)})`);
    assert.is(r.stdout, "", `nothing on stdout (got ${r.stdoutBytes.length} bytes)`);
    const m = /^Line (\d+): (.*)$/m.exec(r.stderr);
    assert.ok(m, `a Line <n>: diagnostic on stderr, got: ${r.stderr.slice(0, 300)}`);
    if (!m) return;
    assert.ok(r.stderr.startsWith("Line "), "the diagnostic comes first");
    assert.match(m[2] as string, c.message);
    if (c.line !== undefined) assert.is(Number(m[1]), c.line, "line");
  });
});

test("a 50 MB file is refused from its size before it is read (more bytes than any source within the limit can take)", async () => {
  const r = await runCli(["-i", file("fifty-megabytes.jsson")], { timeoutMs: 60_000 });
  assert.is(r.code, 1, r.stderr);
  assert.is(r.stdout, "");
  assert.match(r.stderr, /^jsson: cannot read input file ".*fifty-megabytes\.jsson": too large \(52428808 bytes; at most 50331652 bytes are read\)\n$/);
});

test("a BOM alone is skipped: the file transpiles", async () => {
  const bom = fixtureDir({ "bom.jsson": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("a = 1\n")]) });
  const r = await runCli(["-i", join(bom, "bom.jsson")]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, '{\n  "a": 1\n}\n');
});

test.run();

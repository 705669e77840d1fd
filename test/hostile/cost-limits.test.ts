/**
 * Issue #12, the engine's side: every cost the source drives is charged as it
 * happens, and every allocation it drives counts against the item limit. Each
 * case is a source built to do a lot of work in one evaluation step (deep
 * `==` on huge values, `<` on long strings, included ranges, shared
 * containers, preset copies, scope snapshots, retained strings); it must end
 * with the expected `Line <n>:` error, in a worker whose heap is capped at
 * 1 GiB (so running out of memory is a reported failure, not a dead test
 * process). Time limits run on a counted clock (bounded-run-worker.ts): a
 * limit of 400 ms is 400 looks at the clock, one per CHECK_EVERY units
 * charged, so work the meter did not charge shows as a run that ends
 * otherwise (ok, another limit), whatever the machine's load. The first
 * cases are the reproductions.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CODES } from "../../core/index.js";
import { BoundedRunner, runChecked, type BoundedJob } from "../fuzz/bounded-runner.js";
import { runCli } from "../support/spawn-cli.js";

const HEAP_MB = 1024;
const runner = new BoundedRunner(HEAP_MB);

/** `a0 := "x"×16`, `a<k> := a<k-1> + a<k-1>` up to `a<n>` (16·2^n characters), one per line. */
function doubled(n: number): string {
  let s = 'a0 := "xxxxxxxxxxxxxxxx"\n';
  for (let i = 1; i <= n; i++) s += `a${i} := a${i - 1} + a${i - 1}\n`;
  return s;
}

/** A file defining `count` ranges of 10^7 items each (what the 1 KB request included). */
const RANGES_FILE = Array.from({ length: 30 }, (_, i) => `r${i} = 0..9999999`).join("\n") + "\n";

interface CostCase {
  readonly name: string;
  readonly job: BoundedJob;
  readonly code: string;
  /** The line the error must name. */
  readonly line: number;
}

const job = (source: string, limits: BoundedJob["limits"], files: BoundedJob["files"] = {}, format = "json"): BoundedJob => ({ source, files, limits, format, countedClock: true });
// 400 looks at the clock, 6.5M units of work charged (a counted clock: bounded-run-worker.ts); building
// the cases' operands (two arrays of 10^6) takes a third of it
const TIME_LIMIT = { timeoutMs: 400 };

const CASES: readonly CostCase[] = [
  {
    name: "deep == between objects holding big ranges, inside a map (issue: 20 s for a 76-byte request)",
    job: job("r := {a = 0..9999990}\ns := {a = 0..9999990}\nx = 0..99 map (i) = r == s", TIME_LIMIT),
    code: CODES.LIMIT_TIME,
    line: 3,
  },
  {
    name: "!= between arrays spread from ranges, inside a map",
    job: job("a := [0..999999]\nb := [0..999999]\nx = 0..999 map (i) = a != b", TIME_LIMIT),
    code: CODES.LIMIT_TIME,
    line: 3,
  },
  {
    name: "< between 32M-character strings, inside a map",
    job: job(doubled(21) + 'b := a21 + "y"\nx = 0..9999 map (i) = a21 < b', TIME_LIMIT),
    code: CODES.LIMIT_TIME,
    line: 24,
  },
  {
    name: "== on included ranges (plain arrays once included), inside a map",
    job: job('include "big.jsson"\nx = 0..99 map (i) = r0 == r1', TIME_LIMIT, { "big.jsson": RANGES_FILE }),
    code: CODES.LIMIT_TIME,
    line: 2,
  },
  {
    name: "< between 32M-character strings in an included file's lazy map (a time limit there names the include)",
    job: job('k = 1\ninclude "s.jsson"\n', TIME_LIMIT, { "s.jsson": doubled(21) + 'b := a21 + "y"\nm = 0..20000 map (i) = a21 < b\n' }),
    code: CODES.LIMIT_TIME,
    line: 2,
  },
  {
    name: "template rows repeating a shared array of 10^4 in 2·10^5 elements (a format's check walks every one)",
    job: job("v := [0..9999]\nt [\n  template { a, b }\n  0..200000, v\n]\n", TIME_LIMIT, {}, "toml"),
    code: CODES.LIMIT_ITEMS,
    line: 4,
  },
  {
    name: "include of a file defining 30 ranges of 10^7 (issue: out of heap), json",
    job: job('include "big.jsson"\n', TIME_LIMIT, { "big.jsson": RANGES_FILE }),
    code: CODES.LIMIT_TIME,
    line: 1,
  },
  {
    name: "include of a file defining 30 ranges of 10^7, toml (its check pass pulls every range)",
    job: job('k = 1\ninclude "big.jsson"\n', TIME_LIMIT, { "big.jsson": RANGES_FILE }, "toml"),
    code: CODES.LIMIT_TIME,
    line: 2,
  },
  {
    name: "include of a file defining 30 ranges of 10^7, no time limit, 8 MB output limit",
    job: job('include "big.jsson"\n', { maxOutputBytes: 8 << 20 }, { "big.jsson": RANGES_FILE }),
    code: CODES.LIMIT_OUTPUT,
    line: 1,
  },
  {
    name: "one container of 10^6 values shared by 300 top-level names, toml check",
    job: job("b := {x = [0..999999]}\n" + Array.from({ length: 300 }, (_, i) => `c${i} = b`).join("\n"), TIME_LIMIT, {}, "toml"),
    code: CODES.LIMIT_ITEMS,
    line: 11,
  },
  {
    name: "retained 32M-character strings, flattened by <, no time limit",
    job: job(doubled(21) + 'x = 0..999 map (i) = { s = a21 + i, t = s < "z" }', {}),
    code: CODES.LIMIT_ITEMS,
    line: 23,
  },
  {
    name: "a preset of 5000 keys copied with overrides in a map of 10^4",
    job: job('@preset "p" { ' + Array.from({ length: 5000 }, (_, i) => `k${i} = ${i}`).join(", ") + ' }\nx = 0..9999 map (i) = @use "p" { k0 = i }', {}),
    code: CODES.LIMIT_ITEMS,
    line: 2,
  },
  {
    name: "lazy maps made in a map over a scope of 30000 bindings (a snapshot each)",
    job: job(Array.from({ length: 30000 }, (_, i) => `v${i} := ${i}`).join("\n") + "\nx = 0..9999 map (i) = 0..10001 map (j) = j", {}),
    code: CODES.LIMIT_ITEMS,
    line: 30001,
  },
];

for (const c of CASES) {
  test(`cost: ${c.name}`, async () => {
    const { answer, problems } = await runChecked(runner, c.job, 60_000);
    assert.equal(problems, [], problems.join(" | "));
    if (answer.kind !== "done") return;
    const o = answer.outcome;
    assert.is(`${o.code} Line ${o.line}`, `${c.code} Line ${c.line}`, `${o.code} Line ${o.line}: ${o.message}`);
    console.log(`  ${o.clockReads} clock reads, ${Math.round(o.ms)} ms, heap ${Math.round(o.peakHeap / 2 ** 20)} MB peak: ${c.name}`);
  });
}

test("cost: the CLI's --timeout bounds the 76-byte request alike", async () => {
  const dir = mkdtempSync(join(tmpdir(), "jsson-cost-"));
  try {
    const file = join(dir, "eq.jsson");
    writeFileSync(file, "r := {a = 0..9999990}\ns := {a = 0..9999990}\nx = 0..99 map (i) = r == s\n");
    const r = await runCli(["-i", file, "--timeout", "1s"], { timeoutMs: 60_000 });
    assert.is(r.code, 1, r.stderr);
    // the limit ended the run (how much work fits in it is the counted-clock cases' business)
    assert.match(r.stderr, /Line 3: evaluation timed out \(limit 1000 ms\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("cost: close the worker", async () => {
  await runner.close();
});

test.run();

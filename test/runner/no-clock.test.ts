/**
 * No clock in correctness assertions and no fixed sleeps for synchronisation
 * (issue #27): a scan of test/ for elapsed time compared with a constant or
 * a configured limit (a clock read — `Date.now()`, `performance.now()`,
 * `hrtime` — or its difference, a name such as `ms`/`wallMs`/`elapsed`, or any
 * name the suite gives a clock difference), and for pauses (`await delay(…)`,
 * `await sleep(…)`, a promise resolved by `setTimeout`, `timers/promises`,
 * `Atomics.wait`, a race against `delay(…).then`). What the code guarantees
 * is asserted in the unit it counts (units charged, bytes, items); a latency
 * is judged against a calibration taken at the same moment
 * (support/bare-http.ts); a wait waits for its event (support/wait-for.ts).
 * The few places where a clock or a pause is the thing under test are listed
 * below, each with its reason.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";

/** `file: text of the line` (trimmed) → why the clock or the pause is right there. */
const ALLOWED: Readonly<Record<string, string>> = {
  // the pacing helper of the pollers below (each of its awaits is listed on its own)
  "http/helpers.ts: export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));": "the definition of the pacing helper",
  // the cost bench's wall-clock measure (bench/fuzz/cost.mjs); the tests run the same jobs on a counted clock (countedClock: true)
  "fuzz/bounded-runner.ts: } else if (timeoutMs > 0 && o.ms > allowedMs(timeoutMs)) problems.push(`took ${Math.round(o.ms)} ms (limit ${timeoutMs} ms, allowed ${Math.round(allowedMs(timeoutMs))} ms)`);": "the bench's verdict, not a test's",
  // waitFor's own pause between two looks at what it waits for
  "support/wait-for.ts: await new Promise((wake) => setTimeout(wake, everyMs));": "the poll interval of the wait helper",
  // the runner's fixture: blocking its event loop is what it is for
  "runner/fixtures/blocks-loop.test.ts: Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 70_000);": "the isolation test's hung file",
  // a caller spending time between evaluate and emit, past the run's deadline: the time limit is the subject
  "core/evaluate-then-emit.test.ts: Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);": "time passing past a deadline is the stimulus",
  // pollers and load loops keeping a pace: they wait for nothing
  "http/hostile-mix.test.ts: await delay(10); // the poller's pace, not a wait for anything": "pacing a poller",
  "http/supervisor.test.ts: await delay(20); // the poller's pace, not a wait for anything": "pacing a poller",
  "http/hard-limits.test.ts: await delay(10); // the poller's pace, not a wait for anything": "pacing a poller",
  "deploy/haproxy-scale-out.e2e.test.ts: await delay(5); // each client's pace, not a wait for anything": "pacing a load loop",
  "lsp/lsp-evaluation.test.ts: await new Promise((r) => setTimeout(r, 10)); // the typist's pace (200 edits in about 2 s), not a wait for the server": "pacing a typist's edits",
  // printed for reading, not a verdict
  "hostile/engine-hostile.test.ts: const slow = timings.filter((t) => t.ms > SLOW_MS);": "names the slow cases in the report",
  // the shape of an answer's time field (a positive fraction of a ms), not a bound on it
  "http/common-rules.test.ts: assert.ok(ms > 0 && !Number.isInteger(ms), String(ms));": "a field's shape",
  // a reader that pauses between pieces: the pauses are the input of the non-blocking stdin test
  "cli/nonblocking-stdin.test.ts: if (typeof piece === \"number\") await sleep(piece);": "the writer's pauses are the stimulus",
  "cli/nonblocking-stdin.test.ts: import { setTimeout as sleep } from \"node:timers/promises\";": "the writer's pauses are the stimulus",
};

/** A read of the clock: `Date.now()`, `performance.now()`, `process.hrtime(…)`, `hrtime.bigint()`. */
const CLOCK = String.raw`(?:Date\.now\(\)|performance\.now\(\)|(?:process\.)?hrtime[\w.]*\([^)]*\))`;
/** Words that name a configured limit or a point in time, not an elapsed time. */
const NOT_ELAPSED = String.raw`(?:timeout|giveUp|deadline|every|wait|limit|linger|interval|pause|grace|allowed|budget|bound|max|slack)`;
/** Names that hold an elapsed time (`ms`, `r.ms`, `wallMs`, `elapsed`), not a configured limit or deadline. */
const ELAPSED_NAME = String.raw`\b(?!${NOT_ELAPSED}\w*\b)\w*(?:\bms|Ms|[Ee]lapsed\w*|[Dd]uration\w*|seconds)\b`;
/**
 * On the other side, a bound that is not measured at the same moment: a
 * number, a CONSTANT, an expression starting with one, or a configured limit
 * (`timeoutMs`, `allowedMs(…)`, `limit`). An elapsed time compared with another
 * one (a calibration taken in the same test) is not a clock assertion.
 */
const CONSTANT = String.raw`(?:\d[\d_.]*n?|[A-Z][A-Z0-9_]*\b|\(\s*\d|\b(?:[\w.]*\.)?(?:timeout|limit|allowed|budget|bound|max|slack|grace)\w*)`;

/** The names a file gives to a clock difference (`const took = performance.now() - t0`, `{ wall: Date.now() - started }`). */
const CLOCK_DIFFERENCE_NAME = new RegExp(String.raw`\b(\w+)\s*(?::|=(?!=))\s*(?:Math\.\w+\()?\s*${CLOCK}\s*-`, "g");

/** A comparison of an elapsed time (a clock read, a clock difference, or a name in `names`) with a constant, either way round. */
function clockComparison(names: ReadonlySet<string>): RegExp {
  const named = [...names].map((n) => String.raw`\b${n}\b`);
  const elapsed = `(?:${[CLOCK, ELAPSED_NAME, ...named].join("|")})`;
  const difference = String.raw`(?:\s*-\s*[\w.()]+)?`;
  // a clock read may close a call first: `Math.abs(stamp - Date.now()) < 60_000`
  const left = String.raw`(?:${CLOCK}${difference}\)*|${elapsed}${difference})`;
  return new RegExp(String.raw`${left}\s*[<>]=?\s*${CONSTANT}|${CONSTANT}[\w\s.*+]*\s*[<>]=?\s*(?:[\w.]+\()*${elapsed}`);
}
/** A fixed pause: a sleep helper awaited, a promise resolved by a timer, a timer's promise API, a blocked thread. */
const PAUSE = new RegExp(
  [
    String.raw`await\s+(?:delay|sleep|pause|wait)\(`,
    String.raw`new Promise(?:<[^>]*>)?\(\s*\(?(\w+)\)?\s*=>\s*\{?\s*setTimeout\(\s*(?:\1|\(\)\s*=>\s*\1\(\))\s*,`,
    String.raw`setTimeout\(\s*(?:r|res|resolve|wake|done|next)\s*,`,
    String.raw`setTimeout\(\s*\(\)\s*=>\s*(?:r|res|resolve|wake|done|next)\(\)\s*,`,
    String.raw`timers\/promises|scheduler\.wait\(|Atomics\.wait\(`,
    // a race against a fixed time: `Promise.race([answer, delay(3000).then(() => "stalled")])`
    String.raw`\b(?:delay|sleep|pause)\([^()]*\)\.then\(`,
  ].join("|"),
);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** The files of test/ with their lines, but this one (its patterns and examples). */
function suiteFiles(): { name: string; lines: string[] }[] {
  const root = join(REPO_ROOT, "test");
  return tsFiles(root)
    .map((file) => ({ name: relative(root, file).split("\\").join("/"), lines: readFileSync(file, "utf8").split("\n") }))
    .filter((f) => f.name !== "runner/no-clock.test.ts");
}

/** Every name the suite gives a clock difference, wherever it is compared (a helper may return it in a field). */
function clockDifferenceNames(files: readonly { lines: string[] }[]): Set<string> {
  const names = new Set<string>();
  for (const f of files) for (const line of f.lines) for (const m of line.matchAll(CLOCK_DIFFERENCE_NAME)) names.add(m[1] as string);
  return names;
}

test("no elapsed time compared with a constant, no fixed pause, in test/ (but the commented exceptions)", () => {
  const files = suiteFiles();
  const comparison = clockComparison(clockDifferenceNames(files));
  const found: string[] = [];
  const used = new Set<string>();
  for (const { name, lines } of files) {
    lines.forEach((line, i) => {
      const text = line.trim();
      if (text.startsWith("//") || text.startsWith("*")) return;
      const kind = comparison.test(text) ? "clock" : PAUSE.test(text) ? "pause" : undefined;
      if (kind === undefined) return;
      const key = `${name}: ${text}`;
      if (key in ALLOWED) used.add(key);
      else found.push(`${name}:${i + 1} (${kind}): ${text}`);
    });
  }
  assert.equal(found, [], `\n${found.join("\n")}`);
  assert.equal(Object.keys(ALLOWED).filter((k) => !used.has(k)), [], "exceptions that no longer match a line (remove them)");
});

test("the scan finds what it is for", () => {
  const names = clockDifferenceNames([{ lines: ["const took = performance.now() - t0;", "  return { wall: Date.now() - started };", "const spent = process.hrtime.bigint() - t;"] }]);
  assert.equal([...names], ["took", "wall", "spent"]);
  const comparison = clockComparison(names);
  for (const line of [
    "assert.ok(r.ms < 3000);",
    "assert.ok(Date.now() - started < 10_000);",
    "assert.ok(performance.now() - t < LIMIT_MS);",
    "if (elapsedMs > 2 * LIMIT) fail();",
    "assert.ok(wallMs < 20_000)",
    "assert.ok(took < 5000);",
    "assert.ok(x.wall <= 2_000, 'fast');",
    "assert.ok(spent < 10n ** 9n);",
    "assert.ok(process.hrtime.bigint() - t < 1_000_000_000n);",
    "assert.ok(Math.abs(Date.parse(stamp) - Date.now()) < 60_000);",
    "else if (o.ms > allowedMs(timeoutMs)) problems.push('slow');",
    "assert.ok(r.ms <= timeoutMs * 2);",
    "assert.ok(5000 > Math.round(took));",
  ])
    assert.ok(comparison.test(line), line);
  for (const line of [
    "await delay(50);",
    "await sleep(100);",
    "await new Promise((r) => setTimeout(r, 100));",
    "await new Promise<void>((resolve) => setTimeout(resolve, 100));",
    "await new Promise((resolve) => { setTimeout(resolve, 100); });",
    "  setTimeout(resolve, 250);",
    "await new Promise((r) => setTimeout(() => r(), 100));",
    'import { setTimeout as sleep } from "node:timers/promises";',
    "await scheduler.wait(100);",
    'delay(3000).then(() => "stalled"),',
    "export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));",
  ])
    assert.ok(PAUSE.test(line), line);
  for (const line of [
    "if (timeoutMs > 0) x();",
    "while (Date.now() < deadline) poll();",
    "if (performance.now() > deadline) throw new Error('gave up');",
    "assert.is(r.code, 0);",
    "const timer = setTimeout(() => child.kill(), 5000);",
    "const took = performance.now() - t0;",
    "return s90 > SLOWER_THAN_BARE * Math.max(b90, 1) ? [report] : [];",
    "await waitFor(() => lines.length === 3, { what: 'three lines' });",
    "if (checkRecovery(mutateAll(corpus[i] as string, ms)) > 1) several++;",
  ]) {
    assert.not.ok(comparison.test(line) || PAUSE.test(line), line);
  }
});

test.run();

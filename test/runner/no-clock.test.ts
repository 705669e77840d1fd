/**
 * No clock in correctness assertions and no fixed sleeps for synchronisation
 * (issue #27): a scan of test/ for elapsed time compared with a constant, and
 * for pauses (`await delay(…)`, `await sleep(…)`, a promise around
 * `setTimeout`, `timers/promises`, `Atomics.wait`). What the code guarantees
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
  // waitFor's own pause between two looks at what it waits for
  "support/wait-for.ts: await new Promise((wake) => setTimeout(wake, everyMs));": "the poll interval of the wait helper",
  // the runner's fixture: blocking its event loop is what it is for
  "runner/fixtures/blocks-loop.test.ts: Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 70_000);": "the isolation test's hung file",
  // a caller spending time between evaluate and emit, past the run's deadline: the time limit is the subject
  "core/evaluate-then-emit.test.ts: Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);": "time passing past a deadline is the stimulus",
  // pollers and load loops keeping a pace: they wait for nothing
  "http/hostile-mix.test.ts: await delay(10); // the poller's pace, not a wait for anything": "pacing a poller",
  "http/supervisor.test.ts: await delay(20); // the poller's pace, not a wait for anything": "pacing a poller",
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

/** Names that hold an elapsed time (`ms`, `r.ms`, `wallMs`, `elapsed`), not a configured limit or deadline. */
const ELAPSED = String.raw`(?:Date\.now\(\)|performance\.now\(\)|process\.hrtime[\w.]*\([^)]*\)|\b(?!(?:timeout|giveUp|deadline|every|wait|limit|linger|interval|pause|grace)\w*\b)\w*(?:\bms|Ms|[Ee]lapsed\w*|[Dd]uration\w*|seconds)\b)`;
/** A constant on the other side: a number, a CONSTANT, or an expression starting with one. */
const CONSTANT = String.raw`(?:\d[\d_.]*|[A-Z][A-Z0-9_]*\b|\(\s*\d)`;
const CLOCK_COMPARISON = new RegExp(String.raw`${ELAPSED}(?:\s*-\s*[\w.()]+)?\s*[<>]=?\s*${CONSTANT}|${CONSTANT}[\w\s.*+]*\s*[<>]=?\s*${ELAPSED}`);
const PAUSE = /await\s+(?:delay|sleep)\(|await new Promise\(\s*\(?(\w+)\)?\s*=>\s*setTimeout\(\s*\1\s*,|timers\/promises|Atomics\.wait\(/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

test("no elapsed time compared with a constant, no fixed pause, in test/ (but the commented exceptions)", () => {
  const root = join(REPO_ROOT, "test");
  const found: string[] = [];
  const used = new Set<string>();
  for (const file of tsFiles(root)) {
    const name = relative(root, file).split("\\").join("/");
    if (name === "runner/no-clock.test.ts") continue; // its patterns and examples
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        const text = line.trim();
        if (text.startsWith("//") || text.startsWith("*")) return;
        const kind = CLOCK_COMPARISON.test(text) ? "clock" : PAUSE.test(text) ? "pause" : undefined;
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
  for (const line of ["assert.ok(r.ms < 3000);", "assert.ok(Date.now() - started < 10_000);", "assert.ok(performance.now() - t < LIMIT_MS);", "if (elapsedMs > 2 * LIMIT) fail();", "assert.ok(wallMs < 20_000)"]) assert.ok(CLOCK_COMPARISON.test(line), line);
  for (const line of ["await delay(50);", "await new Promise((r) => setTimeout(r, 100));", 'import { setTimeout as sleep } from "node:timers/promises";']) assert.ok(PAUSE.test(line), line);
  for (const line of ["if (timeoutMs > 0) x();", "while (Date.now() < deadline) poll();", "assert.is(r.code, 0);", "const timer = setTimeout(() => child.kill(), 5000);"]) {
    assert.not.ok(CLOCK_COMPARISON.test(line) || PAUSE.test(line), line);
  }
});

test.run();

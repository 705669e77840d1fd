/**
 * Engine-level hostile-input catalogue (engine-hostile-cases.ts): each input
 * must end in a well-formed diagnostic or the right result, in bounded
 * memory, without an exception or a crash. Cases run one at a time in a
 * worker thread with a heap cap and a main-thread-sized stack; a case that
 * never answers is given up after a generous deadline and reported, and the
 * worker is replaced for the next case. No clock in the verdict: the engine's
 * limits (items, depth, sizes) end every case, and the diagnostic naming the
 * limit is what is asserted. The measured times are printed at the end (and
 * every case over 2 s is named), for reading, not judging.
 *
 * `HOSTILE_FULL=1` adds the cases too big or slow for CI; `HOSTILE_ONLY=<regex>`
 * runs only the cases whose names match, e.g.
 * `HOSTILE_FULL=1 HOSTILE_ONLY='50 MB' node test/run.mjs engine-hostile`.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CappedWorker } from "../support/capped-worker.js";
import { HOSTILE_CASES } from "./engine-hostile-cases.js";
import type { CaseReport } from "./engine-hostile-worker.js";

/** Same as the worker's constant (importing the worker module here would start its message loop). */
const WARM_UP = "(warm-up)";

/** Deadline for one case's answer (building, checking and every format): a hang guard, not a verdict. */
const GIVE_UP_MS = 120_000;
/** Cases slower than this are listed in the report. */
const SLOW_MS = 2_000;
const FULL = process.env["HOSTILE_FULL"] === "1";
const ONLY = process.env["HOSTILE_ONLY"] ? new RegExp(process.env["HOSTILE_ONLY"]) : undefined;

type Answer = { kind: "report"; report: CaseReport; wallMs: number } | { kind: "timeout"; wallMs: number } | { kind: "crash"; error: string; wallMs: number };

/** One worker at a time (3 GiB heap cap), replaced after a timeout or a crash. */
class HostileRunner {
  private readonly worker = new CappedWorker<string, CaseReport>(new URL("./engine-hostile-worker.js", import.meta.url), 3072);

  /** Run one case; a new worker is loaded and warmed up first, outside the timed part. */
  async run(name: string): Promise<Answer> {
    if (!this.worker.loaded) {
      const warm = await this.send(WARM_UP, 60_000);
      if (warm.kind !== "report") return warm;
    }
    return this.send(name, GIVE_UP_MS);
  }

  private async send(name: string, limitMs: number): Promise<Answer> {
    const reply = await this.worker.call(name, limitMs);
    if (reply.kind === "reply") return { kind: "report", report: reply.value, wallMs: reply.wallMs };
    return reply.kind === "no answer" ? { kind: "timeout", wallMs: reply.wallMs } : reply;
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}

const runner = new HostileRunner();
const timings: { name: string; ms: number; outcome: string }[] = [];

function outcomeText(a: Answer): string {
  if (a.kind === "timeout") return `no answer within ${Math.round(a.wallMs)} ms`;
  if (a.kind === "crash") return `crash: ${a.error}`;
  const engineMs = a.report.checkMs + a.report.runs.reduce((sum, r) => sum + r.ms, 0);
  return `engine ${Math.round(engineMs)} ms; ` + a.report.runs.map((r) => `${r.format}: ${r.ok ? "ok" : `${r.code} Line ${r.line}: ${r.message ?? ""}${(r.messageLength ?? 0) > 200 ? `… (${r.messageLength} chars)` : ""}`}`).join("; ");
}

for (const c of HOSTILE_CASES) {
  if ((c.full && !FULL) || (ONLY && !ONLY.test(c.name))) continue;
  test(`hostile: ${c.name}`, async () => {
    const answer = await runner.run(c.name);
    timings.push({ name: c.name, ms: answer.wallMs, outcome: outcomeText(answer) });
    if (answer.kind !== "report") assert.unreachable(`${c.name}: ${outcomeText(answer)} after ${Math.round(answer.wallMs)} ms`);
    else assert.equal(answer.report.problems, [], `${c.name}: ${answer.report.problems.join(" | ")}`);
  });
}

test("hostile: report of the measured times", async () => {
  await runner.close();
  const slow = timings.filter((t) => t.ms > SLOW_MS);
  const lines = timings.map((t) => `  ${String(Math.round(t.ms)).padStart(6)} ms  ${t.name}  →  ${t.outcome.slice(0, 160)}`);
  console.log(`\nengine hostile inputs (${timings.length} cases${FULL ? ", full" : ""}):\n${lines.join("\n")}`);
  if (slow.length > 0) console.log(`over ${SLOW_MS} ms: ${slow.map((t) => `${t.name} (${Math.round(t.ms)} ms)`).join(", ")}`);
  assert.ok(timings.length > 0);
});

test.run();

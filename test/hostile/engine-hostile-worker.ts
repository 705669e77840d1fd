/**
 * Worker side of the engine hostile-input catalogue: builds one case of
 * engine-hostile-cases.ts on request, runs `check` and `transpile` in the
 * case's formats, and reports timings, outcomes and every broken rule
 * (exceptions, malformed diagnostics, wrong results). Runs in a worker so the
 * test can bound its time and memory and survive a crash.
 */
import { parentPort } from "node:worker_threads";
import { createEngine, type Diagnostic } from "../../index.js";
import { assertDiagnosticsWellFormed } from "../fuzz/diagnostic-shape.js";
import { readBack, type ReadBackFormat } from "../fuzz/read-back.js";
import { dataDifference } from "../support/same-data.js";
import { HOSTILE_CASES } from "./engine-hostile-cases.js";

/** One format's run. */
export interface FormatRun {
  readonly format: string;
  readonly ms: number;
  readonly ok: boolean;
  readonly code?: string;
  readonly line?: number;
  /** The message, cut to 200 characters. */
  readonly message?: string;
  readonly messageLength?: number;
}

/** The worker's answer for one case. */
export interface CaseReport {
  readonly name: string;
  readonly buildMs: number;
  readonly checkMs: number;
  readonly runs: readonly FormatRun[];
  readonly problems: readonly string[];
}

const engine = createEngine();

function runCase(name: string): CaseReport {
  const c = HOSTILE_CASES.find((x) => x.name === name);
  if (!c) return { name, buildMs: 0, checkMs: 0, runs: [], problems: [`no case named ${name}`] };
  const problems: string[] = [];
  let t = performance.now();
  const { source, options = {} } = c.build();
  const buildMs = performance.now() - t;
  // the root under its name, and included files (an error's causes) as the run's host has them
  const sourceOf = (file: string | undefined): string | undefined => {
    if (file === undefined || file === options.file) return source;
    const read = options.host?.read(file);
    return read?.ok === true ? read.value : undefined;
  };
  const checkDiagnostics = (ds: readonly Diagnostic[], where: string): void => {
    try {
      assertDiagnosticsWellFormed(ds, sourceOf, where);
    } catch (e) {
      problems.push(e instanceof Error ? e.message : String(e));
    }
  };

  t = performance.now();
  try {
    const ds = engine.check(source, options);
    if (ds.length > 0) checkDiagnostics(ds, "check");
  } catch (e) {
    problems.push(`check threw ${String(e).slice(0, 300)}`);
  }
  const checkMs = performance.now() - t;

  const runs: FormatRun[] = [];
  for (const format of c.formats ?? ["json"]) {
    t = performance.now();
    let r;
    try {
      r = engine.transpile(source, { ...options, format });
    } catch (e) {
      problems.push(`-f ${format} threw ${String(e).slice(0, 300)}`);
      runs.push({ format, ms: performance.now() - t, ok: false, code: "THREW" });
      continue;
    }
    const ms = performance.now() - t;
    if (!r.ok) {
      const d = r.diagnostics[0];
      runs.push({ format, ms, ok: false, ...(d ? { code: d.code, line: d.line, message: d.message.slice(0, 200), messageLength: d.message.length } : {}) });
      checkDiagnostics(r.diagnostics, `-f ${format}`);
      if (c.expect.kind === "ok") problems.push(`-f ${format} failed: ${d?.code} ${d?.message.slice(0, 200)}`);
      if (c.expect.kind === "error" && c.expect.codes && d && !c.expect.codes.includes(d.code))
        problems.push(`-f ${format} failed with ${d.code} (${d.message.slice(0, 200)}), expected ${c.expect.codes.join(" or ")}`);
      continue;
    }
    runs.push({ format, ms, ok: true });
    if (c.expect.kind === "error") {
      problems.push(`-f ${format} succeeded (${r.output.length} chars of output), expected an error`);
      continue;
    }
    if (format === "json" && c.expect.check) {
      const p = c.expect.check(r.output);
      if (p !== undefined) problems.push(`-f json: ${p}`);
    }
    try {
      const back = readBack(format as ReadBackFormat, r.output);
      const diff = dataDifference(r.value, back.data, back.reading);
      if (diff !== undefined) problems.push(`-f ${format} output reads back differently: ${diff}`);
    } catch (e) {
      problems.push(`-f ${format} output does not parse: ${String(e).slice(0, 300)}`);
    }
  }
  return { name, buildMs, checkMs, runs, problems };
}

/** Name of the message that loads and warms the engine before a timed case. */
export const WARM_UP = "(warm-up)";

parentPort?.on("message", (name: string) => {
  if (name === WARM_UP) {
    engine.transpile("a = [1, 2.5, `x${1}`]\nb { c = 0..3 map (i) = i }", { format: "yaml" });
    parentPort?.postMessage({ name, buildMs: 0, checkMs: 0, runs: [], problems: [] } satisfies CaseReport);
    return;
  }
  parentPort?.postMessage(runCase(name));
});

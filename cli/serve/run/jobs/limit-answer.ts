/**
 * The answer to a job its worker was stopped in from outside: terminated at
 * the job's deadline (plus the pool's slack), or killed by its heap cap (the
 * job's memory budget). Whatever the job was running — evaluation, a data
 * include, emission, schema validation — the client gets the limit it hit as
 * a source error (HTTP.md §2: 200, `Line <n>:` naming the line the run last
 * reported, or `schema:` when it was validating), never a 500.
 */
import { CODES } from "../../../../core/index.js";
import { diagnosticAt } from "../../../../core/diagnostics/make-diagnostic.js";
import type { Job } from "../protocol.js";
import { SCHEMA_TYPE } from "./run-validate-schema.js";
import { describeProblems } from "./diagnostics-json.js";
import { msText } from "../json-text.js";

/** What stopped a job, and where it was. */
export interface OutsideStop {
  readonly limit: "time" | "memory";
  /** `validate`: the job had finished its run and was checking the data against the schema. */
  readonly phase: "run" | "validate";
  /** Offset in the request's source of the work last reported by the run's meter (0: none yet). */
  readonly at: number;
  /** Time from the job's start to its stop, in ms. */
  readonly elapsedMs: number;
}

/** The limits named in the messages. */
export interface StopLimits {
  readonly timeoutMs: number;
  readonly memoryMb: number;
}

/** The message of a limit hit from outside, the same words as the engine's own time limit. */
export function stopMessage(stop: Pick<OutsideStop, "limit" | "phase">, limits: StopLimits): string {
  const what = stop.phase === "validate" ? "validation" : "evaluation";
  return stop.limit === "time" ? `${what} timed out (limit ${limits.timeoutMs} ms)` : `${what} ran out of memory (limit ${limits.memoryMb} MiB per request)`;
}

/** The response body (status 200) for `job`, stopped as `stop` says. */
export function limitAnswer(job: Job, stop: OutsideStop, limits: StopLimits): string {
  const message = stopMessage(stop, limits);
  if (job.kind === "validate-schema" && stop.phase === "validate") {
    const error = `schema: ${message}`;
    return (
      `{"valid":false,"errors":${JSON.stringify([error])},"format":${JSON.stringify(job.outputFormat)},"schema_type":"${SCHEMA_TYPE}",` +
      `"transpile_time_ms":0,"validate_time_ms":${msText(stop.elapsedMs)},"diagnostics":${JSON.stringify([{ message: error }])}}`
    );
  }
  const at = Math.min(Math.max(0, stop.at), job.source.length);
  const diagnostic = diagnosticAt(job.source, at, at, stop.limit === "time" ? CODES.LIMIT_TIME : CODES.LIMIT_ITEMS, message);
  const p = describeProblems([diagnostic]);
  const problems = `"errors":${JSON.stringify(p.errors)},"diagnostics":${JSON.stringify(p.diagnostics)}`;
  switch (job.kind) {
    case "transpile":
      return `{"success":false,${problems},"format":${JSON.stringify(job.format)},"transpile_time_ms":${msText(stop.elapsedMs)}}`;
    case "syntax-check":
      return `{"valid":false,${problems}}`;
    case "validate-schema":
      return (
        `{"valid":false,${problems},"format":${JSON.stringify(job.outputFormat)},"schema_type":"${SCHEMA_TYPE}",` +
        `"transpile_time_ms":${msText(stop.elapsedMs)},"validate_time_ms":0}`
      );
  }
}

/**
 * `POST /transpile` inside a worker: evaluate, decide whether to stream,
 * emit into the `output` field, and write the response body (HTTP.md §3, §6).
 *
 * Every response is complete and states its outcome (HTTP.md §6). An output
 * that ends within the context's window is held in memory and sent whole. A
 * larger one goes to a spool (memory up to a few MiB, then a temporary file,
 * as the CLI does), so memory stays flat, and is sent, as a stream, only
 * once the run has succeeded: a limit reached while writing (output size,
 * time) gives the same `success:false` body as a buffered run. Only the
 * client (gone, or too slow to read the finished output within the time
 * limit) can still end a sent stream early; the connection is then cut.
 */
import { jobRunOptions } from "./job-run-options.js";
import type { TextSink } from "../../../../core/plugin/index.js";
import type { Diagnostic, EvaluateResult, Evaluation } from "../../../../core/index.js";
import type { TranspileJob } from "../protocol.js";
import { OutputFieldWriter } from "./body-stream.js";
import { describeProblems, warningMembers } from "./diagnostics-json.js";
import { StreamStopped, type JobContext } from "./job-context.js";
import { LazyArray, ObjectValue, type Value } from "../../../../core/values/values.js";
import { msText } from "../json-text.js";
import { SpoolSink } from "../../../io/spool-sink.js";

/** The json emitter's options for a response's `output` (see {@link runTranspile}). */
const COMPACT = Object.freeze({ compact: true });

/** Run one transpile job; the response goes to `ctx.channel`. */
export function runTranspile(job: TranspileJob, ctx: JobContext): void {
  const started = performance.now();
  const options = jobRunOptions(job, ctx, job.format, {
    streamThreshold: job.streamThreshold,
    // A `json` output is a JSON value inside the response (HTTP.md §3), not text: white space
    // there carries nothing, and the canonical layout costs ~10-20 % more emission and ~1.6x the
    // bytes on the socket. Clients that show it re-indent it (the playground does, token by token).
    formatOptions: job.format === "json" ? COMPACT : undefined,
    // One evaluation, written in one pass under one time limit: nothing is sent before the run has
    // succeeded, so lazy parts need no verify pass first.
    verifyBeforeWrite: false,
  });
  // the warnings (LANGUAGE.md §16.5, then the request's: HTTP.md §2) go before the time, which stays the last member
  let warnings: readonly Diagnostic[] | undefined;
  const tail = () => `${warningMembers(warnings, job.requestWarnings)},"format":${JSON.stringify(job.format)},"transpile_time_ms":${msText(performance.now() - started)}}`;

  const mode = job.format === "json" ? "raw" : "string";
  const quote = mode === "string" ? '"' : "";
  const head = `{"success":true,"output":${quote}`;

  // Hold the first part back: an output that ends within the window is sent
  // as an ordinary response. A larger one goes to a spool (memory, then a
  // temporary file) and is sent only once the run has succeeded: a limit
  // reached while writing is an ordinary failure too (HTTP.md §6).
  const held: string[] = [head];
  let outputSize = 0;
  let spool: SpoolSink | undefined;
  const writer = new OutputFieldWriter(mode, ctx.streamChunkSize, (piece) => {
    outputSize += piece.length;
    if (spool !== undefined) return spool.write(piece);
    held.push(piece);
    if (outputSize > ctx.streamWindow) {
      spool = new SpoolSink();
      for (const part of held) spool.write(part);
      held.length = 0;
    }
  });
  const sink = cancellable(writer, ctx.signal);
  let emitted: EvaluateResult;
  try {
    const evaluated = ctx.engine.evaluate(job.source, options);
    emitted = evaluated.ok ? evaluated.write(sink) : evaluated;
    if (emitted.ok) {
      writer.end();
      // read after writing: a lazy part evaluated while writing may have added one (strict mode: the engine's failure)
      warnings = (evaluated as Evaluation).warnings;
    }
  } catch (e) {
    spool?.discard();
    if (!(e instanceof StreamStopped)) throw e;
    // Nobody is waiting for this body any more; the pool discards it.
    return ctx.channel.body(`{"success":false,"errors":["cancelled"],"diagnostics":[]` + tail());
  }
  if (!emitted.ok) {
    spool?.discard();
    warnings = emitted.warnings;
    const p = describeProblems(emitted.diagnostics);
    return ctx.channel.body(`{"success":false,"errors":${JSON.stringify(p.errors)},"diagnostics":${JSON.stringify(p.diagnostics)}` + tail());
  }
  // `streaming` asks for a stream outright; a range over the threshold does too (LANGUAGE.md §11).
  const streamed = job.streaming || exceedsStreamThreshold(emitted.value, job.streamThreshold);
  if (spool === undefined) return ctx.channel.body(held.join("") + quote + tail());
  spool.write(quote + tail());
  // A body is one string once joined, flattened and encoded: one allocation, which must fit the job's memory
  // budget as any string must (maxStringLength, heap-watch.ts) — a larger allocation at the worker's heap cap
  // aborts the whole process. So a larger body is sent as a stream: the same bytes, never held in one piece.
  if (streamed || outputSize > (ctx.limits.maxStringLength ?? Infinity)) return sendSpool(spool, ctx);
  // Not to be streamed: the whole body in one piece, as before spooling.
  const parts: string[] = [];
  const decoder = new TextDecoder();
  spool.commit({ write: (text) => void parts.push(text), writeBytes: (bytes) => decodeInPieces(decoder, bytes, (text) => void parts.push(text)) });
  parts.push(decoder.decode());
  ctx.channel.body(parts.join(""));
}

/**
 * Send a complete spooled body as a stream. Only the client can still end it
 * early (gone, or too slow to read it within the time limit): the connection
 * is then cut, so a cut body is never mistaken for a whole one.
 */
function sendSpool(spool: SpoolSink, ctx: JobContext): void {
  const decoder = new TextDecoder();
  let started = false;
  const send = (text: string) => {
    if (text.length === 0) return;
    if (started) return ctx.channel.chunk(text);
    started = true;
    ctx.channel.streamStart(text);
  };
  try {
    // Decoded in pieces of at most PIECE_BYTES: larger strings live in V8's large-object space, freed only by full collections.
    spool.commit({ write: send, writeBytes: (bytes) => decodeInPieces(decoder, bytes, send) });
  } catch (e) {
    if (!(e instanceof StreamStopped)) throw e;
    return ctx.channel.streamAbort(e.reason);
  }
  ctx.channel.streamEnd(decoder.decode());
}

/** Bytes of a spooled block decoded at a time. */
const PIECE_BYTES = 64 * 1024;

/** Decode `bytes` (part of a UTF-8 stream) in pieces of at most {@link PIECE_BYTES}, each handed to `out`. */
function decodeInPieces(decoder: InstanceType<typeof TextDecoder>, bytes: Uint8Array, out: (text: string) => void): void {
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) out(decoder.decode(bytes.subarray(at, at + PIECE_BYTES), { stream: true }));
}

/** A sink that stops the emitter (by throwing {@link StreamStopped}) soon after the job is cancelled. */
function cancellable(sink: TextSink, signal: { readonly aborted: boolean }): TextSink {
  let writes = 0;
  return {
    write(chunk) {
      if ((++writes & 1023) === 0 && signal.aborted) throw new StreamStopped("cancelled");
      sink.write(chunk);
    },
  };
}

/**
 * Whether an evaluated tree should be streamed by itself (HTTP.md §6,
 * LANGUAGE.md §11): some array or range in it has more elements than the
 * threshold. Lazy arrays are judged by their length without being expanded;
 * the walk gives up (and says "stream") once it has seen more than four
 * times the threshold of values in total, so deciding never costs more than
 * emitting.
 */
function exceedsStreamThreshold(root: ObjectValue, threshold: number): boolean {
  let budget = Math.max(threshold, 1) * 4;
  // Only containers are stacked; scalars are counted where they are found.
  const stack: (Value[] | ObjectValue)[] = [root];
  for (let c = stack.pop(); c !== undefined; c = stack.pop()) {
    let items: readonly Value[];
    if (c instanceof ObjectValue) items = c.values;
    else {
      if (c.length > threshold) return true;
      items = c;
    }
    budget -= items.length + 1;
    if (budget < 0) return true;
    for (let i = 0; i < items.length; i++) {
      const v = items[i] as Value;
      if (v === null || typeof v !== "object") continue;
      if (v instanceof ObjectValue || Array.isArray(v)) stack.push(v);
      else if (v instanceof LazyArray && v.length > threshold) return true;
    }
  }
  return false;
}

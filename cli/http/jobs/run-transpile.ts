/**
 * `POST /transpile` inside a worker: evaluate, decide whether to stream,
 * emit into the `output` field, and write the response body (HTTP.md §3, §6).
 *
 * Every error the source can raise is known once evaluation and the format's
 * check have run, which happens before the first byte of a streamed response
 * leaves. The output-size and time limits, and a vanished client, can only
 * strike while writing: then a streamed response is cut off (never completed
 * as `success:true`), and a buffered one becomes an ordinary failure.
 */
import type { RunOptions } from "../../../core/index.js";
import type { TextSink } from "../../../core/plugin.js";
import type { TranspileJob } from "../pool/protocol.js";
import { OutputFieldWriter } from "./body-stream.js";
import { describeProblems } from "./diagnostics-json.js";
import { StreamStopped, type JobContext } from "./job-context.js";
import { exceedsStreamThreshold } from "./stream-eligibility.js";
import { msText } from "../json-text.js";

/** Run one transpile job; the response goes to `ctx.channel`. */
export function runTranspile(job: TranspileJob, ctx: JobContext): void {
  const started = performance.now();
  const options: RunOptions = {
    format: job.format,
    includeMerge: job.includeMerge,
    host: ctx.hostFor(job.files),
    limits: ctx.limits,
    signal: ctx.signal,
    stream: job.streaming,
    streamThreshold: job.streamThreshold,
  };
  const tail = () => `,"format":${JSON.stringify(job.format)},"transpile_time_ms":${msText(performance.now() - started)}}`;
  const fail = (diagnostics: Parameters<typeof describeProblems>[0]) => {
    const p = describeProblems(diagnostics);
    ctx.channel.body(`{"success":false,"errors":${JSON.stringify(p.errors)},"diagnostics":${JSON.stringify(p.diagnostics)}` + tail());
  };

  const evaluated = ctx.engine.evaluate(job.source, options);
  if (!evaluated.ok) return fail(evaluated.diagnostics);

  const mode = job.format === "json" ? "raw" : "string";
  const quote = mode === "string" ? '"' : "";
  const head = `{"success":true,"output":${quote}`;
  const streamed = job.streaming || exceedsStreamThreshold(evaluated.value, job.streamThreshold);

  if (!streamed) {
    const pieces: string[] = [];
    const writer = new OutputFieldWriter(mode, Infinity, (p) => void pieces.push(p));
    let emitted;
    try {
      emitted = ctx.engine.emit(evaluated.value, cancellable(writer, ctx.signal), options, job.source);
    } catch (e) {
      // Nobody is waiting for this body any more; the pool discards it.
      if (e instanceof StreamStopped) return ctx.channel.body(`{"success":false,"errors":["cancelled"],"diagnostics":[]` + tail());
      throw e;
    }
    if (!emitted.ok) return fail(emitted.diagnostics);
    writer.end();
    ctx.channel.body(head + pieces.join("") + quote + tail());
    return;
  }

  ctx.channel.streamStart(head);
  const writer = new OutputFieldWriter(mode, ctx.streamChunkSize, (p) => ctx.channel.chunk(p));
  let emitted;
  try {
    emitted = ctx.engine.emit(evaluated.value, cancellable(writer, ctx.signal), options, job.source);
    if (emitted.ok) writer.end();
  } catch (e) {
    if (e instanceof StreamStopped) return ctx.channel.streamAbort(e.reason);
    throw e;
  }
  if (!emitted.ok) return ctx.channel.streamAbort(describeProblems(emitted.diagnostics).errors.join("; "));
  ctx.channel.streamEnd(quote + tail());
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

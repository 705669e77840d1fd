/**
 * `POST /transpile` inside a worker: evaluate, decide whether to stream,
 * emit into the `output` field, and write the response body (HTTP.md §3, §6).
 *
 * Every error the source can raise is known once evaluation and the format's
 * check have run, which happens before the first byte of a streamed response
 * leaves — except the output-size and time limits (and a vanished client),
 * which can only strike while writing. A streamed response therefore holds
 * back its first `streamWindow` code units: an output that ends within them
 * (or fails within them) is answered like a buffered one. Only a larger
 * output is committed to the wire, and if a limit strikes after that the
 * connection is cut: the response is never completed as `success:true`.
 * (With -max-output at or below the window, no output-limit error can ever
 * happen after the commit.)
 */
import type { RunOptions } from "../../../core/index.js";
import { readJobVars } from "./job-vars.js";
import type { ObjectValue, TextSink } from "../../../core/plugin.js";
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
    ...(job.vars === undefined ? {} : { vars: readJobVars(job.vars) }),
    stream: job.streaming,
    streamThreshold: job.streamThreshold,
  };
  const tail = () => `,"format":${JSON.stringify(job.format)},"transpile_time_ms":${msText(performance.now() - started)}}`;
  const fail = (diagnostics: Parameters<typeof describeProblems>[0]) => {
    const p = describeProblems(diagnostics);
    ctx.channel.body(`{"success":false,"errors":${JSON.stringify(p.errors)},"diagnostics":${JSON.stringify(p.diagnostics)}` + tail());
  };

  // `streaming` asks for it outright; otherwise evaluate first and look for a range over the threshold.
  let tree: ObjectValue | undefined;
  if (!job.streaming) {
    const evaluated = ctx.engine.evaluate(job.source, options);
    if (!evaluated.ok) return fail(evaluated.diagnostics);
    if (!exceedsStreamThreshold(evaluated.value, job.streamThreshold)) tree = evaluated.value;
  }
  const streamed = tree === undefined;
  if (streamed && !ctx.canStream) throw new StreamStopped("this context does not stream");

  const mode = job.format === "json" ? "raw" : "string";
  const quote = mode === "string" ? '"' : "";
  const head = `{"success":true,"output":${quote}`;
  // A buffered response is a streamed one whose window (normally) never fills.
  const window = streamed ? ctx.streamWindow : ctx.bufferWindow;
  const flushAt = streamed ? ctx.streamChunkSize : Infinity;

  // Hold the first part back: an output that ends within the window is sent
  // as an ordinary response, so a limit it hits is an ordinary failure.
  const held: string[] = [head];
  let heldSize = 0;
  let committed = false;
  const writer = new OutputFieldWriter(mode, flushAt, (piece) => {
    if (committed) return ctx.channel.chunk(piece);
    held.push(piece);
    heldSize += piece.length;
    if (heldSize > window) {
      committed = true;
      ctx.channel.streamStart(held.join(""));
      held.length = 0;
    }
  });
  const sink = cancellable(writer, ctx.signal);
  let emitted;
  try {
    // A streamed run goes through transpileTo, which verifies the tree's lazy
    // parts before the first byte (so their errors are ordinary failures too).
    emitted = tree === undefined ? ctx.engine.transpileTo(job.source, sink, options) : ctx.engine.emit(tree, sink, options, job.source);
    if (emitted.ok) writer.end();
  } catch (e) {
    if (!(e instanceof StreamStopped)) throw e;
    if (committed) return ctx.channel.streamAbort(e.reason);
    // Nobody is waiting for this body any more; the pool discards it.
    return ctx.channel.body(`{"success":false,"errors":["cancelled"],"diagnostics":[]` + tail());
  }
  if (!emitted.ok) {
    if (committed) return ctx.channel.streamAbort(describeProblems(emitted.diagnostics).errors.join("; "));
    return fail(emitted.diagnostics);
  }
  if (committed) return ctx.channel.streamEnd(quote + tail());
  ctx.channel.body(held.join("") + quote + tail());
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


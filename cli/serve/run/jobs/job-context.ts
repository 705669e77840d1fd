/**
 * What a job needs besides its request: the engine, the run options every
 * request shares (limits, cancellation), an include host per request, and
 * the channel its response goes out on. Workers wire this to the thread
 * boundary; tests can wire it to plain arrays.
 */
import type { Engine, IncludeHost, Limits, RunSignal } from "../../../../core/index.js";

/** Raised by {@link ResponseChannel.chunk} when the response must stop (client gone, time up). */
export class StreamStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "StreamStopped";
  }
}

/** Where a job's response body goes. */
export interface ResponseChannel {
  /** The whole body of a 200 response. */
  body(text: string): void;
  /** A streamed 200 response starts with `text`. */
  streamStart(text: string): void;
  /** More of a streamed body; may wait for the client (backpressure); throws {@link StreamStopped}. */
  chunk(text: string): void;
  /** The end of a streamed body. */
  streamEnd(text: string): void;
  /** A streamed body that cannot be completed: the connection is cut, so no client mistakes it for a whole document. */
  streamAbort(reason: string): void;
}

/** The environment of one job. */
export interface JobContext {
  readonly engine: Engine;
  readonly limits: Partial<Limits>;
  /** Polled by the engine: true once the job must stop; told where the run is (see RunSignal). */
  readonly signal: RunSignal;
  /** Told when the job moves from its run to checking the output against a schema (its worker names the phase if stopped from outside). */
  readonly validating?: () => void;
  /** The include host for a request's `files`. */
  hostFor(files: readonly (readonly [string, string])[]): IncludeHost;
  readonly channel: ResponseChannel;
  /** Size of one streamed piece, in UTF-16 code units. */
  readonly streamChunkSize: number;
  /** Output held in memory, in UTF-16 code units; past it the output goes to a spool. */
  readonly streamWindow: number;
}

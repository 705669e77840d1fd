/**
 * Messages between the server's event loop and its evaluation workers, and
 * the layout of the small shared control block each worker has.
 */
import type { IncludeMerge } from "../../../core/index.js";
import type { ResolvedPlugin } from "../../plugins/index.js";

/** `POST /transpile`, checked. */
export interface TranspileJob {
  readonly kind: "transpile";
  readonly source: string;
  /** Canonical format name. */
  readonly format: string;
  readonly includeMerge: IncludeMerge;
  readonly streaming: boolean;
  readonly streamThreshold: number;
  /** The request's virtual folder, as pairs (no object prototype games across the thread boundary). */
  readonly files: readonly (readonly [string, string])[];
}

/** `POST /validate`, checked. */
export interface ValidateJob {
  readonly kind: "validate";
  readonly source: string;
}

/** `POST /validate-schema`, checked. */
export interface ValidateSchemaJob {
  readonly kind: "validate-schema";
  readonly source: string;
  readonly schema: string;
  readonly schemaFormat: string | undefined;
  /** Canonical format name. */
  readonly outputFormat: string;
  readonly includeMerge: IncludeMerge;
  readonly files: readonly (readonly [string, string])[];
}

/** Any job a worker runs. */
export type Job = TranspileJob | ValidateJob | ValidateSchemaJob;

/** What every worker is started with. */
export interface WorkerConfig {
  /** The plugins the main thread resolved; every worker imports and applies the same list. */
  readonly plugins: readonly ResolvedPlugin[];
  readonly includeRoot: string | undefined;
  readonly limits: { readonly timeoutMs: number; readonly maxOutputBytes: number; readonly maxRangeItems: number };
  /** Int32Array view: see {@link CONTROL}. */
  readonly control: SharedArrayBuffer;
}

/** Indexes into a worker's shared control block. */
export const CONTROL = {
  /** Non-zero: the current job must stop (client gone, or the server gave up on it). */
  ABORT: 0,
  /** Streamed chunks posted but not yet written to the socket. */
  IN_FLIGHT: 1,
  /** Slots in the block. */
  SIZE: 2,
} as const;

/** Chunks a streaming worker may have in flight before it waits. */
export const MAX_IN_FLIGHT_CHUNKS = 4;

/** Main → worker. */
export type ToWorker = { readonly type: "job"; readonly id: number; readonly job: Job };

/** Worker → main. Bodies travel as UTF-8 bytes (transferred, not copied). */
export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "init-failed"; readonly message: string }
  /** The whole response body (status 200). */
  | { readonly type: "body"; readonly id: number; readonly bytes: Uint8Array }
  /** A streamed response begins (status 200, chunked); `bytes` is its first part. */
  | { readonly type: "stream-start"; readonly id: number; readonly bytes: Uint8Array }
  | { readonly type: "chunk"; readonly id: number; readonly bytes: Uint8Array }
  /** The last part of a streamed body. */
  | { readonly type: "stream-end"; readonly id: number; readonly bytes: Uint8Array }
  /** A streamed body cannot be completed (output limit, time limit, cancelled): the connection must be cut. */
  | { readonly type: "stream-abort"; readonly id: number; readonly reason: string }
  /** A bug: the job threw. The message is for the log only. */
  | { readonly type: "failed"; readonly id: number; readonly message: string };

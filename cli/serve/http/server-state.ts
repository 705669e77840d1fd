/** What the routes of one server share. */
import type { Engine } from "../../../core/index.js";
import type { WorkerPool } from "../run/pool/worker-pool.js";
import type { BodyReader } from "./body-reader.js";
import type { ServerOptions } from "../ops/server-options.js";
import type { ServerMetrics } from "../ops/server-metrics.js";

export interface ServerState {
  readonly options: ServerOptions;
  /**
   * The event loop's engine, with the same plugins as the workers, for
   * format names and listings only: it never parses nor evaluates (every
   * job runs in the pool, under the limits the pool enforces from outside).
   */
  readonly engine: Engine;
  readonly pool: WorkerPool;
  /** The request bodies being read, and their deadlines. */
  readonly bodies: BodyReader;
  /** True once the workers are up and the socket listens (until then `/readyz` says `starting`). */
  listening: boolean;
  /** True once shutdown has begun (HTTP.md §1: `/health` answers 503). */
  draining: boolean;
  /** What GET /metrics reports. */
  readonly metrics: ServerMetrics;
  /** Internal events for the log (never for clients). */
  logEvent(event: string, detail: Readonly<Record<string, unknown>>): void;
}

/**
 * The metrics of one server (HTTP.md §9), as a prom-client registry. Every
 * value is read when a scrape asks: request numbers from {@link RequestStats},
 * gauges from the pool and the in-flight count, counters from the pool's
 * {@link PoolCounters}. Nothing here runs per request.
 *
 * The runtime's metrics (CPU, memory, event-loop lag, GC, …: prom-client's
 * default metrics, prefixed `jsson_`) describe the process, not a server, so
 * they live in one registry per process, started on first use; a process
 * that embeds several servers (the tests do) has one set of them.
 *
 * Under node:cluster each HTTP process has its own; cluster-metrics.ts sums
 * them so that one scrape of any process sees the whole server.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricType, type MetricValueWithName } from "prom-client";
import type { WorkerPool } from "../run/pool/worker-pool.js";
import { WORK, type WorkCounts } from "../run/work-counts.js";
import { DURATION_BUCKETS, type RequestStats } from "./request-stats.js";

/** Prefix of every metric name. */
export const METRIC_PREFIX = "jsson_";

/** The Content-Type of the text exposition format. */
export const METRICS_CONTENT_TYPE: string = Registry.PROMETHEUS_CONTENT_TYPE;

/** A metric family in prom-client's JSON form (what `getMetricsAsJSON` returns, and what travels between processes). */
export type MetricsJson = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;

/** What the metrics read at scrape time. */
export interface MetricSources {
  readonly stats: RequestStats;
  /** Requests received and not yet answered. */
  readonly inFlight: () => number;
  readonly pool: WorkerPool;
  readonly work: WorkCounts;
}

let runtimeRegistry: Registry | undefined;

/** The process's runtime metrics (created on first use). */
function runtimeMetrics(): Registry {
  if (runtimeRegistry === undefined) {
    runtimeRegistry = new Registry();
    collectDefaultMetrics({ register: runtimeRegistry, prefix: METRIC_PREFIX });
    // Gauges named like counters, which Prometheus' linter (promtool check metrics) refuses;
    // the same numbers remain, by type, in nodejs_active_handles / _requests / _resources.
    for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) runtimeRegistry.removeSingleMetric(METRIC_PREFIX + name);
  }
  return runtimeRegistry;
}

/** The request-duration histogram, filled from {@link RequestStats} at scrape time instead of `observe` calls. */
class RouteDurations extends Histogram<"route"> {
  private static readonly NAME = `${METRIC_PREFIX}http_request_duration_seconds`;
  private static readonly HELP = "Time from the request's arrival to the end of its response, by route";

  constructor(
    registry: Registry,
    private readonly stats: RequestStats,
  ) {
    super({ name: RouteDurations.NAME, help: RouteDurations.HELP, labelNames: ["route"], buckets: [...DURATION_BUCKETS], registers: [registry] });
  }

  /**
   * prom-client's text output calls this, and its `get()` (the JSON output,
   * which the cluster sums) builds on it; its type declarations leave it out.
   */
  async getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    const name = RouteDurations.NAME;
    // `le` as a shared label, where prom-client's own histogram puts it (its get() merges the two).
    const values: (MetricValueWithName<string> & { sharedLabels: Record<string, string | number> })[] = [];
    for (const totals of this.stats.routeTotals()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += totals.buckets[i] as number;
        values.push({ labels: { route: totals.route }, sharedLabels: { le }, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { route: totals.route }, sharedLabels: { le: "+Inf" }, value: totals.count, metricName: `${name}_bucket` });
      values.push({ labels: { route: totals.route }, sharedLabels: {}, value: totals.seconds, metricName: `${name}_sum` });
      values.push({ labels: { route: totals.route }, sharedLabels: {}, value: totals.count, metricName: `${name}_count` });
    }
    // `type` is the string prom-client writes (its declarations say MetricType, an enum it does not export at run time).
    return { name, help: RouteDurations.HELP, type: "histogram" as unknown as MetricType, aggregator: "sum", values, collect: () => undefined };
  }
}

/** The metrics of one server; see the file header. */
export class ServerMetrics {
  /** The server's own metrics (without the runtime's). */
  readonly registry = new Registry();
  private source: (() => Promise<string>) | undefined;
  /** The scrape being written: scrapes arriving meanwhile share it (a flood of scrapes costs one at a time). */
  private pending: Promise<string> | undefined;

  constructor(sources: MetricSources) {
    const { stats, pool } = sources;
    runtimeMetrics(); // event-loop lag and GC are observed from the start, not from the first scrape
    const registers = [this.registry];
    new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: "Requests answered, by route, method and status (499: the client left before an answer)",
      labelNames: ["route", "method", "status"],
      registers,
      collect() {
        this.reset();
        stats.forEachCount((labels, count) => this.inc(labels, count));
      },
    });
    new RouteDurations(this.registry, stats);
    new Counter({
      name: `${METRIC_PREFIX}http_response_bytes_total`,
      help: "Bytes written in responses (head and body), by route",
      labelNames: ["route"],
      registers,
      collect() {
        this.reset();
        for (const t of stats.routeTotals()) this.inc({ route: t.route }, t.bytes);
      },
    });
    gauge(registers, "http_processes", "HTTP processes whose metrics this scrape sums (1 per process; the supervisor adds them up)", () => 1);
    gauge(registers, "http_requests_in_flight", "Requests received and not yet answered", sources.inFlight);
    gauge(registers, "work_queue_depth", "Jobs waiting for an evaluation worker", () => pool.queued);
    gauge(registers, "jobs_running", "Jobs being evaluated by a worker now", () => pool.running);
    gauge(registers, "workers_ready", "Evaluation worker threads up", () => pool.readyWorkers);
    counter(registers, "jobs_refused_total", "Jobs refused with 503 because the work queue was full", () => pool.counters.refused);
    counter(registers, "jobs_timed_out_total", "Jobs that outlived their time limit and had their worker terminated (a limit the evaluator reaches itself is an ordinary answer)", () => pool.counters.overran);
    counter(registers, "jobs_out_of_memory_total", "Jobs that reached their memory budget (-max-memory, their worker's heap cap) and ended their worker", () => pool.counters.outOfMemory);
    counter(registers, "parses_total", "Source texts parsed by the workers (a request's own and its included files'; not the locating pass)", () => sources.work.read(WORK.PARSES));
    counter(registers, "evaluations_total", "Evaluations started by the workers: one per /transpile and /validate-schema request that passed its checks (not the locating pass)", () => sources.work.read(WORK.EVALUATIONS));
    counter(registers, "locating_parses_total", "Source texts parsed again by the locating pass that places a failed schema check's errors", () => sources.work.read(WORK.LOCATING_PARSES));
    counter(registers, "locating_evaluations_total", "Traced evaluations of the locating pass that places a failed schema check's errors in the source", () => sources.work.read(WORK.LOCATING_EVALUATIONS));
    counter(registers, "worker_restarts_total", "Evaluation worker threads started to replace one that exited or was terminated", () => pool.counters.restarts);
  }

  /** This process's metrics, as JSON: the server's and the runtime's. */
  localJson(): Promise<MetricsJson> {
    return Registry.merge([this.registry, runtimeMetrics()]).getMetricsAsJSON();
  }

  /** The text a scrape gets: this process's metrics, or what {@link useSource} gives (the whole cluster's). */
  text(): Promise<string> {
    return (this.pending ??= (this.source !== undefined ? this.source() : Registry.merge([this.registry, runtimeMetrics()]).metrics()).finally(
      () => (this.pending = undefined),
    ));
  }

  /** Answer scrapes with `source` instead of this process's metrics alone. */
  useSource(source: () => Promise<string>): void {
    this.source = source;
  }
}

function gauge(registers: Registry[], name: string, help: string, read: () => number): void {
  new Gauge({
    name: METRIC_PREFIX + name,
    help,
    registers,
    collect() {
      this.set(read());
    },
  });
}

function counter(registers: Registry[], name: string, help: string, read: () => number): void {
  new Counter({
    name: METRIC_PREFIX + name,
    help,
    registers,
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

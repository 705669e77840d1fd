/**
 * One scrape sees the whole server: under node:cluster, the HTTP process
 * that receives `GET /metrics` asks the supervisor, the supervisor asks
 * every HTTP process for its metrics (prom-client's JSON form) over the
 * cluster's IPC channel, sums them with prom-client's
 * `AggregatorRegistry.aggregate` (counters and histograms add up; so do the
 * gauges of in-flight requests, queue depth and workers), and sends the text
 * back. `jsson_http_processes` says how many processes answered.
 *
 * prom-client's own cluster helper is not used: it keeps its state in the
 * module (one set of registries per process, any cluster worker counted),
 * while here the protocol belongs to the supervisor and its children.
 *
 * Bounded: scrapes arriving while a collection runs share it (in each child
 * and in the supervisor), and a process that does not answer within
 * {@link COLLECT_TIMEOUT_MS} (it is exiting) is left out of that scrape.
 */
import type { Worker as ClusterWorker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import type { MetricsJson, ServerMetrics } from "./server-metrics.js";

/** How long the supervisor waits for the processes' metrics. */
export const COLLECT_TIMEOUT_MS = 2_000;
/** How long a child waits for the supervisor's answer. */
const ANSWER_TIMEOUT_MS = COLLECT_TIMEOUT_MS + 3_000;

/** Child → supervisor. */
type FromChild = { readonly jssonMetrics: "request"; readonly id: number } | { readonly jssonMetrics: "json"; readonly id: number; readonly metrics: MetricsJson };
/** Supervisor → child. */
type ToChild = { readonly jssonMetrics: "collect"; readonly id: number } | { readonly jssonMetrics: "text"; readonly id: number; readonly text: string | undefined };

interface Collection {
  readonly id: number;
  readonly answers: MetricsJson[];
  readonly waitingFor: Set<ClusterWorker>;
  finish(): void;
}

/** The supervisor's side: collects and sums the children's metrics for any child that asks. */
export class ClusterMetricsHub {
  private nextId = 1;
  private current: Collection | undefined;
  private pending: Promise<string> | undefined;

  /** @param children the live HTTP processes, read at each collection */
  constructor(private readonly children: () => Iterable<ClusterWorker>) {}

  /** Serve one child's requests and take its answers (call once per forked child). */
  watch(child: ClusterWorker): void {
    child.on("message", (m: FromChild) => {
      if (m?.jssonMetrics === "request") {
        const reply = (text: string | undefined) => {
          if (child.isConnected()) child.send({ jssonMetrics: "text", id: m.id, text } satisfies ToChild);
        };
        this.collect().then(reply, () => reply(undefined));
      } else if (m?.jssonMetrics === "json") {
        const c = this.current;
        if (c === undefined || c.id !== m.id || !c.waitingFor.delete(child)) return;
        c.answers.push(m.metrics);
        if (c.waitingFor.size === 0) c.finish();
      }
    });
    child.once("exit", () => {
      const c = this.current;
      if (c !== undefined && c.waitingFor.delete(child) && c.waitingFor.size === 0) c.finish();
    });
  }

  /** The whole server's metrics as text (one collection at a time; callers meanwhile share it). */
  collect(): Promise<string> {
    return (this.pending ??= new Promise<MetricsJson[]>((resolve) => {
      const id = this.nextId++;
      const waitingFor = new Set<ClusterWorker>();
      const answers: MetricsJson[] = [];
      const timer = setTimeout(() => c.finish(), COLLECT_TIMEOUT_MS);
      const c: Collection = {
        id,
        answers,
        waitingFor,
        finish: () => {
          clearTimeout(timer);
          if (this.current === c) this.current = undefined;
          resolve(answers);
        },
      };
      this.current = c;
      for (const child of this.children()) {
        if (!child.isConnected()) continue;
        waitingFor.add(child);
        child.send({ jssonMetrics: "collect", id } satisfies ToChild);
      }
      if (waitingFor.size === 0) c.finish();
    })
      .then((all) => AggregatorRegistry.aggregate(all).metrics())
      .finally(() => (this.pending = undefined)));
  }
}

/**
 * A child's side: answer the supervisor's collections with this process's
 * metrics, and make scrapes of this process ask the supervisor. Returns a
 * function that stops listening.
 */
export function useClusterMetrics(metrics: ServerMetrics, onError: (detail: string) => void): () => void {
  let nextId = 1;
  const waiting = new Map<number, (text: string | undefined) => void>();
  const onMessage = (m: ToChild) => {
    if (m?.jssonMetrics === "collect") {
      void metrics.localJson().then(
        (json) => process.send?.({ jssonMetrics: "json", id: m.id, metrics: json } satisfies FromChild),
        (e: unknown) => {
          // Answer anyway (the scrape then lacks this process) rather than make every scrape wait for the timeout.
          onError(e instanceof Error ? e.message : String(e));
          process.send?.({ jssonMetrics: "json", id: m.id, metrics: [] } satisfies FromChild);
        },
      );
    } else if (m?.jssonMetrics === "text") waiting.get(m.id)?.(m.text);
  };
  process.on("message", onMessage);
  metrics.useSource(
    () =>
      new Promise<string>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => answer(undefined), ANSWER_TIMEOUT_MS);
        const answer = (text: string | undefined) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (text === undefined) reject(new Error("the supervisor did not send the cluster's metrics"));
          else resolve(text);
        };
        waiting.set(id, answer);
        if (process.connected) process.send?.({ jssonMetrics: "request", id } satisfies FromChild);
        else answer(undefined);
      }),
  );
  return () => process.off("message", onMessage);
}

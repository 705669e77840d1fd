/**
 * Per-request numbers for /metrics, recorded on the hot path into plain
 * arrays (a Map lookup and a few array increments per request) and folded
 * into prom-client's metrics only when someone scrapes. prom-client's own
 * `inc` / `observe` hash a label object on every call; at tens of thousands
 * of small requests per second that would be a cost every request pays.
 *
 * Labels are bounded whatever clients send: `route` is one of the server's
 * paths or `other` (a 404 path never becomes a label value), `method` one
 * of a fixed few or `other`, `status` a number below 1000.
 */

/** Upper bounds, in seconds, of the request-duration histogram's buckets. */
export const DURATION_BUCKETS: readonly number[] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The `method` label values (anything else is `other`). */
export const METHOD_LABELS = ["GET", "HEAD", "POST", "OPTIONS", "other"] as const;

/** The `route` label of a path the server does not serve (404s, the playground's assets). */
export const OTHER_ROUTE = "other";

/** Status recorded for a request whose client left before any answer was sent (nginx's "client closed request"). */
export const CLIENT_CLOSED = 499;

/** The index of a method's label in {@link METHOD_LABELS} (a method sent as `other` is other too). */
function methodIndex(method: string | undefined): number {
  const i = (METHOD_LABELS as readonly (string | undefined)[]).indexOf(method);
  return i < 0 ? METHOD_LABELS.length - 1 : i;
}

/** Counters of one server's requests; see the file header. */
export class RequestStats {
  private readonly routes: readonly string[];
  private readonly routeIndexes = new Map<string, number>();
  /** Requests by (route, method, status), keyed `(route * methods + method) * 1000 + status`. */
  private readonly counts = new Map<number, number>();
  /** Per route: one count per bucket, then one for above every bound. */
  private readonly buckets: Float64Array;
  private readonly seconds: Float64Array;
  private readonly requests: Float64Array;
  private readonly bytes: Float64Array;

  /** @param paths the paths the server serves; each gets its own `route` label. */
  constructor(paths: readonly string[]) {
    this.routes = [...paths, OTHER_ROUTE];
    this.routes.forEach((route, i) => this.routeIndexes.set(route, i));
    const n = this.routes.length;
    this.buckets = new Float64Array(n * (DURATION_BUCKETS.length + 1));
    this.seconds = new Float64Array(n);
    this.requests = new Float64Array(n);
    this.bytes = new Float64Array(n);
  }

  /** Record one finished (or abandoned) request. `path` has no query string. */
  record(path: string, method: string | undefined, status: number, seconds: number, bytes: number): void {
    const route = this.routeIndexes.get(path) ?? this.routes.length - 1;
    const key = (route * METHOD_LABELS.length + methodIndex(method)) * 1000 + (status >= 0 && status < 1000 ? status : 0);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket++;
    this.buckets[route * (DURATION_BUCKETS.length + 1) + bucket]! += 1;
    this.seconds[route]! += seconds;
    this.requests[route]! += 1;
    this.bytes[route]! += bytes;
  }

  /** Every (route, method, status) seen, with its count. */
  forEachCount(visit: (labels: { route: string; method: string; status: number }, count: number) => void): void {
    const methods = METHOD_LABELS.length;
    for (const [key, count] of this.counts) {
      const status = key % 1000;
      const combined = (key - status) / 1000;
      visit({ route: this.routes[Math.floor(combined / methods)] as string, method: METHOD_LABELS[combined % methods] as string, status }, count);
    }
  }

  /**
   * The routes that had requests: requests per duration bucket (not
   * cumulative; the last entry counts those above every bound), the sum of
   * the durations in seconds, the count, and the response bytes (head and body).
   */
  routeTotals(): { route: string; buckets: number[]; seconds: number; count: number; bytes: number }[] {
    const width = DURATION_BUCKETS.length + 1;
    return this.routes.flatMap((route, i) => {
      if (this.requests[i] === 0) return [];
      const buckets = Array.from(this.buckets.subarray(i * width, (i + 1) * width));
      return [{ route, buckets, seconds: this.seconds[i] as number, count: this.requests[i] as number, bytes: this.bytes[i] as number }];
    });
  }
}

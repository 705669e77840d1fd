// Tallies of the soak: counts per kind and status, connection errors, check
// failures, dropped starts, and latency samples per minute and per kind.

/** The `q` quantile (0..1) of an ascending-sorted array, nearest rank; NaN when empty. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1];
}

/** Ascending copy of a list of numbers. */
export function sortedCopy(list) {
  return Float64Array.from(list).sort();
}

function newBucket() {
  return { started: 0, completed: 0, ok: 0, dropped: 0, failed: 0, latencies: [], serviceLatencies: [], maxLag: 0 };
}

/** A phase's tallies (capacity probe or open-loop soak). */
export class Tally {
  constructor(kindNames) {
    this.kinds = new Map(kindNames.map((n) => [n, { count: 0, ok: 0, latencies: [] }]));
    this.statuses = new Map();
    this.connectionErrors = new Map();
    this.checkFailures = new Map();
    this.examples = [];
    this.minutes = [];
    this.dropped = 0;
    this.started = 0;
    this.completed = 0;
    this.ok = 0;
  }

  minute(i) {
    while (this.minutes.length <= i) this.minutes.push(newBucket());
    return this.minutes[i];
  }

  start(minute) {
    this.started++;
    this.minute(minute).started++;
  }

  drop(minute) {
    this.dropped++;
    this.minute(minute).dropped++;
  }

  lag(minute, ms) {
    const b = this.minute(minute);
    if (ms > b.maxLag) b.maxLag = ms;
  }

  /** Record one finished request. `problem` is undefined for a correct answer. */
  finish({ kind, minute, latencyMs, serviceMs, result, problem, requestId }) {
    this.completed++;
    const b = this.minute(minute);
    b.completed++;
    b.latencies.push(latencyMs);
    b.serviceLatencies.push(serviceMs);
    const k = this.kinds.get(kind);
    k.count++;
    k.latencies.push(latencyMs);
    if (result.error !== undefined) {
      const key = `${result.error}${result.reused ? " (on a reused keep-alive socket)" : ""}`;
      this.connectionErrors.set(key, (this.connectionErrors.get(key) ?? 0) + 1);
    } else {
      this.statuses.set(result.status, (this.statuses.get(result.status) ?? 0) + 1);
    }
    if (problem === undefined) {
      this.ok++;
      b.ok++;
      k.ok++;
      return;
    }
    b.failed++;
    const key = `${kind}: ${result.error !== undefined ? "connection error" : `status ${result.status}`}`;
    this.checkFailures.set(key, (this.checkFailures.get(key) ?? 0) + 1);
    if (this.examples.length < 12) this.examples.push(`${kind} ${requestId}: ${problem}`);
  }

  count5xx() {
    let n = 0;
    for (const [status, c] of this.statuses) if (status >= 500) n += c;
    return n;
  }

  countConnectionErrors() {
    let n = 0;
    for (const c of this.connectionErrors.values()) n += c;
    return n;
  }

  countFailures() {
    let n = 0;
    for (const c of this.checkFailures.values()) n += c;
    return n;
  }
}

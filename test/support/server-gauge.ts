/**
 * Read a server's state from its /metrics (a real scrape over HTTP): its
 * counters (work done, workers replaced), and its gauges, so a test waits for
 * the event it needs — a job being evaluated, a job queued — with
 * {@link waitFor}, instead of sleeping and hoping it happened.
 *
 * ```ts
 * await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the slow job to run");
 * ```
 */
import { request } from "node:http";
import { waitFor } from "./wait-for.js";

/** The values of `names` (metrics with their labels, as the text shows them) in one scrape of `base`/metrics; NaN for any absent. */
export function gauges<N extends string>(base: string, names: readonly N[]): Promise<Record<N, number>> {
  return new Promise((resolve, reject) => {
    // a connection of its own: never a keep-alive connection a test is holding
    request(`${base}/metrics`, { agent: false }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString("utf8")));
      res.on("end", () => {
        const lines = text.split("\n");
        const values = {} as Record<N, number>;
        for (const name of names) {
          const line = lines.find((l) => l.startsWith(`${name} `));
          values[name] = line === undefined ? NaN : Number(line.slice(name.length + 1));
        }
        resolve(values);
      });
    })
      .on("error", reject)
      .end();
  });
}

/** The value of `name` in one scrape of `base`/metrics; NaN when absent. */
export async function gauge(base: string, name: string): Promise<number> {
  return (await gauges(base, [name]))[name] ?? NaN;
}

/** Wait until `predicate` holds for the gauge `name` of `base`. */
export function untilGauge(base: string, name: string, predicate: (value: number) => boolean, what: string): Promise<true> {
  return waitFor(async () => predicate(await gauge(base, name)), { what });
}

/**
 * Read a server's state from its /metrics (a real scrape over HTTP), so a test
 * waits for the event it needs — a job being evaluated, a job queued — with
 * {@link waitFor}, instead of sleeping and hoping it happened.
 *
 * ```ts
 * await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the slow job to run");
 * ```
 */
import { request } from "node:http";
import { waitFor } from "./wait-for.js";

/** The value of `name` (a metric with its labels, as the text shows it) in one scrape of `base`/metrics; NaN when absent. */
export function gauge(base: string, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // a connection of its own: never a keep-alive connection a test is holding
    request(`${base}/metrics`, { agent: false }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString("utf8")));
      res.on("end", () => {
        const line = text.split("\n").find((l) => l.startsWith(`${name} `));
        resolve(line === undefined ? NaN : Number(line.slice(name.length + 1)));
      });
    })
      .on("error", reject)
      .end();
  });
}

/** Wait until `predicate` holds for the gauge `name` of `base`. */
export function untilGauge(base: string, name: string, predicate: (value: number) => boolean, what: string): Promise<true> {
  return waitFor(async () => predicate(await gauge(base, name)), { what });
}

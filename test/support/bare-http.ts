/**
 * A calibration for latency checks (issue #27): a bare `node:http` server
 * answering `{}` to everything, polled by the same poller at the same moment
 * as the server under test. What the machine's load does to the bare
 * server's answers it does to the other's too, so a test asserts the ratio of
 * the two, never milliseconds against a constant. In a process of its own
 * (`process: true`) when the server under test is a process of its own.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface BareHttp {
  readonly base: string;
  close(): Promise<void>;
}

const SERVE = "require('node:http').createServer((q, r) => r.end('{}')).listen(0, '127.0.0.1', function () { console.log(this.address().port) })";

export async function startBareHttp(options: { readonly process?: boolean } = {}): Promise<BareHttp> {
  if (options.process) {
    const child = spawn(process.execPath, ["-e", SERVE], { stdio: ["ignore", "pipe", "inherit"] });
    const port = await new Promise<number>((found, fail) => {
      let out = "";
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("\n")) found(Number(out.trim()));
      });
      child.on("exit", (code) => fail(new Error(`the bare server ended (${code}) before it listened`)));
    });
    const exited = new Promise<void>((done) => child.on("close", () => done()));
    return { base: `http://127.0.0.1:${port}`, close: () => (child.kill(), exited) };
  }
  const server = createServer((_, res) => res.end("{}"));
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => server.close(() => done())) };
}

/** The `q` quantile (0..1) of some samples. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

/**
 * How many times slower than the bare server the subject may answer at the
 * 90th percentile, polled in pairs at the same moment. Loose on purpose: a
 * stalled event loop (synchronous evaluation, a 64 MB parse on the main
 * thread) costs hundreds of times a bare answer, while load costs both alike.
 * The bound holds at load average 10 on 2 cores.
 */
export const SLOWER_THAN_BARE = 8;

/** Problems with `subject`'s latencies against `bare`'s, polled in pairs (empty when none). */
export function latencyProblems(what: string, subject: readonly number[], bare: readonly number[]): string[] {
  const s90 = quantile(subject, 0.9);
  const b90 = quantile(bare, 0.9);
  const report = `${what}: p90 ${s90.toFixed(1)} ms against a bare node:http's ${b90.toFixed(1)} ms at the same moments (${subject.length} pairs; p99 ${quantile(subject, 0.99).toFixed(1)} / ${quantile(bare, 0.99).toFixed(1)} ms)`;
  console.log(`  ${report}`);
  // at least 1 ms for the bare server: below it, timer and scheduling granularity, not latency
  return s90 > SLOWER_THAN_BARE * Math.max(b90, 1) ? [report] : [];
}

/**
 * Reads a request body with a size cap and a deadline. An announced
 * `Content-Length` over the cap is refused before a byte of the body is
 * read; a body that grows past it (chunked uploads) is refused as soon as it
 * does. Either way the rest is never buffered.
 *
 * Deadlines are kept by one sweep for all pending reads (a timer per request
 * would cost more than a small request's whole body); a read is ended by it
 * at most {@link SWEEP_MS} after its deadline.
 */
import type { IncomingMessage } from "node:http";

/** Outcome of {@link BodyReader.read}. */
export type BodyResult =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: "too-large" | "timeout" | "aborted" };

/** How often pending reads are checked against their deadlines, in ms. */
const SWEEP_MS = 250;

interface Pending {
  readonly deadline: number;
  readonly expire: () => void;
}

/** One server's body reads: the pending ones and the one sweep that ends those past their deadline. */
export class BodyReader {
  readonly #pending = new Set<Pending>();
  #sweeper: NodeJS.Timeout | undefined;

  #sweep(): void {
    const now = performance.now();
    for (const p of this.#pending) if (now >= p.deadline) p.expire();
    if (this.#pending.size === 0 && this.#sweeper !== undefined) {
      clearInterval(this.#sweeper);
      this.#sweeper = undefined;
    }
  }

  /** Read the whole body of `req`, refusing more than `maxBytes` or taking longer than `deadlineMs`; `done` is called once. */
  read(req: IncomingMessage, maxBytes: number, deadlineMs: number, done: (result: BodyResult) => void): void {
    const announced = req.headers["content-length"];
    if (announced !== undefined && Number(announced) > maxBytes) return done({ ok: false, reason: "too-large" });
    const pending = this.#pending;
    let first: Buffer | undefined;
    let parts: Buffer[] | undefined;
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      pending.delete(entry);
      if (!result.ok) {
        // Stop reading the rest. (After a whole body nothing more comes: the listeners go with the request.)
        for (const [event, listener] of listeners) req.off(event, listener);
        req.pause();
      }
      done(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return settle({ ok: false, reason: "too-large" });
      if (first === undefined) first = chunk;
      else (parts ??= [first]).push(chunk);
    };
    const onEnd = () => settle({ ok: true, bytes: parts !== undefined ? Buffer.concat(parts, size) : (first ?? Buffer.alloc(0)) });
    const onAbort = () => settle({ ok: false, reason: "aborted" });
    const onClose = () => {
      if (!req.complete) onAbort();
    };
    const listeners = [["data", onData], ["end", onEnd], ["error", onAbort], ["close", onClose]] as const;
    const entry: Pending = { deadline: performance.now() + deadlineMs, expire: () => settle({ ok: false, reason: "timeout" }) };
    pending.add(entry);
    this.#sweeper ??= setInterval(() => this.#sweep(), SWEEP_MS).unref();
    for (const [event, listener] of listeners) req.on(event, listener);
  }
}

/**
 * Reads a request body with a size cap and a deadline. An announced
 * `Content-Length` over the cap is refused before a byte of the body is
 * read; a body that grows past it (chunked uploads) is refused as soon as it
 * does. Either way the rest is never buffered.
 */
import type { IncomingMessage } from "node:http";

/** Outcome of {@link readBody}. */
export type BodyResult =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: "too-large" | "timeout" | "aborted" };

/** Read the whole body of `req`, refusing more than `maxBytes` or taking longer than `deadlineMs`. */
export function readBody(req: IncomingMessage, maxBytes: number, deadlineMs: number): Promise<BodyResult> {
  const announced = req.headers["content-length"];
  if (announced !== undefined && Number(announced) > maxBytes) return Promise.resolve({ ok: false, reason: "too-large" });
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAbort);
      req.off("close", onClose);
      if (!result.ok) req.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return settle({ ok: false, reason: "too-large" });
      parts.push(chunk);
    };
    const onEnd = () => settle({ ok: true, bytes: parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, size) });
    const onAbort = () => settle({ ok: false, reason: "aborted" });
    const onClose = () => {
      if (!req.complete) onAbort();
    };
    const timer = setTimeout(() => settle({ ok: false, reason: "timeout" }), deadlineMs);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAbort);
    req.on("close", onClose);
  });
}

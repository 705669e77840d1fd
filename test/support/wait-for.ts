/**
 * Wait for an event a test can observe (a log line, a file, a probe's
 * answer), never for a fixed time: `predicate` is checked now and then every
 * `everyMs` until it returns something other than `undefined`/`false`, which
 * `waitFor` resolves to. Past `deadlineMs` it rejects naming `what`; the
 * deadline only bounds a wait for something that never happens, so it is
 * generous (a loaded machine is slow, not wrong).
 *
 * ```ts
 * await waitFor(() => lines.length === 3, { what: "three access-log lines" });
 * const pid = await waitFor(() => readPidFile(), { what: "the pid file" });
 * ```
 */
export interface WaitForOptions {
  /** Give up after this many ms (default 30000). */
  readonly deadlineMs?: number;
  /** Look again after this many ms (default 10). */
  readonly everyMs?: number;
  /** What is awaited, for the error. */
  readonly what?: string;
}

export async function waitFor<T>(predicate: () => T | false | undefined | Promise<T | false | undefined>, options: WaitForOptions = {}): Promise<T> {
  const { deadlineMs = 30_000, everyMs = 10, what = "the condition" } = options;
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    const value = await predicate();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`gave up waiting for ${what} after ${deadlineMs} ms`);
    await new Promise((wake) => setTimeout(wake, everyMs));
  }
}

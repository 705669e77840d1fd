/**
 * Run the real CLI binary (`node bin/jsson.js …`) in a child process and
 * collect what it did. Use it for every CLI test: no in-process shortcuts.
 *
 * ```ts
 * const r = await runCli(["-i", file, "-f", "yaml"]);
 * assert.is(r.code, 0);
 * ```
 */
import { spawn } from "node:child_process";
import { CLI_BIN, REPO_ROOT } from "./repo-root.js";

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** Bytes or text written to stdin (then closed); without it stdin is empty (/dev/null). */
  readonly input?: string | Uint8Array;
  /** Working directory (default: the repository root). */
  readonly cwd?: string;
  /** Extra environment variables. */
  readonly env?: Readonly<Record<string, string>>;
  /** Kill the child after this many ms (default 60000); `timedOut` is then true. */
  readonly timeoutMs?: number;
  /** Kill the child once stdout exceeds this many bytes (default 256 MiB); `overflowed` is then true. */
  readonly maxStdoutBytes?: number;
}

/** What a CLI run did. */
export interface CliRun {
  /** Exit status (`null` when killed by a signal). */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** stdout as bytes and as UTF-8 text. */
  readonly stdoutBytes: Buffer;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall-clock time of the run, in ms. */
  readonly ms: number;
  readonly timedOut: boolean;
  /** stdout grew past `maxStdoutBytes` (only the first bytes are kept). */
  readonly overflowed: boolean;
}

/** Spawn `node bin/jsson.js ...args`. */
export function runCli(args: readonly string[], options: RunCliOptions = {}): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI_BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const maxStdout = options.maxStdoutBytes ?? 256 * 1024 * 1024;
  let outBytes = 0;
  let overflowed = false;
  child.stdout?.on("data", (d: Buffer) => {
    if (overflowed) return;
    outBytes += d.length;
    out.push(d);
    if (outBytes > maxStdout) {
      overflowed = true;
      child.kill("SIGKILL");
    }
  });
  child.stderr?.on("data", (d: Buffer) => err.push(d));
  if (options.input !== undefined && child.stdin) {
    child.stdin.on("error", () => {}); // the CLI may exit before reading everything
    child.stdin.end(options.input);
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, options.timeoutMs ?? 60_000);
  return new Promise((resolvePromise, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const stdoutBytes = Buffer.concat(out);
      resolvePromise({
        code,
        signal,
        stdoutBytes,
        stdout: stdoutBytes.toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        ms: performance.now() - started,
        timedOut,
        overflowed,
      });
    });
  });
}

/** A CLI process that keeps running (`--watch`): read its output as it comes, wait for text, signal it. */
export interface LiveCli {
  /** stdout and stderr so far (UTF-8). */
  stdout(): string;
  stderr(): string;
  /** Resolves once `predicate` holds for (stdout, stderr), or rejects after `timeoutMs` (default 10000) with what was seen. */
  waitFor(predicate: (stdout: string, stderr: string) => boolean, timeoutMs?: number): Promise<void>;
  /** Send a signal (default SIGINT). */
  signal(name?: NodeJS.Signals): void;
  /** Resolves to the exit status and signal once the process has ended (killed after `timeoutMs`, default 10000). */
  exited(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Start `node bin/jsson.js ...args` without waiting for it to end. Stdin is empty; always end it (`signal`, then `exited`). */
export function startCli(args: readonly string[], options: Pick<RunCliOptions, "cwd" | "env"> = {}): LiveCli {
  const child = spawn(process.execPath, [CLI_BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  const wake = (): void => waiters.forEach((w) => w());
  child.stdout?.on("data", (d: Buffer) => ((out += d.toString("utf8")), wake()));
  child.stderr?.on("data", (d: Buffer) => ((err += d.toString("utf8")), wake()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveEnd) => child.on("close", (code, signal) => resolveEnd({ code, signal })));
  return {
    stdout: () => out,
    stderr: () => err,
    waitFor: (predicate, timeoutMs = 10_000) =>
      new Promise((resolveWait, reject) => {
        const check = (): void => {
          if (!predicate(out, err)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolveWait();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting; stdout:\n${out}\nstderr:\n${err}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    signal: (name = "SIGINT") => void child.kill(name),
    exited: async (timeoutMs = 10_000) => {
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      try {
        return await ended;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

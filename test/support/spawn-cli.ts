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

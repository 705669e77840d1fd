/**
 * The real `jsson serve` process for tests: spawn `bin/jsson.js serve`,
 * wait for its banner, and stop it. The child's environment is this
 * process's without any `JSSON_*` or `PORT` variable (so the caller's shell
 * cannot change a test), plus what the test gives.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { CLI_BIN } from "../support/repo-root.js";

/** A running `jsson serve`. */
export interface ServeProcess {
  readonly child: ChildProcess;
  /** `http://host:port` from the banner. */
  readonly base: string;
  readonly banner: readonly string[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the exit status. */
  readonly exit: Promise<number | null>;
  /** SIGTERM, then the exit status (SIGKILL after 30 s). */
  stop(): Promise<number | null>;
}

/** The environment of a child: this one's without JSSON_* and PORT, plus `extra`. */
export function cleanEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("JSSON_") && k !== "PORT") env[k] = v;
  return { ...env, ...extra };
}

/** Start `jsson serve ...args` with `env` added; resolves once the banner is complete (its last line, `config file: …`). */
export function startServe(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<ServeProcess> {
  return watchServe(spawn(process.execPath, [CLI_BIN, "serve", ...args], { stdio: ["ignore", "pipe", "pipe"], env: cleanEnv(env) }), "jsson serve");
}

/**
 * Follow a spawned `jsson serve` (any install of it: `what` names it in
 * errors) until its banner is complete; it is killed if none comes within 60 s.
 */
export function watchServe(child: ChildProcess, what: string): Promise<ServeProcess> {
  let out = "";
  let err = "";
  const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const code = await exit;
    clearTimeout(killer);
    return code;
  };
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${what} printed no banner within 60 s:\n${out}\n${err}`));
    }, 60_000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && /^config file: .*\n/m.test(out)) {
        clearTimeout(timer);
        resolve({ child, base: m[1]!, banner: out.trimEnd().split("\n"), stderr: () => err, exit, stop });
      }
    });
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before its banner:\n${out}\n${err}`));
    });
  });
}

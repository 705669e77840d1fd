/**
 * The real `jsson serve` process for the HTTP tests: spawned from bin/, its
 * banner awaited, its stderr kept.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "./helpers.js";

/** The CLI entry. */
export const BIN = join(repoRoot, "bin", "jsson.js");

/** A started `jsson serve`. */
export interface Running {
  child: ChildProcess;
  base: string;
  banner: string[];
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Spawn `jsson serve ARGS`; resolves once the banner (address and limits) is printed. */
export function serve(args: string[]): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "serve", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m && /^limits: /m.test(out)) {
        clearTimeout(timer);
        resolve({ child, base: m[1]!, banner: out.trimEnd().split("\n"), stderr: () => err, exit });
      }
    });
    void exit.then((code) => reject(new Error(`serve exited (${code}) before its banner: ${err}`)));
    // never leak a server (its pipes would keep this test process alive)
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`serve printed no banner within 60 s: ${err}`));
    }, 60_000);
    void exit.then(() => clearTimeout(timer));
  });
}

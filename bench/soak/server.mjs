// Starts the real `jsson serve` on 127.0.0.1 (port 0: the kernel picks a free
// one; the banner says which) and stops it: SIGTERM first (the server drains),
// then SIGKILL for the whole tree if it has not exited in time.
import { spawn } from "node:child_process";
import { processTree } from "./proc-tree.mjs";

const LISTENING = /^listening on http:\/\/127\.0\.0\.1:(\d+)\s*$/m;

/**
 * Start the server. Resolves to { pid, port, banner, stderr, stop } once the
 * banner names the address; rejects when it exits first or takes longer than
 * `startTimeoutMs`.
 * @param {{ repoRoot: string, extraArgs?: string[], nodeArgs?: string[], onStdoutLine?: ((line: string) => void) | undefined, startTimeoutMs?: number }} options
 */
export function startServer({ repoRoot, extraArgs = [], nodeArgs = [], onStdoutLine, startTimeoutMs = 60_000 }) {
  // nodeArgs (e.g. --trace-gc) reach the HTTP processes too: node:cluster forks with the supervisor's execArgv.
  const args = [...nodeArgs, "bin/jsson.js", "serve", "-port", "0", "-host", "127.0.0.1", "-quiet", ...extraArgs];
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let listening = false;
  let partialLine = "";
  // stderr is kept whole up to a cap: with -quiet it should hold only the drain lines (and internal errors, if any).
  const stderr = { lines: /** @type {string[]} */ ([]), dropped: 0, partial: "" };
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    const parts = (stderr.partial + chunk).split("\n");
    stderr.partial = parts.pop() ?? "";
    for (const line of parts) {
      if (stderr.lines.length < 200) stderr.lines.push(line);
      else stderr.dropped++;
    }
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      killTree(child.pid);
      reject(new Error(`server did not print its address within ${startTimeoutMs} ms; stdout: ${stdout.slice(0, 500)}`));
    }, startTimeoutMs);
    child.stdout.setEncoding("utf8");
    // Lines before the banner's end make up `banner`; later lines (e.g. --trace-gc output of the children, which share this pipe) go to onStdoutLine.
    child.stdout.on("data", (chunk) => {
      const parts = (partialLine + chunk).split("\n");
      partialLine = parts.pop() ?? "";
      for (const line of parts) {
        if (listening) {
          onStdoutLine?.(line);
          continue;
        }
        if (stdout.length < 1_000_000) stdout += line + "\n";
        const m = LISTENING.exec(stdout);
        if (m && line.startsWith("limits:")) {
          listening = true;
          clearTimeout(timer);
          const banner = stdout.split("\n").filter((l) => !l.startsWith("[")).join("\n");
          resolve({ pid: child.pid, port: Number(m[1]), banner, stderr, stop: (graceMs) => stopServer(child, exited, graceMs) });
        }
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening (code ${code}, signal ${signal}); stderr: ${stderr.lines.join(" | ")}`));
    });
  });
}

/** SIGKILL `root` and its descendants (children first listed, so none is re-parented unnoticed). */
function killTree(root) {
  for (const pid of processTree(root).reverse()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** SIGTERM, wait up to `graceMs` for the exit, then SIGKILL what is left. Resolves to how it ended. */
async function stopServer(child, exited, graceMs = 15_000) {
  const startedAt = Date.now();
  const tree = processTree(child.pid);
  if (child.exitCode !== null || child.signalCode !== null) return { ...(await exited), ms: 0, killed: false };
  child.kill("SIGTERM");
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), graceMs)));
  const result = await Promise.race([exited, timeout]);
  clearTimeout(timer);
  let killed = false;
  if (result === undefined) {
    killed = true;
    killTree(child.pid);
  }
  // Children the supervisor should have taken down with it.
  for (const pid of tree) {
    try {
      process.kill(pid, 0);
      process.kill(pid, "SIGKILL");
      killed = true;
    } catch {
      // gone, as expected
    }
  }
  const final = result ?? (await exited);
  return { ...final, ms: Date.now() - startedAt, killed };
}

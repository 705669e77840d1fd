// HTTP.md §1: SIGTERM drains and exits 0 — also when it comes the moment the banner is
// out (an orchestrator that stops a pod right after it started). The signal handlers were
// once installed after the banner: a SIGTERM in between killed the process (about 1 start in 4).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { cleanEnv } from "./serve-child.js";
import { CLI_BIN } from "../support/repo-root.js";

/** Start `jsson serve`, SIGTERM it as soon as the banner's last line arrives; the exit status (null: killed by the signal). */
function termAtBanner(args: readonly string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, "serve", "-port", "0", "-host", "127.0.0.1", "-q", ...args], { stdio: ["ignore", "pipe", "ignore"], env: cleanEnv() });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("no exit within 60 s"));
    }, 60_000);
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (/^limits:/m.test(out)) child.kill("SIGTERM");
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

test("SIGTERM right after the banner: exit 0, every time (one process, then a cluster)", async () => {
  for (let i = 0; i < 8; i++) assert.is(await termAtBanner(["-processes", "1", "-workers", "1"]), 0, `single process, start ${i + 1}`);
  for (let i = 0; i < 2; i++) assert.is(await termAtBanner(["-processes", "2", "-workers", "2"]), 0, `two processes, start ${i + 1}`);
});

test.run();

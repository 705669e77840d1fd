// The real `jsson serve` binary: the playground is on by default and
// `-playground=false` (Go style) / `--no-playground` turn it off.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, type ChildProcess } from "node:child_process";
import { CLI_BIN } from "../support/repo-root.js";

interface Running {
  readonly child: ChildProcess;
  readonly base: string;
}

/** Start the CLI on a free port; resolves once the banner names the address. */
function serve(...flags: string[]): Promise<Running> {
  const child = spawn(process.execPath, [CLI_BIN, "serve", "-port", "0", "-host", "127.0.0.1", "-q", "-processes", "1", "-workers", "1", ...flags], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`no banner after 20 s:\n${out}\n${err}`)), 20_000);
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m !== null) {
        clearTimeout(timer);
        resolve({ child, base: m[1] as string });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`jsson serve exited (${code}) before listening:\n${out}\n${err}`));
    });
  });
}

function stop(running: Running): Promise<void> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null) return resolve();
    running.child.once("exit", () => resolve());
    running.child.kill("SIGTERM");
  });
}

test("jsson serve serves the playground at / by default", async () => {
  const running = await serve();
  try {
    const page = await fetch(running.base + "/");
    assert.is(page.status, 200);
    assert.is(page.headers.get("content-type"), "text/html; charset=utf-8");
    assert.match(await page.text(), /<title>JSSON playground<\/title>/);
    const api = await fetch(running.base + "/transpile", { method: "POST", body: JSON.stringify({ source: "a = 1", format: "toml" }) });
    const reply = (await api.json()) as { success: boolean; output: string; format: string };
    assert.equal([reply.success, reply.output, reply.format], [true, "a = 1\n", "toml"]);
  } finally {
    await stop(running);
  }
});

for (const off of [["-playground=false"], ["--no-playground"]]) {
  test(`jsson serve ${off.join(" ")}: the API only, / is the JSON 404`, async () => {
    const running = await serve(...off);
    try {
      const page = await fetch(running.base + "/");
      assert.is(page.status, 404);
      assert.equal(await page.json(), { error: "not found", path: "/" });
      const health = await fetch(running.base + "/health");
      assert.is(health.status, 200);
    } finally {
      await stop(running);
    }
  });
}

test.run();

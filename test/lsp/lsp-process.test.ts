/** The `jsson lsp` process: it ends when its client goes away (stdin closed) without a shutdown. */
import { spawn } from "node:child_process";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CLI_BIN, REPO_ROOT } from "../support/repo-root.js";

test("closing stdin without shutdown ends the server with status 1", async () => {
  const child = spawn(process.execPath, [CLI_BIN, "lsp"], { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
  const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  child.stdin.end();
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on("exit", (c, s) => resolve([c, s])));
  clearTimeout(killer);
  assert.is(signal, null, "it exits by itself, not killed");
  assert.is(code, 1, "LSP: exit without a shutdown request is status 1");
});

test.run();

/**
 * What an HTTP process forked by `jsson serve`'s supervisor runs
 * (run-server.ts): it serves with the settings the supervisor parsed, without
 * starting the CLI again. An error that escapes is a bug: one line, status 70,
 * as the CLI reports one (the stack with JSSON_DEBUG=1).
 */
import { runClusterChild } from "./run-server.js";

try {
  process.exitCode = await runClusterChild();
} catch (e) {
  process.stderr.write(`jsson: internal error in serve: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}\n`);
  if (process.env["JSSON_DEBUG"] && e instanceof Error && e.stack) process.stderr.write(e.stack + "\n");
  process.exitCode = 70;
}

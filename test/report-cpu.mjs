// Loaded by test/run.mjs into each test file's process (`node --import`): at
// exit, writes the CPU seconds of the file's process tree to fd 3 — its own
// (user + sys, every thread) and, on Linux, that of the child processes it
// started and waited for (cutime + cstime in /proc/self/stat, in clock ticks
// of 1/100 s). The suite on 2 cores is bound by CPU, not by waiting, so this
// is the figure that says which file to make cheaper. A file killed by a
// signal reports nothing.
import { readFileSync, writeSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

const TICKS_PER_S = 100;

/** CPU seconds of the children this process has waited for (0 where /proc is absent). */
function childrenSeconds() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // cutime and cstime are fields 16 and 17 of the line, 14 and 15 after the name
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

// Only the process the runner started reports: it is marked in the environment,
// and the mark is taken away at once, so that processes it forks or clusters
// (which inherit `--import`, and whose fd 3 may be their IPC channel) stay silent.
const marked = process.env["JSSON_TEST_CPU_FD"] === "3";
delete process.env["JSSON_TEST_CPU_FD"];

if (isMainThread && marked)
  process.on("exit", () => {
    const own = process.resourceUsage();
    const seconds = (own.userCPUTime + own.systemCPUTime) / 1e6 + childrenSeconds();
    try {
      writeSync(3, `${seconds.toFixed(2)}\n`);
    } catch {
      // the runner has closed its end
    }
  });

// Memory of a process tree, read from /proc (Linux). `jsson serve` is a
// supervisor that forks one HTTP process per core (node:cluster); worker
// threads live inside those processes, so summing VmRSS over the supervisor
// and its descendants gives the server's resident memory.
import { readdirSync, readFileSync } from "node:fs";

/** Fields of /proc/<pid>/stat after the command name (read after the last ')' since the name may hold spaces or parentheses); undefined when the process is gone. rest[0] is field 3 (state). */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Parent pid of `pid` (field 4), or undefined when it is gone. */
function parentOf(pid) {
  const rest = statFields(pid);
  return rest === undefined ? undefined : Number(rest[1]);
}

/** CPU time (user + system, fields 14 and 15) used so far by `root`'s live tree, in clock ticks (USER_HZ, 100 per second on Linux). */
export function treeCpuTicks(root) {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const rest = statFields(pid);
    if (rest !== undefined) ticks += Number(rest[11]) + Number(rest[12]);
  }
  return ticks;
}

/** `root` and every live descendant of it. */
export function processTree(root) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const ppid = parentOf(name);
    if (ppid === undefined) continue;
    const list = children.get(ppid) ?? [];
    list.push(Number(name));
    children.set(ppid, list);
  }
  const out = [];
  const todo = [root];
  while (todo.length > 0) {
    const pid = todo.pop();
    out.push(pid);
    for (const child of children.get(pid) ?? []) todo.push(child);
  }
  return out;
}

/** VmRSS of one process in KiB (0 when it is gone or is a zombie). */
function rssKib(pid) {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of `root`'s tree: total KiB and the pids it was summed over. */
export function treeRss(root) {
  const pids = processTree(root);
  let totalKib = 0;
  const perPid = [];
  for (const pid of pids) {
    const kib = rssKib(pid);
    totalKib += kib;
    perPid.push({ pid, kib });
  }
  return { totalKib, perPid };
}

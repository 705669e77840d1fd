// CPU time of the whole machine from /proc/stat (Linux), to tell the soak's
// own load from other processes and from time the hypervisor took away.

import { readFileSync } from "node:fs";

/** Cumulative machine CPU in clock ticks (USER_HZ, 100 per second): busy (user, nice, system, irq, softirq), steal, and idle (with iowait). */
export function machineCpuTicks() {
  const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0];
  const [, ...fields] = line.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  return { busy: user + nice + system + irq + softirq, steal: steal ?? 0, idle: idle + iowait };
}

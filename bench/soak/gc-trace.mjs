// Reads `node --trace-gc` lines of the server's processes (the diagnostic
// `--trace-gc` of run.mjs) and keeps, per isolate (each HTTP process and
// each of its worker threads), the live heap after every full
// (mark-compact) collection. A live heap that keeps rising minute after
// minute is a leak; RSS rising while the live heap stays flat is V8 sizing
// its heap, not retained data.

const MARK_COMPACT = /^\[(\d+):(0x[0-9a-f]+)\]\s+[\d.]+ ms: Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB/;

export class GcTrace {
  constructor() {
    /** isolate key → per minute { min live MB, last live MB, last committed MB, count } */
    this.isolates = new Map();
    this.fullGcs = 0;
  }

  /** Take one stdout line seen during minute `minute` of the soak (lines outside the soak: minute undefined, ignored). */
  line(text, minute) {
    if (minute === undefined) return;
    const m = MARK_COMPACT.exec(text);
    if (!m) return;
    this.fullGcs++;
    const key = `${m[1]}:${m[2]}`;
    const live = Number(m[3]);
    const committed = Number(m[4]);
    const perMinute = this.isolates.get(key) ?? [];
    this.isolates.set(key, perMinute);
    const slot = perMinute[minute] ?? { min: live, last: live, committed, count: 0 };
    slot.min = Math.min(slot.min, live);
    slot.last = live;
    slot.committed = committed;
    slot.count++;
    perMinute[minute] = slot;
  }

  /** Report lines: per minute, the live heap after full GC summed over isolates (each isolate's lowest value that minute, or its last known one). */
  report(minutes) {
    if (this.fullGcs === 0) return ["live heap: no full (mark-compact) GC traced during the soak"];
    const rows = [];
    const lastKnown = new Map();
    for (let i = 0; i < minutes; i++) {
      let live = 0;
      let committed = 0;
      let count = 0;
      for (const [key, perMinute] of this.isolates) {
        const slot = perMinute[i];
        if (slot) {
          lastKnown.set(key, slot);
          count += slot.count;
        }
        const known = slot ?? lastKnown.get(key);
        if (known) {
          live += slot ? slot.min : known.last;
          committed += known.committed;
        }
      }
      rows.push(`${(i + 1).toString().padStart(3)}: ${live.toFixed(1).padStart(7)} MB live, ${committed.toFixed(1).padStart(7)} MB committed, ${String(count).padStart(4)} full GCs`);
    }
    return [
      `live heap after full GC (V8 --trace-gc; summed over ${this.isolates.size} isolates, each at its lowest that minute; committed = heap size V8 keeps):`,
      ...rows.map((r) => `  ${r}`),
    ];
  }
}

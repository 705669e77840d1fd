/**
 * Human-friendly sizes (`2MiB`, `512k`, `1048576`) and durations (`10s`,
 * `500ms`, `2m`) for flags (the CLI's limits, `jsson serve`'s), and their
 * display forms for the server banner and its messages. In argv/ because
 * argv/ imports no other room of cli/, so both the CLI and the server can.
 */

/** Bytes, then k, m and g: alone and with `ib` binary, with `b` decimal. */
const SIZE_UNITS: Readonly<Record<string, number>> = Object.fromEntries([
  ["", 1],
  ["b", 1],
  ...["k", "m", "g"].flatMap((p, i) => [[p, 1024 ** (i + 1)], [`${p}ib`, 1024 ** (i + 1)], [`${p}b`, 1000 ** (i + 1)]]),
]);

const DURATION_UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Parse a byte size; `undefined` when the text is not one. A bare number means bytes. */
export function parseSize(text: string): number | undefined {
  return amount(text, SIZE_UNITS, Math.floor);
}

/** Parse a duration; `undefined` when the text is not one. A bare number means seconds (Go's flag habit aside, people type `-timeout 10`). */
export function parseDuration(text: string): number | undefined {
  return amount(text, { "": 1000, ...DURATION_UNITS }, Math.round);
}

/** A number and a unit of `units` (`""`: none given) as a whole number of the smallest unit; `undefined` when the text is not one. */
function amount(text: string, units: Readonly<Record<string, number>>, round: (x: number) => number): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
  const unit = m === null ? undefined : units[(m[2] ?? "").toLowerCase()];
  if (m === null || unit === undefined) return undefined;
  const n = round(Number(m[1]) * unit);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** `2097152` → `2MiB`; exact binary multiples get a unit, anything else stays in bytes. */
export function formatSize(bytes: number): string {
  for (const [unit, factor] of [["GiB", 1024 ** 3], ["MiB", 1024 ** 2], ["KiB", 1024]] as const) {
    if (bytes >= factor && bytes % factor === 0) return `${bytes / factor}${unit}`;
  }
  return `${bytes}B`;
}

/** `10000` → `10s`, `1500` → `1500ms`, `0` → `none`. */
export function formatDuration(ms: number): string {
  if (ms === 0) return "none";
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

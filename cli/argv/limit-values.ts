/**
 * Parsers for the values of limit flags (`--max-output 64MiB`,
 * `--timeout 10s`, `--max-depth 512`). Each returns a number or a message
 * saying what was expected; shared by `jsson transpile` and `jsson serve`.
 */

/** A parsed value, or why it was refused. */
export type ParsedValue = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

const COUNT = /^\d+$/;
const SIZE = /^(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?$/i;
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i;
const SIZE_UNITS: Readonly<Record<string, number>> = {
  b: 1,
  k: 1024,
  kb: 1000,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1000 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1000 ** 3,
  gib: 1024 ** 3,
};
const DURATION_UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A non-negative integer (`512`). */
export function parseCount(text: string, what: string): ParsedValue {
  const n = Number(text);
  if (!COUNT.test(text.trim()) || !Number.isSafeInteger(n)) return { ok: false, message: `${what} must be a non-negative integer, got "${text}"` };
  return { ok: true, value: n };
}

/** A byte size: `1048576`, `512KiB`, `64MiB`, `2MB`, `1G` (k/m/g alone are binary). */
export function parseByteSize(text: string, what: string): ParsedValue {
  const m = SIZE.exec(text.trim());
  const n = m ? Math.floor(Number(m[1]) * (SIZE_UNITS[(m[2] ?? "b").toLowerCase()] ?? 1)) : NaN;
  if (!Number.isSafeInteger(n)) return { ok: false, message: `${what} must be a size like 1048576, 512KiB or 64MiB, got "${text}"` };
  return { ok: true, value: n };
}

/** A duration in milliseconds: `1500` (ms), `1500ms`, `10s`, `2m`, `1h`; `0` means none. */
export function parseDuration(text: string, what: string): ParsedValue {
  const m = DURATION.exec(text.trim());
  const n = m ? Math.round(Number(m[1]) * (DURATION_UNITS[(m[2] ?? "ms").toLowerCase()] ?? 1)) : NaN;
  if (!Number.isSafeInteger(n)) return { ok: false, message: `${what} must be a duration like 1500, 500ms or 10s, got "${text}"` };
  return { ok: true, value: n };
}

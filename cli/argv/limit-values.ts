/**
 * Parsers for the values of `jsson transpile`'s limit flags
 * (`--max-output 64MiB`, `--timeout 10s`, `--max-depth 512`). Each returns a
 * number or a message saying what was expected. Units are those of
 * `jsson serve` (cli/argv/units.ts): a bare `--timeout` number means
 * seconds in both places.
 */
import { parseDuration as parseUnitDuration, parseSize } from "./units.js";

/** A parsed value, or why it was refused. */
export type ParsedValue = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

const COUNT = /^\s*\d+\s*$/;

/** A non-negative integer (`512`). */
export function parseCount(text: string, what: string): ParsedValue {
  const n = Number(text);
  if (!COUNT.test(text) || !Number.isSafeInteger(n)) return { ok: false, message: `${what} must be a non-negative integer, got "${text}"` };
  return { ok: true, value: n };
}

/** A byte size: `1048576`, `512KiB`, `64MiB`, `2MB`, `1G` (k/m/g alone are binary). */
export function parseByteSize(text: string, what: string): ParsedValue {
  const n = parseSize(text);
  if (n === undefined) return { ok: false, message: `${what} must be a size like 1048576, 512KiB or 64MiB, got "${text}"` };
  return { ok: true, value: n };
}

/** A duration, in milliseconds: `10` (seconds), `1500ms`, `10s`, `2m`, `1h`; `0` means none. */
export function parseDuration(text: string, what: string): ParsedValue {
  const n = parseUnitDuration(text);
  if (n === undefined || !Number.isSafeInteger(n)) return { ok: false, message: `${what} must be a duration like 10 (seconds), 500ms or 10s, got "${text}"` };
  return { ok: true, value: n };
}

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
  return checked(COUNT.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined, text, what, "a non-negative integer");
}

/** A byte size: `1048576`, `512KiB`, `64MiB`, `2MB`, `1G` (k/m/g alone are binary). */
export function parseByteSize(text: string, what: string): ParsedValue {
  return checked(parseSize(text), text, what, "a size like 1048576, 512KiB or 64MiB");
}

/** A duration, in milliseconds: `10` (seconds), `1500ms`, `10s`, `2m`, `1h`; `0` means none. */
export function parseDuration(text: string, what: string): ParsedValue {
  return checked(parseUnitDuration(text), text, what, "a duration like 10 (seconds), 500ms or 10s");
}

function checked(value: number | undefined, text: string, what: string, expected: string): ParsedValue {
  return value === undefined ? { ok: false, message: `${what} must be ${expected}, got "${text}"` } : { ok: true, value };
}

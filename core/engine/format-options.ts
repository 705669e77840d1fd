/**
 * Checking the format options of a run against what the format declares
 * ({@link OutputFormat.options}). An option the format does not know is
 * refused rather than ignored: `--compact` with YAML would otherwise write
 * something other than what was asked for, silently.
 */
import type { FormatOptionValue, OutputFormat } from "../plugin.js";

/** The options as the emitter will see them, or why they are refused. */
export type CheckedFormatOptions =
  | { readonly ok: true; readonly options: Readonly<Record<string, FormatOptionValue>> }
  | { readonly ok: false; readonly message: string };

const NONE: Readonly<Record<string, FormatOptionValue>> = Object.freeze({});

/** Check `given` (undefined values are dropped) against `format`'s declared options. */
export function checkFormatOptions(format: OutputFormat, given: Readonly<Record<string, unknown>> | undefined): CheckedFormatOptions {
  if (given === undefined) return { ok: true, options: NONE };
  const declared = format.options ?? {};
  const out: Record<string, FormatOptionValue> = Object.create(null) as Record<string, FormatOptionValue>;
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const spec = Object.hasOwn(declared, name) ? declared[name] : undefined;
    if (spec === undefined) {
      const known = Object.keys(declared);
      return { ok: false, message: `the ${format.name} format has no option "${name}" (${known.length === 0 ? "it has none" : `it has: ${known.join(", ")}`})` };
    }
    if (typeof value !== spec.type) return { ok: false, message: `the ${format.name} format's option "${name}" takes a ${spec.type}` };
    out[name] = value as FormatOptionValue;
  }
  return { ok: true, options: Object.keys(out).length === 0 ? NONE : out };
}

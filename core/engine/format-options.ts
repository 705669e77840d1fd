/**
 * Checking the format options of a run against what the format declares
 * ({@link OutputFormat.options}). An option the format does not know is
 * refused rather than ignored: `--compact` with YAML would otherwise write
 * something other than what was asked for, silently.
 */
import { fill, fillText, MESSAGES, PHRASES } from "../diagnostics/catalogue.js";
import type { FormatOptionValue, OutputFormat } from "../plugin/index.js";

/** The options as the emitter will see them, or why they are refused. */
export type CheckedFormatOptions =
  | { readonly ok: true; readonly options: Readonly<Record<string, FormatOptionValue>> }
  | { readonly ok: false; readonly message: string };

const NONE: Readonly<Record<string, FormatOptionValue>> = Object.freeze({});

const NO_OPTIONS: CheckedFormatOptions = Object.freeze({ ok: true, options: NONE });

/**
 * Checks of format options, remembering the verdicts on frozen option
 * objects, by format: a server passes the same frozen object
 * (`{ compact: true }`) to every run, and checking it again each time was a
 * measurable part of a small request. One per pipeline (pipeline.ts).
 */
export class FormatOptionChecks {
  readonly #verdicts = new WeakMap<object, WeakMap<OutputFormat, CheckedFormatOptions>>();

  /** Check `given` (undefined values are dropped) against `format`'s declared options. */
  check(format: OutputFormat, given: Readonly<Record<string, unknown>> | undefined): CheckedFormatOptions {
    if (given === undefined) return NO_OPTIONS;
    if (!Object.isFrozen(given)) return check(format, given);
    let byFormat = this.#verdicts.get(given);
    if (byFormat === undefined) this.#verdicts.set(given, (byFormat = new WeakMap()));
    let verdict = byFormat.get(format);
    if (verdict === undefined) byFormat.set(format, (verdict = check(format, given)));
    return verdict;
  }
}

function check(format: OutputFormat, given: Readonly<Record<string, unknown>>): CheckedFormatOptions {
  const declared = format.options ?? {};
  const out: Record<string, FormatOptionValue> = Object.create(null) as Record<string, FormatOptionValue>;
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const spec = Object.hasOwn(declared, name) ? declared[name] : undefined;
    if (spec === undefined) {
      const known = Object.keys(declared);
      return { ok: false, message: fill(MESSAGES.unknownFormatOption, format.name, name, known.length === 0 ? PHRASES.formatHasNoOptions : fillText(PHRASES.formatHasOptions, known.join(", "))).message };
    }
    if (typeof value !== spec.type) return { ok: false, message: fill(MESSAGES.formatOptionType, format.name, name, spec.type).message };
    out[name] = value as FormatOptionValue;
  }
  return { ok: true, options: Object.keys(out).length === 0 ? NONE : Object.freeze(out) };
}

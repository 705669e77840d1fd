/**
 * Where an error raised while writing a tree is placed in the root source:
 * an emitter's {@link OutputError} names a top-level key and lands on the
 * statement that defined it (LANGUAGE.md §13.1, recorded by the evaluator);
 * a limit reached while writing names the offset being written; an error
 * of a lazy part carries its own place.
 */
import { CODES, fill, MESSAGES } from "../diagnostics/catalogue.js";
import { EvalError } from "../values/eval-error.js";
import { ProgramValue, type Span } from "../values/program-value.js";
import type { ObjectValue } from "../values/values.js";
import { isOutputError } from "../emit/output-error.js";
import { OutputLimitError } from "./limited-sink.js";
import type { RawDiagnostic } from "../diagnostics/make-diagnostic.js";

const NOWHERE: Span = { start: 0, end: 0 };

/** The diagnostic of an error raised while evaluating lazy parts of a tree (or a stack overflow there); `undefined` for anything else. */
export function evalDiagnostic(e: unknown): RawDiagnostic | undefined {
  if (e instanceof EvalError) return e.diagnostic;
  if (e instanceof RangeError && /call stack/i.test(e.message)) return { ...fill(MESSAGES.nestingTooDeepWriting), start: 0, end: 0 };
  return undefined;
}

/** Where the statement that defined top-level key `key` of `root` is (line 1 when unknown). */
export function keySpan(root: ObjectValue, key: string | undefined): Span {
  return (key !== undefined && root instanceof ProgramValue ? root.origins.get(key) : undefined) ?? NOWHERE;
}

/**
 * The diagnostic of an error thrown while checking or writing `root`;
 * `undefined` for an error that is nobody's but ours (a bug), to rethrow.
 * @param errorKey maps the key an emitter named to the key to place it on (a selection's first key)
 */
export function writeErrorDiagnostic(e: unknown, root: ObjectValue, errorKey: (key: string | undefined) => string | undefined): RawDiagnostic | undefined {
  if (isOutputError(e)) {
    const span = keySpan(root, errorKey(e.key));
    return { code: CODES.O_OUTPUT, message: e.message, start: span.start, end: span.end };
  }
  if (e instanceof OutputLimitError) return { code: e.code, message: e.message, start: e.at, end: e.at + 1 };
  return evalDiagnostic(e);
}

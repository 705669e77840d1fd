import type { CodedMessage } from "../diagnostics/catalogue.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RawDiagnostic } from "../diagnostics/make-diagnostic.js";

/** A runtime error in the user's program; unwinds evaluation to the run's edge, where it becomes a diagnostic. */
export class EvalError extends Error {
  readonly diagnostic: RawDiagnostic;
  /** `cause`: the error this one reports, placed in its own file (I4). */
  constructor(m: CodedMessage, start: number, end = start + 1, cause?: Diagnostic) {
    super(m.message);
    this.diagnostic = cause === undefined ? { code: m.code, message: m.message, start, end } : { code: m.code, message: m.message, start, end, cause };
  }
}

import type { DiagnosticCode } from "../diagnostics/catalogue.js";
import type { RawDiagnostic } from "../diagnostics/make-diagnostic.js";

/** A runtime error in the user's program; unwinds evaluation to the run's edge, where it becomes a diagnostic. */
export class EvalError extends Error {
  readonly diagnostic: RawDiagnostic;
  constructor(code: DiagnosticCode, message: string, start: number, end = start + 1) {
    super(message);
    this.diagnostic = { code, message, start, end };
  }
}

import type { CodedMessage, DiagnosticCode } from "../diagnostics/catalogue.js";

/**
 * A problem in a data document (a data include, a vars file, external
 * variables): its message, without a `Line` prefix, and the 1-based line of
 * the document where it lies. Callers place it (an include wraps it as
 * LANGUAGE.md §13.3 says; the CLI and the server name the flag or field).
 */
export class DataError extends Error {
  readonly code: DiagnosticCode;

  constructor(
    m: CodedMessage,
    readonly line: number,
  ) {
    super(m.message);
    this.code = m.code;
    this.name = "DataError";
  }
}

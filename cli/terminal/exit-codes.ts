/**
 * Exit statuses of the jsson CLI (LANGUAGE.md §13.1).
 *
 * A missing or unreadable input file is a source problem (status 1, like a
 * syntax error: the command line was fine, the input is not); a missing
 * schema file is a usage problem (status 2), as is every bad flag.
 */
export const EXIT = {
  /** Success. */
  OK: 0,
  /** The source failed: lexical, syntax, runtime, include, output or limit error; or the input file cannot be read. */
  SOURCE: 1,
  /** Bad command line (unknown flag or format, bad value, unreadable schema file). */
  USAGE: 2,
  /** Schema validation failed, or the schema itself is unusable. */
  SCHEMA: 2,
  /** A bug in jsson (reported as `internal error: …`). */
  INTERNAL: 70,
  /** stdout was closed by the reader (as if killed by SIGPIPE); nothing is printed. */
  BROKEN_PIPE: 141,
} as const;

/** A bad command line, caught at the top and printed as one line, exit status {@link EXIT.USAGE}. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

import { ObjectValue } from "./values.js";

/** Where a statement starts and ends in its source. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The value of a program: an object that also knows, for each top-level key,
 * the span of the statement that defined it (named by output errors, §13.1).
 */
export class ProgramValue extends ObjectValue {
  readonly origins = new Map<string, Span>();
}

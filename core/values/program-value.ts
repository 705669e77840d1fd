import type { LineIndex } from "../source/line-index.js";
import type { CostMeter } from "./cost-meter.js";
import { ObjectValue } from "./values.js";

/** Where a statement starts and ends in its source. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The run that made a tree, for whoever writes it later (the engine's `emit`). */
export interface TreeRun {
  /** When the run began (`Date.now()`): its time limit counts from here. */
  readonly startedAt: number;
  readonly meter: CostMeter;
  /** Call before each full traversal, so lazy parts are counted once per pass. */
  readonly beginPass: () => void;
  /** Lines of the root source: errors found while writing are placed with them (no source text travels with a tree). */
  readonly lines: LineIndex;
}

/**
 * The value of a program: an object that also knows, for each top-level key,
 * the span of the statement that defined it (named by output errors, §13.1),
 * and, for a root program the engine returned, the run that made it.
 */
export class ProgramValue extends ObjectValue {
  readonly origins = new Map<string, Span>();
  run: TreeRun | undefined = undefined;
}

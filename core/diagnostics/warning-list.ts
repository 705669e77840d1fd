/**
 * The warnings of one source (LANGUAGE.md §16.5) as they are detected, with
 * the texts the spec's table gives. A list holds at most
 * {@link MAX_WARNINGS}: a program with a million mistakes still costs a
 * bounded report.
 *
 * Each warning is written out property by property, never spread: on Node 20 a spread
 * followed by more properties costs microseconds per object (bench/RESULTS.md).
 */
import { type CodedMessage, fill, MESSAGES } from "./catalogue.js";
import type { RawDiagnostic } from "./make-diagnostic.js";
import { quoteInMessage } from "./message-text.js";

/** Warnings kept per source (more are counted as dropped, never stored). */
export const MAX_WARNINGS = 100;

/** A bounded list of detected warnings. */
export class WarningList {
  readonly items: RawDiagnostic[] = [];

  add(w: RawDiagnostic): void {
    if (this.items.length < MAX_WARNINGS) this.items.push(w);
  }

  /** True once the list holds {@link MAX_WARNINGS}: later warnings need not be made. */
  get full(): boolean {
    return this.items.length >= MAX_WARNINGS;
  }
}

/** The message of W1 ({@link nearNameWarning}): the same wherever the word is written, so made once per word. */
export function nearNameMessage(word: string, name: string): CodedMessage {
  return fill(MESSAGES.nearName, quoteInMessage(word), name);
}

/** W1: a bare word near a visible name, with its {@link nearNameMessage}; the suggestion replaces the word. */
export function nearNameWarning(m: CodedMessage, name: string, start: number, end: number): RawDiagnostic {
  return { code: m.code, message: m.message, start, end, suggestion: { text: name, start, end } };
}

/** The message of W2 ({@link bareOperandWarning}): the same wherever the word is written, so made once per word. */
export function bareOperandMessage(word: string): CodedMessage {
  return fill(MESSAGES.bareOperand, quoteInMessage(word));
}

/** W2: a bare word used as an operand, a condition or inside `${…}`, with its {@link bareOperandMessage}; the suggestion quotes it. */
export function bareOperandWarning(m: CodedMessage, word: string, start: number, end: number): RawDiagnostic {
  return { code: m.code, message: m.message, start, end, suggestion: { text: `"${word}"`, start, end } };
}

/** W3: a key set again in the same body; `firstLine` is where the replaced value was set. */
export function keySetAgainWarning(key: string, firstLine: number, start: number, end: number): RawDiagnostic {
  const m = fill(MESSAGES.keySetAgain, quoteInMessage(key), firstLine);
  return { code: m.code, message: m.message, start, end };
}

/** W4: a line starting with `-`/`+` inside `[ … ]` joins the element above; the suggestion inserts a comma at `elementEnd`. */
export function lineJoinsElementWarning(op: string, at: number, elementEnd: number): RawDiagnostic {
  const m = fill(MESSAGES.lineJoinsElement, op);
  return { code: m.code, message: m.message, start: at, end: at + 1, suggestion: { text: ",", start: elementEnd, end: elementEnd } };
}

/** W5: a backslash that starts no escape, at `start` (the backslash) followed by `c`. */
export function unknownEscapeWarning(c: string, start: number): RawDiagnostic {
  const m = fill(MESSAGES.unknownEscape, quoteInMessage(c));
  return { code: m.code, message: m.message, start, end: start + 1 + c.length };
}

/** W6: a `${…}` kept as written; `text` is its inside, `reason` says why. */
export function interpolationKeptWarning(text: string, reason: string, start: number, end: number, suggestion?: RawDiagnostic["suggestion"]): RawDiagnostic {
  const m = fill(MESSAGES.interpolationKept, quoteInMessage(text), reason);
  return suggestion === undefined ? { code: m.code, message: m.message, start, end } : { code: m.code, message: m.message, start, end, suggestion };
}

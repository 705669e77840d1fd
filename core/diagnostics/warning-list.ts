/**
 * The warnings of one source (LANGUAGE.md §16.5) as they are detected, with
 * the texts the spec's table gives. A list holds at most
 * {@link MAX_WARNINGS}: a program with a million mistakes still costs a
 * bounded report.
 */
import { CODES } from "./catalogue.js";
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

/** W1: a bare word near a visible name; the suggestion replaces the word. */
export function nearNameWarning(word: string, name: string, start: number, end: number): RawDiagnostic {
  const w = quoteInMessage(word);
  return {
    code: CODES.W1_NEAR_NAME,
    message: `'${w}' is not defined and is used as the string "${w}" — did you mean '${name}'?`,
    start,
    end,
    suggestion: { text: name, start, end },
  };
}

/** W2: a bare word used as an operand, a condition or inside `${…}`; the suggestion quotes it. */
export function bareOperandWarning(word: string, start: number, end: number): RawDiagnostic {
  const w = quoteInMessage(word);
  return {
    code: CODES.W2_BARE_OPERAND,
    message: `'${w}' is not defined and is used as the string "${w}" — quote it, or define it (an external variable: --var ${w}=…)`,
    start,
    end,
    suggestion: { text: `"${word}"`, start, end },
  };
}

/** W3: a key set again in the same body; `firstLine` is where the replaced value was set. */
export function keySetAgainWarning(key: string, firstLine: number, start: number, end: number): RawDiagnostic {
  return { code: CODES.W3_KEY_SET_AGAIN, message: `key "${quoteInMessage(key)}" is set again; the value from line ${firstLine} is replaced`, start, end };
}

/** W4: a line starting with `-`/`+` inside `[ … ]` joins the element above; the suggestion inserts a comma at `elementEnd`. */
export function lineJoinsElementWarning(op: string, at: number, elementEnd: number): RawDiagnostic {
  return {
    code: CODES.W4_LINE_JOINS_ELEMENT,
    message: `this line continues the element above as '${op}'; write a comma before it to start a new element`,
    start: at,
    end: at + 1,
    suggestion: { text: ",", start: elementEnd, end: elementEnd },
  };
}

/** W5: a backslash that starts no escape, at `start` (the backslash) followed by `c`. */
export function unknownEscapeWarning(c: string, start: number): RawDiagnostic {
  return { code: CODES.W5_UNKNOWN_ESCAPE, message: `'\\${quoteInMessage(c)}' is not an escape in JSSON strings; the backslash is kept`, start, end: start + 1 + c.length };
}

/** W6: a `${…}` kept as written; `text` is its inside, `reason` says why. */
export function interpolationKeptWarning(text: string, reason: string, start: number, end: number, suggestion?: RawDiagnostic["suggestion"]): RawDiagnostic {
  const w: RawDiagnostic = { code: CODES.W6_INTERPOLATION_KEPT, message: `'\${${quoteInMessage(text)}}' is kept as written: ${reason}`, start, end };
  return suggestion === undefined ? w : { ...w, suggestion };
}

/**
 * Answers of the fast path, remembered by the exact text of the request
 * that got them. A service is sent the same small request again and again
 * (every instance of every deploy asks for its configuration); the answer
 * is a function of the request text alone, so a repeat is answered from
 * memory without parsing the body or running the engine again.
 *
 * Why the answer depends on the text alone: only what the fast path
 * answered is remembered (inline-runner.ts), and it answers only requests
 * that read no file (no `include` with `-include-root`), run no plugin code
 * (built-in formats, no tapped stage) and fail, if they fail, for a reason
 * of the source rather than of a limit or the clock. The language has no
 * clock, environment or randomness; `vars` and `files` are part of the text.
 * The one field that is not is `transpile_time_ms`: a remembered answer
 * states the time it took to answer, which is what that field measures.
 *
 * Bounded: texts and answers of a few KiB only, a fixed number of entries
 * and of characters, the least recently used going first. A stream of
 * one-off requests costs a Map insertion and eviction each, against the
 * evaluation every such request pays anyway.
 */
import { msText } from "./json-text.js";

/** The field a remembered answer gets anew: the time this request took. */
const TIME_FIELD = '"transpile_time_ms":';
/** What follows {@link TIME_FIELD} when it is the answer's last field: its number and the closing brace. */
const TIME_VALUE_AT_END = /^[0-9.e+-]{1,32}}$/;

/** Largest request text remembered, in UTF-16 code units (the fast path takes sources of a few KiB). */
const MAX_TEXT = 16 * 1024;
/** Largest answer remembered, in UTF-16 code units. */
const MAX_ANSWER = 16 * 1024;
/** Entries kept per endpoint. */
const MAX_ENTRIES = 1024;
/** Characters kept per endpoint (texts and answers): at most 8 MiB of strings. */
const MAX_CHARS = 4 * 1024 * 1024;

interface Entry {
  /** The answer up to its time value (the whole answer when it has no time field). */
  readonly head: string;
  /** Whether the answer ends with the time field's value (then `head` is followed by the time and `}`). */
  readonly timed: boolean;
  readonly chars: number;
}

/** The remembered answers of one endpoint, in use order: the first key is the least recently used. */
class Answers {
  readonly byText = new Map<string, Entry>();
  chars = 0;
}

/** Remembered answers, per endpoint; see the file header. */
export class AnswerMemo {
  private readonly byEndpoint = new Map<string, Answers>();
  /** Requests answered from memory so far (for /metrics). */
  hits = 0;

  /** The remembered answer to `text` at `endpoint`, timed from `startedAt` (a `performance.now()` value); `undefined` if none. */
  answer(endpoint: string, text: string, startedAt: number): string | undefined {
    if (text.length > MAX_TEXT) return undefined;
    const answers = this.byEndpoint.get(endpoint)?.byText;
    const entry = answers?.get(text);
    if (answers === undefined || entry === undefined) return undefined;
    // Move to the most recently used end.
    answers.delete(text);
    answers.set(text, entry);
    this.hits++;
    return entry.timed ? `${entry.head}${msText(performance.now() - startedAt)}}` : entry.head;
  }

  /** Remember `answer`, the fast path's answer to `text` at `endpoint`. */
  remember(endpoint: string, text: string, answer: string): void {
    if (text.length > MAX_TEXT || answer.length > MAX_ANSWER) return;
    let answers = this.byEndpoint.get(endpoint);
    if (answers === undefined) this.byEndpoint.set(endpoint, (answers = new Answers()));
    if (answers.byText.has(text)) return;
    const at = answer.lastIndexOf(TIME_FIELD);
    const timed = at >= 0 && TIME_VALUE_AT_END.test(answer.slice(at + TIME_FIELD.length));
    const head = timed ? answer.slice(0, at + TIME_FIELD.length) : answer;
    const entry: Entry = { head, timed, chars: text.length + head.length };
    answers.byText.set(text, entry);
    answers.chars += entry.chars;
    for (const [oldest, old] of answers.byText) {
      if (answers.byText.size <= MAX_ENTRIES && answers.chars <= MAX_CHARS) break;
      answers.byText.delete(oldest);
      answers.chars -= old.chars;
    }
  }
}

/**
 * The teaching half of a syntax error (issue #23): a hint appended to the
 * catalogue message when the text around the failure shows what the writer
 * meant — an unquoted version, image, URL or path (`write it as a string:
 * "nginx:1.25"`), a dotted key, a template outside an array block.
 *
 * Read only on error paths, from the source text. Every scan is bounded by
 * {@link MAX_SCAN} characters each way, whatever the line's length: a
 * template string's `${…}` is parsed by a sub-parser whose failures are
 * silent, so one source may fail (and ask for a hint) many times.
 */
import { fillText, PHRASES } from "../diagnostics/catalogue.js";
import { quoteInMessage } from "../diagnostics/message-text.js";

/** Characters examined on each side of a failure. */
const MAX_SCAN = 200;
/** A value longer than this is shown as `…` in a suggested rewrite. */
const MAX_SHOWN_VALUE = 40;

/** Characters that end a run of unquoted text: white space, separators, brackets and quotes. */
function isRunStop(c: string): boolean {
  return c === " " || c === "\t" || c === "\r" || c === "\n" || c === "," || c === "[" || c === "]" || c === "{" || c === "}" || c === "(" || c === ")" || c === '"' || c === "`";
}

/** Characters that make a word something JSSON only accepts as a string. */
const NEEDS_QUOTES = /[.:/@\\#?&%~*+-]/;
const WORD_CHARS = /^[\p{L}\p{N}_.\- ]+$/u;
const NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/**
 * `write it as a string: "<text>"` when the failure at `failStart` lies in a
 * run of unquoted text standing where a value goes (after `=`, `:`, `,` or
 * `[`, or alone on its line): `1.2.0`, `nginx:1.25`, `http://x/y`,
 * `/usr/bin`, `a@b.c`, or words separated by spaces (`Software Engineer`).
 * `glued`: the run is known to be one bad word (a number glued to letters,
 * `512Mi`), whatever characters it holds.
 */
export function quoteHint(src: string, failStart: number, glued = false): string | undefined {
  const floor = Math.max(0, failStart - MAX_SCAN);
  const ceiling = Math.min(src.length, failStart + MAX_SCAN);
  let from = failStart;
  while (from > floor && !isRunStop(src[from - 1] as string)) from--;
  let to = failStart;
  while (to < ceiling && !isRunStop(src[to] as string)) to++;
  let run = src.slice(from, to);
  if (run === "" || (from === floor && floor > 0) || (to === ceiling && ceiling < src.length)) return undefined;
  if (!glued && !NEEDS_QUOTES.test(run)) {
    // not one glued run: words separated by spaces (`title = Software Engineer`)
    let start = from;
    while (start > floor && (src[start - 1] === " " || src[start - 1] === "\t" || /[\p{L}\p{N}_.-]/u.test(src[start - 1] as string))) start--;
    let end = to;
    while (end < ceiling && src[end] !== "\n" && src[end] !== "," && src[end] !== "]" && src[end] !== "}" && !src.startsWith("//", end)) end++;
    if ((start === floor && floor > 0) || (end === ceiling && ceiling < src.length)) return undefined;
    run = src.slice(start, end).trim();
    if (!WORD_CHARS.test(run) || !/^\p{L}/u.test(run) || !/\s/.test(run)) return undefined;
    // in `[a b]` a comma is as likely missing as quotes: only a member's value gets the hint
    if (!afterAssign(src, start, floor)) return undefined;
    from = start;
  }
  if (!atValuePlace(src, from, floor)) return undefined;
  return fillText(PHRASES.writeAsString, quoteInMessage(run.trim()));
}

/** Where the blanks (spaces, tabs) before `at` start, looking back no further than `floor`. */
function blanksBefore(src: string, at: number, floor: number): number {
  let i = at;
  while (i > floor && (src[i - 1] === " " || src[i - 1] === "\t")) i--;
  return i;
}

/** True when `at` follows a member's `=`, `:=` or `:`. */
function afterAssign(src: string, at: number, floor: number): boolean {
  const c = src[blanksBefore(src, at, floor) - 1];
  return c === "=" || c === ":";
}

/** True when `at` begins a value: after `=`, `:`, `,`, `[` or `(`, or first on its line. */
function atValuePlace(src: string, at: number, floor: number): boolean {
  const i = blanksBefore(src, at, floor);
  if (i === 0) return false; // the start of the file is a key's place
  const c = src[i - 1];
  return c === "=" || c === ":" || c === "," || c === "[" || c === "(" || (c === "\n" && insideBrackets(src, i));
}

/** Rough check that a line start lies inside `[ … ]` (an element on its own line): the nearest unmatched bracket before it is `[`. */
function insideBrackets(src: string, at: number): boolean {
  let depth = 0;
  for (let i = at - 1; i >= Math.max(0, at - MAX_SCAN); i--) {
    const c = src[i];
    if (c === "]" || c === "}") depth++;
    else if (c === "[" || c === "{") {
      if (depth === 0) return c === "[";
      depth--;
    }
  }
  return false;
}

/** For a `#` that starts a line: JSSON's comments are `//`. */
export function commentHint(src: string, at: number): string | undefined {
  const i = blanksBefore(src, at, Math.max(0, at - MAX_SCAN));
  return i === 0 || src[i - 1] === "\n" ? PHRASES.commentsStartWith : undefined;
}

/**
 * For a key followed by something other than `=`, `:=`, `{` or `[`: a
 * dotted key (`a.b = 1` → JSSON has no dotted keys; write `a { b = 1 }`)
 * or a key holding characters a name cannot (`my-key` → write the key as a
 * string: "my-key").
 */
export function keyHint(src: string, keyStart: number): string | undefined {
  const ceiling = Math.min(src.length, keyStart + MAX_SCAN);
  let end = keyStart;
  while (end < ceiling && !isRunStop(src[end] as string) && src[end] !== "=" && !(src[end] === ":" && src[end + 1] === "=")) end++;
  const run = src.slice(keyStart, end);
  if ((end === ceiling && ceiling < src.length) || run === "") return undefined;
  const parts = run.split(".");
  if (parts.length > 1 && parts.every((p) => NAME.test(p))) {
    return fillText(PHRASES.noDottedKeys, nested(parts, valueAfter(src, end, ceiling)));
  }
  if (/[^\p{L}\p{N}_]/u.test(run)) return fillText(PHRASES.writeKeyAsString, quoteInMessage(run));
  return undefined;
}

/** `a { b { c = 1 } }` for the keys `a.b.c` and the value `1`. */
function nested(parts: readonly string[], value: string | undefined): string {
  const last = parts.length - 1;
  let out = value === undefined ? `${parts[last] as string} = …` : `${parts[last] as string} = ${value}`;
  for (let i = last - 1; i >= 0; i--) out = `${parts[i] as string} { ${out} }`;
  return out;
}

/** The value after a key's `=` or `:` (from `at`), when short and on the same line. */
function valueAfter(src: string, at: number, ceiling: number): string | undefined {
  let i = at;
  while (i < ceiling && (src[i] === " " || src[i] === "\t")) i++;
  if (src[i] !== "=" && src[i] !== ":") return undefined;
  i++;
  let end = i;
  while (end < ceiling && src[end] !== "\n" && !src.startsWith("//", end)) end++;
  const value = src.slice(i, end).trim();
  return value === "" || value.length > MAX_SHOWN_VALUE || (end === ceiling && ceiling < src.length) ? undefined : value;
}

/**
 * The name of the member whose value starts with the `[` at `open`
 * (`envs` in `envs := [`), for the template hint's `envs [ … ]`.
 */
export function memberNameBefore(src: string, open: number): string | undefined {
  const floor = Math.max(0, open - MAX_SCAN);
  let i = blanksBefore(src, open, floor);
  if (!afterAssign(src, i, floor)) return undefined;
  i--;
  if (src[i - 1] === ":") i--;
  i = blanksBefore(src, i, floor);
  let from = i;
  while (from > floor && /[\p{L}\p{N}_]/u.test(src[from - 1] as string)) from--;
  const name = src.slice(from, i);
  return NAME.test(name) ? name : undefined;
}

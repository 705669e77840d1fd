/**
 * The text of one member of a request body, as the client wrote it.
 * `JSON.parse` rounds integers beyond 2^53 and turns `1.0` into `1`; the
 * `vars` field (LANGUAGE.md §16.2) must keep both, so its value is cut out
 * of the body text and read again exactly. The body has already been
 * parsed by `JSON.parse`, so it is well-formed JSON; strings are skipped
 * with `indexOf`, which keeps the scan cheap on large sources.
 */

/** The text of the top-level member `name` of a JSON object text (the last one, as `JSON.parse` keeps), or undefined. */
export function rawMemberText(text: string, name: string): string | undefined {
  let i = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text[i] !== "{") return undefined;
  i++;
  let found: string | undefined;
  for (;;) {
    i = skipSpace(text, i);
    if (text[i] !== '"') return found;
    const keyEnd = stringEnd(text, i);
    const keyText = text.slice(i, keyEnd);
    const key = keyText.includes("\\") ? (JSON.parse(keyText) as string) : keyText.slice(1, -1);
    i = skipSpace(text, keyEnd) + 1; // past ':'
    i = skipSpace(text, i);
    const valueEnd = valueEndAt(text, i);
    if (key === name) found = text.slice(i, valueEnd);
    i = skipSpace(text, valueEnd);
    if (text[i] !== ",") return found;
    i++;
  }
}

/** Index of the first character at or after `i` that is not JSON white space. */
export function skipSpace(text: string, i: number): number {
  for (let c = text.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = text.charCodeAt(++i));
  return i;
}

/** Index just past the JSON string that starts at `i` (a `"`); the text's length when it never ends. */
export function stringEnd(text: string, i: number): number {
  for (let j = text.indexOf('"', i + 1); j >= 0; j = text.indexOf('"', j + 1)) {
    let backslashes = 0;
    for (let k = j - 1; text.charCodeAt(k) === 0x5c; k--) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
  }
  return text.length;
}

/** Index just past the value that starts at `i`. */
function valueEndAt(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return stringEnd(text, i);
  if (c !== "{" && c !== "[") {
    let j = i;
    while (j < text.length && !/[\s,}\]]/.test(text[j] as string)) j++;
    return j;
  }
  let depth = 0;
  for (let j = i; j < text.length; ) {
    const d = text[j];
    if (d === '"') {
      j = stringEnd(text, j);
      continue;
    }
    if (d === "{" || d === "[") depth++;
    else if (d === "}" || d === "]") {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return text.length;
}

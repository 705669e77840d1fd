/**
 * Finding a value token in TOML text, for messages about values smol-toml
 * accepted but the data model refuses (it reports no positions for
 * values). A token is a run of bare characters outside strings and
 * comments; it is a value when it is not a key (not followed by `=` or `.`)
 * and not a table header (not inside `[`…`]` opened at the start of a line).
 */

const BARE = /[A-Za-z0-9_+\-.:]/;

/** Line (1-based) and text of the first value token for which `accept` is true. */
export function firstValueToken(text: string, accept: (token: string) => boolean): { line: number; token: string } | undefined {
  let line = 1;
  let i = 0;
  let header = false;
  let lineStart = true;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c === "\n") {
      line++;
      lineStart = true;
      header = false;
    }
    if (c === "\n" || c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === "#") {
      while (i < n && text[i] !== "\n") i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), i);
      const close = triple ? c.repeat(3) : c;
      let j = i + close.length;
      while (j < n && !text.startsWith(close, j)) {
        if (text[j] === "\\" && c === '"') j++;
        else if (text[j] === "\n") line++;
        j++;
      }
      // A multi-line string may end with up to two extra quotes.
      i = j + close.length;
      while (triple && text[i] === c) i++;
      lineStart = false;
      continue;
    }
    if (c === "[" && lineStart) header = true;
    if (BARE.test(c)) {
      let j = i;
      while (j < n && BARE.test(text[j] as string)) j++;
      const token = text.slice(i, j);
      let k = j;
      while (text[k] === " " || text[k] === "\t") k++;
      const isKey = text[k] === "=" || text[k] === ".";
      if (!header && !isKey && accept(token)) return { line, token };
      i = j;
      lineStart = false;
      continue;
    }
    if (c === "]" && header) header = text[i + 1] === "]" ? header : false;
    lineStart = false;
    i++;
  }
  return undefined;
}

/**
 * A strict JSON reader that loses nothing the JSON text says: objects become
 * `Map`s (key order and `__proto__` kept), integers (no `.`, no exponent)
 * become `bigint` (64-bit values exact), other numbers `number`. Used to read
 * the JSON emitter's output back; `JSON.parse` would round big integers and
 * reorder integer-like keys.
 */

/** What {@link readExactJson} returns. */
export type ExactJson = null | boolean | string | number | bigint | ExactJson[] | Map<string, ExactJson>;

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;

/** Parse `text` as one JSON document; throws `SyntaxError` naming the offset on malformed input. */
export function readExactJson(text: string): ExactJson {
  let pos = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`JSON: ${what} at offset ${pos}: ${JSON.stringify(text.slice(pos, pos + 30))}`);
  };
  const skip = (): void => {
    SPACE.lastIndex = pos;
    SPACE.exec(text);
    pos = SPACE.lastIndex;
  };
  /** A string token: scanned by hand (a regex would overflow the stack on megabyte strings), decoded by JSON.parse. */
  const string = (): string => {
    const start = pos;
    if (text[pos] !== '"') fail("expected a string");
    for (pos++; pos < text.length; pos++) {
      const c = text.charCodeAt(pos);
      if (c === 0x22) break;
      if (c === 0x5c) pos++;
      else if (c < 0x20) fail("control character in a string");
    }
    if (pos >= text.length) fail("unterminated string");
    pos++;
    return JSON.parse(text.slice(start, pos)) as string;
  };
  const match = (re: RegExp): RegExpExecArray | null => {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (m) pos = re.lastIndex;
    return m;
  };
  const value = (): ExactJson => {
    skip();
    const c = text[pos];
    if (c === "{") {
      pos++;
      const out = new Map<string, ExactJson>();
      skip();
      if (text[pos] === "}") {
        pos++;
        return out;
      }
      for (;;) {
        skip();
        const key = string();
        if (out.has(key)) fail(`duplicate key ${JSON.stringify(key)}`);
        skip();
        if (text[pos++] !== ":") fail("expected ':'");
        out.set(key, value());
        skip();
        const sep = text[pos++];
        if (sep === "}") return out;
        if (sep !== ",") fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      pos++;
      const out: ExactJson[] = [];
      skip();
      if (text[pos] === "]") {
        pos++;
        return out;
      }
      for (;;) {
        out.push(value());
        skip();
        const sep = text[pos++];
        if (sep === "]") return out;
        if (sep !== ",") fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [["null", null], ["true", true], ["false", false]] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return v;
      }
    }
    const m = match(NUMBER) ?? fail("unexpected character");
    return m[1] === undefined && m[2] === undefined ? BigInt(m[0]) : Number(m[0]);
  };
  const v = value();
  skip();
  if (pos !== text.length) fail("text after the document");
  return v;
}

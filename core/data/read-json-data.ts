/**
 * JSON text → engine values, exactly (LANGUAGE.md §16.1, §16.2): integers
 * stay exact 64-bit integers (`JSON.parse` rounds past 2^53), `1.0` and
 * `1e3` stay floats, keys keep document order (a JS object puts `"10"`
 * first) and a duplicate key is an error rather than a silent overwrite.
 * Strict RFC 8259 otherwise (data-document.ts drops a leading byte-order mark).
 */
import { fill, fillText, MESSAGES, PHRASES } from "../diagnostics/catalogue.js";
import { LineIndex } from "../source/line-index.js";
import { ObjectValue, type Value } from "../values/values.js";
import type { ValueBuilder } from "./value-builder.js";
import { DataError } from "./data-error.js";

/** Read `text` as one JSON value. Throws {@link DataError} (line of the problem in `text`). */
export function readJsonData(text: string, builder: ValueBuilder): Value {
  return new JsonReader(text, builder).document();
}

/** Integers past the 64-bit range, passed to the builder for its out-of-range error (see `number`). */
const OUT_OF_RANGE_HIGH = 2n ** 64n;
const OUT_OF_RANGE_LOW = -OUT_OF_RANGE_HIGH;
const SPACE = 0x20, TAB = 0x09, LF = 0x0a, CR = 0x0d, QUOTE = 0x22, BACKSLASH = 0x5c;
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

class JsonReader {
  private pos = 0;
  private lines: LineIndex | undefined;

  constructor(
    private readonly text: string,
    private readonly b: ValueBuilder,
  ) {}

  document(): Value {
    this.space();
    const v = this.value(1);
    this.space();
    if (this.pos < this.text.length) this.unexpected();
    return v;
  }

  private line(at = this.pos): number {
    return (this.lines ??= new LineIndex(this.text)).line(at);
  }

  private invalid(detail: string, at = this.pos): never {
    throw new DataError(fill(MESSAGES.dataInvalid, "JSON", this.b.label, detail), this.line(at));
  }

  private unexpected(): never {
    if (this.pos >= this.text.length) return this.invalid(PHRASES.unexpectedEnd);
    const c = this.text.codePointAt(this.pos) as number;
    return this.invalid(c < 0x20 ? fillText(PHRASES.unexpectedCharacter, codePointText(c)) : fillText(PHRASES.unexpectedChar, String.fromCodePoint(c)));
  }

  private space(): void {
    const t = this.text;
    let i = this.pos;
    for (let c = t.charCodeAt(i); c === SPACE || c === LF || c === CR || c === TAB; c = t.charCodeAt(++i));
    this.pos = i;
  }

  private value(depth: number): Value {
    const c = this.text[this.pos];
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    if (c === '"') return this.string();
    if (c === "t") return this.word("true", true);
    if (c === "f") return this.word("false", false);
    if (c === "n") return this.word("null", null);
    return this.number();
  }

  private word<T extends Value>(w: string, v: T): T {
    if (!this.text.startsWith(w, this.pos)) this.unexpected();
    this.pos += w.length;
    return v;
  }

  private number(): Value {
    const t = this.text;
    const start = this.pos;
    let i = start;
    if (t.charCodeAt(i) === 0x2d) i++; // -
    const intStart = i;
    if (t.charCodeAt(i) === 0x30) i++; // a leading 0 stands alone
    else while (isDigit(t.charCodeAt(i))) i++;
    if (i === intStart) return this.unexpected();
    let float = false;
    if (t.charCodeAt(i) === 0x2e) {
      float = true;
      const fracStart = ++i;
      while (isDigit(t.charCodeAt(i))) i++;
      if (i === fracStart) return this.invalid(PHRASES.digitAfterPoint, i);
    }
    const e = t.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      float = true;
      i++;
      const sign = t.charCodeAt(i);
      if (sign === 0x2b || sign === 0x2d) i++;
      const expStart = i;
      while (isDigit(t.charCodeAt(i))) i++;
      if (i === expStart) return this.invalid(PHRASES.digitInExponent, i);
    }
    this.pos = i;
    const s = t.slice(start, i);
    if (!float) {
      // Up to 15 digits is always a safe integer; `-0` is the integer 0.
      if (s.length <= 15) return Number(s) + 0;
      // A 64-bit integer has at most 19 digits: a longer one is out of range before BigInt reads it
      // (which takes time superlinear in its length: 0.5 s for the 1.9 M digits a request can hold).
      if (s.length > 20) return this.b.int(s.charCodeAt(0) === 0x2d ? OUT_OF_RANGE_LOW : OUT_OF_RANGE_HIGH, this.line(start));
      return this.b.int(BigInt(s), this.line(start));
    }
    const x = Number(s);
    return Number.isFinite(x) ? this.b.float(x, s, 0) : this.b.float(x, s, this.line(start));
  }

  private string(): string {
    const t = this.text;
    const start = this.pos;
    let i = start + 1;
    let out = "";
    let from = i;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === QUOTE) break;
      if (Number.isNaN(c)) return this.invalid(PHRASES.unterminatedString, start);
      if (c < 0x20) return this.invalid(fillText(PHRASES.controlCharacter, codePointText(c)), i);
      if (c !== BACKSLASH) {
        i++;
        continue;
      }
      out += t.slice(from, i);
      const e = t[i + 1];
      if (e === "u") {
        const hex = t.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) return this.invalid(PHRASES.badUnicodeEscape, i);
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else {
        const r = e === undefined ? undefined : ESCAPES[e];
        if (r === undefined) return this.invalid(fillText(PHRASES.badEscape, e ?? ""), i);
        out += r;
        i += 2;
      }
      from = i;
    }
    this.pos = i + 1;
    return out + t.slice(from, i);
  }

  private array(depth: number): Value[] {
    const b = this.b;
    const start = this.pos;
    const items: Value[] = [];
    if (this.open(depth, "]")) return items;
    for (;;) {
      this.space();
      if (items.length >= b.budget.maxArrayItems) b.roomFor(items, this.line(start));
      items.push(this.value(depth + 1));
      if (this.closed("]")) return b.array(items, () => this.line(start));
    }
  }

  private object(depth: number): ObjectValue {
    const b = this.b;
    const start = this.pos;
    const o = new ObjectValue();
    if (this.open(depth, "}")) return o;
    for (;;) {
      this.space();
      if (this.text[this.pos] !== '"') return this.pos >= this.text.length ? this.invalid(PHRASES.unexpectedEnd) : this.invalid(PHRASES.expectedKey);
      const keyAt = this.pos;
      const key = this.string();
      if (o.has(key)) b.duplicate(key, this.line(keyAt));
      this.space();
      if (this.text[this.pos] !== ":") this.invalid(PHRASES.expectedColon);
      this.pos++;
      this.space();
      o.append(key, this.value(depth + 1));
      if (this.closed("}")) return b.object(o, () => this.line(start));
    }
  }

  /** Step over a container's opening bracket (past the depth limit, refused); true when `close` follows at once (it is stepped over too). */
  private open(depth: number, close: string): boolean {
    if (depth > this.b.budget.maxDepth) this.b.enter(depth, this.line());
    this.pos++;
    this.space();
    if (this.text[this.pos] !== close) return false;
    this.pos++;
    return true;
  }

  /** After an item: true at `close`, false at a comma (either stepped over); anything else is refused. */
  private closed(close: string): boolean {
    this.space();
    const c = this.text[this.pos];
    if (c !== "," && c !== close) return this.pos >= this.text.length ? this.invalid(PHRASES.unexpectedEnd) : this.invalid(fillText(PHRASES.expectedCommaOr, close));
    this.pos++;
    return c === close;
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** A control character's code point as messages show it (`000A` in `U+000A`). */
function codePointText(c: number): string {
  return c.toString(16).toUpperCase().padStart(4, "0");
}

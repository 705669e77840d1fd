/**
 * Write a value tree as JSSON source, choosing at random (from a seed) among
 * the equivalent spellings the language allows, so the round trip exercises
 * them all: `=` or `:`, blocks or literals, commas or line breaks, trailing
 * commas, comments, CRLF, a BOM; the four string forms, each only where it
 * can hold the text; escapes or literal newlines/tabs, and backslashes kept
 * verbatim where the language keeps them (LANGUAGE.md §2.6); quoted keys
 * (§4.12); `-` for negative numbers, floats always with a `.` (no exponent
 * exists, §2.5), and `-9223372036854775807 - 1` for the one unwritable int.
 */
import { type Value } from "../../core/plugin/index.js";
import { FloatValue, LazyArray, ObjectValue } from "../../core/values/values.js";

/** A small deterministic PRNG (mulberry32), so one seed gives one spelling. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const IDENTIFIER = /^[\p{L}_][\p{L}\p{Nd}_]*$/u;
const INT64_MIN = -(2n ** 63n);

/** True when `key` can be written bare in key position (keywords included, §2.4). */
export function isBareKey(key: string): boolean {
  return IDENTIFIER.test(key);
}

/** The exact decimal text of a finite double, without exponent, with at least one digit after the `.`. */
export function plainDecimal(x: number): string {
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  const s = String(Math.abs(x));
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(s);
  if (!m) throw new Error(`not a finite double: ${s}`);
  const intPart = m[1] ?? "0";
  const frac = m[2] ?? "";
  const exp = Number(m[3] ?? "0");
  let digits = intPart + frac;
  let point = intPart.length + exp; // position of the decimal point in `digits`
  if (point <= 0) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  } else if (point >= digits.length) {
    digits = digits + "0".repeat(point - digits.length);
  }
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, "");
  const fraction = digits.slice(point).replace(/0+$/, "") || "0";
  return `${sign}${whole}.${fraction}`;
}

/** Writes one document; every choice comes from `rand`. */
export class JssonWriter {
  private readonly eol: string;
  constructor(private readonly rand: () => number) {
    this.eol = rand() < 0.2 ? "\r\n" : "\n";
  }

  private chance(p: number): boolean {
    return this.rand() < p;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)] as T;
  }

  /** The whole program for a root object. */
  program(root: ObjectValue): string {
    const members = [...root.entries].map(([k, v]) => this.member(k, v, ""));
    const bom = this.chance(0.05) ? "\ufeff" : "";
    const head = this.chance(0.1) ? `// generated${this.eol}` : "";
    return bom + head + this.joinItems(members, "") + (this.chance(0.5) ? this.eol : "");
  }

  /** Items separated by commas or line breaks (§3.2), maybe with a trailing comma and comments. */
  private joinItems(items: readonly string[], indent: string): string {
    let out = "";
    items.forEach((item, i) => {
      if (i > 0) {
        const style = this.rand();
        if (style < 0.3) out += ", ";
        else if (style < 0.5) out += "," + this.lineBreak(indent);
        else out += this.lineBreak(indent);
      }
      out += item;
    });
    if (items.length > 0 && this.chance(0.2)) out += ",";
    return out;
  }

  private lineBreak(indent: string): string {
    const comment = this.chance(0.1) ? ` // note: "quoted" \`tick\` {x}` : "";
    return comment + this.eol + (this.chance(0.1) ? this.eol : "") + indent;
  }

  private member(key: string, value: Value, indent: string): string {
    const k = isBareKey(key) && this.chance(0.9) ? key : this.regularString(key);
    if (value instanceof ObjectValue && this.chance(0.4)) return `${k} ${this.object(value, indent)}`;
    if ((Array.isArray(value) || value instanceof LazyArray) && this.chance(0.3)) return `${k} ${this.array(value, indent)}`;
    const assign = this.chance(0.25) ? ": " : this.pick([" = ", "=", " =  "]);
    return `${k}${assign}${this.value(value, indent)}`;
  }

  private object(o: ObjectValue, indent: string): string {
    if (o.size === 0) return this.pick(["{}", "{ }", `{${this.eol}${indent}}`]);
    const inner = indent + "  ";
    const members = [...o.entries].map(([k, v]) => this.member(k, v, inner));
    if (this.chance(0.5)) return `{ ${this.joinItems(members, inner)} }`;
    return `{${this.eol}${inner}${this.joinItems(members, inner)}${this.eol}${indent}}`;
  }

  private array(a: readonly Value[] | LazyArray, indent: string): string {
    const items = [...a];
    if (items.length === 0) return this.pick(["[]", "[ ]"]);
    const inner = indent + "  ";
    const elements = items.map((v) => this.value(v, inner));
    if (this.chance(0.5)) return `[${this.joinElements(elements, inner)}]`;
    return `[${this.eol}${inner}${this.joinElements(elements, inner)}${this.eol}${indent}]`;
  }

  /** Array elements: a line break is only a separator when the next element cannot continue an expression (`[1 -2]` is `[-1]`, §3.2). */
  private joinElements(elements: readonly string[], indent: string): string {
    let out = "";
    elements.forEach((e, i) => {
      if (i > 0) out += e.startsWith("-") || e.startsWith("(") ? "," + (this.chance(0.5) ? " " : this.eol + indent) : this.chance(0.5) ? ", " : this.lineBreak(indent);
      out += e;
    });
    if (elements.length > 0 && this.chance(0.2)) out += ",";
    return out;
  }

  /** A value in expression position. */
  value(v: Value, indent: string): string {
    if (v === null) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (typeof v === "number" || typeof v === "bigint") return this.integer(BigInt(v));
    if (typeof v === "string") return this.string(v);
    if (v instanceof FloatValue) return plainDecimal(v.value);
    if (v instanceof ObjectValue) return this.object(v, indent);
    return this.array(v, indent);
  }

  private integer(n: bigint): string {
    if (n === INT64_MIN) return this.chance(0.5) ? "(-9223372036854775807 - 1)" : "-9223372036854775807 - 1";
    const zeros = this.chance(0.05) ? "00" : "";
    return n < 0n ? `-${zeros}${-n}` : `${zeros}${n}`;
  }

  /** Any string form that can hold `s` exactly. */
  string(s: string): string {
    const forms: (() => string)[] = [() => this.regularString(s)];
    if (s !== "" && !s.includes('"""') && !s.startsWith('"') && !s.endsWith('"')) forms.push(() => `"""${s}"""`);
    if (s !== "" && !s.includes("```") && !s.startsWith("`") && !s.endsWith("`")) forms.push(() => "```" + s + "```");
    if (!s.includes("`") && !s.includes("${")) forms.push(() => "`" + s + "`");
    return this.pick(forms)();
  }

  /** A regular string: `\\`, `\"` always escaped; newline/tab escaped or literal; other backslashes maybe left verbatim. */
  regularString(s: string): string {
    let out = '"';
    for (let i = 0; i < s.length; i++) {
      const c = s[i] as string;
      const next = s[i + 1];
      if (c === '"') out += '\\"';
      else if (c === "\\") {
        // `\x` for an x that is not an escape letter is kept verbatim (§2.6): write it bare sometimes,
        // unless the next character is (or may be written as) something starting an escape.
        const bareOk = next !== undefined && !'nt"\\\n\t'.includes(next);
        out += bareOk && this.chance(0.5) ? "\\" : "\\\\";
      } else if (c === "\n") out += this.chance(0.5) ? "\\n" : "\n";
      else if (c === "\t") out += this.chance(0.5) ? "\\t" : "\t";
      else out += c;
    }
    return out + '"';
  }
}

/** JSSON source for `root`, spelled according to `seed`. */
export function writeJsson(root: ObjectValue, seed: number): string {
  return new JssonWriter(prng(seed)).program(root);
}

/**
 * Engine values (as the data readers give them) written as idiomatic JSSON
 * source that evaluates back to exactly the same data (docs/import.md):
 * blocks for objects, bare keys where the grammar allows, template blocks
 * for arrays of same-shape rows and ranges for integer runs when shorter,
 * and each string in the simplest form that reads back exactly. Sharing
 * kept from the source ({@link SharedDocument}: YAML anchors, aliases, merge
 * keys) is written as `:=` variables, each declared before the first
 * top-level member that uses it, and spreads.
 */
import { FloatValue, ObjectValue, isArrayValue, type Value } from "../values/values.js";
import { BareWords } from "./bare-words.js";
import { floatLiteral } from "./float-literal.js";
import { ImportError } from "./import-error.js";
import { SharedArray, SpreadObject, VariableUse, type Declaration, type Shape, type SharedDocument } from "./shared-shape.js";

/** Comments to write before a key and at the end of its line (docs/import.md: best effort). */
export interface KeyComments {
  readonly before: readonly string[];
  readonly trailing: string | undefined;
}

/** Options of {@link writeJsson}. */
export interface WriteJssonOptions {
  /** The written text may not grow past this many characters (aliases can multiply a document). */
  readonly maxLength: number;
  /** Comments for a key, by the key's path (array items by their index). */
  readonly commentsFor?: (path: readonly string[]) => KeyComments | undefined;
  /** The document's sharing, to write with variables and spreads (its data is `root`'s). */
  readonly shared?: SharedDocument;
}

/** Members as the writer takes them: an object's, or those written after a spread object's spreads. */
interface Members {
  readonly keys: readonly string[];
  readonly values: readonly Shape[];
}

const IDENTIFIER = /^[\p{L}_][\p{L}\p{Nd}_]*$/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Lines up to this width stay on one line (scalar arrays, small objects in arrays). */
const INLINE_WIDTH = 80;
const INT64_MIN = -(2n ** 63n);

/** True when `key` can be written bare: an identifier, or a keyword (keys in key position, §2.4). */
export function isBareKey(key: string): boolean {
  return IDENTIFIER.test(key);
}

/** Write `root` (the top-level object) as a JSSON program. Throws {@link ImportError}. */
export function writeJsson(root: ObjectValue, options: WriteJssonOptions): string {
  const names = allKeys(root);
  // A bare word equal to a variable's name would be read as the variable.
  for (const d of options.shared?.declarations ?? []) names.add(d.name);
  const writer = new Writer(new BareWords(names), options);
  return writer.program(options.shared ?? { root, declarations: [] });
}

/** Every key anywhere in the document: a bare word equal to one could be read as that name (§4.3). */
export function allKeys(root: Value): Set<string> {
  const keys = new Set<string>();
  const stack: Value[] = [root];
  for (let v = stack.pop(); v !== undefined || stack.length > 0; v = stack.pop()) {
    // One push per value, not push(...values): a spread of a 200,000-item array overflows the stack.
    if (v instanceof ObjectValue) {
      for (const k of v.keys) keys.add(k);
      for (const x of v.values) if (!isScalar(x)) stack.push(x);
    } else if (Array.isArray(v)) for (const x of v) if (!isScalar(x)) stack.push(x);
  }
  return keys;
}

/** A value written as one word or literal (a variable's name counts: it is one word where it stands). */
function isScalar(v: Shape): boolean {
  return !(v instanceof ObjectValue || v instanceof SpreadObject || v instanceof SharedArray) && !isArrayValue(v as Value);
}

/** The last declaration `s` uses (-1: none); recursion is as deep as the document, which is bounded. */
function lastUse(s: Shape): number {
  if (s instanceof VariableUse) return s.index;
  const parts = s instanceof SpreadObject ? [...s.spreads, ...s.values] : s instanceof SharedArray ? s.items : [];
  return parts.reduce((last: number, x) => Math.max(last, lastUse(x)), -1);
}

function shown(path: readonly string[]): string {
  return path.length === 0 ? "the top level" : `"${path.join(".")}"`;
}

class Writer {
  private length = 0;

  constructor(
    private readonly bare: BareWords,
    private readonly options: WriteJssonOptions,
  ) {}

  /**
   * Count written text against the limit: every scalar and every line's
   * indentation and key pass here, so the total bounds the output (within
   * the brackets and separators around them).
   */
  private charge(text: string): string {
    this.length += text.length;
    if (this.length > this.options.maxLength) {
      throw new ImportError(`the JSSON text would be longer than ${this.options.maxLength} characters (are YAML aliases multiplying the document?)`);
    }
    return text;
  }

  /** Top-level spreads and members, each variable declared right before the first of them that uses it. */
  program(doc: SharedDocument): string {
    const out: string[] = [];
    let declared = 0;
    const declareUpTo = (last: number): void => {
      for (; declared <= last; declared++) out.push(this.declaration(doc.declarations[declared] as Declaration));
    };
    const root = doc.root;
    if (root instanceof SpreadObject) {
      root.spreads.forEach((s, i) => {
        declareUpTo(lastUse(s));
        out.push(...this.spreads([s], "", [], i === 0));
      });
    }
    for (let i = 0; i < root.keys.length; i++) {
      const key = root.keys[i] as string;
      const last = lastUse(root.values[i] as Shape);
      // The comments above a member go above the variables declared for it: a file's header stays first,
      // and the text about an anchored block stays with the block.
      const moved = last >= declared ? (this.options.commentsFor?.([key])?.before ?? []) : [];
      for (const c of moved) out.push(`${c}\n`);
      declareUpTo(last);
      out.push(...this.members({ keys: [key], values: [root.values[i] as Shape] }, "", [], moved.length === 0));
    }
    declareUpTo(doc.declarations.length - 1);
    return out.join("");
  }

  private declaration(d: Declaration): string {
    this.charge(d.name);
    return `${d.name} := ${this.value(d.shape, "", d.path)}\n`;
  }

  /** `...name` lines (an inline merged mapping as `...{ … }`); the comments above the merge key go first. */
  private spreads(spreads: readonly Shape[], pad: string, path: readonly string[], first = true): string[] {
    const lines: string[] = [];
    if (first && spreads.length > 0) for (const c of this.options.commentsFor?.([...path, "<<"])?.before ?? []) lines.push(`${pad}${c}\n`);
    for (const s of spreads) {
      this.charge(pad);
      lines.push(`${pad}...${this.element(s, pad, [...path, "<<"])}\n`);
    }
    return lines;
  }

  /** @param commentsAbove write the comments above each key (false: the caller wrote them) */
  private members(obj: Members, pad: string, path: readonly string[], commentsAbove = true): string[] {
    const lines: string[] = [];
    for (let i = 0; i < obj.keys.length; i++) {
      const key = obj.keys[i] as string;
      const memberPath = [...path, key];
      const comments = this.options.commentsFor?.(memberPath);
      if (commentsAbove) for (const c of comments?.before ?? []) lines.push(`${pad}${c}\n`);
      this.charge(pad + key);
      const text = this.member(key, obj.values[i] as Shape, pad, memberPath);
      lines.push(`${pad}${text}${comments?.trailing === undefined ? "" : ` ${comments.trailing}`}\n`);
    }
    return lines;
  }

  private keyText(key: string, path: readonly string[]): string {
    return isBareKey(key) ? key : this.quoted(key, path);
  }

  private member(key: string, value: Shape, pad: string, path: readonly string[]): string {
    const k = this.keyText(key, path);
    if (value instanceof ObjectValue || value instanceof SpreadObject) return `${k} ${this.object(value, pad, path)}`;
    if (Array.isArray(value)) {
      const template = this.templateBlock(value, pad, path);
      const plain = `${k} = ${this.array(value, pad, path, true)}`;
      return template !== undefined && template.length + k.length + 1 < plain.length ? `${k} ${template}` : plain;
    }
    return `${k} = ${this.value(value, pad, path)}`;
  }

  /** `s` as written after `=` or `:=`: an object as a block, an array as {@link array} writes it, else a scalar. */
  private value(s: Shape, pad: string, path: readonly string[]): string {
    if (s instanceof ObjectValue || s instanceof SpreadObject) return this.object(s, pad, path);
    if (s instanceof SharedArray) return this.array(s.items, pad, path);
    return Array.isArray(s) ? this.array(s, pad, path) : this.scalar(s, path);
  }

  private object(obj: ObjectValue | SpreadObject, pad: string, path: readonly string[]): string {
    const spreads = obj instanceof SpreadObject ? this.spreads(obj.spreads, pad + "  ", path) : [];
    if (obj.keys.length === 0 && spreads.length === 0) return "{}";
    return `{\n${spreads.join("")}${this.members(obj, pad + "  ", path).join("")}${pad}}`;
  }

  /** An object inside an array: on one line when small and flat. */
  private element(v: Shape, pad: string, path: readonly string[]): string {
    if (v instanceof ObjectValue && v.values.every(isScalar) && v.keys.length > 0) {
      const inline = `{ ${v.keys.map((k, i) => `${this.keyText(k, path)} = ${this.scalar(v.values[i] as Value, [...path, k])}`).join(", ")} }`;
      if (pad.length + inline.length <= INLINE_WIDTH && !this.hasComments(v, path)) return inline;
    }
    return this.value(v, pad, path);
  }

  private hasComments(obj: ObjectValue, path: readonly string[]): boolean {
    return this.options.commentsFor !== undefined && obj.keys.some((k) => this.options.commentsFor?.([...path, k]) !== undefined);
  }

  /** @param bareRange a whole run may stand as a range without brackets (as a member's value, not inside an array, which would flatten it) */
  private array(items: readonly Shape[], pad: string, path: readonly string[], bareRange = false): string {
    if (items.length === 0) return "[]";
    if (items.every(isScalar)) {
      const parts = this.scalarList(items, path);
      if (bareRange && parts.length === 1 && items.length > 1) return parts[0] as string; // the whole array is one range
      const inline = `[${parts.join(", ")}]`;
      if (pad.length + inline.length <= INLINE_WIDTH) return inline;
      return lines(parts, pad);
    }
    const inner = pad + "  ";
    return lines(
      items.map((v, j) => {
        this.charge(inner);
        return this.element(v, inner, [...path, String(j)]);
      }),
      pad,
    );
  }

  /** Scalars as written in an array, integer runs as ranges where shorter. */
  private scalarList(items: readonly Shape[], path: readonly string[]): string[] {
    const out: string[] = [];
    let i = 0;
    while (i < items.length) {
      const run = intRun(items, i);
      if (run.length >= 3) {
        const first = items[i] as number;
        const last = items[i + run.length - 1] as number;
        const range = Math.abs(run.step) === 1 ? `${first}..${last}` : `${first}..${last} step ${run.step}`;
        let listed = 0;
        for (let j = i; j < i + run.length; j++) listed += String(items[j]).length + 2;
        if (range.length < listed - 2) {
          out.push(range);
          i += run.length;
          continue;
        }
      }
      out.push(this.scalar(items[i] as Shape, path));
      i++;
    }
    return out;
  }

  /**
   * `[ template { a, b } rows ]` when every item is an object with the same
   * keys in the same order, all field names bare, all values scalars.
   */
  private templateBlock(items: readonly Value[], pad: string, path: readonly string[]): string | undefined {
    if (items.length < 2) return undefined;
    const first = items[0];
    if (!(first instanceof ObjectValue) || first.keys.length === 0 || !first.keys.every(isBareKey)) return undefined;
    const fields = first.keys;
    for (let j = 0; j < items.length; j++) {
      const item = items[j];
      if (!(item instanceof ObjectValue) || item.keys.length !== fields.length) return undefined;
      if (!item.keys.every((k, i) => k === fields[i]) || !item.values.every(isScalar)) return undefined;
      if (this.hasComments(item, [...path, String(j)])) return undefined;
    }
    const inner = pad + "  ";
    // A row starting with `-` would continue the row above (`1⏎-2` is `1 - 2`), and a comma there would join the rows (§7.2): parentheses.
    const cell = (v: Value, i: number): string => {
      const text = this.scalar(v, [...path, fields[i] as string]);
      return i === 0 && text.startsWith("-") ? `(${text})` : text;
    };
    const rows = (items as ObjectValue[]).map((o) => `${inner}${o.values.map(cell).join(", ")}\n`);
    return `[\n${inner}template { ${fields.join(", ")} }\n${rows.join("")}${pad}]`;
  }

  private scalar(v: Shape, path: readonly string[]): string {
    if (v instanceof VariableUse) return this.charge(v.name);
    return this.charge(this.scalarText(v as Value, path));
  }

  private scalarText(v: Value, path: readonly string[]): string {
    if (v === null) return "null";
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "number") return String(v);
    if (typeof v === "bigint") return v === INT64_MIN ? "(-9223372036854775807 - 1)" : String(v);
    if (v instanceof FloatValue) {
      if (!Number.isFinite(v.value)) throw new ImportError(`JSSON cannot hold the non-finite number ${v.value} at ${shown(path)}`);
      return floatLiteral(v.value);
    }
    if (typeof v === "string") return this.string(v, path);
    throw new ImportError(`cannot write the value at ${shown(path)}`);
  }

  /** A bare word when it reads back as itself (§4.3) without a warning, else a regular string, or a raw one when that is shorter. */
  private string(s: string, path: readonly string[]): string {
    if (this.bare.allows(s)) return s;
    const regular = this.quoted(s, path);
    if (!s.includes('"""') && !s.endsWith('"') && s !== "") {
      const raw = `"""${s}"""`;
      if (raw.length < regular.length) return raw;
    }
    return regular;
  }

  /** A regular string (§2.6): only `\\`, `"`, newline and tab need escapes; other characters stand as themselves. */
  private quoted(s: string, path: readonly string[]): string {
    if (LONE_SURROGATE.test(s)) throw new ImportError(`the string at ${shown(path)} holds a lone UTF-16 surrogate, which a UTF-8 file cannot hold`);
    return `"${s.replace(/[\\"\n\t]/g, (c) => (c === "\n" ? "\\n" : c === "\t" ? "\\t" : `\\${c}`))}"`;
  }
}

/**
 * Array elements one per line, without commas but before a line starting
 * with `-`: a line break there does not separate (`1⏎-2` is `1 - 2`, §3.2).
 */
function lines(parts: readonly string[], pad: string): string {
  const body = parts.map((p, i) => `${pad}  ${p}${parts[i + 1]?.startsWith("-") ? "," : ""}\n`).join("");
  return `[\n${body}${pad}]`;
}

/** The longest run of safe integers with one non-zero step starting at `start` (length 1 when none). */
function intRun(items: readonly Shape[], start: number): { length: number; step: number } {
  const a = items[start];
  const b = items[start + 1];
  if (typeof a !== "number" || typeof b !== "number" || a === b) return { length: 1, step: 0 };
  const step = b - a;
  let n = 2;
  while (start + n < items.length) {
    const next = items[start + n];
    if (typeof next !== "number" || next - (items[start + n - 1] as number) !== step) break;
    n++;
  }
  return { length: n, step };
}

/**
 * TOML text → engine values (LANGUAGE.md §16.1) through smol-toml, with
 * integers read as bigint (exact; `1.0` is a float) and dates and times as
 * their RFC 3339 text. smol-toml gives no positions for values, so the line
 * of a value refused after parsing (an integer beyond 64 bits, `inf`, `nan`)
 * is found by scanning the text for the first such token; a limit reached
 * while converting is reported at line 1. Keys come in smol-toml's order,
 * which is document order except that integer-like keys (`10 = …`) come
 * first in their table (it builds JS objects).
 */
import { smolTomlModule } from "./data-modules.js";
import { fill, MESSAGES } from "../diagnostics/catalogue.js";
import { FloatValue, ObjectValue, type Value } from "../values/values.js";
import type { ValueBuilder } from "./value-builder.js";
import { firstValueToken } from "./toml-tokens.js";

const REDEFINED = /trying to redefine an already defined/;

/** Read `text` as a TOML document. Throws `DataError` (line of the problem in `text`). */
export function readTomlData(text: string, b: ValueBuilder): Value {
  const { parse, TomlDate, TomlError } = smolTomlModule();
  let doc: Record<string, unknown>;
  try {
    doc = parse(text, { integersAsBigInt: true, maxDepth: b.budget.maxDepth });
  } catch (e) {
    if (e instanceof RangeError) return b.fail(fill(MESSAGES.nestingTooDeep, b.budget.maxDepth), 1);
    if (!(e instanceof TomlError)) throw e;
    if (REDEFINED.test(e.message)) return b.duplicate(keyAt(text, e.line, e.column), e.line);
    const detail = (e.message.split("\n")[0] ?? "").replace(/^Invalid TOML document: /, "");
    return b.fail(fill(MESSAGES.dataInvalid, "TOML", b.label, detail), e.line);
  }
  /** Line of the first token `bad` accepts, and the token (for numbers refused after parsing). */
  const locate = (bad: (token: string) => boolean): { line: number; token: string } => firstValueToken(text, bad) ?? { line: 1, token: "" };
  const line1 = (): number => 1;

  const convert = (x: unknown, depth: number): Value => {
    if (typeof x === "string" || typeof x === "boolean") return x;
    if (typeof x === "bigint") {
      if (x >= -(2n ** 63n) && x < 2n ** 63n) return b.int(x, 1);
      return b.int(x, locate((t) => INT_TOKEN.test(t) && !fitsInt64(t)).line);
    }
    if (typeof x === "number") {
      if (Number.isFinite(x)) return new FloatValue(x);
      const found = locate((t) => /^[-+]?(inf|nan)$/.test(t));
      return b.float(x, found.token || String(x), found.line);
    }
    if (x instanceof TomlDate) {
      // smol-toml writes milliseconds always; `07:32:00.000` is written as TOML's own examples write it.
      return x.toISOString().replace(/\.000(?=$|Z|[+-])/, "");
    }
    b.enter(depth, 1);
    if (Array.isArray(x)) return b.arrayOf(x, (item) => convert(item, depth + 1), line1);
    const o = new ObjectValue();
    const table = x as Record<string, unknown>;
    for (const k of Object.keys(table)) o.append(k, convert(table[k], depth + 1));
    return b.object(o, line1);
  };
  return convert(doc, 1);
}

const INT_TOKEN = /^[-+]?(?:[0-9_]+|0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+)$/;

function fitsInt64(t: string): boolean {
  const negative = t.startsWith("-");
  const body = t.replace(/^[-+]/, "").replace(/_/g, "");
  const n = BigInt(body); // BigInt reads 0x / 0o / 0b prefixes
  return negative ? n <= 2n ** 63n : n < 2n ** 63n;
}

/** The key smol-toml points at (line, column 1-based) when it refuses a redefinition: as written, quotes removed. */
function keyAt(text: string, line: number, column: number): string {
  const lineText = text.split("\n")[line - 1] ?? "";
  const rest = lineText.slice(Math.max(0, column - 1));
  const raw = (/^[^=\]]*/.exec(rest)?.[0] ?? "").trim();
  return /^"[^"]*"$|^'[^']*'$/.test(raw) ? raw.slice(1, -1) : raw;
}

/**
 * External variables (LANGUAGE.md §16.2): values given from outside the
 * source — CLI `--var`/`--var-json`/`--vars`, HTTP `vars`, or an embedder's
 * `RunOptions.vars` — that every file of a run sees in one scope above its
 * global scope.
 */
import { CODES, fill, fillText, MESSAGES, PHRASES } from "../diagnostics/catalogue.js";
import { KEYWORDS } from "../syntax/tokens.js";
import { FloatValue, LazyArray, ObjectValue, type Value } from "../values/values.js";
import type { PlainData } from "../values/plain-data.js";
import type { DataBudget } from "./data-budget.js";
import { ValueBuilder } from "./value-builder.js";
import { DataError } from "./data-error.js";

/**
 * A value an external variable may hold: plain JSON-like data (a JS number
 * is an integer when it is a safe integer, a float otherwise; a bigint is an
 * exact integer), or engine values (`FloatValue` for a float such as `1.0`,
 * `ObjectValue` for an object whose key order matters), mixed freely.
 */
export type VarValue = PlainData | Value | readonly VarValue[] | { readonly [key: string]: VarValue };

/** External variables: name → value. */
export type ExternalVars = Readonly<Record<string, VarValue>> | ReadonlyMap<string, VarValue>;

function isMap(vars: ExternalVars): vars is ReadonlyMap<string, VarValue> {
  return typeof (vars as { entries?: unknown }).entries === "function";
}

/** Identifiers (LANGUAGE.md §2.3). */
const IDENTIFIER = /^[\p{L}_][\p{L}\p{Nd}_]*$/u;

/** Why `name` cannot name an external variable, or undefined when it can (an identifier that is not a keyword). */
export function varNameProblem(name: string): string | undefined {
  if (!IDENTIFIER.test(name)) return "not a valid name (a name is a letter or _ followed by letters, digits or _)";
  if (KEYWORDS.has(name)) return `not a valid name ("${name}" is a keyword)`;
  return undefined;
}

/** The variables as engine values, in a map; throws {@link DataError} (line 0) naming the variable; the budget's own time/cancel errors pass through. */
export function externalValues(vars: ExternalVars, budget: DataBudget): Map<string, Value> {
  const out = new Map<string, Value>();
  // A record's values are data, never functions: a callable `entries` means a map.
  const entries = isMap(vars) ? [...vars.entries()] : Object.entries(vars);
  for (const [name, input] of entries) {
    const b = new ValueBuilder(budget, name);
    const problem = varNameProblem(name);
    if (problem !== undefined) b.fail(fill(MESSAGES.externalVariable, name, problem), 0);
    try {
      out.set(name, new VarConverter(b, name).convert(input, 1));
    } catch (e) {
      // Limits reached inside the value: say which variable.
      if (e instanceof DataError && e.code !== CODES.V1_EXTERNAL_VARIABLE) throw new DataError({ code: e.code, message: fillText(MESSAGES.externalVariable.text, name, e.message) }, 0);
      throw e;
    }
  }
  return out;
}

/** Copies one variable's value into engine values (shared parts stay shared, and are charged as often as they are used). */
class VarConverter {
  private readonly done = new Map<object, Value>();
  private readonly open = new Set<object>();
  constructor(
    private readonly b: ValueBuilder,
    private readonly name: string,
  ) {}

  private fail(detail: string): never {
    return this.b.fail(fill(MESSAGES.externalVariable, this.name, detail), 0);
  }

  convert(x: unknown, depth: number): Value {
    const b = this.b;
    if (typeof x === "string" || typeof x === "boolean") return x;
    if (typeof x === "number") {
      if (!Number.isFinite(x)) return this.fail(fillText(PHRASES.cannotRepresent, String(x)));
      return Number.isSafeInteger(x) ? x + 0 : new FloatValue(x);
    }
    if (typeof x === "bigint") return x < -(2n ** 63n) || x >= 2n ** 63n ? this.fail(PHRASES.integerOutOfRange) : b.int(x, 0);
    if (typeof x !== "object") return this.fail(fillText(PHRASES.unsupportedType, typeof x));
    if (x === null) return null;
    if (x instanceof FloatValue) return Number.isFinite(x.value) ? x : this.fail(fillText(PHRASES.cannotRepresent, String(x.value)));
    const seen = this.done.get(x);
    if (seen !== undefined) {
      b.charge(b.weightOf(seen) - 1, () => 0);
      return seen;
    }
    if (this.open.has(x)) return this.fail(PHRASES.containsItself);
    b.enter(depth, 0);
    this.open.add(x);
    let v: Value;
    if (Array.isArray(x) || x instanceof LazyArray) v = b.arrayOf(x as Iterable<unknown>, (item) => this.convert(item, depth + 1), () => 0);
    else {
      const proto = Object.getPrototypeOf(x) as unknown;
      const o = new ObjectValue();
      if (x instanceof ObjectValue) for (let i = 0; i < x.keys.length; i++) o.append(x.keys[i] as string, this.convert(x.values[i], depth + 1));
      else if (proto === Object.prototype || proto === null) for (const k of Object.keys(x)) o.append(k, this.convert((x as Record<string, unknown>)[k], depth + 1));
      else return this.fail(fillText(PHRASES.unsupportedObject, Object.prototype.toString.call(x)));
      v = b.object(o, () => 0);
    }
    this.open.delete(x);
    this.done.set(x, v);
    return v;
  }
}

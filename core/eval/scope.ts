import type { Value } from "./values.js";

/** Bindings a scope holds in scanned arrays before it builds a Map. */
const SCAN_LIMIT = 8;

/**
 * A lexical scope: names bound in one body, with a link to the enclosing
 * scope. The first binding is stored inline (map bodies bind exactly one
 * name per element, so most scopes allocate nothing more); the next few in
 * two small arrays searched by scanning (an object body binding its members
 * holds a handful, and a Map costs a hash of every fresh key string); only
 * a scope with more than {@link SCAN_LIMIT} of those builds a Map.
 */
export class Scope {
  private firstName: string | undefined;
  private firstValue: Value | undefined;
  private moreNames: string[] | undefined;
  private moreValues: Value[] | undefined;
  private names: Map<string, Value> | undefined;

  constructor(readonly parent: Scope | undefined) {}

  /** Number of bindings held by this scope itself (not its parents). */
  get size(): number {
    return (this.firstName === undefined ? 0 : 1) + (this.names?.size ?? this.moreNames?.length ?? 0);
  }

  /** Bind (or rebind) `name` in this scope. */
  set(name: string, value: Value): void {
    if (this.firstName === undefined || this.firstName === name) {
      this.firstName = name;
      this.firstValue = value;
      return;
    }
    if (this.names !== undefined) {
      this.names.set(name, value);
      return;
    }
    const names = (this.moreNames ??= []);
    const values = (this.moreValues ??= []);
    for (let i = 0; i < names.length; i++) {
      if (names[i] === name) {
        values[i] = value;
        return;
      }
    }
    names.push(name);
    values.push(value);
    if (names.length > SCAN_LIMIT) {
      const map = new Map<string, Value>();
      for (let i = 0; i < names.length; i++) map.set(names[i] as string, values[i] as Value);
      this.names = map;
      this.moreNames = this.moreValues = undefined;
    }
  }

  /** The innermost binding of `name`, or undefined. */
  lookup(name: string): Value | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.firstName === name) return s.firstValue;
      if (s.names !== undefined) {
        const v = s.names.get(name);
        if (v !== undefined) return v;
      } else if (s.moreNames !== undefined) {
        const names = s.moreNames;
        for (let i = 0; i < names.length; i++) if (names[i] === name) return (s.moreValues as Value[])[i];
      }
    }
    return undefined;
  }

  /** Every name visible from here, innermost scope first (a name bound twice is given twice). */
  *visibleNames(): Generator<string> {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.firstName !== undefined) yield s.firstName;
      if (s.names !== undefined) yield* s.names.keys();
      else if (s.moreNames !== undefined) yield* s.moreNames;
    }
  }

  /**
   * A scope holding every binding visible from here, frozen: later rebinding
   * in the original scopes does not affect it (lazy map bodies evaluate
   * after the program has moved on).
   */
  snapshot(): Scope {
    const chain: Scope[] = [];
    for (let s: Scope | undefined = this; s; s = s.parent) chain.push(s);
    const out = new Scope(undefined);
    const names = new Map<string, Value>();
    for (let i = chain.length - 1; i >= 0; i--) {
      const s = chain[i] as Scope;
      if (s.names) for (const [k, v] of s.names) names.set(k, v);
      if (s.moreNames) for (let j = 0; j < s.moreNames.length; j++) names.set(s.moreNames[j] as string, (s.moreValues as Value[])[j] as Value);
      if (s.firstName !== undefined) names.set(s.firstName, s.firstValue as Value);
    }
    out.names = names;
    return out;
  }
}

import type { Value } from "./values.js";

/**
 * A lexical scope: names bound in one body, with a link to the enclosing
 * scope. The first binding is stored inline (map bodies bind exactly one
 * name per element, so most scopes never allocate a Map).
 */
export class Scope {
  private firstName: string | undefined;
  private firstValue: Value | undefined;
  private names: Map<string, Value> | undefined;

  constructor(readonly parent: Scope | undefined) {}

  /** Number of bindings held by this scope itself (not its parents). */
  get size(): number {
    return (this.firstName === undefined ? 0 : 1) + (this.names?.size ?? 0);
  }

  /** Bind (or rebind) `name` in this scope. */
  set(name: string, value: Value): void {
    if (this.firstName === undefined || this.firstName === name) {
      this.firstName = name;
      this.firstValue = value;
    } else (this.names ??= new Map()).set(name, value);
  }

  /** The innermost binding of `name`, or undefined. */
  lookup(name: string): Value | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.firstName === name) return s.firstValue;
      if (s.names !== undefined) {
        const v = s.names.get(name);
        if (v !== undefined) return v;
      }
    }
    return undefined;
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
      if (s.firstName !== undefined) names.set(s.firstName, s.firstValue as Value);
    }
    out.names = names;
    return out;
  }
}

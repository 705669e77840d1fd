import type { Value } from "./values.js";

/** A lexical scope: names bound in one body, with a link to the enclosing scope. */
export class Scope {
  private names: Map<string, Value> | undefined;
  constructor(readonly parent: Scope | undefined) {}

  /** Bind (or rebind) `name` in this scope. */
  set(name: string, value: Value): void {
    (this.names ??= new Map()).set(name, value);
  }

  /** The innermost binding of `name`, or undefined. */
  lookup(name: string): Value | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      const v = s.names?.get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  }
}

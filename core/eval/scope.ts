import type { CostMeter } from "../values/cost-meter.js";
import type { Value } from "../values/values.js";

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

  /**
   * The innermost binding of `name`, or undefined. A lookup walks as many
   * scopes as the source nests blocks (a name bound at the top, read 200
   * blocks down): each scope visited is charged to `meter` at `at`, so the
   * walk is work the run's time limit sees.
   */
  lookup(name: string, meter?: CostMeter, at = 0): Value | undefined {
    let walked = 0;
    let found: Value | undefined;
    for (let s: Scope | undefined = this; s; s = s.parent) {
      walked++;
      if (s.firstName === name) {
        found = s.firstValue;
        break;
      }
      if (s.names !== undefined) {
        found = s.names.get(name);
        if (found !== undefined) break;
      } else if (s.moreNames !== undefined) {
        const names = s.moreNames;
        let i = 0;
        while (i < names.length && names[i] !== name) i++;
        if (i < names.length) {
          found = (s.moreValues as Value[])[i];
          break;
        }
      }
    }
    meter?.charge(walked, at);
    return found;
  }

  /**
   * Offer every name visible from here, innermost scope first (a name bound
   * twice is offered twice), until `to` declines one; false if it did.
   */
  offerVisibleNames(to: { consider(name: string): boolean }): boolean {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.firstName !== undefined && !to.consider(s.firstName)) return false;
      if (s.names !== undefined) {
        for (const name of s.names.keys()) if (!to.consider(name)) return false;
      } else if (s.moreNames !== undefined) {
        for (const name of s.moreNames) if (!to.consider(name)) return false;
      }
    }
    return true;
  }

  /**
   * A scope holding every binding visible from here, frozen: later rebinding
   * in the original scopes does not affect it (lazy map bodies evaluate
   * after the program has moved on).
   */
  snapshot(meter?: CostMeter, at = 0): Scope {
    const chain: Scope[] = [];
    let bindings = 0;
    for (let s: Scope | undefined = this; s; s = s.parent) {
      chain.push(s);
      bindings += s.size;
    }
    // every scope walked and every binding copied, charged before the copy is made
    meter?.charge(chain.length + bindings, at);
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

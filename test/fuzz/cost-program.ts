/**
 * Random programs built from the constructs whose cost grows with a value's
 * size (issue #12's cost fuzzer): big ranges, objects and arrays holding
 * them, string growth, `==` / `!=` / `<` on large values, maps (eager, lazy,
 * nested), presets with overrides, template rows, and includes of files
 * built the same way (through a MemoryHost). Deterministic from a seed, so a
 * finding is reproduced by its seed alone.
 */
import { prng } from "./jsson-writer.js";

/** A program and the files it may include. */
export interface CostProgram {
  readonly source: string;
  readonly files: Readonly<Record<string, string>>;
}

/** The bounds a fuzzed program runs under (the test's short pass and bench/fuzz/cost.mjs). */
export const COST_FUZZ_LIMITS = { timeoutMs: 200, maxItems: 1_000_000 } as const;

/** Heap cap of the worker that runs fuzzed programs, in MB: the memory bound every run stays under. */
export const COST_FUZZ_HEAP_MB = 512;

/** Formats fuzzed programs are written in, in turn. */
export const COST_FUZZ_FORMATS = ["json", "yaml", "toml", "typescript"] as const;

/** Sizes of named ranges, from trivial to the default range limit (a range costs nothing until it is pulled). */
const SIZES = [3, 100, 1_000, 10_000, 20_000, 100_000, 1_000_000, 9_999_999] as const;
/** Sizes of map sources (a map counts its length against the item limit at once), around the lazy threshold. */
const MAP_SIZES = [3, 100, 1_000, 10_000, 20_000, 200_000] as const;
/** Share of statements that use a composition form (§16.3), once a range exists to copy. */
const COMPOSITION_SHARE = 0.25;

class Builder {
  private readonly lines: string[] = [];
  /** Names bound so far, by kind. */
  private readonly ranges: string[] = [];
  private readonly containers: string[] = [];
  private readonly strings: string[] = [];
  private readonly presets: string[] = [];
  private n = 0;

  constructor(
    private readonly rnd: () => number,
    private readonly prefix: string,
  ) {}

  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rnd() * xs.length)] as T;
  }

  private name(): string {
    return `${this.prefix}${this.n++}`;
  }

  /** `:=` (a variable) or `=` (written out), at random. */
  private bind(): string {
    return this.rnd() < 0.6 ? ":=" : "=";
  }

  private size(): number {
    return this.pick(SIZES);
  }

  private mapSize(): number {
    return this.pick(MAP_SIZES);
  }

  /** Any value name bound so far, or a literal. */
  private anyValue(): string {
    const all = [...this.ranges, ...this.containers, ...this.strings];
    return all.length === 0 || this.rnd() < 0.2 ? String(Math.floor(this.rnd() * 100)) : this.pick(all);
  }

  /** A large-ish value for comparisons: containers, strings (ranges are not operands). */
  private operand(): string {
    const all = [...this.containers, ...this.strings];
    return all.length === 0 ? `"s${Math.floor(this.rnd() * 10)}"` : this.pick(all);
  }

  /** An expression of the element `i` inside a map body. */
  private body(depth: number): string {
    const r = this.rnd();
    if (r < 0.2) return `${this.operand()} == ${this.operand()}`;
    if (r < 0.3) return `${this.operand()} != ${this.operand()}`;
    if (this.strings.length > 0 && r < 0.4) return `${this.pick(this.strings)} < ${this.pick(this.strings)}`;
    if (this.strings.length > 0 && r < 0.5) return `${this.pick(this.strings)} + i`;
    if (this.presets.length > 0 && r < 0.6) return `@use "${this.pick(this.presets)}" { k = i, v = ${this.anyValue()} }`;
    if (depth < 2 && r < 0.75) return `0..${this.mapSize()} map (j${depth}) = ${this.body(depth + 1)}`;
    if (r < 0.85) return `{ a = i, b = ${this.anyValue()} }`;
    return `[i, ${this.anyValue()}]`;
  }

  /** One statement. */
  statement(): void {
    if (this.ranges.length > 0 && this.rnd() < COMPOSITION_SHARE) return this.composition();
    const r = this.rnd();
    const name = this.name();
    if (r < 0.15 || this.ranges.length === 0) {
      this.lines.push(`${name} ${this.bind()} 0..${this.size()}`);
      this.ranges.push(name);
    } else if (r < 0.25) {
      this.lines.push(`${name} ${this.bind()} { a = ${this.pick(this.ranges)}, b = ${this.anyValue()} }`);
      this.containers.push(name);
    } else if (r < 0.32) {
      this.lines.push(`${name} ${this.bind()} [${this.pick(this.ranges)}, ${this.anyValue()}]`);
      this.containers.push(name);
    } else if (r < 0.45) {
      const s = this.strings.length === 0 || this.rnd() < 0.2 ? `"${"x".repeat(1 + Math.floor(this.rnd() * 64))}"` : this.pick(this.strings);
      const t = this.strings.length === 0 ? s : this.pick(this.strings);
      this.lines.push(this.rnd() < 0.5 ? `${name} := ${s} + ${t}` : `${name} := \`\${${s}}\${${t}}\``);
      this.strings.push(name);
    } else if (r < 0.55) {
      const op = this.pick(["==", "!=", "<", ">="]);
      const pool = op === "<" || op === ">=" ? (this.strings.length > 0 ? this.strings : ['"a"']) : [...this.containers, ...this.strings, ...this.ranges.map((x) => `[${x}]`)];
      this.lines.push(`${name} = ${this.pick(pool)} ${op} ${this.pick(pool)}`);
    } else if (r < 0.62) {
      const p = `p${name}`;
      this.lines.push(`@preset "${p}" { a = ${this.anyValue()}, b = ${this.anyValue()}, k = 0 }`);
      this.presets.push(p);
    } else if (r < 0.9) {
      const source = this.rnd() < 0.7 ? `0..${this.mapSize()}` : this.pick([...this.ranges, ...this.containers]);
      this.lines.push(`${name} ${this.bind()} ${source} map (i) = ${this.body(0)}`);
      this.containers.push(name);
    } else {
      const clause = this.rnd() < 0.5 ? ` map (i) = ${this.body(1)}` : "";
      this.lines.push(`${name} [\n  template { a, b }${clause}\n  ${this.pick(this.ranges)}, ${this.anyValue()}\n  0..${this.mapSize()}, ${this.anyValue()}\n]`);
    }
  }

  // ---- composition (LANGUAGE.md §16.3): spreads, + on arrays and objects, conditional members/elements ----

  /** An array-ish operand: a range or a container (an object among them makes C1/R3 outcomes too). */
  private spreadable(): string {
    return this.pick([...this.ranges, ...this.containers]);
  }

  /** One statement that copies through a composition form. */
  private composition(): void {
    const r = this.rnd();
    const name = this.name();
    const a = this.spreadable();
    const b = this.spreadable();
    if (r < 0.3) {
      this.lines.push(`${name} ${this.bind()} [...${a}, ...${b}, ...${a}, ${this.anyValue()}]`);
    } else if (r < 0.5) {
      this.lines.push(`${name} ${this.bind()} [${a}] + ${this.rnd() < 0.5 ? `(${this.pick(this.ranges)})` : `[...${b}]`}`);
    } else if (r < 0.7) {
      this.lines.push(`${name} ${this.bind()} { ...${a}, k = ${this.anyValue()} } + { a = ${b}, ...{ z = 1 } }`);
    } else if (r < 0.85) {
      this.lines.push(`${name} ${this.bind()} [if (${this.anyValue()}) [...${a}, ...${b}] else [${b}]]`);
    } else {
      this.lines.push(`${name} {
  if (${this.anyValue()}) { ...${a}, x = [...${b}] } else { y = ${b} }
}`);
    }
    this.containers.push(name);
  }

  /** Names an include file's top level binds with `=`, usable by the includer. */
  exported(): string[] {
    return this.lines.filter((l) => /^\w+ = /.test(l)).map((l) => l.slice(0, l.indexOf(" ")));
  }

  /** Record names that an included file provides. */
  adopt(names: readonly string[]): void {
    for (const n of names) this.containers.push(n);
  }

  text(): string {
    return this.lines.join("\n") + "\n";
  }
}

/** A random program from `seed`: up to 12 statements, sometimes including up to two generated files. */
export function costProgram(seed: number): CostProgram {
  const rnd = prng(seed);
  const files: Record<string, string> = {};
  const root = new Builder(rnd, "v");
  const includes: string[] = [];
  const fileCount = rnd() < 0.4 ? 1 + Math.floor(rnd() * 2) : 0;
  for (let f = 0; f < fileCount; f++) {
    const b = new Builder(rnd, `f${f}x`);
    const count = 1 + Math.floor(rnd() * 6);
    for (let i = 0; i < count; i++) b.statement();
    files[`f${f}.jsson`] = b.text();
    includes.push(`include "f${f}.jsson"`);
    root.adopt(b.exported());
  }
  const count = 1 + Math.floor(rnd() * 12);
  for (let i = 0; i < count; i++) root.statement();
  const head = includes.length > 0 ? includes.join("\n") + "\n" : "";
  return { source: head + root.text(), files };
}

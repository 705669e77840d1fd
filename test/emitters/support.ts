/** Shared helpers of the emitter tests: building value trees and running a format into a string. */
import { type EmitContext, type OutputFormat, type TextSink, type Value } from "../../core/plugin/index.js";
import { FloatValue, LazyArray, ObjectValue } from "../../core/values/values.js";
import { jsonFormat } from "../../plugins/json/index.js";
import { yamlFormat } from "../../plugins/yaml/index.js";
import { tomlFormat } from "../../plugins/toml/index.js";
import { typescriptFormat } from "../../plugins/typescript/index.js";
import { sharedFolder } from "../support/shared-folder.js";

export const FORMATS = { json: jsonFormat, yaml: yamlFormat, toml: tomlFormat, typescript: typescriptFormat } as const;
export type FormatName = keyof typeof FORMATS;

const CTX: EmitContext = { options: {} };

/** ../shared/conformance beside the repository, when it is there. */
export function conformanceDir(): string | undefined {
  return sharedFolder("conformance");
}

/** A sink that keeps every chunk. */
export class RecordingSink implements TextSink {
  readonly chunks: string[] = [];
  write(chunk: string): void {
    this.chunks.push(chunk);
  }
  get text(): string {
    return this.chunks.join("");
  }
}

/** Run a format as the engine does (pre-flight check, then emit) and return the text and the chunks. */
export function run(format: OutputFormat, root: ObjectValue): { text: string; chunks: readonly string[] } {
  const sink = new RecordingSink();
  format.check?.(root, CTX);
  format.emit(root, sink, CTX);
  return { text: sink.text, chunks: sink.chunks };
}

/** Text of `root` in `format` (check + emit). */
export function emit(format: FormatName, root: ObjectValue): string {
  return run(FORMATS[format], root).text;
}

/** An object from key/value pairs, in order. */
export function obj(...pairs: [string, Value][]): ObjectValue {
  return new ObjectValue(new Map(pairs));
}

/** A float value. */
export function f(n: number): FloatValue {
  return new FloatValue(n);
}

/**
 * A value tree from JSON-like data: integral numbers become integers,
 * others floats (so only usable where the data has no integral floats).
 */
export function fromJson(data: unknown): Value {
  if (data === null || typeof data === "boolean" || typeof data === "string") return data;
  if (typeof data === "number") return Number.isInteger(data) ? data : new FloatValue(data);
  if (Array.isArray(data)) return data.map(fromJson);
  if (typeof data === "object") {
    const o = new ObjectValue();
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) o.set(k, fromJson(v));
    return o;
  }
  throw new Error("not JSON data: " + String(data));
}

/**
 * A lazy array over a list, counting how often it is iterated and refusing
 * random access, so tests can see that emitters stream it once.
 */
export class CountingLazyArray extends LazyArray {
  readonly isRange = false;
  iterations = 0;
  constructor(private readonly items: readonly Value[]) {
    super();
  }
  get length(): number {
    return this.items.length;
  }
  at(): Value {
    throw new Error("emitters must iterate lazy arrays, not index them");
  }
  *[Symbol.iterator](): Iterator<Value> {
    this.iterations++;
    yield* this.items;
  }
}

/** A lazy array of `length` items made by `make(i)` on demand (nothing is stored). */
export class GeneratedArray extends LazyArray {
  readonly isRange = false;
  constructor(
    readonly length: number,
    private readonly make: (i: number) => Value,
  ) {
    super();
  }
  at(i: number): Value {
    return this.make(i);
  }
  *[Symbol.iterator](): Iterator<Value> {
    for (let i = 0; i < this.length; i++) yield this.make(i);
  }
}

/** How a format's reader gives numbers back. */
export type NumberReading = "numbers" | "toml-bigint";

/**
 * The data a reader should return for `v`: objects as null-prototype records,
 * floats as numbers; integers as numbers (`numbers`, what JSON.parse, js-yaml
 * and JavaScript give, big ones rounded) or all as bigint (`toml-bigint`,
 * smol-toml with integersAsBigInt, which also drops nulls from tables).
 */
export function expectedData(v: Value, reading: NumberReading): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return reading === "toml-bigint" ? BigInt(v) : Number(v);
  if (v instanceof FloatValue) return v.value;
  if (v instanceof ObjectValue) {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, item] of v.entries) {
      if (item === null && reading === "toml-bigint") continue;
      out[k] = expectedData(item, reading);
    }
    return out;
  }
  const items: unknown[] = [];
  for (const item of v) items.push(expectedData(item, reading));
  return items;
}


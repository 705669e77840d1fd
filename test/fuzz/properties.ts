/**
 * The fuzzing properties, as functions that throw a readable error when a
 * property is violated. Shared by the seeded CI tests (test/fuzz/*.test.ts)
 * and the long pass (bench/fuzz/run.mjs).
 *
 * - {@link checkSourceEverywhere}: `check` and `transpile` in every format
 *   never throw; every diagnostic is well formed; `check` and `transpile`
 *   agree on syntax errors; evaluation is format-independent; every
 *   successful output reads back to the evaluated value; output errors occur
 *   exactly when the format cannot represent the data.
 * - {@link checkRoundTrip}: data written as JSSON evaluates back to itself.
 * - {@link checkStreamedEqualsBuffered}: streaming never changes the bytes or
 *   the errors, and a failed run writes nothing.
 */
import { CODES, renderDiagnostic, type Diagnostic, type Engine, type IncludeHost } from "../../core/index.js";
import { type Value } from "../../core/plugin/index.js";
import { BigIntRange, IntRange, LazyArray, ObjectValue, StringRange } from "../../core/values/values.js";
import { assertDiagnosticsWellFormed } from "./diagnostic-shape.js";
import { readBack, READ_BACK_FORMATS, type ReadBackFormat } from "./read-back.js";
import { dataDifference, valueDifference } from "../support/same-data.js";
import { writeJsson } from "./jsson-writer.js";
import { readExactJson } from "./exact-json.js";

/** The formats every property runs. */
export const FORMATS: readonly ReadBackFormat[] = READ_BACK_FORMATS;

/** Options of a run: includes come from `host`, `files` holds the texts diagnostics of included files refer to. */
export interface SourceOptions {
  readonly file?: string;
  readonly host?: IncludeHost;
  readonly files?: ReadonlyMap<string, string>;
  /** Generated valid programs: evaluation must succeed. */
  readonly expectSuccess?: boolean;
  /** Read TypeScript output back through the TypeScript compiler (slow) rather than by stripping the annotations. */
  readonly tsCompiler?: boolean;
}

/** What happened in one format, for statistics. */
export interface Outcome {
  readonly format: string;
  readonly ok: boolean;
  readonly code?: string;
}

/** A violated property; the message names the input. */
export class PropertyFailure extends Error {
  constructor(message: string, source: string) {
    super(`${message}\n  source: ${quote(source)}`);
    this.name = "PropertyFailure";
  }
}

function quote(s: string): string {
  const q = JSON.stringify(s);
  return q.length > 600 ? q.slice(0, 600) + `… (${s.length} chars)` : q;
}

function same(a: Diagnostic, b: Diagnostic): boolean {
  return a.code === b.code && a.message === b.message && a.start === b.start && a.end === b.end && a.file === b.file;
}

function describe(d: Diagnostic | undefined): string {
  return d ? `${d.code} ${renderDiagnostic(d)} [${d.start},${d.end})` : "nothing";
}

/** Run `f`, turning an escaping exception into a property failure. */
function noThrow<T>(what: string, source: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof PropertyFailure) throw e;
    const detail = e instanceof Error ? `${e.name}: ${e.message}\n${(e.stack ?? "").split("\n").slice(1, 6).join("\n")}` : String(e);
    throw new PropertyFailure(`${what} threw ${detail}`, source);
  }
}

/** See the module comment. Returns one outcome per format. */
export function checkSourceEverywhere(engine: Engine, text: string, options: SourceOptions = {}): Outcome[] {
  const sourceOf = (file: string | undefined): string | undefined => (file === undefined || file === options.file ? text : options.files?.get(file));
  const runOptions = { ...(options.file === undefined ? {} : { file: options.file }), ...(options.host === undefined ? {} : { host: options.host }) };

  const checked = noThrow("check", text, () => engine.check(text, runOptions));
  if (checked.length > 0) wellFormed(checked, sourceOf, "check", text);
  const syntax = checked[0];

  const evaluated = noThrow("evaluate", text, () => engine.evaluate(text, runOptions));
  if (!evaluated.ok) {
    wellFormed(evaluated.diagnostics, sourceOf, "evaluate", text);
    if (options.expectSuccess) throw new PropertyFailure(`a generated program failed: ${describe(evaluated.diagnostics[0])}`, text);
  }
  const firstEval = evaluated.ok ? undefined : evaluated.diagnostics[0];
  if (syntax && (!firstEval || !same(syntax, firstEval)))
    throw new PropertyFailure(`check reports ${describe(syntax)} but evaluate reports ${describe(firstEval)}`, text);
  if (!syntax && firstEval && /^JSSON[12]/.test(firstEval.code) && firstEval.file === undefined)
    throw new PropertyFailure(`evaluate reports the syntax error ${describe(firstEval)} that check missed`, text);

  const outcomes: Outcome[] = [];
  for (const format of FORMATS) {
    const r = noThrow(`transpile -f ${format}`, text, () => engine.transpile(text, { ...runOptions, format }));
    if (!r.ok) {
      wellFormed(r.diagnostics, sourceOf, `transpile -f ${format}`, text);
      const d = r.diagnostics[0] as Diagnostic;
      outcomes.push({ format, ok: false, code: d.code });
      if (firstEval) {
        if (!same(firstEval, d)) throw new PropertyFailure(`evaluation error depends on the format: ${describe(firstEval)} vs -f ${format} ${describe(d)}`, text);
        continue;
      }
      if (!evaluated.ok) continue;
      const allowed = allowedOutputFailure(format, evaluated.value);
      if (allowed === undefined || !allowed.test(d.message))
        throw new PropertyFailure(`-f ${format} fails with ${describe(d)} on data it can represent`, text);
      continue;
    }
    outcomes.push({ format, ok: true });
    if (firstEval) throw new PropertyFailure(`-f ${format} succeeds although evaluate failed with ${describe(firstEval)}`, text);
    if (evaluated.ok) {
      const mustFail = requiredOutputFailure(format, evaluated.value);
      if (mustFail) throw new PropertyFailure(`-f ${format} succeeds although the data needs the error ${String(mustFail)}`, text);
    }
    const back = noThrowRead(format, r.output, text, options.tsCompiler === true);
    const diff = dataDifference(r.value, back.data, back.reading);
    if (diff !== undefined) throw new PropertyFailure(`-f ${format} output reads back differently: ${diff}\n  output: ${quote(r.output)}`, text);
  }
  return outcomes;
}

function wellFormed(ds: readonly Diagnostic[], sourceOf: (f: string | undefined) => string | undefined, where: string, text: string): void {
  try {
    assertDiagnosticsWellFormed(ds, sourceOf, where);
  } catch (e) {
    throw new PropertyFailure(e instanceof Error ? e.message : String(e), text);
  }
}

function noThrowRead(format: ReadBackFormat, output: string, source: string, compiler: boolean): ReturnType<typeof readBack> {
  try {
    return readBack(format, output, { compiler });
  } catch (e) {
    throw new PropertyFailure(`-f ${format} output does not parse: ${e instanceof Error ? e.message : String(e)}\n  output: ${quote(output)}`, source);
  }
}

const TS_RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await arguments eval"
  ).split(" "),
);

/**
 * The message an output failure may have for this data (undefined: the
 * format must not fail). TOML: nulls in arrays, unpaired surrogates.
 * TypeScript: top-level keys that cannot be exported or whose type names
 * collide — judged loosely here; {@link requiredOutputFailure} is strict for
 * plain ASCII keys.
 */
function allowedOutputFailure(format: string, root: ObjectValue): RegExp | undefined {
  if (format === "toml") {
    // Either problem may be met first, in document order.
    const nulls = hasNullInArray(root);
    const surrogates = hasUnpairedSurrogate(root);
    if (nulls && surrogates) return /^TOML cannot represent (null \(in array at |a string with an unpaired UTF-16 surrogate)/;
    if (nulls) return /^TOML cannot represent null \(in array at /;
    if (surrogates) return /^TOML cannot represent a string with an unpaired UTF-16 surrogate/;
    return undefined;
  }
  if (format === "typescript") {
    if (asciiTsKeysOk(root)) return undefined;
    return /^(key ".*" cannot be exported as a TypeScript constant|TypeScript type name collision: .+)$/s;
  }
  return undefined;
}

/** The failure this data must produce in `format`, if any. */
function requiredOutputFailure(format: string, root: ObjectValue): RegExp | undefined {
  if (format === "toml") return allowedOutputFailure(format, root);
  if (format === "typescript") {
    for (const key of root.entries.keys()) if (key === "" || TS_RESERVED.has(key) || /^[0-9]/.test(key)) return /cannot be exported/;
  }
  return undefined;
}

/** All top-level keys are ASCII identifiers, not reserved, with distinct type names. */
function asciiTsKeysOk(root: ObjectValue): boolean {
  const typeNames = new Set<string>();
  for (const key of root.entries.keys()) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) || TS_RESERVED.has(key)) return false;
    const t = key[0]?.toUpperCase() + key.slice(1);
    if (typeNames.has(t)) return false;
    typeNames.add(t);
  }
  return true;
}

function isPlainRange(v: Value): boolean {
  return v instanceof IntRange || v instanceof BigIntRange || v instanceof StringRange;
}

function hasNullInArray(v: Value): boolean {
  if (v instanceof ObjectValue) {
    for (const item of v.entries.values()) if (hasNullInArray(item)) return true;
    return false;
  }
  if (Array.isArray(v) || (v instanceof LazyArray && !isPlainRange(v))) {
    for (const item of v as Iterable<Value>) if (item === null || hasNullInArray(item)) return true;
  }
  return false;
}

const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string TOML would have to write holds an unpaired surrogate. */
function hasUnpairedSurrogate(v: Value): boolean {
  if (typeof v === "string") return UNPAIRED.test(v);
  if (v instanceof ObjectValue) {
    // An entry whose value is null is omitted from TOML, key and all.
    for (const [k, item] of v.entries) if (item !== null && (UNPAIRED.test(k) || hasUnpairedSurrogate(item))) return true;
    return false;
  }
  if (Array.isArray(v) || (v instanceof LazyArray && !(v instanceof IntRange) && !(v instanceof BigIntRange))) {
    for (const item of v as Iterable<Value>) if (hasUnpairedSurrogate(item)) return true;
  }
  return false;
}

/**
 * Data written as JSSON (spelling chosen by `seed`, or `source` as given)
 * evaluates to exactly `root`, and its JSON output reads back to `root`.
 */
export function checkRoundTrip(engine: Engine, root: ObjectValue, seed: number, source = writeJsson(root, seed)): string | undefined {
  let r;
  try {
    r = engine.evaluate(source);
  } catch (e) {
    return `evaluate threw ${String(e)}\n  source: ${quote(source)}`;
  }
  if (!r.ok) return `evaluation failed: ${describe(r.diagnostics[0])}\n  source: ${quote(source)}`;
  const diff = valueDifference(root, r.value);
  if (diff !== undefined) return `evaluates to different data: ${diff}\n  source: ${quote(source)}`;
  const json = engine.transpile(source, { format: "json" });
  if (!json.ok) return `-f json failed: ${describe(json.diagnostics[0])}\n  source: ${quote(source)}`;
  let data;
  try {
    data = readExactJson(json.output);
  } catch (e) {
    return `JSON output does not parse: ${String(e)}\n  source: ${quote(source)}`;
  }
  const jsonDiff = dataDifference(root, data, "exact-json");
  return jsonDiff === undefined ? undefined : `JSON output differs: ${jsonDiff}\n  source: ${quote(source)}`;
}

/**
 * `transpileTo` with streaming on (threshold 1: every range streams) writes
 * exactly the buffered output, or fails with the same diagnostic having
 * written nothing (the output-size limit aside).
 */
export function checkStreamedEqualsBuffered(
  engine: Pick<Engine, "transpile" | "transpileTo">,
  text: string,
  format: string,
  options: { streamThreshold?: number } = {},
): void {
  const buffered = noThrow(`transpile -f ${format}`, text, () => engine.transpile(text, { format }));
  const chunks: string[] = [];
  const sink = {
    write(chunk: string): void {
      if (typeof chunk !== "string") throw new PropertyFailure(`-f ${format} streamed a ${typeof chunk} chunk`, text);
      chunks.push(chunk);
    },
  };
  const streamed = noThrow(`transpileTo -f ${format} -stream`, text, () =>
    engine.transpileTo(text, sink, { format, streamThreshold: options.streamThreshold ?? 1 }),
  );
  if (buffered.ok !== streamed.ok)
    throw new PropertyFailure(`-f ${format}: buffered ok=${buffered.ok}, streamed ok=${streamed.ok} ${streamed.ok ? "" : describe(streamed.diagnostics[0])}`, text);
  if (buffered.ok) {
    const out = chunks.join("");
    if (out !== buffered.output) {
      let i = 0;
      while (i < out.length && out[i] === buffered.output[i]) i++;
      throw new PropertyFailure(
        `-f ${format}: streamed output differs from buffered at offset ${i}: ${quote(out.slice(i, i + 60))} vs ${quote(buffered.output.slice(i, i + 60))}`,
        text,
      );
    }
    return;
  }
  const a = buffered.diagnostics[0];
  const b = streamed.ok ? undefined : streamed.diagnostics[0];
  if (!a || !b || !same(a, b)) throw new PropertyFailure(`-f ${format}: buffered fails with ${describe(a)}, streamed with ${describe(b)}`, text);
  if (chunks.length > 0 && b.code !== CODES.LIMIT_OUTPUT)
    throw new PropertyFailure(`-f ${format}: the streamed run failed with ${describe(b)} after writing ${chunks.join("").length} chars`, text);
}

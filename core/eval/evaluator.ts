/**
 * The evaluator (LANGUAGE.md §4–§9): walks the syntax tree once, in source
 * order, producing the ordered value tree. Includes are read through the
 * run's host and merged here; presets are per file. Every loop the source
 * can drive is bounded by the run's limits. User errors unwind as
 * {@link EvalError} and come back as one diagnostic.
 */
import { fill, fillText, MESSAGES, PHRASES, withHint, type CodedMessage } from "../diagnostics/catalogue.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { IncludeMerge } from "./include-merge.js";
import type { Limits } from "../values/limits.js";
import { makeDiagnostic, type RawDiagnostic } from "../diagnostics/make-diagnostic.js";
import { LineIndex } from "../source/line-index.js";
import type { IncludeHost } from "../host/include-host.js";
import type { ArrayBlockExpr, BodyItem, BodyScopeNeeds, Conditional, Expr, IdentExpr, IfItem, ObjectExpr, PresetUseExpr, Program, SpreadItem, Statement, TemplateExpr } from "../syntax/ast.js";
import type { ParseResult } from "../syntax/parser.js";
import { CHARS_PER_UNIT, CostMeter, StopError, type RunSignal } from "../values/cost-meter.js";
import { EvalError } from "../values/eval-error.js";
import { adoptIncluded } from "../provenance/included-value.js";
import { arithmetic, compare, equals, isTruthy, negate, rangeOperand, toText, unsupported } from "./operators.js";
import { makeRange } from "./ranges.js";
import { Scope } from "./scope.js";
import { FloatValue, isArrayValue, isRangeValue, kindOf, LazyArray, ObjectValue, objectWeight, setObjectWeight, type Value } from "../values/values.js";
import { ProgramValue } from "../values/program-value.js";
import { LazyMap, LazyRows, type BlockRow } from "./lazy-map.js";
import { SplicedArray, type Segment } from "./spliced-array.js";
import type { DataBudget } from "../data/data-budget.js";
import { dataFormatOf, readDataObject, readDataValue } from "../data/data-document.js";
import { DataError } from "../data/data-error.js";
import { externalValues, type ExternalVars } from "../data/external-vars.js";
import { closestName, NearestName } from "../diagnostics/closest-name.js";
import { bareOperandMessage, bareOperandWarning, interpolationKeptWarning, nearNameMessage, nearNameWarning, WarningList } from "../diagnostics/warning-list.js";
import { PLACE_KIND, writeRecord, type PlaceKind, type ValueTrace } from "../provenance/value-trace.js";

export interface EvalOptions {
  readonly file: string | undefined;
  readonly host: IncludeHost | undefined;
  readonly includeMerge: IncludeMerge;
  readonly limits: Limits;
  readonly signal: RunSignal | undefined;
  /** Maps over more elements than this are evaluated lazily, as emitters pull them (§11). */
  readonly lazyThreshold: number;
  /** Parses included text (the engine's parse, so hooks see included programs too). */
  readonly parse: (text: string, file: string) => ParseResult;
  /** External variables (§16.2): seen by every file of the run, in a scope above its global scope. */
  readonly vars?: ExternalVars | undefined;
  /** When the run began (`Date.now()`); the time limit counts from here. Default: now. */
  readonly startedAt?: number;
  /** Record where every value came from here (§12.3); its file 0 is the root source. Off (undefined) for ordinary runs. */
  readonly trace?: ValueTrace | undefined;
}

export type EvalResult =
  | {
      readonly ok: true;
      /**
       * Warnings found while evaluating (LANGUAGE.md §16.5: W1, W2, W6), placed
       * in the root source (an included file's at its `include`, with a cause);
       * a lazy part evaluated later adds its own here.
       */
      readonly warnings: readonly RawDiagnostic[];
      readonly value: ObjectValue;
      /** Call before each full traversal of the tree (verify pass, emit pass) so lazy parts are counted once per pass. */
      readonly beginPass: () => void;
      /** True when the tree holds lazily evaluated parts. */
      readonly hasLazy: boolean;
      /** The run's meter: whoever traverses or writes the tree charges its work here (lazy parts already do). */
      readonly meter: CostMeter;
    }
  | { readonly ok: false; readonly diagnostic: RawDiagnostic; readonly warnings: readonly RawDiagnostic[] };

/** State shared by a root file and everything it includes. */
interface RunState {
  readonly options: EvalOptions;
  readonly limits: Limits;
  /** Time and cancellation, charged by the work itself; its `current` is the offset of the node being evaluated (for limit errors). */
  readonly meter: CostMeter;
  /** Resolved ids of the files being evaluated, root first. */
  readonly includeStack: (string | undefined)[];
  items: number;
  includes: number;
  /**
   * Expanded size (values once written out) of arrays built so far,
   * recorded for arrays that hold containers: values are shared, so
   * `a := [a, a]` doubles the output without creating values. (Objects
   * carry theirs: {@link objectWeight}.) Made when first needed.
   */
  weights: WeakMap<object, number> | undefined;
  /** Number of lazy maps created. */
  lazyMaps: number;
  /** The external variables' scope, parent of every file's global scope (§16.2); undefined without any. */
  outer: Scope | undefined;
  /** Where values came from, when the run traces (see {@link EvalOptions.trace}). */
  readonly trace: ValueTrace | undefined;
  /** Warnings found while evaluating, placed in the root source. */
  readonly warnings: WarningList;
  /** Near-name look-ups done (each compares a word with up to MAX_CANDIDATES names); none past {@link MAX_NEAR_LOOKUPS}. */
  nearLookups: number;
}

/** Near-name look-ups (W1) per run: bounds their cost whatever the source holds. */
const MAX_NEAR_LOOKUPS = 2000;

/**
 * The warnings of one file of a run: where they go, and which occurrences
 * have been judged already (a map body runs once per element; a word is
 * warned about, or found to be the idiom, once).
 */
interface FileWarnings {
  /** Offsets of the identifiers already judged. */
  readonly seen: Set<number>;
  /**
   * Each bare word judged so far in this file. A word repeated as data
   * (`tags = [web, api]` in every block) is looked up once, not once per
   * place: the look-up compares it with every visible name.
   */
  readonly judged: Map<string, WordJudgement>;
  /** Place a warning of this file in the root source and keep it. */
  readonly add: (w: RawDiagnostic) => void;
}

/** What a bare word was found to be the first time it was judged in a file (see {@link FileWarnings.judged}). */
interface WordJudgement {
  /** The visible name (or literal) it is near, if one is. */
  readonly near: string | undefined;
  /** The message of its W1 (near a name) or W2 warning, made the first time one is kept. */
  message: CodedMessage | undefined;
}

/**
 * Characters of a string the source builds (concatenation, templates) that
 * count as one value against the item limit: strings are memory too, and a
 * program can build many long ones.
 */
const CHARS_PER_ITEM = 32;

/** Evaluate a parsed root program. */
export function evaluateProgram(program: Program, options: EvalOptions): EvalResult {
  const state: RunState = {
    options,
    limits: options.limits,
    meter: new CostMeter(options.limits.timeoutMs > 0 ? (options.startedAt ?? Date.now()) + options.limits.timeoutMs : Infinity, options.limits.timeoutMs, options.signal),
    includeStack: [options.file],
    items: 0,
    includes: 0,
    weights: undefined,
    lazyMaps: 0,
    outer: undefined,
    trace: options.trace,
    warnings: new WarningList(),
    nearLookups: 0,
  };
  try {
    if (options.vars !== undefined) state.outer = outerScope(options.vars, dataBudget(state, 0));
    // after the outer scope exists: every file's global scope is its child
    const ev = new FileEvaluator(state, { seen: new Set(), judged: new Map(), add: (w) => state.warnings.add(w) });
    state.meter.evaluating++;
    const value = ev.program(program);
    state.meter.evaluating--;
    const items = state.items;
    return { ok: true, value, beginPass: () => void (state.items = items), hasLazy: state.lazyMaps > 0, meter: state.meter, warnings: state.warnings.items };
  } catch (e) {
    const warnings = state.warnings.items;
    if (e instanceof EvalError) return { ok: false, diagnostic: e.diagnostic, warnings };
    if (e instanceof DataError) return { ok: false, diagnostic: { code: e.code, message: e.message, start: 0, end: 0 }, warnings };
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      return { ok: false, diagnostic: { ...fill(MESSAGES.nestingTooDeep, options.limits.maxDepth), start: state.meter.current, end: state.meter.current + 1 }, warnings };
    }
    throw e;
  }
}

/** Evaluates one file (root or included): its own global scope and preset table. */
class FileEvaluator {
  private readonly activePresets = new Set<ObjectExpr>();
  private readonly global: Scope;

  /**
   * Values of preset bodies that looked up no name (so they depend only on
   * the preset definitions, and are cleared when one changes). Sharing them
   * turns exponential preset fan-out into shared values the expanded-size
   * limit measures.
   */
  private readonly presetCache = new Map<ObjectExpr, ObjectValue>();
  /** Number of name lookups so far (a preset body that did none is cacheable). */
  private lookups = 0;
  /**
   * Written-out size of this file's top-level values, ranges and lazy maps
   * aside (they charge their items as they are pulled). Top-level names may
   * share one container many times (`c0 = b`, `c1 = b`, …): bounded, so any
   * traversal of the plain tree (a format's check, the verify pass) is.
   */
  private rootWeight = 1;
  /** The object body being evaluated, innermost (its keys so far are names a bare word may be near: W1). */
  private building: ObjectValue | undefined = undefined;

  constructor(
    private readonly run: RunState,
    /** This file's warnings (see {@link FileWarnings}). */
    private readonly warn: FileWarnings,
    private readonly presets = new Map<string, ObjectExpr>(),
    /**
     * For an included file: offset in the root source of the outermost
     * include statement that brought it in, where time and cancellation
     * errors are named (offsets of this file mean nothing to the root's lines).
     */
    private readonly site: number | undefined = undefined,
    /** This file's index in the run's trace (0: the root source); used only when tracing. */
    private readonly fileIndex = 0,
  ) {
    this.global = new Scope(run.outer);
  }

  private lookup(scope: Scope, name: string): Value | undefined {
    this.lookups++;
    return scope.lookup(name, this.run.meter, this.run.meter.current);
  }

  program(program: Program): ProgramValue {
    const root = new ProgramValue();
    const origins = root.origins;
    for (const st of program.statements) {
      this.run.meter.current = this.site ?? st.start;
      switch (st.type) {
        case "presetDef":
          this.presets.set(st.name, st.body);
          this.presetCache.clear();
          break;
        case "include":
          this.include(st.path, st.start, st.end, root, origins);
          break;
        default:
          this.topLevelItem(st, root, origins);
      }
    }
    return root;
  }

  // ---- composition at the top level and in object bodies (§16.3) -----------

  /** A member, spread or conditional member at the top level. */
  private topLevelItem(st: Statement, root: ProgramValue, origins: Map<string, { start: number; end: number }>): void {
    this.run.meter.current = this.site ?? st.start;
    switch (st.type) {
      case "member": {
        const v = this.expr(st.value, this.global);
        if (st.declare) return void this.global.set(st.key, v);
        if (!root.has(st.key)) this.count(1, st.start);
        root.set(st.key, v);
        this.weighRoot(v, st.start);
        if (!st.quoted) this.global.set(st.key, v);
        origins.set(st.key, { start: st.start, end: st.end });
        if (this.run.trace !== undefined) this.traced(root, root.indexOf(st.key), st.value, st.start);
        return;
      }
      case "spreadMember": {
        const source = this.spreadObject(st.value, st.at, this.global);
        const trace = this.run.trace;
        for (let i = 0, keys = source.keys, values = source.values; i < keys.length; i++) {
          const k = keys[i] as string;
          const v = values[i] as Value;
          const exists = root.has(k);
          if (!exists) this.count(1, st.at);
          root.set(k, v);
          this.weighRoot(v, st.at);
          this.global.set(k, v);
          if (!exists) origins.set(k, { start: st.start, end: st.end });
          trace?.copy(source, i, root, root.indexOf(k));
        }
        return;
      }
      case "ifMember":
        for (const item of this.chosen(st, this.global) ?? []) this.topLevelItem(item, root, origins);
    }
  }

  /** A spread or conditional member in an object body; returns the written-out size it added. */
  private bodyItem(item: BodyItem, out: ObjectValue, scope: Scope, bind: boolean): number {
    switch (item.type) {
      case "member": {
        const v = this.expr(item.value, scope);
        if (item.declare) {
          scope.set(item.key, v);
          return 0;
        }
        if (!out.has(item.key)) this.count(1, item.start);
        out.set(item.key, v);
        this.traced(out, out.indexOf(item.key), item.value, item.start);
        if (bind && !item.quoted) scope.set(item.key, v);
        return this.weightOf(v);
      }
      case "spreadMember": {
        const source = this.spreadObject(item.value, item.at, scope);
        const trace = this.run.trace;
        let weight = 0;
        this.count(source.size, item.at);
        for (let i = 0, keys = source.keys, values = source.values; i < keys.length; i++) {
          const k = keys[i] as string;
          const v = values[i] as Value;
          out.set(k, v);
          trace?.copy(source, i, out, out.indexOf(k));
          if (bind) scope.set(k, v);
          weight += this.weightOf(v);
        }
        return weight;
      }
      case "ifMember": {
        let weight = 0;
        for (const m of this.chosen(item, scope) ?? []) weight += this.bodyItem(m, out, scope, bind);
        return weight;
      }
    }
  }

  /** The value of `...e` at member position: an object (C2 otherwise), its copy charged per member. */
  private spreadObject(e: Expr, at: number, scope: Scope): ObjectValue {
    const v = this.expr(e, scope);
    if (!(v instanceof ObjectValue)) throw new EvalError(fill(MESSAGES.spreadIntoObject, article(kindOf(v))), at, at + 3);
    this.run.meter.charge(v.size, this.where(at));
    return v;
  }

  /** The first branch whose condition is true (truthiness, §4.8, as for `?`), else the `else` branch, else none. */
  private chosen<B>(e: Conditional<"ifMember" | "ifItem", B>, scope: Scope): B | undefined {
    return e.branches.find((b) => isTruthy(this.expr(b.test, scope)))?.body ?? e.otherwise;
  }

  /** Splice a spread or a conditional element into `out`; returns the written-out size it added. */
  private spliceItem(el: SpreadItem | IfItem, out: Value[], scope: Scope, segments: Segment[]): number {
    let source: Value;
    let at: number;
    if (el.type === "spread") {
      source = this.expr(el.value, scope);
      at = el.at;
      if (!isArrayValue(source)) throw new EvalError(fill(MESSAGES.spreadIntoArray, article(kindOf(source))), at, at + 3);
    } else {
      const body = this.chosen(el, scope);
      if (body === undefined) return 0;
      source = this.expr(body, scope);
      at = body.start;
    }
    const items = source as Value[] | LazyArray;
    this.count(items.length, at);
    let before = out.length;
    for (const s of segments) before += s.length;
    if (before + items.length > this.run.limits.maxRangeItems) throw new EvalError(fill(MESSAGES.arrayTooLarge, this.run.limits.maxRangeItems), at);
    if (items instanceof LazyArray && items.length > this.run.options.lazyThreshold && el.type === "spread") {
      // Too large to copy now: spliced in as the emitter pulls it (§11); its items are charged then.
      segments.push(out.splice(0), items);
      return items.length;
    }
    const first = out.length;
    this.copyInto(items, out, at);
    const trace = this.run.trace;
    if (trace !== undefined) {
      // Elements keep the place they were written at; a range's (and a lazy array's) are placed at the spread expression.
      for (let j = first; j < out.length; j++) {
        if (Array.isArray(items)) trace.copy(items, j - first, out, j);
        else if (el.type === "spread") this.traced(out, j, el.value);
      }
    }
    return this.weightOf(items) - 1;
  }

  /** Append the elements of `items` to `out`, charging one unit per element copied (lazy arrays charge as they are pulled). */
  private copyInto(items: Value[] | LazyArray, out: Value[], at: number): void {
    if (Array.isArray(items)) {
      this.run.meter.charge(items.length, this.where(at));
      for (let i = 0; i < items.length; i++) out.push(items[i] as Value);
    } else for (const x of items) out.push(x);
  }

  /** `+` on two arrays (a range beside an array is expanded) or two objects (§16.3); R3/R5 for any other mix with one of them. */
  private composePlus(l: Value, r: Value, at: number): Value {
    const lr = isRangeValue(l);
    const rr = isRangeValue(r);
    if (isArrayValue(l) && isArrayValue(r) && !(lr && rr)) {
      const n = l.length + r.length;
      this.count(n, at);
      if (n > this.run.limits.maxRangeItems) throw new EvalError(fill(MESSAGES.arrayTooLarge, this.run.limits.maxRangeItems), at);
      const out: Value[] = [];
      this.copyInto(l, out, at);
      this.copyInto(r, out, at);
      const trace = this.run.trace;
      if (trace !== undefined) {
        for (let j = 0; j < out.length; j++) {
          const [side, i] = j < l.length ? [l, j] : [r, j - l.length];
          if (Array.isArray(side)) trace.copy(side, i, out, j);
        }
      }
      return this.weighed(out, this.weightOf(l) + this.weightOf(r) - 1, at);
    }
    if (l instanceof ObjectValue && r instanceof ObjectValue) return this.shallowMerge(l, r, at);
    if (lr || rr) rangeOperand("+", at);
    return unsupported(l, "+", r, at);
  }

  /** Add a top-level value to {@link rootWeight}; refuse past the item limit. */
  private weighRoot(v: Value, at: number): void {
    this.rootWeight += v instanceof LazyArray ? 1 : this.weightOf(v);
    if (this.rootWeight > this.run.limits.maxItems) throw new EvalError(fill(MESSAGES.valueTooLargeWritten, this.run.limits.maxItems), at);
  }

  // ---- includes (§8) ------------------------------------------------------

  /**
   * Read, parse and evaluate an included file (§8 items 1–4, §16.1): its
   * value, as the includer sees it. As a statement a data file must hold an
   * object; as a value (§16.3) any value. `dataFile`: a data file's trace
   * index when tracing, else -1.
   */
  private readInclude(path: string, start: number, end: number, asValue: boolean): { value: Value; id: string; dataFile: number } {
    const run = this.run;
    const fail = (m: CodedMessage, cause?: Diagnostic): never => {
      throw new EvalError(m, start, end, cause);
    };
    // I4 (§13.3): the include's own message; the inner error, placed in the included file, is its cause.
    const inIncluded = fill(MESSAGES.errorInInclude, path);
    if (++run.includes > run.limits.maxIncludes) fail(fill(MESSAGES.tooManyIncludes, run.limits.maxIncludes));
    const host = run.options.host;
    const from = run.includeStack[run.includeStack.length - 1];
    if (!host) return fail(fill(MESSAGES.unreadableInclude, path, PHRASES.noIncludes));
    const resolved = host.resolve(path, from);
    if (!resolved.ok) return fail(fill(MESSAGES.unreadableInclude, path, resolved.detail));
    const id = resolved.value;
    if (run.includeStack.includes(id)) fail(fill(MESSAGES.cyclicInclude, id));
    if (run.includeStack.length > run.limits.maxDepth) fail(fill(MESSAGES.includesTooDeep, run.limits.maxDepth));
    const read = host.read(id);
    if (!read.ok) return fail(fill(MESSAGES.unreadableInclude, path, read.detail));
    const site = this.site ?? start;
    const format = dataFormatOf(path);
    if (format !== undefined) {
      // A data include (§16.1): the document's keys merge like an included file's.
      let data: Value;
      try {
        const budget = dataBudget(run, site);
        data = asValue ? readDataValue(format, read.value, path, budget) : readDataObject(format, read.value, path, budget, fill(MESSAGES.dataNotObject, path).message);
      } catch (e) {
        if (e instanceof DataError) {
          // A data reader knows the line only: the cause spans that line of the document.
          const lines = new LineIndex(read.value);
          const line = lines.lineRange(e.line);
          return fail(inIncluded, makeDiagnostic({ code: e.code, message: e.message, ...line }, lines, id));
        }
        throw e;
      } finally {
        run.meter.current = site;
      }
      return { value: data, id, dataFile: run.trace?.addFile({ id, text: read.value }) ?? -1 };
    }
    // Parsing is linear in the text: charged as work the source caused (an include may be read many times).
    run.meter.charge(read.value.length / CHARS_PER_UNIT, site);
    const parsed = run.options.parse(read.value, id);
    run.meter.check(site);
    const inner = (d: RawDiagnostic): never => fail(inIncluded, makeDiagnostic(d, parsed.lines, id));
    if (parsed.diagnostic) return inner(parsed.diagnostic);
    // the included file's warnings are placed at the include, the warning in the file as its cause (§16.5)
    const placeWarning = (w: RawDiagnostic): void =>
      this.warn.add({ code: w.code, message: fill(MESSAGES.warningInInclude, path).message, start, end, cause: makeDiagnostic(w, parsed.lines, id, "warning") });
    for (const w of parsed.warnings) placeWarning(w);
    run.includeStack.push(id);
    let value: ObjectValue;
    try {
      value = new FileEvaluator(run, { seen: new Set(), judged: new Map(), add: placeWarning }, new Map(), site, run.trace?.addFile({ id, text: read.value }) ?? 0).program(parsed.program);
    } catch (e) {
      // A stopped run (time, cancellation) stays what it is; every other error is the include's (§13.3).
      if (e instanceof EvalError && !(e instanceof StopError)) return inner(e.diagnostic);
      throw e;
    } finally {
      run.includeStack.pop();
      run.meter.current = site;
    }
    // Included values lose range-ness (§5); their lazy parts, produced later, raise their errors as this include's.
    value = adoptIncluded(value, {
      meter: run.meter,
      site,
      rethrow: (e) => inner(e.diagnostic),
      copied: (original, copy) => {
        run.trace?.alias(original, copy);
        if (!Array.isArray(original) || !Array.isArray(copy)) return;
        const w = run.weights?.get(original);
        if (w !== undefined) run.weights?.set(copy, w);
      },
    }) as ObjectValue;
    return { value, id, dataFile: -1 };
  }

  /** An include statement: the included file's keys merged into the includer's root (§8 items 5–6). */
  private include(path: string, start: number, end: number, root: ObjectValue, origins: Map<string, { start: number; end: number }>): void {
    const read = this.readInclude(path, start, end, false);
    const value = read.value as ObjectValue;
    const span = { start, end };
    const mode = this.run.options.includeMerge;
    const trace = this.run.trace;
    this.run.meter.charge(value.size, this.where(start));
    for (let i = 0, keys = value.keys, values = value.values; i < keys.length; i++) {
      const k = keys[i] as string;
      const v = values[i] as Value;
      const exists = root.has(k);
      if (exists && mode === "keep") continue;
      if (exists && mode === "error") throw new EvalError(fill(MESSAGES.mergeConflict, k, read.id), start, end);
      root.set(k, v);
      this.weighRoot(v, start);
      this.global.set(k, v);
      if (!exists) origins.set(k, span);
      if (trace === undefined) continue;
      // a data include's keys are placed at the include
      if (read.dataFile >= 0) trace.record(root, root.indexOf(k), this.fileIndex, -1, start, end, PLACE_KIND.dataInclude, read.dataFile);
      else trace.copy(value, i, root, root.indexOf(k));
    }
  }

  /** Tracing: the records of an object literal with distinct keys, one per stored member, in order. */
  private memberRecords(e: ObjectExpr, records: number[]): void {
    let i = 0;
    for (const m of e.members) {
      if (m.type === "member" && !m.declare) writeRecord(records, i++, this.fileIndex, m.start, m.value.start, m.value.end, placeKindOf(m.value), -1);
    }
  }

  /** Tracing: child `index` of `container` was produced by `e` (a member whose key starts at `keyStart`). */
  private traced(container: object, index: number, e: Expr, keyStart = -1): void {
    this.run.trace?.record(container, index, this.fileIndex, keyStart, e.start, e.end, placeKindOf(e));
  }

  // ---- expressions --------------------------------------------------------

  /** One evaluation step at `at`: charged to the meter. */
  private tick(at: number): void {
    const where = this.where(at);
    this.run.meter.current = where;
    this.run.meter.charge(1, where);
  }

  /** Where work at `at` of this file is named in limit errors raised by the meter. */
  private where(at: number): number {
    return this.site ?? at;
  }

  /** A string the source built counts against the item limit (see {@link CHARS_PER_ITEM}). */
  private built(s: string, at: number): void {
    if (s.length >= CHARS_PER_ITEM) this.count(s.length / CHARS_PER_ITEM, at);
  }

  private count(n: number, at: number): void {
    const run = this.run;
    run.items += n;
    if (run.items > run.limits.maxItems) throw new EvalError(fill(MESSAGES.tooManyValues, run.limits.maxItems), at);
  }

  /**
   * Evaluate a map body, possibly pulled later by an emitter: values it
   * consumes are charged at its expressions, and the element's written-out
   * size is charged before anyone walks it (a cheap body can name a large
   * shared value).
   */
  body(e: Expr, scope: Scope): Value {
    const meter = this.run.meter;
    meter.evaluating++;
    try {
      const v = this.expr(e, scope);
      meter.charge(this.weightOf(v), this.where(e.start));
      return v;
    } finally {
      meter.evaluating--;
    }
  }

  expr(e: Expr, scope: Scope): Value {
    this.tick(e.start);
    switch (e.type) {
      case "literal":
        return e.value;
      case "float":
        return new FloatValue(e.value);
      case "ident": {
        const v = this.lookup(scope, e.name);
        return v !== undefined ? v : this.bareWord(e, scope, false);
      }
      case "template":
        return this.template(e, scope);
      case "unary": {
        const v = this.operand(e.operand, scope);
        if (e.op === "-") return negate(v, e.start);
        if (isRangeValue(v)) rangeOperand("!", e.start);
        return !isTruthy(v);
      }
      case "binary": {
        const op = e.op;
        if (op === "&&" || op === "||") {
          const l = this.operand(e.left, scope);
          if (isRangeValue(l)) rangeOperand(op, e.at);
          if (op === "&&" ? !isTruthy(l) : isTruthy(l)) return op === "||";
          const r = this.operand(e.right, scope);
          if (isRangeValue(r)) rangeOperand(op, e.at);
          return isTruthy(r);
        }
        const l = this.operand(e.left, scope);
        const r = this.operand(e.right, scope);
        switch (op) {
          case "==":
          case "!=":
            if (isRangeValue(l) || isRangeValue(r)) rangeOperand(op, e.at);
            return equals(l, r, this.run.meter, this.where(e.at)) === (op === "==");
          case "<":
          case ">":
          case "<=":
          case ">=":
            return compare(op, l, r, e.at, this.run.meter, this.where(e.at));
          default: {
            if (op === "+" && typeof l !== "string" && typeof r !== "string" && (isComposable(l) || isComposable(r))) return this.composePlus(l, r, e.at);
            const v = arithmetic(op, l, r, e.at, this.run.limits.maxStringLength);
            if (typeof v === "string") this.built(v, e.at);
            return v;
          }
        }
      }
      case "ternary":
        return isTruthy(this.operand(e.test, scope)) ? this.expr(e.then, scope) : this.expr(e.otherwise, scope);
      case "member": {
        if (e.object.type === "ident" && this.lookup(scope, e.object.name) === undefined) {
          const search = new NearestName(e.object.name);
          scope.offerVisibleNames(search);
          const near = search.name;
          const message = withHint(fill(MESSAGES.undefinedVariable, e.object.name), near === undefined ? undefined : fillText(PHRASES.didYouMeanName, near));
          throw new EvalError(message, e.object.start, e.object.end);
        }
        const base = this.expr(e.object, scope);
        if (!(base instanceof ObjectValue)) throw new EvalError(fill(MESSAGES.notAnObject), e.at);
        const v = base.get(e.property);
        if (v === undefined) {
          const near = closestName(e.property, base.keys);
          throw new EvalError(withHint(fill(MESSAGES.propertyNotFound, e.property), near === undefined ? undefined : fillText(PHRASES.didYouMeanKey, near)), e.at);
        }
        return v;
      }
      case "range": {
        const from = this.expr(e.from, scope);
        const to = this.expr(e.to, scope);
        const step = e.step === undefined ? undefined : this.expr(e.step, scope);
        return makeRange(from, to, step, e.at, e.step?.start ?? e.at, this.run.limits.maxRangeItems, { meter: this.run.meter, at: this.where(e.at) });
      }
      case "map": {
        const source = this.expr(e.source, scope);
        if (!(Array.isArray(source) || source instanceof LazyArray)) {
          throw new EvalError(fill(MESSAGES.mapTarget, kindOf(source)), e.at);
        }
        this.count(source.length, e.at);
        if (source.length > this.run.options.lazyThreshold) {
          // Presets and bindings are frozen as they are now: the body runs later.
          this.run.lazyMaps++;
          const lazy = new LazyMap(source, e.param, e.body, this.deferred(e.at), this.snapshot(scope, e.at));
          this.probeSize(lazy, e.at);
          return lazy;
        }
        const out: Value[] = new Array<Value>(source.length);
        let i = 0;
        let weight = 1;
        for (const item of source) {
          const inner = new Scope(scope);
          inner.set(e.param, item);
          const v = this.expr(e.body, inner);
          out[i++] = v;
          weight += this.weightOf(v);
        }
        this.run.trace?.recordAll(out, this.fileIndex, e.body.start, e.body.end);
        return this.weighed(out, weight, e.at);
      }
      case "array": {
        const out: Value[] = [];
        let weight = 1;
        /** Runs of items before a spread of a large lazy array, and those arrays (§11: they stream). */
        const segments: Segment[] = [];
        for (const el of e.elements) {
          if (el.type === "spread" || el.type === "ifItem") {
            weight += this.spliceItem(el, out, scope, segments);
            continue;
          }
          const v = this.expr(el, scope);
          if (isRangeValue(v)) {
            this.count(v.length, el.start);
            if (out.length + v.length > this.run.limits.maxRangeItems) throw new EvalError(fill(MESSAGES.arrayTooLarge, this.run.limits.maxRangeItems), el.start);
            const first = out.length;
            for (const x of v) out.push(x);
            weight += v.length;
            // a range's elements are placed at the range
            if (this.run.trace !== undefined) for (let j = first; j < out.length; j++) this.traced(out, j, el);
          } else {
            this.count(1, el.start);
            out.push(v);
            weight += this.weightOf(v);
            if (this.run.trace !== undefined) this.traced(out, out.length - 1, el);
          }
        }
        if (segments.length > 0) {
          segments.push(out);
          return new SplicedArray(segments, { meter: this.run.meter, at: this.where(e.start) });
        }
        return this.weighed(out, weight, e.start);
      }
      case "object":
        return this.object(e, scope);
      case "presetUse":
        return this.presetUse(e, scope);
      case "arrayBlock":
        return this.arrayBlock(e, scope);
      case "includeValue":
        return this.readInclude(e.path, e.at, e.at + "include".length, true).value;
    }
  }

  /**
   * An operand of an operator or the condition of a ternary: as {@link expr},
   * but a bare word here is W2 (§16.5), not the idiom.
   */
  private operand(e: Expr, scope: Scope): Value {
    if (e.type !== "ident") return this.expr(e, scope);
    this.tick(e.start);
    const v = this.lookup(scope, e.name);
    return v === undefined ? this.bareWord(e, scope, true) : v;
  }

  /**
   * An identifier that names nothing is the string of its name (§4.3). The
   * first time an occurrence is evaluated it is judged: near a visible name,
   * W1; otherwise, as an operand, W2; otherwise the idiom (no warning).
   */
  private bareWord(e: IdentExpr, scope: Scope, operand: boolean): string {
    // past the run's last kept warning nothing more is judged (the list only grows), nor remembered
    if (this.run.warnings.full) return e.name;
    const seen = this.warn.seen;
    if (seen.has(e.start)) return e.name;
    seen.add(e.start);
    const word = this.judge(e.name, scope);
    const near = word.near;
    if (near !== undefined) this.warn.add(nearNameWarning((word.message ??= nearNameMessage(e.name, near)), near, e.start, e.end));
    else if (operand) this.warn.add(bareOperandWarning((word.message ??= bareOperandMessage(e.name)), e.name, e.start, e.end));
    return e.name;
  }

  /** W6 (§16.5): `${name}` naming nothing is kept as written (with a "did you mean" when a name is near). */
  private unboundInterpolation(e: IdentExpr, scope: Scope): void {
    const seen = this.warn.seen;
    if (seen.has(e.start)) return;
    seen.add(e.start);
    const near = this.judge(e.name, scope).near;
    const reason = fillText(PHRASES.notDefined, e.name) + (near === undefined ? "" : ` — ${fillText(PHRASES.didYouMeanName, near)}`);
    const suggestion = near === undefined ? undefined : { text: near, start: e.start, end: e.end };
    this.warn.add(interpolationKeptWarning(e.name, reason, e.start, e.end, suggestion));
  }

  /**
   * `word` judged once per file: the visible name nearest to it (W1), if
   * one is near, else `true`, `false` or `null` one edit away (`ture`,
   * `False`, `nul`). A name must keep something of the word (`x` is no
   * misspelling of `a`), and a literal must be one edit away (`Sales` is no
   * misspelling of `false`).
   */
  private judge(word: string, scope: Scope): WordJudgement {
    const known = this.warn.judged.get(word);
    if (known !== undefined) return known;
    if (++this.run.nearLookups > MAX_NEAR_LOOKUPS) return { near: undefined, message: undefined };
    const judged: WordJudgement = { near: this.findNearName(word, scope), message: undefined };
    this.warn.judged.set(word, judged);
    return judged;
  }

  private findNearName(word: string, scope: Scope): string | undefined {
    const search = new NearestName(word);
    const building = this.building;
    if (scope.offerVisibleNames(search) && building !== undefined) {
      for (const key of building.keys) if (!search.consider(key)) break;
    }
    if (search.name !== undefined && search.distance < word.length) return search.name;
    return closestName(word, LITERAL_NAMES, 1);
  }

  /** An object body evaluated in a child of `parent` (when it needs one, see {@link BodyScopeNeeds}). */
  private object(e: ObjectExpr, parent: Scope): ObjectValue {
    const needs = e.needs;
    const scope = needs.ownScope ? new Scope(parent) : parent;
    const out = new ObjectValue();
    const distinct = e.distinctKeys;
    const trace = this.run.trace;
    const outer = this.building;
    this.building = out;
    let weight = 1;
    for (const m of e.members) {
      if (m.type !== "member") {
        weight += this.bodyItem(m, out, scope, needs.bindMembers);
        continue;
      }
      const v = this.expr(m.value, scope);
      if (m.declare) {
        scope.set(m.key, v);
        continue;
      }
      if (distinct) out.append(m.key, v);
      else out.set(m.key, v);
      if (trace !== undefined && !distinct) this.traced(out, out.indexOf(m.key), m.value, m.start);
      if (needs.bindMembers && !m.quoted) scope.set(m.key, v);
      weight += typeof v === "object" && v !== null ? this.weightOf(v) : 1;
    }
    this.building = outer;
    this.count(e.members.length, e.start);
    // distinct keys: the members are where they are in the literal, the same for every object it makes
    if (trace !== undefined && distinct) trace.recordShape(out, e, this.fileIndex, (records) => this.memberRecords(e, records));
    return this.weighed(out, weight, e.start);
  }

  /**
   * Refuse a lazy map whose written-out size would pass the item limit, from
   * its first and last elements, before anything is written (nested maps
   * multiply: `1..100000 map (i) = (1..100000 map (j) = j)` is 10^10 values).
   * The first element is evaluated as eager evaluation would, so an error in
   * it is the run's error; the last only narrows the estimate (the smaller of
   * the two is used, so uneven elements never cause a false refusal).
   */
  private probeSize(lazy: LazyMap, at: number): void {
    let per = this.weightOf(lazy.at(0));
    if (per * lazy.length <= this.run.limits.maxItems) return;
    try {
      per = Math.min(per, this.weightOf(lazy.at(lazy.length - 1)));
    } catch (err) {
      if (!(err instanceof EvalError) || err instanceof StopError) throw err;
    }
    if (per * lazy.length > this.run.limits.maxItems) {
      throw new EvalError(fill(MESSAGES.valueTooLargeWrittenAbout, per * lazy.length, this.run.limits.maxItems), at);
    }
  }

  /** An evaluator for a body that runs later: presets frozen as they are now. */
  private deferred(at: number): FileEvaluator {
    this.count(this.presets.size, at);
    return new FileEvaluator(this.run, this.warn, new Map(this.presets), this.site);
  }

  /** A frozen copy of the bindings visible from `scope`, counted against the item limit (it is one per lazy map). */
  private snapshot(scope: Scope, at: number): Scope {
    const snap = scope.snapshot(this.run.meter, this.where(at));
    this.count(snap.size, at);
    return snap;
  }

  /** Expanded size of a value (see {@link RunState.weights}). */
  private weightOf(v: Value): number {
    if (v === null || typeof v !== "object") return 1;
    if (v instanceof ObjectValue) return objectWeight(v) || v.size + 1;
    if (v instanceof LazyArray) return v.length + 1;
    if (Array.isArray(v)) return this.run.weights?.get(v) ?? v.length + 1;
    return 1;
  }

  /** Record a container's expanded size; refuse it past the item limit. */
  private weighed<T extends Value[] | ObjectValue>(v: T, weight: number, at: number): T {
    // A container of scalars weighs its size plus one, which weightOf derives; only nesting is recorded.
    if (weight > (v instanceof ObjectValue ? v.size : v.length) + 1) {
      if (weight > this.run.limits.maxItems) throw new EvalError(fill(MESSAGES.valueTooLargeWritten, this.run.limits.maxItems), at);
      if (v instanceof ObjectValue) setObjectWeight(v, weight);
      else (this.run.weights ??= new WeakMap()).set(v, weight);
    }
    return v;
  }

  /** {@link weighed}, the weight summed from the elements (an array's) or the member values (an object's). */
  private weighAll<T extends Value[] | ObjectValue>(v: T, at: number): T {
    let weight = 1;
    for (const x of v instanceof ObjectValue ? v.values : (v as Value[])) weight += this.weightOf(x);
    return this.weighed(v, weight, at);
  }

  private template(e: TemplateExpr, scope: Scope): string {
    let s = "";
    for (const part of e.parts) {
      if (typeof part === "string") s += part;
      else if (part.type === "ident") {
        // One lookup, not one here and another in expr: an unbound name stays as written (§4.9).
        const v = this.lookup(scope, part.name);
        if (v === undefined) {
          s += "${" + part.name + "}";
          this.unboundInterpolation(part, scope);
        } else {
          this.tick(part.start);
          s += toText(v, part.start);
        }
      } else s += toText(this.expr(part, scope), part.start);
      if (s.length > this.run.limits.maxStringLength) {
        throw new EvalError(fill(MESSAGES.stringTooLong, this.run.limits.maxStringLength), e.start);
      }
    }
    this.built(s, e.start);
    return s;
  }

  private presetUse(e: PresetUseExpr, scope: Scope): ObjectValue {
    const body = this.presets.get(e.name);
    if (!body) {
      const near = closestName(e.name, this.presets.keys());
      throw new EvalError(near === undefined ? fill(MESSAGES.presetNotFound, e.name) : fill(MESSAGES.presetNotFoundNear, e.name, near), e.at);
    }
    if (this.activePresets.has(body)) throw new EvalError(fill(MESSAGES.recursivePreset, e.name), e.at);
    const cached = this.presetCache.get(body);
    let base: ObjectValue;
    if (cached) base = cached;
    else {
      this.activePresets.add(body);
      const lookupsBefore = this.lookups;
      try {
        base = this.object(body, scope);
      } finally {
        this.activePresets.delete(body);
      }
      // A body that looked up no name gives the same value at every use: share it.
      if (this.lookups === lookupsBefore) this.presetCache.set(body, base);
    }
    if (!e.overrides) return base;
    return this.shallowMerge(base, this.object(e.overrides, scope), e.at);
  }

  /**
   * `base`'s members in order, a same-named `over` member replacing the
   * value, then `over`'s new members (preset overrides, §9; `+` on objects, §16.3).
   * When tracing, each member keeps the place it came from. The copy is new
   * memory however small `over` is: its work (both sides are read) is
   * charged before it is made, then its members are counted and it is weighed.
   */
  private shallowMerge(base: ObjectValue, over: ObjectValue, at: number): ObjectValue {
    this.run.meter.charge(base.size + over.size, this.where(at));
    const out = new ObjectValue();
    for (let i = 0, keys = base.keys, values = base.values; i < keys.length; i++) {
      const k = keys[i] as string;
      const o = over.get(k);
      out.append(k, o === undefined ? (values[i] as Value) : o);
    }
    for (let i = 0, keys = over.keys, values = over.values; i < keys.length; i++) {
      const k = keys[i] as string;
      if (!base.has(k)) out.append(k, values[i] as Value);
    }
    const trace = this.run.trace;
    if (trace !== undefined) {
      // each member keeps the place it came from: an override, or the preset body
      for (let i = 0, keys = out.keys; i < keys.length; i++) {
        const j = over.indexOf(keys[i] as string);
        if (j >= 0) trace.copy(over, j, out, i);
        else trace.copy(base, base.indexOf(keys[i] as string), out, i);
      }
    }
    this.count(out.size, at);
    return this.weighAll(out, at);
  }

  /** Template / implicit-map array blocks (§7). Large expansions are produced lazily. */
  private arrayBlock(e: ArrayBlockExpr, scope: Scope): Value[] | LazyArray {
    const rows: BlockRow[] = [];
    let total = 0;
    /** Written-out size of the rows' elements (without a map clause, the block's own). */
    let size = 1;
    for (const row of e.rows) {
      const cells = row.map((c) => this.expr(c, scope));
      let n = -1;
      for (const c of cells) if (isRangeValue(c)) n = n < 0 ? c.length : Math.min(n, c.length);
      const count = n < 0 ? 1 : n;
      const at = row[0]?.start ?? e.start;
      this.count(count, at);
      total += count;
      if (total > this.run.limits.maxRangeItems) throw new EvalError(fill(MESSAGES.arrayTooLarge, this.run.limits.maxRangeItems), at);
      // A zipped range cell gives one item per element; any other cell is repeated whole in every element.
      let weight = e.fields === undefined ? 0 : 1;
      for (const c of cells) weight += n >= 0 && isRangeValue(c) ? 1 : this.weightOf(c);
      size += count * weight;
      if (e.map === undefined && size > this.run.limits.maxItems) {
        throw new EvalError(fill(MESSAGES.valueTooLargeWritten, this.run.limits.maxItems), at);
      }
      rows.push({ cells, count, expands: n >= 0, weight });
    }
    const elements = new LazyRows(rows, e.fields, total, { meter: this.run.meter, at: this.where(e.start) });
    const map = e.map;
    if (map === undefined) {
      if (total > this.run.options.lazyThreshold) return elements;
      const out = this.weighAll([...elements], e.start);
      if (this.run.trace !== undefined) this.traceRows(out, e, rows);
      return out;
    }
    if (total <= this.run.options.lazyThreshold) {
      const out = this.weighAll([...new LazyMap(elements, map.param, map.body, this, scope)], e.start);
      this.run.trace?.recordAll(out, this.fileIndex, map.body.start, map.body.end);
      return out;
    }
    // Presets and bindings are frozen as they are now: the body runs later.
    this.run.lazyMaps++;
    return new LazyMap(elements, map.param, map.body, this.deferred(e.start), this.snapshot(scope, e.start));
  }

  /** Tracing: the elements of a block without a map clause are placed at their row, a template's fields at their cells. */
  private traceRows(out: Value[], e: ArrayBlockExpr, rows: readonly BlockRow[]): void {
    let at = 0;
    for (let r = 0; r < rows.length; r++) {
      const cells = e.rows[r] ?? [];
      const first = cells[0];
      const last = cells[cells.length - 1];
      const row = { type: "array", elements: cells, start: first?.start ?? e.start, end: last?.end ?? e.end } as const;
      for (let k = 0; k < (rows[r] as BlockRow).count; k++, at++) {
        this.traced(out, at, row);
        const el = out[at];
        if (e.fields === undefined || !(el instanceof ObjectValue)) continue;
        for (let f = 0; f < cells.length; f++) this.traced(el, el.indexOf(e.fields[f] as string), cells[f] as Expr);
      }
    }
  }
}

/** Operands `+` composes (§16.3): arrays (a range beside one) and objects; any other mix with them is R3 (with a string, §4.6 converts: R20). */
function isComposable(v: Value): boolean {
  return typeof v === "object" && v !== null && !(v instanceof FloatValue);
}

/** `a string`, `an object`: a kind with its article, as C1/C2 name it. */
function article(kind: string): string {
  return /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}

/** Literal keywords a bare word may be a misspelling of (`ture`, `False`, `nul`). */
const LITERAL_NAMES = ["true", "false", "null"] as const;

/** How a place produced by `e` is reported: a `@use` makes its members' related place. */
function placeKindOf(e: Expr): PlaceKind {
  return e.type === "presetUse" ? PLACE_KIND.presetUse : PLACE_KIND.plain;
}

/** The external variables' scope (§16.2). */
function outerScope(vars: ExternalVars, budget: DataBudget): Scope | undefined {
  const values = externalValues(vars, budget);
  if (values.size === 0) return undefined;
  const scope = new Scope(undefined);
  for (const [name, v] of values) scope.set(name, v);
  return scope;
}

/** Reading data under the run's limits: its values count against the item limit; the clock is checked as they are counted. */
function dataBudget(run: RunState, at: number): DataBudget {
  const limits = run.limits;
  return {
    maxDepth: limits.maxDepth,
    maxArrayItems: limits.maxRangeItems,
    charge: (n) => {
      run.items += n;
      run.meter.charge(n, at);
      return run.items > limits.maxItems ? `too many values (limit ${limits.maxItems})` : undefined;
    },
    weighArray: (a, weight) => void (run.weights ??= new WeakMap()).set(a, weight),
  };
}

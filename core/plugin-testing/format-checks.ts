/**
 * The checks jsson's own formats pass, run on any format plugin through a
 * real engine holding only that plugin:
 *
 * - every value shape (value-shapes.ts) reads back as its data with the
 *   format's `readBack` (or the `read` given), or is refused with an output
 *   diagnostic when the format says it cannot write it (`refuses`);
 * - the streamed output equals the buffered one, run after run;
 * - a selected value (`select`) reads back as that value;
 * - every option the format declares is honoured (accepted, read back, and
 *   changing the output), and others are refused before anything is written;
 * - the output size limit and errors raised while the tree is read end the
 *   run with a diagnostic, never with an exception or a truncated success.
 *
 * {@link formatChecks} lists them synchronously (so a runner can register
 * one test each); {@link checkFormat} runs them all.
 */
import { Engine } from "../engine/engine.js";
import { CODES } from "../diagnostics/catalogue.js";
import type { EmitContext, FormatOptionSpec, FormatOptionValue, OutputFormat } from "../plugin/index.js";
import { dataDifference, entriesOf, show, type Reading } from "./data-difference.js";
import { describeOutcome, errorLine, firstTextDifference, FormatRunner, type CheckRunOptions, type RunOutcome } from "./format-run.js";
import { VALUE_SHAPES, type ExpectedData, type ValueShape } from "./value-shapes.js";

/** The verdict of one check. */
export interface CheckResult {
  /** What was checked (`integers: reads back`). */
  readonly name: string;
  /** True when the check passed (or was skipped). */
  readonly ok: boolean;
  /** True when there was nothing to check (no reader for the output); `ok` is then true. */
  readonly skipped?: boolean;
  /** What was found: the first problem, or a summary of what passed. */
  readonly message: string;
}

/** One check, not yet run. */
export interface FormatCheck {
  readonly name: string;
  /** The canonical name of the format it checks. */
  readonly format: string;
  run(): Promise<CheckResult>;
}

/** Reads a format's output back as plain data, like `OutputFormat.readBack`. */
export type OutputReader = (text: string, ctx: EmitContext) => unknown;

/** What the kit needs to know about the format besides the plugin. */
export interface FormatCheckOptions extends Reading {
  /** The format to check (name or alias); needed only when the plugin registers more than one. */
  readonly format?: string;
  /** A reader for a format without `readBack` (or to read with instead of it). Without either, read-back is skipped. */
  readonly read?: OutputReader;
  /** Names of shapes ({@link VALUE_SHAPES}) the format cannot write: each must be refused with an output diagnostic. */
  readonly refuses?: readonly string[];
  /**
   * The values to check each declared option with; a boolean option
   * defaults to `[false, true]`, a string or number option must be given.
   */
  readonly optionValues?: Readonly<Record<string, readonly FormatOptionValue[]>>;
  /** More shapes to check, after the built-in ones (say, a case for each option). */
  readonly shapes?: readonly ValueShape[];
}

/** An option name no format declares. */
const UNDECLARED_OPTION = "jsson-plugin-testing-undeclared";

/** The member of the object the hostile-keys shape holds under `__proto__`. */
const POLLUTION = "polluted";

/** Top-level values checked by selection, per shape. */
const MAX_SELECTIONS = 12;

/** A source whose array is mapped lazily (more items than the stream threshold given) and fails at item 30. */
const FAILING_TREE = "before = 1\nitems = 1..40 map (i) = i == 30 ? 1 / 0 : i\nafter = 2\n";
const FAILING_TREE_LINE = 2;

const pass = (name: string, message: string): CheckResult => ({ name, ok: true, message });
const fail = (name: string, message: string): CheckResult => ({ name, ok: false, message });
const skip = (name: string, message: string): CheckResult => ({ name, ok: true, skipped: true, message });

/** The checks for `plugin`'s format, listed without running any. Throws when the plugin is refused, or the options name shapes or options that do not exist. */
export function formatChecks(plugin: unknown, options: FormatCheckOptions = {}): FormatCheck[] {
  const engine = new Engine([plugin]);
  const names = engine.listFormats().map((f) => f.name);
  const wanted = options.format ?? (names.length === 1 ? names[0] : undefined);
  if (wanted === undefined) throw new Error(`the plugin registers ${names.length === 0 ? "no format" : `the formats ${names.join(", ")}`}: name the one to check (format)`);
  const format = engine.findFormat(wanted);
  if (format === undefined) throw new Error(`the plugin registers no format "${wanted}" (it has: ${names.join(", ") || "none"})`);
  const shapes = [...VALUE_SHAPES, ...(options.shapes ?? [])];
  const refuses = new Set(options.refuses ?? []);
  const shapeNames = shapes.map((s) => s.name);
  const twice = shapeNames.find((n, i) => shapeNames.indexOf(n) !== i);
  if (twice !== undefined) throw new Error(`two shapes are named "${twice}": give each of shapes a name of its own`);
  for (const name of refuses) if (!shapeNames.includes(name)) throw new Error(`refuses names no shape "${name}" (the shapes: ${shapeNames.join(", ")})`);
  for (const option of Object.keys(options.optionValues ?? {}))
    if (!Object.hasOwn(format.options ?? {}, option)) throw new Error(`optionValues names an option the ${format.name} format does not declare: "${option}"`);
  const kit = new Checker(new FormatRunner(engine, format.name), format, options);

  const checks: FormatCheck[] = [];
  const add = (name: string, run: (name: string) => CheckResult): void => void checks.push({ name, format: format.name, run: async () => guarded(name, run) });
  for (const shape of shapes) {
    if (refuses.has(shape.name)) add(`${shape.name}: refused with a diagnostic`, (name) => kit.refused(name, shape));
    else add(`${shape.name}: reads back`, (name) => kit.readsBack(name, shape));
    add(`${shape.name}: streamed output equals buffered`, (name) => kit.streamedEqualsBuffered(name, shape));
    if (!refuses.has(shape.name)) add(`${shape.name}: selected values read back`, (name) => kit.selectedReadBack(name, shape));
  }
  const writable = shapes.filter((s) => !refuses.has(s.name));
  for (const [option, spec] of Object.entries(format.options ?? {})) add(`option ${option}: honoured`, (name) => kit.optionHonoured(name, option, spec, writable));
  add("undeclared options are refused", (name) => kit.undeclaredOptionRefused(name));
  add("options of another type are refused", (name) => kit.wrongTypeRefused(name));
  add("the output size limit ends the run with a diagnostic", (name) => kit.outputLimit(name, writable));
  add("errors while the tree is read end the run with a diagnostic", (name) => kit.treeErrors(name));
  return checks;
}

/** Run every check of {@link formatChecks}, in order. */
export async function checkFormat(plugin: unknown, options: FormatCheckOptions = {}): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of formatChecks(plugin, options)) results.push(await check.run());
  return results;
}

/**
 * Run one check. A check whose own code throws (a reader, a comparison over
 * a strange value) fails rather than aborts the others; a reader that
 * polluted Object.prototype (the hostile-keys shape holds an object under
 * `__proto__` with a member `polluted`) fails, and the pollution is undone.
 */
function guarded(name: string, run: (name: string) => CheckResult): CheckResult {
  const before = Object.hasOwn(Object.prototype, POLLUTION);
  try {
    const r = run(name);
    return !before && Object.hasOwn(Object.prototype, POLLUTION) ? fail(name, `Object.prototype has a property "${POLLUTION}" now: a key __proto__ was assigned to a plain object`) : r;
  } catch (e) {
    return fail(name, `the check stopped: ${errorLine(e)}`);
  } finally {
    if (!before) delete (Object.prototype as Record<string, unknown>)[POLLUTION];
  }
}

/** The checks, over one runner. */
class Checker {
  private readonly read: OutputReader | undefined;

  constructor(
    private readonly runner: FormatRunner,
    private readonly format: OutputFormat,
    private readonly options: FormatCheckOptions,
  ) {
    const own = format.readBack;
    this.read = options.read ?? (own === undefined ? undefined : (text, ctx) => own.call(format, text, ctx));
  }

  readsBack(name: string, shape: ValueShape): CheckResult {
    const out = this.runner.buffered(shape.source);
    if (out.kind !== "output") return fail(name, describeOutcome(out));
    if (this.read === undefined) return skip(name, `${describeOutcome(out)}; not read back: the format has no readBack (give read to check it)`);
    const d = this.readDifference(shape.data, out.text, {});
    return d === undefined ? pass(name, `${describeOutcome(out)}, read back as the data`) : fail(name, d);
  }

  refused(name: string, shape: ValueShape): CheckResult {
    const problem = this.refusalProblem(this.runner.buffered(shape.source), this.runner.streamed(shape.source));
    return problem === undefined ? pass(name, "refused with an output diagnostic, nothing written") : fail(name, `${problem} (the shape is listed in refuses)`);
  }

  streamedEqualsBuffered(name: string, shape: ValueShape): CheckResult {
    const first = this.runner.buffered(shape.source);
    const again = this.runner.buffered(shape.source);
    const streamed = this.runner.streamed(shape.source);
    if (first.kind === "threw") return fail(name, `buffered: ${describeOutcome(first)}`);
    if (streamed.kind === "threw") return fail(name, `streamed: ${describeOutcome(streamed)}`);
    if (first.kind === "output" && streamed.kind === "output") {
      if (streamed.badChunk !== undefined) return fail(name, streamed.badChunk);
      if (again.kind !== "output" || again.text !== first.text)
        return fail(name, `a second buffered run wrote something else (state kept between runs?): ${again.kind === "output" ? firstTextDifference(first.text, again.text) : describeOutcome(again)}`);
      if (streamed.text !== first.text) return fail(name, `streamed and buffered outputs differ: ${firstTextDifference(first.text, streamed.text)}`);
      return pass(name, `${first.text.length} characters, streamed in ${streamed.chunks} chunk${streamed.chunks === 1 ? "" : "s"}`);
    }
    if (first.kind === "failed" && streamed.kind === "failed" && first.diagnostic.code === streamed.diagnostic.code && first.diagnostic.message === streamed.diagnostic.message)
      return pass(name, `both ${describeOutcome(first)}`);
    return fail(name, `buffered ${describeOutcome(first)}, but streamed ${describeOutcome(streamed)}`);
  }

  selectedReadBack(name: string, shape: ValueShape): CheckResult {
    const members = isObject(shape.data) ? entriesOf(shape.data) : [];
    const selectable = members.filter(([, v]) => this.format.emitValue !== undefined || isObject(v)).slice(0, MAX_SELECTIONS);
    if (selectable.length === 0) return skip(name, this.format.emitValue === undefined ? "no object at the top level to select (the format has no emitValue)" : "nothing to select");
    let refused = 0;
    for (const [key, value] of selectable) {
      const select = [key];
      const out = this.runner.buffered(shape.source, { select });
      // A format may refuse a value at the top that it writes nested (TypeScript: a key that is no identifier).
      if (out.kind === "failed" && out.diagnostic.code === CODES.O_OUTPUT) {
        const problem = this.refusalProblem(out, this.runner.streamed(shape.source, { select }));
        if (problem !== undefined) return fail(name, `select ${JSON.stringify(key)}: ${problem}`);
        refused++;
        continue;
      }
      if (out.kind !== "output") return fail(name, `select ${JSON.stringify(key)}: ${describeOutcome(out)}`);
      if (this.read === undefined) continue;
      const d = this.readDifference(value, out.text, {});
      if (d !== undefined) return fail(name, `select ${JSON.stringify(key)}: ${d}`);
    }
    const written = selectable.length - refused;
    const what = `${written} selected value${written === 1 ? "" : "s"}${refused > 0 ? ` (${refused} refused with a diagnostic)` : ""}`;
    if (written === 0) return skip(name, `every selected value was refused with a diagnostic`);
    return this.read === undefined ? skip(name, `${what} written; not read back: the format has no readBack`) : pass(name, `${what} read back`);
  }

  optionHonoured(name: string, option: string, spec: FormatOptionSpec, shapes: readonly ValueShape[]): CheckResult {
    const values = this.options.optionValues?.[option] ?? (spec.type === "boolean" ? [false, true] : undefined);
    if (values === undefined || values.length === 0) return fail(name, `the format declares the ${spec.type} option "${option}": give optionValues.${option}, the values to check it with`);
    const runs = shapes.flatMap((shape) => this.optionRuns(shape));
    const texts: string[][] = [];
    const summary: string[] = [];
    for (const value of values) {
      const formatOptions = { [option]: value };
      let readBack = 0;
      let refused = 0;
      const outputs: string[] = [];
      for (const run of runs) {
        const label = `${option}=${show(value)}, ${run.label}`;
        const b = this.runner.buffered(run.source, { formatOptions, select: run.select });
        const s = this.runner.streamed(run.source, { formatOptions, select: run.select });
        if (b.kind === "failed" && b.diagnostic.code === CODES.O_OUTPUT) {
          const problem = this.refusalProblem(b, s);
          if (problem !== undefined) return fail(name, `${label}: ${problem}`);
          refused++;
          outputs.push(`refused: ${b.diagnostic.message}`);
          continue;
        }
        if (b.kind !== "output") return fail(name, `${label}: ${describeOutcome(b)}`);
        if (s.kind !== "output" || s.text !== b.text) return fail(name, `${label}: streamed ${s.kind === "output" ? firstTextDifference(b.text, s.text) : describeOutcome(s)}`);
        outputs.push(b.text);
        if (this.read === undefined) continue;
        const d = this.readDifference(run.data, b.text, formatOptions);
        if (d !== undefined) return fail(name, `${label}: ${d}`);
        readBack++;
      }
      if (refused === runs.length) return fail(name, `${option}=${show(value)}: every shape was refused`);
      texts.push(outputs);
      summary.push(`${option}=${show(value)}: ${runs.length - refused} written${this.read === undefined ? "" : ` and read back (${readBack})`}, ${refused} refused`);
    }
    if (values.length > 1 && !runs.some((_, i) => new Set(texts.map((t) => t[i])).size > 1))
      return fail(name, `every value of ${option} (${values.map(show).join(", ")}) wrote the same output for every shape: is ctx.options read? (add a shape that shows it with shapes)`);
    return pass(name, summary.join("; "));
  }

  undeclaredOptionRefused(name: string): CheckResult {
    const opts: CheckRunOptions = { formatOptions: { [UNDECLARED_OPTION]: true } };
    const problem = this.refusalProblem(this.runner.buffered("a = 1\n", opts), this.runner.streamed("a = 1\n", opts));
    return problem === undefined ? pass(name, `option "${UNDECLARED_OPTION}" refused before writing`) : fail(name, problem);
  }

  wrongTypeRefused(name: string): CheckResult {
    const declared = Object.entries(this.format.options ?? {});
    if (declared.length === 0) return pass(name, "the format declares no options (each is then undeclared)");
    for (const [option, spec] of declared) {
      const wrong: FormatOptionValue = spec.type === "boolean" ? "true" : spec.type === "string" ? 1 : "1";
      const opts: CheckRunOptions = { formatOptions: { [option]: wrong } };
      const problem = this.refusalProblem(this.runner.buffered("a = 1\n", opts), this.runner.streamed("a = 1\n", opts));
      if (problem !== undefined) return fail(name, `${option}=${show(wrong)} (declared ${spec.type}): ${problem}`);
    }
    return pass(name, `${declared.map(([o]) => o).join(", ")}: a value of another type is refused before writing`);
  }

  outputLimit(name: string, shapes: readonly ValueShape[]): CheckResult {
    let largest: { source: string; size: number } | undefined;
    for (const shape of shapes) {
      const out = this.runner.buffered(shape.source);
      if (out.kind === "output" && out.text.length > (largest?.size ?? 1)) largest = { source: shape.source, size: out.text.length };
    }
    if (largest === undefined) return fail(name, "no shape was written, so no output could be limited");
    const limit = Math.floor(largest.size / 2);
    const opts: CheckRunOptions = { limits: { maxOutputBytes: limit } };
    for (const [mode, out] of [["buffered", this.runner.buffered(largest.source, opts)], ["streamed", this.runner.streamed(largest.source, opts)]] as const) {
      if (out.kind !== "failed" || out.diagnostic.code !== CODES.LIMIT_OUTPUT)
        return fail(name, `${mode}, output limit ${limit} of ${largest.size}: expected the output limit diagnostic ${CODES.LIMIT_OUTPUT}, but the run ${describeOutcome(out)}${out.kind === "output" ? " (an error thrown by sink.write was caught?)" : ""}`);
      if (out.written.length > limit) return fail(name, `${mode}: ${out.written.length} characters reached the sink past the limit of ${limit}`);
    }
    return pass(name, `a ${largest.size}-character output limited to ${limit}: ${CODES.LIMIT_OUTPUT}, buffered and streamed`);
  }

  treeErrors(name: string): CheckResult {
    const lazy: CheckRunOptions = { streamThreshold: 10 };
    for (const [mode, out] of [["buffered", this.runner.buffered(FAILING_TREE, lazy)], ["streamed", this.runner.streamed(FAILING_TREE, { ...lazy, verifyBeforeWrite: false })]] as const) {
      if (out.kind !== "failed" || out.diagnostic.code !== CODES.R1_DIVISION_BY_ZERO || out.diagnostic.line !== FAILING_TREE_LINE)
        return fail(name, `${mode}: an item of a lazily mapped array fails (division by zero, line ${FAILING_TREE_LINE}), but the run ${describeOutcome(out)}${out.kind === "output" ? " (an error thrown while reading the tree was caught?)" : ""}`);
    }
    return pass(name, `a failing item of a lazy array: ${CODES.R1_DIVISION_BY_ZERO} at line ${FAILING_TREE_LINE}, buffered and streamed`);
  }

  /** The runs an option is checked with: each shape at the top, and its top-level values selected when the format writes any value. */
  private optionRuns(shape: ValueShape): { label: string; source: string; select: readonly string[]; data: ExpectedData }[] {
    const runs = [{ label: shape.name, source: shape.source, select: [] as readonly string[], data: shape.data }];
    if (this.format.emitValue !== undefined && isObject(shape.data))
      for (const [key, value] of entriesOf(shape.data).slice(0, 3)) runs.push({ label: `${shape.name} select ${JSON.stringify(key)}`, source: shape.source, select: [key], data: value });
    return runs;
  }

  /** Why a pair of runs is not a clean refusal (an output diagnostic, the same streamed, nothing written); `undefined` when it is. */
  private refusalProblem(buffered: RunOutcome, streamed: RunOutcome): string | undefined {
    if (buffered.kind !== "failed" || buffered.diagnostic.code !== CODES.O_OUTPUT) return `expected a refusal (${CODES.O_OUTPUT}), but the buffered run ${describeOutcome(buffered)}`;
    if (buffered.diagnostic.line < 1) return `the refusal has no line: ${describeOutcome(buffered)}`;
    if (streamed.kind !== "failed" || streamed.diagnostic.code !== CODES.O_OUTPUT) return `the buffered run was refused, but the streamed run ${describeOutcome(streamed)}`;
    if (streamed.written !== "")
      return `the streamed run wrote ${streamed.written.length} characters before it was refused (put the refusal in the format's check, which runs before the first byte)`;
    return undefined;
  }

  /** Read `text` back and compare it with `expected`; a lossy reader must still find each big integer's digits in the text. */
  private readDifference(expected: ExpectedData, text: string, formatOptions: Record<string, FormatOptionValue>): string | undefined {
    const read = this.read as OutputReader;
    let got: unknown;
    try {
      got = read(text, { options: formatOptions });
    } catch (e) {
      return `cannot read its own output back: ${errorLine(e)}`;
    }
    const d = dataDifference(expected, got, this.options);
    if (d !== undefined) return d;
    if (this.options.integers === "doubles") {
      const missing = bigIntegers(expected).find((n) => !text.includes(n.toString()));
      if (missing !== undefined) return `the integer ${missing} is not written exactly (its digits are not in the output)`;
    }
    return undefined;
  }
}

function isObject(x: ExpectedData): x is ReadonlyMap<string, ExpectedData> | { readonly [key: string]: ExpectedData } {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** The bigints in `data`. */
function bigIntegers(data: ExpectedData): bigint[] {
  if (typeof data === "bigint") return [data];
  if (Array.isArray(data)) return (data as readonly ExpectedData[]).flatMap(bigIntegers);
  if (isObject(data)) return entriesOf(data).flatMap(([, v]) => bigIntegers(v));
  return [];
}

/**
 * `jsson transpile`: read a source, run the engine, write the output (or a
 * diagnostic), optionally validate against a schema. Called both by the oclif
 * command and by the start-up fast path, with the same parsed flags, so both
 * behave identically. Returns the exit status; user errors never throw.
 */
import { INCLUDE_MERGE_MODES, NodeFsHost, DEFAULT_LIMITS, diagnosticMessage, schemaCheck, type CheckedAgainstSchema, type Engine, type Evaluation, type IncludeMerge, type Limits, type RunFailure, type RunOptions, type SchemaToCheck } from "../../core/index.js";
import { parseByteSize, parseCount, parseDuration, type ParsedValue } from "../argv/limit-values.js";
import type { ParsedFlags } from "../argv/command-entry.js";
import { loadCliEngine } from "../plugin-loader/cli-engine.js";
import { formatNames } from "../terminal/format-table.js";
import { runSources, TextKeepingHost } from "../terminal/diagnostic-sources.js";
import { diagnosticsText, errorFormatOf, type ErrorFormat } from "../terminal/error-format.js";
import { EXIT, UsageError } from "../terminal/exit-codes.js";
import { OutputWriteError, StdoutSink, writeStderr } from "../io/fd-writer.js";
import { replaceFile, type ReplaceOptions } from "../io/file-replacement.js";
import { SpoolSink } from "../io/spool-sink.js";
import { sameFile } from "../io/same-file.js";
import { maxInputBytes, readInput } from "../io/read-input.js";
import { schemaFormatOf, schemaReport, type SchemaPlaces } from "../terminal/schema-report.js";
import { varsFromFlags } from "./external-vars.js";
import { FORMAT_OPTION_FLAGS } from "./transpile-flags.js";
import { outputFormatOf } from "./output-format-of.js";
import { parseSelectPath } from "../argv/select-path.js";
import { underWatchdog } from "./run-watchdog.js";
import { failureDiagnostics, warningModeOf, warningsText, type WarningMode } from "../terminal/warning-mode.js";

/** Parsed flags of `jsson transpile` (names as on the command line; `plugin` is a list). */
export type TranspileFlags = ParsedFlags;

/** Everything a run needs, checked. */
export interface TranspilePlan {
  readonly inputPath: string;
  readonly outputPath: string | undefined;
  /** How `outputPath` is replaced when it is a symbolic link (`-o`: the file it names; `--out-dir`: the link itself). */
  readonly replace?: ReplaceOptions;
  /** `--out-dir`: one output file per input under this folder. */
  readonly outDir: string | undefined;
  readonly watch: boolean;
  readonly options: RunOptions;
  readonly schema: { readonly path: string; readonly text: string; readonly format: string | undefined } | undefined;
  readonly validateOnly: boolean;
  /** How source diagnostics are written (`--error-format`). */
  readonly errorFormat: ErrorFormat;
  /** `--strict`, `--quiet-warnings` (LANGUAGE.md §16.5). */
  readonly warningMode: WarningMode;
}

/**
 * Run `jsson transpile` with parsed flags and the positional FILEs (none: `-i` or stdin); resolves to the exit status.
 * @param argv the normalised command line, which orders `--var`, `--var-json` and `--vars` among each other
 */
export async function runTranspile(flags: TranspileFlags, files: readonly string[], argv?: readonly string[]): Promise<number> {
  const loaded = await loadCliEngine(list(flags, "plugin"));
  if (!loaded.ok) {
    writeStderr(`jsson: ${loaded.message}\n`);
    return EXIT.USAGE;
  }
  const engine = loaded.engine;
  let plan: TranspilePlan;
  try {
    plan = makePlan(engine, flags, files, argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    writeStderr(`jsson: ${e.message}\n`);
    return EXIT.USAGE;
  }
  if (plan.outDir !== undefined) {
    const { runMany } = await import("./transpile-many.js");
    return runMany(engine, plan, flags, files, argv);
  }
  if (plan.watch) {
    const { runWatch } = await import("./watch.js");
    return runWatch(engine, plan, flags, files, argv);
  }
  return underWatchdog(plan.options.limits?.timeoutMs, () => transpileOnce(engine, plan, writeStderr));
}

/** `-o` names a file the user chose: a link there is followed, as opening it would. */
const FOLLOW_LINK: ReplaceOptions = { followLink: true };

/**
 * One run of a checked plan: read the input, transpile, write the output
 * (or the diagnostic, through `report`). Resolves to the exit status. An
 * output file is replaced only once complete (file-replacement.ts).
 */
export async function transpileOnce(engine: Engine, plan: TranspilePlan, report: (text: string) => void): Promise<number> {
  const input = readInput(plan.inputPath, maxInputBytes(DEFAULT_LIMITS.maxSourceLength));
  if (!input.ok) {
    report(`jsson: ${input.message}\n`);
    return EXIT.SOURCE;
  }
  // the texts this run reads through its host are kept for the report's excerpts (one keeper per run)
  const host = plan.options.host === undefined ? undefined : new TextKeepingHost(plan.options.host);
  const options: RunOptions = { ...plan.options, ...(host === undefined ? {} : { host }), ...(input.file === undefined ? {} : { file: input.file }) };
  try {
    return await (plan.schema ? transpileAndValidate(engine, input.text, options, plan, plan.schema, report) : transpileStreamed(engine, input.text, options, plan, report));
  } catch (e) {
    if (!(e instanceof OutputWriteError)) throw e;
    report(`jsson: ${e.message}\n`);
    return EXIT.SOURCE;
  }
}

/**
 * No schema: the output goes through a spool (memory, then a temporary file)
 * and reaches stdout or `-o` only once the run has succeeded, so no error —
 * not even the output-size limit or a timeout — follows a partial document,
 * and lazy data is evaluated once.
 */
async function transpileStreamed(engine: Engine, source: string, options: RunOptions, plan: TranspilePlan, report: (text: string) => void): Promise<number> {
  const spool = new SpoolSink();
  try {
    const evaluated = engine.evaluate(source, { ...options, verifyBeforeWrite: false });
    const result = evaluated.ok ? evaluated.write(spool) : evaluated;
    if (!result.ok) {
      report(sourceErrors(result, source, options, plan));
      return EXIT.SOURCE;
    }
    // read after writing: a lazy part evaluated while writing may have added one (under --strict the write failed then)
    report(warningsText(plan.errorFormat, (evaluated as Evaluation).warnings, () => runSources({ text: source, file: options.file }, options.host), plan.warningMode));
    await writeOutput(plan, spool.chunks());
    return EXIT.OK;
  } finally {
    spool.discard();
  }
}

/**
 * The diagnostics of a failed run, in the plan's error format; a failure
 * that lies in `--select` (a first key the document does not define: no
 * place in the source) is one `jsson:` line naming the flag, whatever the format.
 */
function sourceErrors(failure: RunFailure, source: string, options: RunOptions, plan: TranspilePlan): string {
  if (failure.option === "select") return failure.diagnostics.map((d) => `jsson: --select: ${diagnosticMessage(d)}\n`).join("");
  return diagnosticsText(plan.errorFormat, failureDiagnostics(failure, plan.warningMode), runSources({ text: source, file: options.file }, options.host));
}

/** With a schema: one evaluation, checked (the pipeline's validate stage: what a consumer would read), its output printed only if it passes. */
async function transpileAndValidate(
  engine: Engine,
  source: string,
  options: RunOptions,
  plan: TranspilePlan,
  schema: NonNullable<TranspilePlan["schema"]>,
  report: (text: string) => void,
): Promise<number> {
  const evaluated = engine.evaluate(source, options);
  if (!evaluated.ok) {
    report(sourceErrors(evaluated, source, options, plan));
    return EXIT.SOURCE;
  }
  const checked = schemaCheck(evaluated, schemaToCheck(schema));
  if (!checked.ok) {
    report(sourceErrors(checked, source, options, plan));
    return EXIT.SOURCE;
  }
  report(warningsText(plan.errorFormat, evaluated.warnings, () => runSources({ text: source, file: options.file }, options.host), plan.warningMode));
  const verdict = checked.result;
  report(schemaReport(verdict, schema.format, schemaPlaces(checked, source, options)));
  if (!verdict.valid || verdict.schemaError) return EXIT.SCHEMA;
  if (plan.validateOnly) return EXIT.OK;
  await writeOutput(plan, [checked.output]);
  return EXIT.OK;
}

/** The schema file of a plan as the engine's schema check takes it. */
export function schemaToCheck(schema: NonNullable<TranspilePlan["schema"]>): SchemaToCheck {
  return schema.format === undefined ? { text: schema.text } : { text: schema.text, schemaFormat: schema.format };
}

/** A successful run's output: to `-o` (replaced only once complete) or to stdout. */
async function writeOutput(plan: TranspilePlan, chunks: Iterable<string | Uint8Array>): Promise<void> {
  if (plan.outputPath !== undefined) return replaceFile(plan.outputPath, chunks, plan.replace ?? FOLLOW_LINK);
  const sink = new StdoutSink();
  for (const chunk of chunks) {
    if (typeof chunk === "string") sink.write(chunk);
    else sink.writeBytes(chunk);
  }
  sink.finish();
}

/**
 * The source places of a failed check's failures (§12.3), with the sources
 * they point into, for {@link schemaReport}; nothing when the check passed
 * or nothing could be placed.
 */
export function schemaPlaces(checked: CheckedAgainstSchema, source: string, options: RunOptions): SchemaPlaces | undefined {
  const places = checked.places;
  return places === undefined ? undefined : { places, sources: runSources({ text: source, file: options.file }, options.host) };
}

/** Check the flags; `argv` orders the external-variable flags (see {@link runTranspile}). Throws {@link UsageError}. */
export function makePlan(engine: Engine, flags: TranspileFlags, files: readonly string[], argv?: readonly string[]): TranspilePlan {
  const input = str(flags, "input");
  const file = files[0];
  const outDir = str(flags, "out-dir");
  if (outDir === undefined && files.length > 1) throw new UsageError(`several input files given; write them with --out-dir DIR (one output file each)`);
  if (input !== undefined && file !== undefined && (input !== file || files.length > 1)) throw new UsageError(`two input files given ("${input}" and "${file}"); give one, as -i FILE or FILE`);
  if (outDir !== undefined && str(flags, "output") !== undefined) throw new UsageError("give -o FILE or --out-dir DIR, not both");
  const inputPath = input ?? file ?? "-";
  // before the format is inferred from -o: "-o names the input" says more than "no format writes .jsson"
  const outputPath = outputOf(flags, inputPath);
  const watch = flags["watch"] === true;
  if (watch && outDir !== undefined) throw new UsageError("--watch takes one input file (without --out-dir)");
  const formatName = str(flags, "format") ?? (outputPath === undefined ? undefined : outputFormatOf(engine, outputPath)) ?? "json";
  const format = engine.findFormat(formatName);
  if (!format) throw new UsageError(`unknown format "${formatName}" (available: ${formatNames(engine)})`);
  const formatOptions: Record<string, boolean> = {};
  for (const [flag, option] of Object.entries(FORMAT_OPTION_FLAGS)) {
    if (flags[flag] !== true) continue;
    if (format.options === undefined || !Object.hasOwn(format.options, option)) {
      const owners = engine.listFormats().filter((f) => Object.hasOwn(engine.findFormat(f.name)?.options ?? {}, option)).map((f) => f.name);
      throw new UsageError(`--${flag} is an option of the ${owners.join(", ") || "(no)"} format${owners.length === 1 ? "" : "s"}, not of ${format.name}`);
    }
    formatOptions[option] = true;
  }
  const selectText = str(flags, "select");
  const select = selectText === undefined ? undefined : parseSelectPath(selectText);
  if (select !== undefined && !select.ok) throw new UsageError(select.message);
  const includeMerge = str(flags, "include-merge") ?? "keep";
  if (!isIncludeMerge(includeMerge)) throw new UsageError(`unknown include merge mode "${includeMerge}" (use ${INCLUDE_MERGE_MODES.join(", ")})`);
  const limits = parseLimits(flags);
  const schemaPath = str(flags, "schema");
  const validateOnly = flags["validate-only"] === true;
  const errorFormat = errorFormatOf(str(flags, "error-format"));
  if (!errorFormat.ok) throw new UsageError(errorFormat.message);
  if (validateOnly && schemaPath === undefined) throw new UsageError("--validate-only needs --schema FILE");
  const threshold = optional(flags, "stream-threshold", parseCount);
  const vars = varsFromFlags(flags, argv, limits);
  const warningMode = warningModeOf(flags);
  const options: RunOptions = {
    format: formatName,
    includeMerge,
    host: new NodeFsHost(),
    limits,
    ...(threshold === undefined ? {} : { streamThreshold: threshold }),
    ...(vars === undefined ? {} : { vars }),
    ...(Object.keys(formatOptions).length === 0 ? {} : { formatOptions }),
    ...(select === undefined ? {} : { select: select.path }),
    ...(flags["sort-keys"] === true ? { sortKeys: true } : {}),
    ...(warningMode.strict ? { strict: true } : {}),
  };
  if (watch && inputPath === "-") throw new UsageError("--watch needs an input file (not stdin)");
  return {
    inputPath,
    outputPath,
    outDir,
    watch,
    options,
    schema: schemaPath === undefined ? undefined : readSchema(schemaPath),
    validateOnly,
    errorFormat: errorFormat.format,
    warningMode,
  };
}

/** `-o`: `undefined` for stdout (no flag, or `-o -`); naming the input file is a usage error (it would be truncated). */
function outputOf(flags: TranspileFlags, inputPath: string): string | undefined {
  const output = str(flags, "output");
  if (output === undefined || output === "-") return undefined;
  if (inputPath !== "-" && sameFile(inputPath, output)) throw new UsageError(`-o "${output}" is the input file; write the output elsewhere`);
  return output;
}

function parseLimits(flags: TranspileFlags): Partial<Limits> {
  const limits: { -readonly [K in keyof Limits]?: Limits[K] } = {};
  const maxDepth = optional(flags, "max-depth", parseCount);
  const maxItems = optional(flags, "max-items", parseCount);
  const maxOutput = optional(flags, "max-output", parseByteSize);
  const timeout = optional(flags, "timeout", parseDuration);
  if (maxDepth !== undefined) limits.maxDepth = maxDepth;
  if (maxItems !== undefined) limits.maxRangeItems = maxItems;
  if (maxOutput !== undefined) limits.maxOutputBytes = maxOutput;
  if (timeout !== undefined) limits.timeoutMs = timeout;
  return limits;
}

/** The schema file, read like the input: bounded (`--schema /dev/zero` ends in the schema's size limit, not out of memory). Throws {@link UsageError}. */
export function readSchema(path: string): NonNullable<TranspilePlan["schema"]> {
  // "-" is a file named "-" here, as before: stdin is the source's
  const read = readInput(path === "-" ? "./-" : path, maxInputBytes(DEFAULT_LIMITS.maxSourceLength), "schema file");
  if (!read.ok) throw new UsageError(read.message);
  return { path, text: read.text, format: schemaFormatOf(path) };
}

function optional(flags: TranspileFlags, name: string, parse: (text: string, what: string) => ParsedValue): number | undefined {
  const text = str(flags, name);
  if (text === undefined) return undefined;
  const parsed = parse(text, `--${name}`);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return parsed.value;
}

function str(flags: TranspileFlags, name: string): string | undefined {
  const v = flags[name];
  return typeof v === "string" ? v : undefined;
}

function list(flags: TranspileFlags, name: string): readonly string[] {
  const v = flags[name];
  return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
}

function isIncludeMerge(s: string): s is IncludeMerge {
  return (INCLUDE_MERGE_MODES as readonly string[]).includes(s);
}

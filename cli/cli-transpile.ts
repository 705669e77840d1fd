/**
 * `jsson transpile`: read a source, run the engine, write the output (or a
 * diagnostic), optionally validate against a schema. Called both by the oclif
 * command and by the start-up fast path, with the same parsed flags, so both
 * behave identically. Returns the exit status; user errors never throw.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { INCLUDE_MERGE_MODES, NodeFsHost, DEFAULT_LIMITS, type Engine, type IncludeMerge, type Limits, type RunOptions } from "../core/index.js";
import { decodeUtf8 } from "../core/host/node-fs-host.js";
import { parseByteSize, parseCount, parseDuration, type ParsedValue } from "./argv/limit-values.js";
import { consumerData } from "./consumer-data.js";
import { formatNames, loadCliEngine } from "./cli-engine.js";
import { diagnosticReport } from "./cli-diagnostic-report.js";
import { EXIT, UsageError } from "./cli-exit-codes.js";
import { BlockSink, OutputWriteError, writeStderr } from "./cli-fd-writer.js";
import { SpoolSink } from "./cli-spool-sink.js";
import { describeError } from "./cli-errno.js";
import { maxInputBytes, readInput } from "./cli-read-input.js";
import { schemaFormatOf, schemaReport } from "./cli-schema-report.js";
import { varsFromFlags } from "./cli-external-vars.js";

/** Parsed flags of `jsson transpile` (names as on the command line; `plugin` is a list). */
export type TranspileFlags = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;

/** Everything a run needs, checked. */
interface TranspilePlan {
  readonly inputPath: string;
  readonly outputPath: string | undefined;
  readonly options: RunOptions;
  readonly schema: { readonly path: string; readonly text: string; readonly format: string | undefined } | undefined;
  readonly validateOnly: boolean;
}

/**
 * Run `jsson transpile` with parsed flags and the optional positional FILE; resolves to the exit status.
 * @param argv the normalised command line, which orders `--var`, `--var-json` and `--vars` among each other
 */
export async function runTranspile(flags: TranspileFlags, file: string | undefined, argv?: readonly string[]): Promise<number> {
  const loaded = await loadCliEngine(list(flags, "plugin"));
  if (!loaded.ok) {
    writeStderr(`jsson: ${loaded.message}\n`);
    return EXIT.USAGE;
  }
  const engine = loaded.engine;
  let plan: TranspilePlan;
  try {
    plan = makePlan(engine, flags, file, argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    writeStderr(`jsson: ${e.message}\n`);
    return EXIT.USAGE;
  }
  const input = readInput(plan.inputPath, maxInputBytes(DEFAULT_LIMITS.maxSourceLength));
  if (!input.ok) {
    writeStderr(`jsson: ${input.message}\n`);
    return EXIT.SOURCE;
  }
  const options: RunOptions = input.file === undefined ? plan.options : { ...plan.options, file: input.file };
  try {
    return plan.schema ? transpileAndValidate(engine, input.text, options, plan, plan.schema) : transpileStreamed(engine, input.text, options, plan);
  } catch (e) {
    if (!(e instanceof OutputWriteError)) throw e;
    writeStderr(`jsson: ${e.message}\n`);
    return EXIT.SOURCE;
  }
}

/**
 * No schema: the output goes through a spool (memory, then a temporary file)
 * and reaches stdout or `-o` only once the run has succeeded, so no error —
 * not even the output-size limit or a timeout — follows a partial document,
 * and lazy data is evaluated once.
 */
function transpileStreamed(engine: Engine, source: string, options: RunOptions, plan: TranspilePlan): number {
  const spool = new SpoolSink();
  try {
    const result = engine.transpileTo(source, spool, { ...options, verifyBeforeWrite: false });
    if (!result.ok) {
      writeStderr(diagnosticReport(result.diagnostics[0]!, source));
      return EXIT.SOURCE;
    }
    const sink = new BlockSink(plan.outputPath ?? 1);
    spool.commit(sink);
    sink.finish();
    return EXIT.OK;
  } finally {
    spool.discard();
  }
}

/** With a schema: transpile, validate what a consumer would read, and print the output only if it passes. */
function transpileAndValidate(engine: Engine, source: string, options: RunOptions, plan: TranspilePlan, schema: NonNullable<TranspilePlan["schema"]>): number {
  const result = engine.transpile(source, options);
  if (!result.ok) {
    writeStderr(diagnosticReport(result.diagnostics[0]!, source));
    return EXIT.SOURCE;
  }
  const data = consumerData(result.format, result.value, result.output);
  if (!data.ok) throw new Error(data.message);
  const verdict = engine.validate(data.data, schema.text, schema.format === undefined ? {} : { schemaFormat: schema.format });
  writeStderr(schemaReport(verdict, schema.format));
  if (!verdict.valid || verdict.schemaError) return EXIT.SCHEMA;
  if (!plan.validateOnly) {
    const sink = new BlockSink(plan.outputPath ?? 1);
    sink.write(result.output);
    sink.finish();
  }
  return EXIT.OK;
}

/** Check the flags; throws {@link UsageError}. */
function makePlan(engine: Engine, flags: TranspileFlags, file: string | undefined, argv: readonly string[] | undefined): TranspilePlan {
  const input = str(flags, "input");
  if (input !== undefined && file !== undefined && input !== file) throw new UsageError(`two input files given ("${input}" and "${file}"); give one, as -i FILE or FILE`);
  const formatName = str(flags, "format") ?? "json";
  if (!engine.findFormat(formatName)) throw new UsageError(`unknown format "${formatName}" (available: ${formatNames(engine)})`);
  const includeMerge = str(flags, "include-merge") ?? "keep";
  if (!isIncludeMerge(includeMerge)) throw new UsageError(`unknown include merge mode "${includeMerge}" (use ${INCLUDE_MERGE_MODES.join(", ")})`);
  const limits = parseLimits(flags);
  const schemaPath = str(flags, "schema");
  const validateOnly = flags["validate-only"] === true;
  if (validateOnly && schemaPath === undefined) throw new UsageError("--validate-only needs --schema FILE");
  const threshold = optional(flags, "stream-threshold", parseCount);
  const vars = varsFromFlags(flags, argv, limits);
  const options: RunOptions = {
    format: formatName,
    includeMerge,
    host: new NodeFsHost(),
    limits,
    stream: flags["stream"] === true,
    ...(threshold === undefined ? {} : { streamThreshold: threshold }),
    ...(vars === undefined ? {} : { vars }),
  };
  return {
    inputPath: input ?? file ?? "-",
    outputPath: str(flags, "output"),
    options,
    schema: schemaPath === undefined ? undefined : readSchema(schemaPath),
    validateOnly,
  };
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

function readSchema(path: string): NonNullable<TranspilePlan["schema"]> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(resolve(path));
  } catch (e) {
    throw new UsageError(`cannot read schema file "${path}": ${describeError(e)}`);
  }
  return { path, text: decodeUtf8(bytes), format: schemaFormatOf(path) };
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

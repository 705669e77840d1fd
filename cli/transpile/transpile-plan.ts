/**
 * The checked plan of one `jsson transpile` invocation: its flags read,
 * refused with usage errors where they conflict, and turned into the
 * engine's run options, the output place and the schema to check.
 */
import { INCLUDE_MERGE_MODES, NodeFsHost, type Engine, type IncludeMerge, type Limits, type RunOptions } from "../../core/index.js";
import { parseByteSize, parseCount, parseDuration, type ParsedValue } from "../argv/limit-values.js";
import { flagText, type ParsedFlags } from "../argv/command-entry.js";
import { parseSelectPath } from "../argv/select-path.js";
import { formatNames } from "../terminal/format-table.js";
import { errorFormatOf, type ErrorFormat } from "../terminal/error-format.js";
import { UsageError } from "../terminal/exit-codes.js";
import { warningModeOf, type WarningMode } from "../terminal/warning-mode.js";
import { schemaFormatOf } from "../terminal/schema-report.js";
import type { ReplaceOptions } from "../io/file-replacement.js";
import { sameFile } from "../io/same-file.js";
import { readInput } from "../io/read-input.js";
import { varsFromFlags } from "./external-vars.js";
import { outputFormatOf } from "./output-format-of.js";

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

/** Boolean flags that set a format option (`OutputFormat.options`), by flag name. */
export const FORMAT_OPTION_FLAGS: Readonly<Record<string, string>> = {
  compact: "compact",
  documents: "documents",
  "block-strings": "blockStrings",
};

/** Check the flags; `argv` orders the external-variable flags (see `runTranspileCommand`). Throws {@link UsageError}. */
export function makePlan(engine: Engine, flags: TranspileFlags, files: readonly string[], argv?: readonly string[]): TranspilePlan {
  const input = flagText(flags, "input");
  const file = files[0];
  const outDir = flagText(flags, "out-dir");
  if (outDir === undefined && files.length > 1) throw new UsageError(`several input files given; write them with --out-dir DIR (one output file each)`);
  if (input !== undefined && file !== undefined && (input !== file || files.length > 1)) throw new UsageError(`two input files given ("${input}" and "${file}"); give one, as -i FILE or FILE`);
  if (outDir !== undefined && flagText(flags, "output") !== undefined) throw new UsageError("give -o FILE or --out-dir DIR, not both");
  const inputPath = input ?? file ?? "-";
  // before the format is inferred from -o: "-o names the input" says more than "no format writes .jsson"
  const outputPath = outputOf(flags, inputPath);
  const watch = flags["watch"] === true;
  if (watch && outDir !== undefined) throw new UsageError("--watch takes one input file (without --out-dir)");
  const formatName = flagText(flags, "format") ?? (outputPath === undefined ? undefined : outputFormatOf(engine, outputPath)) ?? "json";
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
  const selectText = flagText(flags, "select");
  const select = selectText === undefined ? undefined : parseSelectPath(selectText);
  if (select !== undefined && !select.ok) throw new UsageError(select.message);
  const includeMerge = includeMergeOf(flagText(flags, "include-merge"));
  const limits = parseLimits(flags);
  const schemaPath = flagText(flags, "schema");
  const validateOnly = flags["validate-only"] === true;
  const errorFormat = errorFormatOf(flagText(flags, "error-format"));
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
  const output = flagText(flags, "output");
  if (output === undefined || output === "-") return undefined;
  if (inputPath !== "-" && sameFile(inputPath, output)) throw new UsageError(`-o "${output}" is the input file; write the output elsewhere`);
  return output;
}

/** The limit flags: the limit each sets, and how its value is read. */
const LIMIT_FLAGS: readonly (readonly [flag: string, limit: keyof Limits, parse: (text: string, what: string) => ParsedValue])[] = [
  ["max-depth", "maxDepth", parseCount],
  ["max-items", "maxRangeItems", parseCount],
  ["max-output", "maxOutputBytes", parseByteSize],
  ["timeout", "timeoutMs", parseDuration],
];

function parseLimits(flags: TranspileFlags): Partial<Limits> {
  const limits: { -readonly [K in keyof Limits]?: Limits[K] } = {};
  for (const [flag, limit, parse] of LIMIT_FLAGS) {
    const value = optional(flags, flag, parse);
    if (value !== undefined) limits[limit] = value;
  }
  return limits;
}

/** The schema file, read like the input: bounded (`--schema /dev/zero` ends in the schema's size limit, not out of memory). Throws {@link UsageError}. */
export function readSchema(path: string): NonNullable<TranspilePlan["schema"]> {
  // "-" is a file named "-" here, as before: stdin is the source's
  const read = readInput(path === "-" ? "./-" : path, undefined, "schema file");
  if (!read.ok) throw new UsageError(read.message);
  return { path, text: read.text, format: schemaFormatOf(path) };
}

function optional(flags: TranspileFlags, name: string, parse: (text: string, what: string) => ParsedValue): number | undefined {
  const text = flagText(flags, name);
  if (text === undefined) return undefined;
  const parsed = parse(text, `--${name}`);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return parsed.value;
}

/** `--include-merge` (absent: `keep`). Throws {@link UsageError}. */
export function includeMergeOf(text = "keep"): IncludeMerge {
  const mode = INCLUDE_MERGE_MODES.find((m) => m === text);
  if (mode === undefined) throw new UsageError(`unknown include merge mode "${text}" (use ${INCLUDE_MERGE_MODES.join(", ")})`);
  return mode;
}

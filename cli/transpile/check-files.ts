/**
 * `jsson validate` and `jsson check`: check many files (paths and globs),
 * one report per failing file, and an exit status that is the worst of them.
 *
 * - Syntax only (the default): each file is parsed, nothing is evaluated,
 *   includes are not read (so a missing include is not noticed).
 * - `--deep` (`jsson check`): each file is evaluated fully — includes
 *   followed, the output of `--format` produced and thrown away (so an
 *   output error such as a null in TOML is found) and, with `--schema`, the
 *   data a reader of that format sees validated, failures placed in the
 *   source (LANGUAGE.md §12.3). Nothing is written.
 */
import { DEFAULT_LIMITS, NodeFsHost, schemaCheck, type Diagnostic, type Engine, type Evaluation, type IncludeHost, type RunOptions } from "../../core/index.js";
import { loadCliEngine } from "../plugin-loader/cli-engine.js";
import { formatNames } from "../terminal/format-table.js";
import { runSources, TextKeepingHost } from "../terminal/diagnostic-sources.js";
import { diagnosticsText, errorFormatOf, type ErrorFormat } from "../terminal/error-format.js";
import { EXIT, UsageError } from "../terminal/exit-codes.js";
import { schemaReport } from "../terminal/schema-report.js";
import { failureDiagnostics, warningModeOf, warningsText, type WarningMode } from "../terminal/warning-mode.js";
import { shownPath } from "../terminal/shown-path.js";
import { writeStderr } from "../io/fd-writer.js";
import { maxInputBytes, readInput } from "../io/read-input.js";
import { expandInputs } from "./many-files.js";
import { includeMergeOf, readSchema, type TranspilePlan } from "./transpile-plan.js";
import { schemaPlaces, schemaToCheck } from "./transpile-run.js";

/** The parsed command line of `jsson validate` / `jsson check`. */
export interface CheckFlags {
  readonly input?: string | undefined;
  /** Positional FILEs and globs (none: `-i`, or stdin). */
  readonly files: readonly string[];
  readonly deep?: boolean | undefined;
  readonly schema?: string | undefined;
  readonly format?: string | undefined;
  readonly "include-merge"?: string | undefined;
  readonly plugin?: readonly string[] | undefined;
  readonly "error-format"?: string | undefined;
  readonly strict?: boolean | undefined;
  readonly "quiet-warnings"?: boolean | undefined;
}

/** How every file is checked. */
interface CheckPlan {
  readonly deep: boolean;
  /** How source diagnostics are written (`--error-format`). */
  readonly errorFormat: ErrorFormat;
  readonly options: RunOptions;
  readonly schema: TranspilePlan["schema"];
  readonly warningMode: WarningMode;
}

/** The outcome of one file: its exit status and, when it failed, its report; its warnings (LANGUAGE.md §16.5) when it passed. */
interface FileResult {
  readonly status: number;
  readonly report: string;
  readonly warnings?: string;
}

/** Check the files `flags` name; reports on stderr; resolves to the exit status (the worst file's). */
export async function checkFiles(flags: CheckFlags): Promise<number> {
  const deep = flags.deep === true;
  let plan: CheckPlan;
  let engine: Engine;
  try {
    if (flags.input !== undefined && flags.files.length > 0 && (flags.files.length > 1 || flags.files[0] !== flags.input))
      throw new UsageError(`two input files given ("${flags.input}" and "${flags.files[0] ?? ""}"); give one as -i FILE, or several as FILE…`);
    for (const name of ["schema", "format"] as const) if (flags[name] !== undefined && !deep) throw new UsageError(`--${name} needs --deep (a syntax check evaluates nothing); or use jsson check`);
    // a syntax check needs no formats: jsson.config.json is not read (its plugins are code); --plugin / JSSON_PLUGINS are still loaded and checked
    const loaded = await loadCliEngine(flags.plugin ?? [], deep);
    if (!loaded.ok) throw new UsageError(loaded.message);
    engine = loaded.engine;
    plan = makeCheckPlan(engine, flags, deep);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    writeStderr(`jsson: ${e.message}\n`);
    return EXIT.USAGE;
  }
  const patterns = flags.input !== undefined ? [flags.input] : flags.files.length > 0 ? flags.files : ["-"];
  const { inputs, unmatched } = await expandInputs(
    patterns.filter((p) => p !== "-"),
    process.cwd(),
  );
  if (patterns.includes("-")) inputs.unshift("-");
  const summed = deep || inputs.length + unmatched.length > 1;
  let worst: number = EXIT.OK;
  let failed = 0;
  for (const pattern of unmatched) {
    writeStderr(`✗ ${pattern}: no file matches\n`);
    failed++;
    worst = Math.max(worst, EXIT.SOURCE);
  }
  for (const path of inputs) {
    const name = path === "-" ? "<stdin>" : shownPath(path);
    const r = checkFile(engine, plan, path);
    if (r.status === EXIT.OK) writeStderr((deep ? `✓ ${name}\n` : `✓ Syntax OK: ${name}\n`) + (r.warnings ?? ""));
    else {
      failed++;
      // a JSON or GitHub report names its file itself (one line per failing file)
      writeStderr((summed && plan.errorFormat === "human" ? `✗ ${name}\n` : "") + r.report);
    }
    worst = Math.max(worst, r.status);
  }
  // a pattern that matched nothing is a failure, not a file
  const checked = inputs.length;
  if (summed) writeStderr(`${checked} file${checked === 1 ? "" : "s"} checked, ${failed} failed\n`);
  return worst;
}

/** The run options every file is checked with. Throws {@link UsageError}. */
function makeCheckPlan(engine: Engine, flags: CheckFlags, deep: boolean): CheckPlan {
  const format = flags.format ?? "json";
  if (engine.findFormat(format) === undefined) throw new UsageError(`unknown format "${format}" (available: ${formatNames(engine)})`);
  const errorFormat = errorFormatOf(flags["error-format"]);
  if (!errorFormat.ok) throw new UsageError(errorFormat.message);
  const includeMerge = includeMergeOf(flags["include-merge"]);
  const warningMode = warningModeOf(flags);
  return {
    deep,
    errorFormat: errorFormat.format,
    options: { format, includeMerge, ...(warningMode.strict ? { strict: true } : {}) },
    schema: flags.schema === undefined ? undefined : readSchema(flags.schema),
    warningMode,
  };
}

/** Check one file (`-` is stdin). */
function checkFile(engine: Engine, plan: CheckPlan, path: string): FileResult {
  const read = readInput(path, maxInputBytes(DEFAULT_LIMITS.maxSourceLength));
  if (!read.ok) return { status: EXIT.SOURCE, report: `jsson: ${read.message}\n` };
  const text = read.text;
  const mode = plan.warningMode;
  const failed = (diagnostics: readonly Diagnostic[], host?: IncludeHost): FileResult => ({ status: EXIT.SOURCE, report: diagnosticsText(plan.errorFormat, diagnostics, runSources(read, host)) });
  const failure = (f: { readonly diagnostics: readonly Diagnostic[]; readonly warnings?: readonly Diagnostic[] | undefined }, host?: IncludeHost): FileResult => failed(failureDiagnostics(f, mode), host);
  const passed = (warnings: readonly Diagnostic[], host?: IncludeHost): FileResult => ({ status: EXIT.OK, report: "", warnings: warningsText(plan.errorFormat, warnings, () => runSources(read, host), mode) });
  if (!plan.deep) {
    const where = read.file === undefined ? {} : { file: read.file };
    const checked = engine.checkWithWarnings(text, { ...where, ...(mode.strict ? { strict: true } : {}) });
    return checked.diagnostics.length === 0 ? passed(checked.warnings) : failed(checked.diagnostics);
  }
  // a fresh host per file: includes resolve against each file's own folder
  const host = new TextKeepingHost(new NodeFsHost());
  const options: RunOptions = { ...plan.options, host, ...(read.file === undefined ? {} : { file: read.file }) };
  const schema = plan.schema;
  if (schema === undefined) {
    // the output is produced (an output error is the file's error) and discarded as it is written
    const evaluated = engine.evaluate(text, { ...options, verifyBeforeWrite: false });
    const r = evaluated.ok ? evaluated.write({ write: () => {} }) : evaluated;
    return r.ok ? passed((evaluated as Evaluation).warnings, host) : failure(r, host);
  }
  const evaluated = engine.evaluate(text, options);
  if (!evaluated.ok) return failure(evaluated, host);
  const checked = schemaCheck(evaluated, schemaToCheck(schema));
  if (!checked.ok) return failure(checked, host);
  const verdict = checked.result;
  if (verdict.valid && verdict.schemaError !== true) return passed(evaluated.warnings, host);
  return { status: EXIT.SCHEMA, report: schemaReport(verdict, schema.format, schemaPlaces(checked, text, options)) };
}

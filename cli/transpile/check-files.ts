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
import { NodeFsHost, type Diagnostic, type Engine, type IncludeHost, type RunFailure } from "../../core/index.js";
import { flagList, flagText, type ParsedFlags } from "../argv/command-entry.js";
import { loadCliEngine } from "../plugin-loader/cli-engine.js";
import { formatNames } from "../terminal/format-table.js";
import { runSources, TextKeepingHost } from "../terminal/diagnostic-sources.js";
import { diagnosticsText, errorFormatOf } from "../terminal/error-format.js";
import { EXIT, UsageError } from "../terminal/exit-codes.js";
import { schemaReport } from "../terminal/schema-report.js";
import { failureDiagnostics, warningModeOf, warningsText } from "../terminal/warning-mode.js";
import { shownPath } from "../terminal/shown-path.js";
import { writeStderr } from "../io/fd-writer.js";
import { readInput } from "../io/read-input.js";
import { expandInputs } from "./many-files.js";
import { includeMergeOf, readSchema, type TranspilePlan } from "./transpile-plan.js";
import { evaluateInto } from "./transpile-run.js";

/** How every file is checked: as a transpile plan says, syntax only unless `deep`. */
type CheckPlan = Pick<TranspilePlan, "errorFormat" | "options" | "schema" | "warningMode"> & { readonly deep: boolean };

/** The outcome of one file: its exit status and its report (when it passed, its warnings: LANGUAGE.md §16.5). */
interface FileResult {
  readonly status: number;
  readonly report: string;
}

/**
 * Check the FILEs and globs of `files` (none: `-i`, or stdin) with the parsed flags of validate or check; reports on
 * stderr; resolves to the exit status (the worst file's).
 */
export async function checkFiles(flags: ParsedFlags, files: readonly string[], deep: boolean): Promise<number> {
  const input = flagText(flags, "input");
  let plan: CheckPlan;
  let engine: Engine;
  try {
    if (input !== undefined && files.length > 0 && (files.length > 1 || files[0] !== input))
      throw new UsageError(`two input files given ("${input}" and "${files[0] ?? ""}"); give one as -i FILE, or several as FILE…`);
    for (const name of ["schema", "format"]) if (flagText(flags, name) !== undefined && !deep) throw new UsageError(`--${name} needs --deep (a syntax check evaluates nothing); or use jsson check`);
    // a syntax check needs no formats: jsson.config.json is not read (its plugins are code); --plugin / JSSON_PLUGINS are still loaded and checked
    const loaded = await loadCliEngine(flagList(flags, "plugin"), deep);
    if (!loaded.ok) throw new UsageError(loaded.message);
    engine = loaded.engine;
    plan = makeCheckPlan(engine, flags, deep);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    writeStderr(`jsson: ${e.message}\n`);
    return EXIT.USAGE;
  }
  const patterns = input !== undefined ? [input] : files.length > 0 ? files : ["-"];
  const { inputs, unmatched } = await expandInputs(patterns.filter((p) => p !== "-"), process.cwd());
  if (patterns.includes("-")) inputs.unshift("-");
  const summed = deep || inputs.length + unmatched.length > 1;
  let worst: number = unmatched.length > 0 ? EXIT.SOURCE : EXIT.OK;
  let failed = unmatched.length;
  for (const pattern of unmatched) writeStderr(`✗ ${pattern}: no file matches\n`);
  for (const path of inputs) {
    const name = path === "-" ? "<stdin>" : shownPath(path);
    const r = checkFile(engine, plan, path);
    if (r.status === EXIT.OK) writeStderr((deep ? `✓ ${name}\n` : `✓ Syntax OK: ${name}\n`) + r.report);
    else {
      failed++;
      // a JSON or GitHub report names its file itself (one line per failing file)
      writeStderr((summed && plan.errorFormat === "human" ? `✗ ${name}\n` : "") + r.report);
    }
    worst = Math.max(worst, r.status);
  }
  // a pattern that matched nothing is a failure, not a file
  if (summed) writeStderr(`${inputs.length} file${inputs.length === 1 ? "" : "s"} checked, ${failed} failed\n`);
  return worst;
}

/** The run options every file is checked with. Throws {@link UsageError}. */
function makeCheckPlan(engine: Engine, flags: ParsedFlags, deep: boolean): CheckPlan {
  const format = flagText(flags, "format") ?? "json";
  if (engine.findFormat(format) === undefined) throw new UsageError(`unknown format "${format}" (available: ${formatNames(engine)})`);
  const errorFormat = errorFormatOf(flagText(flags, "error-format"));
  if (!errorFormat.ok) throw new UsageError(errorFormat.message);
  const includeMerge = includeMergeOf(flagText(flags, "include-merge"));
  const warningMode = warningModeOf(flags);
  const schemaPath = flagText(flags, "schema");
  return {
    deep,
    errorFormat: errorFormat.format,
    options: { format, includeMerge, ...(warningMode.strict ? { strict: true } : {}) },
    schema: schemaPath === undefined ? undefined : readSchema(schemaPath),
    warningMode,
  };
}

/** Check one file (`-` is stdin). */
function checkFile(engine: Engine, plan: CheckPlan, path: string): FileResult {
  const read = readInput(path);
  if (!read.ok) return { status: EXIT.SOURCE, report: `jsson: ${read.message}\n` };
  const mode = plan.warningMode;
  const where = read.file === undefined ? {} : { file: read.file };
  const failed = (f: Pick<RunFailure, "diagnostics" | "warnings">, host?: IncludeHost): FileResult => ({ status: EXIT.SOURCE, report: diagnosticsText(plan.errorFormat, failureDiagnostics(f, mode), runSources(read, host)) });
  const passed = (warnings: readonly Diagnostic[], host?: IncludeHost): FileResult => ({ status: EXIT.OK, report: warningsText(plan.errorFormat, warnings, () => runSources(read, host), mode) });
  if (!plan.deep) {
    const checked = engine.checkWithWarnings(read.text, { ...where, ...(mode.strict ? { strict: true } : {}) });
    return checked.diagnostics.length === 0 ? passed(checked.warnings) : failed({ diagnostics: checked.diagnostics });
  }
  // a fresh host per file: includes resolve against each file's own folder
  const host = new TextKeepingHost(new NodeFsHost());
  const run = evaluateInto(engine, read.text, { ...plan.options, host, ...where }, plan.schema);
  if (!run.ok) return failed(run.failure, host);
  const checked = run.checked;
  if (checked === undefined || (checked.result.valid && checked.result.schemaError !== true)) return passed(run.warnings, host);
  return { status: EXIT.SCHEMA, report: schemaReport(checked, plan.schema?.format, runSources(read, host)) };
}

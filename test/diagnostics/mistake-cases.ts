/**
 * The mistakes corpus (issue #23): small wrong programs in
 * test/diagnostics/mistakes/, `<name>.jsson`, each with the committed
 * `<name>.errors.txt` of what jsson tells its writer.
 *
 * The text is a summary — for each diagnostic, `CODE severity
 * line:column-endLine:endColumn`, each related place as `  related
 * line:column-endLine:endColumn <message>`, then the `Line <n>: <message>`
 * line — a blank line, and the CLI's human report (with its notes and
 * excerpts). The engine, the spawned CLI (`--error-format json` for the
 * summary, the default form for the report) and a real server (the
 * structured `diagnostics` and the `errors` strings of POST /transpile, for
 * the summary) must each give exactly that.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createEngine, NodeFsHost, type Diagnostic } from "../../index.js";
import { diagnosticReport } from "../../cli/terminal/diagnostic-report.js";
import { runSources, TextKeepingHost } from "../../cli/terminal/diagnostic-sources.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { runFailingFiles } from "../support/many-file-run.js";
import { post } from "../http/helpers.js";
import type { WireDiagnostic } from "./baseline-cases.js";

/** The folder of the mistakes and their baselines. */
export const MISTAKES_DIR = join(REPO_ROOT, "test", "diagnostics", "mistakes");

/** One wrong program. */
export interface Mistake {
  readonly name: string;
  readonly file: string;
  readonly source: string;
}

/** What one runner reported: the summary and (engine, CLI) the human report. */
export interface MistakeOutcome {
  readonly summary: string;
  readonly report?: string;
}

/** A place as every runner gives it. */
interface Place {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** One diagnostic's summary fields. */
interface Summary extends Place {
  readonly code: string;
  readonly severity: string;
  readonly message: string;
  readonly related: readonly (Place & { readonly message: string })[];
}

/** Every mistake of the folder, by name. */
export function readMistakes(dir = MISTAKES_DIR): Mistake[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jsson"))
    .sort()
    .map((file) => ({ name: file.slice(0, -".jsson".length), file, source: readFileSync(join(dir, file), "utf8") }));
}

/** The baseline file of a mistake. */
export function mistakeBaseline(m: Mistake, dir = MISTAKES_DIR): string {
  return join(dir, `${m.name}.errors.txt`);
}

/** The committed text: summary, blank line, report. */
export function baselineText(o: MistakeOutcome): string {
  return `${o.summary}\n${o.report ?? ""}`;
}

/** The summary part of a baseline text. */
export function summaryPart(text: string): string {
  return text.slice(0, text.indexOf("\n\n") + 1);
}

/** Through the engine, as the CLI builds it (the file-system host, the file's path). */
export function mistakeWithEngine(m: Mistake, dir = MISTAKES_DIR): MistakeOutcome {
  const file = join(dir, m.file);
  const host = new TextKeepingHost(new NodeFsHost());
  const r = createEngine().transpile(m.source, { file, host });
  if (r.ok) return { summary: "(no diagnostic)\n" };
  const sources = runSources({ text: m.source, file }, host, dir);
  return { summary: summarize(r.diagnostics.map(fromDiagnostic)), report: r.diagnostics.map((d) => diagnosticReport(d, sources)).join("") };
}

/** An entry of the document of `--error-format json` (docs/diagnostics.md): the wire form with its `severity`. */
interface JsonEntry extends WireDiagnostic {
  readonly severity: string;
}

/** Through the spawned CLI, twice: `--error-format json` for the summary, the human form for the report; exit status 1 both times. */
export async function mistakeWithCli(m: Mistake, dir = MISTAKES_DIR): Promise<MistakeOutcome> {
  const [json, human] = await Promise.all([runCli(["--error-format", "json", m.file], { cwd: dir }), runCli([m.file], { cwd: dir })]);
  if (json.code !== 1 || human.code !== 1) return { summary: `(exit ${json.code} / ${human.code})\n${json.stderr}${human.stderr}` };
  return { summary: jsonSummary(json.stderr), report: human.stderr };
}

/**
 * Every mistake through two spawned many-file runs (test/support/many-file-run.ts),
 * `--error-format json` and the human form, by name. A mistake without its
 * section in both (a run that did not fail every file with exit status 1)
 * has the runs' stderr as its outcome, so that its test shows it.
 */
export async function mistakesWithManyFileCli(ms: readonly Mistake[], dir = MISTAKES_DIR): Promise<Map<string, MistakeOutcome>> {
  const files = ms.map((m) => m.file);
  const [json, human] = await Promise.all([runFailingFiles(files, ["--error-format", "json"], dir), runFailingFiles(files, [], dir)]);
  return new Map(
    ms.map((m) => {
      const [j, h] = [json.reports.get(m.file), human.reports.get(m.file)];
      if (j === undefined || h === undefined) return [m.name, { summary: `(exit ${json.run.code} / ${human.run.code}, or no section for ${m.file})\n${json.run.stderr}${human.run.stderr}` }];
      return [m.name, { summary: jsonSummary(j), report: h }];
    }),
  );
}

/** The summary of a `--error-format json` document. */
function jsonSummary(text: string): string {
  const doc = JSON.parse(text) as { diagnostics: JsonEntry[] };
  return summarize(doc.diagnostics.map((e) => ({ ...wirePlace(e), code: e.code, severity: e.severity, message: e.message, related: (e.related ?? []).map((r) => ({ ...wirePlace(r), message: r.message })) })));
}

/** Over HTTP: POST /transpile to the server at `base`; every `errors` string must be its diagnostic's `Line <n>: <message>`. */
export async function mistakeWithHttp(m: Mistake, base: string): Promise<MistakeOutcome> {
  const reply = await post(base, "/transpile", { source: m.source });
  const body = reply.json<{ success: boolean; errors?: string[]; diagnostics?: WireDiagnostic[] }>();
  if (reply.status !== 200 || body.success) return { summary: `(HTTP ${reply.status}) ${reply.text}\n` };
  const diagnostics = body.diagnostics ?? [];
  const lines = diagnostics.map((d) => `Line ${d.line}: ${d.message}`);
  if (JSON.stringify(lines) !== JSON.stringify(body.errors)) return { summary: `(errors and diagnostics disagree) ${reply.text}\n` };
  return { summary: summarize(diagnostics.map((d) => ({ ...wirePlace(d), code: d.code, severity: "error", message: d.message, related: (d.related ?? []).map((r) => ({ ...wirePlace(r), message: r.message })) }))) };
}

function wirePlace(p: { line: number; column: number; end_line: number; end_column: number }): Place {
  return { line: p.line, column: p.column, endLine: p.end_line, endColumn: p.end_column };
}

function fromDiagnostic(d: Diagnostic): Summary {
  return { ...placeOf(d), code: d.code, severity: d.severity, message: d.message, related: (d.related ?? []).map((r) => ({ ...placeOf(r), message: r.message })) };
}

function placeOf<T extends Place & { readonly message?: string }>(p: T): Place & { readonly message: string } {
  return { line: p.line, column: p.column, endLine: p.endLine, endColumn: p.endColumn, message: p.message ?? "" };
}

function at(p: Place): string {
  return `${p.line}:${p.column}-${p.endLine}:${p.endColumn}`;
}

function summarize(diagnostics: readonly Summary[]): string {
  return diagnostics
    .map((d) => [`${d.code} ${d.severity} ${at(d)}`, ...d.related.map((r) => `  related ${at(r)} ${r.message}`), `Line ${d.line}: ${d.message}`].join("\n") + "\n")
    .join("");
}

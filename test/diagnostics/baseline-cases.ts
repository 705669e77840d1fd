/**
 * The diagnostic baseline (in the spirit of TypeScript's `.errors.txt`): one
 * case per catalogue code in test/diagnostics/baseline/, `<CODE>.jsson`, with
 * the files it includes beside it (`<CODE>.<name>.<ext>`), and the committed
 * text `<CODE>.errors.txt` of what jsson reports for it.
 *
 * A case starts with directives, as comments (`// @format: toml`):
 * - `@via: engine | cli | http` — who runs it (default: the engine, as the
 *   CLI builds it: the file-system host, the case's path as its file);
 *   `cli` spawns the real binary in the baseline folder, `http` posts to a
 *   real server (the case's own files are not sent: the server reads none);
 * - `@format`, `@include-merge` — run options;
 * - `@limits: {json}`, `@vars: {json}`, `@cancelled: true` — engine options
 *   that no flag or field sets (a limit without a flag, an external variable
 *   the CLI and the server refuse before the engine sees it, a run whose
 *   caller has gone);
 * - `@strict: true` — strict mode (LANGUAGE.md §16.5: a warning's case fails with it);
 * - `@args: …` — CLI flags (space-separated).
 *
 * The text gives, for every place of the diagnostic (the error, then its
 * causes down the include chain), a summary line `CODE severity
 * file:line:column-endLine:endColumn`, then the rendered report: the CLI's
 * human form (`Line <n>:`, `-->`, source line, caret) for the engine and the
 * CLI, the `errors` string over HTTP.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createEngine, NodeFsHost, type Diagnostic, type Limits, type RunOptions } from "../../index.js";
import { diagnosticReport } from "../../cli/terminal/diagnostic-report.js";
import { runSources, TextKeepingHost } from "../../cli/terminal/diagnostic-sources.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { post } from "../http/helpers.js";

/** The folder of the cases and their baselines. */
export const BASELINE_DIR = join(REPO_ROOT, "test", "diagnostics", "baseline");

/** One case: its code (the file name) and source. */
export interface BaselineCase {
  readonly code: string;
  readonly file: string;
  readonly source: string;
  readonly directives: ReadonlyMap<string, string>;
}

/** A place as every runner reports it (the CLI's JSON document, the HTTP wire and the engine all give these fields). */
export interface PlaceSummary {
  readonly code: string;
  readonly severity: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** What running a case gave. */
export interface CaseOutcome {
  /** The places: the error, then its causes. Empty when the run succeeded. */
  readonly places: readonly PlaceSummary[];
  /** The baseline text. */
  readonly text: string;
}

const CASE_FILE = /^(JSSON\d{4})\.jsson$/;

/** Every case of the folder, by code. */
export function readCases(dir = BASELINE_DIR): BaselineCase[] {
  return readdirSync(dir)
    .filter((f) => CASE_FILE.test(f))
    .sort()
    .map((file) => {
      const source = readFileSync(join(dir, file), "utf8");
      return { code: (CASE_FILE.exec(file) as RegExpExecArray)[1] as string, file, source, directives: directivesOf(source) };
    });
}

/** The leading `// @name: value` lines of a case. */
export function directivesOf(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of source.split("\n")) {
    const m = /^\/\/ @([a-z-]+):\s*(.*)$/.exec(line);
    if (m === null) break;
    out.set(m[1] as string, (m[2] as string).trim());
  }
  return out;
}

/** The baseline file of a case. */
export function baselinePath(c: BaselineCase, dir = BASELINE_DIR): string {
  return join(dir, `${c.code}.errors.txt`);
}

/** Run a case through the engine (as the CLI builds it), in `dir`. */
export function runWithEngine(c: BaselineCase, dir = BASELINE_DIR): CaseOutcome {
  const d = c.directives;
  const file = join(dir, c.file);
  const host = new TextKeepingHost(new NodeFsHost());
  const options: RunOptions = {
    file,
    host,
    ...(d.has("format") ? { format: d.get("format") as string } : {}),
    ...(d.has("include-merge") ? { includeMerge: d.get("include-merge") as RunOptions["includeMerge"] & string } : {}),
    ...(d.has("limits") ? { limits: JSON.parse(d.get("limits") as string) as Partial<Limits> } : {}),
    ...(d.has("vars") ? { vars: JSON.parse(d.get("vars") as string) as NonNullable<RunOptions["vars"]> } : {}),
    ...(d.get("cancelled") === "true" ? { signal: AbortSignal.abort() } : {}),
    ...(d.get("strict") === "true" ? { strict: true } : {}),
  };
  const r = createEngine().transpile(c.source, options);
  if (r.ok) return { places: [], text: "(no diagnostic)\n" };
  const sources = runSources({ text: c.source, file }, host, dir);
  const places = r.diagnostics.flatMap((x) => chain(x).map((p) => summary(p, sources.nameOf(p.file) ?? "<stdin>")));
  return { places, text: render("engine", places, r.diagnostics.map((x) => diagnosticReport(x, sources)).join(""), dir) };
}

/** An entry of the JSON document `--error-format json` writes (docs/diagnostics.md): the wire form, with `severity` at the top. */
interface JsonEntry extends WireDiagnostic {
  readonly severity?: string;
}

/**
 * Run a case through the spawned CLI, twice: `--error-format json` for the
 * places, the default human form for the report; both must agree, and the
 * exit status must be a source error's (1).
 */
export async function runWithCli(c: BaselineCase, dir = BASELINE_DIR): Promise<CaseOutcome> {
  const args = (c.directives.get("args") ?? "").split(" ").filter((a) => a !== "");
  const [json, human] = await Promise.all([runCli([...args, "--error-format", "json", c.file], { cwd: dir }), runCli([...args, c.file], { cwd: dir })]);
  if (json.code !== 1 || human.code !== 1) return { places: [], text: `(exit ${json.code} / ${human.code})\n${json.stderr}${human.stderr}` };
  const doc = JSON.parse(json.stderr) as { version: number; diagnostics: JsonEntry[] };
  const places = doc.diagnostics.flatMap((e) => jsonChain(e, e.severity ?? "error"));
  const firstLines = doc.diagnostics.map((e) => `Line ${e.line}: ${e.message}`);
  if (!human.stderr.startsWith(firstLines[0] ?? "\0")) return { places, text: `(the json and human forms disagree)\n${json.stderr}${human.stderr}` };
  return { places: places.map(summaryOf), text: render("cli", places.map(summaryOf), human.stderr, dir) };
}

/** The wire form of HTTP.md §3. */
export interface WireDiagnostic {
  readonly code: string;
  readonly line: number;
  readonly column: number;
  readonly end_line: number;
  readonly end_column: number;
  readonly message: string;
  readonly file?: string;
  readonly cause?: WireDiagnostic;
  readonly related?: readonly { line: number; column: number; end_line: number; end_column: number; message: string }[];
}

/** Run a case over HTTP: POST /transpile to the server at `base`, the case's source as the request's. */
export async function runWithHttp(c: BaselineCase, base: string): Promise<CaseOutcome> {
  const format = c.directives.get("format");
  const reply = await post(base, "/transpile", { source: c.source, ...(format === undefined ? {} : { format }) });
  const body = reply.json<{ success: boolean; errors?: string[]; diagnostics?: WireDiagnostic[] }>();
  if (reply.status !== 200 || body.success) return { places: [], text: `(HTTP ${reply.status}) ${reply.text}\n` };
  const places: PlaceSummary[] = [];
  for (const d of body.diagnostics ?? [])
    for (let at: WireDiagnostic | undefined = d; at !== undefined; at = at.cause)
      places.push({ code: at.code, severity: "error", file: at.file ?? "<source>", line: at.line, column: at.column, endLine: at.end_line, endColumn: at.end_column });
  return { places, text: render("http", places, (body.errors ?? []).map((e) => e + "\n").join("")) };
}

function chain(d: Diagnostic): Diagnostic[] {
  const out = [d];
  while (out[out.length - 1]?.cause !== undefined) out.push((out[out.length - 1] as Diagnostic).cause as Diagnostic);
  return out;
}

/** The places of an entry and its causes (a cause has its entry's severity). */
function jsonChain(e: WireDiagnostic, severity: string): PlaceSummary[] {
  const out: PlaceSummary[] = [];
  for (let at: WireDiagnostic | undefined = e; at !== undefined; at = at.cause)
    out.push({ code: at.code, severity, file: at.file ?? "<stdin>", line: at.line, column: at.column, endLine: at.end_line, endColumn: at.end_column });
  return out;
}

function summary(d: Diagnostic, file: string): PlaceSummary {
  return { code: d.code, severity: d.severity, file, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn };
}

function summaryOf(e: PlaceSummary): PlaceSummary {
  return { code: e.code, severity: e.severity, file: e.file, line: e.line, column: e.column, endLine: e.endLine, endColumn: e.endColumn };
}

/** The baseline text; the folder's absolute path (in messages that name a resolved file) is written `<baseline>`, so the text is the same on every machine. */
function render(via: string, places: readonly PlaceSummary[], report: string, dir = BASELINE_DIR): string {
  const lines = places.map((p, i) => `${i === 0 ? "" : "  cause: "}${p.code} ${p.severity} ${p.file}:${p.line}:${p.column}-${p.endLine}:${p.endColumn}`);
  return `// via: ${via}\n${lines.join("\n")}\n\n${report}`.split(dir).join("<baseline>");
}

/**
 * The warnings corpus (LANGUAGE.md §16.5): every `<case>.jsson` of
 * test/diagnostics/warnings/ has a committed `<case>.warnings.txt`, the
 * warnings it gives — code, place, message, suggestion, and the place in an
 * included file — one line each. The engine, the spawned CLI
 * (`--error-format json`, one run per case) and a real server (`/transpile`'s
 * `warning_diagnostics`) must all give exactly that; the output is the one
 * a run with warnings quiet gives; and every case with a warning fails
 * under strict mode (`--strict`, `"strict": true`) with its first warning.
 * `JSSON_BASELINE_ACCEPT=1` rewrites the baselines from the engine.
 *
 * A case may start with `// @vars: {json}` (external variables). Files in
 * `warnings/inc/` are what cases include (sent as `files` over HTTP).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createEngine, NodeFsHost, type Diagnostic, type RunOptions } from "../../index.js";
import { diagnosticMessage } from "../../core/diagnostics/diagnostic.js";
import { post, startServer, type TestServer } from "../http/helpers.js";
import { pool } from "../support/pool.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { runFailingFiles, type FailingFilesRun } from "../support/many-file-run.js";
import { directivesOf } from "./baseline-cases.js";

const DIR = join(REPO_ROOT, "test", "diagnostics", "warnings");
const ACCEPT = process.env["JSSON_BASELINE_ACCEPT"] === "1";

interface Case {
  readonly name: string;
  readonly source: string;
  readonly vars: Record<string, unknown> | undefined;
}

const cases: Case[] = readdirSync(DIR)
  .filter((f) => f.endsWith(".jsson"))
  .sort()
  .map((f) => {
    const source = readFileSync(join(DIR, f), "utf8");
    const vars = directivesOf(source).get("vars");
    return { name: f.slice(0, -".jsson".length), source, vars: vars === undefined ? undefined : (JSON.parse(vars) as Record<string, unknown>) };
  });
const includable = Object.fromEntries(readdirSync(join(DIR, "inc")).map((f) => [`inc/${f}`, readFileSync(join(DIR, "inc", f), "utf8")]));

/** A place and what is said there, as every runner reports it. */
interface Seen {
  readonly code: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly file?: string | undefined;
  readonly suggestion?: { readonly text: string; readonly line: number; readonly column: number; readonly endLine: number; readonly endColumn: number } | undefined;
  readonly cause?: Seen | undefined;
}

function lineOf(w: Seen, indent = ""): string {
  const s = w.suggestion;
  const fix = s === undefined ? "" : ` => ${JSON.stringify(s.text)} @${s.line}:${s.column}-${s.endLine}:${s.endColumn}`;
  // the root file is named differently by each runner (a path, a name, none over HTTP): only included files are named
  const file = w.file === undefined || indent === "" ? "" : `${w.file.replace(/^.*\/(inc\/)/, "$1")} `;
  const own = `${indent}${w.code} ${file}${w.line}:${w.column}-${w.endLine}:${w.endColumn} ${w.message}${fix}\n`;
  return w.cause === undefined ? own : own + lineOf(w.cause, indent + "  cause: ");
}

function textOf(warnings: readonly Seen[]): string {
  return warnings.length === 0 ? "(no warnings)\n" : warnings.map((w) => lineOf(w)).join("");
}

function seenOf(d: Diagnostic): Seen {
  const s = d.suggestion;
  return {
    code: d.code,
    message: diagnosticMessage(d),
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    file: d.file,
    suggestion: s === undefined ? undefined : { text: s.text, line: s.line, column: s.column, endLine: s.endLine, endColumn: s.endColumn },
    cause: d.cause === undefined ? undefined : seenOf(d.cause),
  };
}

function engineRun(c: Case, extra: Partial<RunOptions> = {}): { output: string | undefined; warnings: readonly Diagnostic[]; failure: readonly Diagnostic[] } {
  const options: RunOptions = { file: join(DIR, `${c.name}.jsson`), host: new NodeFsHost(), ...(c.vars === undefined ? {} : { vars: c.vars as NonNullable<RunOptions["vars"]> }), ...extra };
  const r = createEngine().transpile(c.source, options);
  return r.ok ? { output: r.output, warnings: r.warnings ?? [], failure: [] } : { output: undefined, warnings: r.warnings ?? [], failure: r.diagnostics };
}

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after(() => server.close());

const varArgs = (c: Case): string[] => Object.entries(c.vars ?? {}).flatMap(([k, v]) => ["--var-json", `${k}=${JSON.stringify(v)}`]);
// The CLI: each case's `--error-format json` run alone (a many-file run writes no warnings of the files it
// writes). `--strict`: the cases with a warning in their baseline and no external variables fail there, so
// they run as files of one many-file run (test/support/many-file-run.ts: the per-file code of a one-file run,
// its report after its "✗ FILE" line, one CLI start-up for them all); the others, one-file runs.
const warned = (c: Case): boolean => {
  const baseline = join(DIR, `${c.name}.warnings.txt`);
  return existsSync(baseline) && readFileSync(baseline, "utf8") !== textOf([]);
};
const strictTogether = cases.filter((c) => c.vars === undefined && warned(c));
let strictManyFileRun: Promise<FailingFilesRun> | undefined;
const jsonRuns = pool(
  cases.map((c) => () => runCli(["--error-format", "json", ...varArgs(c), `${c.name}.jsson`], { cwd: DIR })),
  1,
);
const strictRuns = pool(
  cases.map((c) => () => {
    if (!strictTogether.includes(c)) return runCli(["--strict", ...varArgs(c), `${c.name}.jsson`], { cwd: DIR });
    strictManyFileRun ??= runFailingFiles(strictTogether.map((t) => `${t.name}.jsson`), ["--strict"], DIR);
    return strictManyFileRun.then((r) => r.outcomeOf(`${c.name}.jsson`));
  }),
  1,
);

test("the corpus has at least 30 cases, and every warning code is in it", () => {
  assert.ok(cases.length >= 30, `${cases.length} cases`);
  const all = cases.map((c) => readFileSync(join(DIR, `${c.name}.warnings.txt`), "utf8")).join("");
  for (const code of ["JSSON8001", "JSSON8002", "JSSON8003", "JSSON8004", "JSSON8005", "JSSON8006"]) assert.ok(all.includes(code), `no case gives ${code}`);
});

cases.forEach((c, i) => {
  test(`warnings: ${c.name}`, async () => {
    const file = join(DIR, `${c.name}.warnings.txt`);
    const engine = engineRun(c);
    assert.ok(engine.output !== undefined, `the case runs: ${engine.failure.map(diagnosticMessage).join("; ")}`);
    const expected = textOf(engine.warnings.map(seenOf));
    if (ACCEPT) writeFileSync(file, expected);
    assert.ok(existsSync(file), `no baseline ${file} (run with JSSON_BASELINE_ACCEPT=1, then review it)`);
    assert.fixture(expected, readFileSync(file, "utf8"), "engine");
    const first = engine.warnings[0];

    // strict mode: the first warning, as the run's error (same code and place)
    const strict = engineRun(c, { strict: true });
    if (first === undefined) assert.equal(strict.output, engine.output, "no warning: strict mode changes nothing");
    else {
      assert.is(strict.output, undefined);
      assert.equal([strict.failure[0]?.code, strict.failure[0]?.line, strict.failure[0]?.column, strict.failure[0]?.severity], [first.code, first.line, first.column, "error"]);
    }

    // the CLI: the same warnings in its JSON document, the output unchanged, exit 0; --strict exits 1
    const [json, strictCli] = await Promise.all([jsonRuns[i], strictRuns[i]]);
    assert.is(json?.code, 0, json?.stderr);
    assert.is(json?.stdout, engine.output);
    // the wire form of a diagnostic: the CLI's JSON document and HTTP's warning_diagnostics
    type Wire = { code: string; message: string; line: number; column: number; end_line: number; end_column: number; file?: string; suggestion?: { text: string; line: number; column: number; end_line: number; end_column: number }; cause?: Wire };
    const seenWire = (w: Wire): Seen => ({
      code: w.code,
      message: w.message,
      line: w.line,
      column: w.column,
      endLine: w.end_line,
      endColumn: w.end_column,
      file: w.file,
      suggestion: w.suggestion === undefined ? undefined : { text: w.suggestion.text, line: w.suggestion.line, column: w.suggestion.column, endLine: w.suggestion.end_line, endColumn: w.suggestion.end_column },
      cause: w.cause === undefined ? undefined : seenWire(w.cause),
    });
    const doc = json?.stderr === "" ? { diagnostics: [] } : (JSON.parse(json?.stderr ?? "") as { diagnostics: (Wire & { severity: string })[] });
    assert.ok(doc.diagnostics.every((d) => d.severity === "warning"));
    assert.fixture(textOf(doc.diagnostics.map(seenWire)), expected, "cli");
    assert.is(strictCli?.code, first === undefined ? 0 : 1, strictCli?.stderr);
    if (first !== undefined) assert.ok(strictCli?.stderr.startsWith(`Line ${first.line}: ${diagnosticMessage(first)}`), strictCli?.stderr);

    // HTTP: warning_diagnostics with suggestions; "strict": true fails
    const request = { source: c.source, files: includable, ...(c.vars === undefined ? {} : { vars: c.vars }) };
    const [plain, strictHttp] = await Promise.all([post(server.base, "/transpile", { ...request, format: "yaml" }), post(server.base, "/transpile", { ...request, strict: true })]);
    const body = plain.json<{ success: boolean; warnings?: string[]; warning_diagnostics?: Wire[] }>();
    assert.ok(body.success, plain.text);
    // a source that names an included file by its absolute path over HTTP names it as the request's files do
    assert.fixture(textOf((body.warning_diagnostics ?? []).map(seenWire)), expected, "http");
    assert.equal(body.warnings ?? [], engine.warnings.map((w) => `Line ${w.line}: ${diagnosticMessage(w)}`));
    const strictBody = strictHttp.json<{ success: boolean; diagnostics?: Wire[] }>();
    assert.is(strictBody.success, first === undefined, strictHttp.text);
    if (first !== undefined) assert.is(strictBody.diagnostics?.[0]?.code, first.code);
  });
});

test("strict mode: a warning found only in a lazy part, as it is written, fails the run (the engine without its verify pass, and /transpile)", async () => {
  // a range past the stream threshold is mapped lazily; only its last element reaches the typo
  const source = "xs = [1..20000] map (i) = i == 20000 ? ture : i\n";
  for (const verifyBeforeWrite of [true, false]) {
    const evaluated = createEngine().evaluate(source, { strict: true, verifyBeforeWrite });
    if (!evaluated.ok) throw new Error("the warning must come from the lazy part, not from the evaluation");
    const written = evaluated.write({ write: () => {} });
    assert.is(written.ok, false, `verifyBeforeWrite: ${verifyBeforeWrite}`);
    if (!written.ok) assert.equal([written.diagnostics[0]?.code, written.diagnostics[0]?.severity], ["JSSON8001", "error"]);
  }
  const [plain, strict] = await Promise.all([post(server.base, "/transpile", { source }), post(server.base, "/transpile", { source, strict: true })]);
  const body = plain.json<{ success: boolean; warning_diagnostics?: { code: string }[] }>();
  assert.ok(body.success, plain.text);
  assert.equal((body.warning_diagnostics ?? []).map((w) => w.code), ["JSSON8001"]);
  const s = strict.json<{ success: boolean; output?: unknown; diagnostics: { code: string; line: number }[]; warnings?: string[] }>();
  assert.is(s.success, false, strict.text);
  assert.is(s.output, undefined);
  assert.equal([s.diagnostics[0]?.code, s.diagnostics[0]?.line, s.warnings?.length], ["JSSON8001", 1, 1]);
});

test("/validate gives the warnings found without evaluation (W3–W6), and fails on them under strict", async () => {
  const source = 'a = 1\na = 2\nx = [\n  5\n  -3\n]\ns = "\\d"\nt = `${ 1 + }`\nu = ture\n';
  const [plain, strict] = await Promise.all([post(server.base, "/validate", { source }), post(server.base, "/validate", { source, strict: true })]);
  const body = plain.json<{ valid: boolean; warning_diagnostics?: { code: string }[] }>();
  assert.ok(body.valid);
  assert.equal(
    (body.warning_diagnostics ?? []).map((w) => w.code),
    ["JSSON8003", "JSSON8004", "JSSON8005", "JSSON8006"],
  );
  const s = strict.json<{ valid: boolean; diagnostics: { code: string; line: number }[]; warning_diagnostics?: { code: string }[] }>();
  assert.is(s.valid, false);
  assert.equal(s.diagnostics.map((d) => [d.code, d.line]), [["JSSON8003", 2]]);
  // the warnings stay, all of them
  assert.equal((s.warning_diagnostics ?? []).map((w) => w.code), ["JSSON8003", "JSSON8004", "JSSON8005", "JSSON8006"]);
});

test("/validate-schema carries the warnings; strict fails the source", async () => {
  const request = { source: "replicas := 3\nsvc { count = replcias }\n", schema: '{"type":"object"}' };
  const [plain, strict] = await Promise.all([post(server.base, "/validate-schema", request), post(server.base, "/validate-schema", { ...request, strict: true })]);
  const body = plain.json<{ valid: boolean; warnings?: string[]; warning_diagnostics?: { suggestion?: { text: string } }[] }>();
  assert.ok(body.valid, plain.text);
  assert.equal(body.warnings, [`Line 2: 'replcias' is not defined and is used as the string "replcias" — did you mean 'replicas'?`]);
  assert.is(body.warning_diagnostics?.[0]?.suggestion?.text, "replicas");
  const s = strict.json<{ valid: boolean; errors: string[] }>();
  assert.is(s.valid, false);
  assert.match(s.errors[0] ?? "", /^Line 2: 'replcias' is not defined/);
});

test("a request's strict must be a boolean (400)", async () => {
  const r = await post(server.base, "/transpile", { source: "a = 1", strict: "yes" });
  assert.is(r.status, 400);
  assert.match(r.text, /strict: must be a boolean, got a string/);
});

test("the server's -strict is the default of a request's strict", async () => {
  const strictServer = await startServer({ strict: true });
  try {
    const [byDefault, optedOut] = await Promise.all([post(strictServer.base, "/transpile", { source: "on = ture\n" }), post(strictServer.base, "/transpile", { source: "on = ture\n", strict: false })]);
    assert.is(byDefault.json<{ success: boolean }>().success, false);
    assert.is(optedOut.json<{ success: boolean }>().success, true);
  } finally {
    await strictServer.close();
  }
});

test.run();

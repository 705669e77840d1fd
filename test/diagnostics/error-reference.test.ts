/**
 * docs/errors.md, the error reference, covers the catalogue and is true:
 * every code of CODES has a `## JSSONxxxx` section, every section is a code
 * of the catalogue, and each section's example (its ```jsson error=CODE
 * block, with the files of its `file=NAME` blocks beside it and the options
 * its attributes give) produces that code — through the engine, and through
 * the spawned CLI with `--error-format json` where the options are CLI flags
 * (the failing examples without flags together in one many-file run).
 * The code may be the error's own or that of a cause (an error inside an
 * included file is JSSON4004 with the inner code as its cause), or a
 * warning's. The message shown in the section (placeholders `<…>`,
 * alternatives separated by ` / `) must match the one reported.
 *
 * Its "Schema errors" section lists the schema messages of the catalogue
 * (SCHEMA_MESSAGES, which carry no code): one `### \`message\`` heading per
 * message, each of the catalogue's and no other, and each example (a
 * ```json / yaml / toml schema whose `against=` attribute is the data to
 * check) gives that line.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CODES, causeChain, createEngine, MemoryHost, type Diagnostic, type Limits, type RunOptions } from "../../index.js";
import { fencedBlocks } from "../support/doc-examples.js";
import { SCHEMA_MESSAGES } from "../../core/plugin/index.js";
import { pool } from "../support/pool.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli, type CliRun } from "../support/spawn-cli.js";
import { runFailingFiles } from "../support/many-file-run.js";

const PAGE = "docs/errors.md";
const text = readFileSync(join(REPO_ROOT, PAGE), "utf8");

interface Entry {
  readonly code: string;
  readonly line: number;
  /** Backticked message templates after "Message:", alternatives split. */
  readonly messages: readonly string[];
  readonly source: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly files: ReadonlyMap<string, string>;
}

/** The sections of the page, one per `## JSSONxxxx` heading (each ends at the next `## ` heading). */
function entries(markdown: string): Entry[] {
  const heads = [...markdown.matchAll(/^## (JSSON\w+)\s*$/gm)];
  return heads.map((h) => {
    const start = h.index;
    const next = /^## /m.exec(markdown.slice(start + 3));
    const body = markdown.slice(start, next === null ? markdown.length : start + 3 + next.index);
    const blocks = fencedBlocks(body);
    const examples = blocks.filter((b) => b.attributes.has("error"));
    if (examples.length !== 1) throw new Error(`${PAGE} ${h[1]}: ${examples.length} example blocks (\`\`\`jsson error=CODE), not 1`);
    const example = examples[0]!;
    const message = /Message: `([^`]+)`/.exec(body)?.[1];
    if (message === undefined) throw new Error(`${PAGE} ${h[1]}: no "Message: \`…\`"`);
    return {
      code: h[1]!,
      line: markdown.slice(0, start).split("\n").length,
      messages: message.split(" / "),
      source: example.body,
      attributes: example.attributes,
      files: new Map(blocks.filter((b) => b.attributes.has("file")).map((b) => [b.attributes.get("file")!, b.body])),
    };
  });
}

const ENTRIES = entries(text);
const engine = createEngine();

/** Block attributes that are run options: the library's name, and the CLI flag where there is one. */
const LIMITS: Readonly<Record<string, { limit: keyof Limits; flag?: (v: string) => string[] }>> = {
  "max-depth": { limit: "maxDepth", flag: (v) => ["--max-depth", v] },
  "max-output": { limit: "maxOutputBytes", flag: (v) => ["--max-output", v] },
  timeout: { limit: "timeoutMs", flag: (v) => ["--timeout", `${v}ms`] },
  "max-values": { limit: "maxItems" },
  "max-string": { limit: "maxStringLength" },
  "max-includes": { limit: "maxIncludes" },
  "max-source": { limit: "maxSourceLength" },
};

function runOptions(entry: Entry): RunOptions {
  const limits: Partial<Record<keyof Limits, number>> = {};
  const vars: Record<string, unknown> = {};
  let options: { -readonly [K in keyof RunOptions]?: RunOptions[K] } = { file: "/main.jsson", host: new MemoryHost(entry.files) };
  for (const [name, value] of entry.attributes) {
    if (name === "error") continue;
    else if (name === "format") options.format = value;
    else if (name === "include-merge") options.includeMerge = value as NonNullable<RunOptions["includeMerge"]>;
    else if (name === "signal" && value === "aborted") options.signal = { aborted: true };
    else if (name.startsWith("var.")) vars[name.slice(4)] = JSON.parse(value);
    else if (LIMITS[name] !== undefined) limits[LIMITS[name].limit] = Number(value);
    else throw new Error(`${PAGE} ${entry.code}: unknown attribute ${name}`);
  }
  options = { ...options, limits, ...(Object.keys(vars).length > 0 ? { vars: vars as RunOptions["vars"] } : {}) };
  return options;
}

/** The CLI's arguments for the entry, or undefined when an option has no flag (library only). */
function cliArgs(entry: Entry): string[] | undefined {
  const args = ["main.jsson", "--error-format", "json"];
  for (const [name, value] of entry.attributes) {
    if (name === "error") continue;
    if (name === "format") args.push("-f", value);
    else if (name === "include-merge") args.push("-include-merge", value);
    else {
      const flag = LIMITS[name]?.flag;
      if (flag === undefined) return undefined;
      args.push(...flag(value));
    }
  }
  return args;
}

/** A diagnostic and its causes, as code and message. */
const withCauses = (d: Diagnostic): { code: string; message: string }[] => [d, ...causeChain(d)].map((c) => ({ code: c.code, message: c.message }));

/**
 * A message template of the page as a regex: `<…>` stands for any text, and a
 * hint after ` — ` may follow (messages that teach add one to the catalogue text).
 */
const templateRegex = (template: string): RegExp => new RegExp(`^${template.split(/<[^>]+>/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}(?: — .*)?$`, "s");

test("every code of the catalogue has an entry, and every entry is a code of the catalogue", () => {
  const documented = new Set(ENTRIES.map((e) => e.code));
  const catalogue = Object.values(CODES) as string[];
  const missing = catalogue.filter((c) => !documented.has(c));
  assert.equal(missing, [], `codes without an entry in ${PAGE} (add a "## CODE" section with a message, an example and a fix): ${missing.join(", ")}`);
  const unknown = ENTRIES.map((e) => e.code).filter((c) => !catalogue.includes(c));
  assert.equal(unknown, [], `entries of ${PAGE} for codes the catalogue does not have: ${unknown.join(", ")}`);
  assert.is(documented.size, ENTRIES.length, "one entry per code");
});

for (const entry of ENTRIES) {
  test(`${PAGE} ${entry.code} (line ${entry.line}): the example produces the code and the message`, () => {
    const r = engine.transpile(entry.source, runOptions(entry));
    const reported = [...(r.ok ? [] : r.diagnostics), ...(((r as { warnings?: readonly Diagnostic[] }).warnings) ?? [])].flatMap(withCauses);
    const hit = reported.find((d) => d.code === entry.code);
    assert.ok(hit, `${entry.code}'s example reports ${JSON.stringify(reported)}`);
    if (hit === undefined) return;
    assert.ok(entry.messages.some((m) => templateRegex(m).test(hit.message)), `"${hit.message}" is not the page's ${entry.messages.map((m) => `"${m}"`).join(" or ")}`);
  });
}

// The CLI: every example whose options are flags, in a folder of its own with its files. An example with no
// flag of its own that fails (not a warning: its file is written, status 0) is one file of a many-file run
// (test/support/many-file-run.ts: the per-file code of a one-file run, one CLI start-up for them all); the
// rest, each a one-file run. Started by the first test that needs them, not at import, where another file's
// synchronous tests could starve them.
const viaCli = ENTRIES.flatMap((entry) => {
  const args = cliArgs(entry);
  return args === undefined ? [] : [{ entry, args, inManyFileRun: args.length === 3 && !entry.code.startsWith("JSSON8") }];
});

/** Where the examples' folders are made (one per code, its main.jsson and files); removed when the process exits. */
let examplesRoot: string | undefined;
function exampleFolder(entry: Entry): string {
  if (examplesRoot === undefined) {
    const root = mkdtempSync(join(tmpdir(), "jsson-errors-"));
    process.once("exit", () => rmSync(root, { recursive: true, force: true }));
    examplesRoot = root;
  }
  const cwd = join(examplesRoot, entry.code);
  mkdirSync(cwd);
  writeFileSync(join(cwd, "main.jsson"), entry.source);
  for (const [name, body] of entry.files) writeFileSync(join(cwd, name), body);
  return cwd;
}

/** What the CLI printed on stderr for an example (its JSON document), and the exit status that stands for it. */
type CliReport = { code: number | null; stderr: string };
let cliRuns: Map<string, Promise<CliReport>> | undefined;
function startCliRuns(): Map<string, Promise<CliReport>> {
  if (cliRuns !== undefined) return cliRuns;
  const many = viaCli.filter((c) => c.inManyFileRun);
  const files = many.map(({ entry }) => join(entry.code, "main.jsson"));
  const manyRun = Promise.resolve().then(() => {
    for (const { entry } of many) exampleFolder(entry);
    return runFailingFiles(files, ["--error-format", "json"], examplesRoot as string);
  });
  const alone = viaCli.filter((c) => !c.inManyFileRun);
  const aloneRuns = pool(
    alone.map(({ entry, args }) => () => runCli(args, { cwd: exampleFolder(entry) })),
    2,
  );
  cliRuns = new Map([
    ...many.map(({ entry }, i): [string, Promise<CliReport>] => [entry.code, manyRun.then((r) => r.outcomeOf(files[i] as string))]),
    ...alone.map(({ entry }, i): [string, Promise<CliReport>] => [entry.code, aloneRuns[i] as Promise<CliRun>]),
  ]);
  return cliRuns;
}

viaCli.forEach(({ entry, args, inManyFileRun }) => {
  test(`${PAGE} ${entry.code}: jsson ${args.join(" ")} reports the code${inManyFileRun ? " (in a many-file run)" : ""}`, async () => {
    const run = await startCliRuns().get(entry.code)!;
    // a warning (JSSON8xxx) leaves the output written and the exit status 0
    assert.is(run.code, entry.code.startsWith("JSSON8") ? 0 : 1, run.stderr);
    type Reported = { code: string; cause?: Reported };
    const report = JSON.parse(run.stderr) as { diagnostics: Reported[] };
    const codes = (ds: readonly Reported[]): string[] => ds.flatMap((d) => [d.code, ...codes(d.cause === undefined ? [] : [d.cause])]);
    assert.ok(codes(report.diagnostics).includes(entry.code), run.stderr);
  });
});

test("most examples also run through the CLI", () => {
  assert.ok(viaCli.length >= ENTRIES.length - 8, `${viaCli.length} of ${ENTRIES.length}`);
});

// the schema messages, which have no code (LANGUAGE.md §13.1)
const schemaSection = text.slice(text.indexOf("\n## Schema errors\n"));
/** The section's messages: each `### \`…\`` heading, with its example if it has one. */
const schemaEntries = [...schemaSection.matchAll(/^### `([^`]+)`\s*$/gm)].map((h, i, all) => {
  const body = schemaSection.slice(h.index, all[i + 1]?.index ?? schemaSection.length);
  return { heading: h[1]!, example: fencedBlocks(body).find((b) => ["json", "yaml", "toml"].includes(b.lang) && b.attributes.has("against")) };
});
/** A template with its places blanked (`{0}` in the catalogue, `<name>` on the page), for comparing the two. */
const blanked = (t: string): string => t.replace(/\{\d+\}|<[^<>]+>/g, "<>");

test("the page's Schema errors section lists every schema message of the catalogue, and only those", () => {
  assert.ok(schemaSection.startsWith("\n## Schema errors"), "the section exists");
  const page = schemaEntries.map((e) => blanked(e.heading.replace(/^(schema|\$): /, "")));
  // the reasons a pattern is not supported are listed in its entry, not as headings of their own
  const listed = [...page, ...[...schemaSection.matchAll(/^\* `([^`]+)`$/gm)].map((m) => blanked(m[1]!))];
  const catalogue = Object.values(SCHEMA_MESSAGES).map((m) => blanked(m.text));
  assert.equal(catalogue.filter((t) => !listed.includes(t)), [], "catalogue messages the page does not list");
  assert.equal(page.filter((t) => !catalogue.includes(t)), [], "headings that are no message of the catalogue");
});

const checkedExamples = schemaEntries.filter((e) => e.example !== undefined);
for (const entry of checkedExamples) {
  test(`${PAGE} Schema errors: ${entry.heading}: the example gives that line`, () => {
    const block = entry.example!;
    const schemaType = block.attributes.get("schema-type");
    const schemaFormat = block.attributes.get("schema-format") ?? block.lang;
    const result = engine.validate(JSON.parse(block.attributes.get("against")!), block.body, { schemaFormat, ...(schemaType === undefined ? {} : { schemaType }) });
    assert.not.ok(result.valid, JSON.stringify(result));
    const regex = new RegExp(`^${entry.heading.split(/<[^<>]+>/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`, "s");
    assert.ok(result.errors.some((e) => regex.test(e)), `${JSON.stringify(result.errors)} is not "${entry.heading}"`);
  });
}

test("most schema messages have an example", () => {
  assert.ok(checkedExamples.length >= schemaEntries.length / 2, `${checkedExamples.length} of ${schemaEntries.length}`);
});

test.run();

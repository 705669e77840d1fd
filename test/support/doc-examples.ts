/**
 * The runnable examples of a Markdown document (README.md, docs/language.md):
 * each ```jsson block, and the blocks that follow it with nothing but blank
 * lines between them — ```json / ```yaml / ```toml / ```ts (or
 * ```typescript): exactly what `jsson -f <format>` writes for it; ```error:
 * exactly what it writes on stderr when the example fails (`Line <n>: …`,
 * the source line and the caret); ```warning: exactly the warnings it writes
 * on stderr when it succeeds (LANGUAGE.md §16.5).
 *
 * A fence's info string may carry `key=value` words after the language:
 * `file=NAME` on a jsson block makes it a file other examples of the same
 * document include (it is shown to the reader, not run by itself);
 * `include-merge=keep|overwrite|error` sets the example's merge mode;
 * `format=NAME` the format an ```error block is for (default json: an
 * error of the TOML writer only shows with `-f toml`); `strict=true` on a
 * jsson block runs it in strict mode (`--strict`).
 */
import type { Engine, IncludeHost, IncludeMerge } from "../../core/index.js";
import { diagnosticReport } from "../../cli/terminal/diagnostic-report.js";
import { runSources, TextKeepingHost } from "../../cli/terminal/diagnostic-sources.js";
import { dirname } from "node:path";

/** One fenced code block. */
export interface FencedBlock {
  /** The language word of the info string (`jsson`, `yaml`, `error`, or ""). */
  readonly lang: string;
  /** The `key=value` words after the language. */
  readonly attributes: ReadonlyMap<string, string>;
  /** The text between the fences, with its final newline. */
  readonly body: string;
  /** 1-based line of the opening fence, for test names. */
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

/** What an example must give: output text in a format, or an error report. */
export type Expectation =
  | { readonly kind: "output"; readonly format: string; readonly text: string }
  | { readonly kind: "error"; readonly text: string }
  | { readonly kind: "warning"; readonly text: string };

/** A ```jsson block to run, with what it must give. */
export interface DocExample {
  readonly source: string;
  readonly line: number;
  readonly includeMerge?: IncludeMerge;
  /** The format its ```error block is for (default json). */
  readonly format?: string;
  /** Run in strict mode (`strict=true`). */
  readonly strict?: boolean;
  /** Empty when the document shows no result (the example must still transpile). */
  readonly expect: readonly Expectation[];
}

/** A document's examples, and the files (`file=NAME` blocks) they may include. */
export interface DocExamples {
  readonly examples: readonly DocExample[];
  readonly files: ReadonlyMap<string, string>;
}

/** Fence languages of output blocks, by the format name given to the engine. */
export const OUTPUT_FENCES: Readonly<Record<string, string>> = { json: "json", yaml: "yaml", toml: "toml", ts: "typescript", typescript: "typescript" };

const MERGE_MODES: readonly string[] = ["keep", "overwrite", "error"] satisfies readonly IncludeMerge[];

/** Every fenced block of a Markdown text, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  // A fence of more than three backticks lets an example hold a ``` raw string.
  return [...markdown.matchAll(/^(`{3,})(\w*)([^\n`]*)\n([\s\S]*?)^\1$/gm)].map((m) => ({
    lang: m[2] ?? "",
    attributes: new Map(
      (m[3] ?? "")
        .trim()
        .split(/\s+/)
        .filter((w) => w.includes("="))
        .map((w) => [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)] as [string, string]),
    ),
    body: m[4] ?? "",
    line: markdown.slice(0, m.index).split("\n").length,
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** The examples of a Markdown text; throws on a malformed one (unknown merge mode, unpaired result block). */
export function docExamples(markdown: string): DocExamples {
  const blocks = fencedBlocks(markdown);
  const examples: DocExample[] = [];
  const files = new Map<string, string>();
  const adjacent = (a: FencedBlock, b: FencedBlock | undefined): boolean => b !== undefined && markdown.slice(a.end, b.start).trim() === "";
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.lang === "error") throw new Error(`line ${block.line}: an error block that follows no jsson example`);
    if (block.lang !== "jsson") continue;
    const file = block.attributes.get("file");
    if (file !== undefined) {
      files.set(file, block.body);
      continue;
    }
    const expect: Expectation[] = [];
    while (adjacent(blocks[i]!, blocks[i + 1])) {
      const next = blocks[i + 1]!;
      const format = OUTPUT_FENCES[next.lang];
      if (format !== undefined) expect.push({ kind: "output", format, text: next.body });
      else if (next.lang === "error") expect.push({ kind: "error", text: next.body });
      else if (next.lang === "warning") expect.push({ kind: "warning", text: next.body });
      else break;
      i++;
    }
    const merge = block.attributes.get("include-merge");
    if (merge !== undefined && !MERGE_MODES.includes(merge)) throw new Error(`line ${block.line}: unknown include-merge=${merge}`);
    const format = block.attributes.get("format");
    if (format !== undefined && OUTPUT_FENCES[format] === undefined) throw new Error(`line ${block.line}: unknown format=${format}`);
    examples.push({
      source: block.body,
      line: block.line,
      expect,
      ...(merge !== undefined ? { includeMerge: merge as IncludeMerge } : {}),
      ...(format !== undefined ? { format: OUTPUT_FENCES[format]! } : {}),
      ...(block.attributes.get("strict") === "true" ? { strict: true } : {}),
    });
  }
  return { examples, files };
}

/** Where an example's includes come from. */
export interface ExampleContext {
  /** Path (or host id) the example's source stands at. */
  readonly file: string;
  readonly host: IncludeHost;
}

/**
 * What the engine gives for `example` where `expectation` is: the output
 * text in its format, or the stderr report the CLI prints for its
 * diagnostics (an unexpected success or failure gives a text saying so,
 * which then differs from the expected one).
 */
export function actualText(engine: Engine, example: DocExample, expectation: Expectation, context: ExampleContext): string {
  const format = expectation.kind === "output" ? expectation.format : (example.format ?? "json");
  // as the CLI runs it: the included texts the run reads are kept for the report's excerpts
  const host = new TextKeepingHost(context.host);
  const r = engine.transpile(example.source, {
    format,
    file: context.file,
    host,
    ...(example.includeMerge ? { includeMerge: example.includeMerge } : {}),
    ...(example.strict === true ? { strict: true } : {}),
  });
  // names as the CLI run in the example's folder shows them (`--> example.jsson:1:5`)
  const sources = runSources({ text: example.source, file: context.file }, host, dirname(context.file));
  if (expectation.kind === "output") return r.ok ? r.output : `unexpected error:\n${diagnosticReport(r.diagnostics[0]!, sources)}`;
  if (expectation.kind === "warning") return r.ok ? (r.warnings ?? []).map((w) => diagnosticReport(w, sources)).join("") : `unexpected error:\n${diagnosticReport(r.diagnostics[0]!, sources)}`;
  return r.ok ? `unexpected success:\n${r.output}` : r.diagnostics.map((d) => diagnosticReport(d, sources)).join("");
}

/**
 * The playground's highlighting (cli/playground/web/jsson-language.ts, a
 * CodeMirror stream tokenizer) and the VS Code extension's TextMate grammar
 * agree: on every text of the highlighting corpus, each character both classify gets the
 * same token class.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { REPO_ROOT } from "../support/repo-root.js";
import { classOfScopes, highlightingCorpus, loadGrammar, scopesPerChar, type TokenClass } from "./textmate-grammar.js";

/** What the stream tokenizer needs from CodeMirror, as the bundle exposes it. */
interface StreamParserLike {
  startState(indentUnit: number): unknown;
  token(stream: unknown, state: unknown): string | null;
  blankLine?(state: unknown, indentUnit: number): void;
}
interface PlaygroundModule {
  readonly parser: StreamParserLike;
  readonly StringStream: new (line: string, tabSize: number, indentUnit: number) => { pos: number; start: number; eol(): boolean };
}

/** Playground styles → the shared classes. */
const STYLE_CLASS: Readonly<Record<string, TokenClass>> = {
  lineComment: "comment",
  string: "string",
  "string.special": "template",
  meta: "meta",
  number: "number",
  invalid: "invalid",
  keyword: "keyword",
  bool: "constant",
  null: "constant",
  "variableName.definition": "decl",
  "propertyName.definition": "key",
  propertyName: "member",
  variableName: "name",
  brace: "punctuation",
  squareBracket: "punctuation",
  paren: "punctuation",
  separator: "punctuation",
  operator: "operator",
  definitionOperator: "operator",
};

/** Bundle the playground's tokenizer for Node (it is browser code, compiled by esbuild for the page too). */
async function loadPlayground(): Promise<PlaygroundModule> {
  const dir = mkdtempSync(join(tmpdir(), "jsson-playground-lang-"));
  try {
    const entry = join(dir, "entry.ts");
    const out = join(dir, "bundle.mjs");
    buildSync({
      stdin: {
        contents: `import { jssonLanguage } from ${JSON.stringify(join(REPO_ROOT, "cli/playground/web/jsson-language.ts"))};\nexport { StringStream } from "@codemirror/language";\nexport const parser = jssonLanguage.streamParser;\n`,
        resolveDir: REPO_ROOT,
        sourcefile: entry,
        loader: "ts",
      },
      bundle: true,
      format: "esm",
      platform: "node",
      outfile: out,
      logLevel: "silent",
    });
    return (await import(pathToFileURL(out).href)) as PlaygroundModule;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The playground's class of every character of `text`. */
function playgroundClasses(pg: PlaygroundModule, text: string): (TokenClass | undefined)[] {
  const out: (TokenClass | undefined)[] = new Array<TokenClass | undefined>(text.length);
  const state = pg.parser.startState(2);
  let offset = 0;
  for (const line of text.split("\n")) {
    if (line === "") pg.parser.blankLine?.(state, 2);
    const stream = new pg.StringStream(line, 4, 2);
    while (!stream.eol()) {
      const style = pg.parser.token(stream, state);
      if (stream.pos <= stream.start) throw new Error(`the playground tokenizer did not advance at ${offset + stream.pos}`);
      const cls = style === null ? undefined : STYLE_CLASS[style];
      if (style !== null && cls === undefined) throw new Error(`unknown playground style ${style}`);
      for (let i = stream.start; i < stream.pos; i++) out[offset + i] = cls;
      stream.start = stream.pos;
    }
    offset += line.length + 1;
  }
  return out;
}

test("the playground's highlighting agrees with the TextMate grammar on every text of the highlighting corpus", async () => {
  const [grammar, pg] = await Promise.all([loadGrammar(), loadPlayground()]);
  let compared = 0;
  const disagreements: string[] = [];
  for (const c of highlightingCorpus()) {
    const text = c.text;
    const tm = scopesPerChar(grammar, text);
    const cm = playgroundClasses(pg, text);
    for (let i = 0; i < text.length; i++) {
      const a = classOfScopes(tm[i]);
      const b = cm[i];
      if (a === undefined || b === undefined || /\s/.test(text[i] as string)) continue;
      compared++;
      if (a !== b) {
        disagreements.push(`${c.name} @${i} ${JSON.stringify(text.slice(i, i + 12))}: grammar ${a}, playground ${b}`);
        // One report per token is enough.
        while (i + 1 < text.length && classOfScopes(tm[i + 1]) === a && cm[i + 1] === b) i++;
      }
    }
  }
  assert.ok(compared > 500, `compared ${compared} characters`);
  assert.equal(disagreements.slice(0, 40), [], `${disagreements.length} disagreements over ${compared} characters`);
});

test.run();

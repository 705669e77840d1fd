/**
 * The VS Code extension's TextMate grammar, loaded with vscode-textmate and
 * vscode-oniguruma (the engine VS Code itself uses), for tests: scopes of
 * every character of a text, and the token class they stand for.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import oniguruma from "vscode-oniguruma";
import textmate from "vscode-textmate";
import { REPO_ROOT } from "../support/repo-root.js";
import { sharedFolder } from "../support/shared-folder.js";

/** Where the grammar lives. */
export const GRAMMAR_PATH = join(REPO_ROOT, "editors", "vscode", "syntaxes", "jsson.tmLanguage.json");

/** The classes both highlighters are compared in. */
export type TokenClass = "comment" | "string" | "template" | "meta" | "number" | "invalid" | "keyword" | "constant" | "key" | "decl" | "member" | "name" | "operator" | "punctuation";

/** A text of the highlighting corpus. */
export interface CorpusText {
  readonly name: string;
  readonly text: string;
}

/**
 * The highlighting corpus: every conformance input (when ../shared is
 * there), the examples, the composition cases, and a file of this suite
 * with every token class (so a lone clone still tests every class).
 */
export function highlightingCorpus(): CorpusText[] {
  const out: CorpusText[] = [];
  const conformance = sharedFolder("conformance");
  if (conformance !== undefined) {
    for (const name of readdirSync(conformance).sort()) {
      const file = join(conformance, name, "input.jsson");
      if (existsSync(file)) out.push({ name, text: readFileSync(file, "utf8") });
    }
  }
  for (const dir of [join(REPO_ROOT, "examples"), join(REPO_ROOT, "examples", "compose-service"), join(REPO_ROOT, "test", "editors", "fixtures")]) {
    for (const name of readdirSync(dir).sort()) if (name.endsWith(".jsson")) out.push({ name, text: readFileSync(join(dir, name), "utf8") });
  }
  // the project's own composition cases (§16.3): every form, and every error's text, in a lone clone too
  const composition = join(REPO_ROOT, "test", "cases", "composition");
  for (const name of readdirSync(composition).sort()) {
    const file = join(composition, name, "input.jsson");
    if (existsSync(file)) out.push({ name, text: readFileSync(file, "utf8") });
  }
  return out;
}

/** Load the grammar. */
export async function loadGrammar(): Promise<textmate.IGrammar> {
  const wasm = readFileSync(createRequire(import.meta.url).resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p: string[]) => new oniguruma.OnigScanner(p), createOnigString: (s: string) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope: string) => (scope === "source.jsson" ? textmate.parseRawGrammar(readFileSync(GRAMMAR_PATH, "utf8"), GRAMMAR_PATH) : null),
  });
  const grammar = await registry.loadGrammar("source.jsson");
  if (grammar === null) throw new Error("grammar source.jsson did not load");
  return grammar;
}

/** The scopes of every character of `text` (line breaks get none). */
export function scopesPerChar(grammar: textmate.IGrammar, text: string): (readonly string[] | undefined)[] {
  const out: (readonly string[] | undefined)[] = new Array<readonly string[] | undefined>(text.length);
  let state = textmate.INITIAL;
  let offset = 0;
  for (const line of text.split("\n")) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) for (let i = t.startIndex; i < Math.min(t.endIndex, line.length); i++) out[offset + i] = t.scopes;
    state = r.ruleStack;
    offset += line.length + 1;
  }
  return out;
}

/** The class the innermost meaningful scope stands for (undefined for plain source text and whitespace). */
export function classOfScopes(scopes: readonly string[] | undefined): TokenClass | undefined {
  if (scopes === undefined) return undefined;
  for (let i = scopes.length - 1; i >= 0; i--) {
    const s = scopes[i] as string;
    if (s.startsWith("comment.")) return "comment";
    if (s.startsWith("punctuation.definition.template-expression")) return "meta";
    if (s.startsWith("keyword.other.preset")) return "meta";
    if (s.startsWith("variable.other.property.key")) return "key";
    if (s.startsWith("variable.other.constant.declaration")) return "decl";
    if (s.startsWith("variable.other.property.member")) return "member";
    if (s.startsWith("variable.other.readwrite")) return "name";
    if (s.startsWith("constant.character.escape")) return "string";
    if (s.startsWith("string.template")) return "template";
    if (s.startsWith("string.")) return "string";
    if (s.startsWith("constant.numeric")) return "number";
    if (s.startsWith("invalid.")) return "invalid";
    if (s.startsWith("constant.language")) return "constant";
    if (s.startsWith("keyword.control")) return "keyword";
    if (s.startsWith("keyword.operator") || s.startsWith("punctuation.accessor")) return "operator";
    if (s.startsWith("punctuation.")) return "punctuation";
    if (s.startsWith("meta.embedded")) return undefined; // code inside `${…}`: whitespace there is unclassified
  }
  return undefined;
}

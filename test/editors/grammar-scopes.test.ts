/**
 * The TextMate grammar of editors/vscode on the highlighting corpus
 * (conformance inputs, examples, a file with every token class): every
 * token the engine's lexer finds gets the scope of its class (comments, the
 * four string forms and `${}` inside templates, numbers, keywords,
 * operators, keys vs values, `:=` names, `@preset`/`@use`, the `if`/`else`
 * of conditional members and the spread `...`).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine } from "../../index.js";
import { editorSyntaxTree } from "../../core/syntax/index.js";
import { outlineDocument } from "../../cli/lsp/document-outline.js";
import { editorTokens, type EditorToken } from "../../cli/lsp/editor-tokens.js";
import { classOfScopes, highlightingCorpus, loadGrammar, scopesPerChar, type TokenClass } from "./textmate-grammar.js";

/** The class a lexer token must get, with what the outline knows about keys and names. */
function expectedClass(t: EditorToken, prev: EditorToken | undefined, defined: Map<number, string>, next?: EditorToken): TokenClass | undefined {
  const d = defined.get(t.start);
  switch (t.kind) {
    case "comment":
      return "comment";
    case "string":
      return d === "key" ? "key" : "string";
    case "template":
      return "template";
    case "interp":
      return "meta";
    case "int":
    case "float":
      return "number";
    case "invalid":
      return undefined;
    case "keyword":
      if (d === "key") return "key";
      if (prev?.text === ".") return "member";
      if (t.text === "true" || t.text === "false" || t.text === "null") return "constant";
      return "keyword";
    case "ident":
      if (prev?.text === "@") return "meta";
      // the highlighters' one documented miss: a key named else holding a block reads as the keyword (a line-based grammar cannot see whether an if branch precedes)
      if (d === "key" && t.text === "else" && (next?.text === "{" || next?.text === "[")) return "keyword";
      if (d === "key") return "key";
      if (d === "declaration") return "decl";
      if (prev?.text === ".") return "member";
      // `if (…)`, and `else` before `{`, `[` or `if`: a conditional member or element (§16.3)
      if (t.text === "if" && next?.text === "(") return "keyword";
      if (t.text === "else" && (next?.text === "{" || next?.text === "[" || next?.text === "if")) return "keyword";
      return "name";
    case "punct":
      if (t.text === "@") return "meta";
      return "{}[](),".includes(t.text) ? "punctuation" : "operator";
  }
  return undefined;
}

const engine = createEngine();

test("every lexer token of every text of the highlighting corpus gets its class's scope", async () => {
  const grammar = await loadGrammar();
  const seen = new Map<TokenClass, number>();
  const wrong: string[] = [];
  let checked = 0;
  for (const c of highlightingCorpus()) {
    const text = c.text;
    const tree = editorSyntaxTree(text);
    const tokens = editorTokens(tree);
    const outline = outlineDocument(tree);
    const defined = new Map<number, string>();
    for (const d of outline.definitions) defined.set(d.nameStart, d.kind);
    const scopes = scopesPerChar(grammar, text);
    // Past a lexical or syntax error the text has no defined token roles (the lexer's recovery and the grammar's differ).
    const stop = engine.check(text)[0]?.start ?? Infinity;
    let prev: EditorToken | undefined;
    for (const [i, t] of tokens.entries()) {
      if (t.kind === "invalid" || t.start >= stop) break;
      let j = i + 1;
      while (tokens[j]?.kind === "comment") j++;
      const next = tokens[j];
      const want = expectedClass(t, t.kind === "comment" ? undefined : prev, defined, next);
      if (t.kind !== "comment") prev = t;
      if (want === undefined || t.end === t.start) continue;
      // The first character decides (a template piece that starts at a line break: its first visible character).
      let at = t.start;
      while (at < t.end && (text[at] === "\n" || text[at] === "\r")) at++;
      if (at >= t.end) continue;
      const got = classOfScopes(scopes[at]);
      checked++;
      seen.set(want, (seen.get(want) ?? 0) + 1);
      if (got !== want) wrong.push(`${c.name}: ${JSON.stringify(text.slice(t.start, Math.min(t.end, t.start + 20)))} at ${t.start}: want ${want}, got ${got} (${(scopes[at] ?? []).join(" ")})`);
    }
  }
  for (const cls of ["comment", "string", "template", "meta", "number", "keyword", "constant", "key", "decl", "member", "name", "operator", "punctuation"] as const) {
    assert.ok((seen.get(cls) ?? 0) > 0, `the corpus has ${cls} tokens`);
  }
  assert.ok(checked > 100, `checked ${checked} tokens`);
  assert.equal(wrong.slice(0, 40), [], `${wrong.length} of ${checked} tokens get the wrong scope`);
});

test.run();

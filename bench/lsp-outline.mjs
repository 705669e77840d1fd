#!/usr/bin/env node
// What the language server builds on its main thread on the first request
// after an edit, for bench/workloads/w3.jsson, in process: the document's
// editor tokens and its outline (keys, names, uses, brackets). Against the
// current build (tree: core/syntax's tree, then tokens and outline read off
// it) or an older one that still has cli/lsp/scan-tokens.js (tokens from the
// lexer, outline from the tokens), so it A/Bs. With `--edit`: what the
// first request after a one-character edit in the middle builds (the text
// alternates between W3 and W3 with the character, the outline of W3 built
// once before): the tree (rebuilt from the last one where the build has
// core/syntax/incremental-tree.js, else from scratch) and the outline.
// With `--requests`: the same edits through the server's DocumentState, and
// what the editor requests then build: the tree, the outline, the semantic
// tokens, the folding ranges and a completion (older builds: from the
// document's whole token list).
// Usage: npx tsc -p tsconfig.json && node bench/lsp-outline.mjs [--runs 15] [--root DIR] [--edit | --requests] [--smoke]
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { flag, smokeOr } from "./bench-args.mjs";

const runs = Number(flag("runs", smokeOr("2", "15")));
const root = flag("root", fileURLToPath(new URL("..", import.meta.url)));
const text = readFileSync(fileURLToPath(new URL(smokeOr("workloads/small.jsson", "workloads/w3.jsson"), import.meta.url)), "utf8");
const lsp = (name) => import(pathToFileURL(`${root}/dist/cli/lsp/${name}`).href);

/** The stages in order, each a name and a step; a step reads what the earlier ones left in `s`. @type {[string, (s: any) => unknown][]} */
let stages;
if (existsSync(`${root}/dist/cli/lsp/scan-tokens.js`)) {
  const { scanTokens } = await lsp("scan-tokens.js");
  const { outlineDocument } = await lsp("document-outline.js");
  stages = [
    ["tokens (lexer)", (s) => (s.tokens = scanTokens(text))],
    ["outline (from tokens)", (s) => outlineDocument(text, s.tokens)],
  ];
} else if (process.argv.includes("--requests")) {
  const { DocumentState } = await lsp("document-state.js");
  const { semanticTokens } = await lsp("semantic-tokens.js");
  const { foldingRanges } = await lsp("folding-ranges.js");
  const { completionsAt } = await lsp("completion-items.js");
  const { TextDocument } = await import("vscode-languageserver-textdocument");
  const middle = text.indexOf("\n", Math.floor(text.length / 2)) - 1;
  const edited = text.slice(0, middle) + "7" + text.slice(middle);
  let n = 0;
  /** @type {any} */
  let state = new DocumentState(TextDocument.create("file:///w3.jsson", "jsson", n, text));
  void state.outline;
  const ctx = { host: undefined, pathOf: () => undefined, uriOf: (/** @type {string} */ p) => p };
  // builds before this branch's read the whole document's tokens (state.tokens) and took them as arguments
  const whole = "tokens" in state;
  stages = [
    [
      "tree",
      (s) => {
        n++;
        s.doc = TextDocument.create("file:///w3.jsson", "jsson", n, n % 2 === 1 ? edited : text);
        state = new DocumentState(s.doc, state);
        void state.tree;
      },
    ],
    ["outline", () => void state.outline],
    ["semantic tokens", (s) => (whole ? semanticTokens(s.doc, state.tokens, state.outline) : semanticTokens(state))],
    ["folding ranges", (s) => (whole ? foldingRanges(s.doc, state.tokens, state.outline) : foldingRanges(state))],
    ["completion", (s) => completionsAt(state, s.doc.offsetAt({ line: 12, character: 9 }), undefined, ctx)],
  ];
} else if (process.argv.includes("--edit")) {
  const { editorSyntaxTree, SyntaxNode } = await import(pathToFileURL(`${root}/dist/core/syntax/index.js`).href);
  const { outlineDocument } = await lsp("document-outline.js");
  const incrementalPath = `${root}/dist/core/syntax/incremental-tree.js`;
  const incremental = existsSync(incrementalPath) ? await import(pathToFileURL(incrementalPath).href) : undefined;
  const middle = text.indexOf("\n", Math.floor(text.length / 2)) - 1;
  const edited = text.slice(0, middle) + "7" + text.slice(middle);
  let last = incremental?.editableTree(text);
  outlineDocument(last === undefined ? editorSyntaxTree(text) : new SyntaxNode(last.green, 0, undefined));
  let n = 0;
  const next = () => (n++ % 2 === 0 ? edited : text);
  stages = [
    [
      incremental === undefined ? "tree (from scratch)" : "tree (rebuilt from the last)",
      (s) => {
        if (incremental === undefined) s.tree = editorSyntaxTree(next());
        else s.tree = new SyntaxNode((last = incremental.editedTree(last, next())).green, 0, undefined);
      },
    ],
    ["outline (from tree)", (s) => outlineDocument(s.tree)],
  ];
} else {
  const { editorSyntaxTree } = await import(pathToFileURL(`${root}/dist/core/syntax/index.js`).href);
  const { editorTokens } = await lsp("editor-tokens.js");
  const { outlineDocument } = await lsp("document-outline.js");
  stages = [
    ["tree", (s) => (s.tree = editorSyntaxTree(text))],
    ["tokens (from tree)", (s) => editorTokens(s.tree)],
    ["outline (from tree)", (s) => outlineDocument(s.tree)],
  ];
}

/** CPU time used by the process so far, in ms. */
function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** @type {number[][]} */
const times = stages.map(() => []);
/** @type {number[]} */
const totals = [];
for (let r = 0; r < runs; r++) {
  const s = {};
  let total = 0;
  stages.forEach(([, step], i) => {
    const t0 = cpuMs();
    step(s);
    const ms = cpuMs() - t0;
    times[i].push(ms);
    total += ms;
  });
  totals.push(total);
}
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${text.split("\n").length} lines; ${runs} runs (the first one cold); build in ${root}`);
stages.forEach(([name], i) => console.log(`${name}: median ${median(times[i]).toFixed(1)} cpu-ms, first ${times[i][0].toFixed(1)} cpu-ms`));
console.log(`all: median ${median(totals).toFixed(1)} cpu-ms, first ${totals[0].toFixed(1)} cpu-ms`);

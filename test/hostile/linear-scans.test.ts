/**
 * The line-break scans fixed for one long line (the lexer's strings, the
 * parser's joined elements, the language server's semantic tokens) stay
 * linear, shown by counts rather than time: V8's precise block coverage
 * counts every block the scanning code enters (a loop body once per
 * iteration), and the native string searches it might call instead
 * (`indexOf`, `lastIndexOf`, `includes` on the text) are wrapped to count the
 * characters they pass over. For n and 10n tokens on one line the count must
 * grow about 10 times; a scan per token that runs on to the end of the line
 * (what each fix removed) grows it about 100 times.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Session } from "node:inspector";
import { TextDocument } from "vscode-languageserver-textdocument";
import { createEngine } from "../../index.js";
import { DocumentState } from "../../cli/lsp/document-state.js";
import { semanticTokens } from "../../cli/lsp/semantic-tokens.js";

interface Coverage {
  result: { url: string; functions: { ranges: { count: number }[] }[] }[];
}

const session = new Session();
session.connect();
function inspector<T>(method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r as T))));
}

/** Texts shorter than this are not ours: searches in them are not counted. */
const LONG = 1000;
let searched = 0;
type Search = (this: string, needle: string, position?: number) => number | boolean;
const native: Record<string, Search> = {};
/** Wrap a string search to add the characters it passes over to {@link searched}. */
function counted(name: "indexOf" | "lastIndexOf" | "includes"): void {
  const real = String.prototype[name] as Search;
  native[name] = real;
  (String.prototype as unknown as Record<string, Search>)[name] = function (this: string, needle: string, position?: number) {
    const r = real.call(this, needle, position);
    if (this.length >= LONG) {
      const from = Math.max(0, Math.min(this.length, Math.trunc(position ?? (name === "lastIndexOf" ? this.length : 0))));
      // `includes` says only whether: where it stopped is where indexOf finds the needle
      const at = typeof r === "number" ? r : r ? (native.indexOf as Search).call(this, needle, position) as number : -1;
      searched += name === "lastIndexOf" ? (at >= 0 ? from - at : from) : at >= 0 ? at - from : this.length - from;
    }
    return r;
  };
}

test.before(async () => {
  await inspector("Profiler.enable");
  await inspector("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  for (const name of ["indexOf", "lastIndexOf", "includes"] as const) counted(name);
});
test.after(async () => {
  for (const [name, real] of Object.entries(native)) (String.prototype as unknown as Record<string, Search>)[name] = real;
  await inspector("Profiler.stopPreciseCoverage");
  session.disconnect();
});

/** Blocks entered in files whose URL ends with one of `files`, plus characters searched, while `run` runs. */
async function work(files: readonly string[], run: () => void): Promise<number> {
  await inspector<Coverage>("Profiler.takePreciseCoverage"); // resets the counters
  searched = 0;
  run();
  const { result } = await inspector<Coverage>("Profiler.takePreciseCoverage");
  let blocks = 0;
  for (const script of result) if (files.some((f) => script.url.endsWith(f))) for (const fn of script.functions) for (const r of fn.ranges) blocks += r.count;
  return blocks + searched;
}

const engine = createEngine();
const SYNTAX = ["/core/syntax/lexer.js", "/core/syntax/parser.js"];

/** The growth of the work for 10 times the tokens on one line (about 10 when linear). */
async function growth(files: readonly string[], line: (n: number) => string, run: (text: string) => void, n = 2000): Promise<number> {
  const small = line(n);
  const large = line(10 * n);
  assert.not.ok(small.includes("\n") || large.includes("\n"), "one line");
  run(small); // compiled and warm before counting
  return (await work(files, () => run(large))) / (await work(files, () => run(small)));
}

test("lexer: strings on one long line are scanned once (finishString counts line breaks within the string only)", async () => {
  const g = await growth(SYNTAX, (n) => `a = [${Array(n).fill('"x"').join(", ")}]`, (text) => assert.equal(engine.check(text), []));
  assert.ok(g < 15, `work grew ${g.toFixed(1)}x for 10x the strings`);
});

test("parser: joined elements on one long line are scanned once (hasLineBreak looks between the operands only)", async () => {
  const g = await growth(SYNTAX, (n) => `a = [${Array(n).fill("1 + 1").join(", ")}]`, (text) => assert.equal(engine.check(text), []));
  assert.ok(g < 15, `work grew ${g.toFixed(1)}x for 10x the elements`);
});

test("language server: semantic tokens of one long line walk each character once", async () => {
  const tokensOf = (text: string): void => {
    const document = TextDocument.create("file:///long.jsson", "jsson", 1, text);
    // a fresh tree each time (the semantic tokens of an item are kept by its node); the tree, tokens and
    // outline are built in other files, outside the count: only semantic-tokens.js's walk is measured
    counting = () => semanticTokens(new DocumentState(document));
  };
  let counting: () => number[] = () => [];
  const line = (n: number) => `a = [${Array.from({ length: n }, (_, i) => `x${i}`).join(", ")}]`;
  tokensOf(line(2000));
  counting();
  const small = await work(["/cli/lsp/semantic-tokens.js"], () => void counting());
  tokensOf(line(20000));
  const large = await work(["/cli/lsp/semantic-tokens.js"], () => void counting());
  const g = large / small;
  assert.ok(small > 0, "the walk is counted");
  assert.ok(g < 15, `work grew ${g.toFixed(1)}x for 10x the tokens`);
});

test.run();

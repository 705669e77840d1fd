/**
 * Formatting a text with syntax errors (`formatBroken`, `jsson fmt --force`):
 * over the syntax corpus and its random mutations, every text with errors
 * still formats; formatting again changes nothing; each item that holds an
 * error (an outermost `error` node of the tree) is in the output as written,
 * in order; the comments are all there; the errors are the same (codes, in
 * order: their lines may move). Without `formatBroken` such a text is refused.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { join } from "node:path";
import { formatSource } from "../../core/format/format-source.js";
import { parseTree } from "../../core/syntax/parse-tree.js";
import type { SyntaxNode } from "../../core/syntax/syntax-tree.js";
import { DEFAULT_LIMITS } from "../../core/values/limits.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { fcParams } from "../fuzz/fuzz-settings.js";
import { mutateAll, mutationArb } from "../fuzz/mutation.js";
import { jssonIn, syntaxCorpus } from "../fuzz/syntax-corpus.js";

const limits = { maxDepth: DEFAULT_LIMITS.maxDepth, maxSourceLength: DEFAULT_LIMITS.maxSourceLength };
const corpus = [...syntaxCorpus(), ...jssonIn(join(REPO_ROOT, "bench", "workloads"))];

function comments(root: SyntaxNode): string[] {
  return [...root.tokens()].filter((t) => t.kind === "comment").map((t) => t.text.trimEnd());
}

function insideError(n: SyntaxNode): boolean {
  for (let p = n.parent; p !== undefined; p = p.parent) if (p.kind === "error") return true;
  return false;
}

let broken = 0;

/** The properties for one text. */
function check(text: string): void {
  const where = JSON.stringify(text.length > 300 ? text.slice(0, 300) + "…" : text);
  const once = formatSource(text, { formatBroken: true });
  if (once.ok) {
    assert.equal(formatSource(text), once, `a text without errors formats alike with or without formatBroken: ${where}`);
    return;
  }
  broken++;
  // each text is formatted and parsed once per question asked of it (a parse of a long text is the cost here)
  const refused = formatSource(text);
  assert.is(refused.ok, false);
  assert.is(refused.text, undefined, `refused without formatBroken: ${where}`);
  const out = once.text;
  assert.type(out, "string", `formatted around its errors: ${where}`);
  if (out === undefined) return;
  const twice = formatSource(out, { formatBroken: true });
  assert.is(twice.text ?? (twice.ok ? twice.text : undefined), out, `idempotent: ${where}`);
  const codes = (r: typeof once | typeof twice): string[] => (r.ok ? [] : r.diagnostics.map((d) => d.code));
  assert.is(codes(twice).join(), codes(once).join(), `the same errors: ${where}`);
  const tree = parseTree(text, limits).root;
  let at = 0;
  for (const n of tree.descendants()) {
    if (n.kind !== "error" || insideError(n)) continue;
    const i = out.indexOf(n.text(), at);
    assert.ok(i >= 0, `the broken item ${JSON.stringify(n.text())} is kept as written: ${where}`);
    at = i + n.text().length;
  }
  assert.equal(comments(parseTree(out, limits).root), comments(tree), `comments kept: ${where}`);
}

test("the corpus and its mutations: broken texts format around their errors", () => {
  for (const text of corpus) check(text);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: corpus.length - 1 }), fc.array(mutationArb, { minLength: 1, maxLength: 4 }), (i, ms) => {
      check(mutateAll(corpus[i] as string, ms));
    }),
    fcParams(1000),
  );
  assert.ok(broken > 500, `${broken} broken texts`);
});

test("a file with errors: formatted outside the broken items, which are kept byte for byte", () => {
  const text = `name="shop"  ,
server {host =   "a"  "b"
      port=8080 // the port
   tags=[web,1   2,"x",]
}
  retries    = = 3
`;
  const r = formatSource(text, { formatBroken: true });
  assert.is(r.ok, false);
  assert.equal(r.ok ? [] : r.diagnostics.map((d) => [d.code, d.line]), [
    ["JSSON2002", 2],
    ["JSSON2002", 4],
    ["JSSON2001", 6],
  ]);
  assert.is(
    r.text,
    `name = "shop"
server {
  host =   "a"  "b"
  port = 8080 // the port
  tags = [web, 1   2, "x"]
}
retries    = = 3
`,
  );
});

test("a stray byte-order mark stays stray: a blank before it, not first in the output (where it would be read as one)", () => {
  for (const text of ["\t\ufeffa = 1\n", "\ufeff\ufeffa = 1\n", "\n\n  \ufeff\n"]) check(text);
  assert.is(formatSource("\t\ufeffa = 1\n", { formatBroken: true }).text, " \ufeffa = 1\n");
});

test.run();

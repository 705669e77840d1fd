/**
 * The formatter's properties on generated programs (test/fuzz's program
 * generator), each first made untidy: random spaces and tabs between
 * tokens, extra blank lines, commas at line ends, trailing and own-line comments wherever a line
 * break is (never inside a string), and the whole on one indentation or
 * none. Also: layout facts of docs/formatting.md on small hand-written cases.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { formatSource } from "../../core/format/format-source.js";
import { Lexer } from "../../core/syntax/lexer.js";
import type { Token } from "../../core/syntax/tokens.js";
import { fcParams } from "../fuzz/fuzz-settings.js";
import { programArb } from "../fuzz/program-arbitrary.js";
import { formatProblem } from "./format-check.js";

/** Tokens an item can end with. */
function endsItem(t: Token): boolean {
  return t.kind === "int" || t.kind === "float" || t.kind === "string" || t.kind === "template" || t.kind === "ident" || (t.kind === "punct" && [")", "]", "}"].includes(t.text));
}

/** Choices for one gap between tokens; `rng` picks, so fast-check shrinks them with the program. */
function untidy(source: string, picks: readonly number[]): string {
  const lexer = new Lexer(source);
  let out = "";
  let pos = 0;
  let k = 0;
  const pick = (n: number): number => (picks.length === 0 ? 0 : (picks[k++ % picks.length] as number) % n);
  let prev: Token | undefined;
  for (;;) {
    const t = lexer.next();
    let gap = source.slice(pos, t.start);
    // A comma where a line break already separates (the formatter drops it, or must keep it: before `-`, in array blocks).
    if (prev !== undefined && endsItem(prev) && gap.includes("\n") && !(t.kind === "punct" && [",", "}", "]", ")"].includes(t.text)) && pick(3) === 0) gap = "," + gap;
    // Only whitespace is added: a line break stays a line break, a same-line gap stays on its line.
    let messy = gap.replace(/[ \t]+/g, () => [" ", "  ", "\t", "   "][pick(4)] as string);
    if (pos > 0) messy = [" ", "", "\t", ""][pick(4)] + messy;
    messy = messy.replace(/\n/g, () => {
      switch (pick(6)) {
        case 0:
          return ` // note ${k}\n`;
        case 1:
          return `\n\n\n// own line ${k}\n`;
        case 2:
          return "\n   ";
        default:
          return "\n";
      }
    });
    out += messy + source.slice(t.start, t.end);
    if (t.kind === "eof") return out;
    pos = t.end;
    prev = t;
  }
}

test("generated programs, made untidy, format with every property", () => {
  fc.assert(
    fc.property(programArb, fc.array(fc.nat(1000), { maxLength: 30 }), (program, picks) => {
      const source = untidy(program, picks);
      // An added comma can make a program invalid (after a map's body inside a template row, say): nothing to format then.
      if (!formatSource(source).ok) return;
      const problem = formatProblem(source);
      if (problem !== undefined) throw new Error(`${problem}\n--- source\n${source}`);
    }),
    fcParams(60),
  );
});

test("lists of signed numbers, one per line, with and without commas keep their meaning (a line break before '-' is no separator)", () => {
  const cells = fc.array(fc.tuple(fc.integer({ min: -30, max: 30 }), fc.boolean()), { minLength: 1, maxLength: 8 });
  fc.assert(
    fc.property(cells, cells, (list, rows) => {
      const items = list.map(([n, comma]) => `  ${n}${comma ? "," : ""}\n`).join("");
      const block = rows.map(([n, comma], i) => `  ${n}${i % 2 === 0 ? "," : ""} ${-n}${comma ? "," : ""}\n`).join("");
      const source = `x = [\n${items}]\nt [\n  template { a, b }\n${block}]\n`;
      if (!formatSource(source).ok) return;
      const problem = formatProblem(source);
      if (problem !== undefined) throw new Error(`${problem}\n--- source\n${source}`);
    }),
    fcParams(100),
  );
});

test("the untidy generator really adds comments (so the comment property is exercised)", () => {
  const src = untidy("a = 1\nb = 2\n", [0, 0, 0, 0, 0, 0]);
  assert.ok(src.includes("// note"), src);
});

const fmt = (source: string): string => {
  const r = formatSource(source);
  if (!r.ok) throw new Error(r.diagnostics[0]?.message);
  return r.text;
};

test("spacing, indentation and commas are normalised", () => {
  assert.is(fmt("a=1,b=2"), "a = 1, b = 2\n");
  assert.is(fmt("x = [1,2,\n3,]"), "x = [\n  1, 2\n  3\n]\n");
  assert.is(fmt("o {a=1\n  b = {c=-  2}}"), "o {\n  a = 1\n  b = { c = -2 }\n}\n");
  assert.is(fmt("t = x?1:2\nk:  - 3"), "t = x ? 1 : 2\nk: -3\n");
  assert.is(fmt("r = 1 .. 10 step 2\nm = r map (i) = i*2"), "r = 1..10 step 2\nm = r map (i) = i * 2\n");
  assert.is(fmt('@ preset "p" {a=1}\nu = @"p" {a=2}\nv = a . b'), '@preset "p" { a = 1 }\nu = @"p" { a = 2 }\nv = a.b\n');
  assert.is(fmt("n = a - -b\nm = !c"), "n = a - -b\nm = !c\n");
  assert.is(fmt("e = {}\nf = []"), "e = {}\nf = []\n");
  // A line break before `-` does not separate (`1⏎-2` is `1 - 2`): that comma stays.
  assert.is(fmt("x = [\n  1,\n  -1,\n  2,\n]"), "x = [\n  1,\n  -1\n  2\n]\n");
});

test("comments and blank lines stay where they were", () => {
  assert.is(fmt("// head\n\n\n\na = 1   // tail  \n\n\n// own\nb {  // open\n\n  c = 2\n\n}\n"), "// head\n\na = 1 // tail\n\n// own\nb { // open\n  c = 2\n}\n");
  assert.is(fmt("x = [ // items\n  1, // one\n  // between\n  2\n]"), "x = [ // items\n  1 // one\n  // between\n  2\n]\n");
  assert.is(fmt("// only a comment"), "// only a comment\n");
  assert.is(fmt(""), "");
  assert.is(fmt("\n\n  \n"), "");
});

test("array blocks keep their row commas; strings are kept byte for byte", () => {
  const block = 'p [template{name,port}\n  "a" ,1 ,\n  2\n  "b",3,\n]';
  assert.is(fmt(block), 'p [\n  template { name, port }\n  "a", 1,\n  2\n  "b", 3\n]\n');
  const strings = 'a = "x\\ty"\nb = """raw "q"\n  more"""\nc = `t ${ a+1 } u`\nd = ```back ${x}```';
  assert.is(fmt(strings), strings + "\n");
});

test("a syntax error is refused with its diagnostic", () => {
  const r = formatSource("a = 1\nb = = 2\n");
  assert.not.ok(r.ok);
  if (r.ok) return;
  assert.is(r.diagnostics[0]?.line, 2);
});

test.run();

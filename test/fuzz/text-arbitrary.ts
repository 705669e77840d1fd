/**
 * Arbitrary source texts for the "never throws" properties: raw Unicode text
 * (lone surrogates, NULs and BOMs included) and token soup — sequences of
 * JSSON tokens and token fragments (keywords, operators, half-open strings of
 * every form, `${`, numbers that are too big or glued to words, comments,
 * line breaks) glued with or without whitespace, so the lexer and parser see
 * mostly well-tokenised but ill-structured input.
 */
import fc from "fast-check";

/** Pieces of JSSON: complete tokens and the fragments that break them. */
export const TOKENS: readonly string[] = [
  // keywords and contextual words
  "true", "false", "null", "template", "map", "include", "step", "@preset", "@use", "@", "preset", "use",
  // names and bare words
  "a", "b", "x", "name", "_", "é", "名前", "𝒜", "a1", "srv-01", "i", "p",
  // operators and punctuation
  "=", ":=", ":", "?", "==", "!=", "<", ">", "<=", ">=", "..", "...", ".", "+", "-", "*", "/", "%", "&&", "||", "!",
  ",", ",,", "{", "}", "[", "]", "(", ")", "&", "|", ";", "#",
  // numbers
  "0", "1", "42", "007", "1.5", "2.50", "9223372036854775807", "9223372036854775808", "99999999999999999999999",
  "1e400", "10px", "1.", ".5", "1..5",
  // strings, whole and broken
  '"s"', '""', '"a\\"b"', '"\\\\"', '"\\n\\t\\u00e9"', '"', '"""raw"""', '"""', "```raw```", "```", "`t`", "``", "`",
  "`${a}`", "`${", "${", "}`", "`${1 + }`", "`${`${a}`}`", '"multi\nline"', "\\",
  // comments and whitespace
  "//", "// c\n", "\n", "\r\n", "\r", "\t", " ", "\ufeff", "\u00a0", "\u2028", "\0",
  // fragments of real programs
  "map (i) = i * 2", "template { a, b }", "1..10 step 2", '@preset "p" { a = 1 }', 'x = @use "p" { b = 2 }',
  'include "f.jsson"', "0..3 map (r) = (0..3 map (c) = r * c)", "a { b = 1 }", "xs [ 1, 2 ]",
];

/** Token soup: 0..`maxTokens` pieces, each followed by nothing, a space or a line break. */
export function tokenSoupArb(maxTokens = 40): fc.Arbitrary<string> {
  const glue = fc.constantFrom("", " ", " ", "\n", ", ");
  return fc
    .array(fc.tuple(fc.constantFrom(...TOKENS), glue), { maxLength: maxTokens })
    .map((parts) => parts.map(([t, g]) => t + g).join(""));
}

/** One UTF-16 code unit of any value, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** Arbitrary text: full Unicode, arbitrary code units, printable ASCII, and soup mixed with random characters. */
export function anyTextArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.string({ unit: "grapheme", maxLength: 60 }),
    fc.string({ unit: codeUnit, maxLength: 60 }),
    fc.string({ unit: "grapheme-ascii", maxLength: 80 }),
    fc.string({ unit: fc.oneof(fc.constantFrom(...TOKENS), codeUnit), maxLength: 30 }),
  );
}

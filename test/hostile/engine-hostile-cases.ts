/**
 * The engine-level hostile-input catalogue: sources built to exhaust the
 * lexer, parser, evaluator or emitters (deep nesting, huge and overflowing
 * ranges, exponential strings and fan-out, bad bytes, huge texts and
 * numbers, include bombs). Each case says what a correct answer is: a
 * diagnostic (optionally a given code), a given result, or either. Cases are
 * built inside the worker that runs them (engine-hostile-worker.ts), so
 * megabyte sources never cross threads.
 */
import { CODES, MemoryHost, type RunOptions } from "../../core/index.js";

/** What a case must produce. */
export type Expectation =
  /** A diagnostic; with `codes`, one of those codes. */
  | { readonly kind: "error"; readonly codes?: readonly string[] }
  /** Success, and `data(jsonOutput)` returns a problem or undefined. */
  | { readonly kind: "ok"; readonly check?: (json: string) => string | undefined }
  /** A diagnostic, or a success that passes `check`. */
  | { readonly kind: "either"; readonly check?: (json: string) => string | undefined };

/** One hostile input. */
export interface HostileCase {
  readonly name: string;
  /** Only in the full pass (HOSTILE_FULL=1): too slow or too big for CI. */
  readonly full?: boolean;
  /** Formats to run (default json only). */
  readonly formats?: readonly string[];
  readonly build: () => { source: string; options?: RunOptions };
  readonly expect: Expectation;
}

const N = 1_000_000;
const ERR = { kind: "error" } as const;
const err = (...codes: string[]): Expectation => ({ kind: "error", codes });
/** Success whose JSON output is exactly `json` (canonical text). */
const okJson = (json: string): Expectation => ({
  kind: "ok",
  check: (out) => (out === json ? undefined : `expected ${JSON.stringify(json.slice(0, 200))}, got ${JSON.stringify(out.slice(0, 200))}`),
});
/** Success with `{"a": [items]}` written exactly. */
const okArray = (items: readonly string[]): Expectation =>
  okJson(items.length === 0 ? '{\n  "a": []\n}\n' : `{\n  "a": [\n${items.map((i) => `    ${i}`).join(",\n")}\n  ]\n}\n`);
const either = (check?: (json: string) => string | undefined): Expectation => (check ? { kind: "either", check } : { kind: "either" });
/**
 * A case's input, built when the case runs (in the worker, for that case only): built at import, every
 * case's text (50 MB ones among them) would be held by the test's main thread and by the worker at once.
 */
const src = (text: () => string, options?: RunOptions) => () => (options ? { source: text(), options } : { source: text() });
const ALL_FORMATS = ["json", "yaml", "toml", "typescript"] as const;

/** Decode bytes the way the CLI reads files (invalid UTF-8 → U+FFFD). */
function utf8(bytes: readonly number[]): string {
  return new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(new Uint8Array(bytes));
}

/** `a0 := "xx"`, `a1 := a0 + a0`, … `a60`, then output it. */
function doubling(step: (prev: string) => string): string {
  let s = 'a0 := "xx"\n';
  for (let i = 1; i <= 60; i++) s += `a${i} := ${step(`a${i - 1}`)}\n`;
  return s + "out = a60\n";
}

/** Include bomb: f<i> includes f<i+1> twice, `depth` levels (2^depth includes). */
function includeBomb(depth: number): { source: string; options: RunOptions } {
  const files: Record<string, string> = {};
  for (let i = 1; i < depth; i++) files[`f${i}.jsson`] = `include "f${i + 1}.jsson"\ninclude "f${i + 1}.jsson"\nk${i} = ${i}\n`;
  files[`f${depth}.jsson`] = `leaf = 1\n`;
  return { source: 'include "f1.jsson"\ninclude "f1.jsson"\n', options: { host: new MemoryHost(files), file: "/input.jsson", includeMerge: "overwrite" } };
}

export const HOSTILE_CASES: readonly HostileCase[] = [
  // ── deep nesting (10^6) ────────────────────────────────────────────
  { name: "10^6 unclosed [", build: src(() => "a = " + "[".repeat(N)), expect: ERR },
  { name: "10^6 balanced [ ]", build: src(() => "a = " + "[".repeat(N) + "]".repeat(N)), expect: err(CODES.LIMIT_DEPTH) },
  { name: "10^6 nested blocks a { b { …", build: src(() => "a " + "{ b ".repeat(N)), expect: ERR },
  { name: "10^6 nested object literals", build: src(() => "a = " + "{ b = ".repeat(N) + "1" + " }".repeat(N)), expect: err(CODES.LIMIT_DEPTH) },
  { name: "10^6 parentheses", build: src(() => "a = " + "(".repeat(N) + "1" + ")".repeat(N)), expect: err(CODES.LIMIT_DEPTH) },
  { name: "10^6 unary minus", build: src(() => "a = " + "-".repeat(N) + "1"), expect: either((j) => (j === '{\n  "a": 1\n}\n' ? undefined : `got ${j}`)) },
  { name: "10^6 logical not", build: src(() => "a = " + "!".repeat(N) + "true"), expect: either((j) => (j === '{\n  "a": true\n}\n' ? undefined : `got ${j}`)) },
  { name: "10^6 nested template strings `${", build: src(() => "a = " + "`${".repeat(N) + "1" + "}`".repeat(N)), expect: either() },
  { name: "10^6 ${ in one template string", build: src(() => "a = `" + "${".repeat(N) + "`"), expect: either() },
  { name: "10^6 parentheses inside ${ }", build: src(() => "a = `${" + "(".repeat(N) + "1" + ")".repeat(N) + "}`"), expect: either() },
  { name: "10^5 interpolations in one template", build: src(() => "x := 7\na = `" + "${x}".repeat(100_000) + "`"), expect: okJson(`{\n  "a": "${"7".repeat(100_000)}"\n}\n`) },
  { name: "10^6 nested ternaries", build: src(() => "a = " + "true ? ".repeat(N) + "1" + " : 0".repeat(N)), expect: either() },
  { name: "10^5 nested preset overrides", build: src(() => '@preset "p" { }\na = ' + '@use "p" { x = '.repeat(N / 10) + "1" + " }".repeat(N / 10)), expect: err(CODES.LIMIT_DEPTH) },
  { name: "10^5 nested maps", build: src(() => "a = " + "(0..1 map (x) = ".repeat(N / 10) + "x" + ")".repeat(N / 10)), expect: err(CODES.LIMIT_DEPTH) },
  { name: "10^6-term flat sum", build: src(() => "a = 1" + " + 1".repeat(N)), expect: either((j) => (j === `{\n  "a": ${N + 1}\n}\n` ? undefined : `got ${j.slice(0, 100)}`)) },
  { name: "10^6-term && chain", build: src(() => "a = true" + " && true".repeat(N)), expect: either() },
  { name: "10^6 member accesses", build: src(() => "o := { b = 1 }\na = o" + ".b".repeat(N)), expect: ERR },
  { name: "10^6-element array", build: src(() => "a = [" + "1,".repeat(N) + "]"), expect: either((j) => {
    const a = (JSON.parse(j) as { a: unknown[] }).a;
    return a.length === N && a.every((x) => x === 1) ? undefined : `got ${a.length} items`;
  }) },
  { name: "2·10^5 top-level members", build: src(() => Array.from({ length: N / 5 }, (_, i) => `k${i}=1`).join("\n")), expect: either((j) => (Object.keys(JSON.parse(j) as object).length === N / 5 ? undefined : "keys lost")) },
  { name: "10^6 top-level members", full: true, build: src(() => Array.from({ length: N }, (_, i) => `k${i}=1`).join("\n")), expect: either((j) => (Object.keys(JSON.parse(j) as object).length === N ? undefined : "keys lost")) },
  // Per-token searches bounded by the token: a line-break search that missed once ran on to the end of the text (quadratic on one long line).
  { name: "10^5 strings on one line", build: src(() => "a = [" + '"s", '.repeat(N / 10) + "]"), expect: either((j) => ((JSON.parse(j) as { a: unknown[] }).a.length === N / 10 ? undefined : "items lost")) },
  { name: "2·10^5 sums as elements on one line", build: src(() => "a = [" + "1 + 1, ".repeat(N / 5) + "]"), expect: either((j) => ((JSON.parse(j) as { a: unknown[] }).a.length === N / 5 ? undefined : "items lost")) },
  { name: "10^6 commas", build: src(() => "a = [1" + ",".repeat(N) + "]"), expect: err(CODES.P15_UNEXPECTED_COMMA) },

  // ── ranges and steps near 2^63 ─────────────────────────────────────
  { name: "9223372036854775806..9223372036854775807", formats: ALL_FORMATS, build: src(() => "a = 9223372036854775806..9223372036854775807"), expect: okArray(["9223372036854775806", "9223372036854775807"]) },
  { name: "9223372036854775807..9223372036854775806", build: src(() => "a = 9223372036854775807..9223372036854775806"), expect: okArray(["9223372036854775807", "9223372036854775806"]) },
  { name: "0..2^63-1 step 2^62", build: src(() => "a = 0..9223372036854775807 step 4611686018427387904"), expect: okArray(["0", "4611686018427387904"]) },
  { name: "0..2^63-1 step 2^63-1", build: src(() => "a = 0..9223372036854775807 step 9223372036854775807"), expect: okArray(["0", "9223372036854775807"]) },
  { name: "1..2^63-1 step 2^63-1", build: src(() => "a = 1..9223372036854775807 step 9223372036854775807"), expect: okArray(["1"]) },
  { name: "2^63-1..0 step -(2^63-1)", build: src(() => "a = 9223372036854775807..0 step -9223372036854775807"), expect: okArray(["9223372036854775807", "0"]) },
  { name: "-2^63..2^63-1 step 2^63-1", build: src(() => "a = (-9223372036854775807 - 1)..9223372036854775807 step 9223372036854775807"), expect: okArray(["-9223372036854775808", "-1", "9223372036854775806"]) },
  { name: "-(2^63-1)..-2^63", build: src(() => "a = -9223372036854775807..-9223372036854775807 - 1"), expect: okArray(["-9223372036854775807", "-9223372036854775808"]) },
  { name: "-(2^63-1)..2^63-1 (range too large)", build: src(() => "a = -9223372036854775807..9223372036854775807"), expect: err(CODES.R21_RANGE_TOO_LARGE) },
  { name: "0..2^63-1 (range too large)", build: src(() => "a = 0..9223372036854775807"), expect: err(CODES.R21_RANGE_TOO_LARGE) },
  { name: "10^12-element range", build: src(() => "a = 1..1000000000000"), expect: err(CODES.R21_RANGE_TOO_LARGE) },
  { name: "map over a 2^63 range", build: src(() => "a = (0..9223372036854775807 map (i) = i)"), expect: err(CODES.R21_RANGE_TOO_LARGE) },
  { name: "template row over a 2^63 range", build: src(() => "t [\n  template { a, b }\n  0..5, 0..9223372036854775807\n]"), expect: either() },
  { name: "string range to a 23-digit suffix", build: src(() => 'a = "a1".."a99999999999999999999999"'), expect: ERR },
  { name: "string range of 10^13", build: src(() => 'a = "a0".."a9999999999999"'), expect: err(CODES.R21_RANGE_TOO_LARGE) },
  { name: "range bound overflow in arithmetic", build: src(() => "a = 0..9223372036854775807 + 1"), expect: err(CODES.R18_INTEGER_OVERFLOW) },
  { name: "step pointing away", build: src(() => "a = 1..5 step -1"), expect: okArray([]) },
  { name: "step 0", build: src(() => "a = 1..5 step 0"), expect: err(CODES.R8_STEP_ZERO) },
  { name: "step loop 10^7+1 elements", build: src(() => "a = 0..100000000 step 10"), expect: err(CODES.R21_RANGE_TOO_LARGE) },
  { name: "step loop of 10^7 elements (at the limit)", full: true, build: src(() => "a = 0..99999990 step 10"), expect: either() },

  // ── exponential growth and fan-out ─────────────────────────────────
  { name: 'a := "xx" doubled 60 times', build: src(() => doubling((p) => `${p} + ${p}`)), expect: err(CODES.LIMIT_STRING) },
  { name: '"xx" doubled 60 times by template strings', build: src(() => doubling((p) => `\`\${${p}}\${${p}}\``)), expect: err(CODES.LIMIT_STRING) },
  { name: "preset fan-out 2^40", build: src(() => '@preset "p0" { a = 1, b = 2 }\n' + Array.from({ length: 40 }, (_, i) => `@preset "p${i + 1}" { a = @use "p${i}", b = @use "p${i}" }`).join("\n") + '\nx = @use "p40"\n'), expect: ERR },
  { name: "map fan-out 10^4 × 10^4", build: src(() => "x = 0..9999 map (i) = (0..9999 map (j) = i*j)"), expect: ERR },
  {
    name: "shared-array fan-out 10^10 (billion laughs)",
    build: src(() => "a0 := [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n" + Array.from({ length: 9 }, (_, i) => `a${i + 1} := [${Array(10).fill(`a${i}`).join(", ")}]`).join("\n") + "\nx = a9\n"),
    expect: ERR,
  },
  {
    name: "shared-object fan-out 2^40 via variables",
    build: src(() => "o0 := { a = 1 }\n" + Array.from({ length: 40 }, (_, i) => `o${i + 1} := { l = o${i}, r = o${i} }`).join("\n") + "\nx = o40\n"),
    expect: ERR,
  },
  { name: "include bomb 2^30", build: () => includeBomb(30), expect: ERR },
  {
    name: "include cycle",
    build: () => ({ source: 'include "a.jsson"', options: { host: new MemoryHost({ "a.jsson": 'include "b.jsson"', "b.jsson": 'include "a.jsson"' }), file: "/input.jsson" } }),
    expect: ERR,
  },
  { name: "recursive presets", build: src(() => '@preset "p" { a = @use "q" }\n@preset "q" { b = @use "p" }\nx = @use "p"'), expect: err(CODES.R17_RECURSIVE_PRESET) },

  // ── bytes ───────────────────────────────────────────────────────────
  { name: "NUL byte between tokens", build: src(() => "a = 1\0\n"), expect: err(CODES.L1_ILLEGAL_CHARACTER) },
  { name: "NUL byte inside a string", formats: ALL_FORMATS, build: src(() => 'a = "x\0y"'), expect: okJson('{\n  "a": "x\\u0000y"\n}\n') },
  { name: "10^6 NUL bytes", build: src(() => "\0".repeat(N)), expect: err(CODES.L1_ILLEGAL_CHARACTER) },
  { name: "lone surrogate in a string", formats: ALL_FORMATS, build: src(() => 'a = "\ud800"'), expect: either() },
  { name: "lone surrogate as a name", build: src(() => "\udc00 = 1"), expect: ERR },
  { name: "BOM", build: src(() => "\ufeffa = 1"), expect: okJson('{\n  "a": 1\n}\n') },
  { name: "two BOMs", build: src(() => "\ufeff\ufeffa = 1"), expect: ERR },
  { name: "BOM in the middle", build: src(() => "a = 1\n\ufeffb = 2"), expect: ERR },
  { name: "invalid UTF-8 (decoded with U+FFFD) as a value", build: src(() => utf8([0x61, 0x20, 0x3d, 0x20, 0xff, 0xfe, 0xc3])), expect: ERR },
  { name: "invalid UTF-8 inside a string", formats: ALL_FORMATS, build: src(() => utf8([0x61, 0x3d, 0x22, 0xed, 0xa0, 0x80, 0x22])), expect: either() },

  // ── huge texts ──────────────────────────────────────────────────────
  { name: "50 MB source (default limits)", build: src(() => "a = 1\n" + "// ".padEnd(99, "x").concat("\n").repeat(500_000)), expect: err(CODES.LIMIT_SOURCE) },
  { name: "50 MB of comments (limit raised)", build: src(() => "a = 1\n" + "// ".padEnd(99, "x").concat("\n").repeat(500_000), { limits: { maxSourceLength: 64 * 1024 * 1024 } }), expect: okJson('{\n  "a": 1\n}\n') },
  { name: "50 MB string literal (limit raised)", full: true, build: src(() => 'a = "' + "x".repeat(50_000_000) + '"', { limits: { maxSourceLength: 64 * 1024 * 1024 } }), expect: either() },
  { name: "50 MB of members (limit raised)", full: true, build: src(() => Array.from({ length: 2_500_000 }, (_, i) => `k${i} = ${i}`).join("\n").padEnd(50_000_000, " "), { limits: { maxSourceLength: 64 * 1024 * 1024 } }), expect: either() },
  { name: "10^7 empty lines then an error", build: src(() => "\n".repeat(10_000_000) + "a = 1 / 0"), expect: err(CODES.R1_DIVISION_BY_ZERO) },
  { name: "10 MB identifier", build: src(() => "a".repeat(10_000_000) + " = 1"), expect: either() },

  // ── numbers ─────────────────────────────────────────────────────────
  { name: "1e400", build: src(() => "a = 1e400"), expect: err(CODES.L3_INVALID_NUMBER) },
  { name: "99999999999999999999999", build: src(() => "a = 99999999999999999999999"), expect: err(CODES.L4_INTEGER_TOO_LARGE) },
  { name: "2^63", build: src(() => "a = 9223372036854775808"), expect: err(CODES.L4_INTEGER_TOO_LARGE) },
  { name: "-2^63 literal", build: src(() => "a = -9223372036854775808"), expect: err(CODES.L4_INTEGER_TOO_LARGE) },
  { name: "10^6-digit integer", build: src(() => "a = 1" + "0".repeat(N)), expect: err(CODES.L4_INTEGER_TOO_LARGE) },
  { name: "10^6-digit float", build: src(() => "a = 1." + "1".repeat(N)), expect: okJson(`{\n  "a": ${Number("1." + "1".repeat(40))}\n}\n`) },
  { name: "400-digit float (beyond double)", formats: ALL_FORMATS, build: src(() => "a = 1" + "0".repeat(400) + ".0"), expect: ERR },
  { name: "float underflow to 0", build: src(() => "a = 0." + "0".repeat(400) + "1"), expect: okJson('{\n  "a": 0\n}\n') },
  { name: "float overflow by multiplication", build: src(() => "a = 1" + "0".repeat(308) + ".0 * 10.0"), expect: err(CODES.R19_NUMBER_OUT_OF_RANGE) },
  { name: "-2^63 / -1", build: src(() => "a = (-9223372036854775807 - 1) / -1"), expect: err(CODES.R18_INTEGER_OVERFLOW) },
  { name: "-2^63 * -1", build: src(() => "a = (-9223372036854775807 - 1) * -1"), expect: err(CODES.R18_INTEGER_OVERFLOW) },
  { name: "-(-2^63)", build: src(() => "a = -(-9223372036854775807 - 1)"), expect: err(CODES.R18_INTEGER_OVERFLOW) },
  { name: "-2^63 % -1", build: src(() => "a = (-9223372036854775807 - 1) % -1"), expect: either((j) => (j === '{\n  "a": 0\n}\n' ? undefined : `got ${j}`)) },
  { name: "2^63-1 + 1", build: src(() => "a = 9223372036854775807 + 1"), expect: err(CODES.R18_INTEGER_OVERFLOW) },
];

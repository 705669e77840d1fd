/**
 * Generated valid JSSON programs: a prelude of variables and a preset, then
 * members built from typed expression generators — arithmetic, comparisons,
 * logic, ternaries, member access, string concatenation and template
 * strings, integer and string ranges with steps, maps (nested, with the
 * parameter used in the body), array literals that flatten ranges, object
 * literals with locals, preset uses with overrides, template array blocks
 * with zipped ranges, and implicit map blocks. Expressions are typed so that
 * programs evaluate without runtime errors (small numbers: no overflow;
 * literal divisors: no division by zero), and the property tests can ask for
 * success.
 */
import fc from "fast-check";

/** Names bound in scope, by kind. */
interface Env {
  readonly ints: readonly string[];
  /** Inside `${…}` of a template string: no string literal holding braces or backticks. */
  readonly plain?: boolean;
}

/** `irange`: integer ranges only (map sources whose parameter is used as a number). */
type Kind = "int" | "float" | "bool" | "str" | "range" | "irange" | "array" | "object" | "any";

const TOP: Env = { ints: ["n", "m", "o.k"] };

/** Keys of generated members; a few are quoted, one is not exportable to TypeScript. */
const KEYS = [
  "alpha", "beta", "gamma", "delta", "list", "cfg", "data", "é", "名前", "step", "map", "Beta",
  '"my-key"', '"a b"', '""', "class",
];

const smallInt = fc.integer({ min: 0, max: 40 }).map(String);
const nonZeroDigit = fc.integer({ min: 1, max: 9 }).map(String);

const STRING_LITERALS = [
  '"plain"', '"with \\"quotes\\" and \\\\ and \\n"', '"tab\\there"', '"a\\d verbatim"', '"multi\nline"', '""',
  '"""raw "q" \\n {x}"""', "```raw `one` ${x}```", "`tpl`", "``", '"émoji 😀"', '"null"', '"yes"', '"1.5"', '"- dash"',
  '"#hash"', '"key: value"', '"\\u00e9 kept"',
];

/** String literals allowed inside an interpolation. */
const PLAIN_STRING_LITERALS = STRING_LITERALS.filter((s) => !/[`{}]/.test(s));

/** A list element or template cell that begins a line must not begin with `-` (it would continue the previous line, §3.2). */
export function lineStart(x: string): string {
  return x.startsWith("-") ? `(${x})` : x;
}

const memo = new Map<string, fc.Arbitrary<string>>();

/** Expressions of `kind`, at most `depth` levels deep, using the names of `env`. */
export function expr(kind: Kind, depth: number, env: Env = TOP): fc.Arbitrary<string> {
  const key = `${kind}:${depth}:${env.ints.join(",")}:${env.plain === true}`;
  let arb = memo.get(key);
  if (!arb) {
    arb = build(kind, depth, env);
    memo.set(key, arb);
  }
  return arb;
}

function build(kind: Kind, depth: number, env: Env): fc.Arbitrary<string> {
  const d = depth - 1;
  const deeper = depth > 0;
  const t = fc.tuple;
  switch (kind) {
    case "int": {
      const leaves = [smallInt, fc.constantFrom(...env.ints)];
      if (!deeper) return fc.oneof(...leaves);
      const i = expr("int", d, env);
      return fc.oneof(
        ...leaves,
        t(i, fc.constantFrom("+", "-", "*"), i).map(([a, op, b]) => `(${a} ${op} ${b})`),
        t(i, fc.constantFrom("/", "%"), nonZeroDigit).map(([a, op, b]) => `(${a} ${op} ${b})`),
        i.map((a) => `-${a}`),
        t(expr("bool", d, env), i, i).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
      );
    }
    case "float": {
      const leaf = fc.constantFrom("1.5", "0.25", "2.50", "100.0", "0.1");
      if (!deeper) return leaf;
      return fc.oneof(
        leaf,
        t(expr("int", d, env), leaf).map(([a, b]) => `(${a} * ${b})`),
        t(expr("float", d, env), expr("int", d, env)).map(([a, b]) => `(${a} + ${b})`),
        t(expr("int", d, env), leaf).map(([a, b]) => `(${a} / ${b})`),
      );
    }
    case "bool": {
      const leaf = fc.constantFrom("true", "false");
      if (!deeper) return leaf;
      const i = expr("int", d, env);
      const b = expr("bool", d, env);
      return fc.oneof(
        leaf,
        t(i, fc.constantFrom("<", ">", "<=", ">=", "==", "!="), i).map(([x, op, y]) => `(${x} ${op} ${y})`),
        t(expr("str", d, env), expr("str", d, env)).map(([x, y]) => `(${x} == ${y})`),
        b.map((x) => `!${x}`),
        t(b, fc.constantFrom("&&", "||"), b).map(([x, op, y]) => `(${x} ${op} ${y})`),
        t(expr("array", d, env), expr("array", d, env)).map(([x, y]) => `(${x} == ${y})`),
      );
    }
    case "str": {
      const literals = env.plain === true ? PLAIN_STRING_LITERALS : STRING_LITERALS;
      const leaves = [fc.constantFrom(...literals), fc.constantFrom("s", "o.t", "hello", "João", "GET")];
      if (!deeper) return fc.oneof(...leaves);
      const s = expr("str", d, env);
      return fc.oneof(
        ...leaves,
        t(s, expr("int", d, env)).map(([a, b]) => `(${a} + ${b})`),
        t(s, expr("float", d, env)).map(([a, b]) => `(${a} + ${b})`),
        // Template strings do not nest: inside `${…}` there is none.
        env.plain === true
          ? s
          : t(expr("int", d, { ...env, plain: true }), expr("str", d, { ...env, plain: true })).map(
              ([a, b]) => `\`n=\${${a}} s=\${${b}} \${unbound} $\``,
            ),
        t(expr("bool", d, env), s, s).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
        t(s, fc.constantFrom("null", "true")).map(([a, b]) => `(${a} + ${b})`),
      );
    }
    case "irange": {
      const bound = fc.integer({ min: -5, max: 30 }).map(String);
      return fc.oneof(
        t(bound, bound).map(([a, b]) => `${a}..${b}`),
        t(bound, bound, fc.integer({ min: -4, max: 4 }).filter((s) => s !== 0).map(String)).map(([a, b, s]) => `${a}..${b} step ${s}`),
        fc.constant("r"),
        deeper ? t(expr("int", d, env), smallInt).map(([a, b]) => `${a}..${a} + ${b}`) : fc.constant("1..3"),
      );
    }
    case "range": {
      return fc.oneof(
        { weight: 3, arbitrary: expr("irange", depth, env) },
        t(fc.constantFrom('"srv-01"', '"v9"', "a1", '"10.0.0.1"'), fc.constantFrom("12", "3", "11")).map(([a, b]) => {
          const prefix = /^"?(.*?)\d+"?$/.exec(a)?.[1] ?? "";
          return `${a}..${a.startsWith('"') ? `"${prefix}${b}"` : `${prefix}${b}`}`;
        }),
      );
    }
    case "array": {
      const inner: Env = { ...env, ints: [...env.ints.filter((x) => x !== "o.k").slice(0, 2), `i${depth}`] };
      const p = `i${depth}`;
      const elems = fc.array(expr(deeper ? "any" : "int", deeper ? d : 0, env), { maxLength: 4 });
      const base = [
        elems.map((xs) => `[${xs.join(", ")}]`),
        t(expr("range", d, env), elems).map(([r, xs]) => `[${[r, ...xs].join(", ")}]`),
        fc.constant("[]"),
      ];
      if (!deeper) return fc.oneof(...base);
      return fc.oneof(
        ...base,
        t(expr("irange", d, env), expr("any", d, inner)).map(([r, body]) => `(${r} map (${p}) = ${body})`),
        t(expr("irange", d, env), expr("irange", d, env), expr("int", d, { ...inner, ints: [...inner.ints, "j"] })).map(
          ([r1, r2, body]) => `(${r1} map (${p}) = (${r2} map (j) = ${body}))`,
        ),
        t(elems, expr("str", d, env)).map(([xs, body]) => `([${xs.join(", ")}] map (e) = ${body})`),
      );
    }
    case "object": {
      const base = [fc.constant("o"), fc.constant('@use "base"'), fc.constant("{}")];
      if (!deeper) return fc.oneof(...base);
      const local: Env = { ...env, ints: [...env.ints, "loc"] };
      return fc.oneof(
        ...base,
        t(expr("int", d, env), expr("any", d, local), expr("int", d, local)).map(
          ([l, a, b]) => `{ loc := ${l}, a = ${a}, b: ${b}, c = a }`,
        ),
        t(expr("int", d, env), expr("any", d, env)).map(([p, x]) => `@use "base" { port = ${p}, extra = ${x} }`),
        t(expr("object", d, env)).map(([x]) => `{ inner ${x === "{}" ? "{}" : `= ${x}`} }`),
      );
    }
    case "any": {
      const kinds: Kind[] = ["int", "float", "bool", "str", "range", "array", "object"];
      return fc.oneof(fc.constant("null"), ...kinds.map((k) => expr(k, depth, env)));
    }
  }
}

/** A template array block: `key [ template { name, age } rows ]` with scalar and zipped range cells. */
const templateBlock = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.tuple(expr("str", 1), expr("int", 1)).map(([a, b]) => `${a}, ${b}`),
        fc.tuple(expr("str", 0)).map(([a]) => a),
        fc.tuple(expr("range", 0), expr("range", 0)).map(([a, b]) => `${lineStart(a)}, ${b}`),
      ),
      { maxLength: 4 },
    ),
    fc.boolean(),
  )
  .map(([rows, mapped]) => {
    const clause = mapped ? " map (row) = { who = row.name, n = row }" : "";
    return `[\n  template { name, age }${clause}\n${rows.map((r) => `  ${r}\n`).join("")}]`;
  });

/** An implicit map block: `key [ map (v) = body` then one cell per row `]`. */
const implicitMapBlock = fc
  .tuple(expr("int", 1, { ints: ["v", "n"] }), fc.array(fc.oneof(smallInt, expr("irange", 0)), { maxLength: 4 }))
  .map(([body, cells]) => `[\n  map (v) = ${body}\n${cells.map((c) => `  ${lineStart(c)}\n`).join("")}]`);

/** One statement (a line, or a block spanning lines). */
const statementArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(" = ", ": "), expr("any", 3)).map(([k, op, e]) => `${k}${op}${e}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("n", "m", "tmp"), expr("int", 2)).map(([k, e]) => `${k} := ${e}`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...KEYS), fc.array(fc.tuple(fc.constantFrom("x", "y", "z", "step"), expr("any", 2)), { maxLength: 4 }))
      .map(([k, ms]) => `${k} {\n${ms.map(([m, e]) => `  ${m} = ${e}\n`).join("")}}`),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...KEYS), templateBlock).map(([k, b]) => `${k} ${b}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...KEYS), implicitMapBlock).map(([k, b]) => `${k} ${b}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...KEYS), fc.array(expr("any", 1), { maxLength: 4 })).map(([k, xs]) => `${k} [\n${xs.map((x) => `  ${lineStart(x)}\n`).join("")}]`) },
);

/** The prelude every program starts with: the names the expression generators use. */
const preludeArb = fc
  .tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.constantFrom(...STRING_LITERALS), fc.integer({ min: 0, max: 12 }))
  .map(
    ([n, m, s, hi]) =>
      `n := ${n}\nm := ${m}\ns := ${s}\nr := 0..${hi}\no := { k = ${m + 1}, t = "tee" }\n@preset "base" {\n  port = 8080\n  host = localhost\n  tag = s + n\n}\n`,
  );

/** A whole valid program. */
export const programArb: fc.Arbitrary<string> = fc
  .tuple(preludeArb, fc.array(statementArb, { minLength: 1, maxLength: 6 }))
  .map(([prelude, statements]) => prelude + statements.join("\n") + "\n");

/**
 * fast-check arbitraries of plain data as value trees (what a JSON document
 * can hold, plus JSSON's int/float distinction): 64-bit integers, finite
 * doubles, strings with every troublesome character, arrays, and objects with
 * identifier-like and arbitrary keys.
 */
import fc from "fast-check";
import { type Value } from "../../core/plugin/index.js";
import { FloatValue, ObjectValue } from "../../core/values/values.js";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** An integer in canonical value-tree form: a number when safe, else a bigint. */
export function canonicalInt(n: bigint): number | bigint {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

/** Integers: small ones, the whole signed 64-bit range, and the edges (±2^53, ±2^63). */
export const intArb: fc.Arbitrary<number | bigint> = fc
  .oneof(
    { weight: 4, arbitrary: fc.bigInt(-1000n, 1000n) },
    { weight: 3, arbitrary: fc.bigInt(INT64_MIN, INT64_MAX) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        INT64_MIN,
        INT64_MIN + 1n,
        INT64_MAX,
        INT64_MAX - 1n,
        2n ** 53n,
        2n ** 53n - 1n,
        -(2n ** 53n),
        -(2n ** 53n) + 1n,
        0n,
      ),
    },
  )
  .map(canonicalInt);

/** Finite doubles (including -0, subnormals and the largest values) and everyday decimals. */
export const floatArb: fc.Arbitrary<FloatValue> = fc
  .oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: -100000, max: 100000 }).map((n) => n / 100),
    fc.constantFrom(0.1, 0.30000000000000004, 1e21, 1e-7, 123456789.125, Number.MAX_VALUE, Number.MIN_VALUE, -0),
  )
  .map((x) => new FloatValue(x));

/** Characters that stress string lexing and every emitter's quoting. */
const NASTY_UNITS = [
  "\\", '"', "`", "$", "{", "}", "${", "\n", "\t", "\r", "\r\n", "\0", "\u0001", "\u001f", "\u007f", "\u0085",
  "\u00a0", "\u2028", "\u2029", "\ufeff", "\ufffd", "\ud800", "\udfff", "\ud83d\ude00", "é", "名", "//", "#", " ",
  ":", "-", "'", "\\n", "\\t", "\\u00e9", '"""', "```", "true", "null", "yes", "0", "1.5", "~", "&", "*", "!", "%", "@",
  "[", "]", ",", "=",
];

/** One UTF-16 code unit of any value (lone surrogates included). */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** Strings mixing full Unicode, arbitrary code units and the nasty pieces above. */
export const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...NASTY_UNITS), maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 12 }) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.oneof(fc.constantFrom(...NASTY_UNITS), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 10 }),
  },
);

/** Identifier-like keys: JSSON identifiers (any script), keywords, and names with digits. */
const identifierKeyArb = fc.oneof(
  fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,8}$/),
  fc.constantFrom("template", "map", "include", "step", "true", "false", "null", "preset", "use", "名前", "ключ", "été", "_", "𝒜x", "x٣"),
);

/** Keys: identifier-like or arbitrary (written as quoted keys). */
export const keyArb: fc.Arbitrary<string> = fc.oneof({ weight: 3, arbitrary: identifierKeyArb }, { weight: 2, arbitrary: stringArb });

/** Scalars of every kind. */
export const scalarArb: fc.Arbitrary<Value> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom<Value>(null, true, false) },
  { weight: 3, arbitrary: intArb },
  { weight: 2, arbitrary: floatArb },
  { weight: 4, arbitrary: stringArb },
);

/** An object from unique keys. */
function objectFrom(pairs: readonly (readonly [string, Value])[]): ObjectValue {
  const o = new ObjectValue();
  for (const [k, v] of pairs) o.set(k, v);
  return o;
}

/** Any data value; `maxDepth` bounds nesting. */
export function dataArb(maxDepth = 4): fc.Arbitrary<Value> {
  const { value } = fc.letrec<{ value: Value; array: Value[]; object: ObjectValue }>((tie) => ({
    value: fc.oneof({ depthSize: "small", maxDepth, withCrossShrink: true }, scalarArb, tie("array"), tie("object")),
    array: fc.array(tie("value"), { maxLength: 5 }),
    object: fc
      .uniqueArray(fc.tuple(keyArb, tie("value")), { selector: ([k]) => k, maxLength: 5 })
      .map((pairs) => objectFrom(pairs)),
  }));
  return value;
}

/** A root object (a JSSON document's value). */
export function rootArb(maxDepth = 4): fc.Arbitrary<ObjectValue> {
  return fc.uniqueArray(fc.tuple(keyArb, dataArb(maxDepth)), { selector: ([k]) => k, maxLength: 6 }).map((pairs) => objectFrom(pairs));
}

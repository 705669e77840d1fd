/** fast-check arbitraries of value trees for the emitter properties. */
import fc from "fast-check";
import { type Value } from "../../core/plugin/index.js";
import { FloatValue, IntRange, LazyArray, ObjectValue, StringRange, normalizeInt } from "../../core/values/values.js";
import { CountingLazyArray } from "./support.js";

/** Strings that trip YAML, TOML or JavaScript readers when written carelessly. */
const TRICKY_STRINGS = [
  "", " ", "null", "Null", "NULL", "true", "True", "false", "yes", "Yes", "no", "NO", "on", "On", "off", "y", "Y", "n", "N",
  "~", "-", "- x", "a: b", "a:b", "#c", "a #c", "123", "-7", "1.5", "1e3", "1.0e+21", "0x1F", "0o7", "0b1", "1_000", ".inf", "-.inf",
  ".nan", "NaN", "Infinity", "2001-12-14", "12:30:00", " lead", "trail ", "a\nb", "a\r\nb", "\t", "'", '"', "\\", "\\u0041",
  "\u0000", "\u0008", "\u001b", "\u007f", "\u0085", "\u009f", "\u00a0", "\u2028", "\u2029", "\ufeff", "\ufffe", "\uffff", "é", "e\u0301",
  "日本", "😀", "__proto__", "constructor", "toString", "hasOwnProperty", "<<", "=", "[a]", "{a}", "*a", "&a", "!a", "%a", "@a", "`a",
  "|", ">", "?", ",", "---", "...", "a b", "Software Engineer", "v1.2.3", "${x}", "</script>",
];

/** Keys that collide with object machinery, look like numbers, or need quoting somewhere. */
const TRICKY_KEYS = [
  "__proto__", "constructor", "prototype", "toString", "10", "0", "-1", "1.5", "", "a b", "a.b", "a-b", "a_b", "yes", "n", "null",
  "true", "default", "class", "let", "await", "eval", "é", "É", "ß", "A", "a", "$", "_", "😀", '"', "\\", "\n", "[x]", "#",
];

/** Any single UTF-16 code unit, so lone surrogates appear too. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** ASCII, C0 and C1 controls: where escaping rules differ between formats. */
const lowUnit = fc.integer({ min: 0, max: 0xa0 }).map((c) => String.fromCharCode(c));

export const stringArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TRICKY_STRINGS),
  fc.string({ unit: lowUnit, maxLength: 6 }),
  fc.string(),
  fc.string({ unit: "grapheme-composite", maxLength: 8 }),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.string({ unit: codeUnit, maxLength: 4 }),
);

export const keyArb: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...TRICKY_KEYS), fc.string({ maxLength: 6 }), fc.string({ unit: "grapheme-composite", maxLength: 4 }));

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export const integerArb: fc.Arbitrary<Value> = fc.oneof(
  fc.maxSafeInteger(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }).map(normalizeInt),
  fc.constantFrom(INT64_MIN, INT64_MAX, 2n ** 53n, -(2n ** 53n)).map(normalizeInt),
);

export const floatArb: fc.Arbitrary<Value> = fc
  .oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, -0, 3, -2, 0.1, 1e21, 1e-7, 1.5e-7, 5e-324, Number.MAX_VALUE, 123456789.125, 1e6),
  )
  .map((n) => new FloatValue(n));

export const scalarArb: fc.Arbitrary<Value> = fc.oneof(fc.constant(null), fc.boolean(), integerArb, floatArb, stringArb);

const intRangeArb = fc
  .tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -5, max: 5 }).filter((s) => s !== 0), fc.nat(6))
  .map(([start, step, n]) => new IntRange(start, step, n));

const stringRangeArb = fc
  .tuple(fc.constantFrom("srv-", "h", "10.0.0.", "é"), fc.nat(20), fc.constantFrom(1, 2, -1), fc.nat(4), fc.nat(3))
  .map(([prefix, start, step, n, width]) => new StringRange(prefix, start, step, n, width));

/** Value trees; arrays are eager, lazy lists or ranges; objects have unique keys in generated order. */
export const treeArb = fc.letrec<{ value: Value; array: Value; object: ObjectValue }>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalarArb, tie("array"), tie("object")),
  array: fc.oneof(
    fc.array(tie("value"), { maxLength: 5 }),
    fc.array(tie("value"), { maxLength: 5 }).map((items): Value => new CountingLazyArray(items)),
    intRangeArb,
    stringRangeArb,
  ),
  object: fc
    .uniqueArray(fc.tuple(keyArb, tie("value")), { selector: (t) => t[0], maxLength: 5 })
    .map((pairs) => new ObjectValue(new Map(pairs))),
}));

/** Root objects. */
export const rootArb: fc.Arbitrary<ObjectValue> = treeArb.object;

/** True when some array anywhere in `v` has a null element. */
export function hasNullInArray(v: Value): boolean {
  if (v instanceof ObjectValue) {
    for (const item of v.entries.values()) if (hasNullInArray(item)) return true;
    return false;
  }
  if (Array.isArray(v) || v instanceof LazyArray) {
    for (const item of v) if (item === null || hasNullInArray(item)) return true;
  }
  return false;
}

/** True when a string or key anywhere in `v` (null dropped from objects, as TOML does) holds an unpaired surrogate. */
export function hasLoneSurrogate(v: Value): boolean {
  if (typeof v === "string") return !isWellFormed(v);
  if (v instanceof ObjectValue) {
    for (const [k, item] of v.entries) if (item !== null && (!isWellFormed(k) || hasLoneSurrogate(item))) return true;
    return false;
  }
  if (Array.isArray(v) || v instanceof LazyArray) for (const item of v) if (hasLoneSurrogate(item)) return true;
  return false;
}

function isWellFormed(s: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

/** The same tree with every eager array replaced by a lazy one (and back), to compare emissions. */
export function swapArrayKinds(v: Value): Value {
  if (v instanceof ObjectValue) {
    const out = new ObjectValue();
    for (const [k, item] of v.entries) out.set(k, swapArrayKinds(item));
    return out;
  }
  if (Array.isArray(v)) return new CountingLazyArray(v.map(swapArrayKinds));
  if (v instanceof CountingLazyArray) return [...v].map(swapArrayKinds);
  return v;
}

/** Top-level keys for TypeScript: mostly usable binding names, some reserved or colliding, a few arbitrary. */
const bindingKeyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,5}$/) },
  {
    weight: 2,
    arbitrary: fc.constantFrom("a", "A", "name", "é", "ñandú", "$", "_", "__proto__", "constructor", "undefined", "NaN", "ǆa", "Ǆa", "ß", "default", "class", "let", "yield", "eval"),
  },
  { weight: 1, arbitrary: keyArb },
);

/** Roots for the TypeScript properties. */
export const tsRootArb: fc.Arbitrary<ObjectValue> = fc
  .uniqueArray(fc.tuple(bindingKeyArb, treeArb.value), { selector: (t) => t[0], maxLength: 5 })
  .map((pairs) => new ObjectValue(new Map(pairs)));

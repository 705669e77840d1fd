/**
 * The value shapes every output format is checked on: small JSSON sources,
 * each with the data a consumer of any format must read back from its
 * output. They are the cases our own formats pass; a format that cannot
 * write one names it in `FormatCheckOptions.refuses` and must then refuse
 * it with a diagnostic.
 *
 * Expected data is written by hand, not derived from the engine, so the
 * kit checks the whole run. Objects are `Map`s (key order as in the source,
 * and `__proto__` is plain data); integers beyond ±(2^53−1) are bigints;
 * floats are numbers, and negative zero is `0` (LANGUAGE.md §10.1: every
 * format writes `-0.0` as zero).
 */

/** Plain data as a consumer reads it: objects as `Map`s or plain records, big integers as bigint. */
export type ExpectedData = null | boolean | number | bigint | string | readonly ExpectedData[] | ReadonlyMap<string, ExpectedData> | { readonly [key: string]: ExpectedData };

/** One case: a JSSON source and the data its output must read back as. */
export interface ValueShape {
  /** Short name, used in check names and in `refuses`. */
  readonly name: string;
  /** What the shape exercises, one line. */
  readonly description: string;
  /** The JSSON source. */
  readonly source: string;
  /** The data a consumer reads back from any format's output of `source`. */
  readonly data: ExpectedData;
}

/** Nesting depth of the deep shapes (well inside the default `maxDepth`). */
export const DEEP = 128;

/** An ordered object of expected data. */
function obj(entries: readonly (readonly [string, ExpectedData])[]): ReadonlyMap<string, ExpectedData> {
  return new Map(entries);
}

/** A JSSON regular string literal for `text` (only `"` and `\` need escaping, §2.6; newlines and tabs may be literal). */
function str(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => "\\" + c)}"`;
}

/** A member of a {@link members} shape: its key, the JSSON source of its value, and the data it reads back as. */
type Member = readonly [key: string, source: string, data: ExpectedData];

/** A shape of top-level members, one line each (`key = source`, or `key { … }` for an object). */
function members(name: string, description: string, rows: readonly Member[]): ValueShape {
  // an object member in the block form (`key { … }`), so the shapes go through it as well as through `key = value`
  const line = ([k, source]: Member): string => (source.startsWith("{") ? `${k} ${source}\n` : `${k} = ${source}\n`);
  return { name, description, source: rows.map(line).join(""), data: obj(rows.map(([k, , d]) => [k, d])) };
}

/** A member holding the string `value`. */
function text(key: string, value: string): Member {
  return [key, str(value), value];
}

/** Keys that break naive code: prototype names, empty, separators, quotes, YAML and TOML syntax. */
const HOSTILE_KEYS: readonly string[] = [
  "__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf", "",
  "a.b", "a b", " lead", "trail ", "0", "-1", "1e3", "=", "a=b", ":", "#x", "!", "[t]", "{o}",
  'say "hi"', "back\\slash", "new\nline", "tab\there", "true", "null", "yes", "~", "- x", "? q", "'q'", "&a", "*a", "%", "@",
];

/** String values that break naive quoting. */
const HOSTILE_STRINGS: readonly string[] = [
  "", " ", "true", "false", "null", "yes", "no", "on", "off", "~", "1", "-1", "1.5", "0x1F", "0o7", "1e3", "inf", "nan", ".inf",
  "-", "- item", "a: b", "a #b", "# not a comment", "key = value", "'single'", '"double"', "back\\slash", "\\n", "tab\there",
  "two\nlines", "ends with newline\n", "\n", "\n\n", "  leading", "trailing  ", "---", "...", "[1, 2]", "{a: 1}", "@at", "`tick`",
  "${not_interpolated}", "2024-01-01", "2024-01-01T12:30:00Z", "12:30:00", "%s", "&anchor", "*alias", "!tag", "|", ">", "</script>", "\\u0041",
];

/** Control characters other than tab and line feed (written literally: JSSON strings keep them). */
const CONTROLS = "\u0000\u0001\u0008\u000b\u000c\r\u001b\u001f\u007f\u0085";

/** Every hostile key, one member each, with its index as value. */
function hostileMembers(indent: string): string {
  return HOSTILE_KEYS.map((k, i) => `${indent}${str(k)} = ${i}\n`).join("");
}

const MAX_DOUBLE_DIGITS = BigInt(Number.MAX_VALUE).toString();
const MIN_DOUBLE_TEXT = `0.${"0".repeat(323)}5`;

function deepObjects(depth: number): { source: string; data: ExpectedData } {
  let data: ExpectedData = obj([["leaf", 1]]);
  for (let i = 2; i < depth; i++) data = obj([["d", data]]);
  return { source: `d ${"{ d ".repeat(depth - 2)}{ leaf = 1 ${"}".repeat(depth - 1)}\n`, data: obj([["d", data]]) };
}

function deepArrays(depth: number): { source: string; data: ExpectedData } {
  let data: ExpectedData = [1, obj([["a", [2]]])];
  for (let i = 1; i < depth; i++) data = [data];
  return { source: `a = ${"[".repeat(depth - 1)}[1, { a = [2] }]${"]".repeat(depth - 1)}\n`, data: obj([["a", data]]) };
}

const LONG_PIECE = 'ab"c\\ 😀 é\n';
const LONG_REPEAT = 10_000;
const MANY = 2000;

/** The shapes, in the order checks are reported. */
export const VALUE_SHAPES: readonly ValueShape[] = [
  {
    name: "scalars",
    description: "a string, integers, booleans",
    source: 'text = "hello"\ninteger = 42\nnegative = -7\nyes = true\nno = false\n',
    data: obj([["text", "hello"], ["integer", 42], ["negative", -7], ["yes", true], ["no", false]]),
  },
  members("null-member", "a null object member (TOML has no null: its output drops the member)", [
    ["nothing", "null", null],
    ["after", "1", 1],
    ["inner", "{ nothing = null }", obj([["nothing", null]])],
  ]),
  members("null-item", "a null array item", [["items", "[1, null, 2]", [1, null, 2]]]),
  {
    name: "hostile-keys",
    description: "prototype names, empty, dotted, quoted and syntax-like keys inside an object; an object under __proto__",
    source: `keys {\n${hostileMembers("  ")}}\nproto { "__proto__" { polluted = true } }\n`,
    data: obj([["keys", obj(HOSTILE_KEYS.map((k, i) => [k, i]))], ["proto", obj([["__proto__", obj([["polluted", true]])]])]]),
  },
  {
    name: "hostile-top-level-keys",
    description: "the same keys at the top level",
    source: hostileMembers(""),
    data: obj(HOSTILE_KEYS.map((k, i) => [k, i])),
  },
  {
    name: "hostile-strings",
    description: "strings that look like other values or syntax, quotes, backslashes, line breaks",
    source: `strings = [\n${HOSTILE_STRINGS.map((s) => `  ${str(s)},\n`).join("")}]\n`,
    data: obj([["strings", HOSTILE_STRINGS]]),
  },
  members("control-characters", "NUL, backspace, form feed, carriage return, escape, DEL, NEL in a string", [text("text", `a${CONTROLS}b`)]),
  members("integers", "exact 64-bit integers: the safe limits, just beyond them, and the int64 limits", [
    ["zero", "0", 0],
    ["minus_one", "-1", -1],
    ["max_safe", "9007199254740991", 9007199254740991],
    ["min_safe", "-9007199254740991", -9007199254740991],
    ["above_safe", "9007199254740992", 9007199254740992n],
    ["odd_above_safe", "9007199254740993", 9007199254740993n],
    ["max_int64", "9223372036854775807", 9223372036854775807n],
    ["min_int64", "-9223372036854775807 - 1", -9223372036854775808n],
    ["in_array", "[9223372036854775807, -9007199254740993, 10]", [9223372036854775807n, -9007199254740993n, 10]],
  ]),
  members("floats", "fractions, an integral float, the smallest and largest doubles, exponent-sized values", [
    ["half", "2.5", 2.5],
    ["sum", "0.1 + 0.2", 0.30000000000000004],
    ["integral", "3.0", 3],
    ["negative", "-1.5", -1.5],
    ["small", "0.000001", 0.000001],
    ["smaller", "0.0000001", 1e-7],
    ["large", "1000000000000000000000.0", 1e21],
    ["largest", `${MAX_DOUBLE_DIGITS}.0`, Number.MAX_VALUE],
    ["smallest", MIN_DOUBLE_TEXT, Number.MIN_VALUE],
    ["precise", "123456789.125", 123456789.125],
    ["in_array", "[0.5, -0.25]", [0.5, -0.25]],
  ]),
  members("negative-zero", "-0.0 and -0, which read back as zero (jsson writes negative zero as 0 in every format)", [
    ["float", "-0.0", 0],
    ["integer", "-0", 0],
    ["in_array", "[-0.0, 0.0]", [0, 0]],
  ]),
  {
    name: "empty-containers",
    description: "empty objects and arrays, alone and nested; an empty string",
    source: 'object {}\narray = []\nnested { inner {} }\nlists = [[], {}, [[]]]\ntext = ""\n',
    data: obj([["object", obj([])], ["array", []], ["nested", obj([["inner", obj([])]])], ["lists", [[], obj([]), [[]]]], ["text", ""]]),
  },
  members("arrays", "mixed items, a range, arrays of objects", [
    ["mixed", '[1, "two", 3.5, true, [4], { five = 5 }]', [1, "two", 3.5, true, [4], obj([["five", 5]])]],
    ["range", "1..5", [1, 2, 3, 4, 5]],
    ["objects", "[{ a = 1 }, { a = 2, b = [] }]", [obj([["a", 1]]), obj([["a", 2], ["b", []]])]],
  ]),
  { name: "deep-objects", description: `objects nested ${DEEP} deep`, ...deepObjects(DEEP) },
  { name: "deep-arrays", description: `arrays nested ${DEEP} deep`, ...deepArrays(DEEP) },
  members("unicode", "accents (composed and combining), CJK, right-to-left, astral characters, emoji sequences, U+2028/U+2029, U+FEFF, no-break space", [
    text("accented", "\u00e9"),
    text("combining", "e\u0301"),
    text("cjk", "名前"),
    text("rtl", "עברית"),
    text("astral", "😀 𝄞 𠀋"),
    text("family", "👨‍👩‍👧"),
    text("separators", "a\u2028b\u2029c"),
    text("bom_inside", "\ufeffx"),
    text("nbsp", "a\u00a0b"),
    [
      "keys",
      `{ ${str("ключ")} = ${str("значение")}, ${str("😀")} = ${str("smile")}, ${str("e\u0301")} = 1, ${str("\u00e9")} = 2 }`,
      obj([["ключ", "значение"], ["😀", "smile"], ["e\u0301", 1], ["\u00e9", 2]]),
    ],
  ]),
  members("long-string", `a string of ${LONG_PIECE.length * LONG_REPEAT} UTF-16 code units with quotes, backslashes, astral characters and line breaks`, [
    text("text", LONG_PIECE.repeat(LONG_REPEAT)),
  ]),
  members("many-members", `${MANY} members and an array of ${MANY} items`, [
    ...Array.from({ length: MANY }, (_, i): Member => [`k${i}`, String(i), i]),
    ["items", `0..${MANY - 1}`, Array.from({ length: MANY }, (_, i) => i)],
  ]),
];

/**
 * The plugin test kit fails what it should. A small JSON-like format plugin
 * passes every check; each deliberately broken variant of it (one defect
 * each: rounded integers, negative zero, a `__proto__`-polluting reader,
 * state kept between runs, an ignored option, swallowed sink or tree
 * errors, normalised Unicode, dropped empty containers, a refusal after
 * writing, a plain Error instead of OutputError) fails exactly the checks
 * that defect concerns, with a message that names it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { API_VERSION, OutputError, definePlugin, kindOf, numberText, type ObjectValue, type TextSink, type Value } from "../../core/plugin/index.js";
import { checkFormat, formatChecks, type CheckResult, type FormatCheckOptions } from "../../core/plugin-testing/index.js";

type Defect =
  | "rounds-integers"
  | "writes-negative-zero"
  | "merges-into-plain-object"
  | "keeps-state"
  | "ignores-option"
  | "swallows-sink-errors"
  | "swallows-tree-errors"
  | "normalises-unicode"
  | "drops-empty-arrays"
  | "refuses-after-writing"
  | "throws-plain-error";

/** A JSON-like format ("jsonish"), right unless given a defect. Refuses control characters other than tab and line feed. */
function jsonish(defect?: Defect) {
  let runs = 0;
  const text = (s: string): string => JSON.stringify(defect === "normalises-unicode" ? s.normalize("NFC") : s);
  const refusesString = (s: string): boolean => /[\u0000-\u0008\u000b-\u001f]/.test(s);
  function write(v: Value, out: (s: string) => void, compact: boolean, depth: number): void {
    const nl = compact ? "" : "\n" + "  ".repeat(depth + 1);
    const end = compact ? "" : "\n" + "  ".repeat(depth);
    switch (kindOf(v)) {
      case "null":
      case "boolean":
        return out(String(v));
      case "integer":
        return out(defect === "rounds-integers" ? String(Number(v)) : numberText(v as number | bigint));
      case "float": {
        const x = (v as { value: number }).value;
        return out(defect === "writes-negative-zero" && Object.is(x, -0) ? "-0" : numberText(x));
      }
      case "string":
        if (refusesString(v as string)) {
          if (defect === "throws-plain-error") throw new Error("control character");
          throw new OutputError("jsonish cannot write control characters", undefined);
        }
        return out(text(v as string));
      case "array": {
        const items = v as Iterable<Value> & { length: number };
        if (items.length === 0) return out(defect === "drops-empty-arrays" ? "null" : "[]");
        out("[");
        let i = 0;
        try {
          for (const item of items) {
            out((i++ === 0 ? "" : ",") + nl);
            write(item, out, compact, depth + 1);
          }
        } catch (e) {
          if (defect !== "swallows-tree-errors") throw e;
        }
        return out(end + "]");
      }
      case "object": {
        const o = v as ObjectValue;
        if (o.keys.length === 0) return out("{}");
        out("{");
        o.keys.forEach((k, i) => {
          out((i === 0 ? "" : ",") + nl + text(k) + (compact ? ":" : ": "));
          write(o.values[i] as Value, out, compact, depth + 1);
        });
        return out(end + "}");
      }
    }
  }
  /** Whether `v` holds a string the format refuses. */
  function refused(v: Value): boolean {
    const kind = kindOf(v);
    if (kind === "string") return refusesString(v as string);
    if (kind === "array") return [...(v as Iterable<Value>)].some(refused);
    if (kind === "object") return (v as ObjectValue).values.some(refused);
    return false;
  }
  function emit(v: Value, sink: TextSink, options: Readonly<Record<string, unknown>>): void {
    const out = (s: string): void => {
      if (defect !== "swallows-sink-errors") return sink.write(s);
      try {
        sink.write(s);
      } catch {
        // the defect: the output limit goes unnoticed
      }
    };
    if (defect === "keeps-state" && runs++ % 2 === 1) out(" ");
    write(v, out, defect !== "ignores-option" && options["compact"] === true, 0);
    out("\n");
  }
  return definePlugin({
    name: `jsson-plugin-jsonish${defect ? "-" + defect : ""}`,
    version: "1.0.0",
    apiVersion: API_VERSION,
    apply(host) {
      host.registerFormat({
        name: "jsonish",
        extensions: ["json"],
        mediaType: "application/json",
        options: { compact: { type: "boolean", description: "no white space" } },
        ...(defect === "refuses-after-writing" ? {} : { check: (root: ObjectValue) => void (refused(root) && write(root, () => {}, true, 0)) }),
        emit: (root, sink, ctx) => emit(root, sink, ctx.options),
        emitValue: (value, sink, ctx) => emit(value, sink, ctx.options),
        readBack(output) {
          const data: unknown = JSON.parse(output);
          return defect === "merges-into-plain-object" ? mergeInto({}, data) : data;
        },
      });
    },
  });
}

/** The classic polluting deep merge: `__proto__` walks into Object.prototype. */
function mergeInto(target: Record<string, unknown>, source: unknown): unknown {
  if (typeof source !== "object" || source === null || Array.isArray(source)) return source;
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    target[k] = typeof v === "object" && v !== null && !Array.isArray(v) ? mergeInto(typeof t === "object" && t !== null ? (t as Record<string, unknown>) : {}, v) : v;
  }
  return target;
}

const OPTIONS: FormatCheckOptions = { integers: "doubles", refuses: ["control-characters"] };

/** The failed checks, by name. */
async function failures(defect?: Defect): Promise<Map<string, string>> {
  const results: CheckResult[] = await checkFormat(jsonish(defect), OPTIONS);
  return new Map(results.filter((r) => !r.ok).map((r) => [r.name, r.message]));
}

/** Every shape but the refused one (its runs never reach emit). */
const SHAPES_STREAMED = [
  "scalars", "null-member", "null-item", "hostile-keys", "hostile-top-level-keys", "hostile-strings", "integers", "floats",
  "negative-zero", "empty-containers", "arrays", "deep-objects", "deep-arrays", "unicode", "long-string", "many-members",
].map((s) => `${s}: streamed output equals buffered`);

/** Defect → the checks it must fail, and what the message of the first of them says. */
const EXPECTED: Readonly<Record<Defect, readonly [readonly string[], RegExp]>> = {
  "rounds-integers": [["integers: reads back", "integers: selected values read back", "option compact: honoured"], /integer 9007199254740993 is not written exactly/],
  "writes-negative-zero": [["negative-zero: reads back", "negative-zero: selected values read back", "option compact: honoured"], /negative zero/],
  "merges-into-plain-object": [["hostile-keys: reads back", "hostile-keys: selected values read back", "hostile-top-level-keys: reads back", "option compact: honoured"], /Object\.prototype|missing the keys/],
  "keeps-state": [[...SHAPES_STREAMED, "option compact: honoured"], /a second buffered run wrote something else/],
  "ignores-option": [["option compact: honoured"], /wrote the same output for every shape: is ctx\.options read\?/],
  "swallows-sink-errors": [["the output size limit ends the run with a diagnostic"], /JSSON6004.*wrote \d+ characters \(an error thrown by sink\.write was caught\?\)/],
  "swallows-tree-errors": [["errors while the tree is read end the run with a diagnostic"], /division by zero.*wrote \d+ characters/],
  "normalises-unicode": [["unicode: reads back", "unicode: selected values read back", "option compact: honoured"], /\$\.combining: expected "e\u0301", got "\u00e9"/],
  "drops-empty-arrays": [["empty-containers: reads back", "empty-containers: selected values read back", "arrays: reads back", "arrays: selected values read back", "option compact: honoured"], /\$\.array: expected an array of 0, got null/],
  "refuses-after-writing": [["control-characters: refused with a diagnostic"], /streamed run wrote \d+ characters before it was refused/],
  "throws-plain-error": [["control-characters: refused with a diagnostic", "control-characters: streamed output equals buffered"], /threw Error: control character/],
};

test("the sound format passes every check, reading every shape back", async () => {
  const results = await checkFormat(jsonish(), OPTIONS);
  assert.equal(results.filter((r) => !r.ok).map((r) => `${r.name}: ${r.message}`), []);
  assert.equal(results.filter((r) => r.skipped === true).map((r) => r.name), []);
  assert.ok(results.length > 50, `${results.length} checks`);
});

for (const [defect, [names, message]] of Object.entries(EXPECTED) as [Defect, (typeof EXPECTED)[Defect]][]) {
  test(`a format that ${defect.replace(/-/g, " ")} fails exactly ${names.length === 1 ? `"${names[0]}"` : `${names.length} checks`}`, async () => {
    const failed = await failures(defect);
    assert.equal([...failed.keys()].sort(), [...names].sort());
    assert.match(failed.get(names[0] as string) ?? "", message);
    assert.not.ok(Object.hasOwn(Object.prototype, "polluted"), "the kit removes what a polluting reader added");
  });
}

test("an author's own shapes are checked like the built-in ones, and their data must match", async () => {
  const nested = { name: "nested-record", description: "a record as expected data", source: "a { b = [1, 2.5] }\n", data: { a: { b: [1, 2.5] } } };
  const wrong = { ...nested, name: "wrong-data", data: { a: { b: [1, 2] } } };
  const results = await checkFormat(jsonish(), { ...OPTIONS, shapes: [nested, wrong] });
  const byName = new Map(results.map((r) => [r.name, r]));
  assert.ok(byName.get("nested-record: reads back")?.ok);
  assert.ok(byName.get("nested-record: selected values read back")?.ok);
  assert.equal(byName.get("wrong-data: reads back"), { name: "wrong-data: reads back", ok: false, message: "$.a.b[1]: expected 2, got 2.5" });
});

test("mistakes in what the kit is told are refused at once: an unknown shape or option, a shape named twice, a plugin with no format, a format it lacks", () => {
  assert.throws(() => formatChecks(jsonish(), { refuses: ["no-such-shape"] }), /refuses names no shape "no-such-shape"/);
  assert.throws(() => formatChecks(jsonish(), { optionValues: { pretty: [true] } }), /optionValues names an option the jsonish format does not declare: "pretty"/);
  assert.throws(() => formatChecks(jsonish(), { shapes: [{ name: "floats", description: "again", source: "a = 1", data: { a: 1 } }] }), /two shapes are named "floats"/);
  return Promise.all([
    checkFormat(jsonish(), { refuses: ["no-such-shape"] }).then(
      () => assert.unreachable("accepted"),
      (e: Error) => assert.match(e.message, /refuses names no shape "no-such-shape"/),
    ),
    checkFormat({ name: "jsson-plugin-empty", version: "1.0.0", apiVersion: API_VERSION, apply() {} }).then(
      () => assert.unreachable("accepted"),
      (e: Error) => assert.match(e.message, /registers no format/),
    ),
    checkFormat(jsonish(), { format: "yaml" }).then(
      () => assert.unreachable("accepted"),
      (e: Error) => assert.match(e.message, /no format "yaml" \(it has: jsonish\)/),
    ),
  ]).then(() => undefined);
});

test.run();

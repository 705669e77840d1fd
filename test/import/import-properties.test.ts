/**
 * The importer on random documents (test/fuzz's data generator: hostile keys
 * and strings — empty keys, __proto__, keywords, digits, Unicode, control
 * characters, lone surrogates — 64-bit integers, integral floats): written as
 * exact JSON, and as the YAML and TOML our emitters write for them, each
 * imports and transpiles back to the same data, or is refused for a lone
 * surrogate (a UTF-8 file cannot hold one). Plus hand-written cases: ranges,
 * templates, bare words, comments, errors.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createEngine } from "../../index.js";
import { FloatValue, ObjectValue, type Value } from "../../core/values/values.js";
import { importDocument } from "../../core/import/import-document.js";
import { floatLiteral } from "../../core/import/float-literal.js";
import { rootArb } from "../fuzz/data-arbitrary.js";
import { fcParams } from "../fuzz/fuzz-settings.js";
import { importProblem } from "./import-check.js";

const engine = createEngine();
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Exact JSON text of a value (integers as integers, floats always with a point or exponent). */
function exactJson(v: Value): string {
  if (v instanceof FloatValue) {
    const t = String(v.value);
    return Object.is(v.value, -0) ? "-0.0" : /[.e]/.test(t) ? t : `${t}.0`;
  }
  if (v instanceof ObjectValue) return `{${v.keys.map((k, i) => `${JSON.stringify(k)}:${exactJson(v.values[i] as Value)}`).join(",")}}`;
  if (Array.isArray(v)) return `[${v.map(exactJson).join(",")}]`;
  if (typeof v === "bigint") return String(v);
  return JSON.stringify(v);
}

test("random documents round-trip through JSON, YAML and TOML", () => {
  fc.assert(
    fc.property(rootArb(3), (root) => {
      const json = exactJson(root);
      const problem = importProblem(json, "json");
      if (LONE.test(json.replace(/\\u(d[89a-f][0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))))) {
        // JSON.stringify escapes a lone surrogate; the importer must name it rather than write U+FFFD.
        if (problem === undefined || !problem.includes("lone UTF-16 surrogate")) throw new Error(`lone surrogate not refused: ${problem}`);
        return;
      }
      if (problem !== undefined) throw new Error(`json: ${problem}\n--- input\n${json}`);
      const jsson = importDocument(json, "json");
      if (!jsson.ok) return;
      for (const format of ["yaml", "toml"] as const) {
        const out = engine.transpile(jsson.text, { format });
        if (!out.ok) continue; // TOML cannot hold null or mixed arrays: nothing to import
        const p = importProblem(out.output, format);
        if (p !== undefined) throw new Error(`${format}: ${p}\n--- input\n${out.output}`);
      }
    }),
    fcParams(300),
  );
});

const imported = (text: string, format: "json" | "yaml" | "toml" = "json"): string => {
  const r = importDocument(text, format);
  if (!r.ok) throw new Error(r.message);
  return r.text;
};

test("idiomatic forms: bare keys and words, quoted keys, ranges, templates, raw strings", () => {
  assert.is(imported('{"name": "web", "true": "yes", "10": "x", "": "", "a-b": "true"}'), 'name = web\ntrue = yes\n"10" = x\n"" = ""\n"a-b" = "true"\n');
  // A bare word that is a key somewhere would be read as that name: quoted.
  assert.is(imported('{"host": "port", "port": 1}'), 'host = "port"\nport = 1\n');
  // So is one near a name or a literal, which would be warning W1 (an error in strict mode); a quoted key is no name.
  assert.is(
    imported('{"k0": 1, "name": "n0", "flag": "ture", "b": "Null", "color": "red", "x": "q", "my-key": "my_ke"}'),
    'k0 = 1\nname = "n0"\nflag = "ture"\nb = "Null"\ncolor = red\nx = q\n"my-key" = my_ke\n',
  );
  assert.is(imported('{"p": [8080, 8081, 8082, 8083], "q": [1, 2], "s": [0, 5, 10, 15, 20, 25], "m": [1, 2, 3, 4, "x"]}'), 'p = 8080..8083\nq = [1, 2]\ns = 0..25 step 5\nm = [1..4, x]\n');
  assert.is(
    imported('{"users": [{"name": "ann", "id": 1}, {"name": "bob", "id": 2}, {"name": "cy", "id": 3}]}'),
    "users [\n  template { name, id }\n  ann, 1\n  bob, 2\n  cy, 3\n]\n",
  );
  assert.is(imported('{"one": [{"name": "ann"}]}'), "one = [\n  { name = ann }\n]\n");
  const unc = String.raw`\\server\share\dir\file`;
  assert.is(imported(JSON.stringify({ unc, q: 'say "hi"' })), `unc = """${unc}"""\nq = "say \\"hi\\""\n`);
  assert.is(imported('{"f": 1.0, "g": 1e21, "h": -0.0, "i": 9223372036854775807, "j": -9223372036854775808}'), "f = 1.0\ng = 1000000000000000000000.0\nh = -0.0\ni = 9223372036854775807\nj = (-9223372036854775807 - 1)\n");
});

test("floatLiteral reads back exactly and never has an exponent", () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      const t = floatLiteral(x);
      return /^-?\d+\.\d+$/.test(t) && Object.is(Number(t), x);
    }),
    fcParams(500),
  );
});

test("YAML and TOML comments on keys are carried over", () => {
  assert.is(imported("# the app\nname: shop # its name\nserver:\n  # port to use\n  port: 80\n", "yaml"), "// the app\nname = shop // its name\nserver {\n  // port to use\n  port = 80\n}\n");
  assert.is(imported('# the app\nname = "shop" # its name\n\n# the server\n[server]\n# port\nport = 80\n', "toml"), "// the app\nname = shop // its name\n// the server\nserver {\n  // port\n  port = 80\n}\n");
});

test("what JSSON cannot hold is refused with a message naming it", () => {
  const refused = (text: string, format: "json" | "yaml" | "toml") => {
    const r = importDocument(text, format);
    assert.not.ok(r.ok);
    return r.ok ? "" : r.message;
  };
  assert.match(refused("[1, 2]", "json"), "is not an object");
  assert.match(refused("x: .inf\n", "yaml"), ".inf");
  assert.match(refused("x = nan\n", "toml"), "nan");
  assert.match(refused('{"s": "\\ud800"}', "json"), "lone UTF-16 surrogate");
  // An alias bomb: each level doubles; the written text would pass the source-length limit.
  let bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (let i = 1; i < 12; i++) bomb += `a${i}: &a${i} [*a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}]\n`;
  assert.match(refused(bomb, "yaml"), /too many values|longer than/);
});

test("a large array imports (no spread of its items onto the stack) and a long run is one range", () => {
  const n = 300_000;
  const text = imported(`{"big": [${Array.from({ length: n }, (_, i) => `[${i}]`).join(",")}], "run": [${Array.from({ length: n }, (_, i) => i).join(",")}]}`);
  assert.ok(text.endsWith(`run = 0..${n - 1}\n`), text.slice(-60));
});

test("TOML dates become strings, with a warning naming them", () => {
  const r = importDocument("when = 1979-05-27T07:32:00Z\n[t]\nday = 1979-05-27\n", "toml");
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.is(r.text, 'when = "1979-05-27T07:32:00Z"\nt {\n  day = "1979-05-27"\n}\n');
  assert.equal(r.warnings.length, 2);
  assert.match(r.warnings[1] ?? "", '"t.day"');
});

test.run();

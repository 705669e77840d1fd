// Tests of jsson-plugin-dotenv through the real jsson engine: `npm test`.
// Every emitted file is read back with Node's own .env reader (util.parseEnv).
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseEnv } from "node:util";
import { createEngine, renderDiagnostic } from "jsson";
import plugin, { dotenvFormat } from "../src/index.js";

const engine = createEngine({ plugins: [plugin] });

/** @param {string} source */
function env(source) {
  const r = engine.transpile(source, { format: "dotenv" });
  if (!r.ok) throw new Error(renderDiagnostic(r.diagnostics[0]));
  return r.output;
}

/** @param {string} source */
function refusal(source) {
  const r = engine.transpile(source, { format: "dotenv" });
  assert.equal(r.ok, false, "expected a refusal");
  return renderDiagnostic(r.diagnostics[0]);
}

test("registers dotenv with its alias, extension and media type", () => {
  const info = engine.listFormats().find((f) => f.name === "dotenv");
  assert.deepEqual(info && { aliases: info.aliases, extensions: info.extensions, mediaType: info.mediaType, plugin: info.plugin }, {
    aliases: ["env"],
    extensions: ["env"],
    mediaType: "text/plain",
    plugin: "jsson-plugin-dotenv",
  });
  assert.equal(engine.findFormat("ENV"), dotenvFormat);
});

test("flattens nested objects into upper-cased names joined with _", () => {
  const out = env(`app {\n  name = demo\n  database {\n    host = localhost\n    port = 5432\n  }\n}\n"max-conn" = 10\n"app.kubernetes.io/name" = web\n`);
  assert.equal(out, "APP_NAME=demo\nAPP_DATABASE_HOST=localhost\nAPP_DATABASE_PORT=5432\nMAX_CONN=10\nAPP_KUBERNETES_IO_NAME=web\n");
});

test("null is an empty value; booleans and numbers are their text", () => {
  const out = env(`a = null\nb = true\nc = false\nd = -42\ne = 1.5\nf = 3.0\ng = 9223372036854775807\nh = ""\n`);
  assert.equal(out, "A=\nB=true\nC=false\nD=-42\nE=1.5\nF=3\nG=9223372036854775807\nH=\"\"\n");
  assert.deepEqual({ ...parseEnv(out) }, { A: "", B: "true", C: "false", D: "-42", E: "1.5", F: "3", G: "9223372036854775807", H: "" });
});

test("quotes by the documented rules", () => {
  /** @type {[string, string][]} value, expected text after = */
  const cases = [
    ["plain", "plain"],
    ["https://x.example/a?b&c", "https://x.example/a?b&c"],
    ["two words", "'two words'"],
    [" padded ", "' padded '"],
    ["a#b", "'a#b'"],
    ["k=v", "'k=v'"],
    ['say "hi"', `'say "hi"'`],
    ["$HOME", "'$HOME'"],
    ["C:\\dir", "'C:\\dir'"],
    ["it's", `"it's"`],
    ["line1\nline2", '"line1\\nline2"'],
    ["it's\n\"quoted\"", "`it's\n\"quoted\"`"],
    ["a\nb $X", "'a\nb $X'"],
  ];
  for (const [value, text] of cases) {
    const out = env(`v = ${JSON.stringify(value)}\n`);
    assert.equal(out, `V=${text}\n`, `quoting of ${JSON.stringify(value)}`);
    assert.equal(parseEnv(out)["V"], value, `read back of ${JSON.stringify(value)}`);
  }
});

test("arrays and ranges are refused with the line and the key", () => {
  assert.equal(refusal(`name = x\nservers {\n  hosts = [ a, b ]\n}\n`), 'Line 2: dotenv cannot write arrays: "servers.hosts" is an array (a .env value is a single string)');
  assert.match(refusal(`a = 1\nb = 1..3\n`), /^Line 2: dotenv cannot write arrays: "b" is an array/);
});

test("names that are not environment variable names, and collisions, are refused", () => {
  assert.match(refusal(`ok = 1\n"ключ" = 1\n`), /^Line 2: dotenv cannot name a variable after key "ключ"/);
  assert.match(refusal(`"8080" = 1\n`), /^Line 1: dotenv variable 8080 \(key "8080"\) would start with a digit/);
  assert.match(refusal(`a { b = 1 }\n"a_b" = 2\n`), /^Line 2: dotenv: keys "a.b" and "a_b" both become the variable A_B/);
  assert.match(refusal(`"" = 1\n`), /^Line 1: dotenv cannot name a variable after the empty key/);
});

test("values no quoting can hold are refused", () => {
  // a literal carriage return inside the string (JSSON has no \r escape)
  assert.match(refusal('x = "a\rb"\n'), /^Line 1: dotenv cannot write the value of "x": it contains a carriage return/);
  assert.match(refusal("x = \"' ` \\\\\"\n"), /^Line 1: dotenv cannot write the value of "x": it contains ', " and `/);
});

test("an empty object writes nothing; a refused tree writes nothing at all", () => {
  assert.equal(env(`empty {}\nx = 1\n`), "X=1\n");
  /** @type {string[]} */
  const chunks = [];
  const r = engine.transpileTo(`a = 1\nb = 2\nc = [1]\n`, { write: (c) => void chunks.push(c) }, { format: "dotenv" });
  assert.equal(r.ok, false);
  assert.deepEqual(chunks, []);
});

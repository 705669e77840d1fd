/**
 * No control characters reach a terminal (issue #12 item 9): everything the
 * CLI prints for people — diagnostics with the echoed source line, schema
 * reports, file names, plugin refusals — shows them as `\uXXXX`, and the
 * caret stays under the character it points at.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { terminalText } from "../../cli/terminal/terminal-text.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

// anything a terminal would obey: C0 but \n and \t, DEL, C1, U+2028/9, bidi controls
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

test("terminalText escapes C0 (but LF and TAB), DEL, C1, line separators and bidi controls; it is idempotent", () => {
  const raw = "a\u001b[31mb\u0000c\rd\u007f\u0085\u009b\u2028\u2029\u202e\u2066\u061c\u200f\te\nf\\u001b é 😀";
  const shown = terminalText(raw);
  assert.is(shown, "a\\u001b[31mb\\u0000c\\u000dd\\u007f\\u0085\\u009b\\u2028\\u2029\\u202e\\u2066\\u061c\\u200f\te\nf\\u001b é 😀");
  assert.is(terminalText(shown), shown);
  assert.not.match(shown, RAW_CONTROL);
});

test("a diagnostic shows control characters in the message and the source line escaped; the caret stays under the character", async () => {
  const source = 'ok = 1\ns = "\u001b[2J\u0000\u009b\u202e" @ 2\n';
  const r = await runCli(["-f", "json"], { input: source });
  assert.is(r.code, 1);
  assert.not.match(r.stderr, RAW_CONTROL);
  const [head, place, echoed, caret] = r.stderr.split("\n");
  assert.match(head ?? "", /^Line 2: /);
  assert.is(place, "  --> <stdin>:2:15");
  assert.is(echoed, '  2 | s = "\\u001b[2J\\u0000\\u009b\\u202e" @ 2');
  assert.is(caret?.indexOf("^"), echoed?.indexOf("@"), `${echoed}\n${caret}`);
  // a message that quotes the control character itself
  const quoted = await runCli(["validate", "-"], { input: "x = 1\u001b\n" });
  assert.is(quoted.code, 1);
  assert.not.match(quoted.stderr, RAW_CONTROL);
  const lines = quoted.stderr.split("\n");
  assert.match(lines[0] ?? "", /\\u001b/);
  assert.is(lines[3]?.indexOf("^"), lines[2]?.indexOf("\\u001b"), quoted.stderr);
});

test("file names with control characters are shown escaped (syntax OK, unreadable input)", async () => {
  const name = "evil\u001b]0;title\u0007.jsson";
  const dir = fixtureDir({ [name]: "a = 1\n" });
  const ok = await runCli(["validate", name], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
  assert.is(ok.stderr, "✓ Syntax OK: evil\\u001b]0;title\\u0007.jsson\n");
  const placed = await runCli(["validate", "-"], { cwd: dir, input: "a = (\n" });
  assert.is(placed.stderr.split("\n")[1], "  --> <stdin>:1:5");
  const inner = await runCli(["-i", "main.jsson"], { cwd: fixtureDir({ [name]: "a = 1 / 0\n", "main.jsson": `include "${name}"\n` }) });
  assert.is(inner.code, 1, inner.stderr);
  assert.match(inner.stderr, /\n  --> evil\\u001b\]0;title\\u0007\.jsson:1:7\n/, "the included file's place, its name escaped");
  assert.not.match(inner.stderr, RAW_CONTROL);
  const missing = await runCli(["-i", join(dir, "no\u009b2J.jsson")]);
  assert.is(missing.code, 1);
  assert.match(missing.stderr, /no\\u009b2J\.jsson/);
  assert.not.match(missing.stderr, RAW_CONTROL);
});

test("schema reports and plugin refusals are shown escaped", async () => {
  const dir = fixtureDir({ "in.jsson": 'a = "x"\n', "schema.json": JSON.stringify({ properties: { a: { pattern: "^\u001b\\[2J$" } } }) });
  const r = await runCli(["-i", "in.jsson", "--schema", "schema.json"], { cwd: dir });
  assert.is(r.code, 2);
  assert.match(r.stderr, /^❌ Validation failed against schema \(json format\):\n  • \$\.a: .*\\u001b/);
  assert.not.match(r.stderr, RAW_CONTROL);
  const p = await runCli(["-i", "in.jsson", "--plugin", "./x\u001b[8m.mjs"], { cwd: dir });
  assert.is(p.code, 2);
  assert.match(p.stderr, /^jsson: plugin "\.\/x\\u001b\[8m\.mjs" from --plugin: not found/);
  assert.not.match(p.stderr, RAW_CONTROL);
});

test.run();

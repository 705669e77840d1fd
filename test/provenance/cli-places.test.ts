/**
 * The CLI's schema report names each failure's source place (LANGUAGE.md
 * §12.3): `--> file:line:column`, the source line and a caret under the
 * span, through includes, presets, data includes, ranges, templates and
 * maps. Through the real binary.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fixtureDir } from "../cli/fixtures.js";
import { runCli } from "../support/spawn-cli.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CASE_SETS, EXPECTED, INCLUDED, MAIN, SCHEMA, type ExpectedPlace } from "./cases.js";

const dir = fixtureDir({ "main.jsson": MAIN, "schema.json": SCHEMA, ...INCLUDED });
const texts: Readonly<Record<string, string>> = { "main.jsson": MAIN, ...INCLUDED };

/** A place as the report shows it, read back: file, line, column from `-->`, the span from the caret. */
interface ShownPlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly carets: number;
  readonly sourceLine: string;
}

/** The report's failures: error line → its place and related place. */
function readReport(stderr: string): Map<string, { place?: ShownPlace; note?: string; related?: ShownPlace }> {
  const out = new Map<string, { place?: ShownPlace; note?: string; related?: ShownPlace }>();
  const lines = stderr.split("\n");
  let current: { place?: ShownPlace; note?: string; related?: ShownPlace } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    if (l.startsWith("  • ")) out.set(l.slice(4), (current = {}));
    else if (l.startsWith("    note: ") && current) current.note = l.slice(10);
    else if (l.startsWith("    --> ") && current) {
      const m = /^    --> (.+):(\d+):(\d+)$/.exec(l);
      assert.ok(m, l);
      const src = /^ {4}(\d+) \| (.*)$/.exec(lines[i + 1] ?? "");
      const caret = /^ {4}\s*\| ( *)(\^+)$/.exec(lines[i + 2] ?? "");
      assert.ok(src && caret, `excerpt after ${l}:\n${lines[i + 1]}\n${lines[i + 2]}`);
      const shown = { file: m![1]!, line: Number(m![2]), column: Number(m![3]), carets: caret![2]!.length, sourceLine: src![2]! };
      assert.is(Number(src![1]), shown.line, "excerpt line number");
      assert.is(caret![1]!.length + 1, shown.column, `caret under column ${shown.column}`);
      if (current.place === undefined) current.place = shown;
      else current.related = shown;
      i += 2;
    }
  }
  return out;
}

function check(shown: ShownPlace | undefined, want: ExpectedPlace, what: string, sources: Readonly<Record<string, string>> = texts): void {
  assert.ok(shown, `${what}: no place shown`);
  const file = want.file ?? "main.jsson";
  assert.equal([shown!.file, shown!.line, shown!.column], [file, want.line, want.column], what);
  assert.is(shown!.carets, Math.max(1, want.endColumn - want.column), `${what}: caret width`);
  assert.is(shown!.sourceLine, (sources[file] as string).split("\n")[want.line - 1], `${what}: source line`);
}

for (const set of CASE_SETS) {
  test(`every failure is followed by its place: ${set.name}`, async () => {
    const where = fixtureDir({ "main.jsson": set.main, "schema.json": set.schema });
    for (const [name, text] of Object.entries(set.included)) {
      mkdirSync(dirname(join(where, name)), { recursive: true });
      writeFileSync(join(where, name), text);
    }
    const sources: Readonly<Record<string, string>> = { "main.jsson": set.main, ...set.included };
    const r = await runCli(["main.jsson", "-schema", "schema.json", "-validate-only"], { cwd: where });
    assert.is(r.code, 2, r.stderr);
    assert.is(r.stdout, "");
    assert.ok(r.stderr.startsWith("❌ Validation failed against schema (json format):\n"), r.stderr);
    const report = readReport(r.stderr);
    assert.equal([...report.keys()].sort(), set.expected.map((f) => f.error).sort());
    for (const f of set.expected) {
      const got = report.get(f.error)!;
      check(got.place, f.place, f.error, sources);
      if (f.related === undefined) assert.is(got.related, undefined, `${f.error}: no related place`);
      else {
        check(got.related, f.related, `${f.error} (related)`, sources);
        assert.ok(got.note !== undefined && got.note.length > 0, `${f.error}: the related place is labelled`);
      }
    }
  });
}

test("the same places when the data is read back from YAML, and under --select", async () => {
  const yaml = await runCli(["main.jsson", "-f", "yaml", "-schema", "schema.json", "-validate-only"], { cwd: dir });
  assert.is(yaml.code, 2, yaml.stderr);
  const report = readReport(yaml.stderr);
  for (const f of EXPECTED) check(report.get(f.error)?.place, f.place, `yaml: ${f.error}`);
  const sub = fixtureDir({ "main.jsson": MAIN, "s.json": JSON.stringify({ properties: { port: { maximum: 65535 } } }), ...INCLUDED });
  const selected = await runCli(["main.jsson", "--select", "db", "-schema", "s.json", "-validate-only"], { cwd: sub });
  assert.is(selected.code, 2, selected.stderr);
  check(readReport(selected.stderr).get("$.port: Value must be <= 65535, got 70000")?.place, { file: "db.jsson", line: 4, column: 10, endLine: 4, endColumn: 15 }, "--select db");
});

test("a passing check evaluates once and prints no place", async () => {
  const ok = fixtureDir({ "main.jsson": "port = 80\n", "schema.json": JSON.stringify({ properties: { port: { maximum: 100 } } }) });
  const r = await runCli(["main.jsson", "-schema", "schema.json"], { cwd: ok });
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, "✓ Validation passed against schema\n");
});

test.run();

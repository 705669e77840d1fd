/**
 * The YAML, TOML and TypeScript texts of the conformance cases, checked two
 * ways: through the whole engine (source → text), and — without the parser —
 * by rebuilding the value tree from expected.json and emitting it.
 */
import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, NodeFsHost, type IncludeMerge } from "../../index.js";
import { ObjectValue } from "../../core/values/values.js";
import { conformanceDir, emit, fromJson, type FormatName } from "./support.js";
import { whenShared } from "../support/shared-folder.js";

const FILES: readonly [string, FormatName][] = [
  ["expected.yaml", "yaml"],
  ["expected.toml", "toml"],
  ["expected.ts", "typescript"],
];

interface Case {
  readonly name: string;
  readonly dir: string;
  readonly options: { format?: string; include_merge?: IncludeMerge };
}

const dir = conformanceDir() ?? "";
// Every test here is about the shared cases: none is registered without them.
const testShared = whenShared("conformance", test);
const cases: Case[] = (dir === "" ? [] : fs.readdirSync(dir))
  .sort()
  .map((name) => ({ name, dir: path.join(dir, name) }))
  .filter((c) => fs.existsSync(path.join(c.dir, "input.jsson")))
  .map((c) => {
    const opt = path.join(c.dir, "options.json");
    return { ...c, options: fs.existsSync(opt) ? (JSON.parse(fs.readFileSync(opt, "utf8")) as Case["options"]) : {} };
  });

const read = (c: Case, file: string): string => fs.readFileSync(path.join(c.dir, file), "utf8");
const has = (c: Case, file: string): boolean => fs.existsSync(path.join(c.dir, file));

testShared("the conformance folder has format cases", () => {
  const n = cases.filter((c) => FILES.some(([f]) => has(c, f))).length;
  assert.ok(n >= 30, `only ${n} cases with expected.yaml/.toml/.ts`);
});

testShared("engine: every expected.yaml / .toml / .ts matches byte for byte", () => {
  const engine = createEngine();
  const failures: string[] = [];
  let checked = 0;
  for (const c of cases)
    for (const [file, format] of FILES) {
      if (!has(c, file)) continue;
      const file0 = path.join(c.dir, "input.jsson");
      const r = engine.transpile(read(c, "input.jsson"), { format, file: file0, host: new NodeFsHost(), includeMerge: c.options.include_merge ?? "keep" });
      checked++;
      const want = read(c, file);
      if (!r.ok) failures.push(`${c.name} ${format}: failed: ${r.diagnostics.map((d) => d.message).join("; ")}`);
      else if (r.output !== want) failures.push(`${c.name} ${format}:\n${JSON.stringify(r.output)}\nexpected\n${JSON.stringify(want)}`);
    }
  assert.ok(checked >= 40, `checked ${checked}`);
  assert.is(failures.join("\n\n"), "");
});

testShared("engine: output-format errors (TOML null in array, TypeScript names) at the defining line", () => {
  const engine = createEngine();
  let checked = 0;
  for (const c of cases) {
    const format = c.options.format;
    if (!has(c, "expected-error.txt") || format === undefined || format === "json") continue;
    const [first = "", ...more] = read(c, "expected-error.txt").split("\n").filter((l) => l !== "");
    const r = engine.transpile(read(c, "input.jsson"), { format, file: path.join(c.dir, "input.jsson"), host: new NodeFsHost() });
    assert.not.ok(r.ok, c.name);
    if (r.ok) continue;
    const d = r.diagnostics[0];
    const text = d ? `Line ${d.line}: ${d.message}` : "";
    assert.ok(text.includes(first), `${c.name}: ${text} does not contain ${first}`);
    for (const m of more) assert.ok(text.includes(m), `${c.name}: ${text} does not contain ${m}`);
    checked++;
  }
  assert.ok(checked >= 2, `checked ${checked}`);
});

/**
 * Cases whose value tree expected.json determines: JSON keeps no int/float
 * difference, so a YAML/TOML text with an integral float (`3.0`) is skipped,
 * as is any case whose JSON does not survive a parse (integer-like keys
 * move first, big integers round).
 */
function treeFromExpectedJson(c: Case): ObjectValue | undefined {
  if (!has(c, "expected.json")) return undefined;
  const text = read(c, "expected.json");
  const data: unknown = JSON.parse(text);
  if (JSON.stringify(data, null, 2) + "\n" !== text) return undefined;
  const tree = fromJson(data);
  return tree instanceof ObjectValue ? tree : undefined;
}

const INTEGRAL_FLOAT = /(^|[\s[,:=-])\d+\.0(e[+-]?\d+)?($|[\s\],])/m;

testShared("emitters alone: trees rebuilt from expected.json give the expected texts", () => {
  let checked = 0;
  for (const c of cases) {
    const tree = treeFromExpectedJson(c);
    if (!tree) continue;
    for (const [file, format] of FILES) {
      if (!has(c, file)) continue;
      const want = read(c, file);
      if (format !== "typescript" && INTEGRAL_FLOAT.test(want)) continue;
      assert.is(emit(format, tree), want, `${c.name} ${format}`);
      checked++;
    }
  }
  assert.ok(checked >= 30, `checked ${checked}`);
});

test.run();

/**
 * docs/language.md, the language guide, is real: every ```jsson example is
 * run, and each output or error block after it must be exactly what jsson
 * writes (test/support/doc-examples.ts). The engine runs them all; the
 * spawned CLI runs the first example of each kind, to show the two agree.
 * Includes come from the guide's own `file=NAME` blocks.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngine, MemoryHost } from "../../index.js";
import { actualText, docExamples, fencedBlocks, type DocExample, type ExampleContext, type Expectation } from "../support/doc-examples.js";
import { pool } from "../support/pool.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli, type CliRun } from "../support/spawn-cli.js";

const guide = readFileSync(join(REPO_ROOT, "docs", "language.md"), "utf8");
const engine = createEngine();
const { examples, files } = docExamples(guide);
const context: ExampleContext = { file: "/example.jsson", host: new MemoryHost(files) };

const describe = (e: Expectation): string => (e.kind === "output" ? e.format : e.kind);

for (const example of examples) {
  test(`docs/language.md line ${example.line} [${example.expect.map(describe).join(", ")}]: ${example.source.split("\n")[0]}`, () => {
    assert.ok(example.expect.length > 0, "every example of the guide shows its result");
    for (const e of example.expect) assert.fixture(actualText(engine, example, e, context), e.text);
  });
}

test("the guide covers the language", () => {
  const sources = examples.map((e) => e.source).join("\n") + [...files.values()].join("\n");
  const constructs = ["//", ":=", '"""', "```", "`", "${", "{", "[", "..", "step", "map (", "template {", "include ", "@preset", "@use", "null", "?", "&&", "||", "!", "==", "<", "%", "."];
  for (const c of constructs) assert.ok(sources.includes(c), `no example uses ${c}`);
  assert.match(sources, /^\s*"[^"\n]+"\s*[=:{]/m, "no example has a quoted key");
  const kinds = new Set(examples.flatMap((e) => e.expect.map(describe)));
  assert.equal([...kinds].sort(), ["error", "json", "toml", "typescript", "warning", "yaml"]);
  assert.ok(examples.some((e) => e.strict === true), "strict mode is shown");
  assert.ok(examples.filter((e) => e.expect.some((x) => x.kind === "error")).length >= 20, "errors are shown");
  assert.ok(examples.some((e) => e.includeMerge === "overwrite") && examples.some((e) => e.includeMerge === "error"), "merge modes are shown");
});

test("the guide is linked from the README and shipped in the package", () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { files?: string[] };
  assert.ok(pkg.files?.includes("docs"), "package.json files lists docs");
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  assert.match(readme, /\]\(docs\/language\.md\)/);
  // Developers may hear of the optional ../shared folder; no reader is sent to a file in it.
  assert.not.match(readme, /\.\.\/shared\/\w/, "the README sends no reader into ../shared");
});

// The CLI: the first self-contained example of each kind, through the spawned binary, the source in a file
// named as the guide's reports name it (`--> example.jsson:…`), run in its folder.
const sample = new Map<string, { example: DocExample; expectation: Expectation }>();
for (const example of examples)
  for (const expectation of example.expect)
    if (!example.source.includes("include") && !sample.has(describe(expectation))) sample.set(describe(expectation), { example, expectation });
let cliRuns: readonly Promise<CliRun>[] = [];
test.before(() => {
  cliRuns = pool(
    [...sample.values()].map(({ example, expectation }) => () => {
      const dir = mkdtempSync(join(tmpdir(), "jsson-guide-"));
      writeFileSync(join(dir, "example.jsson"), example.source);
      const format = expectation.kind === "output" ? expectation.format : (example.format ?? "json");
      return runCli(["-f", format, ...(example.strict === true ? ["--strict"] : []), "example.jsson"], { cwd: dir }).finally(() => rmSync(dir, { recursive: true, force: true }));
    }),
    2,
  );
});
[...sample.entries()].forEach(([kind, { expectation }], i) => {
  test(`CLI: the guide's first ${kind} example`, async () => {
    const r = await cliRuns[i]!;
    if (expectation.kind === "output") {
      assert.is(r.code, 0, r.stderr);
      assert.fixture(r.stdout, expectation.text);
    } else if (expectation.kind === "warning") {
      assert.is(r.code, 0, r.stderr);
      assert.fixture(r.stderr, expectation.text);
    } else {
      assert.is(r.code, 1);
      assert.fixture(r.stderr, expectation.text);
    }
  });
});

test("example pairing: only blocks with nothing but blank lines between them belong together", () => {
  const md = ["```jsson", "a = 1", "```", "", "```yaml", "a: 1", "```", "```error", "x", "```", "", "text", "", "```json", "{}", "```", ""].join("\n");
  const { examples: found } = docExamples(md);
  assert.is(found.length, 1);
  assert.equal(found[0]?.expect.map(describe), ["yaml", "error"]);
  assert.equal(fencedBlocks("````jsson\nq = ```x```\n````\n").map((b) => b.body), ["q = ```x```\n"]);
  assert.throws(() => docExamples("```error\nLine 1: x\n```\n"), /follows no jsson example/);
  assert.throws(() => docExamples("```jsson include-merge=merge\na = 1\n```\n"), /unknown include-merge/);
  const withFile = docExamples("```jsson file=lib.jsson\nx = 1\n```\n\n```json\n{}\n```\n");
  assert.equal([...withFile.files.keys()], ["lib.jsson"]);
  assert.is(withFile.examples.length, 0);
});

test.run();

/**
 * The README's examples are real: every ```jsson block transpiles, and an
 * output block right after one (```json / ```yaml / ```toml / ```ts) is
 * exactly what the engine writes for it. Also runs the README's sample
 * command line, and each `$ jsson …` command followed by its output.
 * Includes resolve in examples/.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createEngine, NodeFsHost, renderDiagnostic } from "../../core/index.js";
import { actualText, docExamples, fencedBlocks, type ExampleContext } from "../support/doc-examples.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const engine = createEngine();

const blocks = fencedBlocks(readme);
const context: ExampleContext = { file: join(REPO_ROOT, "examples", "README.jsson"), host: new NodeFsHost() };

// Blocks are paired as in docs/language.md (test/support/doc-examples.ts: also ```error blocks).
docExamples(readme).examples.forEach((example) => {
  const firstLine = example.source.split("\n")[0];
  test(`README jsson block: ${firstLine}`, () => {
    for (const e of example.expect) assert.fixture(actualText(engine, example, e, context), e.text);
    if (example.expect.length > 0) return;
    const r = engine.transpile(example.source, { file: context.file, host: context.host });
    assert.ok(r.ok, r.ok ? "" : renderDiagnostic(r.diagnostics[0]!));
  });
});

// A ```sh block holding one `$ jsson …` command, right before an output block: the real CLI, run in the repository root, prints exactly that.
blocks.forEach((block, i) => {
  const command = /^\$ jsson (.+)\n$/.exec(block.body);
  const next = blocks[i + 1];
  if (block.lang !== "sh" || !command || !next || readme.slice(block.end, next.start).trim() !== "") return;
  test(`README command: jsson ${command[1]}`, async () => {
    const r = await runCli((command[1] as string).split(" "));
    assert.is(r.code, 0, r.stderr);
    assert.fixture(r.stdout, next.body);
  });
});

test("the README has a language tour with checked outputs", () => {
  const jsson = blocks.filter((b) => b.lang === "jsson");
  assert.ok(jsson.length >= 6, `${jsson.length} jsson blocks`);
  for (const word of ["template", "include", "@preset", "map", ".."]) assert.ok(jsson.some((b) => b.body.includes(word)), word);
});

test("the README's set-up command runs the sample", async () => {
  const m = /npm ci && node (bin\/jsson\.js [^\n`]+)/.exec(readme);
  assert.ok(m, "the install-and-run line");
  if (!m) return;
  const args = (m[1] as string).split(" ").slice(1);
  const r = await runCli(args);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^app: hello$/m);
});

test.run();

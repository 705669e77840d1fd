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
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const engine = createEngine();

interface Block {
  readonly lang: string;
  readonly body: string;
  readonly start: number;
  readonly end: number;
}

const blocks: Block[] = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
  lang: m[1] ?? "",
  body: m[2] ?? "",
  start: m.index,
  end: m.index + m[0].length,
}));
const OUTPUT_FORMATS: Readonly<Record<string, string>> = { json: "json", yaml: "yaml", toml: "toml", ts: "typescript" };

blocks.forEach((block, i) => {
  if (block.lang !== "jsson") return;
  const next = blocks[i + 1];
  const output = next && readme.slice(block.end, next.start).trim() === "" ? OUTPUT_FORMATS[next.lang] : undefined;
  const firstLine = block.body.split("\n")[0];
  test(`README jsson block: ${firstLine}`, () => {
    const r = engine.transpile(block.body, { format: output ?? "json", file: join(REPO_ROOT, "examples", "README.jsson"), host: new NodeFsHost() });
    assert.ok(r.ok, r.ok ? "" : renderDiagnostic(r.diagnostics[0]!));
    if (r.ok && output && next) assert.fixture(r.output, next.body);
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

/**
 * The README's examples are real, and so are those of the pages its
 * sections moved to (docs/tour.md, docs/cli.md): every ```jsson block
 * transpiles, and an output block right after one (```json / ```yaml /
 * ```toml / ```ts) is exactly what the engine writes for it. Also runs the
 * README's sample command line, and every `$ jsson …` line of a ```sh block
 * (in a copy of examples/), comparing its stdout with the output block right
 * after it — or its stderr when that block is ```text. Includes resolve in examples/.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngine, NodeFsHost, renderDiagnostic } from "../../index.js";
import { actualText, docExamples, fencedBlocks, type ExampleContext } from "../support/doc-examples.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli, startCli } from "../support/spawn-cli.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
/** The README and the pages its longer sections live in now, each with its examples. */
const PAGES = ["README.md", "docs/tour.md", "docs/cli.md"].map((name) => ({ name, text: readFileSync(join(REPO_ROOT, name), "utf8") }));
const engine = createEngine();

const context: ExampleContext = { file: join(REPO_ROOT, "examples", "README.jsson"), host: new NodeFsHost() };

// Blocks are paired as in docs/language.md (test/support/doc-examples.ts: also ```error blocks).
const examples = PAGES.flatMap((page) => docExamples(page.text).examples.map((example) => ({ page: page.name, example })));
examples.forEach(({ page, example }) => {
  const firstLine = example.source.split("\n")[0];
  test(`${page} jsson block: ${firstLine}`, () => {
    for (const e of example.expect) assert.fixture(actualText(engine, example, e, context), e.text);
    if (example.expect.length > 0) return;
    const r = engine.transpile(example.source, { file: context.file, host: context.host });
    assert.ok(r.ok, r.ok ? "" : renderDiagnostic(r.diagnostics[0]!));
  });
});

test("the README shows an example with its output, and the tour has more", () => {
  assert.ok(examples.some((e) => e.page === "README.md" && e.example.expect.length > 0), "the README's example and its output");
  const jsson = fencedBlocks(PAGES[1]!.text).filter((b) => b.lang === "jsson");
  assert.ok(jsson.length >= 6, `${jsson.length} jsson blocks`);
  for (const word of ["template", "include", "@preset", "map", ".."]) assert.ok(jsson.some((b) => b.body.includes(word)), word);
});

test("the README's set-up command runs the sample", async () => {
  const m = /npm ci && npm run build && node (bin\/jsson\.js [^\n`]+)/.exec(readme);
  assert.ok(m, "the install-and-run line");
  if (!m) return;
  const args = (m[1] as string).split(" ").slice(1);
  const r = await runCli(args);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^app: hello$/m);
});

/** Shell words of a README command line: plain words, '…' and "…" quoting, and a final `> FILE`. */
function shellWords(line: string): { args: string[]; redirect: string | undefined } {
  const words = [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
  const at = words.indexOf(">");
  return at < 0 ? { args: words, redirect: undefined } : { args: words.slice(0, at), redirect: words[at + 1] };
}

const commandBlocks = PAGES.flatMap((page) => {
  const blocks = fencedBlocks(page.text);
  return blocks.flatMap((block, i) => {
    const lines = block.body.split("\n").filter((l) => l.startsWith("$ jsson "));
    if (block.lang !== "sh" || lines.length === 0) return [];
    const next = blocks[i + 1];
    const expected = next && page.text.slice(block.end, next.start).trim() === "" ? next : undefined;
    return lines.map((line, k) => ({ line, expected: k === lines.length - 1 ? expected : undefined }));
  });
});

for (const { line, expected } of commandBlocks) {
  test(`README command: ${line}`, async () => {
    const cwd = mkdtempSync(join(tmpdir(), "jsson-readme-"));
    try {
      cpSync(join(REPO_ROOT, "examples"), cwd, { recursive: true, filter: (src) => !src.includes("node_modules") });
      const { args, redirect } = shellWords(line.slice("$ jsson ".length));
      let stdout: string;
      let stderr: string;
      if (args.includes("--watch")) {
        // runs until interrupted: take the first run, then Ctrl-C must end it with status 0
        const live = startCli(args, { cwd });
        await live.waitFor((_, err) => err.includes("[watch "));
        live.signal("SIGINT");
        const end = await live.exited();
        assert.is(end.code, 0, live.stderr());
        stdout = live.stdout();
        stderr = live.stderr();
      } else {
        const r = await runCli(args, { cwd });
        assert.is(r.code, 0, r.stderr);
        stdout = r.stdout;
        stderr = r.stderr;
      }
      if (redirect !== undefined) {
        assert.ok(stdout.length > 0, `${line}: no output`);
        writeFileSync(join(cwd, redirect), stdout);
      }
      if (expected?.lang === "text") assert.fixture(stderr, expected.body);
      else if (expected !== undefined) assert.fixture(stdout, expected.body);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
}

test("the README stays short and links a page for each section that moved", () => {
  assert.ok(readme.split("\n").length <= 150, `${readme.split("\n").length} lines`);
  for (const page of ["docs/tour.md", "docs/language.md", "docs/cli.md", "docs/errors.md", "docs/library.md", "docs/http-api.md", "docs/server-operations.md", "docs/deploy.md", "docs/editors.md", "docs/plugins.md", "docs/testing.md", "docs/architecture.md"])
    assert.ok(readme.includes(`](${page}`), `a link to ${page}`);
  // the ways to get a `jsson` command on the PATH (tested in test/deploy/global-install.e2e.test.ts)
  for (const line of ["npm install -g .", "npm link"]) assert.ok(readme.includes(line), line);
});

test("no page of README.md and docs/ sends a reader to files outside the repository", () => {
  const docsDir = join(REPO_ROOT, "docs");
  const pages = ["README.md", ...readdirSync(docsDir).filter((f) => f.endsWith(".md")).map((f) => join("docs", f))];
  const outside = pages.filter((p) => /LANGUAGE\.md|HTTP\.md|\.\.\/shared/.test(readFileSync(join(REPO_ROOT, p), "utf8")));
  assert.equal(outside, [], "pages citing the specification folder users do not have");
});

test("docs/cli.md shows each command-line feature with a command the suite runs", () => {
  const lines = commandBlocks.map((c) => c.line).join("\n");
  for (const flag of ["-o hello.yaml", "--select", "--documents", "--block-strings", "--sort-keys", "--compact", "--out-dir", "--watch", "completion bash"])
    assert.ok(lines.includes(flag), flag);
});

test.run();

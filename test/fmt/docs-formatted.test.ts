/**
 * Every JSSON example in README.md and docs/, and every playground example
 * (cli/playground/examples.ts, its include files too), is written as `jsson fmt`
 * writes it: all ```jsson blocks (include files too) go through one spawned
 * `jsson fmt --check`, which must list none of them. A block the formatter
 * refuses (a syntax error) must be an example of that error: a block with an
 * `error=CODE` attribute (docs/errors.md) or one followed by an ```error block.
 * A block marked `unformatted` shows a layout fmt would change, on purpose
 * (docs/formatting.md's "before" examples); it must indeed be one fmt changes.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXAMPLES } from "../../cli/playground/examples.js";
import { fencedBlocks } from "../support/doc-examples.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";

interface Block {
  readonly name: string;
  readonly where: string;
  readonly body: string;
  readonly mayFail: boolean;
  readonly unformatted: boolean;
}

const pages = ["README.md", ...readdirSync(join(REPO_ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const blocks: Block[] = pages.flatMap((page) => {
  const text = readFileSync(join(REPO_ROOT, page), "utf8");
  const all = fencedBlocks(text);
  return all.flatMap((b, i) => {
    if (b.lang !== "jsson") return [];
    // a data file shown for an include (`file=db.json`) is not JSSON
    const file = b.attributes.get("file");
    if (file !== undefined && !file.endsWith(".jsson")) return [];
    const next = all[i + 1];
    const errorAfter = next !== undefined && next.lang === "error" && text.slice(b.end, next.start).trim() === "";
    const where = `${page}:${b.line}`;
    return [{ name: `${page.replace(/\W/g, "_")}-${b.line}.jsson`, where, body: b.body, mayFail: errorAfter || b.attributes.has("error"), unformatted: /\bunformatted\b/.test(text.slice(b.start, text.indexOf("\n", b.start))) }];
  });
});

for (const example of EXAMPLES) {
  const sources: [string, string][] = [["source", example.source], ...Object.entries(example.files ?? {}).filter(([path]) => path.endsWith(".jsson"))];
  for (const [file, body] of sources)
    blocks.push({ name: `playground-${example.id}-${file.replace(/\W/g, "_")}.jsson`, where: `playground example ${example.id} (${file})`, body, mayFail: false, unformatted: false });
}

test("every JSSON block of the README and docs/, and every playground example, is as jsson fmt writes it", async () => {
  assert.ok(blocks.length > 120, `${blocks.length} blocks`);
  const dir = mkdtempSync(join(tmpdir(), "jsson-docs-fmt-"));
  try {
    for (const b of blocks) writeFileSync(join(dir, b.name), b.body);
    const r = await runCli(["fmt", "--check", "--error-format", "json", ...blocks.map((b) => b.name)], { cwd: dir });
    const changed = new Set(r.stdout.split("\n").filter((l) => l !== ""));
    const refused = new Set((JSON.parse(r.stderr || '{"diagnostics":[]}') as { diagnostics: { file: string }[] }).diagnostics.map((d) => d.file));
    const byName = new Map(blocks.map((b) => [b.name, b]));
    const unknown = [...changed, ...refused].filter((n) => !byName.has(n));
    assert.equal(unknown, [], "fmt named files it was not given");
    const notFormatted = blocks.filter((b) => changed.has(b.name) && !b.unformatted).map((b) => b.where);
    assert.equal(notFormatted, [], "blocks jsson fmt would change (run them through jsson fmt)");
    const refusedByMistake = blocks.filter((b) => refused.has(b.name) && !b.mayFail).map((b) => b.where);
    assert.equal(refusedByMistake, [], "blocks fmt refuses that are not error examples");
    const markedButFormatted = blocks.filter((b) => b.unformatted && !changed.has(b.name)).map((b) => b.where);
    assert.equal(markedButFormatted, [], "blocks marked unformatted that fmt leaves as they are");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

// Issue #29: docs/library.md is true of the package a user installs. Every
// ```js block of the guide is a whole program: each is written into a folder
// of a project that installed the packed tarball (`npm install jsson-x.y.z.tgz`,
// the pack shared with the other deploy tests), beside the guide's
// `file=NAME` blocks, and run with node there, importing "jsson" as a user
// does; its stdout must be exactly the ```text block right after it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { fencedBlocks } from "../support/doc-examples.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { installOnce } from "./packed-install.js";

const run = promisify(execFile);
const guide = readFileSync(join(REPO_ROOT, "docs", "library.md"), "utf8");
const blocks = fencedBlocks(guide);
const adjacent = (i: number): boolean => blocks[i + 1] !== undefined && guide.slice(blocks[i]!.end, blocks[i + 1]!.start).trim() === "";

const programs = blocks.flatMap((block, i) => {
  if (block.lang !== "js" || block.attributes.has("file")) return [];
  const next = blocks[i + 1];
  return [{ line: block.line, body: block.body, expected: adjacent(i) && next?.lang === "text" ? next.body : undefined }];
});

/** This environment without colour settings: a program's console.log writes plain text, as in a user's pipe. */
function plainEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env["FORCE_COLOR"];
  return env;
}

/** The folder the guide's programs run in, inside the project that installed the tarball; made once. */
let folder: Promise<string> | undefined;
const guideFolder = (): Promise<string> =>
  (folder ??= installOnce("npm").then((install) => {
    const dir = join(install.root, "library-guide");
    mkdirSync(dir, { recursive: true });
    for (const b of blocks) if (b.attributes.has("file")) writeFileSync(join(dir, b.attributes.get("file")!), b.body);
    return dir;
  }));

test("the guide covers what an embedder needs, each with a program", () => {
  const all = programs.map((p) => p.body).join("\n");
  for (const api of ["transpile(", "NodeFsHost", "MemoryHost", "vars:", "readVars(", "schemaCheck(", "transpileTo(", "toPlainData", "renderDiagnostic", "definePlugin", "limits", "signal"])
    assert.ok(all.includes(api), `no program uses ${api}`);
  assert.ok(programs.every((p) => p.expected !== undefined), "every program shows its output");
});

programs.forEach((program, i) => {
  test(`docs/library.md line ${program.line}: the program prints what the guide shows`, async () => {
    const dir = await guideFolder();
    const file = join(dir, `program-${i}.mjs`);
    writeFileSync(file, program.body);
    const { stdout } = await run(process.execPath, [file], { cwd: dir, timeout: 120_000, env: plainEnv() });
    assert.fixture(stdout, program.expected ?? "");
  });
});

test.run();

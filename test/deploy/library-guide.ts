/**
 * docs/library.md's programs, for the two tests that run them: every ```js
 * block of the guide is a whole program, written into a folder beside the
 * guide's `file=NAME` blocks and run with node there, importing "jsson" as a
 * user does; its stdout must be exactly the ```text block right after it.
 * Where "jsson" comes from is the caller's: the repository linked as
 * node_modules/jsson (library-guide.test.ts) or the packed tarball installed
 * (library-guide.e2e.test.ts).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { fencedBlocks } from "../support/doc-examples.js";
import { REPO_ROOT } from "../support/repo-root.js";

const run = promisify(execFile);
const guide = readFileSync(join(REPO_ROOT, "docs", "library.md"), "utf8");
const blocks = fencedBlocks(guide);
const adjacent = (i: number): boolean => blocks[i + 1] !== undefined && guide.slice(blocks[i]!.end, blocks[i + 1]!.start).trim() === "";

/** The guide's programs, each with the output it shows (undefined: none right after it). */
export const guidePrograms = blocks.flatMap((block, i) => {
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

/**
 * One test per program of the guide, each run in `library-guide/` under the
 * folder `projectRoot` resolves to (one whose node_modules holds "jsson"),
 * beside the guide's `file=NAME` blocks; the folder is made once.
 */
export function testGuidePrograms(where: string, projectRoot: () => Promise<string>): void {
  let folder: Promise<string> | undefined;
  const guideFolder = (): Promise<string> =>
    (folder ??= projectRoot().then((root) => {
      const dir = join(root, "library-guide");
      mkdirSync(dir, { recursive: true });
      for (const b of blocks) if (b.attributes.has("file")) writeFileSync(join(dir, b.attributes.get("file")!), b.body);
      return dir;
    }));
  guidePrograms.forEach((program, i) => {
    test(`docs/library.md line ${program.line}, ${where}: the program prints what the guide shows`, async () => {
      const dir = await guideFolder();
      const file = join(dir, `program-${i}.mjs`);
      writeFileSync(file, program.body);
      const { stdout } = await run(process.execPath, [file], { cwd: dir, timeout: 120_000, env: plainEnv() });
      assert.fixture(stdout, program.expected ?? "");
    });
  });
}

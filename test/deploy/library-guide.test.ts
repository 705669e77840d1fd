// Issue #29: docs/library.md is true of the package. Every program of the
// guide (library-guide.ts) runs in a project whose node_modules/jsson is a
// link to this repository, so "jsson" and "jsson/plugin" resolve through
// package.json's "exports" map, as in an installed copy; the packed
// tarball's files and install are the end-to-end lane's
// (library-guide.e2e.test.ts runs the same programs against an install).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";
import { guidePrograms, testGuidePrograms } from "./library-guide.js";

test("the guide covers what an embedder needs, each with a program", () => {
  const all = guidePrograms.map((p) => p.body).join("\n");
  for (const api of ["transpile(", "NodeFsHost", "MemoryHost", "vars:", "readVars(", "schemaCheck(", "transpileTo(", "toPlainData", "renderDiagnostic", "definePlugin", "limits", "signal"])
    assert.ok(all.includes(api), `no program uses ${api}`);
  assert.ok(guidePrograms.every((p) => p.expected !== undefined), "every program shows its output");
});

testGuidePrograms("the repository as node_modules/jsson", async () => {
  const root = mkdtempSync(join(tmpdir(), "jsson-library-guide-"));
  process.once("exit", () => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "node_modules"));
  symlinkSync(REPO_ROOT, join(root, "node_modules", "jsson"), "dir");
  return root;
});

test.run();

/**
 * Property: whatever strings a tree holds, the example dotenv format either
 * writes a file that Node's own .env reader (util.parseEnv, the reader of
 * `node --env-file`) reads back to exactly those strings, or refuses for one
 * of its documented reasons. The plugin is loaded through the real loader
 * from a copy of its folder in a project with jsson installed (linked).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import fc from "fast-check";
import { createEngineWithPlugins } from "../../cli/plugin-loader/index.js";
import { ObjectValue } from "../../core/values/values.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { TempTree } from "./plugin-files.js";

const tree = new TempTree("jsson-dotenv-roundtrip-");
tree.linkJsson(".");
for (const part of ["package.json", "src"]) cpSync(join(REPO_ROOT, "examples", "jsson-plugin-dotenv", part), join(tree.root, "jsson-plugin-dotenv", part), { recursive: true });
const { engine } = await createEngineWithPlugins({ cwd: tree.root, cliPlugins: ["./jsson-plugin-dotenv"] });
test.after(() => tree.remove());

/** Characters the quoting rules care about, mixed with anything else. */
const tricky = fc.constantFrom(" ", "\t", "\n", "#", "=", '"', "'", "`", "\\", "$", "n", "a", "é", "\u00a0", "\u2028", "\r", "\0", "\ud800", "😀");
const text = fc.oneof(fc.string({ unit: tricky, maxLength: 12 }), fc.string({ unit: "binary", maxLength: 12 }), fc.string({ maxLength: 12 }));

/** Why a value may be refused, per the documented rules (README "Quoting"). */
function refusable(s: string): boolean {
  return s.includes("\r") || s.includes("\0") || /\p{Cs}/u.test(s) || (s.includes("'") && s.includes("`") && /["\\]/.test(s));
}

test("any strings: read back exactly by util.parseEnv, or refused for a documented reason", () => {
  fc.assert(
    fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), (values) => {
      const root = new ObjectValue();
      values.forEach((v, i) => root.set(`k${i}`, v));
      const chunks: string[] = [];
      const r = engine.emit(root, { write: (c) => void chunks.push(c) }, { format: "dotenv" });
      if (!r.ok) {
        assert.ok(values.some(refusable), `refused without reason: ${JSON.stringify(values)} → ${r.diagnostics[0]?.message}`);
        assert.match(r.diagnostics[0]?.message ?? "", /^dotenv cannot write the value of "k\d"/);
        return;
      }
      assert.ok(!values.some(refusable), `accepted a value the rules refuse: ${JSON.stringify(values)}`);
      const back = parseEnv(chunks.join(""));
      assert.equal({ ...back }, Object.fromEntries(values.map((v, i) => [`K${i}`, v])));
    }),
    { numRuns: 400 },
  );
});

test.run();

/**
 * The example programs of ../shared/reference-examples (README there): each
 * must give the expected JSON *data* (key order ignored, 3 = 3.0), fail with
 * the expected `Line <n>:` fragment, or — for the two large ones — produce
 * data whose canonical form has the recorded SHA-256.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createEngine, NodeFsHost, renderDiagnostic, type TranspileResult } from "../../index.js";
import { decodeUtf8 } from "../../core/host/node-fs-host.js";
import { sharedFolder, whenShared } from "../support/shared-folder.js";
import { dataDifference } from "../support/same-data.js";

const engine = createEngine();
const dir = sharedFolder("reference-examples") ?? "";
const names = (dir === "" ? [] : readdirSync(dir))
  .filter((f) => f.endsWith(".jsson"))
  .map((f) => f.slice(0, -".jsson".length))
  .sort();

function run(name: string): TranspileResult {
  const file = join(dir, `${name}.jsson`);
  return engine.transpile(decodeUtf8(readFileSync(file)), { format: "json", file, host: new NodeFsHost() });
}

/** The canonical text of README "Canonical form": no whitespace, keys sorted by UTF-16 code units. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
  const o = v as Record<string, unknown>;
  return "{" + Object.keys(o).sort().map((k) => JSON.stringify(k) + ":" + canonical(o[k])).join(",") + "}";
}

const expectedFile = (name: string, suffix: string): string | undefined => {
  const p = join(dir, `${name}${suffix}`);
  return existsSync(p) ? readFileSync(p, "utf8") : undefined;
};

for (const name of names) {
  const json = expectedFile(name, ".expected.json");
  const error = expectedFile(name, ".expected-error.txt");
  const sha = expectedFile(name, ".expected.sha256");
  test(`reference example ${name}`, () => {
    assert.ok(json !== undefined || error !== undefined || sha !== undefined, `${name}: no expected file`);
    const r = run(name);
    if (error !== undefined) {
      assert.not.ok(r.ok, "expected an error, the run succeeded");
      if (r.ok) return;
      const message = renderDiagnostic(r.diagnostics[0]!);
      for (const fragment of error.split(/\r?\n/).filter((l) => l.trim() !== ""))
        assert.ok(message.includes(fragment), `missing fragment\n  ${fragment}\nin\n  ${message}`);
      return;
    }
    assert.ok(r.ok, r.ok ? "" : `expected success, got: ${r.diagnostics.map(renderDiagnostic).join("; ")}`);
    if (!r.ok) return;
    const data: unknown = JSON.parse(r.output);
    if (json !== undefined) {
      const diff = dataDifference(data, JSON.parse(json));
      assert.is(diff, undefined, `data differs: ${diff}`);
    } else {
      const digest = createHash("sha256").update(canonical(data), "utf8").digest("hex");
      assert.is(digest, (sha as string).trim());
    }
  });
}

whenShared("reference-examples", test)("all 83 reference examples were found", () => {
  assert.is(names.length, 83);
});

test.run();

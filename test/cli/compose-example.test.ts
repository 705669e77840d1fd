/**
 * examples/compose-service (docs/language.md "Composition"): one service,
 * three environments from a shared base included as a value, a YAML file of
 * sizes read as a value, per-environment overrides by spread and `+`,
 * conditional members and a conditional sidecar. Its outputs are checked
 * byte for byte in every format, and the CLI command the example's comment
 * gives is run for real.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createEngine, NodeFsHost, renderDiagnostic } from "../../index.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";

const dir = join(REPO_ROOT, "examples", "compose-service");
const file = join(dir, "service.jsson");
const source = readFileSync(file, "utf8");
const engine = createEngine();
const EXTENSIONS = { json: "json", yaml: "yaml", toml: "toml", ts: "ts" } as const;

for (const environment of ["dev", "staging", "prod"]) {
  for (const [format, ext] of Object.entries(EXTENSIONS)) {
    test(`compose-service ${environment} [${format}]`, () => {
      const r = engine.transpile(source, { format, file, host: new NodeFsHost(), vars: { environment } });
      assert.ok(r.ok, r.ok ? "" : renderDiagnostic(r.diagnostics[0]!));
      if (r.ok) assert.fixture(r.output, readFileSync(join(dir, "expected", `${environment}.${ext}`), "utf8"));
    });
  }
}

test("compose-service: the documented command writes the prod YAML", async () => {
  const run = await runCli(["--var", "environment=prod", "service.jsson", "-f", "yaml"], { cwd: dir });
  assert.is(run.stderr, "");
  assert.is(run.code, 0);
  assert.fixture(run.stdout, readFileSync(join(dir, "expected", "prod.yaml"), "utf8"));
});

test.run();

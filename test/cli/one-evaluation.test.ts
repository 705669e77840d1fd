/**
 * One parse and one evaluation per CLI run (#13 item 5), counted by the
 * plugin that taps the parse and evaluate stages
 * (test/http/fixtures/stage-counter-plugin.mjs), loaded into the real binary
 * with `--plugin`: a plain run, a streamed one, and `--schema` runs in every
 * format (passing, failing, `--validate-only`), where the output is both
 * validated and written from the one evaluation.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli, type CliRun } from "../support/spawn-cli.js";

const dir = mkdtempSync(join(tmpdir(), "jsson-cli-one-evaluation-"));
const log = join(dir, "stages.log");
const plugin = join(REPO_ROOT, "test", "http", "fixtures", "stage-counter-plugin.mjs");
writeFileSync(join(dir, "ok.jsson"), 'include "db.jsson"\nport = 8080\nxs = 1..20\n');
writeFileSync(join(dir, "bad.jsson"), "port = 70000\n");
writeFileSync(join(dir, "db.jsson"), "db { host = \"localhost\" }\n");
writeFileSync(join(dir, "schema.json"), JSON.stringify({ type: "object", properties: { port: { type: "integer", maximum: 65535 } }, required: ["port"] }));

/** Run the CLI with the counting plugin; the stages it saw. */
async function stagesOf(args: readonly string[]): Promise<{ run: CliRun; stages: string[] }> {
  writeFileSync(log, "");
  const run = await runCli([...args, "--plugin", plugin], { cwd: dir, env: { STAGE_COUNTER_LOG: log } });
  return { run, stages: readFileSync(log, "utf8").split("\n").filter((l) => l !== "") };
}

const ROOT_AND_INCLUDE = [`parse ${join(dir, "ok.jsson")}`, `parse ${join(dir, "db.jsson")}`, "evaluate"];

test("a run, buffered and streamed: each file parsed once, one evaluation", async () => {
  for (const extra of [[], ["--stream"], ["-f", "yaml"]]) {
    const r = await stagesOf(["-i", "ok.jsson", ...extra]);
    assert.is(r.run.code, 0, r.run.stderr);
    assert.equal(r.stages, ROOT_AND_INCLUDE, extra.join(" "));
  }
});

test("--schema in every format, passing, failing and --validate-only: one evaluation, validated and written", async () => {
  for (const format of ["json", "yaml", "toml", "typescript"]) {
    const pass = await stagesOf(["-i", "ok.jsson", "-f", format, "--schema", "schema.json"]);
    assert.is(pass.run.code, 0, pass.run.stderr);
    assert.match(pass.run.stdout, "8080");
    assert.equal(pass.stages, ROOT_AND_INCLUDE, `${format} pass`);
    const only = await stagesOf(["-i", "ok.jsson", "-f", format, "--schema", "schema.json", "--validate-only"]);
    assert.is(only.run.code, 0, only.run.stderr);
    assert.is(only.run.stdout, "");
    assert.equal(only.stages, ROOT_AND_INCLUDE, `${format} --validate-only`);
    const fail = await stagesOf(["-i", "bad.jsson", "-f", format, "--schema", "schema.json"]);
    assert.is(fail.run.code, 2);
    assert.match(fail.run.stderr, "$.port: Value must be <= 65535, got 70000");
    assert.equal(fail.stages, [`parse ${join(dir, "bad.jsson")}`, "evaluate"], `${format} fail`);
  }
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();

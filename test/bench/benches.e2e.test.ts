/**
 * The bench scripts cannot rot (issue 17 item 6): they type-check against
 * the built package (bench/tsconfig.json: checkJs over the .mjs scripts,
 * whose dist/ imports resolve to the compiled declarations), every entry
 * script runs at its `--smoke` size and prints what it measures, and the
 * shell scripts parse (`bash -n`) and run at their `--smoke` size where
 * their tools (wrk, curl, bc) are on the machine. Smoke figures are not
 * results: bench/RESULTS.md holds those.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";

/**
 * Each entry script (a file of bench/ that starts with a shebang), and what
 * its smoke run must print: one pattern, or several that must all match.
 */
const SMOKE_RUNS: Readonly<Record<string, RegExp | readonly RegExp[]>> = {
  "bench/bare-http.mjs": /^smoke: 200 \{"success":true/m,
  "bench/http-postmessage.mjs": /^flat 16\s+[\d.]+$/m,
  "bench/cli-workloads.mjs": /^\| w1 \| json \| \d+/m,
  "bench/emit-formats.mjs": /^typescript\s+1000 items/m,
  "bench/engine-throughput.mjs": /^http job\s+[\d.]+ runs\/cpu-s/m,
  "bench/fmt.mjs": /over 1 runs; output \d+ chars/,
  "bench/lsp-first-diagnostics.mjs": /^first diagnostics \(didOpen → publishDiagnostics\): median [\d.]+ ms/m,
  "bench/lsp-outline.mjs": /^all: median [\d.]+ cpu-ms, first [\d.]+ cpu-ms$/m,
  "bench/lsp-hover-during-evaluation.mjs": [/^open: hovers answered before the diagnostics per round \d+; latency median [\d.]+ ms/m, /^edit: hovers answered/m],
  "bench/many-files.mjs": /^\| worker threads \| [\d.]+/m,
  "bench/metrics-record.mjs": /^one scrape \(fold \+ text/m,
  "bench/schema-validate.mjs": /^cache: \{"compiles":/m,
  "bench/serve-memory.mjs": /^-processes 1 -workers 1: idle \d+ MB per HTTP process; after load \d+ MB/m,
  "bench/cli-cold-start.mjs": /^\| transpile \(json\) \| [\d.]+ \| [\d.]+ \| [\d.]+ /m,
  "bench/serve-start.mjs": [/^\| flag error \(JSSON_PORT=nope, exit 2\) \| \d+ \|$/m, /^\| 2 processes × 2 workers, first answer \| \d+ \|$/m],
  "bench/schema-places.mjs": /^locateFailures\s+[\d.]+$/m,
  "bench/syntax-tree.mjs": /^parseTree\s+\|\s+[\d.]+ \|/m,
  "bench/w3-new-text.mjs": /^job\s+median [\d.]+ cpu-ms/m,
  "bench/ab-evaluate-cpu.mjs": /^this\s+[\d.]+ cpu-ms\/evaluate/m,
  "bench/check-evaluate-cpu.mjs": [/^check [\d.]+ cpu-ms$/m, /^evaluate [\d.]+ cpu-ms$/m],
  "bench/hostile-limits.mjs": /^\| lazy map made eager \(finding 3\) \| 200 \| success \|/m,
  // collecting warnings changes no output byte (conformance and reference examples where ../shared is present)
  "bench/warnings-survey.mjs": /^outputs compared with the expected files: \d+, changed: 0$/m,
  "bench/fuzz/cost.mjs": /^findings: 0$/m,
  "bench/fuzz/run.mjs": /^0 finding\(s\)$/m,
  // A few seconds of soak on a shared machine: the verdicts about answers must hold, those about
  // memory growth and latency spread need the real length (so the result line may say FAIL, exit 1).
  "bench/soak/run.mjs": [/^PASS  zero 5xx: /m, /^PASS  zero connection errors: /m, /^PASS  every answer correct: /m, /^PASS  clean stop: /m, /^RESULT: (PASS|FAIL)$/m],
};

/** Scripts whose smoke run may exit 1: a verdict that means nothing at smoke size. */
const VERDICT_EXIT_OK = new Set(["bench/soak/run.mjs"]);

/** Entry scripts that are not benchmarks themselves: run by the shell scripts below (and so by their smoke runs). */
const HELPERS = new Set(["bench/http-bodies.mjs"]);

/** The shell scripts, the commands each needs, and what its smoke run must print. */
const SHELL_RUNS: Readonly<Record<string, { readonly needs: readonly string[]; readonly prints: RegExp }>> = {
  "bench/http-load.sh": { needs: ["wrk", "curl"], prints: /^small \/transpile json \(64 conns\)\s+req_per_s=\d+ .* errors=0 non2xx=0$/m },
  "bench/http-cpu-per-request.sh": { needs: ["wrk", "curl"], prints: /^round 1 .* us_cpu_per_request=[\d.]+$/m },
  "bench/http-stream-memory.sh": { needs: ["curl", "bc"], prints: /^small-json\s+status 200 /m },
  "bench/http-ab.sh": { needs: ["wrk", "curl"], prints: /^small\s+bare\s+\d+\s+[\d.]+\s+[\d.]+$/m },
};

function filesOf(dir: string, ending: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== "workloads") out.push(...filesOf(path, ending));
    else if (entry.name.endsWith(ending)) out.push(path);
  }
  return out.sort();
}

/** How a run ended, and what it printed. */
interface Ran {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run a command to its end, killed after `timeoutMs`. */
function run(command: string, args: readonly string[], timeoutMs: number): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => err.push(d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    });
  });
}

async function has(command: string): Promise<boolean> {
  return (await run("sh", ["-c", `command -v ${command}`], 10_000)).status === 0;
}

test("every entry script of bench/ has a smoke run here (or is a helper of one)", () => {
  const entries = filesOf("bench", ".mjs").filter((f) => readFileSync(join(REPO_ROOT, f), "utf8").startsWith("#!"));
  assert.equal(entries.filter((f) => !HELPERS.has(f)), Object.keys(SMOKE_RUNS).sort());
  assert.equal(filesOf("bench", ".sh"), Object.keys(SHELL_RUNS).sort());
});

test("the bench scripts type-check against the built package (bench/tsconfig.json)", async () => {
  const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  const r = await run(process.execPath, [tsc, "-p", "bench/tsconfig.json"], 120_000);
  assert.is(r.status, 0, `tsc -p bench/tsconfig.json:\n${r.stdout}${r.stderr}`);
});

for (const [script, prints] of Object.entries(SMOKE_RUNS)) {
  test(`${script} --smoke runs`, async () => {
    const r = await run(process.execPath, [script, "--smoke"], 120_000);
    assert.ok(r.status === 0 || (r.status === 1 && VERDICT_EXIT_OK.has(script)), `exit ${r.status} ${r.signal ?? ""}\n${r.stdout}\n${r.stderr}`);
    for (const pattern of [prints].flat()) assert.match(r.stdout, pattern);
  });
}

for (const [script, { needs, prints }] of Object.entries(SHELL_RUNS)) {
  test(`${script} parses, and runs --smoke where its tools are`, async () => {
    const syntax = await run("bash", ["-n", script], 10_000);
    assert.is(syntax.status, 0, syntax.stderr);
    const missing: string[] = [];
    for (const c of needs) if (!(await has(c))) missing.push(c);
    if (missing.length > 0) {
      console.log(`note: ${script} --smoke not run: ${missing.join(", ")} not installed`);
      return;
    }
    const r = await run("bash", [script, "--smoke"], 120_000);
    assert.is(r.status, 0, `exit ${r.status} ${r.signal ?? ""}\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, prints);
  });
}

test.run();

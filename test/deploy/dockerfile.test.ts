// Issue #16 item 3: the Dockerfile and .dockerignore, read as data (no Docker
// engine here). installed-package.e2e.test.ts repeats the runtime stage and runs
// the HEALTHCHECK command; this file checks the rest of the image's contract.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readDockerfile, type Stage } from "./dockerfile.js";
import { REPO_ROOT } from "../support/repo-root.js";

const { stages } = readDockerfile();
const runtime = stages.at(-1)!;
const build = stages.find((s) => s.name === "build")!;
const values = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

test("two stages on a slim Node 20 image: build (all dependencies, npm pack) and runtime", () => {
  assert.equal(stages.map((s) => s.name), ["build", "runtime"]);
  for (const s of stages) assert.match(s.image, /^node:20(\.\d+)*-(bookworm-slim|slim|alpine)/);
  const buildRuns = values(build, "RUN").join("\n");
  assert.match(buildRuns, /npm ci\b(?!.*--omit)/);
  assert.match(buildRuns, /npm pack\b/);
});

test("the runtime stage: the package's files and production dependencies only, NODE_ENV=production", () => {
  const copies = values(runtime, "COPY");
  assert.ok(copies.length > 0 && copies.every((c) => c.startsWith("--from=build ")), `only the built package comes in: ${copies.join(" | ")}`);
  assert.match(values(runtime, "RUN").join("\n"), /npm ci --omit=dev\b/);
  assert.match(values(runtime, "ENV").join("\n"), /\bNODE_ENV=production\b/);
});

test("the runtime stage runs as a numeric non-root user, exposes 8090, checks /livez, and starts under tini", () => {
  const [user] = values(runtime, "USER");
  assert.match(user ?? "", /^[1-9]\d*(:\d+)?$/, "numeric, so Kubernetes' runAsNonRoot can check it");
  assert.equal(values(runtime, "EXPOSE"), ["8090"]);
  assert.match(values(runtime, "HEALTHCHECK").join(""), /\/livez/);
  const entry = JSON.parse(values(runtime, "ENTRYPOINT")[0] ?? "[]") as string[];
  assert.equal(entry.slice(0, 2), ["/usr/bin/tini", "--"]);
  assert.match(values(runtime, "RUN").join("\n"), /apt-get install .*\btini\b/);
  assert.equal(JSON.parse(values(runtime, "CMD")[0] ?? "[]"), ["serve"]);
  // Node sees the host's cores in a container, not the CPU limit: processes and workers are set.
  assert.match(values(runtime, "ENV").join("\n"), /JSSON_PROCESSES=\d+/);
  assert.match(values(runtime, "ENV").join("\n"), /JSSON_WORKERS=\d+/);
});

test(".dockerignore lets in exactly what the build stage needs, and every name it lets in exists", () => {
  const lines = readFileSync(join(REPO_ROOT, ".dockerignore"), "utf8").split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
  assert.is(lines[0], "*", "an allow-list");
  const allowed = lines.slice(1).map((l) => l.replace(/^!/, "").replace(/\/$/, ""));
  for (const name of allowed) assert.ok(existsSync(join(REPO_ROOT, name)), `${name} exists`);
  const tsconfig = JSON.parse(readFileSync(join(REPO_ROOT, "tsconfig.json"), "utf8")) as { include: string[] };
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string>; files: string[] };
  const scriptFolders = [...(pkg.scripts["build"] ?? "").matchAll(/node (\w+)\//g)].map((m) => m[1]!);
  // dist/ and man/ are written by the build stage's `npm run build`, not copied in
  const packaged = pkg.files.filter((f) => !f.startsWith("!") && f !== "dist" && f !== "man");
  for (const need of ["package.json", "package-lock.json", "tsconfig.json", ...tsconfig.include.filter((d) => d !== "test"), ...scriptFolders, ...packaged]) {
    assert.ok(allowed.includes(need), `${need} is in the build context`);
  }
});

test.run();

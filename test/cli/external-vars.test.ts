/**
 * The real `bin/jsson.js` with external variables (--var, --var-json,
 * --vars) and data includes: a three-environment configuration, the order
 * in which the flags apply, and usage errors (exit 2) naming the name.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { load as loadYaml } from "js-yaml";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

const dir = fixtureDir({
  "service.jsson": [
    'include "environments.yaml"',
    'include "defaults.json"',
    "current := env == \"prod\" ? environments.prod : env == \"staging\" ? environments.staging : environments.dev",
    "service {",
    '  name = "api-" + env',
    "  replicas = current.replicas",
    "  image = image_repo + \":\" + tag",
    "  timeout_s = defaults.timeout_s",
    "}",
    "",
  ].join("\n"),
  "environments.yaml": "environments:\n  dev: { replicas: 1 }\n  staging: { replicas: 2 }\n  prod: { replicas: 6 }\n",
  "defaults.json": '{"defaults": {"timeout_s": 2.0}, "image_repo": "registry/api"}',
  "base.yaml": "env: staging\ntag: v1\n",
  "big.json": '{"big": 9223372036854775807, "ratio": 1.0}',
  "nums.jsson": "big = big\nratio = ratio\n",
  "order.jsson": "x = x\n",
  "bad-name.toml": '"my-var" = 1\n',
  "list.json": "[1, 2]",
  "dup.json": '{"x": 1,\n "x": 2}',
});
const file = (name: string): string => join(dir, name);

test("three environments from one source: --var env=… picks one, a data include supplies the table", async () => {
  const seen: unknown[] = [];
  for (const env of ["dev", "staging", "prod"]) {
    const r = await runCli(["-i", file("service.jsson"), "-f", "yaml", "--var", `env=${env}`, "--var", "tag=v2"]);
    assert.is(r.code, 0, r.stderr);
    seen.push(loadYaml(r.stdout));
  }
  assert.equal(seen, [
    { service: { name: "api-dev", replicas: 1, image: "registry/api:v2", timeout_s: 2.0 }, environments: { dev: { replicas: 1 }, staging: { replicas: 2 }, prod: { replicas: 6 } }, defaults: { timeout_s: 2.0 }, image_repo: "registry/api" },
    { service: { name: "api-staging", replicas: 2, image: "registry/api:v2", timeout_s: 2.0 }, environments: { dev: { replicas: 1 }, staging: { replicas: 2 }, prod: { replicas: 6 } }, defaults: { timeout_s: 2.0 }, image_repo: "registry/api" },
    { service: { name: "api-prod", replicas: 6, image: "registry/api:v2", timeout_s: 2.0 }, environments: { dev: { replicas: 1 }, staging: { replicas: 2 }, prod: { replicas: 6 } }, defaults: { timeout_s: 2.0 }, image_repo: "registry/api" },
  ]);
});

test("--vars FILE gives variables; flags apply in command-line order, later ones winning", async () => {
  const after = await runCli(["transpile", file("service.jsson"), "--vars", file("base.yaml"), "-var", "env=prod"]);
  assert.is(after.code, 0, after.stderr);
  assert.match(after.stdout, /"name": "api-prod"/);
  assert.match(after.stdout, /"image": "registry\/api:v1"/);
  const before = await runCli([file("service.jsson"), "--var=env=prod", "-vars", file("base.yaml")]);
  assert.is(before.code, 0, before.stderr);
  assert.match(before.stdout, /"name": "api-staging"/);
  // Through oclif too (`--` sends the command line past the fast path).
  const viaOclif = await runCli(["transpile", file("order.jsson"), "--var", "x=1", "--var-json", "x=2", "--vars", file("base.yaml"), "--var", "x=3", "--"]);
  assert.is(viaOclif.code, 0, viaOclif.stderr);
  assert.is(viaOclif.stdout, '{\n  "x": "3"\n}\n');
});

test("--var-json and --vars keep exact integers and floats", async () => {
  const r = await runCli([file("nums.jsson"), "-f", "toml", "--var-json", "big=-9223372036854775808", "--var-json", "ratio=1.0"]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, "big = -9223372036854775808\nratio = 1.0\n");
  const fromFile = await runCli([file("nums.jsson"), "-f", "yaml", "--vars", file("big.json")]);
  assert.is(fromFile.stdout, "big: 9223372036854775807\nratio: 1.0\n");
});

test("bad names, values and files are usage errors (exit 2) that name the problem", async () => {
  const cases: [string[], RegExp][] = [
    [["--var", "1x=a"], /^jsson: --var 1x=a: "1x" is not a valid name/],
    [["--var", "true=a"], /"true" is a keyword/],
    [["--var", "noequals"], /--var noequals: expected NAME=TEXT/],
    [["--var-json", "x={bad"], /^jsson: --var-json x: invalid JSON in "--var-json x"/],
    [["--var-json", "x=1e999"], /cannot represent 1e999/],
    [["--vars", file("bad-name.toml")], /--vars .*bad-name\.toml: "my-var" is not a valid name/],
    [["--vars", file("list.json")], /must hold an object at its top level/],
    [["--vars", file("dup.json")], /--vars .*dup\.json: Line 2: duplicate key "x"/],
    [["--vars", file("missing.yaml")], /cannot read vars file ".*missing\.yaml": no such file/],
    [["--vars", file("service.jsson")], /must be \.json, \.yaml, \.yml or \.toml/],
  ];
  for (const [args, message] of cases) {
    const r = await runCli([file("order.jsson"), ...args]);
    assert.is(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(" "));
    assert.is(r.stdout, "");
  }
});

test("a data include's error is a source error (exit 1) at the include, with the file's line", async () => {
  const d = fixtureDir({ "main.jsson": 'a = 1\ninclude "dup.json"\n', "dup.json": '{"x": 1,\n "x": 2}' });
  const r = await runCli([join(d, "main.jsson")]);
  assert.is(r.code, 1);
  assert.match(r.stderr, /^Line 2: error in included file "dup\.json": Line 2: duplicate key "x" in "dup\.json"/);
});

test.run();

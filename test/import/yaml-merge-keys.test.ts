/**
 * `jsson import` applies YAML merge keys (`<<: *base`, `<<: [*a, *b]`) as
 * YAML 1.1 readers do (docs/import.md), so importing a docker-compose file
 * and transpiling the result gives the data PyYAML reads from the original:
 * the same keys, values and key order. PyYAML is run for real (python3 with
 * the yaml module; .ci/run installs Debian's python3-yaml). How the sharing
 * is written (variables, spreads): yaml-anchors.test.ts.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { fixtureDir } from "../cli/fixtures.js";
import { runCli } from "../support/spawn-cli.js";
import { pyYamlDisagreements } from "./pyyaml-reading.js";

const COMPOSE = `x-common: &common
  restart: unless-stopped
  environment: &env
    TZ: UTC
    LOG: info
  logging:
    driver: json-file
x-limits: &limits
  mem_limit: 512m
  restart: always
services:
  web:
    <<: *common
    image: nginx:1.25
    ports: ["80:80"]
  api:
    <<: [*limits, *common]
    image: api:2
    environment:
      <<: *env
      LOG: debug
  worker:
    image: worker
    environment: *env
    restart: "no"
    <<: *common
  quoted:
    "<<": not a merge
`;

test("a compose file with anchors and merges imports to the data PyYAML reads, in its key order", async () => {
  const dir = fixtureDir({ "compose.yml": COMPOSE });
  const imported = await runCli(["import", join(dir, "compose.yml"), "-o", join(dir, "compose.jsson")]);
  assert.is(imported.code, 0, imported.stderr);
  const back = await runCli([join(dir, "compose.jsson"), "-f", "json"]);
  assert.is(back.code, 0, back.stderr);
  assert.equal(pyYamlDisagreements([{ name: "compose.yml", yaml: COMPOSE, json: back.stdout }]), []);
});

test("a merge key whose value is not a mapping is refused with its line", async () => {
  const dir = fixtureDir({ "bad.yml": "a: 1\nb:\n  <<: 5\n" });
  const r = await runCli(["import", join(dir, "bad.yml")]);
  assert.is(r.code, 1);
  assert.match(r.stderr, /a merge key \(<<\) takes a mapping or a list of mappings/);
});

test.run();

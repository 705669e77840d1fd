#!/usr/bin/env node
// Writes the request bodies of bench/http-load.sh into the folder given as argv[2].
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const out = process.argv[2];
const workloads = new URL("./workloads/", import.meta.url);
const small = readFileSync(new URL("small.jsson", workloads), "utf8");
const bodies = {
  "small.json": { source: small },
  "small-yaml.json": { source: small, format: "yaml" },
  "w3.json": { source: readFileSync(new URL("w3.jsson", workloads), "utf8") },
  "w1b.json": { source: readFileSync(new URL("w1b.jsson", workloads), "utf8"), streaming: true },
};
for (const [name, body] of Object.entries(bodies)) writeFileSync(join(out, name), JSON.stringify(body));

/**
 * What a YAML 1.1 reader makes of a document, asked of PyYAML itself
 * (python3 with the yaml module; .ci/run installs Debian's python3-yaml):
 * the importer promises that an imported YAML file transpiles to that data
 * (docs/import.md). One python3 run compares many documents.
 */
import { spawnSync } from "node:child_process";
import * as assert from "uvu/assert";

/** A YAML document and the JSON text that should hold the same data. */
export interface YamlAndJson {
  readonly name: string;
  readonly yaml: string;
  readonly json: string;
}

// Both sides as Python values, compared as JSON text: types, values and key order (json.loads keeps the order).
const COMPARE = `
import json, sys, yaml
out = []
for case in json.load(sys.stdin):
    want = json.dumps(yaml.safe_load(case["yaml"]), ensure_ascii=False)
    got = json.dumps(json.loads(case["json"]), ensure_ascii=False)
    if want != got:
        out.append(case["name"] + "\\n  PyYAML: " + want + "\\n  JSSON:  " + got)
print(json.dumps(out))
`;

/** The cases whose JSON differs from PyYAML's reading of their YAML, each with both data as text. */
export function pyYamlDisagreements(cases: readonly YamlAndJson[]): string[] {
  const r = spawnSync("python3", ["-c", COMPARE], { input: JSON.stringify(cases), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  assert.is(r.status, 0, `python3 with PyYAML (Debian: python3-yaml) is needed: ${r.error?.message ?? r.stderr}`);
  return JSON.parse(r.stdout) as string[];
}

/** What PyYAML makes of each plain scalar (as the value of a key): its type (Python's name) and value as text. */
export function pyYamlScalars(texts: readonly string[]): { type: string; value: string }[] {
  const program = `
import json, sys, yaml
out = []
for t in json.load(sys.stdin):
    v = yaml.safe_load("x: " + t)["x"]
    out.append({"type": type(v).__name__, "value": str(v)})
print(json.dumps(out))
`;
  const r = spawnSync("python3", ["-c", program], { input: JSON.stringify(texts), encoding: "utf8" });
  assert.is(r.status, 0, `python3 with PyYAML (Debian: python3-yaml) is needed: ${r.error?.message ?? r.stderr}`);
  return JSON.parse(r.stdout) as { type: string; value: string }[];
}

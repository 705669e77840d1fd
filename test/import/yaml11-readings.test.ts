/**
 * `jsson import` reads YAML 1.2 and warns about each plain value a YAML 1.1
 * reader (PyYAML, docker compose) reads otherwise (docs/import.md): the
 * rules are checked against PyYAML itself, the warnings through the real CLI.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { fixtureDir } from "../cli/fixtures.js";
import { runCli } from "../support/spawn-cli.js";
import { yaml11Integer, yaml11Kind, type Yaml11Kind } from "../../core/import/yaml11-readings.js";
import { pyYamlScalars } from "./pyyaml-reading.js";

const PYTHON_TYPES: Readonly<Record<string, Yaml11Kind>> = {
  bool: "boolean",
  int: "integer",
  float: "float",
  NoneType: "null",
  date: "date/time",
  datetime: "date/time",
  str: "string",
};

const TEXTS = [
  ...["yes", "No", "ON", "off", "Off", "y", "n", "true", "False", "TRUE", "yEs"],
  ...["0", "-0", "+12", "0755", "010", "08", "-017", "0x1F", "-0x1f", "0b101", "-0b11", "1_000", "0_7"],
  ...["22:22", "1:30:00", "-1:0", "8080:80", "190:20:30", "0:30"],
  ...["1e3", "1.5e3", "1.5e+3", "1.", "0.5", ".5", "+.5", "-1.5", "1_0.5", "1:30.5", ".inf", "-.Inf", ".nan", "0."],
  ...["", "~", "null", "NULL", "Null", "nULL"],
  ...["2024-01-01", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5", "2024-1-1"],
  ...["0o17", "abc", "1.2.3", "1-2", "0x", "--1"],
];

test("the YAML 1.1 types and integers are PyYAML's", () => {
  const theirs = pyYamlScalars(TEXTS);
  TEXTS.forEach((text, i) => {
    const py = theirs[i] as { type: string; value: string };
    assert.is(yaml11Kind(text), PYTHON_TYPES[py.type], `${JSON.stringify(text)}: PyYAML reads a ${py.type} (${py.value})`);
    if (py.type === "int") assert.is(String(yaml11Integer(text)), py.value, `${JSON.stringify(text)}`);
  });
});

test("import names each value YAML 1.1 reads otherwise in a warning, and writes the YAML 1.2 reading", async () => {
  const yaml = "tty: yes\nmode: 0755\nports:\n  - 22:22\n  - \"22:22\"\n  - 8080:80\nratio: 1e3\non: push\nok: [1, 1.5, true, null, abc, 0, \"yes\"]\n";
  const dir = fixtureDir({ "c.yml": yaml });
  const r = await runCli(["import", join(dir, "c.yml")]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, 'tty = yes\nmode = 755\nports = ["22:22", "22:22", "8080:80"]\nratio = 1000.0\non = push\nok = [1, 1.5, true, null, abc, 0, yes]\n');
  const end = ": quote it in the YAML to mean the same everywhere\n";
  assert.is(
    r.stderr,
    [
      `jsson import: warning: yes at "tty" is a string here, a boolean to YAML 1.1 readers${end}`,
      `jsson import: warning: 0755 at "mode" is 755 here, 493 to YAML 1.1 readers${end}`,
      `jsson import: warning: 22:22 at "ports.0" is a string here, an integer to YAML 1.1 readers${end}`,
      `jsson import: warning: 1e3 at "ratio" is a number here, a string to YAML 1.1 readers${end}`,
      `jsson import: warning: the key on at "on" is a string here, a boolean to YAML 1.1 readers${end}`,
    ].join(""),
  );
});

test("past twenty, such values are counted, not named", async () => {
  const yaml = Array.from({ length: 25 }, (_, i) => `k${i}: no\n`).join("");
  const dir = fixtureDir({ "many.yml": yaml });
  const r = await runCli(["import", join(dir, "many.yml")]);
  assert.is(r.code, 0, r.stderr);
  const lines = r.stderr.trimEnd().split("\n");
  assert.is(lines.length, 21);
  assert.is(lines[19], 'jsson import: warning: no at "k19" is a string here, a boolean to YAML 1.1 readers: quote it in the YAML to mean the same everywhere');
  assert.is(lines[20], "jsson import: warning: 5 more values read otherwise by YAML 1.1 readers");
});

test.run();

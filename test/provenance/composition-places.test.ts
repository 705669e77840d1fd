/**
 * Schema source places (LANGUAGE.md §12.3) through the composition forms
 * (§16.3): a value that came through a spread, a `+` merge, an include
 * value or a conditional member is placed where it was written.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fixtureDir } from "../cli/fixtures.js";
import { runCli } from "../support/spawn-cli.js";

const MAIN = `base := {
  port = "80"
  tags = ["a", 5]
}
shared := include "shared.jsson"
svc {
  ...base
  name = "x"
}
list = [...base.tags, 1]
merged = base + { extra = 1 }
inc = shared
if (true) {
  flag = "no"
}
`;
const SCHEMA = JSON.stringify({
  type: "object",
  properties: {
    svc: { type: "object", properties: { port: { type: "integer" } } },
    list: { type: "array", items: { type: "string" } },
    merged: { type: "object", properties: { port: { type: "integer" } } },
    inc: { type: "object", properties: { level: { type: "integer" } } },
    flag: { type: "boolean" },
  },
});
const dir = fixtureDir({ "main.jsson": MAIN, "shared.jsson": 'level = "high"\nn = 1\n', "schema.json": SCHEMA });

test("each failure is placed where its value was written, through spreads, merges, include values and conditional members", async () => {
  const run = await runCli(["-schema", "schema.json", "main.jsson", "-validate-only"], { cwd: dir });
  assert.is(run.code, 2, run.stderr);
  const places = new Map<string, string>();
  const lines = run.stderr.split("\n");
  lines.forEach((l, i) => {
    if (l.startsWith("  • ")) places.set(l.slice(4), (lines[i + 1] ?? "").trim());
  });
  assert.equal(Object.fromEntries(places), {
    "$.svc.port: Expected type integer but got string": "--> main.jsson:2:10",
    "$.list[1]: Expected type string but got number": "--> main.jsson:3:16",
    "$.list[2]: Expected type string but got number": "--> main.jsson:10:23",
    "$.merged.port: Expected type integer but got string": "--> main.jsson:2:10",
    "$.inc.level: Expected type integer but got string": "--> shared.jsson:1:9",
    "$.flag: Expected type boolean but got string": "--> main.jsson:14:10",
  });
});

test.run();

/**
 * jsson's own formats pass the plugin test kit (`jsson/plugin/testing`),
 * through its uvu adapter: one test per check. What each format declares is
 * what it is: YAML is read back with js-yaml (integers beyond 2^53 as
 * doubles), TOML drops null members and refuses null items, TypeScript
 * refuses top-level keys that are no identifiers. JSON and TypeScript have no
 * `readBack`, so they are read with the readers the fuzz tests use.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import jsonPlugin from "../../plugins/json/index.js";
import yamlPlugin from "../../plugins/yaml/index.js";
import tomlPlugin from "../../plugins/toml/index.js";
import typescriptPlugin from "../../plugins/typescript/index.js";
import { formatChecks, uvuFormatTests } from "../../core/plugin-testing/index.js";
import { readExactJson } from "../fuzz/exact-json.js";
import { runTypescriptModule } from "../fuzz/read-back.js";

uvuFormatTests(test, jsonPlugin, { read: (text) => readExactJson(text) });
uvuFormatTests(test, yamlPlugin, { integers: "doubles" });
uvuFormatTests(test, tomlPlugin, { nullMembers: "dropped", refuses: ["null-item"] });
uvuFormatTests(test, typescriptPlugin, { read: (text) => runTypescriptModule(text), integers: "doubles", refuses: ["hostile-top-level-keys"] });

test("every format is read back: no read-back check of a built-in format is skipped", async () => {
  const setups = [
    [jsonPlugin, { read: (text: string) => readExactJson(text) }],
    [tomlPlugin, { nullMembers: "dropped", refuses: ["null-item"] }],
  ] as const;
  for (const [plugin, options] of setups) {
    const readBack = formatChecks(plugin, options).filter((c) => c.name.endsWith(": reads back"));
    assert.ok(readBack.length >= 15, `${readBack.length} read-back checks`);
    for (const check of readBack) {
      const r = await check.run();
      assert.ok(r.ok && r.skipped !== true, `${plugin.name} ${r.name}: ${r.message}`);
    }
  }
});

test.run();

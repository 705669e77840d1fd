/**
 * `$jsson_format` / `jssonFormat` (LANGUAGE.md §12.4): every format with
 * values that pass and values that fail (with the table's message), strings
 * only, unknown names accepted.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { JsonSchemaValidator } from "../../plugins/schema-json/index.js";

/** The validator under test: its own compile cache, as each engine's plugin has. */
const validator = new JsonSchemaValidator();

const MESSAGES: Record<string, string> = {
  identifier: "Invalid identifier format. Must start with letter and contain only alphanumeric characters and underscores",
  "kebab-case": "Invalid kebab-case format. Must be lowercase with hyphens (e.g., my-component-name)",
  snake_case: "Invalid snake_case format. Must be lowercase with underscores (e.g., my_variable_name)",
  camelCase: "Invalid camelCase format (e.g., myVariableName)",
  PascalCase: "Invalid PascalCase format (e.g., MyClassName)",
  "file-path": "Invalid file path format",
  "url-path": "Invalid URL path format. Must start with /",
  semver: "Invalid semantic version format (e.g., 1.0.0, 2.1.3-beta)",
  duration: "Invalid duration format. Use format like: 500ms, 30s, 5m, 2h, 1d",
  "duration-ms": "Duration must be a valid integer (milliseconds)",
  "hex-color": "Invalid hex color format (e.g., #fff, #ffffff)",
  "rgb-color": "Invalid RGB color format (e.g., rgb(255, 128, 0))",
  port: "Invalid port number. Must be between 1 and 65535",
  host: "Invalid host format. Must be a valid hostname or IP address",
  "env-var": "Invalid environment variable name. Must be uppercase with underscores",
  "template-var": "Invalid template variable format. Use ${VAR}, {{var}}, or {var}",
};

const CASES: Record<string, { good: string[]; bad: string[] }> = {
  identifier: { good: ["a", "abc_1", "A9"], bad: ["", "1abc", "_a", "a-b", "é"] },
  "kebab-case": { good: ["a", "my-component-name", "a1-b2"], bad: ["My-Comp", "a--b", "a-", "-a", "a_b"] },
  snake_case: { good: ["a", "my_variable_name", "a1_b2"], bad: ["my__var", "My_var", "a_", "a-b"] },
  camelCase: { good: ["a", "myVariableName", "x1Y"], bad: ["MyVariable", "my_var", "1a"] },
  PascalCase: { good: ["A", "MyClassName", "X1y"], bad: ["myClass", "My_Class", ""] },
  "file-path": { good: ["a.txt", "./dir/file-1_x.json", "/abs/path"], bad: ["my file.txt", "", "a\\b", "ção"] },
  "url-path": { good: ["/", "/api/v1", "/a_b-c.d"], bad: ["api/v1", "", "/a b", "/a?b"] },
  semver: { good: ["1.0.0", "0.0.0", "2.1.3-beta", "1.2.3-beta.1+build.5", "10.20.30"], bad: ["1.0", "01.2.3", "1.2.3-", "v1.2.3", "1.2.3-beta_1"] },
  duration: { good: ["500ms", "30s", "5m", "2h", "1d", "0s"], bad: ["1h30m", "5", "ms", "1.5s", "-1s", "5 m"] },
  "duration-ms": { good: ["0", "1500", "-20", "+7", "9223372036854775807"], bad: ["1.5s", "", "1e3", " 1", "9223372036854775808", "٣"] },
  "hex-color": { good: ["#fff", "#FFFFFF", "#12345678"], bad: ["#ffff", "fff", "#ggg", "#1234567"] },
  "rgb-color": { good: ["rgb(255, 128, 0)", "rgb(0,0,0)", "rgb( 1 , 2 , 3 )"], bad: ["rgb(255,128)", "rgb(1000,0,0)", "RGB(1,2,3)", "rgba(1,2,3,4)"] },
  port: { good: ["1", "80", "65535", "+443", "080"], bad: ["0", "70000", "-1", "http", "", "8080 "] },
  host: { good: ["localhost", "example.com", "a-b.c-d.io", "192.168.0.1", "999.999.999.999", "x"], bad: ["-bad-.com", "a..b", "", "host_name", "a.b."] },
  "env-var": { good: ["A", "MY_VAR", "X1_2"], bad: ["my_var", "1A", "_A", "A-B"] },
  "template-var": { good: ["${VAR}", "{{var}}", "{var}", "${_x1}"], bad: ["${1x}", "$VAR", "{{var}", "{a b}", "${}"] },
};

test("the table covers every format of §12.4", () => {
  assert.equal(Object.keys(CASES).sort(), Object.keys(MESSAGES).sort());
});

for (const keyword of ["$jsson_format", "jssonFormat"]) {
  for (const [format, { good, bad }] of Object.entries(CASES)) {
    test(`${keyword} ${format}`, () => {
      const schema = JSON.stringify({ type: "object", properties: { v: { type: "string", [keyword]: format } } });
      for (const v of good) assert.equal(validator.validate({ v }, schema, {}).errors, [], `${JSON.stringify(v)} should pass`);
      for (const v of bad) assert.equal(validator.validate({ v }, schema, {}).errors, [`$.v: ${MESSAGES[format] ?? "?"}`], `${JSON.stringify(v)} should fail`);
    });
  }
}

test("every format answers on long adversarial strings (no backtracking)", () => {
  const inputs = ["a".repeat(100_000) + "!", "a-".repeat(50_000), "a_".repeat(50_000) + "_", "a.".repeat(50_000), "1.".repeat(50_000), "a".repeat(100_000) + "-", "rgb(" + " ".repeat(100_000), "${" + "a".repeat(100_000)];
  const schema = JSON.stringify({ type: "object", additionalProperties: { type: "string" }, properties: Object.fromEntries(Object.keys(MESSAGES).map((f) => [f, { $jsson_format: f }])) });
  for (const input of inputs) {
    const data = Object.fromEntries(Object.keys(MESSAGES).map((f) => [f, input]));
    // no clock: a check that backtracks on these 100,000-character strings never answers
    const r = validator.validate(data, schema, {});
    assert.not.ok(r.schemaError, `${JSON.stringify(input.slice(0, 12))}…: ${JSON.stringify(r.errors)}`);
  }
});

test("only strings are checked: numbers, booleans, null, arrays pass any format", () => {
  const schema = JSON.stringify({ items: { $jsson_format: "port" } });
  assert.equal(validator.validate([70000, true, null, ["x"], { a: 1 }], schema, {}).errors, []);
  assert.equal(validator.validate(["70000"], schema, {}).errors, [`$[0]: ${MESSAGES["port"] ?? "?"}`]);
});

test("unknown format names are accepted without checking", () => {
  assert.equal(validator.validate({ v: "anything at all" }, JSON.stringify({ properties: { v: { $jsson_format: "no-such-format" } } }), {}).errors, []);
});

test("$jsson_format and the standard `format` are independent", () => {
  const schema = JSON.stringify({ properties: { v: { format: "email", $jsson_format: "identifier" } } });
  assert.equal([...validator.validate({ v: "x y" }, schema, {}).errors].sort(), [`$.v: ${MESSAGES["identifier"] ?? "?"}`, `$.v: must match format "email"`]);
  assert.equal(validator.validate({ v: "a@b.io" }, JSON.stringify({ properties: { v: { format: "email" } } }), {}).errors, []);
});

test.run();

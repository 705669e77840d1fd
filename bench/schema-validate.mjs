#!/usr/bin/env node
// Schema validation throughput (plugins/schema-json) on a typical service
// configuration schema: validations per second with the compiled schema
// cached (valid data, and data with 6 failures), the same through
// engine.validate, and uncached compiles per second.
// Usage: npm run build && node bench/schema-validate.mjs [--seconds 1] [--rounds 5] [--smoke]
import { createEngine } from "jsson";
import { JsonSchemaValidator } from "../dist/plugins/schema-json/index.js";
import { flag, smokeOr } from "./bench-args.mjs";

/** The validator under test: its own compile cache, as each engine's plugin has. */
const validator = new JsonSchemaValidator();

const seconds = Number(flag("seconds", smokeOr("0.05", "1")));
const rounds = Number(flag("rounds", smokeOr("1", "5")));

const schema = JSON.stringify({
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  required: ["name", "version", "server", "database", "features"],
  additionalProperties: false,
  definitions: { port: { type: "integer", minimum: 1, maximum: 65535 } },
  properties: {
    name: { type: "string", minLength: 1, $jsson_format: "kebab-case" },
    version: { type: "string", $jsson_format: "semver" },
    env: { enum: ["dev", "staging", "prod"] },
    server: {
      type: "object",
      required: ["host", "port"],
      properties: {
        host: { type: "string", $jsson_format: "host" },
        port: { $ref: "#/definitions/port" },
        timeout: { type: "string", $jsson_format: "duration" },
        tls: { type: "boolean" },
      },
    },
    database: {
      type: "object",
      required: ["url"],
      properties: {
        url: { type: "string", format: "uri" },
        pool: { type: "object", properties: { min: { type: "integer", minimum: 0 }, max: { type: "integer", minimum: 1 } } },
      },
    },
    features: { type: "array", items: { type: "string", pattern: "^[a-z][a-z0-9-]*$" }, uniqueItems: true, maxItems: 20 },
    owners: { type: "array", items: { type: "object", required: ["email"], properties: { email: { type: "string", format: "email" }, role: { enum: ["admin", "dev"] } } } },
    limits: { type: "object", additionalProperties: { type: "integer", minimum: 0 } },
  },
});

const valid = {
  name: "billing-api",
  version: "2.4.1",
  env: "prod",
  server: { host: "api.example.com", port: 8443, timeout: "30s", tls: true },
  database: { url: "postgres://db.internal:5432/billing", pool: { min: 2, max: 20 } },
  features: ["metrics", "tracing", "rate-limit", "audit-log"],
  owners: [{ email: "a@example.com", role: "admin" }, { email: "b@example.com", role: "dev" }],
  limits: { rps: 500, burst: 1000, body_kb: 256 },
};
const invalid = structuredClone(valid);
invalid.name = "Billing API";
invalid.server.port = 70000;
invalid.features.push("metrics");
invalid.owners[1].email = "not-an-email";
invalid.limits.burst = -1;
invalid.extra = true;

function rate(fn) {
  const results = [];
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const start = performance.now();
    const end = start + seconds * 1000;
    let now = start;
    while (now < end) {
      fn();
      n++;
      now = performance.now();
    }
    results.push((n * 1000) / (now - start));
  }
  results.sort((a, b) => a - b);
  return { median: results[Math.floor(results.length / 2)], min: results[0], max: results[results.length - 1] };
}

const engine = createEngine();
const check = validator.validate(invalid, schema, {});
if (check.valid || check.errors.length !== 6) throw new Error(`unexpected result: ${JSON.stringify(check.errors)}`);
if (!validator.validate(valid, schema, {}).valid) throw new Error("valid data rejected");

/** @type {[string, () => void][]} */
const rows = [
  ["cached schema, valid data", () => validator.validate(valid, schema, {})],
  ["cached schema, 6 failures", () => validator.validate(invalid, schema, {})],
  ["engine.validate, valid data", () => engine.validate(valid, schema, {})],
  ["uncached compile + validate", () => { validator.clearCache(); validator.validate(valid, schema, {}); }],
];
console.log(`node ${process.version}, ${rounds} rounds × ${seconds}s; ops/s (median, min–max)`);
for (const [label, fn] of rows) {
  const { median, min, max } = rate(fn);
  console.log(`${label.padEnd(30)} ${Math.round(median).toLocaleString("en-US").padStart(10)}  (${Math.round(min).toLocaleString("en-US")}–${Math.round(max).toLocaleString("en-US")})`);
}
console.log("cache:", JSON.stringify(validator.cacheStats()));

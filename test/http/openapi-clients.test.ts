// HTTP.md §9 and issue #16 item 9: /openapi.json is fit for client generators — a valid
// OpenAPI 3.1 document (checked by an OpenAPI validator, offline), an operationId on every
// operation, servers, the output formats as an enum of what the server registered (plugins
// included), the probes and /metrics described; TypeScript types generated from it by
// openapi-typescript compile, and a typed client built on them calls the running server.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import openapiTS, { astToString } from "openapi-typescript";
import { fixturesDir, send, startServer, type TestServer } from "./helpers.js";
import { REPO_ROOT } from "../support/repo-root.js";

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test-only JSON walk

let s: TestServer;
let doc: Doc;

test.before(async () => {
  s = await startServer({ plugins: [join(fixturesDir, "fixture-plugin.mjs")] });
  doc = (await send(s.base, "/openapi.json")).json<Doc>();
});
test.after(() => s.close());

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

test("an OpenAPI validator accepts the document as 3.1 (and refuses a broken copy)", async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  assert.ok(result.valid, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
  assert.is(validator.version, "3.1");
  const broken = structuredClone(doc);
  broken["paths"]["/transpile"]["post"]["responses"] = "none";
  assert.not.ok((await new Validator().validate(broken)).valid);
});

test("every operation has a unique operationId; servers are listed", () => {
  const ids: string[] = [];
  for (const [path, item] of Object.entries(doc["paths"] as Doc))
    for (const method of METHODS) {
      const op = (item as Doc)[method];
      if (op === undefined) continue;
      assert.type(op.operationId, "string", `${method} ${path}`);
      assert.match(op.operationId, /^[a-z][A-Za-z]*$/);
      ids.push(op.operationId);
    }
  assert.is(new Set(ids).size, ids.length, ids.join(", "));
  assert.ok(ids.includes("transpile") && ids.includes("getReadiness") && ids.includes("getMetrics"));
  assert.ok(Array.isArray(doc["servers"]) && doc["servers"].length > 0);
  assert.is(doc["servers"][0].url, "/");
});

test("format is an enum of the formats registered at start, plugins and aliases included", () => {
  const schemas = doc["components"]["schemas"];
  const names: string[] = schemas.FormatName.enum;
  for (const f of ["json", "yaml", "yml", "toml", "typescript", "ts", "shout", "loud", "buggy"]) assert.ok(names.includes(f), f);
  assert.not.ok(names.includes("xml"));
  assert.equal(schemas.CanonicalFormat.enum, s.server.formats().map((f) => f.name));
  assert.equal(schemas.TranspileRequest.properties.format.allOf, [{ $ref: "#/components/schemas/FormatName" }]);
  assert.equal(schemas.ValidateSchemaRequest.properties.output_format.allOf, [{ $ref: "#/components/schemas/FormatName" }]);
});

test("/livez, /readyz and /metrics are described", () => {
  const paths = doc["paths"];
  assert.is(paths["/livez"].get.responses["200"].content["application/json"].schema.$ref, "#/components/schemas/Alive");
  assert.is(paths["/readyz"].get.responses["503"].content["application/json"].schema.$ref, "#/components/schemas/NotReady");
  assert.equal(doc["components"]["schemas"].NotReady.properties.reason.enum, ["starting", "draining", "no_workers"]);
  assert.ok(paths["/metrics"].get.responses["200"].content["text/plain"]);
});

const CLIENT = `import type { components, paths } from "./schema.js";

export type TranspileRequest = components["schemas"]["TranspileRequest"];
export type TranspileReply = paths["/transpile"]["post"]["responses"][200]["content"]["application/json"];
type Readiness = paths["/readyz"]["get"]["responses"];
export type ReadyReply = Readiness[200]["content"]["application/json"] | Readiness[503]["content"]["application/json"];

/** POST /transpile, typed by the generated document. */
export async function transpile(base: string, body: TranspileRequest): Promise<TranspileReply> {
  const r = await fetch(base + "/transpile", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return (await r.json()) as TranspileReply;
}

/** GET /readyz. */
export async function readiness(base: string): Promise<ReadyReply> {
  return (await (await fetch(base + "/readyz")).json()) as ReadyReply;
}

/** The output text of a successful reply, or its first error (success discriminates the union). */
export function outcome(reply: TranspileReply): string {
  if (reply.success) return reply.format + ": " + String(reply.output);
  return "error: " + reply.errors[0];
}

export const shout: TranspileRequest = { source: "a = 1", format: "shout" };
export const minimal: TranspileRequest = { source: "a = 1" };
// @ts-expect-error -- "xml" is not a format this server registered
export const xml: TranspileRequest = { source: "a = 1", format: "xml" };
// @ts-expect-error -- source is required
export const nothing: TranspileRequest = { format: "json" };
`;

test("openapi-typescript types compile and type a real call to the running server", async () => {
  const dir = mkdtempSync(join(tmpdir(), "jsson-openapi-client-"));
  try {
    writeFileSync(join(dir, "schema.d.ts"), astToString(await openapiTS(structuredClone(doc) as never)));
    writeFileSync(join(dir, "client.ts"), CLIENT);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          types: ["node"],
          typeRoots: [join(REPO_ROOT, "node_modules", "@types")],
          outDir: "out",
          skipLibCheck: true,
        },
        files: ["client.ts"],
      }),
    );
    writeFileSync(join(dir, "package.json"), '{"type":"module"}');
    const tsc = spawnSync(process.execPath, [join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { encoding: "utf8", timeout: 120_000 });
    assert.is(tsc.status, 0, `tsc: ${tsc.stdout}${tsc.stderr}`);
    const client = (await import(pathToFileURL(join(dir, "out", "client.js")).href)) as {
      transpile(base: string, body: unknown): Promise<{ success: boolean }>;
      readiness(base: string): Promise<unknown>;
      outcome(reply: unknown): string;
      shout: unknown;
      minimal: unknown;
    };
    assert.is(client.outcome(await client.transpile(s.base, client.shout)), "shout: A!\n");
    assert.is(client.outcome(await client.transpile(s.base, client.minimal)), "json: [object Object]");
    assert.equal(await client.readiness(s.base), { status: "ready" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

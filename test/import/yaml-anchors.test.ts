/**
 * `jsson import` keeps YAML sharing (docs/import.md, "Anchors, aliases and
 * merge keys"): an anchor that an alias or a merge key uses becomes a `:=`
 * variable, a merge key spreads (`...name`) before the mapping's own members.
 * The JSSON must still transpile to exactly the data PyYAML reads from the
 * original (values, types, key order), be in the `jsson fmt` layout, and
 * show the sharing. The compose and Helm files go through the real CLI; the
 * small cases through `importDocument` and the engine, checked against
 * PyYAML in one python3 run.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fixtureDir } from "../cli/fixtures.js";
import { runCli } from "../support/spawn-cli.js";
import { fencedBlocks } from "../support/doc-examples.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { createEngine } from "../../index.js";
import { formatSource } from "../../core/format/format-source.js";
import { importDocument } from "../../core/import/import-document.js";
import { pyYamlDisagreements, type YamlAndJson } from "./pyyaml-reading.js";

const COMPOSE = `version: "3.8"

x-logging: &default-logging
  driver: json-file
  options:
    max-size: "10m"
    max-file: "3"

x-healthcheck: &healthcheck
  interval: 30s
  timeout: 5s
  retries: 3

# what every app container shares
x-app: &app
  restart: unless-stopped
  logging: *default-logging
  env_file: .env
  environment: &app-env
    NODE_ENV: production
    LOG_LEVEL: info
    DATABASE_URL: postgres://app:secret@db:5432/app
  networks: &backend-nets [backend]
  depends_on:
    - db
    - cache

x-sizes:
  small: &small
    deploy:
      resources:
        limits: {cpus: "0.50", memory: 256M}
  large: &large
    deploy:
      resources:
        limits: {cpus: "2", memory: 2G}

services:
  web:
    <<: *app
    image: registry.example.com/shop/web:1.4.2
    ports:
      - "80:8080"
      - "443:8443"
    healthcheck:
      <<: *healthcheck
      test: ["CMD", "curl", "-f", "http://localhost:8080/health"]
    networks: [frontend, backend]
  api:
    <<: [*app, *large]
    image: registry.example.com/shop/api:1.4.2
    environment:
      <<: *app-env
      LOG_LEVEL: debug
      WORKERS: 4
    healthcheck:
      retries: 5
      <<: *healthcheck
      test: ["CMD-SHELL", "wget -qO- http://localhost:3000/ready || exit 1"]
  worker:
    # the earlier mapping of a list wins: small's deploy, app's restart replaced below
    <<: [*small, *app]
    image: registry.example.com/shop/worker:1.4.2
    command: ["node", "worker.js"]
    environment: *app-env
    restart: on-failure
  db:
    image: postgres:16
    restart: unless-stopped
    logging: *default-logging
    environment:
      POSTGRES_USER: app
      POSTGRES_PASSWORD: secret
    volumes:
      - db-data:/var/lib/postgresql/data
    networks: *backend-nets
  cache:
    image: redis:7-alpine
    logging: *default-logging
    networks: *backend-nets

volumes:
  db-data: {}

networks:
  frontend: {}
  backend: {}
`;

const HELM_VALUES = `# Default values for shop.
replicaCount: 2

image:
  repository: registry.example.com/shop/api
  pullPolicy: IfNotPresent
  tag: ""

commonLabels: &commonLabels
  app.kubernetes.io/part-of: shop
  app.kubernetes.io/managed-by: Helm

podAnnotations: {}

securityContext: &securityContext
  runAsNonRoot: true
  runAsUser: 1000
  readOnlyRootFilesystem: true
  capabilities:
    drop: [ALL]

resources: &defaultResources
  limits:
    cpu: 500m
    memory: 512Mi
  requests:
    cpu: 250m
    memory: 256Mi

probes:
  liveness: &probe
    httpGet:
      path: /healthz
      port: http
    initialDelaySeconds: 10
    periodSeconds: 10
  readiness:
    <<: *probe
    httpGet:
      path: /ready
      port: http
    periodSeconds: 5

worker:
  enabled: true
  labels:
    <<: *commonLabels
    app.kubernetes.io/component: worker
  securityContext: *securityContext
  resources:
    <<: *defaultResources
    limits:
      cpu: "1"
      memory: 1Gi

cron:
  enabled: false
  schedule: "*/15 * * * *"
  labels:
    <<: *commonLabels
    app.kubernetes.io/component: cron
  securityContext:
    <<: *securityContext
    runAsUser: 1001
  resources: *defaultResources

ingress:
  enabled: false
  className: nginx
  hosts:
    - host: shop.example.com
      paths:
        - path: /
          pathType: Prefix
  tls: []

nodeSelector: {}
tolerations: []
affinity: {}
`;

test("the PyYAML comparison tells types, values and key order apart", () => {
  const found = pyYamlDisagreements([
    { name: "same", yaml: "a: 1\nb: [x]\n", json: '{"a": 1, "b": ["x"]}' },
    { name: "type", yaml: "a: yes\n", json: '{"a": "yes"}' },
    { name: "value", yaml: "a: 010\n", json: '{"a": 10}' },
    { name: "order", yaml: "a: 1\nb: 2\n", json: '{"b": 2, "a": 1}' },
  ]);
  assert.equal(
    found.map((f) => f.split("\n")[0]),
    ["type", "value", "order"],
  );
});

/** Import `yaml` with the CLI, check the text is in the fmt layout, transpile it to JSON with the CLI. */
async function importAndTranspile(name: string, yaml: string): Promise<{ jsson: string; json: string }> {
  const dir = fixtureDir({ [name]: yaml });
  const imported = await runCli(["import", join(dir, name), "-o", join(dir, "out.jsson")]);
  assert.is(imported.code, 0, imported.stderr);
  assert.is(imported.stderr, "");
  const fmt = await runCli(["fmt", "--check", join(dir, "out.jsson")]);
  assert.is(fmt.code, 0, `the imported text is not in the fmt layout: ${fmt.stdout}${fmt.stderr}`);
  const back = await runCli([join(dir, "out.jsson"), "--strict", "-f", "json"]);
  assert.is(back.code, 0, back.stderr);
  const shown = await runCli(["import", join(dir, name)]);
  return { jsson: shown.stdout, json: back.stdout };
}

/** Where `text` first appears in `jsson` (it must). */
function at(jsson: string, text: string): number {
  const i = jsson.indexOf(text);
  assert.ok(i >= 0, `expected ${JSON.stringify(text)} in:\n${jsson}`);
  return i;
}

test("a docker-compose file: anchors as := variables, merges as spreads, the data PyYAML reads", async () => {
  const { jsson, json } = await importAndTranspile("docker-compose.yml", COMPOSE);
  assert.equal(pyYamlDisagreements([{ name: "docker-compose.yml", yaml: COMPOSE, json }]), []);
  // One variable per anchor used, named after it; a name that is a key elsewhere gets `_anchor`.
  const declared = [...jsson.matchAll(/^(\S+) := /gm)].map((m) => m[1]);
  assert.equal(declared, ["default_logging", "healthcheck_anchor", "app_env", "backend_nets", "app", "small_anchor", "large_anchor"]);
  // Declared before first use, a variable holding another after that one.
  assert.ok(at(jsson, "app_env := {") < at(jsson, "app := {"));
  assert.ok(at(jsson, "app := {") < at(jsson, '"x-app" = app\n'));
  assert.ok(at(jsson, "app := {") < at(jsson, "...app"));
  // The anchors' own places and plain aliases use the names.
  at(jsson, "  logging = default_logging\n  env_file = \".env\"\n  environment = app_env\n  networks = backend_nets\n");
  at(jsson, '"x-healthcheck" = healthcheck_anchor\n');
  at(jsson, "    environment = app_env\n    restart = \"on-failure\"\n");
  at(jsson, "    networks = backend_nets\n  }\n  cache {");
  // Merges: spreads first (a list's entries last to first, so the earlier wins), then the own keys that override.
  at(jsson, "  web {\n    ...app\n    image = ");
  at(jsson, "  api {\n    ...large_anchor\n    ...app\n    image = ");
  at(jsson, "    environment {\n      ...app_env\n      LOG_LEVEL = debug\n      WORKERS = 4\n    }");
  at(jsson, "    healthcheck {\n      ...healthcheck_anchor\n      retries = 5\n      test = ");
  // The comment above an anchored block goes above the variables declared for it.
  at(jsson, "// what every app container shares\napp_env := {");
  // A comment above the merge key stays above the spreads.
  at(jsson, "    // the earlier mapping of a list wins: small's deploy, app's restart replaced below\n    ...app\n    ...small_anchor\n");
  // A string equal to a variable's name is quoted: a bare word would read the variable.
  at(jsson, 'POSTGRES_USER = "app"');
});

test("Helm values: nested anchors, merges that override nested blocks, aliases of whole blocks", async () => {
  const { jsson, json } = await importAndTranspile("values.yaml", HELM_VALUES);
  assert.equal(pyYamlDisagreements([{ name: "values.yaml", yaml: HELM_VALUES, json }]), []);
  const declared = [...jsson.matchAll(/^(\S+) := /gm)].map((m) => m[1]);
  assert.equal(declared, ["commonLabels_anchor", "securityContext_anchor", "defaultResources", "probe"]);
  at(jsson, "// Default values for shop.\nreplicaCount = 2\n");
  at(jsson, "  readiness {\n    ...probe\n    httpGet {");
  at(jsson, "  labels {\n    ...commonLabels_anchor\n    \"app.kubernetes.io/component\" = \"worker\"\n  }");
  at(jsson, "  securityContext = securityContext_anchor\n");
  at(jsson, "  resources {\n    ...defaultResources\n    limits {\n      cpu = \"1\"");
  at(jsson, "  resources = defaultResources\n");
});

/** Small documents for each way sharing is written; each transpiles to PyYAML's reading of it. */
const CASES: Readonly<Record<string, string>> = {
  "a list of merges: the earlier wins, keys in PyYAML's order": "a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nc:\n  <<: [*a, *b]\n  w: 0\n",
  "two merge keys in one mapping: the later wins": "a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nc:\n  <<: *a\n  <<: *b\n  w: 0\n",
  "own keys win wherever they stand": "a: &a {x: 1, y: 1}\nc:\n  y: 5\n  <<: *a\n  x: 6\n",
  "one alias naming a list of mappings": "l: &l [{x: 1}, {y: 2}]\nc:\n  <<: *l\n  z: 3\n",
  "a mapping merged in place, no alias anywhere": "c:\n  <<: {x: 1, y: 2}\n  x: 3\n",
  "two merge keys, no alias anywhere: the later wins": "c:\n  <<: {x: 1, y: 1}\n  <<: {x: 2, z: 2}\n  w: 0\n",
  "a list mixing aliases and mappings": "a: &a {p: 1}\nc:\n  <<: [{x: 1, y: 2}, *a, {p: 9, q: 1}]\n  x: 3\n",
  "an anchored list of merges also used as a value": "a: &a {x: 1}\nb: &b {x: 2, y: 2}\nc:\n  <<: &both [*a, *b]\nd: *both\n",
  "an anchored key": "&k key: 1\nb: *k\n",
  "scalar aliases": "image: &img nginx\nport: &port 8080\nweb:\n  image: *img\n  ports: [*port, 8081, *port]\n",
  "nested anchors declared inner first": "defaults: &defaults\n  resources: &res\n    cpu: 1\n  labels: &labels {app: web}\nsvc:\n  <<: *defaults\n  resources:\n    <<: *res\n    cpu: 4\n  extra: *labels\n",
  "a merge at the top level": "base: &base {a: 1, b: 2}\n<<: *base\nb: 3\n",
  "anchor names that are not identifiers or are keywords": "x-1: &my-anchor {a: 1}\ny: &true {b: 1}\nz: &if {c: 1}\nm: &map {d: 1}\nmy_anchor: 5\nuse: [*my-anchor, *true, *if, *map]\n",
  "anchor names that clash once sanitised": "a-b: &a-b {x: 1}\na_b: &a_b {y: 1}\nc: [*a-b, *a_b]\n",
  "strings equal to variable names": "env: &prod {tier: prod}\nv: *prod\nw: prod\nx: prod_anchor\n",
  "an anchor on a list item": "items:\n  - &first {name: a, v: 1}\n  - {name: b, v: 2}\nagain: *first\n",
  "integer runs in a variable": "p: &p [8080, 8081, 8082, 8083]\nq: *p\nr: [*p, *p]\n",
  "empty containers": "e: &e {}\nf:\n  <<: *e\n  a: 1\ng: &g []\nh: *g\n",
  "a merge of a mapping that merges": "a: &a {x: 1}\nb: &b\n  <<: *a\n  y: 2\nc:\n  <<: *b\n  z: 3\n",
  "aliases inside a merged mapping": "x: &x 5\nn: &n\nc:\n  <<: {a: *x, b: *n}\n  d: *x\n",
  "deep uses of deep anchors": "a: &a {x: {y: &y [1, 2]}}\nb: {c: {d: *y, e: *a}}\n",
  "merged mappings as list items, aliases in nested lists": "# sidecars\nsidecar: &sidecar\n  image: envoy # pinned\n  ports: [9901]\ncontainers:\n  - <<: *sidecar\n    name: proxy\n  - {name: app, image: shop}\n  - *sidecar\n  - [*sidecar, x]\n",
  "list items that are aliases": "row: &row {name: ann, id: 1}\nusers:\n  - *row\n  - {name: bob, id: 2}\n  - {name: cy, id: 3}\n",
};

const engine = createEngine();

test("every way of sharing: imported with := and ..., transpiles to PyYAML's data, in the fmt layout", () => {
  const pairs: YamlAndJson[] = [];
  for (const [name, yaml] of Object.entries(CASES)) {
    const r = importDocument(yaml, "yaml");
    assert.ok(r.ok, `${name}: ${r.ok ? "" : r.message}`);
    if (!r.ok) continue;
    // Sharing shows where the document has aliases (a mapping merged in place, never named, is written merged).
    if (yaml.includes("*")) assert.match(r.text, / := /, `${name}: no variable in\n${r.text}`);
    if (/<<: [*[]/.test(yaml)) assert.match(r.text, /^ *\.\.\./m, `${name}: no spread in\n${r.text}`);
    const formatted = formatSource(r.text);
    assert.ok(formatted.ok && formatted.text === r.text, `${name}: not in the fmt layout:\n${r.text}`);
    // Strict: no warning either (a bare word near a variable's name would be one).
    const out = engine.transpile(r.text, { format: "json", strict: true });
    assert.ok(out.ok, `${name}: ${out.ok ? "" : out.diagnostics[0]?.message}\n${r.text}`);
    if (out.ok) pairs.push({ name, yaml, json: out.output });
  }
  assert.equal(pyYamlDisagreements(pairs), []);
});

test("the written text of merges, names and uses", () => {
  const text = (yaml: string): string => {
    const r = importDocument(yaml, "yaml");
    assert.ok(r.ok);
    return r.ok ? r.text : "";
  };
  assert.is(
    text(CASES["a list mixing aliases and mappings"] as string),
    "a_anchor := {\n  p = 1\n}\na = a_anchor\nc {\n  ...{ p = 9, q = 1 }\n  ...a_anchor\n  ...{ x = 1, y = 2 }\n  x = 3\n}\n",
  );
  assert.is(text(CASES["a merge at the top level"] as string), "base_anchor := {\n  a = 1\n  b = 2\n}\n...base_anchor\nbase = base_anchor\nb = 3\n");
  assert.is(
    text(CASES["anchor names that are not identifiers or are keywords"] as string).replace(/ := \{\n[^}]*\}/g, " := {…}"),
    'my_anchor_anchor := {…}\n"x-1" = my_anchor_anchor\ntrue_anchor := {…}\ny = true_anchor\nif_anchor := {…}\nz = if_anchor\nmap_anchor := {…}\nm = map_anchor\nmy_anchor = 5\nuse = [my_anchor_anchor, true_anchor, if_anchor, map_anchor]\n',
  );
  assert.is(text(CASES["an anchored key"] as string), 'key = 1\nk := "key"\nb = k\n');
  assert.is(
    text(CASES["merged mappings as list items, aliases in nested lists"] as string),
    '// sidecars\nsidecar_anchor := {\n  image = envoy // pinned\n  ports = [9901]\n}\nsidecar = sidecar_anchor\ncontainers = [\n  {\n    ...sidecar_anchor\n    name = proxy\n  }\n  { name = app, image = shop }\n  sidecar_anchor\n  [sidecar_anchor, x]\n]\n',
  );
  assert.is(
    text(CASES["strings equal to variable names"] as string),
    'prod := {\n  tier = "prod"\n}\nenv = prod\nv = prod\nw = "prod"\nx = prod_anchor\n',
  );
});

test("an anchor no alias uses is written in place, and a document without aliases has no variables", () => {
  const r = importDocument("a: &unused {x: 1}\nb: [1, 2]\n", "yaml");
  assert.ok(r.ok);
  if (r.ok) assert.is(r.text, "a {\n  x = 1\n}\nb = [1, 2]\n");
});

test("docs/import.md's example is what the importer writes, and it reads as PyYAML reads the YAML", () => {
  const blocks = fencedBlocks(readFileSync(join(REPO_ROOT, "docs", "import.md"), "utf8"));
  const i = blocks.findIndex((b, j) => b.lang === "yaml" && blocks[j + 1]?.lang === "jsson");
  const yaml = blocks[i]?.body ?? "";
  const shown = blocks[i + 1]?.body ?? "";
  assert.match(shown, /\.\.\.app/);
  const r = importDocument(yaml, "yaml");
  assert.ok(r.ok);
  if (r.ok) assert.is(r.text, shown);
  const out = engine.transpile(shown, { format: "json" });
  assert.ok(out.ok);
  if (out.ok) assert.equal(pyYamlDisagreements([{ name: "docs/import.md", yaml, json: out.output }]), []);
});

test.run();

// Issue #16 item 6: deploy/kubernetes/, a kustomize base. Offline checks:
// every manifest (and the ConfigMap the kustomization generates) against the
// Kubernetes API schemas (kubernetes-models: required fields, types,
// formats) and against the API's types (kubernetes-types, compiled by tsc:
// a field the API does not have, such as a misspelt readOnlyRootFileSystem,
// is an error, as it is for `kubectl apply --validate=strict`); the
// references between the objects; the security and probe settings; and the
// ConfigMap's flags, given to a real `jsson serve`.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import ts from "typescript";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Service } from "kubernetes-models/v1/Service";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import type { Container, PodSpec } from "kubernetes-types/core/v1.js";
import Serve from "../../cli/commands/serve.js";
import { envVariableOf } from "../../cli/argv/env-flags.js";
import { parseDuration } from "../../cli/argv/units.js";
import { resolveServerOptions } from "../../cli/serve/ops/server-options.js";
import { send } from "../http/helpers.js";
import { startServe } from "../http/serve-child.js";
import { REPO_ROOT } from "../support/repo-root.js";

const DIR = join(REPO_ROOT, "deploy", "kubernetes");

interface Kustomization {
  apiVersion: string;
  kind: string;
  resources: string[];
  configMapGenerator: { name: string; envs: string[] }[];
  images?: { name: string; newName?: string; newTag?: string }[];
}
const kustomization = yaml.load(readFileSync(join(DIR, "kustomization.yaml"), "utf8")) as Kustomization;

/** An object of the API, as read from a manifest. */
interface ApiObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** The variables of an `envs` file of a configMapGenerator (KEY=VALUE lines; # comments). */
function readEnvFile(name: string): Record<string, string> {
  const data: Record<string, string> = {};
  for (const line of readFileSync(join(DIR, name), "utf8").split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const eq = line.indexOf("=");
    assert.ok(eq > 0, `${name}: not KEY=VALUE: ${line}`);
    data[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return data;
}

/** What kustomize builds: the resources, and the generated ConfigMaps (without their hash suffix). */
function build(): ApiObject[] {
  const objects = kustomization.resources.flatMap((file) => yaml.loadAll(readFileSync(join(DIR, file), "utf8")) as ApiObject[]);
  for (const gen of kustomization.configMapGenerator) {
    const data = Object.assign({}, ...gen.envs.map(readEnvFile)) as Record<string, string>;
    objects.push({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: gen.name }, data });
  }
  return objects;
}
const objects = build();
const one = <T>(kind: string): T => {
  const found = objects.filter((o) => o.kind === kind);
  assert.is(found.length, 1, `one ${kind}`);
  return found[0] as T;
};
const deployment = one<ApiObject & { spec: { selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> }; spec: PodSpec } } }>("Deployment");
const pod = deployment.spec.template.spec;
const container = pod.containers[0] as Container;
const config = one<{ metadata: { name: string }; data: Record<string, string> }>("ConfigMap");

test("the kustomization lists every manifest of the folder, and only what exists", () => {
  assert.is(kustomization.apiVersion, "kustomize.config.k8s.io/v1beta1");
  assert.is(kustomization.kind, "Kustomization");
  const known = new Set(["apiVersion", "kind", "resources", "configMapGenerator", "images"]);
  assert.equal(Object.keys(kustomization).filter((k) => !known.has(k)), [], "fields this test does not check");
  const manifests = readdirSync(DIR).filter((f) => f.endsWith(".yaml") && f !== "kustomization.yaml");
  assert.equal([...kustomization.resources].sort(), manifests.sort());
  assert.equal(objects.map((o) => o.kind).sort(), ["ConfigMap", "Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service"]);
  assert.ok(kustomization.images?.some((i) => i.name === container.image), "the image can be set with `kustomize edit set image`");
});

test("every object is valid against the Kubernetes API schemas (kubernetes-models)", () => {
  const models: Record<string, new (data: never) => { validate(): void }> = {
    "apps/v1 Deployment": Deployment,
    "v1 ConfigMap": ConfigMap,
    "v1 Service": Service,
    "autoscaling/v2 HorizontalPodAutoscaler": HorizontalPodAutoscaler,
    "policy/v1 PodDisruptionBudget": PodDisruptionBudget,
  };
  for (const o of objects) {
    const Model = models[`${o.apiVersion} ${o.kind}`];
    assert.ok(Model, `a model for ${o.apiVersion} ${o.kind}`);
    new Model!(o as never).validate(); // throws with the path of the first problem
  }
});

test("every object has only fields of the Kubernetes API (kubernetes-types, compiled by tsc)", () => {
  const types: Record<string, [string, string]> = {
    Deployment: ["kubernetes-types/apps/v1.js", "Deployment"],
    ConfigMap: ["kubernetes-types/core/v1.js", "ConfigMap"],
    Service: ["kubernetes-types/core/v1.js", "Service"],
    HorizontalPodAutoscaler: ["kubernetes-types/autoscaling/v2.js", "HorizontalPodAutoscaler"],
    PodDisruptionBudget: ["kubernetes-types/policy/v1.js", "PodDisruptionBudget"],
  };
  // Under the repository (gitignored test-artifacts/) so that "kubernetes-types" resolves from node_modules.
  mkdirSync(join(REPO_ROOT, "test-artifacts"), { recursive: true });
  const dir = mkdtempSync(join(REPO_ROOT, "test-artifacts", "manifests-"));
  try {
    const file = join(dir, "manifests.ts");
    const lines = objects.map((o, i) => {
      const [module, name] = types[o.kind]!;
      return `import type { ${name} as T${i} } from "${module}";\nexport const m${i}: T${i} = ${JSON.stringify(o, null, 2)};`;
    });
    writeFileSync(file, lines.join("\n"));
    // The manifests file is checked in full; the declaration files (the API's types, the standard library) are
    // taken as they are (skipLibCheck), and the library is the language's alone, without the DOM of the default:
    // a third of the CPU of checking them all, the same verdict on the manifests.
    const program = ts.createProgram([file], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, lib: ["lib.es2022.d.ts"], skipLibCheck: true, types: [], exactOptionalPropertyTypes: true });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    assert.equal(problems, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the Service, autoscaler and disruption budget point at the Deployment's pods; the ConfigMap reaches the container", () => {
  const labels = deployment.spec.template.metadata.labels;
  const selects = (selector: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);
  assert.ok(selects(deployment.spec.selector.matchLabels));
  const service = one<{ spec: { selector: Record<string, string>; ports: { targetPort: string | number }[] } }>("Service");
  assert.ok(selects(service.spec.selector), "Service selector");
  const ports = (container.ports ?? []).map((p) => p.name);
  for (const p of service.spec.ports) assert.ok(ports.includes(String(p.targetPort)), `Service targetPort ${p.targetPort}`);
  const pdb = one<{ spec: { selector: { matchLabels: Record<string, string> } } }>("PodDisruptionBudget");
  assert.ok(selects(pdb.spec.selector.matchLabels), "PodDisruptionBudget selector");
  const hpa = one<{ spec: { scaleTargetRef: { kind: string; name: string }; metrics: { resource?: { name: string } }[] } }>("HorizontalPodAutoscaler");
  assert.equal([hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name], ["Deployment", deployment.metadata.name]);
  assert.ok(hpa.spec.metrics.some((m) => m.resource?.name === "cpu"), "scales on CPU");
  assert.ok(container.resources?.requests?.["cpu"], "a CPU request (the autoscaler's utilisation is relative to it)");
  assert.ok(container.envFrom?.some((e) => e.configMapRef?.name === config.metadata.name), "envFrom the generated ConfigMap");
});

test("the pod runs unprivileged on a read-only root filesystem, with an emptyDir for TMPDIR", () => {
  assert.is(pod.securityContext?.runAsNonRoot, true);
  assert.ok((pod.securityContext?.runAsUser ?? 0) > 0);
  assert.is(pod.securityContext?.seccompProfile?.type, "RuntimeDefault");
  assert.is(pod.automountServiceAccountToken, false);
  // A Service named jsson would otherwise put JSSON_PORT=tcp://… (and JSSON_SERVICE_*) into the container's environment.
  assert.is(pod.enableServiceLinks, false);
  const sc = container.securityContext;
  assert.is(sc?.readOnlyRootFilesystem, true);
  assert.is(sc?.allowPrivilegeEscalation, false);
  assert.equal(sc?.capabilities?.drop, ["ALL"]);
  assert.is(sc?.capabilities?.add, undefined);
  const tmp = container.env?.find((e) => e.name === "TMPDIR")?.value;
  const mount = container.volumeMounts?.find((m) => m.mountPath === tmp);
  assert.ok(mount, "TMPDIR is a mounted volume");
  assert.ok(pod.volumes?.find((v) => v.name === mount!.name)?.emptyDir, "an emptyDir");
  assert.ok(container.resources?.limits?.["memory"] && container.resources.requests?.["memory"]);
});

test("probes: startup and readiness on /readyz, liveness on /livez; the grace period outlasts the preStop pause and the longest drain", () => {
  const port = container.ports?.[0]?.name;
  assert.equal([container.startupProbe?.httpGet?.path, container.startupProbe?.httpGet?.port], ["/readyz", port]);
  assert.equal([container.readinessProbe?.httpGet?.path, container.readinessProbe?.httpGet?.port], ["/readyz", port]);
  assert.equal([container.livenessProbe?.httpGet?.path, container.livenessProbe?.httpGet?.port], ["/livez", port]);
  const command = container.lifecycle?.preStop?.exec?.command ?? [];
  const pause = Number(/setTimeout\(\(\) => \{\}, (\d+)\)/.exec(command.join(" "))?.[1]);
  assert.ok(pause >= 5000, `a preStop pause (${command.join(" ")})`);
  // The drain ends when the last request does, or at the server's drain grace period: the bound.
  const drain = resolveServerOptions().drainGraceMs;
  assert.ok((pod.terminationGracePeriodSeconds ?? 30) * 1000 >= pause + drain + 5000, "grace >= pause + drain + 5 s");
  assert.ok((parseDuration(config.data["JSSON_TIMEOUT"] ?? "10s") || Infinity) < drain, "a request's time limit ends it within the drain");
});

test("the ConfigMap holds flags of jsson serve only, and a real server starts with them", async () => {
  const variables = new Set(Object.keys(Serve.flags).map((f) => envVariableOf(f, "JSSON_")));
  for (const key of Object.keys(config.data)) assert.ok(variables.has(key), `${key} is a flag of jsson serve`);
  assert.is(config.data["JSSON_PROCESSES"] !== undefined && config.data["JSSON_WORKERS"] !== undefined, true, "processes and workers set (Node sees the node's cores, not the CPU limit)");
  const s = await startServe([], { ...config.data, JSSON_HOST: "127.0.0.1", JSSON_PORT: "0" });
  try {
    const banner = s.banner.join("\n");
    assert.match(banner, new RegExp(`max-body ${config.data["JSSON_MAX_BODY"]}\\b`));
    assert.match(banner, new RegExp(`workers ${config.data["JSSON_WORKERS"]}, `));
    assert.is((await send(s.base, "/readyz")).status, 200);
    assert.is((await send(s.base, "/")).status, config.data["JSSON_PLAYGROUND"] === "false" ? 404 : 200);
  } finally {
    assert.is(await s.stop(), 0);
  }
});

test.run();

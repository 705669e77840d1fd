/**
 * The conformance inputs (../shared/conformance/<case>/input.jsson), each
 * with the texts of its case folder, so that mutated inputs still find their
 * includes (through a {@link MemoryHost} over the folder).
 */
import fs from "node:fs";
import path from "node:path";
import { MemoryHost } from "../../core/index.js";
import { sharedFolder } from "../support/shared-folder.js";

/** One case: its root text and the include host over its folder. */
export interface ConformanceInput {
  readonly name: string;
  readonly input: string;
  /** Id of the root file in {@link host}. */
  readonly file: string;
  readonly host: MemoryHost;
  /** Texts by host id, for diagnostics of included files. */
  readonly files: ReadonlyMap<string, string>;
}

/** ../shared/conformance beside the repository, when it is there. */
export function conformanceDir(): string | undefined {
  return sharedFolder("conformance");
}

function jssonFiles(dir: string, prefix = ""): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) out.push(...jssonFiles(path.join(dir, entry.name), rel + "/"));
    else if (entry.name.endsWith(".jsson")) out.push([rel, fs.readFileSync(path.join(dir, entry.name), "utf8")]);
  }
  return out;
}

/** Every case with an input.jsson, sorted by name (none without ../shared). */
export function loadConformanceInputs(): ConformanceInput[] {
  const root = conformanceDir();
  const cases: ConformanceInput[] = [];
  if (root === undefined) return cases;
  for (const name of fs.readdirSync(root).sort()) {
    const dir = path.join(root, name);
    if (!fs.existsSync(path.join(dir, "input.jsson"))) continue;
    const texts = jssonFiles(dir);
    const files = new Map(texts.map(([rel, text]) => ["/" + rel, text] as [string, string]));
    cases.push({ name, input: files.get("/input.jsson") ?? "", file: "/input.jsson", host: new MemoryHost(Object.fromEntries(texts)), files });
  }
  return cases;
}

/**
 * The repository's Dockerfile read as data, for the deploy tests: its
 * stages and their instructions (continuation lines joined, comments
 * dropped). Enough of the syntax for our own Dockerfile, not a general parser.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";

/** One instruction: `RUN npm ci` → `{ keyword: "RUN", args: "npm ci" }`. */
export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

/** One stage: from `FROM image AS name` to the next `FROM`. */
export interface Stage {
  readonly image: string;
  readonly name: string | undefined;
  readonly instructions: readonly Instruction[];
}

/** The Dockerfile's global `ARG`s (before the first FROM) and its stages. */
export interface Dockerfile {
  readonly args: ReadonlyMap<string, string>;
  readonly stages: readonly Stage[];
}

/** Read and split the repository's Dockerfile. */
export function readDockerfile(path = join(REPO_ROOT, "Dockerfile")): Dockerfile {
  const logical: string[] = [];
  let pending = "";
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (pending === "" && /^\s*#/.test(line)) continue;
    if (/\\\s*$/.test(line)) {
      pending += line.replace(/\\\s*$/, " ");
      continue;
    }
    const whole = (pending + line).trim();
    pending = "";
    if (whole !== "") logical.push(whole);
  }
  const args = new Map<string, string>();
  const stages: { image: string; name: string | undefined; instructions: Instruction[] }[] = [];
  for (const text of logical) {
    const m = /^(\w+)\s+([\s\S]*)$/.exec(text);
    if (!m) throw new Error(`Dockerfile: cannot read ${JSON.stringify(text)}`);
    const keyword = m[1]!.toUpperCase();
    const rest = m[2]!.replace(/\s+/g, " ").trim();
    if (keyword === "FROM") {
      const from = /^(\S+)(?: AS (\S+))?$/i.exec(rest);
      if (!from) throw new Error(`Dockerfile: cannot read FROM ${rest}`);
      const image = from[1]!.replace(/\$\{(\w+)\}/g, (_, name: string) => args.get(name) ?? "");
      stages.push({ image, name: from[2], instructions: [] });
    } else if (stages.length === 0 && keyword === "ARG") {
      const [name, value = ""] = rest.split("=");
      args.set(name!, value);
    } else {
      stages.at(-1)?.instructions.push({ keyword, args: rest });
    }
  }
  return { args, stages };
}

/** The HEALTHCHECK's command (exec form, `CMD ["node", "-e", "…"]`) of `stage`. */
export function healthcheckCommand(stage: Stage): string[] {
  const check = stage.instructions.find((i) => i.keyword === "HEALTHCHECK");
  const m = check && /\bCMD (\[.*\])$/.exec(check.args);
  if (!m) throw new Error("Dockerfile: no HEALTHCHECK CMD in exec form");
  return JSON.parse(m[1]!) as string[];
}

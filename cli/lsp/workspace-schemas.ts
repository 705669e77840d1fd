/**
 * Schema associations of a workspace: `"schemas": {"<glob>": "<schema path>"}`
 * in `jsson.config.json` at the workspace root (docs/editors.md). Globs are
 * matched against the document's path relative to the root, with `/`
 * separators; `**` spans folders, `*` and `?` stay within one.
 */
import { readFileSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";

/** The config file read at the workspace root. */
export const WORKSPACE_CONFIG = "jsson.config.json";

/** One association: a glob and the schema file it names (absolute). */
export interface SchemaAssociation {
  readonly glob: string;
  readonly pattern: RegExp;
  readonly schemaPath: string;
}

/** Associations of the workspace at `root`, and a problem with the config file if it has one. */
export function readSchemaAssociations(root: string): { associations: SchemaAssociation[]; problem?: string } {
  let text: string;
  try {
    text = readFileSync(join(root, WORKSPACE_CONFIG), "utf8");
  } catch {
    return { associations: [] };
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (e) {
    return { associations: [], problem: `${WORKSPACE_CONFIG}: ${(e as Error).message}` };
  }
  const schemas = (config as { schemas?: unknown } | null)?.schemas;
  if (schemas === undefined) return { associations: [] };
  if (typeof schemas !== "object" || schemas === null || Array.isArray(schemas)) return { associations: [], problem: `${WORKSPACE_CONFIG}: "schemas" must be an object of glob → schema path` };
  const associations: SchemaAssociation[] = [];
  for (const [glob, path] of Object.entries(schemas)) {
    if (typeof path !== "string") return { associations: [], problem: `${WORKSPACE_CONFIG}: the schema for "${glob}" must be a path string` };
    associations.push({ glob, pattern: globPattern(glob), schemaPath: isAbsolute(path) ? path : join(root, path) });
  }
  return { associations };
}

/** The first association whose glob matches `file` (absolute) under `root`. */
export function schemaFor(associations: readonly SchemaAssociation[], root: string, file: string): SchemaAssociation | undefined {
  const rel = relative(root, file).split(sep).join("/");
  if (rel.startsWith("../") || isAbsolute(rel)) return undefined;
  return associations.find((a) => a.pattern.test(rel));
}

/** A glob as an anchored regular expression (linear: no nested quantifiers). */
export function globPattern(glob: string): RegExp {
  let re = "";
  const g = glob.replace(/^\.\//, "");
  for (let i = 0; i < g.length; i++) {
    const c = g[i] as string;
    if (c === "*" && g[i + 1] === "*") {
      i++;
      if (g[i + 1] === "/") {
        i++;
        re += "(?:[^/]*/)*"; // `**/` : any number of folders, including none
      } else re += ".*";
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

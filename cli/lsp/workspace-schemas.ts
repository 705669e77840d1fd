/**
 * Schema associations of a workspace: `"schemas": {"<glob>": "<schema path>"}`
 * in `jsson.config.json` at the workspace root (docs/editors.md). Globs are
 * matched against the document's path relative to the root, with `/`
 * separators; `**` spans folders, `*` and `?` stay within one
 * (glob-match.ts, linear in the path and the glob).
 *
 * A workspace is whatever the editor opened, so the config is read as the
 * plugin loader reads it: only when its owner and folders make it
 * trustworthy (trusted-path.ts; otherwise another user chose what is read),
 * only a regular file, and only up to a size. Schema files are read the
 * same way when a document needs one ({@link readWorkspaceFile}).
 */
import { existsSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { readInput } from "../io/read-input.js";
import { untrustedReason } from "../plugin-loader/trusted-path.js";
import { GlobMatcher } from "./glob-match.js";
import { MAX_WORKSPACE_FILE_BYTES } from "./lsp-limits.js";

/** The config file read at the workspace root. */
export const WORKSPACE_CONFIG = "jsson.config.json";

/** One association: a glob (compiled) and the schema file it names (absolute). */
export interface SchemaAssociation {
  readonly matcher: GlobMatcher;
  readonly schemaPath: string;
}

/** The text of a workspace file, or why it is not read (a phrase for messages). */
export type WorkspaceRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/** Read a file the workspace names: trusted, regular, at most {@link MAX_WORKSPACE_FILE_BYTES}. */
export function readWorkspaceFile(path: string, what: string): WorkspaceRead {
  // a device, a FIFO or an oversized file is refused from its stat first: it says more than whose it is
  const read = readInput(path, MAX_WORKSPACE_FILE_BYTES, what);
  if (!read.ok) return { ok: false, reason: read.message };
  const untrusted = untrustedReason(path);
  return untrusted === undefined ? { ok: true, text: read.text } : { ok: false, reason: `not read: ${untrusted}` };
}

/** Associations of the workspace at `root`, and a problem with the config file if it has one. */
export function readSchemaAssociations(root: string): { associations: SchemaAssociation[]; problem?: string } {
  const file = join(root, WORKSPACE_CONFIG);
  if (!existsSync(file)) return { associations: [] };
  const read = readWorkspaceFile(file, WORKSPACE_CONFIG);
  if (!read.ok) return { associations: [], problem: `${WORKSPACE_CONFIG} ignored: ${read.reason}` };
  let config: unknown;
  try {
    config = JSON.parse(read.text);
  } catch (e) {
    return { associations: [], problem: `${WORKSPACE_CONFIG}: ${(e as Error).message}` };
  }
  const schemas = (config as { schemas?: unknown } | null)?.schemas;
  if (schemas === undefined) return { associations: [] };
  if (typeof schemas !== "object" || schemas === null || Array.isArray(schemas)) return { associations: [], problem: `${WORKSPACE_CONFIG}: "schemas" must be an object of glob → schema path` };
  const associations: SchemaAssociation[] = [];
  for (const [glob, path] of Object.entries(schemas)) {
    if (typeof path !== "string") return { associations: [], problem: `${WORKSPACE_CONFIG}: the schema for "${glob}" must be a path string` };
    let matcher: GlobMatcher;
    try {
      matcher = new GlobMatcher(glob);
    } catch (e) {
      return { associations: [], problem: `${WORKSPACE_CONFIG}: the glob "${glob.slice(0, 40)}…" is refused: ${(e as Error).message}` };
    }
    associations.push({ matcher, schemaPath: isAbsolute(path) ? path : join(root, path) });
  }
  return { associations };
}

/** The first association whose glob matches `file` (absolute) under `root`. */
export function schemaFor(associations: readonly SchemaAssociation[], root: string, file: string): SchemaAssociation | undefined {
  const rel = relative(root, file).split(sep).join("/");
  if (rel.startsWith("../") || isAbsolute(rel)) return undefined;
  return associations.find((a) => a.matcher.matches(rel));
}


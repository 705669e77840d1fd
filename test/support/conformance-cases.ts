/**
 * The conformance cases of `../shared/conformance` (README there), read
 * into plain objects: one per case folder, in name order. None when the
 * shared folder is not beside the repository (see {@link sharedFolder}).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { IncludeMerge } from "../../core/index.js";
import { decodeUtf8 } from "../../core/host/node-fs-host.js";
import { sharedFolder } from "./shared-folder.js";

/** The output files a case may have, by the `-f` name they were made with. */
export const EXPECTED_FILES = { json: "expected.json", yaml: "expected.yaml", toml: "expected.toml", ts: "expected.ts" } as const;

/** A format a case may list. */
export type CaseFormat = keyof typeof EXPECTED_FILES;

/** `options.json` of a case, in engine terms. */
export interface CaseOptions {
  readonly format?: string;
  readonly includeMerge?: IncludeMerge;
  readonly stream?: boolean;
  readonly streamThreshold?: number;
  /** Schema file name in the case folder. */
  readonly schema?: string;
}

/** One conformance case. */
export interface ConformanceCase {
  /** Folder name (`001-lex-line-comments`). */
  readonly name: string;
  readonly dir: string;
  /** Absolute path of `input.jsson`. */
  readonly inputPath: string;
  /** Its text, decoded as the CLI does (a BOM is kept for the engine to skip). */
  readonly input: string;
  readonly options: CaseOptions;
  /** Expected output text by format, for the formats the case lists. */
  readonly expected: Partial<Record<CaseFormat, string>>;
  /** Lines of `expected-error.txt`: each must appear in the error message. */
  readonly expectedError?: readonly string[];
  /** Lines of `expected-validation.txt` (empty = valid). */
  readonly expectedValidation?: readonly string[];
}

/** Read every case of `dir` (default: the shared conformance folder; no cases when it is missing). */
export function readConformanceCases(dir: string | undefined = sharedFolder("conformance")): ConformanceCase[] {
  if (dir === undefined) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => readCase(join(dir, name), name));
}

function readCase(dir: string, name: string): ConformanceCase {
  const text = (file: string): string | undefined => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), "utf8") : undefined);
  const lines = (file: string): string[] | undefined => text(file)?.split(/\r?\n/).filter((l) => l.trim() !== "");
  const expected: Partial<Record<CaseFormat, string>> = {};
  for (const [format, file] of Object.entries(EXPECTED_FILES) as [CaseFormat, string][]) {
    const t = text(file);
    if (t !== undefined) expected[format] = t;
  }
  const expectedError = lines("expected-error.txt");
  const expectedValidation = lines("expected-validation.txt");
  return {
    name,
    dir,
    inputPath: join(dir, "input.jsson"),
    input: decodeUtf8(readFileSync(join(dir, "input.jsson"))),
    options: readOptions(text("options.json")),
    expected,
    ...(expectedError ? { expectedError } : {}),
    ...(expectedValidation ? { expectedValidation } : {}),
  };
}

function readOptions(json: string | undefined): CaseOptions {
  if (json === undefined) return {};
  const o = JSON.parse(json) as Record<string, unknown>;
  const out: { -readonly [K in keyof CaseOptions]: CaseOptions[K] } = {};
  if (typeof o["format"] === "string") out.format = o["format"];
  if (o["include_merge"] === "keep" || o["include_merge"] === "overwrite" || o["include_merge"] === "error") out.includeMerge = o["include_merge"];
  if (typeof o["stream"] === "boolean") out.stream = o["stream"];
  if (typeof o["stream_threshold"] === "number") out.streamThreshold = o["stream_threshold"];
  if (typeof o["schema"] === "string") out.schema = o["schema"];
  return out;
}

/**
 * Field checks of the POST endpoints (HTTP.md §3, §4, §7). Every problem is
 * one message naming its field; the problems of a request are reported
 * together, at most a few dozen of them (request-problems.ts). Optional
 * fields given as `null` take their default.
 *
 * These run on the event loop, so each is linear in the body, and a cap is
 * checked before the work it bounds: the size of `vars` before its names
 * and values are read, the number of `files` and the length of a path
 * before a path is walked.
 */
import { closestName, DEFAULT_STREAM_THRESHOLD, INCLUDE_MERGE_MODES, varNameProblem, walkPath, type Engine, type IncludeMerge } from "../../core/index.js";
import { SCHEMA_FORMATS } from "../../core/plugin.js";
import { DataError } from "../../core/data/data-error.js";
import { readJobVars } from "./jobs/job-vars.js";
import { rawMemberText } from "../wire/raw-member.js";
import type { TranspileJob, ValidateJob, ValidateSchemaJob } from "./pool/protocol.js";
import { field } from "./request-json.js";
import { MAX_QUOTED, quoted, RequestProblems } from "./request-problems.js";


/** Outcome of a check: the job, or the messages of a 400. */
export type Checked<T> =
  | { readonly ok: true; readonly job: T; /** Request warnings (unknown fields), for the answer's `warnings`. */ readonly warnings: readonly string[] }
  | { readonly ok: false; readonly errors: string[]; readonly format: string };

type Body = Readonly<Record<string, unknown>>;

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

function requiredString(body: Body, name: string, errors: RequestProblems): string {
  const v = field(body, name);
  if (typeof v === "string") return v;
  errors.add(v === undefined ? `${name}: required (a string)` : `${name}: must be a string, got ${describe(v)}`);
  return "";
}

/** A format name (or alias) checked against the engine's formats; returns the canonical name. */
function formatField(engine: Engine, body: Body, name: string, errors: RequestProblems): string {
  const v = field(body, name);
  if (v === undefined || v === null) return "json";
  if (typeof v !== "string") {
    errors.add(`${name}: must be a string, got ${describe(v)}`);
    return "json";
  }
  if (!engine.findFormat(v)) {
    const available = engine.listFormats().map((f) => f.name).join(", ");
    errors.add(`${name}: unknown format ${quoted(v)}; available: ${available}`);
    return v.slice(0, MAX_QUOTED).toLowerCase();
  }
  return engine.canonicalFormat(v);
}

function includeMergeField(body: Body, errors: RequestProblems): IncludeMerge {
  const v = field(body, "include_merge");
  if (v === undefined || v === null) return "keep";
  const mode = typeof v === "string" ? INCLUDE_MERGE_MODES.find((m) => m === v.toLowerCase()) : undefined;
  if (mode) return mode;
  errors.add(`include_merge: must be one of ${INCLUDE_MERGE_MODES.join(", ")}, got ${typeof v === "string" ? quoted(v) : describe(v)}`);
  return "keep";
}

/** Most entries of `files` (the engine's default include limit: more could never all be read). */
const MAX_FILES = 10_000;
/** Longest path in `files`, in UTF-16 code units (Linux's PATH_MAX). */
const MAX_PATH_CHARS = 4096;

function filesField(body: Body, errors: RequestProblems): [string, string][] {
  const v = field(body, "files");
  if (v === undefined || v === null) return [];
  if (typeof v !== "object" || Array.isArray(v)) {
    errors.add(`files: must be an object mapping paths to JSSON text, got ${describe(v)}`);
    return [];
  }
  const keys = Object.keys(v);
  if (keys.length > MAX_FILES) {
    errors.add(`files: too many files (${keys.length}; limit ${MAX_FILES})`);
    return [];
  }
  const out: [string, string][] = [];
  for (const key of keys) {
    const text = (v as Record<string, unknown>)[key];
    if (key === "") errors.add(`files: a path must not be empty`);
    else if (key.length > MAX_PATH_CHARS) errors.add(`files[${quoted(key)}]: path too long (${key.length} characters; limit ${MAX_PATH_CHARS})`);
    else if (/^([\\/]|[A-Za-z]:)/.test(key) || walkPath([], key) === undefined) errors.add(`files[${quoted(key)}]: must be a relative path inside the folder`);
    else if (typeof text !== "string") errors.add(`files[${quoted(key)}]: must be a string, got ${describe(text)}`);
    else out.push([key, text]);
  }
  return out;
}

/**
 * Largest `vars` text: it is read exactly here, on the event loop (a few
 * times the cost of `JSON.parse`), so it is bounded far below -max-body;
 * a data include sent in `files` is read in a worker instead.
 */
const MAX_VARS_CHARS = 64 * 1024;

/**
 * `vars` (LANGUAGE.md §16.2): an object whose keys are names (identifiers
 * that are not keywords). Its text is cut from the body and read exactly
 * (64-bit integers, `1.0` a float, duplicate names refused); the job
 * carries that text, which the worker reads again (values do not survive
 * the thread boundary as engine values).
 */
function varsField(body: Body, text: string, errors: RequestProblems): string | undefined {
  const v = field(body, "vars");
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "object" || Array.isArray(v)) {
    errors.add(`vars: must be an object mapping names to JSON values, got ${describe(v)}`);
    return undefined;
  }
  // The size first: names and values are read only within it.
  const raw = rawMemberText(text, "vars");
  if (raw === undefined) throw new Error("vars: member not found in the body text");
  if (raw.length > MAX_VARS_CHARS) {
    errors.add(`vars: too large (${raw.length} characters; limit ${MAX_VARS_CHARS}); send large data as a data include in "files"`);
    return undefined;
  }
  const before = errors.count;
  for (const name of Object.keys(v)) {
    const problem = varNameProblem(name);
    if (problem !== undefined) errors.add(name.length > 64 ? `vars[${quoted(name)}]: ${problem}` : `vars.${name}: ${problem}`);
  }
  if (errors.count === before) {
    try {
      readJobVars(raw);
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
      errors.add(`vars: ${e.message}`);
    }
  }
  return raw;
}

/** The fields of each endpoint's body (HTTP.md §3, §4, §7). */
const TRANSPILE_FIELDS = ["source", "format", "include_merge", "streaming", "stream_threshold", "files", "vars", "strict"] as const;
const VALIDATE_FIELDS = ["source", "strict"] as const;
const VALIDATE_SCHEMA_FIELDS = ["source", "schema", "schema_format", "output_format", "include_merge", "files", "vars", "strict"] as const;

/** Unknown fields named one by one; any more are counted in one last entry. */
const MAX_UNKNOWN_NAMED = 8;

/** The unknown fields of a body: the first few by name, each with the closest known field (if one is close), and how many more. */
export interface UnknownFields {
  readonly named: readonly { readonly name: string; readonly closest: string | undefined }[];
  readonly more: number;
}

/**
 * The fields of `body` not in `known` (HTTP.md §2: named in `warnings`, and
 * a request error under `strict`). Bounded: one set lookup per field, and
 * the edit distances (of names cut to {@link MAX_QUOTED} characters) only
 * for the first {@link MAX_UNKNOWN_NAMED}.
 */
export function unknownFields(body: Body, known: readonly string[]): UnknownFields {
  const named: { name: string; closest: string | undefined }[] = [];
  let more = 0;
  for (const name of Object.keys(body)) {
    if (known.includes(name)) continue;
    if (named.length >= MAX_UNKNOWN_NAMED) {
      more++;
      continue;
    }
    named.push({ name, closest: closestField(name, known) });
  }
  return { named, more };
}

/** The known field nearest to `name` (a case difference counts as an edit), by the one "did you mean" rule of the project. */
function closestField(name: string, known: readonly string[]): string | undefined {
  return closestName(name.slice(0, MAX_QUOTED), known);
}

/** The request warnings of {@link unknownFields}: `unknown field "fromat" (did you mean "format"?)`. */
export function unknownFieldWarnings(unknown: UnknownFields): string[] {
  const out = unknown.named.map(({ name, closest }) => `unknown field ${quoted(name)}${closest === undefined ? "" : ` (did you mean ${JSON.stringify(closest)}?)`}`);
  if (unknown.more > 0) out.push(`… and ${unknown.more} more unknown field${unknown.more === 1 ? "" : "s"}`);
  return out;
}

/** The job's `requestWarnings` field: absent when there are none (the usual case adds nothing to the job). */
function withWarnings(warnings: readonly string[]): { requestWarnings?: readonly string[] } {
  return warnings.length === 0 ? {} : { requestWarnings: warnings };
}

/** `strict` (LANGUAGE.md §16.5): a boolean; absent or null, the server's default. */
function strictField(body: Body, errors: RequestProblems, serverDefault: boolean): boolean {
  const v = field(body, "strict");
  if (v === undefined || v === null) return serverDefault;
  if (typeof v === "boolean") return v;
  errors.add(`strict: must be a boolean, got ${describe(v)}`);
  return serverDefault;
}

/**
 * The request warnings of a body's unknown fields; under `strict` they are
 * request errors instead (HTTP.md §2), added to `errors`.
 */
function unknownFieldProblems(body: Body, known: readonly string[], strict: boolean, errors: RequestProblems): string[] {
  const warnings = unknownFieldWarnings(unknownFields(body, known));
  if (!strict) return warnings;
  for (const w of warnings) errors.add(w);
  return [];
}

/** Check a /transpile body; `strict` is the server's default for the request's `strict`. */
export function checkTranspile(engine: Engine, body: Body, text: string, strict = false): Checked<TranspileJob> {
  const errors = new RequestProblems();
  const source = requiredString(body, "source", errors);
  const format = formatField(engine, body, "format", errors);
  const includeMerge = includeMergeField(body, errors);
  const streamingRaw = field(body, "streaming");
  let streaming = false;
  if (typeof streamingRaw === "boolean") streaming = streamingRaw;
  else if (streamingRaw !== undefined && streamingRaw !== null) errors.add(`streaming: must be a boolean, got ${describe(streamingRaw)}`);
  const thresholdRaw = field(body, "stream_threshold");
  let streamThreshold = DEFAULT_STREAM_THRESHOLD;
  if (typeof thresholdRaw === "number" && Number.isSafeInteger(thresholdRaw) && thresholdRaw >= 1) streamThreshold = thresholdRaw;
  else if (thresholdRaw !== undefined && thresholdRaw !== null)
    errors.add(`stream_threshold: must be an integer >= 1, got ${typeof thresholdRaw === "number" ? String(thresholdRaw) : describe(thresholdRaw)}`);
  const files = filesField(body, errors);
  const vars = varsField(body, text, errors);
  const isStrict = strictField(body, errors, strict);
  const warnings = unknownFieldProblems(body, TRANSPILE_FIELDS, isStrict, errors);
  if (errors.count > 0) return { ok: false, errors: errors.messages(), format };
  return { ok: true, warnings, job: { kind: "transpile", source, format, includeMerge, streaming, streamThreshold, files, strict: isStrict, ...(vars === undefined ? {} : { vars }), ...withWarnings(warnings) } };
}

/** Check a /validate body. */
export function checkValidate(body: Body, strict = false): Checked<ValidateJob> {
  const errors = new RequestProblems();
  const source = requiredString(body, "source", errors);
  const isStrict = strictField(body, errors, strict);
  const warnings = unknownFieldProblems(body, VALIDATE_FIELDS, isStrict, errors);
  if (errors.count > 0) return { ok: false, errors: errors.messages(), format: "json" };
  return { ok: true, warnings, job: { kind: "validate", source, strict: isStrict, ...withWarnings(warnings) } };
}

/** Check a /validate-schema body. */
export function checkValidateSchema(engine: Engine, body: Body, text: string, strict = false): Checked<ValidateSchemaJob> {
  const errors = new RequestProblems();
  const source = requiredString(body, "source", errors);
  const schema = requiredString(body, "schema", errors);
  const sf = field(body, "schema_format");
  let schemaFormat: string | undefined;
  if (typeof sf === "string") {
    const lower = sf.toLowerCase() === "yml" ? "yaml" : sf.toLowerCase();
    if ((SCHEMA_FORMATS as readonly string[]).includes(lower)) schemaFormat = lower;
    else errors.add(`schema_format: must be one of ${SCHEMA_FORMATS.join(", ")}, got ${quoted(sf)}`);
  } else if (sf !== undefined && sf !== null) errors.add(`schema_format: must be a string, got ${describe(sf)}`);
  const outputFormat = formatField(engine, body, "output_format", errors);
  const includeMerge = includeMergeField(body, errors);
  const files = filesField(body, errors);
  const vars = varsField(body, text, errors);
  const isStrict = strictField(body, errors, strict);
  const warnings = unknownFieldProblems(body, VALIDATE_SCHEMA_FIELDS, isStrict, errors);
  if (errors.count > 0) return { ok: false, errors: errors.messages(), format: outputFormat };
  return {
    ok: true,
    warnings,
    job: { kind: "validate-schema", source, schema, schemaFormat, outputFormat, includeMerge, files, strict: isStrict, ...(vars === undefined ? {} : { vars }), ...withWarnings(warnings) },
  };
}

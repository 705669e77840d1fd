/**
 * Field checks of the POST endpoints (HTTP.md §3, §4, §7). Every problem is
 * one message naming its field; all problems of a request are reported
 * together. Optional fields given as `null` take their default.
 */
import { DEFAULT_STREAM_THRESHOLD, INCLUDE_MERGE_MODES, varNameProblem, walkPath, type Engine, type IncludeMerge } from "../../core/index.js";
import { SCHEMA_FORMATS } from "../../core/plugin.js";
import { DataError } from "../../core/data/data-error.js";
import { readJobVars } from "./jobs/job-vars.js";
import { rawMemberText } from "../wire/raw-member.js";
import type { TranspileJob, ValidateJob, ValidateSchemaJob } from "./pool/protocol.js";
import { field } from "./request-json.js";

/** Outcome of a check: the job, or the messages of a 400. */
export type Checked<T> = { readonly ok: true; readonly job: T } | { readonly ok: false; readonly errors: string[]; readonly format: string };

type Body = Readonly<Record<string, unknown>>;

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

function requiredString(body: Body, name: string, errors: string[]): string {
  const v = field(body, name);
  if (typeof v === "string") return v;
  errors.push(v === undefined ? `${name}: required (a string)` : `${name}: must be a string, got ${describe(v)}`);
  return "";
}

/** A format name (or alias) checked against the engine's formats; returns the canonical name. */
function formatField(engine: Engine, body: Body, name: string, errors: string[]): string {
  const v = field(body, name);
  if (v === undefined || v === null) return "json";
  if (typeof v !== "string") {
    errors.push(`${name}: must be a string, got ${describe(v)}`);
    return "json";
  }
  if (!engine.findFormat(v)) {
    const available = engine.listFormats().map((f) => f.name).join(", ");
    errors.push(`${name}: unknown format ${JSON.stringify(v)}; available: ${available}`);
    return v.toLowerCase();
  }
  return engine.canonicalFormat(v);
}

function includeMergeField(body: Body, errors: string[]): IncludeMerge {
  const v = field(body, "include_merge");
  if (v === undefined || v === null) return "keep";
  const mode = typeof v === "string" ? INCLUDE_MERGE_MODES.find((m) => m === v.toLowerCase()) : undefined;
  if (mode) return mode;
  errors.push(`include_merge: must be one of ${INCLUDE_MERGE_MODES.join(", ")}, got ${typeof v === "string" ? JSON.stringify(v) : describe(v)}`);
  return "keep";
}

function filesField(body: Body, errors: string[]): [string, string][] {
  const v = field(body, "files");
  if (v === undefined || v === null) return [];
  if (typeof v !== "object" || Array.isArray(v)) {
    errors.push(`files: must be an object mapping paths to JSSON text, got ${describe(v)}`);
    return [];
  }
  const out: [string, string][] = [];
  for (const key of Object.keys(v)) {
    const text = (v as Record<string, unknown>)[key];
    if (key === "") errors.push(`files: a path must not be empty`);
    else if (/^([\\/]|[A-Za-z]:)/.test(key) || walkPath([], key) === undefined)
      errors.push(`files[${JSON.stringify(key)}]: must be a relative path inside the folder`);
    else if (typeof text !== "string") errors.push(`files[${JSON.stringify(key)}]: must be a string, got ${describe(text)}`);
    else out.push([key, text]);
  }
  return out;
}

/**
 * Largest `vars` text: it is read exactly here, on the event loop (a few
 * times the cost of `JSON.parse`), so it is bounded well below -max-body;
 * a data include sent in `files` is read in a worker instead.
 */
const MAX_VARS_CHARS = 256 * 1024;

/**
 * `vars` (LANGUAGE.md §16.2): an object whose keys are names (identifiers
 * that are not keywords). Its text is cut from the body and read exactly
 * (64-bit integers, `1.0` a float, duplicate names refused); the job
 * carries that text, which the worker reads again (values do not survive
 * the thread boundary as engine values).
 */
function varsField(body: Body, text: string, errors: string[]): string | undefined {
  const v = field(body, "vars");
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "object" || Array.isArray(v)) {
    errors.push(`vars: must be an object mapping names to JSON values, got ${describe(v)}`);
    return undefined;
  }
  const before = errors.length;
  for (const name of Object.keys(v)) {
    const problem = varNameProblem(name);
    if (problem !== undefined) errors.push(`vars.${name}: ${problem}`);
  }
  const raw = rawMemberText(text, "vars");
  if (raw === undefined) throw new Error("vars: member not found in the body text");
  if (raw.length > MAX_VARS_CHARS) {
    errors.push(`vars: too large (${raw.length} characters; limit ${MAX_VARS_CHARS}); send large data as a data include in "files"`);
    return undefined;
  }
  if (errors.length === before) {
    try {
      readJobVars(raw);
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
      errors.push(`vars: ${e.message}`);
    }
  }
  return raw;
}

/** `strict` (LANGUAGE.md §16.5): a boolean; absent or null, the server's default. */
function strictField(body: Body, errors: string[], serverDefault: boolean): boolean {
  const v = field(body, "strict");
  if (v === undefined || v === null) return serverDefault;
  if (typeof v === "boolean") return v;
  errors.push(`strict: must be a boolean, got ${describe(v)}`);
  return serverDefault;
}

/** Check a /transpile body; `strict` is the server's default for the request's `strict`. */
export function checkTranspile(engine: Engine, body: Body, text: string, strict = false): Checked<TranspileJob> {
  const errors: string[] = [];
  const source = requiredString(body, "source", errors);
  const format = formatField(engine, body, "format", errors);
  const includeMerge = includeMergeField(body, errors);
  const streamingRaw = field(body, "streaming");
  let streaming = false;
  if (typeof streamingRaw === "boolean") streaming = streamingRaw;
  else if (streamingRaw !== undefined && streamingRaw !== null) errors.push(`streaming: must be a boolean, got ${describe(streamingRaw)}`);
  const thresholdRaw = field(body, "stream_threshold");
  let streamThreshold = DEFAULT_STREAM_THRESHOLD;
  if (typeof thresholdRaw === "number" && Number.isSafeInteger(thresholdRaw) && thresholdRaw >= 1) streamThreshold = thresholdRaw;
  else if (thresholdRaw !== undefined && thresholdRaw !== null)
    errors.push(`stream_threshold: must be an integer >= 1, got ${typeof thresholdRaw === "number" ? String(thresholdRaw) : describe(thresholdRaw)}`);
  const files = filesField(body, errors);
  const vars = varsField(body, text, errors);
  const isStrict = strictField(body, errors, strict);
  if (errors.length > 0) return { ok: false, errors, format };
  return { ok: true, job: { kind: "transpile", source, format, includeMerge, streaming, streamThreshold, files, strict: isStrict, ...(vars === undefined ? {} : { vars }) } };
}

/** Check a /validate body. */
export function checkValidate(body: Body, strict = false): Checked<ValidateJob> {
  const errors: string[] = [];
  const source = requiredString(body, "source", errors);
  const isStrict = strictField(body, errors, strict);
  if (errors.length > 0) return { ok: false, errors, format: "json" };
  return { ok: true, job: { kind: "validate", source, strict: isStrict } };
}

/** Check a /validate-schema body. */
export function checkValidateSchema(engine: Engine, body: Body, text: string, strict = false): Checked<ValidateSchemaJob> {
  const errors: string[] = [];
  const source = requiredString(body, "source", errors);
  const schema = requiredString(body, "schema", errors);
  const sf = field(body, "schema_format");
  let schemaFormat: string | undefined;
  if (typeof sf === "string") {
    const lower = sf.toLowerCase() === "yml" ? "yaml" : sf.toLowerCase();
    if ((SCHEMA_FORMATS as readonly string[]).includes(lower)) schemaFormat = lower;
    else errors.push(`schema_format: must be one of ${SCHEMA_FORMATS.join(", ")}, got ${JSON.stringify(sf)}`);
  } else if (sf !== undefined && sf !== null) errors.push(`schema_format: must be a string, got ${describe(sf)}`);
  const outputFormat = formatField(engine, body, "output_format", errors);
  const includeMerge = includeMergeField(body, errors);
  const files = filesField(body, errors);
  const vars = varsField(body, text, errors);
  const isStrict = strictField(body, errors, strict);
  if (errors.length > 0) return { ok: false, errors, format: outputFormat };
  return { ok: true, job: { kind: "validate-schema", source, schema, schemaFormat, outputFormat, includeMerge, files, strict: isStrict, ...(vars === undefined ? {} : { vars }) } };
}

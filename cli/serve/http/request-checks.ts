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
import { DEFAULT_STREAM_THRESHOLD, INCLUDE_MERGE_MODES, varNameProblem, type Engine, type IncludeMerge } from "../../../core/index.js";
import { closestName } from "../../../core/diagnostics/closest-name.js";
import { walkPath } from "../../../core/host/path-walk.js";
import { SCHEMA_FORMATS } from "../../../core/plugin/index.js";
import { readJobVars } from "../run/jobs/job-vars.js";
import { rawMemberText } from "../../wire/raw-member.js";
import type { JobCommon, TranspileJob, SyntaxCheckJob, ValidateSchemaJob } from "../run/protocol.js";
import { field } from "./request-json.js";
import { MAX_QUOTED, quoted, RequestProblems } from "./request-problems.js";

/** Outcome of a check: the job, or the messages of a 400. */
export type Checked<T> = { readonly ok: true; readonly job: T } | { readonly ok: false; readonly errors: string[]; readonly format: string };

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
    errors.add(`${name}: unknown format ${quoted(v)}; available: ${engine.listFormats().map((f) => f.name).join(", ")}`);
    return v.slice(0, MAX_QUOTED).toLowerCase();
  }
  return engine.canonicalFormat(v);
}

/** `include_merge`: one of the modes, any case; absent or null, `keep`. */
function readIncludeMerge(v: unknown): FieldRead<IncludeMerge> {
  const mode = typeof v === "string" ? INCLUDE_MERGE_MODES.find((m) => m === v.toLowerCase()) : undefined;
  return mode !== undefined ? { value: mode } : { problem: `must be one of ${INCLUDE_MERGE_MODES.join(", ")}, got ${typeof v === "string" ? quoted(v) : describe(v)}` };
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
    const read = readJobVars(raw);
    if (!read.ok) errors.add(`vars: ${read.message}`);
  }
  return raw;
}

/** The fields of each endpoint's body (HTTP.md §3, §4, §7). */
const TRANSPILE_FIELDS = ["source", "format", "include_merge", "streaming", "stream_threshold", "files", "vars", "strict"] as const;
const VALIDATE_FIELDS = ["source", "strict"] as const;
const VALIDATE_SCHEMA_FIELDS = ["source", "schema", "schema_format", "output_format", "include_merge", "files", "vars", "strict"] as const;

/** Unknown fields named one by one; any more are counted in one last entry. */
const MAX_UNKNOWN_NAMED = 8;

/**
 * The request warnings of the fields of `body` not in `known` (HTTP.md §2):
 * `unknown field "fromat" (did you mean "format"?)`, the nearest known field
 * by the one "did you mean" rule of the project (a case difference counts as
 * an edit). Bounded: a look in `known` per field, and the edit distances (of
 * names cut to {@link MAX_QUOTED} characters) only for the first
 * {@link MAX_UNKNOWN_NAMED}; the others are counted in one last warning.
 */
function unknownFieldWarnings(body: Body, known: readonly string[]): string[] {
  const out: string[] = [];
  let more = 0;
  for (const name of Object.keys(body)) {
    if (known.includes(name)) continue;
    if (out.length >= MAX_UNKNOWN_NAMED) {
      more++;
      continue;
    }
    const closest = closestName(name.slice(0, MAX_QUOTED), known);
    out.push(`unknown field ${quoted(name)}${closest === undefined ? "" : ` (did you mean ${JSON.stringify(closest)}?)`}`);
  }
  if (more > 0) out.push(`… and ${more} more unknown field${more === 1 ? "" : "s"}`);
  return out;
}

/** What a field's reader makes of a value that is there: the value, or the problem (the message after `name: `). */
type FieldRead<T> = { readonly value: T } | { readonly problem: string };

/** An optional field: absent or null, `fallback`; else what `read` makes of it (a problem is the field's error, and `fallback`). */
function optionalField<T>(body: Body, name: string, errors: RequestProblems, fallback: T, read: (v: unknown) => FieldRead<T>): T {
  const v = field(body, name);
  if (v === undefined || v === null) return fallback;
  const r = read(v);
  if ("value" in r) return r.value;
  errors.add(`${name}: ${r.problem}`);
  return fallback;
}

/** An optional boolean field: absent or null, `fallback`. */
function booleanField(body: Body, name: string, errors: RequestProblems, fallback: boolean): boolean {
  return optionalField(body, name, errors, fallback, (v) => (typeof v === "boolean" ? { value: v } : { problem: `must be a boolean, got ${describe(v)}` }));
}

/** `stream_threshold` (HTTP.md §3): an integer >= 1; absent or null, the default. */
const readStreamThreshold = (v: unknown): FieldRead<number> =>
  typeof v === "number" && Number.isSafeInteger(v) && v >= 1 ? { value: v } : { problem: `must be an integer >= 1, got ${typeof v === "number" ? String(v) : describe(v)}` };

/** `schema_format` (HTTP.md §7): one of {@link SCHEMA_FORMATS} (`yml` is `yaml`, any case); absent or null, from the schema's text. */
function readSchemaFormat(v: unknown): FieldRead<string | undefined> {
  if (typeof v !== "string") return { problem: `must be a string, got ${describe(v)}` };
  const lower = v.toLowerCase() === "yml" ? "yaml" : v.toLowerCase();
  return (SCHEMA_FORMATS as readonly string[]).includes(lower) ? { value: lower } : { problem: `must be one of ${SCHEMA_FORMATS.join(", ")}, got ${quoted(v)}` };
}

/**
 * The end of every endpoint's check: `strict` (absent or null: the server's
 * default), then the unknown fields — request warnings, or under `strict`
 * request errors (HTTP.md §2) — and the outcome: the 400's messages, or the
 * job `make` builds.
 */
function outcome<J>(body: Body, known: readonly string[], serverStrict: boolean, errors: RequestProblems, format: string, make: (common: Required<Pick<JobCommon, "strict">> & Pick<JobCommon, "requestWarnings">) => J): Checked<J> {
  const strict = booleanField(body, "strict", errors, serverStrict);
  const warnings = unknownFieldWarnings(body, known);
  if (strict) for (const w of warnings) errors.add(w);
  if (errors.count > 0) return { ok: false, errors: errors.messages(), format };
  return { ok: true, job: make(strict || warnings.length === 0 ? { strict } : { strict, requestWarnings: warnings }) };
}

/** Check a /transpile body; `strict` is the server's default for the request's `strict`. */
export function checkTranspile(engine: Engine, body: Body, text: string, strict: boolean): Checked<TranspileJob> {
  const errors = new RequestProblems();
  const source = requiredString(body, "source", errors);
  const format = formatField(engine, body, "format", errors);
  const includeMerge = optionalField(body, "include_merge", errors, "keep", readIncludeMerge);
  const streaming = booleanField(body, "streaming", errors, false);
  const streamThreshold = optionalField(body, "stream_threshold", errors, DEFAULT_STREAM_THRESHOLD, readStreamThreshold);
  const files = filesField(body, errors);
  const vars = varsField(body, text, errors);
  return outcome(body, TRANSPILE_FIELDS, strict, errors, format, (common) => ({
    kind: "transpile",
    source,
    format,
    includeMerge,
    streaming,
    streamThreshold,
    files,
    ...(vars === undefined ? {} : { vars }),
    ...common,
  }));
}

/** Check a /validate body; `strict` as in {@link checkTranspile}. */
export function checkValidate(body: Body, strict: boolean): Checked<SyntaxCheckJob> {
  const errors = new RequestProblems();
  const source = requiredString(body, "source", errors);
  return outcome(body, VALIDATE_FIELDS, strict, errors, "json", (common) => ({ kind: "syntax-check", source, ...common }));
}

/** Check a /validate-schema body; `strict` as in {@link checkTranspile}. */
export function checkValidateSchema(engine: Engine, body: Body, text: string, strict: boolean): Checked<ValidateSchemaJob> {
  const errors = new RequestProblems();
  const source = requiredString(body, "source", errors);
  const schema = requiredString(body, "schema", errors);
  const schemaFormat = optionalField(body, "schema_format", errors, undefined, readSchemaFormat);
  const outputFormat = formatField(engine, body, "output_format", errors);
  const includeMerge = optionalField(body, "include_merge", errors, "keep", readIncludeMerge);
  const files = filesField(body, errors);
  const vars = varsField(body, text, errors);
  return outcome(body, VALIDATE_SCHEMA_FIELDS, strict, errors, outputFormat, (common) => ({
    kind: "validate-schema",
    source,
    schema,
    schemaFormat,
    outputFormat,
    includeMerge,
    files,
    ...(vars === undefined ? {} : { vars }),
    ...common,
  }));
}

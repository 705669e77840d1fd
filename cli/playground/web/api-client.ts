/**
 * The page's client of the service it is served by (HTTP.md): /transpile,
 * /validate-schema, /formats, /version. Paths are relative to the page, so a
 * playground behind a path prefix still talks to its own server. Every
 * outcome is a value; nothing here throws at the caller.
 */
import type { DiagnosticJson } from "../../wire/wire-diagnostic.js";
import { rawMemberText } from "../../wire/raw-member.js";
import { prettyRawJson } from "../raw-json.js";
import { bodyWithVars } from "../vars-text.js";

/** A structured problem of a /transpile or /validate-schema failure (HTTP.md §3): the server's own type. */
export type ServerDiagnostic = DiagnosticJson;

/**
 * An entry of /validate-schema's `diagnostics` (HTTP.md §7): a source error
 * (as /transpile's), a data failure (`path`, `keyword`, and its place in
 * the source when the server found it) or a schema error (`message` only).
 */
export type ValidationDiagnostic = Partial<ServerDiagnostic> & { readonly message: string; readonly path?: string; readonly keyword?: string };

/** An output format the server offers (GET /formats). */
export interface FormatInfo {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly media_type: string;
  readonly extension: string;
  readonly description: string;
  readonly plugin: string;
}

/** A run's warnings (LANGUAGE.md §16.5): the `warnings` strings and their `warning_diagnostics`, in the same order. */
export interface Warnings {
  readonly warnings: readonly string[];
  readonly warningDiagnostics: readonly ServerDiagnostic[];
}

/** What a program transpiles to. */
export type TranspileOutcome =
  | ({ readonly kind: "output"; readonly format: string; readonly text: string; readonly timeMs: number } & Warnings)
  | ({ readonly kind: "errors"; readonly format: string; readonly errors: readonly string[]; readonly diagnostics: readonly ServerDiagnostic[]; readonly timeMs: number } & Warnings)
  | { readonly kind: "failed"; readonly messages: readonly string[] };

/** What a schema validation gives. */
export type ValidationOutcome =
  | { readonly kind: "result"; readonly valid: boolean; readonly errors: readonly string[]; readonly diagnostics: readonly ValidationDiagnostic[]; readonly timeMs: number }
  | { readonly kind: "failed"; readonly messages: readonly string[] };

/** The fields of a /transpile request the page sends. */
export interface TranspileRequest {
  readonly source: string;
  readonly format: string;
  readonly files: Readonly<Record<string, string>>;
  /** External variables: a JSON object's text, sent as written (see vars-text.ts). */
  readonly vars?: string;
}

/** The fields of a /validate-schema request the page sends. */
export interface ValidationRequest extends TranspileRequest {
  readonly schema: string;
  /** `json`, `yaml`, `toml`, or undefined to let the server detect it. */
  readonly schemaFormat: string | undefined;
}

interface Reply {
  readonly status: number;
  readonly text: string;
  readonly data: Record<string, unknown> | undefined;
}

async function call(path: string, body?: Readonly<Record<string, unknown>>, vars?: string): Promise<Reply | string> {
  const post = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: bodyWithVars(body, vars) };
  let response: Response;
  try {
    response = await fetch(new URL(path, document.baseURI).href, { headers: { Accept: "application/json" }, ...post });
  } catch {
    return "Cannot reach the jsson server. Is `jsson serve` still running?";
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    return "The connection to the server broke off.";
  }
  let data: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    data = undefined;
  }
  return { status: response.status, text, data };
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

function diagnosticsOf(v: unknown): ServerDiagnostic[] {
  return entriesOf(v).filter((d): d is ServerDiagnostic => typeof d.line === "number");
}

/** Every entry of /validate-schema's `diagnostics` (kept in step with `errors`, so one without a place is kept too). */
function entriesOf(v: unknown): ValidationDiagnostic[] {
  if (!Array.isArray(v)) return [];
  return v.filter((d): d is ValidationDiagnostic => typeof d === "object" && d !== null && typeof (d as ValidationDiagnostic).message === "string");
}

/** A reply that is not an endpoint answer (413, 503, 500, …) as messages for people. */
function trouble(reply: Reply): string[] {
  const error = typeof reply.data?.["error"] === "string" ? (reply.data["error"] as string) : undefined;
  const errors = strings(reply.data?.["errors"]);
  if (reply.status === 413) return ["The program is larger than this server accepts (its -max-body limit)."];
  if (reply.status === 503) return [error ?? "The server is busy or shutting down; try again in a moment."];
  if (reply.status >= 500) return [`The server failed (${reply.status}${error === undefined ? "" : `: ${error}`}).`];
  if (errors.length > 0) return errors;
  return [error ?? `Unexpected answer from the server (HTTP ${reply.status}).`];
}

export async function transpile(request: TranspileRequest): Promise<TranspileOutcome> {
  const reply = await call("transpile", { source: request.source, format: request.format, files: request.files }, request.vars);
  if (typeof reply === "string") return { kind: "failed", messages: [reply] };
  const data = reply.data;
  if (reply.status !== 200 || data === undefined || typeof data["success"] !== "boolean") return { kind: "failed", messages: trouble(reply) };
  const format = typeof data["format"] === "string" ? data["format"] : request.format;
  const timeMs = typeof data["transpile_time_ms"] === "number" ? data["transpile_time_ms"] : 0;
  const warnings: Warnings = { warnings: strings(data["warnings"]), warningDiagnostics: diagnosticsOf(data["warning_diagnostics"]) };
  if (data["success"] !== true) return { kind: "errors", format, errors: strings(data["errors"]), diagnostics: diagnosticsOf(data["diagnostics"]), timeMs, ...warnings };
  const output = data["output"];
  // `json` sends the value itself: re-indent its raw text (cut out by the server's own scanner) so big integers
  // and key order survive.
  const raw = typeof output === "string" ? undefined : rawMemberText(reply.text, "output");
  const text = typeof output === "string" ? output : raw === undefined ? JSON.stringify(output, null, 2) + "\n" : prettyRawJson(raw);
  return { kind: "output", format, text, timeMs, ...warnings };
}

export async function validateSchema(request: ValidationRequest): Promise<ValidationOutcome> {
  const body: Record<string, unknown> = { source: request.source, schema: request.schema, output_format: request.format, files: request.files };
  if (request.schemaFormat !== undefined) body["schema_format"] = request.schemaFormat;
  const reply = await call("validate-schema", body, request.vars);
  if (typeof reply === "string") return { kind: "failed", messages: [reply] };
  const data = reply.data;
  if (reply.status !== 200 || data === undefined || typeof data["valid"] !== "boolean") return { kind: "failed", messages: trouble(reply) };
  const timeMs = (typeof data["transpile_time_ms"] === "number" ? data["transpile_time_ms"] : 0) + (typeof data["validate_time_ms"] === "number" ? data["validate_time_ms"] : 0);
  return { kind: "result", valid: data["valid"], errors: strings(data["errors"]), diagnostics: entriesOf(data["diagnostics"]), timeMs };
}

/** GET /formats; undefined when the server cannot say. */
export async function listFormats(): Promise<FormatInfo[] | undefined> {
  const reply = await call("formats");
  if (typeof reply === "string" || reply.status !== 200 || !Array.isArray(reply.data?.["formats"])) return undefined;
  return (reply.data["formats"] as unknown[]).filter((f): f is FormatInfo => typeof f === "object" && f !== null && typeof (f as FormatInfo).name === "string");
}

/** GET /version: "server x.y.z · language a.b.c", or undefined. */
export async function versionText(): Promise<string | undefined> {
  const reply = await call("version");
  if (typeof reply === "string" || reply.status !== 200 || reply.data === undefined) return undefined;
  const server = reply.data["server_version"];
  const lang = reply.data["lang_version"];
  return typeof server === "string" && typeof lang === "string" ? `jsson ${server} · language ${lang}` : undefined;
}

/**
 * What a well-formed plugin, output format and schema type look like, as
 * checks that return the problem in words (or `undefined`). The engine turns
 * a problem into a one-line `PluginError` naming the plugin; plugins come
 * from other packages and other authors, so nothing about them is trusted
 * before it is checked (rollup and prettier refuse malformed plugins on load
 * in the same way).
 */
import { API_VERSION } from "../plugin/index.js";

/** Format names and aliases: what `-f NAME` and `"format": "NAME"` accept (case-insensitive). */
const FORMAT_NAME = /^[a-z0-9][a-z0-9._+-]*$/i;

/** How a refusal names a plugin: its name when it has one, and where it came from when known. */
export function pluginLabel(candidate: unknown, origin: string | undefined): string {
  const name = isRecord(candidate) && typeof candidate["name"] === "string" && candidate["name"] !== "" ? candidate["name"] : undefined;
  if (name !== undefined && origin !== undefined) return `${name} (${origin})`;
  return name ?? origin ?? "(unnamed)";
}

/** Why `candidate` is not a plugin object, or `undefined`. The API version is checked separately. */
export function pluginShapeProblem(candidate: unknown): string | undefined {
  const expected = "expected an object with name, version, apiVersion and apply";
  if (!isRecord(candidate)) return `not a plugin: ${expected} (got ${describeValue(candidate)})`;
  const missing: string[] = [];
  if (typeof candidate["name"] !== "string" || candidate["name"] === "") missing.push("name (a non-empty string)");
  if (typeof candidate["version"] !== "string" || candidate["version"] === "") missing.push("version (a string)");
  if (!("apiVersion" in candidate)) missing.push("apiVersion (a number)");
  if (typeof candidate["apply"] !== "function") missing.push("apply (a function)");
  return missing.length === 0 ? undefined : `not a plugin: ${expected}; missing or wrong: ${missing.join(", ")}`;
}

/** Why a plugin's declared `apiVersion` cannot be served by this build, or `undefined`. */
export function apiVersionProblem(apiVersion: unknown): string | undefined {
  if (apiVersion === API_VERSION) return undefined;
  const problem = `requires plugin API version ${describeValue(apiVersion, true)}, this jsson provides ${API_VERSION}`;
  if (apiVersion === 1) return `${problem}; ${FROM_API_1}, ${FROM_API_2}`;
  if (apiVersion === 2) return `${problem}; to update it: ${FROM_API_2}`;
  return problem;
}

/** What a version-1 plugin changes to run on API 2, in one line (docs/plugins.md, "From API 1 to 2", says it at length). */
const FROM_API_1 =
  "to update it: append text with TextWriter.write(text) instead of out +=, treat ObjectValue.keys/values as read-only, stop reading ObjectValue.weight (docs/plugins.md, \"From API 1 to 2\")";

/**
 * What a version-2 plugin changes to run on API 3, in one line (docs/plugins.md, "From API 2 to 3").
 * Refused rather than run: a version-2 plugin may test values with `instanceof` against the
 * classes of its own copy of jsson, which would misread this engine's tree without a word.
 */
const FROM_API_2 =
  "tell values apart with kindOf or isObjectValue/isFloatValue/isLazyArray/isRangeValue instead of instanceof, build values with host.values.object/float instead of new ObjectValue/FloatValue, stop importing IntRange, BigIntRange, StringRange, normalizeInt and TEXT_CHUNK, then declare apiVersion: 3 (docs/plugins.md, \"From API 2 to 3\")";

/** What `jsson/plugin` exported up to API 2 and API 3 does not (the value classes are types only now). */
const DROPPED_IN_API_3: ReadonlySet<string> = new Set(["ObjectValue", "FloatValue", "LazyArray", "IntRange", "BigIntRange", "StringRange", "normalizeInt", "TEXT_CHUNK"]);

/**
 * What to add to a plugin's load failure (Node's first line), if anything:
 * for a plugin that imports a name API 3 dropped (written for API 2, it
 * fails to load before its `apiVersion` can be read, and is told what to
 * change all the same), and for one that finds no jsson to import (jsson
 * is its peer dependency, resolved as Node resolves it).
 */
export function loadFailureHint(loadError: string): string | undefined {
  if (/Cannot find package 'jsson'/.test(loadError)) return "install jsson where the plugin can import it (it is the plugin's peer dependency: npm install jsson in the project, or npm link jsson)";
  const name = /does not provide an export named '([^']+)'/.exec(loadError)?.[1];
  if (name === undefined || !DROPPED_IN_API_3.has(name)) return undefined;
  return `jsson's plugin API ${API_VERSION} has no ${name} (a plugin written for API 2?); to update it: ${FROM_API_2}`;
}

/** Why `format` cannot be registered as an output format, or `undefined`. */
export function formatShapeProblem(format: unknown): string | undefined {
  if (!isRecord(format)) return `registerFormat needs a format object (got ${describeValue(format)})`;
  const name = format["name"];
  if (typeof name !== "string" || !FORMAT_NAME.test(name))
    return `registerFormat: format name ${describeValue(name, true)} is not valid (letters, digits, ".", "_", "+", "-"; starting with a letter or digit)`;
  const where = `registerFormat: format "${name}"`;
  const aliases = format["aliases"];
  if (aliases !== undefined) {
    if (!Array.isArray(aliases)) return `${where}: aliases must be an array of names`;
    for (const a of aliases) if (typeof a !== "string" || !FORMAT_NAME.test(a)) return `${where}: alias ${describeValue(a, true)} is not a valid format name`;
  }
  const extensions = format["extensions"];
  if (!Array.isArray(extensions) || !extensions.every((e) => typeof e === "string" && e !== "" && !e.startsWith(".") && !/[\\/\s]/.test(e)))
    return `${where}: extensions must be an array of file extensions without the dot (e.g. ["env"])`;
  if (typeof format["mediaType"] !== "string" || !/^[\w.+-]+\/[\w.+-]+/.test(format["mediaType"]))
    return `${where}: mediaType must be a media type such as "text/plain"`;
  if (format["description"] !== undefined && typeof format["description"] !== "string") return `${where}: description must be a string`;
  if (typeof format["emit"] !== "function") return `${where}: emit must be a function`;
  for (const hook of ["check", "emitValue", "readBack"])
    if (format[hook] !== undefined && typeof format[hook] !== "function") return `${where}: ${hook} must be a function when given`;
  const options = format["options"];
  if (options !== undefined) {
    if (!isRecord(options)) return `${where}: options must be an object of option name → { type, description }`;
    for (const [name, spec] of Object.entries(options))
      if (!isRecord(spec) || !["boolean", "string", "number"].includes(spec["type"] as string) || typeof spec["description"] !== "string")
        return `${where}: option "${name}" must be { type: "boolean" | "string" | "number", description: string }`;
  }
  return undefined;
}

/** Why `schemaType` cannot be registered, or `undefined`. */
export function schemaTypeShapeProblem(schemaType: unknown): string | undefined {
  if (!isRecord(schemaType) || typeof schemaType["name"] !== "string" || schemaType["name"] === "" || typeof schemaType["validate"] !== "function")
    return "registerSchemaType needs a schema type with a name and a validate function";
  return undefined;
}

/** The first line of what a plugin threw (refusals are one line; a stack or a multi-line message is not). */
export function thrownLine(e: unknown): string {
  const text = e instanceof Error ? (e.message === "" ? e.name : `${e.name === "Error" ? "" : e.name + ": "}${e.message}`) : String(e);
  return (text.split(/\r?\n/).find((l) => l.trim() !== "") ?? "").trim();
}

/** True for a promise or other thenable (an `apply` must register synchronously). */
export function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (typeof v === "object" || typeof v === "function") && v !== null && typeof (v as { then?: unknown }).then === "function";
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function describeValue(v: unknown, asValue = false): string {
  if (v === undefined) return asValue ? "(none)" : "undefined";
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "function") return "a function";
  if (asValue && (typeof v === "string" || typeof v === "number" || typeof v === "boolean")) return JSON.stringify(v);
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

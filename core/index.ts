/**
 * The jsson engine API (`import … from "jsson"`).
 *
 * ```ts
 * import { createEngine, NodeFsHost } from "jsson";
 * const engine = createEngine();
 * const r = engine.transpile('port = 8080', { format: "yaml" });
 * ```
 *
 * This entry point is the one place where core knows the built-in plugins:
 * {@link createEngine} applies them (through the same path as third-party
 * plugins) unless told not to.
 */
import { BUILTIN_PLUGINS } from "../plugins/builtins.js";
import { Engine } from "./engine/engine.js";

export { Engine, PluginError, resolveLimits } from "./engine/engine.js";
export type { TranspileResult, EvaluateResult, RunSuccess, RunFailure, EngineHooks, FormatInfo } from "./engine/engine.js";
export { DEFAULT_LIMITS, INCLUDE_MERGE_MODES } from "./engine/options.js";
export type { Limits, RunOptions, IncludeMerge } from "./engine/options.js";
export { selectPathText, selectValue } from "./engine/select-value.js";
export type { SelectStep, Selection } from "./engine/select-value.js";
export type { IncludeHost, HostResult } from "./host/include-host.js";
export { NodeFsHost } from "./host/node-fs-host.js";
export { MemoryHost } from "./host/memory-host.js";
export type { Diagnostic, DiagnosticSeverity, RelatedPlace, SourceSpan } from "./diagnostics/diagnostic.js";
export { causeChain, diagnosticMessage, renderDiagnostic, renderDiagnosticWithSource, renderExcerpt } from "./diagnostics/diagnostic.js";
export { CODES } from "./diagnostics/catalogue.js";
export type { DiagnosticCode } from "./diagnostics/catalogue.js";
export { toPlainData } from "./eval/plain-data.js";
export { varNameProblem } from "./data/external-vars.js";
export type { ExternalVars, VarValue } from "./data/external-vars.js";
export type { PlainData } from "./eval/plain-data.js";
export { locateFailures } from "./engine/locate-failures.js";
export { ValueTrace } from "./eval/value-trace.js";
export { ValueLocator } from "./eval/value-locator.js";
export type { ValuePlace, PlaceTarget } from "./eval/value-locator.js";
export type { SchemaFailure, SchemaResult } from "./plugin.js";
export { BUILTIN_PLUGINS };

/** The version of the JSSON language this engine implements. */
export const LANGUAGE_VERSION = "0.0.6";

/** Options of {@link createEngine}. */
export interface CreateEngineOptions {
  /** Extra plugins (objects), applied after the built-ins. */
  readonly plugins?: readonly unknown[];
  /** Apply the built-in formats and schema type (default true). */
  readonly builtins?: boolean;
}

/** An engine with the built-in plugins (json, yaml, toml, typescript, json-schema) and `plugins`. */
export function createEngine(options: CreateEngineOptions = {}): Engine {
  const base = options.builtins === false ? [] : BUILTIN_PLUGINS;
  return new Engine([...base, ...(options.plugins ?? [])]);
}

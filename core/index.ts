/**
 * The engine API of jsson's core, without any plugin: the package entry
 * (`index.ts` at the repository root, `import … from "jsson"`) re-exports
 * all of it and adds `createEngine` with the built-in plugins, so core
 * itself imports nothing from `plugins/`.
 */
export { Engine, PluginError, resolveLimits } from "./engine/engine.js";
export type { TranspileResult, EvaluateResult, RunSuccess, RunFailure, EngineHooks, FormatInfo, Evaluation, SchemaCheck, SchemaOptions, SyntaxCheck, RunCounter } from "./engine/engine.js";
export { DEFAULT_LIMITS } from "./values/limits.js";
export type { Limits } from "./values/limits.js";
export { INCLUDE_MERGE_MODES } from "./eval/include-merge.js";
export type { IncludeMerge } from "./eval/include-merge.js";
export { DEFAULT_STREAM_THRESHOLD } from "./engine/options.js";
export type { RunOptions } from "./engine/options.js";
export { selectPathText, selectValue } from "./engine/select-value.js";
export type { SelectStep, Selection } from "./engine/select-value.js";
export type { IncludeHost, HostResult } from "./host/include-host.js";
export { NodeFsHost } from "./host/node-fs-host.js";
export { MemoryHost } from "./host/memory-host.js";
export { walkPath } from "./host/path-walk.js";
export type { Diagnostic, DiagnosticSeverity, RelatedPlace, SourceSpan, Suggestion } from "./diagnostics/diagnostic.js";
export { causeChain, diagnosticMessage, renderDiagnostic, renderDiagnosticWithSource, renderExcerpt } from "./diagnostics/diagnostic.js";
export { CODES, WARNING_CODES } from "./diagnostics/catalogue.js";
export { closestName } from "./diagnostics/closest-name.js";
export { diagnosticAt } from "./diagnostics/make-diagnostic.js";
export type { RunSignal } from "./values/cost-meter.js";
export type { DiagnosticCode } from "./diagnostics/catalogue.js";
export { toPlainData } from "./values/plain-data.js";
export { varNameProblem } from "./data/external-vars.js";
export type { ExternalVars, VarValue } from "./data/external-vars.js";
export type { PlainData } from "./values/plain-data.js";
export { locateFailures } from "./provenance/locate-failures.js";
export { ValueTrace } from "./provenance/value-trace.js";
export { ValueLocator } from "./provenance/value-locator.js";
export type { ValuePlace, PlaceTarget } from "./provenance/value-locator.js";
export type { SchemaFailure, SchemaResult } from "./plugin.js";

/** The version of the JSSON language this engine implements. */
export const LANGUAGE_VERSION = "0.0.6";

/**
 * The engine API of jsson's core, without any plugin: the package entry
 * (`index.ts` at the repository root, `import … from "jsson"`) re-exports
 * all of it and adds `createEngine` with the built-in plugins, so core
 * itself imports nothing from `plugins/`.
 *
 * This is the public surface for programs that embed jsson, and only that:
 * the engine, its options and results, diagnostics, include hosts and the
 * value types. What only this repository's CLI, server and language server
 * use, they import from its own module. The surface is pinned by
 * `api/jsson.api.md` (test/core/api-baseline.test.ts).
 */
export { Engine, PluginError } from "./engine/engine.js";
export type { TranspileResult, EvaluateResult, RunSuccess, RunFailure, FormatInfo, Evaluation, SchemaCheck, SchemaOptions, DataCheck, SyntaxCheck } from "./engine/engine.js";
export { schemaCheck } from "./engine/schema-check.js";
export type { SchemaToCheck, SchemaCheckOutcome, CheckedAgainstSchema } from "./engine/schema-check.js";
export type { ValuePlace } from "./provenance/value-locator.js";
export { DEFAULT_LIMITS } from "./values/limits.js";
export type { Limits } from "./values/limits.js";
export { INCLUDE_MERGE_MODES } from "./eval/include-merge.js";
export type { IncludeMerge } from "./eval/include-merge.js";
export { DEFAULT_STREAM_THRESHOLD } from "./engine/options.js";
export type { RunOptions } from "./engine/options.js";
export type { RunSignal } from "./values/cost-meter.js";
export { selectPathText } from "./engine/select-value.js";
export type { SelectStep } from "./engine/select-value.js";
export type { IncludeHost, HostResult } from "./host/include-host.js";
export { NodeFsHost } from "./host/node-fs-host.js";
export { MemoryHost } from "./host/memory-host.js";
export type { Diagnostic, DiagnosticSeverity, RelatedPlace, SourceSpan, Suggestion } from "./diagnostics/diagnostic.js";
export { causeChain, diagnosticMessage, renderDiagnostic, renderDiagnosticWithSource, renderExcerpt } from "./diagnostics/diagnostic.js";
export { diagnosticJson } from "./diagnostics/diagnostic-json.js";
export type { DiagnosticJson, FileNaming } from "./diagnostics/diagnostic-json.js";
export { CODES } from "./diagnostics/catalogue.js";
export type { DiagnosticCode } from "./diagnostics/catalogue.js";
export { varNameProblem } from "./data/external-vars.js";
export type { ExternalVars, VarValue } from "./data/external-vars.js";
export { dataFormatOf, readVarValue, readVars } from "./data/read-vars.js";
export type { DataFormat, VarValueReading, VarsReading, VarsTextOptions, VarsTextProblem } from "./data/read-vars.js";
export type { Value, ValueKind, ObjectValue, FloatValue, LazyArray } from "./values/values.js";
export { kindOf } from "./values/values.js";
export { toPlainData } from "./values/plain-data.js";
export type { PlainData } from "./values/plain-data.js";
export type { SchemaFailure, SchemaResult } from "./plugin/index.js";

/** The version of the JSSON language this engine implements. */
export const LANGUAGE_VERSION = "0.0.6";

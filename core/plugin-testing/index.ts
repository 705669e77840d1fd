/**
 * A test kit for format plugins (`import … from "jsson/plugin/testing"`):
 * the checks jsson's own formats pass, for any format plugin, with any test
 * runner. {@link checkFormat} runs them and returns one result per check;
 * {@link uvuFormatTests} and {@link nodeFormatTests} register them as tests
 * of uvu or node:test. The guide is docs/plugins.md, "Testing your plugin".
 *
 * ```js
 * import { checkFormat } from "jsson/plugin/testing";
 * const failed = (await checkFormat(plugin)).filter((r) => !r.ok);
 * ```
 */
export { checkFormat, formatChecks } from "./format-checks.js";
export type { CheckResult, FormatCheck, FormatCheckOptions, OutputReader } from "./format-checks.js";
export type { Reading } from "./data-difference.js";
export { VALUE_SHAPES } from "./value-shapes.js";
export type { ExpectedData, ValueShape } from "./value-shapes.js";
export { nodeFormatTests, uvuFormatTests } from "./runner-adapters.js";
export type { NodeTest, NodeTestContext, UvuTest } from "./runner-adapters.js";

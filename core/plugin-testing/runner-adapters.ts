/**
 * The checks of format-checks.ts as tests of a test runner: one test per
 * check, named `<format>: <check>` (`yaml: integers: reads back`). The runner's `test` function is passed
 * in, so jsson depends on no test runner (uvu and node:test are the user's).
 */
import { formatChecks, type FormatCheck, type FormatCheckOptions } from "./format-checks.js";

/** uvu's `test` (or a `suite(…)`): `test(name, fn)`; call its `run()` after registering. */
export type UvuTest = (name: string, fn: () => Promise<void>) => unknown;

/** What node:test hands a test function: `skip` is all the adapter uses. */
export interface NodeTestContext {
  skip(message?: string): void;
}

/** node:test's `test` (`import test from "node:test"`), or `it` / `describe`'s `test`. */
export type NodeTest = (name: string, fn: (t: NodeTestContext) => Promise<void>) => unknown;

/** Run `check`; a failed check throws an error with its message. */
async function runOrThrow(check: FormatCheck, onSkip: (message: string) => void): Promise<void> {
  const r = await check.run();
  if (!r.ok) throw new Error(`${r.name}: ${r.message}`);
  if (r.skipped === true) onSkip(r.message);
}

/**
 * Register one uvu test per check of `plugin`'s format (uvu has no skip: a
 * skipped check passes).
 *
 * ```js
 * import { test } from "uvu";
 * import { uvuFormatTests } from "jsson/plugin/testing";
 * uvuFormatTests(test, plugin, { format: "properties" });
 * test.run();
 * ```
 */
export function uvuFormatTests(test: UvuTest, plugin: unknown, options: FormatCheckOptions = {}): void {
  for (const check of formatChecks(plugin, options)) test(`${check.format}: ${check.name}`, () => runOrThrow(check, () => {}));
}

/**
 * Register one node:test test per check of `plugin`'s format; a skipped
 * check is reported as skipped.
 *
 * ```js
 * import test from "node:test";
 * import { nodeFormatTests } from "jsson/plugin/testing";
 * nodeFormatTests(test, plugin);
 * ```
 */
export function nodeFormatTests(test: NodeTest, plugin: unknown, options: FormatCheckOptions = {}): void {
  for (const check of formatChecks(plugin, options)) test(`${check.format}: ${check.name}`, (t) => runOrThrow(check, (message) => t.skip(message)));
}

/**
 * "The data a consumer of the chosen output format would read"
 * (LANGUAGE.md §12.1): what the validate stage checks, for the CLI
 * (`--schema`) and the HTTP server (`/validate-schema`) alike.
 *
 * - A format that can read its own text back ({@link OutputFormat.readBack}:
 *   YAML, TOML): the emitted text read back, so TOML's dropped nulls are
 *   visible to the schema;
 * - any other format (JSON, TypeScript, a plugin's): the evaluated value
 *   tree — the selected value, with a selection — as plain data (a
 *   TypeScript file is a module, not a data format).
 */
import { toPlainData } from "../values/plain-data.js";
import type { ObjectValue } from "../values/values.js";
import type { EmitContext, OutputFormat } from "../plugin/index.js";
import { selectValue, type SelectStep } from "./select-value.js";

/** The data, or why the output could not be read back (a bug in an emitter). */
export type ConsumerData = { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly message: string };

/**
 * @param format the run's format
 * @param ctx the emit context the output was written with
 * @param root the evaluated tree of a successful run
 * @param output the text the run wrote
 * @param select the run's selection (what was written)
 */
export function consumerData(format: OutputFormat, ctx: EmitContext, root: ObjectValue, output: string, select: readonly SelectStep[]): ConsumerData {
  try {
    if (format.readBack !== undefined) return { ok: true, data: format.readBack(output, ctx) };
    const selected = selectValue(root, select);
    if (!selected.ok) return { ok: false, message: selected.message };
    return { ok: true, data: toPlainData(selected.value) };
  } catch (e) {
    return { ok: false, message: `cannot read the ${format.name} output back: ${e instanceof Error ? e.message : String(e)}` };
  }
}

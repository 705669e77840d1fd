/** Builds oclif flag definitions from a {@link FlagDefinition} table. */
import { Flags, type Interfaces } from "@oclif/core";
import type { FlagDefinition } from "./flag-spec.js";

type StringFlagOptions = NonNullable<Parameters<typeof Flags.string>[0]>;
type BooleanFlagOptions = NonNullable<Parameters<typeof Flags.boolean>[0]>;

/**
 * The `static flags` record of an oclif command, from plain definitions (option values are strings).
 * A repeatable option takes one value per use (`--plugin a --plugin b`), as the fast parser reads it:
 * oclif's default would take every following word as another value, so that in
 * `jsson validate --plugin ./p.mjs app.jsson` the file became a plugin.
 */
export function oclifFlags(table: readonly FlagDefinition[]): Interfaces.FlagInput {
  const out: Interfaces.FlagInput = {};
  for (const d of table) {
    const common: Record<string, unknown> = { description: d.description };
    if (d.char !== undefined) common["char"] = d.char;
    if (d.default !== undefined) common["default"] = d.default;
    if (d.kind === "boolean") {
      out[d.name] = Flags.boolean({ ...common, allowNo: d.allowNo === true } as BooleanFlagOptions);
    } else {
      if (d.helpValue !== undefined) common["helpValue"] = d.helpValue;
      if (d.options !== undefined) common["options"] = [...d.options];
      if (d.multiple === true) common["multipleNonGreedy"] = true;
      out[d.name] = Flags.string({ ...common, multiple: d.multiple === true } as StringFlagOptions);
    }
  }
  return out;
}

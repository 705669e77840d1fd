/** Builds oclif flag definitions from a {@link FlagDefinition} table, and the command class of a {@link CommandEntry}. */
import { Args, Command, Flags, type Interfaces } from "@oclif/core";
import type { CommandEntry, ParsedFlags } from "./command-entry.js";
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

/** What {@link entryCommand} makes: an oclif command whose `run` is written. */
export declare class RunnableCommand extends Command {
  run(): Promise<void>;
}

/**
 * The oclif command class of a {@link CommandEntry} taking any number of
 * FILEs (`arg` names them in the usage line; the entry checks how many it
 * takes): its flags from the entry's table, its run the entry's. A command
 * extends it with its help texts.
 */
export function entryCommand(entry: CommandEntry, arg: string, description: string): typeof RunnableCommand {
  const input = { flags: oclifFlags(entry.flags), args: { [arg]: Args.string({ description, required: false, ignoreStdin: true }) }, strict: false };
  return class extends Command {
    static override flags = input.flags;
    static override args = input.args;
    static override strict = input.strict;

    async run(): Promise<void> {
      // oclif's parse copies the own members of what it is given: a subclass's inherited statics would be lost
      const { flags, argv } = await this.parse(input);
      process.exitCode = await entry.run(flags as ParsedFlags, argv.map(String), this.argv);
    }
  };
}

import { Args, Command, Flags } from "@oclif/core";
import { oclifFlags } from "../argv/oclif-flags.js";
import { ERROR_FORMAT_FLAG, PLUGIN_FLAG } from "../transpile/transpile-flags.js";

/** `jsson validate FILE`: syntax check only. */
export default class Validate extends Command {
  static override summary = "Check the syntax of a JSSON file (nothing is evaluated).";
  static override description = `Reports the first lexical or syntax error as "Line <n>: <message>" with its place (--> file:line:column), the source line and a caret; --error-format json or github writes it for tools.
Exit status: 0 valid, 1 syntax error (or unreadable input), 2 usage error.`;
  static override examples = ["<%= config.bin %> validate config.jsson", "<%= config.bin %> validate - < config.jsson"];
  static override flags = {
    input: Flags.string({ char: "i", description: "input file (- for stdin)", helpValue: "FILE" }),
    // a syntax check reads no jsson.config.json (its plugins are code it does not need)
    ...oclifFlags([ERROR_FORMAT_FLAG, { ...PLUGIN_FLAG, description: "load a plugin (package name or path; repeatable); JSSON_PLUGINS is read too, jsson.config.json is not" }]),
  };
  static override args = {
    file: Args.string({ description: "input file (- or none: stdin)", required: false, ignoreStdin: true }),
  };

  async run(): Promise<void> {
    const { flags, args } = await this.parse(Validate);
    const { runValidate } = await import("../transpile/validate-files.js");
    process.exitCode = await runValidate(flags.input, args.file, (flags.plugin as string[] | undefined) ?? [], flags["error-format"] as string | undefined);
  }
}

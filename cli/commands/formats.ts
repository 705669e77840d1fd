import { Command, Flags } from "@oclif/core";

/** `jsson formats`: the output formats of this build (built-in and plugin ones). */
export default class Formats extends Command {
  static override summary = "List the output formats: name, aliases, file extensions, plugin.";
  static override examples = ["<%= config.bin %> formats", "<%= config.bin %> formats --json"];
  static override flags = {
    json: Flags.boolean({ description: "print the list as JSON", default: false }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Formats);
    const { createCliEngine } = await import("../cli-engine.js");
    const { formatTable } = await import("../cli-format-table.js");
    const formats = createCliEngine().listFormats();
    this.log(flags.json ? JSON.stringify(formats, null, 2) : formatTable(formats));
  }
}

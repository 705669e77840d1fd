import { Command, Flags } from "@oclif/core";
import { oclifFlags } from "../argv/oclif-flags.js";
import { PLUGIN_FLAG } from "../transpile/transpile-flags.js";

/** `jsson formats`: the output formats of this build (built-in and plugin ones). */
export default class Formats extends Command {
  static override summary = "List the output formats: name, aliases, file extensions, plugin.";
  static override description = "Built-in formats and those of the plugins loaded (jsson.config.json, JSSON_PLUGINS, --plugin).";
  static override examples = ["<%= config.bin %> formats", "<%= config.bin %> formats --json", "<%= config.bin %> formats --plugin jsson-plugin-dotenv"];
  static override flags = {
    json: Flags.boolean({ description: "print the list as JSON", default: false }),
    ...oclifFlags([PLUGIN_FLAG]),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Formats);
    const { loadCliEngine } = await import("../plugin-loader/cli-engine.js");
    const { formatTable } = await import("../terminal/format-table.js");
    const { writeStderr, writeStdout } = await import("../io/fd-writer.js");
    const loaded = await loadCliEngine((flags.plugin as string[] | undefined) ?? []);
    if (!loaded.ok) {
      const { EXIT } = await import("../terminal/exit-codes.js");
      writeStderr(`jsson: ${loaded.message}\n`);
      process.exitCode = EXIT.USAGE;
      return;
    }
    const formats = loaded.engine.listFormats();
    if (flags.json) {
      // plugins name and describe formats: on a terminal their control characters are shown escaped
      writeStdout(JSON.stringify(formats, null, 2) + "\n");
    } else {
      const { terminalText } = await import("../terminal/terminal-text.js");
      this.log(`${formatTable(formats)}\n\nConfig file: ${terminalText(loaded.configFile ?? "none")}`);
    }
  }
}

import { Command } from "@oclif/core";

/** `jsson version` (also `jsson --version`, `-version`, `-v`). */
export default class Version extends Command {
  static override summary = "Print the jsson version and the JSSON language version it implements.";
  static override examples = ["<%= config.bin %> version"];

  async run(): Promise<void> {
    await this.parse(Version);
    const { versionLine } = await import("../terminal/version-line.js");
    process.stdout.write(versionLine(this.config.version));
  }
}

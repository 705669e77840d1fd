import { Command } from "@oclif/core";

/** `jsson version` (also `jsson --version`, `-version`, `-v`). */
export default class Version extends Command {
  static override summary = "Print the jsson version and the JSSON language version it implements.";
  static override examples = ["<%= config.bin %> version"];

  async run(): Promise<void> {
    await this.parse(Version);
    const { LANGUAGE_VERSION } = await import("../../core/index.js");
    this.log(`jsson ${this.config.version} (language ${LANGUAGE_VERSION})`);
  }
}

import { Args, Command, loadHelpClass } from "@oclif/core";

/** `jsson help [COMMAND]`: oclif's help, as a command (the reference CLI had `jsson help`). */
export default class Help extends Command {
  static override summary = "Show help for jsson or for one command.";
  static override examples = ["<%= config.bin %> help", "<%= config.bin %> help transpile"];
  static override strict = false;
  static override args = {
    command: Args.string({ description: "command to show help for", required: false }),
  };

  async run(): Promise<void> {
    const { argv } = await this.parse(Help);
    const HelpClass = await loadHelpClass(this.config);
    await new HelpClass(this.config).showHelp(argv.map(String));
  }
}

import { Args, Command } from "@oclif/core";
import { oclifFlags } from "../argv/oclif-flags.js";
import { PLUGIN_FLAG } from "../transpile/transpile-flags.js";

/** `jsson completion bash|zsh|fish`: print a shell completion script. */
export default class Completion extends Command {
  static override summary = "Print a shell completion script (bash, zsh or fish).";
  static override description = `Completes commands, flags, the values of -f and of flags with fixed choices, and file names.
bash:  source <(jsson completion bash)      (or save it in ~/.local/share/bash-completion/completions/jsson)
zsh:   source <(jsson completion zsh)       (after compinit)
fish:  jsson completion fish > ~/.config/fish/completions/jsson.fish`;
  static override examples = ["<%= config.bin %> completion bash > ~/.local/share/bash-completion/completions/jsson"];
  static override flags = oclifFlags([PLUGIN_FLAG]);
  static override args = {
    shell: Args.string({ description: "bash, zsh or fish", required: true, options: ["bash", "zsh", "fish"] }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Completion);
    const { loadCliEngine } = await import("../plugin-loader/cli-engine.js");
    const { completionScript } = await import("../argv/completion-script.js");
    const { completionModel } = await import("../argv/completion-model.js");
    const loaded = await loadCliEngine(flags.plugin ?? []);
    if (!loaded.ok) {
      const { EXIT } = await import("../terminal/exit-codes.js");
      process.stderr.write(`jsson: ${loaded.message}\n`);
      process.exitCode = EXIT.USAGE;
      return;
    }
    const model = completionModel(this.config, loaded.engine);
    process.stdout.write(completionScript(args.shell as "bash" | "zsh" | "fish", model));
  }
}

/**
 * The one error the plugin loader throws for problems of the user's setup
 * (a plugin not found, not a plugin, refused by the engine; a broken
 * `jsson.config.json`). Its message is one line naming the plugin and where
 * it was asked for; the CLI prints it after `jsson: ` and exits 2, and the
 * server does not start.
 */
export class PluginLoadError extends Error {
  constructor(message: string) {
    super(message.replace(/\s*\r?\n\s*/g, " "));
    this.name = "PluginLoadError";
  }
}

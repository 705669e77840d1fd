import type { JssonPlugin, OutputFormat } from "jsson/plugin";

/** The `.env` output format (`dotenv`, alias `env`). */
export declare const dotenvFormat: OutputFormat;

/** The plugin: registers {@link dotenvFormat}. */
declare const plugin: JssonPlugin;
export default plugin;

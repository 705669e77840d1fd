/**
 * The registry: plugins applied to an engine, in order, through the
 * {@link PluginHost} their `apply` receives, and what they registered — the
 * formats and schema types, which are taps of the pipeline's hooks
 * (hooks.ts), and the listings, which are views over those taps.
 */
import { API_VERSION, type JssonPlugin, type OutputFormat, type PluginHooks, type PluginHost, type SchemaType, type TapOptions, type Tappable, type ValueFactory } from "../plugin/index.js";
import { createHooks, freezeHooks, type EmitHook, type EngineHooks, type FormatTap, type PipelineHooks, type SchemaTypeTap } from "./hooks.js";
import { FloatValue, ObjectValue, type Value } from "../values/values.js";
import { apiVersionProblem, formatShapeProblem, isThenable, pluginLabel, pluginShapeProblem, schemaTypeShapeProblem, thrownLine } from "./plugin-shape.js";

/** What {@link PluginHost.values} makes: this jsson's own value objects. */
const VALUE_FACTORY: ValueFactory = Object.freeze({
  object: (entries?: Iterable<readonly [string, Value]>) => new ObjectValue(entries),
  float: (value: number) => new FloatValue(value),
});

/** Raised when a plugin cannot be loaded; the message names the plugin. */
export class PluginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PluginError";
  }
}

/** Describes a registered format, for listings (`jsson formats`, `/formats`). */
export interface FormatInfo {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly extensions: readonly string[];
  readonly mediaType: string;
  readonly description: string;
  /** The plugin that registered it. */
  readonly plugin: string;
}

/** A format as the run finds it: the format and the emit hook it tapped. */
export interface FormatEntry {
  readonly format: OutputFormat;
  /** Canonical (lower-case) name. */
  readonly name: string;
  readonly hook: EmitHook;
}

/** Plugins applied and what they registered; see the file header. */
export class PluginRegistry {
  private readonly set: PipelineHooks = createHooks();
  /** The loaded plugins, in load order. */
  readonly loadedPlugins: { name: string; version: string }[] = [];
  /** Set when frozen: the formats by every name and alias, read once from the taps (they cannot change any more). */
  private byName: ReadonlyMap<string, FormatEntry> | undefined;

  /** The pipeline's hooks. */
  get hooks(): EngineHooks {
    return this.set.hooks;
  }

  /** End set-up (idempotent): freeze the hooks. */
  freeze(): void {
    if (this.byName !== undefined) return;
    const byName = new Map<string, FormatEntry>();
    for (const entry of this.formatEntries()) for (const n of namesOf(entry.format)) byName.set(n, entry);
    freezeHooks(this.set);
    this.byName = byName;
  }

  /** Apply one plugin: see `Engine.use`, which says what is checked and when it takes effect. */
  use(candidate: unknown, origin?: string): void {
    const who = pluginLabel(candidate, origin);
    const refuse = (why: string): PluginError => new PluginError(`plugin ${who}: ${why}`);
    if (this.byName !== undefined) throw refuse("plugins are applied before the engine's first run; this engine has run already");
    const problem = pluginShapeProblem(candidate) ?? apiVersionProblem((candidate as JssonPlugin).apiVersion);
    if (problem !== undefined) throw refuse(problem);
    const p = candidate as JssonPlugin;
    if (this.loadedPlugins.some((q) => q.name === p.name)) throw refuse("a plugin with this name is already loaded");
    const staged = this.hostFor(p.name, refuse);
    let returned: unknown;
    try {
      returned = p.apply.call(p, staged.host);
    } catch (e) {
      if (e instanceof PluginError) throw e;
      throw refuse(`apply failed: ${thrownLine(e)}`);
    } finally {
      staged.close();
    }
    if (isThenable(returned)) {
      Promise.resolve(returned).catch(() => {}); // refused anyway; its outcome must not surface as an unhandled rejection
      throw refuse("apply returned a promise; it must register its formats synchronously");
    }
    staged.commit();
    this.loadedPlugins.push({ name: p.name, version: p.version });
  }

  /** The host a plugin's `apply` sees: registrations and taps are checked at once and staged until {@link use} commits them. */
  private hostFor(pluginName: string, refuse: (why: string) => PluginError): { host: PluginHost; commit(): void; close(): void } {
    const taps: (() => void)[] = [];
    const formats: { format: OutputFormat; names: string[] }[] = [];
    const schemaTypes: SchemaType[] = [];
    let open = true;
    const stage = <A extends unknown[], R>(hook: () => Tappable<A, R>, what: string): Tappable<A, R> => ({
      tap: (options: string | TapOptions, fn: (...args: A) => R) => {
        if (!open) throw refuse(`tapped ${what} after its apply returned: hooks are tapped only while apply runs`);
        const tap = tapOptions(options);
        if (tap === undefined) throw refuse(`${what}.tap needs a name (a non-empty string, or { name, stage?, before? })`);
        if (typeof fn !== "function") throw refuse(`${what}.tap needs a function`);
        taps.push(() => hook().tap(tap, fn));
      },
    });
    const hooks = this.set.hooks;
    const pluginHooks: PluginHooks = {
      parsed: stage(() => hooks.parsed, "hooks.parsed"),
      resolveInclude: stage(() => hooks.resolveInclude, "hooks.resolveInclude"),
      evaluated: stage(() => hooks.evaluated, "hooks.evaluated"),
      emit: { for: (format: string) => stage(() => hooks.emit.for(String(format).toLowerCase()), `hooks.emit.for(${JSON.stringify(format)})`) },
      validate: { for: (type: string) => stage(() => hooks.validate.for(String(type)), `hooks.validate.for(${JSON.stringify(type)})`) },
    };
    const host: PluginHost = {
      apiVersion: API_VERSION,
      hooks: pluginHooks,
      values: VALUE_FACTORY,
      registerFormat: (format: OutputFormat) => {
        if (!open) throw refuse("registerFormat called after its apply returned");
        const problem = formatShapeProblem(format);
        if (problem !== undefined) throw refuse(problem);
        const names = namesOf(format);
        for (const n of names) {
          const taken = this.findEntry(n)?.plugin ?? (formats.some((f) => f.names.includes(n)) ? pluginName : undefined);
          if (taken !== undefined) throw refuse(`format name "${n}" is already registered by plugin ${taken}`);
        }
        formats.push({ format, names });
      },
      registerSchemaType: (schemaType: SchemaType) => {
        if (!open) throw refuse("registerSchemaType called after its apply returned");
        const problem = schemaTypeShapeProblem(schemaType);
        if (problem !== undefined) throw refuse(problem);
        const taken = this.schemaTypeTaps().find((t) => t.schemaType.name === schemaType.name)?.plugin ?? (schemaTypes.some((t) => t.name === schemaType.name) ? pluginName : undefined);
        if (taken !== undefined) throw refuse(`schema type "${schemaType.name}" is already registered by plugin ${taken}`);
        schemaTypes.push(schemaType);
      },
    };
    const commit = (): void => {
      for (const { format } of formats) {
        hooks.emit.for(format.name.toLowerCase()).tap({ name: pluginName, format }, (value, sink, ctx) => {
          format.emit(value, sink, ctx);
          return true;
        });
      }
      for (const schemaType of schemaTypes)
        hooks.validate.for(schemaType.name).tap({ name: pluginName, schemaType }, (data, text, options) => schemaType.validate(data, text, options));
      for (const t of taps) t();
    };
    return { host, commit, close: () => void (open = false) };
  }

  /** The registered formats, in registration order (read from the emit hooks' taps). */
  listFormats(): FormatInfo[] {
    return this.formatEntries().map(({ format, name, plugin }) => ({
      name,
      aliases: (format.aliases ?? []).map((a) => a.toLowerCase()),
      extensions: format.extensions,
      mediaType: format.mediaType,
      description: format.description ?? "",
      plugin,
    }));
  }

  /** The format registered under `nameOrAlias` (case-insensitive). */
  findFormat(nameOrAlias: string): FormatEntry | undefined {
    const n = nameOrAlias.toLowerCase();
    return this.byName !== undefined ? this.byName.get(n) : this.findEntry(n);
  }

  /** Names of the registered schema types, in registration order (read from the validate hooks' taps). */
  listSchemaTypes(): string[] {
    return this.schemaTypeTaps().map((t) => t.schemaType.name);
  }

  private findEntry(name: string): (FormatEntry & { plugin: string }) | undefined {
    return this.formatEntries().find((e) => namesOf(e.format).includes(name));
  }

  private formatEntries(): (FormatEntry & { plugin: string })[] {
    const out: (FormatEntry & { plugin: string })[] = [];
    for (const key of this.set.emitKeys) {
      const hook = this.set.hooks.emit.get(key) as EmitHook; // every key the map has made
      for (const tap of hook.taps as readonly (FormatTap & { name: string })[]) if (tap.format !== undefined) out.push({ format: tap.format, name: key, hook, plugin: tap.name });
    }
    return out;
  }

  private schemaTypeTaps(): { schemaType: SchemaType; plugin: string }[] {
    const out: { schemaType: SchemaType; plugin: string }[] = [];
    for (const key of this.set.validateKeys)
      for (const tap of (this.set.hooks.validate.get(key)?.taps ?? []) as readonly (SchemaTypeTap & { name: string })[])
        if (tap.schemaType !== undefined) out.push({ schemaType: tap.schemaType, plugin: tap.name });
    return out;
  }
}

/** A format's name and aliases, lower case, without repeats. */
function namesOf(format: OutputFormat): string[] {
  return [...new Set([format.name, ...(format.aliases ?? [])].map((n) => n.toLowerCase()))];
}

/** The tapable options of a plugin's tap: only name, stage and before (a plugin cannot pose as a format's tap). */
function tapOptions(options: string | TapOptions): { name: string; stage?: number; before?: string } | undefined {
  if (typeof options === "string") return options.trim() === "" ? undefined : { name: options };
  if (typeof options !== "object" || options === null || typeof options.name !== "string" || options.name.trim() === "") return undefined;
  const out: { name: string; stage?: number; before?: string } = { name: options.name };
  if (typeof options.stage === "number") out.stage = options.stage;
  if (typeof options.before === "string") out.before = options.before;
  return out;
}

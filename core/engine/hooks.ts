/**
 * The hooks of the pipeline — parse → merge includes → evaluate → emit →
 * validate — created once per engine and frozen when its set-up ends (its
 * first run): a tap after that throws, so what a run does is fixed before
 * any run (webpack's and unified's pipelines freeze the same way). Formats
 * and schema types are taps of `emit` and `validate` that carry the format
 * or schema type they register, so the listings read the hooks themselves.
 */
import { HookMap, SyncBailHook, SyncHook, SyncWaterfallHook } from "tapable";
import type { ObjectValue } from "../values/values.js";
import type { EmitContext, IncludeRequest, IncludeSource, OutputFormat, ParseInfo, SchemaResult, SchemaType, SchemaValidateOptions, TextSink } from "../plugin/index.js";

/** What a tap that registers a format carries besides its function (read by the format listings). */
export interface FormatTap {
  readonly format?: OutputFormat;
}

/** What a tap that registers a schema type carries besides its function. */
export interface SchemaTypeTap {
  readonly schemaType?: SchemaType;
}

/** The emit stage of one format: its taps write the tree; the first to return `true` wins. */
export type EmitHook = SyncBailHook<[ObjectValue, TextSink, EmitContext], true | undefined, FormatTap>;

/** The hooks of the pipeline (frozen after the engine's set-up). */
export interface EngineHooks {
  /** Parse: after a root or included JSSON source parsed without error. */
  readonly parsed: SyncHook<[ParseInfo]>;
  /** Merge includes: the first answer provides an include's text; `undefined` leaves it to the run's host. */
  readonly resolveInclude: SyncBailHook<[IncludeRequest], IncludeSource | undefined>;
  /** Evaluate: after the root is evaluated (includes merged); may replace the value tree. */
  readonly evaluated: SyncWaterfallHook<[ObjectValue]>;
  /** Emit, by canonical format name. */
  readonly emit: HookMap<EmitHook>;
  /** Validate, by schema type name: the first schema type's tap to answer gives the result. */
  readonly validate: HookMap<SyncBailHook<[unknown, string, SchemaValidateOptions], SchemaResult | undefined, SchemaTypeTap>>;
}

/** A set of hooks and the keys of its hook maps in the order they were first used (what listings walk). */
export interface PipelineHooks {
  readonly hooks: EngineHooks;
  readonly emitKeys: readonly string[];
  readonly validateKeys: readonly string[];
}

/** Fresh, unfrozen hooks. */
export function createHooks(): PipelineHooks {
  const emitKeys: string[] = [];
  const validateKeys: string[] = [];
  const hooks: EngineHooks = {
    parsed: new SyncHook(["info"]),
    resolveInclude: new SyncBailHook(["request"]),
    evaluated: new SyncWaterfallHook(["value"]),
    emit: new HookMap((key: string) => {
      emitKeys.push(key);
      return new SyncBailHook(["value", "sink", "context"]);
    }),
    validate: new HookMap((key: string) => {
      validateKeys.push(key);
      return new SyncBailHook(["data", "schema", "options"]);
    }),
  };
  return { hooks, emitKeys, validateKeys };
}

/** What a tap after set-up throws. */
function refuse(): never {
  throw new Error("the engine's hooks are frozen once its set-up ends (its first run): tap them in a plugin's apply(host)");
}

/** Freeze `set`: every tap, intercept or new hook-map key from now on throws ({@link refuse}). */
export function freezeHooks(set: PipelineHooks): void {
  const { hooks } = set;
  for (const h of [hooks.parsed, hooks.resolveInclude, hooks.evaluated]) freezeHook(h);
  for (const key of set.emitKeys) freezeHook(hooks.emit.for(key));
  for (const key of set.validateKeys) freezeHook(hooks.validate.for(key));
  freezeMap(hooks.emit);
  freezeMap(hooks.validate);
}

function freezeHook(h: { tap: unknown; tapAsync?: unknown; tapPromise?: unknown; intercept: unknown }): void {
  // Hooks compile their `call` lazily, assigning it to themselves: the object itself cannot be frozen.
  h.tap = refuse;
  h.tapAsync = refuse;
  h.tapPromise = refuse;
  h.intercept = refuse;
}

function freezeMap<H>(map: HookMap<H>): void {
  map.for = (key: unknown) => map.get(key) ?? refuse();
  map.intercept = refuse;
}

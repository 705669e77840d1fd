/**
 * What the argv normaliser and the fast parser need to know about a flag.
 * Either derived from a command's oclif flag definitions ({@link flagSpecsOf}),
 * or written as a {@link FlagDefinition} table from which the oclif
 * definitions are built (`oclifFlags`) — never written twice.
 */

/** One flag of a command. */
export interface FlagSpec {
  /** Long name, without dashes (`include-merge`). */
  readonly name: string;
  /** Single-letter short name (`-f`), if any. */
  readonly char?: string;
  /** `boolean` flags take no value; `option` flags take exactly one. */
  readonly kind: "boolean" | "option";
  /** Whether `--no-<name>` is accepted (booleans only; default false). */
  readonly allowNo?: boolean;
  /** Allowed values of an option flag, when restricted. */
  readonly options?: readonly string[];
  /** Default value, when the definition has a static one. */
  readonly default?: string | boolean;
  /** Whether the flag may be repeated (default false). */
  readonly multiple?: boolean;
}

/** A flag spec with its help text: enough to build the oclif definition. */
export interface FlagDefinition extends FlagSpec {
  readonly description: string;
  /** Placeholder of the value in help (`FILE`). */
  readonly helpValue?: string;
}

/** The shape of an oclif flag definition that matters here (oclif's own type is much wider). */
export interface OclifFlagLike {
  readonly type?: unknown;
  readonly char?: unknown;
  readonly allowNo?: unknown;
  readonly options?: unknown;
  readonly default?: unknown;
  readonly multiple?: unknown;
}

/** Derive the specs of a command from its oclif `static flags` record. */
export function flagSpecsOf(flags: Readonly<Record<string, OclifFlagLike>> | undefined): FlagSpec[] {
  return Object.entries(flags ?? {}).map(([name, def]) => ({
    name,
    kind: def.type === "boolean" ? "boolean" : "option",
    ...(def.allowNo === true ? { allowNo: true } : {}),
    ...(def.multiple === true ? { multiple: true } : {}),
    ...(typeof def.char === "string" && def.char.length === 1 ? { char: def.char } : {}),
    ...(Array.isArray(def.options) && def.options.every((o) => typeof o === "string") ? { options: def.options as string[] } : {}),
    ...(typeof def.default === "string" || typeof def.default === "boolean" ? { default: def.default } : {}),
  }));
}

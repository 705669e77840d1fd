/**
 * Caps on the work an untrusted schema can cause. Schemas arrive over HTTP
 * from anyone, so every dimension that drives compile time or memory is
 * bounded; exceeding one is a schema error, never a hang.
 */
export interface SchemaLimits {
  /** Largest schema text accepted, in UTF-8 bytes. */
  readonly maxSchemaBytes: number;
  /** Deepest nesting of arrays/objects in the schema document. */
  readonly maxDepth: number;
  /**
   * Most values visited while reading the document. Bounds YAML alias
   * expansion (billion laughs): aliases share objects, so a small text can
   * describe an exponentially large tree.
   */
  readonly maxNodes: number;
  /** Most schema objects (subschemas) one document may contain. */
  readonly maxSubschemas: number;
  /** Most error lines reported for one validation. */
  readonly maxErrors: number;
  /** Compiled schemas kept in the cache. */
  readonly cacheEntries: number;
  /** Total subschemas of the compiled schemas kept in the cache (bounds its memory). */
  readonly cacheSubschemas: number;
}

/** The caps used by the plugin. */
export const SCHEMA_LIMITS: SchemaLimits = {
  maxSchemaBytes: 1024 * 1024,
  maxDepth: 256,
  maxNodes: 500_000,
  maxSubschemas: 2_000,
  maxErrors: 10_000,
  cacheEntries: 64,
  cacheSubschemas: 20_000,
};

import type { ObjectValue } from "./values.js";

/** Root value → top-level key → span of the statement that defined it (for output errors, §13.1). */
export const keyOrigins = new WeakMap<ObjectValue, Map<string, { start: number; end: number }>>();

/** A job's external variables (LANGUAGE.md §16.2), from the `vars` text its request carried. */
import { readVars, type VarValue, type VarsReading } from "../../../../core/index.js";

/**
 * The variables of a `vars` object text, read exactly (64-bit integers,
 * `1.0` a float, names in order, a duplicate name refused), as the engine
 * takes them. The request's checks read it with this same function, so in
 * a job it always succeeds.
 */
export function readJobVars(text: string): VarsReading {
  return readVars(text, "json", { label: "vars", notObject: "vars: must be an object" });
}

/** A job's variables: its text passed the request's checks ({@link readJobVars}), so a problem here is a bug. */
export function jobVars(text: string): ReadonlyMap<string, VarValue> {
  const read = readJobVars(text);
  if (!read.ok) throw new Error(`vars passed the request's checks, yet: ${read.message}`);
  return read.vars;
}

/**
 * ajv errors → `<path>: <message>` lines (LANGUAGE.md §12.3): the
 * reference's wording for the keywords it supported, ajv's message for every
 * other keyword. Values in messages are read from the data the caller gave
 * (so a big integer prints exactly), numbers as §10.1 number text, lists and
 * objects as JSON.
 */
import type { ErrorObject } from "ajv";
import type { SchemaFailure } from "../../core/plugin/index.js";
import { locate, pathStep, pointerSegments } from "./instance-path.js";
import { duplicateIndexes } from "./duplicate-items.js";

/** Longest JSON list quoted in an `enum` message; longer lists are cut (a 1 MB enum must not be repeated per failure). */
const MAX_LIST_TEXT = 2000;

/** The JSON kind of a value, as the reference names it (integers are `number`). */
export function kindName(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "bigint") return "number";
  return typeof v === "object" ? "object" : typeof v;
}

/** A scalar or structure as message text: strings raw (Go `%v`), numbers per §10.1, others JSON. */
function display(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  return jsonText(v);
}

function jsonText(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? Number(x) : x)) ?? "null";
}

/** A list as JSON, cut after {@link MAX_LIST_TEXT} characters (built item by item: the list may be huge). */
function listText(list: unknown): string {
  if (!Array.isArray(list)) return jsonText(list);
  let text = "[";
  for (let i = 0; i < list.length; i++) {
    text += (i > 0 ? "," : "") + jsonText(list[i]);
    if (text.length > MAX_LIST_TEXT) return `${text.slice(0, MAX_LIST_TEXT)}…]`;
  }
  return `${text}]`;
}

/** Code points, as `minLength` / `maxLength` count them. */
function codePointLength(v: unknown): number {
  if (typeof v !== "string") return 0;
  let n = 0;
  for (const _c of v) n++;
  return n;
}

/** The error line of a failure (`<path>: <message>`, §12.3). */
export function failureLine(f: SchemaFailure): string {
  return `${f.path}: ${f.message}`;
}

/**
 * Render ajv's errors as failures, one per distinct line. `data` is what
 * the caller passed (for values and path shapes); `checked` is the
 * normalised copy ajv validated (for `uniqueItems`, whose duplicates are
 * recomputed so every one is named). Each failure names the value it is
 * about (§12.3 "Source places"): the failing value; for a missing property,
 * the object; for an extra property, that property (its key).
 */
export function renderErrors(errors: readonly ErrorObject[], data: unknown, checked: unknown): SchemaFailure[] {
  const failures: SchemaFailure[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const params = e.params as Record<string, unknown>;
    const at = locate(data, e.instancePath);
    const segments = pointerSegments(e.instancePath);
    /** One failure; `step` names a child of the located value (an extra property's key, a duplicate's index). */
    const line = (message: string, step?: { path: string; segment: string; target: "value" | "key" }, target: SchemaFailure["target"] = "value"): void => {
      const f: SchemaFailure = {
        path: step === undefined ? at.path : step.path,
        message,
        keyword: e.keyword,
        schemaPath: e.schemaPath,
        instance: step === undefined ? segments : [...segments, step.segment],
        target: step === undefined ? target : step.target,
      };
      const text = failureLine(f);
      if (seen.has(text)) return;
      seen.add(text);
      failures.push(f);
    };
    const property = (name: string): { path: string; segment: string; target: "key" } => ({ path: at.path + pathStep(at.value, name), segment: name, target: "key" });
    switch (e.keyword) {
      case "if":
        // "must match then schema": the `then` errors themselves are reported.
        break;
      case "type": {
        const t = params["type"];
        line(`Expected type ${Array.isArray(t) ? t.join(",") : String(t)} but got ${kindName(at.value)}`);
        break;
      }
      case "required":
        line(`Missing required property: ${String(params["missingProperty"])}`, undefined, "object");
        break;
      case "additionalProperties": {
        const name = String(params["additionalProperty"]);
        line(`Additional property '${name}' is not allowed`, property(name));
        break;
      }
      case "minItems":
      case "maxItems":
        line(`Array must have ${e.keyword === "minItems" ? "at least" : "at most"} ${display(params["limit"])} items, got ${Array.isArray(at.value) ? at.value.length : 0}`);
        break;
      case "uniqueItems": {
        const arr = locate(checked, e.instancePath).value;
        for (const i of duplicateIndexes(Array.isArray(arr) ? arr : [])) line("Duplicate item in array where uniqueItems is required", { path: `${at.path}[${i}]`, segment: String(i), target: "value" });
        break;
      }
      case "minLength":
      case "maxLength":
        line(`String must be ${e.keyword === "minLength" ? "at least" : "at most"} ${display(params["limit"])} characters, got ${codePointLength(at.value)}`);
        break;
      case "pattern":
        line(`String does not match pattern: ${String(params["pattern"])}`);
        break;
      case "minimum":
      case "maximum":
        line(`Value must be ${e.keyword === "minimum" ? ">=" : "<="} ${display(params["limit"])}, got ${display(at.value)}`);
        break;
      case "const":
        line(`Value must be exactly ${display(params["allowedValue"])}`);
        break;
      case "enum":
        line(`Value must be one of: ${listText(params["allowedValues"])}`);
        break;
      case "anyOf":
        line("Value does not match any of the schemas in anyOf");
        break;
      case "oneOf": {
        const passing = params["passingSchemas"];
        const count = passing == null ? 0 : typeof params["passingCount"] === "number" ? params["passingCount"] : 2;
        line(`Value must match exactly one schema in oneOf, but matched ${count}`);
        break;
      }
      case "not":
        line("Value should not match the schema in 'not'");
        break;
      case "propertyNames":
        // the failure's path stays the object's (§12.3's table); its place is the offending key
        line(`property name '${String(params["propertyName"])}' must be valid`, { path: at.path, segment: String(params["propertyName"]), target: "key" });
        break;
      case "unevaluatedProperties":
        line(e.message ?? "must NOT have unevaluated properties", typeof params["unevaluatedProperty"] === "string" ? { path: at.path, segment: params["unevaluatedProperty"], target: "key" } : undefined);
        break;
      case "dependentRequired":
      case "dependencies":
        line(e.message ?? `must pass "${e.keyword}" keyword validation`, undefined, "object");
        break;
      default:
        line(e.message ?? `must pass "${e.keyword}" keyword validation`);
    }
  }
  return failures;
}

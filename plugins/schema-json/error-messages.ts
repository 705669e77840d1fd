/**
 * ajv errors → `<path>: <message>` lines (LANGUAGE.md §12.3): the
 * reference's wording for the keywords it supported, ajv's message for every
 * other keyword. Values in messages are read from the data the caller gave
 * (so a big integer prints exactly), numbers as §10.1 number text, lists and
 * objects as JSON.
 */
import type { ErrorObject } from "ajv";
import { locate, pathStep } from "./instance-path.js";
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

/**
 * Render ajv's errors. `data` is what the caller passed (for values and
 * path shapes); `checked` is the normalised copy ajv validated (for
 * `uniqueItems`, whose duplicates are recomputed so every one is named).
 */
export function renderErrors(errors: readonly ErrorObject[], data: unknown, checked: unknown): string[] {
  const lines: string[] = [];
  for (const e of errors) {
    const params = e.params as Record<string, unknown>;
    const at = locate(data, e.instancePath);
    const line = (message: string, path = at.path): void => {
      lines.push(`${path}: ${message}`);
    };
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
        line(`Missing required property: ${String(params["missingProperty"])}`);
        break;
      case "additionalProperties": {
        const name = String(params["additionalProperty"]);
        line(`Additional property '${name}' is not allowed`, at.path + pathStep(at.value, name));
        break;
      }
      case "minItems":
      case "maxItems":
        line(`Array must have ${e.keyword === "minItems" ? "at least" : "at most"} ${display(params["limit"])} items, got ${Array.isArray(at.value) ? at.value.length : 0}`);
        break;
      case "uniqueItems": {
        const arr = locate(checked, e.instancePath).value;
        for (const i of duplicateIndexes(Array.isArray(arr) ? arr : [])) line("Duplicate item in array where uniqueItems is required", `${at.path}[${i}]`);
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
        line(`property name '${String(params["propertyName"])}' must be valid`);
        break;
      default:
        line(e.message ?? `must pass "${e.keyword}" keyword validation`);
    }
  }
  return [...new Set(lines)];
}

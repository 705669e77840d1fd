/**
 * A short JSON-like picture of an evaluated value for hovers: at most a few
 * lines and a few hundred characters, whatever the value's size. Items of
 * large arrays and objects past the budget are counted, never produced.
 */
import { floatText, isArrayValue, isFloatValue, isObjectValue, type LazyArray, type ObjectValue, type Value } from "../../core/plugin/index.js";

/** At most this many lines in a preview. */
export const PREVIEW_LINES = 8;
/** At most this many characters in a preview line. */
const LINE_WIDTH = 100;

/** The preview of `v` (JSON syntax, two-space indentation, `…` where cut). */
export function previewValue(v: Value): string {
  const lines: string[] = [];
  const full = (): boolean => lines.length >= PREVIEW_LINES;
  const push = (indent: number, text: string): void => {
    const line = "  ".repeat(indent) + text;
    lines.push(line.length > LINE_WIDTH ? line.slice(0, LINE_WIDTH - 1) + "…" : line);
  };
  const walk = (value: Value, indent: number, prefix: string, suffix: string): void => {
    const isObject = isObjectValue(value);
    if (!isObject && !isArrayValue(value)) return push(indent, prefix + scalarText(value) + suffix);
    const size = isObject ? value.size : value.length;
    const [open, close] = isObject ? ["{", "}"] : ["[", "]"];
    if (size === 0) return push(indent, `${prefix}${open}${close}${suffix}`);
    const inline = inlineText(value);
    if (inline !== undefined && inline.length + prefix.length + indent * 2 <= LINE_WIDTH) return push(indent, prefix + inline + suffix);
    push(indent, prefix + open);
    for (let i = 0; i < size; i++) {
      if (full()) {
        lines[lines.length - 1] += ` … (${size - i} more)`;
        return;
      }
      const comma = i < size - 1 ? "," : "";
      if (isObject) walk(value.values[i] as Value, indent + 1, `${JSON.stringify(value.keys[i])}: `, comma);
      else walk(itemAt(value, i), indent + 1, "", comma);
    }
    if (!full()) push(indent, close + suffix);
  };
  walk(v, 0, "", "");
  return lines.join("\n");
}

/** A small container on one line (undefined when it holds containers or is long). */
function inlineText(v: ObjectValue | Value[] | LazyArray): string | undefined {
  const parts: string[] = [];
  let width = 0;
  const isObject = isObjectValue(v);
  const size = isObject ? v.size : v.length;
  if (size > 16) return undefined;
  for (let i = 0; i < size; i++) {
    const item = isObject ? (v.values[i] as Value) : itemAt(v, i);
    if (isObjectValue(item) || isArrayValue(item)) return undefined;
    const text = (isObject ? `${JSON.stringify(v.keys[i])}: ` : "") + scalarText(item);
    width += text.length + 2;
    if (width > LINE_WIDTH) return undefined;
    parts.push(text);
  }
  return isObject ? `{ ${parts.join(", ")} }` : `[${parts.join(", ")}]`;
}

function itemAt(v: Value[] | LazyArray, i: number): Value {
  if (Array.isArray(v)) return v[i] as Value;
  try {
    return v.at(i);
  } catch {
    return "…"; // a lazy item whose evaluation fails (or is past the run's time limit) is not shown
  }
}

function scalarText(v: Value): string {
  if (isFloatValue(v)) return floatText(v.value);
  if (typeof v === "string") return JSON.stringify(v.length > LINE_WIDTH ? v.slice(0, LINE_WIDTH) + "…" : v);
  return String(v);
}

/**
 * Mutations of valid sources for mutation fuzzing: character-level (delete,
 * insert, duplicate, swap, replace) and token-level (the same on a rough
 * tokenisation that keeps strings, numbers, words and operators whole).
 */
import fc from "fast-check";
import { TOKENS } from "./text-arbitrary.js";

/** One edit, with positions as fractions of the text (so an edit applies to any text). */
export type Mutation =
  | { readonly op: "delete" | "duplicate"; readonly unit: "char" | "token"; readonly at: number; readonly length: number }
  | { readonly op: "insert"; readonly unit: "char" | "token"; readonly at: number; readonly text: string }
  | { readonly op: "swap"; readonly unit: "char" | "token"; readonly at: number; readonly other: number }
  | { readonly op: "replace"; readonly unit: "char" | "token"; readonly at: number; readonly text: string };

/** Rough tokens: strings of every form (maybe unterminated), comments, numbers, words, operators, single characters. */
const ROUGH_TOKEN =
  /"""[\s\S]*?(?:"""|$)|```[\s\S]*?(?:```|$)|"(?:[^"\\]|\\[\s\S])*(?:"|$)|`[^`]*(?:`|$)|\/\/[^\n]*|\d+(?:\.\d+)?|[\p{L}_][\p{L}\p{Nd}_]*|:=|==|!=|<=|>=|\.\.|&&|\|\||\s+|[\s\S]/gu;

/** Split `text` into rough tokens (joined, they give `text` back). */
export function roughTokens(text: string): string[] {
  return text.match(ROUGH_TOKEN) ?? [];
}

const insertText = fc.oneof(
  fc.constantFrom(...TOKENS),
  fc.string({ unit: "binary", minLength: 1, maxLength: 3 }),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
);

const fraction = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

/** Arbitrary mutations. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constantFrom("delete" as const, "duplicate" as const), unit: fc.constantFrom("char" as const, "token" as const), at: fraction, length: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant("insert" as const), unit: fc.constantFrom("char" as const, "token" as const), at: fraction, text: insertText }),
  fc.record({ op: fc.constant("swap" as const), unit: fc.constantFrom("char" as const, "token" as const), at: fraction, other: fraction }),
  fc.record({ op: fc.constant("replace" as const), unit: fc.constantFrom("char" as const, "token" as const), at: fraction, text: insertText }),
);

/** Apply one mutation. */
export function mutate(text: string, m: Mutation): string {
  const units = m.unit === "char" ? [...text] : roughTokens(text);
  const n = units.length;
  const at = Math.min(n, Math.floor(m.at * (n + 1)));
  switch (m.op) {
    case "delete":
      units.splice(at, m.length);
      break;
    case "duplicate":
      units.splice(at, 0, ...units.slice(at, at + m.length));
      break;
    case "insert":
      units.splice(at, 0, m.text);
      break;
    case "replace":
      units.splice(at, 1, m.text);
      break;
    case "swap": {
      if (n === 0) break;
      const i = Math.min(n - 1, at);
      const j = Math.min(n - 1, Math.floor(m.other * n));
      const a = units[i] as string;
      units[i] = units[j] as string;
      units[j] = a;
      break;
    }
  }
  return units.join("");
}

/** Apply mutations in order. */
export function mutateAll(text: string, ms: readonly Mutation[]): string {
  return ms.reduce(mutate, text);
}
